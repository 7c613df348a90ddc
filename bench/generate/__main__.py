"""`python -m bench.generate`: write a synthetic workspace (see the package's docstring)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from bench import generate as package
from bench.generate import generate


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(
        prog="python -m bench.generate", description=(package.__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("out", type=Path)
    parser.add_argument("--days", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--with-summaries", action="store_true")
    parser.add_argument("--archive", action="store_true", help="daily notes under archive/YYYY/MM/")
    parser.add_argument("--defects", type=float, default=0.0, metavar="RATE")
    parser.add_argument("--no-links", action="store_true", help="no spine or parent lines")
    parser.add_argument("--force", action="store_true", help="replace OUT if it exists")
    args = parser.parse_args(argv)
    stats = generate(
        args.out,
        args.days,
        seed=args.seed,
        with_summaries=args.with_summaries,
        archive=args.archive,
        defects=args.defects,
        links=not args.no_links,
        force=args.force,
    )
    print(json.dumps(stats), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
