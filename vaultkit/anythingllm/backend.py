"""AnythingLLM's workspace as the semantic half of the hybrid score: its vector search, asked
for the question and mapped back to days (`search.backends.make_backend` picks it)."""

from __future__ import annotations

from collections.abc import Container
from datetime import date
from typing import TYPE_CHECKING

from vaultkit.config import Config
from vaultkit.index.embeddings import min_max
from vaultkit.index.store import SearchIndex

if TYPE_CHECKING:
    from vaultkit.anythingllm.client import AnythingLLM


class AnythingLLMBackend:
    """The similarity of each day's best chunk in the AnythingLLM workspace sync keeps
    (`push`), min-max scaled as the embeddings are. The workspace's vector search has no
    filter, so it is asked for more days than a search shows and vaultkit filters them. When the
    server cannot be reached the scores are empty (BM25 alone ranks) and a warning says so; a
    Searcher then stops asking, so `eval` does not wait on a dead server once per question."""

    name = "anythingllm"
    ASKED_DAYS = 50  # the candidates the hybrid score and the topic's reading draw on

    def __init__(self, config: Config) -> None:
        self.config = config
        self.warnings: list[str] = []
        self._client: AnythingLLM | None = None
        self._down: str | None = None
        self._checked = False

    def scores(
        self, index: SearchIndex, query: str, allowed: Container[date] | None
    ) -> dict[date, float]:
        from vaultkit.errors import EndpointError

        self._check_pushed()
        if self._down is not None:
            self.warnings.append(self._down)
            return {}
        try:
            found = self._connect().search(query, self.ASKED_DAYS)
        except EndpointError as exc:
            self._down = f"{exc}; searched with BM25 alone"
            self.warnings.append(self._down)
            return {}
        return min_max({date.fromisoformat(d): s for d, s in found}, allowed)

    def _connect(self) -> AnythingLLM:
        if self._client is None:
            from vaultkit.anythingllm.client import connect

            # One try, a short wait: a person is waiting, and BM25 can answer alone.
            self._client = connect(self.config.search.anythingllm, retries=0)
            self._client.timeout = min(self._client.timeout, SEARCH_TIMEOUT)
        return self._client

    def _check_pushed(self) -> None:
        """Say so when sync has not pushed this vault to the workspace yet."""
        if self._checked:
            return
        self._checked = True
        from vaultkit.anythingllm.client import target_of
        from vaultkit.anythingllm.pushed import pushed_count

        settings = self.config.search.anythingllm
        if not pushed_count(self.config.state_dir, target_of(settings)):
            self.warnings.append(
                f"AnythingLLM workspace {settings.workspace!r} holds no day of this vault yet: "
                "run `vaultkit sync` to push them"
            )


SEARCH_TIMEOUT = 10.0  # seconds a search waits on AnythingLLM before BM25 answers alone
