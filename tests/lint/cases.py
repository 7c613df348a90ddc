"""The lint rules' fixture vault and one case per rule: a clean workspace, and for each rule a
change to one file that must raise exactly it (the rule tests use them, `--fix` tests too)."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path

from vaultkit.config import Config, load_config
from vaultkit.lint import LintReport, lint_vault
from vaultkit.lint.rules import BY_ID
from vaultkit.model import Summary, Uncategorized
from vaultkit.pages.entities import Entity
from vaultkit.pages.entities import render as render_entity
from vaultkit.pages.render import Renderer
from vaultkit.pages.schema import add_marker

CONFIG = {
    "schema_version": 1,
    "vault": "vault",
    "vocabulary": {
        "projects": ["Nouverse Core", "Homelab"],
        "technologies": ["Kubernetes", "Docker", "RAG", "C++"],
        "libraries": ["Pydantic", "FastAPI"],
        "aliases": {"k8s": "Kubernetes", "Nouverse": "Nouverse Core"},
    },
    "people": {"known": ["Gading", "Rina", "Freedy"], "aliases": {"Fred": "Freedy"}},
}
DAYS = [date(2026, 7, 1), date(2026, 7, 2), date(2026, 7, 3)]
SUMMARY_DAY = date(2026, 7, 3)
SUMMARY = "memory/summaries/2026-07-03.summary.md"
SOURCE = "0123456789abcdef"


def summary_text(**fields: object) -> str:
    """A valid summary for 2026-07-03 as sync writes it (rendered, with a pristine marker)."""
    values: dict[str, object] = {
        "date": SUMMARY_DAY,
        "people": ("Gading", "Rina"),
        "projects": ("Homelab",),
        "tags": ("Kubernetes", "Docker"),
        "importance": 7,
        "mood": "excited",
        "related_dates": (date(2026, 7, 1),),
        "uncategorized": Uncategorized(libraries=("Zod",)),
        "bullets": ("Moved the cluster to K3s.", "Talked RAG scoring with Rina."),
    }
    values.update(fields)
    return add_marker(Renderer().summary(Summary(**values)), SOURCE)  # type: ignore[arg-type]


def daily_text(day: date, previous: date | None) -> str:
    spine = f"« [[{previous.isoformat()}]] | Timeline Spine\n\n" if previous else ""
    return f"{spine}# {day.isoformat()}\n\n- Worked on the Homelab with [[Gading]].\n"


def transcript_text(day: date) -> str:
    return f"↑ [[{day.isoformat()}]] | Daily Note\n\n# Chat\n\nGading: hi\n"


def make_workspace(root: Path) -> Path:
    """A small lint-clean workspace: three daily notes, a transcript, two summaries."""
    root.mkdir(parents=True, exist_ok=True)
    (root / "memory_config.json").write_text(json.dumps(CONFIG), encoding="utf-8")
    memory = root / "vault" / "memory"
    (memory / "summaries").mkdir(parents=True)
    (memory / "chats" / "2026-07-02").mkdir(parents=True)
    previous = None
    for day in DAYS:
        (memory / f"{day.isoformat()}.md").write_text(daily_text(day, previous), "utf-8")
        previous = day
    (memory / "chats" / "2026-07-02" / "telegram.md").write_text(transcript_text(DAYS[1]), "utf-8")
    (memory / "summaries" / "2026-07-03.summary.md").write_text(summary_text(), "utf-8")
    earlier = summary_text(date=date(2026, 7, 2), related_dates=(), people=("Freedy",))
    (memory / "summaries" / "2026-07-02.summary.md").write_text(earlier, "utf-8")
    for kind, folder, name in ENTITIES:  # every link of the vault resolves
        note = render_entity(Entity(kind, name), None)  # type: ignore[arg-type]
        (memory / folder).mkdir(exist_ok=True)
        (memory / folder / f"{name}.md").write_text(note, "utf-8")
    return root


ENTITIES = (("person", "people", "Gading"), ("person", "people", "Rina"))
ENTITIES += (("person", "people", "Freedy"), ("project", "projects", "Homelab"))


def config_of(root: Path) -> Config:
    return load_config(root / "memory_config.json")


def lint(root: Path) -> LintReport:
    return lint_vault(config_of(root))


def write(root: Path, rel: str, content: str | bytes) -> Path:
    path = root / "vault" / rel
    path.parent.mkdir(parents=True, exist_ok=True)
    if isinstance(content, bytes):
        path.write_bytes(content)
    else:
        path.write_bytes(content.encode("utf-8"))
    return path


def set_key(text: str, key: str, line: str | None) -> str:
    """Replace (or, with None, delete) the frontmatter line starting with `key:`."""
    lines = text.split("\n")
    for i, current in enumerate(lines):
        if current.startswith(f"{key}:"):
            if line is None:
                del lines[i]
            else:
                lines[i] = line
            return "\n".join(lines)
    raise AssertionError(f"no {key} line")


def rules_at(report: LintReport, rel: str) -> set[str]:
    return {BY_ID[p.rule].name for p in report.problems if p.path == rel}


# --------------------------------------------------------------------------------------- cases

S = SUMMARY
NOTE = "memory/2026-07-02.md"
CHAT = "memory/chats/2026-07-02/telegram.md"
BASE_NOTE = daily_text(DAYS[1], DAYS[0])

# rule name -> (path, content); every rule in the catalogue has at least one case.
CASES: list[tuple[str, str, str | bytes]] = [
    ("encoding", S, summary_text().encode("utf-8").replace(b"Moved", b"Mov\xe9d")),
    ("encoding", NOTE, b"# note\n\xff\xfe\n"),
    ("byte-order-mark", NOTE, "\ufeff" + BASE_NOTE),
    ("crlf-line-endings", NOTE, BASE_NOTE.replace("\n", "\r\n")),
    ("file-name", "memory/notes.md", "# stray\n"),
    (
        "unreferenced-note",
        "memory/people/Ghost.md",
        render_entity(Entity("person", "Ghost"), None) + "\nMet at the meetup.\n",
    ),
    ("file-name", "memory/summaries/2026-02-30.summary.md", "x\n"),
    ("file-name", "memory/chats/random.md", "no date\n"),
    ("name-collision", "memory/chats/2026-07-02/Telegram.md", transcript_text(DAYS[1])),
    ("yaml-syntax", S, set_key(summary_text(), "people", "people: [Gading, Rina")),
    ("frontmatter-shape", S, "### no frontmatter\n"),
    ("frontmatter-shape", NOTE, "---\ntitle: x\n" + BASE_NOTE),
    (
        "frontmatter-shape",
        S,
        summary_text().replace("schema_version: 1\n", "- a list\n", 1).split("---\n", 2)[0]
        + "---\n- a\n- b\n---\nbody\n",
    ),
    ("duplicate-key", S, set_key(summary_text(), "mood", "mood: excited\nmood: calm")),
    (
        "second-frontmatter",
        S,
        summary_text().replace("---\n↑", "---\n---\nextra: block\n---\n↑", 1),
    ),
    ("yaml11-coercion", S, set_key(summary_text(), "mood", "mood: off")),
    ("yaml11-coercion", NOTE, "---\nreviewed: yes\n---\n" + BASE_NOTE),
    ("invalid-tag", S, set_key(summary_text(), "tags", 'tags: [Kubernetes, "#Docker"]')),
    ("invalid-tag", NOTE, "---\ntags: [machine learning, 2026]\n---\n" + BASE_NOTE),
    ("missing-field", S, set_key(summary_text(), "mood", None)),
    ("extra-field", S, set_key(summary_text(), "mood", "mood: excited\nweather: sunny")),
    ("wrong-type", S, set_key(summary_text(), "people", "people: Gading")),
    ("wrong-type", S, set_key(summary_text(), "mood", "mood: [a, b]")),
    ("schema-version", S, set_key(summary_text(), "schema_version", "schema_version: 2")),
    ("date-mismatch", S, set_key(summary_text(), "date", "date: 2026-07-02")),
    ("impossible-date", S, set_key(summary_text(), "date", "date: 2026-02-30")),
    ("impossible-date", NOTE, "---\ndue: 2026-02-30\n---\n" + BASE_NOTE),
    ("importance", S, set_key(summary_text(), "importance", "importance: 11")),
    ("importance", S, set_key(summary_text(), "importance", "importance: high")),
    (
        "key-order",
        S,
        set_key(set_key(summary_text(), "mood", None), "date", "date: 2026-07-03\nmood: excited"),
    ),
    ("unknown-term", S, set_key(summary_text(), "projects", "projects: [Homelab, Zephyr Portal]")),
    ("unknown-term", S, set_key(summary_text(), "tags", "tags: [Kubernetes, Terraform]")),
    ("alias-term", S, set_key(summary_text(), "tags", "tags: [k8s, Docker]")),
    ("alias-term", S, set_key(summary_text(), "people", "people: [Gading, Fred]")),
    ("wrong-field", S, set_key(summary_text(), "projects", "projects: [Docker]")),
    (
        "uncategorized-known",
        S,
        summary_text().replace("technologies: []", "technologies: [Kubernetes]"),
    ),
    ("duplicate-item", S, set_key(summary_text(), "people", "people: [Gading, Rina, gading]")),
    (
        "related-date-missing",
        S,
        set_key(summary_text(), "related_dates", "related_dates: [2026-06-01]"),
    ),
    (
        "related-date-missing",
        S,
        set_key(summary_text(), "related_dates", "related_dates: [2026-02-30]"),
    ),
    (
        "related-date-self",
        S,
        set_key(summary_text(), "related_dates", "related_dates: [2026-07-03]"),
    ),
    (
        "related-date-future",
        S,
        set_key(summary_text(), "related_dates", "related_dates: [2026-07-09]"),
    ),
    ("related-date-link", S, summary_text().replace("- Moved", "- See [[2026-07-01]]. Moved", 1)),
    ("links-footer", S, summary_text().replace("[[Rina]]", "[[Budi]]")),
    (
        "links-footer",
        S,
        summary_text().replace("\n---\n**🔗 Links:** [[Gading]] · [[Rina]] · [[Homelab]]", ""),
    ),
    ("spine-link", NOTE, BASE_NOTE.split("\n\n", 1)[1]),
    ("spine-link", NOTE, BASE_NOTE.replace("2026-07-01]]", "2026-06-30]]")),
    ("spine-link", "memory/2026-07-01.md", daily_text(DAYS[0], date(2026, 6, 1))),
    ("parent-link", CHAT, "# Chat\n\nGading: hi\n"),
    ("parent-link", CHAT, transcript_text(DAYS[0])),
    ("managed-look-alike", NOTE, BASE_NOTE + "\n« [[2026-06-30]] | Timeline Spine\n"),
    ("unlinkable-target", NOTE, BASE_NOTE + "\nSee [[Ops: Runbook|runbook]].\n"),
    ("property-type", NOTE, "---\nimportance: high\n---\n" + BASE_NOTE),
    ("day-link", S, summary_text().replace("↑ [[2026-07-03]] | Daily Note\n\n", "")),
    ("day-link", S, summary_text().replace("↑ [[2026-07-03]]", "↑ [[2026-07-02]]")),
    ("unresolved-link", NOTE, BASE_NOTE + "\nAsk [[Fred]] about it.\n"),
    ("ambiguous-link", "memory/projects/Gading.md", "A project named like a person: [[Gading]].\n"),
]
