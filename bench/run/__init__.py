"""vaultkit benchmarks on synthetic vaults (see bench/generate/).

    python -m bench.run lint    --days 1000 [--days 10000] [--runs 3]
    python -m bench.run sync    --days 1000 [--days 10000]
    python -m bench.run search  --days 1000 [--days 10000 --days 100000]
    python -m bench.run backfill --days 1000
    python -m bench.run archive --days 1000
    python -m bench.run all [--quick]

Timings are wall-clock medians over `--runs` runs, taken with `time.perf_counter` in this process or
around a subprocess; peak memory is the maximum resident set size `/usr/bin/time -v` reports for a
subprocess (left blank where that tool is missing). Vaults are generated into `bench/out/` (git-
ignored) and reused while their generation arguments match; results go to
`bench/out/results-<bench>.json` and a markdown table on stdout.

`measure.py` takes the measurements, `tables.py` makes their tables, `__main__.py` runs the
benchmarks asked for and writes their results.
"""
