"""What the report's charts show, as plain values: the calendar by year and month, mood over
time, people and projects over time, the biggest days of each month.

Time is cut into buckets of one size for the whole window, the smallest of a day, a week, a
month, a quarter, half a year, a year or several years that keeps the count within what a chart
can show (a week of notes is drawn by day, ten years by quarter). For any days of
`dates.DAY_RANGE` every bucket, a thousand years long at most, begins and ends on a real date.
"""

from __future__ import annotations

import calendar
from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from datetime import date, timedelta

from vaultkit.reports.page.days import Day

MONTHS = tuple(calendar.month_name)[1:]
MONTH_ABBR = tuple(calendar.month_abbr)[1:]
WEEKDAYS = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")
# The newest years are drawn open until this many months are; older ones are folded (a folded
# year costs the browser no layout).
OPEN_MONTHS = 12
OPEN_BIG_MONTHS = 6
TOP_ENTITIES = 12
PERIOD_YEARS = (2, 5, 10, 20, 25, 50, 100, 200, 250, 500, 1000)  # past a year: the longer units
BIGGEST_PER_MONTH = 3

# Moods in the order a stacked bar shows them (heavy to light), each with its colour slot in the
# stylesheet (`.m0` ... `.m15`); a mood outside this list takes a free slot, by frequency.
KNOWN_MOODS = (
    "stressed", "frustrated", "tired", "neutral", "calm", "relaxed", "relieved", "focused",
    "productive", "happy", "excited",
)  # fmt: skip
MOOD_SLOTS = 15  # slot 15 is "other"
OTHER = "other"


@dataclass(frozen=True)
class Bucket:
    """One column of a chart over time: its first and last day, a short and a full name."""

    start: date
    end: date
    label: str
    name: str


@dataclass(frozen=True)
class TimeAxis:
    """The window cut into buckets of one unit (`day`, `week`, `month`, `quarter`, ...)."""

    unit: str
    buckets: list[Bucket]
    index: Callable[[date], int]


def time_axis(first: date, last: date, most: int) -> TimeAxis:
    """The smallest unit that cuts `first`..`last` into at most `most` buckets."""
    days = (last - first).days + 1
    if days <= most:
        return TimeAxis("day", _day_buckets(first, days), lambda d: (d - first).days)
    monday = first - timedelta(days=first.weekday())
    weeks = (last - monday).days // 7 + 1
    if weeks <= most:
        return TimeAxis("week", _week_buckets(monday, weeks), lambda d: (d - monday).days // 7)
    for months, unit in ((1, "month"), (3, "quarter"), (6, "half-year"), (12, "year")):
        if _month_count(first, last, months) <= most:
            return _month_axis(first, last, months, unit)
    fits = (n for n in PERIOD_YEARS if _month_count(first, last, 12 * n) <= most)
    years = next(fits, PERIOD_YEARS[-1])  # the vault's days span at most ten such periods
    return _month_axis(first, last, 12 * years, f"{years}-year period")


def _day_buckets(first: date, days: int) -> list[Bucket]:
    out = []
    for i in range(days):
        d = first + timedelta(days=i)
        label = f"{d.day} {MONTH_ABBR[d.month - 1]}"
        out.append(Bucket(d, d, label, f"{WEEKDAYS[d.weekday()]} {label} {d.year}"))
    return out


def _week_buckets(monday: date, weeks: int) -> list[Bucket]:
    out = []
    for i in range(weeks):
        start = monday + timedelta(days=7 * i)
        label = f"{start.day} {MONTH_ABBR[start.month - 1]}"
        out.append(Bucket(start, start + timedelta(days=6), label, f"week of {label} {start.year}"))
    return out


def _month_number(d: date) -> int:
    return d.year * 12 + d.month - 1


def _month_count(first: date, last: date, months: int) -> int:
    start = _month_number(first) // months
    return _month_number(last) // months - start + 1


def _month_axis(first: date, last: date, months: int, unit: str) -> TimeAxis:
    base = _month_number(first) // months
    out = []
    for n in range(base, _month_number(last) // months + 1):
        start = _from_month(n * months)
        end = _month_end((n + 1) * months - 1)
        out.append(Bucket(start, end, *_month_names(start, end, months, n == base)))
    return TimeAxis(unit, out, lambda d: _month_number(d) // months - base)


def _from_month(number: int) -> date:
    return date(number // 12, number % 12 + 1, 1)


def _month_end(number: int) -> date:
    """The last day of a month: of 9999's December too, which has no next month to step back
    from."""
    year, month = number // 12, number % 12 + 1
    return date(year, month, calendar.monthrange(year, month)[1])


def _month_names(start: date, end: date, months: int, first: bool) -> tuple[str, str]:
    if months == 1:
        short = MONTH_ABBR[start.month - 1]
        label = f"{short} {start.year}" if first or start.month == 1 else short
        return label, f"{MONTHS[start.month - 1]} {start.year}"
    if months in (3, 6):
        part = f"{'Q' if months == 3 else 'H'}{(start.month - 1) // months + 1} {start.year}"
        span = f"{MONTHS[start.month - 1]} to {MONTHS[end.month - 1]} {start.year}"
        return part, f"{part} ({span})"
    if months == 12:
        return str(start.year), str(start.year)
    return str(start.year), f"{start.year} to {end.year}"


@dataclass(frozen=True)
class Segment:
    mood: str
    slot: int
    count: int
    share: float  # of the bucket's days with a summary, 0-100


@dataclass(frozen=True)
class MoodColumn:
    bucket: Bucket
    total: int
    segments: list[Segment]

    @property
    def counts(self) -> dict[str, int]:
        """Days per mood of the bucket (the numbers table's row)."""
        return {s.mood: s.count for s in self.segments}


@dataclass(frozen=True)
class MoodChart:
    unit: str
    columns: list[MoodColumn]
    legend: list[tuple[str, int, int]]  # (mood, slot, days), most frequent first


def mood_slots(days: Iterable[Day]) -> dict[str, int]:
    """Each mood's colour slot: a known mood its own, others the free ones by frequency, the
    rest `other` (slot MOOD_SLOTS)."""
    counts = Counter(d.mood for d in days if d.summary is not None)
    slots = {m: i for i, m in enumerate(KNOWN_MOODS) if m in counts}
    free = iter(range(len(KNOWN_MOODS), MOOD_SLOTS))
    for mood, _ in sorted(counts.items(), key=lambda kv: (-kv[1], kv[0])):
        if mood not in slots:
            slots[mood] = next(free, MOOD_SLOTS)
    return slots


def mood_chart(days: Sequence[Day], line: TimeAxis) -> MoodChart:
    """Per bucket, how many of its summarized days had each mood (as shares of the bucket)."""
    slots = mood_slots(days)
    per: list[Counter[str]] = [Counter() for _ in line.buckets]
    for d in days:
        if d.summary is not None:
            mood = d.mood if slots[d.mood] < MOOD_SLOTS else OTHER
            per[line.index(d.day)][mood] += 1
    order = {m: slots.get(m, MOOD_SLOTS) for m in (*slots, OTHER)}
    columns = []
    for bucket, counts in zip(line.buckets, per, strict=True):
        total = sum(counts.values())
        segments = [
            Segment(m, order[m], n, round(100 * n / total, 2))
            for m, n in sorted(counts.items(), key=lambda kv: (order[kv[0]], kv[0]))
        ]
        columns.append(MoodColumn(bucket, total, segments))
    totals: Counter[str] = Counter()
    for counts in per:
        totals.update(counts)
    legend = [(m, order[m], n) for m, n in sorted(totals.items(), key=lambda kv: (-kv[1], kv[0]))]
    return MoodChart(line.unit, columns, legend)


@dataclass(frozen=True)
class EntityRow:
    name: str
    days: int
    cells: list[tuple[int, int]]  # per bucket: (days naming it, shade 0-4)


@dataclass(frozen=True)
class EntityMatrix:
    kind: str  # people or projects
    unit: str
    buckets: list[Bucket]
    rows: list[EntityRow]
    others: int  # names left out of the top rows
    summarized: list[int]  # per bucket, its days with a summary


def entity_matrix(days: Sequence[Day], line: TimeAxis, kind: str) -> EntityMatrix:
    """The most named people (or projects) and on how many days of each bucket they were named."""
    summarized = [0] * len(line.buckets)
    named: dict[str, list[int]] = defaultdict(lambda: [0] * len(line.buckets))
    for d in days:
        if d.summary is None:
            continue
        i = line.index(d.day)
        summarized[i] += 1
        for name in dict.fromkeys(d.people if kind == "people" else d.projects):
            named[name][i] += 1
    ranked = sorted(named.items(), key=lambda kv: (-sum(kv[1]), kv[0].casefold(), kv[0]))
    rows = [
        EntityRow(name, sum(counts), [(n, _shade(n, summarized[i])) for i, n in enumerate(counts)])
        for name, counts in ranked[:TOP_ENTITIES]
    ]
    others = max(0, len(ranked) - TOP_ENTITIES)
    return EntityMatrix(kind, line.unit, line.buckets, rows, others, summarized)


def _shade(count: int, days: int) -> int:
    if not count:
        return 0
    share = count / days
    return 4 if share >= 0.5 else 3 if share >= 0.3 else 2 if share >= 0.15 else 1


@dataclass(frozen=True)
class Blank:
    """A date of the calendar that is no day of the vault: a gap between days (no note), or a
    date before the first day shown or after the last (`outside`)."""

    day: date
    outside: bool


Slot = Day | Blank | None  # None: before the 1st and after the last of the month


@dataclass(frozen=True)
class Month:
    """A month of the calendar: its weeks (Monday first), a slot for each date."""

    year: int
    month: int
    weeks: list[list[Slot]]
    days: int

    @property
    def name(self) -> str:
        return f"{MONTHS[self.month - 1]} {self.year}"


@dataclass(frozen=True)
class Year:
    year: int
    months: list[Month]
    days: list[Day] = field(default_factory=list)
    open: bool = False

    @property
    def biggest(self) -> Day | None:
        summarized = [d for d in self.days if d.summary is not None]
        return min(summarized, key=_bigness) if summarized else None

    @property
    def strip(self) -> list[tuple[str, str]]:
        """Each month of the year as (name, class): its mean importance's colour step, `x`
        for a month without a summary."""
        by_month: dict[int, list[int]] = defaultdict(list)
        for d in self.days:
            if d.summary is not None:
                by_month[d.day.month].append(d.importance)
        out = []
        for m in range(1, 13):
            values = by_month.get(m)
            step = f"i{max(1, min(10, round(sum(values) / len(values))))}" if values else "x"
            out.append((MONTHS[m - 1], step))
        return out

    @property
    def mean_importance(self) -> float | None:
        values = [d.importance for d in self.days if d.summary is not None]
        return sum(values) / len(values) if values else None


def calendar_years(days: Sequence[Day]) -> list[Year]:
    """The calendar, newest year first, each from its first month with a day to its last."""
    if not days:
        return []
    by_year: dict[int, list[Day]] = defaultdict(list)
    for d in days:
        by_year[d.day.year].append(d)
    span = (days[0].day, days[-1].day)
    years = []
    opened = 0  # months drawn open so far
    for year in sorted(by_year, reverse=True):
        ds = by_year[year]
        known = {d.day: d for d in ds}
        months = [
            _month(year, m, known, span) for m in range(ds[0].day.month, ds[-1].day.month + 1)
        ]
        years.append(Year(year, months, ds, opened < OPEN_MONTHS))
        opened += len(months)
    return years


def _month(year: int, month: int, known: dict[date, Day], span: tuple[date, date]) -> Month:
    weeks: list[list[Slot]] = []
    week: list[Slot] = [None] * date(year, month, 1).weekday()
    count = 0
    for n in range(1, calendar.monthrange(year, month)[1] + 1):
        d = date(year, month, n)
        slot = known.get(d)
        count += slot is not None
        week.append(slot if slot is not None else Blank(d, not span[0] <= d <= span[1]))
        if len(week) == 7:
            weeks.append(week)
            week = []
    if week:
        weeks.append(week + [None] * (7 - len(week)))
    return Month(year, month, weeks, count)


def _bigness(d: Day) -> tuple[int, int]:
    """Biggest first: the most important, then the newest."""
    return (-d.importance, -d.day.toordinal())


def biggest(days: Iterable[Day], count: int) -> list[Day]:
    """The `count` most important summarized days (the newest first among equals)."""
    return sorted((d for d in days if d.summary is not None), key=_bigness)[:count]


@dataclass(frozen=True)
class BigMonth:
    name: str
    days: list[Day]


@dataclass(frozen=True)
class BigYear:
    year: int
    open: bool
    months: list[BigMonth]

    @property
    def top(self) -> Day:
        return min((d for m in self.months for d in m.days), key=_bigness)


def biggest_by_month(days: Sequence[Day]) -> list[BigYear]:
    """Per year (newest first, the newest open): each month's biggest days, newest month first."""
    months: dict[tuple[int, int], list[Day]] = defaultdict(list)
    for d in days:
        months[(d.day.year, d.day.month)].append(d)
    years: dict[int, list[BigMonth]] = defaultdict(list)
    for (year, month), ds in sorted(months.items(), reverse=True):
        top = biggest(ds, BIGGEST_PER_MONTH)
        if top:
            years[year].append(BigMonth(f"{MONTHS[month - 1]} {year}", top))
    out = []
    opened = 0
    for year, big in years.items():
        out.append(BigYear(year, opened < OPEN_BIG_MONTHS, big))
        opened += len(big)
    return out
