"""Proper names in a day's text: capitalized words and runs of them ("Uptime Kuma", "RTX 3090",
"Pak Surya"), where each stands, and the capitalized words that name nothing.

A capital means a name only inside a sentence: at a sentence's start ("Wow", "Anything", "Ran
them") it says nothing, so each occurrence records whether it stands inside one. A run joins
capitalized words and the numbers that follow them ("Samsung 990 Pro", "Backblaze B2"); a title
before it ("Pak", "Mbak", "Dr.") is not part of the name but says it is a person's, and a
company's mark ("PT Lintas Data") says it is a firm's. People (`people`) and new terms (`terms`)
both read these; what is a person is decided there.
"""

from __future__ import annotations

import re
from collections import Counter
from dataclasses import dataclass

from vaultkit.summarize.text import Line

TITLES = frozenset(
    """pak bu bapak ibu mas mbak kak bang om tante mr mr. mrs mrs. ms ms. dr dr. prof prof.
    uncle aunt mbah teh kang daeng lae ito opung ompung amang inang tulang namboru uda uni cak
    ning akang teteh neng bli mbok bude pakde bulik paklik mak gek gus tut dayu jero teungku tgk
    ampon pocut koko cece cici acek ahia amoi""".split()
)
# A firm's or a cooperative's mark: "PT", "Bank", "KUD" (a village cooperative), "BPR" (a rural
# bank), "UD" (a trading business).
COMPANY_MARKS = frozenset(
    "pt cv tbk inc inc. ltd ltd. llc gmbh corp corp. bank kud bpr ud koperasi".split()
)
# Capitalized words that name neither a person nor a thing of the day: the calendar, titles and
# kin, pronouns, greetings, labels, sentence-starting function words, in both languages.
NOT_NAMES = (
    frozenset(
        """monday tuesday wednesday thursday friday saturday sunday january february march april may
    june july august september october november december senin selasa rabu kamis jumat sabtu
    minggu januari februari maret mei juni juli agustus oktober desember today tomorrow yesterday
    mon tue tues wed thu thur thurs fri sat sun jan feb mar apr jun jul aug sep sept oct nov dec
    agu okt des mondays tuesdays wednesdays thursdays fridays saturdays sundays weekend weekends
    japanese chinese korean indian american european english indonesian javanese sundanese
    balinese french german italian spanish thai dutch british russian arabic
    kb mb gb tb pb ms gbps mbps rupiah dollar dollars dolar euro euros yen ringgit
    lebaran ramadan natal christmas idul fitri english indonesian inggris bahasa hello halo hi hey
    nyepi galungan waisak imlek maulid paskah easter diwali deepavali thanksgiving halloween
    iduladha idulfitri adha
    thanks makasih oke okay sure nice good great noted note notes todo reminder update status
    summary meeting decision incident action impact trigger root cause next plan rencana catatan
    keputusan dampak penyebab tindak lanjut hari ini besok kemarin pagi siang sore malam user
    assistant system bot the this that these those what when where which who why how and but also
    then there here after before just still maybe yes no not all some any every each our my your
    his her their its kita gw aku saya kami mereka dia abis terus habis jadi tapi udah sudah belum
    sama dan atau yang ada mau bisa semua akhirnya mom dad mama papa ayah bunda adik adek sepupu
    nenek kakek eyang mbah kakung uti akung beliau almarhum almarhumah alm cousin
    sister brother she he they we you it him them i i'm i'll i've i'd
    gue gua ane awak ambo abdi kula aing sa tiang titiang icang lon ulon
    meme bape biang ajik pekak dadong kamek kitak ame amah akong apak apo
    later afterwards meanwhile
    kakak someone somebody everyone everybody anyone anybody nobody seseorang wow yep yup yeah nope oh ah ahh aww omg lol haha congrats congratulations absolutely
    totally cool awesome bye right well wah waduh anjir duh oops yay woah whoa sorry please
    thank welcome definitely exactly indeed""".split()
    )
    | TITLES
    | frozenset(
        # Adverbs, auxiliaries and particles that start Indonesian sentences ("Masih ketawa",
        # "Sempet bercanda", "Ternyata Rangga ..."): a capital there is the sentence's.
        """masih sempet sempat lagi baru pernah sering jarang selalu tadi nanti mungkin kayaknya
    kayanya katanya ternyata untung untungnya semoga moga langsung tetep tetap cuma cuman hanya
    juga malah padahal soalnya pokoknya intinya sebenarnya sebenernya emang memang mending kalo
    kalau pas trus lalu kemudian setelah sebelum sesudah biar supaya karena gara-gara walaupun
    meskipun sambil lumayan cukup banget sangat paling harusnya seharusnya mestinya tolong coba
    ayo yuk eh nah kok loh lho deh sih dong kan iya nggak ngga gak ga enggak tidak bukan entah
    finally actually basically honestly apparently probably hopefully luckily unfortunately
    anyway already again almost
    bab jam pasal halaman hal lantai ruang nomor no""".split()
    )
)
# A word with the clitic "-nya" on a stem of four letters or more ("Dokternya", "Sorenya",
# "Kucingnya"): a noun made definite, not a name ("Sonya", "Tanya" have short stems).
_CLITIC = re.compile(r"[A-Za-z]{4,}nya", re.IGNORECASE)
# Places a day names ("ramen di Blok M"): not people, not tools. A short list of the places the
# first users write about; an unlisted place may come out as a new term, which `vocab` shows.
PLACES = frozenset(
    """jakarta bandung surabaya bali yogyakarta jogja medan semarang bogor depok tangerang bekasi
    malang ubud makassar palembang batam lombok kemang menteng senayan sudirman
    senopati padang cikini tebet bintaro cilandak
    kuningan bsd serpong cibubur puncak glodok singapore malaysia bangkok
    manila hanoi tokyo osaka kyoto seoul beijing shanghai taipei sydney melbourne delhi
    mumbai dubai istanbul london paris rome berlin madrid amsterdam lisbon prague vienna zurich
    barcelona milan boston chicago seattle denver miami toronto vancouver
    mexico brazil canada america usa europe asia africa australia japan korea china india
    thailand vietnam philippines france germany italy spain england ireland netherlands
    hawaii california texas florida indonesia singapura jepang korea cina tiongkok amerika
    eropa inggris belanda jerman perancis prancis australia arab saudi mekkah madinah turki
    vietnam filipina taiwan hongkong kalimantan sumatra sumatera jawa sulawesi papua nusantara
    solo sidoarjo gresik malang kediri madiun cirebon tasikmalaya garut sukabumi purwokerto
    pekanbaru pontianak balikpapan samarinda banjarmasin manado ambon kupang mataram denpasar
    lampung jambi bengkulu aceh sleman bantul kulon progo gunungkidul wonosari kaliurang kotabaru
    turi klaten magelang muntilan parangtritis malioboro prawirotaman seturan babarsari
    condongcatur gejayan wates purworejo salatiga ungaran kudus jepara tegal
    pekalongan banyumas cilacap""".split()
)
# Firms everyone in Indonesia names, shops, couriers and public services ("order dari Tokopedia",
# "kirim lewat JNE", "BPJS"): no person, and no tool of the vault's unless the config says so.
FIRMS = frozenset(
    """tokopedia shopee lazada bukalapak blibli tiktok instagram facebook youtube twitter
    netflix spotify gojek grab gofood grabfood shopeefood traveloka jne sicepat anteraja j&t
    jnt bpjs pln pdam pertamina telkomsel indihome indosat ovo gopay linkaja bca bri bni""".split()
)
# Who someone is, not their name ("Dokter bilang ...", "Kurir dateng"): no person of their own.
ROLES = frozenset(
    """dokter dok doctor suster perawat nurse bidan guru dosen satpam kurir sopir supir driver
    bos boss klien client customer pelanggan kasir cashier tukang montir""".split()
)
_SUFFIXES = re.compile(r"(?:'s|'|\u2019s|-(?:nya|lah|kah|pun|mu|ku|like|based|ish|style))$", re.I)
_OPENERS = "\"'([{\u201c\u2018*_"
_CLOSERS = "\"')]}\u201d\u2019*_"
_PUNCTUATION = _CLOSERS + ",.;:!?"
_ENDS = frozenset(".!?:;")  # what ends a sentence, or opens a new one after a label
_QUOTES = "\"'\u201c\u2018"
_WORD = r"[A-Z][\w'\u2019+.&-]*[\w+]|[A-Z]"
# What may follow a name as part of it: a model number (990, 6000, B2, 14B), not an amount or a
# size (7, 2TB, 1500VA, 64GB: those are the thing's measures).
_NUMBER = r"\d{2,}[A-Za-z]?|[A-Z]{1,4}\d+[A-Za-z]?"
# A run of capitalized words (and model numbers after them) standing as whole tokens: openers
# before it, punctuation after it, a space or the end of the line around.
_RUN = re.compile(
    rf"(?<!\S)(?P<lead>[{re.escape(_OPENERS)}]*)"
    rf"(?P<run>(?:{_WORD})(?:[ \t]+(?:{_WORD}|{_NUMBER}))*)"
    rf"[{re.escape(_PUNCTUATION)}]*(?=\s|$)"
)
_QUARTER_OR_LEVEL = re.compile(r"[QPHV]\d{1,2}|[SP]EV\d", re.I)


@dataclass(frozen=True)
class ProperName:
    """One occurrence of a capitalized word or run, as written, and what stands around it."""

    text: str
    inside: bool  # inside a sentence (not its first word)
    titled: bool  # after a title: a person's name
    firm: bool  # after a company's mark
    order: int  # the line it stands in
    split: bool = False  # the rest of a run that starts a sentence: a person's name, or a part
    before: str = ""  # the word just before it, lowercased ("in" of "in Senopati")

    @property
    def single(self) -> bool:
        return " " not in self.text


def proper_names(lines: list[Line]) -> list[ProperName]:
    """Every proper name of the day's content lines (headings are written in title case, so
    they are left out), in the day's order."""
    out: list[ProperName] = []
    for line in lines:
        if not line.heading:
            out += _names_of(line.text, line.order)
    return out


def _names_of(text: str, order: int) -> list[ProperName]:
    """The names of one line: each run of capitalized words, read with what stands before it."""
    out: list[ProperName] = []
    for match in _RUN.finditer(text):
        lead = match.group("lead")
        words = [base_form(w) for w in match.group("run").split()]
        start, previous = _before(text, match.start())
        start = start or any(q in lead for q in _QUOTES)
        previous = "" if lead else previous
        titled = firm = False
        run: list[str] = []
        for word in words:
            key = word.casefold()
            if key in TITLES or key in COMPANY_MARKS:
                _close(out, run, start, previous, titled, firm, order)
                run, start, previous = [], False, key
                titled, firm = key in TITLES, key in COMPANY_MARKS
            elif run or not word[:1].isdigit():
                run.append(word)
        _close(out, run, start, previous, titled, firm, order)
    return out


def _before(text: str, at: int) -> tuple[bool, str]:
    """Whether a word at `at` starts a sentence (nothing before it, or the end of one, or a
    label's colon), and the word before it when nothing but a space stands between."""
    head = text[max(0, at - 80) : at].rstrip()
    if not head:
        return at < 80 or not text[:at].strip(), ""
    marks = head[len(head.rstrip(_PUNCTUATION + _OPENERS)) :]
    word = head.rsplit(None, 1)[-1]
    starts = not _ENDS.isdisjoint(marks) or len(marks) == len(word)
    previous = "" if marks else word.lstrip(_OPENERS).casefold()
    return starts, previous


def _close(
    out: list[ProperName],
    run: list[str],
    start: bool,
    before: str,
    titled: bool,
    firm: bool,
    order: int,
) -> None:
    words = _trimmed(run)
    if not words:
        return
    inside = not start or words[0] != run[0]  # "The OpenAI API key"
    after = run[run.index(words[0]) - 1].casefold() if words[0] != run[0] else before
    out.append(ProperName(" ".join(words), inside, titled, firm, order, before=after))
    rest = _trimmed(words[1:])
    if not inside and rest:  # "Laptop Nadia udah ...": a sentence's capital, then a name
        out.append(ProperName(" ".join(rest), True, False, firm, order, split=True))


def base_form(word: str) -> str:
    """A name as a name: without a possessive ("Sari's"), an Indonesian clitic ("API-nya",
    "Redis-lah"), a suffix of kind ("CSS-like", "Rust-based") or a plural's doubling ("VM-VM")."""
    word = _SUFFIXES.sub("", word)
    half, _, other = word.partition("-")
    return half if half and half == other else word


def parts_of_longer(names: list[ProperName]) -> set[str]:
    """The words that stand within a longer name of the day ("Kuma" of "Uptime Kuma"): parts,
    not names of their own. A run counts as a name inside a sentence or when it recurs; once at
    a sentence's start it may be a capital and a name ("Laptop Nadia udah ...")."""
    runs = Counter(n.text for n in names if not n.single)
    inside = {n.text for n in names if not n.single and n.inside}
    return {
        word for run, count in runs.items() if run in inside or count > 1 for word in run.split()
    }


def _trimmed(words: list[str]) -> list[str]:
    """A run without the words that name nothing at either end ("Senin", "The", "I")."""
    start, end = 0, len(words)
    while start < end and _names_nothing(words[start]):
        start += 1
    while (
        start < end and _names_nothing(words[end - 1]) and not _letter_after_name(words, start, end)
    ):
        end -= 1
    return words[start:end] if start < end and not words[start][0].isdigit() else []


def _letter_after_name(words: list[str], start: int, end: int) -> bool:
    """ "Blok M", "Plan B": one capital letter closing a name (`words[start:end]`) is part of it."""
    return end - start > 1 and len(words[end - 1]) == 1 and not _names_nothing(words[end - 2])


def _names_nothing(word: str) -> bool:
    parts = word.casefold().split("-")
    return (
        all(part in NOT_NAMES for part in parts)  # "Friday-Saturday"
        or _CLITIC.fullmatch(word) is not None
        or _QUARTER_OR_LEVEL.fullmatch(word) is not None
        or (len(word) == 1 and word.isupper())
    )


def names_nothing(name: str) -> bool:
    """Whether every word of a name names nothing: the calendar, a title, a pronoun, a quarter
    or a level ("Jumat", "Mbak", "Q1", "SEV2")."""
    return all(_names_nothing(word) for word in name.split())
