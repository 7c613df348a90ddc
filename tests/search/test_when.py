"""Time phrases in queries: each form's window in English and Indonesian, the calendar's edges
(month ends, leap days, weeks across a new year, Monday and Sunday), the words that are no time
phrase, the query left once the phrase is taken out, and properties over any day and any text."""

from __future__ import annotations

from datetime import date, timedelta

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from vaultkit.search.when import Window, read_window

WED = date(2023, 8, 16)  # a Wednesday: Monday is the 14th, last week 7-13 August
MON, SAT, SUN = date(2023, 8, 14), date(2023, 8, 12), date(2023, 8, 13)


def day(text: str | None) -> date | None:
    return None if text is None else date.fromisoformat(text)


def window(query: str, as_of: date = WED) -> Window:
    found, _ = read_window(query, as_of)
    assert found is not None, query
    return found


# query, first day, last day, kind: each asked on WED
FORMS = [
    # yesterday, today, the day before yesterday
    ("yesterday", "2023-08-15", "2023-08-15", "yesterday"),
    ("kemarin", "2023-08-15", "2023-08-15", "yesterday"),
    ("last night", "2023-08-15", "2023-08-15", "yesterday"),
    ("tadi malam", "2023-08-15", "2023-08-15", "yesterday"),
    ("today", "2023-08-16", "2023-08-16", "today"),
    ("hari ini", "2023-08-16", "2023-08-16", "today"),
    ("this morning", "2023-08-16", "2023-08-16", "today"),
    ("tadi pagi", "2023-08-16", "2023-08-16", "today"),
    ("the day before yesterday", "2023-08-14", "2023-08-14", "days_ago"),
    ("kemarin lusa", "2023-08-14", "2023-08-14", "days_ago"),
    ("kemarin dulu", "2023-08-14", "2023-08-14", "days_ago"),
    # N days ago: that day
    ("3 days ago", "2023-08-13", "2023-08-13", "days_ago"),
    ("3 hari yang lalu", "2023-08-13", "2023-08-13", "days_ago"),
    ("tiga hari lalu", "2023-08-13", "2023-08-13", "days_ago"),
    ("3 hari kemarin", "2023-08-13", "2023-08-13", "days_ago"),
    ("3 hari sebelumnya", "2023-08-13", "2023-08-13", "days_ago"),
    ("one day ago", "2023-08-15", "2023-08-15", "days_ago"),
    ("sehari yang lalu", "2023-08-15", "2023-08-15", "days_ago"),
    ("a couple of days ago", "2023-08-14", "2023-08-14", "days_ago"),
    ("a few days ago", "2023-08-13", "2023-08-13", "days_ago"),
    ("several days ago", "2023-08-13", "2023-08-13", "days_ago"),
    ("beberapa hari yang lalu", "2023-08-13", "2023-08-13", "days_ago"),
    ("eleven days ago", "2023-08-05", "2023-08-05", "days_ago"),
    ("sebelas hari lalu", "2023-08-05", "2023-08-05", "days_ago"),
    # N weeks ago: the calendar week of as_of - 7N
    ("a week ago", "2023-08-07", "2023-08-13", "weeks_ago"),
    ("seminggu yang lalu", "2023-08-07", "2023-08-13", "weeks_ago"),
    ("seminggu lalu", "2023-08-07", "2023-08-13", "weeks_ago"),
    ("sepekan lalu", "2023-08-07", "2023-08-13", "weeks_ago"),
    ("2 weeks ago", "2023-07-31", "2023-08-06", "weeks_ago"),
    ("two weeks ago", "2023-07-31", "2023-08-06", "weeks_ago"),
    ("a couple weeks ago", "2023-07-31", "2023-08-06", "weeks_ago"),
    ("2 minggu yang lalu", "2023-07-31", "2023-08-06", "weeks_ago"),
    ("dua minggu kemarin", "2023-07-31", "2023-08-06", "weeks_ago"),
    ("2 minggu sebelumnya", "2023-07-31", "2023-08-06", "weeks_ago"),
    ("dua pekan lalu", "2023-07-31", "2023-08-06", "weeks_ago"),
    # N months ago: a calendar month; N years ago: a calendar year
    ("a month ago", "2023-07-01", "2023-07-31", "months_ago"),
    ("sebulan yang lalu", "2023-07-01", "2023-07-31", "months_ago"),
    ("3 months ago", "2023-05-01", "2023-05-31", "months_ago"),
    ("tiga bulan lalu", "2023-05-01", "2023-05-31", "months_ago"),
    ("twelve months ago", "2022-08-01", "2022-08-31", "months_ago"),
    ("dua belas bulan lalu", "2022-08-01", "2022-08-31", "months_ago"),
    ("a year ago", "2022-01-01", "2022-12-31", "years_ago"),
    ("setahun lalu", "2022-01-01", "2022-12-31", "years_ago"),
    ("two years ago", "2021-01-01", "2021-12-31", "years_ago"),
    ("dua tahun yang lalu", "2021-01-01", "2021-12-31", "years_ago"),
    # the past N units, rolling up to as_of
    ("the past week", "2023-08-10", "2023-08-16", "past"),
    ("seminggu terakhir", "2023-08-10", "2023-08-16", "past"),
    ("the last 3 days", "2023-08-14", "2023-08-16", "past"),
    ("in the past 3 days", "2023-08-14", "2023-08-16", "past"),
    ("3 hari terakhir", "2023-08-14", "2023-08-16", "past"),
    ("the past few days", "2023-08-14", "2023-08-16", "past"),
    ("past two weeks", "2023-08-03", "2023-08-16", "past"),
    ("dalam 2 minggu terakhir", "2023-08-03", "2023-08-16", "past"),
    ("over the past 2 weeks", "2023-08-03", "2023-08-16", "past"),
    ("the past month", "2023-07-17", "2023-08-16", "past"),
    ("sebulan terakhir", "2023-07-17", "2023-08-16", "past"),
    ("the past year", "2022-08-17", "2023-08-16", "past"),
    ("setahun terakhir", "2022-08-17", "2023-08-16", "past"),
    # last week, this week
    ("last week", "2023-08-07", "2023-08-13", "last_week"),
    ("the previous week", "2023-08-07", "2023-08-13", "last_week"),
    ("minggu lalu", "2023-08-07", "2023-08-13", "last_week"),
    ("minggu yang lalu", "2023-08-07", "2023-08-13", "last_week"),
    ("minggu kemarin", "2023-08-07", "2023-08-13", "last_week"),
    ("pekan lalu", "2023-08-07", "2023-08-13", "last_week"),
    ("pekan kemarin", "2023-08-07", "2023-08-13", "last_week"),
    ("this week", "2023-08-14", "2023-08-16", "this_week"),
    ("minggu ini", "2023-08-14", "2023-08-16", "this_week"),
    ("pekan ini", "2023-08-14", "2023-08-16", "this_week"),
    # months and years
    ("last month", "2023-07-01", "2023-07-31", "last_month"),
    ("bulan lalu", "2023-07-01", "2023-07-31", "last_month"),
    ("bulan yang lalu", "2023-07-01", "2023-07-31", "last_month"),
    ("bulan kemarin", "2023-07-01", "2023-07-31", "last_month"),
    ("this month", "2023-08-01", "2023-08-16", "this_month"),
    ("bulan ini", "2023-08-01", "2023-08-16", "this_month"),
    ("last year", "2022-01-01", "2022-12-31", "last_year"),
    ("tahun lalu", "2022-01-01", "2022-12-31", "last_year"),
    ("tahun kemarin", "2022-01-01", "2022-12-31", "last_year"),
    ("this year", "2023-01-01", "2023-08-16", "this_year"),
    ("tahun ini", "2023-01-01", "2023-08-16", "this_year"),
    # the weekend
    ("last weekend", "2023-08-12", "2023-08-13", "weekend"),
    ("this past weekend", "2023-08-12", "2023-08-13", "weekend"),
    ("akhir pekan lalu", "2023-08-12", "2023-08-13", "weekend"),
    ("akhir pekan kemarin", "2023-08-12", "2023-08-13", "weekend"),
    ("weekend kemarin", "2023-08-12", "2023-08-13", "weekend"),
    ("weekend lalu", "2023-08-12", "2023-08-13", "weekend"),
    # a month name with a cue: the latest such month that starts by as_of
    ("in March", "2023-03-01", "2023-03-31", "month"),
    ("during March", "2023-03-01", "2023-03-31", "month"),
    ("bulan Maret", "2023-03-01", "2023-03-31", "month"),
    ("di bulan Maret", "2023-03-01", "2023-03-31", "month"),
    ("pas Maret", "2023-03-01", "2023-03-31", "month"),
    ("Maret lalu", "2023-03-01", "2023-03-31", "month"),
    ("Maret kemarin", "2023-03-01", "2023-03-31", "month"),
    ("last March", "2023-03-01", "2023-03-31", "month"),
    ("in May", "2023-05-01", "2023-05-31", "month"),
    ("in August", "2023-08-01", "2023-08-16", "month"),  # this month: up to as_of
    ("di bulan Agustus", "2023-08-01", "2023-08-16", "month"),
    ("last August", "2022-08-01", "2022-08-31", "month"),  # "last": before this month
    ("Agustus lalu", "2022-08-01", "2022-08-31", "month"),
    ("in September", "2022-09-01", "2022-09-30", "month"),  # not yet this year
    ("pada bulan September", "2022-09-01", "2022-09-30", "month"),
    ("in Sept", "2022-09-01", "2022-09-30", "month"),
    ("selama Desember", "2022-12-01", "2022-12-31", "month"),
    ("in Agt", "2023-08-01", "2023-08-16", "month"),
    # a month with a year
    ("May 2023", "2023-05-01", "2023-05-31", "month_year"),
    ("Mei 2023", "2023-05-01", "2023-05-31", "month_year"),
    ("in June 2023", "2023-06-01", "2023-06-30", "month_year"),
    ("Juni 2023", "2023-06-01", "2023-06-30", "month_year"),
    ("bulan Juni tahun 2023", "2023-06-01", "2023-06-30", "month_year"),
    ("March of 2023", "2023-03-01", "2023-03-31", "month_year"),
    ("Februari 2024", "2024-02-01", "2024-02-29", "month_year"),  # after as_of: as named
    # early, mid, late
    ("early March", "2023-03-01", "2023-03-10", "month_part"),
    ("awal Maret", "2023-03-01", "2023-03-10", "month_part"),
    ("mid-March", "2023-03-11", "2023-03-20", "month_part"),
    ("mid March", "2023-03-11", "2023-03-20", "month_part"),
    ("pertengahan Maret", "2023-03-11", "2023-03-20", "month_part"),
    ("late March", "2023-03-21", "2023-03-31", "month_part"),
    ("akhir Maret", "2023-03-21", "2023-03-31", "month_part"),
    ("late February 2023", "2023-02-21", "2023-02-28", "month_part"),
    ("akhir Februari 2020", "2020-02-21", "2020-02-29", "month_part"),
    ("early August", "2023-08-01", "2023-08-10", "month_part"),
    ("mid August", "2023-08-11", "2023-08-16", "month_part"),  # under way: clipped
    ("late August", "2022-08-21", "2022-08-31", "month_part"),  # not begun: last year's
    # a weekday with a cue: the latest one strictly before as_of
    ("on Tuesday", "2023-08-15", "2023-08-15", "weekday"),
    ("last Tuesday", "2023-08-15", "2023-08-15", "weekday"),
    ("hari Selasa", "2023-08-15", "2023-08-15", "weekday"),
    ("pada hari Selasa", "2023-08-15", "2023-08-15", "weekday"),
    ("pas Selasa", "2023-08-15", "2023-08-15", "weekday"),
    ("Selasa lalu", "2023-08-15", "2023-08-15", "weekday"),
    ("Selasa kemarin", "2023-08-15", "2023-08-15", "weekday"),
    ("on Wednesday", "2023-08-09", "2023-08-09", "weekday"),  # as_of's own weekday: a week back
    ("hari Rabu", "2023-08-09", "2023-08-09", "weekday"),
    ("on Monday", "2023-08-14", "2023-08-14", "weekday"),
    ("hari Senin", "2023-08-14", "2023-08-14", "weekday"),
    ("on Thursday", "2023-08-10", "2023-08-10", "weekday"),
    ("Kamis lalu", "2023-08-10", "2023-08-10", "weekday"),
    ("on Friday", "2023-08-11", "2023-08-11", "weekday"),
    ("Jumat lalu", "2023-08-11", "2023-08-11", "weekday"),
    ("hari Jum'at", "2023-08-11", "2023-08-11", "weekday"),
    ("Jum’at kemarin", "2023-08-11", "2023-08-11", "weekday"),
    ("on Saturday", "2023-08-12", "2023-08-12", "weekday"),
    ("Sabtu kemarin", "2023-08-12", "2023-08-12", "weekday"),
    ("on Sunday", "2023-08-13", "2023-08-13", "weekday"),
    ("hari Minggu", "2023-08-13", "2023-08-13", "weekday"),
    ("hari Minggu lalu", "2023-08-13", "2023-08-13", "weekday"),
    # dates
    ("2023-06-03", "2023-06-03", "2023-06-03", "date"),
    ("3 June 2023", "2023-06-03", "2023-06-03", "date"),
    ("June 3, 2023", "2023-06-03", "2023-06-03", "date"),
    ("June 3rd, 2023", "2023-06-03", "2023-06-03", "date"),
    ("3rd of June 2023", "2023-06-03", "2023-06-03", "date"),
    ("the 3rd of June 2023", "2023-06-03", "2023-06-03", "date"),
    ("on 3 June 2023", "2023-06-03", "2023-06-03", "date"),
    ("3 Juni 2023", "2023-06-03", "2023-06-03", "date"),
    ("tanggal 3 Juni 2023", "2023-06-03", "2023-06-03", "date"),
    ("Sept. 5th 2022", "2022-09-05", "2022-09-05", "date"),
    ("5 Okt 2022", "2022-10-05", "2022-10-05", "date"),
    ("June 3", "2023-06-03", "2023-06-03", "date"),  # no year: the latest by as_of
    ("the 3rd of June", "2023-06-03", "2023-06-03", "date"),
    ("3 Juni", "2023-06-03", "2023-06-03", "date"),
    ("May 3", "2023-05-03", "2023-05-03", "date"),
    ("3 Mei", "2023-05-03", "2023-05-03", "date"),
    ("16 August", "2023-08-16", "2023-08-16", "date"),
    ("on 20 August", "2022-08-20", "2022-08-20", "date"),
    ("20 Agustus", "2022-08-20", "2022-08-20", "date"),
    ("on 29 February", "2020-02-29", "2020-02-29", "date"),
    # years
    ("in 2022", "2022-01-01", "2022-12-31", "year"),
    ("during 2021", "2021-01-01", "2021-12-31", "year"),
    ("tahun 2022", "2022-01-01", "2022-12-31", "year"),
    ("pada tahun 2022", "2022-01-01", "2022-12-31", "year"),
    ("in 2023", "2023-01-01", "2023-08-16", "year"),
    # N units before / after a point
    ("2 days before June 3, 2023", "2023-06-01", "2023-06-01", "days_before"),
    ("2 hari sebelum 3 Juni 2023", "2023-06-01", "2023-06-01", "days_before"),
    ("the day before 3 June 2023", "2023-06-02", "2023-06-02", "days_before"),
    ("sehari sebelum 3 Juni 2023", "2023-06-02", "2023-06-02", "days_before"),
    ("the week before June 3, 2023", "2023-05-27", "2023-06-02", "weeks_before"),
    ("seminggu sebelum 3 Juni 2023", "2023-05-27", "2023-06-02", "weeks_before"),
    ("2 weeks before 2023-06-03", "2023-05-20", "2023-05-26", "weeks_before"),
    ("dua minggu sebelum 2023-06-03", "2023-05-20", "2023-05-26", "weeks_before"),
    ("a month before June 3, 2023", "2023-05-01", "2023-05-31", "months_before"),
    ("sebulan sebelum 3 Juni 2023", "2023-05-01", "2023-05-31", "months_before"),
    ("3 days after 2023-06-03", "2023-06-06", "2023-06-06", "days_after"),
    ("3 hari setelah 2023-06-03", "2023-06-06", "2023-06-06", "days_after"),
    ("the week after June 3, 2023", "2023-06-04", "2023-06-10", "weeks_after"),
    ("seminggu sesudah 3 Juni 2023", "2023-06-04", "2023-06-10", "weeks_after"),
    ("a year after June 2021", "2022-01-01", "2022-12-31", "years_after"),
    ("setahun setelah Juni 2021", "2022-01-01", "2022-12-31", "years_after"),
    ("2 days before yesterday", "2023-08-13", "2023-08-13", "days_before"),
    # since X: X's first day .. as_of
    ("since Monday", "2023-08-14", "2023-08-16", "since"),
    ("sejak hari Senin", "2023-08-14", "2023-08-16", "since"),
    ("dari Senin", "2023-08-14", "2023-08-16", "since"),
    ("since March", "2023-03-01", "2023-08-16", "since"),
    ("sejak Maret", "2023-03-01", "2023-08-16", "since"),
    ("sejak bulan Maret", "2023-03-01", "2023-08-16", "since"),
    ("since 3 June 2023", "2023-06-03", "2023-08-16", "since"),
    ("sejak 3 Juni 2023", "2023-06-03", "2023-08-16", "since"),
    ("since last week", "2023-08-07", "2023-08-16", "since"),
    ("sejak minggu lalu", "2023-08-07", "2023-08-16", "since"),
    ("since yesterday", "2023-08-15", "2023-08-16", "since"),
    ("dari kemarin", "2023-08-15", "2023-08-16", "since"),
    ("since 2022", "2022-01-01", "2023-08-16", "since"),
    ("semenjak tahun 2022", "2022-01-01", "2023-08-16", "since"),
    ("since a few days ago", "2023-08-13", "2023-08-16", "since"),
    # before X: open .. the day before X
    ("before March", None, "2023-02-28", "before"),
    ("sebelum Maret", None, "2023-02-28", "before"),
    ("before this week", None, "2023-08-13", "before"),
    ("sebelum minggu ini", None, "2023-08-13", "before"),
    ("before June 2023", None, "2023-05-31", "before"),
    ("sebelum Juni 2023", None, "2023-05-31", "before"),
    ("before 2023-06-03", None, "2023-06-02", "before"),
    ("before yesterday", None, "2023-08-14", "before"),
    # after X: the day after X .. as_of
    ("after 3 June 2023", "2023-06-04", "2023-08-16", "after"),
    ("setelah 3 Juni 2023", "2023-06-04", "2023-08-16", "after"),
    ("sesudah 3 Juni 2023", "2023-06-04", "2023-08-16", "after"),
    ("after last week", "2023-08-14", "2023-08-16", "after"),
    ("setelah minggu lalu", "2023-08-14", "2023-08-16", "after"),
    ("after May", "2023-06-01", "2023-08-16", "after"),
    ("sesudah bulan Mei", "2023-06-01", "2023-08-16", "after"),
    # between X and Y: X's first day .. Y's last
    ("between March and May", "2023-03-01", "2023-05-31", "between"),
    ("antara Maret dan Mei", "2023-03-01", "2023-05-31", "between"),
    ("from June 3 to June 10", "2023-06-03", "2023-06-10", "between"),
    ("from 3 June until 10 June", "2023-06-03", "2023-06-10", "between"),
    ("dari 3 Juni sampai 10 Juni 2023", "2023-06-03", "2023-06-10", "between"),
    ("dari 3 Juni hingga 10 Juni", "2023-06-03", "2023-06-10", "between"),
    ("between November and February", "2022-11-01", "2023-02-28", "between"),
    ("antara November dan Februari", "2022-11-01", "2023-02-28", "between"),
    ("between 2021 and 2022", "2021-01-01", "2022-12-31", "between"),
    ("from last week to yesterday", "2023-08-07", "2023-08-15", "between"),
    ("dari minggu lalu sampai kemarin", "2023-08-07", "2023-08-15", "between"),
    ("sejak Senin sampai hari ini", "2023-08-14", "2023-08-16", "between"),
    ("from Monday to Wednesday", "2023-08-07", "2023-08-09", "between"),  # Monday as of Wednesday
    # days of one month joined by a word of reaching, or a dash
    ("4 to 8 August", "2023-08-04", "2023-08-08", "between"),
    ("4-8 August", "2023-08-04", "2023-08-08", "between"),
    ("tanggal 4 sampai 8 Agustus", "2023-08-04", "2023-08-08", "between"),
    ("tgl 4 sampe 8 Agustus", "2023-08-04", "2023-08-08", "between"),
    ("August 4-8", "2023-08-04", "2023-08-08", "between"),
    ("Aug 4 to 8 2022", "2022-08-04", "2022-08-08", "between"),
    ("30 July to 2 August", "2023-07-30", "2023-08-02", "between"),
    ("30 Juli sampai 2 Agustus", "2023-07-30", "2023-08-02", "between"),
    ("December 30 - January 2", "2022-12-30", "2023-01-02", "between"),
]


@pytest.mark.parametrize(("query", "start", "end", "kind"), FORMS, ids=[f[0] for f in FORMS])
def test_each_form_names_its_days(query: str, start: str | None, end: str, kind: str) -> None:
    found, rest = read_window(query, WED)
    assert found is not None
    assert (found.start, found.end, found.kind) == (day(start), day(end), kind)
    assert found.phrase == query
    assert rest == ""


def test_every_kind_is_covered_in_both_languages() -> None:
    english = {kind for query, *_, kind in FORMS if query.isascii() and not _indonesian(query)}
    indonesian = {kind for query, *_, kind in FORMS if _indonesian(query)}
    assert english == indonesian


def _indonesian(query: str) -> bool:
    words = set(query.lower().replace("’", "'").replace("-", " ").split())
    return bool(words & set(INDONESIAN.split()))


INDONESIAN = (
    "kemarin hari lalu tadi pagi malam lusa dulu sehari seminggu sepekan sebulan setahun tiga "
    "beberapa sebelas dua belas minggu pekan bulan tahun terakhir dalam akhir awal pertengahan pas "
    "di pada selama maret mei juni juli agustus desember februari tanggal selasa rabu senin kamis "
    "jumat jum'at sabtu sejak semenjak dari sebelum setelah sesudah antara sampai hingga okt agt "
    "ini"
)


# as_of, query, first day, last day: the calendar's edges
EDGES = [
    # month ends: the month is shifted, not the day
    ("2023-01-31", "a month ago", "2022-12-01", "2022-12-31"),
    ("2023-03-31", "a month ago", "2023-02-01", "2023-02-28"),
    ("2023-03-31", "bulan lalu", "2023-02-01", "2023-02-28"),
    ("2024-03-31", "sebulan yang lalu", "2024-02-01", "2024-02-29"),
    ("2023-05-31", "3 months ago", "2023-02-01", "2023-02-28"),
    ("2023-03-31", "the past month", "2023-03-01", "2023-03-31"),
    ("2023-12-31", "this month", "2023-12-01", "2023-12-31"),
    # leap days
    ("2024-02-29", "a year ago", "2023-01-01", "2023-12-31"),
    ("2024-02-29", "setahun yang lalu", "2023-01-01", "2023-12-31"),
    ("2024-02-29", "last year", "2023-01-01", "2023-12-31"),
    ("2024-02-29", "the past year", "2023-03-01", "2024-02-29"),
    ("2024-03-01", "yesterday", "2024-02-29", "2024-02-29"),
    ("2024-03-01", "bulan lalu", "2024-02-01", "2024-02-29"),
    ("2024-02-29", "29 Feb", "2024-02-29", "2024-02-29"),
    ("2024-02-28", "29 Februari", "2020-02-29", "2020-02-29"),
    ("2024-02-29", "late February", "2024-02-21", "2024-02-29"),
    # weeks that cross a year
    ("2027-01-01", "last week", "2026-12-21", "2026-12-27"),
    ("2027-01-01", "minggu lalu", "2026-12-21", "2026-12-27"),
    ("2027-01-01", "this week", "2026-12-28", "2027-01-01"),
    ("2026-01-04", "last week", "2025-12-22", "2025-12-28"),
    ("2026-01-04", "minggu ini", "2025-12-29", "2026-01-04"),
    ("2026-01-01", "2 weeks ago", "2025-12-15", "2025-12-21"),
    ("2026-01-01", "last month", "2025-12-01", "2025-12-31"),
    ("2026-01-01", "in December", "2025-12-01", "2025-12-31"),
    ("2026-01-01", "in January", "2026-01-01", "2026-01-01"),
    ("2026-01-02", "between December and January", "2025-12-01", "2026-01-02"),
    ("2026-01-05", "last weekend", "2026-01-03", "2026-01-04"),
    ("2026-01-05", "since last week", "2025-12-29", "2026-01-05"),
    # a Monday
    ("2023-08-14", "on Monday", "2023-08-07", "2023-08-07"),
    ("2023-08-14", "hari Senin", "2023-08-07", "2023-08-07"),
    ("2023-08-14", "since Monday", "2023-08-07", "2023-08-14"),
    ("2023-08-14", "on Sunday", "2023-08-13", "2023-08-13"),
    ("2023-08-14", "hari Minggu", "2023-08-13", "2023-08-13"),
    ("2023-08-14", "on Tuesday", "2023-08-08", "2023-08-08"),
    ("2023-08-14", "this week", "2023-08-14", "2023-08-14"),
    ("2023-08-14", "last weekend", "2023-08-12", "2023-08-13"),
    # a Sunday, a Saturday: the weekend before this one
    ("2023-08-13", "hari Minggu", "2023-08-06", "2023-08-06"),
    ("2023-08-13", "on Sunday", "2023-08-06", "2023-08-06"),
    ("2023-08-13", "on Saturday", "2023-08-12", "2023-08-12"),
    ("2023-08-13", "Sabtu kemarin", "2023-08-12", "2023-08-12"),
    ("2023-08-13", "on Monday", "2023-08-07", "2023-08-07"),
    ("2023-08-13", "last weekend", "2023-08-05", "2023-08-06"),
    ("2023-08-13", "akhir pekan lalu", "2023-08-05", "2023-08-06"),
    ("2023-08-13", "this week", "2023-08-07", "2023-08-13"),
    ("2023-08-13", "last week", "2023-07-31", "2023-08-06"),
    ("2023-08-12", "last weekend", "2023-08-05", "2023-08-06"),
    ("2023-08-12", "on Saturday", "2023-08-05", "2023-08-05"),
    ("2023-08-12", "weekend kemarin", "2023-08-05", "2023-08-06"),
    # a month asked in itself, and "last" that month
    ("2024-03-20", "in March", "2024-03-01", "2024-03-20"),
    ("2024-03-20", "bulan Maret", "2024-03-01", "2024-03-20"),
    ("2024-03-20", "Maret lalu", "2023-03-01", "2023-03-31"),
    ("2024-03-20", "last March", "2023-03-01", "2023-03-31"),
    ("2024-03-05", "late March", "2023-03-21", "2023-03-31"),
]


@pytest.mark.parametrize(
    ("as_of", "query", "start", "end"), EDGES, ids=[f"{e[0]} {e[1]}" for e in EDGES]
)
def test_calendar_edges(as_of: str, query: str, start: str, end: str) -> None:
    found = window(query, date.fromisoformat(as_of))
    assert (found.start, found.end) == (day(start), day(end))


NOT_PHRASES = [
    "since starting boot camps with his family",
    "after the accident",
    "before meeting Maria",
    "How long ago was Caroline's 18th birthday?",
    "the last time we met",
    "the last day of camp",
    "her latest project",
    "what may happen next",
    "May I ask something?",
    "kabar terakhir",
    "masih jalan?",
    "lusa",
    "besok lusa",
    "minggu",
    "setiap minggu kita rapat",
    "2 minggu",
    "minggu depan",
    "next week",
    "tomorrow",
    "besok",
    "March of the penguins",
    "the mayor was marching",
    "Mayday, mayday",
    "Tuesday standup notes",
    "Jan said hi",
    "a day before the trip",
    "the 2023 budget review",
    "we have over 2000 users",
    "dalam 2000 baris",
    "bulan purnama",
    "tahun baru",
    "sejak kecil",
    "dari Maria",
    "31 June 2023",
    "on 31 June",
    "29 Feb 2023",
    "2023-13-01",
    "2023-02-29",
    "past 0 days",
    "",
    "   ",
]


@pytest.mark.parametrize("query", NOT_PHRASES)
def test_words_that_name_no_days(query: str) -> None:
    assert read_window(query, WED) == (None, query)


def test_no_part_of_an_impossible_date_is_read() -> None:
    assert read_window("on 31 June 2023", WED)[0] is None  # not "June 2023"
    found, rest = read_window("on 31 June 2023 and last week", WED)
    assert found is not None and found.kind == "last_week"
    assert rest == "on 31 June 2023 and"


# query, the phrase as written, the query left
REMAINING = [
    ("What did we decide last week, and why?", "last week", "What did we decide, and why?"),
    ("Since Monday, what changed?", "Since Monday", "what changed?"),
    ("Apa yang terjadi kemarin?", "kemarin", "Apa yang terjadi?"),
    ("What did Maria say on 3 June, 2023?", "on 3 June, 2023", "What did Maria say?"),
    ("Budi, kemarin, bilang apa soal deploy?", "kemarin", "Budi, bilang apa soal deploy?"),
    ("rapat (minggu lalu) soal budget", "minggu lalu", "rapat soal budget"),
    (
        "What happened between March and May at work?",
        "between March and May",
        "What happened at work?",
    ),
    ("keputusan  bulan   lalu tentang server", "bulan   lalu", "keputusan tentang server"),
    ("LAST WEEK standup", "LAST WEEK", "standup"),
    ("yesterday and last week", "yesterday", "and last week"),  # the first phrase
    ("notes from last week", "last week", "notes from"),
    ("deploy 2 minggu yang lalu gagal", "2 minggu yang lalu", "deploy gagal"),
    ("When did Melanie go camping in June?", "in June", "When did Melanie go camping?"),
    ("the mayor said in May, the plan", "in May", "the mayor said, the plan"),
    ("Sept. 5th 2023 release", "Sept. 5th 2023", "release"),
]


@pytest.mark.parametrize(("query", "phrase", "rest"), REMAINING, ids=[r[0] for r in REMAINING])
def test_the_query_without_its_phrase(query: str, phrase: str, rest: str) -> None:
    found, left = read_window(query, WED)
    assert found is not None
    assert (found.phrase, left) == (phrase, rest)


def test_the_leftmost_phrase_and_the_longest_reading_win() -> None:
    assert window("kemarin lusa").kind == "days_ago"  # not "kemarin"
    assert window("dua minggu lalu").kind == "weeks_ago"  # not "minggu lalu"
    assert window("between March and May").kind == "between"  # not "March"
    assert window("dari 3 Juni sampai 10 Juni").kind == "between"  # not "since"
    assert window("Minggu lalu").kind == "last_week"  # "Minggu" is Sunday only after "hari"
    assert window("the day before yesterday").kind == "days_ago"


def test_a_range_runs_forward_or_is_no_range() -> None:
    assert window("20 to 10 August").kind == "date"  # 10 August alone: 20 comes after it
    assert window("4 August 8 August").phrase == "4 August"  # two dates, no word joining them


def test_a_window_after_as_of_comes_back_as_named() -> None:
    december = window("in December 2023")  # asked on 16 August 2023
    assert (december.start, december.end) == (date(2023, 12, 1), date(2023, 12, 31))
    assert not any(WED - timedelta(days=n) in december for n in range(400))
    since = window("since December 2023")
    assert (since.start, since.end) == (date(2023, 12, 1), date(2023, 12, 1))
    assert (window("in 2030").start, window("in 2030").end) == (
        date(2030, 1, 1),
        date(2030, 12, 31),
    )
    after = window("after today")
    assert (after.start, after.end) == (date(2023, 8, 17), date(2023, 8, 17))


def test_window_membership_distance_and_length() -> None:
    march = Window(date(2023, 3, 1), date(2023, 3, 31), "in March", "month")
    assert date(2023, 3, 1) in march and date(2023, 3, 31) in march
    assert date(2023, 2, 28) not in march and date(2023, 4, 1) not in march
    assert [march.distance(date(2023, m, d)) for m, d in ((3, 15), (2, 27), (4, 3))] == [0, 2, 3]
    assert march.days() == 31
    before = Window(None, date(2023, 2, 28), "before March", "before")
    assert date(1999, 1, 1) in before and date(2023, 3, 1) not in before
    assert (before.distance(date(1999, 1, 1)), before.distance(date(2023, 3, 5))) == (0, 5)
    assert before.days() is None
    assert window("yesterday").days() == 1 and window("last week").days() == 7


# -- properties

SUPPORTED = [query for query, *_ in FORMS] + sorted({query for _, query, *_ in EDGES})
VOCABULARY = sorted(
    {word for query in SUPPORTED for word in query.replace(",", " ").split()}
    | {"0", "00", "1", "9999", "31", "32", "0000", "9999-12-31", "0001-01-01", "2023-02-29", "yang"}
    | {",", ".", "-", "?", "the", "of", "and", "to", "mayor", "minggu", "lusa", "besok"}
)
AS_OF = st.dates(date(2000, 1, 1), date(2100, 12, 31))


def _sound(found: Window, as_of: date) -> None:
    if found.start is not None and found.start > as_of:  # wholly after as_of: as named
        assert found.end >= found.start
    else:
        assert found.end <= as_of
        assert found.start is None or found.start <= found.end


@settings(max_examples=400, deadline=None)
@given(as_of=AS_OF, query=st.sampled_from(SUPPORTED))
def test_any_supported_phrase_on_any_day_gives_a_sound_window(as_of: date, query: str) -> None:
    found, _ = read_window(query, as_of)
    assert found is not None
    _sound(found, as_of)


@settings(max_examples=300, deadline=None)
@given(as_of=AS_OF, text=st.text())
def test_arbitrary_text_never_raises(as_of: date, text: str) -> None:
    found, rest = read_window(text, as_of)
    if found is not None:
        assert found.phrase in text
        _sound(found, as_of)
    else:
        assert rest == text


@settings(max_examples=600, deadline=None)
@given(as_of=AS_OF, words=st.lists(st.sampled_from(VOCABULARY), max_size=9))
def test_any_mix_of_the_grammar_words_is_read_soundly(as_of: date, words: list[str]) -> None:
    text = " ".join(words)
    found, _ = read_window(text, as_of)
    if found is not None:
        assert found.phrase in text
        _sound(found, as_of)
