"""What an attacker or an unlucky user leaves in a workspace: named pipes, folders named like
summaries, a full disk, odd names, a config that reaches outside the vault or says a key twice.
Each command finishes, says what it skipped or why it failed in one line, and loses nothing."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import tree_hashes
from vaultkit.config import load_config
from vaultkit.files.lock import vault_lock
from vaultkit.files.wikilinks import link_target, wikilink
from vaultkit.model import DayFields
from vaultkit.summarize.base import validate_fields

MEMORY = Path("vault/memory")


def vaultkit(workspace: Path, *args: str, env: dict[str, str] | None = None, preexec=None):
    """The real command, in a child process, with a timeout a hang would hit."""
    return subprocess.run(
        [
            sys.executable,
            "-m",
            "vaultkit",
            *args,
            "--config",
            str(workspace / "memory_config.json"),
        ],
        capture_output=True,
        text=True,
        timeout=120,
        env={**os.environ, **(env or {})},
        preexec_fn=preexec,
    )


def no_traceback(done: subprocess.CompletedProcess[str]) -> bool:
    return "Traceback" not in done.stderr and "Traceback" not in done.stdout


@pytest.fixture
def piped(workspace: Path) -> Path:
    """The example workspace with a named pipe as a day's note and as a transcript."""
    os.mkfifo(workspace / MEMORY / "2026-07-21.md")
    (workspace / MEMORY / "chats" / "2026-07-22").mkdir(parents=True)
    os.mkfifo(workspace / MEMORY / "chats" / "2026-07-22" / "talk.md")
    return workspace


PIPES = ("memory/2026-07-21.md", "memory/chats/2026-07-22/talk.md")


@pytest.mark.parametrize(
    ("command", "code"),
    [(["sync"], 0), (["reconcile"], 0), (["search", "k3s"], 0), (["recall", "k3s"], 0)],
)
def test_a_named_pipe_is_skipped_and_said_not_waited_on(
    piped: Path, command: list[str], code: int
) -> None:
    done = vaultkit(piped, *command)
    assert done.returncode == code, done.stderr
    for pipe in PIPES:
        said = [line for line in done.stderr.splitlines() if pipe in line]
        assert len(said) == 1 and "a named pipe (FIFO), not a regular file" in said[0]
    assert no_traceback(done)


def test_lint_reports_a_named_pipe_as_a_finding(piped: Path) -> None:
    done = vaultkit(piped, "lint", "--format", "json")
    assert done.returncode == 1
    found = {(p["path"], p["rule"]) for p in json.loads(done.stdout)["problems"]}
    assert {(pipe, "VK008") for pipe in PIPES} <= found


def test_a_pipe_in_place_of_a_checked_file_is_one_line(piped: Path) -> None:
    done = vaultkit(piped, "lint", str(piped / MEMORY / "2026-07-21.md"))
    assert done.returncode == 2
    assert done.stderr.strip().endswith("a named pipe (FIFO), not a markdown file")


@pytest.fixture
def folder_summary(workspace: Path) -> Path:
    """The example workspace with a folder where a day's summary belongs."""
    summary = workspace / MEMORY / "summaries" / "2026-07-03.summary.md"
    summary.unlink()
    summary.mkdir()
    return workspace


def test_sync_fails_a_folder_summary_in_the_usual_form_every_run(folder_summary: Path) -> None:
    for _ in range(2):
        done = vaultkit(folder_summary, "sync")
        assert done.returncode == 1 and no_traceback(done)
        assert (
            "failed 2026-07-03: memory/summaries/2026-07-03.summary.md: [not-a-file] is a "
            "folder, not a regular file; not replaced (move it away)"
        ) in done.stderr
        assert "Errno" not in done.stderr
    assert (folder_summary / MEMORY / "summaries" / "2026-07-03.summary.md").is_dir()


def test_lint_reports_a_folder_summary(folder_summary: Path) -> None:
    done = vaultkit(folder_summary, "lint")
    assert done.returncode == 1
    assert (
        "memory/summaries/2026-07-03.summary.md: error VK008 not-a-file: a folder, not a "
        "regular file: not read"
    ) in done.stdout


@pytest.fixture
def hostile(folder_summary: Path) -> Path:
    """A named pipe as a day's note (2026-07-21) and as a transcript of a day that has a note
    (2026-07-18), and a folder where 2026-07-03's summary belongs."""
    os.mkfifo(folder_summary / MEMORY / "2026-07-21.md")
    os.mkfifo(folder_summary / MEMORY / "chats" / "2026-07-18" / "talk.md")
    return folder_summary


SKIPPED = {
    "memory/2026-07-21.md": "a named pipe (FIFO), not a regular file: not read",
    "memory/chats/2026-07-18/talk.md": "a named pipe (FIFO), not a regular file: not read",
    "memory/summaries/2026-07-03.summary.md": "a folder, not a regular file: not read",
}


@pytest.mark.parametrize(
    "command",
    [["vocab"], ["report", "--out", "-"], ["graph", "stats"], ["graph", "neighbors", "2026-07-03"]],
)
def test_every_reading_command_says_what_it_skipped(hostile: Path, command: list[str]) -> None:
    done = vaultkit(hostile, *command)
    assert done.returncode == 0 and no_traceback(done), done.stderr
    for path, reason in SKIPPED.items():
        said = [line for line in done.stderr.splitlines() if path in line]
        assert said == [f"skipped {path}: {reason}"], (command, done.stderr)


def test_a_graph_export_says_what_it_skipped_and_holds_none_of_it(hostile: Path) -> None:
    out = hostile / "graph.json"
    done = vaultkit(hostile, "graph", "export", str(out), "--format", "json")
    assert done.returncode == 0 and no_traceback(done), done.stderr
    for path, reason in SKIPPED.items():
        assert f"skipped {path}: {reason}" in done.stderr.splitlines()
    exported = json.loads(out.read_text())
    assert "skipped" not in exported["graph"] and "2026-07-03" in {
        n["id"] for n in exported["nodes"]
    }


def test_explain_says_what_it_skipped_of_the_day(hostile: Path) -> None:
    transcript = "memory/chats/2026-07-18/talk.md"
    done = vaultkit(hostile, "explain", "2026-07-18")
    assert done.returncode == 0 and no_traceback(done)
    assert f"skipped {transcript}: {SKIPPED[transcript]}" in done.stderr.splitlines()
    assert "2026-07-21" not in done.stderr and "2026-07-03" not in done.stderr
    shown = json.loads(vaultkit(hostile, "explain", "2026-07-18", "--json").stdout)
    assert shown["skipped"] == [{"path": transcript, "reason": SKIPPED[transcript]}]

    folder = "memory/summaries/2026-07-03.summary.md"
    done = vaultkit(hostile, "explain", "2026-07-03")
    assert done.returncode == 0 and no_traceback(done)
    assert f"skipped {folder}: {SKIPPED[folder]}" in done.stderr.splitlines()
    assert "`vaultkit sync` writes it" not in done.stderr  # sync cannot while it is a folder

    done = vaultkit(hostile, "explain", "2026-07-21")
    assert done.returncode == 1 and no_traceback(done)
    assert done.stderr.strip() == (
        "error: memory/2026-07-21.md: [not-a-file] is a named pipe (FIFO), not a regular file; "
        "not read"
    )


def _limited(size: int):
    def limit() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_FSIZE, (size, size))

    return limit


@pytest.mark.parametrize("size", [20_000, 60_000, 200_000])
def test_a_file_size_limit_during_sync_is_one_line_and_loses_nothing(
    workspace: Path, size: int
) -> None:
    for summary in (workspace / MEMORY / "summaries").glob("*.summary.md"):
        summary.unlink()
    notes = {p: p.read_bytes() for p in (workspace / MEMORY).rglob("*.md")}
    done = vaultkit(workspace, "sync", "--json", preexec=_limited(size))
    assert done.returncode == 1 and no_traceback(done)
    messages = [line for line in done.stderr.splitlines() if "error" in line or "failed" in line]
    assert messages and all(len(m) < 400 for m in messages)
    for path, data in notes.items():  # every note whole: its old text, or a spine line added
        now = path.read_bytes()
        assert now == data or now.endswith(data.split(b"\n", 1)[-1]), path
    again = vaultkit(workspace, "sync")
    assert again.returncode == 0, again.stderr
    assert vaultkit(workspace, "lint").returncode == 0


def test_a_full_disk_for_the_lock_is_one_line(workspace: Path) -> None:
    state = workspace / "vault" / ".vaultkit"
    state.mkdir()
    done = vaultkit(workspace, "sync", preexec=_limited(0))
    assert done.returncode == 1 and no_traceback(done)
    assert len(done.stderr.strip().splitlines()) == 1, done.stderr


def test_odd_names_get_distinct_notes_and_no_control_character() -> None:
    names = ["..", "...", "#", "\x07", "Bel\x07la", "A\x1b[31mB"]
    targets = [link_target(name) for name in names]
    assert len(set(targets)) == len(targets)
    for name, target in zip(names, targets, strict=True):
        assert not any(ord(c) < 32 or 127 <= ord(c) < 160 for c in target + wikilink(name))
    assert link_target("Bel\x07la") == "Bel la"


def test_a_summarizer_answer_is_cleaned_of_control_characters_and_empty_names() -> None:
    fields = DayFields(
        people=("Rina\x07", "..", "Budi"),
        bullets=("Deploy\x1b[2J done.",),
        importance=5,
        mood="calm\x00",
    )
    clean = validate_fields(fields, __import__("datetime").date(2026, 7, 1))
    assert clean.people == ("Rina", "Budi")
    assert clean.bullets == ("Deploy [2J done.",) and clean.mood == "calm"


def test_hand_written_odd_names_get_one_note_each(workspace: Path) -> None:
    summary = workspace / MEMORY / "summaries" / "2026-07-01.summary.md"
    text = summary.read_text()
    summary.write_text(text.replace("people: [", 'people: ["..", "...", "Bel\\ala", ', 1))
    done = vaultkit(workspace, "sync")
    assert no_traceback(done)
    people = sorted(p.name for p in (workspace / MEMORY / "people").iterdir())
    unnamed = [p for p in people if p.startswith("unnamed")]
    assert len(unnamed) == 2 and "Bel la.md" in people
    assert not any(ord(c) < 32 for name in people for c in name)
    for name in people:  # the generated line shows the name without its bell
        text = (workspace / MEMORY / "people" / name).read_text()
        assert not any(ord(c) < 32 and c != "\n" for c in text), (name, text)


@pytest.mark.parametrize(
    ("paths", "key"),
    [
        ({"summaries": "../../x"}, "summaries"),
        ({"memory": ".."}, "memory"),
        ({"people": "/tmp/people"}, "people"),
        ({"chats": "memory/../../chats"}, "chats"),
    ],
)
def test_paths_outside_the_vault_are_a_config_error(
    workspace: Path, paths: dict[str, str], key: str
) -> None:
    config = workspace / "memory_config.json"
    data = json.loads(config.read_text())
    data["paths"] = {**data["paths"], **paths}
    config.write_text(json.dumps(data))
    before = tree_hashes(workspace)
    done = vaultkit(workspace, "sync")
    assert done.returncode == 2
    lines = done.stderr.strip().splitlines()
    assert len(lines) == 1 and f"paths.{key}: expected a folder inside the vault" in lines[0]
    assert tree_hashes(workspace) == before


@pytest.mark.parametrize("key", ["summaries", "people", "chats"])
def test_a_folder_linked_out_of_the_vault_is_a_config_error(
    workspace: Path, tmp_path: Path, key: str
) -> None:
    """`paths.summaries` as named stays inside the vault, but the folder there is a symbolic
    link to one outside: every write would be refused, so it is refused once, at load."""
    folder = getattr(load_config(workspace / "memory_config.json"), f"{key}_dir")
    outside = tmp_path / "elsewhere"
    folder.rename(outside)
    folder.symlink_to(outside, target_is_directory=True)
    before = tree_hashes(workspace), tree_hashes(outside)
    for command in (["sync"], ["lint"], ["reconcile"], ["search", "k3s"]):
        done = vaultkit(workspace, *command)
        assert done.returncode == 2 and no_traceback(done), command
        (line,) = done.stderr.strip().splitlines()
        assert f"paths.{key}: expected a folder inside the vault" in line
        assert f"a symbolic link to {outside}" in line
    assert (tree_hashes(workspace), tree_hashes(outside)) == before


def test_a_folder_linked_to_another_of_the_vault_is_a_config_error_too(workspace: Path) -> None:
    """Every write through a linked folder is refused, wherever it leads: said once, at load."""
    folder = load_config(workspace / "memory_config.json").summaries_dir
    inside = workspace / "vault" / "kept-summaries"
    folder.rename(inside)
    folder.symlink_to(inside, target_is_directory=True)
    done = vaultkit(workspace, "sync")
    assert done.returncode == 2 and no_traceback(done)
    (line,) = done.stderr.strip().splitlines()
    assert "paths.summaries: expected a folder inside the vault" in line
    assert "(inside the vault; vaultkit writes through no link)" in line


def test_a_key_given_twice_in_the_config_names_its_line(workspace: Path) -> None:
    config = workspace / "memory_config.json"
    text = config.read_text()
    config.write_text(text.replace('"scoring": {', '"scoring": {\n  "recency_decay": 0.5,', 1))
    done = vaultkit(workspace, "search", "k3s")
    assert done.returncode == 2
    line = next(n for n, t in enumerate(config.read_text().splitlines(), 1) if "0.01" in t)
    assert done.stderr.strip() == (
        f"error: {config}:{line}: [config-duplicate-key] the key 'recency_decay' is given twice "
        "in one object (JSON keeps only the last)"
    )


def test_lint_fix_writes_nothing_while_a_sync_holds_the_lock_past_the_wait(
    workspace: Path,
) -> None:
    note = workspace / MEMORY / "2026-07-02.md"
    note.write_bytes(note.read_bytes().replace(b"\n", b"\r\n"))  # a fixable finding (VK003)
    before = note.read_bytes()
    with vault_lock(workspace / "vault" / ".vaultkit"):
        done = vaultkit(workspace, "lint", "--fix")
    assert done.returncode == 1 and "[locked]" in done.stderr
    assert note.read_bytes() == before
    assert vaultkit(workspace, "lint", "--fix").returncode in (0, 1)
    assert b"\r\n" not in note.read_bytes()


def test_control_characters_in_notes_never_reach_the_terminal(workspace: Path) -> None:
    from tests.fixtures.terminal import on_terminal

    note = workspace / MEMORY / "2026-07-20.md"
    note.write_text(note.read_text() + "\nGading: bell \x07 and \x1b[2J from Bel\x07la\n")
    assert vaultkit(workspace, "sync").returncode == 0
    for command in (["search", "bell", "--as-of", "2026-07-20"], ["recall", "bell"]):
        code, shown, _ = on_terminal(command, workspace, columns=120)
        assert code == 0
        assert "\x07" not in shown and "\x1b[2J" not in shown, command
    piped = vaultkit(workspace, "recall", "bell")
    assert "bell" in piped.stdout and "\x07" not in piped.stdout and "\x1b" not in piped.stdout
