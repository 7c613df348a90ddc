"""`python -m bench.everyday`: write the dev set, or `score` it (see the package's docstring)."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from bench import everyday
from bench.everyday.write import SEED, write


def main(argv: list[str] | None = None) -> int:
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] == ["score"]:
        from bench.everyday.score import main as score

        return score(argv[1:])
    parser = argparse.ArgumentParser(
        prog="python -m bench.everyday", description=(everyday.__doc__ or "").split("\n\n")[0]
    )
    parser.add_argument("out", type=Path, metavar="OUT_DIR")
    parser.add_argument("--seed", type=int, default=SEED)
    args = parser.parse_args(argv)
    stats = write(args.out, args.seed)
    print(json.dumps(stats), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
