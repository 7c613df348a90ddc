"""The hybrid score, the expansion, filters, the index's incremental updates and the search API."""

from __future__ import annotations

import math
import shutil
from datetime import date, timedelta
from pathlib import Path

import pytest

from vaultkit.config import load_config
from vaultkit.index.records import DayRecord
from vaultkit.index.store import SearchIndex, refresh_index
from vaultkit.model import Summary
from vaultkit.search.filters import NO_FILTERS, Filters
from vaultkit.search.scoring import Scoring, gate_floor, rank, relevance_gate
from vaultkit.search.search import search
from vaultkit.sync.daily import sync

D = date.fromisoformat
AS_OF = D("2026-07-31")


def record(day: str, importance: int = 5, related: tuple[str, ...] = (), **fields) -> DayRecord:
    summary = Summary(
        date=D(day), importance=importance, related_dates=tuple(D(r) for r in related), **fields
    )
    return DayRecord(D(day), f"memory/summaries/{day}.summary.md", summary)


# --- the score, by hand -------------------------------------------------------------------------


def test_score_of_the_top_day_is_the_design_formula() -> None:
    scoring = Scoring(w_sem=0.5, w_imp=0.3, w_rec=0.2, decay=0.01, gate=0.1)
    # 0.5*1 + 0.3*0.7 + 0.2*exp(-0.01*10) = 0.5 + 0.21 + 0.180967
    assert scoring.final(1.0, 0.7, math.exp(-0.1)) == pytest.approx(0.890967, abs=1e-6)


def test_gate_fades_importance_and_recency_below_the_top() -> None:
    scoring = Scoring(w_sem=0.5, w_imp=0.3, w_rec=0.2, gate=0.1)
    # gate(0.95) = 0.5: 0.5*0.95 + 0.5*(0.3*0.5 + 0.2*1.0) = 0.475 + 0.175
    assert scoring.final(0.95, 0.5, 1.0) == pytest.approx(0.65)
    # 0.1 or more below the top: semantic only
    assert scoring.final(0.5, 1.0, 1.0) == pytest.approx(0.25)
    assert relevance_gate(0.9, 0.1) == pytest.approx(0.0)
    assert relevance_gate(0.5, 0.1) == 0.0
    assert relevance_gate(1.0, 0.1) == 1.0
    # an open gate is the literal formula
    open_gate = Scoring(gate=1.0)
    assert open_gate.final(0.5, 1.0, 1.0) == pytest.approx(0.25 + 0.5 * 0.5)


def test_rank_reports_parts_and_orders_by_score() -> None:
    records = {
        D("2026-07-30"): record("2026-07-30", importance=2),
        D("2026-07-01"): record("2026-07-01", importance=9),
    }
    semantic = {D("2026-07-30"): 1.0, D("2026-07-01"): 0.97}
    hits = rank(
        semantic, records, as_of=AS_OF, scoring=Scoring(gate=0.1, expansion_factor=0), top_k=5
    )
    assert [h.date for h in hits] == [D("2026-07-01"), D("2026-07-30")]
    old = hits[0]
    assert old.importance == pytest.approx(0.9)
    assert old.recency == pytest.approx(math.exp(-0.3))
    gate = 0.7  # (0.97 - 0.9) / 0.1
    assert old.score == pytest.approx(0.5 * 0.97 + gate * (0.27 + 0.2 * math.exp(-0.3)))
    assert old.via is None and old.path == "memory/summaries/2026-07-01.summary.md"


def test_future_days_count_as_today() -> None:
    records = {D("2026-08-05"): record("2026-08-05")}
    [hit] = rank({D("2026-08-05"): 1.0}, records, as_of=AS_OF, scoring=Scoring(), top_k=1)
    assert hit.recency == 1.0


# --- the expansion ------------------------------------------------------------------------------


def expansion_case() -> tuple[dict[date, float], dict[date, DayRecord]]:
    records = {
        D("2026-07-20"): record("2026-07-20", related=("2026-07-05", "2026-06-01", "2026-07-20")),
        D("2026-07-19"): record("2026-07-19", related=("2026-07-05",)),
        D("2026-07-05"): record("2026-07-05", related=("2026-07-01",)),
        D("2026-07-01"): record("2026-07-01"),
        D("2026-07-02"): record("2026-07-02"),
    }
    semantic = {
        D("2026-07-20"): 1.0,
        D("2026-07-19"): 0.9,
        D("2026-07-05"): 0.3,
        D("2026-07-01"): 0.25,
    }
    return semantic, records


def test_expansion_lends_factor_times_semantic_and_says_via() -> None:
    semantic, records = expansion_case()
    scoring = Scoring(expansion_factor=0.7, expand_top=2, expand_min_semantic=0.2)
    hits = {h.date: h for h in rank(semantic, records, as_of=AS_OF, scoring=scoring, top_k=10)}
    expanded = hits[D("2026-07-05")]
    # reached from 07-20 (0.7) and from 07-19 (0.63): the best wins and names its source
    assert expanded.semantic == pytest.approx(0.7)
    assert expanded.via == D("2026-07-20")
    assert expanded.score == pytest.approx(0.5 * 0.7)  # below the gate: no importance/recency
    # one hop only: 07-05's own related day keeps its direct score
    assert hits[D("2026-07-01")].semantic == 0.25 and hits[D("2026-07-01")].via is None
    # a missing date (2026-06-01) and a self-link are ignored; days without a score stay out
    assert D("2026-06-01") not in hits and D("2026-07-02") not in hits
    assert hits[D("2026-07-20")].via is None


def test_expansion_keeps_a_better_direct_score() -> None:
    semantic, records = expansion_case()
    semantic[D("2026-07-05")] = 0.8
    scoring = Scoring(expansion_factor=0.7, expand_top=1)
    hits = {h.date: h for h in rank(semantic, records, as_of=AS_OF, scoring=scoring, top_k=10)}
    assert hits[D("2026-07-05")].semantic == 0.8 and hits[D("2026-07-05")].via is None


def test_expansion_needs_some_evidence_and_can_be_turned_off() -> None:
    semantic, records = expansion_case()
    semantic[D("2026-07-05")] = 0.1
    scoring = Scoring(expansion_factor=0.7, expand_top=1, expand_min_semantic=0.2)
    hits = {h.date: h for h in rank(semantic, records, as_of=AS_OF, scoring=scoring, top_k=10)}
    assert hits[D("2026-07-05")].via is None
    off = Scoring(expansion_factor=0.0)
    assert all(h.via is None for h in rank(semantic, records, as_of=AS_OF, scoring=off, top_k=9))


def test_expanded_day_never_outranks_a_stronger_direct_match() -> None:
    semantic, records = expansion_case()
    semantic[D("2026-07-02")] = 0.72
    records[D("2026-07-05")] = record("2026-07-05", importance=10)
    hits = rank(semantic, records, as_of=AS_OF, scoring=Scoring(gate=0.1), top_k=10)
    order = [h.date for h in hits]
    assert order.index(D("2026-07-02")) < order.index(D("2026-07-05"))


def test_filters() -> None:
    day = record("2026-07-10", importance=6, people=("Rina",), projects=("Homelab",), tags=("K8s",))
    assert Filters(person="rina", project="homelab", tag="#k8s", min_importance=6).admits(day)
    assert not Filters(min_importance=7).admits(day)
    assert not Filters(since=D("2026-07-11")).admits(day)
    assert not Filters(until=D("2026-07-09")).admits(day)
    assert not Filters(person="Budi").admits(day)
    assert Filters().empty and NO_FILTERS.admits(day) and not Filters(tag="k8s").empty


# --- the index on real files ---------------------------------------------------------------------


@pytest.fixture
def synced(workspace: Path):
    config = load_config(workspace / "memory_config.json")
    assert sync(config).ok
    return config


def test_sync_builds_the_index(synced) -> None:
    assert (synced.state_dir / "index.sqlite").is_file()
    report = refresh_index(synced)
    assert report.indexed == [] and report.removed == []


def test_index_updates_only_the_changed_day(synced) -> None:
    memory = synced.memory_dir
    new = memory / "2026-07-25.md"
    new.write_text("# 2026-07-25\n\nMigrated the zebrafish telemetry to Grafana.\n")
    assert refresh_index(synced).indexed == [D("2026-07-25")]
    assert search(synced, "zebrafish", as_of=AS_OF).hits[0].date == D("2026-07-25")

    new.write_text("# 2026-07-25\n\nMigrated the okapi telemetry to Grafana.\n")
    assert refresh_index(synced).indexed == [D("2026-07-25")]
    assert search(synced, "zebrafish", as_of=AS_OF).hits == []
    assert search(synced, "okapi", as_of=AS_OF).hits[0].path == "memory/2026-07-25.md"

    new.unlink()
    report = refresh_index(synced)
    assert report.removed == [D("2026-07-25")] and report.indexed == []
    assert search(synced, "okapi", as_of=AS_OF).hits == []


def test_a_changed_summary_reindexes_its_day(synced) -> None:
    path = synced.summaries_dir / "2026-07-03.summary.md"
    path.write_text(path.read_text().replace("importance:", "importance: 10\nx_old:", 1))
    report = refresh_index(synced)
    assert report.indexed == [D("2026-07-03")]
    with SearchIndex(synced) as index:
        assert index.records()[D("2026-07-03")].importance == 10


def test_deleting_the_state_folder_loses_nothing(synced) -> None:
    before = search(synced, "kubernetes cluster", as_of=AS_OF).as_dict()
    shutil.rmtree(synced.state_dir)
    assert search(synced, "kubernetes cluster", as_of=AS_OF).as_dict() == before


def test_a_corrupt_index_is_rebuilt(synced) -> None:
    before = search(synced, "kubernetes", as_of=AS_OF).as_dict()
    (synced.state_dir / "index.sqlite").write_bytes(b"not a database" * 100)
    assert search(synced, "kubernetes", as_of=AS_OF).as_dict() == before


def test_archived_notes_are_searched(synced) -> None:
    archive = synced.archive_dir / "2025"
    archive.mkdir(parents=True)
    (archive / "2025-12-01.md").write_text("# 2025-12-01\n\nThe capybara migration went well.\n")
    [hit] = search(synced, "capybara", as_of=AS_OF).hits
    assert hit.date == D("2025-12-01") and hit.path == "../archive/2025/2025-12-01.md"


def test_search_filters_and_top_k(synced) -> None:
    result = search(synced, "cluster", as_of=AS_OF, top_k=2)
    assert len(result.hits) <= 2
    scores = [h.score for h in search(synced, "cluster", as_of=AS_OF, top_k=50).hits]
    assert scores == sorted(scores, reverse=True)
    since = search(synced, "cluster", as_of=AS_OF, filters=Filters(since=D("2026-07-15")), top_k=50)
    assert all(h.date >= D("2026-07-15") for h in since.hits)


@pytest.mark.parametrize("width", [0.0, 0.1, 0.2, 0.5, 1.0, 2.0])
def test_gate_floor_is_where_the_gate_opens(width: float) -> None:
    floor = gate_floor(width)
    assert all(relevance_gate(floor * i / 100, width) == 0.0 for i in range(101)) or floor < 0
    assert relevance_gate(max(0.0, 1.0 - width) + 1e-6, width) > 0.0


def test_rank_fills_top_k_past_days_without_a_record() -> None:
    # Days the semantic backend scores but the records lack (possible only for a plain dict)
    # are left out, and the next best fill their place.
    semantic = {D("2026-01-01") + timedelta(days=i): 0.5 for i in range(20)}
    records = {}
    for i in range(5):
        day = D("2026-03-01") + timedelta(days=i)
        semantic[day] = 0.4
        records[day] = record(day.isoformat())
    hits = rank(semantic, records, as_of=AS_OF, scoring=Scoring(), top_k=3)
    assert len(hits) == 3 and all(h.date in records for h in hits)


def test_filters_accept_nicknames_and_aliases(synced) -> None:
    # memory_config.json: people alias Fred -> Freedy, vocabulary alias k8s -> Kubernetes.
    def days(**wanted: str) -> list[date]:
        return [
            h.date
            for h in search(synced, "k3s migration", as_of=AS_OF, filters=Filters(**wanted)).hits
        ]

    assert days(person="Fred") == days(person="Freedy") != []
    assert days(tag="#k8s") == days(tag="kubernetes") != []
    assert days(project="homelab cluster") == days(project="Homelab") != []
