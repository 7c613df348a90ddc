"""`search` on a terminal of 80 and 120 columns: the first bullet (the answer) gets the room.

The real command runs on a pseudo-terminal; what it drew is read back line by line. Empty columns
are not drawn, a date is never broken, and the bullet is shown whole (wrapped, never cut).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

from tests.fixtures.terminal import ESCAPE, on_terminal, piped

AS_OF = "2026-07-20"
QUERIES = ["k3s migration", "migrasi postgres"]  # English and Indonesian
ROW = re.compile(r"^[│ ]*(\d+)[│ ]+(\d{4}-\d\d-\d\d)[│ ]")
DETAILS = ("via", "newer", "projects", "mood")


@pytest.fixture
def synced(workspace: Path) -> Path:
    done = piped(["sync"], workspace)
    assert done.returncode == 0, done.stderr
    return workspace


def hits(workspace: Path, query: str) -> list[dict[str, Any]]:
    done = piped(["search", query, "--as-of", AS_OF, "--json"], workspace)
    assert done.returncode == 0, done.stderr
    results: list[dict[str, Any]] = json.loads(done.stdout)["results"]
    assert results
    return results


def drawn(workspace: Path, args: list[str], columns: int) -> list[str]:
    code, shown, _ = on_terminal(args, workspace, columns=columns)
    text = ESCAPE.sub("", shown)
    assert code == 0, text
    assert "Traceback" not in text, text
    return text.splitlines()


def header_of(lines: list[str]) -> str:
    return next(line for line in lines if "first bullet" in line)


def bullet_cells(lines: list[str]) -> dict[int, list[str]]:
    """Per rank, the lines of its first-bullet cell (the bullet, then any details under it)."""
    header = header_of(lines)
    start, rank = header.index("first bullet"), 0
    cells: dict[int, list[str]] = {}
    for line in lines[lines.index(header) + 1 :]:
        if not line.strip() or line.startswith("└"):
            break
        if match := ROW.match(line):
            rank = int(match[1])
        if rank:
            cells.setdefault(rank, []).append(line[start:].rstrip().rstrip("│").strip())
    return cells


def squeezed(text: str) -> str:
    return re.sub(r"\s", "", text)


@pytest.mark.parametrize("columns", [80, 120])
@pytest.mark.parametrize("query", QUERIES)
def test_the_first_bullet_gets_the_room(synced: Path, query: str, columns: int) -> None:
    expected = hits(synced, query)
    lines = drawn(synced, ["search", query, "--as-of", AS_OF], columns)
    assert all(len(line) <= columns for line in lines), "\n".join(lines)
    assert "…" not in "\n".join(lines)
    cells = bullet_cells(lines)
    assert sorted(cells) == list(range(1, len(expected) + 1)), "\n".join(lines)
    for rank, hit in enumerate(expected, 1):
        shown = squeezed("".join(cells[rank]))
        assert shown.startswith(squeezed(hit["bullets"][0])), "\n".join(lines)  # whole, wrapped
    widest = max(len(line) for cell in cells.values() for line in cell)
    assert widest >= max(30, columns * 3 // 8 - 5), "\n".join(lines)


@pytest.mark.parametrize("columns", [80, 120])
@pytest.mark.parametrize("query", QUERIES)
def test_each_date_is_whole_and_no_empty_column_is_drawn(
    synced: Path, query: str, columns: int
) -> None:
    expected = hits(synced, query)
    lines = drawn(synced, ["search", query, "--as-of", AS_OF], columns)
    rows = {int(m[1]): m[2] for line in lines if (m := ROW.match(line))}
    assert rows == {rank: hit["date"] for rank, hit in enumerate(expected, 1)}
    header = header_of(lines)
    for name in DETAILS:
        if not any(hit[name] for hit in expected):
            assert not re.search(rf"\b{name}\b", header), header
            assert f"{name}:" not in "\n".join(lines)


def test_a_column_empty_in_every_row_is_left_out_on_a_wide_terminal(workspace: Path) -> None:
    for summary in (workspace / "vault" / "memory" / "summaries").glob("*.summary.md"):
        text = summary.read_text()
        summary.write_text(re.sub(r"^projects: \[.*\]$", "projects: []", text, flags=re.M))
    lines = drawn(workspace, ["search", "k3s migration", "--as-of", AS_OF], 160)
    header = header_of(lines)
    assert "projects" not in "\n".join(lines)
    assert re.search(r"\bmood\b", header) and re.search(r"\bnewer\b", header), header
    pipe = piped(["search", "k3s migration", "--as-of", AS_OF], workspace)
    assert "projects" in pipe.stdout.splitlines()[1]  # a pipe keeps its columns as they were


def test_explain_at_80_columns_keeps_the_table_and_its_arithmetic(synced: Path) -> None:
    expected = hits(synced, "k3s migration")
    lines = drawn(synced, ["search", "k3s migration", "--as-of", AS_OF, "--explain"], 80)
    assert any(line.startswith("read: ") for line in lines)
    for rank, hit in enumerate(expected, 1):
        assert any(ROW.match(line) for line in lines if f" {hit['date']} " in line)
        assert any(line.startswith(f"{rank}. {hit['date']}: ") for line in lines)


def test_recall_at_80_columns_shows_the_whole_pack(synced: Path) -> None:
    args = ["recall", "migrasi postgres", "--as-of", AS_OF]
    shown = "\n".join(drawn(synced, args, 80))
    pack = piped(args, synced)
    assert pack.returncode == 0 and pack.stdout.strip()
    assert all(line in shown for line in pack.stdout.splitlines())
