"""A name the vault's other days show to be a tool is one on every day that names it: "Sentry
udah kepasang" at a sentence's start says nothing alone, and "pakai Sentry buat crash report"
on another day says what it is. Like the people the vault shows, this knowledge comes and goes
with the days that give it, and the vault is the same whatever the order of the runs, a run
that stopped midway included."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from tests.fixtures.workspaces import synced_notes
from vaultkit.config import load_config
from vaultkit.sync.daily import Scope, sync

EVIDENCE = {"2026-03-01": "Hari ini pakai Sentry buat crash report Android, setup selesai."}
BARE = {
    "2026-03-02": "Sentry udah kepasang di app, crash-free 99,8% dari siang.",
    "2026-03-03": "Crash-free again. Sentry quiet all week, so we went for bakso.",
}


def _summary(config: Path, day: str) -> str:
    return (config.parent / "vault/memory/summaries" / f"{day}.summary.md").read_text()


def _summaries(config: Path) -> dict[str, str]:
    """The summaries of the days that name the tool bare (a removed note's summary is kept)."""
    return {day: _summary(config, day) for day in BARE}


def _write(config: Path, days: dict[str, str]) -> None:
    for day, text in days.items():
        (config.parent / "vault/memory" / f"{day}.md").write_text(f"# {day}\n\n{text}\n")


def _technologies(config: Path, day: str) -> str:
    return next(line for line in _summary(config, day).splitlines() if "technologies" in line)


def test_a_bare_name_is_a_tool_when_another_day_shows_one(tmp_path: Path) -> None:
    config = synced_notes(tmp_path / "a", {**EVIDENCE, **BARE})
    for day in BARE:
        assert "Sentry" in _technologies(config, day)
    alone = synced_notes(tmp_path / "b", BARE)
    assert all("Sentry" not in _technologies(alone, day) for day in BARE)


def test_the_days_that_name_it_follow_the_evidence_as_it_comes_and_goes(tmp_path: Path) -> None:
    reference = _summaries(synced_notes(tmp_path / "ref", {**EVIDENCE, **BARE}))
    config = synced_notes(tmp_path / "ws", BARE)
    _write(config, EVIDENCE)
    report = sync(load_config(config))
    reasons = {c.path[-21:-11]: c.detail for c in report.changes if c.action == "refreshed"}
    assert reasons == dict.fromkeys(BARE, "other days show who or what a name is (Sentry)")
    assert _summaries(config) == reference
    (config.parent / "vault/memory/2026-03-01.md").unlink()
    sync(load_config(config))
    assert _summaries(config) == _summaries(synced_notes(tmp_path / "bare", BARE))
    assert not sync(load_config(config)).changes  # nothing new: nothing written


def test_a_run_that_stopped_midway_is_mended_by_the_next(tmp_path: Path) -> None:
    """A run that summarized a day with the evidence of a day removed before the next run:
    the next run knows what the stopped run used, not only the last completed one."""
    first = dict(list(BARE.items())[:1])
    config = synced_notes(tmp_path / "ws", first)  # completed, no tool known
    _write(config, {**EVIDENCE, **dict(list(BARE.items())[1:])})
    sync(load_config(config), scope=Scope(days=[date(2026, 3, 3)]))  # stops short of the rest
    assert "Sentry" in _technologies(config, "2026-03-03")
    (config.parent / "vault/memory/2026-03-01.md").unlink()
    assert sync(load_config(config)).ok
    assert _summaries(config) == _summaries(synced_notes(tmp_path / "bare", BARE))


def test_a_lost_catalog_learns_the_names_again(tmp_path: Path) -> None:
    config = synced_notes(tmp_path / "ws", BARE)
    state = config.parent / "vault/.vaultkit"
    for path in sorted(state.rglob("*"), reverse=True):
        path.unlink() if path.is_file() else path.rmdir()
    _write(config, EVIDENCE)
    assert sync(load_config(config)).ok
    assert _summaries(config) == _summaries(synced_notes(tmp_path / "ref", {**EVIDENCE, **BARE}))


def test_a_config_a_stopped_run_used_is_undone_when_the_config_goes_back(tmp_path: Path) -> None:
    """The days a run that stopped midway summarized with a vocabulary the config no longer
    has are summarized again, though the last completed sync had the same config as now."""
    known = {"technologies": ["Grafana"]}
    config = synced_notes(tmp_path / "ws", BARE, vocabulary=known)
    plain = config.read_text()
    aliased = {**known, "aliases": {"Sentry": "Grafana"}}
    config.write_text(json.dumps({**json.loads(plain), "vocabulary": aliased}))
    sync(load_config(config), scope=Scope(days=[date(2026, 3, 3)]))  # stops short of the rest
    assert "tags: [Grafana]" in _summary(config, "2026-03-03")
    config.write_text(plain)
    assert sync(load_config(config)).ok
    assert _summaries(config) == _summaries(synced_notes(tmp_path / "ref", BARE, vocabulary=known))
