"""A conversation as a transcript of its day, its secrets out (`text.secrets`).

The day is the one the conversation began on in the workspace's time zone
(`capture.time_zone`, else this machine's): a conversation past midnight stays on its first
day. Each turn is `Speaker: text`, the person's turns under `capture.me` and the assistant's
under its name, a blank line between turns; a turn's further lines follow as written, and a
turn that opens with a code fence or a table puts its speaker on a line of its own, so the
markdown stays whole. A conversation its source left untitled is named by the person's first
words. A turn left empty once its secrets and `<private>` parts are out is
dropped.
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass, field
from datetime import date, datetime, tzinfo
from pathlib import Path

from vaultkit.capture.conversation import UNTITLED, USER, Conversation
from vaultkit.capture.hooks import cut_title
from vaultkit.config import Config
from vaultkit.files.layout import Layout
from vaultkit.text.secrets import scrub_secrets
from vaultkit.workspace.keyed import Saved, key_tag, save_keyed_transcript

_OWN_LINE = ("```", "~~~", "|", "#", ">", "- ", "* ", "    ")


@dataclass(frozen=True)
class Rendered:
    """A conversation's transcript text, its title, and the secrets taken out of both."""

    title: str
    text: str
    redacted: Counter[str] = field(default_factory=Counter)


def zone_of(config: Config) -> tzinfo:
    """The workspace's time zone (`capture.time_zone`), else this machine's."""
    if config.capture.time_zone:
        from zoneinfo import ZoneInfo

        return ZoneInfo(config.capture.time_zone)
    zone = datetime.now().astimezone().tzinfo
    assert zone is not None  # astimezone() always sets one
    return zone


def day_of(conversation: Conversation, zone: tzinfo) -> date:
    """The day a conversation began on, in `zone`."""
    return conversation.started.astimezone(zone).date()


def render(conversation: Conversation, me: str) -> Rendered:
    """The transcript text of a conversation (see the module); empty when no turn is left."""
    redacted: Counter[str] = Counter()
    blocks: list[str] = []
    opening = ""
    for turn in conversation.turns:
        text = _scrubbed(turn.text, redacted).strip()
        if text:
            speaker = me if turn.role == USER else conversation.assistant
            blocks.append(_turn(speaker, text))
            opening = opening or (text if turn.role == USER else "")
    title = _scrubbed(conversation.title, redacted).strip()
    if title in ("", UNTITLED):  # the export gave none: the person's first words name it
        title = cut_title(" ".join(opening.partition("\n")[0].split())) or UNTITLED
    return Rendered(title, "\n\n".join(blocks), redacted)


def save_conversation(
    config: Config,
    layout: Layout,
    conversation: Conversation,
    zone: tzinfo,
    *,
    replace: bool = False,
    dry_run: bool = False,
) -> tuple[Saved, list[Path], Rendered] | None:
    """Save a conversation as its day's transcript (`workspace.keyed`); None when it holds no
    words once its secrets are out. The caller holds the vault's lock."""
    rendered = render(conversation, config.capture.me)
    if not rendered.text:
        return None
    saved, written = save_keyed_transcript(
        layout,
        day=day_of(conversation, zone),
        tag=key_tag(conversation.source, conversation.key),
        title=rendered.title,
        text=rendered.text,
        replace=replace,
        dry_run=dry_run,
    )
    return saved, written, rendered


def _scrubbed(text: str, redacted: Counter[str]) -> str:
    scrubbed = scrub_secrets(text)
    redacted.update(dict(scrubbed.found))
    return scrubbed.text


def _turn(speaker: str, text: str) -> str:
    first, _, rest = text.partition("\n")
    if first.startswith(_OWN_LINE) or not first.strip():
        return f"{speaker}:\n{text}"
    return f"{speaker}: {first}" + (f"\n{rest}" if rest else "")
