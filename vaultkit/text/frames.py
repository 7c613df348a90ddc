"""Whether a line says that something happened, or only mentions it: joking, in scare quotes,
asking, supposing. An outage joked about ("that's the real outage today", "ini insiden paling
parah, Fajar curang. Ketawa semua"), a migration in quotes ("Gilang is 'migrating' his desk"),
one asked about or supposed ("kalo Postgres kita pindah ke Aurora gimana?", "maybe we migrate
next year") is no event of the day; its words still tell what the day talked about. Negation
is the lexicon's (`text.lexicon`: "no outage today", "bukan insiden").

A plan is a third kind (`planned`): "rencana migrasi minggu depan", "Target kasar akhir Maret",
"downtime window maksimal 1 jam, Jumat depan", "we will move to K3s next week". It says what is
to happen, not what did: a migration planned or a maintenance window booked is work of the day,
worth less than the event it plans, and no incident at all.
"""

from __future__ import annotations

import re

# Laughter and jokes, in English and Indonesian, and the emoji that laugh.
_JOKE = re.compile(
    r"\b(?:ha(?:ha)+h?|he(?:he)+|hi(?:hi)+|wk(?:wk)+\w*|lol|lmao|rofl|jk|just kidding|kidding|"
    r"joking|joked|jokes|bercanda|becanda|canda|ngakak|ketawa|tertawa|laughed|laughing|"
    r"the real (?:outage|incident|emergency|disaster|crisis)|days since (?:the )?last "
    r"(?:incident|outage)|approved by nobody|april fools?|april mop|prank|nge-?prank)\b|[\U0001F602\U0001F923\U0001F606\U0001F639]",
    re.IGNORECASE,
)
# A word or three in quotes inside a line: scare quotes ("migrating"); a longer quote is what
# someone said, and says what it says (a joke there laughs: `jokes`).
_QUOTED = re.compile(r"[\"\u201c](\S+(?: \S+){0,2})[\"\u201d]|(?<!\w)'(\S+(?: \S+){0,2})'(?!\w)")
# Supposing, or hearing it said: no event of the day's own ("Heard Pras resigned").
_SUPPOSED = re.compile(
    r"\b(?:what if|if we|seandainya|andai|kalo|kalau|maybe|mungkin|might|could|would|wacana|"
    r"someday|suatu hari|one day|bisa jadi|siapa tahu|heard|rumor|rumour|gosip|denger-denger|"
    r"kabarnya)\b",
    re.IGNORECASE,
)


# What is still to come: a plan, a target, a schedule, the future tense, "not yet".
_PLANNED = re.compile(
    r"\b(?:rencana(?:nya)?|direncanakan|berencana|ngerencanain|target(?:nya)?|ditargetkan|"
    r"targetin|akan|bakal|nanti|minggu depan|bulan depan|tahun depan|pekan depan|besok|lusa|"
    r"(?:senin|selasa|rabu|kamis|jumat|sabtu|minggu) depan|dijadwalkan|dijadwalin|"
    r"terjadwal|jadwal(?:nya)?|belum|mau|pengen|ingin|persiapan|siap-siap|nyiapin|menyiapkan|"
    r"plan|plans|planned|planning|planning to|will|won't|going to|gonna|scheduled|"
    r"next (?:week|month|year|quarter|sprint|monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday)|tomorrow|upcoming|target|targets|targeted|not yet|proposed|roadmap|"
    r"prep|preparing|prepare|preparation|preparations|getting ready|"
    r"(?:maintenance|downtime|change|release) window)\b",
    re.IGNORECASE,
)
# Where one clause ends and the next begins (a sentence's end too, for a line of several): a
# plan word governs its own clause ("down 47 menit, Budi akan nulis postmortem" is an outage
# and a plan).
_CLAUSE = re.compile(r"\s*[,;]\s+|(?<=[.!?])\s+|\s+[-–—]\s+|\s+(?i:tapi|but|terus|then)\s+")


def plans(sentence: str) -> tuple[str, str]:
    """A sentence's clauses that say what is or was (the first) and what is still to come
    (the second: a plan, a target, a schedule, "not yet"), each joined with spaces."""
    done: list[str] = []
    coming: list[str] = []
    for clause in _CLAUSE.split(sentence):
        (coming if _PLANNED.search(clause) else done).append(clause)
    return " ".join(done), " ".join(coming)


# An approval of the day's paperwork ("approved 3 PRs", "acc cuti", and object first as
# Indonesian often puts it: "Handover doc dari Wulan udah gw approve"): routine work whatever
# its verb, no decision.
_APPROVING = (
    r"(?:approve[sd]?|approving|di-?approve|di-?acc|acc|sign(?:ed)? off(?: on)?|ttd|"
    r"tanda ?tangan|reviewed|review|merged)"
)
_PAPERWORK = (
    r"(?:dokumen|document|documents|doc|docs|prs?|pull requests?|mrs?|merge requests?|handover|"
    r"serah terima|cuti|leave|timesheets?|reimburse(?:ment)?s?|expenses?|klaim|claims?|notulen|"
    r"minutes|slides?|deck|draft|izin|absen(?:si)?|lembur|overtime|jadwal|schedule|"
    r"invoices?|tagihan|bills?|nota|payroll|gaji|salary|salaries|thr)"
)
_ROUTINE = re.compile(
    rf"\b{_APPROVING}\b(?:\s+\S+){{0,3}}?\s+{_PAPERWORK}\b|"
    rf"\b{_PAPERWORK}\b(?:\s+\S+){{0,8}}?\s+(?:udah\s+|sudah\s+|dah\s+)?"
    rf"(?:(?:gw|gue|aku|saya|kami|kita)\s+)?{_APPROVING}\b",
    re.IGNORECASE,
)


def routine(sentence: str) -> bool:
    """Whether a sentence approves or reviews the day's paperwork (a document, a PR, leave)."""
    return _ROUTINE.search(sentence) is not None


def jokes(line: str) -> bool:
    """Whether a line laughs or jokes: what it says of events is banter."""
    return _JOKE.search(line) is not None


def said_plainly(sentence: str) -> str:
    """The part of a sentence that can say an event happened: nothing of a question or of a
    supposition, and the sentence without what it holds in quotes."""
    stripped = sentence.rstrip()
    if stripped.endswith("?") or _SUPPOSED.search(sentence):
        return ""
    return _QUOTED.sub(" ", sentence)
