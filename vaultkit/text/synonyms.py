"""Words of events and statuses that mean the same in English and Indonesian, read as one term.

"kapan migrasi PostgreSQL selesai?" asks for the day a note says "the migration is done"; "when
did Raka say he is leaving?" for the day it says "Raka resign". A stemmer cannot join them (it
knows one language at a time), and an embedding model is an extra. So each group below is one
term for the index and the queries alike (the analysis is shared: `language.tokenize`): every
word of a group is written as the stem of its first word. The groups are the words of what
happens to work and to people (finished, left, decided, approved, started, cancelled, put off,
migrated, hired, joined, released, fixed) and two nouns a team's notes name in either language
(meeting, budget); a word with a second everyday sense that would join unrelated days ("left",
"live", "putus", "leave": a day "on leave" is no resignation, "keluar": a PO "keluar" is issued)
is not in them. The
inflections are listed as written, not stemmed: Indonesian affixes are the stemmer's guess
("perbaiki" stems to "baik", good), and a listed word bypasses it.
"""

from __future__ import annotations

from collections.abc import Callable

GROUPS: tuple[tuple[str, ...], ...] = (
    ("finished", "finish", "finishes", "finishing", "done", "complete", "completed", "completes",
     "completion", "selesai", "diselesaikan", "menyelesaikan", "kelar", "beres", "rampung",
     "tuntas"),
    ("resign", "resigns", "resigned", "resigning", "resignation", "leaving", "quit", "quits",
     "quitting", "mengundurkan"),
    ("decide", "decides", "decided", "deciding", "decision", "decisions", "putuskan",
     "memutuskan", "diputuskan", "keputusan", "mutusin", "diputusin"),
    ("approve", "approves", "approved", "approving", "approval", "setuju", "disetujui",
     "menyetujui", "persetujuan", "diapprove"),
    ("start", "starts", "started", "starting", "begin", "begins", "began", "mulai", "dimulai",
     "memulai"),
    ("cancel", "cancels", "cancelled", "canceled", "cancelling", "canceling", "cancellation",
     "batal", "dibatalkan", "membatalkan", "batalin"),
    ("postpone", "postpones", "postponed", "postponing", "tunda", "ditunda", "menunda",
     "diundur"),
    ("migration", "migrations", "migrate", "migrates", "migrated", "migrating", "migrasi",
     "dimigrasi", "memigrasi", "migrasiin"),
    ("hire", "hires", "hired", "hiring", "rekrut", "merekrut", "direkrut", "rekrutmen"),
    ("join", "joins", "joined", "joining", "gabung", "bergabung"),
    ("release", "releases", "released", "releasing", "rilis", "dirilis", "merilis"),
    ("fix", "fixes", "fixed", "fixing", "perbaiki", "diperbaiki", "memperbaiki", "benerin",
     "dibenerin"),
    ("meeting", "meetings", "rapat"),
    ("budget", "budgets", "anggaran"),
)  # fmt: skip


# Words the Indonesian stemmer mistakes for an affixed other word ("keluar", going out or being
# issued, is no "luar", outside): each stays a term of its own.
WHOLE = ("keluar",)


def table(stem: Callable[[str], str]) -> dict[str, str]:
    """Each word of the groups -> its group's term: the `stem` of the group's first word; each
    of `WHOLE` -> itself."""
    found = {word: str(stem(group[0])) for group in GROUPS for word in group}
    return {**found, **{word: word for word in WHOLE}}
