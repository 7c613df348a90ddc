"""The real `vaultkit` command on a pseudo-terminal and in pipes: what a person and a script see.

A pty is what a terminal gives a program: `isatty()` is true and it has a window size. Each test
runs `python -m vaultkit` as a subprocess, so nothing of the CLI is bypassed.
"""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path

import pytest

from tests.fixtures.terminal import ESCAPE, HIDE_CURSOR, SHOW_CURSOR, on_terminal, piped


@pytest.fixture
def paced(workspace: Path) -> Path:
    """The example workspace without summaries, paced so the progress bar has time to draw."""
    shutil.rmtree(workspace / "vault" / "memory" / "summaries")
    config = workspace / "memory_config.json"
    data = json.loads(config.read_text())
    data["summarizer"]["pause"] = 0.15
    config.write_text(json.dumps(data))
    return workspace


def test_sync_on_a_terminal_draws_a_progress_bar_and_restores_the_cursor(paced: Path) -> None:
    code, shown, _ = on_terminal(["sync"], paced)
    assert code == 0, shown
    assert "Traceback" not in shown and "context manager" not in shown
    assert "summarizing" in shown and HIDE_CURSOR in shown
    assert shown.rindex(SHOW_CURSOR) > shown.rindex(HIDE_CURSOR)
    assert len(list((paced / "vault" / "memory" / "summaries").glob("*.summary.md"))) == 18
    assert "created" in ESCAPE.sub("", shown)  # the table of changes, drawn for a person


def test_reconcile_fill_and_backfill_on_a_terminal(paced: Path) -> None:
    code, shown, _ = on_terminal(["reconcile", "--fill"], paced)
    assert code == 0, shown
    assert "summarizing" in shown
    old = paced / "old" / "2025" / "12"
    old.mkdir(parents=True)
    for day in ("2025-12-30", "2025-12-31"):
        (old / f"{day}.md").write_text(f"# {day}\n\n- Planned the Blog with Rina.\n")
    code, shown, _ = on_terminal(["backfill", "old", "--pause", "0.3"], paced)
    assert code == 0, shown
    assert "summarizing" in shown and shown.rindex(SHOW_CURSOR) > shown.rindex(HIDE_CURSOR)


def test_with_stdout_in_a_pipe_the_bar_stays_on_the_terminal(paced: Path) -> None:
    code, shown, out = on_terminal(["sync", "--json"], paced, stdout_to_pipe=True)
    assert code == 0, shown
    assert "summarizing" in shown  # stderr is still a terminal: a person is watching
    assert "\x1b" not in out and "summarizing" not in out
    assert json.loads(out)["ok"] is True


def test_in_pipes_nothing_of_the_bar_is_written(paced: Path) -> None:
    done = piped(["sync"], paced)
    assert done.returncode == 0, done.stderr
    assert "\x1b" not in done.stdout + done.stderr
    assert "summarizing" not in done.stdout + done.stderr


def test_archive_shows_a_progress_bar(workspace: Path) -> None:
    (workspace / "archive").mkdir()
    code, shown, _ = on_terminal(
        ["archive", "--older-than", "0", "--as-of", "2026-08-01"], workspace
    )
    assert code == 0, shown
    assert "archiving" in shown and shown.rindex(SHOW_CURSOR) > shown.rindex(HIDE_CURSOR)


def test_piped_tables_are_full_width_and_never_cut(paced: Path) -> None:
    done = piped(["sync"], paced)
    lines = done.stdout.splitlines()
    assert lines[0] == "changed"
    assert lines[1].split() == ["file", "action", "why"]
    assert "memory/summaries/2026-07-06.summary.md  created  no summary" in done.stdout
    assert "…" not in done.stdout and "┃" not in done.stdout
    search = piped(["search", "redis connection pool", "--as-of", "2026-07-20"], paced)
    assert "…" not in search.stdout
    first_bullets = [line for line in search.stdout.splitlines()[2:] if line.strip()]
    assert max(len(line) for line in first_bullets) > 80  # the whole first bullet, unwrapped


def test_lint_problems_are_one_line_each_in_a_pipe(workspace: Path) -> None:
    summary = workspace / "vault" / "memory" / "summaries" / "2026-07-06.summary.md"
    long_name = "A project name long enough to wrap any eighty column table " * 2
    summary.write_text(
        summary.read_text().replace("projects: [Payments API, Homelab]", f"projects: [{long_name}]")
    )
    done = piped(["lint"], workspace)
    assert done.returncode == 1
    problems = [line for line in done.stdout.splitlines() if "2026-07-06.summary.md" in line]
    assert problems and all(": error " in line or ": warning " in line for line in problems)
    unknown = next(line for line in problems if "unknown-term" in line)
    assert long_name.strip() in unknown  # the message whole, on its line


def test_eval_numbers_are_whole_in_a_pipe(workspace: Path) -> None:
    queries = workspace / "q.jsonl"
    line = {"query": "redis outage", "gold_dates": ["2026-07-06"], "category": "incident"}
    queries.write_text(json.dumps(line) + "\n")
    done = piped(["eval", str(queries), "--as-of", "2026-07-20", "--sweep"], workspace)
    assert done.returncode == 0, done.stderr
    assert "…" not in done.stdout
    assert re.search(r"\ball\s+1\s+1\.000\s", done.stdout)
    assert "* this config" in done.stdout and "-0" not in done.stdout


def test_a_usage_error_on_a_terminal_is_one_line(workspace: Path) -> None:
    code, shown, _ = on_terminal(["search", "x", "--top-k", "abc"], workspace)
    assert code == 2
    text = ESCAPE.sub("", shown).strip()
    assert len(text.splitlines()) == 1 and "'abc' is not a valid int" in text


def test_the_sweep_shows_this_config_even_when_it_ranks_low(workspace: Path) -> None:
    config = workspace / "memory_config.json"
    data = json.loads(config.read_text())
    data["scoring"]["weights"] = {"semantic": 0.0, "importance": 0.0, "recency": 1.0}
    config.write_text(json.dumps(data))
    queries = workspace / "q.jsonl"
    rows = [
        {"query": "redis connection pool outage", "gold_dates": ["2026-07-06"]},
        {"query": "k3s cluster migration", "gold_dates": ["2026-07-03"]},
        {"query": "tailscale", "gold_dates": ["2026-07-01"]},
    ]
    queries.write_text("".join(json.dumps(r) + "\n" for r in rows))
    done = piped(["eval", str(queries), "--as-of", "2026-07-20", "--sweep"], workspace)
    assert done.returncode == 0, done.stderr
    sweep = done.stdout.split("sweep:")[1].splitlines()[2:]
    mine = [line for line in sweep if line.endswith("* this config")]
    assert len(mine) == 1 and int(mine[0].split()[0]) > 15  # its rank, below the best 15
    assert len(sweep) == 16


def test_explain_and_vocab_on_a_terminal_and_in_a_pipe(workspace: Path) -> None:
    code, shown, _ = on_terminal(["explain", "2026-07-06"], workspace)
    assert code == 0
    assert "importance 10" in shown and "an incident (37 minutes)" in ESCAPE.sub("", shown)
    done = piped(["explain", "2026-07-06"], workspace)
    assert done.returncode == 0 and "\x1b[" not in done.stdout
    evidence = next(line for line in done.stdout.splitlines() if line.startswith("an incident"))
    assert len(evidence) > 80 and "…" not in evidence  # the evidence whole, unwrapped
    code, shown, _ = on_terminal(["vocab"], workspace)
    assert code == 0 and "terms outside the vocabulary" in shown
    table = piped(["vocab"], workspace)
    assert table.returncode == 0
    assert table.stdout.splitlines()[1].split()[:3] == ["term", "kind", "days"]
    assert '"technologies": [' in table.stdout and "to adopt them" in table.stderr


@pytest.mark.parametrize("columns", [80, 120])
def test_a_search_table_on_a_terminal_keeps_its_data_columns(workspace: Path, columns: int) -> None:
    """Previews are cut with an ellipsis to fit; the dates and scores never are (rich squeezed
    every column without a ratio to nothing in a table that was not expanded)."""
    query = ["search", "apa yang dibahas soal K3s minggu lalu?", "--as-of", "2026-07-20", "-k", "3"]
    code, shown, _ = on_terminal([*query, "--explain"], workspace, columns=columns)
    text = ESCAPE.sub("", shown)
    assert code == 0
    # Box lines, or (where the row is too wide for them) none: either way the cells are whole.
    assert re.search(r"(│\s+)?1\s+(│\s+)?2026-07-19\s+(│\s+)?0\.\d{3}\s", text), text
    assert "window 'minggu lalu' (2026-07-13 .. 2026-07-19)" in text


def test_a_search_table_with_every_column_keeps_its_cells_whole_at_80(workspace: Path) -> None:
    """With `via` and `newer` too, the details move under the first bullet at 80 columns: a
    date or a mood is never broken over two lines, nor cut."""
    query = ["search", "postgres upgrade", "--as-of", "2026-07-14", "-k", "4"]
    code, shown, _ = on_terminal(query, workspace, columns=80)
    text = ESCAPE.sub("", shown)
    assert code == 0
    rows = [line for line in text.splitlines() if re.match(r"[│\s]*\d[│\s]+2026-", line)]
    assert len(rows) == 4, text
    assert re.search(r"1[│\s]+2026-07-13[│\s]+0\.\d{3}\s", text), text
    assert re.search(r"via:\s2026-07-03\b", text) and re.search(r"newer:\s2026-07-13\b", text)
    assert "frustrated" in text and "…" not in text
    assert all(len(line) <= 80 for line in text.splitlines())
