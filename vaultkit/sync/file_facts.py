"""What sync reads of a file: a daily note's or a transcript's facts (its digest, its managed
line, its links, the names it shows to be people's, animals' and tools, the words it writes
with a capital), and a summary's (its marker, its validity, its fields), kept in the catalog by
`sync.survey` and `sync.daily_look`.
"""

from __future__ import annotations

import re
from collections.abc import Container
from dataclasses import replace
from datetime import date
from pathlib import Path

from vaultkit.catalog.facts import SourceFacts, SummaryFacts
from vaultkit.config import Config
from vaultkit.dates import parse_date
from vaultkit.errors import FileFormatError, VaultkitError
from vaultkit.files.document import load_yaml, parse_document, split_frontmatter
from vaultkit.files.sources import content_of_note, content_of_transcript, read_text
from vaultkit.files.storage import digest, read_bytes
from vaultkit.files.wikilinks import PARENT_LINE, SPINE_LINE, find_wikilinks, managed_target
from vaultkit.lint import check_summary_text
from vaultkit.pages.render import Renderer
from vaultkit.pages.schema import add_marker, fields_of, parse_summary, read_marker
from vaultkit.summarize.offline import file_evidence
from vaultkit.sync.related import features
from vaultkit.text.language import Analyzer
from vaultkit.text.vocabulary import Vocabulary

_CAPITALIZED = re.compile(r"(?<![\w'.+-])[\w'.+-]*[A-Z][\w'.+-]*")


def capitalized_words(text: str) -> list[str]:
    """The words a text writes with a capital ("Sentry", "cAdvisor", "Node.js"), folded and
    sorted: what a name the vault's days show to be someone's or something's is written as, so
    a change of those names finds the days that write it without reading them."""
    words = (w.strip(".'-+").removesuffix("'s") for w in _CAPITALIZED.findall(text))
    return sorted({w.casefold() for w in words if w})


def note_facts(path: Path) -> SourceFacts:
    """What sync needs of a daily note, read from the file."""
    facts, text = _source_facts(path, chat=False)
    frontmatter, _, _ = split_frontmatter(text)
    if frontmatter is not None and not facts.error:  # still summarized from its text
        try:
            load_yaml(frontmatter, path)
        except FileFormatError as exc:
            return replace(facts, problem=f"[{exc.rule}] {exc.message}", problem_line=exc.line)
    return facts


def transcript_facts(path: Path) -> SourceFacts:
    """What sync needs of a transcript, read from the file."""
    return _source_facts(path, chat=True)[0]


def _source_facts(path: Path, *, chat: bool) -> tuple[SourceFacts, str]:
    """A note's or a transcript's facts, and its text ("" when it cannot be read)."""
    try:
        text = read_text(path)
    except (VaultkitError, OSError) as exc:
        return SourceFacts(error=str(exc)), ""
    content = content_of_transcript(text) if chat else content_of_note(text)
    evidence = file_evidence(text, chat=chat)
    facts = SourceFacts(
        digest(content, 16),
        managed_target(text, PARENT_LINE if chat else SPINE_LINE),
        links=_links(text),
        persons=sorted(evidence.persons),
        animals=sorted(evidence.animals),
        tools=sorted(evidence.tools),
        places=sorted(evidence.places),
        located=sorted(evidence.located),
        written=capitalized_words(text),
    )
    return facts, text


def _links(text: str) -> list[str]:
    """The targets a note's wikilinks name, other than days (they are the spine's)."""
    targets = {target for target, _ in find_wikilinks(text) if target and not parse_date(target)}
    return sorted(targets)


class SummaryReader:
    """Reads a summary's facts (`__call__`), given the days a related date may name."""

    def __init__(self, config: Config, known_days: Container[date]) -> None:
        self.vocabulary = Vocabulary(config.vocabulary, config.people)
        self.known_days = known_days
        self.renderer = Renderer(config.templates_dir, config.summarizer.heading)
        self.analyzer = Analyzer(config.languages)

    def __call__(self, path: Path) -> SummaryFacts:
        """Marker state, validity (lint's errors) and the fields related days and the index
        need.

        The marker is read from the raw text, so a file that does not parse still says whether
        vaultkit wrote it; `empty` and `unparseable` let the plan regenerate what holds nothing
        of a person's. `stale_format` marks a summary exactly as vaultkit wrote it that today's
        templates would render differently: sync renders it again, with no summarizer call.
        """
        try:
            data = read_bytes(path)
        except (VaultkitError, OSError) as exc:
            return SummaryFacts(problem=_short(exc))
        if not data.strip():
            return SummaryFacts(problem="empty file", empty=True)
        marker = read_marker(data.decode("utf-8", "replace"))
        pristine = bool(marker and marker.pristine)
        source = marker.source if marker else None
        try:
            summary = parse_summary(parse_document(data, path))
        except VaultkitError as exc:
            return SummaryFacts(pristine, marker is not None, source, _short(exc), unparseable=True)
        errors = [
            p
            for p in check_summary_text(path, data, self.vocabulary, self.known_days)
            if p.severity == "error"
        ]
        problem = f"{errors[0].rule}: {errors[0].message}" if errors else None
        rendered = add_marker(self.renderer.summary(summary), source or "")
        stale = pristine and rendered.encode() != data
        return SummaryFacts(
            pristine,
            marker is not None,
            source,
            problem,
            fields_of(summary),
            stale_format=stale,
            features=sorted(features(summary, self.analyzer)),
        )


def _short(exc: Exception) -> str:
    return getattr(exc, "message", None) or str(exc)
