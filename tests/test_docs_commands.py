"""Every command printed in the README and docs/ runs, exactly as printed.

Each document's ``sh`` blocks are run line by line, in order, in a scratch folder holding a copy of
``examples/``, with its own table database: the commands of one document are one session, as a reader
typing them would have it. A ``text`` block shows a command after ``$ `` and what it prints below it:
that output must be printed, and the command must exit with a failure (such blocks show refusals).
``mjscore serve`` is started, asked for its page over loopback, and stopped. The quick start is run
as printed in a fresh copy of the repository (it installs the package from PyPI's dependencies), once
per session (tests/quick_start.py), its install shared with tests/test_mypyc.py.
"""

from __future__ import annotations

import re
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

import pytest
from quick_start import QUICK_START, ROOT, QuickStart, serve
from quick_start import environment as command_environment

DOCUMENTS = [ROOT / "README.md", *sorted((ROOT / "docs").rglob("*.md"))]

#: Commands a test cannot run as printed, and why each is still covered.
NOT_RUN = {
    ".ci/run": "the command that runs this very test",
}


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


@pytest.mark.parametrize("document", [d for d, found in DOC_COMMANDS.items() if found])
def test_every_command_of_the_document_runs_as_printed(document: str, tmp_path: Path) -> None:
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    environment = command_environment(tmp_path)
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
        if command.shows is None:
            assert done.returncode == 0, f"{where} exited {done.returncode}: {done.stderr or done.stdout}"
        else:
            assert done.returncode != 0, f"{where} was meant to be refused"
            assert (done.stdout + done.stderr).strip() == command.shows, where


def test_the_quick_start_installs_and_serves_from_a_fresh_copy(quick_start: QuickStart) -> None:
    """The README's first command, exactly as printed, in a fresh copy of the repository: a new
    virtual environment, the package installed from PyPI's dependencies, the web app answering
    (run once per session by the ``quick_start`` fixture, whose install tests/test_mypyc.py uses)."""
    assert "<html" in quick_start.page.lower()
    assert quick_start.python.exists()
