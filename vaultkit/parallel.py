"""Independent work on every core: a function of one item over many items, in the items' order.

A first sync reads thousands of files, summarizes thousands of days and analyses each day's
text for the index; each of those depends on its own file or day alone, so `ordered_map` spreads
them over the cores and hands the results back in order, for the one process that writes. The
results are the same, in the same order, as a plain `map`.

The workers are forked: they inherit the function and its items, so only the results are
pickled, and nothing is imported again. A process with other threads does not fork (a lock one
of them holds would stay held in the child forever); it runs the work itself. They ignore Ctrl-C, which the writing process handles
(it stops the pool and keeps what it wrote). An item whose function raises in a worker, or
returns an exception (a way to report one item's failure and go on), is run again in this
process: an exception may not survive pickling, and the caller sees it whole. A worker that
dies (the kernel's out-of-memory killer) leaves the rest of the items to this process. Where fork is not how processes
start (macOS, Windows), on one core, or for a few items, the work runs in this process.
`VAULTKIT_WORKERS` sets the number of workers (1: none).
"""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Generator, Sequence
from typing import Any, TypeVar

T = TypeVar("T")
R = TypeVar("R")

MIN_ITEMS = 32  # fewer: a fork and its pickling cost more than the work saves
_CHUNK = 8  # items a worker takes at once: fewer round trips, results still come in soon

_job: tuple[Callable[[Any], Any], Sequence[Any]] | None = None


class _Failed:
    """A worker's result for an item whose function raised (it is run again in the parent)."""


def workers() -> int:
    """How many processes `ordered_map` uses: `VAULTKIT_WORKERS`, else the usable cores."""
    wanted = os.environ.get("VAULTKIT_WORKERS", "").strip()
    if wanted.isdigit() and int(wanted) > 0:
        return int(wanted)
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def ordered_map(fn: Callable[[T], R], items: Sequence[T]) -> Generator[R, None, None]:
    """`map(fn, items)`, on every core when there is enough work; `fn` must not write, and
    must give the same result for the same item wherever it runs. Close the generator when
    done with it early (the pool stops then)."""
    global _job
    count = min(workers(), len(items))
    # One pool at a time: a second one, while the first is open, would fork the first's job.
    if count < 2 or len(items) < MIN_ITEMS or _job is not None or not _can_fork():
        yield from map(fn, items)
        return
    import multiprocessing  # here: a run with no pool to make (a search) never loads them
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    _job = (fn, items)
    pool = ProcessPoolExecutor(
        count, mp_context=multiprocessing.get_context("fork"), initializer=_ignore_interrupts
    )
    done = 0
    try:
        try:
            for result in pool.map(_run, range(len(items)), chunksize=_CHUNK):
                yield fn(items[done]) if isinstance(result, _Failed) else result
                done += 1
        except BrokenProcessPool:  # a worker was killed (out of memory?): the rest runs here
            yield from map(fn, items[done:])
    finally:
        pool.shutdown(wait=True, cancel_futures=True)
        _job = None


def _can_fork() -> bool:
    import multiprocessing

    # macOS offers fork but its system libraries are not safe to use in a forked child.
    linux = sys.platform.startswith("linux")
    return (
        linux
        and threading.active_count() == 1
        and "fork" in multiprocessing.get_all_start_methods()
    )


def _ignore_interrupts() -> None:
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _run(index: int) -> Any:
    assert _job is not None  # set before the pool forks
    fn, items = _job
    try:
        return fn(items[index])
    except Exception:
        return _Failed()
