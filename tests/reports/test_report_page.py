"""The report in a real headless Chromium: no script errors, nothing fetched, one cell per day,
every section drawn (light and dark, 1280 and 390 pixels wide), nothing wider than the screen,
the keyboard, and a note's `<script>` shown, never run."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.reports.test_report import HOSTILE, generated, make_workspace, write_summary
from vaultkit.config import load_config
from vaultkit.reports.page.build import write_report

SECTIONS = ("header.top", "#calendar", "#mood", "#who", "#biggest", "#related", "#words")
CHECKS = """() => {
  const missing = [];
  for (const s of document.querySelectorAll("main > section")) {
    const id = s.getAttribute("aria-labelledby");
    if (!id || !document.getElementById(id)) missing.push("section " + s.id);
  }
  for (const e of document.querySelectorAll("[role=img]")) {
    if (!e.getAttribute("aria-label") && !e.getAttribute("aria-labelledby")) missing.push("img");
  }
  for (const c of document.querySelectorAll("td[data-date]")) {
    if (!c.title) missing.push("title " + c.dataset.date);
  }
  for (const a of document.querySelectorAll("a")) {
    if (!a.textContent.trim() && !a.getAttribute("aria-label") && !a.hidden) missing.push("link");
  }
  return {
    lang: document.documentElement.lang,
    cells: document.querySelectorAll("#calendar td[data-date]").length,
    wide: document.documentElement.scrollWidth,
    missing: missing,
  };
}"""


def open_page(
    chromium: Any, page: Path, width: int, scheme: str = "light"
) -> tuple[Any, Any, list[str]]:
    """A fresh context on the page; returns (context, tab, problems: script errors, console
    errors and warnings, and any request but the page itself)."""
    context = chromium.new_context(viewport={"width": width, "height": 900}, color_scheme=scheme)
    tab = context.new_page()
    problems: list[str] = []
    tab.on("pageerror", lambda e: problems.append(f"script error: {e}"))
    tab.on("console", lambda m: problems.append(f"console {m.type}: {m.text}")
           if m.type in ("error", "warning") else None)  # fmt: skip
    tab.on("request", lambda r: problems.append(f"request: {r.url}")
           if r.url != page.as_uri() else None)  # fmt: skip
    tab.goto(page.as_uri(), wait_until="load")
    return context, tab, problems


@pytest.fixture(scope="module")
def example_page(tmp_path_factory: pytest.TempPathFactory) -> Path:
    import shutil

    from tests.conftest import REPO

    root = tmp_path_factory.mktemp("example")
    shutil.copy(REPO / "memory_config.json", root / "memory_config.json")
    shutil.copytree(REPO / "vault", root / "vault", ignore=shutil.ignore_patterns(".vaultkit"))
    result = write_report(load_config(root / "memory_config.json"))
    assert result.path is not None and result.days == 18
    return result.path


@pytest.mark.parametrize("width", [1280, 390])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_every_section_is_drawn_without_errors(
    chromium: Any, ink: Any, example_page: Path, width: int, scheme: str, tmp_path: Path
) -> None:
    context, tab, problems = open_page(chromium, example_page, width, scheme)
    try:
        checks = tab.evaluate(CHECKS)
        assert checks["lang"] == "en" and checks["missing"] == []
        assert checks["cells"] == 18  # one per day of the example vault
        assert checks["wide"] <= width, "something is wider than the screen"
        for section in SECTIONS:
            shot = tab.locator(section).screenshot(path=tmp_path / f"{section[1:]}.png")
            seen = ink(shot)
            assert seen["width"] > 200 and seen["height"] > 60, section
            assert seen["colours"] >= 6 and seen["inked"] > 0.02, (section, seen)
        assert problems == []
    finally:
        context.close()


def test_the_keyboard_moves_between_days_and_the_panel_shows_the_links(
    chromium: Any, example_page: Path
) -> None:
    context, tab, problems = open_page(chromium, example_page, 1280)
    try:
        assert tab.locator("#day-panel").is_hidden()
        stop = tab.locator("#calendar td[tabindex='0']")
        assert stop.count() == 1 and stop.get_attribute("data-date") == "2026-07-20"

        def focused() -> str:
            return str(tab.evaluate("document.activeElement.dataset.date"))

        stop.focus()
        tab.keyboard.press("ArrowLeft")
        assert focused() == "2026-07-19"
        tab.keyboard.press("ArrowUp")
        assert focused() == "2026-07-10"  # the 12th has no note: the nearest day before it
        tab.keyboard.press("Home")
        assert focused() == "2026-07-01"
        tab.keyboard.press("ArrowLeft")  # nothing before the first day
        assert focused() == "2026-07-01"
        tab.keyboard.press("End")
        assert focused() == "2026-07-20"
        assert tab.locator("#calendar td[tabindex='0']").count() == 1  # one tab stop, moved
        tab.locator("#calendar td[data-date='2026-07-06']").click()
        assert tab.locator("#day-panel").is_visible()
        assert (
            tab.locator("#panel-head").inner_text() == "Mon 6 Jul 2026 · importance 10 · stressed"
        )
        assert tab.locator("#panel-obsidian").get_attribute("href") == (
            "obsidian://open?vault=vault&file=memory%2Fsummaries%2F2026-07-06.summary.md"
        )
        assert tab.locator("#panel-file").get_attribute("href") == (
            "vault/memory/summaries/2026-07-06.summary.md"
        )
        assert problems == []
    finally:
        context.close()


def test_folded_years_hold_their_cells_and_open_when_the_keyboard_reaches_them(
    chromium: Any, tmp_path: Path
) -> None:
    root = generated(tmp_path / "ws", 700)
    page = write_report(load_config(root / "memory_config.json")).path
    assert page is not None
    context, tab, problems = open_page(chromium, page, 1280)
    try:
        assert tab.evaluate(CHECKS)["cells"] == 700
        folded = tab.locator("#calendar details.year:not([open])")
        assert folded.count() == 2
        last_open = tab.locator("#calendar details.year[open]").last
        last_open.locator("td[data-date]").first.click()
        tab.keyboard.press("ArrowLeft")
        assert tab.evaluate("document.activeElement.closest('details').open") is True
        assert folded.count() == 1
        assert problems == []
    finally:
        context.close()


def test_a_notes_script_is_shown_and_never_run(chromium: Any, tmp_path: Path) -> None:
    root = make_workspace(tmp_path / "ws")
    people = json.dumps([HOSTILE, "Ana"])
    write_summary(root, "2026-01-02", people=people, projects=json.dumps([HOSTILE]), bullet=HOSTILE,
                  mood=json.dumps(HOSTILE), technologies=json.dumps([HOSTILE]), importance=9)  # fmt: skip
    write_summary(root, "2026-01-03", related="[2026-01-02]", people=people)
    page = write_report(load_config(root / "memory_config.json")).path
    assert page is not None
    context, tab, problems = open_page(chromium, page, 1280)
    dialogs: list[str] = []
    tab.on("dialog", lambda d: (dialogs.append(d.message), d.dismiss()))
    try:
        tab.locator("#calendar td[data-date='2026-01-02']").click()
        assert tab.evaluate("window.pwned") is None and dialogs == []
        assert "<script>window.pwned = 1</script>" in tab.locator("#panel-text").inner_text()
        assert "<script>window.pwned" in tab.locator("#who").inner_text()
        assert [p for p in problems if not p.startswith("request: ")] == []
        assert not any("/x" in p for p in problems)  # the <img src=x> is text, never loaded
    finally:
        context.close()
