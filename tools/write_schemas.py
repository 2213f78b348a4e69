"""Write the published JSON Schemas of rule files from their models (tests/test_ruleset_files.py
checks that the committed files are these): ``python tools/write_schemas.py``."""

from __future__ import annotations

import json
from pathlib import Path

from mjscore.scoring.house_rules import house_rules_schema
from mjscore.scoring.loading import ruleset_file_schema

DOCS = Path(__file__).resolve().parents[1] / "docs"

for name, schema in (("ruleset.schema.json", ruleset_file_schema()), ("house-rules.schema.json", house_rules_schema())):
    (DOCS / name).write_text(json.dumps(schema, indent=2, ensure_ascii=False) + "\n", encoding="utf-8")
