"""How `vaultkit report` scales: the page's size, the command's time and the page's render time
in headless Chromium, on generated vaults of 1k to 100k days.

    python -m bench.report_scale [--days 1000 --days 10000 --days 100000] [--runs 5]
    python -m bench.report_scale --screenshot docs/report.png   # the README's picture

Each vault (`bench/out/report-N`, generated with summaries and reused) first gets sync's catalog
(a survey that writes it, as a sync leaves it), so the command reads no summary again. The
command runs as a process (`vaultkit report --json`), median of `--runs`. The page is then opened
`--runs` times in Debian's Chromium (`/usr/bin/chromium`, driven by Playwright, a fresh context
each time, 1280x900): the render time is the navigation's `loadEventEnd` (from navigation start,
the page parsed, laid out and its script run), and first contentful paint is given beside it;
both medians. The number of day cells is checked against the number of days.
"""

from __future__ import annotations

import argparse
import gzip
import json
import os
import sys
from pathlib import Path
from typing import Any

from bench.common import OUT, VAULTKIT, log, machine, median, run_cmd, table, timed, vault_for

CHROMIUM = os.environ.get("VAULTKIT_CHROMIUM", "/usr/bin/chromium")
ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
        "--disable-component-update", "--disable-sync", "--no-first-run"]  # fmt: skip
TIMING = """() => {
  const nav = performance.getEntriesByType("navigation")[0];
  const paint = performance.getEntriesByName("first-contentful-paint")[0];
  return {load: nav.loadEventEnd, dom: nav.domContentLoadedEventEnd,
          paint: paint ? paint.startTime : null,
          cells: document.querySelectorAll("#calendar td[data-date]").length};
}"""


def warm_catalog(ws: Path) -> float:
    """Survey the vault with a writable catalog, as sync does; returns the seconds it took."""
    from vaultkit.catalog.opener import open_catalog
    from vaultkit.config import load_config
    from vaultkit.sync.full_look import full_look

    config = load_config(ws / "memory_config.json")

    def build() -> None:
        catalog = open_catalog(config)
        try:
            full_look(config, catalog)
            catalog.save()
        finally:
            catalog.close()

    return timed(build)[0]


def render_times(page: Path, runs: int) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    samples = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        try:
            for _ in range(runs):
                context = browser.new_context(viewport={"width": 1280, "height": 900})
                tab = context.new_page()
                errors: list[str] = []
                tab.on("pageerror", lambda e, errors=errors: errors.append(str(e)))
                tab.goto(page.as_uri(), wait_until="load", timeout=300_000)
                samples.append({**tab.evaluate(TIMING), "errors": errors})
                context.close()
        finally:
            browser.close()
    return {
        "load_ms": median([s["load"] for s in samples]),
        "dom_ms": median([s["dom"] for s in samples]),
        "paint_ms": median([s["paint"] for s in samples if s["paint"] is not None]),
        "cells": samples[0]["cells"],
        "errors": sorted({e for s in samples for e in s["errors"]}),
        "samples": samples,
    }


def measure(days: int, runs: int) -> dict[str, Any]:
    ws = vault_for(f"report-{days}", days, with_summaries=True)
    catalog_s = warm_catalog(ws)
    page = ws / "report.html"
    config = str(ws / "memory_config.json")
    commands = [
        run_cmd([*VAULTKIT, "report", "--json", "--config", config, "--out", str(page)])
        for _ in range(runs)
    ]
    written = json.loads(commands[-1]["stdout"])
    data = page.read_bytes()
    browser = render_times(page, runs)
    row = {
        "days": days,
        "shown": written["days"],
        "bytes": len(data),
        "gzip_bytes": len(gzip.compress(data, 6, mtime=0)),
        "catalog_s": round(catalog_s, 2),
        "command_s": median([c["seconds"] for c in commands]),
        "command_peak_mb": median([c["peak_mb"] for c in commands if c["peak_mb"] is not None]),
        **{k: v for k, v in browser.items() if k != "samples"},
        "samples": browser["samples"],
    }
    log(f"{days} days: {row['bytes'] / 1e6:.1f} MB, load {row['load_ms']:.0f} ms")
    return row


def markdown(rows: list[dict[str, Any]]) -> str:
    headers = ["days", "page MB", "gzip MB", "report s", "peak MB", "first paint ms",
               "DOMContentLoaded ms", "load ms", "day cells"]  # fmt: skip
    body = [
        [r["days"], r["bytes"] / 1e6, r["gzip_bytes"] / 1e6, r["command_s"], r["command_peak_mb"],
         round(r["paint_ms"]), round(r["dom_ms"]), round(r["load_ms"]), r["cells"]]
        for r in rows
    ]  # fmt: skip
    return table(headers, body)


def screenshot(target: Path) -> None:
    """The README's picture: the example workspace's report down to its moods, 1280 pixels
    wide, light, with a day chosen (the page is written to a temp folder; the workspace is left as it is)."""
    import shutil
    import tempfile

    from playwright.sync_api import sync_playwright

    from bench.common import REPO

    with tempfile.TemporaryDirectory() as folder:
        ws = Path(folder) / "ws"
        ws.mkdir()
        shutil.copy(REPO / "memory_config.json", ws / "memory_config.json")
        shutil.copytree(REPO / "vault", ws / "vault", ignore=shutil.ignore_patterns(".vaultkit"))
        run_cmd([*VAULTKIT, "report", "--config", str(ws / "memory_config.json")])
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS)
            tab = browser.new_page(viewport={"width": 1280, "height": 1500}, color_scheme="light")
            tab.goto((ws / "report.html").as_uri(), wait_until="load")
            tab.locator("#calendar td[data-date='2026-07-06']").click()
            tab.mouse.move(0, 0)
            box = tab.locator("#mood").bounding_box()
            assert box is not None
            bottom = box["y"] + box["height"] + 24  # the header, the calendar and the moods
            tab.screenshot(path=str(target), clip={"x": 0, "y": 0, "width": 1280, "height": bottom})
            browser.close()
    log(f"wrote {target}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--days", type=int, action="append", help="vault size (repeatable)")
    parser.add_argument("--runs", type=int, default=5, help="runs per measurement (median)")
    parser.add_argument("--screenshot", type=Path, help="only write the README's picture here")
    args = parser.parse_args(argv)
    if not Path(CHROMIUM).exists():
        raise SystemExit(f"no Chromium at {CHROMIUM} (apt-get install chromium)")
    if args.screenshot:
        screenshot(args.screenshot)
        return 0
    OUT.mkdir(parents=True, exist_ok=True)
    sizes = args.days or [1000, 10000, 100000]
    load_before = os.getloadavg()
    rows = [measure(days, args.runs) for days in sizes]
    result = {
        "machine": machine(),
        "rows": rows,
        "loadavg_before_after": [load_before, os.getloadavg()],
    }
    suffix = "-".join(str(d) for d in sizes)
    (OUT / f"results-report-{suffix}.json").write_text(json.dumps(result, indent=1) + "\n")
    bad = [r["days"] for r in rows if r["cells"] != r["shown"] or r["errors"]]
    print(f"\n### report\n\n{markdown(rows)}\n", flush=True)
    if bad:
        print(f"day cells differ from days, or script errors, at: {bad}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
