"""Strict reading of the text that arrives from outside: bytes to text, text to JSON or TOML.

Every way input reaches mjscore (a hand record file or standard input, an HTTP body, a batch line, a
table export, a house-rules file, a ruleset file) goes through these few functions before any
model sees it, so the same hostile input is refused the same way everywhere, in one line:

- **bytes**: strict UTF-8 (a leading byte-order mark is allowed), the first bad byte named by its
  line and byte offset; a size limit per kind of input (:data:`LIMITS`);
- **JSON**: standard JSON only (``NaN`` and ``Infinity`` refused), no key twice in one object, at
  most :data:`MAX_DEPTH` levels of nesting, no integer of more than :data:`MAX_INTEGER_DIGITS`
  digits and no float that is not finite;
- **TOML**: :mod:`tomllib`, with the same bounds on nesting and numbers (TOML's ``inf`` and ``nan``
  refused).

Types and ranges of the fields themselves are the business of the models that read the result
(pydantic, strict mode): this module makes sure they only ever see plain, bounded data.
"""

from __future__ import annotations

import json
import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, BinaryIO

from mjscore.errors import InputError

if TYPE_CHECKING:  # imported by one_line, which words a refusal: reading well-formed input needs no pydantic
    from pydantic import ValidationError

#: Deepest nesting of arrays and objects accepted: a hand record needs 3, a ruleset file 4.
MAX_DEPTH = 16

#: Most digits in an integer: every count, score and stake at a table fits in far fewer.
MAX_INTEGER_DIGITS = 15


@dataclass(frozen=True, slots=True)
class Limit:
    """How many bytes one kind of input may have, and what it is called in a message."""

    what: str
    max_bytes: int


#: The size limit of each kind of input.
LIMITS = {
    "hand": Limit("a hand record", 64 * 1024),
    "house_rules": Limit("a house-rules file", 64 * 1024),
    "ruleset": Limit("a ruleset file", 1024 * 1024),
    "table": Limit("a table export", 32 * 1024 * 1024),
    "game_record": Limit("a game record", 32 * 1024 * 1024),
    "line": Limit("a batch line", 64 * 1024),
}


def decode(data: bytes, where: str) -> str:
    """``data`` as text: strict UTF-8, an optional byte-order mark dropped. A bad byte is named by
    its byte offset, and its line when the text has several: ``hand.json line 2: not UTF-8: byte
    0xff at offset 31``."""
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as error:
        line = data.count(b"\n", 0, error.start) + 1
        place = _join(where, f"line {line}" if b"\n" in data.rstrip(b"\r\n") else "")
        raise _error(place, f"not UTF-8: byte 0x{data[error.start]:02x} at offset {error.start}") from None
    return text.removeprefix("\ufeff")


def read_bytes(path: Path, kind: str) -> bytes:
    """The bytes of the file at ``path``, refused in one line if it is missing, unreadable, a
    folder, or larger than the limit of ``kind`` (a key of :data:`LIMITS`)."""
    limit = LIMITS[kind]
    try:
        with path.open("rb") as handle:
            data = handle.read(limit.max_bytes + 1)
    except FileNotFoundError:
        raise InputError(f"no such file: {path}") from None
    except IsADirectoryError:
        raise InputError(f"{path} is a folder, not {limit.what}") from None
    except OSError as error:
        raise InputError(f"cannot read {path}: {error.strerror or error}") from None
    check_size(data, kind, str(path))
    return data


def check_size(data: bytes | str, kind: str, where: str) -> None:
    """Refuse ``data`` when it is larger than the limit of ``kind``."""
    limit = LIMITS[kind]
    size = len(data.encode("utf-8", "surrogatepass")) if isinstance(data, str) else len(data)
    if size > limit.max_bytes:
        raise _error(where, f"larger than {limit.max_bytes:,} bytes, the most {limit.what} may have")


def read_stream(stream: BinaryIO, kind: str, where: str = "standard input") -> str:
    """The text of a binary stream (standard input), bounded and decoded like a file."""
    data = stream.read(LIMITS[kind].max_bytes + 1)
    check_size(data, kind, where)
    return decode(data, where)


def read_text(path: Path, kind: str) -> str:
    """The text of the file at ``path``: :func:`read_bytes`, then :func:`decode`."""
    return decode(read_bytes(path, kind), str(path))


class _TooLong:
    """An integer in the input with too many digits, kept until its place can be named."""

    __slots__ = ("digits",)

    def __init__(self, digits: int) -> None:
        self.digits = digits


def _integer(text: str) -> int | _TooLong:
    digits = len(text.lstrip("-"))
    return _TooLong(digits) if digits > MAX_INTEGER_DIGITS else int(text)


def _constant(name: str) -> Any:
    raise InputError(f"{name} is not a number in JSON")


def _object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    found: dict[str, Any] = {}
    for key, value in pairs:
        if key in found:
            raise InputError(f"the key {key!r} appears twice in one object")
        found[key] = value
    return found


#: The one strict decoder, made once: ``json.loads`` with these hooks builds a decoder and its
#: scanner on every call, which costs a batch line half again the parsing. (A decoder keeps no state
#: between calls, so threads share it, as they share ``json.loads``'s own.)
_DECODER = json.JSONDecoder(object_pairs_hook=_object, parse_constant=_constant, parse_int=_integer)


def parse_json(text: str, where: str) -> Any:
    """Read standard, bounded JSON (see the module docstring); ``where`` names the input in errors."""
    try:
        data = _DECODER.decode(text)
    except json.JSONDecodeError as error:
        # a named input (a file, standard input, a request body) says the line too; a line of a batch
        # (no name: its answer carries its line number) says the column alone
        line = f"line {error.lineno}," if where or "\n" in text.strip() else ""
        raise _error(_join(where, line, f"column {error.colno}"), f"not valid JSON: {error.msg}") from None
    except RecursionError:
        raise _error(where, f"nested more than {MAX_DEPTH} levels deep") from None
    except InputError as error:
        raise _error(where, f"{error}") from None
    check_plain(data, where)
    return data


def parse_json_object(text: str, where: str, what: str = "a hand record") -> dict[str, Any]:
    """:func:`parse_json` of a text that must hold one JSON object (``what`` it is, for the error)."""
    data = parse_json(text, where)
    if not isinstance(data, dict):
        raise _error(where, f"{what} is a JSON object {{...}}, not {_kind(data)}")
    return data


def parse_toml(text: str, where: str) -> dict[str, Any]:
    """Read TOML with :mod:`tomllib`, bounded like JSON (no ``inf`` or ``nan``). (tomllib is
    imported here: a hand record is JSON, and the shipped rulesets are kept read, so scoring a
    record from the command line reads no TOML.)"""
    import tomllib

    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        raise _error(where, f"not valid TOML: {error}") from None
    except RecursionError:
        raise _error(where, f"nested more than {MAX_DEPTH} levels deep") from None
    except ValueError:  # tomllib's int() of an integer of thousands of digits
        raise _error(where, f"a number of more than {MAX_INTEGER_DIGITS} digits is out of range") from None
    check_plain(data, where)
    return data


#: The types of value :func:`check_plain` never refuses, whatever their place: most of a record's
#: values, skipped without naming their place (a batch reads every line).
_UNREFUSED = frozenset({str, bool, type(None)})
#: An integer below this in size has at most :data:`MAX_INTEGER_DIGITS` digits: skipped the same way.
_SHORT_INTEGER = 10 ** MAX_INTEGER_DIGITS


def _unrefused(value: Any) -> bool:
    kind = type(value)
    return kind in _UNREFUSED or (kind is int and -_SHORT_INTEGER < value < _SHORT_INTEGER)


def check_plain(data: Any, where: str, path: str = "", depth: int = 0) -> None:
    """Refuse nesting deeper than :data:`MAX_DEPTH`, integers of too many digits and numbers that
    are not finite, naming the path of the value (``melds.2.tiles``)."""
    place = path or "the top level"
    kind = type(data)
    container = kind is dict or kind is list or isinstance(data, Mapping | list)  # exact types first: no ABC check
    if depth >= MAX_DEPTH and container:
        raise _error(where, f"{place}: nested more than {MAX_DEPTH} levels deep")
    if not container:
        if kind is _TooLong:
            raise _error(where, f"{place}: a number of {data.digits} digits is out of range")
        if isinstance(data, int) and not isinstance(data, bool) and len(str(abs(data))) > MAX_INTEGER_DIGITS:
            raise _error(where, f"{place}: a number of more than {MAX_INTEGER_DIGITS} digits is out of range")
        if isinstance(data, float) and not math.isfinite(data):
            raise _error(where, f"{place}: {data} is not a finite number")
    elif kind is dict or isinstance(data, Mapping):
        for key, value in data.items():
            if not _unrefused(value):
                check_plain(value, where, f"{path}.{place_name(key)}" if path else place_name(key), depth + 1)
    else:  # a list
        for number, value in enumerate(data, 1):
            if not _unrefused(value):
                check_plain(value, where, f"{path}.{number}" if path else str(number), depth + 1)


def place_name(key: str) -> str:
    """A key as a part of a place in a message: itself when it is a plain name, else quoted, so
    that a key holding a newline or a dot cannot break the one line or fake another place."""
    return key if key.replace("_", "a").replace("-", "a").isalnum() and key.isascii() else json.dumps(key)


def _join(*parts: str) -> str:
    return " ".join(part for part in parts if part)


def _error(where: str, message: str) -> InputError:
    """The error ``message`` about the input named ``where`` (nothing before it if unnamed)."""
    return InputError(f"{where}: {message}" if where else message)


def _kind(data: Any) -> str:
    if isinstance(data, list):
        return "an array"
    if isinstance(data, str):
        return "a string"
    if isinstance(data, bool):
        return "true or false"
    if data is None:
        return "null"
    return "a number"


#: Names pydantic gives the members of a union in an error's location (``constrained-str``,
#: ``list[str]``): they say which alternative failed, not where in the input.
_TYPE_TAGS = frozenset({"str", "int", "bool", "float", "list", "dict", "none", "function-after", "function-before"})


def _is_tag(part: str) -> bool:
    return "[" in part or part.startswith("constrained-") or part in _TYPE_TAGS


def one_line(error: ValidationError | Sequence[Mapping[str, Any]], outer: str = "", whole: str = "record") -> str:
    """A pydantic :class:`ValidationError` (or its ``errors()``) as one line: the place
    (``melds.2.tiles``, lists counted from 1), the problem, and how many other places have one.
    Where the value could be one of several types, the alternatives whose type the input does not
    have are left out. ``outer`` is a first location part to drop (FastAPI's ``body``); ``whole``
    names the place of a problem with the whole input."""
    from pydantic import ValidationError

    problems: dict[str, str] = {}
    mismatched: dict[str, list[str]] = {}
    for problem in error.errors() if isinstance(error, ValidationError) else error:
        loc = tuple(problem["loc"])
        if outer and loc[:1] == (outer,):
            loc = loc[1:]
        parts = [str(p + 1) if isinstance(p, int) else place_name(p) for p in loc if isinstance(p, int) or not _is_tag(p)]
        place = ".".join(parts) or whole
        if loc and isinstance(loc[-1], str) and _is_tag(loc[-1]) and problem["type"].endswith("_type"):
            mismatched.setdefault(place, []).append(loc[-1].removeprefix("constrained-").split("[")[0])
            continue
        if place not in problems:
            problems[place] = _message(problem["type"], problem["msg"])
    for place, kinds in mismatched.items():
        if place not in problems and not any(p.startswith(place + ".") for p in problems):
            problems[place] = f"Input should be a valid {' or '.join(dict.fromkeys(kinds))}"
    place, message = next(iter(problems.items()))
    more = len(problems) - 1
    return f"{place}: {message}" + (f" (and {more} more problem{'s' if more > 1 else ''})" if more else "")


def _message(kind: str, message: str) -> str:
    if kind == "extra_forbidden":
        return "unknown field"
    if kind == "missing":
        return "required field is missing"
    return message.removeprefix("Value error, ")
