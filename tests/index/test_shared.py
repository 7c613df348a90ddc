"""The shared index on PostgreSQL (`index.store: postgres`) against a real server: the same
rankings as SQLite, readers without the files, one snapshot per search, one writer at a time,
a rebuild into a new generation, and a writer killed mid-transaction.

The server is the cluster `.ci/run` starts (VAULTKIT_TEST_DATABASE_URL), else one this module
starts (`tools/pg_cluster.py`); without PostgreSQL installed the tests are skipped,
unless VAULTKIT_REQUIRE_POSTGRES=1 (CI) makes that a failure.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import threading
import uuid
from collections.abc import Callable
from datetime import date
from pathlib import Path
from typing import Any

import pytest

from tests.fixtures.workspaces import DSN_ENV, shared_config
from vaultkit.config import load_config
from vaultkit.errors import ConfigError, LockedError, SearchIndexError
from vaultkit.index.store import SearchIndex
from vaultkit.search.recall import recall
from vaultkit.search.search import search

psycopg = pytest.importorskip("psycopg", reason='the postgres extra: pip install ".[postgres]"')

AS_OF = date(2026, 8, 1)
QUERIES = [
    "kubernetes migration",
    "kapan deploy terakhir?",
    "keputusan besar soal database bulan lalu",
    "what is the latest on the payments api",
    "who is Rina",
    "postgres upgrade two weeks ago",
    "incident minggu lalu",
    "backup",
]


@pytest.fixture
def vault_id() -> str:
    return f"test-{uuid.uuid4().hex[:10]}"


@pytest.fixture
def writer(workspace: Path, pg_dsn: str, vault_id: str, monkeypatch: pytest.MonkeyPatch) -> Path:
    """The example workspace with its index on the server; returns its config file."""
    monkeypatch.setenv(DSN_ENV, pg_dsn)
    return shared_config(workspace, vault_id)


@pytest.fixture
def reader(writer: Path, tmp_path: Path) -> Path:
    """A workspace with the writer's config and no vault folder."""
    root = tmp_path / "reader"
    root.mkdir()
    shutil.copy(writer, root / "memory_config.json")
    return root / "memory_config.json"


def ranked(config: Path, query: str, *, reading: bool = False) -> list[tuple[str, float]]:
    result = search(load_config(config, reading=reading), query, top_k=8, as_of=AS_OF)
    return [(h.date.isoformat(), h.score) for h in result.hits]


def same(a: list[tuple[str, float]], b: list[tuple[str, float]]) -> bool:
    return [d for d, _ in a] == [d for d, _ in b] and all(
        abs(x - y) <= 1e-9 for (_, x), (_, y) in zip(a, b, strict=True)
    )


def sync(cli: Callable[..., Any], config: Path) -> None:
    result = cli("sync", "--config", config)
    assert result.exit_code == 0, result.stderr


def test_rankings_equal_sqlite_and_a_reader_needs_no_files(
    cli: Callable[..., Any], writer: Path, reader: Path, tmp_path: Path
) -> None:
    local = tmp_path / "local"
    shutil.copytree(writer.parent, local)
    (local / "memory_config.json").write_text(
        (Path(__file__).resolve().parents[2] / "memory_config.json").read_text()
    )
    sync(cli, writer)
    sync(cli, local / "memory_config.json")
    assert not (writer.parent / "vault" / ".vaultkit" / "index.sqlite").exists()
    for query in QUERIES:
        expected = ranked(local / "memory_config.json", query)
        assert expected, query
        assert same(ranked(writer, query), expected), query
        assert same(ranked(reader, query, reading=True), expected), query
    assert not (reader.parent / "vault").exists()


def test_a_reader_recalls_the_excerpts_from_the_index(
    cli: Callable[..., Any], writer: Path, reader: Path
) -> None:
    sync(cli, writer)
    query = "kubernetes migration"
    mine = recall(load_config(writer), query, as_of=AS_OF)
    theirs = recall(load_config(reader, reading=True), query, as_of=AS_OF)
    assert theirs.markdown == mine.markdown
    assert "`memory/chats/" in theirs.markdown  # excerpts of the raw files, not just summaries
    assert theirs.skipped == ()


def test_the_cli_and_eval_on_a_reader(
    cli: Callable[..., Any], writer: Path, reader: Path, tmp_path: Path
) -> None:
    sync(cli, writer)
    found = cli("search", "backup", "--json", "--as-of", "2026-08-01", "--config", reader)
    assert found.exit_code == 0, found.stderr
    dates = [r["date"] for r in json.loads(found.stdout)["results"]]
    assert dates == [d for d, _ in ranked(writer, "backup")]
    queries = tmp_path / "q.jsonl"
    line = {"query": "kubernetes migration", "gold_dates": [dates[0]], "as_of": "2026-08-01"}
    queries.write_text(json.dumps(line) + "\n")
    evaluated = cli("eval", queries, "--json", "--config", reader)
    assert evaluated.exit_code == 0, evaluated.stderr


def test_a_reader_before_any_sync_is_told_to_sync(
    cli: Callable[..., Any], reader: Path, pg_dsn: str
) -> None:
    result = cli("search", "backup", "--config", reader)
    assert result.exit_code != 0
    (line,) = result.stderr.strip().splitlines()
    assert "vaultkit sync" in line and "Traceback" not in line


def test_a_reader_cannot_sync(cli: Callable[..., Any], writer: Path, reader: Path) -> None:
    result = cli("sync", "--config", reader)
    assert result.exit_code == 2
    assert "only search the shared index" in result.stderr


def test_config_errors_name_the_key(
    cli: Callable[..., Any], workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = shared_config(workspace, "")
    result = cli("search", "backup", "--config", config)
    assert result.exit_code == 2 and "index.vault_id: required" in result.stderr
    shared_config(workspace, "someone")
    monkeypatch.delenv(DSN_ENV, raising=False)
    result = cli("search", "backup", "--config", config)
    assert result.exit_code == 2
    assert f"the environment variable {DSN_ENV} holds no connection string" in result.stderr


def test_an_unreachable_server_is_one_line(
    cli: Callable[..., Any], workspace: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    config = shared_config(workspace, "someone")
    monkeypatch.setenv(DSN_ENV, "postgresql://nobody@127.0.0.1:1/none")
    result = cli("search", "backup", "--config", config)
    assert result.exit_code != 0
    (line,) = result.stderr.strip().splitlines()
    assert "cannot connect" in line and DSN_ENV in line


def test_sync_keeps_readers_current_incrementally(
    cli: Callable[..., Any], writer: Path, reader: Path
) -> None:
    sync(cli, writer)
    memory = writer.parent / "vault" / "memory"
    (memory / "2026-07-30.md").write_text("# 2026-07-30\n\nRina: the zeppelin arrived today.\n")
    sync(cli, writer)
    assert [d for d, _ in ranked(reader, "zeppelin", reading=True)][:1] == ["2026-07-30"]
    (memory / "2026-07-30.md").unlink()
    (memory / "summaries" / "2026-07-30.summary.md").unlink()
    sync(cli, writer)
    assert "2026-07-30" not in [d for d, _ in ranked(reader, "zeppelin", reading=True)]


def registry(dsn: str, vault_id: str) -> tuple[int, list[str]]:
    with psycopg.connect(dsn) as conn:
        (generation,) = conn.execute(
            "SELECT generation FROM vaultkit_vaults WHERE vault_id = %s", (vault_id,)
        ).fetchone()
        schemas = [
            r[0]
            for r in conn.execute("SELECT nspname FROM pg_namespace WHERE nspname LIKE 'vk_%%'")
        ]
    return int(generation), schemas


def test_a_rebuild_fills_a_new_generation_while_readers_read_the_old(
    cli: Callable[..., Any], writer: Path, reader: Path, pg_dsn: str, vault_id: str
) -> None:
    sync(cli, writer)
    before = ranked(reader, "backup", reading=True)
    held = SearchIndex(load_config(reader, reading=True))  # a reader mid-search: its snapshot
    try:
        config = json.loads(writer.read_text())
        config["languages"] = ["en"]  # another analysis: the stored rows no longer fit
        writer.write_text(json.dumps(config))
        sync(cli, writer)
        generation, _ = registry(pg_dsn, vault_id)
        assert generation == 2
        # The held reader still reads generation 1, whole.
        assert held.days.days() and len(held.records()) == len(held.days.days())
    finally:
        held.close()
    reader_config = json.loads(reader.read_text())
    reader_config["languages"] = ["en"]
    reader.write_text(json.dumps(reader_config))
    assert ranked(reader, "backup", reading=True)
    assert before  # the old generation answered before the switch
    sync(cli, writer)  # the next writer drops generation 1, nobody reads it now
    _, schemas = registry(pg_dsn, vault_id)
    mine = [s for s in schemas if s.startswith("vk_" + vault_id.replace("-", "_"))]
    assert mine == [s for s in mine if s.endswith("_g2")] and len(mine) == 1


def test_a_reader_of_other_settings_is_told_which(
    cli: Callable[..., Any], writer: Path, reader: Path
) -> None:
    sync(cli, writer)
    config = json.loads(reader.read_text())
    config["languages"] = ["en"]
    reader.write_text(json.dumps(config))
    with pytest.raises(SearchIndexError, match="built with languages 'en,id'"):
        ranked(reader, "backup", reading=True)


def test_one_writer_at_a_time(
    cli: Callable[..., Any], writer: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from vaultkit.index import shared

    sync(cli, writer)
    monkeypatch.setattr(shared, "LOCK_WAIT", "200ms")
    first = SearchIndex(load_config(writer))
    try:
        with pytest.raises(LockedError, match="another vaultkit run is writing it"):
            SearchIndex(load_config(writer))
    finally:
        first.close()
    SearchIndex(load_config(writer)).close()  # free again


def test_readers_never_see_half_a_sync(cli: Callable[..., Any], writer: Path, reader: Path) -> None:
    """While the writer adds and removes batches of days, each search sees one whole state: the
    days that name the word are those of one batch, all or none of each."""
    sync(cli, writer)
    memory = writer.parent / "vault" / "memory"
    batches = [[f"2025-0{m}-{d:02d}" for d in range(1, 5)] for m in (1, 2, 3)]
    stop = threading.Event()
    seen: list[frozenset[str]] = []
    errors: list[BaseException] = []
    config = load_config(reader, reading=True)

    def read() -> None:
        while not stop.is_set():
            try:
                result = search(config, "quokka", top_k=20, as_of=AS_OF)
                seen.append(frozenset(h.date.isoformat() for h in result.hits))
            except BaseException as exc:  # reported below, in the test thread
                errors.append(exc)
                return

    threads = [threading.Thread(target=read) for _ in range(3)]
    for thread in threads:
        thread.start()
    try:
        for batch in batches * 2:
            for day in batch:
                (memory / f"{day}.md").write_text(f"# {day}\n\nRina: a quokka again.\n")
            sync(cli, writer)
            for day in batch:
                (memory / f"{day}.md").unlink()
                (memory / "summaries" / f"{day}.summary.md").unlink()
            sync(cli, writer)
    finally:
        stop.set()
        for thread in threads:
            thread.join()
    assert not errors, errors
    whole = {frozenset(), *(frozenset(b) for b in batches)}
    assert set(seen) <= whole
    assert len(set(seen)) > 1  # the readers saw the days come and go


def test_a_writer_killed_mid_transaction_leaves_the_index_as_it_was(
    cli: Callable[..., Any], writer: Path, reader: Path
) -> None:
    sync(cli, writer)
    before = ranked(reader, "backup", reading=True)
    script = (
        "import os, sys\n"
        "from vaultkit.config import load_config\n"
        "from vaultkit.index.store import SearchIndex\n"
        "index = SearchIndex(load_config(sys.argv[1]))\n"
        "index.db.execute('DELETE FROM rk_post')\n"
        "index.db.execute('DELETE FROM days')\n"
        "os._exit(9)  # killed before the commit\n"
    )
    done = subprocess.run([sys.executable, "-c", script, str(writer)], env=os.environ.copy())
    assert done.returncode == 9
    assert same(ranked(reader, "backup", reading=True), before)
    with pytest.raises(ConfigError):
        load_config(reader)  # not reading: a reader's workspace is no vault


def test_the_mcp_tools_on_a_reader(cli: Callable[..., Any], writer: Path, reader: Path) -> None:
    import io

    from vaultkit.mcp.server import McpServer

    sync(cli, writer)
    server = McpServer(reader, log=io.StringIO())
    hello = {"protocolVersion": "2025-06-18"}
    server.handle({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": hello})
    answers = {}
    for tool in ("search", "recall"):
        call = {"name": tool, "arguments": {"query": "backup", "as_of": "2026-08-01"}}
        answer = server.handle({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": call})
        assert answer is not None and not answer["result"].get("isError"), answer
        answers[tool] = answer["result"]
    dates = [r["date"] for r in answers["search"]["structuredContent"]["results"]]
    assert dates == [d for d, _ in ranked(writer, "backup")][: len(dates)]
    mine = recall(load_config(writer), "backup", as_of=AS_OF).markdown
    assert answers["recall"]["content"][0]["text"] == mine


def test_a_reader_keeps_the_vectors_until_the_writer_changes_them(writer, reader, llm_server):
    """The embeddings backend on the shared index: the writer stores the chunk vectors, a reader
    scores with them, keeps them between searches and reads them again after a sync."""
    from tests.fixtures.llm_server import fake_embedding
    from vaultkit.sync.daily import sync

    for path in (writer, reader):
        data = json.loads(path.read_text())
        data["search"] = {"backend": "embeddings", "base_url": llm_server.url, "model": "t"}
        path.write_text(json.dumps(data))
    sync(load_config(writer))
    with SearchIndex(load_config(reader, reading=True)) as index:
        before = index.similarities(fake_embedding("q"))
    assert before
    memory = load_config(writer).memory_dir
    (memory / "2026-07-30.md").write_text("# 2026-07-30\n\nA short new day.\n")
    sync(load_config(writer))
    with SearchIndex(load_config(reader, reading=True)) as index:
        after = index.similarities(fake_embedding("q"))
    assert set(after) == set(before) | {date(2026, 7, 30)}
