"""`vaultkit sync` with the openai summarizer against a real scripted HTTP server on 127.0.0.1.

Whatever the server does (time out, 500, 429 with Retry-After, bad JSON, fields out of range,
invented dates), nothing invalid is written, nothing is lost, and the next sync completes the vault.
"""

from __future__ import annotations

import json
from pathlib import Path

from tests.conftest import tree_hashes
from tests.fixtures.llm_server import Reply, chat, error
from tests.fixtures.workspaces import GOOD, llm_workspace
from vaultkit.pages.schema import read_marker


def test_failures_write_nothing_invalid_and_the_next_sync_completes(
    workspace: Path, cli, llm_server
) -> None:
    config_path = llm_workspace(workspace, llm_server.url, days=7)
    summaries = workspace / "vault" / "memory" / "summaries"
    invented = {**GOOD, "related_dates": ["1999-01-01"], "date": "2031-02-30"}
    llm_server.reply(
        chat(GOOD),  # 07-01
        Reply(delay=1.0), Reply(delay=1.0),  # 07-02: times out twice, gives up
        error(500), error(502),  # 07-03: server errors, gives up
        error(429, **{"Retry-After": "0"}), chat(invented),  # 07-04: 429, then extra fields
        chat("this is not json"),  # 07-05: an answer is not retried; bad JSON fails the day
        chat({**GOOD, "importance": 42}),  # 07-06: out of range: the offline reading's, said
        chat({**GOOD, "people": "Gading", "bullets": []}),  # 07-07: wrong types
    )  # fmt: skip
    result = cli("sync", "--config", config_path, "--json")
    assert result.exit_code == 1
    report = json.loads(result.stdout)
    failed = {f["what"] for f in report["failed"]}
    assert failed == {"2026-07-02", "2026-07-03", "2026-07-05", "2026-07-07"}
    assert sorted(p.name for p in summaries.iterdir()) == [
        "2026-07-01.summary.md",
        "2026-07-04.summary.md",
        "2026-07-06.summary.md",
    ]
    warned = {(w["what"], w["warning"]) for w in report["warnings"]}
    assert ("2026-07-06", "importance: 42 is not an integer 1-10; the offline reading's") in warned
    made = (summaries / "2026-07-04.summary.md").read_text()
    assert "1999-01-01" not in made and "2031" not in made
    # Named as the vocabulary spells them ("k8s", "fred"), and only what the day says: its note
    # names Ceph and the K3s cluster, not the Homelab project or the Garden Sensors.
    assert "tags: [Kubernetes]" in made and "people: [Gading, Freedy]" in made
    assert "  technologies: [Ceph]" in made and "Garden Sensors" not in made
    assert "projects: []" in made
    assert (
        "2026-07-04",
        "projects: homelab, Garden Sensors not in the day's text; the offline reading's",
    ) in warned
    assert cli("lint", "--config", config_path).exit_code == 0

    llm_server.reply(*(chat(GOOD) for _ in range(4)))
    again = cli("sync", "--config", config_path, "--json")
    assert again.exit_code == 0, again.stdout
    assert len(list(summaries.iterdir())) == 7
    assert all(read_marker(p.read_text()).pristine for p in summaries.iterdir())
    assert cli("lint", "--config", config_path).exit_code == 0
    before = tree_hashes(workspace)
    assert cli("sync", "--config", config_path).exit_code == 0
    assert tree_hashes(workspace) == before


def test_prompt_carries_the_vocabulary_and_no_key_is_sent_without_one(
    workspace: Path, cli, llm_server, monkeypatch
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    config_path = llm_workspace(workspace, llm_server.url, days=1)
    llm_server.reply(chat(GOOD))
    assert cli("sync", "--config", config_path).exit_code == 0
    request = llm_server.requests[0]
    assert request.path.endswith("/chat/completions")
    assert "authorization" not in {k.lower() for k in request.headers}
    prompt = json.dumps(request.json["messages"])
    for term in ("Nouverse Core", "Kubernetes", "SQLAlchemy", "k8s", "Freedy"):
        assert term in prompt


def test_unreachable_llm_fails_each_day_with_one_line(workspace: Path, cli) -> None:
    config_path = llm_workspace(workspace, "http://127.0.0.1:9/v1", days=2)
    result = cli("sync", "--config", config_path)
    assert result.exit_code == 1
    failures = [line for line in result.stderr.splitlines() if line.startswith("failed")]
    assert len(failures) == 2
    assert all("connection refused" in line for line in failures)
    assert "Traceback" not in result.stderr
    assert not (workspace / "vault" / "memory" / "summaries").exists() or not list(
        (workspace / "vault" / "memory" / "summaries").iterdir()
    )


def free_port() -> int:
    """A port on 127.0.0.1 with nothing listening on it (connections are refused)."""
    import socket

    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def test_an_endpoint_that_is_down_stops_the_run_early(workspace: Path, cli) -> None:
    import time

    config_path = llm_workspace(workspace, f"http://127.0.0.1:{free_port()}/v1", days=10)
    started = time.monotonic()
    result = cli("sync", "--config", config_path, "--json")
    assert time.monotonic() - started < 20  # three days tried, not ten
    assert result.exit_code == 1
    data = json.loads(result.stdout)
    assert [f["what"] for f in data["failed"]] == ["2026-07-01", "2026-07-02", "2026-07-03"]
    assert all("connection refused" in f["error"] for f in data["failed"])
    assert len(data["untried"]) == 7
    assert "stopped: the summarizer endpoint failed on 3 days in a row" in result.stderr
    assert "7 days left for the next run" in result.stderr
    assert not list((workspace / "vault" / "memory" / "summaries").glob("*.summary.md"))


def test_server_errors_after_the_retries_stop_the_run_and_the_next_run_resumes(
    workspace: Path, cli, llm_server
) -> None:
    config_path = llm_workspace(workspace, llm_server.url, days=6)
    llm_server.reply(*[error(503) for _ in range(6)])  # 3 days x (1 try + 1 retry)
    result = cli("sync", "--config", config_path)
    assert result.exit_code == 1
    assert "stopped:" in result.stderr and "3 days left" in result.stderr
    assert llm_server.pending == 0
    llm_server.reply(*[chat(GOOD) for _ in range(6)])
    resumed = cli("sync", "--config", config_path)
    assert resumed.exit_code == 0, resumed.stderr
    assert len(list((workspace / "vault" / "memory" / "summaries").glob("*.summary.md"))) == 6
