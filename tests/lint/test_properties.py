"""Invariants of lint and fix, on generated input: never raise, fix twice == fix once."""

from __future__ import annotations

from datetime import date
from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.lint.cases import CONFIG, NOTE, S, make_workspace, summary_text
from vaultkit.config import config_from_dict, load_config
from vaultkit.lint import check_summary_text, fix_summary_text, fix_vault, lint_vault
from vaultkit.pages.schema import SUMMARY_KEYS
from vaultkit.text.vocabulary import Vocabulary

_CONFIG = config_from_dict(CONFIG, root=Path("."))
VOCAB = Vocabulary(_CONFIG.vocabulary, _CONFIG.people)
KNOWN = {date(2026, 7, 1), date(2026, 7, 2), date(2026, 7, 3)}
SETTINGS = settings(
    max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)

scalars = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(-(10**12), 10**12),
    st.floats(allow_nan=False),
    st.text(max_size=20),
    st.dates(),
)
yaml_values = st.recursive(
    scalars,
    lambda inner: (
        st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4)
    ),
    max_leaves=12,
)
# Text that looks like frontmatter lines: keys, flow lists, YAML 1.1 words, dates, link syntax.
tokens = st.sampled_from(
    [
        "people",
        "tags",
        "projects",
        "mood",
        "date",
        "related_dates",
        "importance",
        "uncategorized",
        "schema_version",
        ":",
        ": ",
        "[",
        "]",
        ", ",
        "\n",
        "\n  ",
        "- ",
        "off",
        "yes",
        "~",
        "2026-02-30",
        "2026-07-01",
        "2026-07-03",
        "k8s",
        "Docker",
        "#tag",
        "a b",
        "0o12",
        "012",
        "1_000",
        "1:20",
        "&a ",
        "*a",
        "!!str ",
        "'",
        '"',
        "{",
        "}",
        "---\n",
        "[[",
        "]]",
        "|",
        "%% vaultkit",
        "\t",
        "Fred",
        "Homelab",
        "nouverse",
        "Terraform",
        "? ",
        "<<: ",
        "1e3",
        "é",
        "\r\n",
        "\ufeff",
    ]
)
yamlish = st.lists(tokens, max_size=40).map("".join)

# Summaries with plausible mistakes: aliases, unknown terms, duplicates, dates of every kind.
terms = st.sampled_from(
    [
        "Kubernetes",
        "k8s",
        "kubernetes",
        "Docker",
        "Homelab",
        "Nouverse",
        "Nouverse Core",
        "Terraform",
        "Zod",
        "Pydantic",
        "machine learning",
        "#RAG",
        "2026",
        "C++",
        "Gading",
        "Fred",
        "Rina",
        " Freedy ",
        "a:b",
        "off",
        "yes",
    ]
)
days = st.sampled_from(
    ["2026-07-01", "2026-07-02", "2026-07-03", "2026-07-09", "2026-06-01", "2026-02-30", "soon"]
)


def flow(items: list[str]) -> str:
    return "[" + ", ".join(items) + "]"


@st.composite
def messy_summaries(draw: st.DrawFn) -> str:
    text = summary_text()
    for key, items in (
        ("people", st.lists(terms, max_size=4)),
        ("projects", st.lists(terms, max_size=4)),
        ("tags", st.lists(terms, max_size=5)),
        ("related_dates", st.lists(days, max_size=3)),
    ):
        if draw(st.booleans()):
            value = draw(items)
            text = text.replace(
                next(line for line in text.split("\n") if line.startswith(f"{key}:")),
                f"{key}: {flow(value)}",
                1,
            )
    if draw(st.booleans()):
        text = text.replace(
            "technologies: []", f"technologies: {flow(draw(st.lists(terms, max_size=3)))}"
        )
    if draw(st.booleans()):
        text = text.replace(
            "mood: excited", f"mood: {draw(st.sampled_from(['off', 'no', 'calm', '1_0']))}"
        )
    if draw(st.booleans()):
        text = text.replace("- Moved", f"- See [[{draw(days)}]]. Moved", 1)
    if draw(st.booleans()):
        text = text.replace("[[Rina]]", "[[Budi]]")
    if draw(st.booleans()):  # an unknown key somewhere in the middle
        text = text.replace("importance:", "source: chat\nimportance:", 1)
    if draw(st.booleans()):
        text = text.replace("\n", "\r\n")
    return text


@given(st.binary(max_size=600))
@SETTINGS
def test_summary_check_never_raises_on_bytes(data: bytes) -> None:
    check_summary_text(S, data, VOCAB, KNOWN)
    check_summary_text(S, b"---\n" + data + b"\n---\nbody\n", VOCAB, KNOWN)


@given(yamlish)
@SETTINGS
def test_summary_check_never_raises_on_yamlish_text(text: str) -> None:
    for candidate in (text, f"---\n{text}\n---\n### Body\n- x\n", f"---\n{text}\n---\n"):
        check_summary_text(S, candidate, VOCAB, KNOWN)
        fixed = fix_summary_text(S, candidate, VOCAB, KNOWN)
        if fixed is not None:
            assert fix_summary_text(S, fixed, VOCAB, KNOWN) in (None, fixed)


@given(
    st.dictionaries(
        st.sampled_from([*SUMMARY_KEYS, "extra", "tags"]) | st.text(max_size=6),
        yaml_values,
        max_size=8,
    )
)
@SETTINGS
def test_summary_check_never_raises_on_arbitrary_yaml(data: dict) -> None:
    front = yaml.safe_dump(data, allow_unicode=True, default_flow_style=None)
    text = f"---\n{front}---\n### Ringkasan\n- a\n"
    check_summary_text(S, text, VOCAB, KNOWN)
    fixed = fix_summary_text(S, text, VOCAB, KNOWN)
    if fixed is not None:
        assert fix_summary_text(S, fixed, VOCAB, KNOWN) in (None, fixed)


@given(messy_summaries())
@settings(max_examples=300, deadline=None)
def test_fix_twice_equals_fix_once_and_leaves_nothing_fixable(text: str) -> None:
    once = fix_summary_text(S, text, VOCAB, KNOWN)
    result = once if once is not None else text
    twice = fix_summary_text(S, result, VOCAB, KNOWN)
    assert twice is None or twice == result
    remaining = check_summary_text(S, result, VOCAB, KNOWN)
    assert not [p for p in remaining if p.fixable], remaining


@given(
    st.binary(max_size=400),
    st.sampled_from([NOTE, "memory/chats/2026-07-02/telegram.md", "memory/x.md"]),
)
@settings(
    max_examples=60, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture]
)
def test_vault_lint_and_fix_never_raise_on_bytes(tmp_path: Path, data: bytes, rel: str) -> None:
    root = tmp_path / "ws"
    if not root.exists():
        make_workspace(root)
    (root / "vault" / rel).write_bytes(data)
    config = load_config(root / "memory_config.json")
    lint_vault(config)
    fix_vault(config)
    after = lint_vault(config)
    assert not [p for p in after.problems if p.fixable], after.problems
