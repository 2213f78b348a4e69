"""Write src/mjscore/scoring/evaluators.py and src/mjscore/_native_programs.h: the built-in rulesets'
generated evaluators, in Python and, for the native core, in C.

Run after changing a built-in ruleset's table, a preset, a fast form or the summary
(``tests/test_compiled.py`` and ``tests/test_native.py`` say when a file is stale), then rebuild the
native core (``pip install -e .``)::

    .venv/bin/python tools/generate_evaluators.py
"""

from __future__ import annotations

from pathlib import Path

from mjscore.rulesets import available, get_ruleset
from mjscore.scoring.compiled import prebuilt_module
from mjscore.scoring.native_program import shipped_programs_header

TARGET = Path(__file__).resolve().parents[1] / "src" / "mjscore" / "scoring" / "evaluators.py"
NATIVE_TARGET = Path(__file__).resolve().parents[1] / "src" / "mjscore" / "_native_programs.h"


def main() -> None:
    TARGET.write_text(prebuilt_module([get_ruleset(ruleset) for ruleset in available()]), encoding="utf-8")
    print(f"wrote {TARGET}")
    NATIVE_TARGET.write_text(shipped_programs_header(), encoding="utf-8")
    print(f"wrote {NATIVE_TARGET}")


if __name__ == "__main__":
    main()
