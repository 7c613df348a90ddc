"""What `scrub_secrets` finds in real text: its matches per kind, to hunt false positives.

    python -m bench.secrets_scan                         # vault/ and tests/fixtures/data/
    python -m bench.secrets_scan PATH [PATH ...]         # folders or files
    python -m bench.secrets_scan PATH --show             # and each line that matched
    python -m bench.secrets_scan PATH --json             # the numbers as JSON

Under each folder it reads every .md, .json, .jsonl and .txt file (a file named on the command
line is read whatever its suffix), scrubs each file's whole text and counts the matches per kind,
each path in a column of its own. On notes and chats that hold no secret every count should be
zero: a match there is a rule to fix. `--show` prints each matching line, scrubbed line by line,
with its file and number (a private key's block shows as its BEGIN line).
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from vaultkit.text.secrets import scrub_secrets

REPO = Path(__file__).resolve().parent.parent
DEFAULT_PATHS = ("vault", "tests/fixtures/data")
SUFFIXES = (".md", ".json", ".jsonl", ".txt")
KINDS = (
    "private", "private-key", "anthropic", "openai", "stripe", "github", "slack", "google", "aws",
    "bearer", "jwt", "password",
)  # fmt: skip


def files(path: Path) -> Iterator[Path]:
    if path.is_file():
        yield path
        return
    for found in sorted(path.rglob("*")):
        if found.is_file() and found.suffix in SUFFIXES:
            yield found


def scan(path: Path, show: bool) -> dict[str, Any]:
    counts: Counter[str] = Counter()
    read = size = 0
    started = time.perf_counter()
    for file in files(path):
        text = file.read_text(encoding="utf-8", errors="replace")
        read, size = read + 1, size + len(text)
        counts.update(dict(scrub_secrets(text).found))
        if show:
            show_lines(file, text)
    seconds = time.perf_counter() - started
    found = {kind: counts[kind] for kind in KINDS}
    return {"path": str(path), "files": read, "chars": size, "seconds": seconds, "found": found}


def show_lines(file: Path, text: str) -> None:
    for number, line in enumerate(text.splitlines(), 1):
        scrubbed = scrub_secrets(line)
        if scrubbed.found:
            kinds = ",".join(kind for kind, _ in scrubbed.found)
            print(f"{file}:{number}: [{kinds}] {line.strip()[:200]}", file=sys.stderr)


def table(results: list[dict[str, Any]]) -> str:
    header = "| kind | " + " | ".join(r["path"] for r in results) + " |"
    rows = [header, "|---" * (len(results) + 1) + "|"]
    for kind in KINDS:
        rows.append(f"| {kind} | " + " | ".join(str(r["found"][kind]) for r in results) + " |")
    for label, key in (("files", "files"), ("MB", "chars"), ("seconds", "seconds")):
        cells = [_cell(key, r[key]) for r in results]
        rows.append(f"| *{label}* | " + " | ".join(cells) + " |")
    return "\n".join(rows)


def _cell(key: str, value: float) -> str:
    if key == "chars":
        return f"{value / 1e6:.2f}"
    return f"{value:.2f}" if key == "seconds" else str(value)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("paths", nargs="*", type=Path, help="folders or files to scan")
    parser.add_argument("--json", action="store_true", help="print the numbers as JSON")
    parser.add_argument("--show", action="store_true", help="print each matching line (stderr)")
    args = parser.parse_args(argv)
    paths = args.paths or [REPO / p for p in DEFAULT_PATHS]
    missing = [str(p) for p in paths if not p.exists()]
    if missing:
        parser.error(f"no such path: {', '.join(missing)}")
    results = [scan(path, args.show) for path in paths]
    if args.json:
        print(json.dumps(results, indent=2))
    else:
        print(table(results))


if __name__ == "__main__":
    main()
