"""`vaultkit graph stats|neighbors|export`: the vault's days, people and projects as a graph."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from vaultkit.cli.application import ConfigOption, JsonOption, app
from vaultkit.cli.console import (
    Column,
    echo,
    parse_day,
    print_json,
    print_table,
    run,
    say,
    skipped,
    skipped_of,
)

graph_app = typer.Typer(
    help="A networkx graph of days, people and projects: stats, neighbours, export.",
    no_args_is_help=True,
)
app.add_typer(graph_app, name="graph")

TagsOption = Annotated[
    bool, typer.Option("--tags", help="Also add tag nodes (and day -> tag mentions).")
]


@graph_app.command()
def stats(config: ConfigOption = None, tags: TagsOption = False, json: JsonOption = False) -> None:
    """Node and edge counts by kind, components, orphan days and the busiest people and projects."""
    from vaultkit.cli.loading import load
    from vaultkit.reports.graph import build_graph, graph_stats

    result = run(lambda: graph_stats(build_graph(load(config), tags=tags)))
    skipped(skipped_of(result))
    if json:
        print_json(result)
        return
    _print_stats(result)


@graph_app.command()
def neighbors(
    day: Annotated[str, typer.Argument(help="The day, YYYY-MM-DD.", show_default=False)],
    config: ConfigOption = None,
    tags: TagsOption = False,
    json: JsonOption = False,
) -> None:
    """A day's spine neighbours, related days (both ways), people and projects."""
    from vaultkit.cli.loading import load
    from vaultkit.reports import graph

    def call() -> dict[str, Any]:
        when = parse_day(day, "DATE")
        assert when is not None
        return graph.neighbors(graph.build_graph(load(config), tags=tags), when)

    result = run(call)
    skipped(skipped_of(result))
    if json:
        print_json(result)
        return
    title = f"{result['date']} (importance {result['importance']}, "
    title += f"{result['mood'] or 'no summary'})"
    spine = result["spine"]
    rows = [
        ["previous", spine["previous"] or "-"],
        ["next", spine["next"] or "-"],
        ["related ->", ", ".join(result["related"]["out"]) or "-"],
        ["related <-", ", ".join(result["related"]["in"]) or "-"],
    ]
    rows += [[key, ", ".join(result[key]) or "-"] for key in ("people", "projects", "tags")]
    print_table([Column("what"), Column("neighbours")], rows if tags else rows[:-1], title=title)


@graph_app.command("export")
def export_graph(
    path: Annotated[Path, typer.Argument(help="The file to write.", show_default=False)],
    fmt: Annotated[
        str, typer.Option("--format", "-f", help="graphml, gexf or json (node-link).")
    ] = "graphml",
    config: ConfigOption = None,
    tags: TagsOption = False,
    json: JsonOption = False,
) -> None:
    """Write the graph as GraphML, GEXF or node-link JSON (for Gephi, Cytoscape, networkx)."""
    from vaultkit.cli.loading import load
    from vaultkit.reports.graph import build_graph, export

    def call() -> tuple[Path, int, int, list[tuple[str, str]]]:
        g = build_graph(load(config), tags=tags)
        written = export(g, path, fmt.lower())
        return written, g.number_of_nodes(), g.number_of_edges(), g.graph["skipped"]

    written, nodes, edges, unread = run(call)
    skipped(unread)
    if json:
        print_json({"path": str(written), "format": fmt.lower(), "nodes": nodes, "edges": edges})
    else:
        say(f"wrote {written}: {nodes} nodes, {edges} edges ({fmt.lower()})")


def _print_stats(result: dict[str, Any]) -> None:
    rows = [[f"{kind} nodes", str(n)] for kind, n in result["nodes"].items()]
    rows += [[f"{kind} edges", str(n)] for kind, n in result["edges"].items()]
    rows += [
        ["components", str(result["components"])],
        ["largest component", str(result["largest_component"])],
        ["days without summary", str(result["days_without_summary"])],
        ["dangling related dates", str(result["dangling_related"])],
        ["orphan days", str(len(result["orphan_days"]))],
    ]
    print_table([Column("what"), Column("count", "right")], rows, title="vault graph")
    if result["orphan_days"]:
        echo("orphan days (no related edge): " + ", ".join(result["orphan_days"]))
    hubs = [
        [kind, row["name"], str(row["days"])]
        for kind, rows_of_kind in result["hubs"].items()
        for row in rows_of_kind
    ]
    print_table([Column("kind"), Column("name"), Column("days", "right")], hubs, title="hubs")
