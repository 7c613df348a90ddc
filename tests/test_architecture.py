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
    # state.py makes the cache folder of a read-only vault in the user's cache, never in a vault
    assert writers == ["files/storage.py", "state.py"]


def test_every_command_is_mapped_to_the_module_that_registers_it() -> None:
    from vaultkit.cli import COMMAND_MODULES, app

    registered = {c.name or c.callback.__name__ for c in app.registered_commands}  # type: ignore[union-attr]
    registered |= {g.name for g in app.registered_groups if g.name}
    assert set(COMMAND_MODULES) == registered
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


# The stages in the order they may import each other: a module imports only the core and the
# stages before its own (and its own package). The core modules import only each other.
CORE = (
    "errors", "redact", "model", "strict_json", "config", "dates", "http_client", "state", "parallel",
)  # fmt: skip
STAGES = (
    "text", "files", "summarize", "pages", "catalog", "lint", "index", "anythingllm", "search", "sync",
    "workspace", "capture", "reports", "mcp", "cli",
)  # fmt: skip


def layer_of(module: str) -> int:
    """0 for the core, then 1 + a stage's place in STAGES (`vaultkit.__main__` is the CLI's)."""
    parts = module.split(".")
    top = parts[1] if len(parts) > 1 else "__init__"
    if top in (*CORE, "__init__"):
        return 0
    if top == "__main__":
        return 1 + STAGES.index("cli")
    return 1 + STAGES.index(top)


def modules() -> dict[str, Path]:
    found = {}
    for path in sorted(PACKAGE.rglob("*.py")):
        relative = path.relative_to(PACKAGE.parent).with_suffix("")
        name = ".".join(relative.parts).removesuffix(".__init__")
        found[name] = path
    return found


def vaultkit_imports(path: Path) -> set[str]:
    return {n for n in imports(path) if n == "vaultkit" or n.startswith("vaultkit.")}


def test_no_import_runs_up_the_layers() -> None:
    known = modules()
    upward = []
    for name, path in known.items():
        for target in vaultkit_imports(path):
            if target == "vaultkit":
                continue  # `from vaultkit import __version__`
            if layer_of(target) > layer_of(name):
                upward.append(f"{name} imports {target}")
    assert upward == []


def test_there_are_no_import_circles() -> None:
    import networkx as nx

    known = modules()
    graph = nx.DiGraph()
    for name, path in known.items():
        for target in vaultkit_imports(path):
            # `from vaultkit.pkg import mod` names a module; a package's face names its modules
            owner = target if target in known else target.rpartition(".")[0]
            if owner in known and owner != name and owner != "vaultkit":
                graph.add_edge(name, owner)
    circles = [sorted(c) for c in nx.strongly_connected_components(graph) if len(c) > 1]
    assert circles == []


def test_the_layout_reads_as_the_data_flow() -> None:
    top = sorted(p.stem for p in PACKAGE.glob("*.py"))
    assert len(top) <= 12, top
    stages = [s for s in STAGES if (PACKAGE / s).is_dir()]
    assert len([s for s in stages if s not in ("mcp", "cli")]) >= 5
    for package in sorted(p for p in PACKAGE.iterdir() if (p / "__init__.py").exists()):
        doc = ast.get_docstring(ast.parse((package / "__init__.py").read_text("utf-8")))
        assert doc and "May import" in doc, package.name
    too_long = {
        str(p.relative_to(PACKAGE)): n
        for p in PACKAGE.rglob("*.py")
        if (n := len(p.read_text("utf-8").splitlines())) > 500
    }
    assert too_long == {}


def test_the_tests_mirror_the_packages() -> None:
    tests = Path(__file__).resolve().parent
    folders = {p.name for p in tests.iterdir() if (p / "__init__.py").exists()}
    packages = {p.name for p in PACKAGE.iterdir() if (p / "__init__.py").exists()}
    assert folders - packages == {"core", "fixtures"}  # the core modules; the fakes and data
    assert packages <= folders  # every package has its tests
    loose = sorted(p.name for p in tests.glob("test_*.py"))
    assert loose == ["test_architecture.py"]


def test_what_sync_remembers_lives_in_the_catalog_and_notes_are_written_by_the_workspace() -> None:
    # files/ is the vault's file I/O: no database. The transports (mcp/) call the workspace's
    # note writers and hold no lock or writer of their own.
    known = modules()
    misplaced = [
        f"{name} imports {target}"
        for name, path in known.items()
        for target in imports(path)
        if (name.startswith("vaultkit.files.") and target == "sqlite3")
        or (
            name.startswith("vaultkit.mcp.")
            and target in ("vaultkit.files.storage", "vaultkit.files.lock")
        )
    ]
    assert misplaced == []


VENDORS = ("anythingllm",)  # a vendor's backend: one package, loaded only when the config names it


def vendor_of(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "vaultkit" and len(parts) > 1 and parts[1] in VENDORS else None


def test_a_vendor_package_is_imported_only_inside_a_function() -> None:
    eager = set()
    for name, path in modules().items():
        if vendor_of(name):
            continue  # the vendor's own modules import each other freely
        tree = ast.parse(path.read_text(encoding="utf-8"))
        lazy = {
            id(node)
            for function in ast.walk(tree)
            if isinstance(function, (ast.FunctionDef, ast.AsyncFunctionDef))
            for node in ast.walk(function)
        }
        for node in ast.walk(tree):
            if isinstance(node, ast.Import):
                targets = [alias.name for alias in node.names]
            elif isinstance(node, ast.ImportFrom) and node.module:
                targets = [node.module, *(f"{node.module}.{a.name}" for a in node.names)]
            else:
                continue
            if id(node) not in lazy and any(vendor_of(target) for target in targets):
                eager.add(f"{name}:{node.lineno}")
    assert sorted(eager) == []
