"""Days outside the vault's range (`dates.DAY_RANGE`, 1900-01-01 to 9998-12-31): a note named
after one is no day's file. Every command survives it, says in one line which file it skipped
and why, and works on the other days; an option or a tool argument naming such a day is a usage
error."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from tests.conftest import tree_hashes
from vaultkit.mcp.server import McpServer

FAR = ("0001-01-01", "9999-12-31")
COMMANDS = {
    "sync": (("sync",), 1),  # exits 1 until the notes are named after their days
    "reconcile": (("reconcile",), 1),
    "lint": (("lint",), 0),
    "search": (("search", "Homelab"), 0),
    "recall": (("recall", "Homelab"), 0),
    "report": (("report", "--out", "-"), 0),
    "vocab": (("vocab",), 0),
    "graph": (("graph", "stats"), 0),
    "archive": (("archive", "--older-than", "30", "--dry-run"), 0),
    "backfill": (("backfill", "vault/memory", "--dry-run"), 0),
}


@pytest.fixture
def far_days(workspace: Path) -> Path:
    memory = workspace / "vault" / "memory"
    for day in FAR:
        (memory / f"{day}.md").write_text(f"# {day}\n\n- Met Gading about the Homelab.\n")
    (workspace / "archive").mkdir()
    return workspace


def _run(cli, workspace: Path, name: str):
    args, code = COMMANDS[name]
    result = cli(*args, "--config", workspace / "memory_config.json")
    output = result.stdout + result.stderr
    assert result.exit_code == code, output
    assert "Traceback" not in output and "ValueError" not in output
    return output


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_survives_days_outside_the_range(
    far_days: Path, cli, monkeypatch, name: str
) -> None:
    monkeypatch.chdir(far_days)
    _run(cli, far_days, name)
    if name == "sync":  # the other days are summarized as ever
        summaries = far_days / "vault" / "memory" / "summaries"
        assert not [p for p in summaries.iterdir() if p.name.startswith(FAR)]
        assert _run(cli, far_days, "report")


@pytest.mark.parametrize("name", list(COMMANDS))
def test_every_command_says_which_file_it_skipped_and_why(
    far_days: Path, cli, monkeypatch, name: str
) -> None:
    monkeypatch.chdir(far_days)
    lines = _run(cli, far_days, name).splitlines()
    for day in FAR:
        said = [line for line in lines if f"memory/{day}.md" in line]
        assert len(said) == 1, lines
        assert f"{day} is outside the days vaultkit keeps (1900-01-01 to 9998-12-31)" in said[0]


@pytest.mark.parametrize(
    "args",
    [
        ("explain", "0001-01-01"),
        ("graph", "neighbors", "9999-12-31"),
        ("search", "Homelab", "--as-of", "9999-12-31"),
        ("recall", "Homelab", "--since", "0001-01-01"),
        ("report", "--until", "9999-12-31"),
        ("sync", "--date", "0001-01-01"),
    ],
)
def test_a_day_outside_the_range_given_as_an_argument_is_a_usage_error(
    far_days: Path, cli, args: tuple[str, ...]
) -> None:
    result = cli(*args, "--config", far_days / "memory_config.json")
    assert result.exit_code == 2
    said = [line for line in result.stderr.splitlines() if line.strip()]
    assert len(said) == 1 and "is outside the days vaultkit keeps" in said[0], said


def test_remember_refuses_a_day_outside_the_range(far_days: Path) -> None:
    server = McpServer(far_days / "memory_config.json", log=io.StringIO())
    before = tree_hashes(far_days)
    for day in FAR:
        call = {"name": "remember", "arguments": {"text": "far", "day": day}}
        answer = server.handle({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": call})
        assert answer is not None and answer["result"]["isError"]
        text = answer["result"]["content"][0]["text"]
        assert f"day: {day} is outside the days vaultkit keeps" in text
    assert tree_hashes(far_days) == before
