"""Every lint rule: a file that trips it, and the clean vault (and near misses) that do not."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import date
from pathlib import Path

import pytest

from vaultkit.config import Config, load_config
from vaultkit.lint import LintReport, check_summary_text, lint_vault
from vaultkit.lint.rules import BY_ID, BY_NAME, RULES
from vaultkit.model import Summary, Uncategorized
from vaultkit.pages.entities import Entity
from vaultkit.pages.entities import render as render_entity
from vaultkit.pages.render import Renderer
from vaultkit.pages.schema import add_marker
from vaultkit.text.vocabulary import Vocabulary

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


@pytest.fixture
def ws(tmp_path: Path) -> Path:
    return make_workspace(tmp_path / "ws")


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
    ("unlinkable-target", NOTE, BASE_NOTE + "\nSee [[Ops: Runbook|runbook]].\n"),
    ("property-type", NOTE, "---\nimportance: high\n---\n" + BASE_NOTE),
    ("day-link", S, summary_text().replace("↑ [[2026-07-03]] | Daily Note\n\n", "")),
    ("day-link", S, summary_text().replace("↑ [[2026-07-03]]", "↑ [[2026-07-02]]")),
    ("unresolved-link", NOTE, BASE_NOTE + "\nAsk [[Fred]] about it.\n"),
    ("ambiguous-link", "memory/projects/Gading.md", "A project named like a person: [[Gading]].\n"),
]


def test_every_rule_has_a_case() -> None:
    # these need a file system state, not content: tested on their own
    on_their_own = {"unreadable", "linked-folder", "not-a-file"}
    assert {r.name for r in RULES} - on_their_own <= {n for n, _, _ in CASES}


def test_catalogue_ids_and_names_are_unique() -> None:
    assert len(BY_ID) == len(RULES) == len(BY_NAME)
    assert all(r.id.startswith("VK") and len(r.id) == 5 for r in RULES)


def test_clean_vault_has_no_problems(ws: Path) -> None:
    report = lint(ws)
    assert report.problems == ()
    assert report.files_checked == 10


@pytest.mark.parametrize(
    ("rule", "rel", "content"), CASES, ids=[f"{c[0]}-{i}" for i, c in enumerate(CASES)]
)
def test_rule_trips(ws: Path, rule: str, rel: str, content: str | bytes) -> None:
    write(ws, rel, content)
    report = lint(ws)
    assert rule in rules_at(report, rel), [p for p in report.problems if p.path == rel]
    problem = next(p for p in report.problems if p.path == rel and BY_ID[p.rule].name == rule)
    assert problem.severity == BY_NAME[rule].severity
    assert problem.message


def test_yaml_syntax_reports_the_file_line(ws: Path) -> None:
    write(ws, S, set_key(summary_text(), "people", "people: [Gading, Rina"))
    problem = next(p for p in lint(ws).problems if p.rule == BY_NAME["yaml-syntax"].id)
    assert problem.path == S
    assert problem.line in (4, 5)  # the line of people, or where the parser noticed


def test_problem_paths_are_vault_relative_with_slashes(ws: Path) -> None:
    write(ws, CHAT, "# Chat\n")
    paths = {p.path for p in lint(ws).problems}
    assert paths == {CHAT}


# ------------------------------------------------------------------------------- near misses


def test_quoted_yaml11_words_are_fine(ws: Path) -> None:
    write(ws, S, set_key(summary_text(), "mood", 'mood: "off"'))
    write(ws, NOTE, "---\nreviewed: true\ncount: 12\n---\n" + BASE_NOTE)
    assert lint(ws).problems == ()


def test_spine_to_an_archived_day_is_valid(ws: Path) -> None:
    archived = ws / "archive" / "2026" / "06"
    archived.mkdir(parents=True)
    (archived / "2026-06-30.md").write_text("# archived\n", "utf-8")
    write(ws, "memory/2026-07-01.md", daily_text(DAYS[0], date(2026, 6, 30)))
    assert lint(ws).problems == ()


def test_first_day_after_archive_needs_its_spine(ws: Path) -> None:
    archived = ws / "archive"
    archived.mkdir()
    (archived / "2026-06-30.md").write_text("# archived\n", "utf-8")
    assert rules_at(lint(ws), "memory/2026-07-01.md") == {"spine-link"}


def test_related_date_in_the_archive_exists(ws: Path) -> None:
    (ws / "archive").mkdir()
    (ws / "archive" / "2026-06-20.md").write_text("# archived\n", "utf-8")
    write(ws, S, summary_text(related_dates=(date(2026, 6, 20),)))
    write(ws, "memory/2026-07-01.md", daily_text(DAYS[0], date(2026, 6, 20)))
    assert lint(ws).problems == ()


def test_wikilinks_in_code_are_not_links(ws: Path) -> None:
    body = BASE_NOTE + "\n`[[a:b]]` and\n\n```\n[[2026-07-01]] [[x^y]]\n```\n"
    write(ws, NOTE, body)
    text = summary_text().replace("- Moved", "- Wrote `[[2026-07-01]]` in code. Moved", 1)
    write(ws, S, text)
    assert lint(ws).problems == ()


def test_a_link_no_note_answers_is_a_ghost_and_not_fixable(ws: Path) -> None:
    write(ws, NOTE, BASE_NOTE + "\nAsk [[Nobody Here]], see [[2026-06-15]] and `[[code]]`.\n")
    problems = [p for p in lint(ws).problems if p.path == NOTE]
    assert [(BY_ID[p.rule].name, p.fixable) for p in problems] == [
        ("unresolved-link", False),
        ("unresolved-link", False),
    ]
    assert "[[Nobody Here]]" in problems[0].message and "[[2026-06-15]]" in problems[1].message


def test_links_to_archived_days_are_meant(ws: Path) -> None:
    config = config_of(ws)
    archived = config.archive_dir / "2026" / "06"
    archived.mkdir(parents=True)
    (archived / "2026-06-15.md").write_text("# 2026-06-15\n")
    write(ws, NOTE, BASE_NOTE + "\nAs on [[2026-06-15]].\n")
    assert [p for p in lint(ws).problems if p.path == NOTE] == []


def test_alias_links_are_fixed_to_the_note_they_name(ws: Path) -> None:
    from vaultkit.lint import fix_vault

    write(ws, NOTE, BASE_NOTE + "\n[[Fred]], [[Fred|him]], `[[Fred]]`\n")
    fix_vault(config_of(ws))
    text = (ws / "vault" / NOTE).read_text("utf-8")
    assert text.endswith("\n[[Freedy|Fred]], [[Freedy|him]], `[[Fred]]`\n")
    assert lint(ws).problems == ()


def test_heading_and_alias_links_are_linkable(ws: Path) -> None:
    write(ws, "a.md", "A note outside the memory folders.\n")
    write(ws, NOTE, BASE_NOTE + "\n[[Homelab#Setup|setup]] [[Homelab#^block]] [[a\\|b]]\n")
    assert lint(ws).problems == ()


def test_same_transcript_name_in_different_days_is_fine(ws: Path) -> None:
    (ws / "vault/memory/chats/2026-07-03").mkdir()
    write(ws, "memory/chats/2026-07-03/telegram.md", transcript_text(DAYS[2]))
    assert lint(ws).problems == ()


def test_unknown_people_are_fine_and_links_escape_unsafe_names(ws: Path) -> None:
    write(ws, S, summary_text(people=("Gading", "Dr. A: B")))
    note = render_entity(Entity("person", "Dr. A: B"), None)
    write(ws, "memory/people/Dr. A- B.md", note)  # as sync names it
    assert lint(ws).problems == ()


def test_property_type_agrees_across_files(ws: Path) -> None:
    for day in DAYS:
        path = ws / "vault/memory" / f"{day.isoformat()}.md"
        path.write_text("---\nstatus: draft\n---\n" + path.read_text("utf-8"), "utf-8")
    assert lint(ws).problems == ()
    write(ws, NOTE, "---\nstatus: 3\n---\n" + BASE_NOTE)
    report = lint(ws)
    assert {(p.path, BY_ID[p.rule].name) for p in report.problems} == {(NOTE, "property-type")}


def test_hand_edited_summary_is_still_valid(ws: Path) -> None:
    edited = summary_text().replace("Moved the cluster", "Moved the whole cluster")
    write(ws, S, edited)
    assert lint(ws).problems == ()


def test_paths_limit_the_files_checked(ws: Path) -> None:
    write(ws, CHAT, "# Chat\n")
    config = config_of(ws)
    report = lint_vault(config, [ws / "vault" / NOTE])
    assert report.files_checked == 1
    assert report.problems == ()
    report = lint_vault(config, [ws / "vault/memory/chats"])
    assert report.files_checked == 1
    assert {p.path for p in report.problems} == {CHAT}


def test_unreadable_file_is_a_problem(ws: Path) -> None:
    import os

    path = ws / "vault" / NOTE
    path.chmod(0)
    try:
        if os.access(path, os.R_OK):
            pytest.skip("running as root: permissions do not stop reads")
        assert rules_at(lint(ws), NOTE) == {"unreadable"}
    finally:
        path.chmod(0o644)


# ----------------------------------------------------------------------- per-file summary API


def test_check_summary_text_without_a_vault() -> None:
    config = Config(root=Path("."), **{})  # defaults
    vocab = Vocabulary(load_config_dict().vocabulary, load_config_dict().people)
    assert check_summary_text(S, summary_text(), vocab, {date(2026, 7, 1)}) == []
    problems = check_summary_text(S, summary_text(), vocab, set())
    assert [BY_ID[p.rule].name for p in problems] == ["related-date-missing"]
    bad = set_key(summary_text(), "importance", "importance: 0")
    assert [BY_ID[p.rule].name for p in check_summary_text(S, bad, vocab, {date(2026, 7, 1)})] == [
        "importance"
    ]
    assert config.vault == "vault"


def load_config_dict() -> Config:
    from vaultkit.config import config_from_dict

    return config_from_dict(CONFIG, root=Path("."))


Mutator = Callable[[str], str]
