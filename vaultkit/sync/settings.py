"""The parts of the config that shape a summary, and which days a change of them affects.

A summary is made from a day's notes and from the config: the vocabulary (its terms and aliases
decide what enters `projects` and `tags`), the people (known names, nicknames, names never
listed), the languages, and the summarizer itself. Sync records these settings in its catalog
after each run; when they differ at the next run, the affected days are summarized again, so
the change is applied (hand edits stay, as always):

- another summarizer (backend, model, how much of a day it reads) or other languages: every day
  vaultkit summarized;
- a vocabulary or people change: the days whose notes or summary name a spelling the change
  added, removed or mapped elsewhere (`Dewi` adopted as a person, `k3s` made an alias);
- for the offline summarizer, the names the vault's files show to be people's or pets'
  (`summarize.evidence`): when a day shows `Rizal` to be a person, the days that name him bare
  are summarized again, so the same notes give the same vault in any order of runs.

Settings never recorded (a new cache) are taken as they are: nothing is summarized again.
"""

from __future__ import annotations

import contextlib
import json
import re
from collections.abc import Iterable, Mapping
from datetime import date
from typing import Any

from vaultkit.catalog.store import Catalog
from vaultkit.config import Config
from vaultkit.errors import VaultkitError
from vaultkit.files.sources import read_text
from vaultkit.summarize.evidence import VaultNames
from vaultkit.sync.survey import Survey


def summary_settings(config: Config, vault: VaultNames | None = None) -> dict[str, Any]:
    """The config's parts that shape a summary, as plain JSON values; for the offline
    summarizer also the names the vault shows to be people's and pets' (`vault`), which shape
    every day that names them as the config's people do."""
    vocab, people, summarizer = config.vocabulary, config.people, config.summarizer
    model = summarizer.model if summarizer.backend == "openai" else ""
    names: dict[str, list[str]] = {}
    if vault is not None and summarizer.backend == "offline":
        names = {
            "known": sorted(vault.persons),
            "animals": sorted(vault.animals),
            "tools": sorted(vault.tools),
            "places": sorted(vault.places),
            "located": sorted(vault.located),
        }
    return {
        "vault_names": names,
        "vocabulary": {
            "projects": list(vocab.projects),
            "technologies": list(vocab.technologies),
            "libraries": list(vocab.libraries),
            "aliases": dict(sorted(vocab.aliases.items())),
        },
        "people": {
            "known": list(people.known),
            "aliases": dict(sorted(people.aliases.items())),
            "ignore": list(people.ignore),
        },
        "languages": list(config.languages),
        "summarizer": {
            "backend": summarizer.backend,
            "model": model,
            "max_input_chars": summarizer.max_input_chars if model else None,
        },
    }


def encode(settings: Mapping[str, Any]) -> str:
    """Settings as one line of JSON (`RunSettings.tried` keeps one per line)."""
    return json.dumps(settings, sort_keys=True, ensure_ascii=False)


def decode(text: str | None) -> dict[str, Any] | None:
    try:
        value = json.loads(text) if text else None
    except ValueError:
        return None
    return value if isinstance(value, dict) else None


def what_changed(old: Mapping[str, Any], new: Mapping[str, Any]) -> tuple[bool, set[str]]:
    """(every day is affected, the spellings whose meaning changed) between two settings."""
    for part in ("summarizer", "languages"):
        if old.get(part) != new.get(part):
            return True, set()
    return False, _spellings(_meanings(old) ^ _meanings(new))


def _meanings(settings: Mapping[str, Any]) -> set[tuple[str, str, str]]:
    """(spelling, kind, what it stands for) for every entry of the vocabulary and the people."""
    vocab, people = settings.get("vocabulary", {}), settings.get("people", {})
    found = set()
    for kind in ("projects", "technologies", "libraries"):
        found |= {(term, kind, term) for term in vocab.get(kind, [])}
    found |= {(alias, "alias", term) for alias, term in vocab.get("aliases", {}).items()}
    found |= {(name, "person", name) for name in people.get("known", [])}
    found |= {(alias, "nickname", name) for alias, name in people.get("aliases", {}).items()}
    found |= {(name, "ignored", "") for name in people.get("ignore", [])}
    return found


def _shown(settings: Mapping[str, Any]) -> set[tuple[str, str]]:
    """(name, what the vault's days show it to be) for every name they show."""
    names = settings.get("vault_names", {})
    kinds = ("known", "animals", "tools", "places", "located")
    return {(name, kind) for kind in kinds for name in names.get(kind, [])}


def _spellings(meanings: Iterable[tuple[str, str, str]]) -> set[str]:
    """Every spelling of the changed entries: the spelling and what it stands for."""
    return {s for spelling, _, target in meanings for s in (spelling, target) if s.strip()}


def reshaped_days(
    config: Config, catalog: Catalog, found: Survey, vault: VaultNames
) -> dict[date, str]:
    """The days to summarize again because the config changed since they were summarized:
    since the last completed sync, or since a run that stopped midway (its days used its own
    config)."""
    new = summary_settings(config, vault)
    out: dict[date, str] = {}
    for old in _summarized_with(catalog):
        if _config_part(old) != _config_part(new):
            out = affected_days(found, old, new) | out
    return dict(sorted(out.items()))


def rechecked_days(
    config: Config, catalog: Catalog, found: Survey, vault: VaultNames
) -> dict[date, str]:
    """The days to look at again because what the vault's days show a name to be (`vault`)
    changed since they were summarized, each with why: the summaries vaultkit wrote as they are
    whose files write a name shown otherwise now, found in the catalog's tallies so a daily run
    reads no note it has no reason to (`plan` compares what each summary was written with)."""
    new = _shown(summary_settings(config, vault))
    changed: set[str] = set()
    for old in _summarized_with(catalog):
        changed |= {name for name, _ in _shown(old) ^ new}
    return _writing(found, changed)


def note_run(config: Config, catalog: Catalog, vault: VaultNames) -> None:
    """Record, before a run summarizes, the settings it summarizes with (`RunSettings.trying`)."""
    catalog.settings.trying(encode(summary_settings(config, vault)))


def _summarized_with(catalog: Catalog) -> list[dict[str, Any]]:
    """The settings the vault's summaries were written with, as far as the catalog knows: the
    last completed sync's and those of runs that stopped since (none: a first sync, or a
    catalog lost, whose full look checks every day)."""
    found = [decode(catalog.settings.last()), *map(decode, catalog.settings.tried())]
    return [s for s in found if s is not None]


def affected_days(found: Survey, old: Mapping[str, Any], new: Mapping[str, Any]) -> dict[date, str]:
    """The days vaultkit summarized that a change from `old` to `new` settings affects, each
    with why: every one, or those whose notes or summary name a changed spelling."""
    everything, spellings = what_changed(old, new)
    summaries = ((day, found.summary(day)) for day in found.summary_days())
    days = [day for day, facts in summaries if facts and facts.pristine and facts.fields]
    if everything:
        return dict.fromkeys(days, reason([]))
    out = {}
    for day in days:
        named = names_any(_text_of(found, day), spellings)
        if named:
            out[day] = reason(named)
    return out


def _config_part(settings: Mapping[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in settings.items() if key != "vault_names"}


def _writing(found: Survey, spellings: set[str]) -> dict[date, str]:
    """The summarized days whose files write every word of a changed name, with why."""
    catalog = found.catalog
    named: dict[str, list[str]] = {}
    for spelling in sorted(spellings, key=str.casefold):
        words = [w.casefold() for w in spelling.split()]
        days = set.intersection(*(catalog.days_writing([w]) for w in words)) if words else set()
        for day in days:
            named.setdefault(day, []).append(spelling)
    out: dict[date, str] = {}
    for text in sorted(named):
        facts = found.summary(date.fromisoformat(text))
        if facts and facts.pristine and facts.fields:
            out[date.fromisoformat(text)] = reason(named[text], seen=True)
    return out


def _text_of(found: Survey, day: date) -> str:
    """A day's notes and its summary's fields, as one text to look for names in."""
    facts = found.summary(day)
    parts = [json.dumps(facts.fields if facts else None, ensure_ascii=False)]
    note = found.note_path(day)
    for path in ([note] if note else []) + found.transcripts_of(day):
        with contextlib.suppress(VaultkitError, OSError):
            parts.append(read_text(path))
    return "\n".join(parts)


def names_any(text: str, spellings: set[str]) -> list[str]:
    """The spellings `text` names as words (case-insensitive), in sorted order."""
    if not spellings:
        return []
    folded = text.casefold()
    named = {
        s.casefold(): s
        for s in sorted(spellings, reverse=True)  # of two spellings in two cases, the capital
        if s.casefold() in folded and re.search(rf"(?<!\w){re.escape(s.casefold())}(?!\w)", folded)
    }
    return sorted(named.values(), key=str.casefold)


def reason(named: list[str], *, seen: bool = False) -> str:
    """Why a day is summarized again after a change of its config, or (`seen`) of what the
    vault's other days show its names to be (`named`: the changed spellings the day names;
    none when every day is affected)."""
    if not named:
        return "the config's summarizer or languages changed"
    shown = ", ".join(named[:3]) + (", ..." if len(named) > 3 else "")
    if seen:
        return f"other days show who or what a name is ({shown})"
    return f"the vocabulary or the people changed ({shown})"
