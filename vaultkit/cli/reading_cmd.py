"""`vaultkit explain DAY` and `vaultkit vocab`: what the offline summarizer reads in a day, and
the terms the vault names that the vocabulary does not know."""

from __future__ import annotations

import json as jsonlib
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
    warn,
)


@app.command()
def explain(
    day: Annotated[str, typer.Argument(help="The day, YYYY-MM-DD.", show_default=False)],
    config: ConfigOption = None,
    candidates: Annotated[
        bool, typer.Option("--candidates", help="Also list every scored bullet candidate.")
    ] = False,
    json: JsonOption = False,
) -> None:
    """Why a day gets its importance, mood, people, terms and bullets: the features behind them."""
    from vaultkit.cli.loading import load
    from vaultkit.reports.explain import explain_day

    def call() -> dict[str, Any]:
        when = parse_day(day, "DAY")
        assert when is not None
        return explain_day(load(config), when).as_dict()

    shown = run(call)
    skipped(skipped_of(shown))
    if json:
        print_json(shown)
        return
    _print_explanation(shown, candidates)


@app.command()
def vocab(
    config: ConfigOption = None,
    min_days: Annotated[
        int, typer.Option("--min-days", min=1, help="Only terms named on this many days or more.")
    ] = 1,
    json: JsonOption = False,
) -> None:
    """The vocabulary drift report: every uncategorized term, its days, the closest known term,
    and the config that adopts it."""
    from vaultkit.cli.loading import load
    from vaultkit.reports.vocab import vocabulary_drift

    report = run(lambda: vocabulary_drift(load(config), min_days=min_days))
    skipped(report.skipped)
    if json:
        print_json(report.as_dict())
        return
    rows = [
        [d.term, d.kind, str(d.days), d.first.isoformat(), d.last.isoformat(), _closest(d)]
        for d in report.terms
    ]
    columns = [Column("term"), Column("kind"), Column("days", "right"), Column("first"),
               Column("last"), Column("closest known")]  # fmt: skip
    title = f"{len(report.terms)} terms outside the vocabulary, in {report.summaries} summaries"
    print_table(columns, rows, title=title)
    if report.terms:
        say('to adopt them, merge into "vocabulary" in memory_config.json:')
        echo(jsonlib.dumps(report.snippet()["vocabulary"], indent=2, ensure_ascii=False))


def _closest(drift: Any) -> str:
    if drift.closest is None:
        return "-"
    mark = " (alias?)" if drift.alias else ""
    return f"{drift.closest} {drift.likeness:.2f}{mark}"


def _print_explanation(shown: dict[str, Any], candidates: bool) -> None:
    title = f"{shown['date']}: importance {shown['importance']}, mood {shown['mood']}"
    if shown["read"]:
        warn(f"{shown['date']}: {shown['read']['message']}")
    rows = [
        [f["feature"], f"{f['value']:g}", f"{f['points']:+.2f}", f["evidence"]]
        for f in shown["importance_features"]
    ]
    columns = [Column("feature"), Column("value", "right"), Column("points", "right")]
    print_table([*columns, Column("evidence", answer=True)], rows, title=title)
    echo(f"importance: {shown['importance_reason']}")
    words = ", ".join(f"{k} {n}" for k, n in shown["mood_words"].items()) or "none"
    echo(f"mood words: {words}")
    echo(f"people: {', '.join(shown['people']) or '-'}")
    for person, why in shown["people_evidence"].items():
        echo(f"  {person}: {why}")
    echo(f"projects: {', '.join(shown['projects']) or '-'}")
    echo(f"tags: {', '.join(shown['tags']) or '-'}")
    for kind, terms in shown["uncategorized"].items():
        if terms:
            echo(f"new {kind}: {', '.join(terms)}")
    echo("bullets:")
    for bullet in shown["bullets"]:
        echo(f"- {bullet}")
    if candidates:
        rows = [
            [f"{c['score']:g}", c["text"], "; ".join(c["reasons"])] for c in shown["candidates"]
        ]
        print_table([Column("score", "right"), Column("candidate"), Column("why")], rows,
                    title="bullet candidates, best first")  # fmt: skip
    if shown["llm"] is not None:
        _print_llm(shown["llm"])
    on_file = shown["summary_on_file"]
    if on_file is None and shown["summary"] in dict(skipped_of(shown)):
        say(f"no summary on file: sync cannot write {shown['summary']} until it is moved away")
    elif on_file is None:
        say("no summary on file yet: `vaultkit sync` writes it")
    elif (on_file["importance"], on_file["mood"]) != (shown["importance"], shown["mood"]):
        why = "edited by hand" if not on_file["by_vaultkit"] else "from another summarizer"
        if not on_file["current"]:
            why = "made from older notes"
        say(f"the summary on file says importance {on_file['importance']}, mood "
            f"{on_file['mood']} ({why})")  # fmt: skip


def _print_llm(llm: dict[str, Any]) -> None:
    """The LLM's reading after the gate: which fields are its own, which the offline reading's."""
    model = llm["model"] or "the LLM"
    if "error" in llm:
        say(f"{model}: not asked ({llm['error']})")
        return
    own = [name for name, source in llm["sources"].items() if source == "llm"]
    echo(f"{model}: importance {llm['importance']}, mood {llm['mood']}; its own: "
         f"{', '.join(own) or 'none'}")  # fmt: skip
    for note in llm["notes"]:
        echo(f"  {note}")
