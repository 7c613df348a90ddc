"""Rendering summaries and the memory index through Jinja templates, as valid Obsidian YAML."""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from datetime import date
from functools import cache
from pathlib import Path
from typing import Any

import jinja2
import yaml

from vaultkit.errors import ConfigError
from vaultkit.files.wikilinks import parent_line, wikilink
from vaultkit.model import Summary

_PLAIN = re.compile(r"^[A-Za-z0-9_][A-Za-z0-9 _./+'()&-]*$")
# YAML 1.1 readers (Obsidian's among them in places) turn these into booleans or null.
_YAML11_WORDS = {"y", "n", "yes", "no", "on", "off", "true", "false", "null", "~"}


def packaged_templates() -> Path:
    """The templates shipped with vaultkit (inside the wheel, or the repo's `templates/`)."""
    package = Path(__file__).resolve().parent.parent  # vaultkit/
    inside = package / "templates"
    return inside if inside.is_dir() else package.parent / "templates"


def yaml_scalar(value: Any) -> str:
    """A value as a YAML scalar that every YAML reader reads back unchanged."""
    if isinstance(value, date):
        return value.isoformat()
    if isinstance(value, bool | int | float):
        return json.dumps(value)
    text = " ".join(str(value).split())
    if _PLAIN.match(text) and text.casefold() not in _YAML11_WORDS and _reads_back(text):
        return text
    return json.dumps(text, ensure_ascii=False)


def yaml_list(values: Iterable[Any]) -> str:
    """A flow-style YAML list, `[a, b]`, quoting only where needed."""
    return "[" + ", ".join(yaml_scalar(v) for v in values) + "]"


@cache
def _reads_back(text: str) -> bool:
    try:
        return bool(yaml.safe_load(f"[{text}]") == [text])
    except yaml.YAMLError:
        return False


class Renderer:
    """Jinja environment: the workspace's templates first, then the packaged ones."""

    def __init__(self, templates_dir: Path | None = None, heading: str = "Ringkasan Hari Ini"):
        search = [str(packaged_templates())]
        if templates_dir is not None and templates_dir.is_dir():
            search.insert(0, str(templates_dir))
        self.heading = heading
        self.env = jinja2.Environment(
            loader=jinja2.FileSystemLoader(search),
            autoescape=False,
            trim_blocks=True,
            lstrip_blocks=True,
            keep_trailing_newline=True,
            undefined=jinja2.StrictUndefined,
        )
        self.env.filters["yaml_list"] = yaml_list
        self.env.filters["yaml_scalar"] = yaml_scalar

    def fingerprint(self) -> str:
        """A digest of the templates this renderer uses (the workspace's, else the packaged)."""
        from vaultkit.files.storage import digest

        names = ("summary.md.j2", "memory_index.md.j2")
        parts = []
        for name in names:
            source, _, _ = self.env.loader.get_source(self.env, name)  # type: ignore[union-attr]
            parts.append(source)
        return digest("\0".join(parts), 16)

    def render(self, name: str, **context: Any) -> str:
        try:
            return self.env.get_template(name).render(**context)
        except jinja2.TemplateError as exc:
            line = getattr(exc, "lineno", None)
            raise ConfigError(
                f"template error: {exc}", path=name, line=line, rule="template"
            ) from None

    def summary(self, summary: Summary) -> str:
        """The summary file's text (without the vaultkit marker line)."""
        links = [wikilink(name) for name in (*summary.people, *summary.projects)]
        text = self.render(
            "summary.md.j2",
            summary=summary,
            heading=self.heading,
            links=links,
            day_link=parent_line(summary.date),
        )
        return text.rstrip("\n") + "\n"

    def memory_index(self, context: Mapping[str, Any]) -> str:
        return self.render("memory_index.md.j2", **context).rstrip("\n") + "\n"
