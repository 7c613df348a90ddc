"""A day's note -> its summary fields. Summarizers never write files or choose related dates.

- `base`: the protocol, and the check every summarizer's answer passes
- `offline`: the deterministic default (no network, no model), reading a day in the order of
  its stages: `text` (lines, speakers, sentences) -> `names` (capitalized names and where they
  stand) -> `people` and `terms` (who and what is named) -> `importance` and `mood` (weighing the
  words of events, `text.lexicon`; `weighing`, the weights fitted to labelled days) -> `bullets`
- `openai`: any OpenAI-compatible chat-completions endpoint
- what the stages share: `evidence` (what a text says a name is), `portion` (how much of a day
  is read), `needles` (many strings found in one pass), `greedy` (the bullets' selection)

The registry lives here, at the package's face, so the protocol in `base` never imports the
implementations that depend on it.

May import: the core modules (`http` among them), `text` and `files`.
"""

from __future__ import annotations

from vaultkit.config import Config
from vaultkit.summarize.base import Summarizer, validate_fields
from vaultkit.summarize.evidence import VaultNames
from vaultkit.text.vocabulary import Vocabulary

__all__ = ["Summarizer", "make_summarizer", "validate_fields"]


def make_summarizer(
    config: Config, vocabulary: Vocabulary, vault: VaultNames | None = None
) -> Summarizer:
    """The summarizer the config names: `offline` (default, reading with `vault`, the names the
    vault's files show to be people's and pets') or `openai`."""
    from vaultkit.summarize.offline import OfflineSummarizer

    offline = OfflineSummarizer(vocabulary, vault=vault)
    if config.summarizer.backend == "openai":
        from vaultkit.summarize.openai import OpenAISummarizer

        return OpenAISummarizer(
            config.summarizer, vocabulary, fallback=offline, languages=config.languages
        )
    return offline
