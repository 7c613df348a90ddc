"""The LLM summarizer: any OpenAI-compatible chat-completions endpoint, its answer checked field
by field.

The prompt carries the controlled vocabulary and the rules; the answer is asked for as JSON
through a JSON schema (`response_format`), and parsed from plain text when a server rejects
that. Whatever the model adds beyond the fields we ask for (related dates, invented dates) is
ignored: related dates are the program's job. An answer that fails a check raises
`SummarizerError`, so nothing invalid reaches a file.

A request is bounded by `vaultkit.http_client`: `timeout` is its whole deadline, `max_answer_bytes` the
largest answer read. Both the response and the JSON in its message are parsed with
`strict_json.loads_guarded`, so an answer nested too deeply or holding too long an integer
fails its day in one line like any other bad answer. An answer over the cap makes the endpoint
unusable for the run (`SummarizerUnavailableError`): it is what the URL serves, not a day's.
"""

from __future__ import annotations

import functools
import json
import os
import re
import time
from collections.abc import Callable, Iterable
from dataclasses import replace
from pathlib import PurePath
from typing import Any

from vaultkit.config import SummarizerConfig
from vaultkit.errors import (
    AnswerTooLargeError,
    EndpointError,
    EndpointUnavailableError,
    HTTPStatusError,
    SummarizerError,
    SummarizerUnavailableError,
)
from vaultkit.http_client import join_url, post_json
from vaultkit.model import LOOKUP_KINDS as KINDS
from vaultkit.model import DayFields, DayInput
from vaultkit.strict_json import JSONLimitError, loads_guarded
from vaultkit.summarize.base import Summarizer, validate_fields
from vaultkit.summarize.grounding import Gate
from vaultkit.summarize.portion import Portion, head
from vaultkit.text.language import DEFAULT_LANGUAGES, Analyzer
from vaultkit.text.lexicon import MOODS
from vaultkit.text.vocabulary import Vocabulary

MAX_TERM_CHARS = 100
BULLET_CHARS = 200
# The schema's bounds: tight enough that a small model, held to the schema by a grammar,
# finishes valid JSON within `max_tokens` (one that loops inside a string is cut at its
# `maxLength`, one that lists names forever at its `maxItems`).
# At most about 2,300 characters of values in all: under the default `max_tokens` even for a
# model that fills every string to its end.
NAME_CHARS, MOOD_CHARS, ANSWER_BULLET_CHARS = 40, 20, 160
MAX_PEOPLE, MAX_TERMS, MAX_NEW_TERMS, MAX_ANSWER_BULLETS = 8, 6, 4, 5
# How servers take structured output, tried in this order until one is not refused: the
# `json_schema` of OpenAI, llama.cpp's server, LM Studio and vLLM; the `json_object` with a
# `schema` of llama-cpp-python's server; then plain text with the JSON parsed out of it.
FORMATS = ("json_schema", "json_object", "text")
# Statuses with which servers refuse a `response_format` they do not take (llama-cpp-python
# answers a `json_schema` with 500).
REJECTED_FORMAT = (400, 422, 500)
MOOD_NAMES = (*MOODS, "neutral")


def _names(most: int) -> dict[str, Any]:
    return {"type": "array", "maxItems": most, "items": {"type": "string", "maxLength": NAME_CHARS}}


ANSWER_SCHEMA: dict[str, Any] = {
    "type": "object",
    "properties": {
        "people": _names(MAX_PEOPLE),
        "projects": _names(MAX_TERMS),
        "technologies": _names(MAX_TERMS),
        "libraries": _names(MAX_TERMS),
        "uncategorized": {
            "type": "object",
            "properties": {kind: _names(MAX_NEW_TERMS) for kind in KINDS},
            "required": list(KINDS),
            "additionalProperties": False,
        },
        "importance": {"type": "integer", "minimum": 1, "maximum": 10},
        "mood": {"type": "string", "enum": list(MOOD_NAMES), "maxLength": MOOD_CHARS},
        "bullets": {
            "type": "array",
            "minItems": 3,
            "maxItems": MAX_ANSWER_BULLETS,
            "items": {"type": "string", "maxLength": ANSWER_BULLET_CHARS},
        },
    },
    "required": [
        "people",
        *KINDS,
        "uncategorized",
        "importance",
        "mood",
        "bullets",
    ],
    "additionalProperties": False,
}


def response_format(shape: str) -> dict[str, Any] | None:
    """The `response_format` of a request in one of the `FORMATS` (None: plain text)."""
    if shape == "json_schema":
        return {
            "type": "json_schema",
            "json_schema": {"name": "day_summary", "strict": True, "schema": ANSWER_SCHEMA},
        }
    if shape == "json_object":
        return {"type": "json_object", "schema": ANSWER_SCHEMA}
    return None


SYSTEM_PROMPT = """\
You summarize one day of a person's memory, kept by their AI assistant: the daily note and the \
chat transcripts of that day. Answer with one JSON object and nothing else.

Controlled vocabulary (use exactly these spellings):
- projects: {projects}
- technologies: {technologies}
- libraries: {libraries}
- known people: {people}
- aliases (left means right): {aliases}

Rules:
- "projects", "technologies", "libraries": only terms from the vocabulary above, spelled as \
listed, and only when the day's text mentions them (or an alias of them).
- A project, technology or library the text mentions that is NOT in the vocabulary goes to \
"uncategorized" under its kind, never into the main lists.
- "people": the people who took part or are mentioned, by their known name when they have one.
- "importance": an integer from 1 to 10, how much this day will matter later. Architecture \
decisions and migrations 8-10; incidents and outages 7-9; ordinary work 4-6; small talk, \
errands and private chores 1-3.
- "mood": one word for the day, one of: {moods}.
- "bullets": 3 to 5 short plain sentences (under 160 characters, no markdown, no links) on what \
happened, was decided or is planned. Only facts from the text.
- Never invent dates. Do not output related dates or any field not asked for.

The JSON object has exactly these keys: {{"people": [], "projects": [], "technologies": [], \
"libraries": [], "uncategorized": {{"projects": [], "technologies": [], "libraries": []}}, \
"importance": 1, "mood": "", "bullets": []}}"""

_FENCED = re.compile(r"^```[\w-]*\s*\n?(.*?)\n?```$", re.DOTALL)
_BULLET_MARK = re.compile(r"^(?:[-*•+]|\d{1,2}[.)])\s+")


class OpenAISummarizer:
    """Summary fields from an OpenAI-compatible chat-completions endpoint, checked field by field."""

    name = "openai"

    def __init__(
        self,
        config: SummarizerConfig,
        vocabulary: Vocabulary,
        *,
        fallback: Summarizer,
        languages: Iterable[str] = DEFAULT_LANGUAGES,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        self.config = config
        self.vocabulary = vocabulary
        self.system_prompt = system_prompt(vocabulary)
        self.gate = Gate(vocabulary, Analyzer(languages))
        self.fallback = fallback  # the offline reading, for a field the gate refuses
        self._sleep = sleep
        self._format = 0  # the first of `FORMATS` the server has not refused

    def summarize(self, day: DayInput) -> DayFields:
        """Ask the model for one day's fields and pass them through the gate; raise
        `SummarizerError` when the answer cannot be read as a summary at all
        (`SummarizerUnavailableError` when the endpoint cannot serve any call now)."""
        try:
            answer, said = self._ask(day)
        except AnswerTooLargeError as exc:
            raise SummarizerUnavailableError(
                f"{exc.message} (summarizer.max_answer_bytes)"
            ) from None
        except EndpointUnavailableError as exc:
            raise SummarizerUnavailableError(exc.message, path=exc.path, rule=exc.rule) from None
        except EndpointError as exc:
            raise SummarizerError(exc.message, path=exc.path, rule=exc.rule) from None
        reading = functools.cache(lambda: self.fallback.summarize(day))  # made when needed
        fields = fields_from_answer(answer, day, importance=lambda: reading().importance)
        fields = replace(fields, notes=(*said, *fields.notes))
        return self.gate.check(fields, day, reading).fields

    def portion(self, day: DayInput) -> Portion | None:
        """How much of the day the prompt holds, when not all of it (`max_input_chars`)."""
        return prompt_portion(day, self.config.max_input_chars)

    def _ask(self, day: DayInput) -> tuple[str, list[str]]:
        """The model's answer, and what to say of how it was asked (once a run: the server
        refused a structured-output shape, so this and later days are asked the next way)."""
        payload: dict[str, Any] = {
            "model": self.config.model,
            "messages": [
                {"role": "system", "content": self.system_prompt},
                {"role": "user", "content": user_prompt(day, self.config.max_input_chars)},
            ],
            "max_tokens": self.config.max_tokens,
        }
        start = at = self._format
        down: HTTPStatusError | None = None
        while True:
            shape = FORMATS[at]
            wanted = response_format(shape)
            asked = {**payload, **({"response_format": wanted} if wanted else {})}
            try:  # a shape tried after a 500 is asked once: a server that is down stays down
                answer = self._post(asked, day, retries=0 if down else None)
            except HTTPStatusError as exc:
                if down is not None and exc.status >= 500:
                    raise down from None  # every shape fails: the server is down, not picky
                if shape == FORMATS[-1] or exc.status not in REJECTED_FORMAT:
                    raise
                down = exc if exc.status >= 500 else down
                at += 1
                continue
            if at == start:
                return answer, []
            self._format = at  # kept for the run (days are asked one at a time)
            refused = ", ".join(FORMATS[start:at])
            return answer, [
                f"the endpoint refused response_format {refused}; asking with {FORMATS[at]}"
            ]

    def _post(self, payload: dict[str, Any], day: DayInput, retries: int | None = None) -> str:
        api_key = os.environ.get(self.config.api_key_env) or None
        response = post_json(
            join_url(self.config.base_url, "chat/completions"),
            payload,
            api_key=api_key,
            timeout=self.config.timeout,
            retries=self.config.retries if retries is None else retries,
            sleep=self._sleep,
            max_bytes=self.config.max_answer_bytes,
        )
        return _message_content(response, day)


def system_prompt(vocabulary: Vocabulary) -> str:
    """The instructions, with the controlled vocabulary and the known people filled in."""
    lists = vocabulary_lists(vocabulary)
    return SYSTEM_PROMPT.format(
        projects=_listing(lists["projects"]),
        technologies=_listing(lists["technologies"]),
        libraries=_listing(lists["libraries"]),
        people=_listing(lists["people"]),
        aliases=_listing(lists["aliases"]),
        moods=", ".join(MOOD_NAMES),
    )


def vocabulary_lists(vocabulary: Vocabulary) -> dict[str, list[str]]:
    """Canonical terms per kind, known people and `alias -> term` pairs of a vocabulary."""
    return vocabulary.listing()


def user_prompt(day: DayInput, max_chars: int) -> str:
    """The day's note and transcripts, cut to `max_chars` at a line end when possible."""
    text = _day_text(day)
    if len(text) > max_chars:
        text = head(text, max_chars) + "\n[... the rest of the day is cut ...]"
    return text


def prompt_portion(day: DayInput, max_chars: int) -> Portion | None:
    """How much of the day the prompt holds, when `max_chars` cut it."""
    text = _day_text(day)
    if len(text) <= max_chars:
        return None
    return Portion.of([head(text, max_chars)], [text], f"summarizer.max_input_chars is {max_chars}")


def _day_text(day: DayInput) -> str:
    parts = [f"Date: {day.date.isoformat()}", "", "## Daily note", day.note.strip()]
    for name, text in day.transcripts:
        parts += ["", f"## Transcript: {PurePath(name).name}", text.strip()]
    return "\n".join(parts)


def fields_from_answer(
    content: str, day: DayInput, *, importance: Callable[[], int] | None = None
) -> DayFields:
    """Parse and check an answer; terms under `uncategorized` join their kind's list, to be
    sorted out by vocabulary normalization. Fields not asked for are ignored. An importance that
    is no integer 1-10 is `importance()`'s (the offline reading's) when it is given, with a
    note; else the answer fails."""
    answer = parse_json_answer(content, day)
    where = f"summary of {day.date.isoformat()}: the LLM answer"
    uncategorized = answer.get("uncategorized", {})
    if not isinstance(uncategorized, dict):
        raise SummarizerError(f"{where} has `uncategorized` that is not an object")
    lists = {}
    for kind in KINDS:
        main = _strings(answer.get(kind, []), kind, where)
        extra = _strings(uncategorized.get(kind, []), f"uncategorized.{kind}", where)
        lists[kind] = main + extra
    bullets = tuple(
        _shorten(_BULLET_MARK.sub("", b)) for b in _strings(answer.get("bullets"), "bullets", where)
    )
    if not bullets:
        raise SummarizerError(f"{where} has no bullets")
    mood = answer.get("mood", "neutral")
    if not isinstance(mood, str) or len(mood) > 40 or "\n" in mood:
        raise SummarizerError(f"{where} has a mood that is not a short string: {_show(mood)}")
    notes: tuple[str, ...] = ()
    try:
        level = _importance(answer.get("importance"), where)
    except SummarizerError:
        if importance is None:
            raise
        level = importance()
        shown = _show(answer.get("importance"))
        notes = (f"importance: {shown} is not an integer 1-10; the offline reading's",)
    fields = DayFields(
        people=_strings(answer.get("people", []), "people", where),
        projects=lists["projects"],
        technologies=lists["technologies"],
        libraries=lists["libraries"],
        importance=level,
        mood=mood.strip().lower() or "neutral",
        bullets=bullets,
        notes=notes,
    )
    return validate_fields(fields, day.date)


def parse_json_answer(content: str, day: DayInput) -> dict[str, Any]:
    """The JSON object in a model's text: bare, in a ```json fence, or amid a few words."""
    where = f"summary of {day.date.isoformat()}: the LLM answer"
    text = content.strip()
    fenced = _FENCED.match(text)
    if fenced:
        text = fenced.group(1).strip()
    try:
        data = _loads(text, where)
    except json.JSONDecodeError as exc:
        start, end = text.find("{"), text.rfind("}")
        try:
            data = _loads(text[start : end + 1], where) if 0 <= start < end else None
        except json.JSONDecodeError:
            data = None
        if data is None:
            raise SummarizerError(
                f"{where} is not valid JSON ({exc.msg} at line {exc.lineno} column {exc.colno})"
            ) from None
    if not isinstance(data, dict):
        raise SummarizerError(f"{where} is JSON but not an object")
    return data


def _loads(text: str, where: str) -> Any:
    """The JSON of an answer; one too deep or with too long a number is a SummarizerError."""
    try:
        return loads_guarded(text)
    except JSONLimitError as exc:
        raise SummarizerError(f"{where} is JSON that cannot be read: {exc}") from None


def _message_content(response: dict[str, Any], day: DayInput) -> str:
    """The text of the first choice of a chat-completions response."""
    where = f"summary of {day.date.isoformat()}: the LLM response"
    try:
        content = response["choices"][0]["message"]["content"]
    except (KeyError, IndexError, TypeError):
        raise SummarizerError(f"{where} has no choices[0].message.content") from None
    if isinstance(content, list):  # some servers answer with content parts
        content = "".join(
            p["text"] for p in content if isinstance(p, dict) and isinstance(p.get("text"), str)
        )
    if not isinstance(content, str) or not content.strip():
        raise SummarizerError(f"{where} has an empty message")
    return content


def _strings(value: Any, name: str, where: str) -> tuple[str, ...]:
    if not isinstance(value, list):
        raise SummarizerError(f"{where} has `{name}` that is not a list: {_show(value)}")
    out = []
    for item in value:
        if not isinstance(item, str):
            raise SummarizerError(f"{where} has `{name}` with a non-string item: {_show(item)}")
        item = " ".join(item.split())
        if name != "bullets" and len(item) > MAX_TERM_CHARS:
            raise SummarizerError(f"{where} has `{name}` with an overlong item: {_show(item)}")
        if item:
            out.append(item)
    return tuple(out)


def _importance(value: Any, where: str) -> int:
    if isinstance(value, float) and value.is_integer():
        value = int(value)
    if isinstance(value, bool) or not isinstance(value, int) or not 1 <= value <= 10:
        raise SummarizerError(f"{where} has importance {_show(value)}, not an integer 1..10")
    return value


def _shorten(text: str, limit: int = BULLET_CHARS) -> str:
    if len(text) <= limit:
        return text
    cut = text[: limit - 1]
    if " " in cut:
        cut = cut[: cut.rindex(" ")]
    return cut.rstrip(" ,;:") + "…"


def _show(value: Any) -> str:
    try:
        text = json.dumps(value, ensure_ascii=False)
    except RecursionError:  # parsed, but too deep to write out again from here
        text = f"a {type(value).__name__} nested deeply"
    return text if len(text) <= 60 else text[:59] + "…"


def _listing(items: list[str]) -> str:
    return ", ".join(items) if items else "(none)"
