"""`vaultkit search` and `vaultkit eval`."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from vaultkit.cli.application import AsOfOption, ConfigOption, JsonOption, RescanOption, app
from vaultkit.cli.console import escape, out, parse_day, print_json, run
from vaultkit.cli.filters import (
    MinImportanceOption,
    PersonOption,
    ProjectOption,
    SinceOption,
    TagOption,
    UntilOption,
    make_filters,
)

if TYPE_CHECKING:
    from vaultkit.evaluate import Report
    from vaultkit.search import Scoring, SearchResult


@app.command()
def search(
    query: Annotated[str, typer.Argument(help="What to look for, in plain words.")],
    config: ConfigOption = None,
    top_k: Annotated[
        int | None, typer.Option("--top-k", "-k", help="How many days (default: search.top_k).")
    ] = None,
    as_of: AsOfOption = None,
    since: SinceOption = None,
    until: UntilOption = None,
    person: PersonOption = None,
    project: ProjectOption = None,
    tag: TagOption = None,
    min_importance: MinImportanceOption = None,
    rescan: RescanOption = False,
    explain: Annotated[
        bool, typer.Option("--explain", help="Show the arithmetic of each score.")
    ] = False,
    json: JsonOption = False,
) -> None:
    """The best days for a query: hybrid score (semantic, importance, recency), 1-hop expansion."""
    from vaultkit.config import load_config
    from vaultkit.search import Scoring
    from vaultkit.search import search as run_search

    def call() -> tuple[SearchResult, Scoring]:
        loaded = load_config(config)
        result = run_search(
            loaded,
            query,
            top_k=top_k,
            as_of=parse_day(as_of, "--as-of"),
            filters=make_filters(since, until, person, project, tag, min_importance),
            rescan=rescan,
        )
        return result, Scoring.of(loaded)

    result, scoring = run(call)
    if json:
        print_json(result.as_dict())
    else:
        _print_hits(result, scoring, explain)


def _columns_that_fit(widths: dict[str, int], room: int, skip: tuple[str, ...]) -> list[str]:
    """Columns in priority order, dropping the least needed ones until the table fits."""
    names = [n for n in widths if n not in skip]
    drop_order = ["first bullet", "mood", "projects", "via"]
    while names and sum(widths[n] + 3 for n in names) + 1 > room and drop_order:
        victim = drop_order.pop(0)
        if victim in names:
            names.remove(victim)
    return names


def _print_hits(result: SearchResult, scoring: Scoring, explain: bool) -> None:
    from rich.table import Table

    from vaultkit.search import explain as arithmetic

    if not result.hits:
        out.print(f"no day matches {escape(result.query)!r}")
        return
    has_via = any(hit.via for hit in result.hits)
    widths = {"#": 2, "date": 10, "score": 5, "sem": 4, "imp": 3, "rec": 4, "via": 10}
    widths.update({"projects": 22, "mood": 9, "first bullet": 24})
    shown = _columns_that_fit(widths, out.width, skip=() if has_via else ("via",))
    used = sum(widths[n] + 3 for n in shown if n != "first bullet") + 1
    widths["first bullet"] = max(widths["first bullet"], out.width - used - 3)
    table = Table(title=f"{escape(result.query)} (as of {result.as_of})")
    for name in shown:
        wide = name in ("projects", "mood", "first bullet")
        table.add_column(
            name,
            no_wrap=True,
            overflow="ellipsis",
            min_width=None if wide else widths[name],
            max_width=widths[name],
            justify="right" if widths[name] < 6 and not wide else "left",
        )
    for rank, hit in enumerate(result.hits, 1):
        summary = hit.summary
        cells = {
            "#": str(rank),
            "date": hit.date.isoformat(),
            "score": f"{hit.score:.3f}",
            "sem": f"{hit.semantic:.2f}",
            "imp": f"{hit.importance:.1f}",
            "rec": f"{hit.recency:.2f}",
            "via": hit.via.isoformat() if hit.via else "",
            "mood": escape(summary.mood) if summary else "",
            "projects": escape(", ".join(summary.projects)) if summary else "",
            "first bullet": escape(summary.bullets[0]) if summary and summary.bullets else "",
        }
        table.add_row(*(cells[name] for name in shown))
    out.print(table)
    if explain:
        for rank, hit in enumerate(result.hits, 1):
            out.print(f"{rank}. {hit.date}: {escape(arithmetic(hit, scoring))}")


@app.command("eval")
def evaluate(
    queries: Annotated[Path, typer.Argument(help="JSONL: {query, gold_dates, as_of?, category?}.")],
    config: ConfigOption = None,
    k: Annotated[str, typer.Option("--k", help="Cut-offs, comma-separated.")] = "1,3,5,10",
    as_of: AsOfOption = None,
    exclude: Annotated[
        list[str] | None,
        typer.Option("--exclude", help="Leave out a category (repeatable), e.g. adversarial."),
    ] = None,
    sweep: Annotated[
        bool, typer.Option("--sweep", help="Also try a grid of weights and expansion factors.")
    ] = False,
    json: JsonOption = False,
) -> None:
    """Measure search on labelled queries: recall@k, hit@k and MRR, overall and per category."""
    from vaultkit.config import load_config
    from vaultkit.errors import UsageError
    from vaultkit.evaluate import evaluate_file

    def cutoffs() -> tuple[int, ...]:
        try:
            values = tuple(sorted({int(v) for v in k.split(",") if v.strip()}))
        except ValueError:
            values = ()
        if not values or min(values) < 1:
            raise UsageError(f"--k: expected positive integers like 1,3,5,10, got {k!r}")
        return values

    report = run(
        lambda: evaluate_file(
            load_config(config),
            queries,
            ks=cutoffs(),
            as_of=parse_day(as_of, "--as-of"),
            exclude=tuple(exclude or ()),
            sweep=sweep,
        )
    )
    if json:
        print_json(report.as_dict())
    else:
        _print_report(report)


def _print_report(report: Report) -> None:
    from rich.table import Table

    ks = report.ks
    table = Table(
        "category", "n", *(f"R@{k}" for k in ks), *(f"hit@{k}" for k in ks), "MRR",
        title=f"{report.queries} queries",
    )  # fmt: skip
    for name, row in report.rows.items():
        table.add_row(
            name,
            str(row.n),
            *(f"{row.recall[k]:.3f}" for k in ks),
            *(f"{row.hit[k]:.3f}" for k in ks),
            f"{row.mrr:.3f}",
        )
    out.print(table)
    if report.sweep:
        grid = Table(
            "w_sem", "w_imp", "w_rec", "gate", "expansion", f"R@{report.sweep_k}", "MRR",
            title="sweep (best first; * = this config)",
        )  # fmt: skip
        for point in report.sweep[:15]:
            mark = " *" if point.current else ""
            grid.add_row(
                f"{point.scoring.w_sem:g}",
                f"{point.scoring.w_imp:g}",
                f"{point.scoring.w_rec:g}",
                f"{point.scoring.gate:g}",
                f"{point.scoring.expansion_factor:g}{mark}",
                f"{point.recall:.3f}",
                f"{point.mrr:.3f}",
            )
        out.print(grid)
