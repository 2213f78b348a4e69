"""``mjscore import botzone``: the replay of each situation of examples/botzone-mcr.log.

The log's rounds were written for these tests (tile by tile, see each test); the expected hand records
are worked out from the log by hand: the winner's concealed tiles after its last action, its melds, where
the winning tile came from, the discards still on the table and every player's declared tiles. The Fan
and Score lines are worked out from the official MCR table (docs/rulesets/mcr.md), as Botzone's fan
calculator would write them; the payments are 8 + F from the discarder and 8 from each other player,
or 8 + F from each on a self-draw.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from hypothesis import given, settings
from hypothesis import strategies as st

import mjscore
from mjscore.errors import InputError
from mjscore.interfaces import files
from mjscore.interfaces.cli import app
from mjscore.interfaces.importers.botzone import botzone_tile, parse_breakdown, read_log

LOG = Path(__file__).resolve().parents[1] / "examples" / "botzone-mcr.log"
MJSCORE = Path(sys.executable).parent / "mjscore"


@pytest.fixture(scope="module")
def wins() -> dict[str, dict[str, Any]]:
    log = read_log(LOG.read_text(encoding="utf-8"), "rounds.log")
    assert (log.rounds, log.drawn) == (10, 2)  # drawn-5 and drawn-10 are drawn: no line
    return {win.match: win.to_json() for win in log.wins}


def _record(**fields: Any) -> dict[str, Any]:
    """A hand record as the importer writes it: every context field in its place."""
    record: dict[str, Any] = {"ruleset": "mcr", "seat": fields.pop("seat"), "round": fields.pop("round"),
                              "concealed": fields.pop("concealed"), "melds": fields.pop("melds", []), "flowers": [],
                              "win_tile": fields.pop("win_tile"), "win": fields.pop("win")}
    if "discarder" in fields:
        record["discarder"] = fields.pop("discarder")
    record.update({"replacement": False, "last_tile": False, "last_of_kind": False})
    record.update(fields)
    return record


def test_tiles_map_to_notation() -> None:
    assert [botzone_tile(c).code for c in ("W1", "B5", "T9", "F1", "F2", "F3", "F4", "J1", "J2", "J3")] == \
        ["1m", "5p", "9s", "E", "S", "W", "N", "C", "F", "P"]


def test_a_self_draw_and_the_seat_numbering(wins: dict[str, dict[str, Any]]) -> None:
    """selfdraw-1, Wind 2: Player 3 holds NNN CCC 123m 567p 9s and draws the 9s after three discards.
    Player 3 is North (turn order 0 E, 1 S, 2 W, 3 N), so the North pung is its seat wind, and the Score
    line -25 -25 -25 75 pays Player 3: 17 fans = All Types 6 + Fully Concealed 4 + Dragon Pung 2 + Seat
    Wind 2 + Two Concealed Pungs 2 + Single Wait 1; each pays 8 + 17. Read as the data set's README has
    it (0 E, 1 N, 2 W, 3 S), Player 3 would be South and the North pung only a Pung of Terminals."""
    assert wins["selfdraw-1"] == {
        **_record(seat="N", round="W", concealed="123m 567p 9s NNNCCC", win_tile="9s", win="self_draw"),
        "discards": 3, "declared_tiles": 0,
        "recorded": {"total": 17, "fans": "五门齐*1+不求人*1+箭刻*1+门风刻*1+双暗刻*1+单钓将*1",
                     "scores": [-25, -25, -25, 75]},
        "match": "selfdraw-1"}
    scored = mjscore.score(mjscore.Hand.from_dict({k: v for k, v in wins["selfdraw-1"].items()
                                                   if k not in ("recorded", "match")}))
    assert scored.award("seat_wind") is not None and scored.total == 17


def test_a_claimed_win_after_a_chow_with_an_ignored_win(wins: dict[str, dict[str, Any]]) -> None:
    """claimed-2, Wind 1: Player 2 chows Player 1's 1s with its 2s 3s (Chi T2, the middle tile), plays F1,
    and wins on Player 1's 5s; Player 3's win on the same tile is ignored (Player 2 is nearer the
    discarder). On the table: J1 F1 J2 J3 (the 1s went into the chow, the 5s into the hand)."""
    assert wins["claimed-2"] == {
        **_record(seat="W", round="S", concealed="2245556789s", melds=[{"kind": "chow", "tiles": "123s"}],
                  win_tile="5s", win="discard", discarder="S"),
        "discards": 4, "declared_tiles": 3,
        "recorded": {"total": 42, "fans": "清一色*1+清龙*1+四归一*1", "scores": [-8, -50, 66, -8]},
        "match": "claimed-2"}


def test_robbing_a_kong_after_a_pung_with_an_ignored_chow(wins: dict[str, dict[str, Any]]) -> None:
    """robbing-3, Wind 3: Player 1 pungs Player 2's 5p (Player 3's chow of it ignored), later draws the last
    5p and adds it to the pung; Player 0, waiting on 46p, robs it. The other three 5p are in view (the
    discard and the pung), so the 5p is the last of its kind; the robbed kong counts as the pung it was.
    On the table: J1 F1 J2 F2 F3 J3."""
    assert wins["robbing-3"] == {
        **_record(seat="E", round="N", concealed="123567m 46p 23499s", win_tile="5p", win="robbing_gong",
                  discarder="S", last_of_kind=True),
        "discards": 6, "declared_tiles": 3,
        "recorded": {"total": 13, "fans": "抢杠和*1+平和*1+门前清*1+坎张*1", "scores": [37, -21, -8, -8]},
        "match": "robbing-3"}


def test_a_claimed_win_on_the_discard_after_the_last_tile(wins: dict[str, dict[str, Any]]) -> None:
    """lastdiscard-8, Wind 1: Player 0 waits on 4m (3m 5m); Players 1, 2 and 3 each draw a 4m on their
    first turn and play it; after 84 draws Player 3 plays the last tile of the wall, the fourth 4m, and
    Player 0 wins on it: the last tile, and the last of its kind. 16 fans = Last Tile Claim 8 + Last
    Tile 4 + Concealed Hand 2 + Short Straight 1 (456s 789s) + Closed Wait 1; Player 3 pays 8 + 16."""
    assert wins["lastdiscard-8"] == {
        **_record(seat="E", round="S", concealed="35m 123p 456789s EE", win_tile="4m", win="discard", discarder="N",
                  last_tile=True, last_of_kind=True),
        "discards": 83, "declared_tiles": 0,
        "recorded": {"total": 16, "fans": "海底捞月*1+和绝张*1+门前清*1+连六*1+坎张*1", "scores": [40, -8, -8, -24]},
        "match": "lastdiscard-8"}


def test_robbing_a_kong_two_players_wait_on(wins: dict[str, dict[str, Any]]) -> None:
    """robbing-9, Wind 0: Player 1 pungs Player 0's 8s and later adds the drawn fourth; Players 2 and 3
    both win on it, and Player 2, the nearer after Player 1, takes it (Player 3's Hu is ignored).
    On the table: F4 J3 F4 F4."""
    assert wins["robbing-9"] == {
        **_record(seat="W", round="E", concealed="234m 123456p 79s FF", win_tile="8s", win="robbing_gong",
                  discarder="S", last_of_kind=True),
        "discards": 4, "declared_tiles": 3,
        "recorded": {"total": 12, "fans": "抢杠和*1+门前清*1+连六*1+坎张*1", "scores": [-8, -20, 36, -8]},
        "match": "robbing-9"}


def test_a_drawn_round_with_claims_writes_nothing() -> None:
    """drawn-10: a pung, an exposed kong with its replacement, and a chow on the way; all 84 tiles drawn, then
    Huang. Cut at the Huang, the log is refused for a missing Score line, so the round was read to its end."""
    text = LOG.read_text(encoding="utf-8")
    drawn = text[text.index("Match drawn-10"):]
    assert read_log(drawn, "d.log").wins == ()
    with pytest.raises(InputError, match="before its Score line"):
        read_log(drawn.replace("Score 0 0 0 0", ""), "d.log")


def test_a_win_on_a_concealed_kongs_replacement(wins: dict[str, dict[str, Any]]) -> None:
    """kong-4, Wind 0: Player 1 draws its fourth 7s, declares the concealed kong, and wins on the
    replacement 9m."""
    assert wins["kong-4"] == {
        **_record(seat="S", round="E", concealed="12378m 23499p",
                  melds=[{"kind": "kong", "tiles": "7777s", "concealed": True}], win_tile="9m", win="self_draw",
                  replacement="gong"),
        "discards": 1, "declared_tiles": 4,
        "recorded": {"total": 16, "fans": "杠上开花*1+不求人*1+暗杠*1+老少副*1+无字*1", "scores": [-24, 72, -24, -24]},
        "match": "kong-4"}


def test_a_win_on_the_last_tile_of_the_wall(wins: dict[str, dict[str, Any]]) -> None:
    """lasttile-6: 84 draws, each played at once, until Player 3 draws the last tile (S) of the wall;
    83 discards lie on the table."""
    assert wins["lasttile-6"] == {
        **_record(seat="N", round="E", concealed="234m 345p 678s SPPP", win_tile="S", win="self_draw",
                  last_tile=True),
        "discards": 83, "declared_tiles": 0,
        "recorded": {"total": 21, "fans": "妙手回春*1+五门齐*1+不求人*1+箭刻*1+单钓将*1", "scores": [-29, -29, -29, 87]},
        "match": "lasttile-6"}


def test_a_melded_and_a_concealed_kong(wins: dict[str, dict[str, Any]]) -> None:
    """kongs-7: Player 2 kongs Player 1's 9m (Gang), later declares a concealed kong of 1p, and wins on a
    self-drawn 5s that is not a replacement (the replacements were J1 and N, both played)."""
    assert wins["kongs-7"] == {
        **_record(seat="W", round="E", concealed="2345678s",
                  melds=[{"kind": "kong", "tiles": "9999m"}, {"kind": "kong", "tiles": "1111p", "concealed": True}],
                  win_tile="5s", win="self_draw"),
        "discards": 9, "declared_tiles": 8,
        "recorded": {"total": 9, "fans": "明暗杠*1+幺九刻*2+自摸*1+无字*1", "scores": [-17, -17, 51, -17]},
        "match": "kongs-7"}


DOUBLE_KONG = """Match double-8
Wind 0
Player 0 Deal W4 W4 W5 W5 W6 W6 B5 B5 B6 B6 T1 T1 T2
Player 1 Deal T7 T7 T7 B1 B1 B1 W1 W2 W3 W7 W8 B9 B9
Player 2 Deal B8 B8 T5 T5 T6 T6 T8 T8 F3 F3 J2 J2 F4
Player 3 Deal F2 F2 J1 J1 J3 J3 T3 T3 T4 T4 B2 B2 W9
Player 0 Draw F1
Player 0 Play F1
Player 1 Draw T7
Player 1 AnGang T7
Player 1 Draw B1
Player 1 AnGang B1
Player 1 Draw W9
Player 1 Hu W9
Fan 21 杠上开花*1+双暗杠*1+不求人*1+老少副*1+幺九刻*1+无字*1
Score -29 87 -29 -29
"""


def test_a_win_on_the_replacement_of_a_kong_made_by_a_replacement() -> None:
    """Player 1 declares a concealed kong of 7s, its replacement is the fourth 1p, declared too, and the
    second replacement wins: a replacement after a gong made by a gong's replacement (ruling 8)."""
    (win,) = read_log(DOUBLE_KONG, "double.log").wins
    assert win.record == _record(
        seat="S", round="E", concealed="12378m 99p", win_tile="9m", win="self_draw", replacement="double_gong",
        melds=[{"kind": "kong", "tiles": "7777s", "concealed": True}, {"kind": "kong", "tiles": "1111p", "concealed": True}],
        discards=1, declared_tiles=8)


def test_the_breakdown_reads_names_and_counts() -> None:
    assert parse_breakdown("明暗杠*1+幺九刻*2+无番和") == (("明暗杠", 1), ("幺九刻", 2), ("无番和", 1))
    assert parse_breakdown("") == ()


ROUND = ["Match bad", "Wind 0", "Player 0 Deal W1 W1 W2 W2 W3 W3 W4 W4 W5 W5 W6 W6 W7",
         "Player 1 Deal B1 B1 B2 B2 B3 B3 B4 B4 B5 B5 B6 B6 B7", "Player 2 Deal T1 T1 T2 T2 T3 T3 T4 T4 T5 T5 T6 T6 T7",
         "Player 3 Deal F1 F1 F2 F2 F3 F3 F4 F4 J1 J1 J2 J2 J3"]


@pytest.mark.parametrize(("lines", "message"), [
    (["Player 0 Draw X9"], "line 7: 'X9' is not a tile (W1-W9, B1-B9, T1-T9, F1-F4, J1-J3)"),
    (["Player 1 Draw W8"], "line 7: Player 1 Draw W8: the round opens with Player 0 (East) drawing"),
    (["Player 0 Draw W8", "Player 0 Play W9"], "line 8: Player 0 plays W9 but holds 0 of it"),
    (["Player 0 Draw W8", "Player 0 Play W8", "Player 2 Chi T8"],
     "line 9: Player 2 Chi T8: only the next player, Player 1, can chow Player 0's discard"),
    (["Player 0 Draw W8", "Player 0 Play W8", "Player 1 Peng W8 Ignore Player 2 SKIP W8"],
     "line 9: 'Ignore Player 2 SKIP W8' is not 'Ignore Player <0-3> <CHI|PENG|GANG|HU> <tile>'"),
    (["Player 0 Draw W8", "Player 0 Play W8 Ignore Player 1 PENG W8"],
     "line 8: only a claim (Chi, Peng, Gang, Hu) is followed by Ignore clauses, not Play"),
    (["Player 0 Draw W8", "Player 0 Hu W8", "Score 0 0 0 0"], "line 9: a Score line follows the Fan or Huang line"),
    (["Player 0 Draw W8", "Player 0 Hu W9"], "line 8: Player 0 Hu W9: a self-draw's Hu line names the tile just drawn, W8"),
    (["Player 0 Draw W8", "Player 0 Play W8", "Huang", "Score 8 -8 0 0"],
     "line 10: Score 8 -8 0 0: a drawn round scores 0 0 0 0"),
    (["Player 0 Draw W8", "Player 0 Play W8"], "line 8: the log ends inside round bad, before its Score line"),
    (["Player 0 Deal W1"], "line 7: Player 0 is dealt twice"),
    (["Player 0 Draw W8", "Match next"], "line 8: a new round begins before round bad has its Fan or Huang and Score lines"),
    (["Player ٣ Draw W8"], "line 7: a Player line is 'Player <0-3> <action> <tile>'"),
    (["Player 0 Draw W8", "Player 0 Hu W8", "Fan ٨ 无番和*1"],
     "line 9: a Fan line is 'Fan <total> <breakdown>', the total a whole number of fans"),
    (["Player 0 Draw W8", "Player 0 Hu W8", "Fan 8 无番和*x"], "line 9: fan breakdown: '无番和*x' is not <name>*<count>"),
    (["Player 0 Draw W8", "Player 0 Play W8", "Player 1 Draw W8", "Player 1 AnGang W8"],
     "line 10: Player 1 declares a concealed kong of W8 but holds 1 of it"),
    (["Player 0 Draw W8", "Player 0 Play W8", "Player 1 Draw W9", "Player 1 Play W9", "Player 0 Draw W9"],
     "line 11: Player 0 Draw W9: after Player 1 plays, Player 2 draws"),
    (["Player 0 Draw W1", "Player 0 Play W1", "Player 1 Draw W1", "Player 1 Play W1", "Player 2 Draw W1"],
     "line 11: a fifth W1: there are only 4 of each tile"),
])
def test_a_malformed_line_is_named(lines: list[str], message: str) -> None:
    with pytest.raises(InputError) as refused:
        read_log("\n".join(ROUND + lines), "bad.log")
    assert str(refused.value) == f"bad.log {message}"


def test_a_score_line_that_does_not_pay_the_winner_is_refused() -> None:
    text = LOG.read_text(encoding="utf-8").split("\n\n")[0].replace("Score -25 -25 -25 75", "Score 75 -25 -25 -25")
    with pytest.raises(InputError) as refused:
        read_log(text, "x.log")
    assert str(refused.value) == ("x.log line 16: Score 75 -25 -25 -25: a self-draw of Fan 17 by Player 3 scores "
                                  "-25 -25 -25 75 (each pays 8 + 17; player order 0-3)")


def _run(*arguments: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(MJSCORE), *arguments], cwd=cwd, capture_output=True, text=True)


def test_the_command_writes_one_line_per_win_that_batch_scores(tmp_path: Path) -> None:
    done = _run("import", "botzone", str(LOG), "-o", "hands.jsonl", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "8 win(s) of 10 round(s) written to hands.jsonl" in done.stderr
    lines = [json.loads(line) for line in (tmp_path / "hands.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [line["match"] for line in lines] == ["selfdraw-1", "claimed-2", "robbing-3", "kong-4", "lasttile-6", "kongs-7",
                                                 "lastdiscard-8", "robbing-9"]
    scored = _run("batch", "hands.jsonl", "-o", "scores.jsonl", "--quiet", "--summary", cwd=tmp_path)
    assert scored.returncode == 0, scored.stderr
    results = [json.loads(line) for line in (tmp_path / "scores.jsonl").read_text(encoding="utf-8").splitlines()]
    # the recorded totals, but kongs-7: mjscore counts Two Melded Kongs 4 + Concealed Kong 2 for 明暗杠's 5
    assert [r.get("total") for r in results] == [17, 42, 13, 16, 21, 10, 16, 12]


def test_batch_still_refuses_other_unknown_keys(tmp_path: Path) -> None:
    line = {**_record(seat="E", round="E", concealed="123m 456m 789m 123p 5p", win_tile="5p", win="self_draw"),
            "recorded": {"total": 1}, "match": "m", "matchh": "typo"}
    (tmp_path / "in.jsonl").write_text(json.dumps(line) + "\n")
    _run("batch", "in.jsonl", "-o", "out.jsonl", "--quiet", cwd=tmp_path)
    assert json.loads((tmp_path / "out.jsonl").read_text()) == {"line": 1, "error": "matchh: unknown field"}


def test_a_bad_log_is_refused_in_one_line_and_nothing_is_written(tmp_path: Path) -> None:
    (tmp_path / "bad.log").write_text("\n".join(ROUND + ["Player 0 Draw W8", "Player 0 Play Q1", "Huang", "Score 0 0 0 0"]))
    (tmp_path / "hands.jsonl").write_text("kept\n")
    done = _run("import", "botzone", "bad.log", "-o", "hands.jsonl", cwd=tmp_path)
    refusal = "error: bad.log line 8: 'Q1' is not a tile (W1-W9, B1-B9, T1-T9, F1-F4, J1-J3)\n"
    assert (done.returncode, done.stderr) == (2, refusal)
    assert (tmp_path / "hands.jsonl").read_text() == "kept\n"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.log", "hands.jsonl"]


def test_bytes_that_are_not_utf8_and_a_missing_log_are_refused(tmp_path: Path) -> None:
    (tmp_path / "bin.log").write_bytes(b"Match 1\nWind \xff\n")
    done = _run("import", "botzone", "bin.log", "-o", "out.jsonl", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (2, "error: bin.log line 2: not UTF-8: byte 0xff at offset 5\n")
    done = _run("import", "botzone", "nothere.log", "-o", "out.jsonl", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (2, "error: cannot open nothere.log: No such file or directory\n")
    done = _run("import", "botzone", str(LOG), "-o", "nofolder/out.jsonl", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (2, "error: cannot write nofolder/out.jsonl: No such file or directory\n")
    assert not (tmp_path / "out.jsonl").exists()
    (tmp_path / "folder").mkdir()
    done = _run("import", "botzone", str(LOG), "-o", "folder", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (2, "error: Invalid value for '-o' / '--output': File 'folder' is a directory. "
                                                 "(see `mjscore import botzone --help`)\n")
    assert sorted(p.name for p in tmp_path.rglob("*")) == ["bin.log", "folder"]


EXAMPLE = LOG.read_text(encoding="utf-8").splitlines()
WORDS = ["Player", "0", "1", "2", "3", "4", "Draw", "Play", "Chi", "Peng", "Gang", "AnGang", "BuGang", "Hu", "Deal",
         "Ignore", "HU", "CHI", "W1", "B5", "T9", "F4", "J3", "H1", "Fan", "8", "Score", "-8", "Huang", "Match", "Wind"]


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_a_log_or_one_line(text: str) -> None:
    try:
        read_log(text, "x.log")
    except InputError as error:
        assert str(error).startswith(("x.log line ", "x.log holds no round")) and "\n" not in str(error)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, len(EXAMPLE) - 1), st.lists(st.sampled_from(WORDS), max_size=8))
def test_a_log_with_one_line_changed_is_read_or_refused_in_one_line(number: int, words: list[str]) -> None:
    lines = list(EXAMPLE)
    lines[number] = " ".join(words)
    try:
        log = read_log("\n".join(lines), "x.log")
    except InputError as error:
        assert str(error).startswith("x.log line ") and "\n" not in str(error)
    else:
        assert log.rounds >= 6


def test_a_failed_write_is_one_line_and_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The disk full as the output is put in place: one line, and no partial file is left."""

    def full(source: str, target: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(files.os, "replace", full)
    monkeypatch.chdir(tmp_path)
    result = CliRunner().invoke(app, ["import", "botzone", str(LOG), "-o", "hands.jsonl"])
    assert (result.exit_code, result.output) == (2, "error: cannot write hands.jsonl: No space left on device\n")
    assert list(tmp_path.iterdir()) == []


#: ``mjscore ARGUMENTS`` (``sys.argv[2:]``) run as the console script does; the names of the modules it
#: imported are written to the file ``sys.argv[1]``.
_LIST_MODULES = """
import sys
listing, sys.argv = sys.argv[1], ["mjscore", *sys.argv[2:]]
try:
    from mjscore.interfaces.cli import main
    main()
finally:
    with open(listing, "w", encoding="utf-8") as out:
        out.write("\\n".join(sorted(sys.modules)))
"""


def test_importing_a_log_loads_no_pydantic_and_no_scoring(tmp_path: Path) -> None:
    """Replaying a log needs the tiles and the hand's melds only: the statistics (and pydantic, which
    reads the recorded key back) are for ``stats --compare-recorded``."""
    listing = tmp_path / "modules.txt"
    done = subprocess.run([sys.executable, "-c", _LIST_MODULES, str(listing), "import", "botzone", str(LOG),
                           "-o", str(tmp_path / "hands.jsonl")], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    modules = listing.read_text(encoding="utf-8").split()
    assert "mjscore.interfaces.importers.botzone" in modules
    assert not [m for m in modules if m.startswith(("pydantic", "mjscore.scoring", "mjscore.interfaces.importers.recorded"))]
