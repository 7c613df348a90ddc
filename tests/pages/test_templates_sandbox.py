"""A workspace's templates run in Jinja's immutable sandbox: one that reaches for Python's
internals, changes a value, or does not parse is a one-line config error naming its file and
line (exit 2) before anything is written; a reach that only some days take fails those days."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from tests.conftest import REPO, tree_hashes

ESCAPE = "{{ ''.__class__.__mro__[1].__subclasses__() | length }}"


@pytest.fixture
def templates(workspace: Path) -> Path:
    folder = workspace / "templates"
    shutil.copytree(REPO / "templates", folder)
    return folder


def _with_line(template: Path, after: str, line: str) -> int:
    """Put `line` after the template's line starting with `after`; returns its line number."""
    lines = template.read_text(encoding="utf-8").split("\n")
    at = next(i for i, text in enumerate(lines) if text.startswith(after)) + 1
    lines.insert(at, line)
    template.write_text("\n".join(lines), encoding="utf-8")
    return at + 1


def _one_error(result) -> str:
    assert result.exit_code == 2, result.stderr
    assert "Traceback" not in result.stderr + result.stdout
    errors = [line for line in result.stderr.splitlines() if line.startswith("error:")]
    assert len(errors) == 1, result.stderr
    return errors[0]


@pytest.mark.parametrize(
    ("name", "after", "line", "says"),
    [
        ("summary.md.j2", "### {{ heading }}", ESCAPE, "access to attribute '__class__'"),
        ("summary.md.j2", "{{ day_link }}", "{{ links.append('[[x]]') }}", "attribute 'append'"),
        ("memory_index.md.j2", "# Memory Index", "{{ cycler.__init__.__globals__ }}", "unsafe"),
        ("memory_index.md.j2", "# Memory Index", "{% if %}", "Expected an expression"),
        ("summary.md.j2", "date:", "{{ summary.date.isoformat( }}", "unexpected"),
    ],
)
def test_a_template_that_leaves_the_sandbox_or_does_not_parse_stops_sync(
    workspace: Path, templates: Path, cli, name: str, after: str, line: str, says: str
) -> None:
    config = workspace / "memory_config.json"
    number = _with_line(templates / name, after, line)
    before = tree_hashes(workspace)
    error = _one_error(cli("sync", "--config", config))
    assert error.startswith(f"error: {templates / name}:{number}: [template] template error: ")
    assert says in error
    assert tree_hashes(workspace) == before
    assert _one_error(cli("reconcile", "--config", config)) == error


def test_no_value_of_python_reaches_a_file(workspace: Path, templates: Path, cli) -> None:
    config = workspace / "memory_config.json"
    _with_line(templates / "summary.md.j2", "### {{ heading }}", "{{ heading.__class__ }}")
    assert _one_error(cli("report", "--config", config, "--out", "-"))
    summaries = workspace / "vault" / "memory" / "summaries"
    assert not summaries.exists() or not any("class" in p.read_text() for p in summaries.iterdir())


def test_a_reach_only_some_days_take_fails_there_and_shows_nothing(
    workspace: Path, templates: Path, cli
) -> None:
    config = workspace / "memory_config.json"
    reach = "{% if summary.importance >= 8 %}{{ heading.__class__.__mro__ }}{% endif %}"
    number = _with_line(templates / "summary.md.j2", "### {{ heading }}", reach)
    where = f"{templates / 'summary.md.j2'}:{number}: [template]"
    # The summaries on file are rendered again to see whether they are current: a config error.
    assert _one_error(cli("sync", "--config", config)).startswith(f"error: {where}")
    summaries = workspace / "vault" / "memory" / "summaries"
    shutil.rmtree(summaries)
    result = cli("sync", "--config", config)  # new summaries: the days that take it fail
    assert result.exit_code == 1 and "Traceback" not in result.stderr
    failed = [line for line in result.stderr.splitlines() if line.startswith("failed")]
    assert failed and all(where in line and "unsafe" in line for line in failed)
    written = list(summaries.glob("*.summary.md"))
    assert written and not any("class" in p.read_text(encoding="utf-8") for p in written)


def test_a_template_that_keeps_to_the_sandbox_renders_as_before(
    workspace: Path, templates: Path, cli
) -> None:
    config = workspace / "memory_config.json"
    _with_line(
        templates / "summary.md.j2",
        "### {{ heading }}",
        "{{ summary.people | map('upper') | join(', ') }} {{ '%s/%d' | format(heading, 10) }}",
    )
    assert cli("sync", "--config", config).exit_code == 0
    summary = (workspace / "vault" / "memory" / "summaries" / "2026-07-06.summary.md").read_text()
    assert "GADING" in summary and "Ringkasan Hari Ini/10" in summary
