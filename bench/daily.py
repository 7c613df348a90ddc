"""The daily job's cost against the vault's size: the first sync, a no-op sync and `sync` after one
new day, on generated vaults of growing size, in one run.

    python -m bench.daily --days 2000 --days 10000 --days 20000 --runs 3
    VAULTKIT_DATABASE_URL=postgresql://... python -m bench.daily --days 2000 --store postgres

Per size: the generated vault (with summaries, as `bench.shared` uses them; BM25 search, so no
model's cost is measured) is synced once (the first sync: it relates and rewrites every summary
and builds the index), kept in `bench/out/daily-N-STORE-synced` and reused by later runs while
its generation arguments match (`--first` syncs it again). A copy of it then gets, `--runs`
times each: a no-op sync; one new day (a note as a person writes it, no spine yet) and a sync;
the newest note edited in place and a sync; and one new day synced with `--rescan` (every
folder listed, every file stat'ed: what each sync did before). Each figure is the median wall
time of the `vaultkit sync` process; the ratios are against the smallest vault of the run.
The copy's own first sync is not timed (another folder: the cache and the index start anew);
`--in-place` measures on the synced vault instead, for sizes where that sync takes long (its
`first-sync.json` then counts the days the runs added to it, `days_added`).
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench import common, generate

DSN_ENV = "VAULTKIT_DATABASE_URL"


def synced(days: int, store: str, again: bool) -> tuple[Path, dict[str, Any]]:
    """The generated vault of `days` days after its first sync, and that sync's figures."""
    template = common.vault_for(f"search-{days}", days, with_summaries=True)
    name = f"daily-{days}-{store}-synced"
    target = common.OUT / name
    marker = target / "first-sync.json"
    wanted = json.loads((template / "generated.json").read_text())["args"]
    if not again and marker.exists():
        kept = json.loads(marker.read_text())
        if kept["args"] == wanted:
            return target, {**kept, "this_run": False}
    ws = common.fresh_copy(template, name)
    config = json.loads((ws / "memory_config.json").read_text())
    config["search"] = dict(common.BM25_SEARCH)
    if store == "postgres":
        from bench.shared import forget

        forget(f"daily-{days}")
        config["index"] = {"store": "postgres", "vault_id": f"daily-{days}"}
    (ws / "memory_config.json").write_text(json.dumps(config, indent=2) + "\n")
    common.log(f"daily {days} {store}: first sync ...")
    load = os.getloadavg()
    first = common.sync_cmd(ws)
    figures = {
        "args": wanted,
        "seconds": first["seconds"],
        "peak_mb": first["peak_mb"],
        "changed": first["changed"],
        "failed": first["failed"],
        "load_before_after": [load, os.getloadavg()],
    }
    marker.write_text(json.dumps(figures, indent=1) + "\n")
    return ws, {**figures, "this_run": True}


def sync(ws: Path, *extra: str) -> dict[str, Any]:
    args = [*common.VAULTKIT, "sync", "--json", *extra, "--config", str(ws / "memory_config.json")]
    result = common.run_cmd(args)
    report = json.loads(result["stdout"])
    if report.get("failed"):
        raise SystemExit(f"sync failed: {report['failed'][:3]}")
    result["changed"] = len(report.get("changes", []))
    return result


def edit_newest(ws: Path) -> None:
    """Append a line to the newest daily note, in place (as an editor that writes the file)."""
    memory = ws / "vault" / "memory"
    newest = max(memory.glob("????-??-??.md"))
    with newest.open("a", encoding="utf-8") as note:
        note.write("\n- Decided to keep the Redis cluster on three nodes.\n")


def measure(days: int, store: str, runs: int, again: bool, in_place: bool) -> dict[str, Any]:
    template, first = synced(days, store, again)
    if store == "postgres":
        os.environ.setdefault("PGCONNECT_TIMEOUT", "10")
    if in_place:  # measured on the synced vault itself; its marker counts the days it gains
        ws = template
    else:
        # A copy is another folder: its first sync reads every file again and builds a new
        # index (the cache and the index are keyed by where the vault is), untimed here.
        ws = common.fresh_copy(template, f"daily-{days}-{store}-work")
        sync(ws, *(["--take-over"] if store == "postgres" else []))  # the index's writer now
    load = os.getloadavg()
    noop = [sync(ws) for _ in range(runs)]
    added, edited, rescan = [], [], []
    for _ in range(runs):
        generate.add_day(ws)
        added.append(sync(ws))
        edit_newest(ws)
        edited.append(sync(ws))
        generate.add_day(ws)
        rescan.append(sync(ws, "--rescan"))
    if in_place:
        marker = ws / "first-sync.json"
        kept = json.loads(marker.read_text())
        kept["days_added"] = kept.get("days_added", 0) + 2 * runs
        marker.write_text(json.dumps(kept, indent=1) + "\n")

    def med(results: list[dict[str, Any]]) -> float:
        return common.median([r["seconds"] for r in results])

    row = {
        "days": days,
        "store": store,
        "first_sync_s": first["seconds"],
        "first_sync_this_run": first["this_run"],
        "first_sync_peak_mb": first["peak_mb"],
        "noop_s": med(noop),
        "noop_changed": noop[-1]["changed"],
        "add_s": med(added),
        "add_changed": added[-1]["changed"],
        "edit_s": med(edited),
        "rescan_add_s": med(rescan),
        "add_peak_mb": max(r["peak_mb"] or 0 for r in added),
        "load_before_after": [load, os.getloadavg()],
    }
    common.log(f"daily {days} {store}: {row}")
    return row


def markdown(rows: Sequence[dict[str, Any]]) -> str:
    base: dict[str, dict[str, Any]] = {}
    for r in rows:
        base.setdefault(r["store"], r)
    body = []
    for r in rows:
        b = base[r["store"]]
        body.append([
            r["days"], r["store"], r["noop_s"], r["add_s"], f"{r['add_s'] / b['add_s']:.2f}",
            r["edit_s"], r["rescan_add_s"], f"{r['rescan_add_s'] / b['rescan_add_s']:.2f}",
            r["add_peak_mb"],
        ])  # fmt: skip
    return common.table(
        ["days", "store", "no-op sync s", "+1 day s", "x smallest", "newest note edited s",
         "+1 day, --rescan s", "x smallest", "+1 day peak MB"],
        body,
    )  # fmt: skip


def first_markdown(rows: Sequence[dict[str, Any]]) -> str:
    base: dict[str, dict[str, Any]] = {}
    for r in rows:
        base.setdefault(r["store"], r)
    body = [
        [r["days"], r["store"], r["first_sync_s"],
         f"{r['first_sync_s'] / base[r['store']]['first_sync_s']:.2f}",
         1000 * r["first_sync_s"] / r["days"], r["first_sync_peak_mb"],
         "yes" if r["first_sync_this_run"] else "no (kept)"]
        for r in rows
    ]  # fmt: skip
    return common.table(
        ["days", "store", "first sync s", "x smallest", "ms/day", "peak MB", "synced this run"],
        body,
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--days", type=int, action="append", help="vault size (repeatable)")
    parser.add_argument("--runs", type=int, default=3, help="runs per measurement (median)")
    parser.add_argument("--store", action="append", choices=["sqlite", "postgres"])
    parser.add_argument("--first", action="store_true", help="sync the vaults anew (first sync)")
    parser.add_argument(
        "--in-place",
        action="store_true",
        help="measure on the synced vault, not a copy (a copy's first sync reads it all again)",
    )
    args = parser.parse_args(argv)
    stores = args.store or ["sqlite"]
    if "postgres" in stores and not os.environ.get(DSN_ENV):
        raise SystemExit(f"--store postgres needs {DSN_ENV}")
    common.OUT.mkdir(parents=True, exist_ok=True)
    rows = [
        measure(days, store, args.runs, args.first, args.in_place)
        for store in stores
        for days in args.days or [2000, 10000]
    ]
    result = {"machine": common.machine(), "rows": rows}
    suffix = "-".join(str(d) for d in args.days or [2000, 10000])
    (common.OUT / f"results-daily-{suffix}.json").write_text(
        json.dumps(result, indent=1, default=str) + "\n"
    )
    print(f"\n### sync after one day\n\n{markdown(rows)}\n")
    print(f"\n### first sync\n\n{first_markdown(rows)}\n", flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
