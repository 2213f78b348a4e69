"""Build hook: compile the hot modules with mypyc, as black and mypy ship, when asked to.

``MJSCORE_COMPILE=1 pip install .`` compiles :data:`COMPILED` into C extensions (build_backend.py then
brings mypyc into the build environment; a C compiler must be present, else the same modules are
installed as pure Python). A plain ``pip install .`` is pure Python: it installs in about a minute,
where compiling takes five to six minutes of CPU (benchmarks/README.md has the figures of both). An
editable install (``pip install -e .``) is always pure, so that the source in the working tree is what
runs. Everything else about the package is in ``pyproject.toml``.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

#: The modules compiled when the build can: the arrangement and wait search, the tile values it runs
#: on, the facts the patterns read and the pattern library, the built-in rulesets' generated
#: evaluators (scoring/evaluators.py, tools/generate_evaluators.py) with the summary, fast forms and
#: totaller they use, the engine, payments and the ruleset's checks of a hand (contexts), and the
#: analysis's shanten search (block tables, irregular distances, the discard table). (An evaluator
#: generated at run time, for a house rule or a club's ruleset file, stays interpreted.)
COMPILED = [
    "src/mjscore/arrangements.py",
    "src/mjscore/tiles.py",
    "src/mjscore/scoring/patterns.py",
    "src/mjscore/scoring/patterns_mcr.py",
    "src/mjscore/scoring/facts.py",
    "src/mjscore/scoring/fast_forms.py",
    "src/mjscore/scoring/summary.py",
    "src/mjscore/scoring/evaluators.py",
    "src/mjscore/scoring/totals.py",
    "src/mjscore/scoring/engine.py",
    "src/mjscore/scoring/payments.py",
    "src/mjscore/scoring/contexts.py",
    "src/mjscore/analysis.py",
]


class OptionalBuildExt(build_ext):
    """Builds the compiled modules, and leaves the pure modules in place where it cannot."""

    def run(self) -> None:
        if self.inplace:  # an editable install: the working tree's source must be what runs
            return
        try:
            super().run()
        except Exception as error:  # no compiler, no headers: the pure modules serve
            # The compiled modules share one library: all of them or none.
            for ext in self.extensions:
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
            print(f"mjscore: not compiled ({error}); the pure-Python modules are installed", file=sys.stderr)


def _extensions() -> list[Any]:
    if os.environ.get("MJSCORE_COMPILE", "") in ("", "0"):
        return []
    try:
        from mypyc.build import mypycify

        return list(mypycify(COMPILED, opt_level="3"))
    except (ImportError, SystemExit, Exception) as error:  # no mypyc, or code it cannot compile: pure
        print(f"mjscore: not compiled ({error!r}); the pure-Python modules are installed", file=sys.stderr)
        return []


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
