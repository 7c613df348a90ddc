"""Asides: lines that name a topic without saying where it stands; and events, lines that say a
decision was made or an incident happened.

"btw Sari asked about the K3s migration, no news yet", "Postgres upgrade sempet disebut pas
standup, tapi ga ada update", "no time for the blog today, maybe tomorrow", "Pengingat: Rina
mau bahas restic kapan-kapan". Such a line is a mention, not a discussion: a question about the
latest status of a topic must not be answered with it, however well its words match. Three
kinds, in English and Indonesian: there is no news, the topic is put off, or it is a reminder to
talk about it later. A line that also says something happened ("done", "beres", a decision) is
not an aside: a status is read first.
"""

from __future__ import annotations

from vaultkit.text.lexicon import Matcher, signals

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
        "ketahan", "ditunda", "on progress", "mulai", "lanjut",
    ),
}  # fmt: skip
_MATCHER = Matcher(ASIDES)


def is_aside(text: str) -> bool:
    """Whether a line mentions without a status: no news, put off, or a reminder to talk."""
    hits = _MATCHER.counts(text)
    return not hits["status"] and bool(hits["no_news"] or hits["put_off"] or hits["reminder"])


def event_kinds(text: str) -> str:
    """The events a line states: `d` a decision, `i` an incident, both, or neither ("").
    One negated, pending or nearly happened is none ("belum ada keputusan", "we still have to
    decide", "hampir outage")."""
    hits = signals(text)
    return ("d" if hits["decision"] else "") + ("i" if hits["incident"] else "")
