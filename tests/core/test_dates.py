"""Dates as search terms: each day's rows hold its date and month, a query's dates match them;
and the days the vault keeps (`DAY_RANGE`), in file names, options and a summary's fields."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import pytest

from tests.search.test_retrieval import add_day
from vaultkit.config import load_config
from vaultkit.dates import DAY_RANGE, day_outside, parse_date, parse_day
from vaultkit.errors import UsageError
from vaultkit.files.layout import Layout
from vaultkit.index.bm25 import DayIndex
from vaultkit.index.date_terms import day_terms, is_date_term, query_date_terms
from vaultkit.search.backends import semantic_scores
from vaultkit.search.search import search
from vaultkit.sync.daily import sync


@pytest.mark.parametrize(
    ("query", "terms"),
    [
        ("What did Maria say on 3 June, 2023?", ["dt20230603", "mo202306"]),
        ("the week before August 3, 2023", ["dt20230803", "mo202308"]),
        ("What happened on 2023-06-03?", ["dt20230603", "mo202306"]),
        ("the 2nd of March 2024", ["dt20240302", "mo202403"]),
        ("Sept. 5th 2023", ["dt20230905", "mo202309"]),
        ("What happened to John's job in August 2023?", ["mo202308"]),
        ("from May 2023 to 1 July 2023", ["mo202305", "dt20230701", "mo202307"]),
        ("When did Melanie go camping in June?", []),  # no year: any year's June
        ("on 31 June 2023", []),  # no such day, and not read as the month either
        ("release 2023-13-01", []),
        ("the 2023 budget review", []),
        ("what did we decide in june 2023", ["mo202306"]),
    ],
)
def test_query_dates(query: str, terms: list[str]) -> None:
    assert query_date_terms(query) == terms


@pytest.mark.parametrize(
    ("indonesian", "english"),
    [
        ("Apa kata Maria pada 3 Juni 2023?", "What did Maria say on 3 June 2023?"),
        ("tanggal 17 Agustus 2023", "on 17 August 2023"),
        ("Juni 3, 2023", "June 3, 2023"),
        ("5 Okt 2023", "5 Oct 2023"),
        ("rapat 1 Agt 2023", "meeting 1 Aug 2023"),
        ("2 Mei 2024", "2 May 2024"),
        ("25 Desember 2023", "25 December 2023"),
        ("29 Februari 2024", "29 February 2024"),
        ("apa yang terjadi di bulan Maret 2024", "what happened in March 2024"),
        ("dari Januari 2023 sampai 1 Juli 2023", "from January 2023 to 1 July 2023"),
        ("31 Juni 2023", "31 June 2023"),  # no such day either way
        ("kapan Melanie berkemah bulan Juni?", "When did Melanie go camping in June?"),
    ],
)
def test_indonesian_month_names_give_the_same_terms(indonesian: str, english: str) -> None:
    assert query_date_terms(indonesian) == query_date_terms(english)


def test_indonesian_month_names_give_terms() -> None:
    assert query_date_terms("3 Juni 2023") == ["dt20230603", "mo202306"]
    assert query_date_terms("Nopember 2023 dan Agustus 2022") == ["mo202311", "mo202208"]


def test_day_terms_are_date_terms_and_no_word_is() -> None:
    assert day_terms("2023-06-03") == ["dt20230603", "mo202306"]
    assert all(is_date_term(t) for t in day_terms("2023-06-03"))
    assert not any(is_date_term(t) for t in ("2023", "dt2023", "month", "mo20230603"))


def _index() -> DayIndex:
    index = DayIndex()
    text = "Anna: We baked bread with the kids.\nBen: Lovely.\nAnna: They loved it."
    for day in ("2023-06-03", "2023-06-20", "2023-07-09"):
        add_day(index, day, text)  # the same words every day: only the date tells them apart
    add_day(index, "2023-08-01", "Anna: A quiet day at the office.\nBen: Same here.")
    return index


def test_a_named_day_wins_among_days_with_the_same_words() -> None:
    scores = semantic_scores(_index(), "What did Anna bake on 20 June, 2023?")
    assert max(scores, key=scores.__getitem__) == "2023-06-20"
    assert scores["2023-06-03"] > scores["2023-07-09"]  # the right month still counts


def test_a_named_month_lifts_its_days() -> None:
    scores = semantic_scores(_index(), "What did Anna bake in June 2023?")
    assert scores["2023-06-03"] == pytest.approx(scores["2023-06-20"]) == 1.0
    assert scores["2023-07-09"] < 0.9


def test_a_date_without_a_day_changes_nothing() -> None:
    index = _index()
    plain = semantic_scores(index, "What did Anna bake?")
    assert semantic_scores(index, "What did Anna bake on 5 May, 2021?") == pytest.approx(plain)


def test_a_date_term_earns_no_proximity_bonus() -> None:
    # The date terms follow each passage's last word ("loved"): nearness to them means nothing.
    index = _index()
    terms = ["love", "dt20230603"]
    assert index.window_scores(terms) == pytest.approx(index.window_scores(terms, proximity=False))


def test_search_finds_the_day_a_query_names(workspace: Path) -> None:
    config = load_config(workspace / "memory_config.json")
    memory = config.memory_dir
    # The same words on two days with the same day of the month: without its date terms, the
    # query's "21" matches both headings and the more recent day wins.
    for day in ("2026-06-21", "2026-07-21"):
        (memory / f"{day}.md").write_text(f"# {day}\n\nMigrated the zebrafish telemetry.\n")
    assert sync(config).ok
    as_of = date(2026, 7, 31)
    for named in ("2026-06-21", "21 June 2026", "June 21, 2026"):
        hits = search(config, f"zebrafish telemetry on {named}", as_of=as_of).hits
        assert hits[0].date == date(2026, 6, 21), named


def test_the_vault_keeps_the_days_from_1900_to_9998() -> None:
    assert (DAY_RANGE.first, DAY_RANGE.last) == (date(1900, 1, 1), date(9998, 12, 31))
    assert str(DAY_RANGE) == "1900-01-01 to 9998-12-31"
    assert parse_date("1900-01-01") == DAY_RANGE.first
    assert parse_date("9998-12-31") == DAY_RANGE.last
    for outside in ("0001-01-01", "1899-12-31", "9999-01-01", "9999-12-31"):
        assert parse_date(outside) is None
        assert day_outside(outside) == f"{outside} is outside the days vaultkit keeps ({DAY_RANGE})"
    for other in ("2026-07-01", "2026-02-30", "0000-01-01", "notadate"):
        assert day_outside(other) is None


@pytest.mark.parametrize(
    ("value", "message"),
    [
        ("0001-01-01", "--since: 0001-01-01 is outside the days vaultkit keeps"),
        ("9999-12-31", "--since: 9999-12-31 is outside the days vaultkit keeps"),
        ("2026-02-30", "--since: expected a date YYYY-MM-DD, got '2026-02-30'"),
    ],
)
def test_an_option_outside_the_range_is_a_usage_error(value: str, message: str) -> None:
    with pytest.raises(UsageError, match=message):
        parse_day(value, "--since")
    assert parse_day("1900-01-01", "--since") == date(1900, 1, 1)


def test_a_file_named_after_a_day_outside_the_range_is_no_days_file(workspace: Path) -> None:
    layout = Layout(load_config(workspace / "memory_config.json"))
    for folder, name in (
        (layout.memory, "0001-01-01.md"),
        (layout.summaries, "9999-12-31.summary.md"),
        (layout.chats + "/0001-01-01", "talk.md"),
        (layout.archive + "/0001", "0001-01-01.md"),
    ):
        assert layout.kind_of(folder, name) is None
        assert layout.outside(folder, name) is not None, (folder, name)
    assert layout.outside(layout.memory, "2026-02-30.md") is None  # not a real date at all
    assert layout.outside(layout.chats + "/2026-07-01", "0001-01-01-talk.md") is None  # its day
    assert layout.kind_of(layout.chats + "/2026-07-01", "0001-01-01-talk.md") == (
        "2026-07-01",
        "transcript",
    )
