"""Build hook: compile the hot modules with mypyc, as black and mypy ship, where the build can.

``pip install .`` compiles :data:`COMPILED` into C extensions when mypyc (a build requirement) and a C
compiler are present; the same modules run as pure Python otherwise. ``MJSCORE_PURE_PYTHON=1`` forces
a pure-Python build. An editable install (``pip install -e .``) is always pure, so that the source in
the working tree is what runs. Everything else about the package is in ``pyproject.toml``.
"""

from __future__ import annotations

import os
import sys
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

#: The modules compiled when the build can: the arrangement and wait search and the tile values
#: it runs on. Each is mypy --strict clean and imports only what mypyc can compile or call.
COMPILED = ["src/mjscore/arrangements.py", "src/mjscore/tiles.py"]


class OptionalBuildExt(build_ext):
    """Builds the compiled modules, and leaves the pure modules in place where it cannot."""

    def run(self) -> None:
        if self.inplace:  # an editable install: the working tree's source must be what runs
            return
        try:
            super().run()
        except Exception as error:  # no compiler, no headers: the pure modules serve
            print(f"mjscore: not compiled ({error}); the pure-Python modules are installed", file=sys.stderr)

    def build_extension(self, ext: Any) -> None:
        try:
            super().build_extension(ext)
        except Exception as error:
            print(f"mjscore: {ext.name} not compiled ({error}); its pure-Python module is installed", file=sys.stderr)


def _extensions() -> list[Any]:
    if os.environ.get("MJSCORE_PURE_PYTHON", "") not in ("", "0"):
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        return []
    return mypycify(COMPILED, opt_level="3")


setup(ext_modules=_extensions(), cmdclass={"build_ext": OptionalBuildExt})
