"""Dates as search terms: a day is indexed with its own date, and a query naming a date matches it.

A daily note is about one date, but its text rarely names it, while a question often does ("What
did Maria say on 3 June, 2023?", "What happened in August 2023?"). Every row of a day (the whole
day and each passage) gets two metadata terms, its day (`dt20230603`) and its month (`mo202306`);
the absolute dates a query names become the same terms. BM25 weighs them like any other term: a
named day matches one day (a rare term, a high IDF), a month the few days of that month. A date the
vault has no day for matches nothing and changes nothing. The terms are letters and digits only,
so the tokenizer keeps each whole, and no word of a note is spelled like them.

Only absolute dates with a year are read (`2023-06-03`, `3 June 2023`, `June 3, 2023`,
`June 2023`), with English or Indonesian month names (`3 Juni 2023`, `Agustus 2023`, `5 Okt 2023`):
"in June" alone could be any year's June.
"""

from __future__ import annotations

import re
from datetime import date

__all__ = ["day_terms", "is_date_term", "query_date_terms"]

_MONTHS = {
    name: number
    for number, names in enumerate(
        (  # English, then Indonesian
            ("january", "jan", "januari"),
            ("february", "feb", "februari", "pebruari"),
            ("march", "mar", "maret"),
            ("april", "apr"),
            ("may", "mei"),
            ("june", "jun", "juni"),
            ("july", "jul", "juli"),
            ("august", "aug", "agustus", "agu", "agt"),
            ("september", "sept", "sep"),
            ("october", "oct", "oktober", "okt"),
            ("november", "nov", "nopember"),
            ("december", "dec", "desember", "des"),
        ),
        start=1,
    )
    for name in names
}
_MONTH = "(" + "|".join(sorted(_MONTHS, key=len, reverse=True)) + r")\.?"
_DAY = r"(\d{1,2})(?:st|nd|rd|th)?"
_YEAR = r"(\d{4})"
_ISO = re.compile(r"\b(\d{4})-(\d{2})-(\d{2})\b")
_DAY_MONTH_YEAR = re.compile(rf"\b{_DAY}\s+(?:of\s+)?{_MONTH},?\s+{_YEAR}\b", re.IGNORECASE)
_MONTH_DAY_YEAR = re.compile(rf"\b{_MONTH}\s+{_DAY},?\s+{_YEAR}\b", re.IGNORECASE)
_MONTH_YEAR = re.compile(rf"\b{_MONTH},?\s+{_YEAR}\b", re.IGNORECASE)
_TERM = re.compile(r"(?:dt\d{8}|mo\d{6})")


def _day_term(d: date) -> str:
    return f"dt{d.year:04d}{d.month:02d}{d.day:02d}"


def _month_term(year: int, month: int) -> str:
    return f"mo{year:04d}{month:02d}"


def day_terms(day: str) -> list[str]:
    """The metadata terms of the day `YYYY-MM-DD`: its date and its month."""
    d = date.fromisoformat(day)
    return [_day_term(d), _month_term(d.year, d.month)]


def is_date_term(term: str) -> bool:
    """Whether `term` is one of the metadata terms `day_terms` makes."""
    return _TERM.fullmatch(term) is not None


def query_date_terms(query: str) -> list[str]:
    """The terms of the absolute dates `query` names, in order of appearance: a full date gives its
    day and its month, a month with a year its month. Impossible dates ("31 June 2023") give none."""
    found: list[tuple[int, list[str]]] = []
    taken: list[tuple[int, int]] = []
    for pattern, order in (
        (_ISO, (1, 2, 3)),
        (_DAY_MONTH_YEAR, (3, 2, 1)),
        (_MONTH_DAY_YEAR, (3, 1, 2)),
    ):
        for m in pattern.finditer(query):
            taken.append(m.span())
            year, month, day = (m.group(i) for i in order)
            try:
                d = date(int(year), _MONTHS.get(month.lower()) or int(month), int(day))
            except ValueError:
                continue
            found.append((m.start(), [_day_term(d), _month_term(d.year, d.month)]))
    for m in _MONTH_YEAR.finditer(query):
        if not any(start <= m.start() < end for start, end in taken):
            found.append((m.start(), [_month_term(int(m.group(2)), _MONTHS[m.group(1).lower()])]))
    return [term for _, terms in sorted(found) for term in terms]
