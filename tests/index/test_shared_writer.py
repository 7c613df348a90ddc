"""One copy of a vault writes its shared index: another copy with the same `vault_id` stops with
one line before it changes anything, unless it takes the index over (`--take-over`); a vault
no copy has claimed (an older vaultkit's) is claimed by the first writer. Against a real server,
as tests/test_shared_index.py."""

from __future__ import annotations

import shutil
import uuid
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import REPO
from tests.fixtures.workspaces import DSN_ENV, shared_config
from tests.index.test_shared import AS_OF
from vaultkit.config import load_config
from vaultkit.errors import IndexOwnerError
from vaultkit.index.shared import check_writer, writer_identity
from vaultkit.index.store import SearchIndex
from vaultkit.search.search import search

psycopg = pytest.importorskip("psycopg", reason='the postgres extra: pip install ".[postgres]"')


def copy(root: Path, vault_id: str, word: str) -> Path:
    """A copy of the example vault with a day of its own naming `word`; its config file."""
    root.mkdir()
    shutil.copy(REPO / "memory_config.json", root / "memory_config.json")
    shutil.copytree(REPO / "vault", root / "vault", ignore=shutil.ignore_patterns(".vaultkit"))
    (root / "archive").mkdir()  # for backfill
    note = root / "vault" / "memory" / "2026-07-30.md"
    note.write_text(f"# 2026-07-30\n\nRina: the {word} arrived today.\n")
    return shared_config(root, vault_id)


@pytest.fixture
def vault_id() -> str:
    return f"test-{uuid.uuid4().hex[:10]}"


@pytest.fixture
def dsn(pg_dsn: str, monkeypatch: pytest.MonkeyPatch) -> str:
    monkeypatch.setenv(DSN_ENV, pg_dsn)
    return pg_dsn


@pytest.fixture
def copies(tmp_path: Path, vault_id: str, dsn: str) -> tuple[Path, Path]:
    """Two copies of one vault, the same vault_id: the first names a quokka, the second a
    zeppelin."""
    return copy(tmp_path / "first", vault_id, "quokka"), copy(
        tmp_path / "second", vault_id, "zeppelin"
    )


@pytest.fixture
def reader(tmp_path: Path, copies: tuple[Path, Path]) -> Path:
    root = tmp_path / "reader"
    root.mkdir()
    shutil.copy(copies[0], root / "memory_config.json")
    return root / "memory_config.json"


def found(reader: Path, word: str) -> bool:
    """Whether the shared index, read from a reader, holds a day naming `word`."""
    result = search(load_config(reader, reading=True), word, top_k=3, as_of=AS_OF)
    return any(hit.date.isoformat() == "2026-07-30" for hit in result.hits)


def ok(cli: Callable[..., Any], *args: str | Path) -> None:
    result = cli(*args)
    assert result.exit_code == 0, result.stderr


def refused(cli: Callable[..., Any], *args: str | Path) -> str:
    """The one line a refused writer says."""
    result = cli(*args)
    assert result.exit_code == 1, (result.stdout, result.stderr)
    (line,) = str(result.stderr).strip().splitlines()
    return line


def test_a_second_copy_stops_and_takes_over_only_when_told(
    cli: Callable[..., Any], copies: tuple[Path, Path], reader: Path, vault_id: str
) -> None:
    first, second = copies
    ok(cli, "sync", "--config", first)
    line = refused(cli, "sync", "--config", second)
    assert line.startswith(f"error: shared index of {vault_id!r}: written by the vault copy at")
    assert writer_identity(load_config(first).vault_dir) in line
    assert writer_identity(load_config(second).vault_dir) in line
    assert "`vaultkit sync --take-over`" in line
    summary = second.parent / "vault" / "memory" / "summaries" / "2026-07-30.summary.md"
    assert not summary.exists()  # stopped before any work
    assert found(reader, "quokka") and not found(reader, "zeppelin")

    ok(cli, "sync", "--take-over", "--config", second)
    assert found(reader, "zeppelin") and not found(reader, "quokka")
    assert summary.exists()
    assert "written by the vault copy at" in refused(cli, "sync", "--config", first)
    assert found(reader, "zeppelin")


def test_every_writer_of_another_copy_is_refused(
    cli: Callable[..., Any], copies: tuple[Path, Path], reader: Path
) -> None:
    """A search on a machine with the files writes the index too (its quick refresh)."""
    first, second = copies
    ok(cli, "sync", "--config", first)
    for args in (
        ("search", "zeppelin", "--config", second),
        ("recall", "zeppelin", "--config", second),
        ("reconcile", "--fill", "--config", second),
        ("backfill", "--config", second),
    ):
        assert "--take-over" in refused(cli, *args), args
    assert found(reader, "quokka") and not found(reader, "zeppelin")
    ok(cli, "reconcile", "--fill", "--take-over", "--config", second)
    assert found(reader, "zeppelin")
    ok(cli, "backfill", "--take-over", "--config", first)
    assert found(reader, "quokka")
    ok(cli, "search", "quokka", "--config", first)  # the writer's own copy searches as before


def test_the_writer_checks_under_its_lock(copies: tuple[Path, Path]) -> None:
    """Another copy taking the index over between sync's first look and its refresh."""
    first, second = (load_config(path) for path in copies)
    SearchIndex(first).close()
    with pytest.raises(IndexOwnerError, match="written by the vault copy at"):
        SearchIndex(second)
    # what `sync --take-over` does first
    check_writer(second.index, second.vault_dir, take_over=True)
    SearchIndex(second).close()
    with pytest.raises(IndexOwnerError):
        SearchIndex(first)


def test_readers_never_check(
    cli: Callable[..., Any], copies: tuple[Path, Path], reader: Path
) -> None:
    ok(cli, "sync", "--config", copies[0])
    ok(cli, "search", "quokka", "--config", reader)  # no vault folder: a reader, whoever wrote


def test_a_path_through_a_symbolic_link_is_the_same_copy(
    cli: Callable[..., Any], copies: tuple[Path, Path], tmp_path: Path
) -> None:
    first = copies[0]
    ok(cli, "sync", "--config", first)
    linked = tmp_path / "linked"
    linked.symlink_to(first.parent, target_is_directory=True)
    ok(cli, "sync", "--config", linked / "memory_config.json")


def registry(dsn: str, sql: str, *params: object) -> Any:
    """Run `sql` on the registry; its rows, if it returns any."""
    with psycopg.connect(dsn) as conn:
        cursor = conn.execute(sql, params)
        return cursor.fetchall() if cursor.description else None


def test_a_vault_with_no_writer_recorded_is_claimed(
    cli: Callable[..., Any], copies: tuple[Path, Path], reader: Path, dsn: str, vault_id: str
) -> None:
    first, second = copies
    ok(cli, "sync", "--config", first)
    registry(dsn, "UPDATE vaultkit_vaults SET writer = NULL WHERE vault_id = %s", vault_id)
    ok(cli, "sync", "--config", second)  # nobody's: claimed
    assert found(reader, "zeppelin")
    ((writer,),) = registry(dsn, "SELECT writer FROM vaultkit_vaults WHERE vault_id = %s", vault_id)
    assert writer == writer_identity(load_config(second).vault_dir)
    refused(cli, "sync", "--config", first)


@pytest.fixture
def own_database(pg_dsn: str, monkeypatch: pytest.MonkeyPatch) -> Iterator[str]:
    """A database of its own (a registry the test may change without touching other tests')."""
    from psycopg.conninfo import make_conninfo

    name = f"vk_test_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(pg_dsn, autocommit=True) as conn:
        conn.execute(f"CREATE DATABASE {name}")
    dsn = make_conninfo(pg_dsn, dbname=name)
    monkeypatch.setenv(DSN_ENV, dsn)
    yield dsn
    with psycopg.connect(pg_dsn, autocommit=True) as conn:
        conn.execute(f"DROP DATABASE {name} WITH (FORCE)")


def test_a_registry_of_an_older_vaultkit_gets_the_column_and_is_claimed(
    cli: Callable[..., Any], tmp_path: Path, vault_id: str, own_database: str
) -> None:
    first = copy(tmp_path / "first", vault_id, "quokka")
    second = copy(tmp_path / "second", vault_id, "zeppelin")
    ok(cli, "sync", "--config", first)
    registry(own_database, "ALTER TABLE vaultkit_vaults DROP COLUMN writer")  # as it was
    ok(cli, "sync", "--config", second)
    ((writer,),) = registry(own_database, "SELECT writer FROM vaultkit_vaults")
    assert writer == writer_identity(load_config(second).vault_dir)
    assert "--take-over" in refused(cli, "sync", "--config", first)
