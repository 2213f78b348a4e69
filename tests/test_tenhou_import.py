"""``mjscore import tenhou``: Tenhou's riichi game logs replayed into hand records, each win checked.

tests/data/tenhou holds real Tenhou rounds as mjai-reviewer vendors them for its converter's tests (its
README names the source, the licence and what each round shows: a robbed kan, a double ron, kans and
four kans, calls whose order is ambiguous, a riichi tsumo on a kan's replacement). Two hand records are
worked out from the log by hand below; every win of every file is then scored by mjscore under the
``riichi-tenhou`` preset and must agree with what the log states: the han, the fu where stated, the
yaku (dora by count), and what each player pays by the stated points. The deltas, less the honba and the
riichi sticks, must be those points too, but for one round whose deltas leave out a riichi stick (the
README: a statement of the log against itself, not of the scoring).
"""

from __future__ import annotations

import json
import subprocess
import sys
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mjscore
from mjscore.errors import InputError
from mjscore.interfaces.importers.tenhou import TENHOU_YAKU, Call, TenhouWin, read_log
from mjscore.rulesets import preset
from mjscore.tiles import format_tiles, parse_tiles

DATA = Path(__file__).resolve().parent / "data" / "tenhou"
MJSCORE = Path(sys.executable).parent / "mjscore"
RULES = mjscore.resolve_ruleset("riichi", preset("riichi-tenhou"))

#: The one round whose deltas do not follow from its points, honba and riichi sticks (README).
DELTAS_WITHOUT_A_STICK = {"confusing_nakis_1.json 東2局2本場"}


def _wins(name: str) -> list[TenhouWin]:
    path = DATA / name
    return list(read_log(path.read_text(encoding="utf-8"), path.name).wins)


def _all_wins() -> list[TenhouWin]:
    return [win for path in sorted(DATA.glob("*.json")) for win in _wins(path.name)]


def _concealed(text: str) -> str:
    return format_tiles(parse_tiles(text))


def test_calls_are_read_with_the_seat_they_claim_from() -> None:
    # the letter's place: first the player before (3 seats on), second the one opposite, last the next
    assert Call.parse("c275226", "") == Call("c", (27, 52, 26), 3)
    assert [Call.parse(t, "").source for t in ("p474747", "47p4747", "4747p47")] == [3, 2, 1]
    assert [Call.parse(t, "").source for t in ("m39393939", "39m393939", "222222m22")] == [3, 2, 1]
    assert Call.parse("3636k3636", "").tiles[0] == 36 and Call.parse("161616a16", "").letter == "a"


def test_a_riichi_tsumo_on_a_kans_replacement_worked_by_hand() -> None:
    """rinshan.json, South 2 (kyoku 5: player 1 deals), player 3 (West). Dealt 33m 6m 7m 4p 1s 2s 3s 5s 5s(red)
    99s; draws 2p (throws 1s), 9m (thrown), 5p (9s), 5s (9s), 6m (2p), 6m (riichi on 7m): 33m 666m 45p 123s 555s.
    1m and 8p thrown, a fourth 6m drawn: a closed kan (161616a16), and the replacement 6p wins. The table:
    34 discards (8 + 9 + 9 + 8, no call), 36 draws of 70. Indicators 2s and 1m: dora 3s (one); ura W and 8s.
    The log: 満貫2000-4000点, riichi, rinshan, menzen tsumo, dora 1, aka 1."""
    (win,) = _wins("rinshan.json")
    assert win.imported.record == {
        "ruleset": "riichi", "seat": "W", "round": "S", "concealed": _concealed("33m 45p 123555s"),
        "melds": [{"kind": "kong", "tiles": "6666m", "concealed": True}], "win_tile": "6p", "win": "self_draw",
        "replacement": "gong", "last_tile": False, "discards": 34, "declared_tiles": 4, "ready_declared": True,
        "heavenly": False, "earthly": False, "ippatsu": False, "dora_indicators": ["2s", "1m"],
        "ura_dora_indicators": ["W", "8s"], "red_fives": ["5s"]}
    # 満貫 2000-4000 by seat (E, S, W, N; player 1 deals, so player 0 sits North): the dealer 4000, South and
    # North 2000; the deltas, by player [-2000, -4000, -2000, 9000], add West's own riichi stick
    assert (win.stated.limit, win.stated.paid, win.imported.scores) == ("満貫", (4000, 2000, 0, 2000),
                                                                         (-4000, -2000, 8000, -2000))
    assert (win.imported.total, win.imported.fans) == (5, "riichi*1+rinshan*1+menzen_tsumo*1+dora*1+aka_dora*1")
    assert win.moved == win.imported.scores


def test_a_robbed_kan_worked_by_hand() -> None:
    """chankan.json, East 1, player 2 (West). Dealt 3m 5m 5m(red) 7m 6p 2s 5s 5s(red) 8s E E W P; draws 6p, 6m, 3m,
    4s, 2p, 5m, 5s, E, C, 9p and throws 8s, 2s, W, P, 2p, 5s, 5s, 6p, C, 9p; pons East's 3m (13p1313, the letter
    second: the player opposite) and throws 6p: 555m 67m 45s EEE beside 333m. North adds 6s to its pon of East's
    6s (3636k3636) and West robs it. 44 discards less the 3m and 6s claimed: 42; declared 333m and 666s (the
    robbed kan a pon again): 6. Indicator 3s: dora 4s. The log: 満貫8000点, chankan, round wind East, dora 1,
    aka 2: 30 fu (20, 333m open 2, EEE closed honour 8) and 5 han."""
    (win,) = _wins("chankan.json")
    assert win.imported.record == {
        "ruleset": "riichi", "seat": "W", "round": "E", "concealed": _concealed("55567m 45s EEE"),
        "melds": [{"kind": "pung", "tiles": "333m"}], "win_tile": "6s", "win": "robbing_gong", "discarder": "N",
        "replacement": False, "last_tile": False, "discards": 42, "declared_tiles": 6, "ready_declared": False,
        "heavenly": False, "earthly": False, "ippatsu": False, "dora_indicators": ["3s"], "ura_dora_indicators": [],
        "red_fives": ["5m", "5s"]}
    assert (win.stated.paid, win.imported.scores) == ((0, 0, 0, 8000), (0, 0, 8000, -8000))


def _net(score: mjscore.Score) -> tuple[int, ...]:
    seats = "ESWN"
    net = [0, 0, 0, 0]
    for payment in score.payments:
        net[seats.index(payment.payer)] -= payment.amount
        net[seats.index(payment.payee)] += payment.amount
    return tuple(net)


@pytest.mark.parametrize("win", _all_wins(), ids=lambda w: w.imported.match)
def test_every_win_is_scored_as_the_log_states(win: TenhouWin) -> None:
    score = mjscore.score(mjscore.Hand.from_dict(win.imported.record), RULES)
    assert score.is_legal and score.value is not None
    # the yaku, dora counted, a yaku once; the han (or yakuman) and the payments of the stated points
    assert Counter({a.id: a.count for a in score.awards}) == \
        Counter({award: han if award in ("dora", "ura_dora", "aka_dora") else 1 for award, han in win.yaku})
    assert score.total == win.imported.total
    assert _net(score) == win.imported.scores
    if win.stated.fu is not None:
        assert (score.value.fu, score.value.han) == (win.stated.fu, win.stated.han)
    if win.imported.match not in DELTAS_WITHOUT_A_STICK:
        assert win.moved == win.imported.scores


def test_the_files_hold_the_wins_and_draws_the_readme_lists() -> None:
    wins = _all_wins()
    assert len(wins) == 19  # two double rons: double_ron and suukantsu_1
    # mangan: chankan, rinshan; haneman: double_ron, ranked_game; baiman and two yakuman: suukantsu_0 and _1
    assert Counter(w.stated.limit for w in wins) == {None: 12, "満貫": 2, "跳満": 2, "倍満": 1, "役満": 2}
    logs = {p.name: read_log(p.read_text(encoding="utf-8"), p.name) for p in DATA.glob("*.json")}
    assert sum(log.rounds for log in logs.values()) == 22  # ranked_game 3, suukantsu_1 2, the others 1 each
    drawn = {name: log.drawn for name, log in logs.items()}
    assert sorted(name for name, count in drawn.items() if count) == [
        "confusing_nakis_0.json", "confusing_nakis_6.json", "four_reach.json", "kyushukyuhai.json", "ryukyoku.json"]
    # the one known stick left out of a round's deltas: player 2's riichi, 1000 the winner's deltas lack
    (odd,) = [w for w in wins if w.imported.match in DELTAS_WITHOUT_A_STICK]
    assert odd.moved[3] - odd.imported.scores[3] == -1000


def test_every_yaku_name_maps_to_a_row_of_the_riichi_table() -> None:
    assert set(TENHOU_YAKU.values()) <= {award.id for award in RULES.awards}


ROUND = json.loads((DATA / "complex_nakis_1.json").read_text(encoding="utf-8"))


def _changed(path: tuple[Any, ...], value: Any) -> str:
    data = json.loads(json.dumps(ROUND))
    place = data
    for key in path[:-1]:
        place = place[key]
    place[path[-1]] = value
    return json.dumps(data, ensure_ascii=False)


@pytest.mark.parametrize(("path", "value", "message"), [
    (("log", 0, 4, 0), 10, "round 1 (東1局0本場): player 0's dealt tiles: 10 is not a tile (11-19, 21-29, 31-39, "
                          "41-47, 51-53)"),
    (("log", 0, 4), [11, 12], "round 1 (東1局0本場): player 0's dealt tiles: [11, 12] is not a list of 13 values"),
    (("log", 0, 5, 0), "x4747", "round 1 (東1局0本場): player 0's draws entry 1: 'x4747' is not a call (a letter c, "
                                "p, m, k or a among two-digit tiles)"),
    (("log", 0, 5, 0), "c474747", "round 1 (東1局0本場): player 0's draws entry 1: 'c474747' is not a chi of three "
                                  "tiles in a row of one suit"),
    (("log", 0, 6, 0), "p474747", "round 1 (東1局0本場): player 0's discards entry 1: 'p474747' belongs in the draws"),
    (("log", 0, 16, 0), "勝ち", "round 1 (東1局0本場): result '勝ち': 和了 or a draw (流局, 九種九牌, 四家立直, 三家和了, "
                              "四槓散了, 四風連打, 流し満貫)"),
    (("log", 0, 16, 2, 3), "30符2飜", "round 1 (東1局0本場): points \"30符2飜\" are not <fu>符<han>飜<points>点 or "
                                      "<limit><points>点"),
    (("log", 0, 16, 2, 4), "役牌 紅(1飜)", "round 1 (東1局0本場): yaku '役牌 紅(1飜)': '役牌 紅' is not one of Tenhou's yaku"),
    (("log", 0, 16, 2, 1), 2, "round 1 (東1局0本場): the draws and discards cannot be played in any order that ends "
                              "in the result"),
    (("log", 0, 0), [0, 0], "round 1 (東1局0本場): round [kyoku, honba, deposits]: [0, 0] is not a list of 3 values"),
    (("log",), [], "not a Tenhou log: a JSON object whose \"log\" lists the rounds"),
])
def test_a_log_that_cannot_be_is_refused_in_one_line(path: tuple[Any, ...], value: Any, message: str) -> None:
    with pytest.raises(InputError) as refused:
        read_log(_changed(path, value), "bad.json")
    assert str(refused.value) == f"bad.json {message}".replace("bad.json not", "bad.json: not")


def test_a_discard_the_player_does_not_hold_is_refused() -> None:
    # player 0 is dealt one 9m and throws it fourth; thrown first instead of 1p, it is gone by the fourth
    text = _changed(("log", 0, 6, 0), 19)
    with pytest.raises(InputError) as refused:
        read_log(text, "bad.json")
    assert str(refused.value) == "bad.json round 1 (東1局0本場): player 0's discards entry 4: player 0 discards 9m " \
                                 "but does not hold it"


@settings(max_examples=200, deadline=None)
@given(st.integers(0, len(json.dumps(ROUND)) - 1), st.sampled_from(list('0123456789[],"cpmkar和了')))
def test_a_log_with_one_character_changed_is_read_or_refused_in_one_line(at: int, character: str) -> None:
    text = json.dumps(ROUND, ensure_ascii=False)
    try:
        read_log(text[:at] + character + text[at + 1:], "x.json")
    except InputError as error:
        assert str(error).startswith("x.json") and "\n" not in str(error)


@settings(max_examples=200, deadline=None)
@given(st.recursive(st.none() | st.integers(-5, 70) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=18), max_leaves=60))
def test_any_json_is_a_log_or_one_line(log: Any) -> None:
    try:
        read_log(json.dumps({"log": [log]}), "x.json")
    except InputError as error:
        assert str(error).startswith("x.json") and "\n" not in str(error)


def _run(*arguments: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(MJSCORE), *arguments], cwd=cwd, capture_output=True, text=True)


def test_the_commands_import_score_and_compare_a_log(tmp_path: Path) -> None:
    done = _run("import", "tenhou", str(DATA / "ranked_game.json"), "-o", "hands.jsonl", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (0, "3 win(s) of 3 round(s) written to hands.jsonl; 0 drawn round(s) "
                                                 "have no line; score them with --rules riichi-tenhou\n")
    lines = [json.loads(line) for line in (tmp_path / "hands.jsonl").read_text(encoding="utf-8").splitlines()]
    # East 1 (player 0 deals): player 3 (North) rons player 2 (West), 7700; East 2 (player 1 deals): the dealer's
    # self-draw, 3900 each; East 2, 1 honba: the dealer rons player 2 (South), 18000 (the deltas' 18300 less 300)
    assert [(line["seat"], line["recorded"]["scores"]) for line in lines] == [
        ("N", [0, 0, -7700, 7700]), ("E", [11700, -3900, -3900, -3900]), ("E", [18000, -18000, 0, 0])]
    assert lines[0]["match"] == "2019050417gm-0029-0000-4f2a8622 東1局0本場"
    done = _run("batch", "hands.jsonl", "-o", "scores.jsonl", "--rules", "riichi-tenhou", "--quiet", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    done = _run("stats", "--compare-recorded", "hands.jsonl", "scores.jsonl", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    assert "all three agree: 3 of 3 (100.0%)" in done.stdout


def test_a_bad_log_is_refused_in_one_line_and_nothing_is_written(tmp_path: Path) -> None:
    (tmp_path / "bad.json").write_text(_changed(("log", 0, 4, 0), 10), encoding="utf-8")
    (tmp_path / "hands.jsonl").write_text("kept\n")
    done = _run("import", "tenhou", "bad.json", "-o", "hands.jsonl", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (2, "error: bad.json round 1 (東1局0本場): player 0's dealt tiles: 10 is "
                                                 "not a tile (11-19, 21-29, 31-39, 41-47, 51-53)\n")
    assert (tmp_path / "hands.jsonl").read_text() == "kept\n"
    (tmp_path / "text.json").write_text("{log")
    done = _run("import", "tenhou", "text.json", "-o", "out.jsonl", cwd=tmp_path)
    assert done.returncode == 2 and done.stderr.startswith("error: text.json: not a Tenhou log: not JSON")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.json", "hands.jsonl", "text.json"]


def test_importing_a_log_loads_no_pydantic_and_no_scoring(tmp_path: Path) -> None:
    """Replaying a log needs the tiles and the hand's melds only, as for Botzone's and Mahjongsoft's."""
    from test_mahjongsoft_import import _LIST_MODULES

    listing = tmp_path / "modules.txt"
    done = subprocess.run([sys.executable, "-c", _LIST_MODULES, str(listing), "import", "tenhou",
                           str(DATA / "suukantsu_1.json"), "-o", str(tmp_path / "hands.jsonl")], capture_output=True,
                          text=True, check=False)
    assert done.returncode == 0, done.stderr
    modules = listing.read_text(encoding="utf-8").split()
    assert "mjscore.interfaces.importers.tenhou" in modules
    assert not [m for m in modules if m.startswith(("pydantic", "mjscore.scoring"))]


def test_a_round_too_long_to_replay_is_refused_in_one_line() -> None:
    """Forty draws and discards for each player (more than a round holds: 70 draws in all), with the
    interpreter's stack made short: the search's depth is refused, not a traceback."""
    dealt = [[11, 12, 13, 14, 15, 16, 17, 18, 19, 21, 22, 23, 24], [31, 32, 33, 34, 35, 36, 37, 38, 39, 25, 26, 27, 28],
             [11, 12, 13, 14, 15, 16, 17, 18, 19, 29, 41, 42, 43], [31, 32, 33, 34, 35, 36, 37, 38, 39, 44, 45, 46, 47]]
    round_data: list[Any] = [[0, 0, 0], [25000] * 4, [11], []]
    for tiles in dealt:
        round_data += [tiles, [29] * 40, [60] * 40]
    round_data.append(["和了", [0, 0, 0, 0], [0, 0, 0, "30符1飜1000点", "立直(1飜)"]])
    limit = sys.getrecursionlimit()
    sys.setrecursionlimit(300)
    try:
        with pytest.raises(InputError, match=r"^x\.json round 1 \(東1局0本場\): too many draws and discards to replay$"):
            read_log(json.dumps({"log": [round_data]}), "x.json")
    finally:
        sys.setrecursionlimit(limit)
