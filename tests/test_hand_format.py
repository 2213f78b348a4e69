"""The documented hand record: the schema file matches the model, the example hands obey it, and
the schema read without the model (``mjscore.schema.conforming``) settles only what the model takes."""

from __future__ import annotations

import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import jsonschema
from hypothesis import given, settings
from hypothesis import strategies as st
from pydantic import ValidationError

import mjscore
from mjscore.record import HandRecord
from mjscore.record_schema import SCHEMA as RECORD_SCHEMA
from mjscore.sampling import random_winning_hand
from mjscore.schema import conforming

ROOT = Path(__file__).resolve().parents[1]


def test_the_schema_file_is_the_models_schema() -> None:
    on_disk = json.loads((ROOT / "docs" / "hand-record.schema.json").read_text(encoding="utf-8"))
    assert on_disk == HandRecord.model_json_schema(), "regenerate docs/hand-record.schema.json from HandRecord"


def test_the_example_hand_is_valid_and_scores() -> None:
    schema = json.loads((ROOT / "docs" / "hand-record.schema.json").read_text(encoding="utf-8"))
    example = json.loads((ROOT / "examples" / "hand.json").read_text(encoding="utf-8"))
    jsonschema.validate(example, schema)
    assert mjscore.score(mjscore.Hand.from_dict(example)).total > 0


def test_every_documented_field_is_in_the_schema() -> None:
    doc = (ROOT / "docs" / "hand-format.md").read_text(encoding="utf-8")
    for field in HandRecord.model_fields:
        assert f"| `{field}` |" in doc, f"docs/hand-format.md does not describe {field}"


# ---------------------------------------------------------------------------------------------
# The schema read without the model (mjscore.schema.conforming): never looser, the same values.

_SEATS = st.sampled_from(["E", "S", "W", "N"])
#: Values of the wrong kind for any field: JSON's other types, bounds' neighbours, look-alikes.
_ODD = st.one_of(st.none(), st.booleans(), st.integers(-3, 140), st.floats(-200, 200, allow_nan=False),
                 st.sampled_from(["", "E", "x" * 9, "x" * 41, "x" * 201, "discard", "flower", "1m", "0", "false", "E "]),
                 st.lists(st.sampled_from(["1m", "2f", "x" * 9, 1]), max_size=3), st.just({"kind": "pung"}),
                 st.lists(st.just("1m"), min_size=41, max_size=41))
_TILES = st.one_of(st.sampled_from(["123m 456p", "", "CCC", "11s", "1f 2f"]),
                   st.lists(st.sampled_from(["1m", "9p", "C", "3f"]), max_size=5))


_MELD = st.fixed_dictionaries({"kind": st.sampled_from(["chow", "pung", "kong"]), "tiles": _TILES},
                               optional={"concealed": st.booleans(), "added": st.booleans()})

#: Each field's values, the largest and smallest the schema allows among them (its bounds passed
#: are among the odd values).
_FIELDS: dict[str, st.SearchStrategy[Any]] = {
    "ruleset": st.sampled_from(["lrc", "mcr", "x" * 40]),
    "seat": _SEATS, "round": _SEATS, "concealed": _TILES,
    "melds": st.one_of(st.lists(_MELD, max_size=4), st.lists(st.just({"kind": "pung", "tiles": "CCC"}), min_size=8,
                                                            max_size=8)),
    "flowers": _TILES, "win_tile": st.sampled_from(["8s", None, "x" * 8]),
    "discarder": st.one_of(_SEATS, st.none()),
    "replacement": st.sampled_from([False, "flower", "gong", "double_gong"]),
    "last_tile": st.booleans(), "discards": st.one_of(st.none(), st.integers(0, 136)),
    "declared_tiles": st.one_of(st.none(), st.integers(0, 80)), "dealer_streak": st.integers(0, 99),
    "ready_declared": st.booleans(), "ready_on": st.sampled_from(["deal", "first_discard", None]),
    "heavenly": st.booleans(), "earthly": st.booleans(), "last_of_kind": st.booleans(),
}
_GOOD = st.fixed_dictionaries({"win": st.sampled_from(["self_draw", "discard", "robbing_gong", "flowers"])},
                              optional=_FIELDS)

#: Odd values of the melds themselves: a meld with an odd value in one of its fields, or a key of its own.
_ODD_MELDS = st.builds(lambda meld, name, value: [{**meld, name: value}], _MELD,
                       st.sampled_from(["kind", "tiles", "concealed", "added", "extra"]), _ODD)


def _spoiled(record: dict[str, Any], spoil: tuple[str, Any] | None) -> dict[str, Any]:
    """``record`` with one field given an odd value, or one taken away (``win`` is required), or as it is."""
    if spoil is None:
        return record
    name, value = spoil
    if value is _ABSENT:
        return {key: given for key, given in record.items() if key != name}
    return {**record, name: value}


_ABSENT = object()
_RECORDS = st.builds(_spoiled, _GOOD, st.one_of(
    st.none(),
    st.tuples(st.sampled_from([*_FIELDS, "win", "unknown"]), _ODD),
    st.tuples(st.just("melds"), _ODD_MELDS),
    st.tuples(st.just("win"), st.just(_ABSENT))))


@settings(max_examples=3000, deadline=None)
@given(_RECORDS)
def test_what_the_schema_settles_the_model_reads_the_same(record: dict[str, Any]) -> None:
    """A record the schema alone settles is one the model takes, with the same value in every field
    (types compared too: ``true`` is not ``1``); one the model refuses, the schema never settles."""
    settled = conforming(record, RECORD_SCHEMA)
    try:
        read = HandRecord.model_validate(record).model_dump()
    except ValidationError:
        assert settled is None
        return
    if settled is not None:
        assert json.dumps(settled, sort_keys=True) == json.dumps(read, sort_keys=True)


def test_well_formed_records_are_settled_without_the_model() -> None:
    """The records programs write (the documented example, a Hand's own record) are settled by the
    schema alone, with the model's values; so reading them builds no model."""
    records = [json.loads((ROOT / "examples" / "hand.json").read_text(encoding="utf-8")),
               {"concealed": "123m 456m 789p 234s 777s 9p", "win_tile": "9p", "win": "self_draw"}]
    records += [random_winning_hand(random.Random(n), ruleset=ruleset).to_dict()
                for n, ruleset in enumerate(["lrc", "mcr", "hefen", "fourwinds", "taiwan"] * 20)]
    for record in records:
        assert conforming(record, RECORD_SCHEMA) == HandRecord.model_validate(record).model_dump()


def test_the_schema_module_is_the_models_schema() -> None:
    assert RECORD_SCHEMA == HandRecord.model_json_schema(), "regenerate it: python tools/write_schemas.py"


def test_a_keyword_the_checker_does_not_read_settles_nothing() -> None:
    """A schema saying more than the checker reads (a pattern, a minimum length) leaves every record to
    the model, rather than settling one the model might refuse."""
    for extra in ({"pattern": "^[ESWN]$"}, {"minLength": 1}, {"format": "date"}):
        schema = {**RECORD_SCHEMA, "properties": {**RECORD_SCHEMA["properties"],
                                                  "seat": {**RECORD_SCHEMA["properties"]["seat"], **extra}}}
        assert conforming({"win": "self_draw", "seat": "S"}, schema) is None
    assert conforming({"win": "self_draw"}, RECORD_SCHEMA) is not None


def test_reading_a_well_formed_record_and_scoring_it_imports_no_pydantic(tmp_path: Path) -> None:
    """``Hand.from_dict``, the score and its sheet, with the ruleset kept by a run before: pydantic
    (the record's models, the rule files' models) is not imported (issue 13: start-up)."""
    run = ("import json, sys\nimport mjscore\nfrom mjscore.scoring.sheet import sheet\n"
           "hand = mjscore.Hand.from_dict(json.loads(sys.argv[1]))\nsheet(mjscore.score(hand))\n"
           "print(sorted(name for name in sys.modules if name.split('.')[0] in ('pydantic', 'pydantic_core')))\n")
    record = (ROOT / "examples" / "hand.json").read_text(encoding="utf-8")
    environment = {**os.environ, "XDG_CACHE_HOME": str(tmp_path / "cache")}
    found = [subprocess.run([sys.executable, "-c", run, record], capture_output=True, text=True, check=True,
                            env=environment).stdout.strip() for _ in range(2)]
    assert found[0] != "[]"  # the first run loaded the TOML (a miss): its models came in then
    assert found[1] == "[]"
