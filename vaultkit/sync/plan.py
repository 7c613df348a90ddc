"""What the vault needs: which days lack a summary, have a stale or invalid one, or a hand-edited one.

`plan_days` decides per day from a `survey`, so `vaultkit reconcile` shows exactly what
`vaultkit sync` would do.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date
from typing import Literal

from vaultkit.catalog.facts import SummaryFacts
from vaultkit.catalog.opener import open_catalog
from vaultkit.config import Config
from vaultkit.dates import day_outside, parse_date
from vaultkit.files.layout import not_read
from vaultkit.lint.rules import rule_named
from vaultkit.lint.summary_checks import no_note_for
from vaultkit.sync.full_look import full_look
from vaultkit.sync.settings import rechecked_days, reshaped_days
from vaultkit.sync.survey import Survey
from vaultkit.text.vocabulary import Vocabulary

DAY_SHAPED = re.compile(
    r"^(\d{4}-\d{2}-\d{2})(?:\.summary)?\.md$"
)  # a day's file name, real or not
Action = Literal["create", "refresh", "repair", "reformat", "keep", "fail"]


@dataclass(frozen=True)
class DayPlan:
    """What sync does for one day, and why.

    `invalid` marks a kept summary that breaks the rules (a hand edit sync will not touch: the run
    must say so and exit 1); `replaces` marks work that overwrites a file vaultkit did not write
    as it is (a hand edit, under `--force`, or an unreadable file without vaultkit's marker):
    sync keeps a copy of it first.
    """

    day: date
    action: Action
    reason: str
    invalid: bool = False
    replaces: bool = False

    def as_dict(self) -> dict[str, object]:
        return {
            "date": self.day.isoformat(),
            "action": self.action,
            "reason": self.reason,
            "invalid": self.invalid,
        }


def plan_days(
    found: Survey,
    *,
    force: bool = False,
    resummarize: bool = False,
    reshaped: Mapping[date, str] | None = None,
    rechecked: Mapping[date, str] | None = None,
) -> list[DayPlan]:
    """Every day that needs work (or is kept because a person edited it), in date order;
    `resummarize` asks for every summary vaultkit wrote again, `reshaped` for the days a
    change of the config affects, `rechecked` for the days to look at again because what the
    vault's days show a name to be changed (each with why; `sync.settings`).

    A daily look plans the days it looked at (`Survey.touched`): a day whose files did not
    change since a run left it with nothing to do has nothing to do. Asked for every day
    (`force`, `resummarize`), or for days a change of the config affects, it plans those."""
    reshaped = reshaped or {}
    rechecked = rechecked or {}
    if force or resummarize:
        days: list[date] = found.source_days()
    else:
        more = (d for d in (*reshaped, *rechecked) if found.note_path(d))
        days = sorted({*found.looked_at(), *more})
    plans = []
    for day in days:
        if found.note_path(day) is None:
            continue  # a summary alone, or a day whose files are gone
        why = reshaped.get(day) or rechecked.get(day)
        plan = _plan_day(found, day, force, resummarize, day in reshaped, why)
        if plan is not None:
            plans.append(plan)
    return plans


@dataclass(frozen=True)
class Unusable:
    """A note sync cannot use as it is: a file named like a day that is none (2026-02-30.md),
    or a daily note whose frontmatter is not YAML (summarized from its text all the same)."""

    path: str
    line: int | None
    rule: str
    message: str

    def __str__(self) -> str:
        where = f"{self.path}:{self.line}" if self.line else self.path
        return f"{where}: [{self.rule}] {self.message}"

    def as_dict(self) -> dict[str, object]:
        return {"path": self.path, "line": self.line, "rule": self.rule, "message": self.message}


def unusable_notes(found: Survey) -> list[Unusable]:
    """The notes of the vault sync cannot use as they are, in path order."""
    out = []
    for path in found.files.strays:
        match = DAY_SHAPED.match(path.name)
        if match and parse_date(match.group(1)) is None:
            why = day_outside(match.group(1)) or f"{match.group(1)} is not a real date"
            message = f"{why}; not read (name it after its day)"
            out.append(Unusable(found.layout.rel(path), None, "file-name", message))
    for day in found.looked_at():
        facts, note = found.note(day), found.note_path(day)
        if facts is not None and facts.problem and note is not None:
            rule, _, message = facts.problem.partition("] ")
            shown = f"{message}; summarized from its text"
            out.append(Unusable(found.layout.rel(note), facts.problem_line, rule[1:], shown))
    return sorted(out, key=lambda u: (u.path, u.line or 0))


@dataclass(frozen=True)
class Reconciliation:
    """What `sync` would do per day, and the names it would skip: (path in the vault, why)."""

    plans: list[DayPlan]
    skipped: list[tuple[str, str]]
    unusable: list[Unusable]


def reconcile_plan(config: Config, *, force: bool = False) -> Reconciliation:
    """What `sync` would do per day, without writing anything."""
    catalog = open_catalog(config, read_only=True)
    try:
        found = full_look(config, catalog)
        vocabulary = Vocabulary(config.vocabulary, config.people)
        vault = found.vault_names(vocabulary)
        reshaped = reshaped_days(config, catalog, found, vault)
        rechecked = rechecked_days(config, catalog, found, vault)
        skipped = not_read(found.layout, found.files.irregular)
        plans = plan_days(found, force=force, reshaped=reshaped, rechecked=rechecked)
        return Reconciliation(plans, skipped, unusable_notes(found))
    finally:
        catalog.close()


def _plan_day(
    found: Survey, day: date, force: bool, resummarize: bool, reshaped: bool, why: str | None
) -> DayPlan | None:
    source = found.source_of(day)
    if source is None:
        note = found.note(day)
        error = (note.error if note else None) or _transcript_error(found, day)
        return DayPlan(day, "fail", error)
    summary = found.summary(day)
    if summary is None:
        return DayPlan(day, "create", "no summary")
    hand_edited = not summary.pristine
    problem = summary.problem or _dangling_related(found, summary)
    if problem:
        if summary.empty:
            return DayPlan(day, "repair", "the summary file is empty")
        if summary.unparseable and not summary.marked:
            # Neither vaultkit's (no marker) nor readable: regenerated, the old bytes kept.
            return DayPlan(
                day, "repair", f"unreadable, no vaultkit marker: {problem}", replaces=True
            )
        if hand_edited and not force:
            return DayPlan(day, "keep", f"invalid but edited by hand: {problem}", invalid=True)
        return DayPlan(day, "repair", f"invalid: {problem}", replaces=hand_edited)
    made_from, _, names = (summary.source or "").partition("+")
    if made_from != source:
        if hand_edited and not force:
            return DayPlan(day, "keep", "daily note changed, summary edited by hand")
        return DayPlan(
            day, "refresh", "daily note changed since the summary was made", replaces=hand_edited
        )
    if force and hand_edited:
        return DayPlan(day, "refresh", "edited by hand; --force", replaces=True)
    if resummarize and not hand_edited:
        return DayPlan(day, "refresh", "summarized again, as asked")
    if reshaped and not hand_edited:
        return DayPlan(day, "refresh", why or "the config changed")
    if names != found.names_of(day) and not hand_edited:
        return DayPlan(day, "refresh", why or "other days show who or what its names are")
    if not hand_edited and summary.stale_format:
        return DayPlan(day, "reformat", "written by an older template; rendered again")
    return None


def _transcript_error(found: Survey, day: date) -> str:
    """The first unreadable transcript of a day, as its error says."""
    for path in found.transcripts_of(day):
        error = found.transcript(path).error
        if error:
            return error
    return "a transcript is unreadable"


def _dangling_related(found: Survey, summary: SummaryFacts) -> str | None:
    """A related date whose day has gone since the summary's facts were cached, told as the
    summary's own check tells it when it reads the day gone (`file_facts`): a daily run and a
    full one say the same."""
    related = summary.fields["related_dates"] if summary.fields else []
    gone = [d for d in related if not ((day := parse_date(d)) and found.known(day))]
    rule = rule_named("related-date-missing").id
    return f"{rule}: {no_note_for(gone[0])}" if gone else None
