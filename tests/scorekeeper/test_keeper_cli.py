"""``mjscore table ...`` end to end on a SQLite file named by MJSCORE_DATABASE_URL."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest
from click.testing import CliRunner, Result
from keeper_hands import PLAIN

from mjscore.interfaces.cli import app

Run = Callable[..., Result]


@pytest.fixture
def run(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Run:
    """``mjscore table ARGS...`` on a fresh SQLite file."""
    monkeypatch.setenv("MJSCORE_DATABASE_URL", f"sqlite:///{tmp_path / 'cli.sqlite3'}")
    runner = CliRunner()
    return lambda *args: runner.invoke(app, ["table", *args])


def test_a_short_session_from_the_command_line(run: Run, tmp_path: Path) -> None:
    hand = tmp_path / "hand.json"
    hand.write_text(json.dumps(PLAIN))
    created = run("new", "Ann", "Bob", "Cat", "Dan", "--name", "Friday", "--per-point", "0.5")
    assert created.exit_code == 0 and created.output == "table 1: Ann, Bob, Cat, Dan — LRC Taiwanese (16 tiles)\n"
    recorded = run("record", "1", str(hand), "--winner", "Ann", "--discarder", "Bob")
    assert recorded.exit_code == 0
    assert recorded.output.splitlines() == [
        "1. Ann won on Bob's discard: 9 points",  # 8 + East Seat 1
        "table 1 (version 1): East round, hand 2, dealer Ann, streak 1",
        "balances: Ann +9, Bob -9, Cat +0, Dan +0",
    ]
    event = run("event", "1", "concealed_gong_collection", "--player", "Dan")
    assert event.output.splitlines()[-1] == "balances: Ann +4, Bob -14, Cat -5, Dan +15"
    assert run("draw", "1").output.splitlines()[0] == "3. drawn hand"
    assert run("undo", "1").output.splitlines()[-1] == "balances: Ann +4, Bob -14, Cat -5, Dan +15"
    shown = run("show", "1")
    assert "Friday — LRC Taiwanese (16 tiles); 0.5 per point" in shown.output
    assert "East round, hand 2, dealer Ann, streak 1" in shown.output
    listed = run("list")
    assert listed.output == "   1 Friday [lrc] Ann, Bob, Cat, Dan: 2 entries\n"
    exported = tmp_path / "table.json"
    assert run("export", "1", "--output", str(exported)).exit_code == 0
    assert json.loads(exported.read_text())["balances"][1]["money"] == "-7"
    assert run("import", str(exported)).output.startswith("table 2: 2 entries imported; the club's unaltered record")
    csv = run("export", "2", "--format", "csv").output.splitlines()
    assert csv[1] == "1,E,Ann,0,Ann won on Bob's discard: 9 points,9,-9,0,0,9,-9,0,0,4.5,-4.5,0,0"


def test_bad_requests_are_one_line_errors(run: Run, tmp_path: Path) -> None:
    assert run("new", "Ann", "Bob", "Cat").output == "error: a table has four players, not 3\n"
    run("new", "Ann", "Bob", "Cat", "Dan")
    missing = run("show", "7")
    assert (missing.exit_code, missing.output) == (2, "error: there is no table 7\n")
    stale = run("draw", "1", "--if-version", "5")
    assert stale.exit_code == 2
    assert stale.output == ("error: table 1 changed since you read it (version 5, now 0): look again before "
                            "recording\n")
    broken = tmp_path / "broken.json"
    broken.write_text("{")
    assert run("record", "1", str(broken)).output.startswith("error: ")


def test_a_junk_table_can_be_deleted_from_the_command_line_only(run: Run) -> None:
    run("new", "Ann", "Bob", "Cat", "Dan", "--name", "junk")
    run("draw", "1")
    asked = run("delete", "1")
    assert (asked.exit_code, asked.output) == (
        2, "error: deleting table 1 (junk, 1 entries) removes its whole history: add --yes, or export it first\n")
    deleted = run("delete", "1", "--yes")
    assert deleted.output == "table 1 deleted: Ann, Bob, Cat, Dan, 1 entries, version 1\n"
    assert run("list").output == ""
    assert run("show", "1").output == "error: there is no table 1\n"


def test_a_new_table_with_a_request_id_is_opened_once(run: Run) -> None:
    assert run("new", "Ann", "Bob", "Cat", "Dan", "--request-id", "n1").output.startswith("table 1: ")
    again = run("new", "Ann", "Bob", "Cat", "Dan", "--request-id", "n1").output
    assert again == "table 1: Ann, Bob, Cat, Dan — LRC Taiwanese (16 tiles) (already opened with this request id)\n"
    assert run("list").output.count("\n") == 1


def test_a_table_payment_counted_past_any_table_is_refused(run: Run) -> None:
    """A slip of the keyboard (``--count 1000000000000``) is one line, and the balances do not move."""
    run("new", "Ann", "Bob", "Cat", "Dan")
    for count in ("1000000000000", "0", "-3", "17"):
        refused = run("event", "1", "concealed_gong_collection", "--player", "Dan", "--count", count)
        assert refused.exit_code == 2
        assert refused.output == f"error: count: {count} is not a count of table payments (1 to 16)\n"
    assert run("show", "1", "--format", "json").output.count('"points": 0') == 4
    assert run("event", "1", "concealed_gong_collection", "--player", "Dan", "--count", "2").exit_code == 0


def _export(run: Run, tmp_path: Path) -> dict[str, object]:
    run("new", "Ann", "Bob", "Cat", "Dan")
    run("event", "1", "concealed_gong_collection", "--player", "Dan")
    exported: dict[str, object] = json.loads(run("export", "1").output)
    return exported


@pytest.mark.parametrize(("spoil", "message"), [
    (lambda data: [data], "not an exported mjscore table: expected a JSON object with 'format' 'mjscore-table/1'"),
    (lambda data: {k: v for k, v in data.items() if k != "entries"},
     "entries: missing (an exported table lists its entries, [] for none)"),
    (lambda data: {**data, "entries": [{**data["entries"][0], "points": 99}]},
     "entry 1: unknown key 'points' in a 'event' entry, which has count, event, kind, player"),
    (lambda data: {**data, "entries": [{**data["entries"][0], "count": 10**12}]},
     "entry 1: count: 1000000000000 is not a count of table payments (1 to 16)"),
])
def test_an_import_that_is_not_an_export_is_refused(run: Run, tmp_path: Path, spoil: Callable[[dict[str, object]], object],
                                                    message: str) -> None:
    source = tmp_path / "spoilt.json"
    source.write_text(json.dumps(spoil(_export(run, tmp_path))))
    refused = run("import", str(source))
    assert (refused.exit_code, refused.output) == (2, f"error: {message}\n")
    assert run("list").output.count("[lrc]") == 1  # the exported table alone


def test_an_export_written_to_a_folder_is_one_line(run: Run, tmp_path: Path) -> None:
    """The ``mjscore`` command itself (its entry point turns Click's usage errors into one line)."""
    run("new", "Ann", "Bob", "Cat", "Dan")
    refused = subprocess.run([str(Path(sys.executable).parent / "mjscore"), "table", "export", "1", "-o", str(tmp_path)],
                             capture_output=True, text=True, env=os.environ)
    assert refused.returncode == 2
    assert refused.stdout + refused.stderr == (f"error: Invalid value for '--output' / '-o': File '{tmp_path}' is a "
                                               "directory. (see `mjscore table export --help`)\n")
    assert [p.name for p in tmp_path.iterdir()] == ["cli.sqlite3"]
