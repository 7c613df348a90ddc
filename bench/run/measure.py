"""`bench.run`'s measurements: lint against the floor of reading and parsing every file, sync
(full, no-op, one day more), the search index and queries (in process, CLI, MCP, grep), the
index's growth, backfill and archive; each returns its results and their table.
"""

from __future__ import annotations

import collections
import json
import subprocess
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from bench import generate
from bench.common import (
    AS_OF,
    QUERIES,
    VAULTKIT,
    cli_searches,
    fresh_copy,
    has_command,
    log,
    mcp_round_trips,
    median,
    memory_files,
    p95,
    run_cmd,
    save_partial,
    sync_cmd,
    timed,
    vault_for,
    worker,
)
from bench.run import tables

# --- lint -----------------------------------------------------------------------------------------


def read_parse_floor(files: Sequence[Path]) -> int:
    """Read every file, decode it and parse its frontmatter with libyaml: the floor lint stands on."""
    import yaml

    loader = getattr(yaml, "CSafeLoader", yaml.SafeLoader)
    parsed = 0
    for path in files:
        data = path.read_bytes()
        try:
            text = data.decode("utf-8-sig").replace("\r\n", "\n")
        except UnicodeDecodeError:
            continue
        if text.startswith("---\n"):
            end = text.find("\n---", 3)
            if end > 0:
                try:
                    yaml.load(text[4:end], Loader=loader)
                    parsed += 1
                except (yaml.YAMLError, ValueError):
                    pass
    return parsed


def check_defects(workspace: Path, problems: list[dict]) -> dict[str, Any]:
    """Every planted defect found? (by the exact rule, or by any rule the table accepts)."""
    try:
        from vaultkit.lint.rules import BY_NAME
    except ImportError:  # before the lint rules exist: compare names only
        BY_NAME = {}
    found: dict[str, set[str]] = collections.defaultdict(set)
    for problem in problems:
        found[problem["path"]].add(problem["rule"])
    planted = json.loads((workspace / "defects.json").read_text())

    def names(rule_names: Sequence[str]) -> set[str]:
        out = set(rule_names)
        out |= {BY_NAME[n].id for n in rule_names if n in BY_NAME}
        return out

    exact = accepted = 0
    missed: list[dict] = []
    for item in planted:
        rules = found.get(item["path"], set())
        if rules & names([item["rule"]]):
            exact += 1
            accepted += 1
        elif rules & names(item["accept"]):
            accepted += 1
        else:
            missed.append({**item, "reported": sorted(rules)})
    # the other file of a planted name collision is rightly reported too
    planted_paths = {item["path"] for item in planted} | {
        item["path"].rsplit("/", 1)[0] + "/" + item["path"].rsplit("/", 1)[1].lower()
        for item in planted
        if item["kind"] == "name-collision"
    }
    clean = collections.Counter(p["rule"] for p in problems if p["path"] not in planted_paths)
    return {
        "planted": len(planted),
        "found_exact_rule": exact,
        "found_any_rule": accepted,
        "required_missed": sum(1 for m in missed if m["required"]),
        "missed_by_kind": dict(collections.Counter(m["kind"] for m in missed)),
        "missed_examples": missed[:10],
        "problems_on_clean_files": dict(clean),
    }


def bench_lint(days_list: Sequence[int], runs: int, defects: float = 0.02) -> dict[str, Any]:
    cli = has_command("lint")
    results = []
    for days in days_list:
        row = _lint_row(days, runs, defects, cli)
        results.append(row)
        save_partial("lint", results)
        log(f"lint {days}: floor {row['floor_s']:.2f} s, lint {row['lint_inprocess_s']:.2f} s "
            f"({row['ratio_inprocess']:.1f}x), defects {row['found_any_rule']}/{row['planted']}")  # fmt: skip
    return {"bench": "lint", "cli": cli, "results": results, "markdown": tables.lint_table(results)}


def _lint_row(days: int, runs: int, defects: float, cli: bool) -> dict[str, Any]:
    """Lint against the floor of reading and parsing every file, and the planted defects found."""
    ws = vault_for(f"lint-{days}", days, with_summaries=True, defects=defects)
    files = memory_files(ws)
    config_path = ws / "memory_config.json"
    read_parse_floor(files)  # warm the page cache so both sides read from memory
    floor = [timed(lambda: read_parse_floor(files))[0] for _ in range(runs)]

    from vaultkit.config import load_config
    from vaultkit.lint import lint_vault

    config = load_config(config_path)
    inproc = []
    report = None
    for _ in range(runs):
        seconds, report = timed(lambda: lint_vault(config))
        inproc.append(seconds)
    problems = report.as_dict()["problems"] if report else []
    cli_runs: list[dict[str, Any]] = []
    if cli:
        for _ in range(runs):
            cli_runs.append(
                run_cmd([*VAULTKIT, "lint", "--format", "json", "--config", str(config_path)])
            )
        problems = json.loads(cli_runs[-1]["stdout"])["problems"]
    cli_s = median([r["seconds"] for r in cli_runs]) if cli_runs else None
    return {
        "days": days,
        "files": len(files),
        "mb": round(sum(f.stat().st_size for f in files) / 1e6, 1),
        "floor_s": median(floor),
        "lint_inprocess_s": median(inproc),
        "ratio_inprocess": median(inproc) / median(floor),
        "lint_cli_s": cli_s,
        "ratio_cli": cli_s / median(floor) if cli_s is not None else None,
        "cli_peak_mb": max((r["peak_mb"] or 0) for r in cli_runs) if cli_runs else None,
        "files_checked": report.files_checked if report else None,
        "problems": len(problems),
        **check_defects(ws, problems),
    }


# --- sync -----------------------------------------------------------------------------------------


def bench_sync(days_list: Sequence[int], runs: int, full_runs: int = 1) -> dict[str, Any]:
    results = []
    for days in days_list:
        template = vault_for(f"sync-{days}", days)
        full = []
        ws = None
        for i in range(full_runs):
            ws = fresh_copy(template, f"sync-{days}-work")
            log(f"sync {days}: full run {i + 1}/{full_runs} ...")
            full.append(sync_cmd(ws))
        assert ws is not None
        noop = [sync_cmd(ws) for _ in range(runs)]
        incremental = []
        for _ in range(runs):
            generate.add_day(ws)
            incremental.append(sync_cmd(ws))
        full_s = median([r["seconds"] for r in full])
        row = {
            "days": days,
            "full_s": full_s,
            "full_per_day_ms": full_s / days * 1000,
            "full_peak_mb": max(r["peak_mb"] or 0 for r in full),
            "full_failed": full[-1]["failed"],
            "noop_s": median([r["seconds"] for r in noop]),
            "noop_changed": noop[-1]["changed"],
            "incremental_s": median([r["seconds"] for r in incremental]),
            "incremental_changed": incremental[-1]["changed"],
            "incremental_ratio": median([r["seconds"] for r in incremental]) / full_s,
            "incremental_peak_mb": max(r["peak_mb"] or 0 for r in incremental),
        }
        results.append(row)
        save_partial("sync", results)
        log(f"sync {days}: full {full_s:.1f} s, incremental {row['incremental_s']:.2f} s")
    return {"bench": "sync", "results": results, "markdown": tables.sync_table(results)}


# --- search ---------------------------------------------------------------------------------------


def bench_search(days_list: Sequence[int], runs: int) -> dict[str, Any]:
    results = []
    for days in days_list:
        row = _search_row(days, runs)
        results.append(row)
        save_partial("search", results)
        log(
            f"search {days}: CLI {row['cli_median_ms']:.0f} ms, MCP call {row['mcp_median_ms']:.0f} ms"
            f" vs grep {row['grep_median_ms']:.0f} ms"
        )
    return {"bench": "search", "results": results, "markdown": tables.search_table(results)}


def _search_row(days: int, runs: int) -> dict[str, Any]:
    """The index's build and refreshes, queries in process, through the CLI and MCP, and grep."""
    template = vault_for(f"search-{days}", days, with_summaries=True)
    ws = fresh_copy(template, f"search-{days}-work")
    build_runs = 1 if days >= 10_000 else runs
    builds = [worker("build", ws) for _ in range(build_runs)]
    log(f"search {days}: build {median([b['seconds'] for b in builds]):.1f} s")
    incremental, quick = [], []
    for _ in range(runs):
        generate.add_day(ws, with_summary=True)
        incremental.append(worker("refresh", ws))  # what sync does: a stat of every file
        generate.add_day(ws, with_summary=True)
        quick.append(worker("quick-refresh", ws))  # what search does (folders, newest days)
    # Folders that changed in the last two seconds are listed again by the next quick refresh
    # (racy mtimes): wait, so the no-op figures are those of a vault at rest.
    time.sleep(2.1)
    noop = worker("refresh", ws)
    noop_quick = worker("quick-refresh", ws)
    query = worker("query", ws, "1" if days >= 50_000 else "5")  # repeats of the 10 queries
    config_path = str(ws / "memory_config.json")
    run_cmd([*VAULTKIT, "--version"])  # caches the bytecode, as an install does
    cli = cli_searches(ws, max(1, runs - 1))
    mcp = mcp_round_trips(config_path, [text for text, _ in QUERIES], max(1, runs - 1))
    grep = []
    folder = str(ws / "vault" / "memory")
    subprocess.run(["grep", "-ril", "--", "warmup", folder], capture_output=True)
    for _ in range(max(1, runs - 1)):
        for _, word in QUERIES:
            grep.append(run_cmd(["grep", "-ril", "--", word, folder], check=False))
    cli_s = [r["seconds"] for r in cli]
    grep_s = [r["seconds"] for r in grep]
    return {
        "days": days,
        "files": len(memory_files(ws)),
        "build_s": median([b["seconds"] for b in builds]),
        "build_peak_mb": max(b["peak_mb"] or 0 for b in builds),
        "incremental_s": median([r["seconds"] for r in incremental]),
        "incremental_indexed": incremental[-1]["indexed"],
        "quick_incremental_s": median([r["seconds"] for r in quick]),
        "quick_incremental_indexed": quick[-1]["indexed"],
        "noop_refresh_s": noop["seconds"],
        "noop_quick_refresh_s": noop_quick["seconds"],
        "query_inproc_median_ms": query["warm_median_ms"],
        "query_inproc_p95_ms": query["warm_p95_ms"],
        "search_call_median_ms": query["call_median_ms"],
        "search_call_p95_ms": query["call_p95_ms"],
        "query_peak_mb": query["peak_mb"],
        "cli_median_ms": median(cli_s) * 1000,
        "cli_p95_ms": p95(cli_s) * 1000,
        "cli_peak_mb": max(r["peak_mb"] or 0 for r in cli),
        "grep_median_ms": median(grep_s) * 1000,
        "grep_p95_ms": p95(grep_s) * 1000,
        "cli_vs_grep": median(cli_s) / median(grep_s),
        "mcp_first_call_s": mcp["first_s"],
        "mcp_median_ms": mcp["median_ms"],
        "mcp_p95_ms": mcp["p95_ms"],
        "mcp_vs_grep": mcp["median_ms"] / (median(grep_s) * 1000),
    }


def bench_index_scaling(days_list: Sequence[int], runs: int) -> dict[str, Any]:
    """Index build and +1-day refresh only, over several sizes: does cost grow linearly?"""
    results = []
    for days in days_list:
        template = vault_for(f"search-{days}", days, with_summaries=True)
        ws = fresh_copy(template, f"search-{days}-work")
        build = worker("build", ws)
        generate.add_day(ws, with_summary=True)
        incremental = worker("refresh", ws)
        results.append(
            {
                "days": days,
                "build_s": build["seconds"],
                "build_per_day_ms": build["seconds"] / days * 1000,
                "incremental_s": incremental["seconds"],
            }
        )
        log(f"index {days}: build {build['seconds']:.1f} s, +1 day {incremental['seconds']:.2f} s")
    return {
        "bench": "index-scaling",
        "results": results,
        "markdown": tables.index_scaling_table(results),
    }


# --- backfill and archive -------------------------------------------------------------------------


def bench_backfill(days_list: Sequence[int], runs: int) -> dict[str, Any]:
    results = []
    for days in days_list:
        template = vault_for(f"backfill-{days}", days, archive=True)
        ws = fresh_copy(template, f"backfill-{days}-work")
        config = str(ws / "memory_config.json")
        first = run_cmd([*VAULTKIT, "backfill", "--config", config])
        summaries = len(list((ws / "vault" / "memory" / "summaries").glob("*.summary.md")))
        rerun = run_cmd([*VAULTKIT, "backfill", "--config", config])
        row = {
            "days": days,
            "backfill_s": first["seconds"],
            "per_day_ms": first["seconds"] / days * 1000,
            "peak_mb": first["peak_mb"],
            "rc": first["rc"],
            "summaries": summaries,
            "rerun_s": rerun["seconds"],
        }
        results.append(row)
        save_partial("backfill", results)
        log(f"backfill {days}: {row['backfill_s']:.1f} s, {summaries} summaries")
    return {"bench": "backfill", "results": results, "markdown": tables.backfill_table(results)}


def bench_archive(days_list: Sequence[int], runs: int) -> dict[str, Any]:
    archive = [*VAULTKIT, "archive", "--older-than", "30", "--as-of", AS_OF, "--json"]
    results = []
    for days in days_list:
        template = vault_for(f"archive-{days}", days, with_summaries=True)
        times = []
        moved = None
        for _ in range(runs):
            ws = fresh_copy(template, f"archive-{days}-work")
            config = str(ws / "memory_config.json")
            result = run_cmd([*archive, "--config", config])
            times.append(result)
            moved = sum(1 for _ in (ws / "archive").rglob("*.md"))
        again = run_cmd([*archive, "--config", config])
        row = {
            "days": days,
            "archive_s": median([t["seconds"] for t in times]),
            "peak_mb": max(t["peak_mb"] or 0 for t in times),
            "files_archived": moved,
            "rc": times[-1]["rc"],
            "rerun_s": again["seconds"],
        }
        results.append(row)
        log(f"archive {days}: {row['archive_s']:.1f} s, {moved} files")
    return {"bench": "archive", "results": results, "markdown": tables.archive_table(results)}
