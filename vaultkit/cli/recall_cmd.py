"""`vaultkit recall`: the markdown context pack an agent pastes into its prompt."""

from __future__ import annotations

import sys
from typing import Annotated

import typer

from vaultkit.cli.application import AsOfOption, ConfigOption, JsonOption, RescanOption, app
from vaultkit.cli.console import note, parse_day, print_json, printable, progress_bar, run, warn
from vaultkit.cli.filters import (
    MinImportanceOption,
    PersonOption,
    ProjectOption,
    SinceOption,
    TagOption,
    UntilOption,
    make_filters,
)


@app.command()
def recall(
    query: Annotated[str, typer.Argument(help="What to remember, in plain words.")],
    config: ConfigOption = None,
    max_days: Annotated[
        int, typer.Option("--max-days", min=1, help="At most this many days in the pack.")
    ] = 3,
    max_chars: Annotated[
        int,
        typer.Option("--max-chars", min=1, help="Hard bound on the pack's length in characters."),
    ] = 6000,
    as_of: AsOfOption = None,
    since: SinceOption = None,
    until: UntilOption = None,
    person: PersonOption = None,
    project: ProjectOption = None,
    tag: TagOption = None,
    min_importance: MinImportanceOption = None,
    rescan: RescanOption = False,
    json: JsonOption = False,
) -> None:
    """Print a bounded markdown pack of the best days: summary plus excerpts of the raw notes.

    `--as-of DAY` recalls the vault as it stood that day (no later day), as search does.
    """
    from vaultkit.cli.loading import load
    from vaultkit.search.recall import recall as make_pack

    with progress_bar() as progress:
        pack = run(
            lambda: make_pack(
                load(config, reading=True),
                query,
                max_days=max_days,
                max_chars=max_chars,
                as_of=parse_day(as_of, "--as-of"),
                filters=make_filters(since, until, person, project, tag, min_importance),
                rescan=rescan,
                progress=progress,
            )
        )
    for message in pack.warnings:
        warn(message)
    for path, error in pack.skipped:
        note("skipped", f"{path}: {error}", "yellow")
    if json:
        print_json(pack.as_dict())
    else:
        sys.stdout.write(printable(pack.markdown))
