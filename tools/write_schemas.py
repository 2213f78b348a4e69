"""Write the JSON Schemas generated from the models: the published rule files' and hand record's in
docs/, and the hand record's as the Python value ``mjscore.record_schema`` (what
``Hand.from_dict`` checks a record against before it builds a model). The tests check that the
committed files are these (tests/test_ruleset_files.py, tests/test_hand_format.py):
``python tools/write_schemas.py``."""

from __future__ import annotations

import json
import pprint
from pathlib import Path
from typing import Any

from mjscore.record import HandRecord
from mjscore.scoring.house_rules import house_rules_schema
from mjscore.scoring.loading import ruleset_file_schema

ROOT = Path(__file__).resolve().parents[1]

RECORD_MODULE = '''"""The hand record's JSON Schema (``docs/hand-record.schema.json``) as a Python value, which
:meth:`mjscore.hand.Hand.from_dict` checks a record against without importing pydantic
(:func:`mjscore.schema.conforming`). Generated from :class:`mjscore.record.HandRecord` by
``python tools/write_schemas.py``: do not edit it (tests/test_hand_format.py says when it is stale)."""

from typing import Any, Final

SCHEMA: Final[dict[str, Any]] = {schema}
'''


def record_module(schema: dict[str, Any]) -> str:
    """The source of ``mjscore.record_schema`` holding ``schema``."""
    return RECORD_MODULE.format(schema=pprint.pformat(schema, width=110, sort_dicts=False))


def main() -> None:
    for name, schema in (("ruleset.schema.json", ruleset_file_schema()), ("house-rules.schema.json", house_rules_schema()),
                         ("hand-record.schema.json", HandRecord.model_json_schema())):
        (ROOT / "docs" / name).write_text(json.dumps(schema, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
    (ROOT / "src" / "mjscore" / "record_schema.py").write_text(record_module(HandRecord.model_json_schema()),
                                                               encoding="utf-8")


if __name__ == "__main__":
    main()
