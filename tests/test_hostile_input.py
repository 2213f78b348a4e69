"""Hostile input, as a hostile user types it: every malformed thing is refused in one line (exit
status 2 on the command line, a 4xx JSON error over HTTP), never a traceback, never data lost."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient
from hypothesis import given, settings
from hypothesis import strategies as st

import mjscore
from mjscore.errors import InputError
from mjscore.interfaces.cli import app
from mjscore.interfaces.web import create_app
from mjscore.reading import MAX_DEPTH, MAX_INTEGER_DIGITS, decode, parse_json, parse_toml

runner = CliRunner()

#: A plain LRC win on a discard (examples/hand.json without its flowers): every case below spoils it.
PLAIN = {"concealed": "123m 456m 789p 234s 67s 99p", "win_tile": "8s", "win": "discard", "discarder": "W"}


def plain(**changes: Any) -> dict[str, Any]:
    return {**PLAIN, **changes}


#: (what the file holds, the start of the one-line error).
BAD_FILES: list[tuple[bytes, str]] = [
    (b'{"win": "self_draw", "concealed": "\xff"}', "not UTF-8: byte 0xff at offset 35"),
    (b"[" * 50_000 + b"]" * 50_000, "larger than 65,536 bytes"),
    (b"[" * 1_000 + b"]" * 1_000, "nested more than 16 levels deep"),
    (b'{"win": "discard", "discards": ' + b"1" * 5_001 + b"}", "discards: a number of 5001 digits is out of range"),
    (b'{"concealed": "123m 456m 789p 234s 67s 99p", "win_tile": "8s", "win": "discard", "win": "self_draw"}',
     "the key 'win' appears twice in one object"),
    (b'{"win": "self_draw", "discards": NaN}', "NaN is not a number in JSON"),
    (b'{"win": "self_draw", "discards": 1e999}', "discards: inf is not a finite number"),
    (b'["not", "an", "object"]', "a hand record is a JSON object {...}, not an array"),
    (b'{"win": "self_draw",', "line 1, column 21: not valid JSON"),
]


@pytest.mark.parametrize(("content", "message"), BAD_FILES, ids=[m for _, m in BAD_FILES])
def test_a_bad_hand_file_is_one_line_and_status_2(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "hand.json"
    path.write_bytes(content)
    for args, where in ((["score", str(path)], f"error: {path}"), (["score", "-"], "error: standard input")):
        result = runner.invoke(app, args, input=content)
        assert result.exit_code == 2, result.output
        assert result.stderr.startswith(where) and message in result.stderr, result.stderr
        assert result.stderr.count("\n") == 1


#: Fields whose value is of the wrong type or out of range (the published schema, strictly).
BAD_FIELDS: list[tuple[dict[str, Any], str]] = [
    (plain(discards=True), "discards: Input should be a valid integer"),
    (plain(discards="5"), "discards: Input should be a valid integer"),
    (plain(discards=-1), "discards: Input should be greater than or equal to 0"),
    (plain(discards=137), "discards: Input should be less than or equal to 136"),
    (plain(dealer_streak=100), "dealer_streak: Input should be less than or equal to 99"),
    (plain(last_tile="yes"), "last_tile: Input should be a valid boolean"),
    (plain(heavenly=1), "heavenly: Input should be a valid boolean"),
    (plain(replacement=0), 'replacement: Input should be false, "flower", "gong" or "double_gong"'),
    (plain(concealed="1m" * 101), "concealed: String should have at most 200 characters"),
    (plain(concealed=[1, 2]), "concealed.1: Input should be a valid string (and 1 more problem)"),
    (plain(melds=[{"kind": "pung", "tiles": 5}]), "melds.1.tiles: Input should be a valid str or list"),
    (plain(colour="red"), "colour: unknown field"),
]


@pytest.mark.parametrize(("record", "message"), BAD_FIELDS, ids=[m for _, m in BAD_FIELDS])
def test_a_field_of_the_wrong_type_is_refused_not_coerced(record: dict[str, Any], message: str) -> None:
    with pytest.raises(mjscore.HandError) as refused:
        mjscore.Hand.from_dict(record)
    assert str(refused.value) == message


#: Contexts that cannot happen at a table (docs/hand-format.md, "Contexts that cannot happen").
IMPOSSIBLE: list[tuple[dict[str, Any], str]] = [
    (plain(win="self_draw", discarder=None, replacement="flower"), 'replacement "flower": a draw from the flower wall'),
    (plain(win="self_draw", discarder=None, replacement="gong"), 'replacement "gong": a replacement draw follows a gong'),
    (plain(win="self_draw", discarder=None, replacement="double_gong", concealed="123m 456m 789p 67s 99p",
           melds=[{"kind": "kong", "tiles": "2222s", "concealed": True}]), "so two gongs; the hand declares 1"),
    (plain(win="self_draw", discarder=None, heavenly=True, ready_declared=True), "heavenly hand: a dealt hand"),
    (plain(win="self_draw", discarder=None, heavenly=True, last_tile=True), "heavenly hand with last_tile"),
    (plain(win="self_draw", discarder=None, heavenly=True, last_of_kind=True), "heavenly hand with last_of_kind"),
    (plain(discards=120, declared_tiles=6), "more than the 136 a wall has besides the bonus tiles"),
]


@pytest.mark.parametrize(("record", "message"), IMPOSSIBLE, ids=[m for _, m in IMPOSSIBLE])
def test_an_impossible_context_is_refused_with_its_reason(record: dict[str, Any], message: str) -> None:
    with pytest.raises(mjscore.HandError, match=message.replace("(", r"\(")):
        mjscore.Hand.from_dict(record)


def test_replacements_that_have_what_they_replace_still_score() -> None:
    flower = plain(win="self_draw", discarder=None, replacement="flower", flowers="3f")
    assert mjscore.score(mjscore.Hand.from_dict(flower)).award("self_draw_flower_wall") is not None
    double = plain(win="self_draw", discarder=None, replacement="double_gong", concealed="123m 789p 67s 99p",
                   melds=[{"kind": "kong", "tiles": "2222s", "concealed": True}, {"kind": "kong", "tiles": "4444m"}])
    assert mjscore.score(mjscore.Hand.from_dict(double)).award("self_drawing_gong") is not None


@pytest.mark.parametrize(("args", "message"), [
    (["score", "--lang", "xx", "1m"], "error: Invalid value for '--lang': 'xx' is not one of 'en', 'zh-Hans', 'zh-Hant', "
                                      "'ja'. (see `mjscore score --help`)"),
    (["score", "--discards", "x", "1m"], "error: Invalid value for '--discards': 'x' is not a valid integer."),
    (["nope"], "error: No such command 'nope'. (see `mjscore --help`)"),
    (["scroe"], "error: No such command 'scroe'. Did you mean 'score'? (see `mjscore --help`)"),
    (["table", "show"], "error: Missing argument 'TABLE_ID'. (see `mjscore table show --help`)"),
    (["score", "--winn", "3"], "error: No such option '--winn'."),
])
def test_a_usage_error_is_one_line_too(args: list[str], message: str) -> None:
    done = subprocess.run([str(Path(sys.executable).parent / "mjscore"), *args], capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stderr.startswith(message) and done.stderr.count("\n") == 1, done.stderr
    assert done.stdout == ""


def test_mjscore_alone_prints_its_help() -> None:
    done = subprocess.run([str(Path(sys.executable).parent / "mjscore")], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0 and "Usage: mjscore" in done.stdout and "score" in done.stdout


def test_a_mistyped_file_name_is_a_missing_file_not_bad_tiles(tmp_path: Path) -> None:
    for name in ("hnad.json", "hand.jsn", "hands/one", str(tmp_path / "none")):
        result = runner.invoke(app, ["score", name])
        assert result.exit_code == 2 and result.stderr == f"error: no such file: {name}\n"
    long = "1m" * 200  # longer than a file name may be: read as notation, refused as notation
    result = runner.invoke(app, ["score", "--win-tile", "1m", long])
    assert result.exit_code == 2 and result.stderr.startswith("error: concealed: String should have at most 200")
    result = runner.invoke(app, ["score", str(tmp_path)])
    assert result.exit_code == 2 and result.stderr == f"error: {tmp_path} is a folder, not a hand record\n"


def test_a_hand_below_the_minimum_pays_nothing_and_says_flowers_are_not_counted() -> None:
    # MCR: Concealed Hand 2, All Chows 2, Two Terminal Chows 1, Closed Wait 1 = 6 fans; three flowers
    # make 9, but the 8-fan minimum is counted before flowers (seed 001; ruling 26): 2 short.
    args = ["score", "--ruleset", "mcr", "--win-tile", "5p", "--discarder", "S", "--flowers", "1f 2f 3f",
            "123m 789m 456p 345s 5p"]
    text = runner.invoke(app, args)
    assert text.exit_code == 1
    assert "Not a legal win: 6 is 2 short of the minimum of 8 (counted without Flower Tiles)" in text.stdout
    assert "Payments: none: not a legal win" in text.stdout and " pays " not in text.stdout
    sheet = json.loads(runner.invoke(app, [*args, "--format", "json"]).stdout)
    assert (sheet["total"], sheet["counted_for_minimum"], sheet["legal"]) == (9, 6, False)
    assert sheet["payments"] == [] and sheet["not_counted_for_minimum"] == ["Flower Tiles"]


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> TestClient:
    database = tmp_path_factory.mktemp("api") / "tables.db"
    return TestClient(create_app(f"sqlite:///{database}"), base_url="http://localhost")


@pytest.mark.parametrize(("content", "message"), BAD_FILES[:7], ids=[m for _, m in BAD_FILES[:7]])
def test_an_unreadable_body_is_a_400_json_error(client: TestClient, content: bytes, message: str) -> None:
    body = b'{"hand": ' + content + b"}" if content.startswith(b"{") else content
    answer = client.post("/api/score", content=body, headers={"Content-Type": "application/json"})
    assert answer.status_code in (400, 413), answer.text
    error = answer.json()
    assert error["type"] in ("BadRequest", "TooLarge") and "\n" not in error["message"]
    if answer.status_code == 400:
        assert message.split(": ")[-1].split(" at offset")[0] in error["message"]


@pytest.mark.parametrize(("record", "message"), BAD_FIELDS + IMPOSSIBLE, ids=[m for _, m in BAD_FIELDS + IMPOSSIBLE])
def test_a_bad_field_over_http_is_a_422_naming_it(client: TestClient, record: dict[str, Any], message: str) -> None:
    answer = client.post("/api/score", json={"hand": record})
    assert answer.status_code == 422, answer.text
    assert message.split(": ", 1)[-1][:30] in answer.json()["message"]


def test_batch_refuses_to_write_over_its_input(tmp_path: Path) -> None:
    source = tmp_path / "hands.jsonl"
    source.write_text(json.dumps(PLAIN) + "\n")
    before = source.read_bytes()
    for output in (str(source), str(tmp_path / "." / "hands.jsonl")):
        result = runner.invoke(app, ["batch", str(source), "-o", output, "--quiet"])
        assert result.exit_code == 2 and "would overwrite the input" in result.stderr
        assert source.read_bytes() == before


def test_batch_answers_every_line_whatever_it_holds(tmp_path: Path) -> None:
    source, target = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    lines = [json.dumps(PLAIN).encode(), b"\xff\xfe\x00 binary", b"x" * 70_000, b"[1]", b"",
             json.dumps({**PLAIN, "discards": True}).encode(), json.dumps(PLAIN).encode()]
    source.write_bytes(b"\n".join(lines) + b"\n")
    result = runner.invoke(app, ["batch", str(source), "-o", str(target), "--quiet", "--workers", "1"])
    assert result.exit_code == 0, result.output
    answers = [json.loads(line) for line in target.read_text(encoding="utf-8").splitlines()]
    assert [a["line"] for a in answers] == [1, 2, 3, 4, 6, 7]
    errors = {a["line"]: a["error"] for a in answers if "error" in a}
    assert errors == {2: "not UTF-8: byte 0xff at offset 0",
                      3: "longer than 65,536 bytes, the most a batch line may have",
                      4: "a hand record is a JSON object {...}, not an array",
                      6: "discards: Input should be a valid integer"}
    expected = json.loads(runner.invoke(app, ["score", "-", "--format", "json"], input=json.dumps(PLAIN)).stdout)
    assert answers[0] == {"line": 1, **expected}  # each line is what `score --format json` prints
    assert {p.name for p in tmp_path.iterdir()} == {"in.jsonl", "out.jsonl"}  # no temporary file left behind
    strict = runner.invoke(app, ["batch", str(source), "-o", str(target), "--quiet", "--strict", "--summary"])
    assert strict.exit_code == 1
    compact = json.loads(target.read_text(encoding="utf-8").splitlines()[0])
    assert set(compact) == {"line", "ruleset", "total", "legal", "awards", "payments"}


def test_batch_applies_house_rules_to_every_line(tmp_path: Path) -> None:
    source, target, rules = tmp_path / "in.jsonl", tmp_path / "out.jsonl", tmp_path / "rules.toml"
    source.write_text(json.dumps(PLAIN) + "\n" + json.dumps(PLAIN) + "\n")
    rules.write_text("base = 10\n")
    plain_total = mjscore.score(mjscore.Hand.from_dict(PLAIN)).total
    result = runner.invoke(app, ["batch", str(source), "-o", str(target), "--rules", str(rules), "--quiet", "--summary"])
    assert result.exit_code == 0, result.output
    assert [json.loads(line)["total"] for line in target.read_text().splitlines()] == [plain_total + 5] * 2  # base 5 -> 10


def test_an_interrupted_batch_leaves_the_old_output_whole(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    from mjscore.interfaces.cli import batch

    source, target = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    source.write_text(json.dumps(PLAIN) + "\n")
    target.write_text("yesterday's scores\n")

    def broken(handle: Any) -> Any:
        yield 1, b"{}"
        raise KeyboardInterrupt

    monkeypatch.setattr(batch, "numbered_lines", broken)
    result = runner.invoke(app, ["batch", str(source), "-o", str(target), "--quiet", "--workers", "1"])
    assert result.exit_code != 0
    assert target.read_text() == "yesterday's scores\n"
    assert {p.name for p in tmp_path.iterdir()} == {"in.jsonl", "out.jsonl"}


def test_ctrl_c_while_the_pool_scores_stops_the_batch_in_one_line(tmp_path: Path) -> None:
    # A terminal's Ctrl+C reaches every process of the batch (the parent and each pool worker): the
    # batch stops with status 130 and leaves the old output whole, with no worker's traceback.
    import os
    import signal
    import time

    source, target = tmp_path / "in.jsonl", tmp_path / "out.jsonl"
    source.write_text((json.dumps(PLAIN) + "\n") * 200_000)
    target.write_text("yesterday's scores\n")
    batch = subprocess.Popen([sys.executable, "-m", "mjscore", "batch", str(source), "-o", str(target), "--quiet",
                              "--workers", "2"], stderr=subprocess.PIPE, text=True, start_new_session=True)
    deadline = time.monotonic() + 120
    while not any(p.name.endswith(".partial") and p.stat().st_size for p in tmp_path.iterdir()):
        assert time.monotonic() < deadline and batch.poll() is None, "the batch never started writing"
        time.sleep(0.05)
    os.killpg(batch.pid, signal.SIGINT)
    _, errors = batch.communicate(timeout=60)
    assert batch.returncode == 130, errors
    assert "Traceback" not in errors, errors
    assert target.read_text() == "yesterday's scores\n"
    assert {p.name for p in tmp_path.iterdir()} == {"in.jsonl", "out.jsonl"}


# ----- the readers fuzzed: whatever arrives, the answer is a value or one InputError line


def _refused_in_one_line(call: Any, *args: Any) -> None:
    try:
        call(*args)
    except InputError as error:
        assert str(error) and "\n" not in str(error)


@settings(max_examples=300, deadline=None)
@given(st.binary(max_size=200))
def test_bytes_are_text_or_one_line(data: bytes) -> None:
    _refused_in_one_line(decode, data, "fuzz")


json_values = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=8),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=5), inner, max_size=3), max_leaves=30)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='{}[]",:0123456789.eE-+ \n\\untrfalsNIiy', max_size=80))
def test_json_text_is_data_or_one_line(text: str) -> None:
    _refused_in_one_line(parse_json, text, "fuzz")


@settings(max_examples=300, deadline=None)
@given(json_values)
def test_any_json_structure_is_a_hand_or_one_line(value: Any) -> None:
    text = json.dumps({"hand": value} if not isinstance(value, dict) else value)
    try:
        mjscore.score(mjscore.Hand.from_json(text))
    except mjscore.MjscoreError as error:
        assert str(error) and "\n" not in str(error)


@settings(max_examples=300, deadline=None)
@given(st.text(alphabet='abc=[]{}."\'#\n 0123456789.eE-+_infa', max_size=80))
def test_toml_text_is_data_or_one_line(text: str) -> None:
    _refused_in_one_line(parse_toml, text, "fuzz")


def test_the_bounds_are_what_the_docs_say() -> None:
    doc = (Path(__file__).resolve().parents[1] / "docs" / "hand-format.md").read_text(encoding="utf-8")
    assert f"{MAX_DEPTH} levels" in doc and f"{MAX_INTEGER_DIGITS} digits" in doc
    with pytest.raises(InputError, match="nested more than 16"):
        parse_json("[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1), "")
    parse_json("[" * MAX_DEPTH + "]" * MAX_DEPTH, "")
    with pytest.raises(InputError, match="out of range"):
        parse_toml("a = " + "9" * (MAX_INTEGER_DIGITS + 1), "")
    with pytest.raises(InputError, match="not a finite number"):
        parse_toml("a = inf", "")
