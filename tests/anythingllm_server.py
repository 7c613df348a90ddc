"""A fake AnythingLLM server on 127.0.0.1 for tests: the developer-API routes vaultkit uses,
answered the way AnythingLLM's server source answers them, documents kept in memory and vector
search done with a tiny deterministic bag-of-words cosine.

    def test_x(anythingllm):
        anythingllm.url                       # "http://127.0.0.1:PORT" (the API is /api/v1/...)
        anythingllm.api_key                   # the one key it accepts
        anythingllm.add_workspace("Notes")    # an empty workspace, slug "notes"
        anythingllm.fail_next(2)              # the next 2 requests get a 500
        anythingllm.fail_next(1, path="raw-text", late=True)  # done, then answered 500
        anythingllm.stall_next(0.5)           # the next request is answered after 0.5 s
        anythingllm.vanish(location)          # a document deleted behind the client's back
        anythingllm.embedder_online = False   # update-embeddings embeds nothing, yet answers 200
        anythingllm.requests[0].json          # what the client sent

What the source does (server/endpoints/api/{auth,workspace,document,system}/index.js, the
models and the LanceDB provider), and so what this does:

- Every route checks `Authorization: Bearer KEY` first: no key or an unknown one is
  `403 {"error": "No valid api key found."}`.
- `POST /v1/workspace/new {name}`: the slug is the name slugified (lower case), with
  `-NNNNNNNN` added when taken; no name is 200 `{"message": "name cannot be null"}`.
- `GET /v1/workspace/{slug}`: 200 `{"workspace": [ws]}`, `{"workspace": []}` when unknown
  (`legacy=True`: `{"workspace": ws}` / `{"workspace": null}`, as older servers answer).
- `POST /v1/document/raw-text {textContent, metadata}`: 422 without `metadata.title` or
  without text; the title is stored as `slug(title).txt`, the location is
  `custom-documents/raw-{slug(title)}-{uuid}.json`; unknown metadata keys are dropped.
- `POST /v1/workspace/{slug}/update-embeddings {adds, deletes}`: 400 (plain `Bad Request`) for
  an unknown workspace; deletes first, then adds; an unknown location, or one the embedder
  fails on, is skipped and the answer is still 200 with the workspace and its documents.
  Nothing stops a location being embedded twice.
- `POST /v1/workspace/{slug}/vector-search {query, topN, scoreThreshold}`: 400 `{"message"}`
  for an unknown workspace or an empty query; 200 `{"results": [], "message"}` when nothing is
  embedded; else the top `topN` chunks (default 4), those under the threshold (default 0.25;
  0 is kept) dropped, each `{id, text, metadata: {title, ...}, distance, score}`.
- `DELETE /v1/system/remove-documents {names}`: purges each document from every workspace and
  from storage; a name already gone is fine; no `names` is a 500.
- Anything that throws in a handler is a plain `500 Internal Server Error`.
"""

from __future__ import annotations

import json
import math
import re
import threading
import urllib.parse
import uuid
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler
from typing import Any

import pytest

from tests.llm_server import Recorded, local_server, send

API_KEY = "TEST-KEY-0001"
NO_KEY = {"error": "No valid api key found."}
CHUNK_CHARS = 1000  # the source's default text splitter chunk size
METADATA_KEYS = ("url", "title", "docAuthor", "description", "docSource", "chunkSource")
STAMP = "2024-01-01 00:00:00"
_WORD = re.compile(r"\w+")


@dataclass
class Answer:
    """One HTTP answer: a dict or list is sent as JSON, a str as plain text (Express's
    `sendStatus` sends the status's name)."""

    status: int = 200
    body: Any = None
    headers: dict[str, str] = field(default_factory=dict)


def plain(status: int) -> Answer:
    names = {400: "Bad Request", 404: "Not Found", 500: "Internal Server Error"}
    return Answer(status, names.get(status, "Error"))


@dataclass
class Fault:
    """A failure waiting for the next request whose path holds `path`."""

    path: str
    late: bool
    answer: Answer


@dataclass
class Chunk:
    """One vector in a workspace's namespace."""

    id: str
    doc_id: str
    text: str
    metadata: dict[str, Any]
    bag: Counter[str]


class AnythingLLMServer:
    """An in-memory AnythingLLM on a free port of 127.0.0.1, with faults to inject."""

    def __init__(self, *, legacy: bool = False) -> None:
        self.api_key = API_KEY
        self.legacy = legacy
        self.collector_online = True
        self.embedder_online = True
        self.chunk_chars = CHUNK_CHARS
        self.requests: list[Recorded] = []
        self.workspaces: dict[str, dict[str, Any]] = {}  # slug -> workspace row
        self.links: list[dict[str, Any]] = []  # workspace_documents rows
        self.files: dict[str, dict[str, Any]] = {}  # location -> stored document
        self.namespaces: dict[str, list[Chunk]] = {}  # workspace slug -> its vectors
        self._ids = 0
        self._failures: list[Fault] = []
        self._stalls: list[float] = []
        self._lock = threading.RLock()
        self._stopping = threading.Event()
        self._server, self._thread = local_server(self._handler_class())

    @property
    def url(self) -> str:
        """The server's base URL, as a user would configure it."""
        return f"http://127.0.0.1:{self._server.server_address[1]}"

    def start(self) -> AnythingLLMServer:
        self._thread.start()
        return self

    def stop(self) -> None:
        self._stopping.set()  # wakes handlers still stalling
        self._server.shutdown()
        self._server.server_close()

    # Faults and set-up

    def fail_next(
        self, count: int, status: int = 500, *, path: str = "", late: bool = False, **headers: str
    ) -> None:
        """The next `count` requests whose path holds `path` get `status`, before the key check;
        `late`: carried out first, as a handler failing after its work is done."""
        with self._lock:
            self._failures += [
                Fault(path, late, Answer(status, plain(status).body, headers))
            ] * count

    def clear_faults(self) -> None:
        """The server heals: no injected failure or stall is left."""
        with self._lock:
            self._failures.clear()
            self._stalls.clear()

    def stall_next(self, seconds: float, count: int = 1) -> None:
        """The next `count` requests are answered only after `seconds` (past a client's timeout)."""
        with self._lock:
            self._stalls += [seconds] * count

    def add_workspace(self, name: str) -> dict[str, Any]:
        """A new workspace, as `POST /v1/workspace/new` makes it (empty)."""
        with self._lock:
            return self._new_workspace(name)

    def vanish(self, location: str) -> None:
        """Delete a document as `remove-documents` would, behind the client's back."""
        with self._lock:
            self._purge(location)

    def embedded(self, slug: str) -> list[str]:
        """The locations embedded in a workspace, in the order they were added."""
        with self._lock:
            workspace = self.workspaces[slug]
            return [
                link["docpath"] for link in self.links if link["workspaceId"] == workspace["id"]
            ]

    def vector_count(self, slug: str) -> int:
        with self._lock:
            return len(self.namespaces.get(slug, []))

    # Routing

    def handle(self, method: str, path: str, headers: dict[str, str], raw: bytes) -> Answer:
        with self._lock:
            self.requests.append(Recorded(method, path, headers, raw))
            fault = self._fault(path)
            if fault and not fault.late:
                return fault.answer
            answer = self._answer(method, path, headers, raw)
            return fault.answer if fault else answer

    def _fault(self, path: str) -> Fault | None:
        for i, fault in enumerate(self._failures):
            if fault.path in path:
                return self._failures.pop(i)
        return None

    def _answer(self, method: str, path: str, headers: dict[str, str], raw: bytes) -> Answer:
        if not self._key_ok(headers):
            return Answer(403, NO_KEY)
        try:
            body = json.loads(raw.decode("utf-8")) if raw.strip() else {}
        except (UnicodeDecodeError, json.JSONDecodeError):
            return plain(400)  # body-parser rejects malformed JSON
        try:
            return self._route(method, urllib.parse.urlsplit(path).path, body)
        except Exception:  # the handlers' `catch (e) { response.sendStatus(500) }`
            return plain(500)

    def next_stall(self) -> float:
        with self._lock:
            return self._stalls.pop(0) if self._stalls else 0.0

    def _key_ok(self, headers: dict[str, str]) -> bool:
        auth = {k.lower(): v for k, v in headers.items()}.get("authorization", "")
        parts = auth.split(" ")
        return len(parts) > 1 and parts[1] == self.api_key

    def _route(self, method: str, path: str, body: Any) -> Answer:
        parts = [urllib.parse.unquote(p) for p in path.split("/")[1:]]
        if parts[:2] != ["api", "v1"]:
            return plain(404)
        route = parts[2:]
        if method == "GET" and route == ["auth"]:
            return Answer(200, {"authenticated": True})
        if method == "GET" and route == ["workspaces"]:
            return Answer(200, {"workspaces": [self._public(w) for w in self.workspaces.values()]})
        if method == "POST" and route == ["workspace", "new"]:
            return self._create(body)
        if method == "GET" and len(route) == 2 and route[0] == "workspace":
            return self._get_workspace(route[1])
        if method == "POST" and len(route) == 3 and route[0] == "workspace":
            if route[2] == "update-embeddings":
                return self._update_embeddings(route[1], body)
            if route[2] == "vector-search":
                return self._vector_search(route[1], body)
        if method == "POST" and route == ["document", "raw-text"]:
            return self._raw_text(body)
        if method == "DELETE" and route == ["system", "remove-documents"]:
            for name in body["names"]:  # no names: a TypeError in the source, so a 500
                self._purge(name)
            return Answer(200, {"success": True, "message": "Documents removed successfully"})
        return plain(404)

    # Workspaces

    def _create(self, body: dict[str, Any]) -> Answer:
        name = body.get("name")
        if not name:
            return Answer(200, {"message": "name cannot be null"})
        return Answer(200, {"workspace": self._public(self._new_workspace(name)), "message": None})

    def _new_workspace(self, name: str) -> dict[str, Any]:
        self._ids += 1
        slug = slugify(name)
        if slug in self.workspaces:
            slug = slugify(f"{name}-{10000000 + self._ids}")
        workspace = {
            "id": self._ids,
            "name": name,
            "slug": slug,
            "createdAt": STAMP,
            "lastUpdatedAt": STAMP,
            "openAiTemp": None,
            "openAiHistory": 20,
            "openAiPrompt": None,
            "similarityThreshold": 0.25,
            "topN": 4,
        }
        self.workspaces[slug] = workspace
        return workspace

    def _public(self, workspace: dict[str, Any], *, documents: bool = False) -> dict[str, Any]:
        shown = {**workspace, "threads": []}
        if documents:
            shown["documents"] = [
                dict(link) for link in self.links if link["workspaceId"] == workspace["id"]
            ]
        return shown

    def _get_workspace(self, slug: str) -> Answer:
        workspace = self.workspaces.get(slug)
        shown = self._public(workspace, documents=True) if workspace else None
        if self.legacy:
            return Answer(200, {"workspace": shown})
        return Answer(200, {"workspace": [shown] if shown else []})

    # Documents and embeddings

    def _raw_text(self, body: dict[str, Any]) -> Answer:
        text, metadata = body.get("textContent"), body.get("metadata") or {}
        if not self.collector_online:
            error = "Document processing API is not online. Request will not be processed."
            return Answer(500, {"success": False, "error": error})
        if not metadata.get("title"):
            error = (
                "You are missing required metadata key:value pairs in your request. "
                "Required metadata key:values are 'title'"
            )
            return Answer(422, {"success": False, "error": error})
        if not text:
            error = "The 'textContent' key cannot have an empty value."
            return Answer(422, {"success": False, "error": error})
        document = self._store(str(text), metadata)
        return Answer(200, {"success": True, "error": None, "documents": [dict(document)]})

    def _store(self, text: str, metadata: dict[str, Any]) -> dict[str, Any]:
        self._ids += 1
        doc_id = str(uuid.UUID(int=self._ids))
        slug = strip_and_slug(str(metadata["title"]))
        kept = {k: metadata[k] for k in METADATA_KEYS if isinstance(metadata.get(k), str)}
        name = f"raw-{slug}-{doc_id}.json"
        document = {
            "id": doc_id,
            "url": f"file://{slug}.txt",
            "docAuthor": "no author specified",
            "description": "no description found",
            "docSource": "no source set",
            "chunkSource": f"{slug}.txt",
            **kept,
            "title": f"{slug}.txt",
            "published": STAMP,
            "wordCount": len(text.split(" ")),
            "pageContent": text,
            "token_count_estimate": len(_WORD.findall(text)),
            "location": f"custom-documents/{name}",
        }
        self.files[document["location"]] = document
        return document

    def _update_embeddings(self, slug: str, body: dict[str, Any]) -> Answer:
        workspace = self.workspaces.get(slug)
        if workspace is None:
            return plain(400)
        for location in body.get("deletes") or []:
            self._unlink(workspace, location)
        for location in body.get("adds") or []:
            self._link(workspace, location)
        return Answer(200, {"workspace": self._public(workspace, documents=True)})

    def _link(self, workspace: dict[str, Any], location: str) -> None:
        data = self.files.get(location)
        if data is None or not self.embedder_online:
            return  # fileData() null, or vectorizing failed: skipped, the answer says nothing
        self._ids += 1
        doc_id = str(uuid.UUID(int=self._ids))
        text, metadata = data["pageContent"], {k: v for k, v in data.items() if k != "pageContent"}
        namespace = self.namespaces.setdefault(workspace["slug"], [])
        for start in range(0, len(text), self.chunk_chars):
            piece = text[start : start + self.chunk_chars]
            self._ids += 1
            chunk = Chunk(str(uuid.UUID(int=self._ids)), doc_id, piece, metadata, bag(piece))
            namespace.append(chunk)
        self.links.append(
            {
                "id": self._ids,
                "docId": doc_id,
                "filename": location.split("/")[1],
                "docpath": location,
                "workspaceId": workspace["id"],
                "metadata": json.dumps(metadata),
                "pinned": False,
                "watched": False,
                "createdAt": STAMP,
                "lastUpdatedAt": STAMP,
            }
        )

    def _unlink(self, workspace: dict[str, Any], location: str) -> None:
        """Document.removeDocuments for one path: the first matching row, if any."""
        for link in self.links:
            if link["docpath"] == location and link["workspaceId"] == workspace["id"]:
                namespace = self.namespaces.get(workspace["slug"], [])
                namespace[:] = [c for c in namespace if c.doc_id != link["docId"]]
                self.links.remove(link)
                return

    def _purge(self, location: str) -> None:
        """purgeDocument: out of every workspace, then the stored file (if still there)."""
        for workspace in self.workspaces.values():
            self._unlink(workspace, location)
        self.files.pop(location, None)

    # Search

    def _vector_search(self, slug: str, body: dict[str, Any]) -> Answer:
        workspace = self.workspaces.get(slug)
        if workspace is None:
            return Answer(400, {"message": f"Workspace {slug} is not a valid workspace."})
        query = body.get("query")
        if not query:
            return Answer(400, {"message": "Query parameter cannot be empty."})
        namespace = self.namespaces.get(slug)
        if not namespace:
            return Answer(
                200, {"results": [], "message": "No embeddings found for this workspace."}
            )
        threshold = _threshold(body.get("scoreThreshold"), workspace["similarityThreshold"])
        top_n = _top_n(body.get("topN"), workspace["topN"])
        wanted = bag(str(query))
        scored = sorted(((1.0 - cosine(wanted, c.bag), c) for c in namespace), key=lambda p: p[0])
        results = []
        for distance, chunk in scored[:top_n]:  # LanceDB: limit(topN), then the threshold
            score = min(1.0, max(0.0, 1.0 - distance))
            if score < threshold:
                continue
            results.append(_result(chunk, distance, score))
        return Answer(200, {"results": results})

    def _handler_class(self) -> type[BaseHTTPRequestHandler]:
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_GET(self) -> None:
                self._serve("GET")

            def do_POST(self) -> None:
                self._serve("POST")

            def do_DELETE(self) -> None:
                self._serve("DELETE")

            def _serve(self, method: str) -> None:
                length = int(self.headers.get("Content-Length") or 0)
                raw = self.rfile.read(length) if length else b""
                stall = server.next_stall()
                if stall and server._stopping.wait(stall):
                    return
                answer = server.handle(method, self.path, dict(self.headers.items()), raw)
                self._send(answer)

            def _send(self, answer: Answer) -> None:
                json_type = "application/json; charset=utf-8"  # Express's res.json
                send(self, answer.status, answer.body, answer.headers, json_type)

            def log_message(self, format: str, *args: Any) -> None:
                pass  # keep test output clean

        return Handler


def slugify(text: str) -> str:
    """npm `slugify(text, {lower: true})` for plain ASCII: drop odd characters, dash the spaces."""
    kept = re.sub(r"[^\w\s$*_+~.()'\"!\-:@]+", "", text).strip()
    return re.sub(r"\s+", "-", kept).lower()


def strip_and_slug(title: str) -> str:
    """The collector's stripAndSlug: the last `.extension` dropped, then slugified."""
    if "." not in title:
        return slugify(title)
    return slugify("-".join(title.split(".")[:-1]))


def bag(text: str) -> Counter[str]:
    return Counter(_WORD.findall(text.lower()))


def cosine(a: Counter[str], b: Counter[str]) -> float:
    dot = sum(count * b[word] for word, count in a.items())
    norm = math.sqrt(sum(v * v for v in a.values())) * math.sqrt(sum(v * v for v in b.values()))
    return dot / norm if norm else 0.0


def _result(chunk: Chunk, distance: float, score: float) -> dict[str, Any]:
    meta = chunk.metadata
    metadata = {
        "url": meta.get("url"),
        "title": meta.get("title"),
        "author": meta.get("docAuthor"),
        "description": meta.get("description"),
        "docSource": meta.get("docSource"),
        "chunkSource": meta.get("chunkSource"),
        "published": meta.get("published"),
        "wordCount": meta.get("wordCount"),
        "tokenCount": meta.get("token_count_estimate"),
    }
    return {
        "id": chunk.id,
        "text": chunk.text,
        "metadata": metadata,
        "distance": distance,
        "score": score,
    }


def _threshold(value: Any, default: float) -> float:
    """parseFloat(scoreThreshold), the workspace's own when NaN or outside [0, 1]."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return default
    return number if 0 <= number <= 1 else default


def _top_n(value: Any, default: int) -> int:
    """Number(topN), the workspace's own when NaN or under 1."""
    try:
        number = float(value)
    except (TypeError, ValueError):
        return default
    return int(number) if number >= 1 else default


@pytest.fixture(name="anythingllm")
def anythingllm_fixture() -> Iterator[AnythingLLMServer]:
    """A running fake AnythingLLM; stopped after the test."""
    server = AnythingLLMServer().start()
    try:
        yield server
    finally:
        server.stop()
