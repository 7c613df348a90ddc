"""A changed config is applied: the days a change of the vocabulary or the people affects are
summarized again at the next sync (hand edits kept), and the run says why."""

from __future__ import annotations

import json
from pathlib import Path

from vaultkit.config import load_config
from vaultkit.sync.daily import sync
from vaultkit.sync.plan import reconcile_plan

SUMMARIES = Path("vault/memory/summaries")


def _change(workspace: Path, edit) -> None:  # type: ignore[no-untyped-def]
    path = workspace / "memory_config.json"
    data = json.loads(path.read_text())
    edit(data)
    path.write_text(json.dumps(data, indent=2))


def _ceph_days(workspace: Path) -> set[str]:
    return {
        p.name[:10] for p in (workspace / SUMMARIES).glob("*.summary.md") if "Ceph" in p.read_text()
    }


def _uncategorized(workspace: Path, day: str) -> str:
    text = (workspace / SUMMARIES / f"{day}.summary.md").read_text()
    return text.split("uncategorized:")[1].split("---")[0]


def test_an_adopted_term_moves_to_the_main_fields_of_the_days_naming_it(workspace: Path) -> None:
    sync(load_config(workspace / "memory_config.json"))  # the settings are recorded
    days = _ceph_days(workspace)
    assert days and all(
        "tags: [" in (workspace / SUMMARIES / f"{d}.summary.md").read_text() for d in days
    )
    listed = {d for d in days if "Ceph" in _uncategorized(workspace, d)}
    _change(workspace, lambda c: c["vocabulary"]["technologies"].append("Ceph"))
    config = load_config(workspace / "memory_config.json")
    planned = reconcile_plan(config).plans
    named = {
        p.name[:10]
        for p in (workspace / "vault/memory").rglob("2026-*.md")
        if "Ceph" in p.read_text()
    }
    assert {p.day.isoformat() for p in planned} == days | named  # the notes or the summary
    assert {p.reason for p in planned} == {"the vocabulary or the people changed (Ceph)"}
    report = sync(config)
    refreshed = {c.path[-21:-11] for c in report.changes if c.action == "refreshed"}
    # The days that listed it as new, and the days whose notes name it where the summary did not
    # take it as a new term (a known technology is a tag wherever it is named).
    assert listed and listed <= refreshed <= days | named
    for day in refreshed:
        text = (workspace / SUMMARIES / f"{day}.summary.md").read_text()
        tags = next(line for line in text.splitlines() if line.startswith("tags:"))
        assert "Ceph" in tags and "Ceph" not in _uncategorized(workspace, day)
    assert not sync(config).changes  # applied once


def test_a_hand_edited_summary_keeps_its_words(workspace: Path) -> None:
    sync(load_config(workspace / "memory_config.json"))
    day = sorted(_ceph_days(workspace))[0]
    path = workspace / SUMMARIES / f"{day}.summary.md"
    path.write_text(path.read_text().replace("### Ringkasan Hari Ini", "### My own heading"))
    edited = path.read_text()
    _change(workspace, lambda c: c["vocabulary"]["technologies"].append("Ceph"))
    sync(load_config(workspace / "memory_config.json"))
    assert path.read_text() == edited


def test_another_summarizer_setting_summarizes_every_day_again(workspace: Path) -> None:
    config = load_config(workspace / "memory_config.json")
    sync(config)
    _change(workspace, lambda c: c.update(languages=["id", "en"]))
    planned = reconcile_plan(load_config(workspace / "memory_config.json")).plans
    assert len(planned) == len(list((workspace / SUMMARIES).glob("*.summary.md")))
    assert {p.reason for p in planned} == {"the config's summarizer or languages changed"}


def test_without_recorded_settings_nothing_is_summarized_again(workspace: Path) -> None:
    _change(workspace, lambda c: c["vocabulary"]["technologies"].append("Ceph"))
    config = load_config(workspace / "memory_config.json")
    assert reconcile_plan(config).plans == []  # a new cache: the settings are taken as they are


def test_a_new_cache_writes_no_summary_that_was_current(workspace: Path) -> None:
    before = {p.name: p.read_bytes() for p in (workspace / SUMMARIES).glob("*.summary.md")}
    report = sync(load_config(workspace / "memory_config.json"))
    assert report.ok and not [c for c in report.changes if c.path.startswith(str(SUMMARIES)[6:])]
    after = {p.name: p.read_bytes() for p in (workspace / SUMMARIES).glob("*.summary.md")}
    assert after == before
