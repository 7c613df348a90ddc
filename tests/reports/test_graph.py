"""The vault graph: nodes, edges, stats and neighbours on a small hand-made vault, and exports."""

from __future__ import annotations

import io
import json
from datetime import date
from pathlib import Path

import networkx as nx
import pytest

from vaultkit.config import load_config
from vaultkit.errors import UsageError
from vaultkit.reports.graph import build_graph, export, graph_stats, neighbors


def write_summary(
    summaries: Path,
    day: str,
    *,
    people: str = "[]",
    projects: str = "[]",
    tags: str = "[]",
    importance: int = 5,
    mood: str = "calm",
    related: str = "[]",
) -> None:
    summaries.mkdir(parents=True, exist_ok=True)
    (summaries / f"{day}.summary.md").write_text(
        f"---\nschema_version: 1\ndate: {day}\npeople: {people}\nprojects: {projects}\n"
        f"tags: {tags}\nimportance: {importance}\nmood: {mood}\nrelated_dates: {related}\n"
        "uncategorized:\n  technologies: []\n  libraries: []\n  projects: []\n---\n"
        f"### Ringkasan Hari Ini\n- Something happened on {day}.\n",
        encoding="utf-8",
    )


@pytest.fixture
def small(tmp_path: Path) -> Path:
    """Five days: one archived, three local notes (one without summary), one summary without note."""
    root = tmp_path / "small"
    memory = root / "vault" / "memory"
    summaries = memory / "summaries"
    memory.mkdir(parents=True)
    (root / "memory_config.json").write_text('{"schema_version": 1}', encoding="utf-8")
    (root / "archive" / "2026").mkdir(parents=True)
    (root / "archive" / "2026" / "2026-01-01.md").write_text("# old day\n", encoding="utf-8")
    for day in ("2026-01-02", "2026-01-03", "2026-01-05"):
        (memory / f"{day}.md").write_text(f"# {day}\n", encoding="utf-8")
    write_summary(summaries, "2026-01-01", people="[Ana]", projects="[Alpha]", importance=8)
    write_summary(
        summaries, "2026-01-02", people="[Ana, Bo]", projects="[Alpha]", related="[2026-01-01]"
    )
    write_summary(
        summaries,
        "2026-01-03",
        people="[Bo]",
        tags="[Rust]",
        mood="tired",
        related="[2026-01-02, 2025-12-31, 2026-01-03]",
    )
    write_summary(summaries, "2026-01-09", people="[Cy]")
    return root


def test_nodes_and_edges_by_kind(small: Path) -> None:
    g = build_graph(load_config(small / "memory_config.json"))
    stats = graph_stats(g)
    assert stats["nodes"] == {"day": 5, "person": 3, "project": 1, "tag": 0}
    assert stats["edges"] == {"spine": 3, "related": 2, "mentions": 7}
    assert stats["components"] == 2
    assert stats["largest_component"] == 7  # four days, Ana, Bo, Alpha
    assert stats["orphan_days"] == ["2026-01-05", "2026-01-09"]
    assert stats["dangling_related"] == 1  # 2025-12-31 names no day; the self-reference is ignored
    assert stats["days_without_summary"] == 1
    assert stats["hubs"]["person"] == [
        {"name": "Ana", "days": 2},
        {"name": "Bo", "days": 2},
        {"name": "Cy", "days": 1},
    ]
    assert stats["hubs"]["project"] == [{"name": "Alpha", "days": 2}]
    assert g.nodes["2026-01-01"]["archived"] is True
    assert g.nodes["2026-01-01"]["importance"] == 8
    assert g.nodes["2026-01-05"] == {
        "kind": "day",
        "label": "2026-01-05",
        "importance": 0,
        "mood": "",
        "summary": False,
        "archived": False,
    }


def test_tags_are_optional(small: Path) -> None:
    g = build_graph(load_config(small / "memory_config.json"), tags=True)
    stats = graph_stats(g)
    assert stats["nodes"]["tag"] == 1
    assert stats["edges"]["mentions"] == 8
    assert g.has_edge("2026-01-03", "tag:Rust", key="mentions")


def test_neighbors(small: Path) -> None:
    g = build_graph(load_config(small / "memory_config.json"))
    assert neighbors(g, date(2026, 1, 2)) == {
        "date": "2026-01-02",
        "importance": 5,
        "mood": "calm",
        "summary": True,
        "spine": {"previous": "2026-01-01", "next": "2026-01-03"},
        "related": {"out": ["2026-01-01"], "in": ["2026-01-03"]},
        "people": ["Ana", "Bo"],
        "projects": ["Alpha"],
        "tags": [],
        "skipped": [],
    }
    first = neighbors(g, date(2026, 1, 1))
    assert first["spine"] == {"previous": None, "next": "2026-01-02"}
    with pytest.raises(UsageError, match="2026-01-04"):
        neighbors(g, date(2026, 1, 4))


def test_spine_and_related_between_the_same_days_both_survive(small: Path) -> None:
    g = build_graph(load_config(small / "memory_config.json"))
    assert set(g["2026-01-02"]["2026-01-01"]) == {"spine", "related"}


@pytest.mark.parametrize("fmt", ["graphml", "gexf", "json"])
def test_export_round_trips(small: Path, tmp_path: Path, fmt: str) -> None:
    g = build_graph(load_config(small / "memory_config.json"), tags=True)
    path = export(g, tmp_path / f"graph.{fmt}", fmt)
    if fmt == "graphml":
        back = nx.read_graphml(path)
    elif fmt == "gexf":
        back = nx.read_gexf(path)
    else:
        back = nx.node_link_graph(json.loads(path.read_text(encoding="utf-8")), edges="edges")
    assert back.is_directed() and back.is_multigraph()
    assert set(back.nodes) == set(g.nodes)
    assert sorted((s, t, k) for s, t, k in back.edges(keys=True)) == sorted(g.edges(keys=True))
    for node, attrs in g.nodes(data=True):
        for key, value in attrs.items():
            assert back.nodes[node][key] == value, (node, key)
    assert graph_stats(back)["edges"] == graph_stats(g)["edges"]


def test_export_maps_values_formats_cannot_hold(tmp_path: Path) -> None:
    g = nx.MultiDiGraph()
    g.add_node("2026-01-01", kind="day", when=date(2026, 1, 1), names=["a", "b"], gone=None)
    path = export(g, tmp_path / "odd.graphml", "graphml")
    back = nx.read_graphml(path)
    assert back.nodes["2026-01-01"] == {"kind": "day", "when": "2026-01-01", "names": "a; b"}


def test_export_rejects_unknown_format(small: Path, tmp_path: Path) -> None:
    with pytest.raises(UsageError, match="graphml, gexf, json"):
        export(nx.MultiDiGraph(), tmp_path / "g.dot", "dot")


def test_example_vault_after_sync(workspace: Path, cli) -> None:
    config = workspace / "memory_config.json"
    assert cli("sync", "--config", config).exit_code == 0
    stats = graph_stats(build_graph(load_config(config)))
    days = len(list((workspace / "vault" / "memory").glob("*.md"))) - 1  # minus MEMORY_INDEX.md
    assert stats["nodes"]["day"] == days
    assert stats["edges"]["spine"] == days - 1
    assert stats["components"] == 1
    assert stats["edges"]["related"] > 0


def test_cli_stats_json_and_table(small: Path, cli) -> None:
    config = small / "memory_config.json"
    result = cli("graph", "stats", "--config", config, "--json")
    assert result.exit_code == 0
    assert json.loads(result.stdout)["edges"] == {"spine": 3, "related": 2, "mentions": 7}
    table = cli("graph", "stats", "--config", config)
    assert table.exit_code == 0
    assert "orphan days (no related edge): 2026-01-05, 2026-01-09" in table.stdout
    assert "Ana" in table.stdout


def test_cli_neighbors(small: Path, cli) -> None:
    config = small / "memory_config.json"
    result = cli("graph", "neighbors", "2026-01-03", "--config", config, "--json")
    assert result.exit_code == 0
    data = json.loads(result.stdout)
    assert data["spine"] == {"previous": "2026-01-02", "next": "2026-01-05"}
    assert data["related"] == {"out": ["2026-01-02"], "in": []}
    table = cli("graph", "neighbors", "2026-01-03", "--config", config, "--tags")
    assert "Rust" in table.stdout and "2026-01-05" in table.stdout


@pytest.mark.parametrize("day", ["2026-13-01", "yesterday", "2026-01-04"])
def test_cli_neighbors_bad_day_is_a_one_line_usage_error(small: Path, cli, day: str) -> None:
    result = cli("graph", "neighbors", day, "--config", small / "memory_config.json")
    assert result.exit_code == 2
    assert result.stdout == ""
    assert result.stderr.count("\n") == 1 and day in result.stderr


@pytest.mark.parametrize("fmt", ["graphml", "gexf", "json"])
def test_cli_export(small: Path, tmp_path: Path, cli, fmt: str) -> None:
    target = tmp_path / "out" / f"g.{fmt}"
    target.parent.mkdir()
    result = cli(
        "graph", "export", target, "--format", fmt, "--config", small / "memory_config.json"
    )
    assert result.exit_code == 0, result.stderr
    assert "9 nodes, 12 edges" in result.stderr
    reader = {"graphml": nx.read_graphml, "gexf": nx.read_gexf}.get(fmt)
    if reader is not None:
        assert reader(target).number_of_nodes() == 9
    else:
        data = json.load(io.StringIO(target.read_text(encoding="utf-8")))
        assert len(data["nodes"]) == 9


def test_cli_export_bad_format(small: Path, tmp_path: Path, cli) -> None:
    result = cli(
        "graph",
        "export",
        tmp_path / "g.dot",
        "--format",
        "dot",
        "--config",
        small / "memory_config.json",
    )
    assert result.exit_code == 2
    assert not (tmp_path / "g.dot").exists()
