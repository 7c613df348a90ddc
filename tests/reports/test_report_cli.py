"""`vaultkit report` as a command: where the page goes, what it says, and its exit codes."""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import tree_hashes


def test_report_writes_next_to_the_config_and_changes_nothing_else(workspace: Path, cli) -> None:
    config = workspace / "memory_config.json"
    before = tree_hashes(workspace / "vault")
    done = cli("report", "--config", config)
    assert done.exit_code == 0, done.stderr
    page = workspace / "report.html"
    assert page.read_bytes().startswith(b"<!doctype html>")
    assert done.stdout == ""  # a message, not data
    assert done.stderr.startswith(f"wrote {page}: 18 days (2026-07-01 to 2026-07-20), ")
    again = cli("report", "--config", config)
    assert again.stderr.startswith("unchanged: ")
    assert tree_hashes(workspace / "vault") == before


def test_json_says_what_was_written(workspace: Path, cli, tmp_path: Path) -> None:
    out = tmp_path / "pages" / "memory.html"
    done = cli("report", "--config", workspace / "memory_config.json", "--out", out,
               "--since", "2026-07-06", "--until", "2026-07-10", "--json")  # fmt: skip
    assert done.exit_code == 0, done.stderr
    shown = json.loads(done.stdout)
    assert shown == {
        "path": str(out),
        "days": 5,
        "summaries": 5,
        "first": "2026-07-06",
        "last": "2026-07-10",
        "bytes": out.stat().st_size,
        "changed": True,
        "skipped": [],
    }


def test_out_dash_prints_the_page(workspace: Path, cli) -> None:
    done = cli("report", "--config", workspace / "memory_config.json", "--out", "-")
    assert done.exit_code == 0, done.stderr
    assert done.stdout.startswith("<!doctype html>") and done.stdout.endswith("</html>\n")
    assert done.stdout.count("data-date=") == 18
    assert done.stderr.startswith("printed the report: 18 days")
    assert not (workspace / "report.html").exists()


def test_bad_options_exit_2_and_failures_1(workspace: Path, cli, tmp_path: Path) -> None:
    config = workspace / "memory_config.json"
    cases = [
        (["--since", "2026-07-10", "--until", "2026-07-01"], 2, "is after until"),
        (["--since", "2026-13-01"], 2, "--since: expected a date YYYY-MM-DD"),
        (["--out", workspace / "vault" / "report.html"], 2, "lies inside the vault"),
        (["--out", "-", "--json"], 2, "--json and --out -"),
        (["--out", tmp_path], 2, "is a folder"),
    ]
    for args, code, message in cases:
        done = cli("report", "--config", config, *args)
        assert done.exit_code == code, (args, done.stderr)
        assert message in done.stderr and done.stderr.count("\n") == 1, done.stderr
    (tmp_path / "a-file").write_text("not a folder\n", encoding="utf-8")
    done = cli("report", "--config", config, "--out", tmp_path / "a-file" / "report.html")
    assert done.exit_code == 1 and "cannot write" in done.stderr, done.stderr
