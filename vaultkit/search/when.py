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
- Days joined by to/until/till/through | sampai/sampe/hingga, or a dash: 4 to 8 September, 4-8
  September, tanggal 4 sampai 8 September, September 4-8, 30 August to 2 September: the first
  day .. the last, a first day written without its month in the last one's month.

A window's end is clipped to A, except that one starting after A ("in December 2023" asked on 16
August 2023) comes back as named, its end after A and no day up to A in it; since or after such a
point is its first day alone. Not read: future phrases (tomorrow, next week | besok, lusa, minggu
depan); bare months ("what may happen", "March of the penguins", while "in March of the penguins"
is March), weekdays, years and "minggu"; since/after/before with no time after ("after the
accident"); "the last time", "her latest project", "kabar terakhir"; hours.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import TypeVar

from vaultkit.search.time_words import (
    ABBREVIATED,
    AGO,
    COUNT,
    COUNTS,
    DAY,
    FIXED,
    FIXED_FORMS,
    FIXED_LONGEST,
    IN,
    ISO,
    JOIN,
    LALU,
    MONTHS,
    NUMBERS,
    ON,
    ORDINAL,
    PARTS,
    RANGES,
    REACHING,
    RELATIONS,
    SE,
    STEPS,
    TOKEN,
    UNIT_NAMES,
    UNITS,
    WEEKDAYS,
    YEAR,
    add_months,
    away,
    month_span,
    valid_date,
    week_of,
    year_of,
)

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
_Parsers = Sequence[Callable[[Words, int, date, str], _H | None]]


def _at(words: Words, i: int) -> str:
    return words[i] if i < len(words) else ""


def _suffix(words: Words, j: int, accepted: frozenset[str]) -> int:
    """The index after an accepted word at j, maybe after "yang" ("yang lalu"); else j."""
    k = j + 1 if _at(words, j) == "yang" else j
    return k + 1 if _at(words, k) in accepted else j


def _fixed(words: Words, i: int, as_of: date, cue: str) -> _PointHit | None:
    """A phrase of its own words: yesterday, kemarin, last week, minggu ini, ..."""
    for stop in range(min(len(words), i + FIXED_LONGEST), i, -1):
        if kind := FIXED.get(tuple(words[i:stop])):
            return (*FIXED_FORMS[kind][0](as_of), kind), stop
    return None


def _count(words: Words, i: int) -> tuple[int, int] | None:
    """A count at word i (3, three, a couple of, tiga, beberapa): it and the index after it."""
    for phrase, n in COUNTS.items():
        if tuple(words[i : i + len(phrase)]) == phrase:
            return n, i + len(phrase)
    word = _at(words, i)
    if COUNT.fullmatch(word):
        return int(word), i + 1
    return (NUMBERS[word], i + 1) if word in NUMBERS else None


def _amount(words: Words, i: int) -> tuple[int, str, int] | None:
    """A count of a unit at word i (3 days, seminggu): count, unit letter, index after."""
    if _at(words, i) in SE:
        return 1, SE[words[i]], i + 1
    counted = _count(words, i)
    if counted is None or _at(words, counted[1]) not in UNITS:
        return None
    return counted[0], UNITS[words[counted[1]]], counted[1] + 1


def _ago(words: Words, i: int, as_of: date, cue: str) -> _PointHit | None:
    """N days ago, 2 minggu yang lalu, setahun lalu."""
    amount = _amount(words, i)
    if amount is None or (stop := _suffix(words, amount[2], AGO)) == amount[2]:
        return None
    n, unit, _ = amount
    start, end = week_of(as_of - 7 * n * DAY) if unit == "w" else away(as_of, -n, unit)
    return (start, end, f"{UNIT_NAMES[unit]}_ago"), stop


def _past(words: Words, i: int, as_of: date, cue: str) -> _PointHit | None:
    """The past week, the last 3 days, past two months | 3 hari terakhir: rolling up to as_of."""
    j = i + 1 if _at(words, i) == "the" else i
    if _at(words, j) in ("past", "last"):
        amount = _amount(words, j + 1)
        if amount is None and words[j] == "past" and _at(words, j + 1) in UNITS:
            amount = 1, UNITS[words[j + 1]], j + 2
    elif j == i and (amount := _amount(words, i)) and _at(words, amount[2]) == "terakhir":
        amount = amount[0], amount[1], amount[2] + 1
    else:
        return None
    if amount is None or amount[0] < 1:
        return None
    n, unit, stop = amount
    days, months = STEPS[unit]
    return (add_months(as_of, -months * n) - (days * n - 1) * DAY, as_of, "past"), stop


def _anchored(words: Words, i: int, as_of: date, cue: str) -> _PointHit | None:
    """2 days before June 3, 2023; the week before 3 June; seminggu setelah 2023-06-03."""
    if _at(words, i) == "the" and _at(words, i + 1) in UNITS:
        n, unit, j = 1, UNITS[words[i + 1]], i + 2
    elif (amount := _amount(words, i)) is not None:
        n, unit, j = amount
    else:
        return None
    if (relation := RELATIONS.get(_at(words, j))) not in ("before", "after"):
        return None
    anchor = _longest(_ANCHORS, words, j + 1, as_of, "*")
    if anchor is None or anchor[0] is None:
        return anchor
    (start, end, _), stop = anchor[0], anchor[1]
    first, last = away(start, -n, unit) if relation == "before" else away(end, n, unit)
    return (first, last, f"{UNIT_NAMES[unit]}_{relation}"), stop


def _date(words: Words, i: int, as_of: date, cue: str) -> _PointHit | None:
    """2023-06-03; 3 June 2023, the 3rd of June, tanggal 3 Juni; June 3, 2023, June 3rd."""
    if iso := ISO.fullmatch(_at(words, i)):
        found = valid_date(int(iso[1]), int(iso[2]), int(iso[3]))
        return ((found, found, "date") if found else None), i + 1
    j = i + 1 if _at(words, i) in ("the", "tanggal") else i
    if (day := ORDINAL.fullmatch(_at(words, j))) is not None:  # the day first
        j += 2 if _at(words, j + 1) == "of" else 1
        month = MONTHS.get(_at(words, j))
    elif j == i:  # the month first
        month, day, j = MONTHS.get(_at(words, i)), ORDINAL.fullmatch(_at(words, i + 1)), i + 1
    else:
        return None
    if day is None or month is None:
        return None
    stop, number = j + 1, int(day[1])
    if YEAR.fullmatch(_at(words, stop)):
        found = valid_date(int(words[stop]), month, number)
        return ((found, found, "date") if found else None), stop + 1
    if valid_date(2000, month, number) is None:  # 2000 is a leap year: no year has this day
        return None, stop
    year = as_of.year if (month, number) <= (as_of.month, as_of.day) else as_of.year - 1
    while valid_date(year, month, number) is None:  # 29 February
        year -= 1
    return (date(year, month, number), date(year, month, number), "date"), stop


def _month_phrase(words: Words, i: int, as_of: date, cue: str) -> _PointHit | None:
    """in March, bulan Maret, Maret lalu, last May, June 2023, early March, akhir Maret 2023."""
    part = PARTS.get(_at(words, i))
    last = _at(words, i) == "last"
    j = i + 1 if part or last else i
    j += int(_at(words, j) == "bulan")
    cued = j > i or cue in ("in", "*")  # a part, "last", "bulan" or the word before
    if (month := MONTHS.get(_at(words, j))) is None:
        return None
    first, end = part or (1, 31)
    year_at = j + 2 if _at(words, j + 1) in ("of", "tahun") else j + 1
    if YEAR.fullmatch(_at(words, year_at)):
        days = month_span(int(words[year_at]), month, first, end)
        return (*days, "month_part" if part else "month_year"), year_at + 1
    if (stop := _suffix(words, j + 1, LALU)) > j + 1:
        cued = last = True
    if not cued:
        return None
    if last:  # the latest before as_of's month
        year = as_of.year - int(month >= as_of.month)
    else:
        year = as_of.year - int(date(as_of.year, month, first) > as_of)
    return (*month_span(year, month, first, end), "month_part" if part else "month"), stop


def _weekday(words: Words, i: int, as_of: date, cue: str) -> _PointHit | None:
    """on Tuesday, last Tuesday, hari Selasa, Selasa lalu, hari Minggu kemarin."""
    j = i + 1 if _at(words, i) in ("last", "hari") else i
    name = _at(words, j)
    weekday = 6 if name == "minggu" and j > i and words[i] == "hari" else WEEKDAYS.get(name)
    stop = _suffix(words, j + 1, LALU)
    if weekday is None or (not cue and stop == i + 1):  # a bare weekday
        return None
    day = as_of - ((as_of.weekday() - weekday) % 7 or 7) * DAY
    return (day, day, "weekday"), stop


def _year_phrase(words: Words, i: int, as_of: date, cue: str) -> _PointHit | None:
    """in 2023, tahun 2023."""
    j = i + 1 if _at(words, i) == "tahun" else i
    if not YEAR.fullmatch(_at(words, j)) or (j == i and cue not in ("in", "*")):
        return None
    return (*year_of(int(words[j])), "year"), j + 1


def _prep(words: Words, i: int, as_of: date, cue: str) -> _PointHit | None:
    """A preposition and the point after it: in March, on Tuesday, di bulan Maret, pas Senin."""
    word = _at(words, i)
    if word not in IN and word not in ON:
        return None
    return _longest(_POINTS, words, i + 1, as_of, "in" if word in IN else "on")


def _relation(words: Words, i: int, as_of: date, cue: str) -> _Hit | None:
    """since X, before X, after X | sejak, sebelum, setelah X."""
    relation = RELATIONS.get(_at(words, i))
    x = _longest(_POINTS, words, i + 1, as_of, "*") if relation else None
    if x is None or x[0] is None:
        return x
    (start, end, _), stop = x[0], x[1]
    if relation == "since":
        return (start, as_of, "since"), stop
    if relation == "before":
        return (None, start - DAY, "before"), stop
    return (end + DAY, as_of, "after"), stop


def _between(words: Words, i: int, as_of: date, cue: str) -> _Hit | None:
    """between March and May, from June 3 to June 10, antara X dan Y, dari X sampai Y."""
    closers = RANGES.get(_at(words, i))
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


def _day_range(words: Words, i: int, as_of: date, cue: str) -> _Hit | None:
    """4 to 8 September, 4-8 September, tanggal 4 sampai 8 September, 30 August to 2 September;
    September 4-8, Sept 4 to 8 2023: days joined by a word of reaching (a dash leaves none). A
    first day without its month has the last one's; one that would come after the last is of
    the month (or year) before."""
    j = i + 1 if _at(words, i) in ("from", "dari") else i
    j = j + 1 if _at(words, j) in ("the", "tanggal", "tgl") else j
    if MONTHS.get(_at(words, j)) is not None:  # the month first: September 4-8 (2023)
        first, k = ORDINAL.fullmatch(_at(words, j + 1)), j + 2
        k = k + 1 if _at(words, k) in REACHING else k
        if MONTHS.get(_at(words, k)) is not None:  # December 30 - January 2
            month, last = MONTHS[words[k]], _date(words, k, as_of, cue)
            stop, k = (last[1] if last else k), k + 1
        else:
            year = [words[k + 1]] if YEAR.fullmatch(_at(words, k + 1)) else []
            last = _date([words[j], _at(words, k), *year], 0, as_of, cue)
            stop, month = k + 1 + len(year), None
        month = MONTHS[words[j]] if month is not None else None
    else:  # the day first: 4-8 September, 30 August to 2 September
        first, k = ORDINAL.fullmatch(_at(words, j)), j + 1
        month = MONTHS.get(_at(words, k))
        k = k + 1 if month is not None else k
        if _at(words, k) in REACHING:
            k += 1
        elif month is not None:  # "4 September 8 September" is two dates, not a range
            return None
        last = _date(words, k, as_of, cue)
        stop = last[1] if last else k
    if first is None or last is None or last[0] is None or not ORDINAL.fullmatch(_at(words, k)):
        return None
    end = last[0][1]
    start = valid_date(end.year, month or end.month, int(first[1]))
    if start is not None and start > end:
        start = valid_date(end.year - 1, month, int(first[1])) if month else None
    if start is None or start > end:
        return None
    return (start, end, "between"), stop


_ANCHORS: _Parsers[_PointHit] = (_fixed, _ago, _past, _date, _month_phrase, _weekday, _year_phrase)
_POINTS: _Parsers[_PointHit] = (_fixed, _ago, _past, _anchored, *_ANCHORS[3:])
_PHRASES: _Parsers[_Hit] = (_prep, _relation, _between, _day_range, *_POINTS)


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
    for m in TOKEN.finditer(query):
        if runs:
            before = runs[-1][-1]
            gap = query[before.end() : m.start()]
            if JOIN.fullmatch(gap) or (gap.strip() == "." and before[0].lower() in ABBREVIATED):
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
