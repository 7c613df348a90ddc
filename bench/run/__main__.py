"""`python -m bench.run`: the benchmarks asked for, each one's results to
`bench/out/results-NAME-DAYS.json` and its table to stdout (see the package's docstring).
"""

from __future__ import annotations

import argparse
import json
import os
import time
from collections.abc import Sequence
from typing import Any

from bench import run
from bench.common import GENERATION, OUT, machine
from bench.run import measure

BENCHES = {
    "lint": (measure.bench_lint, [1000, 10000], [1000]),
    "sync": (measure.bench_sync, [1000, 10000], [1000]),
    "search": (measure.bench_search, [1000, 10000, 100000], [1000]),
    "index-scaling": (measure.bench_index_scaling, [250, 500, 1000], [250, 500]),
    "backfill": (measure.bench_backfill, [1000, 10000], [1000]),
    "archive": (measure.bench_archive, [1000], [300]),
}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.run", description=(run.__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("bench", choices=[*BENCHES, "all"])
    parser.add_argument("--days", type=int, action="append", help="vault size (repeatable)")
    parser.add_argument("--runs", type=int, default=3, help="runs per measurement (median)")
    parser.add_argument("--quick", action="store_true", help="small sizes only")
    args = parser.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    names = [n for n in BENCHES if n != "index-scaling"] if args.bench == "all" else [args.bench]
    about = machine()
    for name in names:
        _fn, sizes, quick = BENCHES[name]
        report(name, args.days or (quick if args.quick else sizes), args.runs, about)
    return 0


def report(name: str, days: Sequence[int], runs: int, about: dict[str, Any]) -> None:
    """Run one benchmark; its results to bench/out/results-NAME-DAYS.json, its table to stdout."""
    started = time.perf_counter()
    load_before = os.getloadavg()
    result = BENCHES[name][0](days, runs)
    result["seconds"] = round(time.perf_counter() - started, 1)
    # other processes on the machine skew wall-clock figures: keep the load next to them
    result["loadavg_before_after"] = [load_before, os.getloadavg()]
    result["generation"] = dict(GENERATION)
    GENERATION.clear()
    suffix = "-".join(str(d) for d in days)
    (OUT / f"results-{name}-{suffix}.json").write_text(
        json.dumps({"machine": about, **result}, indent=1, default=str) + "\n"
    )
    load = ", ".join(f"{a[0]:.1f}" for a in result["loadavg_before_after"])
    print(
        f"\n### {name}\n\n{result['markdown']}\n\n(load average before, after: {load})\n",
        flush=True,
    )


if __name__ == "__main__":
    raise SystemExit(main())
