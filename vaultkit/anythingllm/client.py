"""A client for AnythingLLM's developer API (`/api/v1/...`), for using a workspace as the
search backend: one raw-text document per day, titled with the day, embedded in one workspace.

Stdlib only. Every call goes through `vaultkit.http_client.request_json` (retries, backoff,
Retry-After); a failure is the `EndpointError` it raises, with one line naming the server and
what failed.

What the server does, and what this client makes of it:

- A missing or unknown Bearer key is `403 {"error": "No valid api key found."}` on every route.
- `GET /v1/workspace/{slug}` answers 200 for an unknown slug too: `{"workspace": []}` (recent
  servers list matches) or `{"workspace": null}` (older ones).
- `POST /v1/document/raw-text` keeps only known metadata keys and rewrites the title to
  `slug(title) + ".txt"`; a search hit's `metadata.title` is therefore `2024-05-01.txt`.
- `POST /v1/workspace/{slug}/update-embeddings` runs `deletes` before `adds` and skips, still
  with 200, a location it does not know or could not embed. So `push` sends the location in
  both lists (a retried call replaces its own earlier embedding rather than doubling it) and
  checks that the answered workspace lists the document.
- `DELETE /v1/system/remove-documents` answers 200 for a document already gone.
- `POST /v1/workspace/{slug}/vector-search` answers `{"results": []}` for an empty workspace
  and 400 for an empty query; hits are chunks, `score` a similarity in [0, 1].

There is no upsert: an update is `remove` then `push`.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Callable, Mapping
from typing import Any

from vaultkit.config import AnythingLLMConfig
from vaultkit.dates import parse_date, parse_day
from vaultkit.errors import (
    EndpointError,
    HTTPStatusError,
)
from vaultkit.http_client import redact_url, request_json, status_error

DOC_SOURCE = "vaultkit"  # kept as is by the server: marks the documents this client wrote
CHUNKS_PER_DAY = 3  # hits are chunks: ask for this many per day wanted, then keep each day's best
NO_KEY_STATUSES = (401, 403)


class AnythingLLM:
    """One AnythingLLM server and one workspace in it, named by its slug or its display name."""

    def __init__(
        self,
        base_url: str,
        api_key: str | None,
        workspace: str,
        *,
        timeout: float = 30.0,
        retries: int = 3,
        key_env: str | None = None,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.api_url = api_url(base_url)
        self.api_key = api_key or None
        self.workspace = workspace
        self.timeout = timeout
        self.retries = retries
        self.key_env = key_env
        self.sleep = sleep
        self._slug: str | None = None

    def ensure_workspace(self) -> str:
        """The workspace's slug; the workspace is created (named `workspace`) when missing."""
        if self._slug is None:
            self._slug = self._find_workspace() or self._create_workspace()
        return self._slug

    def push(self, day: str, text: str) -> str:
        """Add the day's text as a raw-text document titled `day`, embed it in the workspace and
        return its document location (what `remove` takes)."""
        parse_day(day, "day")
        slug = self.ensure_workspace()
        location = self._add_document(day, text)
        self._embed(slug, location, day)
        return location

    def remove(self, location: str) -> None:
        """Take a document out of the workspace's embeddings and delete it from the server; a
        document already gone is not an error."""
        slug = self.ensure_workspace()
        what = f"removal of {location}"
        self._call(
            "POST",
            f"workspace/{_quote(slug)}/update-embeddings",
            {"deletes": [location]},
            what=what,
        )
        self._call("DELETE", "system/remove-documents", {"names": [location]}, what=what)

    def documents(self) -> dict[str, str | None]:
        """The documents embedded in the workspace: location -> the day its title names (None
        for a document not titled by a day); {} when the workspace does not exist yet."""
        slug = self._slug = self._slug or self._find_workspace()
        if slug is None:
            return {}
        answer = self._call("GET", f"workspace/{_quote(slug)}", what="workspace lookup")
        workspace = _workspace_of(answer.get("workspace"))
        listed = workspace.get("documents") if workspace else None
        found: dict[str, str | None] = {}
        for item in listed if isinstance(listed, list) else []:
            if isinstance(item, dict) and isinstance(item.get("docpath"), str):
                found[item["docpath"]] = day_of_title(_metadata(item).get("title"))
        return found

    def search(self, query: str, top_n: int) -> list[tuple[str, float]]:
        """The best `top_n` days for `query` with their similarity (higher is closer), best first;
        [] for a blank query, a missing workspace or one with nothing embedded."""
        if not query.strip() or top_n < 1:
            return []
        self._slug = slug = self._slug or self._find_workspace()
        if slug is None:
            return []
        payload = {"query": query, "topN": top_n * CHUNKS_PER_DAY, "scoreThreshold": 0}
        answer = self._call(
            "POST", f"workspace/{_quote(slug)}/vector-search", payload, what="search"
        )
        return _best_days(answer.get("results"), top_n)

    # The workspace

    def _find_workspace(self) -> str | None:
        """The slug of the workspace whose slug, or else whose name, is `workspace`."""
        path = f"workspace/{_quote(self.workspace)}"
        found = _workspace_of(self._call("GET", path, what="workspace lookup").get("workspace"))
        if found is not None:
            return _slug_of(found, self._where())
        listing = self._call("GET", "workspaces", what="workspace listing").get("workspaces")
        for item in listing if isinstance(listing, list) else []:
            if isinstance(item, dict) and item.get("name") == self.workspace:
                return _slug_of(item, self._where())
        return None

    def _create_workspace(self) -> str:
        answer = self._call(
            "POST", "workspace/new", {"name": self.workspace}, what="workspace creation"
        )
        workspace = answer.get("workspace")
        if not isinstance(workspace, dict):
            reason = answer.get("message") or "no workspace in the answer"
            raise EndpointError(
                f"{self._where()}: could not create workspace {self.workspace!r}: {reason}"
            )
        return _slug_of(workspace, self._where())

    # Documents

    def _add_document(self, day: str, text: str) -> str:
        metadata = {"title": day, "docSource": DOC_SOURCE, "description": f"vaultkit day {day}"}
        payload = {"textContent": text, "metadata": metadata}
        answer = self._call("POST", "document/raw-text", payload, what=f"upload of {day}")
        documents = answer.get("documents")
        first = documents[0] if isinstance(documents, list) and documents else None
        location = first.get("location") if isinstance(first, dict) else None
        if not isinstance(location, str) or not location:
            raise EndpointError(f"{self._where()}: upload of {day} answered no document location")
        return location

    def _embed(self, slug: str, location: str, day: str) -> None:
        """Embed `location` in the workspace, replacing an earlier embedding of it; a document
        the server did not embed (it says nothing of it but leaves it out) is deleted again."""
        payload = {"adds": [location], "deletes": [location]}
        path = f"workspace/{_quote(slug)}/update-embeddings"
        answer = self._call("POST", path, payload, what=f"embedding of {day}")
        workspace = answer.get("workspace")
        documents = workspace.get("documents") if isinstance(workspace, dict) else None
        if isinstance(documents, list) and not any(
            isinstance(d, dict) and d.get("docpath") == location for d in documents
        ):
            with contextlib.suppress(EndpointError):  # the error below is the one to report
                self._call(
                    "DELETE", "system/remove-documents", {"names": [location]}, what="clean-up"
                )
            raise EndpointError(
                f"{self._where()}: workspace {slug!r} did not embed {day}; "
                "is the server's embedder set up?"
            )

    # HTTP

    def _call(
        self, method: str, path: str, payload: Mapping[str, Any] | None = None, *, what: str
    ) -> dict[str, Any]:
        """One API call; a failure is re-raised as the same error class, saying what failed."""
        url = f"{self.api_url}/{path}"
        try:
            return request_json(
                method,
                url,
                payload,
                api_key=self.api_key,
                timeout=self.timeout,
                retries=self.retries,
                sleep=self.sleep,
            )
        except HTTPStatusError as exc:
            if exc.status in NO_KEY_STATUSES:
                raise status_error(
                    self._key_message(exc), status=exc.status, detail=exc.detail
                ) from None
            raise type(exc)(
                f"AnythingLLM {what}: {exc.message}", status=exc.status, detail=exc.detail
            ) from None
        except EndpointError as exc:
            raise type(exc)(f"AnythingLLM {what}: {exc.message}") from None

    def _key_message(self, exc: HTTPStatusError) -> str:
        said = f": {exc.detail}" if exc.detail else ""
        problem = "rejected the API key" if self.api_key else "needs an API key and none was sent"
        hint = f"; set {self.key_env} to a developer API key of this server" if self.key_env else ""
        return f"{self._where()} {problem} (HTTP {exc.status}{said}){hint}"

    def _where(self) -> str:
        return f"AnythingLLM at {redact_url(self.api_url)}"


def connect(settings: AnythingLLMConfig, *, retries: int | None = None) -> AnythingLLM:
    """The client a config names, its key read from the environment variable it names."""
    return AnythingLLM(
        settings.base_url,
        os.environ.get(settings.api_key_env),
        settings.workspace,
        timeout=settings.timeout,
        retries=settings.retries if retries is None else retries,
        key_env=settings.api_key_env,
    )


def target_of(settings: AnythingLLMConfig) -> str:
    """What identifies the documents' home: the API root and the workspace."""
    return f"{api_url(settings.base_url)} {settings.workspace}"


def api_url(base_url: str) -> str:
    """The API root for a server URL: `http://host:3001`, `.../api` and `.../api/v1` all give
    `http://host:3001/api/v1`."""
    url = base_url.rstrip("/")
    if url.endswith("/api/v1"):
        return url
    return url + ("/v1" if url.endswith("/api") else "/api/v1")


def day_of_title(title: object) -> str | None:
    """The day a document title names: `2024-05-01`, or the server's `2024-05-01.txt`."""
    if not isinstance(title, str):
        return None
    text = title.removesuffix(".txt")
    return text if parse_date(text) is not None else None


def _best_days(results: object, top_n: int) -> list[tuple[str, float]]:
    """Chunk hits folded to days, each with its best score, best first (ties by day)."""
    best: dict[str, float] = {}
    for hit in results if isinstance(results, list) else []:
        if not isinstance(hit, dict) or not isinstance(hit.get("metadata"), dict):
            continue
        day = day_of_title(hit["metadata"].get("title"))
        score = _score(hit)
        if day is not None and score is not None:
            best[day] = max(score, best.get(day, score))
    ranked = sorted(best.items(), key=lambda item: (-item[1], item[0]))
    return ranked[:top_n]


def _score(hit: Mapping[str, Any]) -> float | None:
    """A hit's similarity: `score`, or `1 - distance` from servers that send only that."""
    for key, flip in (("score", False), ("distance", True)):
        value = hit.get(key)
        if isinstance(value, int | float) and not isinstance(value, bool):
            return 1.0 - float(value) if flip else float(value)
    return None


def _metadata(document: Mapping[str, Any]) -> dict[str, Any]:
    """A workspace document's metadata, which the server keeps as a JSON string."""
    raw = document.get("metadata")
    if isinstance(raw, str):
        with contextlib.suppress(ValueError):
            raw = json.loads(raw)
    return raw if isinstance(raw, dict) else {}


def _workspace_of(value: object) -> dict[str, Any] | None:
    """The workspace in a lookup answer: a list of matches (recent servers) or one object."""
    if isinstance(value, list):
        value = value[0] if value else None
    return value if isinstance(value, dict) else None


def _slug_of(workspace: Mapping[str, Any], where: str) -> str:
    slug = workspace.get("slug")
    if not isinstance(slug, str) or not slug:
        raise EndpointError(f"{where}: a workspace came back without a slug")
    return slug


def _quote(segment: str) -> str:
    return urllib.parse.quote(segment, safe="")


def _show(value: object) -> str:
    text = json.dumps(value, ensure_ascii=False)
    return text if len(text) <= 80 else text[:80] + "…"
