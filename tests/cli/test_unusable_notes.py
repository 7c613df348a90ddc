"""Notes sync cannot use as they are: each is said in one line, in the usual `path:line: [rule]`
form, and the run exits 1 until it is mended; nothing else of the run is held back."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

MEMORY = Path("vault/memory")


@pytest.fixture
def unusable(workspace: Path) -> Path:
    memory = workspace / MEMORY
    (memory / "2026-07-21.md").write_text(
        "---\ntitle: [broken\n---\n# 2026-07-21\n\n- Shipped it.\n"
    )
    (memory / "2026-02-30.md").write_text("# 2026-02-30\n\n- A day that is none.\n")
    (memory / "2026-13-01.md").write_text("# 2026-13-01\n\n- Neither.\n")
    return workspace


EXPECTED = [
    "error: memory/2026-02-30.md: [file-name] 2026-02-30 is not a real date; not read (name it "
    "after its day)",
    "error: memory/2026-07-21.md:3: [yaml-syntax] YAML syntax: did not find expected ',' or ']'; "
    "summarized from its text",
    "error: memory/2026-13-01.md: [file-name] 2026-13-01 is not a real date; not read (name it "
    "after its day)",
]


def said(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("error:")]


def test_sync_says_each_unusable_note_and_exits_1_every_run(unusable: Path, cli) -> None:
    config = unusable / "memory_config.json"
    for _ in range(2):
        result = cli("sync", "--config", config)
        assert result.exit_code == 1
        assert said(result.stderr) == EXPECTED
    summary = unusable / MEMORY / "summaries" / "2026-07-21.summary.md"
    assert "Shipped it." in summary.read_text()  # its text is summarized all the same


def test_sync_json_and_reconcile_list_them(unusable: Path, cli) -> None:
    config = unusable / "memory_config.json"
    report = json.loads(cli("sync", "--json", "--config", config).stdout)
    assert [(u["path"], u["rule"]) for u in report["unusable"]] == [
        ("memory/2026-02-30.md", "file-name"),
        ("memory/2026-07-21.md", "yaml-syntax"),
        ("memory/2026-13-01.md", "file-name"),
    ]
    assert report["ok"] is False
    result = cli("reconcile", "--config", config)
    assert result.exit_code == 1 and len(said(result.stderr)) == 3
    assert "every day has a valid" not in result.stderr


def test_a_mended_vault_exits_0_again(unusable: Path, cli) -> None:
    config = unusable / "memory_config.json"
    cli("sync", "--config", config)
    memory = unusable / MEMORY
    (memory / "2026-02-30.md").rename(memory / "2026-02-28.md")
    (memory / "2026-13-01.md").unlink()
    note = memory / "2026-07-21.md"
    note.write_text(note.read_text().replace("[broken", "broken"))
    assert cli("sync", "--config", config).exit_code == 0
