"""Rendering summaries and the memory index through Jinja templates, as valid Obsidian YAML.

The templates are the workspace's (`paths.templates`), else the packaged ones, and run in Jinja's
immutable sandbox: a template reads the values it is given and calls their methods, and can
reach neither Python's internals (`''.__class__.__mro__`) nor change a value. Output is not
escaped: it is markdown, not HTML. `Renderer.check` compiles both templates and renders each
once with sample values, so a syntax error or a reach outside the sandbox is one config error
(`path:line: [template] ...`) before a command writes anything.
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable, Mapping
from datetime import date
from functools import cache, lru_cache
from pathlib import Path
from types import TracebackType
from typing import Any

import jinja2
import yaml
from jinja2.sandbox import ImmutableSandboxedEnvironment

from vaultkit.errors import ConfigError
from vaultkit.files.wikilinks import parent_line, wikilink
from vaultkit.model import Summary, Uncategorized

TEMPLATE_NAMES = ("summary.md.j2", "memory_index.md.j2")

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


@lru_cache(maxsize=8)
def _environment(search: tuple[str, ...]) -> jinja2.Environment:
    """One sandboxed environment per list of template folders: a run makes several renderers,
    and each would compile the templates again."""
    env = ImmutableSandboxedEnvironment(
        loader=jinja2.FileSystemLoader(list(search)),
        autoescape=False,
        trim_blocks=True,
        lstrip_blocks=True,
        keep_trailing_newline=True,
        undefined=jinja2.StrictUndefined,
    )
    env.filters["yaml_list"] = yaml_list
    env.filters["yaml_scalar"] = yaml_scalar
    return env


class Renderer:
    """Jinja environment: the workspace's templates first, then the packaged ones."""

    def __init__(self, templates_dir: Path | None = None, heading: str = "Ringkasan Hari Ini"):
        search = [str(packaged_templates())]
        if templates_dir is not None and templates_dir.is_dir():
            search.insert(0, str(templates_dir))
        self.heading = heading
        self.env = _environment(tuple(search))

    def fingerprint(self) -> str:
        """A digest of the templates this renderer uses (the workspace's, else the packaged)."""
        from vaultkit.files.storage import digest

        parts = []
        for name in TEMPLATE_NAMES:
            source, _, _ = self.env.loader.get_source(self.env, name)  # type: ignore[union-attr]
            parts.append(source)
        return digest("\0".join(parts), 16)

    def check(self) -> None:
        """Compile both templates and render each with sample values: a syntax error, a name
        the template uses that vaultkit does not give, or a reach outside the sandbox is a
        `ConfigError` naming the template's file and line."""
        self.summary(_SAMPLE_SUMMARY)
        self.memory_index(_SAMPLE_INDEX)

    def render(self, name: str, **context: Any) -> str:
        try:
            template = self.env.get_template(name)
        except jinja2.TemplateSyntaxError as exc:
            raise _template_error(exc, exc.filename or name, exc.lineno) from None
        except jinja2.TemplateError as exc:
            raise _template_error(exc, name, None) from None
        try:
            return template.render(**context)
        except jinja2.TemplateError as exc:
            where = template.filename or name
            raise _template_error(exc, where, _template_line(exc.__traceback__, where)) from None

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


def _template_error(exc: jinja2.TemplateError, path: str, line: int | None) -> ConfigError:
    return ConfigError(f"template error: {exc}", path=path, line=line, rule="template")


def _template_line(trace: TracebackType | None, filename: str) -> int | None:
    """The template's line a render failed on: Jinja gives its frames the template's file name
    and line numbers; the innermost one is where it stopped."""
    line = None
    while trace is not None:
        if trace.tb_frame.f_code.co_filename == filename:
            line = trace.tb_lineno
        trace = trace.tb_next
    return line


_SAMPLE_SUMMARY = Summary(
    date=date(2026, 7, 2),
    people=("Gading",),
    projects=("Homelab",),
    tags=("Kubernetes",),
    importance=5,
    mood="focused",
    related_dates=(date(2026, 7, 1),),
    uncategorized=Uncategorized(("Ceph",), ("FastAPI",), ("Garden Sensors",)),
    bullets=("Moved the cluster to K3s.",),
)
_SAMPLE_INDEX: dict[str, Any] = {
    "months": [
        {
            "name": "July 2026",
            "days": [{"date": "2026-07-02", "importance": 5, "topics": ("Homelab",)}],
            "count": 1,
            "topics": [],
        },
        {"name": "June 2026", "days": [], "count": 2, "topics": ["Homelab"]},
    ],
    "days_total": 3,
    "first_day": "2026-06-01",
    "last_day": "2026-07-02",
}
