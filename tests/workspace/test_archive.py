"""`archive` on real folders: the move, its guards (missing, read-only, collision), and resumption."""

from __future__ import annotations

import errno
import json
import os
import shutil
from datetime import date
from pathlib import Path

import pytest

from tests.conftest import tree_hashes
from vaultkit.config import Config, load_config
from vaultkit.errors import ArchiveError
from vaultkit.files.storage import write_bytes_atomic
from vaultkit.sync.daily import sync
from vaultkit.sync.plan import reconcile_plan
from vaultkit.workspace import archive as archive_module
from vaultkit.workspace.archive import archive

AS_OF = date(2026, 8, 15)  # with the default 30 days: every day before 2026-07-16 is archived
OLD = ["01", "02", "03", "04", "05", "06", "07", "08", "09", "10", "13", "14", "15"]
ROOT = os.geteuid() == 0


def synced(workspace: Path) -> Config:
    """The example workspace, summarized, with an empty archive folder."""
    shutil.rmtree(workspace / "vault" / "memory" / "summaries", ignore_errors=True)
    (workspace / "archive").mkdir()
    config = load_config(workspace / "memory_config.json")
    assert sync(config).ok
    return config


def files_of(root: Path) -> dict[str, bytes]:
    return {str(p.relative_to(root)): p.read_bytes() for p in sorted(root.rglob("*.md"))}


def raw_material(config: Config) -> dict[str, bytes]:
    """Every daily note and transcript by its name, wherever it is (local or archived)."""
    found = {}
    for root in (config.memory_dir, config.archive_dir):
        for path in root.rglob("*.md"):
            if "summaries" not in path.parts and path.name != "MEMORY_INDEX.md":
                name = path.name if path.parent.name != path.stem else f"chats/{path.name}"
                if "chats" in path.parts:
                    name = f"{path.parent.name}/{path.name}"
                found.setdefault(name, set()).add(path.read_bytes())
    return {name: next(iter(versions)) for name, versions in found.items() if len(versions) == 1}


def test_archive_moves_old_notes_and_transcripts_and_keeps_summaries(workspace: Path) -> None:
    config = synced(workspace)
    note = (config.memory_dir / "2026-07-01.md").read_bytes()
    chat = (config.chats_dir / "2026-07-01" / "telegram-evening.md").read_bytes()
    summaries = files_of(config.summaries_dir)
    report = archive(config, as_of=AS_OF)
    assert report.ok and report.cutoff == date(2026, 7, 16)
    assert {m.status for m in report.moves} == {"archived"}
    assert (config.archive_dir / "2026" / "07" / "2026-07-01.md").read_bytes() == note
    assert (
        config.archive_dir / "chats" / "2026-07-01" / "telegram-evening.md"
    ).read_bytes() == chat
    local = sorted(p.stem for p in config.memory_dir.glob("????-??-??.md"))
    assert local == ["2026-07-16", "2026-07-17", "2026-07-18", "2026-07-19", "2026-07-20"]
    assert not (config.chats_dir / "2026-07-01").exists()  # the emptied day folder is gone
    assert (config.chats_dir / "2026-07-18").is_dir()
    assert files_of(config.summaries_dir) == summaries
    assert list(config.archive_dir.rglob(".*")) == []  # no temp or probe file left behind


def test_archive_twice_and_sync_after_it_change_no_byte(workspace: Path) -> None:
    config = synced(workspace)
    archive(config, as_of=AS_OF)
    before = tree_hashes(workspace)
    again = archive(config, as_of=AS_OF)
    assert again.moves == [] and again.ok
    report = sync(config)
    assert report.changes == [] and report.ok
    assert reconcile_plan(config).plans == []  # archived days are neither missing nor stale
    assert tree_hashes(workspace) == before
    # The next local note's spine still points to the last archived day: expected, not rewritten.
    assert (config.memory_dir / "2026-07-16.md").read_text().startswith("« [[2026-07-15]]")


def test_sync_with_the_nas_unmounted_changes_no_byte(workspace: Path) -> None:
    config = synced(workspace)
    archive(config, as_of=AS_OF)
    before = tree_hashes(config.vault_dir)
    config.archive_dir.rename(workspace / "nas-offline")
    report = sync(config)
    assert report.changes == [] and report.ok
    assert tree_hashes(config.vault_dir) == before
    (workspace / "nas-offline").rename(config.archive_dir)
    assert sync(config).changes == []
    assert tree_hashes(config.vault_dir) == before


def test_only_days_with_a_valid_current_summary_are_archived(workspace: Path) -> None:
    config = synced(workspace)
    (config.summaries_dir / "2026-07-02.summary.md").unlink()
    note = config.memory_dir / "2026-07-03.md"
    note.write_text(note.read_text() + "\nA late addition: the summary is now stale.\n")
    report = archive(config, as_of=AS_OF)
    skipped = {day.isoformat(): reason for day, reason in report.skipped}
    assert set(skipped) == {"2026-07-02", "2026-07-03"}
    assert "vaultkit sync" in skipped["2026-07-02"]
    assert (config.memory_dir / "2026-07-02.md").exists()
    assert (config.chats_dir / "2026-07-03" / "telegram-adr-review.md").exists()
    sync(config)
    assert archive(config, as_of=AS_OF).ok
    assert not (config.memory_dir / "2026-07-02.md").exists()


def test_older_than_and_dry_run(workspace: Path, cli) -> None:
    config = synced(workspace)
    before = tree_hashes(workspace)
    report = archive(config, older_than=40, as_of=AS_OF, dry_run=True)
    assert {m.day for m in report.moves} == {date(2026, 7, d) for d in (1, 2, 3, 4, 5)}
    assert {m.status for m in report.moves} == {"would-archive"}
    assert tree_hashes(workspace) == before
    result = cli("archive", "-c", workspace, "--older-than", "40", "--as-of", "2026-08-15")
    assert result.exit_code == 0, result.stderr
    assert "memory/2026-07-05.md" in result.stdout
    assert not (config.memory_dir / "2026-07-05.md").exists()
    assert (config.memory_dir / "2026-07-06.md").exists()


def test_older_than_a_lifetime_archives_nothing(workspace: Path, cli) -> None:
    config = synced(workspace)
    before = tree_hashes(workspace)
    for days in ("100000000", str(10**18)):  # further back than any date: an OverflowError once
        result = cli("archive", "-c", workspace, "--older-than", days, "--as-of", "2026-08-15")
        assert result.exit_code == 0, result.stderr
    assert archive(config, older_than=10**9, as_of=AS_OF).moves == []
    assert tree_hashes(workspace) == before


def test_missing_archive_is_one_clear_line_and_nothing_moves(workspace: Path, cli) -> None:
    config = synced(workspace)
    config.archive_dir.rmdir()
    before = tree_hashes(workspace)
    with pytest.raises(ArchiveError, match="is the NAS mounted"):
        archive(config, as_of=AS_OF)
    result = cli("archive", "-c", workspace, "--as-of", "2026-08-15")
    assert result.exit_code == 1
    message = " ".join(result.stderr.split())  # one line; rich may wrap it at the console width
    assert message.startswith("error: ") and message.count("error") == 1
    assert "[archive-missing] archive folder not found (is the NAS mounted?)" in message
    assert tree_hashes(workspace) == before


@pytest.mark.skipif(ROOT, reason="root ignores file modes; see the file-in-the-way test")
def test_read_only_archive_is_refused_and_nothing_moves(workspace: Path) -> None:
    config = synced(workspace)
    before = tree_hashes(workspace)
    config.archive_dir.chmod(0o555)
    try:
        with pytest.raises(ArchiveError, match="not writable"):
            archive(config, as_of=AS_OF)
    finally:
        config.archive_dir.chmod(0o755)
    assert tree_hashes(workspace) == before


@pytest.mark.parametrize(
    ("code", "words"), [(errno.EROFS, "read-only file system"), (errno.ENOSPC, "disk full")]
)
def test_read_only_or_full_archive_is_refused_before_anything_moves(
    workspace: Path, monkeypatch, code: int, words: str
) -> None:
    """What the OS says for a read-only mount or a full disk (root cannot get these by chmod)."""
    config = synced(workspace)
    before = tree_hashes(workspace)

    def refuse(*args, **kwargs):
        raise OSError(code, os.strerror(code))

    monkeypatch.setattr(archive_module.tempfile, "mkstemp", refuse)
    with pytest.raises(ArchiveError, match=f"not writable \\({words}\\)"):
        archive(config, as_of=AS_OF)
    assert tree_hashes(workspace) == before


def test_a_file_in_the_way_stops_the_run_and_keeps_that_day_local(workspace: Path) -> None:
    """A real write failure in the archive (works as root too): a file where a folder must go."""
    config = synced(workspace)
    (config.archive_dir / "2026").mkdir()
    (config.archive_dir / "2026" / "07").write_text("not a folder")
    everything = raw_material(config)
    with pytest.raises(ArchiveError, match=r"a file is in the way.*nothing was removed"):
        archive(config, as_of=AS_OF)
    assert (config.memory_dir / "2026-07-01.md").exists()
    assert (config.chats_dir / "2026-07-01" / "telegram-evening.md").exists()
    assert raw_material(config) == everything  # every file still exists exactly once, unchanged
    (config.archive_dir / "2026" / "07").unlink()
    assert archive(config, as_of=AS_OF).ok
    assert raw_material(config) == everything


def test_a_disk_full_during_a_copy_stops_the_run_and_keeps_that_day_local(
    workspace: Path,
) -> None:
    config = synced(workspace)
    everything = raw_material(config)
    calls = []

    def full_on_the_third_copy(path: Path, data: bytes) -> None:
        calls.append(path)
        if len(calls) == 3:
            raise OSError(errno.ENOSPC, os.strerror(errno.ENOSPC))
        write_bytes_atomic(path, data)

    with pytest.raises(ArchiveError, match="disk full; no local file of 2026-07-02 was removed"):
        archive(config, as_of=AS_OF, write=full_on_the_third_copy)
    assert (config.memory_dir / "2026-07-02.md").exists()
    assert not (config.memory_dir / "2026-07-01.md").exists()  # moved before the disk filled
    assert raw_material(config) == everything


def test_a_collision_is_reported_and_both_files_are_kept(workspace: Path, cli) -> None:
    config = synced(workspace)
    theirs = config.archive_dir / "2026" / "07" / "2026-07-03.md"
    theirs.parent.mkdir(parents=True)
    theirs.write_text("# 2026-07-03\n\nA different note someone archived by hand.\n")
    result = cli("archive", "-c", workspace, "--as-of", "2026-08-15", "--json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    conflicts = [m for m in data["moves"] if m["status"] == "conflict"]
    assert [m["source"] for m in conflicts] == ["memory/2026-07-03.md"]
    assert theirs.read_text().startswith("# 2026-07-03\n\nA different note")
    assert (config.memory_dir / "2026-07-03.md").exists()
    # The whole day stays local, transcript included; every other old day moved.
    assert (config.chats_dir / "2026-07-03" / "telegram-adr-review.md").exists()
    assert not (config.archive_dir / "chats" / "2026-07-03").exists()
    assert sorted(p.stem for p in config.memory_dir.glob("2026-07-0*.md")) == ["2026-07-03"]
    before = tree_hashes(workspace)
    again = cli("archive", "-c", workspace, "--as-of", "2026-08-15")
    assert again.exit_code == 1
    assert "kept memory/2026-07-03.md" in again.stderr
    assert tree_hashes(workspace) == before


def test_leftovers_of_an_interrupted_copy_are_finished_by_the_rerun(workspace: Path) -> None:
    config = synced(workspace)
    july = config.archive_dir / "2026" / "07"
    july.mkdir(parents=True)
    note1 = (config.memory_dir / "2026-07-01.md").read_bytes()
    note2 = (config.memory_dir / "2026-07-02.md").read_bytes()
    note4 = (config.memory_dir / "2026-07-04.md").read_bytes()
    (july / ".2026-07-01.md.x1y2.tmp").write_bytes(note1[:10])  # our temp file, cut short
    (july / "2026-07-02.md").write_bytes(note2[: len(note2) // 2])  # a truncated copy at the target
    (july / "2026-07-04.md").write_bytes(note4)  # copied, but the local file was not yet removed
    report = archive(config, as_of=AS_OF)
    assert report.ok
    assert (july / "2026-07-01.md").read_bytes() == note1
    assert (july / "2026-07-02.md").read_bytes() == note2
    assert (july / "2026-07-04.md").read_bytes() == note4
    assert not list(july.glob(".*"))
    assert not (config.memory_dir / "2026-07-04.md").exists()


def test_an_archive_killed_halfway_loses_nothing_and_the_rerun_completes(
    workspace: Path,
) -> None:
    config = synced(workspace)
    everything = raw_material(config)
    calls = []

    def dies_on_the_fifth_copy(path: Path, data: bytes) -> None:
        calls.append(path)
        if len(calls) == 5:
            path.parent.mkdir(parents=True, exist_ok=True)
            (path.parent / f".{path.name}.dead.tmp").write_bytes(data[:7])  # half a temp file
            raise KeyboardInterrupt
        write_bytes_atomic(path, data)

    with pytest.raises(KeyboardInterrupt):
        archive(config, as_of=AS_OF, write=dies_on_the_fifth_copy)
    assert raw_material(config) == everything
    assert archive(config, as_of=AS_OF).ok
    assert raw_material(config) == everything
    assert not list(config.archive_dir.rglob(".*"))
    assert sorted(p.stem for p in config.archive_dir.glob("2026/07/*.md")) == [
        f"2026-07-{d}" for d in OLD
    ]


def test_lint_is_clean_after_archiving(workspace: Path, cli) -> None:
    synced(workspace)
    assert cli("archive", "-c", workspace, "--as-of", "2026-08-15").exit_code == 0
    result = cli("lint", "-c", workspace, "--format", "json")
    assert result.exit_code == 0, result.stdout
    assert json.loads(result.stdout)["problems"] == []
