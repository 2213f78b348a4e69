"""Session fixtures: the README's quick start, run once, and the compiled build it installed.

The quick start's ``pip install .`` is the build a user gets: compiled with mypyc where there is a C
compiler (setup.py), pure Python otherwise. The README's test and the compiled-build tests share it
(tests/quick_start.py), so the suite builds the package once.
"""

from __future__ import annotations

import os
import shutil
import sysconfig

import pytest
from quick_start import QuickStart, run_quick_start


@pytest.fixture(scope="session")
def quick_start(tmp_path_factory: pytest.TempPathFactory) -> QuickStart:
    """The README's quick start, run as printed in a fresh copy of the repository."""
    return run_quick_start(tmp_path_factory.mktemp("quick-start"))


def c_compiler() -> str | None:
    """The C compiler the build would use (the interpreter's own ``CC``), if it is installed."""
    configured = (sysconfig.get_config_var("CC") or "cc").split()
    return shutil.which(configured[0]) if configured else None


@pytest.fixture(scope="session")
def compiled_install(request: pytest.FixtureRequest) -> QuickStart:
    """The quick start's install, where it can have been compiled. Without a C compiler the build
    installs the pure modules: CI has one (gcc), so there the tests fail; elsewhere they are skipped,
    saying why (before the quick start is run for them)."""
    if c_compiler() is None:
        if os.environ.get("CI"):
            pytest.fail("CI must build the compiled modules, and there is no C compiler: install gcc")
        pytest.skip("no C compiler: pip install . installs the pure-Python modules, so there is no compiled build to test")
    found: QuickStart = request.getfixturevalue("quick_start")
    return found


@pytest.fixture(autouse=True)
def ledger_key(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each test's own ledger key file (mjscore.scorekeeper.signing), created on first use, never the
    user's: ``MJSCORE_LEDGER_KEY`` names it, for the test and the commands it runs."""
    path = str(tmp_path_factory.mktemp("ledger-key") / "ledger.key")
    monkeypatch.setenv("MJSCORE_LEDGER_KEY", path)
    return path
