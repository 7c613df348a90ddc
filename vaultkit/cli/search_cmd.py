"""`vaultkit search` and `vaultkit eval`."""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING, Annotated

import typer

from vaultkit.cli.application import AsOfOption, ConfigOption, JsonOption, RescanOption, app
from vaultkit.cli.console import (
    Column,
    echo,
    parse_day,
    print_json,
    print_table,
    progress_bar,
    run,
    say,
    warn,
)
from vaultkit.cli.filters import (
    MinImportanceOption,
    PersonOption,
    ProjectOption,
    SinceOption,
    TagOption,
    UntilOption,
    make_filters,
)

SWEEP_ROWS = 15

if TYPE_CHECKING:
    from vaultkit.search.evaluate import Report
    from vaultkit.search.scoring import Scoring
    from vaultkit.search.search import SearchResult


@app.command()
def search(
    query: Annotated[str, typer.Argument(help="What to look for, in plain words.")],
    config: ConfigOption = None,
    top_k: Annotated[
        int | None,
        typer.Option("--top-k", "-k", min=1, help="How many days (default: search.top_k)."),
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
    """The best days for a query: hybrid score (semantic, importance, recency), 1-hop expansion.

    `--as-of DAY` searches the vault as it stood that day: recency counts from it and no later
    day is returned.
    """
    from vaultkit.cli.loading import load
    from vaultkit.search.scoring import Scoring
    from vaultkit.search.search import search as run_search

    def call() -> tuple[SearchResult, Scoring]:
        loaded = load(config, reading=True)
        result = run_search(
            loaded,
            query,
            top_k=top_k,
            as_of=parse_day(as_of, "--as-of"),
            filters=make_filters(since, until, person, project, tag, min_importance),
            rescan=rescan,
            progress=progress,
        )
        return result, Scoring.of(loaded)

    with progress_bar() as progress:
        result, scoring = run(call)
    for message in result.warnings:
        warn(message)
    if json:
        print_json(result.as_dict())
    else:
        _print_hits(result, scoring, explain)


def _print_hits(result: SearchResult, scoring: Scoring, explain: bool) -> None:
    from vaultkit.search.scoring import explain as arithmetic

    if not result.hits:
        say(result.focus.nothing_found(result.query))
        return
    columns = [
        Column("#", "right"),
        Column("date"),
        Column("score", "right"),
        Column("sem", "right"),
        Column("imp", "right"),
        Column("rec", "right"),
    ]
    if any(hit.via for hit in result.hits):
        columns.append(Column("via", detail=True))
    if any(hit.newer for hit in result.hits):
        columns.append(Column("newer", detail=True))
    columns += [
        Column("projects", detail=True),
        Column("mood", detail=True),
        Column("first bullet", answer=True),
    ]
    rows = []
    for rank, hit in enumerate(result.hits, 1):
        summary = hit.summary
        cells = {
            "#": str(rank),
            "date": hit.date.isoformat(),
            "score": f"{hit.score:.3f}",
            "sem": f"{hit.semantic:.2f}",
            "imp": str(summary.importance) if summary else "-",
            "rec": f"{hit.recency:.2f}",
            "via": hit.via.isoformat() if hit.via else "",
            "newer": hit.newer.isoformat() if hit.newer else "",
            "mood": summary.mood if summary else "",
            "projects": ", ".join(summary.projects) if summary else "",
            "first bullet": summary.bullets[0] if summary and summary.bullets else "",
        }
        rows.append([cells[c.name] for c in columns])
    print_table(columns, rows, title=f"{result.query} (as of {result.as_of})")
    if explain:
        echo(f"read: {result.focus.describe()}")
        for rank, hit in enumerate(result.hits, 1):
            echo(f"{rank}. {hit.date}: {arithmetic(hit, scoring, result.focus)}")


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
    from vaultkit.cli.loading import load
    from vaultkit.errors import UsageError
    from vaultkit.search.evaluate import evaluate_file

    def cutoffs() -> tuple[int, ...]:
        try:
            values = tuple(sorted({int(v) for v in k.split(",") if v.strip()}))
        except ValueError:
            values = ()
        if not values or min(values) < 1:
            raise UsageError(f"--k: expected positive integers like 1,3,5,10, got {k!r}")
        return values

    with progress_bar() as progress:
        report = run(
            lambda: evaluate_file(
                load(config, reading=True),
                queries,
                ks=cutoffs(),
                as_of=parse_day(as_of, "--as-of"),
                exclude=tuple(exclude or ()),
                sweep=sweep,
                progress=progress,
            )
        )
    if json:
        print_json(report.as_dict())
    else:
        _print_report(report)


def _print_report(report: Report) -> None:
    ks = report.ks
    columns = [Column("category"), Column("n", "right")]
    columns += [Column(f"{name}@{k}", "right") for name in ("R", "hit") for k in ks]
    columns.append(Column("MRR", "right"))
    rows = [
        [
            name,
            str(row.n),
            *(f"{row.recall[k]:.3f}" for k in ks),
            *(f"{row.hit[k]:.3f}" for k in ks),
            f"{row.mrr:.3f}",
        ]
        for name, row in report.rows.items()
    ]
    print_table(columns, rows, title=f"{report.queries} queries")
    if not report.sweep:
        return
    shown = [(rank, p) for rank, p in enumerate(report.sweep, 1) if rank <= SWEEP_ROWS or p.current]
    columns = [Column("rank", "right")]
    columns += [Column(n, "right") for n in ("w_sem", "w_imp", "w_rec", "gate", "expansion")]
    columns += [Column(f"R@{report.sweep_k}", "right"), Column("MRR", "right"), Column("")]
    rows = [
        [
            str(rank),
            *(_weight(w) for w in (p.scoring.w_sem, p.scoring.w_imp, p.scoring.w_rec)),
            _weight(p.scoring.gate),
            _weight(p.scoring.expansion_factor),
            f"{p.recall:.3f}",
            f"{p.mrr:.3f}",
            "* this config" if p.current else "",
        ]
        for rank, p in shown
    ]
    title = f"sweep: the best {SWEEP_ROWS} of {len(report.sweep)} scorings, and this config"
    print_table(columns, rows, title=title)


def _weight(value: float) -> str:
    """A weight as `0.3`: never `-0` (a grid step that rounds to nothing is zero)."""
    return f"{abs(value) if value == 0 else value:g}"
