"""`vaultkit report`: the memory as one HTML page that works offline."""

from __future__ import annotations

import sys
from pathlib import Path
from typing import Annotated, Any

import typer

from vaultkit.cli.application import ConfigOption, JsonOption, app
from vaultkit.cli.console import counted, parse_day, print_json, run, say, skipped, skipped_of
from vaultkit.cli.filters import SinceOption, UntilOption

OutOption = Annotated[
    str | None,
    typer.Option(
        "--out",
        "-o",
        help="The page to write, outside the vault; `-` prints it on stdout "
        "(default: report.html next to memory_config.json).",
        show_default=False,
    ),
]


@app.command()
def report(
    config: ConfigOption = None,
    out: OutOption = None,
    since: SinceOption = None,
    until: UntilOption = None,
    json: JsonOption = False,
) -> None:
    """One self-contained HTML page of the memory: a calendar heatmap of the days, mood over
    time, people and projects by month, the biggest days, their related days as a graph, and
    the new terms. Each day links to its summary in Obsidian and to its file."""
    from vaultkit.cli.loading import load
    from vaultkit.errors import UsageError

    def call() -> dict[str, Any]:
        first, last = parse_day(since, "--since"), parse_day(until, "--until")
        if out == "-":
            if json:
                raise UsageError("--json and --out -: the page goes to stdout, so the JSON cannot")
            from vaultkit.reports.page.build import render_report

            page = render_report(load(config), since=first, until=last)
            sys.stdout.buffer.write(page.html)
            sys.stdout.flush()
            unread = [{"path": p, "reason": r} for p, r in page.skipped]
            return {"days": page.days, "bytes": len(page.html), "skipped": unread}
        from vaultkit.reports.page.build import write_report

        return write_report(load(config), Path(out) if out else None, first, last).as_dict()

    result = run(call)
    skipped(skipped_of(result))
    if json:
        print_json(result)
    elif out == "-":
        say(f"printed the report: {counted(result['days'], 'day')}, {_size(result['bytes'])}")
    else:
        span = f" ({result['first']} to {result['last']})" if result["first"] else ""
        verb = "wrote" if result["changed"] else "unchanged:"
        say(f"{verb} {result['path']}: {counted(result['days'], 'day')}{span}, "
            f"{_size(result['bytes'])}")  # fmt: skip


def _size(count: int) -> str:
    return f"{count / 1e6:.1f} MB" if count >= 1e6 else f"{max(1, round(count / 1e3))} kB"
