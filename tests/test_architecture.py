"""Layering that review alone would let slip: the core never reaches up into the CLI."""

from __future__ import annotations

import ast
from pathlib import Path

PACKAGE = Path(__file__).resolve().parent.parent / "vaultkit"
CLI_ONLY = ("typer", "rich", "click", "vaultkit.cli")


def imports(path: Path) -> set[str]:
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_core_modules_do_not_import_the_cli_or_its_libraries() -> None:
    offenders = []
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE)
        if relative.parts[0] == "cli" or relative.name == "__main__.py":
            continue
        for name in imports(path):
            if any(name == banned or name.startswith(banned + ".") for banned in CLI_ONLY):
                offenders.append(f"{relative}: {name}")
    assert offenders == []


def test_only_storage_writes_files() -> None:
    writers = []
    for path in sorted(PACKAGE.rglob("*.py")):
        text = path.read_text(encoding="utf-8")
        if "os.replace(" in text or ".write_text(" in text or ".write_bytes(" in text:
            writers.append(path.relative_to(PACKAGE).as_posix())
    assert writers == ["storage.py"]
