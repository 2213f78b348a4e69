"""The documented hand record: the schema file matches the model, and the example hands obey it."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema

import mjscore
from mjscore.hand import HandRecord

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
