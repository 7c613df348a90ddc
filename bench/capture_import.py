"""`vaultkit import chatgpt` on generated exports of growing size: seconds and peak memory.

    python -m bench.capture_import                       # 1,000 and 16,000 conversations
    python -m bench.capture_import --sizes 500,4000 --json

Each size writes a ChatGPT-shaped `conversations.json` (every conversation ten turns of mixed
Indonesian and English, an edited message's dead branch, a system node), zips it as the
download comes, copies the example workspace, and runs the real command in a child process
timed with Python's clock; peak memory is the child's maximum resident set
(`resource.getrusage(RUSAGE_CHILDREN)`, a fresh process per size). Then it imports again to
time the run that writes nothing. The export must stream: peak memory should not grow with
the export's size.
"""

from __future__ import annotations

import argparse
import json
import resource
import shutil
import subprocess
import sys
import tempfile
import time
import zipfile
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parent.parent
LINES = (
    "Gw mau deploy payment gateway hari Jumat, aman ga kalau traffic lagi tinggi?",
    "Aman kalau ada rollback plan, feature flag, dan on-call yang standby sampai malam.",
    "Oke, terus migrasi Postgres 16 sebaiknya sebelum atau sesudah deploy itu?",
    "Sesudah. Jangan gabung dua perubahan besar di satu window; pisahkan minimal sehari.",
    "Can you draft the announcement for the team channel in English?",
)


def conversation(n: int, start: float) -> dict[str, Any]:
    mapping: dict[str, Any] = {"root": {"id": "root", "parent": None, "children": ["s"]}}
    mapping["s"] = _node("s", "root", "system", "You are ChatGPT.", start)
    mapping["s"]["children"].append("dead")
    mapping["dead"] = _node("dead", "s", "user", "versi lama", start)
    parent = "s"
    for t in range(10):
        name = f"m{t}"
        role = "user" if t % 2 == 0 else "assistant"
        mapping[name] = _node(name, parent, role, f"{LINES[(n + t) % 5]} ({n}.{t})", start + t)
        mapping[parent]["children"].append(name)
        parent = name
    return {
        "id": f"conv-{n:07d}",
        "title": f"Conversation {n}",
        "create_time": start,
        "current_node": parent,
        "mapping": mapping,
    }


def _node(name: str, parent: str, role: str, text: str, at: float) -> dict[str, Any]:
    message = {
        "author": {"role": role},
        "create_time": at,
        "content": {"content_type": "text", "parts": [text]},
    }
    return {"id": name, "parent": parent, "children": [], "message": message}


def write_export(folder: Path, count: int) -> Path:
    """A zipped export of `count` conversations, four a day backwards from 2026-06-30."""
    path = folder / "export.zip"
    last = time.mktime((2026, 6, 30, 9, 0, 0, 0, 0, -1))
    with (
        zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as archive,
        archive.open("conversations.json", "w") as out,
    ):
        out.write(b"[")
        for n in range(count):
            item = conversation(n, last - (n // 4) * 86400 + (n % 4) * 3600)
            out.write((b"," if n else b"") + json.dumps(item).encode())
        out.write(b"]")
    return path


def run_import(workspace: Path, export: Path) -> tuple[float, float, int]:
    """Seconds, peak RSS in MiB, and the exit code of one import in a fresh process."""
    before = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    started = time.perf_counter()
    done = subprocess.run(
        [sys.executable, "-m", "vaultkit", "import", "chatgpt", str(export), "-c", str(workspace)],
        capture_output=True,
        check=False,
    )
    seconds = time.perf_counter() - started
    peak = resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss
    return seconds, max(peak, before) / 1024, done.returncode


def measure(count: int) -> dict[str, Any]:
    with tempfile.TemporaryDirectory() as scratch:
        root = Path(scratch)
        export = write_export(root, count)
        workspace = root / "ws"
        workspace.mkdir()
        shutil.copy(REPO / "memory_config.json", workspace)
        shutil.copytree(
            REPO / "vault", workspace / "vault", ignore=shutil.ignore_patterns(".vaultkit")
        )
        size = zipfile.ZipFile(export).getinfo("conversations.json").file_size
        first = run_import(workspace, export)
        again = run_import(workspace, export)
        return {
            "conversations": count,
            "export_mb": round(size / 2**20, 1),
            "seconds": round(first[0], 2),
            "ms_per_conversation": round(first[0] * 1000 / count, 2),
            "peak_mib": round(max(first[1], again[1]), 1),
            "again_seconds": round(again[0], 2),
            "exit": [first[2], again[2]],
        }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sizes", default="1000,16000")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args()
    rows = []
    for count in (int(s) for s in args.sizes.split(",")):
        # each size in a process of its own: RUSAGE_CHILDREN's peak only ever grows
        code = f"import json; from bench.capture_import import measure; print(json.dumps(measure({count})))"
        out = subprocess.run(
            [sys.executable, "-c", code], capture_output=True, text=True, check=True
        )
        row = json.loads(out.stdout)
        rows.append(row)
    if args.json:
        print(json.dumps(rows, indent=2))
        return
    print("| conversations | export MB | seconds | ms/conversation | peak MiB | again, s | exit |")
    print("|---|---|---|---|---|---|---|")
    for r in rows:
        print(
            f"| {r['conversations']:,} | {r['export_mb']} | {r['seconds']} | "
            f"{r['ms_per_conversation']} | {r['peak_mib']} | {r['again_seconds']} | {r['exit']} |"
        )


if __name__ == "__main__":
    main()
