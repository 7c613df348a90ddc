"""What sync's runs leave in the catalog's `meta`, beside its rows: the marks a run records with
its rows when it saves them (`Marks`), and the settings the runs summarized with (`RunSettings`,
`sync.settings`): those of the last completed sync, and those of the runs that summarized days
and stopped before they completed since, written at once. `meta` outlives a catalog schema."""

from __future__ import annotations

from collections.abc import Callable, Mapping

Read = Callable[[str], str | None]
Write = Callable[[Mapping[str, str | None]], None]  # a key -> its value (None: gone)

_LAST, _TRIED = "settings", "settings tried"


class Marks:
    """The values the last saved run recorded, and those this run records when it saves."""

    def __init__(self, read: Read) -> None:
        self._read = read
        self.recorded: dict[str, str] = {}  # to write at the catalog's `save`

    def get(self, key: str) -> str | None:
        """A value the last saved run recorded (`set`)."""
        return self._read(key)

    def set(self, key: str, value: str) -> None:
        """A value to record with this run's rows, when the catalog saves them."""
        self.recorded[key] = value

    def daily_ready(self) -> bool:
        """Whether the saved rows are those of the vault's own files, as a full or a daily
        look left them (not after a backfill read another folder): a daily look may start
        from them."""
        return self.get("daily") == "1"

    def set_daily_ready(self, ready: bool) -> None:
        """Whether this run's rows may be a daily look's start."""
        self.set("daily", "1" if ready else "0")

    def indexed(self) -> str | None:
        """The mark the search index was left with by the last saved run (`index.refresh.Changed`)."""
        return self.get("indexed")

    def set_indexed(self, mark: str | None) -> None:
        """The mark to record (None: the index is not known to be in step)."""
        self.set("indexed", mark or "")


class RunSettings:
    """The settings of the last completed sync and of the stopped runs since (each one line)."""

    def __init__(self, read: Read, write: Write) -> None:
        self._read = read
        self._write = write

    def last(self) -> str | None:
        """The settings the last completed sync ran with, if recorded."""
        return self._read(_LAST)

    def completed(self, settings: str) -> None:
        """Record the settings a sync that completed ran with; the stopped runs' are forgotten."""
        self._write({_LAST: settings, _TRIED: None})

    def tried(self) -> list[str]:
        """The settings of runs that summarized days and did not complete since the last
        completed sync (`trying`)."""
        tried = self._read(_TRIED)
        return tried.split("\n") if tried else []

    def trying(self, settings: str) -> None:
        """Record, before a run summarizes, the settings it summarizes with: if it stops before
        completing, its days were summarized with these, not the last completed run's."""
        tried = self.tried()
        if settings not in tried:
            self._write({_TRIED: "\n".join([*tried, settings])})
