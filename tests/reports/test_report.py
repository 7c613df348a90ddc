"""`vaultkit report`'s page, read as HTML: one cell per day, links, windows, escaping, the same
bytes each time, and where it may be written. The browser's view is test_report_page.py's."""

from __future__ import annotations

import json
import re
from datetime import date, timedelta
from html.parser import HTMLParser
from pathlib import Path

import pytest

from tests.conftest import tree_hashes
from vaultkit.config import load_config
from vaultkit.errors import UnsafeWriteError, UsageError
from vaultkit.reports.page.build import render_report, write_report
from vaultkit.reports.page.charts import time_axis
from vaultkit.reports.page.days import first_bullet

HOSTILE = '<script>window.pwned = 1</script><img src=x onerror="window.pwned = 2">'


def write_summary(
    root: Path,
    day: str,
    *,
    people: str = "[]",
    projects: str = "[]",
    importance: int = 5,
    mood: str = "calm",
    related: str = "[]",
    bullet: str = "",
    technologies: str = "[]",
) -> None:
    summaries = root / "vault" / "memory" / "summaries"
    summaries.mkdir(parents=True, exist_ok=True)
    (summaries / f"{day}.summary.md").write_text(
        f"---\nschema_version: 1\ndate: {day}\npeople: {people}\nprojects: {projects}\n"
        f"tags: []\nimportance: {importance}\nmood: {mood}\nrelated_dates: {related}\n"
        f"uncategorized:\n  technologies: {technologies}\n  libraries: []\n  projects: []\n---\n"
        f"### Ringkasan Hari Ini\n- {bullet or f'Something happened on {day}.'}\n- A second line.\n",
        encoding="utf-8",
    )


def make_workspace(root: Path) -> Path:
    (root / "vault" / "memory").mkdir(parents=True)
    (root / "memory_config.json").write_text('{"schema_version": 1}', encoding="utf-8")
    return root


def generated(root: Path, days: int, start: date = date(2024, 11, 1)) -> Path:
    """A workspace of `days` summaries, one day in seven skipped, importance and moods cycling."""
    make_workspace(root)
    moods = ("calm", "stressed", "happy", "tired", "focused")
    written = 0
    day = start
    while written < days:
        if day.toordinal() % 7:
            iso = day.isoformat()
            previous = (day - timedelta(days=3)).isoformat()
            write_summary(
                root,
                iso,
                people="[Ana, Bo]" if written % 3 else "[Cy]",
                projects="[Alpha]" if written % 2 else "[Beta]",
                importance=1 + written * 7 % 10,
                mood=moods[written % len(moods)],
                related=f"[{previous}]" if written % 4 == 0 and written > 4 else "[]",
                bullet=f"Day {written} of the plan.",
            )
            written += 1
        day += timedelta(days=1)
    return root


class Cells(HTMLParser):
    """The calendar's day cells (their attributes) and every link of the page."""

    def __init__(self) -> None:
        super().__init__()
        self.cells: list[dict[str, str | None]] = []
        self.links: list[str] = []
        self.scripts: list[str] = []
        self._script = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        found = dict(attrs)
        if tag == "td" and "data-date" in found:
            self.cells.append(found)
        if tag == "a" and found.get("href"):
            self.links.append(str(found["href"]))
        self._script = tag == "script"

    def handle_data(self, data: str) -> None:
        if self._script:
            self.scripts.append(data)
            self._script = False


def parse(html: bytes) -> Cells:
    cells = Cells()
    cells.feed(html.decode("utf-8"))
    return cells


def test_the_example_vault_has_one_cell_per_day_with_its_importance_and_first_bullet(
    workspace: Path,
) -> None:
    config = load_config(workspace / "memory_config.json")
    page = render_report(config, page_dir=workspace)
    cells = parse(page.html).cells
    notes = sorted(p.stem for p in (workspace / "vault" / "memory").glob("????-??-??.md"))
    assert [c["data-date"] for c in cells] == notes and page.days == len(notes) == 18
    july6 = next(c for c in cells if c["data-date"] == "2026-07-06")
    assert july6["class"] == "i10"
    assert str(july6["title"]).startswith("Mon 6 Jul 2026 · importance 10 · stressed\n")
    summary = (workspace / "vault" / "memory" / "summaries" / "2026-07-06.summary.md").read_text()
    bullet = re.search(r"^- (.*)$", summary, re.M)
    assert bullet and str(july6["title"]).split("\n", 1)[1] == first_bullet([bullet.group(1)])
    text = page.html.decode()
    for heading in ("Days", "Mood over time", "People and projects", "The biggest days",
                    "Related days", "New terms"):  # fmt: skip
        assert f">{heading}</h2>" in text


def test_days_link_to_obsidian_and_to_the_file(workspace: Path) -> None:
    config = load_config(workspace / "memory_config.json")
    page = render_report(config, page_dir=workspace)
    links = parse(page.html).links
    obsidian = "obsidian://open?vault=vault&file=memory%2Fsummaries%2F2026-07-13.summary.md"
    assert obsidian in links
    assert "vault/memory/summaries/2026-07-13.summary.md" in links  # relative to the page
    assert "obsidian://open?vault=vault" in links  # the vault itself
    config_json = json.loads(parse(page.html).scripts[-2])
    assert config_json == {"vault": "vault", "base": "vault/", "summaries": "memory/summaries/"}
    printed = render_report(config)  # for stdout: absolute file URLs
    base = json.loads(parse(printed.html).scripts[-2])["base"]
    assert base == (workspace / "vault").resolve().as_uri() + "/"


def test_the_page_needs_no_network(workspace: Path) -> None:
    html = render_report(load_config(workspace / "memory_config.json")).html.decode()
    assert not re.search(r"""(src|href)=["']?(https?:)?//""", html)
    assert "@import" not in html and "url(" not in html
    assert "<link" not in html


def test_the_same_vault_gives_the_same_bytes(workspace: Path) -> None:
    config = load_config(workspace / "memory_config.json")
    first = render_report(config, page_dir=workspace).html
    assert render_report(config, page_dir=workspace).html == first
    out = workspace / "report.html"
    written = write_report(config)
    assert written.path == out and written.changed and out.read_bytes() == first
    assert written.bytes == len(first) and written.days == 18 and written.summaries == 18
    again = write_report(config)
    assert not again.changed and out.read_bytes() == first


def test_since_and_until_narrow_the_days(workspace: Path) -> None:
    config = load_config(workspace / "memory_config.json")
    page = render_report(config, since=date(2026, 7, 5), until=date(2026, 7, 10))
    dates = [c["data-date"] for c in parse(page.html).cells]
    assert dates == [f"2026-07-{d:02d}" for d in range(5, 11)]
    assert (page.first, page.last) == (date(2026, 7, 5), date(2026, 7, 10))
    with pytest.raises(UsageError, match="is after until"):
        render_report(config, since=date(2026, 7, 10), until=date(2026, 7, 5))
    empty = render_report(config, since=date(2030, 1, 1))
    assert empty.days == 0 and b"No days to show in this window" in empty.html


def test_names_and_bullets_are_escaped(tmp_path: Path) -> None:
    root = make_workspace(tmp_path / "ws")
    people = json.dumps([HOSTILE, "Ana"])
    write_summary(root, "2026-01-02", people=people, projects=json.dumps([HOSTILE]), bullet=HOSTILE,
                  mood=json.dumps(HOSTILE), technologies=json.dumps([HOSTILE]), importance=9)  # fmt: skip
    write_summary(root, "2026-01-03", related="[2026-01-02]", people=people)
    html = render_report(load_config(root / "memory_config.json")).html.decode()
    assert "<script>window" not in html and "<img" not in html
    assert "&lt;script&gt;window.pwned = 1&lt;/script&gt;" in html
    assert html.count("<script") == 2  # the page's own: its config and its script


def test_a_day_without_a_summary_links_its_note_and_an_archived_one_its_file(
    tmp_path: Path,
) -> None:
    root = make_workspace(tmp_path / "ws")
    (root / "vault" / "memory" / "2026-01-05.md").write_text("# a note\n", encoding="utf-8")
    (root / "archive" / "2026" / "01").mkdir(parents=True)
    (root / "archive" / "2026" / "01" / "2026-01-04.md").write_text("# old\n", encoding="utf-8")
    write_summary(root, "2026-01-06", importance=7)
    page = render_report(load_config(root / "memory_config.json"), page_dir=root)
    cells = {c["data-date"]: c for c in parse(page.html).cells}
    assert set(cells) == {"2026-01-04", "2026-01-05", "2026-01-06"}
    assert (
        cells["2026-01-05"]["class"] == "i0"
        and cells["2026-01-05"]["data-n"] == "memory/2026-01-05.md"
    )
    assert cells["2026-01-04"]["data-n"] == "../archive/2026/01/2026-01-04.md"
    assert "data-n" not in cells["2026-01-06"] and cells["2026-01-06"]["class"] == "i7"
    assert "no summary yet" in str(cells["2026-01-05"]["title"])


def test_an_empty_vault_still_gets_a_page(tmp_path: Path) -> None:
    root = make_workspace(tmp_path / "ws")
    page = render_report(load_config(root / "memory_config.json"))
    assert page.days == 0 and b"No days to show" in page.html


def test_the_page_is_not_written_into_the_vault(workspace: Path) -> None:
    config = load_config(workspace / "memory_config.json")
    (workspace / "elsewhere.html").symlink_to(workspace / "vault" / "memory" / "2026-07-01.md")
    before = tree_hashes(workspace)
    for inside in (workspace / "vault" / "report.html", workspace / "vault" / "memory" / "r.html"):
        with pytest.raises(UsageError, match="inside the vault"):
            write_report(config, inside)
    with pytest.raises(UsageError, match="is a folder"):
        write_report(config, workspace)
    with pytest.raises(UnsafeWriteError):
        write_report(config, workspace / "elsewhere.html")
    assert tree_hashes(workspace) == before


def test_years_fold_and_time_is_cut_to_fit(tmp_path: Path) -> None:
    root = generated(tmp_path / "ws", 700)
    page = render_report(load_config(root / "memory_config.json"))
    html = page.html.decode()
    assert len(parse(page.html).cells) == page.days == 700
    years = re.findall(r'<details class="year"( open)?>\s*<summary><span class="y">(\d{4})', html)
    calendar = years[: len({y for _, y in years})]
    # the newest months are open (a year and a bit), older years folded
    assert calendar == [(" open", "2027"), (" open", "2026"), ("", "2025"), ("", "2024")]
    assert time_axis(date(2024, 1, 1), date(2024, 1, 20), 48).unit == "day"
    assert time_axis(date(2024, 1, 1), date(2024, 6, 1), 48).unit == "week"
    assert time_axis(date(2024, 1, 1), date(2026, 6, 1), 48).unit == "month"
    assert time_axis(date(1990, 1, 1), date(2026, 6, 1), 48).unit == "year"
    many = time_axis(date(1747, 3, 4), date(2026, 7, 31), 48)
    assert many.unit == "10-year period" and len(many.buckets) <= 48
    assert (
        many.index(date(2026, 7, 31)) == len(many.buckets) - 1 and many.index(date(1747, 3, 4)) == 0
    )


def test_the_first_and_the_last_day_the_vault_keeps_are_drawn(tmp_path: Path) -> None:
    root = make_workspace(tmp_path / "ws")
    for day in ("1900-01-01", "2026-07-01", "9998-12-31"):
        write_summary(root, day, related="[1900-01-01]" if day != "1900-01-01" else "[]")
    page = render_report(load_config(root / "memory_config.json"))
    assert (page.first, page.last, page.days) == (date(1900, 1, 1), date(9998, 12, 31), 3)
    assert len(parse(page.html).cells) == 3
    for most in (1, 24, 48, 400):
        axis = time_axis(date(1900, 1, 1), date(9998, 12, 31), most)
        assert axis.buckets[-1].end == date(9999, 12, 31)
        assert axis.index(date(9998, 12, 31)) == len(axis.buckets) - 1
        assert axis.index(date(1900, 1, 1)) == 0
