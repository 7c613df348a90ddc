"""The hybrid score's promise on a time-sensitive labelled set: among comparably relevant days, the important
and the recent ones win, while a clearly better match still wins over a recent or important one.

A synthetic vault where the payments database and the cluster upgrade recur over months, decisions
change, and casual days mention the same topics; each query's gold day is the one a person means.
"""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

import pytest

from vaultkit.config import load_config
from vaultkit.search.evaluate import Query, evaluate

# day: (importance, the day's note)
DAYS = {
    "2026-01-12": (8, "Payments database decision: we chose PostgreSQL for the ledger."),
    "2026-02-03": (2, "Coffee chat. Rina likes her new bike. Weather is cold."),
    "2026-03-16": (8, "Payments database decision: we chose CockroachDB for the ledger."),
    "2026-04-01": (9, "Cluster upgrade plan decided: Kubernetes, one node at a time."),
    "2026-04-02": (2, "The cluster upgrade plan came up over lunch, Kubernetes talk."),
    "2026-04-20": (3, "Wrote the blog post about sourdough. Fixed the garden hose."),
    "2026-05-20": (8, "Payments database decision: we chose CockroachDB, with replicas."),
    "2026-05-28": (2, "A lunch joke about the payments database."),
    "2026-06-10": (3, "Tried a new ramen place with Budi. Watched a film."),
    "2026-06-11": (2, "Read about zebra migrations for fun."),
}
QUERIES = [
    # the latest of three equally worded decisions (recency among comparably relevant days)
    ("latest decision on the payments database", "2026-05-20"),
    # the decision day, not the next day's casual mention of the same plan (importance)
    ("kubernetes cluster upgrade plan", "2026-04-01"),
    # a clearly better match wins even though it is old and other days are recent or important
    ("PostgreSQL ledger", "2026-01-12"),
    ("zebra migrations", "2026-06-11"),
]
AS_OF = date(2026, 6, 15)


@pytest.fixture
def vault(tmp_path: Path) -> Path:
    root = tmp_path / "ws"
    memory = root / "vault" / "memory"
    (memory / "summaries").mkdir(parents=True)
    (root / "memory_config.json").write_text(json.dumps({"schema_version": 1, "vault": "vault"}))
    for day, (importance, text) in DAYS.items():
        (memory / f"{day}.md").write_text(f"# {day}\n\n{text}\n")
        (memory / "summaries" / f"{day}.summary.md").write_text(
            f"---\nschema_version: 1\ndate: {day}\npeople: []\nprojects: []\ntags: []\n"
            f"importance: {importance}\nmood: neutral\nrelated_dates: []\n---\n"
            f"### Ringkasan Hari Ini\n- {text}\n"
        )
    return root / "memory_config.json"


def queries() -> list[Query]:
    return [Query(q, frozenset({date.fromisoformat(g)}), AS_OF, "time") for q, g in QUERIES]


def test_important_and_recent_days_win_among_comparable_ones(vault: Path) -> None:
    report = evaluate(load_config(vault), queries(), ks=(1,))
    assert report.rows["all"].recall[1] == 1.0


def test_pure_relevance_does_not_know_which_decision_is_the_latest(vault: Path) -> None:
    """The same set with importance and recency weighted 0: the gold days no longer all come first."""
    data = json.loads(vault.read_text())
    data["scoring"] = {"weights": {"semantic": 1.0, "importance": 0.0, "recency": 0.0}}
    vault.write_text(json.dumps(data))
    report = evaluate(load_config(vault), queries(), ks=(1,))
    assert report.rows["all"].recall[1] < 1.0
