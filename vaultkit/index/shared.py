"""The index on PostgreSQL (`index.store: postgres`): one index per vault id, shared by the
machine that has the files (the writer) and any number of machines that only search (readers).

- **Where**: each vault's tables live in a schema of their own, `vk_<id>_g<N>`, and the table
  `vaultkit_vaults` names the current one (its generation N). A rebuild (another schema version,
  another embedding model) fills generation N + 1 while readers go on reading N, and switches
  the name over in one commit at the end; a rebuild cut short leaves N current and is begun
  again by the next writer. Generations no longer current are dropped by a later writer, once no
  reader holds them.
- **One writer**: a writer holds a session advisory lock on the vault id while it is connected;
  a second one waits for it (up to `LOCK_WAIT`), then gives up with a one-line error.
- **One copy of the vault writes it**: the registry records, per vault id, which copy of the
  vault writes it: this machine's name (up to its first dot, lower case) and the vault folder's
  real path. A writer from another copy (another machine, or another folder: a copy made with
  rsync, a backup restored elsewhere, two workspaces given the same `vault_id`) stops with a
  one-line error naming the writing copy, before it changes anything, unless it is told to take
  the index over (`check_writer(take_over=True)`: `sync`, `reconcile --fill` and `backfill`
  with `--take-over`), which makes it the writer. A search on a machine with the files is a
  writer too (it refreshes the index first) and is refused the same way. A vault folder that
  moved, or a renamed machine, looks like another copy and is taken over the same way; a path
  reached through a symbolic link is the same folder. A vault no copy has claimed (a new one, or
  one an older vaultkit wrote) is claimed by its first writer. Readers never check.
- **Readers**: one REPEATABLE READ, READ ONLY transaction per opened index, so everything a
  search or a recall reads comes from one snapshot: never half of a sync.

The connection string comes from the environment variable `index.dsn_env` names (a password
does not belong in a config file people share). No message quotes it: what the driver says is
scrubbed of its secrets (`vaultkit.redact.scrub`) before it becomes an error.
"""

from __future__ import annotations

import hashlib
import os
import re
import socket
from pathlib import Path
from typing import TYPE_CHECKING, Any

from vaultkit.config import Config, IndexConfig
from vaultkit.errors import (
    ConfigError,
    IndexOwnerError,
    LockedError,
    SearchIndexError,
    VaultkitError,
)
from vaultkit.index.sql import PostgresDatabase
from vaultkit.redact import dsn_secrets, scrub

if TYPE_CHECKING:
    import psycopg

LOCK_WAIT = "30s"  # how long a writer waits for another writer of the same vault
DROP_WAIT = "2s"  # how long dropping an old generation waits for its last readers

REGISTRY = """
CREATE TABLE IF NOT EXISTS public.vaultkit_vaults(
    vault_id TEXT PRIMARY KEY, generation BIGINT NOT NULL, building BIGINT, writer TEXT)
"""
# A registry an older vaultkit made has no `writer`; added only when missing, as ALTER TABLE
# would wait for every reader's snapshot to end.
WRITER_COLUMN = "ALTER TABLE public.vaultkit_vaults ADD COLUMN IF NOT EXISTS writer TEXT"


def connect_dsn(index: IndexConfig) -> psycopg.Connection[Any]:
    """A connection to the database the environment variable `index.dsn_env` names."""
    try:
        import psycopg
    except ImportError:
        raise ConfigError(
            'index.store: "postgres" needs psycopg: pip install "vaultkit[postgres]"',
            rule="config-value",
        ) from None
    from psycopg.conninfo import conninfo_to_dict

    name = index.dsn_env
    dsn = os.environ.get(name)
    if not dsn:
        raise ConfigError(
            f"index.dsn_env: the environment variable {name} holds no connection string "
            "(postgresql://user@host/db)",
            rule="config-value",
        )
    try:
        conninfo_to_dict(dsn)
    except psycopg.Error as exc:
        raise ConfigError(
            f"index.dsn_env: the connection string in {name} cannot be parsed "
            f"({driver_said(exc, index.dsn_env)})",
            rule="config-value",
        ) from None
    try:
        return psycopg.connect(dsn, connect_timeout=10)
    except psycopg.Error as exc:
        raise SearchIndexError(
            f"shared index: cannot connect ({name}): {driver_said(exc, index.dsn_env)}"
        ) from None


def driver_said(exc: BaseException, dsn_env: str) -> str:
    """The first line of a driver's error, without the secrets of the connection string the
    environment variable `dsn_env` holds."""
    dsn = os.environ.get(dsn_env, "")
    return scrub(_first_line(exc), dsn_secrets(dsn))


def check_writer(index: IndexConfig, vault_dir: Path, *, take_over: bool = False) -> None:
    """Before a writer's work: stop when another copy of the vault writes its shared index (a
    quick look; the writer looks again under its lock), or with `take_over` make this copy (the
    one in `vault_dir`) its writer. A database out of reach is left to the index refresh to
    report."""
    if index.store != "postgres":
        return
    try:
        conn = connect_dsn(index)
    except VaultkitError:
        return
    import psycopg

    db = PostgresDatabase(conn)
    try:
        if take_over:
            _take_over(db, index, writer_identity(vault_dir))
        else:
            _refuse_another(
                index.vault_id,
                writer_identity(vault_dir),
                _writer_of(db, index.vault_id),
            )
    except psycopg.Error as exc:
        if take_over:
            raise SearchIndexError(
                f"shared index of {index.vault_id!r}: {driver_said(exc, index.dsn_env)}"
            ) from None
    finally:
        conn.close()


def _take_over(db: PostgresDatabase, index: IndexConfig, mine: str) -> None:
    """This copy (`mine`) recorded as the vault's writer, under the writers' lock (the
    session's end frees it)."""
    _lock(db, index)
    _registry(db)
    with db:
        _record_writer(db, index.vault_id, mine)


def writer_identity(vault_dir: Path) -> str:
    """Which copy of the vault this is: `host:real path of the vault folder` (see the module)."""
    host = socket.gethostname().split(".")[0].casefold() or "localhost"
    return f"{host}:{vault_dir.resolve()}"


class SharedIndex:
    """An open connection to one vault's tables: a writer's (locked, may rebuild) or a
    reader's (one snapshot)."""

    def __init__(self, config: Config, identity: dict[str, str], *, reader: bool) -> None:
        self.config = config
        self.vault_id = config.index.vault_id
        self.reader = reader
        self.pending: int | None = None  # a generation being built, switched to by `publish`
        conn = connect_dsn(config.index)
        self.db = PostgresDatabase(conn)
        try:
            if reader:
                self._open_reader(conn, identity)
            else:
                self._open_writer(identity)
        except BaseException:
            conn.close()
            raise

    # Readers

    def _open_reader(self, conn: psycopg.Connection[Any], identity: dict[str, str]) -> None:
        import psycopg

        conn.isolation_level = psycopg.IsolationLevel.REPEATABLE_READ
        conn.read_only = True
        row = _current(self.db, self.vault_id)
        if row is None:
            raise SearchIndexError(
                f"shared index: no vault {self.vault_id!r} in the database yet: "
                "run `vaultkit sync` on the machine that has its files"
            )
        self._use(schema_name(self.vault_id, row), commit=False)  # the snapshot goes on
        stored = dict(self.db.execute("SELECT key, value FROM meta").fetchall())
        for key in ("schema", "languages", "embeddings"):
            if stored.get(key) != identity[key]:
                raise SearchIndexError(
                    f"shared index of {self.vault_id!r}: built with {key} "
                    f"{stored.get(key)!r}, this config reads {identity[key]!r}; "
                    "use the writer's settings (and vaultkit version)"
                )

    # The writer

    def _open_writer(self, identity: dict[str, str]) -> None:
        db = self.db
        _lock(db, self.config.index)
        _registry(db)
        with db:  # a vault no copy writes yet is claimed; another copy's is refused
            mine = writer_identity(self.config.vault_dir)
            _refuse_another(self.vault_id, mine, _writer_of(db, self.vault_id))
            _record_writer(db, self.vault_id, mine)
        current = _current(db, self.vault_id)
        if current is not None:
            self._use(schema_name(self.vault_id, current))
            stored = _meta(db)
            if stored and all(stored.get(k) == v for k, v in identity.items()):
                db.commit()
                self._drop_old(current)
                return
        self.pending = (current or 0) + 1  # a new vault, or one built otherwise: a generation
        schema = schema_name(self.vault_id, self.pending)
        with db:
            db.execute(f"DROP SCHEMA IF EXISTS {schema} CASCADE")  # a build cut short
            db.execute(f"CREATE SCHEMA {schema}")
            db.execute(
                "INSERT INTO public.vaultkit_vaults(vault_id, generation, building) "
                "VALUES (?, ?, ?) "
                "ON CONFLICT(vault_id) DO UPDATE SET building = excluded.building",
                (self.vault_id, current or 0, self.pending),
            )
        self._use(schema)

    def publish(self) -> None:
        """Make the generation just built the one readers read (after its build committed)."""
        if self.pending is None:
            return
        with self.db:
            self.db.execute(
                "UPDATE public.vaultkit_vaults SET generation = ?, building = NULL "
                "WHERE vault_id = ?",
                (self.pending, self.vault_id),
            )
        self.pending = None

    def _drop_old(self, current: int) -> None:
        """Drop generations other than the current one; one a reader still holds is left."""
        from psycopg.errors import LockNotAvailable

        prefix = schema_prefix(self.vault_id)
        rows = self.db.execute(
            "SELECT nspname FROM pg_namespace WHERE left(nspname, ?) = ?", (len(prefix), prefix)
        ).fetchall()
        self.db.commit()
        for (name,) in rows:
            if name == schema_name(self.vault_id, current):
                continue
            try:
                with self.db:
                    self.db.execute(f"SET LOCAL lock_timeout = '{DROP_WAIT}'")
                    self.db.execute(f"DROP SCHEMA IF EXISTS {name} CASCADE")
            except LockNotAvailable:  # a reader still in it: the next writer tries again
                continue

    def _use(self, schema: str, *, commit: bool = True) -> None:
        """Read and write `schema`'s tables; committed, so a later rollback keeps it."""
        self.schema = schema
        self.db.execute(f"SET search_path TO {schema}")
        if commit:
            self.db.commit()


def _lock(db: PostgresDatabase, index: IndexConfig) -> None:
    """The writers' session lock on the vault id, waited for up to `LOCK_WAIT`."""
    from psycopg.errors import LockNotAvailable

    vault_id = index.vault_id
    db.execute(f"SET lock_timeout = '{LOCK_WAIT}'")
    try:
        db.execute("SELECT pg_advisory_lock(?)", (lock_key(vault_id),))
    except LockNotAvailable as exc:
        db.rollback()
        raise LockedError(
            f"shared index of {vault_id!r}: another vaultkit run is writing it; "
            f"waited {LOCK_WAIT} ({driver_said(exc, index.dsn_env)})"
        ) from None
    db.execute("SET lock_timeout = 0")


def _registry(db: PostgresDatabase) -> None:
    """The registry of vaults, with the `writer` column."""
    with db:
        db.executescript(REGISTRY)
        found = db.execute(
            "SELECT 1 FROM information_schema.columns WHERE table_schema = 'public' "
            "AND table_name = 'vaultkit_vaults' AND column_name = 'writer'"
        ).fetchone()
        if found is None:
            db.execute(WRITER_COLUMN)


def _writer_of(db: PostgresDatabase, vault_id: str) -> str | None:
    """The copy recorded as the vault's writer; None in a registry without one (or none at
    all, or a registry of an older vaultkit, without the column)."""
    from psycopg.errors import UndefinedTable

    try:
        row = db.execute(
            "SELECT to_jsonb(v) ->> 'writer' FROM public.vaultkit_vaults v WHERE vault_id = ?",
            (vault_id,),
        ).fetchone()
    except UndefinedTable:
        db.rollback()
        return None
    return str(row[0]) if row and row[0] else None


def _record_writer(db: PostgresDatabase, vault_id: str, writer: str) -> None:
    """This copy as the vault's writer in the registry (a new vault's row: no generation yet)."""
    db.execute(
        "INSERT INTO public.vaultkit_vaults(vault_id, generation, writer) VALUES (?, 0, ?) "
        "ON CONFLICT(vault_id) DO UPDATE SET writer = excluded.writer "
        "WHERE vaultkit_vaults.writer IS DISTINCT FROM excluded.writer",
        (vault_id, writer),
    )


def _refuse_another(vault_id: str, mine: str, theirs: str | None) -> None:
    """Stop when `theirs`, the recorded writer, is another copy of the vault than `mine`."""
    if theirs is not None and theirs != mine:
        raise IndexOwnerError(
            f"shared index of {vault_id!r}: written by the vault copy at {theirs}, "
            f"not by this one ({mine}); `vaultkit sync --take-over` makes this copy its writer"
        )


def _current(db: PostgresDatabase, vault_id: str) -> int | None:
    from psycopg.errors import UndefinedTable

    try:
        row = db.execute(
            "SELECT generation FROM public.vaultkit_vaults WHERE vault_id = ?", (vault_id,)
        ).fetchone()
    except UndefinedTable:  # no registry yet: a database no writer has used
        db.rollback()
        return None
    return int(row[0]) if row and row[0] else None


def _meta(db: PostgresDatabase) -> dict[str, str]:
    from psycopg.errors import UndefinedTable

    try:
        return dict(db.execute("SELECT key, value FROM meta").fetchall())
    except UndefinedTable:  # the schema is there, its tables not (yet)
        db.rollback()
        return {}


def schema_prefix(vault_id: str) -> str:
    """The schemas of a vault: a digest of its id keeps any id a plain SQL name."""
    readable = re.sub(r"[^a-z0-9]+", "_", vault_id.casefold()).strip("_")[:20]
    digest = hashlib.sha256(vault_id.encode()).hexdigest()[:8]
    return f"vk_{readable}_{digest}_g"


def schema_name(vault_id: str, generation: int) -> str:
    return f"{schema_prefix(vault_id)}{generation}"


def lock_key(vault_id: str) -> int:
    """The advisory lock's 64-bit key for a vault id."""
    digest = hashlib.sha256(b"vaultkit:" + vault_id.encode()).digest()
    return int.from_bytes(digest[:8], "big", signed=True)


def _first_line(exc: BaseException) -> str:
    return (str(exc).strip().splitlines() or [type(exc).__name__])[0]
