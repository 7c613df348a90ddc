"""Sync's date-ordered pass: summarize the planned days and keep every day's related dates a
function of the days on or before it (see `sync.related`).

The pass walks every summarized day in date order. Days the plan gives it are summarized there
and then (each written at once, atomically, so a crash loses at most the day at hand); every day
from the first one whose related dates can have changed is related again, and a summary vaultkit
wrote as it is gets the new related dates when they differ. Hand edits keep theirs. What a
completed pass saw (each day and the digest of its features, and the postings of the features)
is kept in the catalog, so the next run starts where something changed: a new day is related
alone, from the kept postings, an old day arriving late (a backfill) relates every later day
again. Without the catalog, the pass starts at the first day.
"""

from __future__ import annotations

import contextlib
import os
import time
from collections.abc import Callable, Generator, Iterator
from dataclasses import dataclass, replace
from datetime import date

from vaultkit.catalog.facts import SummaryFacts
from vaultkit.catalog.store import Catalog
from vaultkit.config import Config
from vaultkit.errors import SummarizerUnavailableError, VaultkitError
from vaultkit.files.document import parse_document
from vaultkit.files.sources import day_input
from vaultkit.files.storage import read_bytes
from vaultkit.model import Progress, Summary
from vaultkit.pages.render import Renderer
from vaultkit.pages.schema import add_marker, parse_summary
from vaultkit.parallel import ordered_map
from vaultkit.summarize import Summarizer, validate_fields
from vaultkit.summarize.portion import Portion, portion_of
from vaultkit.sync.plan import DayPlan
from vaultkit.sync.related import RelatedDays, features, features_digest
from vaultkit.sync.report import Change, Failure, Notice, SyncReport
from vaultkit.sync.survey import Survey
from vaultkit.sync.write import fresh_facts, past, write_summary
from vaultkit.text.language import Analyzer
from vaultkit.text.vocabulary import Vocabulary

# Days in a row on which the summarizer's endpoint was unusable (refused, timed out, 5xx after
# its retries) before a run stops: the rest would fail the same way, each after its own retries.
MAX_OUTAGE_DAYS = 3
RELATED_VERSION = 5  # bump when `sync.related` computes differently: every day is related again
# A pass resumes from the kept postings when it walks at most this share of the days (1/8):
# each walked day reads its features' postings, where a rebuild adds every day at ~30 us.
RESUME_SHARE = 8


@dataclass
class OrderedPass:
    """One run's pass: what it needs, and the report it fills in."""

    config: Config
    found: Survey
    catalog: Catalog
    vocabulary: Vocabulary
    report: SyncReport
    progress: Progress | None = None
    pause: float = 0.0

    def __post_init__(self) -> None:
        self.analyzer = Analyzer(self.config.languages)
        self.renderer = Renderer(self.config.templates_dir, self.config.summarizer.heading)
        scoring = self.config.scoring
        self.related = RelatedDays(scoring.related_dates, scoring.min_related_overlap)
        self._sizes: dict[str, int] = {}  # each seen day's feature count, kept with its digest
        self.params = (
            f"v{RELATED_VERSION}:{scoring.related_dates}:{scoring.min_related_overlap}:"
            f"{','.join(self.config.languages)}"
        )

    def run(self, work: list[DayPlan], summarizer: Callable[[], Summarizer]) -> list[date]:
        """Summarize `work` and relate what needs relating; returns the days summarized."""
        planned = {p.day: p for p in work}
        store = self.catalog.related
        same_params = store.params() == self.params
        whole = (
            self.found.touched is None or not same_params or not self.catalog.related_rows_checked()
        )
        changed = self._changed_days()
        candidates = self.found.summary_days() if whole else sorted(changed)
        wanted = None if whole else {d.isoformat() for d in {*changed, *planned}}
        stored = store.digests(wanted) if same_params else {}
        seen = self._seen(candidates, planned, stored, changed)
        start = _first_change(stored, seen, planned)
        if start is None:
            self.catalog.related_unchanged()
            return []
        days, resumed = self._days(start, planned, stored, whole)
        relating = sum(1 for d in days if d >= start and d not in planned)
        drafts = self._drafts(sorted(planned), summarizer)
        with contextlib.closing(drafts):
            made = self._walk(days, start, planned, seen, drafts, relating)
        # Only what this pass could relate counts as seen: an untried or failed day is planned
        # again next run, and the days after it are related then.
        saved: dict[str, tuple[str, int] | None] = {
            d: (f, self._sizes[d]) for d, f in seen.items() if not resumed or stored.get(d) != f
        }
        saved |= {d: None for d in stored if d not in seen}
        self.catalog.related_saved(self.params, saved, self.related.changes(), whole=not resumed)
        return made

    def _changed_days(self) -> set[date]:
        """The days whose summary this run found changed, new or gone."""
        days = (self._day_of(path) for path in self.catalog.changed())
        return {day for day in days if day is not None}

    def _known(self, day: date) -> SummaryFacts | None:
        """A day's summary facts, when they hold the features a day is related by."""
        facts = self.found.summary(day)
        return facts if facts is not None and facts.features is not None else None

    def _seen(
        self,
        candidates: list[date],
        planned: dict[date, DayPlan],
        stored: dict[str, str],
        changed: set[date],
    ) -> dict[str, str]:
        """Each candidate day's features digest: the stored one for a day whose summary's facts
        this run did not find changed, else computed; every one computed when the rows were
        saved without the related state they give (`Catalog.related_rows_checked`)."""
        checked = self.catalog.related_rows_checked()
        seen = {}
        for day in candidates:
            facts = None if day in planned else self._known(day)
            if facts is None:
                continue
            key = day.isoformat()
            kept = stored.get(key)
            if kept is None or day in changed or not checked:
                kept = features_digest(facts.features or ())
            seen[key] = kept
            self._sizes[key] = len(facts.features or ())
        return seen

    def _days(
        self, start: date, planned: dict[date, DayPlan], stored: dict[str, str], whole: bool
    ) -> tuple[list[date], bool]:
        """The days the pass walks, and whether the state resumes from the kept postings:
        from `start` on when it does, else every day (the state is built from them all)."""
        store = self.catalog.related
        walked = {d for d in self.found.summary_days(start) if self._known(d)} | {
            d for d in planned if d >= start
        }
        total = (len(stored) if whole else store.count()) + len(planned)
        self.related, resumed = self._state(start, len(walked), total)
        if resumed:
            return sorted(walked), True
        every = {d for d in self.found.summary_days() if self._known(d)} | set(planned)
        return sorted(every), False

    def _day_of(self, path: str) -> date | None:
        layout = self.found.layout
        folder, name = os.path.split(path)
        known = layout.kind_of(folder, name)
        return date.fromisoformat(known[0]) if known and known[1] == "summary" else None

    def _state(self, start: date, walked: int, days: int) -> tuple[RelatedDays, bool]:
        """The related days as of `start`: resumed from the kept postings when the pass walks
        few of the days (a new day, the newest edited), else built by adding every day (a
        backfill reaches back; reading postings one day at a time would cost more)."""
        scoring = self.config.scoring
        limit, score = scoring.related_dates, scoring.min_related_overlap
        store = self.catalog.related
        kept = store.kept_postings(self.params)
        built = RelatedDays(limit, score), False
        # Resumed only from rows the kept state was computed from (a kept day's features).
        if kept is None or store.params() != self.params or walked * RESUME_SHARE > days:
            return built
        if not self.catalog.related_rows_checked():
            return built
        first = start.isoformat()
        count, last = store.before(first)
        dropped = []
        for day in (date.fromisoformat(d) for d in store.days_from(first)):
            feats = self._kept_features(day)
            if feats is None:
                return built
            dropped.append((day, feats))
        try:
            resumed = RelatedDays.resume(
                limit,
                score,
                kept,
                count=count + len(dropped),  # every kept day, the dropped ones too
                last=date.fromisoformat(last) if last else None,
                dropped=dropped,
                features_of=self._features_of,
            )
        except ValueError:  # postings that do not hold a kept day: built anew, never trusted
            return built
        return resumed, True

    def _kept_features(self, day: date) -> list[str] | None:
        """The features a kept day was related with: its summary's facts as the last run left
        them (None: not known)."""
        path = self.found.layout.summary_path(day)
        before = self.catalog.before(path)
        if before is not None:
            return before.get("features")
        facts = self.found.summary(day)
        return facts.features if facts is not None else None

    def _features_of(self, day: date) -> list[str]:
        facts = self._known(day)
        assert facts is not None and facts.features is not None  # a kept day is summarized
        return facts.features

    def _walk(
        self,
        days: list[date],
        start: date,
        planned: dict[date, DayPlan],
        seen: dict[str, str],
        drafts: Iterator[Draft],
        relating: int,
    ) -> list[date]:
        made: list[date] = []
        outages, done, related = 0, 0, 0
        for day in days:
            plan = planned.get(day)
            if plan is None:
                facts = self._known(day)
                assert facts is not None  # walked days have features
                feats = frozenset(facts.features or ())
                if day >= start:
                    if self.progress and relating > 1:
                        self.progress("relating", related, relating, day.isoformat())
                    self._relate(day, facts, feats)
                    related += 1
                self._saw(day, feats, seen)
                continue
            if self.progress:
                self.progress("summarizing", done, len(planned), day.isoformat())
            if done and self.pause:
                time.sleep(self.pause)
            done += 1
            try:
                feats = self._summarize(day, plan, next(drafts))
            except SummarizerUnavailableError as exc:
                self.report.failed.append(Failure(day.isoformat(), str(exc)))
                outages += 1
                if outages >= MAX_OUTAGE_DAYS:
                    self.report.untried = sorted(d for d in planned if d > day)
                    self.report.stopped = (
                        f"the summarizer endpoint failed on {outages} days in a row; stopped, "
                        f"{len(self.report.untried)} days left for the next run"
                    )
                    break  # the days after are related by the run that summarizes these
                continue
            except (VaultkitError, OSError) as exc:  # the answer, the note, the disk: this day
                self.report.failed.append(Failure(day.isoformat(), str(exc)))
                outages = 0
                continue
            outages = 0
            self._saw(day, feats, seen)
            made.append(day)
        if self.progress and planned:
            self.progress("summarizing", len(planned), len(planned))
        if self.progress and relating > 1 and related:  # a finished bar shows its total
            self.progress("relating", related, related)
        return made

    def _saw(self, day: date, feats: frozenset[str], seen: dict[str, str]) -> None:
        """A day added to the state, as the next pass will find it kept."""
        self.related.add(day, feats)
        seen[day.isoformat()] = features_digest(feats)
        self._sizes[day.isoformat()] = len(feats)

    def _drafts(
        self, days: list[date], summarizer: Callable[[], Summarizer]
    ) -> Generator[Draft, None, None]:
        """Each planned day's draft, in date order: on every core when the summarizer reads
        the day alone (the offline one), else one day at a time as the pass takes them (an
        endpoint keeps its pause and its outage count)."""
        if not days:
            return _none()
        model = summarizer()
        drafting = Drafting(self.found, self.vocabulary, self.analyzer, model)
        if getattr(model, "independent", False) and not self.pause:
            return ordered_map(drafting, days)
        return (drafting(day) for day in days)

    def _summarize(self, day: date, plan: DayPlan, drafted: Draft) -> frozenset[str]:
        """Relate one day's draft and write it; returns its features."""
        if isinstance(drafted, Exception):
            raise drafted
        draft, feats, read, notes = drafted
        summary = replace(draft, related_dates=self.related.related(day, feats))
        path = self.found.layout.summary_path(day)
        text = add_marker(self.renderer.summary(summary), self.found.marked_source(day) or "")
        changed, kept_at = write_summary(self.found.layout, path, text, plan)
        facts = fresh_facts(summary, text, feats)  # related dates are no feature
        self.catalog.put(path, facts, day=day.isoformat(), kind="summary")
        self.found.wrote_summary(day, path, facts)
        if not changed:  # summarized again, to the same summary
            return feats
        detail = plan.reason
        if kept_at is not None:
            detail += f"; the replaced file is kept at {self.found.layout.rel(kept_at)}"
        self.report.changes.append(Change(self.found.layout.rel(path), past(plan.action), detail))
        if read is not None:  # a day larger than the summarizer reads
            self.report.warnings.append(Notice(day.isoformat(), read.message()))
        self.report.warnings += [Notice(day.isoformat(), note) for note in notes]
        return feats

    def _relate(self, day: date, facts: SummaryFacts, feats: frozenset[str]) -> None:
        """Give a summary vaultkit wrote as it is its related dates, as of its day."""
        related = self.related.related(day, feats)
        fields = facts.fields
        if fields is None or not facts.pristine or facts.problem:
            return  # a hand edit keeps its own; an invalid one is the plan's to repair
        if [d.isoformat() for d in related] == fields["related_dates"]:
            return
        path = self.found.layout.summary_path(day)
        try:
            current = parse_summary(parse_document(read_bytes(path), path))
            summary: Summary = replace(current, related_dates=related)
            text = add_marker(self.renderer.summary(summary), facts.source or "")
            write_summary(self.found.layout, path, text, DayPlan(day, "refresh", "related dates"))
        except (VaultkitError, OSError) as exc:
            self.report.failed.append(Failure(day.isoformat(), str(exc)))
            return
        facts = fresh_facts(summary, text, features(summary, self.analyzer))
        self.catalog.put(path, facts, day=day.isoformat(), kind="summary")
        self.found.wrote_summary(day, path, facts)
        shown = ", ".join(d.isoformat() for d in related) or "none"
        self.report.changes.append(
            Change(self.found.layout.rel(path), "related", f"related dates: {shown}")
        )


# A day's draft: its summary before relating, its features, how much of it was read, what the
# summarizer says of its reading; or why not.
Draft = tuple[Summary, frozenset[str], Portion | None, tuple[str, ...]] | VaultkitError | OSError


@dataclass(frozen=True)
class Drafting:
    """A day summarized, before it is related: what depends on the day alone."""

    found: Survey
    vocabulary: Vocabulary
    analyzer: Analyzer
    summarizer: Summarizer

    def __call__(self, day: date) -> Draft:
        note = self.found.note_path(day)
        assert note is not None
        try:
            source = day_input(day, note, self.found.transcripts_of(day))
            fields = validate_fields(self.summarizer.summarize(source), day)
        except (VaultkitError, OSError) as exc:  # the answer, the note, the disk: this day's
            return exc
        draft = self.vocabulary.summary(day, fields)
        read = portion_of(self.summarizer, source)
        return draft, features(draft, self.analyzer), read, fields.notes


def _none() -> Generator[Draft, None, None]:
    yield from ()


def _first_change(
    stored: dict[str, str], seen: dict[str, str], planned: dict[date, DayPlan]
) -> date | None:
    """The first day whose related dates may differ from what the last pass computed: a planned
    day, a day new or gone since, or one whose features changed. None: nothing to do."""
    changed = {d for d in stored.keys() ^ seen.keys()}
    changed |= {d for d in seen.keys() & stored.keys() if seen[d] != stored[d]}
    firsts = [date.fromisoformat(d) for d in changed] + list(planned)
    return min(firsts) if firsts else None
