"""`vaultkit mcp` under load: many clients over streamable HTTP next to stdio, concurrent writes,
and the server's memory after the run; and the figures behind the choice of our own HTTP server
over the official SDK's (import time, dependencies).

    python -m bench.mcp_load                          # a generated 1k-day vault, 8 clients x 50 calls
    python -m bench.mcp_load --days 1000 --clients 8 --calls 50 --writers 5

Reads: each client makes `--calls` calls, search and recall in turn over ten queries, each waiting
for the last answer (as a host does). Over HTTP the clients share one `vaultkit mcp --http`
server (a keep-alive connection each, the 2026-07-28 stateless requests, a bearer token); over
stdio each client has its own `vaultkit mcp` process, as hosts start them. Latency is measured
per call in the client (`time.perf_counter`), p50 / p95 over every call of every client.

Writes: `--clients` x `--writers` `remember` calls at once (a connection each), each a different
text for the same day; afterwards each text must be in the vault exactly once, and found by a
search. Memory: VmRSS and VmHWM (peak) of the server process from /proc after the run.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import platform
import re
import statistics
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import Any

from bench import generate
from bench.common import BM25_SEARCH, StdioMcp, p95, table

BENCH = Path(__file__).resolve().parent
OUT = BENCH / "out"
TOKEN = "bench-token-" + "0123456789abcdef"
AS_OF = generate.END_DATE.isoformat()
META = {
    "io.modelcontextprotocol/protocolVersion": "2026-07-28",
    "io.modelcontextprotocol/clientCapabilities": {},
}
QUERIES = [
    "redis connection pool incident",
    "what did we decide about Kafka for the event bus",
    "Falcon Search latency",
    "ClickHouse decision",
    "Rina homelab backups",
    "tailscale wireguard",
    "flaky pytest fixture",
    "Zig experiment",
    "postmortem rollback",
    "Cobalt Auth OAuth migration",
]


def log(message: str) -> None:
    print(f"[mcp_load] {message}", file=sys.stderr, flush=True)


def calls_of(calls: int) -> list[tuple[str, dict[str, Any]]]:
    """The read calls of one client: search and recall in turn over the queries."""
    made = []
    for n in range(calls):
        query = QUERIES[n // 2 % len(QUERIES)]
        if n % 2 == 0:
            made.append(("search", {"query": query, "as_of": AS_OF}))
        else:
            made.append(("recall", {"query": query, "as_of": AS_OF, "max_chars": 4000}))
    return made


# --- HTTP -------------------------------------------------------------------------------------


class HttpClient:
    """One host's connection: 2026-07-28 stateless requests on a keep-alive connection."""

    def __init__(self, port: int) -> None:
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=120)
        self.ident = 0

    def call(self, tool: str, arguments: dict[str, Any]) -> dict[str, Any]:
        self.ident += 1
        params = {"name": tool, "arguments": arguments, "_meta": META}
        message = {"jsonrpc": "2.0", "id": self.ident, "method": "tools/call", "params": params}
        headers = {
            "Authorization": f"Bearer {TOKEN}",
            "Content-Type": "application/json",
            "Accept": "application/json, text/event-stream",
            "MCP-Protocol-Version": "2026-07-28",
            "Mcp-Method": "tools/call",
            "Mcp-Name": tool,
        }
        self.connection.request("POST", "/mcp", json.dumps(message), headers)
        reply = self.connection.getresponse()
        answer = json.loads(reply.read())
        if reply.status != 200 or answer.get("result", {}).get("isError"):
            raise SystemExit(f"{tool} failed: {reply.status} {answer}")
        result: dict[str, Any] = answer["result"]
        return result

    def close(self) -> None:
        self.connection.close()


def start_http(config: Path) -> tuple[subprocess.Popen[str], int]:
    env = {**os.environ, "VAULTKIT_MCP_TOKEN": TOKEN}
    server = subprocess.Popen(
        [sys.executable, "-m", "vaultkit", "mcp", "--http", "--port", "0", "--config", str(config)],
        stdin=subprocess.DEVNULL, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        env=env,
    )  # fmt: skip
    assert server.stderr is not None
    line = server.stderr.readline()
    found = re.search(r":(\d+)/mcp", line)
    if not found:
        raise SystemExit(f"the server did not start: {line}{server.stderr.read()}")
    return server, int(found.group(1))


def in_parallel(
    work: Sequence[Callable[[Callable[[], None]], list[float]]],
) -> tuple[list[float], float]:
    """Run each piece of work in its own thread; every latency, and the seconds from the moment
    all were ready (each calls its `ready()` once set up: a process started) to the last end."""
    results: list[list[float]] = [[] for _ in work]
    failures: list[BaseException] = []
    barrier = threading.Barrier(len(work))
    began: list[float] = []
    ended: list[float] = []

    def ready() -> None:
        barrier.wait()
        began.append(time.perf_counter())

    def run(i: int) -> None:
        try:
            results[i] = work[i](ready)
        except BaseException as exc:
            failures.append(exc)
            barrier.abort()
        ended.append(time.perf_counter())

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(work))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    if failures:
        raise failures[0]
    return [s for r in results for s in r], max(ended) - min(began)


def timed_calls(call: Callable[[str, dict[str, Any]], object], calls: int) -> list[float]:
    """The seconds of each of `calls` read tool calls (`calls_of`), one after the other."""
    seconds = []
    for tool, arguments in calls_of(calls):
        began = time.perf_counter()
        call(tool, arguments)
        seconds.append(time.perf_counter() - began)
    return seconds


def http_reads(port: int, clients: int, calls: int) -> tuple[list[float], float]:
    def client(ready: Callable[[], None]) -> list[float]:
        connection = HttpClient(port)
        ready()
        seconds = timed_calls(connection.call, calls)
        connection.close()
        return seconds

    return in_parallel([client] * clients)


def http_writes(
    port: int, clients: int, writers: int, day: str
) -> tuple[list[float], float, list[str]]:
    texts = [f"load run note {c}-{w}: the ocelot budget line {c * writers + w}" for c in range(clients) for w in range(writers)]  # fmt: skip

    def writer(text: str) -> Callable[[Callable[[], None]], list[float]]:
        def run(ready: Callable[[], None]) -> list[float]:
            connection = HttpClient(port)
            ready()
            began = time.perf_counter()
            result = connection.call("remember", {"text": text, "day": day})
            seconds = time.perf_counter() - began
            connection.close()
            assert result["structuredContent"]["written"], result
            return [seconds]

        return run

    seconds, wall = in_parallel([writer(t) for t in texts])
    return seconds, wall, texts


# --- stdio ------------------------------------------------------------------------------------


def stdio_reads(config: Path, clients: int, calls: int) -> tuple[list[float], float, float]:
    """Each client with its own `vaultkit mcp` process; latencies, wall seconds, peak MB."""
    peaks: list[float] = []

    def client(ready: Callable[[], None]) -> list[float]:
        server = StdioMcp([sys.executable, "-m", "vaultkit", "mcp", "--config", str(config)])
        ready()
        seconds = timed_calls(server.call, calls)
        peaks.append(memory_mb(server.process.pid)[1])
        server.close()
        return seconds

    seconds, wall = in_parallel([client] * clients)
    return seconds, wall, max(peaks)


# --- memory, imports, dependencies ------------------------------------------------------------


def memory_mb(pid: int) -> tuple[float, float]:
    """(resident, peak resident) MB of a process, from /proc."""
    status = Path(f"/proc/{pid}/status").read_text()
    found = {k: int(v) for k, v in re.findall(r"^(VmRSS|VmHWM):\s+(\d+) kB", status, re.M)}
    return found["VmRSS"] / 1024, found["VmHWM"] / 1024


def import_cost(modules: str, runs: int = 7) -> tuple[float, float] | None:
    """Median milliseconds a fresh interpreter takes to import `modules`, and its peak resident
    MB then (the interpreter's own included); None when they are not installed."""
    code = (  # VmHWM, not ru_maxrss: that one keeps the forking parent's peak across exec
        "import re, time; t = time.perf_counter(); import " + modules + "; s = "
        "open('/proc/self/status').read(); "
        "print(time.perf_counter() - t, re.search(r'VmHWM:\\s+(\\d+)', s).group(1))"
    )
    seconds, peaks = [], []
    for _ in range(runs):
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True)
        if done.returncode != 0:
            return None
        took, peak = done.stdout.split()
        seconds.append(float(took))
        peaks.append(int(peak) / 1024)
    return statistics.median(seconds) * 1000, statistics.median(peaks)


def dependencies(name: str) -> tuple[int, float] | None:
    """How many distributions installing `name` brings (itself included, extras followed) and
    their installed size, MB; None when it is not installed."""
    from importlib import metadata

    seen: dict[str, Any] = {}
    todo: list[tuple[str, frozenset[str]]] = [(name, frozenset())]
    while todo:
        wanted, extras = todo.pop()
        if wanted in seen:
            continue
        try:
            dist = metadata.distribution(wanted)
        except metadata.PackageNotFoundError:
            if wanted == name:
                return None
            continue
        seen[wanted] = dist
        for requirement in dist.requires or ():
            spec, _, marker = requirement.partition(";")
            needed = re.findall(r"extra\s*==\s*[\"']([^\"']+)", marker)
            if needed and not set(needed) & extras:
                continue
            found = re.match(r"\s*([A-Za-z0-9._-]+)\s*(?:\[([^\]]*)\])?", spec)
            if found:
                asked = frozenset(e.strip() for e in (found.group(2) or "").split(",") if e.strip())
                todo.append((found.group(1).lower().replace("_", "-"), asked))
    size = sum(f.size or 0 for d in seen.values() for f in d.files or ())
    return len(seen), size / 1e6


# --- the run ----------------------------------------------------------------------------------


def prepare(days: int) -> Path:
    root = OUT / f"mcp-load-{days}"
    stats = generate.generate(root, days, with_summaries=True, force=True)
    log(
        f"generated {stats['notes']} notes, {stats['transcripts']} transcripts in {stats['seconds']:.1f} s"
    )
    config = root / "memory_config.json"
    settings = json.loads(config.read_text())  # BM25, the default: no model's cost in the calls
    settings["search"] = dict(BM25_SEARCH)
    config.write_text(json.dumps(settings, indent=2) + "\n")
    began = time.perf_counter()  # the summaries are the generator's: the search index is built
    index = [sys.executable, "-m", "vaultkit", "search", "warm", "--config", str(config)]
    subprocess.run(index, check=True, capture_output=True)
    log(f"search index built in {time.perf_counter() - began:.1f} s")
    return config


def row(name: str, seconds: list[float], wall: float) -> list[str]:
    return [
        name,
        str(len(seconds)),
        f"{statistics.median(seconds) * 1000:.0f}",
        f"{p95(seconds) * 1000:.0f}",
        f"{len(seconds) / wall:.1f}",
    ]


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--days", type=int, default=1000)
    parser.add_argument("--clients", type=int, default=8)
    parser.add_argument("--calls", type=int, default=50)
    parser.add_argument("--writers", type=int, default=5, help="concurrent remember calls a client")
    args = parser.parse_args(argv)
    config = prepare(args.days)
    load_before = os.getloadavg()[0]
    server, port = start_http(config)
    rows, results = [], {}
    try:
        http_reads(port, 1, 4)  # warm: the index opened, the first queries read
        log(f"HTTP, 1 client x {args.calls} calls")
        seconds, wall = http_reads(port, 1, args.calls)
        rows.append(row(f"HTTP, 1 client x {args.calls}", seconds, wall))
        log(f"HTTP, {args.clients} clients x {args.calls} calls")
        seconds, wall = http_reads(port, args.clients, args.calls)
        rows.append(row(f"HTTP, {args.clients} clients x {args.calls}", seconds, wall))
        after_reads = memory_mb(server.pid)
        day = AS_OF
        log(f"HTTP, {args.clients} x {args.writers} concurrent remember calls")
        written, write_wall, texts = http_writes(port, args.clients, args.writers, day)
        rows.append(
            row(f"HTTP remember, {args.clients} x {args.writers} at once", written, write_wall)
        )
        memory = memory_mb(server.pid)
        found = HttpClient(port).call("search", {"query": "ocelot budget line", "as_of": AS_OF})
        found_day = found["structuredContent"]["results"][0]["date"]
    finally:
        server.terminate()
        stopped = server.wait(timeout=60)
    vault = config.parent / "vault"
    everything = "".join(p.read_text() for p in sorted(vault.rglob("*.md")))
    counts = [everything.count(f"- {t}\n") for t in texts]
    log(f"stdio, 1 client x {args.calls} calls")
    seconds, wall, _ = stdio_reads(config, 1, args.calls)
    rows.append(row(f"stdio, 1 client x {args.calls}", seconds, wall))
    log(f"stdio, {args.clients} clients x {args.calls} calls (a process each)")
    seconds, wall, stdio_peak = stdio_reads(config, args.clients, args.calls)
    rows.append(
        row(
            f"stdio, {args.clients} clients x {args.calls} ({args.clients} processes)",
            seconds,
            wall,
        )
    )
    load_after = os.getloadavg()[0]
    print(f"\n{args.days} days, {platform.python_version()}, {os.cpu_count()} CPUs, load average {load_before:.1f} -> {load_after:.1f}\n")  # fmt: skip
    print(table(["run", "calls", "p50 ms", "p95 ms", "calls / s"], rows))
    print(
        f"\nremember: {len(texts)} texts, each in the vault exactly once: {counts == [1] * len(counts)}"
        f" (counts {sorted(set(counts))}); a search for them finds {found_day}."
        f"\nHTTP server after the reads: {after_reads[0]:.0f} MB resident; after the writes: "
        f"{memory[0]:.0f} MB resident, {memory[1]:.0f} MB peak. One stdio server: {stdio_peak:.0f} MB "
        f"peak. SIGTERM exit: {stopped}."
    )
    costs = {
        "http.server (the standard library's)": import_cost("http.server"),
        "vaultkit.mcp.listen (the whole HTTP server)": import_cost("vaultkit.mcp.listen"),
        "the SDK's (mcp.server, uvicorn, starlette)": import_cost(
            "mcp.server.lowlevel, mcp.server.streamable_http_manager, uvicorn, starlette.applications"
        ),
    }
    deps = dependencies("mcp")
    rows_imports = []
    for name, cost in costs.items():
        more = ("0 more", "0") if "SDK" not in name else (
            (str(deps[0]), f"{deps[1]:.0f}") if deps else ("-", "-")
        )  # fmt: skip
        shown = (f"{cost[0]:.0f}", f"{cost[1]:.0f}") if cost else ("not installed", "-")
        rows_imports.append([name, *shown, *more])
    print()
    print(
        table(
            ["HTTP server", "import ms", "peak MB after import", "distributions", "MB installed"],
            rows_imports,
        )
    )
    results = {
        "days": args.days, "rows": rows, "remember_counts": counts, "found": found_day,
        "memory_mb": {"after_reads": after_reads, "after_writes": memory, "stdio_peak": stdio_peak},
        "imports": costs, "sdk_dependencies": deps,
        "load": [load_before, load_after], "exit": stopped,
    }  # fmt: skip
    OUT.mkdir(exist_ok=True)
    (OUT / f"results-mcp_load-{args.days}.json").write_text(json.dumps(results, indent=2) + "\n")


if __name__ == "__main__":
    main()
