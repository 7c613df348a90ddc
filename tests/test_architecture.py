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
    assert writers == ["files/storage.py"]


def test_every_command_is_mapped_to_the_module_that_registers_it() -> None:
    from vaultkit.cli import COMMAND_MODULES, app
    from vaultkit.cli.application import COMMAND_ORDER

    registered = {c.name or c.callback.__name__ for c in app.registered_commands}  # type: ignore[union-attr]
    registered |= {g.name for g in app.registered_groups if g.name}
    assert set(COMMAND_MODULES) == registered == set(COMMAND_ORDER)
    for name, module in COMMAND_MODULES.items():
        for command in app.registered_commands:
            if (command.name or command.callback.__name__) == name:  # type: ignore[union-attr]
                assert command.callback.__module__ == f"vaultkit.cli.{module}"  # type: ignore[union-attr]


def test_a_run_loads_only_the_module_of_its_command() -> None:
    import subprocess
    import sys

    code = (
        "import sys; from vaultkit.cli import load_commands; load_commands(['search', 'x']); "
        "print(sorted(m for m in sys.modules if m.startswith(('vaultkit.cli.', 'rich', 'yaml'))))"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    loaded = eval(done.stdout)
    assert "vaultkit.cli.search_cmd" in loaded
    assert not {"vaultkit.cli.lint_cmd", "vaultkit.cli.sync_cmd", "vaultkit.cli.graph_cmd"} & set(
        loaded
    )
    assert not [
        m for m in loaded if m.startswith(("rich", "yaml"))
    ]  # nothing to print or parse yet
