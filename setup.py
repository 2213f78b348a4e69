"""Build hook: the native core (``src/mjscore/_native.c``, a CPython extension in plain C) where a C
compiler exists, and mypyc's compiled modules when asked to.

``pip install .`` compiles the native core (a few seconds of CPU); where there is no C compiler or no
Python headers, it says so in one line and installs pure Python, which gives the same answers
(``mjscore --version`` says which core runs). An editable install (``pip install -e .``) builds the
native core in place beside its source. ``MJSCORE_COMPILE=1 pip install .`` also compiles
:data:`COMPILED` with mypyc (build_backend.py then brings mypyc into the build environment), as
before the native core; benchmarks/README.md has the figures of each build. Everything else about the
package is in ``pyproject.toml``.
"""

from __future__ import annotations

import os
import sys
import time
from pathlib import Path
from typing import Any

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

#: The native core.
NATIVE = Extension("mjscore._native", ["src/mjscore/_native.c"], depends=["src/mjscore/_native_programs.h"])

#: The modules mypyc compiles with ``MJSCORE_COMPILE=1``: the arrangement and wait search, the tile
#: values it runs on, the facts the patterns read and the pattern library, the built-in rulesets'
#: generated evaluators (scoring/evaluators.py, tools/generate_evaluators.py) with the summary, fast
#: forms and totaller they use, the engine, payments and the ruleset's checks of a hand (contexts),
#: and the analysis's shanten search. (An evaluator generated at run time, for a house rule or a
#: club's ruleset file, stays interpreted.)
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


def _say(message: str) -> None:
    """One line on the build's standard error (pip shows it with ``-v``)."""
    print(f"mjscore: {message}", file=sys.stderr, flush=True)


class OptionalBuildExt(build_ext):
    """Builds the native core (and mypyc's modules, when asked), and installs pure Python where it
    cannot: an install never fails for want of a compiler."""

    def run(self) -> None:
        start = time.perf_counter()
        if self.inplace:  # an editable install: mypyc's modules would shadow the working tree's source
            self.extensions = [ext for ext in self.extensions if ext.name == NATIVE.name]
        try:
            super().run()
        except Exception as error:  # no compiler, no headers: the pure modules serve
            for ext in self.extensions:
                Path(self.get_ext_fullpath(ext.name)).unlink(missing_ok=True)
            _say(f"no native core ({self._why(error)}): installing pure Python, the same answers, slower")
            return
        built = ", ".join(ext.name for ext in self.extensions)
        _say(f"built the native core ({built}) in {time.perf_counter() - start:.1f} s")


    def _why(self, error: BaseException) -> str:
        """Why the build failed, short: the compiler that failed, else the error's first line."""
        command = getattr(getattr(self, "compiler", None), "compiler_so", None)
        if isinstance(command, list) and command and type(error).__name__ in ("CompileError", "DistutilsExecError",
                                                                            "CCompilerError", "LinkError"):
            return f"the C compiler {command[0]} failed"
        text = str(error).strip().splitlines()
        return text[0][:200] if text else type(error).__name__


def _extensions() -> list[Any]:
    found: list[Any] = [NATIVE]
    if os.environ.get("MJSCORE_COMPILE", "") in ("", "0"):
        return found
    try:
        from mypyc.build import mypycify

        return found + list(mypycify(COMPILED, opt_level="3"))
    except (ImportError, SystemExit, Exception) as error:  # no mypyc, or code it cannot compile: pure
        _say(f"not compiled with mypyc ({error!r}); the pure-Python modules are installed")
        return found


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
