"""The README's quick start, run as printed in a fresh copy of the repository, and the helpers that
run a printed ``mjscore serve`` command.

The quick start (``python3 -m venv .venv && .venv/bin/pip install -q . && .venv/bin/mjscore serve``)
is run once per test session, by the ``quick_start`` fixture of ``tests/conftest.py``: it is the
README's test (tests/test_docs_commands.py), and its ``pip install .`` is the build a user gets, the
compiled one where there is a C compiler, which tests/test_mypyc.py runs the golden cases and random
hands on. One build serves both.
"""

from __future__ import annotations

import os
import shlex
import shutil
import signal
import socket
import subprocess
import sys
import time
import urllib.request
from dataclasses import dataclass
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
#: The folder of this test environment's scripts (``mjscore``): on the PATH of the printed commands.
BIN = Path(sys.executable).parent
#: The quick start's first command, exactly as the README prints it.
QUICK_START = "python3 -m venv .venv && .venv/bin/pip install -q . && .venv/bin/mjscore serve"


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


def environment(folder: Path) -> dict[str, str]:
    """The environment a printed command runs in: this test environment's ``mjscore`` on the PATH,
    the tables in ``folder``, no ``MJSCORE_`` setting of the developer's, a fixed width."""
    found = {key: value for key, value in os.environ.items() if not key.startswith("MJSCORE_")}
    found["PATH"] = f"{BIN}{os.pathsep}{found.get('PATH', '')}"
    found["MJSCORE_DATABASE_URL"] = f"sqlite:///{folder / 'tables.db'}"
    found["COLUMNS"] = "120"
    return found


@dataclass(frozen=True)
class QuickStart:
    """What the quick start left: the fresh copy it ran in, and the first page its server answered."""

    copy: Path
    page: str

    @property
    def python(self) -> Path:
        """The interpreter of the virtual environment the quick start installed mjscore into."""
        return self.copy / ".venv" / "bin" / "python"


def run_quick_start(folder: Path) -> QuickStart:
    """The README's first command, exactly as printed, in a copy of the repository's files (the ones
    git tracks, and the work in progress beside them) in ``folder``: a new virtual environment, the
    package installed from PyPI's dependencies, the web app answering."""
    copy = folder / "mjscore"
    tracked = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout.splitlines()
    for name in tracked:
        if (ROOT / name).is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, copy / name)
    found = environment(folder)
    found["PATH"] = os.pathsep.join(p for p in found["PATH"].split(os.pathsep) if Path(p) != BIN)
    return QuickStart(copy, serve(QUICK_START, copy, found, timeout=540))
