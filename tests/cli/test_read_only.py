"""A vault on a read-only mount (a NAS snapshot, a backup): search, recall and the MCP search
answer, with the cache kept in the user's cache folder; sync says in one line it cannot write.

The mount is real: the vault folder is bind-mounted onto itself and remounted read-only in a
mount namespace of its own (`unshare -m`, which needs root, as CI runs), and the commands run
inside it as processes.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import tree_hashes
from vaultkit.config import load_config
from vaultkit.search.fence import unfenced
from vaultkit.sync.daily import sync


def _can_mount() -> str | None:
    """Why a read-only bind mount cannot be made here; None when it can."""
    if os.geteuid() != 0:
        return "a read-only bind mount needs root (CI runs the suite as root)"
    if shutil.which("unshare") is None or shutil.which("mount") is None:
        return "unshare and mount (util-linux) are not installed"
    probe = subprocess.run(["unshare", "-m", "true"], capture_output=True)
    if probe.returncode != 0:
        return f"unshare -m is not allowed here: {probe.stderr.decode().strip()}"
    return None


pytestmark = pytest.mark.skipif(_can_mount() is not None, reason=str(_can_mount()))

MCP_REQUESTS = [
    {"jsonrpc": "2.0", "id": 1, "method": "initialize",
     "params": {"protocolVersion": "2025-06-18", "capabilities": {}}},
    {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
     "params": {"name": "search", "arguments": {"query": "k3s migration", "as_of": "2026-07-20"}}},
    {"jsonrpc": "2.0", "id": 3, "method": "tools/list", "params": {}},
]  # fmt: skip


def run_read_only(workspace: Path, out: Path) -> dict[str, dict[str, str]]:
    """Mount the vault read-only, run sync, search, recall and an MCP session in it; each
    command's stdout, stderr and exit code."""
    vault = workspace / "vault"
    config = workspace / "memory_config.json"
    out.mkdir()
    (out / "mcp.in").write_text("".join(json.dumps(r) + "\n" for r in MCP_REQUESTS))
    vk = f"{sys.executable} -m vaultkit"
    commands = {
        "probe": f"touch {vault}/probe",
        "sync": f"{vk} sync --config {config}",
        "search": f"{vk} search 'k3s migration' --as-of 2026-07-20 --json --config {config}",
        "recall": f"{vk} recall 'k3s migration' --as-of 2026-07-20 --config {config}",
        "mcp": f"{vk} mcp --config {config} < {out}/mcp.in",
    }
    script = [
        "set -e",
        f"mount --bind {vault} {vault}",
        f"mount -o remount,ro,bind {vault}",
        "set +e",
    ]
    for name, command in commands.items():
        script.append(
            f"{command} > {out}/{name}.out 2> {out}/{name}.err; echo $? > {out}/{name}.rc"
        )
    env = {**os.environ, "XDG_CACHE_HOME": str(out.parent / "cache"), "NO_COLOR": "1"}
    subprocess.run(["unshare", "-m", "sh", "-c", "\n".join(script)], check=True, env=env)
    return {
        name: {part: (out / f"{name}.{part}").read_text() for part in ("out", "err", "rc")}
        for name in commands
    }


def cache_of(tmp_path: Path) -> list[Path]:
    return sorted(p for p in (tmp_path / "cache" / "vaultkit").iterdir() if p.is_dir())


@pytest.mark.parametrize("synced", [True, False], ids=["synced-before", "never-synced"])
def test_a_read_only_vault_is_searched(workspace: Path, tmp_path: Path, synced: bool) -> None:
    if synced:
        assert sync(load_config(workspace / "memory_config.json")).ok
    else:
        shutil.rmtree(workspace / "vault" / ".vaultkit", ignore_errors=True)
    before = tree_hashes(workspace / "vault")
    ran = run_read_only(workspace, tmp_path / "out")
    assert ran["probe"]["rc"].strip() == "1", "the mount is not read-only"
    assert "Read-only file system" in ran["probe"]["err"]

    # sync: one line, exit 1, nothing written
    assert ran["sync"]["rc"].strip() == "1"
    lines = ran["sync"]["err"].strip().splitlines()
    assert len(lines) == 1 and "read-only" in lines[0], ran["sync"]["err"]
    assert "Traceback" not in ran["sync"]["err"]

    (kept,) = cache_of(tmp_path)
    assert kept.name.startswith("vault-")
    assert (kept / "index.sqlite").is_file()
    for name in ("search", "recall", "mcp"):
        assert ran[name]["rc"].strip() == "0", (name, ran[name]["err"])
        assert "Traceback" not in ran[name]["err"]
    said = f"the vault is read-only: its search index is kept in {kept}"
    assert ran["search"]["err"].count(said) == 1, ran["search"]["err"]
    assert ran["recall"]["err"].count(said) == 1
    assert ran["mcp"]["err"].count(said) == 1

    results = json.loads(ran["search"]["out"])["results"]
    assert results and results[0]["date"].startswith("2026-07")
    assert "2026-07" in ran["recall"]["out"]
    answers = [json.loads(line) for line in ran["mcp"]["out"].splitlines()]
    found = json.loads(unfenced(answers[1]["result"]["content"][0]["text"]))
    assert [r["date"] for r in found["results"]] == [r["date"] for r in results]
    tools = [t["name"] for t in answers[2]["result"]["tools"]]
    assert tools == ["search", "recall"]  # no write tool on a read-only vault
    assert tree_hashes(workspace / "vault") == before
