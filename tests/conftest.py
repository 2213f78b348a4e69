"""Session fixtures: the README's three installs, each made once, in the background.

The quick start's ``pip install .`` is the install a user gets (pure Python, no extras); the compiled
build (``MJSCORE_COMPILE=1``) is the one bot authors get. Each takes a fresh copy of the repository and
a new virtual environment; the compiled one takes minutes of CPU. Both are started when collection
ends, if a collected test asks for them, in threads that wait on their subprocesses, so that the rest
of the suite runs on the machine's other core meanwhile; the fixture waits for its install.
"""

from __future__ import annotations

import os
import shutil
import tempfile
import threading
from collections.abc import Callable
from pathlib import Path

import pytest
from quick_start import Install, c_compiler, run_compiled_install, run_no_compiler_install, run_quick_start


class _Background:
    """One install made in a thread; ``result()`` waits for it and raises what it raised."""

    def __init__(self, make: Callable[[Path], Install], folder: Path) -> None:
        self.folder = folder
        self._value: Install | None = None
        self._error: BaseException | None = None
        self._thread = threading.Thread(target=self._run, args=(make, folder), daemon=True)
        self._thread.start()

    def _run(self, make: Callable[[Path], Install], folder: Path) -> None:
        try:
            self._value = make(folder)
        except BaseException as error:  # pytest.fail raises a BaseException: carried to the fixture
            self._error = error

    def result(self) -> Install:
        self._thread.join()
        if self._error is not None:
            raise self._error
        assert self._value is not None
        return self._value


_INSTALLS: dict[str, _Background] = {}
_MAKERS: dict[str, Callable[[Path], Install]] = {"quick_start": run_quick_start, "compiled_install": run_compiled_install,
                                                  "no_compiler_install": run_no_compiler_install}


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    """Start the installs that the collected tests ask for (the compiled one only where it can be built)."""
    wanted = {name for item in items for name in getattr(item, "fixturenames", ()) if name in _MAKERS}
    if c_compiler() is None:
        wanted.discard("compiled_install")
    for name in sorted(wanted):
        folder = Path(tempfile.mkdtemp(prefix=f"mjscore-{name.replace('_', '-')}-"))
        _INSTALLS[name] = _Background(_MAKERS[name], folder)


def pytest_sessionfinish(session: pytest.Session, exitstatus: int) -> None:
    """The installs' folders (a virtual environment each) go with the session."""
    for install in _INSTALLS.values():
        shutil.rmtree(install.folder, ignore_errors=True)


def _install(name: str) -> Install:
    if name not in _INSTALLS:  # asked for by a test collected some other way
        _INSTALLS[name] = _Background(_MAKERS[name], Path(tempfile.mkdtemp(prefix=f"mjscore-{name}-")))
    return _INSTALLS[name].result()


@pytest.fixture(scope="session")
def quick_start() -> Install:
    """The README's quick start, run as printed in a fresh copy of the repository."""
    return _install("quick_start")


@pytest.fixture(scope="session")
def compiled_install() -> Install:
    """The README's compiled install. Without a C compiler there is none: CI has one (gcc), so there
    the tests fail; elsewhere they are skipped, saying why."""
    if c_compiler() is None:
        if os.environ.get("CI"):
            pytest.fail("CI must build the compiled modules, and there is no C compiler: install gcc")
        pytest.skip("no C compiler: MJSCORE_COMPILE=1 pip install . would install the pure-Python modules")
    return _install("compiled_install")


@pytest.fixture(scope="session")
def no_compiler_install() -> Install:
    """The README's install on a machine with no C compiler (``CC=/bin/false``): pure Python."""
    return _install("no_compiler_install")


@pytest.fixture(autouse=True)
def ledger_key(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> str:
    """Each test's own ledger key file (mjscore.scorekeeper.signing), created on first use, never the
    user's: ``MJSCORE_LEDGER_KEY`` names it, for the test and the commands it runs."""
    path = str(tmp_path_factory.mktemp("ledger-key") / "ledger.key")
    monkeypatch.setenv("MJSCORE_LEDGER_KEY", path)
    return path
