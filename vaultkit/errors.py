"""Every error a user can cause, as one exception tree the CLI turns into a one-line message."""

from __future__ import annotations

from pathlib import Path

INTERRUPTED = 130  # the exit status of a run stopped by Ctrl-C (as a shell gives SIGINT's)


class VaultkitError(Exception):
    """Root of the errors the CLI reports without a traceback; carries where and which rule."""

    exit_code = 1

    def __init__(
        self,
        message: str,
        *,
        path: Path | str | None = None,
        line: int | None = None,
        rule: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.rule = rule

    def __str__(self) -> str:
        where = ""
        if self.path is not None:
            where = f"{self.path}:{self.line}: " if self.line else f"{self.path}: "
        rule = f"[{self.rule}] " if self.rule else ""
        return f"{where}{rule}{self.message}"


class ConfigError(VaultkitError):
    """The workspace config is missing, malformed or holds a wrong key or value."""

    exit_code = 2


class UsageError(VaultkitError):
    """A command was called with arguments that cannot work."""

    exit_code = 2


class FileFormatError(VaultkitError):
    """A vault file cannot be read as UTF-8 markdown with valid frontmatter."""


class NotAFileError(FileFormatError):
    """A path named like a vault file is a folder, a named pipe, a socket or a device: it is
    neither read (opening a pipe can wait forever) nor replaced."""


class DirtyFileError(VaultkitError):
    """A file changed on disk between reading it and writing it back; nothing was written."""


class WriteError(VaultkitError):
    """A file could not be written (disk full, read-only, permission denied)."""


class UnsafeWriteError(VaultkitError):
    """A write would replace a symbolic link or land outside the vault; nothing was written."""


class LockedError(VaultkitError):
    """Another vaultkit run holds the workspace lock."""


class EndpointError(VaultkitError):
    """An HTTP endpoint (an LLM, an embeddings server) failed or answered with something that is
    not a JSON object."""


class EndpointUnavailableError(EndpointError):
    """The endpoint cannot be used at all right now (refused, timed out, 5xx after the retries, a
    rejected key): every further call would fail the same way."""


class AnswerTooLargeError(EndpointUnavailableError):
    """The endpoint answered with more than `limit` bytes: not read on, and not asked again (no
    summary or batch of vectors is that large; the URL serves something else)."""

    def __init__(self, message: str, *, limit: int) -> None:
        super().__init__(message)
        self.limit = limit


class HTTPStatusError(EndpointError):
    """The server answered with an HTTP error status; `status` and `detail` say which and why."""

    def __init__(self, message: str, *, status: int, detail: str = "") -> None:
        super().__init__(message)
        self.status = status
        self.detail = detail


class UnusableStatusError(HTTPStatusError, EndpointUnavailableError):
    """An HTTP error status that says the endpoint cannot serve any call now (5xx, 401, 429...)."""


class SummarizerError(VaultkitError):
    """The summarizer (an LLM endpoint) failed or answered with something unusable."""


class SummarizerUnavailableError(SummarizerError):
    """The summarizer's endpoint is unusable right now: a run stops early, not day after day."""


class EmbeddingError(VaultkitError):
    """The embeddings endpoint failed or answered with something unusable."""


class SearchIndexError(VaultkitError):
    """The search index cannot be opened or written (disk full, read-only folder, locked)."""


class IndexOwnerError(SearchIndexError):
    """The shared index is written by another copy of the vault: this one may not write it
    unless it takes it over."""


class ArchiveError(VaultkitError):
    """The archive folder is missing, read-only, full or holds a conflicting file."""
