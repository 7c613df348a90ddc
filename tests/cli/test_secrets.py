"""No message shows a connection string's password or an API key, whatever the driver or the
server says: on stderr, in `sync --json`'s report (cron jobs log it), in the MCP tool error the
model reads. Each connection string below once had its password quoted by libpq."""

from __future__ import annotations

import io
import json
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from tests.fixtures.llm_server import chat, error
from tests.fixtures.workspaces import DSN_ENV, GOOD, llm_workspace, shared_config
from tools import pg_cluster
from vaultkit.redact import dsn_secrets, key_secrets, scrub


@dataclass(frozen=True)
class Form:
    """A connection string, what no message may show of it, and what its message must say."""

    dsn: str
    secrets: tuple[str, ...]
    says: str  # "cannot be parsed" or "cannot connect"


PARSED = "cannot be parsed"
CONNECT = "cannot connect"
FORMS = {
    # The security review's three: libpq quoted the DSN, the password, the whole string.
    "ipv6-bracket": Form("postgresql://postgres:PASS@[::1/memory", ("PASS",), PARSED),
    "bad-percent": Form(
        "postgresql://postgres:PASS%zz@127.0.0.1:55433/memory", ("PASS", "PASS%zz"), PARSED
    ),
    "no-equals": Form("PASSGARBAGE", ("PASS",), PARSED),
    # Others found the same way.
    "space": Form("postgresql://postgres:Pw Space 5@127.0.0.1:1/db", ("Pw Space 5",), PARSED),
    "at-sign": Form("postgresql://postgres:Pw@At-4@127.0.0.1:1/db", ("At-4", "Pw@At-4"), CONNECT),
    "slash": Form("postgresql://postgres:Pw/Sl-3x@127.0.0.1:1/db", ("Sl-3x", "Pw/Sl"), CONNECT),
    "colon": Form("postgresql://postgres:Pw:Colon-6@127.0.0.1:1/db", ("Colon-6",), CONNECT),
    "query": Form("postgresql://127.0.0.1:1/db?password=Pw-Query-9&bogus=1", ("Pw-Query",), PARSED),
    "keywords": Form(
        "host=127.0.0.1 port=1 password=Kv-Secret-1 sslmode=bogus", ("Kv-Secret",), CONNECT
    ),
    "keywords-quoted": Form(
        "host=127.0.0.1 password='Kv Secret 2' bogus=1", ("Kv Secret", "Secret 2"), PARSED
    ),
    "bare-word": Form("host=127.0.0.1 Kv-Secret-3", ("Kv-Secret",), PARSED),
    "refused": Form("postgresql://postgres:Pw-Secret-7@127.0.0.1:1/db", ("Pw-Secret",), CONNECT),
    "unknown-host": Form(
        "postgresql://postgres:Pw-Secret-8@nonexistent.invalid/db", ("Pw-Secret",), CONNECT
    ),
}


@pytest.fixture
def shared(workspace: Path) -> Path:
    pytest.importorskip("psycopg", reason='the postgres extra: pip install ".[postgres]"')
    return shared_config(workspace, "leaky")


def texts_of(cli: Callable[..., Any], config: Path) -> list[tuple[str, str]]:
    """(where, text) of what `sync --json`, `search` and the MCP search tool say."""
    from vaultkit.mcp.server import McpServer

    synced = cli("sync", "--json", "--config", config)
    searched = cli("search", "backup", "--config", config)
    log = io.StringIO()
    server = McpServer(config, log=log)
    call = {"name": "search", "arguments": {"query": "backup"}}
    answer = server.handle({"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": call})
    assert answer is not None and answer["result"]["isError"], answer
    (content,) = answer["result"]["content"]
    assert synced.exit_code == 1 and searched.exit_code != 0
    return [
        ("sync --json stdout", synced.stdout),
        ("sync stderr", synced.stderr),
        ("search stderr", searched.stderr),
        ("mcp tool error", content["text"]),
        ("mcp log", log.getvalue()),
    ]


def assert_clean(texts: list[tuple[str, str]], dsn: str, secrets: tuple[str, ...]) -> None:
    for where, text in texts:
        for secret in (dsn, *secrets):
            assert secret not in text, (where, secret, text)


@pytest.mark.parametrize("name", FORMS)
def test_no_message_shows_the_password(
    name: str, cli: Callable[..., Any], shared: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    form = FORMS[name]
    monkeypatch.setenv(DSN_ENV, form.dsn)
    texts = texts_of(cli, shared)
    assert_clean(texts, form.dsn, form.secrets)
    said = dict(texts)
    (line,) = said["search stderr"].strip().splitlines()
    assert DSN_ENV in line and form.says in line, line
    (failed,) = json.loads(said["sync --json stdout"])["failed"]
    assert failed["error"] in line and failed["what"] == "search index"
    assert said["mcp tool error"] in line


@pytest.mark.parametrize("name", ["ipv6-bracket", "bad-percent", "no-equals"])
def test_the_real_command_and_the_mcp_stdio_show_no_password(
    name: str, shared: Path, tmp_path: Path
) -> None:
    """The review's three forms through `python -m vaultkit`, the MCP tool call over stdio."""
    form = FORMS[name]
    env = {**os.environ, DSN_ENV: form.dsn}

    def vaultkit(*args: str, stdin: str = "") -> subprocess.CompletedProcess[str]:
        command = [sys.executable, "-m", "vaultkit", *args, "--config", str(shared)]
        return subprocess.run(command, input=stdin, env=env, capture_output=True, text=True)

    messages = [
        {"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {"protocolVersion": "x"}},
        {"jsonrpc": "2.0", "id": 2, "method": "tools/call",
         "params": {"name": "search", "arguments": {"query": "x"}}},
    ]  # fmt: skip
    synced = vaultkit("sync", "--json")
    searched = vaultkit("search", "q")
    served = vaultkit("mcp", stdin="".join(json.dumps(m) + "\n" for m in messages))
    assert synced.returncode == 1 and searched.returncode == 2 and served.returncode == 0
    answer = json.loads(served.stdout.splitlines()[1])["result"]
    assert answer["isError"]
    texts = [
        ("sync stdout", synced.stdout),
        ("sync stderr", synced.stderr),
        ("search stderr", searched.stderr),
        ("mcp stdout", served.stdout),
        ("mcp stderr", served.stderr),
    ]
    assert_clean(texts, form.dsn, form.secrets)
    (line,) = searched.stderr.strip().splitlines()
    assert line.startswith("error: [config-value] index.dsn_env: the connection string in ")
    assert f"{DSN_ENV} cannot be parsed (" in line


# A real server that checks passwords (the tests' cluster trusts every local connection).

ROLE, RIGHT = "vk_pw", "Right-Pw-1"


@pytest.fixture(scope="module")
def password_server() -> Iterator[str]:
    """A throwaway cluster where the role `vk_pw` logs in with a password; its host:port."""
    psycopg = pytest.importorskip("psycopg", reason='the postgres extra: pip install ".[postgres]"')
    if not pg_cluster.available():
        if os.environ.get("VAULTKIT_REQUIRE_POSTGRES") == "1":
            pytest.fail("PostgreSQL is required here (VAULTKIT_REQUIRE_POSTGRES=1)")
        pytest.skip("PostgreSQL is not installed")
    root = Path(tempfile.mkdtemp(prefix="vaultkit-pg-pw-"))
    try:
        trusted = pg_cluster.start(root)
        with psycopg.connect(trusted, autocommit=True) as conn:
            conn.execute(f"CREATE ROLE {ROLE} LOGIN PASSWORD '{RIGHT}'")
        hba = root / "data" / "pg_hba.conf"
        rule = f"host all {ROLE} 127.0.0.1/32 scram-sha-256\n"
        hba.write_text(rule + hba.read_text())
        with psycopg.connect(trusted, autocommit=True) as conn:
            conn.execute("SELECT pg_reload_conf()")
        where = trusted.removeprefix("postgresql://postgres@").rsplit("/", 1)[0]
        with pytest.raises(psycopg.OperationalError, match="password authentication failed"):
            psycopg.connect(f"postgresql://{ROLE}:wrong@{where}/postgres").close()
        psycopg.connect(f"postgresql://{ROLE}:{RIGHT}@{where}/postgres").close()
        yield where
    finally:
        pg_cluster.stop(root)
        shutil.rmtree(root, ignore_errors=True)


def test_a_wrong_password_is_refused_in_one_line_without_it(
    cli: Callable[..., Any], shared: Path, password_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    dsn = f"postgresql://{ROLE}:Wrong-Pw-2@{password_server}/postgres"
    monkeypatch.setenv(DSN_ENV, dsn)
    texts = texts_of(cli, shared)
    assert_clean(texts, dsn, ("Wrong-Pw-2",))
    (line,) = dict(texts)["search stderr"].strip().splitlines()
    assert "cannot connect" in line and DSN_ENV in line
    assert f'password authentication failed for user "{ROLE}"' in line


def test_a_wrong_password_in_pgpassword_is_not_shown(
    cli: Callable[..., Any], shared: Path, password_server: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    dsn = f"postgresql://{ROLE}@{password_server}/postgres"
    monkeypatch.setenv(DSN_ENV, dsn)
    monkeypatch.setenv("PGPASSWORD", "Wrong-Pw-3")
    texts = texts_of(cli, shared)
    assert_clean(texts, dsn, ("Wrong-Pw-3",))
    assert "password authentication failed" in dict(texts)["search stderr"]


# API keys: the values of the environment variables the config names.

KEY_ENV = "VK_TEST_LLM_KEY"  # a name of the config's own, not a default
KEY = "sk-echoed-0123456789"


def keyed_workspace(workspace: Path, url: str) -> Path:
    config = llm_workspace(workspace, url, days=1)
    data = json.loads(config.read_text())
    data["summarizer"]["api_key_env"] = KEY_ENV
    config.write_text(json.dumps(data))
    return config


def test_a_key_the_llm_echoes_is_not_shown(
    workspace: Path, cli: Callable[..., Any], llm_server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A server (or a proxy) that echoes the key, in an error and in an answer quoted back."""
    monkeypatch.setenv(KEY_ENV, KEY)
    config = keyed_workspace(workspace, llm_server.url)
    llm_server.reply(error(401, f"Incorrect API key provided: {KEY}"))
    first = cli("sync", "--json", "--config", config)
    llm_server.reply(chat({**GOOD, "importance": KEY}))
    second = cli("sync", "--json", "--config", config)
    assert llm_server.requests[0].headers["Authorization"] == f"Bearer {KEY}"
    assert first.exit_code == 1  # the day failed; the second sync writes it
    assert second.exit_code == 0  # the importance quoted back is refused: the offline reading's
    for result in (first, second):
        assert KEY not in result.stdout and KEY not in result.stderr, result.stderr
    warnings = [w["warning"] for w in json.loads(second.stdout)["warnings"]]
    (said,) = [w for w in warnings if w.startswith("importance: ")]
    assert "***" in said


def test_a_key_no_header_can_carry_is_not_shown(
    workspace: Path, cli: Callable[..., Any], llm_server: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A key with a trailing carriage return (a .env file written on Windows): http.client
    would refuse the header with a ValueError quoting it; it is one line, without the key."""
    from vaultkit.mcp.server import McpServer

    monkeypatch.setenv(KEY_ENV, KEY + "\r")
    config = keyed_workspace(workspace, llm_server.url)
    synced = cli("sync", "--config", config)
    assert synced.exit_code == 1 and "the API key holds spaces or a line break" in synced.stderr
    assert KEY not in synced.stderr and "Traceback" not in synced.stderr
    data = json.loads(config.read_text())
    data["search"] = {"backend": "embeddings", "base_url": llm_server.url, "model": "t"}
    data["search"]["api_key_env"] = KEY_ENV
    config.write_text(json.dumps(data))
    log = io.StringIO()
    call = {"name": "search", "arguments": {"query": "backup"}}
    answer = McpServer(config, log=log).handle(
        {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": call}
    )
    assert answer is not None and answer["result"]["isError"]
    assert "the API key holds spaces or a line break" in answer["result"]["content"][0]["text"]
    assert KEY not in json.dumps(answer) and KEY not in log.getvalue()


# The scrub itself.


@pytest.mark.parametrize("name", FORMS)
def test_a_form_quoted_whole_or_in_part_is_scrubbed(name: str) -> None:
    form = FORMS[name]
    for part in (form.dsn, form.dsn.split("@")[0], form.dsn.rsplit("=", 1)[-1]):
        scrubbed = scrub(f'said: "{part}"', dsn_secrets(form.dsn))
        assert all(secret not in scrubbed for secret in (form.dsn, *form.secrets)), scrubbed


def test_a_short_piece_is_scrubbed_only_where_it_stands_alone() -> None:
    secrets = dsn_secrets("postgresql://postgres:p@ss@127.0.0.1/db")
    said = "failed to resolve host 'ss@127.0.0.1' (address unknown)"
    assert scrub(said, secrets) == "failed to resolve host '***@127.0.0.1' (address unknown)"


def test_a_user_name_is_no_secret() -> None:
    dsn = "postgresql://postgres@127.0.0.1:5432/memory"
    said = 'FATAL: role "postgres" does not exist'
    assert scrub(said, dsn_secrets(dsn)) == said
    assert scrub(f"could not use {dsn}", dsn_secrets(dsn)) == "could not use ***"


def test_a_quoted_keyword_password_with_escapes() -> None:
    secrets = dsn_secrets(r"host=db password='it\'s a secret' user=me")
    assert scrub("password was it's a secret", secrets) == "password was ***"


def test_a_key_is_scrubbed_as_a_traceback_shows_it() -> None:
    said = "ValueError: Invalid header value b'Bearer sk-0123456789\\r'"
    assert "sk-0123456789" not in scrub(said, key_secrets("sk-0123456789\r"))
