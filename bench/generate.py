"""Write a synthetic vaultkit workspace of N days, deterministically, for the benchmarks.

    python bench/generate.py OUT --days 10000 [--seed 7] [--with-summaries] [--archive]
                                 [--defects 0.02] [--no-links] [--force]

What it writes (all paths relative to OUT):

- `memory_config.json`: ~20 projects, 60 technologies, 40 libraries, aliases, 16 known people.
- `vault/memory/YYYY-MM-DD.md`: N daily notes of 1-6 KB (work bullets, decisions, incidents, small
  talk, people, projects, aliases in varied case, an occasional code span), about 2% of calendar days
  skipped so the vault has gaps. Each note carries its timeline spine line (unless `--no-links`).
- `vault/memory/chats/DATE/slug.md`: transcripts for ~30% of days, with their parent link.
- `--with-summaries`: `vault/memory/summaries/DATE.summary.md`, rendered with vaultkit's own
  Renderer and marker, the vocabulary normalized by vaultkit's Vocabulary, related dates chosen
  among earlier days sharing projects and people. They are what `vaultkit sync` would accept as fresh
  (the marker's source digest is the one sync computes), so sync has nothing to redo.
- `--archive`: daily notes go to `archive/YYYY/MM/DATE.md` and transcripts to
  `archive/chats/DATE/slug.md` instead, the layout `vaultkit archive` writes.
- `--defects RATE`: a seeded share RATE of the files gets exactly one planted lint defect each; the
  list goes to `defects.json` (`[{"path", "kind", "rule", "accept", "required"}]`, `path` relative to
  the vault root as `vaultkit lint --format json` prints it).

Every day's content comes from an RNG seeded by (seed, date), so a day reads the same in a 1k and a
100k vault, and two runs with the same arguments write the same bytes.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import random
import shutil
import sys
import time
from dataclasses import dataclass, field
from datetime import date, timedelta
from pathlib import Path

END_DATE = date(2026, 7, 31)  # the last generated day; days go back from here
GAP_RATE = 0.02  # share of calendar days without a daily note
TRANSCRIPT_RATE = 0.30

PROJECTS = [
    "Nouverse Core", "Homelab", "Payments API", "Blog", "Atlas Gateway", "Orion Billing",
    "Kestrel Mobile", "Lumen Docs", "Harbor CI", "Sparrow Chatbot", "Terra Maps", "Quill Editor",
    "Beacon Alerts", "Mosaic Dashboard", "Nimbus Storage", "Falcon Search", "Juniper CRM",
    "Cobalt Auth", "Willow Notes", "Ember Analytics",
]  # fmt: skip
TECHNOLOGIES = [
    "Kubernetes", "Docker", "PostgreSQL", "Redis", "Python", "RAG", "Obsidian", "Tailscale",
    "Grafana", "Prometheus", "Nginx", "Proxmox", "Go", "Rust", "TypeScript", "JavaScript",
    "Node.js", "Deno", "Terraform", "Ansible", "Helm", "Argo CD", "GitHub Actions", "GitLab CI",
    "Jenkins", "Kafka", "RabbitMQ", "NATS", "MinIO", "S3", "ClickHouse", "SQLite", "MongoDB",
    "Elasticsearch", "OpenSearch", "Loki", "Grafana Tempo", "Jaeger", "OpenTelemetry", "Traefik",
    "Caddy", "WireGuard", "Cloudflare", "HashiCorp Vault", "Consul", "etcd", "ZFS", "Ceph", "Linux",
    "Debian", "NixOS", "systemd", "WebAssembly", "GraphQL", "gRPC", "OAuth", "LLM", "Ollama",
    "vLLM", "Tailwind CSS",
]  # fmt: skip
LIBRARIES = [
    "FastAPI", "Pydantic", "SQLAlchemy", "Typer", "LangChain", "NumPy", "pytest", "Pandas",
    "Polars", "Django", "Flask", "Celery", "httpx", "Jinja2", "Alembic", "asyncpg", "uvicorn",
    "Starlette", "React", "Next.js", "Vue", "Svelte", "Vite", "Prisma", "Zod", "Express.js",
    "Tokio", "Serde", "Axum", "Gin", "Cobra", "LlamaIndex", "Transformers", "scikit-learn",
    "PyTorch", "Matplotlib", "NetworkX", "Hypothesis", "Ruff", "Textual",
]  # fmt: skip
ALIASES = {
    "k8s": "Kubernetes", "K3s": "Kubernetes", "postgres": "PostgreSQL", "pg": "PostgreSQL",
    "Nouverse": "Nouverse Core", "homelab cluster": "Homelab", "payments": "Payments API",
    "tf": "Terraform", "gha": "GitHub Actions", "TS": "TypeScript", "JS": "JavaScript",
    "otel": "OpenTelemetry", "mongo": "MongoDB", "ES": "Elasticsearch", "ArgoCD": "Argo CD",
    "sklearn": "scikit-learn", "torch": "PyTorch", "SQLA": "SQLAlchemy", "nx": "NetworkX",
    "Atlas": "Atlas Gateway", "billing service": "Orion Billing", "Sparrow": "Sparrow Chatbot",
    "the CRM": "Juniper CRM", "auth service": "Cobalt Auth", "docs site": "Lumen Docs",
    "wasm": "WebAssembly", "nextjs": "Next.js",
}  # fmt: skip
PEOPLE = [
    "Gading", "Rina", "Freedy", "Sari", "Budi", "Nouva", "Dewi", "Agus", "Putri", "Hendra", "Maya",
    "Yusuf", "Lestari", "Bayu", "Citra", "Eko",
]  # fmt: skip
PEOPLE_ALIASES = {"Fred": "Freedy", "Pak Budi": "Budi", "Mbak Sari": "Sari", "Yus": "Yusuf"}
# Terms outside the vocabulary: they end up in `uncategorized`.
STRAY_TECH = ["Zig", "Nomad", "Pulumi", "Firecracker", "DuckDB", "Temporal", "Bun", "Kubeflow"]
STRAY_LIBS = ["Litestar", "msgspec", "Pydantic-AI", "DSPy", "Hono", "tRPC"]
MOODS = ["excited", "focused", "calm", "tired", "frustrated", "relieved", "happy", "neutral"]
SLUGS = ["telegram-evening", "telegram-morning", "discord-homelab", "telegram-incident",
         "telegram-adr-review", "discord-dev", "whatsapp-family", "telegram-rina"]  # fmt: skip

ACTIVITIES = [
    "cleaned up the retry logic", "split the monolith handler into smaller services",
    "added structured logging", "wrote the migration plan", "tuned the connection pool",
    "reduced the p95 latency", "added integration tests", "reworked the config loader",
    "documented the deploy procedure", "profiled the slow endpoint", "removed dead feature flags",
    "set up nightly backups", "moved secrets out of the repo", "added rate limiting",
    "rewrote the ingestion worker", "fixed the pagination bug", "tightened the CI cache",
]  # fmt: skip
PURPOSES = [
    "the job queue", "session storage", "the search index", "metrics", "the event bus",
    "feature flags", "background jobs", "the public API", "log shipping", "the embeddings store",
]  # fmt: skip
REASONS = [
    "it is simpler to operate", "the team already knows it", "the benchmarks were 3x better",
    "licensing is clearer", "it removes a moving part", "the old one kept paging us at night",
    "it fits the homelab budget", "it has first-class async support",
]  # fmt: skip
SYMPTOMS = [
    "returned 502s", "dropped messages", "ran out of disk", "leaked connections",
    "served stale data", "timed out on login", "double-sent notifications",
]  # fmt: skip
CAUSES = [
    "a connection pool created per request", "an expired TLS certificate", "a missing index",
    "an unbounded retry loop", "a full log volume", "a bad config push", "a DNS cache issue",
]  # fmt: skip
SMALL_TALK = [
    "Had lunch with {p}; we talked about {t}.", "Rainy afternoon, worked from the cafe near home.",
    "{p} recommended a book on {t}.", "Short day, family dinner in the evening.",
    "Went for a run before work; 5 km in 28 minutes.", "{p} is back from holiday in Bali.",
    "Coffee machine at the office is broken again.", "Watched a talk about {t} on the train.",
    "Helped {p} move apartments on Saturday.", "Tried a new nasi goreng place with {p}.",
]  # fmt: skip
TOPICS = [
    "distributed systems", "home automation", "gardening", "photography", "personal finance",
    "mechanical keyboards", "retro games", "cooking", "language learning", "cycling",
]  # fmt: skip
FILLER = (
    "the quick follow up showed that the numbers were stable over the week and nobody saw a "
    "regression after the change went live in staging and then in production later that day "
    "we still need to write it down properly so that future us does not repeat the same mistake "
    "again when the next upgrade comes around and the context is long gone from memory"
).split()


@dataclass
class Day:
    """One generated day: its note, transcripts, and the fields its summary is made from."""

    day: date
    note: str
    transcripts: list[tuple[str, str]] = field(default_factory=list)  # (file name, text)
    people: list[str] = field(default_factory=list)
    projects: list[str] = field(default_factory=list)
    technologies: list[str] = field(default_factory=list)
    libraries: list[str] = field(default_factory=list)
    importance: int = 3
    mood: str = "neutral"
    bullets: list[str] = field(default_factory=list)


def config_dict() -> dict:
    """vaultkit's starter config with the synthetic vocabulary and people."""
    from vaultkit.workspace.init import default_config

    config = default_config()
    config["_about"] = "Synthetic benchmark workspace written by bench/generate.py."
    config["vocabulary"] = {
        "projects": PROJECTS,
        "technologies": TECHNOLOGIES,
        "libraries": LIBRARIES,
        "aliases": ALIASES,
    }
    config["people"] = {"known": PEOPLE, "aliases": PEOPLE_ALIASES}
    return config


def day_rng(seed: int, day: date) -> random.Random:
    return random.Random(seed * 1_000_003 + day.toordinal())


def calendar(days: int, seed: int, end: date = END_DATE) -> list[date]:
    """`days` dates ending at `end`, skipping a seeded ~2% of calendar days."""
    out: list[date] = []
    current = end
    while len(out) < days:
        if day_rng(seed ^ 0x5EED, current).random() >= GAP_RATE or current == end:
            out.append(current)
        current -= timedelta(days=1)
    out.reverse()
    return out


_ALIASES_OF: dict[str, list[str]] = {}
for _alias, _term in ALIASES.items():
    _ALIASES_OF.setdefault(_term, []).append(_alias)
_PEOPLE_ALIASES_OF: dict[str, list[str]] = {}
for _alias, _name in PEOPLE_ALIASES.items():
    _PEOPLE_ALIASES_OF.setdefault(_name, []).append(_alias)


def spell(rng: random.Random, term: str) -> str:
    """A term as a person writes it: usually canonical, sometimes an alias, in varied case."""
    roll = rng.random()
    aliases = _ALIASES_OF.get(term)
    if aliases and roll < 0.2:
        alias = rng.choice(aliases)
        return alias.lower() if rng.random() < 0.3 and len(alias) > 3 else alias
    if roll < 0.27 and len(term) > 3:
        return term.lower()
    if roll < 0.30 and len(term) > 3:
        return term.upper()
    return term


def person(rng: random.Random, name: str) -> str:
    aliases = _PEOPLE_ALIASES_OF.get(name)
    return rng.choice(aliases) if aliases and rng.random() < 0.25 else name


def make_day(seed: int, day: date) -> Day:
    """The deterministic content of one day."""
    rng = day_rng(seed, day)
    kind_roll = rng.random()
    casual = kind_roll < 0.15  # a small-talk day
    incident = not casual and kind_roll < 0.22
    decision = not casual and rng.random() < 0.35
    projects = rng.sample(PROJECTS, 0 if casual else rng.choice((1, 1, 2, 2, 3)))
    techs = rng.sample(TECHNOLOGIES, rng.randint(0, 1) if casual else rng.randint(2, 5))
    libs = rng.sample(LIBRARIES, 0 if casual else rng.randint(1, 3))
    people = rng.sample(PEOPLE, rng.randint(1, 4))
    stray_tech = rng.choice(STRAY_TECH) if rng.random() < 0.05 else None
    stray_lib = rng.choice(STRAY_LIBS) if rng.random() < 0.04 else None
    target = int(min(6000, max(1000, rng.lognormvariate(7.9, 0.45))))  # median ~2.7 KB

    def p() -> str:
        return person(rng, rng.choice(people))

    def proj() -> str:
        return spell(rng, rng.choice(projects)) if projects else "the side project"

    def tech() -> str:
        return spell(rng, rng.choice(techs)) if techs else "the laptop"

    def lib() -> str:
        return spell(rng, rng.choice(libs)) if libs else "a script"

    work = [
        lambda: f"Worked on {proj()}: {rng.choice(ACTIVITIES)} using {tech()}.",
        lambda: f"Paired with {p()} on the {lib()} integration in {proj()}.",
        lambda: f"Reviewed {p()}'s PR that moves {proj()} from {tech()} to {tech()}.",
        lambda: (
            f"Benchmarked {lib()} on the {proj()} workload; {rng.randint(5, 80)}% faster than last week."
        ),
        lambda: f"Fixed a flaky test in {proj()} (a {lib()} fixture leaking {tech()} connections).",
        lambda: (
            f"Upgraded {tech()} to {rng.randint(1, 9)}.{rng.randint(0, 30)} on the homelab cluster."
        ),
        lambda: f"{p()} asked about the `{lib()}` config for {proj()}; sent the link to the ADR.",
        lambda: f"Spent the morning reading {tech()} docs for {proj()}.",
        lambda: f"Call with {p()} about {proj()} timelines; {rng.choice(ACTIVITIES)} is next.",
    ]
    bullets: list[str] = []
    lines = [f"# {day.isoformat()}", ""]
    if not casual:
        lines += ["## Work", ""]
        for _ in range(rng.randint(3, 6)):
            line = rng.choice(work)()
            bullets.append(line)
            lines.append(f"- {line}")
        lines.append("")
    if stray_tech or stray_lib:
        line = f"Tried {stray_tech or stray_lib} for a small experiment in {proj()}; promising."
        bullets.append(line)
        lines += [line, ""]
    if decision:
        line = (
            f"Decision: {proj()} will use {tech()} for {rng.choice(PURPOSES)} instead of "
            f"{spell(rng, rng.choice(TECHNOLOGIES))}, because {rng.choice(REASONS)}."
        )
        bullets.insert(0, line)
        lines += [
            "## Decisions",
            "",
            f"- {line}",
            f"- ADR-{rng.randint(1, 400):03d} written and reviewed by {p()}.",
            "",
        ]
    if incident:
        start = rng.randint(8, 20)
        line = (
            f"Incident: {proj()} {rng.choice(SYMPTOMS)} from {start:02d}:{rng.randint(0, 59):02d} "
            f"for {rng.randint(5, 90)} minutes; root cause was {rng.choice(CAUSES)} in {tech()}."
        )
        bullets.insert(0, line)
        lines += [
            f"## Incident: {proj()} outage", "", line,
            f"- {p()} was on call and rolled back; postmortem due Friday.",
            f"- Error in logs: `{rng.choice(['ConnectionError', 'TimeoutError', 'OOMKilled'])}: too many retries`",
            "",
        ]  # fmt: skip
    lines += ["## Notes", ""]
    for _ in range(rng.randint(1, 3)):
        line = rng.choice(SMALL_TALK).format(p=p(), t=rng.choice(TOPICS))
        bullets.append(line)
        lines.append(line)
    text = "\n".join(lines) + "\n"
    # Pad to the target size with more work bullets and filler paragraphs.
    extra: list[str] = []
    size = len(text)
    while size < target:
        if rng.random() < 0.6 and not casual:
            chunk = f"- {rng.choice(work)()}"
        else:
            words = rng.choices(FILLER, k=rng.randint(25, 60))
            chunk = " ".join(words).capitalize() + "."
        extra.append(chunk)
        size += len(chunk) + 1
    if extra:
        text += "\n## Log\n\n" + "\n".join(extra) + "\n"

    result = Day(day=day, note=text)
    if rng.random() < TRANSCRIPT_RATE:
        for slug in sorted(rng.sample(SLUGS, rng.choice((1, 1, 1, 2, 3)))):
            result.transcripts.append((f"{slug}.md", _transcript(rng, slug, people, proj, tech)))
    result.people = people
    result.projects = projects
    result.technologies = techs + ([stray_tech] if stray_tech else [])
    result.libraries = libs + ([stray_lib] if stray_lib else [])
    score = 2 if casual else 4 + len(projects) // 2
    if decision:
        score += 2
    if incident:
        score += 3
    result.importance = max(1, min(10, score + rng.choice((-1, 0, 0, 1))))
    result.mood = rng.choice(MOODS)
    result.bullets = [b.replace("`", "") for b in bullets[: rng.randint(3, 6)]]
    while len(result.bullets) < 3:
        result.bullets.append(f"Quiet day; {len(text)} characters of notes.")
    return result


def _transcript(rng: random.Random, slug: str, people, proj, tech) -> str:
    speaker = person(rng, people[0])
    lines = [f"# Chat: {slug.split('-', 1)[1].replace('-', ' ')} with {speaker}", ""]
    target = rng.randint(500, 3000)
    size = 0
    while size < target:
        pair = [
            f"{speaker}: what was the plan for {proj()} again",
            f"Nouva: The plan is to move it to {tech()} this sprint; {rng.choice(ACTIVITIES)} first.",
            f"{speaker}: ok, and {tech()}?",
            f"Nouva: Still on the old version. {rng.choice(REASONS).capitalize()}.",
        ]
        chunk = "\n".join(rng.sample(pair, rng.randint(1, 4)))
        lines.append(chunk)
        size += len(chunk)
    return "\n".join(lines) + "\n"


# --- links -------------------------------------------------------------------------------------


def with_spine(text: str, previous: date | None) -> str:
    return text if previous is None else f"« [[{previous.isoformat()}]] | Timeline Spine\n\n{text}"


def with_parent(text: str, day: date) -> str:
    return f"↑ [[{day.isoformat()}]] | Daily Note\n\n{text}"


# --- summaries ---------------------------------------------------------------------------------


class SummaryWriter:
    """Renders summaries the way sync does (vaultkit's Renderer, Vocabulary and marker)."""

    def __init__(self, workspace: Path):
        from vaultkit.config import load_config
        from vaultkit.pages.render import Renderer
        from vaultkit.text.vocabulary import Vocabulary

        self.config = load_config(workspace / "memory_config.json")
        self.vocabulary = Vocabulary(self.config.vocabulary, self.config.people)
        self.renderer = Renderer(self.config.templates_dir, self.config.summarizer.heading)
        self.recent: dict[str, list[date]] = {}  # topic -> last days that had it
        self.named: dict[date, dict[str, list[str]]] = {}  # day -> its people and projects

    def related(self, d: Day) -> list[date]:
        scores: dict[date, int] = {}
        topics = [*d.projects, *d.technologies[:2], *d.people[:2]]
        for topic in topics:
            for other in self.recent.get(topic, ()):
                scores[other] = scores.get(other, 0) + 1
        best = sorted(scores, key=lambda o: (-scores[o], -o.toordinal()))[:2]
        for topic in topics:
            days = self.recent.setdefault(topic, [])
            days.append(d.day)
            if len(days) > 4:
                del days[0]
        return sorted(o for o in best if scores[o] >= 2)

    def render(
        self, d: Day, related: list[date], note_text: str, transcripts: list[tuple[str, str]]
    ) -> str:
        from vaultkit.files.sources import content_of_note, content_of_transcript, source_digest
        from vaultkit.files.storage import digest
        from vaultkit.model import DayFields
        from vaultkit.pages.schema import add_marker

        summary = self.vocabulary.summary(
            d.day,
            DayFields(
                people=tuple(d.people),
                projects=tuple(d.projects),
                technologies=tuple(d.technologies),
                libraries=tuple(d.libraries),
                importance=d.importance,
                mood=d.mood,
                bullets=tuple(d.bullets),
            ),
            related,
        )
        self.named[d.day] = {"people": list(summary.people), "projects": list(summary.projects)}
        source = source_digest(
            digest(content_of_note(note_text), 16),
            [(name, digest(content_of_transcript(text), 16)) for name, text in transcripts],
        )
        return add_marker(self.renderer.summary(summary), source)

    def side_notes(self) -> dict[Path, str]:
        """The people's and projects' notes and Obsidian's settings, as sync writes them."""
        from vaultkit.pages import entities
        from vaultkit.pages.obsidian import obsidian_settings

        notes = {
            entities.note_path(
                self.config.people_dir, self.config.projects_dir, e
            ): entities.render(e, None)
            for e in entities.collect(
                self.named, self.config.people.aliases, self.config.vocabulary.aliases
            )
        }
        return {**notes, **obsidian_settings(self.config.vault_dir, self.config.paths)}


# --- defects -----------------------------------------------------------------------------------

# kind -> (file type, rule name in vaultkit/lint/rules.py, other names lint may use, required)
# `vaultkit lint --format json` reports a rule by its id (VK301); bench/run.py maps names to ids
# through vaultkit.lint.rules, so this table names rules and survives renumbering. Update it when the
# lint rules change.
DEFECTS: dict[str, tuple[str, str, tuple[str, ...], bool]] = {
    "yaml-broken": ("summary", "yaml-syntax", (), True),
    "date-impossible": ("summary", "impossible-date", ("date-invalid",), True),
    "importance-11": ("summary", "importance", ("importance-range",), True),
    "importance-type": ("summary", "importance", ("wrong-type",), True),
    "unknown-project": ("summary", "unknown-term", (), True),
    "alias-not-canonical": ("summary", "alias-term", (), True),
    "wrong-field": ("summary", "wrong-field", (), True),
    "uncategorized-known": ("summary", "uncategorized-known", (), True),
    "duplicate-item": ("summary", "duplicate-item", (), True),
    "related-missing": ("summary", "related-date-missing", (), True),
    "related-self": ("summary", "related-date-self", (), True),
    "related-future": ("summary", "related-date-future", (), True),
    "related-wikilink": ("summary", "related-date-link", (), True),
    "tag-space": ("summary", "invalid-tag", (), True),
    "duplicate-key": ("summary", "duplicate-key", (), True),
    "mood-off": ("summary", "yaml11-coercion", (), True),
    "missing-field": ("summary", "missing-field", (), True),
    "extra-field": ("summary", "extra-field", (), True),
    "schema-version": ("summary", "schema-version", (), True),
    "date-mismatch": ("summary", "date-mismatch", (), True),
    "key-order": ("summary", "key-order", (), True),
    "footer-stale": ("summary", "links-footer", (), True),
    "second-frontmatter": ("summary", "second-frontmatter", (), True),
    "non-utf8-summary": ("summary", "encoding", (), True),
    "spine-missing": ("note", "spine-link", (), True),
    "spine-wrong": ("note", "spine-link", (), True),
    "non-utf8-note": ("note", "encoding", (), True),
    "wikilink-unsafe": ("note", "unlinkable-target", (), True),
    "crlf": ("note", "crlf-line-endings", (), True),
    "bom": ("note", "byte-order-mark", (), True),
    "file-name": ("note", "file-name", (), True),
    "parent-missing": ("transcript", "parent-link", (), True),
    "name-collision": ("transcript", "name-collision", (), True),
}


def _fm_replace(text: str, key: str, new_line: str | None) -> str:
    """Replace the frontmatter line starting with `key:` (None deletes it)."""
    lines = text.split("\n")
    for i, line in enumerate(lines):
        if line.startswith(f"{key}:"):
            if new_line is None:
                del lines[i]
            else:
                lines[i] = new_line
            return "\n".join(lines)
    raise ValueError(f"no {key} line")


def _fm_get(text: str, key: str) -> str:
    for line in text.split("\n"):
        if line.startswith(f"{key}:"):
            return line.split(":", 1)[1].strip()
    raise ValueError(key)


def plant(
    kind: str, text: str, d: Day, days: list[date], index: int, gaps: list[date]
) -> bytes | str:
    """The file's text with one defect of `kind` planted."""
    day = d.day
    if kind == "yaml-broken":
        return _fm_replace(text, "people", "people: [" + ", ".join(d.people))
    if kind == "date-impossible":
        return _fm_replace(text, "date", f"date: {day.year}-02-30")
    if kind == "importance-11":
        return _fm_replace(text, "importance", "importance: 11")
    if kind == "importance-type":
        return _fm_replace(text, "importance", "importance: high")
    if kind == "unknown-project":
        projects = _fm_get(text, "projects").strip("[]")
        inner = ", ".join(p for p in (projects, "Zephyr Portal") if p)
        return _fm_replace(text, "projects", f"projects: [{inner}]")
    if kind == "alias-not-canonical":
        return _fm_replace(text, "projects", "projects: [payments]")
    if kind == "duplicate-item":
        first = d.people[0]
        return _fm_replace(text, "people", f"people: [{first}, {first}]")
    if kind == "related-missing":
        before = [g for g in gaps if g < day]
        ghost = before[-1] if before else days[0] - timedelta(days=3)
        return _fm_replace(text, "related_dates", f"related_dates: [{ghost.isoformat()}]")
    if kind == "related-self":
        return _fm_replace(text, "related_dates", f"related_dates: [{day.isoformat()}]")
    if kind == "related-wikilink":
        target = days[index - 1].isoformat()
        text = _fm_replace(text, "related_dates", f"related_dates: [{target}]")
        return text.replace(
            "\n\n---\n**🔗", f"\n- See [[{target}]] for the background.\n\n---\n**🔗", 1
        )
    if kind == "tag-space":
        return _fm_replace(text, "tags", "tags: [GitHub Actions, Python]")
    if kind == "duplicate-key":
        mood = _fm_get(text, "mood")
        return _fm_replace(text, "mood", f"mood: {mood}\nmood: calm")
    if kind == "mood-off":
        return _fm_replace(text, "mood", "mood: off")
    if kind == "missing-field":
        return _fm_replace(text, "mood", None)
    if kind == "extra-field":
        return _fm_replace(text, "mood", f"mood: {_fm_get(text, 'mood')}\nweather: sunny")
    if kind == "schema-version":
        return _fm_replace(text, "schema_version", "schema_version: 2")
    if kind == "date-mismatch":
        other = days[index - 1] if index else days[index + 1]
        return _fm_replace(text, "date", f"date: {other.isoformat()}")
    if kind == "footer-stale":
        lines = text.split("\n")
        for i, line in enumerate(lines):
            if line.startswith("**🔗 Links:**"):
                lines[i] = "**🔗 Links:** [[Somebody Else]]"
        return "\n".join(lines)
    if kind == "second-frontmatter":
        return text.replace("---\n↑", "---\n---\nextra: block\n---\n↑", 1)
    if kind in ("non-utf8-summary", "non-utf8-note"):
        data = text.encode("utf-8")
        cut = data.rfind(b"\n", 0, len(data) // 2) + 1
        return data[:cut] + b"Caf\xe9 au lait \xff\xfe with Rina.\n" + data[cut:]
    if kind == "spine-missing":
        return text.split("\n\n", 1)[1]
    if kind == "spine-wrong":
        wrong = days[index - 2] if index >= 2 else days[0] - timedelta(days=10)
        return text.replace(days[index - 1].isoformat(), wrong.isoformat(), 1)
    if kind == "wikilink-unsafe":
        return text.rstrip("\n") + "\n\nSee [[Ops: Runbook|runbook]] before the next deploy.\n"
    if kind == "wrong-field":
        return _fm_replace(text, "projects", "projects: [Docker]")
    if kind == "uncategorized-known":
        return text.replace("  technologies: [", "  technologies: [Kubernetes, ", 1).replace(
            "[Kubernetes, ]", "[Kubernetes]"
        )
    if kind == "related-future":
        later = days[index + 1].isoformat()
        return _fm_replace(text, "related_dates", f"related_dates: [{later}]")
    if kind == "key-order":
        mood = _fm_get(text, "mood")
        text = _fm_replace(text, "mood", None)
        return _fm_replace(text, "date", f"date: {_fm_get(text, 'date')}\nmood: {mood}")
    if kind == "bom":
        return "\ufeff" + text
    if kind == "crlf":
        return text.replace("\n", "\r\n")
    if kind == "parent-missing":
        return text.split("\n\n", 1)[1]
    raise ValueError(kind)


# --- the workspace ------------------------------------------------------------------------------


def generate(
    out: Path,
    days: int,
    *,
    seed: int = 7,
    with_summaries: bool = False,
    archive: bool = False,
    defects: float = 0.0,
    links: bool = True,
    force: bool = False,
    end: date = END_DATE,
) -> dict:
    """Write the workspace; returns stats (files, bytes, seconds, defects planted)."""
    started = time.perf_counter()
    if out.exists():
        if not force and any(out.iterdir()):
            raise SystemExit(f"{out} exists and is not empty (use --force)")
        shutil.rmtree(out)
    vault = out / "vault"
    memory = vault / "memory"
    chats = memory / "chats"
    summaries = memory / "summaries"
    for folder in (memory, chats, summaries, out / "archive"):  # archive/: the NAS mount point
        folder.mkdir(parents=True, exist_ok=True)
    (out / "memory_config.json").write_text(json.dumps(config_dict(), indent=2) + "\n")
    writer = SummaryWriter(out) if with_summaries else None

    dates = calendar(days, seed, end)
    date_set = set(dates)
    gaps = [
        dates[0] + timedelta(days=i)
        for i in range((dates[-1] - dates[0]).days)
        if dates[0] + timedelta(days=i) not in date_set
    ]
    drng = random.Random(seed * 31 + 17)
    kinds_by_type: dict[str, list[str]] = {}
    for kind, (ftype, *_rest) in DEFECTS.items():
        if ftype == "summary" and not with_summaries:
            continue
        if ftype == "note" and archive:  # archived notes are outside what lint must check
            continue
        kinds_by_type.setdefault(ftype, []).append(kind)
    for kinds in kinds_by_type.values():
        drng.shuffle(kinds)
    cursor = dict.fromkeys(kinds_by_type, 0)

    def pick(ftype: str, index: int) -> str | None:
        # index 0 (first day, no spine) and the defect-free last day keep things simple
        if not defects or ftype not in kinds_by_type or index == 0 or drng.random() >= defects:
            return None
        kinds = kinds_by_type[ftype]
        kind = kinds[cursor[ftype] % len(kinds)]
        cursor[ftype] += 1
        return kind

    planted: list[dict] = []
    stats = {"notes": 0, "transcripts": 0, "summaries": 0, "bytes": 0}

    def record(path: Path, kind: str) -> None:
        _, rule, accept, required = DEFECTS[kind]
        rel = (
            path.relative_to(vault).as_posix()
            if path.is_relative_to(vault)
            else path.relative_to(out).as_posix()
        )
        planted.append(
            {
                "path": rel,
                "kind": kind,
                "rule": rule,
                "accept": [rule, *accept],
                "required": required,
            }
        )

    def write(path: Path, data: str | bytes) -> None:
        raw = data.encode("utf-8") if isinstance(data, str) else data
        path.write_bytes(raw)
        stats["bytes"] += len(raw)

    made_dirs: set[Path] = set()
    previous: date | None = None
    for index, day in enumerate(dates):
        d = make_day(seed, day)
        note_text = with_spine(d.note, previous) if links else d.note
        if archive:
            note_path = (
                out / "archive" / f"{day.year:04d}" / f"{day.month:02d}" / f"{day.isoformat()}.md"
            )
        else:
            note_path = memory / f"{day.isoformat()}.md"
        if note_path.parent not in made_dirs:
            note_path.parent.mkdir(parents=True, exist_ok=True)
            made_dirs.add(note_path.parent)
        kind = pick("note", index) if index < len(dates) - 1 and links else None
        if kind == "file-name":  # a draft beside the note: not a valid name
            stray = note_path.with_name(f"{day.isoformat()}-draft.md")
            write(stray, d.note)
            record(stray, kind)
            kind = None
        write(note_path, plant(kind, note_text, d, dates, index, gaps) if kind else note_text)
        if kind:
            record(note_path, kind)
        stats["notes"] += 1
        transcripts = []
        for name, text in d.transcripts:
            text = with_parent(text, day) if links else text
            transcripts.append((name, text))
            # archived days keep their transcripts in the archive too, as `vaultkit archive` does
            folder = (out / "archive" / "chats" if archive else chats) / day.isoformat()
            folder.mkdir(parents=True, exist_ok=True)
            kind = pick("transcript", index) if links else None
            if kind == "name-collision":  # a second file whose name differs only in case
                twin = folder / (name[0].upper() + name[1:])
                write(twin, text)
                record(twin, kind)
                kind = None
            write(folder / name, plant(kind, text, d, dates, index, gaps) if kind else text)
            if kind:
                record(folder / name, kind)
            stats["transcripts"] += 1
        if writer is not None:
            related = writer.related(d)
            text = writer.render(d, related, note_text, transcripts)
            path = summaries / f"{day.isoformat()}.summary.md"
            kind = pick("summary", index) if index < len(dates) - 1 else None
            write(path, plant(kind, text, d, dates, index, gaps) if kind else text)
            if kind:
                record(path, kind)
            stats["summaries"] += 1
        previous = day
    if writer is not None:
        for path, text in writer.side_notes().items():
            path.parent.mkdir(parents=True, exist_ok=True)
            write(path, text)
    if defects:
        (out / "defects.json").write_text(json.dumps(planted, indent=1) + "\n")
    stats.update(
        days=len(dates),
        first=dates[0].isoformat(),
        last=dates[-1].isoformat(),
        defects=len(planted),
        seconds=round(time.perf_counter() - started, 3),
    )
    (out / "generated.json").write_text(
        json.dumps(
            {
                "args": {
                    "days": days,
                    "seed": seed,
                    "with_summaries": with_summaries,
                    "archive": archive,
                    "defects": defects,
                    "links": links,
                },
                **{k: v for k, v in stats.items() if k != "seconds"},
            },
            indent=1,
        )
        + "\n"
    )  # no timing inside: the output is byte-for-byte deterministic
    return stats


def add_day(out: Path, *, seed: int = 7, with_summary: bool = False, archive: bool = False) -> date:
    """Add the next day (a daily note as a person writes it: no spine yet) to a generated workspace.

    With `with_summary`, also write its summary and the spine (as a finished `sync` would leave it),
    for benchmarks that only measure the search index update.
    """
    memory = out / "vault" / "memory"
    existing = sorted(p.stem for p in memory.glob("????-??-??.md"))
    if archive or not existing:
        existing += sorted(p.stem for p in (out / "archive").rglob("????-??-??.md"))
    last = max(date.fromisoformat(s) for s in existing)
    day = last + timedelta(days=1)
    d = make_day(seed, day)
    note = with_spine(d.note, last) if with_summary else d.note
    (memory / f"{day.isoformat()}.md").write_text(note)
    transcripts = [(name, with_parent(text, day)) for name, text in d.transcripts]
    for name, text in transcripts:
        (memory / "chats" / day.isoformat()).mkdir(parents=True, exist_ok=True)
        (memory / "chats" / day.isoformat() / name).write_text(text)
    if with_summary:
        writer = SummaryWriter(out)
        text = writer.render(d, [last], note, transcripts)
        (memory / "summaries" / f"{day.isoformat()}.summary.md").write_text(text)
    return day


def digest_tree(root: Path) -> str:
    """One hash of every file's path and bytes below root (to check determinism)."""
    h = hashlib.sha256()
    for path in sorted(root.rglob("*")):
        if path.is_file() and ".vaultkit" not in path.parts:
            h.update(path.relative_to(root).as_posix().encode() + b"\0" + path.read_bytes())
    return h.hexdigest()


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("out", type=Path)
    parser.add_argument("--days", type=int, default=1000)
    parser.add_argument("--seed", type=int, default=7)
    parser.add_argument("--with-summaries", action="store_true")
    parser.add_argument("--archive", action="store_true", help="daily notes under archive/YYYY/MM/")
    parser.add_argument("--defects", type=float, default=0.0, metavar="RATE")
    parser.add_argument("--no-links", action="store_true", help="no spine or parent lines")
    parser.add_argument("--force", action="store_true", help="replace OUT if it exists")
    args = parser.parse_args(argv)
    stats = generate(
        args.out,
        args.days,
        seed=args.seed,
        with_summaries=args.with_summaries,
        archive=args.archive,
        defects=args.defects,
        links=not args.no_links,
        force=args.force,
    )
    print(json.dumps(stats), file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
