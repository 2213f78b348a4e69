"""Data a JSON Schema settles: a record checked against the schema its model publishes, without the model.

The hand record's model (:class:`mjscore.record.HandRecord`, pydantic) is the one source of its
fields, and its JSON Schema is generated from it (:mod:`mjscore.record_schema`). Most records are
well formed, and the schema alone says that they are: :func:`conforming` checks one against it and
fills in its defaults, so that reading such a record builds no model and imports no pydantic (issue
13: start-up). Whatever the schema alone does not settle (a value of another type, a bound passed,
a keyword not read here) is left to the model, which also words the refusal.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

#: What a schema's ``type`` names: the one Python type of each, as JSON is read (``True`` is not
#: an integer here, nor ``1.0``: a strict model refuses both).
_JSON_TYPES: dict[str, type] = {"string": str, "integer": int, "boolean": bool, "null": type(None),
                                "array": list, "object": dict}

#: Keywords that only describe (``default`` is read by the object holding the property).
_DESCRIPTIVE = frozenset({"title", "description", "$defs", "default"})

#: The keywords :func:`_checker` reads; a schema with any other settles nothing.
_READ = frozenset({"type", "enum", "maxLength", "maxItems", "minimum", "maximum", "items", "anyOf", "$ref",
                   "properties", "required", "additionalProperties"}) | _DESCRIPTIVE


class _Unsettled:
    """What a check returns for a value its schema does not settle."""


_UNSETTLED: Any = _Unsettled()

Check = Callable[[Any], Any]

_CHECKS: dict[int, tuple[Mapping[str, Any], Check]] = {}


def conforming(data: Any, schema: Mapping[str, Any]) -> dict[str, Any] | None:
    """``data`` with the defaults of the JSON Schema ``schema`` filled in, where the schema accepts it
    and its keywords say all there is to check: the types, enumerations, lengths, bounds and
    alternatives, and the objects' properties (required, defaults, none unknown). None where
    anything is outside that (a value of another type, a bound passed, an absent field with no
    default, a keyword not read here): the model the schema was generated from then decides, and
    words the refusal. The model must accept all that this accepts, with the same values:
    ``tests/test_hand_format.py`` checks it on the hand record.

    The schema is turned into nested checks once (kept for the schema object), so that checking a
    record costs a few calls per field."""
    kept = _CHECKS.get(id(schema))
    if kept is None or kept[0] is not schema:
        kept = _CHECKS[id(schema)] = (schema, _checker(schema, schema.get("$defs", {})))
    found = kept[1](data)
    return found if type(found) is dict else None


def _checker(schema: Mapping[str, Any], defs: Mapping[str, Any]) -> Check:
    """The check of one schema: the value as the schema reads it (defaults filled in), or
    :data:`_UNSETTLED`."""
    words = {word: rule for word, rule in schema.items() if word not in _DESCRIPTIVE}
    if any(word not in _READ for word in words):
        return _unsettled
    if "$ref" in words:
        reference = words.pop("$ref")
        if words or not isinstance(reference, str) or not reference.startswith("#/$defs/") \
                or reference[8:] not in defs:
            return _unsettled
        return _checker(defs[reference[8:]], defs)
    if "anyOf" in words:
        if len(words) > 1:
            return _unsettled
        return _first_of(tuple(_checker(choice, defs) for choice in words["anyOf"]))
    kind = _JSON_TYPES.get(words.pop("type")) if "type" in words else None
    if "type" in schema and kind is None:
        return _unsettled  # a type named that no JSON value read here has
    enum, longest = words.pop("enum", None), words.pop("maxLength" if kind is str else "maxItems", None)
    lowest, highest = words.pop("minimum", None), words.pop("maximum", None)
    items = words.pop("items", None) if kind is list else None
    if kind is dict:
        return _object_check(schema, defs)
    if words or (kind is not int and (lowest is not None or highest is not None)):
        return _unsettled  # a keyword this kind of value does not take here
    if enum is not None:
        if longest is not None or not all(type(choice) in _SCALARS for choice in enum):
            return _unsettled
        return _one_of(frozenset((type(choice), choice) for choice in enum), kind)
    if kind is str:
        return _string_check(longest)
    if kind is int:
        return _integer_check(lowest, highest)
    if kind is list:
        return _array_check(_checker(items, defs), longest) if items is not None else _unsettled
    if kind is not None and longest is None:
        return _type_check(kind)
    return _unsettled


def _unsettled(value: Any) -> Any:
    return _UNSETTLED


def _first_of(choices: tuple[Check, ...]) -> Check:
    def check(value: Any) -> Any:
        for choice in choices:
            found = choice(value)
            if found is not _UNSETTLED:
                return found
        return _UNSETTLED
    return check


#: The types an enumeration's values have here (each hashable, compared with its type).
_SCALARS = (str, int, bool, type(None))


def _one_of(allowed: frozenset[tuple[type, Any]], kind: type | None) -> Check:
    def check(value: Any) -> Any:
        if type(value) in _SCALARS and (kind is None or type(value) is kind) and (type(value), value) in allowed:
            return value
        return _UNSETTLED
    return check


def _string_check(longest: int | None) -> Check:
    def check(value: Any) -> Any:
        return value if type(value) is str and (longest is None or len(value) <= longest) else _UNSETTLED
    return check


def _integer_check(lowest: int | None, highest: int | None) -> Check:
    def check(value: Any) -> Any:
        if type(value) is not int or (lowest is not None and value < lowest) or (highest is not None and value > highest):
            return _UNSETTLED
        return value
    return check


def _array_check(items: Check, longest: int | None) -> Check:
    def check(value: Any) -> Any:
        if type(value) is not list or (longest is not None and len(value) > longest):
            return _UNSETTLED
        found = [items(item) for item in value]
        return _UNSETTLED if any(item is _UNSETTLED for item in found) else found
    return check


def _type_check(kind: type) -> Check:
    def check(value: Any) -> Any:
        return value if type(value) is kind else _UNSETTLED
    return check


def _object_check(schema: Mapping[str, Any], defs: Mapping[str, Any]) -> Check:
    """The check of an object with ``properties``, none other (``additionalProperties`` false): each
    given property checked, each absent one its ``default`` (a fresh copy), a required one never absent."""
    properties: Mapping[str, Any] = schema.get("properties", {})
    if schema.get("additionalProperties") is not False:
        return _unsettled
    required = frozenset(schema.get("required", ()))
    if any(isinstance(rule.get("default"), list | dict) and rule["default"] for rule in properties.values()):
        return _unsettled  # only an empty list is a default made afresh here
    fields = tuple((name, _checker(rule, defs), "default" in rule and name not in required, rule.get("default"))
                   for name, rule in properties.items())
    names = frozenset(properties)
    def check(value: Any) -> Any:
        if type(value) is not dict or not names.issuperset(value):
            return _UNSETTLED
        found: dict[str, Any] = {}
        for name, field, defaulted, default in fields:
            if name in value:
                got = field(value[name])
                if got is _UNSETTLED:
                    return _UNSETTLED
                found[name] = got
            elif defaulted:
                found[name] = [] if type(default) is list else {} if type(default) is dict else default
            else:
                return _UNSETTLED
        return found
    return check
