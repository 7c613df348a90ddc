"""Terms a day names that the controlled vocabulary does not know: what `uncategorized` keeps.

A term is a tool, product, library or project name, found by what writes one:

- a code span holding one identifier (`pg_dump`, `k3sup`), or a command's first word
  (`restic backup ...`);
- a package manager's install line (`pip install zod`, `npm i astro`, `cargo add serde`) or an
  import (`import celery`, `from pydantic import ...`);
- a name after a word of use, in English or Indonesian (`using X`, `switched to X`, `pakai X`,
  `pake X`, `pindah ke X`, `nyoba X`, `install X`), or before a version (`Traefik v3.1`);
- a CamelCase word or one with inner capitals or digits (`RabbitMQ`, `vLLM`, `Qwen2`).

Not a term: a vocabulary term or its alias, a person, a word of the calendar, a common acronym
(API, CPU, PR, ...), a path, a number. The kind follows one rule: a `library` is installed by a
language's package manager or imported into code (or called a library, `lib`, package); a
`project` is called so (`project X`, `proyek X`, `side project X`, `repo X`); anything else
(servers, databases, platforms, services, tools, hardware) is a `technology`.
"""

from __future__ import annotations

import re
from bisect import bisect_left, insort
from collections import Counter

from vaultkit.summarize.names import (
    FIRMS,
    NOT_NAMES,
    PLACES,
    ProperName,
    names_nothing,
    parts_of_longer,
)
from vaultkit.summarize.text import Line, TokenPattern, sentences
from vaultkit.text.bilingual import to_english
from vaultkit.text.frames import jokes, said_plainly
from vaultkit.text.lexicon import signals
from vaultkit.text.vocabulary import Vocabulary, term_key, unique

MAX_PER_DAY = 12  # more than this is a note pasted from somewhere, not a day's new tools

_IDENT = r"[A-Za-z][\w.+-]*[\w+]|[A-Za-z]"
_NAME = r"[A-Za-z][\w.+-]*[A-Za-z0-9+]"
_STATUS = re.compile(r"[A-Z][a-z]+(?:ing|ed)")
_ACRONYM = re.compile(r"[A-Z]{1,6}s?")
# What a system's output says of a thing ("Ready", "Pending"), capitalized as a name is.
_STATES = frozenset("Ready Pending Active Inactive Done Healthy Unhealthy Unknown".split())
# A machine's or a field's name, not a tool's: `pve-01`, `nuc-03`, `ledger_entries`, `chat_id`.
_HOST_OR_FIELD = re.compile(r"[a-z]+(?:-[a-z]+)*-\d+[a-z]?|[a-z0-9]+(?:_[a-z0-9]*)+")
_COUNTDOWN = re.compile(r"[HD][-+]\d+")  # "H-3": three days before the day, in Indonesian
_MONEY = re.compile(r"(?:Rp|IDR|USD|US\$|\$|EUR|SGD)\b", re.I)
_CALLED = re.compile(
    r"\b(?:called|named|namanya|bernama|dinamain|dinamai|namain|namai|dikasih nama)\s+[\"']?("
    + _NAME
    + r")",
    re.I,
)
_PROJECT_WORD = re.compile(r"\b(?:project|proyek|projek|repo|app|aplikasi|bot|tool)\b", re.I)
# Words a line must hold for the install and kind patterns to find anything (a quick test first:
# most lines hold none).
_INSTALL_HINTS = ("install", " add ", " i ", "go get", "require")
_KIND_HINTS = ("lib", "package", "pustaka", "modul", "proje", "proye", "repo", "called",
               "named", "nama")  # fmt: skip
_CODE = re.compile(r"`([^`\n]+)`")
_INSTALL = re.compile(
    r"\b(?:pip3?\s+install|uv\s+(?:add|pip\s+install)|poetry\s+add|pipx\s+install|"
    r"npm\s+(?:install|i|add)|yarn\s+add|pnpm\s+(?:add|install)|bun\s+add|cargo\s+(?:add|install)|"
    r"go\s+get|go\s+install|gem\s+install|composer\s+require|dotnet\s+add\s+package)"
    r"((?:\s+-{1,2}[\w-]+)*\s+(?:[@\w][\w./@-]*)(?:\s+[@\w][\w./@-]*)*)",
    re.IGNORECASE,
)
_IMPORT = re.compile(r"^\s*(?:import\s+([a-z_]\w*)\s*$|from\s+([a-z_]\w*)(?:\.\w+)*\s+import\s)")
_USE = re.compile(  # the cue in any case ("Tried Qdrant"), the name as written
    r"\b(?i:using|use|used|uses|switched to|switch to|moved to|move to|migrate to|migrated to|"
    r"try|tried|trying|install|installed|deploy|deployed|setup|set up|upgrade|upgraded|"
    r"pakai|pake|memakai|menggunakan|pindah ke|ganti ke|nyoba|coba|cobain|install|instal|"
    r"deploy|setup|upgrade|bikin|via|lewat)\s+(" + _NAME + r")"
)
# "Lewat" and "via" after a way of going are a route ("pulang lewat Peunayong"), not a channel.
_WENT = re.compile(
    r"\b(?:pulang|pergi|jalan|berangkat|balik|mampir|mudik|muter|go|went|drove|drive|walked|"
    r"came|home)\s+(?:lewat|via)\s+$",
    re.IGNORECASE,
)
_VERSIONED = TokenPattern(
    re.compile(r"\b(" + _NAME + r")\s+v?\d+(?:\.\d+)+\b"), r"\b[A-Za-z]", r"[\w.+-]"
)
# A name deployed or running somewhere ("Kong ke production", "Loki in production", "Traccar
# is live on 9 trucks", "Loki is running on staging"): a tool, at a sentence's start too.
_DEPLOYED = TokenPattern(
    re.compile(
        r"\b(" + _NAME + r")\s+(?:(?:to|in|on|into|ke|di)\s+(?:production|prod|staging)\b|"
        r"(?:is|are|was|udah|sudah)\s+(?:live|running|deployed)\s+(?:on|in|di|at)\b)"
    ),
    r"\b[A-Za-z]",
    r"[\w.+-]",
)
# Two names weighed against each other ("Traefik (bundled di K3s) vs tetap Nginx"): when one
# is a known tool, the other is one too.
_VERSUS = re.compile(
    r"\b(" + _NAME + r")(?:\s*\([^()\n]{0,60}\))?\s+"
    r"(?i:vs\.?|versus|instead of|rather than|compared to|ketimbang|daripada|dibanding|atau|or)"
    r"\s+(?i:tetap\s+|stay with\s+|stick with\s+|pakai\s+|pake\s+)?(" + _NAME + r")\b"
)
_INNER_CAPS = re.compile(
    r"(?<![\w./@-])((?:[a-z]+[A-Z]|[A-Z][a-z]+[A-Z]|[A-Z]+[a-z]+\d|[A-Za-z]+\d+[A-Za-z])"
    r"(?:[\w]|[.-](?=\w))*)(?![\w/@])"
)
_PROJECT = re.compile(
    r"\b(?:project|proyek|projek|side project|repo|repository)\s+(" + _NAME + r")", re.I
)
# Not "paket": in chat Indonesian it is a parcel ("1.200 paket tertahan", "paket data").
_LIBRARY = re.compile(r"\b(?:library|lib|package|pustaka|module|modul)\s+(" + _NAME + r")", re.I)
# What stands beside a tool's name ("the Metabase report", "cluster Qdrant"), in both languages.
_TOOL_NOUNS = frozenset(
    """api apis sdk cli ui dashboard dashboards report reports cluster clusters server servers db
    database databases instance instances node nodes pod pods container containers job jobs
    queue queues worker workers pipeline pipelines service services plugin plugins extension
    extensions library framework tool tools app apps bot model models query queries config
    configs workflow workflows endpoint endpoints integration integrations connector connectors
    agent agents bucket buckets repo repos branch release releases version docs setup alert
    alerts metrics logs backend frontend stack schema cache proxy gateway account license image
    images build builds runner runners operator chart charts console project projects scan
    scans vault vaults volume volumes board boards sensor sensors device devices chip chips
    firmware""".split()
)
_TEAM_NOUNS = frozenset("team teams tim squad squads division department".split())
# Words before a name that make it a show, a game or a meal, not a tool.
_NOT_TOOL_BEFORE = frozenset(
    """nonton watch watched watching main played playing play baca read reading dengerin
    listened listening konser concert makan ngopi""".split()
)
# Words inside a name that make it a place or a meal ("Sorai Coffee", "Warteg Bahari").
_PLACE_WORDS = frozenset(
    """warung warteg warkop angkringan kopitiam bakso sate soto mie mi nasi kedai toko depot martabak pecel ayam bebek kopi
    coffee cafe kafe café resto restaurant restoran bar bistro bakery hotel park taman gunung
    pantai jalan jl gedung stasiun bandara mall plaza pasar masjid gereja kampus klinik clinic
    roastery dusun desa kampung kos kost ruang rumah rs puskesmas apotek kantor batik galeri
    studio salon gudang warehouse pabrik factory pelabuhan""".split()
)
# The words that start a place's name and nothing else's ("Pantai Losari", "Jalan Setiabudi"),
# unlike a meal's ("Kopi Tracker" may be a project).
_PLACE_STARTS = frozenset(
    """pantai jalan jl gunung pulau danau desa dusun kampung kota kabupaten pasar stasiun bandara
    pelabuhan terminal gudang masjid gereja kampus kebun stadion gelora lapangan""".split()
)
# The words that start a public body's or an office holder's name ("Dinas Pariwisata", "Wali
# Kota", "Kasubag Keuangan", "Ministry of Health"): an office, never a tool.
_OFFICE_STARTS = frozenset(
    """dinas badan kementerian kemenkes kemendikbud kemenkeu pemkot pemkab pemprov pemda dprd
    bappeda sekretariat setda kasubag kabag kabid kadis kasi kepala wali walikota bupati
    gubernur camat lurah ministry""".split()
)
_WORD_AFTER = re.compile(r"[\s'`\"]+([A-Za-z][\w-]*)")
_MODEL_NUMBER = re.compile(r"\d+[A-Za-z]*|[A-Z]+\d+\w*")
_TOKENS = re.compile(r"[A-Za-z][\w.+-]*")
_WORK_SIGNS = ("work", "migration", "incident", "delivery", "money", "decision", "agreement")
_COMMON = frozenset(
    """api apis cli ui ux db dbs pr prs sql http https json yaml toml csv cpu gpu ram ssd hdd nas
    vpn dns ssh url urls ok qa eta wib wita wit todo adr sre ceo cto cfo hr ai llm ml os vm vms
    ip tcp udp tls ssl html css js ts id en pdf png jpg mp4 utc gmt am pm rps qps ms kb mb gb tb
    nvme sata hdmi usb wifi lan wan v1 v2 v3 sla slo kpi okr mvp poc faq the a an it this that yes no new old main prod staging
    dev test tests ci cd ci/cd repo readme docs doc config env bug fix feat chore wip it's
    pip pip3 npm npx yarn pnpm uv poetry pipx cargo gem composer apt brew dnf""".split()
)
_WORDS = frozenset(
    """it this that the a an we i you he she they and or to of in on for with from by at is are
    was were be been ini itu yang dan di ke dari dengan untuk buat sama aja juga udah sudah
    gw lu kita mereka dia aku kamu semua lagi""".split()
)


def new_terms(lines: list[Line], vocabulary: Vocabulary) -> dict[str, list[str]]:
    """Terms outside the vocabulary, by kind (`technologies`, `libraries`, `projects`), in order
    of first mention, each spelled as the day first capitalizes it."""
    found: dict[str, tuple[str, str]] = {}  # key -> (spelling, kind)
    order: list[str] = []
    people = {term_key(p) for p in _speakers(lines)}

    def add(name: str, kind: str) -> None:
        name = name.strip(".-+,:;")
        key = term_key(name)
        if not _acceptable(name, key, vocabulary, people):
            return
        if key not in found:
            found[key] = (name, kind)
            order.append(key)
            return
        spelling, old = found[key]
        better = name if spelling.islower() and not name.islower() else spelling
        kinds = ("library", "project", "technology")  # stronger evidence first
        found[key] = (better, kinds[min(kinds.index(old), kinds.index(kind))])

    for line in lines:
        text = line.text
        low = text.casefold()
        ticked = "`" in text
        if any(hint in low for hint in _INSTALL_HINTS):
            for match in _INSTALL.finditer(text):
                for package in match.group(1).split():
                    if not package.startswith("-"):
                        add(package.split("==")[0].split("@")[0] or package, "library")
        imported = _IMPORT.match(text.replace("`", "")) if "import" in low else None
        if imported:
            add(imported.group(1) or imported.group(2), "library")
        if any(hint in low for hint in _KIND_HINTS):
            code = {m.group(1) for m in _CODE.finditer(text)} if ticked else set()
            unticked = text.replace("`", "")
            for pattern, kind in ((_LIBRARY, "library"), (_PROJECT, "project"), (_CALLED, "")):
                for match in pattern.finditer(unticked):
                    name = match.group(1)
                    lowercase_library = kind == "library" and not _a_word(name)
                    if _named(name) or name in code or lowercase_library:
                        add(name, kind or _kind_called(unticked, match.start()))
        if ticked:
            for match in _CODE.finditer(text):
                add(_code_name(match.group(1)), "technology")
        plain = _CODE.sub(" ", text) if ticked else text
        for match in _USE.finditer(plain):
            went = _WENT.search(plain, 0, match.start(1))
            if _named(match.group(1)) and not went:
                add(match.group(1), "technology")
        for match in _VERSIONED.finditer(plain):  # not a word before a time: "Mulai 14.00"
            if _named(match.group(1)) and not _a_word(match.group(1)):
                add(match.group(1), "technology")
        if "prod" in low or "staging" in low or " live" in low or "running" in low:
            for match in _DEPLOYED.finditer(plain):
                if _named(match.group(1)) and not _a_word(match.group(1)):
                    add(match.group(1), "technology")
        for match in _INNER_CAPS.finditer(plain):
            add(match.group(1), "technology")
        for name in _weighed_against_a_tool(plain, vocabulary):
            add(name, "technology")
    kinds: dict[str, list[str]] = {"technologies": [], "libraries": [], "projects": []}
    plural = {"technology": "technologies", "library": "libraries", "project": "projects"}
    for key in order[:MAX_PER_DAY]:
        spelling, kind = found[key]
        kinds[plural[kind]].append(spelling)
    return kinds


def _weighed_against_a_tool(text: str, vocabulary: Vocabulary) -> list[str]:
    """The names a line weighs against a known technology or library ("Podman or Docker")."""
    out = []
    for match in _VERSUS.finditer(text):
        one, other = match.group(1), match.group(2)
        if _known_tool(vocabulary, other) and _named(one):
            out.append(one)
        elif _known_tool(vocabulary, one) and _named(other):
            out.append(other)
    return out


def named_terms(
    lines: list[Line],
    names: list[ProperName],
    vocabulary: Vocabulary,
    people: tuple[str, ...],
    found: dict[str, list[str]],
    animals: frozenset[str] = frozenset(),
    known_tools: frozenset[str] = frozenset(),
    places: frozenset[str] = frozenset(),
) -> dict[str, list[str]]:
    """`found` with the proper names of the day that are not people, animals or places (listed,
    or shown to be: `places`) added as
    technologies, when what stands around them says they are tools (`_tool_in_context`); not
    an acronym alone, a firm, or a part of a longer name. A name the vault's other days show
    to be a tool (`known_tools`) is one wherever it stands, a sentence's start too ("Sentry
    udah kepasang"), unless a place's, a show's or a team's word stands with it."""
    parts = parts_of_longer(names)
    taken = {term_key(t) for ts in found.values() for t in ts}
    persons = {term_key(p) for p in (*people, *_speakers(lines), *animals)}
    shortened = sorted(persons)
    nowhere = {term_key(p) for p in places}
    counts = Counter(term_key(n.text) for n in names)
    seen = {term_key(t) for t in known_tools}
    out = _Found(found)
    for name in names:
        key = term_key(name.text)
        line = lines[name.order].text
        if key in nowhere:  # "di Sudiang", "hub Pettarani"; "Cloud Composer" is no place
            continue
        if key in seen and key not in taken and key not in persons:
            if _seen_tool(name, line) and _acceptable(name.text, key, vocabulary, persons):
                taken.add(key)
                out.add(name.text)
            continue
        if key in taken or not _named_term(name, parts, counts[key]):
            continue
        words = name.text.split()
        if any(term_key(w) in persons or vocabulary.lookup(w) for w in words):
            continue
        if words[0].casefold() in _PLACE_STARTS | _OFFICE_STARTS:  # "Pantai Losari", "Dinas X"
            continue
        if name.single and _shortens(shortened, key):  # "Mel" for Melanie
            continue
        if out.lengthen(name.text, taken):
            continue
        if not _tool_in_context(name, line, taken, vocabulary):
            continue
        if _acceptable(name.text, key, vocabulary, persons) and key not in PLACES:
            taken.add(key)
            out.add(name.text)
    return out.terms


def _tool_in_context(name: ProperName, line: str, terms: set[str], vocabulary: Vocabulary) -> bool:
    """Whether what stands around a bare name says it is a tool: a tool's noun beside it ("the
    Metabase report", "Celery workers"), a model number in it ("RTX 3090"), or a sentence about
    work (other terms, known or new, tools' nouns, words of work: "Sisa 12 server block Nginx
    di-port ke Traefik"). A place's or a meal's word in it ("Sorai Coffee", "Warung Nasi Ampera"), a word
    of watching, playing or eating before it ("nonton Gadis Kretek"), or a sentence of small
    talk ("Sore jalan ke Lembang bareng Arga") says it is not; a capital alone says nothing."""
    words = name.text.split()
    if any(w.casefold() in _PLACE_WORDS for w in words) or name.before in _NOT_TOOL_BEFORE:
        return False
    if _noun_after(name.text, line, _TEAM_NOUNS):  # "the Growth team": a team, not a tool
        return False
    if _noun_after(name.text, line) or name.before in _TOOL_NOUNS:
        return True
    # A name's context is its line; a long line's, its sentence
    parts = sentences(line) if len(line) >= 120 else [line]
    sentence = next((t for t in parts if name.text in t), line)
    work, small = _work_and_small_talk(sentence, name.text, terms, vocabulary)
    # "Intel NUC 11", "RTX 3090", not "Dewa 19 songs" or "sunscreen SPF 50": a model number
    # where nothing says small talk
    work += not small and any(_MODEL_NUMBER.fullmatch(w) for w in words[1:])
    return work > 0 and work >= small


def beside_a_tools_noun(lines: list[Line], names: list[ProperName]) -> tuple[str, ...]:
    """The names a tool's noun stands beside, after or before ("the Sentry dashboard",
    "cluster Qdrant"), where nothing says they are a place, a show or a team: what a name is
    by its own words, not by the talk of work around it (which a person's name often is)."""
    return unique(
        name.text
        for name in names
        if not (name.titled or name.firm or name.split)
        and name.inside  # "Settlement report ...": a sentence's capital says nothing
        and may_be_tool(name.text)
        and not _a_word(name.text)
        and _seen_tool(name, lines[name.order].text)
        and (_noun_after(name.text, lines[name.order].text) or name.before in _TOOL_NOUNS)
    )


def _a_word(name: str) -> bool:
    """Whether a one-word name is a word of its own: a tool's noun ("App store") or an
    Indonesian word ("Biaya server" is what the server costs)."""
    return " " not in name and (name.casefold() in _TOOL_NOUNS or bool(to_english(name.casefold())))


def _seen_tool(name: ProperName, line: str) -> bool:
    """Whether a name the vault shows to be a tool is one here: not in a title or a firm's
    name, nor a place's, a show's or a team's."""
    if name.titled or name.firm or name.before in _NOT_TOOL_BEFORE or not may_be_tool(name.text):
        return False
    if any(w.casefold() in _PLACE_WORDS for w in name.text.split()):
        return False
    return not _noun_after(name.text, line, _TEAM_NOUNS)


def _noun_after(name: str, line: str, nouns: frozenset[str] | None = None) -> bool:
    """Whether one of `nouns` (a tool's, by default) follows the name where the line first
    writes it ("Celery workers", "Gitleaks scan")."""
    at = line.find(name)
    after = _WORD_AFTER.match(line, at + len(name)) if at >= 0 else None
    return after is not None and after.group(1).casefold() in (nouns or _TOOL_NOUNS)


def _work_and_small_talk(
    sentence: str, name: str, terms: set[str], vocabulary: Vocabulary
) -> tuple[int, int]:
    """How much a sentence speaks of work and tools, and of small talk (`name` aside); what it
    jokes or asks about is no work (`frames`)."""
    hits = signals("" if jokes(sentence) else said_plainly(sentence))
    said = signals(sentence)
    rest = sentence.replace(name, " ")
    tokens = [t.casefold() for t in _TOKENS.findall(rest)]
    known = sum(_known_tool(vocabulary, t) for t in _TOKENS.findall(rest))
    tools = known + sum(t in _TOOL_NOUNS or term_key(t) in terms for t in tokens) + rest.count("`")
    work = tools + sum(hits[k] for k in _WORK_SIGNS)
    return work, said["small_talk"] + said["greeting"]


def _known_tool(vocabulary: Vocabulary, word: str) -> bool:
    """Whether the vocabulary knows `word` as a technology or a library (a project's name is
    often an everyday word: "Blog", "Homelab")."""
    known = vocabulary.lookup(word)
    return known is not None and known[0] != "projects"


def _shortens(persons: list[str], key: str) -> bool:
    """Whether `key` starts one of the `persons` (sorted, so the ones it starts are first)."""
    at = bisect_left(persons, key)
    return at < len(persons) and persons[at].startswith(key)


class _Found:
    """The terms found so far by kind, and where each key stands (the first place first)."""

    def __init__(self, found: dict[str, list[str]]) -> None:
        self.terms = {kind: list(terms) for kind, terms in found.items()}
        self.kinds = list(self.terms)
        self.places: dict[str, list[tuple[int, int]]] = {}
        for rank, terms in enumerate(self.terms.values()):
            for i, term in enumerate(terms):
                insort(self.places.setdefault(term_key(term), []), (rank, i))

    def add(self, term: str) -> None:
        terms = self.terms["technologies"]
        place = (self.kinds.index("technologies"), len(terms))
        insort(self.places.setdefault(term_key(term), []), place)
        terms.append(term)

    def lengthen(self, longer: str, taken: set[str]) -> bool:
        """Put a longer name in the place of the first term found inside it ("OpenAI" ->
        "OpenAI API")."""
        words = {term_key(w) for w in longer.split()}
        places = [self.places[w][0] for w in words if self.places.get(w)]
        if not places:
            return False
        rank, i = min(places)
        terms = self.terms[self.kinds[rank]]
        self.places[term_key(terms[i])].remove((rank, i))
        terms[i] = longer
        insort(self.places.setdefault(term_key(longer), []), (rank, i))
        taken.add(term_key(longer))
        return True


def _named_term(name: ProperName, parts: set[str], count: int) -> bool:
    if not name.inside or name.titled or name.firm or name.split:
        return False
    if not may_be_tool(name.text):
        return False
    return not name.single or (count >= 1 and name.text not in parts)


def may_be_tool(name: str) -> bool:
    """Whether a name may be a tool's as written: with a capital (a tool's name in a code span,
    `final`, is a word there), not a status or a word of work capitalized ("Running",
    "Computed", "Deploy", "Ready"), nor acronyms alone."""
    words = name.split()
    if not words or not any(c.isupper() for c in name):
        return False
    if len(words) == 1 and (_STATUS.fullmatch(name) or signals(name) or name in _STATES):
        return False
    return not all(_ACRONYM.fullmatch(w) for w in words)


def _acceptable(name: str, key: str, vocabulary: Vocabulary, people: set[str]) -> bool:
    if len(name) < 2 or not re.search(r"[A-Za-z]", name) or "/" in name:
        return False
    if _HOST_OR_FIELD.fullmatch(name) or _MONEY.match(name) or _COUNTDOWN.fullmatch(name):
        return False
    if key in _COMMON or key in _WORDS or key in people or name.replace(".", "").isdigit():
        return False
    if key in _PLACE_STARTS:  # "ganti ke Pantai ...", "lewat Jalan ...": a place's start
        return False
    # The calendar, titles, pronouns, places and everyday firms are no tool whatever the words
    # around them say ("deploy Senin pagi", "pindah ke Indonesia", "Mbak", "Q1", "Shopee").
    if key in NOT_NAMES or key in PLACES or key in FIRMS or names_nothing(name):
        return False
    if vocabulary.lookup(name) is not None or vocabulary.is_known_person(name):
        return False
    return not re.fullmatch(r"v?\d+(\.\d+)*\w?", key)


def _code_name(span: str) -> str:
    """The tool a code span names: itself when it is one identifier, else a command's first
    word; nothing for paths, options, numbers or prose."""
    words = span.split()
    if not words or len(words) > 8:
        return ""
    first = words[0]
    if len(words) == 1:
        return first if re.fullmatch(_IDENT, first) and not first.isupper() else ""
    command = re.fullmatch(r"[a-z][a-z0-9_-]+", first)
    return first if (command and words[1][:1] in "-./$") or (command and len(words) > 2) else ""


def _kind_called(text: str, at: int) -> str:
    """The kind of a thing given a name at `at`: a project when the words before call it one."""
    return "project" if _PROJECT_WORD.search(text[max(0, at - 60) : at]) else "technology"


def _named(word: str) -> bool:
    """A word a person writes as a name: capitalized, with inner capitals or digits, or dotted."""
    return word[0].isupper() or any(c.isdigit() for c in word) or "." in word.strip(".")


def _speakers(lines: list[Line]) -> set[str]:
    return {line.speaker for line in lines if line.speaker}
