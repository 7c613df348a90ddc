"""`vaultkit mcp --http` as a process: it refuses to listen beyond this machine without a token,
and SIGTERM lets the call in flight finish before it exits 0."""

from __future__ import annotations

import http.client
import json
import os
import re
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import pytest

from tests.fixtures.mcp_http import TOKEN, synced_copy
from vaultkit.config import load_config
from vaultkit.files.lock import vault_lock


def vaultkit(*args: str, token: str | None = None) -> subprocess.Popen[str]:
    env = {k: v for k, v in os.environ.items() if k != "VAULTKIT_MCP_TOKEN"}
    if token is not None:
        env["VAULTKIT_MCP_TOKEN"] = token
    return subprocess.Popen(
        [sys.executable, "-m", "vaultkit", *args],
        stdin=subprocess.DEVNULL,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
    )


@pytest.mark.parametrize(
    ("args", "token", "said"),
    [
        (["--http", "--host", "0.0.0.0"], None, "reachable from other machines"),
        (["--http", "--host", "192.0.2.10"], None, "reachable from other machines"),
        (["--http"], "short", "fewer than 16 characters"),
        (["--http", "--allow-origin", "evil"], None, "--allow-origin: expected an origin"),
        (["--port", "9999"], None, "go with --http"),
    ],
)
def test_a_server_that_must_not_start_says_why_in_one_line(
    workspace: Path, args: list[str], token: str | None, said: str
) -> None:
    process = vaultkit("mcp", "--config", str(workspace), *args, token=token)
    stdout, stderr = process.communicate(timeout=30)
    assert process.returncode == 2, stderr
    assert stdout == "" and len(stderr.strip().splitlines()) == 1 and said in stderr
    if token:
        assert token not in stderr


def test_sigterm_finishes_the_call_in_flight_and_exits_0(tmp_path: Path) -> None:
    config = synced_copy(tmp_path / "ws")
    loaded = load_config(config)
    process = vaultkit("mcp", "--http", "--port", "0", "--config", str(config), token=TOKEN)
    assert process.stderr is not None
    started = process.stderr.readline()
    found = re.search(r"http://127\.0\.0\.1:(\d+)/mcp", started)
    assert found, started
    port = int(found.group(1))
    answers: list[Any] = []

    def remember() -> None:
        connection = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
        hello = {"protocolVersion": "2025-06-18", "capabilities": {}}
        headers = {"Authorization": f"Bearer {TOKEN}", "Content-Type": "application/json"}
        init = {"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": hello}
        connection.request("POST", "/mcp", json.dumps(init), headers)
        reply = connection.getresponse()
        reply.read()
        headers["Mcp-Session-Id"] = reply.getheader("Mcp-Session-Id") or ""
        call = {
            "name": "remember",
            "arguments": {"text": "said during the stop", "day": "2026-07-20"},
        }
        message = {"jsonrpc": "2.0", "id": 1, "method": "tools/call", "params": call}
        connection.request("POST", "/mcp", json.dumps(message), headers)
        reply = connection.getresponse()
        answers.append((reply.status, json.loads(reply.read())))

    with vault_lock(loaded.state_dir):  # as a sync would: the call waits for the lock
        client = threading.Thread(target=remember)
        client.start()
        time.sleep(0.5)  # the call is in flight, waiting
        process.send_signal(signal.SIGTERM)
        time.sleep(0.3)
        assert process.poll() is None  # still finishing the call
    client.join(timeout=30)
    rest = process.stderr.read()
    assert process.wait(timeout=30) == 0, rest
    ((status, answer),) = answers
    assert status == 200 and answer["result"]["structuredContent"]["written"] is True
    assert "- said during the stop\n" in (loaded.memory_dir / "2026-07-20.md").read_text()
    assert "every call was answered" in rest and "Traceback" not in rest and TOKEN not in rest
    process.stdout.close()  # type: ignore[union-attr]
    process.stderr.close()


def test_stdio_start_up_loads_no_http_server_and_no_sdk() -> None:
    code = (
        "import sys; from vaultkit.cli import load_commands; load_commands(['mcp']); "
        "import vaultkit.mcp.server; "
        "print(sorted(m for m in sys.modules if m.startswith(('http.server', 'mcp', 'vaultkit.mcp'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert eval(done.stdout) == ["vaultkit.mcp", "vaultkit.mcp.server", "vaultkit.mcp.tools"]
