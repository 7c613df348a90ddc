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
- **Readers**: one REPEATABLE READ, READ ONLY transaction per opened index, so everything a
  search or a recall reads comes from one snapshot: never half of a sync.

The connection string comes from the environment variable `index.dsn_env` names (a password
does not belong in a config file people share).
"""

from __future__ import annotations

import hashlib
import os
import re
from typing import TYPE_CHECKING, Any

from vaultkit.config import Config
from vaultkit.errors import ConfigError, LockedError, SearchIndexError
from vaultkit.index.sql import PostgresDatabase

if TYPE_CHECKING:
    import psycopg

LOCK_WAIT = "30s"  # how long a writer waits for another writer of the same vault
DROP_WAIT = "2s"  # how long dropping an old generation waits for its last readers

REGISTRY = """
CREATE TABLE IF NOT EXISTS public.vaultkit_vaults(
    vault_id TEXT PRIMARY KEY, generation BIGINT NOT NULL, building BIGINT)
"""


def connect_dsn(config: Config) -> psycopg.Connection[Any]:
    """A connection to the database the config's environment variable names."""
    try:
        import psycopg
    except ImportError:
        raise ConfigError(
            'index.store: "postgres" needs psycopg: pip install "vaultkit[postgres]"',
            rule="config-value",
        ) from None
    name = config.index.dsn_env
    dsn = os.environ.get(name)
    if not dsn:
        raise ConfigError(
            f"index.dsn_env: the environment variable {name} holds no connection string "
            "(postgresql://user@host/db)",
            rule="config-value",
        )
    try:
        return psycopg.connect(dsn, connect_timeout=10)
    except psycopg.Error as exc:
        raise SearchIndexError(
            f"shared index: cannot connect ({name}): {_first_line(exc)}"
        ) from None


class SharedIndex:
    """An open connection to one vault's tables: a writer's (locked, may rebuild) or a
    reader's (one snapshot)."""

    def __init__(self, config: Config, identity: dict[str, str], *, reader: bool) -> None:
        self.vault_id = config.index.vault_id
        self.reader = reader
        self.pending: int | None = None  # a generation being built, switched to by `publish`
        conn = connect_dsn(config)
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
        from psycopg.errors import LockNotAvailable

        db = self.db
        db.execute(f"SET lock_timeout = '{LOCK_WAIT}'")
        try:
            db.execute("SELECT pg_advisory_lock(?)", (lock_key(self.vault_id),))
        except LockNotAvailable as exc:
            db.rollback()
            raise LockedError(
                f"shared index of {self.vault_id!r}: another vaultkit run is writing it; "
                f"waited {LOCK_WAIT} ({_first_line(exc)})"
            ) from None
        db.execute("SET lock_timeout = 0")
        with db:
            db.executescript(REGISTRY)
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
                "INSERT INTO public.vaultkit_vaults VALUES (?, ?, ?) "
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
