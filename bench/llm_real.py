"""The LLM summarizer on a real small model against the offline summarizer: seconds per day,
tokens read and written, days written and failed, what the gate changed.

    python -m tools.llm_model fetch            # once: SmolLM2-135M and node-llama-cpp
    python -m bench.llm_real [--days 6] [--threads 1] [--json]

Both runs sync a copy of the example vault's first DAYS notes from nothing, through the real
command (`vaultkit sync --json`), one after the other on the same machine. The model runs
behind `tools/llm_server.mjs` (an OpenAI-compatible server of our own around node-llama-cpp),
which logs each completion's token counts; the offline run's time is the floor.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

from tools import llm_model

REPO = Path(__file__).resolve().parent.parent
READY = re.compile(r"^READY port=(\d+) ")
USAGE = re.compile(r"completion prompt_tokens=(\d+) completion_tokens=(\d+) finish=(\w+)")


class Server:
    """`node tools/llm_server.mjs` on a free port, its completions counted from its log."""

    def __init__(self, root: Path, threads: int) -> None:
        options = ["--port", "0", "--dir", str(root), "--threads", str(threads), "--watch-stdin"]
        self.process = subprocess.Popen(
            ["node", str(llm_model.SERVER), *options],
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            text=True,
        )
        self.port = 0
        self.completions: list[tuple[int, int, str]] = []
        self._ready = threading.Event()
        threading.Thread(target=self._read, daemon=True).start()
        if not self._ready.wait(60):
            raise SystemExit("the LLM server did not start in 60 s")

    def _read(self) -> None:
        assert self.process.stdout is not None
        for line in self.process.stdout:
            if found := READY.match(line):
                self.port = int(found.group(1))
                self._ready.set()
            elif used := USAGE.search(line):
                self.completions.append((int(used[1]), int(used[2]), used[3]))

    def stop(self) -> None:
        self.process.terminate()
        self.process.wait(10)


def workspace(root: Path, days: int, summarizer: dict[str, Any] | None) -> Path:
    """A copy of the example workspace with its first `days` notes and no summaries."""
    shutil.copytree(REPO / "vault", root / "vault")
    shutil.copy(REPO / "memory_config.json", root / "memory_config.json")
    memory = root / "vault" / "memory"
    shutil.rmtree(memory / "summaries", ignore_errors=True)
    notes = sorted(memory.glob("????-??-??.md"))
    kept = {n.stem for n in notes[:days]}
    for note in notes[days:]:
        note.unlink()
    for folder in (memory / "chats").glob("*"):
        if folder.name not in kept:
            shutil.rmtree(folder)
    if summarizer is not None:
        config = json.loads((root / "memory_config.json").read_text())
        config["summarizer"] = summarizer
        (root / "memory_config.json").write_text(json.dumps(config))
    return root / "memory_config.json"


def timed_sync(config: Path) -> tuple[float, dict[str, Any]]:
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "vaultkit", "sync", "--config", str(config), "--json"],
        capture_output=True,
        text=True,
        cwd=config.parent,
    )
    return time.perf_counter() - started, json.loads(done.stdout)


def measure(days: int, threads: int) -> dict[str, Any]:
    root = llm_model.cache_dir()
    if llm_model.missing(root):
        raise SystemExit("run `python -m tools.llm_model fetch` first")
    with tempfile.TemporaryDirectory() as scratch:
        base = Path(scratch)
        offline_s, offline = timed_sync(workspace(base / "offline", days, None))
        server = Server(root, threads)
        try:
            llm = {"backend": "openai", "base_url": f"http://127.0.0.1:{server.port}/v1",
                   "model": "SmolLM2-135M-Instruct", "timeout": 600, "retries": 0, "pause": 0}  # fmt: skip
            llm_s, report = timed_sync(workspace(base / "llm", days, llm))
        finally:
            server.stop()
    calls = server.completions
    return {
        "days": days,
        "threads": threads,
        "offline": {
            "seconds": round(offline_s, 2),
            "per_day": round(offline_s / days, 3),
            "failed": len(offline["failed"]),
        },
        "llm": {
            "seconds": round(llm_s, 1),
            "per_day": round(llm_s / days, 1),
            "calls": len(calls),
            "prompt_tokens": sum(c[0] for c in calls),
            "completion_tokens": sum(c[1] for c in calls),
            "cut_by_max_tokens": sum(c[2] == "length" for c in calls),
            "written": days - len(report["failed"]),
            "failed": [f["error"][:120] for f in report["failed"]],
            "gate_notes": sum(
                1
                for w in report["warnings"]
                if ":" in w["warning"] and "response_format" not in w["warning"]
            ),
        },
        "machine": {"cpus": os.cpu_count(), "load": os.getloadavg()[0]},
    }


def table(result: dict[str, Any]) -> str:
    off, llm = result["offline"], result["llm"]
    return "\n".join([
        "| summarizer | days | s/day | prompt tokens/day | written tokens/day | written | failed |",
        "|---|---|---|---|---|---|---|",
        f"| offline | {result['days']} | {off['per_day']} | - | - | {result['days'] - off['failed']} "
        f"| {off['failed']} |",
        f"| SmolLM2-135M, {result['threads']} thread(s) | {result['days']} | {llm['per_day']} "
        f"| {llm['prompt_tokens'] // max(1, llm['calls'])} "
        f"| {llm['completion_tokens'] // max(1, llm['calls'])} | {llm['written']} "
        f"| {len(llm['failed'])} |",
    ])  # fmt: skip


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--days", type=int, default=6)
    parser.add_argument("--threads", type=int, default=1)
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    result = measure(args.days, args.threads)
    print(json.dumps(result, indent=2) if args.json else table(result))


if __name__ == "__main__":
    main()
