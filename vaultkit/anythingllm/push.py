"""Sync's last step with `search.backend: anythingllm`: the workspace holds one document per day,
the text the day is indexed by, and sync keeps it so.

A day is pushed again when one of its files changed (and its text with it), when its document
is missing from the workspace (deleted behind vaultkit's back), or when its last push did not
finish. AnythingLLM has no upsert, so an update is the old document removed, then the new one
added; `anythingllm.pushed` records each step as it is done, so a run stopped anywhere (Ctrl-C, a
crash, the server gone) leaves what the next run needs to finish the job. A day that failed is
not recorded as pushed, so the next sync tries it again.
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, field

from vaultkit.anythingllm.client import AnythingLLM, connect, target_of
from vaultkit.anythingllm.pushed import Pushed, PushedDays
from vaultkit.config import Config
from vaultkit.errors import EndpointError, EndpointUnavailableError
from vaultkit.index.store import SearchIndex
from vaultkit.model import Progress

MAX_OUTAGES = 3  # days in a row on which the server was unusable: stop, the rest waits


@dataclass
class PushReport:
    """What a push did: days pushed and removed, days that failed, why it stopped early."""

    pushed: list[str] = field(default_factory=list)
    removed: list[str] = field(default_factory=list)
    failed: list[tuple[str, str]] = field(default_factory=list)
    untried: list[str] = field(default_factory=list)
    stopped: str | None = None


def push_days(
    config: Config, *, client: AnythingLLM | None = None, progress: Progress | None = None
) -> PushReport:
    """Bring the AnythingLLM workspace up to date with the index (which sync has just refreshed)."""
    settings = config.search.anythingllm
    client = client or connect(settings)
    report = PushReport()
    with SearchIndex(config) as index, PushedDays(config.state_dir, target_of(settings)) as store:
        mode = config.search.index  # the text depends on it: a change pushes every day again
        current = {d: _digest(mode + fp) for d, fp in index.fingerprints().items()}
        known = store.all()
        try:
            on_server = client.documents()
        except EndpointError as exc:
            report.failed.append(("AnythingLLM", str(exc)))
            report.stopped = "AnythingLLM could not be reached; the next sync pushes the days"
            return report
        days = sorted(
            {d for d in known if d not in current}
            | {d for d, fp in current.items() if _stale(known.get(d), fp, on_server)}
        )
        Pusher(client, index, store, on_server, report, progress).run(days, known, current)
    return report


def _stale(pushed: Pushed | None, fingerprint: str, on_server: dict[str, str | None]) -> bool:
    return (
        pushed is None
        or pushed.location is None
        or pushed.location not in on_server
        or pushed.fingerprint != fingerprint
    )


@dataclass
class Pusher:
    """One run over the days to push or remove, in date order."""

    client: AnythingLLM
    index: SearchIndex
    store: PushedDays
    on_server: dict[str, str | None]
    report: PushReport
    progress: Progress | None

    def run(self, days: list[str], known: dict[str, Pushed], current: dict[str, str]) -> None:
        outages = 0
        for done, day in enumerate(days):
            if self.progress is not None:
                self.progress("pushing", done, len(days), day)
            try:
                if day in current:
                    self._push(day, known.get(day), current[day])
                else:
                    self._remove(day, known[day])
            except EndpointUnavailableError as exc:
                self.report.failed.append((f"AnythingLLM {day}", str(exc)))
                outages += 1
                if outages >= MAX_OUTAGES:
                    self.report.untried = days[done + 1 :]
                    self.report.stopped = (
                        f"AnythingLLM failed on {outages} days in a row; stopped, "
                        f"{len(self.report.untried)} days left for the next sync"
                    )
                    break
                continue
            except EndpointError as exc:
                self.report.failed.append((f"AnythingLLM {day}", str(exc)))
                outages = 0
                continue
            outages = 0
        if self.progress is not None and days:
            self.progress("pushing", len(days), len(days))

    def _push(self, day: str, pushed: Pushed | None, fingerprint: str) -> None:
        text = self.index.text_of(day)
        digest = _digest(text)
        if pushed is not None and pushed.location in self.on_server and pushed.digest == digest:
            # The files were touched, their text is the same: nothing to send.
            self.store.done(day, pushed.location, fingerprint, digest)
            return
        self.store.start(day, fingerprint, digest)
        self._clear(day, pushed)
        if not text.strip():  # AnythingLLM refuses an empty document; the day has no text
            self.store.forget(day)
            return
        location = self.client.push(day, f"# {day}\n\n{text}")
        self.store.done(day, location, fingerprint, digest)
        self.report.pushed.append(day)

    def _remove(self, day: str, pushed: Pushed) -> None:
        self._clear(day, pushed)
        self.store.forget(day)
        self.report.removed.append(day)

    def _clear(self, day: str, pushed: Pushed | None) -> None:
        """Remove the day's recorded document and, after a push that did not finish, any copy of
        the day it may have left in the workspace."""
        doomed = [pushed.location] if pushed is not None and pushed.location else []
        if pushed is not None and pushed.location is None:
            doomed += [loc for loc, d in self.on_server.items() if d == day]
        for location in doomed:
            self.client.remove(location)
            self.on_server.pop(location, None)


def _digest(text: str) -> str:
    return hashlib.sha256(text.encode()).hexdigest()[:32]
