"""Whether a sentence tells an incident, and the numbers that weigh one: how long, how many, how
much. The summarizer weighs a day by them (`summarize.importance`) and the index marks the lines
that state one (`index.asides`): one rule, so a day the summary calls an outage is the day a
question about the outage finds.

An incident is said outright ("outage", "insiden", "went down"), or told by trouble with its
signs: "Checkout API down 10:12-10:59 (47 menit), 1.240 order gagal" says no word of an outage,
its duration and its failed orders do. A drill is none; nor is trouble in small talk with no sign
of harm ("the AC is down again", "akar masalah: kurang kafein"); nor a postmortem, which writes an
outage up afterwards (`retold`: its incident words are the outage's, and "yesterday's outage" is
the day before's).
"""

from __future__ import annotations

import re
from collections import Counter

# The patterns that read numbers start once per number: in a long run of digits, dots and commas
# (a pasted CSV row, a list of IPs), every later start ends where the first one does, and fails
# as it did, so trying each would read the run once per digit.
_DURATION = re.compile(
    r"(?<!\d)(\d+(?:[.,]\d+)?)\s*(menit|minutes?|mins?|jam|hours?|hrs?|h)\b", re.IGNORECASE
)
_RANGE = re.compile(
    r"\b(\d{1,2})[:.](\d{2})\s*(?:to|until|till|sampai|sampe|-|–)\s*(\d{1,2})[:.](\d{2})"
)
IMPACT = re.compile(  # from a run's first digit after a non-word character (`\b\d`)
    r"(?<![\d.,])(?>[\d.,]*?(?<!\w)\d)[\d.,]*+"
    r"\s*(?:k\s+)?(?:failed|errors?|requests?|users?|customers?|merchants?|orders?|"
    r"transactions?|transaksi|pelanggan|pengguna|payments?|charges?|rows?|records?|"
    r"parcels?|packages?|paket|shipments?|kiriman|deliveries|pengiriman)\b",
    re.IGNORECASE,
)
LOSS = re.compile(
    r"\b(?:data loss|lost data|data hilang|hilang data|data ilang|semua user|all users)\b", re.I
)
# A large amount of money: a million rupiah or a thousand dollars and more, its currency said
# ("2 juta user" is a count, "Rp 2 juta" money).
BIG_MONEY = re.compile(
    r"(?:rp\.?|idr|usd|us\$|\$|€|eur)\s*\d[\d.,]*\s*(?:juta|jt|miliar|milyar|billion|million|k\b)|"
    r"(?<![\d.,])[.,]*+\d[\d.,]*+\s*(?:juta|jt|miliar|milyar|million|billion)\s*"
    r"(?:rupiah|rp|idr|dollars?|dolar|usd)|"
    r"(?:\$|usd\s*|us\$)\s*\d{1,3}(?:[.,]\d{3})+|rp\.?\s*\d{1,3}(?:\.\d{3}){2,}",
    re.IGNORECASE,
)
EARLIER = re.compile(
    r"\b(?:yesterday|yesterday's|last (?:week|night|monday|tuesday|wednesday|thursday|friday|"
    r"saturday|sunday)|the other day|kemarin|kemaren|kmrn|minggu lalu|pekan lalu|(?:senin|selasa|"
    r"rabu|kamis|jumat|sabtu|minggu) lalu|tempo hari)\b",
    re.IGNORECASE,
)
TODAY = re.compile(
    r"\b(?:today|this morning|this afternoon|tonight|just now|right now|hari ini|tadi|barusan|"
    r"sekarang|pagi ini|siang ini|sore ini|malam ini)\b",
    re.IGNORECASE,
)
_DRILL = re.compile(r"\b(?:drill|simulation|tabletop|rehearsal|latihan|simulasi|gladi)\b", re.I)
_DIGIT = re.compile(r"\d")


def minutes_in(text: str) -> float:
    """The longest duration a sentence gives, in minutes (`37 minutes`, `2 jam`, `14:12 to 14:49`)."""
    best = 0.0
    for amount, unit in _DURATION.findall(text):
        value = float(amount.replace(",", "."))
        best = max(best, value * (60 if unit.lower()[0] in "jh" else 1))
    for h1, m1, h2, m2 in _RANGE.findall(text):
        span = (int(h2) * 60 + int(m2)) - (int(h1) * 60 + int(m1))
        if 0 < span < 24 * 60:
            best = max(best, float(span))
    return best


def has_digits(text: str) -> bool:
    """Whether a sentence holds a digit: durations, amounts and impacts all do."""
    return _DIGIT.search(text) is not None


def harmed(text: str, hits: Counter[str]) -> bool:
    """What shows an incident happened: how long, how many it hit, that it was live, data lost
    (`hits` are the sentence's lexicon hits, `text.lexicon.signals`)."""
    numbers = has_digits(text) and (minutes_in(text) > 0 or IMPACT.search(text) is not None)
    return bool(numbers or hits["production"] or LOSS.search(text))


def incident(text: str, hits: Counter[str]) -> bool:
    """Whether a sentence tells an incident: said outright (not pointed at as one known), or
    trouble live or with a counted impact (trouble called minor only with its harm counted); no
    drill, and no trouble in small talk without a sign of harm."""
    said = hits["incident"] - hits["postmortem"]  # a write-up is no outage
    if not (said or hits["trouble"]) or _DRILL.search(text):
        return False
    if hits["small_talk"] and not harmed(text, hits):
        return False
    if said:
        return not (_POINTED_AT.search(text) and not harmed(text, hits))
    counted = has_digits(text) and IMPACT.search(text) is not None
    if _MINOR.search(text):  # "3 bug kecil di dashboard merchant, udah ada tiket"
        return counted or minutes_in(text) > 0
    return bool(hits["production"]) or counted


# Trouble called small: a ticket's worth, not an incident.
_MINOR = re.compile(
    r"\b(?:minor|small|tiny|cosmetic|kecil|kecil-kecil|kecil-kecilan|kosmetik|typo)\b", re.I
)
# An incident pointed at as one already known ("That incident was bugging me all week",
# "insiden itu bikin kapok"): a mention, unless the sentence shows its harm.
_POINTED_AT = re.compile(
    r"\b(?:that|this same|the same)\s+(?:incident|outage|insiden)\b|"
    r"\b(?:insiden|incident|outage|kejadian|gangguan)\s+(?:itu|tersebut|tadi)\b",
    re.IGNORECASE,
)


def retold(text: str, hits: Counter[str]) -> bool:
    """Whether a sentence writes up an earlier outage ("Postmortem for yesterday's checkout
    outage", "postmortem insiden kemarin"): follow-up work, not the incident."""
    return bool(hits["postmortem"]) and bool(EARLIER.search(text)) and not TODAY.search(text)
