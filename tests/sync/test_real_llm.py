"""`vaultkit sync` with the LLM summarizer on a real small model (SmolLM2-135M through
tools/llm_server.mjs): whatever the model writes, each day is written with valid frontmatter or
named as failed, nothing the day does not say reaches a file, Indonesian passes through, a server
that takes only `json_object` still summarizes, and a day that failed is filled by the next run.

Tests check behaviour, not prose: the model is tiny and its answers are poor. A model call costs
a few seconds on one CPU thread; these tests make about ten.
"""

from __future__ import annotations

import json
import re
from pathlib import Path

import yaml

from tests.fixtures.real_llm import RealLLMServers
from tests.fixtures.workspaces import llm_workspace
from vaultkit.config import load_config
from vaultkit.text.vocabulary import Vocabulary

EN_DAYS = ("2026-07-04", "2026-07-06")  # the K3s migration's first day; the Payments outage
ID_DAY = "2026-08-12"
ID_NOTE = """# 2026-08-12

- Migrasi Postgres ke versi 16 selesai jam 22.00, downtime 12 menit. Sari yang jalanin.
- Pak Budi approve jadwal cutover minggu lalu; besok cek replikasi.
- Makan siang bareng Rina di warung Bu Tini, sotonya enak banget.
"""


def real_workspace(workspace: Path, url: str, days: tuple[str, ...]) -> Path:
    """The example workspace cut to `days` (and an Indonesian one), summaries removed, pointed
    at the real model with room for it to answer."""
    config = llm_workspace(
        workspace, url, only=days, model="SmolLM2-135M-Instruct", timeout=300, retries=0
    )
    if ID_DAY in days:
        (workspace / "vault" / "memory" / f"{ID_DAY}.md").write_text(ID_NOTE, encoding="utf-8")
    return config


def written(workspace: Path) -> dict[str, dict[str, object]]:
    """Each summary's frontmatter, by day."""
    out = {}
    for path in sorted((workspace / "vault" / "memory" / "summaries").glob("*.summary.md")):
        front = path.read_text(encoding="utf-8").split("---\n")[1]
        out[path.name[:10]] = yaml.safe_load(front)
    return out


def assert_grounded(workspace: Path, summaries: dict[str, dict[str, object]]) -> None:
    """Every person and term of every summary is said by its day (a spelling or an alias)."""
    config = load_config(workspace / "memory_config.json")
    vocabulary = Vocabulary(config.vocabulary, config.people)
    for day, front in summaries.items():
        text = (config.memory_dir / f"{day}.md").read_text(encoding="utf-8").casefold()
        uncategorized = front["uncategorized"]
        assert isinstance(uncategorized, dict)
        names = [*front["people"], *front["projects"], *front["tags"]]  # type: ignore[misc]
        names += [n for kind in uncategorized.values() for n in kind]
        for name in names:
            spellings = vocabulary.spellings(name)
            assert any(
                re.search(rf"(?<!\w){re.escape(s.casefold())}(?!\w)", text) for s in spellings
            ), f"{day}: {name} is not in the day's text"


def test_a_sync_on_a_real_model_writes_valid_grounded_days_in_both_languages(
    workspace: Path, cli, real_llm: str
) -> None:
    config = real_workspace(workspace, real_llm, (*EN_DAYS, ID_DAY))
    result = cli("sync", "--config", config, "--json")
    report = json.loads(result.stdout)
    failed = {f["what"] for f in report["failed"]}
    summaries = written(workspace)
    assert set(summaries) | failed == {*EN_DAYS, ID_DAY}  # each day written or named
    assert result.exit_code == (1 if failed else 0), result.stderr
    assert len(summaries) >= 2, report["failed"]  # a small model may fail a day, not all
    for front in summaries.values():
        assert isinstance(front["importance"], int) and 1 <= front["importance"] <= 10
    assert_grounded(workspace, summaries)
    assert cli("lint", "--config", config).exit_code == 0
    if ID_DAY in summaries:
        body = (workspace / "vault/memory/summaries" / f"{ID_DAY}.summary.md").read_text()
        assert "## Ringkasan Hari Ini" in body or "### Ringkasan Hari Ini" in body


def test_a_server_that_refuses_json_schema_with_500_is_asked_with_json_object(
    workspace: Path, cli, real_llm_servers: RealLLMServers
) -> None:
    config = real_workspace(workspace, real_llm_servers.url("json-object-only"), EN_DAYS)
    result = cli("sync", "--config", config, "--json")
    report = json.loads(result.stdout)
    said = [w for w in report["warnings"] if "refused response_format" in w["warning"]]
    assert [w["warning"] for w in said] == [
        "the endpoint refused response_format json_schema; asking with json_object"
    ]  # once a run
    assert len(written(workspace)) + len(report["failed"]) == len(EN_DAYS)
    assert written(workspace), report["failed"]
    assert cli("lint", "--config", config).exit_code == 0


def test_days_that_failed_are_filled_by_the_next_run(workspace: Path, cli, real_llm: str) -> None:
    config = real_workspace(workspace, "http://127.0.0.1:9/v1", EN_DAYS[:1])
    first = cli("sync", "--config", config, "--json")
    assert first.exit_code == 1
    assert [f["what"] for f in json.loads(first.stdout)["failed"]] == [EN_DAYS[0]]
    assert written(workspace) == {}
    data = json.loads(config.read_text())
    data["summarizer"]["base_url"] = real_llm
    config.write_text(json.dumps(data))
    again = cli("sync", "--config", config, "--json")
    assert again.exit_code == 0, again.stdout
    assert list(written(workspace)) == [EN_DAYS[0]]
    assert cli("lint", "--config", config).exit_code == 0
