"""The same daily notes give the same vault, byte for byte, whatever the order of the runs.

Synced at once, in batches in date order, oldest last (a backfill), with runs interrupted
midway and the catalog lost: the summaries (their related dates included) come out the same.
"""

from __future__ import annotations

import contextlib
import shutil
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.conftest import REPO
from vaultkit.config import load_config
from vaultkit.model import DayFields, DayInput
from vaultkit.summarize.offline import OfflineSummarizer, file_evidence
from vaultkit.summarize.people import vault_names
from vaultkit.sync.daily import sync
from vaultkit.text.vocabulary import Vocabulary

NOTES = sorted((REPO / "vault" / "memory").glob("????-??-??.md"))
DAYS = [p.stem for p in NOTES]


class Interrupted(BaseException):
    """A run that dies while the summarizer works (BaseException: sync catches no such thing)."""


class DiesOnCall:
    """The offline summarizer as sync makes it (knowing the names the vault's files show),
    dying on its n-th call."""

    name = "dies"

    def __init__(self, config_path: Path, n: int) -> None:
        config = load_config(config_path)
        vocabulary = Vocabulary(config.vocabulary, config.people)
        memory = config_path.parent / "vault" / "memory"
        evidence = [file_evidence(p.read_text("utf-8"), chat=False) for p in memory.glob("*.md")]
        evidence += [
            file_evidence(p.read_text("utf-8"), chat=True) for p in memory.glob("chats/*/*.md")
        ]
        self.inner = OfflineSummarizer(vocabulary, vault=vault_names(evidence, vocabulary))
        self.n = n

    def summarize(self, day: DayInput) -> DayFields:
        self.n -= 1
        if self.n == 0:
            raise Interrupted
        return self.inner.summarize(day)


def workspace(root: Path) -> Path:
    """The example workspace with no daily note, no summary, no chat yet."""
    shutil.copy(REPO / "memory_config.json", root / "memory_config.json")
    for folder in ("memory/summaries", "memory/chats"):
        (root / "vault" / folder).mkdir(parents=True)
    return root / "memory_config.json"


def arrive(root: Path, days: list[str]) -> None:
    """Write these days' notes and transcripts, as the assistant would (raw, no managed lines)."""
    memory = root / "vault" / "memory"
    for day in days:
        text = (REPO / "vault" / "memory" / f"{day}.md").read_text("utf-8")
        (memory / f"{day}.md").write_text(_raw(text), "utf-8")
        chats = REPO / "vault" / "memory" / "chats" / day
        if chats.is_dir():
            (memory / "chats" / day).mkdir(exist_ok=True)
            for chat in chats.glob("*.md"):
                (memory / "chats" / day / chat.name).write_text(
                    _raw(chat.read_text("utf-8")), "utf-8"
                )


def _raw(text: str) -> str:
    lines = text.split("\n")
    if lines and ("| Timeline Spine" in lines[0] or "| Daily Note" in lines[0]):
        lines = lines[2:] if len(lines) > 1 and not lines[1].strip() else lines[1:]
    return "\n".join(lines)


def summaries(root: Path) -> dict[str, bytes]:
    folder = root / "vault" / "memory" / "summaries"
    return {p.name: p.read_bytes() for p in sorted(folder.glob("*.summary.md"))}


def synced_at_once() -> dict[str, bytes]:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        config_path = workspace(root)
        arrive(root, DAYS)
        assert sync(load_config(config_path)).ok
        return summaries(root)


REFERENCE = synced_at_once()


@st.composite
def histories(draw: st.DrawFn) -> list[tuple[list[str], int | None, bool]]:
    """Batches of days in any order, each synced by a run that may die on its n-th summary and
    may lose the catalog (`.vaultkit/` deleted) after it."""
    order = draw(st.permutations(DAYS))
    if draw(st.booleans()):
        order = sorted(order, reverse=draw(st.booleans()))  # date order, or oldest last
    cuts = sorted(draw(st.sets(st.integers(1, len(DAYS) - 1), max_size=4)))
    batches = [list(order[a:b]) for a, b in zip([0, *cuts], [*cuts, len(DAYS)], strict=True)]
    return [
        (batch, draw(st.one_of(st.none(), st.integers(1, 4))), draw(st.booleans()))
        for batch in batches
    ]


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(history=histories())
def test_the_same_notes_give_the_same_summaries_whatever_the_runs(
    history: list[tuple[list[str], int | None, bool]],
) -> None:
    with tempfile.TemporaryDirectory() as folder:
        root = Path(folder)
        config_path = workspace(root)
        for batch, dies_on, forget in history:
            arrive(root, batch)
            if dies_on is not None:
                with contextlib.suppress(Interrupted):
                    sync(load_config(config_path), summarizer=DiesOnCall(config_path, dies_on))
            if forget:
                shutil.rmtree(root / "vault" / ".vaultkit", ignore_errors=True)
        assert sync(load_config(config_path)).ok  # the run that finds everything
        assert summaries(root) == REFERENCE
        assert sync(load_config(config_path)).changes == []
