"""The vault as a networkx graph: days, people, projects (and tags), linked by spine, related and mentions.

Nodes are strings so every export format round-trips: a day is its `YYYY-MM-DD`, an entity is
`person:Name`, `project:Name` or `tag:Name`. Edges run from the file that holds the link to its
target, as in Obsidian: a day to its previous day (`spine`), a day to each of its `related_dates`
(`related`), a day to the people, projects and tags its summary names (`mentions`). The graph is a
MultiDiGraph keyed by kind, so a spine and a related edge between the same two days both survive.
Node and edge attributes are strings, integers and booleans only (what GraphML and GEXF can hold).
"""

from __future__ import annotations

import json
from collections import Counter
from datetime import date
from itertools import pairwise
from pathlib import Path
from typing import Any, Literal

import networkx as nx

from vaultkit.catalog.facts import SummaryFacts
from vaultkit.catalog.opener import open_catalog
from vaultkit.catalog.store import Catalog
from vaultkit.config import Config
from vaultkit.errors import UsageError, VaultkitError
from vaultkit.files.document import parse_document
from vaultkit.files.layout import Layout, not_read, outside_days, scan, scan_archive
from vaultkit.files.storage import read_bytes, write_atomic
from vaultkit.model import SummaryFields
from vaultkit.pages.schema import fields_of, parse_summary

ExportFormat = Literal["graphml", "gexf", "json"]
FORMATS: tuple[str, ...] = ("graphml", "gexf", "json")
EDGE_KINDS = ("spine", "related", "mentions")
EntityField = Literal["people", "projects", "tags"]
_ENTITY_FIELDS: tuple[tuple[str, EntityField], ...] = (
    ("person", "people"),
    ("project", "projects"),
    ("tag", "tags"),
)


def entity_id(kind: str, name: str) -> str:
    """The node id of a person, project or tag."""
    return f"{kind}:{name}"


def build_graph(config: Config, *, tags: bool = False) -> nx.MultiDiGraph:
    """The graph of every day with a daily note (local or archived) or a summary.

    Summary fields come from the catalog cache (`.vaultkit/catalog.sqlite`), so only summaries
    changed since the last sync are parsed; daily notes and transcripts are listed, never read. A related date that names no day of the vault is left out and
    counted in the graph's `dangling_related` attribute.
    """
    layout = Layout(config)
    files = scan(layout)  # names only: a day's raw files are never opened for the graph
    archive = scan_archive(config.archive_dir)
    catalog = open_catalog(config, read_only=True)  # a reader never writes the cache
    try:
        fields = _summary_fields(catalog, files.summaries)
    finally:
        catalog.close()
    source_days = sorted(set(files.daily) | set(archive))  # the spine, as sync threads it
    days = sorted(set(source_days) | set(fields))
    skipped = not_read(layout, files.irregular) + outside_days(layout, files.strays)
    g = nx.MultiDiGraph(dangling_related=0, skipped=skipped)
    for day in days:
        f = fields.get(day)
        g.add_node(
            day.isoformat(),
            kind="day",
            label=day.isoformat(),
            importance=int(f["importance"]) if f else 0,
            mood=str(f["mood"]) if f else "",
            summary=f is not None,
            archived=day not in files.daily and day in archive,
        )
    for previous, day in pairwise(source_days):
        g.add_edge(day.isoformat(), previous.isoformat(), key="spine", kind="spine")
    entity_kinds = _ENTITY_FIELDS if tags else _ENTITY_FIELDS[:2]
    for day, f in sorted(fields.items()):
        node = day.isoformat()
        for target in f["related_dates"]:
            if target == node:
                continue  # a day related to itself says nothing
            if g.nodes.get(target, {}).get("kind") == "day":
                g.add_edge(node, target, key="related", kind="related")
            else:
                g.graph["dangling_related"] += 1
        for kind, key in entity_kinds:
            for name in f[key]:
                entity = entity_id(kind, name)
                if entity not in g:
                    g.add_node(entity, kind=kind, label=name)
                g.add_edge(node, entity, key="mentions", kind="mentions")
    return g


def _summary_fields(catalog: Catalog, summaries: dict[date, Path]) -> dict[date, SummaryFields]:
    """Each readable summary's fields, from the catalog when the file is unchanged since sync."""
    found = {}
    for day, path in summaries.items():
        try:
            facts = catalog.facts(path, _parse_fields, SummaryFacts.from_json)
        except OSError:
            continue  # gone since the scan
        if facts.fields is not None:
            found[day] = facts.fields
    return found


def _parse_fields(path: Path) -> SummaryFacts:
    """Only the fields (a read-only run stores nothing, so the other facts are not needed)."""
    try:
        summary = parse_summary(parse_document(read_bytes(path), path))
    except (VaultkitError, OSError):
        return SummaryFacts()
    return SummaryFacts(fields=fields_of(summary))


def graph_stats(g: nx.MultiDiGraph, *, top: int = 5) -> dict[str, Any]:
    """Counts by kind, weakly connected components, orphan days and the busiest people/projects."""
    nodes = Counter(kind for _, kind in g.nodes(data="kind"))
    edges = Counter(kind for _, _, kind in g.edges(data="kind"))
    components = sorted((len(c) for c in nx.weakly_connected_components(g)), reverse=True)
    days = _days(g)
    orphans = [
        d
        for d in days
        if not any(k == "related" for _, _, k in g.out_edges(d, keys=True))
        and not any(k == "related" for _, _, k in g.in_edges(d, keys=True))
    ]
    hubs = {
        kind: [
            {"name": g.nodes[n]["label"], "days": g.in_degree(n)}
            for n in sorted(
                (n for n, k in g.nodes(data="kind") if k == kind),
                key=lambda n: (-g.in_degree(n), g.nodes[n]["label"].casefold()),
            )[:top]
        ]
        for kind in ("person", "project")
    }
    return {
        "nodes": {kind: nodes.get(kind, 0) for kind in ("day", "person", "project", "tag")},
        "edges": {kind: edges.get(kind, 0) for kind in EDGE_KINDS},
        "components": len(components),
        "largest_component": components[0] if components else 0,
        "days_without_summary": sum(1 for d in days if not g.nodes[d]["summary"]),
        "orphan_days": orphans,
        "dangling_related": g.graph.get("dangling_related", 0),
        "hubs": hubs,
        "skipped": skipped(g),
    }


def skipped(g: nx.MultiDiGraph) -> list[dict[str, str]]:
    """The names the graph's scan found that are not regular files, and why they were not read."""
    return [{"path": p, "reason": r} for p, r in g.graph.get("skipped", [])]


def neighbors(g: nx.MultiDiGraph, day: date) -> dict[str, Any]:
    """A day's surroundings: spine previous/next, related out/in, and the entities it mentions."""
    node = day.isoformat()
    if g.nodes.get(node, {}).get("kind") != "day":
        raise UsageError(f"{node}: no daily note or summary for this day in the vault")
    out = [(t, k) for _, t, k in g.out_edges(node, keys=True)]
    into = [(s, k) for s, _, k in g.in_edges(node, keys=True)]

    def entities(kind: str) -> list[str]:
        return [
            g.nodes[t]["label"] for t, k in out if k == "mentions" and g.nodes[t]["kind"] == kind
        ]

    attrs = g.nodes[node]
    return {
        "date": node,
        "importance": attrs["importance"],
        "mood": attrs["mood"],
        "summary": attrs["summary"],
        "spine": {
            "previous": next((t for t, k in out if k == "spine"), None),
            "next": next((s for s, k in into if k == "spine"), None),
        },
        "related": {
            "out": sorted(t for t, k in out if k == "related"),
            "in": sorted(s for s, k in into if k == "related"),
        },
        "people": entities("person"),
        "projects": entities("project"),
        "tags": entities("tag"),
        "skipped": skipped(g),
    }


def export(g: nx.MultiDiGraph, path: Path, fmt: str) -> Path:
    """Write the graph as GraphML, GEXF or node-link JSON, atomically; returns the path."""
    if fmt not in FORMATS:
        raise UsageError(f"format: expected one of {', '.join(FORMATS)}, got {fmt!r}")
    clean = _plain(g)
    if fmt == "graphml":
        text = "\n".join(nx.generate_graphml(clean)) + "\n"
    elif fmt == "gexf":
        text = "\n".join(nx.generate_gexf(clean)) + "\n"
    else:
        data = nx.node_link_data(clean, edges="edges")
        text = json.dumps(data, indent=2, ensure_ascii=False) + "\n"
    try:
        write_atomic(Path(path), text)
    except OSError as exc:
        raise VaultkitError(f"cannot write: {exc.strerror}", path=path, rule="export") from None
    return Path(path)


def _days(g: nx.MultiDiGraph) -> list[str]:
    return sorted(n for n, kind in g.nodes(data="kind") if kind == "day")


def _plain(g: nx.MultiDiGraph) -> nx.MultiDiGraph:
    """A copy whose attributes are strings, numbers and booleans only (None, lists, dates mapped)."""
    kept = {k: v for k, v in g.graph.items() if v is not None and k != "skipped"}  # not the graph's
    clean = nx.MultiDiGraph(**{k: _value(v) for k, v in kept.items()})
    for node, attrs in g.nodes(data=True):
        clean.add_node(str(node), **{k: _value(v) for k, v in attrs.items() if v is not None})
    for s, t, key, attrs in g.edges(keys=True, data=True):
        values = {k: _value(v) for k, v in attrs.items() if v is not None}
        clean.add_edge(str(s), str(t), key=str(key), **values)
    return clean


def _value(value: Any) -> str | int | float | bool:
    if isinstance(value, bool | int | float | str):
        return value
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, list | tuple | set | frozenset):
        return "; ".join(str(_value(v)) for v in value)
    return str(value)
