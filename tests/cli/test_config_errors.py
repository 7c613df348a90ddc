"""Workspace mistakes a new user makes: one line naming the file and key, exit 2, nothing written."""

from __future__ import annotations

import json
from pathlib import Path

import pytest


def _write_config(workspace: Path, **changes: object) -> Path:
    path = workspace / "memory_config.json"
    data = json.loads(path.read_text())
    data.update(changes)
    path.write_text(json.dumps(data))
    return path


@pytest.mark.parametrize("command", [["search", "k3s"], ["recall", "k3s"], ["lint"], ["sync"]])
def test_a_vault_that_is_not_there_is_an_error(workspace: Path, cli, command: list[str]) -> None:
    config = _write_config(workspace, vault="vualt")  # a typo
    result = cli(*command, "--config", config)
    assert result.exit_code == 2
    assert "[vault-missing]" in result.stderr and "vualt" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1
    assert not (workspace / "vualt").exists()  # no index or cache made for it


@pytest.mark.parametrize("url", ["", "not a url", "ftp://host/v1", "http://127.0.0.1:99999/v1"])
def test_a_base_url_that_is_not_http_is_an_error(workspace: Path, cli, url: str) -> None:
    search = {"backend": "embeddings", "model": "m", "base_url": url}
    config = _write_config(workspace, search=search)
    result = cli("search", "k3s", "--config", config)
    assert result.exit_code == 2
    assert "search.base_url: expected an http(s) URL" in result.stderr
    assert len(result.stderr.strip().splitlines()) == 1


def test_a_long_error_stays_on_one_line_when_piped(tmp_path: Path, cli) -> None:
    missing = tmp_path / ("a-rather-long-folder-name-" * 4) / "memory_config.json"
    result = cli("search", "k3s", "--config", missing)
    assert result.exit_code == 2
    assert len(result.stderr.strip().splitlines()) == 1 and "[config-missing]" in result.stderr
