"""A headless Chromium for the report's page tests: Debian's `chromium`, driven by Playwright
(whose wheel carries its driver; no browser is ever downloaded).

Without Chromium or Playwright the browser tests are skipped, saying why, unless
VAULTKIT_REQUIRE_CHROMIUM=1 (as `.ci/run` sets), where a skip would hide a failure.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

CHROMIUM = os.environ.get("VAULTKIT_CHROMIUM") or shutil.which("chromium") or "/usr/bin/chromium"
# Root needs --no-sandbox; the rest keep Chromium from calling home (and from waiting on a
# closed network) and from a GPU the machine may lack.
ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-default-apps",
    "--disable-extensions",
]


def _unavailable(reason: str) -> None:
    if os.environ.get("VAULTKIT_REQUIRE_CHROMIUM") == "1":
        pytest.fail(f"{reason}, and Chromium is required here (VAULTKIT_REQUIRE_CHROMIUM=1)")
    pytest.skip(reason)


@pytest.fixture(scope="session")
def chromium() -> Iterator[Any]:
    """A Playwright Browser on the system's Chromium (Playwright gives it a temporary profile,
    `--user-data-dir` in a temp folder, removed when it closes)."""
    if not Path(CHROMIUM).exists():
        _unavailable(f"no Chromium at {CHROMIUM} (Debian: apt-get install chromium)")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _unavailable('Playwright is not installed (pip install -e ".[dev]")')
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=ARGS, headless=True)
        try:
            yield browser
        finally:
            browser.close()


# What a screenshot holds, measured by the browser itself (a PNG decoded in Python would take
# seconds): its size, how many colours (each channel in steps of 8) and the share of pixels
# that differ from the most common one (the background).
_INK = """async (url) => {
  const image = new Image();
  image.src = url;
  await image.decode();
  const canvas = document.createElement("canvas");
  canvas.width = image.width;
  canvas.height = image.height;
  const context = canvas.getContext("2d");
  context.drawImage(image, 0, 0);
  const data = context.getImageData(0, 0, image.width, image.height).data;
  const counts = new Map();
  for (let i = 0; i < data.length; i += 4) {
    const key = (data[i] >> 3) << 10 | (data[i + 1] >> 3) << 5 | (data[i + 2] >> 3);
    counts.set(key, (counts.get(key) || 0) + 1);
  }
  const most = Math.max(...counts.values());
  const total = data.length / 4;
  return {width: image.width, height: image.height, colours: counts.size, inked: 1 - most / total};
}"""


@pytest.fixture(scope="session")
def ink(chromium: Any) -> Iterator[Any]:
    """`ink(png_bytes)`: {width, height, colours, inked} of a screenshot."""
    import base64

    page = chromium.new_page()

    def measure(png: bytes) -> dict[str, Any]:
        url = "data:image/png;base64," + base64.b64encode(png).decode("ascii")
        result: dict[str, Any] = page.evaluate(_INK, url)
        return result

    yield measure
    page.close()
