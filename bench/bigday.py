"""How the offline summarizer's cost grows with the size of one day.

    python -m bench.bigday                         # 0.2, 1, 2 and 8 MB days
    python -m bench.bigday --mb 0.2 --mb 1 --runs 3
    python -m bench.bigday --write-note OUT.md --mb 2   # only write one generated day note

A day note of a given size is generated (seeded, so two runs write the same bytes) from the
words of `bench/data/bigday_words.yaml`: a work day as the first users write it, in English,
Indonesian and the mix of both, note lines and `Name: text` chat turns, headings, list items,
code spans and fenced code, tool names the vocabulary knows and ones it does not, people,
places, amounts and times. The repeated lines vary their names, tools and numbers, and a few
names and tools are new in every stretch of the day, as in a long pasted chat log: a day twice
as long names about twice as many things.

Per size, in process (the median of `--runs`, after one warm-up run at the smallest size): the
offline summarizer reading the whole day (`OfflineSummarizer(..., max_chars=sys.maxsize)`: how
its cost grows), and as sync runs it (reading at most `MAX_DAY_CHARS`); then one whole `vaultkit
sync` of a workspace (the example `memory_config.json` and templates) holding that one day,
timed around the subprocess with `time.perf_counter` (process start and search index included),
its peak memory from `/usr/bin/time -v` when present, and the warning it gives for the day.
Seconds per MB, and their ratio to the smallest day's, show how the cost grows: a ratio near 1
is linear. Results: a markdown table on stdout and `bench/out/results-bigday.json`.

Set PYTHONPATH to another checkout's folder to measure it (an older one reads every day whole).
"""

from __future__ import annotations

import argparse
import json
import os
import random
import re
import shutil
import statistics
import subprocess
import sys
import time
from datetime import date
from pathlib import Path
from typing import Any

import yaml

from vaultkit.config import load_config
from vaultkit.model import DayInput
from vaultkit.summarize.offline import OfflineSummarizer
from vaultkit.text.vocabulary import Vocabulary

BENCH = Path(__file__).resolve().parent
REPO = BENCH.parent
OUT = BENCH / "out"
DAY = date(2026, 7, 21)
MB = 1_000_000
SIZES = (0.2, 1.0, 2.0, 8.0)
TIME_V = "/usr/bin/time" if Path("/usr/bin/time").exists() else None
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}

WORDS_FILE = BENCH / "data" / "bigday_words.yaml"
_WORDS: dict[str, list[str]] = yaml.safe_load(WORDS_FILE.read_text(encoding="utf-8"))
PEOPLE = tuple(_WORDS["people"])
KNOWN = tuple(_WORDS["known"])  # the vocabulary's terms
TOOLS = tuple(_WORDS["tools"])  # ones it does not know
PROJECTS = tuple(_WORDS["projects"])
PLACES = tuple(_WORDS["places"])
COMMANDS = tuple(_WORDS["commands"])
SYLLABLES = tuple(_WORDS["syllables"])  # of a new name or tool
TEMPLATES = tuple(_WORDS["templates"])  # the day's lines, with slots `pools.fill` fills
HEADINGS = tuple(_WORDS["headings"])


def _word(rng: random.Random, parts: int) -> str:
    return "".join(rng.choice(SYLLABLES) for _ in range(parts))


class _Pools:
    """The names a day draws from: the usual ones, and a few new ones in every stretch."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng
        self.people = list(PEOPLE)
        self.tools = list(TOOLS)

    def fill(self, template: str) -> str:
        rng = self.rng
        if rng.random() < 0.04:
            self.people.append(_word(rng, 3).capitalize())
        if rng.random() < 0.04:
            self.tools.append(_word(rng, 2).capitalize() + rng.choice(("DB", "MQ", "ctl", "2")))
        values = {
            "p": rng.choice(self.people[:12] if rng.random() < 0.8 else self.people),
            "q": rng.choice(self.people),
            "t": rng.choice(self.tools),
            "t2": _word(rng, 2) + rng.choice(("-py", "js", "")),
            "k": rng.choice(KNOWN),
            "j": rng.choice(PROJECTS),
            "c": rng.choice(COMMANDS),
            "w": rng.choice(PLACES),
            "h": f"{rng.randrange(7, 24)}:{rng.randrange(60):02d}",
        }
        text = re.sub(r"\{n\}", lambda _: str(rng.randrange(2, 999)), template)
        return text.format(**values)


def day_note(size: int, seed: int = 7) -> str:
    """A daily note of `size` characters or a line fewer (ASCII, so bytes too), the same for a
    seed."""
    rng = random.Random(f"bigday:{seed}")
    pools = _Pools(rng)
    lines = [f"# {DAY.isoformat()}", ""]
    total = sum(len(x) + 1 for x in lines)
    while True:
        roll = rng.random()
        if roll < 0.03:
            line = "\n" + pools.fill(rng.choice(HEADINGS)) + "\n"
        elif roll < 0.035:
            line = "```\n" + rng.choice(COMMANDS) + f"\nexit code {rng.randrange(3)}\n```"
        else:
            line = pools.fill(rng.choice(TEMPLATES))
        if total + len(line) + 1 > size:
            return "\n".join(lines) + "\n"
        lines.append(line)
        total += len(line) + 1


def workspace(root: Path, note: str) -> Path:
    """A fresh workspace: the example config and templates, and one day note."""
    if root.exists():
        shutil.rmtree(root)
    memory = root / "vault" / "memory"
    memory.mkdir(parents=True)
    shutil.copy(REPO / "memory_config.json", root / "memory_config.json")
    shutil.copytree(REPO / "templates", root / "templates")
    (memory / f"{DAY.isoformat()}.md").write_text(note, "utf-8")
    return root


def summarizers(config: Any) -> tuple[OfflineSummarizer, OfflineSummarizer]:
    """The offline summarizer reading the whole day, and as sync runs it (within its bound)."""
    vocabulary = Vocabulary(config.vocabulary, config.people)
    try:
        whole = OfflineSummarizer(vocabulary, max_chars=sys.maxsize)
    except TypeError:  # a checkout from before the bound: it reads every day whole
        whole = OfflineSummarizer(vocabulary)
    return whole, OfflineSummarizer(vocabulary)


def time_summarizer(summarizer: OfflineSummarizer, note: str, runs: int) -> float:
    """The median seconds of `runs` summaries of a day holding `note`."""
    day = DayInput(DAY, note)
    seconds = []
    for _ in range(runs):
        start = time.perf_counter()
        summarizer.summarize(day)
        seconds.append(time.perf_counter() - start)
    return statistics.median(seconds)


def time_sync(root: Path) -> dict[str, Any]:
    """One `vaultkit sync --json` of a workspace: wall seconds, peak RSS, the day's warnings."""
    args = [sys.executable, "-m", "vaultkit", "sync", "--json", "--config", str(root)]
    full = [TIME_V, "-v", *args] if TIME_V else args
    start = time.perf_counter()
    # Run from the workspace: `-m` puts the working folder first on the path, so from a checkout
    # it would import that checkout's vaultkit whatever PYTHONPATH says.
    done = subprocess.run(full, capture_output=True, text=True, env=ENV, cwd=root)
    seconds = time.perf_counter() - start
    if done.returncode not in (0, 1):
        raise SystemExit(f"sync failed in {root}:\n{done.stderr[-2000:]}")
    peak = re.search(r"Maximum resident set size \(kbytes\): (\d+)", done.stderr)
    report = json.loads(done.stdout)
    return {
        "seconds": seconds,
        "peak_mb": int(peak.group(1)) / 1024 if peak else None,
        "warnings": [w["warning"] for w in report.get("warnings", [])],
    }


def table(rows: list[dict[str, Any]]) -> str:
    """The markdown table: seconds, seconds per MB and their ratio to the smallest day's."""
    head = ["day", "summarizer, whole day (s)", "s / MB", "x smallest", "summarizer as sync "
            "runs it (s)", "sync (s)", "s / MB", "x smallest", "sync peak RSS (MB)", "sync says"]  # fmt: skip
    out = ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    first = rows[0]
    for r in rows:
        whole, synced = r["whole_s"] / r["mb"], r["sync_s"] / r["mb"]
        cells = [f"{r['mb']:g} MB", f"{r['whole_s']:.2f}", f"{whole:.2f}",
                 f"{whole / (first['whole_s'] / first['mb']):.2f}", f"{r['bounded_s']:.2f}",
                 f"{r['sync_s']:.2f}", f"{synced:.2f}",
                 f"{synced / (first['sync_s'] / first['mb']):.2f}",
                 f"{r['peak_mb']:.0f}" if r["peak_mb"] else "-", r["says"] or "-"]  # fmt: skip
        out.append("| " + " | ".join(cells) + " |")
    return "\n".join(out)


def measure(mb: float, args: argparse.Namespace, config: Any) -> dict[str, Any]:
    note = day_note(int(mb * MB), args.seed)
    whole, bounded = summarizers(config)
    row: dict[str, Any] = {"mb": mb, "chars": len(note)}
    row["whole_s"] = time_summarizer(whole, note, args.runs)
    row["bounded_s"] = time_summarizer(bounded, note, args.runs)
    log(f"{mb:g} MB: summarizer {row['whole_s']:.2f} s whole, {row['bounded_s']:.2f} s bounded")
    row.update(sync_s=float("nan"), peak_mb=None, says=None)
    if not args.no_sync:
        synced = time_sync(workspace(OUT / f"bigday-{mb:g}", note))
        row.update(sync_s=synced["seconds"], peak_mb=synced["peak_mb"])
        row["says"] = "; ".join(synced["warnings"]) or None
        log(f"{mb:g} MB: sync {synced['seconds']:.2f} s")
    return row


def log(message: str) -> None:
    print(f"[bench] {message}", file=sys.stderr, flush=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--mb", type=float, action="append", help="a day's size in MB (repeat)")
    parser.add_argument("--runs", type=int, default=3, help="in-process runs per size (median)")
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--no-sync", action="store_true", help="only the in-process summarizer")
    parser.add_argument("--write-note", type=Path, help="write the day note of --mb and stop")
    args = parser.parse_args(argv)
    sizes = sorted(args.mb or SIZES)
    if args.write_note:
        args.write_note.write_text(day_note(int(sizes[0] * MB), args.seed), "utf-8")
        return 0
    config = load_config(REPO / "memory_config.json")
    time_summarizer(summarizers(config)[0], day_note(int(sizes[0] * MB), args.seed), 1)  # warm
    rows = [measure(mb, args, config) for mb in sizes]
    OUT.mkdir(exist_ok=True)
    (OUT / "results-bigday.json").write_text(json.dumps(rows, indent=1) + "\n")
    print(table(rows))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
