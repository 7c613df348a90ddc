"""The sync pipeline on real files: creation, idempotency, staleness, hand edits, failures, lock."""

from __future__ import annotations

import json
import re
import shutil
from datetime import date
from pathlib import Path

import pytest

from tests.conftest import tree_hashes
from vaultkit.config import load_config
from vaultkit.errors import LockedError, SummarizerError
from vaultkit.files.lock import vault_lock
from vaultkit.model import DayFields, DayInput
from vaultkit.pages.schema import read_marker
from vaultkit.summarize.offline import OfflineSummarizer
from vaultkit.sync.daily import sync
from vaultkit.sync.plan import reconcile_plan
from vaultkit.text.vocabulary import Vocabulary


def summaries(root: Path) -> dict[str, str]:
    folder = root / "vault" / "memory" / "summaries"
    return {p.name: p.read_text() for p in sorted(folder.glob("*.summary.md"))}


def unsummarized(workspace: Path) -> Path:
    shutil.rmtree(workspace / "vault" / "memory" / "summaries", ignore_errors=True)
    return workspace


class FailingOn:
    """The offline summarizer, except that it raises for chosen days (an LLM that timed out)."""

    name = "failing"

    def __init__(self, config, days: set[date]) -> None:
        self.inner = OfflineSummarizer(Vocabulary(config.vocabulary, config.people))
        self.days = days

    def summarize(self, day: DayInput) -> DayFields:
        if day.date in self.days:
            raise SummarizerError(f"LLM timed out for {day.date}")
        return self.inner.summarize(day)


def test_sync_summarizes_every_day_and_links(workspace: Path) -> None:
    config = load_config(unsummarized(workspace) / "memory_config.json")
    report = sync(config)
    assert report.ok
    days = sorted(config.memory_dir.glob("????-??-??.md"))
    assert len(summaries(workspace)) == len(days)
    first, second = days[0], days[1]
    assert "Timeline Spine" not in first.read_text()
    assert second.read_text().startswith(f"« [[{first.stem}]] | Timeline Spine\n")
    for transcript in config.chats_dir.rglob("*.md"):
        assert f"↑ [[{transcript.parent.name}]] | Daily Note" in transcript.read_text()
    index = config.memory_index_file.read_text()
    assert f"{len(days)} days summarized" in index


def test_second_sync_changes_no_byte(workspace: Path) -> None:
    config = load_config(unsummarized(workspace) / "memory_config.json")
    sync(config)
    before = tree_hashes(workspace)
    report = sync(config)
    assert report.changes == []
    assert tree_hashes(workspace) == before


def test_related_dates_exist_and_are_earlier(workspace: Path) -> None:
    config = load_config(unsummarized(workspace) / "memory_config.json")
    sync(config)
    days = {p.stem for p in config.memory_dir.glob("????-??-??.md")}
    for name, text in summaries(workspace).items():
        line = next(x for x in text.splitlines() if x.startswith("related_dates:"))
        related = [d.strip() for d in line.split("[", 1)[1].rstrip("]").split(",") if d.strip()]
        assert len(related) <= config.scoring.related_dates
        assert all(d in days and d < name[:10] for d in related)
        assert not any(f"[[{d}]]" in text for d in related)


def test_changed_note_refreshes_only_its_summary(workspace: Path) -> None:
    config = load_config(unsummarized(workspace) / "memory_config.json")
    sync(config)
    before = summaries(workspace)
    note = config.memory_dir / "2026-07-05.md"
    note.write_text(note.read_text() + "\n- Decided to migrate the Blog to Kubernetes.\n")
    report = sync(config)
    summarized = [c.path for c in report.changes if c.action in ("created", "refreshed")]
    assert summarized == ["memory/summaries/2026-07-05.summary.md"]
    assert report.summarized == [date(2026, 7, 5)]
    after = summaries(workspace)
    changed = {name for name in after if after[name] != before[name]}
    # Later days' related dates are a function of the days before them: only those may change.
    related = {c.path.rsplit("/", 1)[1] for c in report.changes if c.action == "related"}
    assert changed == {"2026-07-05.summary.md"} | related
    assert all(name > "2026-07-05" for name in related)


def test_hand_edited_summary_is_kept_even_without_cache(workspace: Path) -> None:
    config = load_config(unsummarized(workspace) / "memory_config.json")
    sync(config)
    summary = config.summaries_dir / "2026-07-05.summary.md"
    edited = summary.read_text().replace("### ", "### My own words\n\n### ", 1)
    summary.write_text(edited)
    note = config.memory_dir / "2026-07-05.md"
    note.write_text(note.read_text() + "\nA new line that makes the summary stale.\n")
    shutil.rmtree(config.state_dir)
    report = sync(config)
    assert summary.read_text() == edited
    assert [p.day for p in report.kept] == [date(2026, 7, 5)]
    assert report.ok
    forced = sync(config, force=True)
    assert "memory/summaries/2026-07-05.summary.md" in [c.path for c in forced.changes]
    assert read_marker(summary.read_text()).pristine


def test_a_failing_day_leaves_no_file_and_the_next_run_fills_it(workspace: Path) -> None:
    config = load_config(unsummarized(workspace) / "memory_config.json")
    bad = date(2026, 7, 6)
    report = sync(config, summarizer=FailingOn(config, {bad}))
    assert [what for what, _ in report.failed] == ["2026-07-06"]
    assert not (config.summaries_dir / "2026-07-06.summary.md").exists()
    assert len(summaries(workspace)) == len(list(config.memory_dir.glob("????-??-??.md"))) - 1
    assert [p.day for p in reconcile_plan(config).plans] == [bad]
    assert sync(config).ok
    assert (config.summaries_dir / "2026-07-06.summary.md").exists()
    assert reconcile_plan(config).plans == []


def test_day_added_in_the_middle_rethreads_the_spine(workspace: Path) -> None:
    config = load_config(unsummarized(workspace) / "memory_config.json")
    sync(config)
    (config.memory_dir / "2026-07-11.md").write_text("# 2026-07-11\n\nLazy Saturday with Rina.\n")
    sync(config)
    assert (config.memory_dir / "2026-07-11.md").read_text().startswith("« [[2026-07-10]]")
    assert (config.memory_dir / "2026-07-13.md").read_text().startswith("« [[2026-07-11]]")


def test_spine_rethreading_does_not_make_summaries_stale(workspace: Path) -> None:
    config = load_config(unsummarized(workspace) / "memory_config.json")
    sync(config)
    (config.memory_dir / "2026-07-11.md").write_text("# 2026-07-11\n\nLazy Saturday.\n")
    report = sync(config)
    created = [c.path for c in report.changes if c.action in ("created", "refreshed")]
    assert created == ["memory/summaries/2026-07-11.summary.md"]


def test_dry_run_writes_nothing(workspace: Path) -> None:
    config = load_config(unsummarized(workspace) / "memory_config.json")
    before = tree_hashes(workspace)
    report = sync(config, dry_run=True)
    assert report.changes
    assert tree_hashes(workspace) == before


def test_a_second_run_is_refused_while_one_holds_the_lock(workspace: Path) -> None:
    config = load_config(workspace / "memory_config.json")
    with vault_lock(config.state_dir), pytest.raises(LockedError, match="waited 5 s"):
        sync(config)


def test_unreadable_note_fails_that_day_only(workspace: Path) -> None:
    config = load_config(unsummarized(workspace) / "memory_config.json")
    (config.memory_dir / "2026-07-02.md").write_bytes(b"# bad \xff\xfe bytes\n")
    report = sync(config)
    assert [what for what, _ in report.failed] == ["2026-07-02"]
    assert "UTF-8" in report.failed[0][1]
    assert len(summaries(workspace)) == len(list(config.memory_dir.glob("????-??-??.md"))) - 1


def test_cli_sync_json_and_exit_codes(workspace: Path, cli) -> None:
    unsummarized(workspace)
    result = cli("sync", "--config", workspace / "memory_config.json", "--json")
    assert result.exit_code == 0, result.stderr
    data = json.loads(result.stdout)
    assert {"dry_run", "changes", "kept", "failed"} <= data.keys()
    assert any(c["action"] == "created" for c in data["changes"])
    again = cli("sync", "--config", workspace / "memory_config.json")
    assert again.exit_code == 0
    assert again.stdout == "" and "nothing to do" in again.stderr


def test_cli_sync_counts_one_day_as_one(workspace: Path, cli) -> None:
    config = workspace / "memory_config.json"
    assert cli("sync", "--config", config).exit_code == 0
    (workspace / "vault" / "memory" / "2026-07-21.md").write_text(
        "« [[2026-07-20]] | Timeline Spine\n\n# 2026-07-21\n\n"
        "- Rapat sama Budi soal migrasi Payments API ke K3s, deadline Jumat.\n",
        "utf-8",
    )
    result = cli("sync", "--config", config)
    assert result.exit_code == 0, result.stderr
    assert "search index: 1 day read again\n" in result.stderr


def test_cli_reconcile_lists_missing_days(workspace: Path, cli) -> None:
    unsummarized(workspace)
    result = cli("reconcile", "--config", workspace / "memory_config.json", "--json")
    assert result.exit_code == 1  # days are missing: a finding, as lint's
    days = json.loads(result.stdout)["days"]
    assert days and all(d["action"] == "create" for d in days)
    assert cli("sync", "--config", workspace / "memory_config.json").exit_code == 0
    done = cli("reconcile", "--config", workspace / "memory_config.json")
    assert done.exit_code == 0 and "every day has a valid, current summary" in done.stderr


def test_cli_bad_config_is_one_line_and_exit_2(tmp_path: Path, cli) -> None:
    bad = tmp_path / "memory_config.json"
    bad.write_text('{"vault": "v",\n "scoring": {"weights": {"semantic": "high"}}}')
    result = cli("sync", "--config", bad)
    assert result.exit_code == 2
    assert "scoring.weights.semantic: expected a number" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    broken = tmp_path / "broken.json"
    broken.write_text('{"vault": "v",\n  oops}')
    result = cli("sync", "--config", broken)
    assert result.exit_code == 2
    assert "broken.json:2:" in result.stderr


def test_a_corrupt_cache_is_rebuilt_not_trusted(workspace: Path) -> None:
    config = load_config(unsummarized(workspace) / "memory_config.json")
    sync(config)
    before = tree_hashes(workspace)
    (config.state_dir / "catalog.sqlite").write_bytes(b"this is not a database")
    assert sync(config).changes == []
    assert tree_hashes(workspace) == before


def test_vocabulary_change_makes_summaries_invalid_again(workspace: Path) -> None:
    config_path = unsummarized(workspace) / "memory_config.json"
    sync(load_config(config_path))
    data = json.loads(config_path.read_text())
    data["vocabulary"]["projects"].remove("Blog")
    config_path.write_text(json.dumps(data))
    plans = reconcile_plan(load_config(config_path)).plans
    assert plans and all(p.action == "repair" for p in plans)


def test_unreadable_summaries_without_a_marker_are_regenerated_and_kept(
    workspace: Path, cli
) -> None:
    config = load_config(workspace / "memory_config.json")
    broken = {
        "2026-07-03": b"---\ndate: 2026-07-03\nrelated_dates: [2026-02-30]\n---\n- x\n",
        "2026-07-04": b"---\ndate: [unclosed\n---\n- x\n",
        "2026-07-05": b"no frontmatter at all\n",
        "2026-07-06": b"---\ndate: \xff\n---\n",
        "2026-07-07": b"",
    }
    for day, data in broken.items():
        (config.summaries_dir / f"{day}.summary.md").write_bytes(data)
    result = cli("sync", "--config", workspace / "memory_config.json")
    assert result.exit_code == 0, result.stderr
    assert "Traceback" not in result.stderr
    repaired = [line for line in result.stdout.splitlines() if " repaired " in line]
    assert len(repaired) == 5
    replaced = config.state_dir / "replaced"
    kept = sorted(p.read_bytes() for p in replaced.iterdir())
    assert kept == sorted(d for d in broken.values() if d)  # an empty file holds nothing to keep
    assert "kept at .vaultkit/replaced/2026-07-04." in result.stdout
    assert cli("lint", "--config", workspace / "memory_config.json").exit_code == 0
    assert cli("sync", "--config", workspace / "memory_config.json").stdout == ""


def test_an_invalid_hand_edit_is_kept_and_the_run_exits_1(workspace: Path, cli) -> None:
    config = load_config(workspace / "memory_config.json")
    path = config.summaries_dir / "2026-07-08.summary.md"
    edited = re.sub(r"importance: \d+", "importance: 11", path.read_text())
    path.write_text(edited)
    result = cli("sync", "--config", workspace / "memory_config.json")
    assert result.exit_code == 1
    assert "kept 2026-07-08: invalid but edited by hand" in result.stderr
    assert path.read_text() == edited
    forced = cli("sync", "--config", workspace / "memory_config.json", "--force")
    assert forced.exit_code == 0, forced.stderr
    assert "importance: 11" not in path.read_text()
    [copy] = (config.state_dir / "replaced").iterdir()
    assert copy.read_text() == edited and copy.name.startswith("2026-07-08.")


def test_a_related_day_that_disappears_gets_its_summaries_repaired(workspace: Path) -> None:
    config = load_config(workspace / "memory_config.json")
    sync(config)
    target = "2026-07-01"
    pointing = [
        name for name, text in summaries(workspace).items() if f"related_dates: [{target}" in text
    ]
    assert pointing
    (config.memory_dir / f"{target}.md").unlink()
    (config.summaries_dir / f"{target}.summary.md").unlink()
    plans = {p.day.isoformat(): p for p in reconcile_plan(config).plans}
    for name in pointing:
        assert plans[name[:10]].action == "repair"
    sync(config)
    assert all(target not in text for text in summaries(workspace).values())


def test_a_note_that_cannot_be_opened_fails_that_day_only(workspace: Path) -> None:
    config = load_config(unsummarized(workspace) / "memory_config.json")
    note = config.memory_dir / "2026-07-02.md"
    note.unlink()
    note.symlink_to(config.memory_dir / "nowhere.md")  # a dangling link: open() fails
    report = sync(config)
    assert [what for what, _ in report.failed] == ["2026-07-02"]
    assert len(summaries(workspace)) == len(list(config.memory_dir.glob("????-??-??.md"))) - 1
