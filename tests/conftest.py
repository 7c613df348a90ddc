"""Shared fixtures: a copy of the example workspace in tmp_path, and a CLI runner."""

from __future__ import annotations

import hashlib
import os
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from typer.testing import CliRunner

from tests.fixtures.anythingllm_server import anythingllm_fixture  # noqa: F401
from tests.fixtures.llm_server import llm_server_fixture  # noqa: F401
from tests.fixtures.real_llm import real_llm_fixture, real_llm_servers_fixture  # noqa: F401
from tools import pg_cluster

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


@pytest.fixture(scope="session")
def pg_dsn() -> Iterator[str]:
    env = "VAULTKIT_TEST_DATABASE_URL"
    if not os.environ.get(env) and not pg_cluster.available():
        if os.environ.get("VAULTKIT_REQUIRE_POSTGRES") == "1":
            pytest.fail("PostgreSQL is required here (VAULTKIT_REQUIRE_POSTGRES=1)")
        pytest.skip("PostgreSQL is not installed")
    with pg_cluster.database(env) as dsn:
        yield dsn
