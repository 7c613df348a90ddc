"""The first sync of a vault of notes (no summary yet) on one worker and on every core, in one
run: each day summarized, related, rendered, linked and indexed.

    python -m bench.first_sync --days 2000 --days 10000 --workers 1 --workers 2

Per size, the generated vault of notes and chats (`bench/out/sync-N`, as `bench.run` makes it;
BM25 search, so no model's cost is measured) is copied and synced once per `--workers` value
(`VAULTKIT_WORKERS`). Each figure is the wall time of the `vaultkit sync` process; the copies'
files are compared byte for byte with the first worker count's (`same files`).
"""

from __future__ import annotations

import argparse
import json
import os
from typing import Any

from bench import common, generate


def measure(days: int, workers: list[int]) -> list[dict[str, Any]]:
    template = common.vault_for(f"sync-{days}", days)
    rows: list[dict[str, Any]] = []
    for count in workers:
        ws = common.fresh_copy(template, f"first-sync-{days}-w{count}")
        config = json.loads((ws / "memory_config.json").read_text())
        config["search"] = dict(common.BM25_SEARCH)
        (ws / "memory_config.json").write_text(json.dumps(config, indent=2) + "\n")
        common.log(f"first sync {days} days, {count} workers ...")
        load = os.getloadavg()
        args = [*common.VAULTKIT, "sync", "--json", "--config", str(ws / "memory_config.json")]
        result = common.run_cmd(args, env={"VAULTKIT_WORKERS": str(count)})
        report = json.loads(result["stdout"])
        if report.get("failed"):
            raise SystemExit(f"sync failed: {report['failed'][:3]}")
        rows.append({
            "days": days,
            "workers": count,
            "seconds": result["seconds"],
            "peak_mb": result["peak_mb"],
            "summarized": sum(1 for c in report["changes"] if c["action"] == "created"),
            "digest": generate.digest_tree(ws),
            "load_before_after": [load, os.getloadavg()],
        })  # fmt: skip
        common.log(f"first sync {days} days, {count} workers: {rows[-1]['seconds']:.1f} s")
    return rows


def markdown(rows: list[dict[str, Any]]) -> str:
    first = {}
    for r in rows:
        first.setdefault(r["days"], r)
    body = [
        [r["days"], r["workers"], r["seconds"],
         f"{first[r['days']]['seconds'] / r['seconds']:.2f}", 1000 * r["seconds"] / r["days"],
         r["peak_mb"], "yes" if r["digest"] == first[r["days"]]["digest"] else "NO"]
        for r in rows
    ]  # fmt: skip
    return common.table(
        ["days", "workers", "first sync s", "speed-up", "ms/day", "peak MB", "same files"], body
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--days", type=int, action="append", help="vault size (repeatable)")
    parser.add_argument("--workers", type=int, action="append", help="worker count (repeatable)")
    args = parser.parse_args(argv)
    common.OUT.mkdir(parents=True, exist_ok=True)
    workers = args.workers or [1, 2]
    rows = [r for days in args.days or [2000, 10000] for r in measure(days, workers)]
    result = {"machine": common.machine(), "rows": rows}
    suffix = "-".join(str(d) for d in args.days or [2000, 10000])
    (common.OUT / f"results-first-sync-{suffix}.json").write_text(
        json.dumps(result, indent=1, default=str) + "\n"
    )
    print(f"\n### first sync\n\n{markdown(rows)}\n", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
