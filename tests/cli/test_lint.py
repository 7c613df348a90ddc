"""`vaultkit lint` through the CLI: the JSON contract, the table, --fix/--diff and exit codes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import tree_hashes
from tests.lint.cases import CHAT, NOTE, S, lint, make_workspace, set_key, summary_text, write


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    return make_workspace(tmp_path / "ws")


def test_clean_vault_exits_0_and_says_so_on_stderr(ws: Path, cli) -> None:
    result = cli("lint", "--config", ws / "memory_config.json")
    assert result.exit_code == 0, result.output
    assert result.stdout == ""
    assert "10 files checked, no problems" in result.stderr


def test_json_contract(ws: Path, cli) -> None:
    write(ws, CHAT, "# Chat\n")
    write(ws, NOTE, "\ufeff" + (ws / "vault" / NOTE).read_text("utf-8"))
    result = cli("lint", "-c", ws / "memory_config.json", "--format", "json")
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert set(data) == {"files_checked", "problems"}
    assert data["files_checked"] == 10
    for problem in data["problems"]:
        assert set(problem) == {"path", "line", "rule", "severity", "message", "fixable"}
        assert problem["severity"] in ("error", "warning")
        assert isinstance(problem["fixable"], bool)
        assert problem["line"] is None or isinstance(problem["line"], int)
    assert {(p["path"], p["rule"], p["severity"]) for p in data["problems"]} == {
        (CHAT, "VK503", "error"),
        (NOTE, "VK002", "warning"),
    }


def test_only_warnings_exit_0(ws: Path, cli) -> None:
    write(ws, NOTE, "\ufeff" + (ws / "vault" / NOTE).read_text("utf-8"))
    result = cli("lint", "-c", ws / "memory_config.json", "--format", "json")
    assert result.exit_code == 0
    assert [p["rule"] for p in json.loads(result.stdout)["problems"]] == ["VK002"]


def test_one_line_per_problem_then_the_totals(ws: Path, cli) -> None:
    write(ws, CHAT, "# Chat\n")
    write(ws, S, set_key(summary_text(), "importance", "importance: 11"))
    result = cli("lint", "-c", ws / "memory_config.json")
    assert result.exit_code == 1
    lines = result.stdout.splitlines()
    assert len(lines) == 2
    assert lines[0].startswith(f"{CHAT}:") and ": error VK503 parent-link: " in lines[0]
    assert lines[0].endswith("(fixable)")
    assert lines[1].startswith(f"{S}:") and ": error VK207 importance: " in lines[1]
    totals = "2 problems (2 errors, 0 warnings, 1 fixable with --fix) in 2 of 10 files checked"
    assert totals in result.stderr


def test_one_problem_is_counted_in_the_singular(ws: Path, cli) -> None:
    write(ws, CHAT, "# Chat\n")
    result = cli("lint", "-c", ws / "memory_config.json")
    assert "1 problem (1 error, 0 warnings, 1 fixable with --fix) in 1 of 10 files" in result.stderr


def test_fix_repairs_and_exits_by_what_remains(ws: Path, cli) -> None:
    write(ws, CHAT, "# Chat\n")
    result = cli("lint", "-c", ws / "memory_config.json", "--fix")
    assert result.exit_code == 0, result.output
    assert f"fixed {CHAT}" in result.stderr
    again = cli("lint", "-c", ws / "memory_config.json", "--fix")
    assert "nothing to fix" in again.stderr


def test_diff_writes_nothing(ws: Path, cli, monkeypatch) -> None:
    monkeypatch.chdir(ws)  # the patch names files from here, where `git apply` would run
    write(ws, CHAT, "# Chat\n")
    before = tree_hashes(ws)
    result = cli("lint", "-c", ws / "memory_config.json", "--diff")
    assert tree_hashes(ws) == before
    assert result.stdout.startswith(f"--- a/vault/{CHAT}\n+++ b/vault/{CHAT}\n")
    assert "+↑ [[2026-07-02]] | Daily Note" in result.stdout
    assert f"would fix {CHAT}" in result.stderr and "nothing was written" in result.stderr
    assert result.exit_code == 1  # the error is still in the vault


def test_diff_with_json_keeps_stdout_pure(ws: Path, cli) -> None:
    write(ws, CHAT, "# Chat\n")
    result = cli("lint", "-c", ws / "memory_config.json", "--diff", "--json")
    data = json.loads(result.stdout)
    assert data["files_checked"] == 10 and data["dry_run"] is True
    assert [p["rule"] for p in data["problems"]] == ["VK503"]  # nothing was written
    [change] = data["changes"]
    assert change["path"] == CHAT and "+↑ [[2026-07-02]] | Daily Note" in change["diff"]


def test_paths_argument(ws: Path, cli) -> None:
    write(ws, CHAT, "# Chat\n")
    result = cli("lint", ws / "vault" / NOTE, "-c", ws / "memory_config.json", "-f", "json")
    assert result.exit_code == 0
    assert json.loads(result.stdout) == {"files_checked": 1, "problems": []}


def test_missing_config_exits_2(tmp_path: Path, cli) -> None:
    result = cli("lint", "--config", tmp_path / "nope.json")
    assert result.exit_code == 2
    assert "error:" in result.stderr


def test_path_outside_vault_exits_2(ws: Path, tmp_path: Path, cli) -> None:
    result = cli("lint", tmp_path, "-c", ws / "memory_config.json")
    assert result.exit_code == 2
    assert "not inside the vault" in result.stderr


def test_bad_format_exits_2(ws: Path, cli) -> None:
    result = cli("lint", "-c", ws / "memory_config.json", "--format", "xml")
    assert result.exit_code == 2


def test_help_mentions_the_options(cli) -> None:
    result = cli("lint", "--help")
    assert result.exit_code == 0
    for option in ("--fix", "--diff", "--format", "--config"):
        assert option in result.stdout


def test_a_diff_is_a_patch_git_apply_takes(ws: Path) -> None:
    import subprocess
    import sys

    write(ws, CHAT, "# Chat\n")  # a missing parent link
    write(ws, NOTE, "\ufeff" + (ws / "vault" / NOTE).read_text("utf-8").replace("\n", "\r\n"))
    write(ws, S, summary_text().replace("tags: [Kubernetes, Docker]", "tags: [k8s, Docker]"))
    git = ["git", "-c", "user.email=t@t", "-c", "user.name=t"]
    subprocess.run([*git, "init", "-q"], cwd=ws, check=True)
    subprocess.run([*git, "add", "-A"], cwd=ws, check=True)
    subprocess.run([*git, "commit", "-qm", "vault"], cwd=ws, check=True)
    done = subprocess.run(
        [sys.executable, "-m", "vaultkit", "lint", "--fix", "--diff"],
        cwd=ws,
        capture_output=True,
        env={**__import__("os").environ, "COLUMNS": "40"},
    )
    assert done.returncode == 1  # errors remain: nothing was written
    assert b"nothing was written" in done.stderr
    patch = ws / "fix.patch"
    patch.write_bytes(done.stdout)
    assert patch.read_bytes().count(b"--- a/") == 3
    subprocess.run(["git", "apply", "--check", "fix.patch"], cwd=ws, check=True)
    subprocess.run(["git", "apply", "fix.patch"], cwd=ws, check=True)
    patch.unlink()
    assert lint(ws).problems == ()
    applied = tree_hashes(ws / "vault")
    subprocess.run(["git", "checkout", "-q", "--", "."], cwd=ws, check=True)  # back, then --fix
    subprocess.run([sys.executable, "-m", "vaultkit", "lint", "--fix"], cwd=ws, capture_output=True)
    assert tree_hashes(ws / "vault") == applied  # the patch is exactly what --fix writes
