"""The CLI documents itself, and the README's quick start works as written."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from tests.conftest import REPO, tree_hashes
from vaultkit import __version__
from vaultkit.cli import COMMAND_MODULES
from vaultkit.cli.application import app


def commands() -> list[str]:
    from typer.main import get_command

    group = get_command(app)
    return sorted(group.commands)  # type: ignore[attr-defined]


def test_every_command_is_listed_in_order_and_has_help(cli) -> None:
    assert sorted(COMMAND_MODULES) == commands()
    for name in commands():
        result = cli(name, "--help")
        assert result.exit_code == 0, name
        usage_and_help = result.stdout.split("Options")[0]
        assert len(usage_and_help.strip().splitlines()) >= 2, f"{name} has no help text"


def test_version(cli) -> None:
    result = cli("--version")
    assert result.stdout.strip() == f"vaultkit {__version__}"


def test_readme_names_every_command() -> None:
    readme = (REPO / "README.md").read_text()
    for name in commands():
        assert f"vaultkit {name}" in readme, name


def quick_start_commands() -> list[list[str]]:
    """The vaultkit calls of the README's first quick-start line."""
    readme = (REPO / "README.md").read_text()
    first = re.search(r"```sh\n(.*?)\n```", readme, re.S).group(1)
    calls = [c.strip() for c in first.split("&&") if "bin/vaultkit" in c]
    return [re.findall(r'"[^"]*"|\S+', c)[1:] for c in calls]


def test_quick_start_runs_on_the_example_vault_and_changes_nothing(
    workspace: Path, cli, monkeypatch
) -> None:
    monkeypatch.chdir(workspace)
    before = tree_hashes(workspace)
    calls = quick_start_commands()
    assert [c[0] for c in calls][:2] == ["sync", "lint"]
    for args in calls:
        result = cli(*(a.strip('"') for a in args))
        assert result.exit_code == 0, (args, result.stdout, result.stderr)
    assert tree_hashes(workspace) == before


@pytest.mark.parametrize("command", [["search", "redis outage"], ["lint"], ["reconcile"]])
def test_json_output_is_one_object(workspace: Path, cli, command: list[str]) -> None:
    flag = "--format" if command == ["lint"] else "--json"
    extra = ["json"] if flag == "--format" else []
    result = cli(*command, "--config", workspace / "memory_config.json", flag, *extra)
    assert result.exit_code == 0, result.stderr
    assert isinstance(json.loads(result.stdout), dict)
