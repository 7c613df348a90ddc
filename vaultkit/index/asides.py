"""Asides: lines that name a topic without saying where it stands; and events, lines that say a
decision was made or an incident happened.

"btw Sari asked about the K3s migration, no news yet", "Postgres upgrade sempet disebut pas
standup, tapi ga ada update", "no time for the blog today, maybe tomorrow", "Pengingat: Rina
mau bahas restic kapan-kapan". Such a line is a mention, not a discussion: a question about the
latest status of a topic must not be answered with it, however well its words match. Three
kinds, in English and Indonesian: there is no news, the topic is put off, or it is a reminder to
talk about it later. A line that also says something happened ("done", "beres", a decision) is
not an aside: a status is read first. Nor is a line said as a joke ("that's the real outage
today", "abis migrasi gw masih trauma wkwk"), one putting the topic off ("not talking about the
migration before my second coffee", "belum mau bahas migrasi"), or a question no status
answers in the next line ("eh migrasi gimana?"): each names the topic without saying where it
stands (`text.frames`).
"""

from __future__ import annotations

import re

from vaultkit.text.events import incident, retold
from vaultkit.text.frames import jokes, plans, said_plainly
from vaultkit.text.lexicon import CAUSE_WORDS, Matcher, signals

ASIDES: dict[str, tuple[str, ...]] = {
    "no_news": (
        "no news", "no update", "no updates", "nothing new", "nothing to report", "no new info",
        "nobody had an update", "no one had an update", "no progress to report",
        "belum ada kabar", "ga ada kabar", "gak ada kabar", "tidak ada kabar", "belum ada update",
        "ga ada update", "gak ada update", "nggak ada update", "tidak ada update",
        "ga ada yang baru", "gak ada yang baru", "nggak ada yang baru", "tidak ada yang baru",
        "belum ada yang baru", "belum ada perkembangan", "ga ada perkembangan",
        "tidak ada perkembangan",
    ),
    "put_off": (
        "maybe tomorrow", "some other time", "some time this week", "sometime", "next time",
        "no time for", "not today", "pick it up later", "we'll pick it up", "later this week",
        "nanti aja", "besok aja", "kapan-kapan", "lain kali", "ga sempet", "gak sempet",
        "nggak sempet", "tidak sempat", "belum sempet", "belum sempat", "minggu depan aja",
        "not talking about", "not discussing", "no talking about", "don't want to talk about",
        "not thinking about", "before my coffee", "before coffee", "before my second coffee",
        "ga mau bahas", "gak mau bahas", "nggak mau bahas", "belum mau bahas", "males bahas",
        "jangan bahas", "jangan ngomongin", "ogah bahas", "sebelum ngopi",
    ),
    "reminder": (
        "remind me", "reminder", "wanted to talk about", "wants to talk about",
        "want to talk about", "write up my notes",
        "pengingat", "ingetin", "ingatkan", "mau bahas", "mau ngobrolin", "pengen bahas",
    ),
    # What happened: a line saying one of these is a status, whatever else it says.
    "status": (
        "done", "finished", "shipped", "deployed", "merged", "fixed", "resolved", "closed",
        "decided", "approved", "blocked", "on hold", "in progress", "started", "rolled out",
        "beres", "selesai", "kelar", "udah jalan", "sudah jalan", "diputuskan", "disetujui",
        "ketahan", "ditunda", "on progress", "mulai", "lanjut", "closed", "switched",
        "turned off", "dimatiin", "fixing", "being fixed", "in review", "under review",
        "lagi dibenerin", "lagi dikerjain",
    ),
}  # fmt: skip
_MATCHER = Matcher(ASIDES)


def is_aside(text: str, answer: str = "") -> bool:
    """Whether a line mentions without a status: no news, put off, a reminder to talk, a joke,
    or a question that `answer` (the next line) does not answer with a status. A word of an
    event alone is no status here: "rilis Kestrel sempet disebut, ga ada update" names a release."""
    return aside(text, states(text, event_kinds(text)), states(answer, event_kinds(answer)))


def aside(text: str, stated: bool, answered: bool) -> bool:
    """`is_aside` for a line whose `states` and its next line's are known."""
    if stated and not jokes(text):
        return False
    hits = _MATCHER.counts(text)
    if hits["no_news"] or hits["put_off"] or hits["reminder"] or jokes(text):
        return True
    return text.rstrip().endswith("?") and not answered


def states(text: str, kinds: str) -> bool:
    """Whether a line with these `event_kinds` says where something stands: a status word, a
    decision, an incident."""
    return "d" in kinds or "i" in kinds or bool(_MATCHER.counts(text)["status"])


def event_kinds(text: str) -> str:
    """The events a line states, as it says them plainly (not in a joke, a question, a
    supposition or a quotation): `d` a decision, `i` an incident (`text.events`: told by its
    signs too, not a postmortem's retelling), `c` something finished, gone live, or a person
    leaving or joining (not in a decision's line, nor in a plan: it did not happen yet); `s`
    when it states any status (these, a plan for one, or "in progress", "blocked", "mulai");
    and `r` when it states a cause ("akar masalah: pool Redis habis"), which alone is no status.
    One negated, pending or nearly happened is none ("belum ada keputusan", "we still have to
    decide", "hampir outage")."""
    plain = "" if jokes(text) else _QUOTATION.sub(" ", said_plainly(text))
    if not plain.strip():
        return ""
    hits = signals(plain)
    done, coming = plans(plain)  # a decision is made whatever its date
    happened = signals(done) if coming else hits
    written_up = retold(plain, hits)  # a postmortem: follow-up work, a status of its own
    told = incident(done, happened) and not written_up
    kinds = ("d" if hits["decision"] else "") + ("i" if told else "")
    cause = _CAUSE.search(plain)  # and not "Root cause: TBD", "akar masalah: masih dicari"
    caused = cause is not None and not _SOUGHT.search(plain, cause.start(), cause.end() + 40)
    if "d" not in kinds and any(happened[c] for c in _DONE):
        kinds += "c"  # a decision speaks of what will be done ("cutover on the 14th")
    # A plan with its date is where things stand ("cutover Sabtu depan"); one without is talk.
    planned = _DATED.search(coming) is not None and any(
        hits[c] for c in (*_DONE, "incident", "migration")
    )
    if kinds or planned or written_up or _MATCHER.counts(plain)["status"]:
        kinds += "s"
    return kinds + ("r" if caused else "")


# A cause stated, the cause after its word: "Akar masalah checkout: pool Redis habis", "Root
# cause of the billing failure: the cron ran in UTC", "penyebabnya ternyata ...", "caused by",
# or a heading or label of its own ("## Root cause" over the write-up). Not the cause named as a
# topic ("akar masalah udah ketemu", "went through the root cause again"), not "karena" or
# "because" alone, the reason of everything; not one still sought ("masih cari akar masalah").
_CAUSE = re.compile(
    rf"\b{CAUSE_WORDS}(?:[ \t]+[^\s:]+){{0,4}}[ \t]*[:=]|"
    rf"\b{CAUSE_WORDS}[ \t]+(?:is|was|are|were|adalah|ialah|yaitu|yakni|ternyata|itu)\b|"
    rf"^\W*{CAUSE_WORDS}\W*$|"
    r"\b(?:caused by|disebabkan(?: oleh)?|gara-gara|the culprit (?:is|was))\b",
    re.IGNORECASE,
)
_SOUGHT = re.compile(
    r"\b(?:cari|nyari|mencari|mencari tahu|belum ketemu|belum tau|belum tahu|masih dicari|"
    r"looking for|still unknown|unknown|tbd|investigating|investigasi|bahas|discuss)\b",
    re.IGNORECASE,
)
_DATED = re.compile(
    r"\b(?:senin|selasa|rabu|kamis|jumat|sabtu|minggu|monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday|besok|lusa|tomorrow|tanggal|tgl|\d{1,2}[:./-]\d{1,2})\b",
    re.IGNORECASE,
)
# A quotation's words are someone's, or a title's ("nulis seri 'how we migrated to PG16'"): no
# event of the line's own.
_QUOTATION = re.compile(r"[\"\u201c][^\"\u201d\n]*[\"\u201d]")
_DONE = ("completion", "delivery", "leaving", "farewell", "hiring")
# A note's line written as "Topic: where it stands" ("- NAS: fixing, in review", "Postgres
# upgrade: extension check beres"): a label of one to four words before a colon.
_LABEL = re.compile(r"^[^\W\d][\w .'/+-]{0,40}?:\s+\S")


def label_of(text: str) -> str:
    """A note's line's (not a chat turn's) short label before a colon, the form of a status
    update whatever its words ("" when it has none)."""
    label = _LABEL.match(text)
    if label is None or len(label.group(0).split()) > 5:
        return ""
    return text[: text.index(":")]
