"""Frontmatter read through libyaml's node tree: lines of keys, YAML 1.1 coercions, re-rendering.

libyaml composes the nodes once; they give line numbers, duplicate keys and the plain scalars that
YAML 1.1 (PyYAML) reads differently from YAML 1.2 (Obsidian). Such scalars are retagged as text
before the same nodes are constructed, so the data is what Obsidian shows.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from datetime import date
from typing import Any

import yaml
from yaml.nodes import MappingNode, Node, ScalarNode, SequenceNode

from vaultkit.lint.findings import Findings
from vaultkit.pages.render import yaml_list, yaml_scalar

try:  # libyaml, as in vaultkit.files.document
    from yaml import CSafeLoader as _Loader
except ImportError:  # pragma: no cover - depends on how PyYAML was built
    from yaml import SafeLoader as _Loader  # type: ignore[assignment]

FIRST_LINE = 2  # the frontmatter's first line in the file (after the opening `---`)

_STR = "tag:yaml.org,2002:str"
_BOOL = "tag:yaml.org,2002:bool"
_INT = "tag:yaml.org,2002:int"
_FLOAT = "tag:yaml.org,2002:float"
_TIMESTAMP = "tag:yaml.org,2002:timestamp"
# What YAML 1.2 (Obsidian) reads the same way as PyYAML's YAML 1.1; anything else is a coercion.
_YAML12_BOOL = {"true", "True", "TRUE", "false", "False", "FALSE"}
_OTHER_BREAKS = re.compile("[\r\x85\u2028\u2029]")
_SUSPECT_TAGS = frozenset({_BOOL, _INT, _FLOAT, _TIMESTAMP})
_YAML12_INT = re.compile(r"[-+]?(?:0|[1-9][0-9]*)|0x[0-9a-fA-F]+")
# A YAML comment starts a line or follows a blank; a `#` so placed inside quotes is taken for one
# too, which only keeps a value from being rewritten.
_COMMENT = re.compile(r"(?:^|\s)#")


class Front:
    """Parsed frontmatter: data, the lines of each top-level key, and what YAML 1.1 coerced."""

    def __init__(self, text: str) -> None:
        self.text = text
        self.data: Any = None
        self.ok = False  # parsed without error
        self.editable = False  # a block mapping whose keys can be rewritten one by one
        self.key_lines: list[tuple[str, int]] = []  # (key, file line), duplicates dropped
        self.spans: dict[str, tuple[int, int, int]] = {}  # key -> (start, value end, next start)
        self.commented: set[str] = set()  # keys whose value lines hold a comment (see `rewrite`)
        self.coerced: dict[str, bool] = {}  # key -> whether its (coerced) value can be re-rendered
        self.coercions: list[tuple[str, int, str, str]] = []  # (top key, line, value, reads as)
        self.impossible: list[tuple[str, int, str]] = []  # (top key, line, value)
        self.nested_duplicate = False
        self.first_lines: dict[str, int] = {}

    @classmethod
    def parse(cls, text: str, found: Findings) -> Front:
        """Parse and inspect frontmatter text; syntax errors and a non-mapping are reported."""
        front = cls(text)
        loader = _Loader(text)
        try:
            node = loader.get_single_node()
            if node is not None:
                front._inspect(node, found)
            front.data = loader.construct_document(node) if node is not None else None
            front.ok = True
        except yaml.YAMLError as exc:
            mark = getattr(exc, "problem_mark", None)
            line = FIRST_LINE + mark.line if mark is not None else None
            problem = getattr(exc, "problem", None) or str(exc).splitlines()[0]
            found.add("yaml-syntax", line, f"YAML syntax: {problem}")
            front.editable = False
        except (ValueError, TypeError, OverflowError) as exc:
            found.add("yaml-syntax", None, f"YAML value cannot be read: {exc}")
            front.editable = False
        finally:
            loader.dispose()
        if front.ok and front.data is not None and not isinstance(front.data, dict):
            found.add("frontmatter-shape", FIRST_LINE, "frontmatter is not a mapping of properties")
            front.editable = False
        return front

    def _inspect(self, node: Node, found: Findings) -> None:
        if not isinstance(node, MappingNode):
            return
        seen: set[str] = set()
        starts: list[int] = []
        # YAML also breaks lines at CR, NEL and the Unicode separators; then its line numbers are
        # not ours, so the keys cannot be cut out line by line.
        editable = not node.flow_style and not _OTHER_BREAKS.search(self.text)
        for key_node, value_node in node.value:
            if not isinstance(key_node, ScalarNode) or key_node.value == "<<":
                editable = False
                _walk(value_node, "", self, found)
                continue
            line = key_node.start_mark.line
            if not self._add_key(key_node, value_node, seen, found):
                editable = False
            if (starts and line <= starts[-1]) or key_node.start_mark.column != 0:
                editable = False
            starts.append(line)
        self._close_spans()
        self.editable = editable and not self.nested_duplicate

    def _add_key(
        self, key_node: ScalarNode, value_node: Node, seen: set[str], found: Findings
    ) -> bool:
        """Record one top-level key: its line, span and coercions; False when it is a duplicate."""
        key = key_node.value
        line = key_node.start_mark.line
        first = key not in seen
        if first:
            seen.add(key)
            self.key_lines.append((key, FIRST_LINE + line))
            self.first_lines[key] = FIRST_LINE + line
        else:
            found.add("duplicate-key", FIRST_LINE + line, f"key {key!r} appears twice")
        if _check_scalar(key_node, key, self):  # `on:` is the key True in YAML 1.1
            self.coerced[key] = _flat(value_node)
        end = value_node.end_mark
        value_end = end.line + 1 if end.column > 0 else end.line
        self.spans[key] = (line, max(value_end, line + 1), 0)
        if self._check_value(value_node, key, found) or key in self.coerced:
            self.coerced[key] = _flat(value_node)
        return first

    def _check_value(self, node: Node, key: str, found: Findings) -> bool:
        """Check a top-level value's scalars; whether any was coerced."""
        if isinstance(node, ScalarNode):  # the common case, without the walk
            return _check_scalar(node, key, self)
        if isinstance(node, SequenceNode) and all(isinstance(i, ScalarNode) for i in node.value):
            coerced = False
            for item in node.value:
                if item.tag in _SUSPECT_TAGS:  # most items are text: skip the call
                    coerced = _check_scalar(item, key, self) or coerced
            return coerced
        return _walk(node, key, self, found)

    def _close_spans(self) -> None:
        """End each key's span where the next key starts (the last one at the end of the text)."""
        lines = self.text.split("\n")
        total = len(lines) - 1
        keys = list(self.spans)
        for i, key in enumerate(keys):
            start, value_end, _ = self.spans[key]
            following = self.spans[keys[i + 1]][0] if i + 1 < len(keys) else total
            value_end = min(value_end, following)
            self.spans[key] = (start, value_end, following)
            if any(_COMMENT.search(line) for line in lines[start:value_end]):
                self.commented.add(key)

    def line_of(self, key: str) -> int:
        return self.first_lines.get(key, FIRST_LINE)

    def rewrite(self, values: dict[str, Any], order: Sequence[str] | None = None) -> str:
        """The frontmatter with `values` re-rendered (others kept byte for byte), keys in `order`.

        A re-rendered value loses the comments among its lines (`commented` names such keys);
        comments between keys move with the key above them."""
        lines = self.text.split("\n")[:-1] if self.text else []
        keys = list(self.spans)
        first = self.spans[keys[0]][0] if keys else len(lines)
        out = lines[:first]
        for key in order if order is not None else keys:
            if key in self.spans:
                start, value_end, following = self.spans[key]
                if key in values:
                    out += _render_key(key, values[key])
                    out += lines[value_end:following]
                else:
                    out += lines[start:following]
            elif key in values:
                out += _render_key(key, values[key])
        for key in keys:  # never drop a key the order did not name
            if order is not None and key not in order:
                start, _, following = self.spans[key]
                out += lines[start:following]
        return "".join(line + "\n" for line in out)


def _walk(node: Node, key: str, front: Front, found: Findings) -> bool:
    """Find YAML 1.1 coercions and impossible dates below a value; retag them as strings.

    Returns whether any coercion was found. Retagging makes the constructed value what Obsidian
    shows (the text `off`, not false) and keeps an impossible date from raising.
    """
    coerced = False
    stack = [node]
    seen: set[int] = set()
    while stack:
        current = stack.pop()
        if id(current) in seen:
            continue
        seen.add(id(current))
        if isinstance(current, MappingNode):
            _check_nested_keys(current, key, front, found)
            for k, v in current.value:
                stack.append(v)
                stack.append(k)
        elif isinstance(current, SequenceNode):
            stack.extend(current.value)
        elif isinstance(current, ScalarNode):
            coerced = _check_scalar(current, key, front) or coerced
    return coerced


def _check_nested_keys(node: MappingNode, key: str, front: Front, found: Findings) -> None:
    keys: set[str] = set()
    for k, _ in node.value:
        if isinstance(k, ScalarNode):
            if k.value in keys and k.value != "<<":
                line = FIRST_LINE + k.start_mark.line
                found.add("duplicate-key", line, f"key {key}.{k.value} appears twice")
                front.nested_duplicate = True
            keys.add(k.value)


def _check_scalar(node: ScalarNode, key: str, front: Front) -> bool:
    """Record a plain scalar YAML 1.1 reads differently, or an impossible date; retag it as text."""
    tag = node.tag
    if node.style or tag not in _SUSPECT_TAGS:
        return False
    value = node.value
    reads_as = None
    if tag == _BOOL:
        if value not in _YAML12_BOOL:
            reads_as = "true" if value.lower() in ("yes", "on") else "false"
    elif tag == _TIMESTAMP:
        if not _real_timestamp(value):
            front.impossible.append((key, FIRST_LINE + node.start_mark.line, value))
            node.tag = _STR
        return False
    elif (tag == _INT and not _YAML12_INT.fullmatch(value)) or (
        tag == _FLOAT and ("_" in value or ":" in value)
    ):
        reads_as = "a different number"
    if reads_as is None:
        return False
    node.tag = _STR
    front.coercions.append((key, FIRST_LINE + node.start_mark.line, value, reads_as))
    return True


def _flat(node: Node) -> bool:
    """A value vaultkit can re-render: a scalar, a list of scalars, or a mapping of those."""

    def simple(n: Node) -> bool:
        return isinstance(n, ScalarNode) or (
            isinstance(n, SequenceNode) and all(isinstance(i, ScalarNode) for i in n.value)
        )

    if isinstance(node, MappingNode):
        return all(isinstance(k, ScalarNode) and simple(v) for k, v in node.value)
    return simple(node)


def _real_timestamp(value: str) -> bool:
    if len(value) == 10:
        try:
            date.fromisoformat(value)
        except ValueError:
            return False
        return True
    try:
        _Loader("").construct_yaml_timestamp(ScalarNode(_TIMESTAMP, value))
    except (ValueError, OverflowError, TypeError):
        return False
    return True


def _render_key(key: str, value: Any) -> list[str]:
    name = yaml_scalar(key)
    if isinstance(value, dict):
        return [f"{name}:"] + [f"  {yaml_scalar(k)}: {_inline(v)}" for k, v in value.items()]
    inline = _inline(value)
    return [f"{name}: {inline}" if inline else f"{name}:"]


def _inline(value: Any) -> str:
    if value is None:
        return ""
    if isinstance(value, list | tuple):
        return yaml_list(value)
    return yaml_scalar(value)
