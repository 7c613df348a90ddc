"""Shared fixtures: a copy of the example workspace in tmp_path, and a CLI runner."""

from __future__ import annotations

import hashlib
import os
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest
from typer.testing import CliRunner

REPO = Path(__file__).resolve().parent.parent
os.environ.setdefault("NO_COLOR", "1")
os.environ["COLUMNS"] = "160"
# `vaultkit init` writes a BM25 config even where the semantic extra is installed: embedding
# every test vault with the local model would take minutes (tests/test_semantic.py covers it).
os.environ["VAULTKIT_SEMANTIC"] = "0"


@pytest.fixture
def workspace(tmp_path: Path) -> Path:
    """The repo's example workspace (config + vault), copied so a test may change it."""
    root = tmp_path / "ws"
    root.mkdir()
    shutil.copy(REPO / "memory_config.json", root / "memory_config.json")
    shutil.copytree(REPO / "vault", root / "vault", ignore=shutil.ignore_patterns(".vaultkit"))
    return root


@pytest.fixture
def cli() -> Callable[..., object]:
    """Run `vaultkit ARGS` in-process; returns the click Result (stdout and stderr separate)."""
    from vaultkit.cli import app

    runner = CliRunner()

    def invoke(*args: str | Path, input: str | None = None):
        return runner.invoke(app, [str(a) for a in args], input=input, catch_exceptions=False)

    return invoke


def tree_hashes(root: Path) -> dict[str, str]:
    """Hash of every file below root (outside .vaultkit): compare before and after a command."""
    hashes = {}
    for path in sorted(root.rglob("*")):
        if path.is_file() and ".vaultkit" not in path.parts:
            hashes[str(path.relative_to(root))] = hashlib.sha256(path.read_bytes()).hexdigest()
    return hashes
