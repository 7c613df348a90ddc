"""`backfill` on real folders: archived notes summarized locally, paced, resumable, idempotent."""

from __future__ import annotations

import json
import shutil
from datetime import date
from pathlib import Path

import pytest

from tests.conftest import tree_hashes
from tests.fixtures.llm_server import chat, error
from vaultkit.config import Config, load_config
from vaultkit.errors import SummarizerError
from vaultkit.model import DayFields, DayInput
from vaultkit.pages.schema import read_marker
from vaultkit.summarize.offline import OfflineSummarizer
from vaultkit.sync.backfill import backfill
from vaultkit.sync.daily import sync
from vaultkit.sync.plan import reconcile_plan
from vaultkit.text.vocabulary import Vocabulary

DAYS = 18  # daily notes in the example vault


def archived(workspace: Path) -> Config:
    """The example vault's notes and transcripts moved to `archive/2026/07/` and `archive/chats/`,
    with no summary: what a user migrating an old archive starts from."""
    config = load_config(workspace / "memory_config.json")
    shutil.rmtree(config.summaries_dir, ignore_errors=True)
    july = config.archive_dir / "2026" / "07"
    july.mkdir(parents=True)
    for note in config.memory_dir.glob("????-??-??.md"):
        note.rename(july / note.name)
    config.chats_dir.rename(config.archive_dir / "chats")
    return config


def summary_files(config: Config) -> dict[str, str]:
    return {p.name: p.read_text() for p in sorted(config.summaries_dir.glob("*.summary.md"))}


class Scripted:
    """The offline summarizer, with chosen days failing or raising an interrupt on the n-th call."""

    name = "scripted"

    def __init__(self, config: Config, *, interrupt_on: int | None = None) -> None:
        self.inner = OfflineSummarizer(Vocabulary(config.vocabulary, config.people))
        self.interrupt_on = interrupt_on
        self.calls: list[date] = []

    def summarize(self, day: DayInput) -> DayFields:
        self.calls.append(day.date)
        if len(self.calls) == self.interrupt_on:
            raise KeyboardInterrupt  # Ctrl-C while the "LLM" is thinking
        return self.inner.summarize(day)


def test_backfill_summarizes_archived_days_and_never_writes_to_the_archive(
    workspace: Path,
) -> None:
    config = archived(workspace)
    archive_before = tree_hashes(config.archive_dir)
    seen: list[tuple[int, int]] = []

    def progress(stage: str, done: int, total: int, item: str = "") -> None:
        if stage == "summarizing":
            seen.append((done, total))

    report = backfill(config, progress=progress)
    assert report.ok
    assert len(report.done) == DAYS and report.skipped == []
    assert len(summary_files(config)) == DAYS
    assert seen[0] == (0, DAYS) and seen[-1] == (DAYS, DAYS)
    assert f"{DAYS} days summarized" in config.memory_index_file.read_text()
    assert tree_hashes(config.archive_dir) == archive_before
    assert reconcile_plan(config).plans == []
    incident = summary_files(config)["2026-07-06.summary.md"]
    assert "Payments API" in incident  # archived transcripts were read too


def test_a_second_backfill_and_a_sync_change_no_byte(workspace: Path) -> None:
    config = archived(workspace)
    backfill(config)
    before = tree_hashes(workspace)
    again = backfill(config)
    assert again.done == [] and again.ok
    assert {reason for _, reason in again.skipped} == {"has a valid summary"}
    assert sync(config).changes == []
    assert tree_hashes(workspace) == before


def test_since_until_limit_and_dry_run(workspace: Path) -> None:
    config = archived(workspace)
    before = tree_hashes(workspace)
    dry = backfill(config, since=date(2026, 7, 5), until=date(2026, 7, 10), dry_run=True)
    assert dry.done == [date(2026, 7, d) for d in range(5, 11)]
    assert tree_hashes(workspace) == before
    first = backfill(config, since=date(2026, 7, 5), until=date(2026, 7, 10), limit=4)
    assert first.done == [date(2026, 7, d) for d in range(5, 9)]
    assert [(d, r) for d, r in first.skipped] == [
        (date(2026, 7, 9), "over --limit; the next run does it"),
        (date(2026, 7, 10), "over --limit; the next run does it"),
    ]
    second = backfill(config, since=date(2026, 7, 5), until=date(2026, 7, 10))
    assert second.done == [date(2026, 7, 9), date(2026, 7, 10)]
    assert sorted(summary_files(config)) == [f"2026-07-{d:02d}.summary.md" for d in range(5, 11)]


def test_an_interrupted_backfill_leaves_whole_files_and_the_rerun_resumes(
    workspace: Path,
) -> None:
    config = archived(workspace)
    with pytest.raises(KeyboardInterrupt):
        backfill(config, summarizer=Scripted(config, interrupt_on=3))
    made = summary_files(config)
    assert sorted(made) == ["2026-07-01.summary.md", "2026-07-02.summary.md"]
    assert all(read_marker(text).pristine for text in made.values())
    assert not [p for p in config.summaries_dir.iterdir() if p.name.startswith(".")]
    resumed = Scripted(config)
    report = backfill(config, summarizer=resumed)
    assert report.ok
    assert resumed.calls[0] == date(2026, 7, 3)  # done days are not summarized again
    assert len(report.done) == DAYS - 2
    assert reconcile_plan(config).plans == []


def test_the_cli_backfills_through_an_llm_with_failures_and_the_next_run_fills_them(
    workspace: Path, cli, llm_server
) -> None:
    """A real HTTP server speaking chat-completions: two days fail, the rerun fills them."""
    archived(workspace)
    config_path = workspace / "memory_config.json"
    data = json.loads(config_path.read_text())
    data["summarizer"] = {
        "backend": "openai",
        "base_url": llm_server.url,
        "model": "test-model",
        "retries": 0,
        "timeout": 5,
    }
    config_path.write_text(json.dumps(data))
    answer = {
        "people": ["Gading"],
        "projects": ["Homelab"],
        "technologies": ["Kubernetes"],
        "libraries": [],
        "importance": 5,
        "mood": "focused",
        "bullets": ["Worked on the Homelab cluster."],
    }
    first_five = date(2026, 7, 1), date(2026, 7, 5)
    # 07-02: a 500, and a 500 again to json_object asked once (a server down, not one that
    # refuses json_schema); 07-05: a 503.
    llm_server.reply(chat(answer), error(500), error(500), chat(answer), chat(answer), error(503))
    args = ["backfill", "-c", config_path, "--pause", "0", "--json"]
    result = cli(*args, "--since", first_five[0].isoformat(), "--until", first_five[1].isoformat())
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    assert [f["date"] for f in report["failed"]] == ["2026-07-02", "2026-07-05"]
    assert report["done"] == ["2026-07-01", "2026-07-03", "2026-07-04"]
    assert not (workspace / "vault/memory/summaries/2026-07-02.summary.md").exists()
    llm_server.reply(chat(answer), chat(answer))
    again = cli(*args, "--until", "2026-07-05")
    assert again.exit_code == 0, again.stderr
    report = json.loads(again.stdout)
    assert report["done"] == ["2026-07-02", "2026-07-05"] and report["failed"] == []
    assert len(llm_server.requests) == 8


def test_a_day_filled_later_joins_the_related_dates_of_later_days(workspace: Path) -> None:
    """Related dates are refreshed at the end against all days, also across resumed runs."""
    config = archived(workspace)
    shutil.rmtree(config.archive_dir)
    folder = config.archive_dir / "2025" / "03"
    folder.mkdir(parents=True)
    topics = {1: "Homelab", 2: "Blog", 3: "Homelab", 4: "Blog"}
    for day, project in topics.items():
        text = f"# 2025-03-0{day}\n\n- Worked on the {project} with Rina: zeppelin{day % 2} work.\n"
        (folder / f"2025-03-0{day}.md").write_text(text)

    class FailsOnMarch2(Scripted):
        def summarize(self, day: DayInput) -> DayFields:
            if day.date == date(2025, 3, 2):
                raise SummarizerError("LLM timed out")
            return super().summarize(day)

    first = backfill(config, summarizer=FailsOnMarch2(config))
    assert [d for d, _ in first.failed] == [date(2025, 3, 2)]
    later = config.summaries_dir / "2025-03-04.summary.md"
    assert "2025-03-02" not in later.read_text()
    second = backfill(config)
    assert second.done == [date(2025, 3, 2)]
    assert "related_dates: [2025-03-02" in later.read_text()
    assert read_marker(later.read_text()).pristine
    assert sync(config).changes == []


def test_a_source_folder_other_than_the_archive_is_read_but_not_threaded(
    workspace: Path, cli
) -> None:
    config = load_config(workspace / "memory_config.json")
    assert sync(config).ok
    old = workspace / "old-notes" / "2025" / "12"
    old.mkdir(parents=True)
    (old / "2025-12-30.md").write_text("# 2025-12-30\n\n- Planned the Blog with Rina.\n")
    (old / "2025-12-31.md").write_text("# 2025-12-31\n\n- New year's eve, Homelab backups.\n")
    vault_notes = tree_hashes(config.memory_dir)
    result = cli("backfill", workspace / "old-notes", "-c", workspace)
    assert result.exit_code == 0, result.stderr
    assert "done" in result.stdout and "2025-12-30..2025-12-31" in result.stdout
    assert (config.summaries_dir / "2025-12-31.summary.md").exists()
    first_local = config.memory_dir / "2026-07-01.md"
    assert "Timeline Spine" not in first_local.read_text()  # never threaded to a foreign folder
    after = tree_hashes(config.memory_dir)
    changed = {k for k in after if after[k] != vault_notes.get(k)}
    entity_notes = {k for k in changed if k.startswith(("people/", "projects/"))}
    # Later days' related dates are a function of the days before them: they may change.
    related_again = {k for k in changed if k.startswith("summaries/2026-")}
    assert changed - entity_notes - related_again == {
        "summaries/2025-12-30.summary.md",
        "summaries/2025-12-31.summary.md",
        "MEMORY_INDEX.md",
    }
    assert entity_notes == {"people/Rina.md", "projects/Blog.md", "projects/Homelab.md"}
    before = tree_hashes(workspace)
    assert sync(config).changes == []
    assert cli("backfill", workspace / "old-notes", "-c", workspace).exit_code == 0
    assert tree_hashes(workspace) == before


def test_a_missing_source_is_one_clear_line(workspace: Path, cli) -> None:
    result = cli("backfill", "-c", workspace)
    assert result.exit_code == 1
    message = " ".join(result.stderr.split())
    assert message.startswith("error: ") and "is the NAS mounted?" in message
    bad = cli("backfill", "-c", workspace, "--since", "2026-13-01")
    assert bad.exit_code == 2 and "--since: expected a date" in bad.stderr
