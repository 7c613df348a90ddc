"""What a text says a name is: a person (a speaker, a title, a verb only people do), or an
animal (a pet word beside it, a vet, being fed). A capital alone says neither.

The day's people (`people`) and its new terms (`terms`) read this evidence; sync also keeps it
per file, so a name one day shows to be a person (a chat's speaker, "Pak Hendra", "Rizal
resigned") is one on the days that name it bare ("Rizal fixed the cache"), and a cat named on
one day by the vet is no person on the days it sits on the keyboard.

Cues, in English and Indonesian:

- a person: the speaker of a chat turn; a title before the name ("Pak", "Mbak", "Dr."); a word
  of company or speech before or after it ("sama Ayu", "with Fajar", "told Rizal", "Citra
  said", "Yosef bilang"); a verb only people do after it ("resigned", "joined", "approved",
  "cuti", "traktir"); a person's thing after a possessive ("Grace's team", "Melati's talk",
  "mamanya Fajar"); being addressed ("Dewi, tolong ...", "thanks Melati");
- an animal: a pet word beside the name ("anjingnya, Bruno", "our cat Oyen", "Oyen the cat"),
  or an animal's life beside it ("took Oyen to the vet", "fed Oyen", "Oyen muntah bulu");
- a place: a word of going there or of nearness before it ("pulang ke Gowa", "dekat Maros"),
  a kind of place beside it ("hub Pettarani", "warteg Bahari", "the Pettarani office"), or
  either end of a route told as travel ("dari Sanur ke Renon 1 jam 10 menit");
- where something is (`located`): "di X", "in X", "at X" say X is a place or a tool a thing is
  kept in ("di Gowa", "nulis di Overleaf"): no one, and not yet a place. What a file shows to be
  a tool is neither, and a name the vault shows to be a tool anywhere is neither
  (`people.names_of_vault`).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable
from dataclasses import dataclass

from vaultkit.summarize.names import FIRMS, NOT_NAMES, PLACES, ROLES
from vaultkit.summarize.names import TITLES as NAME_TITLES
from vaultkit.summarize.text import Line, TokenPattern
from vaultkit.text.vocabulary import term_key

# Capitalized words that are not people beside those that name nothing: places and firms.
NOT_PEOPLE = (
    NOT_NAMES
    | PLACES
    | FIRMS
    | ROLES
    | frozenset(
        """google amazon microsoft apple telegram discord whatsapp slack zoom obsidian github
    gitlab followup followups approve review cek deploy merge""".split()
    )
    | frozenset(("follow up", "follow ups"))  # term_key's "Follow-ups"
)
NAME = r"[A-Z][a-z][a-zA-Z'-]+"
# The titles of `names.TITLES` as written before a name ("Pak Surya", "Dr. Hartono", the
# lowercase "dr." of a doctor's plate), and Sundanese Mang and Bi, which title only a name.
TITLES = "|".join(
    [
        *(
            re.escape(t.capitalize()) + ("\\.?" if f"{t}." in NAME_TITLES else "")
            for t in sorted(NAME_TITLES | {"mang", "bi"})
            if not t.endswith(".")
        ),
        "dr\\.",
    ]
)
# A stall or a shop named after its owner ("Bakso Mang Ade", "Warung Bu Tini") is no person.
_SHOPS = (
    r"Bakso|Warung|Warteg|Sate|Soto|Mie|Mi|Nasi|Kedai|Toko|Depot|Martabak|Pecel|Ayam|Bebek|"
    r"Kopi|Kupat|Seblak|Gudeg|Rawon|Lontong|Bubur|Es|Roti|Salon|Bengkel|Laundry"
)
_TITLE_WORDS = frozenset(t.casefold().rstrip("\\.?") for t in TITLES.split("|"))
# The author speaking of themself: a turn of theirs names no one else.
FIRST_PERSON = frozenset(
    # Jakarta's gw and gue; Medan's awak, Minang's ambo, Sundanese abdi and aing, Javanese kula,
    # Makassar's sa, Ambon's beta, Balinese tiang, titiang and icang, Acehnese lon and ulon
    "gw gue gua guwe w aku ak ku saya ane sy i me myself author penulis awak ambo abdi aing "
    "kula sa beta tiang titiang icang lon ulon".split()
)
TITLED = re.compile(rf"\b(?:{TITLES})[ \t]+({NAME})")
_SHOP_BEFORE = re.compile(rf"\b(?i:{_SHOPS})\s+$")  # "warung Mak Ijah" as "Warung Bu Tini"
BEFORE = re.compile(
    r"\b(?i:told|asked|thanks to|meeting with|call with|talked to|talked with|chat with|"
    r"lunch with|dinner with|coffee with|1:1 with|paired with|pairing with|bareng|"
    # "sama dengan Jabodetabek", "disamakan sama X": the same as, no company
    r"(?<!disamakan[ \t])(?<!disamain[ \t])sama|(?<!sama[ \t])dengan|"
    r"kata|ditemani|ngobrol sama|call sama|meeting sama|ketemu|nanya ke|minta ke|bilang ke|"
    r"ditraktir|diajak|ngajak|nemenin|thanks|thank you|makasih|terima kasih|thx)[ \t]+"
    rf"({NAME})"
)
_SPEECH_AFTER = (
    r"said|says|told|asked|wants|thinks|suggested|replied|mentioned|emailed|called|sent|"
    r"from the|\(the|\(a|\(an|bilang|nanya|minta(?![ \t]+makan)|usul|ngusulin|cerita|ngabarin|"
    r"setuju|jawab|bales|balas|kirim|datang|dateng|ikut|nelpon|telpon|chat|ngajak|ngeledek|"
    r"\(si|\(temen|\(adik|\(kakak"
)
# Words after a name that are as often nouns ("Detail chat malam itu", "Update call jam 3"): a
# sentence's first capital before one is no name by that alone.
_NOUN_LIKE_AFTER = frozenset("chat cerita kirim datang dateng ikut telpon call sent usul".split())
# Verbs a person does and a tool does not: a name before one is someone's.
_DEEDS_AFTER = (
    r"resigned|resigns|resign|quit|quits|joined|joins|approved|approves|agreed|agrees|"
    r"promised|volunteered|proposed|presented|explained|complained|laughed|apologized|"
    r"apologised|reviewed|interviewed|onboarded|took notes|is out sick|is on leave|"
    r"pamit|gabung|cuti|izin|sakit|traktir|nraktir|ngetraktir|ketawa|nangis|marah|juara|"
    r"lamaran|nikah|menikah|lahiran|ulang tahun|ultah|bercanda|becanda"
)
AFTER = TokenPattern(
    re.compile(rf"\b({NAME})[ \t]+(?:{_SPEECH_AFTER}|{_DEEDS_AFTER})\b"),
    r"\b[A-Z][a-z]",
    r"[a-zA-Z'-]",
)
_PERSONS_THINGS = (
    r"team|mom|dad|mum|wife|husband|kid|kids|son|daughter|sister|brother|talk|birthday|"
    r"farewell|wedding|laptop|desk|proposal|idea|plan|review|fix|pr|retry fix|baby"
)
POSSESSED = re.compile(rf"\b({NAME})'s[ \t]+(?:[a-z]+[ \t]+)?(?i:{_PERSONS_THINGS})\b")
OWNER_AFTER = re.compile(
    r"\b(?i:mamanya|mama|ibunya|papanya|istrinya|istri|suaminya|anaknya|adiknya|"
    r"kakaknya|laptopnya|laptop|mejanya|ultahnya|nikahannya|lamarannya)[ \t]+"
    rf"({NAME})\b"
)
ADDRESSED = re.compile(
    rf"(?m:^|[.!?][ \t]+)({NAME}),[ \t]+(?i:tolong|please|pls|can you|could you|bisa|coba|jangan|"
    r"cek|check|thanks|makasih|kamu|lu|lo|you)\b"
)
_PET = (
    r"kucing|kucingku|kucingnya|kucingmu|anjing|anjingku|anjingnya|anjingmu|cat|dog|kitten|puppy|"
    r"kelinci|kelinciku|kelincinya|rabbit|bunny|hamster|guinea pig|parrot|burung|kura-kura|"
    r"turtle|corgi|poodle|husky|retriever|beagle|shiba|pug|chihuahua|anabul"
)
_OWNERS = r"(?:\s+(?i:gw|gue|gua|aku|saya|kami|kita|my|our|his|her|their|the|a))*"
_NAMED = r"(?:\s+(?i:named|called|namanya|bernama|dinamai|dinamain))?"
PET_BEFORE = re.compile(rf"\b(?i:{_PET}){_OWNERS}{_NAMED}[\s,]+(?:si\s+)?({NAME})\b")
PET_AFTER = re.compile(
    rf"\b({NAME})(?!'s)\s*(?:,|\()?\s*(?i:the\s+|si\s+|my\s+|our\s+)?(?i:{_PET})\b"
)
# An animal's life beside a name: fed or walked (the name after), purring or throwing up a
# hairball (the name before), taken to the vet.
_LIFE_BEFORE = re.compile(
    r"(?i:\bfed|kasih makan|ngasih makan|walked|adopted|adopsi|mandiin|nyisir)\s+"
    rf"(?:(?i:si|the)\s+)?({NAME})\b"
)
_LIFE_AFTER = re.compile(  # what an animal does; the name is the last one before it
    r"\b(?i:muntah bulu|meong|meow|purred|purrs|ngeong|gonggong|barked|barks|hairball|"
    r"minta makan|begging for food|grooming|steril|vaksin|"
    r"to the vet|ke vet|ke dokter hewan|ke petshop|ke pet shop|to the groomer)\b"
)
# A place's name: after a word of place ("di Sudiang", "in Parepare", "dekat Bantimurung"), of
# going there ("pulang ke Gowa", "flew to Kendari", a sentence's "Ke Laikang ..."), or of a kind
# of place ("hub Pettarani", "pantai Akkarena", "warteg Bahari"), or before one ("the Pettarani
# office"). Not "ke", "to", "dari" or "from" alone: people are asked and heard from ("nanya ke
# Rudi", "chat dari Budi"); nor "rumah" or "kantor", which are someone's as often.
_PLACE_NAME = r"([A-Z][a-z][a-zA-Z-]+)(?![\w'\u2019])"
_NEAR = r"dekat|deket|daerah|kawasan|sekitar|seputaran|antara|near|around|between"
# "Jalan di" is as often "runs on" ("DAG jalan di Cloud Composer"): going is "ke" (or "lewat",
# by way of), arriving "di".
_GOING = (
    r"(?:pulang|pergi|mudik|jalan|jalan-jalan|berangkat|liburan|mampir|went|flew|drove|trip)"
    r"(?:[ \t]+home)?[ \t]+(?:ke|to|lewat|via|through)"
    r"|(?:nyampe|sampai|sampe|tiba|arrived|landed)[ \t]+(?:di|in|at)"
)
_PLACE_NOUNS = (
    r"jalan|jl\.?|jln\.?|pantai|gunung|pulau|danau|sungai|kota|kabupaten|kab\.|kecamatan|kec\.|"
    r"desa|kampung|dusun|kelurahan|provinsi|hub|gudang|cabang|bandara|stasiun|terminal|"
    r"pelabuhan|pasar|mall|plaza|poros|warteg|warung|warkop|angkringan|kopitiam|kedai|toko|cafe|kafe|resto|restoran|hotel|"
    r"kebun|stadion|beach|island|lake|mount|airport|street|village|stadium"
)
_PLACED = re.compile(rf"\b(?i:{_NEAR}|{_GOING}|{_PLACE_NOUNS})[ \t]+{_PLACE_NAME}")
_LOCATED = re.compile(rf"\b(?i:di|in|at)[ \t]+{_PLACE_NAME}")
_PLACED_BEFORE = re.compile(
    rf"\b{_PLACE_NAME}[ \t]+(?i:office|hub|warehouse|branch|airport|station|beach|harbou?r)\b"
)
_GONE_TO = re.compile(rf"(?m:^|[.!?][ \t]+)(?:[-*][ \t]+)?Ke[ \t]+{_PLACE_NAME}")
_NAME_BEFORE = re.compile(rf"({NAME})(?:\s+(?![A-Z])\S+){{0,3}}\s+$")
# A route: "dari Sanur ke Renon 1 jam 10 menit", "drove from Canggu to Ubud". From and to alone
# are said of people too ("handover dari Budi ke Sari"), so only in a sentence of travel: a
# vehicle, a road, going, or how long or far it took.
_ROUTE = re.compile(
    rf"\b(?i:dari|from)[ \t]+{_PLACE_NAME}[ \t]+(?i:ke|to|sampai|sampe)[ \t]+{_PLACE_NAME}"
)
_TRAVEL = re.compile(
    r"\b(?:nyetir|naik|berangkat|pulang|macet|macetnya|bypass|tol|motor|mobil|ojek|"
    r"taksi|taxi|bus|kereta|pesawat|flight|flew|drove|drive|driving|commute|train|traffic|"
    r"menit|minutes|hours|km)\b",
    re.IGNORECASE,
)


@dataclass(frozen=True)
class NameEvidence:
    """The names a text shows to be people's, animals', tools' and places', and the ones it
    shows something to be in (a name may be in none)."""

    persons: frozenset[str] = frozenset()
    animals: frozenset[str] = frozenset()
    tools: frozenset[str] = frozenset()
    places: frozenset[str] = frozenset()
    located: frozenset[str] = frozenset()  # where something is: a place or a tool


class VaultNames:
    """The names the whole vault shows to be people's, animals' and tools' (from every file's
    evidence, a name shown as two of them left to each day): a person named bare on one day is
    known by the others, and a pet and a tool too."""

    def __init__(
        self,
        persons: Iterable[str] = (),
        animals: Iterable[str] = (),
        tools: Iterable[str] = (),
        places: Iterable[str] = (),
        located: Iterable[str] = (),
    ) -> None:
        self.persons = frozenset(persons)
        self.animals = frozenset(animals)
        self.tools = frozenset(tools)
        self.places = frozenset(places)
        self.located = frozenset(located)  # shown to be where things are, no one (places too)
        spellings = sorted(self.persons, key=len, reverse=True)
        self._pattern = (
            re.compile(r"(?<![\w'-])(?:" + "|".join(map(re.escape, spellings)) + r")(?![\w-])")
            if spellings
            else None
        )

    def persons_in(self, text: str) -> list[str]:
        """The vault's people a text names, capitalized as a name is, in order of first mention."""
        if self._pattern is None:
            return []
        found = (m for m in self._pattern.finditer(text) if not owner_of_a_place(text, m.start()))
        return list(dict.fromkeys(m.group(0) for m in found))


def owner_of_a_place(text: str, at: int) -> bool:
    """Whether the name at `at` follows a title inside a place's name ("Warung Bu Tini")."""
    title = re.search(rf"\b(?:{TITLES})[ \t]+$", text[max(0, at - 12) : at])
    return title is not None and in_a_place_name(text, at - len(title.group(0)))


def speaker_name(speaker: str) -> str | None:
    """The person a turn's speaker names, as a name without its title ("Pak Budi: ..." is
    Budi's turn); None for the author's own first person ("Gw: ...", "Aku: ...", "Me: ...")."""
    words = speaker.split()
    while len(words) > 1 and words[0].casefold().rstrip(".") in _TITLE_WORDS:
        words = words[1:]
    if words[0].casefold() in FIRST_PERSON:
        return None
    return " ".join(words)


def name_evidence(lines: list[Line], looks_like_name: Callable[[str], bool]) -> NameEvidence:
    """The evidence of a day's (or a file's) lines; `looks_like_name` tells a speaker who is a
    name from a label (`Trigger:`)."""
    persons: set[str] = set()
    animals: set[str] = set()
    places: set[str] = set()
    located: set[str] = set()
    for line in lines:
        name = speaker_name(line.speaker) if line.speaker else None
        if name and line.source == "chat" and looks_like_name(name):
            persons.add(name)
        if line.heading:
            continue
        text = line.said
        persons.update(_cued(text))
        for pattern in (PET_BEFORE, PET_AFTER, _LIFE_BEFORE):
            animals.update(m.group(1) for m in pattern.finditer(text))
        animals.update(_doers(text))
        for pattern in (_PLACED, _PLACED_BEFORE, _GONE_TO):
            places.update(m.group(1) for m in pattern.finditer(text))
        if _TRAVEL.search(text):
            places.update(name for m in _ROUTE.finditer(text) for name in m.groups())
        located.update(m.group(1) for m in _LOCATED.finditer(text))
    return NameEvidence(
        frozenset(_bare(p) for p in persons),
        frozenset(map(_bare, animals)),
        places=frozenset(places),
        located=frozenset(located - places),
    )


def _doers(text: str) -> list[str]:
    """The names just before what an animal does ("Oyen muntah bulu", "took Oyen to the vet")."""
    out = []
    for match in _LIFE_AFTER.finditer(text):
        before = _NAME_BEFORE.search(text[max(0, match.start() - 40) : match.start()])
        if before:
            out.append(before.group(1))
    return out


def cued_people(text: str) -> list[re.Match[str]]:
    """Where a text gives a name a person's cue, in order (each match's group 1 is the name);
    a cue's word standing inside a longer name ("sama Driver App") names no one, a title's
    always does (unless a stall is named after its owner)."""
    found = [m for m in TITLED.finditer(text) if not in_a_place_name(text, m.start())]
    for pattern in (BEFORE, AFTER, POSSESSED, OWNER_AFTER, ADDRESSED):
        found += (
            m
            for m in pattern.finditer(text)
            if not in_longer_name(
                # An owner's word before the name is its cue ("Laptop Nadia"), not its start.
                "" if pattern is OWNER_AFTER else text[max(0, m.start(1) - 40) : m.start(1)],
                text[m.end(1) : m.end(1) + 40],
            )
            and not (pattern is AFTER and _noun_after_a_first_capital(text, m))
        )
    return sorted(found, key=lambda m: (m.start(1), m.re is not TITLED))


def in_a_place_name(text: str, at: int) -> bool:
    """Whether the title at `at` stands inside a longer name, a stall's or a shop's named after
    its owner ("Warung Bu Tini", "Lontong Balap Pak Gendut"): a shop's word before it, or a
    capitalized word inside the sentence that is no calendar word or title ("Sabtu Pak Budi")."""
    before = text[max(0, at - 40) : at]
    if _SHOP_BEFORE.search(before):
        return True
    prev = re.search(r"([A-Z][\w'-]*)[ \t]+$", before)
    if prev is None or term_key(prev.group(1)) in NOT_PEOPLE:
        return False
    head = before[: prev.start()].rstrip(" \t\"'(*_-")
    return bool(head) and head[-1] not in ".!?:\n"  # a sentence's first capital says nothing


def _noun_after_a_first_capital(text: str, match: re.Match[str]) -> bool:
    """A sentence's first word before a word that is as often a noun ("Detail chat ..."): the
    capital is the sentence's, the cue may be no verb."""
    word = text[match.end(1) :].split(None, 1)
    if not word or word[0].casefold() not in _NOUN_LIKE_AFTER:
        return False
    head = text[max(0, match.start(1) - 80) : match.start(1)].rstrip(" \t\"'(*_-")
    return not head or head.endswith("\n") or head[-1] in ".!?:"


def _cued(text: str) -> list[str]:
    return [m.group(1) for m in cued_people(text)]


def _bare(word: str) -> str:
    """A name without its possessive ("Surya's" -> "Surya")."""
    return re.sub(r"'s?$", "", word)


def in_longer_name(before: str, after: str) -> bool:
    """Whether a capitalized word is part of a longer name ("Uptime Kuma", "PT Lintas Data",
    "Blok M"); titles ("Pak Surya") and the calendar ("Rina Jumat ini") do not count."""
    prev = re.search(r"([A-Z][\w'-]*)\s+$", before)
    head = before[: prev.start()].rstrip(" \t\"'(*_-") if prev else ""
    if prev and (not head or head[-1] in ".!?:\n") and term_key(prev.group(1)) in NOT_NAMES:
        prev = None  # a sentence's first word ("Later Arif sent ..."): its capital says nothing
        # unless it names something ("Noted: Cloud Composer approved" is no Composer approving)
    nxt = re.match(r"\s+([A-Z0-9][\w'-]*)", after)
    return any(m is not None and term_key(m.group(1)) not in NOT_PEOPLE for m in (prev, nxt))
