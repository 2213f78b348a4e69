"""The build backend: setuptools, asking for mypyc only when the compiled build is wanted.

``pip install .`` builds the pure-Python package: a fresh clone serves in about a minute. The compiled
build, for bot authors and analysts who score millions of hands, is one flag away::

    MJSCORE_COMPILE=1 pip install .

and only then does the build environment need mypy (which brings mypyc) and pydantic (mypyc
type-checks the modules it compiles against the record's models): installing and running them costs
several minutes of CPU, which a player starting the web app should not wait for. Everything else is
setuptools' own backend (``setup.py`` says which modules are compiled).
"""

from __future__ import annotations

import os

from setuptools import build_meta
from setuptools.build_meta import *  # noqa: F403 (the backend's hooks, re-exported)

#: What the compiled build needs besides setuptools.
COMPILER_REQUIREMENTS = ["mypy>=2.4,<3", "pydantic>=2.14,<3"]


def compiling() -> bool:
    """Whether this build compiles the hot modules: ``MJSCORE_COMPILE`` set to anything but 0."""
    return os.environ.get("MJSCORE_COMPILE", "") not in ("", "0")


def get_requires_for_build_wheel(config_settings: dict[str, str | list[str]] | None = None) -> list[str]:
    """setuptools' requirements, and mypyc's where the build compiles."""
    found: list[str] = build_meta.get_requires_for_build_wheel(config_settings)
    return found + (COMPILER_REQUIREMENTS if compiling() else [])
