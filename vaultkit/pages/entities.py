"""Notes for people and projects, so every link a summary writes resolves in Obsidian.

Each person and project a summary names gets a note, `memory/people/<Name>.md` or
`memory/projects/<Name>.md` (`paths.people`, `paths.projects`), named as its links name it
(`links.link_target`). Obsidian's backlinks panel of that note then lists every day that mentions
it. The note has three parts, and sync touches only two of them:

    ---
    aliases: [Fred]                 <- the config's nicknames (and the spelled name), merged in
    ---
    %% vaultkit:generated ... %%    <- rewritten by every sync: first and last day, how many
    **Freedy** · person · on 14 days, from 2026-07-01 to 2026-07-20
    %% vaultkit:end %%
    ... everything below is the person's own and is never changed ...

Obsidian does not resolve a link through an alias (`[[Fred]]` stays unresolved); the aliases make
the note findable by nickname and let Obsidian's link suggestions write `[[Freedy|Fred]]`.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from pathlib import Path
from typing import Any, Literal

from vaultkit.errors import VaultkitError
from vaultkit.files.document import load_yaml, split_frontmatter, top_level_keys
from vaultkit.files.wikilinks import link_target, plain_line
from vaultkit.text.vocabulary import term_key

Kind = Literal["person", "project"]
BEGIN = "%% vaultkit:generated (sync rewrites this part; your own notes go below it) %%"
END = "%% vaultkit:end %%"
_DESCRIBED = re.compile(r" · (?:on \d+ days?, [^\n]*|named in no summary now)(?=\n)")
_BLOCK = re.compile(
    r"^%% vaultkit:generated\b[^\n]*%%\n.*?^%% vaultkit:end %%\n?", re.MULTILINE | re.DOTALL
)


@dataclass
class Entity:
    """A person or project, the nicknames that mean it, and how many days' summaries name it,
    the first and the last."""

    kind: Kind
    name: str
    aliases: list[str] = field(default_factory=list)
    count: int = 0
    first: date | None = None
    last: date | None = None

    @property
    def stem(self) -> str:
        """The note's file name without `.md`: what `[[...]]` links to."""
        return link_target(self.name)

    def wanted_aliases(self) -> list[str]:
        """The config's nicknames, and the name itself when the file name had to differ."""
        names = [*self.aliases, *([self.name] if self.stem != self.name else [])]
        return list({term_key(n): n for n in reversed(names)}.values())[::-1]


def collect(
    summaries: Mapping[date, Mapping[str, Any]],
    people_aliases: Mapping[str, str],
    term_aliases: Mapping[str, str],
) -> list[Entity]:
    """Every person and project named by a summary's fields, with its days, sorted by kind and
    name; `summaries` maps a day to its fields (`people`, `projects`), the aliases map the
    config's nicknames of people and terms to their names."""
    found: dict[tuple[Kind, str], Entity] = {}
    fields_of_kind: tuple[tuple[Kind, str], ...] = (("person", "people"), ("project", "projects"))
    for day in sorted(summaries):
        fields = summaries[day]
        for kind, key in fields_of_kind:
            for name in set(fields.get(key) or ()):
                entity = found.setdefault((kind, name), Entity(kind, name, first=day))
                entity.count += 1
                entity.last = day
    for entity in found.values():
        entity.aliases = aliases_of(entity.kind, entity.name, people_aliases, term_aliases)
    return [found[key] for key in sorted(found, key=lambda k: (k[0], k[1].casefold(), k[1]))]


def aliases_of(
    kind: Kind, name: str, people_aliases: Mapping[str, str], term_aliases: Mapping[str, str]
) -> list[str]:
    """The config's nicknames of a person, or of a project's term, in a stable order."""
    table = people_aliases if kind == "person" else term_aliases
    return sorted((a for a, t in table.items() if term_key(t) == term_key(name)), key=str.casefold)


def note_path(people_dir: Path, projects_dir: Path, entity: Entity) -> Path:
    folder = people_dir if entity.kind == "person" else projects_dir
    return folder / f"{entity.stem}.md"


def render(entity: Entity, current: str | None) -> str:
    """The note's text: a new note, or `current` with its generated part and aliases brought up to
    date and every other byte kept."""
    block = f"{BEGIN}\n{describe(entity)}\n{END}\n"
    if current is None:
        return f"---\naliases: {_flow(entity.wanted_aliases())}\n---\n{block}\n"
    frontmatter, body, _ = split_frontmatter(current)
    head = current[: len(current) - len(body)] if frontmatter is not None else ""
    if frontmatter is None:
        head = f"---\naliases: {_flow(entity.wanted_aliases())}\n---\n"
    else:
        head = _merge_aliases(head, frontmatter, entity)
    if _BLOCK.search(body):
        body = _BLOCK.sub(lambda _: block, body, count=1)
    else:
        body = block + ("\n" if body and not body.startswith("\n") else "") + body
    return head + body


def describe(entity: Entity) -> str:
    """The generated line: who or what, and on which days the summaries name it. The name is
    shown as plain text (`plain_line`: a control character would act in a terminal, a line
    break end the line, a `[[` make a link, a `%%` hide the rest); the aliases keep it as
    written."""
    count, name = entity.count, plain_line(entity.name)
    if not count:
        return f"**{name}** · {entity.kind} · named in no summary now"
    if count == 1:
        return f"**{name}** · {entity.kind} · on 1 day, {entity.first}"
    return f"**{name}** · {entity.kind} · on {count} days, from {entity.first} to {entity.last}"


def retired(current: str) -> str:
    """A note no summary names any more: its generated line says so; every other byte stays."""
    match = _BLOCK.search(current)
    if match is None:
        return current
    block = match.group(0)
    line = _DESCRIBED.sub(" · named in no summary now", block, count=1)
    return current[: match.start()] + line + current[match.end() :]


def only_generated(current: str) -> bool:
    """Whether a note holds nothing of a person's: its frontmatter only aliases, its body only the
    generated part (and blank lines)."""
    frontmatter, body, _ = split_frontmatter(current)
    if frontmatter is not None and {k for k, _ in top_level_keys(frontmatter)} - {"aliases"}:
        return False
    return _BLOCK.search(body) is not None and not _BLOCK.sub("", body, count=1).strip()


def _merge_aliases(head: str, frontmatter: str, entity: Entity) -> str:
    """The frontmatter with the wanted aliases added to its own (none removed); untouched when it
    cannot be read, or already has them."""
    try:
        data = load_yaml(frontmatter, Path(entity.stem))
    except VaultkitError:
        return head  # a person's broken YAML: lint says so, sync leaves it
    if not isinstance(data, dict):
        return head
    have = data.get("aliases")
    have_list = [have] if isinstance(have, str) else have if isinstance(have, list) else None
    if have is not None and have_list is None:
        return head
    existing = [str(a) for a in have_list or []]
    known = {term_key(a) for a in existing}
    missing = [a for a in entity.wanted_aliases() if term_key(a) not in known]
    if not missing and have is not None:
        return head
    line = f"aliases: {_flow([*existing, *missing])}"
    lines = frontmatter.split("\n")
    keys = top_level_keys(frontmatter, first_line=0)
    at = next((i for key, i in keys if key == "aliases"), None)
    if at is None:
        lines.insert(0, line)
    else:
        after = [i for _, i in keys if i > at]
        end = after[0] if after else len(lines) - (1 if lines[-1] == "" else 0)
        lines[at:end] = [line]
    return "---\n" + "\n".join(lines) + "---\n"


def _flow(values: Iterable[str]) -> str:
    from vaultkit.pages.render import yaml_list

    return yaml_list(values)
