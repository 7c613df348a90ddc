"""The catalog's schema: an older one empties the cache but keeps what is no cache (the settings
the last sync ran with, which say which summaries a config change affects)."""

from __future__ import annotations

import sqlite3
from pathlib import Path

from vaultkit.catalog.store import SCHEMA, Catalog


def test_an_older_schema_starts_over_and_keeps_the_settings(tmp_path: Path) -> None:
    db = sqlite3.connect(tmp_path / "catalog.sqlite")
    with db:  # the shape before `day` columns and their indexes
        db.execute("CREATE TABLE files (path TEXT PRIMARY KEY, mtime_ns INTEGER, facts TEXT)")
        db.execute("CREATE TABLE folders (path TEXT PRIMARY KEY, mtime_ns INTEGER)")
        db.execute("CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT)")
        db.execute("INSERT INTO meta VALUES ('version', ?)", (f"{SCHEMA - 1}:fp",))
        db.execute("INSERT INTO meta VALUES ('settings', 'the settings')")
        db.execute("INSERT INTO files VALUES ('/v/memory/2026-07-01.md', 1, '{}')")
    db.close()
    catalog = Catalog(tmp_path, fingerprint="fp")
    assert catalog.settings.last() == "the settings"
    catalog.save()
    again = sqlite3.connect(tmp_path / "catalog.sqlite")
    assert again.execute("SELECT count(*) FROM files").fetchone() == (0,)
    assert again.execute("SELECT value FROM meta WHERE key = 'version'").fetchone() == (
        f"{SCHEMA}:fp",
    )
