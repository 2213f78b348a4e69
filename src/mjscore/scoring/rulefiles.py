"""Reading rule files (rulesets, house rules) strictly, and one-line errors that point at the key.

A ruleset or house-rules file is a club's own text. It is read by the strict reader of every input
(:mod:`mjscore.reading`: a size bound, strict UTF-8, TOML or strict JSON for a ``.json`` file, bounded
nesting and numbers), then validated by a strict pydantic model
(:class:`StrictModel`). Every failure is one :class:`~mjscore.errors.RulesetError` line naming the
file, the line of the key (tomllib gives no positions: :func:`key_line` finds the key in the text)
or, for JSON and mappings, the key's dotted path; an unknown key comes with the nearest known one::

    club.toml line 12: award calling: unknown key 'enable' (did you mean 'enabled'?)
"""

from __future__ import annotations

import difflib
import json
import re
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, NoReturn

from pydantic import BaseModel, ConfigDict, ValidationError, field_validator
from pydantic_core import PydanticCustomError

from mjscore import reading
from mjscore.errors import InputError, RulesetError

#: The largest ruleset file read (the biggest shipped table is about 100 KiB).
MAX_BYTES = reading.LIMITS["ruleset"].max_bytes

Loc = tuple[str | int, ...]


def _drop_null(schema: dict[str, Any]) -> None:
    """The published schema of a model whose optional keys are simply left out: TOML has no null,
    and a JSON ``null`` is refused (:meth:`StrictModel._not_null`), so the schema does not offer it."""
    for prop in schema.get("properties", {}).values():
        options = prop.get("anyOf")
        if isinstance(options, list) and {"type": "null"} in options:
            kept = [o for o in options if o != {"type": "null"}]
            del prop["anyOf"]
            prop.update(kept[0] if len(kept) == 1 else {"anyOf": kept})
            if prop.get("default", 0) is None:
                del prop["default"]


class StrictModel(BaseModel):
    """The base of every rule-file model: unknown keys refused, no coercion (no ``true`` where a
    number belongs, no ``"1"`` for 1), frozen, and no ``null`` for an optional key. A model's
    validator is built when it first validates (``defer_build``): scoring under a shipped ruleset
    builds the complete file's, never the club files' or the house rules' (issue 13: start-up)."""

    model_config = ConfigDict(extra="forbid", strict=True, frozen=True, json_schema_extra=_drop_null, defer_build=True)

    @field_validator("*", mode="before")
    @classmethod
    def _not_null(cls, value: Any) -> Any:
        if value is None:
            raise PydanticCustomError("null", "must not be null: leave the key out")
        return value


@dataclass(frozen=True, slots=True)
class Source:
    """Where rule data came from, for error messages: ``label`` names it ("club.toml", "house
    rules"), ``text`` is the TOML text whose lines an error can point at (None for JSON or a
    mapping: errors name the key's dotted path)."""

    label: str
    text: str | None = None

    def where(self, loc: Loc) -> str:
        line = key_line(self.text, loc) if self.text is not None else None
        return f"{self.label} line {line}" if line is not None else self.label


def read_rule_file(path: Path, what: str) -> tuple[dict[str, Any], Source]:
    """The table of a ``.json`` or TOML file and its :class:`Source`; ``what`` ("ruleset",
    "house rules") names the file in the errors of reading it. The bytes are read by the strict
    reader every input goes through (:mod:`mjscore.reading`: size, UTF-8, strict JSON, bounds)."""
    kind = "ruleset" if what == "ruleset" else "house_rules"
    name = path.name
    try:
        text = reading.decode(reading.read_bytes(path, kind), name)
        if path.suffix.lower() == ".json":
            return reading.parse_json_object(text, name, f"a {what} file"), Source(name)
        return reading.parse_toml(text, name), Source(name, text)
    except InputError as error:
        raise RulesetError(str(error)) from None


# ---------------------------------------------------------------------------------------------
# Finding a key's line in TOML text

_HEADER = re.compile(r"^\s*(\[\[?)\s*([^\[\]]+?)\s*\]\]?\s*(#.*)?$")
_KEY = r"^\s*(?:{0}|\"{0}\"|'{0}')\s*[.=]"


def _header_path(dotted: str) -> tuple[str, ...]:
    return tuple(part.strip().strip("\"'") for part in dotted.split("."))


def key_line(text: str, loc: Loc) -> int | None:
    """The 1-based line of the TOML key at ``loc`` (``("award", 11, "enabled")`` is the key
    ``enabled`` of the twelfth ``[[award]]`` table), or of the nearest table that holds it; None
    when not even the table is found. Headers and ``key =`` lines are matched as written."""
    lines = text.splitlines()
    sections: list[tuple[Loc, int]] = [((), 0)]  # (the table's path with array indices, its header's line index)
    counts: dict[tuple[str, ...], int] = {}
    for number, line in enumerate(lines):
        match = _HEADER.match(line)
        if match is None:
            continue
        header = _header_path(match.group(2))
        if match.group(1) == "[[":
            counts[header] = counts.get(header, -1) + 1
            sections.append(((*header, counts[header]), number))
        else:
            sections.append((header, number))
    best: tuple[Loc, int, int] | None = None  # (path, header line, end line)
    for index, (path, start) in enumerate(sections):
        end = sections[index + 1][1] if index + 1 < len(sections) else len(lines)
        if tuple(loc[:len(path)]) == path and (best is None or len(path) >= len(best[0])):
            best = (path, start, end)
    if best is None:
        return None
    path, start, end = best
    rest = [part for part in loc[len(path):] if isinstance(part, str)]
    if rest:
        pattern = re.compile(_KEY.format(re.escape(rest[0])))
        first = start + 1 if path else 0
        for number in range(first, end):
            if pattern.match(lines[number]):
                return number + 1
    return start + 1 if path else None


# ---------------------------------------------------------------------------------------------
# One-line errors


def clean_loc(data: Any, loc: Sequence[str | int], missing: bool = False) -> Loc:
    """``loc`` without pydantic's union branch labels: only the keys and indices found in ``data``
    (and, for a ``missing`` key, the last one)."""
    kept: list[str | int] = []
    current = data
    for number, part in enumerate(loc):
        if isinstance(current, Mapping) and part in current:
            kept.append(part)
            current = current[part]
        elif isinstance(current, list) and isinstance(part, int) and 0 <= part < len(current):
            kept.append(part)
            current = current[part]
        elif missing and number == len(loc) - 1:
            kept.append(part)
    return tuple(kept)


_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+")


def _dotted(parts: Sequence[str | int]) -> str:
    """A key's path as the error shows it: ``awards.seabed``, ``shapes[2]``; a key that is not a
    bare TOML key is quoted (a key the user wrote may hold any character, a newline too)."""
    shown = [p if isinstance(p, int) or _BARE_KEY.fullmatch(p) else json.dumps(p) for p in parts]
    return "".join(f"[{p + 1}]" if isinstance(p, int) else (f".{p}" if i else p) for i, p in enumerate(shown))


def _shown(value: Any) -> str:
    """A value as the error shows it: TOML's and JSON's true/false, text quoted, cut at 60 characters."""
    if isinstance(value, bool):
        return "true" if value else "false"
    text = repr(value)
    return text if len(text) <= 60 else text[:57] + "..."


def _known_keys(schema: Mapping[str, Any], loc: Loc) -> set[str]:
    """The keys a JSON schema allows in the table at ``loc`` (every alternative of a union)."""
    defs = schema.get("$defs", {})

    def resolve(node: Mapping[str, Any]) -> list[Mapping[str, Any]]:
        if "$ref" in node:
            return resolve(defs[node["$ref"].rsplit("/", 1)[-1]])
        alternatives = node.get("anyOf") or node.get("oneOf")
        if alternatives:
            return [r for a in alternatives for r in resolve(a)]
        return [node]

    nodes = resolve(schema)
    for part in loc:
        following: list[Mapping[str, Any]] = []
        for node in nodes:
            if isinstance(part, int) and isinstance(node.get("items"), Mapping):
                following += resolve(node["items"])
            elif isinstance(part, str) and part in node.get("properties", {}):
                following += resolve(node["properties"][part])
            elif isinstance(part, str) and isinstance(node.get("additionalProperties"), Mapping):
                following += resolve(node["additionalProperties"])
        nodes = following
    return {key for node in nodes for key in node.get("properties", {})}


def unknown_key(key: str, known: set[str]) -> str:
    """The problem of an unknown key, with the nearest known one (or the list of them)."""
    near = difflib.get_close_matches(key, sorted(known), n=1, cutoff=0.6)
    if near:
        return f"unknown key {key!r} (did you mean {near[0]!r}?)"
    if known and len(known) <= 14:
        return f"unknown key {key!r} (use {', '.join(sorted(known))})"
    return f"unknown key {key!r}"


def _problem(error: Mapping[str, Any], schema: Mapping[str, Any], loc: Loc) -> str:
    """An English phrase for one pydantic error; a phrase starting "must", "cannot" or "is" follows its key."""
    kind, value, ctx = error["type"], error.get("input"), error.get("ctx") or {}
    if kind == "extra_forbidden":
        return unknown_key(str(loc[-1]), _known_keys(schema, loc[:-1]))
    if kind == "missing":
        return f"missing key {loc[-1]!r}"
    phrases = {
        "int_type": "must be a whole number", "bool_type": "must be true or false",
        "string_type": "must be text (a quoted string)", "list_type": "must be a list (an array)",
        "dict_type": "must be a table", "model_type": "must be a table", "model_attributes_type": "must be a table",
    }
    if kind in phrases:
        return f"{phrases[kind]}, not {_shown(value)}"
    if kind in ("greater_than_equal", "greater_than"):
        if ctx.get("ge") == 0:
            return f"cannot be negative ({_shown(value)})"
        return f"must be at least {ctx.get('ge', ctx.get('gt'))}, not {_shown(value)}"
    if kind in ("less_than_equal", "less_than"):
        return f"must be at most {ctx.get('le', ctx.get('lt'))}, not {_shown(value)}"
    if kind == "literal_error":
        expected = str(ctx.get("expected")).replace("False", "false").replace("True", "true")
        return f"must be {expected}, not {_shown(value)}"
    if kind == "setting":  # a setting that is a number, true/false or a table, and is none of them
        return f"{error['msg']}, not {_shown(value)}"
    if kind == "string_pattern_mismatch":
        return f"must be an id of lower-case letters, digits and _ (e.g. 'seabed'), not {_shown(value)}"
    if kind == "string_too_short":
        return "cannot be empty"
    if kind == "string_too_long":
        return f"must be at most {ctx.get('max_length')} characters long"
    if kind == "too_short":
        return f"must have at least {ctx.get('min_length')} item{'s' if ctx.get('min_length') != 1 else ''}"
    if kind == "too_long":
        return f"must have at most {ctx.get('max_length')} items"
    message = str(error.get("msg", kind))
    return message.removeprefix("Value error, ")


def fail(source: Source, loc: Loc, problem: str, subject: str = "", covered: int = 0) -> NoReturn:
    """Raise the one-line error of ``problem`` at ``loc`` (keys and indices into the file's data):
    the file and line (or the label), ``subject`` (e.g. "award calling", which names the first
    ``covered`` parts of ``loc``) and the dotted path of the key under it."""
    path = loc[covered:-1] if problem.startswith(("unknown key", "missing key")) else loc[covered:]
    dotted = _dotted(path)
    if dotted and problem.startswith(("must ", "cannot ", "is ")):
        text = f"{dotted} {problem}"
    else:
        text = f"{dotted}: {problem}" if dotted else problem
    where = source.where(loc)
    raise RulesetError(f"{where}: {subject}: {text}" if subject else f"{where}: {text}")


def first_error(error: ValidationError, data: Any, schema: Mapping[str, Any]) -> tuple[Loc, str]:
    """The location (keys and indices into ``data``) and the phrase of a validation's first error;
    a count of the others is added to the phrase."""
    errors = error.errors(include_url=False)
    first = errors[0]
    raw = tuple(first["loc"])
    # A bad key of a table ("[key]" after it) is reported at the table: the key is in the phrase.
    loc = clean_loc(data, raw[:-2]) if raw[-1:] == ("[key]",) else clean_loc(data, raw, first["type"] == "missing")
    problem = _problem(first, schema, loc)
    more = len(errors) - 1
    if more:
        problem += f" (and {more} more problem{'s' if more > 1 else ''})"
    return loc, problem
