"""The words of time phrases in English and Indonesian, for `when`: months, weekdays, numbers,
units, and the words that cue, relate and join them."""

from __future__ import annotations

import re
from calendar import monthrange
from collections.abc import Callable
from datetime import date, timedelta
from typing import TypeVar

_K = TypeVar("_K")

DAY = timedelta(days=1)
TOKEN = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}|[^\W_]+(?:['’][^\W_]+)*")
JOIN = re.compile(r"\s*[,\-–]?\s*")
ORDINAL = re.compile(r"([0-9]{1,2})(?:st|nd|rd|th)?")
YEAR = re.compile(r"[1-9][0-9]{3}")
ISO = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
COUNT = re.compile(r"[0-9]{1,4}")


def words(text: str) -> frozenset[str]:
    return frozenset(text.split())


def inverse(rows: dict[_K, str]) -> dict[str, _K]:
    """Each word of each row, to the row's key."""
    return {word: key for key, row in rows.items() for word in row.split()}


def phrases(text: str) -> list[tuple[str, ...]]:
    """`"last week|minggu lalu"` as word tuples."""
    return [tuple(phrase.split()) for phrase in text.split("|")]


MONTHS = inverse(dict(enumerate((
    "january jan januari", "february feb februari pebruari", "march mar maret", "april apr",
    "may mei", "june jun juni", "july jul juli", "august aug agustus agu agt",
    "september sep sept", "october oct oktober okt", "november nov nopember",
    "december dec desember des",
), start=1)))  # fmt: skip
ABBREVIATED = words("jan feb mar apr jun jul aug agu agt sep sept oct okt nov dec des")
WEEKDAYS = inverse(dict(enumerate((  # Monday 0, as date.weekday()
    "monday senin", "tuesday selasa", "wednesday rabu", "thursday kamis", "friday jumat jum'at",
    "saturday sabtu", "sunday",
))))  # fmt: skip
NUMBERS = inverse(dict(enumerate((
    "a an one satu", "two dua", "three tiga", "four empat", "five lima", "six enam",
    "seven tujuh", "eight delapan", "nine sembilan", "ten sepuluh", "eleven sebelas", "twelve",
), start=1)))  # fmt: skip
COUNTS = {  # longest first
    words: n
    for n, text in ((2, "a couple of|a couple|couple of"), (3, "a few|few|several|beberapa"),
                    (12, "dua belas"))
    for words in phrases(text)
}  # fmt: skip
UNITS = inverse({"d": "day days hari", "w": "week weeks minggu pekan", "m": "month months bulan",
                   "y": "year years tahun"})  # fmt: skip
SE = {"sehari": "d", "seminggu": "w", "sepekan": "w", "sebulan": "m", "setahun": "y"}
UNIT_NAMES = {"d": "days", "w": "weeks", "m": "months", "y": "years"}
STEPS = {"d": (1, 0), "w": (7, 0), "m": (0, 1), "y": (0, 12)}  # a unit's days and months
PARTS = inverse({(1, 10): "early awal", (11, 20): "mid pertengahan", (21, 31): "late akhir"})
IN = words("in during throughout di pada pas selama")  # cue a month, a year or a weekday
ON = words("on over within dalam")  # a weekday ("over 2000 users" is no year)
AGO = words("ago lalu kemarin sebelumnya")
LALU = words("lalu kemarin")
RELATIONS = inverse({"since": "since sejak semenjak dari", "before": "before sebelum",
                       "after": "after setelah sesudah"})  # fmt: skip
REACHING = words("to until till through sampai sampe hingga")  # 4 to 8 September
RANGES = {  # the word before X: the words between X and Y
    "between": words("and"), "antara": words("dan"), "from": words("to until till through"),
    "dari": words("sampai hingga ke"), "sejak": words("sampai hingga"),
}  # fmt: skip


def week_of(day: date) -> tuple[date, date]:
    monday = day - day.weekday() * DAY
    return monday, monday + 6 * DAY


def month_span(year: int, month: int, first: int = 1, last: int = 31) -> tuple[date, date]:
    return date(year, month, first), date(year, month, min(last, monthrange(year, month)[1]))


def month_of(day: date) -> tuple[date, date]:
    return month_span(day.year, day.month)


def year_of(year: int) -> tuple[date, date]:
    return date(year, 1, 1), date(year, 12, 31)


def add_months(day: date, months: int) -> date:
    """The same day `months` later (earlier when negative), clamped to the month's last day."""
    year, month = divmod(day.year * 12 + day.month - 1 + months, 12)
    return date(year, month + 1, min(day.day, monthrange(year, month + 1)[1]))


def away(anchor: date, n: int, unit: str) -> tuple[date, date]:
    """The unit `n` away from `anchor` (before it when negative): a day, 7 days, a month, a year."""
    if unit == "d":
        return anchor + n * DAY, anchor + n * DAY
    if unit == "w":
        edge = anchor + 7 * n * DAY
        return (edge, edge + 6 * DAY) if n < 0 else (edge - 6 * DAY, edge)
    if unit == "m":
        return month_of(add_months(anchor, n))
    return year_of(anchor.year + n)


def valid_date(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


# -- the forms: each reads words[i:] and gives its days and the index after its words, or None


FIXED_FORMS: dict[str, tuple[Callable[[date], tuple[date, date]], str]] = {  # kind: days, words
    "yesterday": (lambda a: (a - DAY, a - DAY), "yesterday|last night|kemarin|tadi malam"),
    "today": (lambda a: (a, a), "today|tonight|this morning|hari ini|malam ini|tadi pagi"),
    "days_ago": (lambda a: (a - 2 * DAY, a - 2 * DAY),
                 "the day before yesterday|kemarin lusa|kemarin dulu"),
    "last_week": (lambda a: week_of(a - 7 * DAY), "last week|the previous week|minggu lalu"
                  "|minggu yang lalu|minggu kemarin|pekan lalu|pekan yang lalu|pekan kemarin"),
    "this_week": (week_of, "this week|minggu ini|pekan ini"),
    "last_month": (lambda a: month_of(add_months(a, -1)),
                   "last month|bulan lalu|bulan yang lalu|bulan kemarin"),
    "this_month": (month_of, "this month|bulan ini"),
    "last_year": (lambda a: year_of(a.year - 1),
                  "last year|tahun lalu|tahun yang lalu|tahun kemarin"),
    "this_year": (lambda a: year_of(a.year), "this year|tahun ini"),
    "weekend": (lambda a: (week_of(a)[0] - 2 * DAY, week_of(a)[0] - DAY),
                "last weekend|this past weekend|weekend lalu|weekend kemarin"
                "|akhir pekan lalu|akhir pekan kemarin|akhir pekan yang lalu"),
}  # fmt: skip
FIXED = {words: kind for kind, (_, text) in FIXED_FORMS.items() for words in phrases(text)}
FIXED_LONGEST = max(len(words) for words in FIXED)
