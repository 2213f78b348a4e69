"""Write src/mjscore/scoring/evaluators.py: the built-in rulesets' generated evaluators.

Run after changing a built-in ruleset's table, a fast form or the summary
(``tests/test_compiled.py`` says when the module is stale)::

    .venv/bin/python tools/generate_evaluators.py
"""

from __future__ import annotations

from pathlib import Path

from mjscore.rulesets import available, get_ruleset
from mjscore.scoring.compiled import prebuilt_module

TARGET = Path(__file__).resolve().parents[1] / "src" / "mjscore" / "scoring" / "evaluators.py"


def main() -> None:
    TARGET.write_text(prebuilt_module([get_ruleset(ruleset) for ruleset in available()]), encoding="utf-8")
    print(f"wrote {TARGET}")


if __name__ == "__main__":
    main()
