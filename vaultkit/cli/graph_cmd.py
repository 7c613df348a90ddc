"""`vaultkit graph stats|neighbors|export`: the vault's days, people and projects as a graph."""

from __future__ import annotations

from pathlib import Path
from typing import Annotated, Any

import typer

from vaultkit.cli.application import ConfigOption, JsonOption, app
from vaultkit.cli.console import err, escape, out, parse_day, print_json, run

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
    from vaultkit.config import load_config
    from vaultkit.graph import build_graph, graph_stats

    result = run(lambda: graph_stats(build_graph(load_config(config), tags=tags)))
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
    from vaultkit import graph
    from vaultkit.config import load_config

    def call() -> dict[str, Any]:
        when = parse_day(day, "DATE")
        assert when is not None
        return graph.neighbors(graph.build_graph(load_config(config), tags=tags), when)

    result = run(call)
    if json:
        print_json(result)
        return
    from rich.table import Table

    table = Table(
        "",
        "",
        show_header=False,
        title=f"{result['date']} (importance "
        f"{result['importance']}, {escape(result['mood'] or 'no summary')})",
    )
    spine = result["spine"]
    table.add_row("previous", spine["previous"] or "-")
    table.add_row("next", spine["next"] or "-")
    table.add_row("related ->", ", ".join(result["related"]["out"]) or "-")
    table.add_row("related <-", ", ".join(result["related"]["in"]) or "-")
    for key in ("people", "projects", "tags"):
        if key != "tags" or tags:
            table.add_row(key, escape(", ".join(result[key])) or "-")
    out.print(table)


@graph_app.command("export")
def export_graph(
    path: Annotated[Path, typer.Argument(help="The file to write.", show_default=False)],
    fmt: Annotated[
        str, typer.Option("--format", "-f", help="graphml, gexf or json (node-link).")
    ] = "graphml",
    config: ConfigOption = None,
    tags: TagsOption = False,
) -> None:
    """Write the graph as GraphML, GEXF or node-link JSON (for Gephi, Cytoscape, networkx)."""
    from vaultkit.config import load_config
    from vaultkit.graph import build_graph, export

    def call() -> tuple[Path, int, int]:
        g = build_graph(load_config(config), tags=tags)
        return export(g, path, fmt.lower()), g.number_of_nodes(), g.number_of_edges()

    written, nodes, edges = run(call)
    err.print(f"wrote {escape(str(written))}: {nodes} nodes, {edges} edges ({fmt.lower()})")


def _print_stats(result: dict[str, Any]) -> None:
    from rich.table import Table

    table = Table("what", "count", title="vault graph")
    for kind, count in result["nodes"].items():
        table.add_row(f"{kind} nodes", str(count))
    for kind, count in result["edges"].items():
        table.add_row(f"{kind} edges", str(count))
    table.add_row("components", str(result["components"]))
    table.add_row("largest component", str(result["largest_component"]))
    table.add_row("days without summary", str(result["days_without_summary"]))
    table.add_row("dangling related dates", str(result["dangling_related"]))
    orphans = result["orphan_days"]
    table.add_row("orphan days", str(len(orphans)))
    out.print(table)
    if orphans:
        out.print("orphan days (no related edge): " + ", ".join(orphans))
    hubs = Table("kind", "name", "days", title="hubs")
    for kind, rows in result["hubs"].items():
        for row in rows:
            hubs.add_row(kind, escape(row["name"]), str(row["days"]))
    out.print(hubs)
