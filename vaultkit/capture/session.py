"""`vaultkit hook ASSISTANT`: an assistant's session saved as one transcript of its day.

The assistant calls the hook as the session goes (Claude Code at `PreCompact` and at
`SessionEnd`); each call reads the whole transcript so far (`hooks`) and saves it under the
session's key (`transcripts`), so a session seen twice is one transcript holding all its lines.

A hook must never hold up the assistant: when another writer (a sync) holds the vault's lock
past `LOCK_WAIT` seconds, the event is kept in `.vaultkit/hooks/pending/` and saved by the next
call of the hook, whichever session it is for.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path

from vaultkit.capture.hooks import ADAPTERS, HookAdapter, HookEvent, read_payload
from vaultkit.capture.transcripts import save_conversation, zone_of
from vaultkit.config import Config
from vaultkit.errors import LockedError, UsageError, VaultkitError
from vaultkit.files.layout import Layout
from vaultkit.files.lock import writer_lock
from vaultkit.files.storage import write_atomic
from vaultkit.workspace.keyed import Saved
from vaultkit.workspace.notes import reindex

LOCK_WAIT = 3.0  # seconds a hook waits for the vault's lock before it leaves the event pending


@dataclass
class HookReport:
    """What a call of the hook did: the session saved (None: pending, or no words), the
    pending sessions saved with it, and what went wrong with any of them."""

    saved: Saved | None = None
    pending: bool = False
    caught_up: list[Saved] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def capture_session(config: Config, assistant: str, payload_text: str) -> HookReport:
    """Save the session a hook's payload names (see the module)."""
    adapter = ADAPTERS.get(assistant)
    if adapter is None:
        raise UsageError(f"assistant: expected one of {', '.join(ADAPTERS)}, got {assistant!r}")
    event = adapter.event(read_payload(payload_text))
    layout = Layout(config)
    report = HookReport()
    try:
        report.saved = _save(config, layout, adapter, event)
    except LockedError:
        _keep_pending(layout, event)
        report.pending = True
        return report
    _catch_up(config, layout, report)
    return report


def _save(config: Config, layout: Layout, adapter: HookAdapter, event: HookEvent) -> Saved | None:
    conversation = adapter.conversation(event)
    if not layout.vault_dir.is_dir():
        raise UsageError(f"the vault {layout.vault_dir} is not here: nothing was written")
    with writer_lock(layout.state_dir, timeout=LOCK_WAIT):
        done = save_conversation(config, layout, conversation, zone_of(config))
    if done is None:
        return None
    saved, written, _ = done
    problems = reindex(config, written)
    if problems:
        raise VaultkitError(problems[0])
    return saved


def _pending_dir(layout: Layout) -> Path:
    return layout.state_dir / "hooks" / "pending"


def _keep_pending(layout: Layout, event: HookEvent) -> None:
    """Keep the event for the next call (one file a session: the latest event stands)."""
    data = {
        "assistant": event.assistant,
        "session": event.session,
        "event": event.event,
        "transcript": str(event.transcript),
        "cwd": event.cwd,
    }
    path = _pending_dir(layout) / f"{event.assistant}-{event.session}.json"
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, json.dumps(data, sort_keys=True) + "\n", within=layout.state_dir)


def _catch_up(config: Config, layout: Layout, report: HookReport) -> None:
    """Save the sessions left pending by earlier calls; each saved one's file goes."""
    folder = _pending_dir(layout)
    if not folder.is_dir():
        return
    for path in sorted(folder.glob("*.json")):
        try:
            event = _pending_event(path)
            saved = _save(config, layout, ADAPTERS[event.assistant], event)
        except LockedError:
            return
        except (VaultkitError, KeyError, ValueError, OSError) as exc:
            report.problems.append(f"{path.name}: {exc}")
        else:
            if saved is not None:
                report.caught_up.append(saved)
        path.unlink(missing_ok=True)


def _pending_event(path: Path) -> HookEvent:
    data = json.loads(path.read_text("utf-8"))
    return HookEvent(
        assistant=str(data["assistant"]),
        session=str(data["session"]),
        event=str(data["event"]),
        transcript=Path(data["transcript"]),
        cwd=data.get("cwd"),
    )
