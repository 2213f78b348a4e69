"""``mjscore import botzone`` on real logs: the Botzone data set's published sample (tests/data/botzone,
its README names the sources).

sample.txt is the sample as the data set published it (older exporter: a self-drawn win's Hu line names
the last tile played); sample-2026.txt is the same 16 rounds exported again (the Hu line names the tile
drawn), its fan names lost to ``?``. Every win must import, its Score line must be what its Fan line
pays, and mjscore's score of each record must agree with Botzone's: the total, the payments and, where
the names survive, every fan. pymahjonggb (the independent MCR calculator of tests/test_mcr_oracle.py)
scores each record too, as a check on the records themselves: the seat and round winds, the last tile
of its kind, the self-draw. There is no class of disagreement in this sample: the 5-fan 明暗杠 of docs/rulesets/mcr.md
comes up in no round of it, and its one naming difference (嵌张 for Closed Wait, 坎张 in the table) is an
alias of the importer, not a difference of scoring.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from tool_modules import load_tool

import mjscore
from mjscore.errors import InputError
from mjscore.interfaces.importers.botzone import ImportedWin, botzone_scores, parse_breakdown, read_log
from mjscore.scoring.statistics import award_ids_by_name

DATA = Path(__file__).resolve().parent / "data" / "botzone"
SAMPLE = DATA / "sample.txt"
REEXPORT = DATA / "sample-2026.txt"
MJSCORE = Path(sys.executable).parent / "mjscore"

oracle = load_tool("mcr_oracle")


def _text(path: Path) -> str:
    """The log as published, its CRLF line ends kept."""
    return path.read_bytes().decode("utf-8")


def _wins(path: Path) -> tuple[ImportedWin, ...]:
    return read_log(_text(path), path.name).wins


def _hand(win: ImportedWin) -> mjscore.Hand:
    return mjscore.Hand.from_dict(win.record)


@pytest.mark.parametrize("path", [SAMPLE, REEXPORT], ids=["sample", "sample-2026"])
def test_every_round_of_the_sample_is_read(path: Path) -> None:
    """The data set's README: the sample holds the first 16 rounds; two of them end in Huang."""
    log = read_log(_text(path), path.name)
    assert (log.rounds, log.drawn, len(log.wins)) == (16, 2, 14)
    assert _text(path).count("\r\nHuang\r\n") == 2


#: How a logged win differs from Botzone's ("" or the documented class: docs/rulesets/mcr.md), as
#: tools/validate.py compares it for docs/validation.md.
validate = load_tool("validate")
MELDED_AND_CONCEALED_KONG = "melded and concealed kong"
_disagreement = validate.botzone_difference


def test_every_win_of_the_sample_agrees_with_botzone_on_the_total_the_payments_and_every_fan() -> None:
    assert Counter(_disagreement(win) for win in _wins(SAMPLE)) == {"": 14}


def test_the_documented_class_is_told_apart_on_the_example_log() -> None:
    """examples/botzone-mcr.log (written by hand): round kongs-7 is the one melded and one concealed
    kong; there pymahjonggb sides with Botzone's 9, and mjscore scores 10 by decision."""
    log = Path(__file__).resolve().parents[1] / "examples" / "botzone-mcr.log"
    wins = read_log(log.read_text(encoding="utf-8"), log.name).wins
    classes = {win.match: _disagreement(win) for win in wins}
    assert Counter(classes.values()) == {"": 7, MELDED_AND_CONCEALED_KONG: 1}
    assert classes["kongs-7"] == MELDED_AND_CONCEALED_KONG
    (kongs,) = [win for win in wins if win.match == "kongs-7"]
    answer = oracle.MahjongGB.MahjongFanCalculator(*oracle.oracle_arguments(_hand(kongs)))
    assert (sum(points for points, _ in answer), kongs.total, mjscore.score(_hand(kongs)).total) == (9, 9, 10)


def test_the_sample_names_closed_wait_by_its_other_name() -> None:
    """The one name of the sample the table spells otherwise: 嵌张 (four wins), the table's 坎张."""
    names = Counter(name for win in _wins(SAMPLE) for name, _ in parse_breakdown(win.fans))
    ids = award_ids_by_name(mjscore.get_ruleset("mcr"))
    assert {name: count for name, count in names.items() if name not in ids} == {"嵌张": 4}


def test_pymahjonggb_scores_every_record_as_botzone_did() -> None:
    """The records themselves are right: pymahjonggb's total of each (its answer is the points of
    each fan, repeats included) is the recorded one, and it agrees with mjscore fan by fan (no
    documented exception comes up in the sample)."""
    for win in _wins(SAMPLE):
        hand = _hand(win)
        answer = oracle.MahjongGB.MahjongFanCalculator(*oracle.oracle_arguments(hand))
        assert sum(points for points, _ in answer) == win.total, win.match
        assert oracle.compare(hand).reason == "", win.match


def test_both_exports_give_the_same_hands() -> None:
    """The older export's self-drawn Hu lines name the last tile played (sample.txt line 278:
    ``Player 2 Hu B5`` after ``Player 1 Play B5`` and ``Player 2 Draw B3``), the newer one's the tile
    drawn (``Player 2 Hu B3``): read as the drawn tile winning, both give the same 14 hand records,
    totals and payments."""
    lines = _text(SAMPLE).splitlines()
    assert lines[275:278] == ["Player 1 Play B5", "Player 2 Draw B3", "Player 2 Hu B5"]
    assert _text(REEXPORT).splitlines()[277] == "Player 2 Hu B3"
    older, newer = _wins(SAMPLE), _wins(REEXPORT)
    assert [(w.match, w.record, w.total, w.scores) for w in older] == \
        [(w.match, w.record, w.total, w.scores) for w in newer]
    # each self-draw's Hu line, and the tile the Draw line above it names (B3, W3, B6, T8, B5, B5)
    self_drawn = [(w.line, w.record["win_tile"]) for w in older if w.record["win"] == "self_draw"]
    assert self_drawn == [(278, "3p"), (353, "3m"), (448, "6p"), (915, "8s"), (1105, "5p"), (1326, "5p")]


def test_the_reexport_agrees_on_totals_and_payments() -> None:
    """Its fan names are lost (``???*1``), so the totals and the payments are what can be compared."""
    for win in _wins(REEXPORT):
        score = mjscore.score(_hand(win))
        assert (score.total, validate.net(score)) == (win.total, win.scores), win.match


def _changed(number: int, line: str) -> str:
    """sample.txt with line ``number`` (1-based) replaced."""
    lines = _text(SAMPLE).splitlines()
    lines[number - 1] = line
    return "\n".join(lines)


@pytest.mark.parametrize(("number", "line", "message"), [
    (278, "Player 2 Hu W9", "line 278: Player 2 Hu W9: a self-draw's Hu line names the tile just drawn, B3, "
                            "or the last tile played, B5"),
    (280, "Score -22 -22 67 -23", "line 280: Score -22 -22 67 -23: a self-draw of Fan 14 by Player 2 scores "
                                  "-22 -22 66 -22 (each pays 8 + 14; player order 0-3)"),
    (279, "Fan 15 不求人*1+和绝张*1+四归一*1+连六*1+缺一门*1+无字*1+嵌张*2", "line 280: Score -22 -22 66 -22: a "
          "self-draw of Fan 15 by Player 2 scores -23 -23 69 -23 (each pays 8 + 15; player order 0-3)"),
    (105, "Score -8 33 -8 -17", "line 105: Score -8 33 -8 -17: Fan 9 won by Player 1 on Player 2's tile scores "
                                "-8 33 -17 -8 (Player 2 pays 8 + 9, the others 8; player order 0-3)"),
])
def test_a_round_whose_lines_disagree_is_refused_in_one_line(number: int, line: str, message: str) -> None:
    with pytest.raises(InputError) as refused:
        read_log(_changed(number, line), "sample.txt")
    assert str(refused.value) == f"sample.txt {message}"


def _run(*arguments: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(MJSCORE), *arguments], cwd=cwd, capture_output=True, text=True)


def test_the_commands_import_score_and_compare_the_sample(tmp_path: Path) -> None:
    """The README's three commands on the sample: import, batch, stats --compare-recorded."""
    done = _run("import", "botzone", str(SAMPLE), "-o", "hands.jsonl", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (
        0, "14 win(s) of 16 round(s) written to hands.jsonl; 2 drawn round(s) have no line\n")
    assert len((tmp_path / "hands.jsonl").read_text(encoding="utf-8").splitlines()) == 14
    done = _run("batch", "hands.jsonl", "-o", "scores.jsonl", "--quiet", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    done = _run("stats", "--compare-recorded", "hands.jsonl", "scores.jsonl", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "all three agree: 14 of 14 (100.0%)" in done.stdout


@pytest.mark.parametrize("text", ["", "\n\n  \r\n"], ids=["empty", "blank lines"])
def test_a_log_without_a_round_is_refused_and_nothing_is_written(tmp_path: Path, text: str) -> None:
    (tmp_path / "empty.log").write_text(text)
    done = _run("import", "botzone", "empty.log", "-o", "hands.jsonl", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (
        2, "error: empty.log holds no round: a Botzone log is rounds that each open with 'Match <id>'\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["empty.log"]


def test_botzone_scores_pays_as_mcr_does() -> None:
    """Worked from the MCR rule: 9 fans won by Player 1 on Player 2's discard: Player 2 pays 8 + 9,
    Players 0 and 3 pay 8, Player 1 wins 17 + 16. 14 fans self-drawn by Player 2: each pays 22."""
    assert botzone_scores(1, 2, 9) == (-8, 33, -17, -8)
    assert botzone_scores(2, None, 14) == (-22, -22, 66, -22)


SAMPLE_LINES = _text(SAMPLE).split("\r\n")
WORDS = ["Player", "0", "2", "3", "Draw", "Play", "Chi", "Peng", "Gang", "BuGang", "Hu", "Ignore", "HU", "B5", "B3",
         "W7", "T2", "J1", "Fan", "14", "嵌张*1", "Score", "-22", "66", "Huang", "Match", "Wind", "\r"]


@settings(max_examples=200, deadline=None)
@given(st.integers(0, len(SAMPLE_LINES) - 1), st.lists(st.sampled_from(WORDS), max_size=8))
def test_the_sample_with_one_line_changed_is_read_or_refused_in_one_line(number: int, words: list[str]) -> None:
    lines = list(SAMPLE_LINES)
    lines[number] = " ".join(words)
    try:
        log = read_log("\r\n".join(lines), "x.log")
    except InputError as error:
        assert str(error).startswith("x.log line ") and "\n" not in str(error)
    else:
        assert log.rounds == 16  # a round is read whole, or the log is refused
