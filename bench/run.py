"""vaultkit benchmarks on synthetic vaults (see bench/generate.py).

    python bench/run.py lint    --days 1000 [--days 10000] [--runs 3]
    python bench/run.py sync    --days 1000 [--days 10000]
    python bench/run.py search  --days 1000 [--days 10000 --days 100000]
    python bench/run.py backfill --days 1000
    python bench/run.py archive --days 1000
    python bench/run.py all [--quick]

Timings are wall-clock medians over `--runs` runs, taken with `time.perf_counter` in this process or
around a subprocess; peak memory is the maximum resident set size `/usr/bin/time -v` reports for a
subprocess (left blank where that tool is missing). Vaults are generated into `bench/out/` (git-
ignored) and reused while their generation arguments match; results go to
`bench/out/results-<bench>.json` and a markdown table on stdout.
"""

from __future__ import annotations

import argparse
import collections
import json
import os
import platform
import re
import shutil
import statistics
import subprocess
import sys
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

BENCH = Path(__file__).resolve().parent
OUT = BENCH / "out"
sys.path.insert(0, str(BENCH))

import generate  # noqa: E402  (bench/ is not a package)

PYTHON = sys.executable
_SCRIPT = Path(PYTHON).parent / "vaultkit"  # the console script a user runs
VAULTKIT = [str(_SCRIPT)] if _SCRIPT.exists() else [PYTHON, "-m", "vaultkit"]
TIME_V = "/usr/bin/time" if Path("/usr/bin/time").exists() else None
AS_OF = generate.END_DATE.isoformat()
# Commands run as an installed tool runs: with its compiled bytecode cached. (A shell that sets
# PYTHONDONTWRITEBYTECODE would make every run recompile vaultkit from source.)
ENV = {k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"}
QUERIES = [  # (query, the word `grep -ril` looks for)
    ("redis connection pool incident", "redis"),
    ("what did we decide about Kafka for the event bus", "kafka"),
    ("Falcon Search latency", "falcon"),
    ("ClickHouse decision", "clickhouse"),
    ("Rina homelab backups", "homelab"),
    ("tailscale wireguard", "tailscale"),
    ("flaky pytest fixture", "flaky"),
    ("Zig experiment", "zig"),
    ("postmortem rollback", "postmortem"),
    ("Cobalt Auth OAuth migration", "oauth"),
]


# --- helpers ------------------------------------------------------------------------------------


def median(values: Sequence[float]) -> float:
    return statistics.median(values) if values else float("nan")


def p95(values: Sequence[float]) -> float:
    ordered = sorted(values)
    return (
        ordered[min(len(ordered) - 1, round(0.95 * (len(ordered) - 1)))]
        if ordered
        else float("nan")
    )


def timed(fn: Callable[[], Any]) -> tuple[float, Any]:
    start = time.perf_counter()
    result = fn()
    return time.perf_counter() - start, result


def run_cmd(args: Sequence[str], *, cwd: Path | None = None, check: bool = True) -> dict[str, Any]:
    """Run a command; wall seconds (perf_counter), peak RSS in MB (`/usr/bin/time -v`), output."""
    full = [TIME_V, "-v", *args] if TIME_V else list(args)
    start = time.perf_counter()
    proc = subprocess.run(full, cwd=cwd, capture_output=True, text=True, errors="replace", env=ENV)
    seconds = time.perf_counter() - start
    peak = None
    stderr = proc.stderr
    if TIME_V:
        match = re.search(r"Maximum resident set size \(kbytes\): (\d+)", stderr)
        peak = int(match.group(1)) / 1024 if match else None
        stderr = stderr.split("\tCommand being timed:")[0]
    if check and proc.returncode not in (0, 1):
        raise SystemExit(f"command failed ({proc.returncode}): {' '.join(args)}\n{stderr[-2000:]}")
    return {
        "seconds": seconds,
        "peak_mb": peak,
        "rc": proc.returncode,
        "stdout": proc.stdout,
        "stderr": stderr,
    }


def mcp_round_trips(config: str, queries: Sequence[str], repeats: int) -> dict[str, Any]:
    """Time `search` tool calls through a running `vaultkit mcp` server, as an MCP host makes them:
    one JSON-RPC line written to its stdin, one read back from its stdout. Also the first call of
    a new server (start, handshake, first answer), which a host pays once per session."""
    start = time.perf_counter()
    server = subprocess.Popen(
        [*VAULTKIT, "mcp", "--config", config],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=ENV,
    )  # fmt: skip
    assert server.stdin is not None and server.stdout is not None

    def ask(ident: int, method: str, params: dict[str, Any]) -> dict[str, Any]:
        message = {"jsonrpc": "2.0", "id": ident, "method": method, "params": params}
        server.stdin.write(json.dumps(message) + "\n")  # type: ignore[union-attr]
        server.stdin.flush()  # type: ignore[union-attr]
        answer = json.loads(server.stdout.readline())  # type: ignore[union-attr]
        if "result" not in answer or answer["result"].get("isError"):
            raise SystemExit(f"mcp call failed: {answer}")
        return answer["result"]

    ask(0, "initialize", {"protocolVersion": "2025-06-18", "capabilities": {}})
    call = {"name": "search", "arguments": {"query": queries[0], "as_of": AS_OF}}
    ask(1, "tools/call", call)
    first = time.perf_counter() - start
    seconds = []
    for n in range(repeats):
        for i, query in enumerate(queries):
            call = {"name": "search", "arguments": {"query": query, "as_of": AS_OF}}
            began = time.perf_counter()
            ask(2 + n * len(queries) + i, "tools/call", call)
            seconds.append(time.perf_counter() - began)
    server.stdin.close()
    server.wait(timeout=60)
    return {"first_s": first, "median_ms": median(seconds) * 1000, "p95_ms": p95(seconds) * 1000}


def cli_searches(ws: Path, repeats: int) -> list[dict[str, Any]]:
    """`vaultkit search` as a process, for each of QUERIES, `repeats` times: `run_cmd`'s results."""
    config = str(ws / "memory_config.json")
    args = ["--json", "--as-of", AS_OF, "--config", config]
    return [
        run_cmd([*VAULTKIT, "search", text, *args]) for _ in range(repeats) for text, _ in QUERIES
    ]


def has_command(name: str) -> bool:
    proc = subprocess.run([*VAULTKIT, name, "--help"], capture_output=True, text=True)
    return proc.returncode == 0


def vault_for(name: str, days: int, **options: Any) -> Path:
    """A generated workspace in bench/out/NAME, reused while its generation arguments match."""
    path = OUT / name
    wanted = {"days": days, "seed": options.get("seed", 7), "with_summaries": options.get("with_summaries", False),
              "archive": options.get("archive", False), "defects": options.get("defects", 0.0),
              "links": options.get("links", True)}  # fmt: skip
    meta = path / "generated.json"
    if meta.exists() and json.loads(meta.read_text())["args"] == wanted:
        return path
    seconds, stats = timed(lambda: generate.generate(path, days, force=True, **options))
    log(f"generated {name}: {stats['notes']} notes, {stats['transcripts']} transcripts, "
        f"{stats['summaries']} summaries, {stats['bytes'] / 1e6:.0f} MB in {seconds:.1f} s")  # fmt: skip
    GENERATION[name] = {"seconds": round(seconds, 2), **stats}
    return path


def fresh_copy(template: Path, name: str) -> Path:
    target = OUT / name
    if target.exists():
        shutil.rmtree(target)
    subprocess.run(["cp", "-a", str(template), str(target)], check=True)
    return target


def memory_files(workspace: Path) -> list[Path]:
    return sorted((workspace / "vault" / "memory").rglob("*.md"))


def log(message: str) -> None:
    print(f"[bench] {message}", file=sys.stderr, flush=True)


def fmt(value: Any, digits: int = 2) -> str:
    if value is None:
        return "–"
    if isinstance(value, float):
        return f"{value:.{digits}f}"
    return str(value)


def table(headers: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    lines = ["| " + " | ".join(headers) + " |", "|" + "|".join("---" for _ in headers) + "|"]
    lines += ["| " + " | ".join(fmt(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


GENERATION: dict[str, Any] = {}


def save_partial(bench: str, rows: list[dict[str, Any]]) -> None:
    """Write the rows measured so far, so a long run that is stopped still leaves its figures."""
    (OUT / f"partial-{bench}.json").write_text(json.dumps(rows, indent=1, default=str) + "\n")


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
        ws = vault_for(f"lint-{days}", days, with_summaries=True, defects=defects)
        files = memory_files(ws)
        config_path = ws / "memory_config.json"
        read_parse_floor(files)  # warm the page cache so both sides read from memory
        floor = [timed(lambda files=files: read_parse_floor(files))[0] for _ in range(runs)]

        from vaultkit.config import load_config
        from vaultkit.lint import lint_vault

        config = load_config(config_path)
        inproc = []
        report = None
        for _ in range(runs):
            seconds, report = timed(lambda config=config: lint_vault(config))
            inproc.append(seconds)
        problems = report.as_dict()["problems"] if report else []
        cli_runs: list[dict[str, Any]] = []
        if cli:
            for _ in range(runs):
                cli_runs.append(
                    run_cmd([*VAULTKIT, "lint", "--format", "json", "--config", str(config_path)])
                )
            problems = json.loads(cli_runs[-1]["stdout"])["problems"]
        check = check_defects(ws, problems)
        row = {
            "days": days,
            "files": len(files),
            "mb": round(sum(f.stat().st_size for f in files) / 1e6, 1),
            "floor_s": median(floor),
            "lint_inprocess_s": median(inproc),
            "ratio_inprocess": median(inproc) / median(floor),
            "lint_cli_s": median([r["seconds"] for r in cli_runs]) if cli_runs else None,
            "ratio_cli": median([r["seconds"] for r in cli_runs]) / median(floor)
            if cli_runs
            else None,
            "cli_peak_mb": max((r["peak_mb"] or 0) for r in cli_runs) if cli_runs else None,
            "files_checked": report.files_checked if report else None,
            "problems": len(problems),
            **check,
        }
        results.append(row)
        save_partial("lint", results)
        log(f"lint {days}: floor {row['floor_s']:.2f} s, lint {row['lint_inprocess_s']:.2f} s "
            f"({row['ratio_inprocess']:.1f}x), defects {check['found_any_rule']}/{check['planted']}")  # fmt: skip
    md = table(
        ["days", "files", "MB", "read+parse floor s", "lint in-process s", "ratio", "lint CLI s", "ratio (CLI)",
         "peak MB", "planted", "found (exact rule)", "found (accepted rule)", "problems on clean files"],
        [[r["days"], r["files"], r["mb"], r["floor_s"], r["lint_inprocess_s"], r["ratio_inprocess"], r["lint_cli_s"],
          r["ratio_cli"], r["cli_peak_mb"], r["planted"], r["found_exact_rule"], r["found_any_rule"],
          sum(r["problems_on_clean_files"].values())] for r in results],
    )  # fmt: skip
    misses = {r["days"]: r["missed_by_kind"] for r in results}
    clean = {r["days"]: r["problems_on_clean_files"] for r in results}
    md += f"\n\nmissed by kind: `{json.dumps(misses)}`\n\nproblems on files without a planted defect, by rule: `{json.dumps(clean)}`"
    return {"bench": "lint", "cli": cli, "results": results, "markdown": md}


# --- sync -----------------------------------------------------------------------------------------


def sync_cmd(ws: Path) -> dict[str, Any]:
    result = run_cmd([*VAULTKIT, "sync", "--json", "--config", str(ws / "memory_config.json")])
    try:
        report = json.loads(result["stdout"])
        result["changed"] = len(report.get("changes", []))
        result["failed"] = len(report.get("failed", []))
    except json.JSONDecodeError:
        result["changed"] = result["failed"] = None
    return result


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
    md = table(
        ["days", "full sync s", "ms/day", "peak MB", "no-op sync s", "files changed by no-op",
         "incremental (+1 day) s", "incremental / full", "incremental peak MB"],
        [[r["days"], r["full_s"], r["full_per_day_ms"], r["full_peak_mb"], r["noop_s"], r["noop_changed"],
          r["incremental_s"], f"{r['incremental_ratio']:.4f}", r["incremental_peak_mb"]] for r in results],
    )  # fmt: skip
    return {"bench": "sync", "results": results, "markdown": md}


# --- search ---------------------------------------------------------------------------------------


def search_worker(argv: Sequence[str]) -> int:
    """`run.py _search WHAT CONFIG`: one measurement in a fresh process, JSON on stdout."""
    what, config_path = argv[0], Path(argv[1])
    from datetime import date

    from vaultkit.config import load_config
    from vaultkit.index.store import SearchIndex

    config = load_config(config_path, reading=True)  # a shared index's reader has no vault
    out: dict[str, Any] = {}
    if what == "build":
        for suffix in ("", "-wal", "-shm", "-journal"):
            Path(f"{config.state_dir / 'index.sqlite'}{suffix}").unlink(missing_ok=True)
        start = time.perf_counter()
        with SearchIndex(config) as index:
            report = index.refresh()
        out = {
            "seconds": time.perf_counter() - start,
            "indexed": len(report.indexed),
            "files": report.files,
        }
    elif what in ("refresh", "quick-refresh"):
        start = time.perf_counter()
        with SearchIndex(config) as index:
            report = index.refresh(full=what == "refresh")
        out = {
            "seconds": time.perf_counter() - start,
            "indexed": len(report.indexed),
            "files": report.files,
        }
    elif what == "query":
        from vaultkit.search.search import Searcher, search

        as_of = date.fromisoformat(AS_OF)
        start = time.perf_counter()
        index = SearchIndex(config)
        index.refresh(full=False)
        searcher = Searcher(config, index)
        out["open_s"] = time.perf_counter() - start
        warm = []
        for _ in range(int(argv[2]) if len(argv) > 2 else 5):
            for query, _word in QUERIES:
                warm.append(timed(lambda q=query: searcher.search(q, top_k=5, as_of=as_of))[0])
        index.close()
        full = [
            timed(lambda q=query: search(config, q, top_k=5, as_of=as_of))[0]
            for query, _ in QUERIES
        ]
        out.update(
            warm_median_ms=median(warm) * 1000, warm_p95_ms=p95(warm) * 1000,
            call_median_ms=median(full) * 1000, call_p95_ms=p95(full) * 1000,
        )  # fmt: skip
    print(json.dumps(out))
    return 0


def worker(what: str, ws: Path, *extra: str) -> dict[str, Any]:
    result = run_cmd(
        [
            PYTHON,
            str(Path(__file__).resolve()),
            "_search",
            what,
            str(ws / "memory_config.json"),
            *extra,
        ]
    )
    if result["rc"]:
        raise SystemExit(result["stderr"][-2000:])
    return {
        **json.loads(result["stdout"]),
        "peak_mb": result["peak_mb"],
        "wall_s": result["seconds"],
    }


def bench_search(days_list: Sequence[int], runs: int) -> dict[str, Any]:
    results = []
    for days in days_list:
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
        row = {
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
        results.append(row)
        save_partial("search", results)
        log(
            f"search {days}: CLI {row['cli_median_ms']:.0f} ms, MCP call {row['mcp_median_ms']:.0f} ms"
            f" vs grep {row['grep_median_ms']:.0f} ms"
        )
    md = table(
        ["days", "files", "index build s", "build peak MB", "+1 day, full refresh s",
         "+1 day, quick refresh s", "no-op full / quick refresh s",
         "query in-process median / p95 ms", "search() incl. refresh median / p95 ms", "CLI median / p95 ms",
         "CLI peak MB", "MCP call median / p95 ms", "MCP first call s", "grep -ril median / p95 ms",
         "CLI / grep", "MCP call / grep"],
        [[r["days"], r["files"], r["build_s"], r["build_peak_mb"], r["incremental_s"],
          r["quick_incremental_s"], f"{r['noop_refresh_s']:.3f} / {r['noop_quick_refresh_s']:.3f}",
          f"{r['query_inproc_median_ms']:.1f} / {r['query_inproc_p95_ms']:.1f}",
          f"{r['search_call_median_ms']:.0f} / {r['search_call_p95_ms']:.0f}",
          f"{r['cli_median_ms']:.0f} / {r['cli_p95_ms']:.0f}", r["cli_peak_mb"],
          f"{r['mcp_median_ms']:.0f} / {r['mcp_p95_ms']:.0f}", r["mcp_first_call_s"],
          f"{r['grep_median_ms']:.0f} / {r['grep_p95_ms']:.0f}", r["cli_vs_grep"], r["mcp_vs_grep"]]
         for r in results],
    )  # fmt: skip
    return {"bench": "search", "results": results, "markdown": md}


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
    md = table(
        ["days", "index build s", "build ms/day", "incremental (+1 day) s"],
        [[r["days"], r["build_s"], r["build_per_day_ms"], r["incremental_s"]] for r in results],
    )
    return {"bench": "index-scaling", "results": results, "markdown": md}


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
    md = table(
        ["archived days", "backfill s", "ms/day", "peak MB", "summaries written", "rerun (all done) s"],
        [[r["days"], r["backfill_s"], r["per_day_ms"], r["peak_mb"], r["summaries"], r["rerun_s"]] for r in results],
    )  # fmt: skip
    return {"bench": "backfill", "results": results, "markdown": md}


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
    md = table(
        ["days", "archive s (older than 30 days)", "peak MB", "files in archive", "rerun (nothing to do) s"],
        [[r["days"], r["archive_s"], r["peak_mb"], r["files_archived"], r["rerun_s"]] for r in results],
    )  # fmt: skip
    return {"bench": "archive", "results": results, "markdown": md}


# --- main -----------------------------------------------------------------------------------------


def machine() -> dict[str, Any]:
    import yaml

    return {
        "nproc": os.cpu_count(),
        "python": platform.python_version(),
        "platform": platform.platform(),
        "libyaml": bool(getattr(yaml, "__with_libyaml__", False)),
        "sqlite": __import__("sqlite3").sqlite_version,
        "peak_memory_tool": TIME_V,
    }


BENCHES = {
    "lint": (bench_lint, [1000, 10000], [1000]),
    "sync": (bench_sync, [1000, 10000], [1000]),
    "search": (bench_search, [1000, 10000, 100000], [1000]),
    "index-scaling": (bench_index_scaling, [250, 500, 1000], [250, 500]),
    "backfill": (bench_backfill, [1000, 10000], [1000]),
    "archive": (bench_archive, [1000], [300]),
}


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["_search"]:
        return search_worker(argv[1:])
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("bench", choices=[*BENCHES, "all"])
    parser.add_argument("--days", type=int, action="append", help="vault size (repeatable)")
    parser.add_argument("--runs", type=int, default=3, help="runs per measurement (median)")
    parser.add_argument("--quick", action="store_true", help="small sizes only")
    args = parser.parse_args(argv)
    OUT.mkdir(parents=True, exist_ok=True)
    names = [n for n in BENCHES if n != "index-scaling"] if args.bench == "all" else [args.bench]
    report = {"machine": machine(), "benches": {}}
    for name in names:
        fn, sizes, quick = BENCHES[name]
        days = args.days or (quick if args.quick else sizes)
        started = time.perf_counter()
        load_before = os.getloadavg()
        result = fn(days, args.runs)
        result["seconds"] = round(time.perf_counter() - started, 1)
        # other processes on the machine skew wall-clock figures: keep the load next to them
        result["loadavg_before_after"] = [load_before, os.getloadavg()]
        result["generation"] = dict(GENERATION)
        GENERATION.clear()
        report["benches"][name] = result
        suffix = "-".join(str(d) for d in days)
        (OUT / f"results-{name}-{suffix}.json").write_text(
            json.dumps({"machine": report["machine"], **result}, indent=1, default=str) + "\n"
        )
        load = ", ".join(f"{a[0]:.1f}" for a in result["loadavg_before_after"])
        print(
            f"\n### {name}\n\n{result['markdown']}\n\n(load average before, after: {load})\n",
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
