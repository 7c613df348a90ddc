"""A person's own text outlives `sync`, `lint` and `lint --fix`, whatever it looks like: a note
that quotes the timeline spine, remembered texts that start with a list or read like a spine."""

from __future__ import annotations

import io
import json
from pathlib import Path

import pytest

from vaultkit.mcp.server import McpServer

QUOTES = {
    "english": "The spine line reads\n« [[2026-07-01]] | Timeline Spine\nand stays as I wrote it.\n",
    "indonesian": (
        "Baris spine-nya berbunyi\n« [[2026-07-01]] | Timeline Spine\n"
        "dan tetap seperti yang kutulis.\n"
    ),
}
REMEMBERED = {
    "english": ("- bought chili seeds\n- water the basil", "« [[1999-01-01]] | Timeline Spine"),
    "indonesian": ("- beli bibit cabai\n- siram kemangi", "« [[1999-01-01]] | Timeline Spine"),
}


def call_remember(config: Path, text: str, day: str) -> None:
    server = McpServer(config, log=io.StringIO())
    call = {"name": "remember", "arguments": {"text": text, "day": day}}
    answer = server.handle({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": call})
    assert answer is not None and not answer["result"].get("isError"), answer


@pytest.mark.parametrize("language", ["english", "indonesian"])
def test_sync_lint_and_fix_lose_no_text(workspace: Path, cli, language: str) -> None:
    config = workspace / "memory_config.json"
    memory = workspace / "vault" / "memory"
    first, quoting = memory / "2026-07-01.md", memory / "2026-07-05.md"
    for note in (first, quoting):  # the first day of the vault, and a day with a spine
        note.write_text(note.read_text("utf-8") + "\n" + QUOTES[language], "utf-8")
    listed, spine_like = REMEMBERED[language]
    call_remember(config, listed, "2026-07-06")
    call_remember(config, f"{spine_like}\n{listed}", "2026-07-06")
    call_remember(config, f"- ok\n{spine_like}", "2026-07-11")  # a new day's note
    written = {path: path.read_text("utf-8") for path in memory.glob("????-??-??.md")}

    assert cli("sync", "--config", config).exit_code == 0
    report = cli("lint", "--config", config, "--format", "json")
    found = json.loads(report.stdout)["problems"]
    assert not [p for p in found if p["severity"] == "error"], found
    look_alikes = {(p["path"], p["rule"], p["fixable"]) for p in found if p["rule"] == "VK509"}
    assert look_alikes == {
        ("memory/2026-07-01.md", "VK509", False),
        ("memory/2026-07-05.md", "VK509", False),
    }
    assert cli("lint", "--config", config, "--fix").exit_code == 0
    assert cli("sync", "--config", config).exit_code == 0

    for path, text in written.items():
        assert path.read_text("utf-8") == text, path.name  # no byte of any note lost or moved
    for note in (first, quoting):
        assert note.read_text("utf-8").endswith("\n" + QUOTES[language])
    remembered = (memory / "2026-07-06.md").read_text("utf-8")
    assert listed in remembered and "« [[1999-01-01]] \\| Timeline Spine" in remembered
