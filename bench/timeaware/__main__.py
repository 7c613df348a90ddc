"""`python -m bench.timeaware`: write the time-aware dev set (see the package's docstring)."""

from __future__ import annotations

import argparse
import json
import sys
from datetime import date
from pathlib import Path

from bench import timeaware
from bench.timeaware.write import DAYS, END_DATE, SEED, write


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.timeaware", description=(timeaware.__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("out", type=Path, metavar="OUT_DIR")
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--days", type=int, default=DAYS, help="calendar days (default 420)")
    parser.add_argument("--end", type=date.fromisoformat, default=END_DATE, help="the last day")
    args = parser.parse_args(argv)
    stats = write(args.out, args.seed, args.days, args.end)
    print(json.dumps(stats), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
