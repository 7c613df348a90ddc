"""Time phrases in search queries, English and Indonesian: the days a question's words name.

`read_window(query, as_of)` reads a query's time phrase against `as_of` (A below, the day asked)
into a `Window` of days, and gives back the query without the phrase's words (spaces collapsed,
none before punctuation, no stray comma at either end); a query with none gives `(None, query)`.
Of several phrases the leftmost is read, and at one word the longest reading ("between March and
May" is one phrase). Words match whole, in any case ("mayor" holds no "may"); a phrase spans no
punctuation but a comma, a hyphen ("mid-March") and the period of an abbreviation ("Sept. 5").

The forms, English | Indonesian, and their windows (both ends inclusive, weeks from Monday):

- yesterday, last night | kemarin, tadi malam: A-1 day. today, tonight, this morning | hari ini,
  malam ini, tadi pagi: A. the day before yesterday | kemarin lusa, kemarin dulu: A-2.
- N days ago | N hari (yang) lalu/kemarin/sebelumnya: the day A-N. N weeks ago | N minggu/pekan
  ...: the calendar week of A-7N days. N months ago | N bulan ...: the calendar month N before A's
  (on 31 March "a month ago" is February). N years ago | N tahun ...: the year N before A's. N:
  digits, a, an, one .. twelve, a couple (of) = 2, (a) few, several = 3 | satu .. sebelas, dua
  belas, beberapa = 3; sehari, seminggu, sepekan, sebulan, setahun are 1 and the unit.
- (the) past [N] days/weeks/months/years, (the) last N ... | N hari/minggu/bulan/tahun terakhir:
  the N units up to A (A-N+1 .. A; A-7N+1 .. A; the day after A's date N months back .. A).
  "last" and "terakhir" need the count: "the last day of camp" is no window.
- last week, the previous week | minggu (yang) lalu, minggu kemarin, pekan (yang) lalu, pekan
  kemarin: the week before A's. this week | minggu ini, pekan ini: A's Monday .. A. last month |
  bulan (yang) lalu, bulan kemarin; this month | bulan ini; last year | tahun (yang) lalu, tahun
  kemarin; this year | tahun ini: the calendar month or year, this one's ending at A.
- last weekend, this past weekend | akhir pekan (yang) lalu, akhir pekan kemarin, weekend lalu,
  weekend kemarin: the Saturday and Sunday before A's Monday (on a weekend day, the one before).
- MONTH with a cue: a preposition (in, during, throughout | di, pada, pas, selama), "bulan" before
  it, or lalu/kemarin after it: the latest such month that starts by A (asked in August, "in
  August" is 1 August .. A). last MONTH | MONTH (yang) lalu, MONTH kemarin: the latest one before
  A's month ("Agustus lalu" asked in August is last year's). MONTH YEAR, MONTH of YEAR | (bulan)
  MONTH (tahun) YEAR: that month. early, mid, late MONTH | awal, pertengahan, akhir MONTH, with a
  year or not: its days 1-10, 11-20, 21-last (the latest such that starts by A). MONTH: January ..
  December, jan feb mar apr jun jul aug sep(t) oct nov dec | Januari .. Desember, agu agt okt des.
- A weekday with a cue: last, a preposition above, on, over, within | dalam, hari before it, or
  lalu/kemarin after it (on Tuesday | hari Selasa, pas Selasa, Selasa lalu): the latest such day
  before A (on a Tuesday, "on Tuesday" is a week back). Senin .. Sabtu, Jum(')at; Minggu after hari.
- Dates: 2023-06-03; 3 June 2023, 3rd of June 2023, June 3(rd), 2023 | (tanggal) 3 Juni 2023: that
  day; with no year (June 3, the 3rd of June | 3 Juni) the latest such day by A (29 February: in
  the latest leap year). An impossible date (31 June 2023) names nothing, nor does any part of it.
- A year with a cue: a month's preposition | tahun (in 2023 | tahun 2023): that year ("over 2000
  users" is none).
- N days/weeks/months/years before X | N hari/... sebelum X; the day/week/... before X: the day
  X.start-N; the 7 days X.start-7N .. X.start-7N+6 ("the week before 3 June" is 27 May .. 2 June);
  the calendar month or year N before X.start's. after X | setelah, sesudah X: the same after
  X.end (X.end+N; X.end+7N-6 .. X.end+7N; ...).
- since X | sejak, semenjak, dari X: X.start .. A. before X | sebelum X: open (start None) ..
  X.start-1 ("before this week" ends last Sunday). after X | setelah, sesudah X: X.end+1 .. A.
  between X and Y, from X to/until/till/through Y | antara X dan Y, dari X sampai/hingga/ke Y,
  sejak X sampai/hingga Y: X.start .. Y.end, X read as of Y's end if it would start after Y
  ("between November and February" asked in August spans the new year). X and Y: any form above
  but these, a bare month, weekday or year cued by the word before ("since Monday", "sebelum Mei").

A window's end is clipped to A, except that one starting after A ("in December 2023" asked on 16
August 2023) comes back as named, its end after A and no day up to A in it; since or after such a
point is its first day alone. Not read: future phrases (tomorrow, next week | besok, lusa, minggu
depan); bare months ("what may happen", "March of the penguins", while "in March of the penguins"
is March), weekdays, years and "minggu"; since/after/before with no time after ("after the
accident"); "the last time", "her latest project", "kabar terakhir"; hours.
"""

from __future__ import annotations

import re
from calendar import monthrange
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date, timedelta
from typing import TypeVar

__all__ = ["Window", "read_window"]


@dataclass(frozen=True)
class Window:
    """The days a query's time phrase names, `start` .. `end`, both inclusive. `kind` names the
    form: yesterday, today, days_ago, weeks_ago, months_ago, years_ago, past, last_week, this_week,
    last_month, this_month, last_year, this_year, weekend, month, month_year, month_part, weekday,
    date, year, since, before, after, between, and days/weeks/months/years_before/after."""

    start: date | None  # None: open ("before March")
    end: date  # after the day asked only for a window wholly after it
    phrase: str  # the query's words that named it, as written
    kind: str  # the form's name, as above

    def __contains__(self, day: date) -> bool:
        return (self.start is None or self.start <= day) and day <= self.end

    def distance(self, day: date) -> int:
        """0 for a day inside, else the days to the nearest edge."""
        if day > self.end:
            return (day - self.end).days
        return 0 if self.start is None or day >= self.start else (self.start - day).days

    def days(self) -> int | None:
        """How many days it spans (None when open)."""
        return None if self.start is None else (self.end - self.start).days + 1


Words = Sequence[str]
_Span = tuple[date, date, str]  # first day, last day, kind
_Days = tuple[date | None, date, str]  # the same, the first day None when open
_PointHit = tuple[_Span | None, int]  # the days (None: an impossible date), the word after
_Hit = tuple[_Days | None, int]
_H = TypeVar("_H", _Hit, _PointHit)
_K = TypeVar("_K")
_Parsers = Sequence[Callable[[Words, int, date, str], _H | None]]

_DAY = timedelta(days=1)
_TOKEN = re.compile(r"[0-9]{4}-[0-9]{2}-[0-9]{2}|[^\W_]+(?:['’][^\W_]+)*")
_JOIN = re.compile(r"\s*[,\-–]?\s*")
_ORDINAL = re.compile(r"([0-9]{1,2})(?:st|nd|rd|th)?")
_YEAR = re.compile(r"[1-9][0-9]{3}")
_ISO = re.compile(r"([0-9]{4})-([0-9]{2})-([0-9]{2})")
_COUNT = re.compile(r"[0-9]{1,4}")


def _words(text: str) -> frozenset[str]:
    return frozenset(text.split())


def _inverse(rows: dict[_K, str]) -> dict[str, _K]:
    """Each word of each row, to the row's key."""
    return {word: key for key, row in rows.items() for word in row.split()}


def _phrases(text: str) -> list[tuple[str, ...]]:
    """`"last week|minggu lalu"` as word tuples."""
    return [tuple(phrase.split()) for phrase in text.split("|")]


_MONTHS = _inverse(dict(enumerate((
    "january jan januari", "february feb februari pebruari", "march mar maret", "april apr",
    "may mei", "june jun juni", "july jul juli", "august aug agustus agu agt",
    "september sep sept", "october oct oktober okt", "november nov nopember",
    "december dec desember des",
), start=1)))  # fmt: skip
_ABBREVIATED = _words("jan feb mar apr jun jul aug agu agt sep sept oct okt nov dec des")
_WEEKDAYS = _inverse(dict(enumerate((  # Monday 0, as date.weekday()
    "monday senin", "tuesday selasa", "wednesday rabu", "thursday kamis", "friday jumat jum'at",
    "saturday sabtu", "sunday",
))))  # fmt: skip
_NUMBERS = _inverse(dict(enumerate((
    "a an one satu", "two dua", "three tiga", "four empat", "five lima", "six enam",
    "seven tujuh", "eight delapan", "nine sembilan", "ten sepuluh", "eleven sebelas", "twelve",
), start=1)))  # fmt: skip
_COUNTS = {  # longest first
    words: n
    for n, text in ((2, "a couple of|a couple|couple of"), (3, "a few|few|several|beberapa"),
                    (12, "dua belas"))
    for words in _phrases(text)
}  # fmt: skip
_UNITS = _inverse({"d": "day days hari", "w": "week weeks minggu pekan", "m": "month months bulan",
                   "y": "year years tahun"})  # fmt: skip
_SE = {"sehari": "d", "seminggu": "w", "sepekan": "w", "sebulan": "m", "setahun": "y"}
_UNIT_NAMES = {"d": "days", "w": "weeks", "m": "months", "y": "years"}
_STEPS = {"d": (1, 0), "w": (7, 0), "m": (0, 1), "y": (0, 12)}  # a unit's days and months
_PARTS = _inverse({(1, 10): "early awal", (11, 20): "mid pertengahan", (21, 31): "late akhir"})
_IN = _words("in during throughout di pada pas selama")  # cue a month, a year or a weekday
_ON = _words("on over within dalam")  # a weekday ("over 2000 users" is no year)
_AGO = _words("ago lalu kemarin sebelumnya")
_LALU = _words("lalu kemarin")
_RELATIONS = _inverse({"since": "since sejak semenjak dari", "before": "before sebelum",
                       "after": "after setelah sesudah"})  # fmt: skip
_RANGES = {  # the word before X: the words between X and Y
    "between": _words("and"), "antara": _words("dan"), "from": _words("to until till through"),
    "dari": _words("sampai hingga ke"), "sejak": _words("sampai hingga"),
}  # fmt: skip


def _week(day: date) -> tuple[date, date]:
    monday = day - day.weekday() * _DAY
    return monday, monday + 6 * _DAY


def _month(year: int, month: int, first: int = 1, last: int = 31) -> tuple[date, date]:
    return date(year, month, first), date(year, month, min(last, monthrange(year, month)[1]))


def _month_of(day: date) -> tuple[date, date]:
    return _month(day.year, day.month)


def _year(year: int) -> tuple[date, date]:
    return date(year, 1, 1), date(year, 12, 31)


def _add_months(day: date, months: int) -> date:
    """The same day `months` later (earlier when negative), clamped to the month's last day."""
    year, month = divmod(day.year * 12 + day.month - 1 + months, 12)
    return date(year, month + 1, min(day.day, monthrange(year, month + 1)[1]))


def _away(anchor: date, n: int, unit: str) -> tuple[date, date]:
    """The unit `n` away from `anchor` (before it when negative): a day, 7 days, a month, a year."""
    if unit == "d":
        return anchor + n * _DAY, anchor + n * _DAY
    if unit == "w":
        edge = anchor + 7 * n * _DAY
        return (edge, edge + 6 * _DAY) if n < 0 else (edge - 6 * _DAY, edge)
    if unit == "m":
        return _month_of(_add_months(anchor, n))
    return _year(anchor.year + n)


def _valid(year: int, month: int, day: int) -> date | None:
    try:
        return date(year, month, day)
    except ValueError:
        return None


# -- the forms: each reads words[i:] and gives its days and the index after its words, or None


def _at(words: Words, i: int) -> str:
    return words[i] if i < len(words) else ""


def _suffix(words: Words, j: int, accepted: frozenset[str]) -> int:
    """The index after an accepted word at j, maybe after "yang" ("yang lalu"); else j."""
    k = j + 1 if _at(words, j) == "yang" else j
    return k + 1 if _at(words, k) in accepted else j


_FIXED_FORMS: dict[str, tuple[Callable[[date], tuple[date, date]], str]] = {  # kind: days, words
    "yesterday": (lambda a: (a - _DAY, a - _DAY), "yesterday|last night|kemarin|tadi malam"),
    "today": (lambda a: (a, a), "today|tonight|this morning|hari ini|malam ini|tadi pagi"),
    "days_ago": (lambda a: (a - 2 * _DAY, a - 2 * _DAY),
                 "the day before yesterday|kemarin lusa|kemarin dulu"),
    "last_week": (lambda a: _week(a - 7 * _DAY), "last week|the previous week|minggu lalu"
                  "|minggu yang lalu|minggu kemarin|pekan lalu|pekan yang lalu|pekan kemarin"),
    "this_week": (_week, "this week|minggu ini|pekan ini"),
    "last_month": (lambda a: _month_of(_add_months(a, -1)),
                   "last month|bulan lalu|bulan yang lalu|bulan kemarin"),
    "this_month": (_month_of, "this month|bulan ini"),
    "last_year": (lambda a: _year(a.year - 1),
                  "last year|tahun lalu|tahun yang lalu|tahun kemarin"),
    "this_year": (lambda a: _year(a.year), "this year|tahun ini"),
    "weekend": (lambda a: (_week(a)[0] - 2 * _DAY, _week(a)[0] - _DAY),
                "last weekend|this past weekend|weekend lalu|weekend kemarin"
                "|akhir pekan lalu|akhir pekan kemarin|akhir pekan yang lalu"),
}  # fmt: skip
_FIXED = {words: kind for kind, (_, text) in _FIXED_FORMS.items() for words in _phrases(text)}
_FIXED_LONGEST = max(len(words) for words in _FIXED)


def _fixed(words: Words, i: int, as_of: date, cue: str) -> _PointHit | None:
    """A phrase of its own words: yesterday, kemarin, last week, minggu ini, ..."""
    for stop in range(min(len(words), i + _FIXED_LONGEST), i, -1):
        if kind := _FIXED.get(tuple(words[i:stop])):
            return (*_FIXED_FORMS[kind][0](as_of), kind), stop
    return None


def _count(words: Words, i: int) -> tuple[int, int] | None:
    """A count at word i (3, three, a couple of, tiga, beberapa): it and the index after it."""
    for phrase, n in _COUNTS.items():
        if tuple(words[i : i + len(phrase)]) == phrase:
            return n, i + len(phrase)
    word = _at(words, i)
    if _COUNT.fullmatch(word):
        return int(word), i + 1
    return (_NUMBERS[word], i + 1) if word in _NUMBERS else None


def _amount(words: Words, i: int) -> tuple[int, str, int] | None:
    """A count of a unit at word i (3 days, seminggu): count, unit letter, index after."""
    if _at(words, i) in _SE:
        return 1, _SE[words[i]], i + 1
    counted = _count(words, i)
    if counted is None or _at(words, counted[1]) not in _UNITS:
        return None
    return counted[0], _UNITS[words[counted[1]]], counted[1] + 1


def _ago(words: Words, i: int, as_of: date, cue: str) -> _PointHit | None:
    """N days ago, 2 minggu yang lalu, setahun lalu."""
    amount = _amount(words, i)
    if amount is None or (stop := _suffix(words, amount[2], _AGO)) == amount[2]:
        return None
    n, unit, _ = amount
    start, end = _week(as_of - 7 * n * _DAY) if unit == "w" else _away(as_of, -n, unit)
    return (start, end, f"{_UNIT_NAMES[unit]}_ago"), stop


def _past(words: Words, i: int, as_of: date, cue: str) -> _PointHit | None:
    """The past week, the last 3 days, past two months | 3 hari terakhir: rolling up to as_of."""
    j = i + 1 if _at(words, i) == "the" else i
    if _at(words, j) in ("past", "last"):
        amount = _amount(words, j + 1)
        if amount is None and words[j] == "past" and _at(words, j + 1) in _UNITS:
            amount = 1, _UNITS[words[j + 1]], j + 2
    elif j == i and (amount := _amount(words, i)) and _at(words, amount[2]) == "terakhir":
        amount = amount[0], amount[1], amount[2] + 1
    else:
        return None
    if amount is None or amount[0] < 1:
        return None
    n, unit, stop = amount
    days, months = _STEPS[unit]
    return (_add_months(as_of, -months * n) - (days * n - 1) * _DAY, as_of, "past"), stop


def _anchored(words: Words, i: int, as_of: date, cue: str) -> _PointHit | None:
    """2 days before June 3, 2023; the week before 3 June; seminggu setelah 2023-06-03."""
    if _at(words, i) == "the" and _at(words, i + 1) in _UNITS:
        n, unit, j = 1, _UNITS[words[i + 1]], i + 2
    elif (amount := _amount(words, i)) is not None:
        n, unit, j = amount
    else:
        return None
    if (relation := _RELATIONS.get(_at(words, j))) not in ("before", "after"):
        return None
    anchor = _longest(_ANCHORS, words, j + 1, as_of, "*")
    if anchor is None or anchor[0] is None:
        return anchor
    (start, end, _), stop = anchor[0], anchor[1]
    first, last = _away(start, -n, unit) if relation == "before" else _away(end, n, unit)
    return (first, last, f"{_UNIT_NAMES[unit]}_{relation}"), stop


def _date(words: Words, i: int, as_of: date, cue: str) -> _PointHit | None:
    """2023-06-03; 3 June 2023, the 3rd of June, tanggal 3 Juni; June 3, 2023, June 3rd."""
    if iso := _ISO.fullmatch(_at(words, i)):
        found = _valid(int(iso[1]), int(iso[2]), int(iso[3]))
        return ((found, found, "date") if found else None), i + 1
    j = i + 1 if _at(words, i) in ("the", "tanggal") else i
    if (day := _ORDINAL.fullmatch(_at(words, j))) is not None:  # the day first
        j += 2 if _at(words, j + 1) == "of" else 1
        month = _MONTHS.get(_at(words, j))
    elif j == i:  # the month first
        month, day, j = _MONTHS.get(_at(words, i)), _ORDINAL.fullmatch(_at(words, i + 1)), i + 1
    else:
        return None
    if day is None or month is None:
        return None
    stop, number = j + 1, int(day[1])
    if _YEAR.fullmatch(_at(words, stop)):
        found = _valid(int(words[stop]), month, number)
        return ((found, found, "date") if found else None), stop + 1
    if _valid(2000, month, number) is None:  # 2000 is a leap year: no year has this day
        return None, stop
    year = as_of.year if (month, number) <= (as_of.month, as_of.day) else as_of.year - 1
    while _valid(year, month, number) is None:  # 29 February
        year -= 1
    return (date(year, month, number), date(year, month, number), "date"), stop


def _month_phrase(words: Words, i: int, as_of: date, cue: str) -> _PointHit | None:
    """in March, bulan Maret, Maret lalu, last May, June 2023, early March, akhir Maret 2023."""
    part = _PARTS.get(_at(words, i))
    last = _at(words, i) == "last"
    j = i + 1 if part or last else i
    j += int(_at(words, j) == "bulan")
    cued = j > i or cue in ("in", "*")  # a part, "last", "bulan" or the word before
    if (month := _MONTHS.get(_at(words, j))) is None:
        return None
    first, end = part or (1, 31)
    year_at = j + 2 if _at(words, j + 1) in ("of", "tahun") else j + 1
    if _YEAR.fullmatch(_at(words, year_at)):
        days = _month(int(words[year_at]), month, first, end)
        return (*days, "month_part" if part else "month_year"), year_at + 1
    if (stop := _suffix(words, j + 1, _LALU)) > j + 1:
        cued = last = True
    if not cued:
        return None
    if last:  # the latest before as_of's month
        year = as_of.year - int(month >= as_of.month)
    else:
        year = as_of.year - int(date(as_of.year, month, first) > as_of)
    return (*_month(year, month, first, end), "month_part" if part else "month"), stop


def _weekday(words: Words, i: int, as_of: date, cue: str) -> _PointHit | None:
    """on Tuesday, last Tuesday, hari Selasa, Selasa lalu, hari Minggu kemarin."""
    j = i + 1 if _at(words, i) in ("last", "hari") else i
    name = _at(words, j)
    weekday = 6 if name == "minggu" and j > i and words[i] == "hari" else _WEEKDAYS.get(name)
    stop = _suffix(words, j + 1, _LALU)
    if weekday is None or (not cue and stop == i + 1):  # a bare weekday
        return None
    day = as_of - ((as_of.weekday() - weekday) % 7 or 7) * _DAY
    return (day, day, "weekday"), stop


def _year_phrase(words: Words, i: int, as_of: date, cue: str) -> _PointHit | None:
    """in 2023, tahun 2023."""
    j = i + 1 if _at(words, i) == "tahun" else i
    if not _YEAR.fullmatch(_at(words, j)) or (j == i and cue not in ("in", "*")):
        return None
    return (*_year(int(words[j])), "year"), j + 1


def _prep(words: Words, i: int, as_of: date, cue: str) -> _PointHit | None:
    """A preposition and the point after it: in March, on Tuesday, di bulan Maret, pas Senin."""
    word = _at(words, i)
    if word not in _IN and word not in _ON:
        return None
    return _longest(_POINTS, words, i + 1, as_of, "in" if word in _IN else "on")


def _relation(words: Words, i: int, as_of: date, cue: str) -> _Hit | None:
    """since X, before X, after X | sejak, sebelum, setelah X."""
    relation = _RELATIONS.get(_at(words, i))
    x = _longest(_POINTS, words, i + 1, as_of, "*") if relation else None
    if x is None or x[0] is None:
        return x
    (start, end, _), stop = x[0], x[1]
    if relation == "since":
        return (start, as_of, "since"), stop
    if relation == "before":
        return (None, start - _DAY, "before"), stop
    return (end + _DAY, as_of, "after"), stop


def _between(words: Words, i: int, as_of: date, cue: str) -> _Hit | None:
    """between March and May, from June 3 to June 10, antara X dan Y, dari X sampai Y."""
    closers = _RANGES.get(_at(words, i))
    if closers is None:
        return None
    first = _longest(_POINTS, words, i + 1, as_of, "*")
    if first is None or first[0] is None or _at(words, first[1]) not in closers:
        return None
    second = _longest(_POINTS, words, first[1] + 1, as_of, "*")
    if second is None or second[0] is None:
        return second
    x, y = first[0], second[0]
    if x[0] > y[1]:  # "between November and February": November as of February's end
        again = _longest(_POINTS, words, i + 1, y[1], "*")
        x = again[0] if again and again[0] else x
    return (min(x[0], y[0]), max(x[1], y[1]), "between"), second[1]


_ANCHORS: _Parsers[_PointHit] = (_fixed, _ago, _past, _date, _month_phrase, _weekday, _year_phrase)
_POINTS: _Parsers[_PointHit] = (_fixed, _ago, _past, _anchored, *_ANCHORS[3:])
_PHRASES: _Parsers[_Hit] = (_prep, _relation, _between, *_POINTS)


def _longest(parsers: _Parsers[_H], words: Words, i: int, as_of: date, cue: str) -> _H | None:
    """The longest reading of words[i:] (the first of equally long ones), or None."""
    best = None
    for parse in parsers:
        try:
            hit = parse(words, i, as_of, cue)
        except (ValueError, OverflowError):  # a day outside the calendar
            continue
        if hit is not None and (best is None or hit[1] > best[1]):
            best = hit
    return best


def _runs(query: str) -> list[list[re.Match[str]]]:
    """The query's words, in runs that a phrase may span (no sentence punctuation between)."""
    runs: list[list[re.Match[str]]] = []
    for m in _TOKEN.finditer(query):
        if runs:
            before = runs[-1][-1]
            gap = query[before.end() : m.start()]
            if _JOIN.fullmatch(gap) or (gap.strip() == "." and before[0].lower() in _ABBREVIATED):
                runs[-1].append(m)
                continue
        runs.append([m])
    return runs


def _tidy(text: str) -> str:
    """Spaces collapsed and none before punctuation, no empty brackets, no stray commas."""
    text = re.sub(r" (?=[,.;:?!)])", "", re.sub(r"\s+", " ", text))
    text = re.sub(r"\(\)|[,;:](?=[,.;:?!])", "", text)
    return re.sub(r"\s+", " ", text).strip(" ,;:")


def _settle(days: _Days, phrase: str, as_of: date) -> Window:
    """The window of `days`, clipped to end by as_of unless it starts after it."""
    start, end, kind = days
    if start is not None and start > as_of:
        return Window(start, max(start, end), phrase, kind)
    return Window(start, min(end, as_of), phrase, kind)


def read_window(query: str, as_of: date) -> tuple[Window | None, str]:
    """The window the query's time phrase names (resolved against as_of), and the query with the
    phrase's words taken out (spaces collapsed, punctuation left sensible)."""
    for run in _runs(query):
        words = [m[0].lower().replace("’", "'") for m in run]
        i = 0
        while i < len(words):
            hit = _longest(_PHRASES, words, i, as_of, "")
            if hit is None or hit[0] is None:  # no phrase here, or an impossible date to skip
                i = hit[1] if hit else i + 1
                continue
            first, last = run[i].start(), run[hit[1] - 1].end()
            rest = _tidy(query[:first] + " " + query[last:])
            return _settle(hit[0], query[first:last], as_of), rest
    return None, query
