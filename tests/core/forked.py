"""Checks of `vaultkit.parallel`'s forked path, each run in a fresh interpreter by
tests/core/test_parallel.py: `python -m tests.core.forked CHECK` prints `CHECK: ok`."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable

from vaultkit import parallel
from vaultkit.errors import VaultkitError


def square_and_pid(n: int) -> tuple[int, int]:
    return n * n, os.getpid()


class Odd(VaultkitError):
    def __init__(self, n: int) -> None:  # not the base class's signature: pickling would fail
        super().__init__(f"{n} is odd", rule="odd")
        self.n = n


def even_only(n: int) -> int:
    if n % 2:
        raise Odd(n)
    return n


def reported(n: int) -> int | Odd:
    return Odd(n) if n % 2 else n


def in_order_from_other_processes() -> None:
    results = list(parallel.ordered_map(square_and_pid, range(200)))
    assert [r for r, _ in results] == [n * n for n in range(200)]
    assert os.getpid() not in {pid for _, pid in results}


def raised_here_as_itself() -> None:
    results = parallel.ordered_map(even_only, [*range(0, 64, 2), 65, 66])
    assert [next(results) for _ in range(32)] == list(range(0, 64, 2))
    try:
        next(results)
    except Odd as odd:
        assert odd.n == 65
    else:
        raise AssertionError("no Odd raised")


def returned_errors_come_back_whole() -> None:
    results = list(parallel.ordered_map(reported, range(80)))
    assert [r for r in results if not isinstance(r, Odd)] == list(range(0, 80, 2))
    assert [r.n for r in results if isinstance(r, Odd)] == list(range(1, 80, 2))


def closed_early_stops_its_pool() -> None:
    results = parallel.ordered_map(square_and_pid, range(10_000))
    assert next(results)[0] == 0
    results.close()
    assert parallel._job is None


def one_pool_at_a_time() -> None:
    outer = parallel.ordered_map(square_and_pid, range(100))
    first = next(outer)
    inner = list(parallel.ordered_map(square_and_pid, range(100)))
    assert {pid for _, pid in inner} == {os.getpid()} != {first[1]}
    assert [first[0], *(r for r, _ in outer)] == [r for r, _ in inner]


PARENT = os.getpid()


def dies_at_fifty(n: int) -> int:
    if n == 50 and os.getpid() != PARENT:
        os._exit(9)  # as the out-of-memory killer would end it
    return n * n


def a_killed_worker_leaves_the_rest_here() -> None:
    assert list(parallel.ordered_map(dies_at_fifty, range(300))) == [n * n for n in range(300)]


CHECKS: dict[str, Callable[[], None]] = {
    "in-order": in_order_from_other_processes,
    "raised": raised_here_as_itself,
    "returned-errors": returned_errors_come_back_whole,
    "closed-early": closed_early_stops_its_pool,
    "killed-worker": a_killed_worker_leaves_the_rest_here,
    "one-pool": one_pool_at_a_time,
}

if __name__ == "__main__":
    name = sys.argv[1]
    CHECKS[name]()
    print(f"{name}: ok")
