"""`vaultkit search` and `vaultkit eval` through the CLI: the JSON contract, exit codes, errors."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from vaultkit.config import load_config
from vaultkit.sync.daily import sync


@pytest.fixture
def synced(workspace: Path) -> Path:
    assert sync(load_config(workspace / "memory_config.json")).ok
    return workspace / "memory_config.json"


def test_json_contract(cli, synced) -> None:
    result = cli("search", "kubernetes", "--config", synced, "--json", "--as-of", "2026-07-31")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["query"] == "kubernetes" and data["as_of"] == "2026-07-31"
    assert data["results"]
    keys = ["date", "score", "semantic", "importance", "recency", "via", "path"]
    summary = ["importance_score", "mood", "people", "projects", "tags", "bullets"]
    summary += ["newer", "led_by"]
    assert list(data) == ["query", "as_of", "results", "warnings", "reading"]
    assert data["reading"]["intent"] is None and data["reading"]["window"] is None
    for row in data["results"]:
        assert list(row) == keys + summary
        assert 0 <= row["semantic"] <= 1 and 0 <= row["importance_score"] <= 1
        assert row["importance"] in range(1, 11)  # the day's own 1-10, as in its summary
        assert row["importance_score"] == pytest.approx(row["importance"] / 10)
        assert 0 <= row["recency"] <= 1
        assert row["via"] is None or isinstance(row["via"], str)
        assert row["newer"] is None or row["newer"] > row["date"]
        assert row["led_by"] is None
        assert row["bullets"] and isinstance(row["people"], list)
    scores = [r["score"] for r in data["results"]]
    assert scores == sorted(scores, reverse=True)


def test_top_k_and_table(cli, synced) -> None:
    result = cli("search", "cluster", "-c", synced, "--json", "--top-k", "2")
    assert len(json.loads(result.stdout)["results"]) <= 2
    table = cli("search", "cluster", "-c", synced, "--explain", "--as-of", "2026-07-31")
    assert table.exit_code == 0
    assert "score" in table.stdout and "gate" in table.stdout


def test_no_match_is_not_an_error(cli, synced) -> None:
    result = cli("search", "xylophonequux", "-c", synced, "--json")
    assert result.exit_code == 0 and json.loads(result.stdout)["results"] == []


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--as-of", "2026-13-01"], "--as-of: expected a date YYYY-MM-DD"),
        (["--since", "yesterday"], "--since: expected a date YYYY-MM-DD"),
        (["--top-k", "0"], "'--top-k' / '-k': 0 is not in the range x>=1"),
        (["--min-importance", "11"], "'--min-importance': 11 is not in the range 1<=x<=10"),
        (["--since", "2026-05-01", "--until", "2026-04-01"], "is after until"),
    ],
)
def test_usage_errors_exit_2_with_one_line(cli, synced, args, message) -> None:
    result = cli("search", "kubernetes", "-c", synced, *args)
    assert result.exit_code == 2
    assert message in result.stderr and len(result.stderr.strip().splitlines()) == 1


def test_missing_config_exits_2(cli, tmp_path) -> None:
    result = cli("search", "x", "-c", tmp_path / "nope.json")
    assert result.exit_code == 2 and "config" in result.stderr


def write_queries(path: Path, lines: list[object]) -> Path:
    path.write_text(
        "\n".join(line if isinstance(line, str) else json.dumps(line) for line in lines)
    )
    return path


def test_eval_reports_recall_mrr_and_categories(cli, synced, tmp_path) -> None:
    top = json.loads(cli("search", "kubernetes", "-c", synced, "--json").stdout)["results"][0]
    queries = write_queries(
        tmp_path / "q.jsonl",
        [
            {"query": "kubernetes", "gold_dates": [top["date"]], "category": "a"},
            {"query": "kubernetes", "gold_dates": ["1999-01-01"], "category": "b"},
        ],
    )
    result = cli("eval", queries, "-c", synced, "--json", "--k", "1,5")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["k"] == [1, 5] and data["queries"] == 2
    assert data["results"]["a"]["recall"]["1"] == 1.0 and data["results"]["a"]["mrr"] == 1.0
    assert data["results"]["b"]["hit"]["5"] == 0.0
    assert data["results"]["all"]["mrr"] == 0.5
    excluded = json.loads(cli("eval", queries, "-c", synced, "--json", "--exclude", "b").stdout)
    assert excluded["queries"] == 1
    assert "R@5" in cli("eval", queries, "-c", synced).stdout


def test_eval_sweep_lists_the_current_config(cli, synced, tmp_path) -> None:
    queries = write_queries(
        tmp_path / "q.jsonl", [{"query": "cluster", "gold_dates": ["2026-07-01"]}]
    )
    data = json.loads(cli("eval", queries, "-c", synced, "--json", "--sweep").stdout)
    assert sum(p["current"] for p in data["sweep"]) == 1
    assert {"weights", "relevance_gate", "expansion_factor", "mrr"} <= set(data["sweep"][0])


def test_eval_bad_line_names_file_and_line(cli, synced, tmp_path) -> None:
    queries = write_queries(
        tmp_path / "q.jsonl", [{"query": "a", "gold_dates": ["2026-07-01"]}, "{oops"]
    )
    result = cli("eval", queries, "-c", synced)
    assert result.exit_code == 1
    assert "q.jsonl:2:" in result.stderr and len(result.stderr.strip().splitlines()) == 1
    assert cli("eval", tmp_path / "missing.jsonl", "-c", synced).exit_code == 2
    assert cli("eval", queries, "-c", synced, "--k", "0").exit_code == 2


def test_eval_rejects_an_empty_query_by_its_line(cli, synced, tmp_path) -> None:
    queries = write_queries(
        tmp_path / "q.jsonl",
        [
            {"query": "a", "gold_dates": ["2026-07-01"]},
            {"query": "  ", "gold_dates": ["2026-07-01"]},
        ],
    )
    result = cli("eval", queries, "-c", synced)
    assert result.exit_code == 1
    assert "q.jsonl:2:" in result.stderr and "the query is empty" in result.stderr
