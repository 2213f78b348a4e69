"""``mjscore analyse`` and ``POST /api/analyse``: the same JSON, one object per line from standard
input, one-line errors; and the README's and docs/analysis.md's commands, run exactly as printed."""

from __future__ import annotations

import doctest
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from mjscore.interfaces.cli import app
from mjscore.interfaces.web import create_app
from mjscore.scorekeeper import Scorekeeper

ROOT = Path(__file__).resolve().parents[1]
runner = CliRunner()
#: 14 MCR tiles after a draw: 123m 456p 789s and EE, with C F P.
DRAWN = "123m 456p 789s EE CFP"


def _commands(path: Path) -> list[str]:
    """The ``mjscore analyse`` lines of the document's ``sh`` blocks."""
    blocks = re.findall(r"```sh\n(.*?)```", path.read_text(encoding="utf-8"), re.S)
    return [line for block in blocks for line in block.splitlines() if "mjscore analyse" in line]


def _run(command: str) -> subprocess.CompletedProcess[str]:
    env = {**os.environ, "PATH": f"{Path(sys.executable).parent}{os.pathsep}{os.environ['PATH']}"}
    return subprocess.run(["bash", "-c", command], cwd=ROOT, env=env, capture_output=True, text=True, check=False)


@pytest.mark.parametrize("document", ["README.md", "docs/analysis.md"])
def test_the_documented_commands_run_as_printed(document: str) -> None:
    commands = _commands(ROOT / document)
    assert len(commands) >= 3
    for command in commands:
        done = _run(command)
        assert done.returncode == 0 and done.stdout and not done.stderr, (command, done.stderr)
        if " - " in command or "--format json" in command:
            assert all(isinstance(json.loads(line), dict) for line in done.stdout.splitlines())


def test_the_printed_output_is_what_the_first_command_prints() -> None:
    text = (ROOT / "docs" / "analysis.md").read_text(encoding="utf-8")
    printed = re.search(r"The first prints:\n\n```text\n(.*?)```", text, re.S)
    assert printed is not None
    assert _run(_commands(ROOT / "docs" / "analysis.md")[0]).stdout == printed.group(1)


def test_the_docs_library_example() -> None:
    failed, tried = doctest.testfile(str(ROOT / "docs" / "analysis.md"), module_relative=False)
    assert tried and not failed


def test_json_of_a_hand_after_a_draw() -> None:
    """123m 456p 789s EE C F P: discarding a dragon leaves 1 from ready (a pair of the other two, or a
    third E); discarding anything else leaves 2."""
    done = runner.invoke(app, ["analyse", "--ruleset", "mcr", "--format", "json", DRAWN])
    assert done.exit_code == 0, done.output
    data = json.loads(done.stdout)
    assert data["ruleset"] == "mcr" and data["shanten"] == 1
    rows = data["discards"]
    assert [row["tile"] for row in rows[:3]] == ["P", "F", "C"]
    assert all(row["shanten"] == 1 for row in rows[:3]) and all(row["shanten"] == 2 for row in rows[3:])
    assert rows[0]["useful"] == [{"tile": "E", "unseen": 2}, {"tile": "F", "unseen": 3}, {"tile": "C", "unseen": 3}]
    assert data["useful"] == rows[0]["useful"]
    assert set(rows[0]) >= {"tile", "shanten", "useful", "waits", "unseen"}


def test_waits_carry_their_unseen_copies_and_scores() -> None:
    done = runner.invoke(app, ["analyse", "--ruleset", "mcr", "--format", "json", "19m19p19s ESWNPFC",
                               "--visible", "E E E"])
    data = json.loads(done.stdout)
    waits = {w["tile"]: w for w in data["waits"]}
    assert set(waits) == {"1m", "9m", "1p", "9p", "1s", "9s", "E", "S", "W", "N", "P", "F", "C"}
    assert waits["E"]["unseen"] == 0 and waits["S"]["unseen"] == 3
    # mcr.toml: Thirteen Orphans 88, replacing Fully Concealed Hand, so self-drawn adds only Self-Drawn 1.
    assert waits["S"]["score"] == {"discard": {"total": 88, "legal": True}, "self_draw": {"total": 89, "legal": True}}


def test_standard_input_answers_each_line_and_names_a_bad_one() -> None:
    lines = "\n".join(["123m 456p 789s EE CF", json.dumps({"concealed": DRAWN, "ruleset": "mcr"}), "12m",
                       json.dumps({"concealed": "123m 456p 789s EE CF", "visible": "E E"})]) + "\n"
    done = runner.invoke(app, ["analyse", "--ruleset", "mcr", "-"], input=lines)
    answers = [json.loads(line) for line in done.stdout.splitlines()]
    assert len(answers) == 4 and done.exit_code == 2
    assert answers[0]["shanten"] == 1 and "discards" not in answers[0]
    assert "discards" in answers[1]
    assert answers[2] == {"line": 3, "error": "2 tiles held (2 concealed + 0 melds x 3): analyse a hand of 13 tiles, "
                                              "or 14 after a draw"}
    assert answers[3]["useful"][0] == {"tile": "E", "unseen": 0}
    assert done.stderr.startswith("error: line 3: 2 tiles held")


@pytest.mark.parametrize(("arguments", "message"), [
    (["--meld", "pung", "123m"], "error: --meld 'pung': write the kind and the tiles, e.g. 'pung CCC'"),
    (["--visible", "5x", "123m 456p 789s EE CF"], "error: visible: unknown tile letter 'x' at position 2"),
    (["--ruleset", "nope", "123m"], "error: unknown ruleset 'nope': choose one of "),
])
def test_bad_input_is_one_line_and_exit_status_2(arguments: list[str], message: str) -> None:
    done = runner.invoke(app, ["analyse", *arguments])
    assert done.exit_code == 2
    assert done.stderr.startswith(message) and len(done.stderr.splitlines()) == 1


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(Scorekeeper.open(f"sqlite:///{tmp_path / 'tables.sqlite3'}")), base_url="http://localhost")


def test_the_api_answers_what_the_command_prints(client: TestClient) -> None:
    body = {"ruleset": "mcr", "concealed": DRAWN, "visible": "E"}
    answer = client.post("/api/analyse", json=body)
    assert answer.status_code == 200
    printed = runner.invoke(app, ["analyse", "--format", "json", "-"], input=json.dumps(body) + "\n").stdout
    assert answer.json() == json.loads(printed)


def test_the_api_refuses_bad_input_in_one_line(client: TestClient) -> None:
    answer = client.post("/api/analyse", json={"ruleset": "mcr", "concealed": "123m", "visible": "5s"})
    assert answer.status_code == 422
    assert answer.json()["message"] == ("3 tiles held (3 concealed + 0 melds x 3): "
                                        "analyse a hand of 13 tiles, or 14 after a draw")
    unknown = client.post("/api/analyse", json={"concealed": "123m", "seen": "5s"})
    assert unknown.status_code == 422
