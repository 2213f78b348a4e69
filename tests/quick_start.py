"""The README's three installs, run as printed in fresh copies of the repository, and the helpers that
run a printed command against a user's install.

The quick start (``python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/mjscore serve``) is
the install a user gets: no extras. Every command of the README and docs runs against it
(tests/test_docs_commands.py), not against the development venv, whose test extra would hide a
missing dependency; where a C compiler exists it has the native core. The install without a compiler
(``CC=/bin/false .venv/bin/pip install -v .``) is tests/test_native.py's, and the compiled build
(``MJSCORE_COMPILE=1 .venv/bin/pip install .``, for bot authors) the one tests/test_mypyc.py compares
with the pure one. Each is built once per test session, in the background from the end of collection
(tests/conftest.py), so that the suite's other tests run meanwhile on a machine of two cores.
"""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import sysconfig
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: The folder of this test environment's scripts (``mjscore``): on the PATH of the printed commands.
BIN = Path(sys.executable).parent
#: The quick start's first command, exactly as the README prints it.
QUICK_START = "python3 -m venv .venv && .venv/bin/pip install . && .venv/bin/mjscore serve"
#: The compiled build's install, exactly as the README prints it.
COMPILED_INSTALL = "python3 -m venv .venv && MJSCORE_COMPILE=1 .venv/bin/pip install ."
#: The install on a machine with no C compiler, exactly as the README prints it (pip shows the
#: build's own lines with -v).
NO_COMPILER_INSTALL = "python3 -m venv .venv && CC=/bin/false .venv/bin/pip install -v ."



def c_compiler() -> str | None:
    """The C compiler the build would use (the interpreter's own ``CC``), if it is installed."""
    configured = (sysconfig.get_config_var("CC") or "cc").split()
    return shutil.which(configured[0]) if configured else None

def _port(command: str) -> int:
    words = shlex.split(command)
    return int(words[words.index("--port") + 1]) if "--port" in words else 8000


def serve(command: str, folder: Path, environment: dict[str, str], timeout: float = 60) -> str:
    """Start a ``serve`` command, fetch its first page over loopback, stop it; the page's HTML. The page
    is asked for once the command has said it is serving: on a shared machine another program may
    listen on the port while a long command (the quick start's install) is still running."""
    port = _port(command)
    with socket.socket() as probe:
        if probe.connect_ex(("127.0.0.1", port)) == 0:
            pytest.fail(f"port {port} is taken: the printed `{command}` cannot be tried here")
    log = folder / f"serve-{port}.log"
    with log.open("w") as output:
        server = subprocess.Popen(["bash", "-c", command], cwd=folder, env=environment, stdout=output,
                                  stderr=subprocess.STDOUT, start_new_session=True)
    try:
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            if server.poll() is not None:
                pytest.fail(f"`{command}` stopped with status {server.returncode}: {log.read_text()}")
            if "mjscore is serving on" not in log.read_text(errors="replace"):
                time.sleep(0.2)
                continue
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/", timeout=2) as answer:
                    return str(answer.read().decode("utf-8"))
            except OSError:
                time.sleep(0.2)
        pytest.fail(f"`{command}` did not answer on port {port} within {timeout} s")
    finally:  # the whole session: a `&&` chain runs the server as a child of bash
        os.killpg(server.pid, signal.SIGTERM)
        try:
            server.wait(10)
        except subprocess.TimeoutExpired:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()


def environment(folder: Path, scripts: Path = BIN) -> dict[str, str]:
    """The environment a printed command runs in: the ``mjscore`` of ``scripts`` (a user's install's
    ``bin``) on the PATH instead of this test environment's, the tables and the ledger's key in ``folder``,
    no other ``MJSCORE_`` setting of the developer's, a terminal 80 columns wide."""
    found = {key: value for key, value in os.environ.items() if not key.startswith(("MJSCORE_", "VIRTUAL_ENV"))}
    path = [p for p in found.get("PATH", "").split(os.pathsep) if p and Path(p) != BIN]
    found["PATH"] = os.pathsep.join([str(scripts), *path])
    found["MJSCORE_DATABASE_URL"] = f"sqlite:///{folder / 'tables.db'}"
    found["MJSCORE_LEDGER_KEY"] = str(folder / "ledger.key")
    found["COLUMNS"] = "80"
    return found


@dataclass(frozen=True)
class Install:
    """A user's install: the fresh copy of the repository it was made in, with its ``.venv``, and the
    first page its server answered (the quick start's; empty for an install that serves nothing)."""

    copy: Path
    page: str = ""

    @property
    def scripts(self) -> Path:
        """The folder of the install's commands (``mjscore``, ``python``)."""
        return self.copy / ".venv" / "bin"

    @property
    def python(self) -> Path:
        """The interpreter of the virtual environment mjscore was installed into."""
        return self.scripts / "python"


def _fresh_copy(folder: Path) -> Path:
    """A copy of the repository's files (the ones git tracks, and the work in progress beside them)."""
    copy = folder / "mjscore"
    tracked = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout.splitlines()
    for name in tracked:
        if (ROOT / name).is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, copy / name)
    return copy


def run_quick_start(folder: Path) -> Install:
    """The README's first command, exactly as printed, in a fresh copy in ``folder``: a new virtual
    environment, the package installed from PyPI's dependencies, the web app answering."""
    copy = _fresh_copy(folder)
    return Install(copy, serve(QUICK_START, copy, environment(folder, scripts=copy / ".venv" / "bin"), timeout=540))


def run_compiled_install(folder: Path) -> Install:
    """The README's compiled install, exactly as printed, in a fresh copy in ``folder``."""
    return _run_install(COMPILED_INSTALL, folder)


def run_no_compiler_install(folder: Path) -> Install:
    """The README's install without a C compiler, exactly as printed, in a fresh copy in ``folder``;
    its log is ``folder / "install.log"``."""
    return _run_install(NO_COMPILER_INSTALL, folder)


def _run_install(command: str, folder: Path) -> Install:
    copy = _fresh_copy(folder)
    log = folder / "install.log"
    with log.open("w") as output:
        done = subprocess.run(["bash", "-c", command], cwd=copy, env=environment(folder, scripts=copy / ".venv" / "bin"),
                              stdout=output, stderr=subprocess.STDOUT, timeout=1800, check=False)
    if done.returncode != 0:
        pytest.fail(f"`{command}` exited {done.returncode}: {log.read_text()[-3000:]}")
    return Install(copy)
