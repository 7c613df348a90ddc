"""The six filter options `search` and `recall` share, and the `Filters` they make."""

from __future__ import annotations

from typing import TYPE_CHECKING, Annotated

import typer

if TYPE_CHECKING:
    from vaultkit.search.filters import Filters

SinceOption = Annotated[str | None, typer.Option(help="Only days on or after, YYYY-MM-DD.")]
UntilOption = Annotated[str | None, typer.Option(help="Only days on or before, YYYY-MM-DD.")]
PersonOption = Annotated[str | None, typer.Option(help="Only days with this person.")]
ProjectOption = Annotated[str | None, typer.Option(help="Only days with this project.")]
TagOption = Annotated[str | None, typer.Option(help="Only days with this tag.")]
MinImportanceOption = Annotated[
    int | None,
    typer.Option("--min-importance", min=1, max=10, help="Only days at least this important."),
]


def make_filters(
    since: str | None,
    until: str | None,
    person: str | None,
    project: str | None,
    tag: str | None,
    min_importance: int | None,
) -> Filters:
    """The options' values as `Filters`; a bad date is a usage error naming its option."""
    from vaultkit.search.filters import Filters

    return Filters.parse(
        since=since,
        until=until,
        person=person,
        project=project,
        tag=tag,
        min_importance=min_importance,
    )
