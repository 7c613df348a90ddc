"""Run many searches in one process and print each `vaultkit search --json` object, one a line.

    python bench/everyday/worker.py CONFIG QUESTIONS.jsonl

QUESTIONS.jsonl holds `{"id", "query", "as_of", "top_k"}`. The first line printed is
`{"vaultkit": PATH}`, the package that was imported. It is run as a script, not as
`-m bench...`, and imports nothing from bench: with `PYTHONPATH=TREE` it searches with the
vaultkit of another working tree (bench/everyday/score.py starts it). It asks through
`vaultkit.search.search.searching` and `Searcher.ask`, what `vaultkit search` calls, so the
answers are the command's; when that API is missing it runs the command once per question.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from datetime import date
from pathlib import Path
from typing import Any


def by_command(config: Path, question: dict[str, Any]) -> dict[str, Any]:
    command = [sys.executable, "-m", "vaultkit", "search", question["query"], "--json"]
    command += ["--config", str(config), "--as-of", question["as_of"]]
    command += ["--top-k", str(question["top_k"])]
    done = subprocess.run(command, capture_output=True, text=True, env=os.environ.copy())
    if done.returncode != 0:
        return {"error": done.stderr.strip()[-500:], "results": []}
    out: dict[str, Any] = json.loads(done.stdout)
    return out


def main(argv: list[str]) -> int:
    config_path, questions_path = Path(argv[0]), Path(argv[1])
    cli = len(argv) > 2 and argv[2] == "--cli"
    import vaultkit

    print(json.dumps({"vaultkit": vaultkit.__file__}), flush=True)
    questions = [json.loads(line) for line in questions_path.read_text().splitlines() if line]
    try:
        from vaultkit.config import load_config
        from vaultkit.search.search import searching
    except ImportError:
        cli = True
    if cli:
        for q in questions:
            print(json.dumps({"id": q["id"], **by_command(config_path, q)}), flush=True)
        return 0
    config = load_config(config_path, reading=True)
    with searching(config) as searcher:
        for q in questions:
            try:
                result = searcher.ask(
                    q["query"], top_k=q["top_k"], as_of=date.fromisoformat(q["as_of"])
                )
                answer = result.as_dict()
            except Exception as error:  # a failing question is scored as an empty answer
                answer = {"error": f"{type(error).__name__}: {error}", "results": []}
            print(json.dumps({"id": q["id"], **answer}, ensure_ascii=False), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
