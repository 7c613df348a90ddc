"""A throwaway PostgreSQL cluster for the shared-index tests: `initdb` into a temporary folder,
`pg_ctl start` on a socket in it and a free port of 127.0.0.1, trust authentication, fsync
off. About a second to start.

    python -m tests.pg_cluster start DIR    # prints the connection string
    python -m tests.pg_cluster stop DIR

`.ci/run` starts one and exports its connection string as VAULTKIT_TEST_DATABASE_URL; without
that variable the test fixture starts its own, or skips the tests when PostgreSQL is not
installed (unless VAULTKIT_REQUIRE_POSTGRES=1, as in CI, where a skip would hide a failure).
PostgreSQL refuses to run as root, so as root the server runs as the `postgres` user.
"""

from __future__ import annotations

import contextlib
import glob
import os
import pwd
import shutil
import socket
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path


def binary(name: str) -> str | None:
    """A PostgreSQL server program: on PATH, else Debian's versioned folder (newest first)."""
    found = sorted(glob.glob(f"/usr/lib/postgresql/*/bin/{name}"), reverse=True)
    return found[0] if found else shutil.which(name)


def available() -> bool:
    return binary("initdb") is not None and binary("pg_ctl") is not None


def _as_server_user() -> list[str]:
    if os.geteuid() != 0:
        return []
    return ["runuser", "-u", "postgres", "--"]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def start(root: Path) -> str:
    """Start a cluster in `root` (created); returns its connection string."""
    root.mkdir(parents=True, exist_ok=True)
    if os.geteuid() == 0:
        user = pwd.getpwnam("postgres")
        os.chown(root, user.pw_uid, user.pw_gid)
    data, port = root / "data", _free_port()
    run = _as_server_user()
    initdb, pg_ctl = binary("initdb"), binary("pg_ctl")
    assert initdb and pg_ctl, "PostgreSQL is not installed"
    subprocess.run(
        [*run, initdb, "-D", str(data), "-A", "trust", "-U", "postgres", "-E", "UTF8", "--no-sync"],
        check=True,
        capture_output=True,
    )
    options = (
        f"-k {root} -p {port} -c listen_addresses=127.0.0.1 -c fsync=off "
        "-c synchronous_commit=off -c full_page_writes=off -c max_connections=50"
    )
    subprocess.run(
        [*run, pg_ctl, "-D", str(data), "-o", options, "-l", str(root / "log"), "-w", "start"],
        check=True,
        capture_output=True,
    )
    return f"postgresql://postgres@127.0.0.1:{port}/postgres"


@contextlib.contextmanager
def database(env: str = "VAULTKIT_DATABASE_URL") -> Iterator[str]:
    """The connection string in `env`, else that of a cluster started for the block (and stopped
    and removed after it); `env` is set meanwhile, for the processes the block starts."""
    given = os.environ.get(env)
    if given:
        yield given
        return
    root = Path(tempfile.mkdtemp(prefix="vaultkit-pg-"))
    try:
        os.environ[env] = dsn = start(root)
        yield dsn
    finally:
        os.environ.pop(env, None)
        stop(root)
        shutil.rmtree(root, ignore_errors=True)


def stop(root: Path) -> None:
    pg_ctl = binary("pg_ctl")
    if pg_ctl and (root / "data").exists():
        subprocess.run(
            [*_as_server_user(), pg_ctl, "-D", str(root / "data"), "-m", "immediate", "stop"],
            capture_output=True,
        )


if __name__ == "__main__":
    command, folder = sys.argv[1], Path(sys.argv[2])
    if command == "start":
        print(start(folder))
    else:
        stop(folder)
