"""Which core runs: the native one (:mod:`mjscore._native`, C, built at install where a C compiler
exists) or pure Python.

``pip install .`` compiles ``src/mjscore/_native.c`` where it can (``setup.py``); where it cannot, the
install is pure Python and the same answers come from the Python modules, which stay the reference
the native core is tested against (``tests/test_native.py``). Setting ``MJSCORE_CORE=python`` in the
environment runs pure Python on an install that has the native core (a second opinion, or a
comparison). :data:`CORE` says which runs; ``mjscore --version`` prints it.
"""

from __future__ import annotations

import importlib.util
import os
from types import ModuleType
from typing import Final


def _mypyc_build() -> bool:
    """Whether the Python modules are compiled with mypyc (``MJSCORE_COMPILE=1``): the native core
    makes the arrangements' and scores' objects from their classes, which mypyc makes native classes
    of, so it is not used with them."""
    spec = importlib.util.find_spec("mjscore.arrangements")
    return spec is not None and spec.origin is not None and spec.origin.endswith((".so", ".pyd"))


def _load() -> tuple[ModuleType | None, str]:
    if os.environ.get("MJSCORE_CORE", "") == "python":
        return None, "pure-Python core (MJSCORE_CORE=python)"
    if _mypyc_build():
        return None, "Python core compiled with mypyc (MJSCORE_COMPILE build; the native core is not used with it)"
    try:
        from mjscore import _native
    except ImportError:
        return None, "pure-Python core (no native core was built at install: no C compiler)"
    return _native, "native core (C)"


_LOADED = _load()
#: The native extension module, or None where pure Python runs.
NATIVE: Final[ModuleType | None] = _LOADED[0]
#: Which core runs, in words, with the reason where it is pure Python (``mjscore --version``).
CORE_DETAIL: Final[str] = _LOADED[1]
#: "native" or "python".
CORE: Final = "native" if NATIVE is not None else "python"
