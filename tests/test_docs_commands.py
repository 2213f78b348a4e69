"""Every command printed in the README and docs/ runs, exactly as printed.

Each document's ``sh`` blocks are run line by line, in order, in a scratch folder holding a copy of
``examples/``, with its own table database: the commands of one document are one session, as a reader
typing them would have it. A ``text`` block shows a command after ``$ `` and what it prints below it:
that output must be printed, and the command must exit with a failure (such blocks show refusals).
``mjscore serve`` is started, asked for its page over loopback, and stopped. The quick start is run
as printed in a fresh copy of the repository (it installs the package from PyPI's dependencies).
"""

from __future__ import annotations

import os
import re
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
DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]
BIN = Path(sys.executable).parent

#: Commands a test cannot run as printed, and why each is still covered.
NOT_RUN = {
    ".ci/run": "the command that runs this very test",
}
#: The quick start's first command: run in a fresh copy of the repository by its own test.
QUICK_START = "python3 -m venv .venv && .venv/bin/pip install -q . && .venv/bin/mjscore serve"


@dataclass(frozen=True)
class Command:
    """A command printed in a document, with the output printed under it (``text`` blocks)."""

    document: str
    line: int
    text: str
    shows: str | None = None


def _strip_comment(line: str) -> str:
    """A command without its trailing ``# comment`` (two spaces or more before the ``#``)."""
    return re.split(r"\s{2,}#", line, maxsplit=1)[0].strip()


def commands(path: Path) -> list[Command]:
    """The commands of one document, in order."""
    found: list[Command] = []
    lines = path.read_text(encoding="utf-8").splitlines()
    name = str(path.relative_to(ROOT))
    number = 0
    while number < len(lines):
        fence = re.match(r"^\s*```(\w*)", lines[number])
        if not fence:
            number += 1
            continue
        language, start = fence.group(1), number + 1
        end = next(i for i in range(start, len(lines)) if lines[i].strip().startswith("```"))
        block = lines[start:end]
        if language == "sh":
            found += [Command(name, start + i + 1, _strip_comment(text)) for i, text in enumerate(block)
                      if text.strip() and not text.lstrip().startswith("#")]
        elif language == "text":
            for i, text in enumerate(block):
                if text.startswith("$ "):
                    shown = []
                    for after in block[i + 1:]:
                        if after.startswith("$ "):
                            break
                        shown.append(after)
                    found.append(Command(name, start + i + 1, text[2:].strip(), "\n".join(shown).strip()))
        number = end + 1
    return found


DOC_COMMANDS = {str(path.relative_to(ROOT)): commands(path) for path in DOCUMENTS}


def test_the_documents_print_commands() -> None:
    assert len(DOC_COMMANDS["README.md"]) >= 20
    assert any(c.text == QUICK_START for c in DOC_COMMANDS["README.md"])


def _port(command: str) -> int:
    words = shlex.split(command)
    return int(words[words.index("--port") + 1]) if "--port" in words else 8000


def _serve(command: str, folder: Path, environment: dict[str, str], timeout: float = 60) -> str:
    """Start a ``serve`` command, fetch its first page over loopback, stop it; the page's HTML."""
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


def _environment(folder: Path) -> dict[str, str]:
    environment = {key: value for key, value in os.environ.items() if not key.startswith("MJSCORE_")}
    environment["PATH"] = f"{BIN}{os.pathsep}{environment.get('PATH', '')}"
    environment["MJSCORE_DATABASE_URL"] = f"sqlite:///{folder / 'tables.db'}"
    environment["COLUMNS"] = "120"
    return environment


@pytest.mark.parametrize("document", [d for d, found in DOC_COMMANDS.items() if found])
def test_every_command_of_the_document_runs_as_printed(document: str, tmp_path: Path) -> None:
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    environment = _environment(tmp_path)
    for command in DOC_COMMANDS[document]:
        where = f"{command.document} line {command.line}: `{command.text}`"
        if command.text in NOT_RUN or command.text == QUICK_START:
            continue
        if command.text.startswith("mjscore serve") or " mjscore serve" in command.text:
            page = _serve(command.text, tmp_path, environment)
            assert "<html" in page.lower(), where
            continue
        done = subprocess.run(["bash", "-c", command.text], cwd=tmp_path, env=environment, capture_output=True,
                              text=True, timeout=300, stdin=subprocess.DEVNULL)
        if command.shows is None:
            assert done.returncode == 0, f"{where} exited {done.returncode}: {done.stderr or done.stdout}"
        else:
            assert done.returncode != 0, f"{where} was meant to be refused"
            assert (done.stdout + done.stderr).strip() == command.shows, where


def test_the_quick_start_installs_and_serves_from_a_fresh_copy(tmp_path: Path) -> None:
    """The README's first command, exactly as printed, in a copy of the repository's files (the ones
    git tracks, and the work in progress beside them): a new virtual environment, the package
    installed from PyPI's dependencies, the web app answering."""
    copy = tmp_path / "mjscore"
    tracked = subprocess.run(["git", "ls-files", "--cached", "--others", "--exclude-standard"], cwd=ROOT,
                             capture_output=True, text=True, check=True).stdout.splitlines()
    for name in tracked:
        if (ROOT / name).is_file():
            (copy / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(ROOT / name, copy / name)
    environment = _environment(tmp_path)
    environment["PATH"] = os.pathsep.join(p for p in environment["PATH"].split(os.pathsep) if Path(p) != BIN)
    assert "<html" in _serve(QUICK_START, copy, environment, timeout=540).lower()
