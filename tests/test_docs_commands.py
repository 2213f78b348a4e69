"""Every command and code example printed in the README and docs/ runs, exactly as printed, on the
install a user gets.

The quick start is run as printed in a fresh copy of the repository, once per session
(tests/quick_start.py): a new virtual environment, ``pip install .`` with no extras. Every other
command runs with that install's ``mjscore`` first on the PATH, in a terminal 80 columns wide, and
every ``>>>`` example runs in that install's interpreter: a module the package imports without
declaring it fails here, though the development venv's test extra would bring it.

Each document's ``sh`` blocks are run line by line, in order, in a scratch folder holding a copy of
``examples/``, with its own table database: the commands of one document are one session, as a reader
typing them would have it. A ``text`` block shows a command after ``$ `` and what it prints below it:
that output must be printed, and the command must exit with a failure (such blocks show refusals).
``mjscore serve`` is started, asked for its page over loopback, and stopped. A command whose comment
says it needs an extra (``pip install 'mjscore[charts]'``) must, on the plain install, say so in one
line and exit with status 2.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from quick_start import COMPILED_INSTALL, NO_COMPILER_INSTALL, QUICK_START, ROOT, Install, serve
from quick_start import environment as command_environment

DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]

#: Commands a test cannot run as printed, and why each is still covered.
NOT_RUN = {
    ".ci/run": "the command that runs this very test",
    COMPILED_INSTALL: "run as printed by the compiled_install fixture (tests/conftest.py) for tests/test_mypyc.py",
    NO_COMPILER_INSTALL: "run as printed by the no_compiler_install fixture (tests/conftest.py) for tests/test_native.py",
}

#: The comment that marks a command needing an optional extra, and the extra it names.
EXTRA = re.compile(r"pip install '(mjscore\[\w+\])'")


@dataclass(frozen=True)
class Command:
    """A command printed in a document, with the output printed under it (``text`` blocks)."""

    document: str
    line: int
    text: str
    shows: str | None = None
    extra: str | None = None


def _strip_comment(line: str) -> str:
    """A command without its trailing ``# comment`` (two spaces or more before the ``#``)."""
    return re.split(r"\s{2,}#", line, maxsplit=1)[0].strip()


def _extra(line: str) -> str | None:
    """The optional extra a command's comment says it needs, if any."""
    comment = line[len(_strip_comment(line)):]
    needed = EXTRA.search(comment)
    return needed.group(1) if needed else None


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
            found += [Command(name, start + i + 1, _strip_comment(text), extra=_extra(text)) for i, text in enumerate(block)
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
    assert any(c.text == COMPILED_INSTALL for c in DOC_COMMANDS["README.md"])


@pytest.mark.parametrize("document", [d for d, found in DOC_COMMANDS.items() if found])
def test_every_command_of_the_document_runs_as_printed(document: str, quick_start: Install, tmp_path: Path) -> None:
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    environment = command_environment(tmp_path, scripts=quick_start.scripts)
    for command in DOC_COMMANDS[document]:
        where = f"{command.document} line {command.line}: `{command.text}`"
        if command.text in NOT_RUN or command.text == QUICK_START:
            continue
        if command.text.startswith("mjscore serve") or " mjscore serve" in command.text:
            page = serve(command.text, tmp_path, environment)
            assert "<html" in page.lower(), where
            continue
        done = subprocess.run(["bash", "-c", command.text], cwd=tmp_path, env=environment, capture_output=True,
                              text=True, timeout=300, stdin=subprocess.DEVNULL)
        if command.extra is not None:  # the plain install has not got it: one line says what to install
            said = (done.stdout + done.stderr).strip()
            assert done.returncode == 2, f"{where} exited {done.returncode}: {said}"
            assert "\n" not in said and f"pip install '{command.extra}'" in said, f"{where}: {said}"
        elif command.shows is None:
            assert done.returncode == 0, f"{where} exited {done.returncode}: {done.stderr or done.stdout}"
            assert "…" not in done.stdout, f"{where}: a column is cut at 80 characters: {done.stdout}"
        else:
            assert done.returncode != 0, f"{where} was meant to be refused"
            assert (done.stdout + done.stderr).strip() == command.shows, where


def test_the_quick_start_installs_and_serves_from_a_fresh_copy(quick_start: Install) -> None:
    """The README's first command, exactly as printed, in a fresh copy of the repository: a new
    virtual environment, the package installed from PyPI's dependencies, the web app answering
    (run once per session by the ``quick_start`` fixture)."""
    assert "<html" in quick_start.page.lower()
    assert quick_start.python.exists()


def test_the_quick_start_installs_no_extra(quick_start: Install) -> None:
    """The user's install has the package's own dependencies only: none of the test extra's."""
    done = subprocess.run([str(quick_start.python), "-c", "import importlib.util as u; "
                           "print([m for m in ('pytest', 'hypothesis', 'matplotlib', 'dask') if u.find_spec(m)])"],
                          capture_output=True, text=True, check=True)
    assert done.stdout.strip() == "[]"


EXAMPLES = [d for d in DOC_COMMANDS if ">>> " in (ROOT / d).read_text(encoding="utf-8")]


@pytest.mark.parametrize("document", EXAMPLES)
def test_every_python_example_runs_on_the_users_install(document: str, quick_start: Install, tmp_path: Path) -> None:
    """The document's ``>>>`` examples, run by the install's interpreter as ``python -m doctest`` would,
    in a folder holding a copy of ``examples/`` (the files they read)."""
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    done = subprocess.run([str(quick_start.python), "-m", "doctest", str(ROOT / document)], cwd=tmp_path,
                          env=command_environment(tmp_path, scripts=quick_start.scripts), capture_output=True,
                          text=True, timeout=300)
    assert done.returncode == 0, done.stdout[-4000:] + done.stderr[-2000:]
