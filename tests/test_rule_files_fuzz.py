"""Fuzzing the readers of ruleset and house-rule files: random bytes, random text, random structures
and random changes to a real table. Each is read into a ruleset or refused with one RulesetError
line, never anything else."""

from __future__ import annotations

import json
import tomllib
from functools import partial
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import mjscore
from mjscore.scoring.house_rules import house_rules_schema
from mjscore.scoring.loading import ruleset_file_schema, ruleset_from_data
from mjscore.scoring.rulefiles import Source

ROOT = Path(__file__).resolve().parents[1]
LRC = tomllib.loads((ROOT / "src" / "mjscore" / "rulesets" / "lrc.toml").read_text(encoding="utf-8"))
LRC["ruleset"]["id"] = "club"
HAND = mjscore.Hand.from_dict({"seat": "S", "concealed": "123m 456m 789p 234s 67s 88p", "win_tile": "8s",
                               "win": "discard", "discarder": "E", "ready_declared": True, "discards": 3})
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _keys(schema: Any) -> set[str]:
    """Every property name in a JSON schema."""
    if isinstance(schema, dict):
        return set(schema.get("properties", {})) | {k for v in schema.values() for k in _keys(v)}
    if isinstance(schema, list):
        return {k for v in schema for k in _keys(v)}
    return set()


VOCABULARY = sorted(_keys(ruleset_file_schema()) | _keys(house_rules_schema())
                    | {"calling", "seabed", "good_eyes", "ranks", "count", "E", "N", "X", "lrc", "extends"})
keys = st.sampled_from(VOCABULARY) | st.text(max_size=8)
scalars = (st.booleans() | st.integers(-(10**20), 10**20) | st.floats(allow_nan=True, allow_infinity=True)
           | st.text(max_size=12) | st.sampled_from(["lrc", "regular", "eyes_of_rank", "collect", "dealer", "0.5"]))
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=4) | st.dictionaries(keys, inner, max_size=5),
                      max_leaves=25)
tables = st.dictionaries(keys, values, max_size=6)


def _toml_value(value: Any) -> str:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, int | float):
        return repr(value)  # inf and nan are TOML floats too
    if isinstance(value, str):
        return json.dumps(value)
    if isinstance(value, list):
        return "[" + ", ".join(_toml_value(v) for v in value) + "]"
    return "{ " + ", ".join(f"{json.dumps(k)} = {_toml_value(v)}" for k, v in value.items()) + " }"


def _toml(data: dict[str, Any]) -> str:
    """A TOML text of ``data`` (tables of tables as headers, lists of tables as [[arrays]])."""
    lines = [f"{json.dumps(k)} = {_toml_value(v)}" for k, v in data.items()
             if not isinstance(v, dict) and not (isinstance(v, list) and v and all(isinstance(i, dict) for i in v))]
    for key, value in data.items():
        if isinstance(value, dict):
            lines += [f"[{json.dumps(key)}]"] + [f"{json.dumps(k)} = {_toml_value(v)}" for k, v in value.items()]
        elif isinstance(value, list) and value and all(isinstance(i, dict) for i in value):
            for item in value:
                lines += [f"[[{json.dumps(key)}]]"] + [f"{json.dumps(k)} = {_toml_value(v)}" for k, v in item.items()]
    return "\n".join(lines) + "\n"


def _ruleset_or_refused(read: Any) -> mjscore.Ruleset | None:
    try:
        rules = read()
    except mjscore.RulesetError as error:
        assert str(error) and "\n" not in str(error)
        return None
    assert isinstance(rules, mjscore.Ruleset)
    return rules


@FUZZ
@given(st.binary(max_size=400), st.sampled_from(["club.toml", "house.toml", "house.json"]))
def test_random_bytes(tmp_path: Path, data: bytes, name: str) -> None:
    path = tmp_path / name
    path.write_bytes(data)
    read = (lambda: mjscore.load_ruleset_file(path)) if name == "club.toml" else (
        lambda: mjscore.resolve_ruleset("lrc", house_rules=path))
    _ruleset_or_refused(read)


@FUZZ
@given(st.text(max_size=300), st.sampled_from(["club.toml", "house.toml", "house.json"]))
def test_random_text(tmp_path: Path, text: str, name: str) -> None:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8", errors="surrogatepass")
    read = (lambda: mjscore.load_ruleset_file(path)) if name == "club.toml" else (
        lambda: mjscore.resolve_ruleset("hefen", house_rules=path))
    _ruleset_or_refused(read)


@FUZZ
@given(tables, tables)
def test_random_structures_as_toml_and_json_files(tmp_path: Path, header: dict[str, Any], rest: dict[str, Any]) -> None:
    club = {**rest, "ruleset": {"id": "club", "extends": "lrc", **header}}
    path = tmp_path / "club.toml"
    path.write_text(_toml(club), encoding="utf-8", errors="surrogatepass")
    _ruleset_or_refused(lambda: mjscore.load_ruleset_file(path))
    house = tmp_path / "house.json"
    house.write_text(json.dumps(rest), encoding="utf-8", errors="surrogatepass")
    _ruleset_or_refused(lambda: mjscore.resolve_ruleset("fourwinds", house_rules=house))


@FUZZ
@given(tables)
def test_random_house_rules_mappings(overrides: dict[str, Any]) -> None:
    for rules in (mjscore.get_ruleset("lrc"), mjscore.get_ruleset("mcr")):
        _ruleset_or_refused(partial(mjscore.apply_house_rules, rules, overrides))


@FUZZ
@given(st.sampled_from(["award", "table_payment", "ruleset"]), st.integers(0, 200), keys, values,
       st.booleans())
def test_random_changes_to_a_real_table(table: str, index: int, key: str, value: Any, extend: bool) -> None:
    data = json.loads(json.dumps(LRC))
    if table == "ruleset":
        data["ruleset"][key] = value
    else:
        rows = data[table]
        rows[index % len(rows)][key] = value
    if extend:
        data["ruleset"] = {"id": "club", "extends": "lrc", **({key: value} if table == "ruleset" else {})}
        data[table] = [data[table][index % len(data[table])]] if table != "ruleset" else []
    rules = _ruleset_or_refused(lambda: ruleset_from_data(data, Source("fuzz"), mjscore.get_ruleset("lrc") if extend else None))
    if rules is not None:  # what loads, scores (or refuses the hand in one line)
        try:
            mjscore.score(HAND, rules)
        except mjscore.MjscoreError as error:
            assert "\n" not in str(error)


def test_the_unchanged_table_loads() -> None:
    assert ruleset_from_data(LRC, Source("fuzz")).award("calling").points == 5


@pytest.mark.parametrize("text", ["[[award]]\n" * 3, "a = [" * 500, "x = 1" + "0" * 5000, '"\\ud800" = 1'])
def test_pathological_texts(tmp_path: Path, text: str) -> None:
    path = tmp_path / "club.toml"
    path.write_text(text, encoding="utf-8")
    with pytest.raises(mjscore.RulesetError):
        mjscore.load_ruleset_file(path)
