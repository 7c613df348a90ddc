"""Where a vault's derived cache lives: `.vaultkit/` in the vault, or, when the vault cannot be
written (a read-only mount: a NAS snapshot, a backup; a folder this user may not write), a folder
of the user's cache named for the vault, so that a read-only vault can still be searched.

The folder in the cache is `$XDG_CACHE_HOME/vaultkit/NAME-DIGEST` (`~/.cache/vaultkit/...`),
DIGEST the vault's resolved path's: two vaults of one name never share it, and the same vault
finds it again. When it is made, the vault's own search index and vectors are copied into it if
the vault has them (a snapshot of a synced vault then needs no rebuild).
"""

from __future__ import annotations

import os
import re
import shutil
import stat
from pathlib import Path

OWN = ".vaultkit"
_COPIED = ("index.sqlite", "vectors.sqlite")  # what is worth not rebuilding (a SQLite file each)


def may_write(folder: Path) -> bool:
    """Whether this process can write in `folder`: not a read-only mount, not a folder without
    any write permission (`chmod a-w`: meant read-only, even for root), and `access` agrees.
    Looked at, never tried."""
    try:
        mode = os.stat(folder).st_mode
        read_only_mount = bool(os.statvfs(folder).f_flag & os.ST_RDONLY)
    except OSError:
        return False
    if read_only_mount or not stat.S_ISDIR(mode) or not mode & 0o222:
        return False
    return os.access(folder, os.W_OK | os.X_OK)


def vault_writable(vault: Path) -> bool:
    """Whether the vault's folder, and its `.vaultkit/` when it has one, can be written."""
    own = vault / OWN
    return may_write(vault) and (not own.is_dir() or may_write(own))


def user_cache() -> Path:
    """The user's cache folder for vaultkit (`$XDG_CACHE_HOME/vaultkit`, else `~/.cache/...`)."""
    base = os.environ.get("XDG_CACHE_HOME") or ""
    root = Path(base) if os.path.isabs(base) else Path.home() / ".cache"
    return root / "vaultkit"


def fallback_dir(vault: Path) -> Path:
    """The cache folder of a vault that cannot be written (made, and seeded, by `state_dir`)."""
    import hashlib  # here: loading OpenSSL is 4 ms of every start otherwise

    where = os.fspath(vault.resolve())
    name = re.sub(r"[^A-Za-z0-9._-]+", "-", vault.resolve().name).strip(".-")[:40] or "vault"
    return user_cache() / f"{name}-{hashlib.sha256(where.encode()).hexdigest()[:16]}"


def state_dir(vault: Path) -> Path:
    """The folder of the vault's derived cache: its own `.vaultkit/`, unless the vault exists and
    cannot be written (then `fallback_dir`, made here, seeded from `.vaultkit/` if it has one)."""
    own = vault / OWN
    if not vault.is_dir() or vault_writable(vault):
        return own
    cache = fallback_dir(vault)
    if not cache.is_dir():
        seeding = cache.with_name(f".{cache.name}.{os.getpid()}")
        try:
            seeding.mkdir(parents=True)
            for name in _COPIED:
                if (own / name).is_file():
                    shutil.copyfile(own / name, seeding / name)
            os.replace(seeding, cache)  # whole or not at all: another process may race this one
        except OSError:  # made meanwhile, or no cache folder either (the command will say so)
            shutil.rmtree(seeding, ignore_errors=True)
    return cache


def kept_elsewhere(vault: Path, state: Path) -> str | None:
    """What to tell the user when the vault's cache is kept outside it; None when it is not."""
    if state == vault / OWN:
        return None
    return f"the vault is read-only: its search index is kept in {state}"
