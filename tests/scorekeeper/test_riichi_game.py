"""A riichi game on the ledger (issue 43): starting points, riichi sticks, honba, dealer repeats, tenpai
payments, the end of a hanchan and uma/oka, as the presets' rule books set them.

The rule book is the WRC's (World Riichi Championship Rules, rule book 2015, S. Malbec; the 2022
edition keeps these): 4.1 starting points 30,000; 5.7.2 the noten players pay 3,000 between them to the
tenpai players; 5.7.7 each continuance counter (honba) adds 300 to a ron, 100 from each to a tsumo, a
counter is added after a dealer win or an exhaustive draw and all go when another player wins; 5.7.8
the dealer stays after a win or tenpai at an exhaustive draw; 5.8 after the South round the game ends;
6.1 the riichi sticks on the table go to the winner; 5.9.2 the score is (points - 30,000) / 1,000 +
uma, uma +15/+5/-5/-15. M-League's (Mリーグ公式ルール): 25,000 start, 30,000 return, uma +30/+10/-10/-30.

Every number below was worked out by hand from those sections, never read from the engine. The one hand
used is H: 123m 456p 789s 23s 55m, won on 4s (a two-sided wait on 1s/4s; the pair 55m is no value
pair), so pinfu; won on a discard it is pinfu 1 han 30 fu (riichi 2 han 30 fu), by self-draw pinfu and
menzen tsumo 2 han 20 fu. The WRC points table (6.1): base = fu × 2^(han + 2), rounded up to 100 per
payment: 1 han 30 fu base 240: a non-dealer's ron 960 -> 1,000, a dealer's ron 1,440 -> 1,500;
2 han 30 fu base 480: non-dealer ron 1,920 -> 2,000; 2 han 20 fu base 320: a dealer's tsumo 640 -> 700
from each.
"""

from __future__ import annotations

import json
import shlex
import shutil
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import pytest
from click.testing import CliRunner
from test_keeper_docs import ROOT, commands

from mjscore.errors import TableError
from mjscore.interfaces.cli import app
from mjscore.scorekeeper import Scorekeeper, TableSettings
from mjscore.scorekeeper import points as game
from mjscore.scorekeeper.ledger import describe
from mjscore.scoring.ruleset import PointsGame

A, B, C, D = PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
H_RON: dict[str, Any] = {"concealed": "123m 456p 789s 23s 55m", "win_tile": "4s", "win": "discard",
                         "dora_indicators": "9p"}
H_TSUMO: dict[str, Any] = {**H_RON, "win": "self_draw"}
WRC = PointsGame(start=30000, target=30000, leftover="lost")
EMA = PointsGame(start=30000, target=30000, leftover="first")
MLEAGUE = PointsGame(start=25000, target=30000, uma=(30000, 10000, -10000, -30000), uma_ties="seat")


# ----- the arithmetic, as pure functions


def test_tenpai_payments_share_3000_between_noten_and_tenpai_players() -> None:
    # WRC 5.7.2: one tenpai takes 1,000 from each of three; two take 1,500 each (750 from each noten
    # to each tenpai); three take 1,000 each from the one noten; none or all: nothing changes hands.
    assert game.noten_payments(WRC, [2]) == [(0, 2, 1000), (1, 2, 1000), (3, 2, 1000)]
    assert game.noten_payments(WRC, [0, 3]) == [(1, 0, 750), (1, 3, 750), (2, 0, 750), (2, 3, 750)]
    assert game.noten_payments(WRC, [0, 1, 3]) == [(2, 0, 1000), (2, 1, 1000), (2, 3, 1000)]
    assert game.noten_payments(WRC, []) == [] and game.noten_payments(WRC, [0, 1, 2, 3]) == []


def test_honba_and_sticks() -> None:
    # WRC 5.7.7: 3 counters on a ron: 900 from the discarder; on a tsumo: 300 from each of the three.
    assert game.counter_payments(WRC, 3, 1, 2) == [(2, 1, 900)]
    assert game.counter_payments(WRC, 3, 1, None) == [(0, 1, 300), (2, 1, 300), (3, 1, 300)]
    assert game.counter_payments(WRC, 0, 1, 2) == []
    # 6.1: the winner takes every stick; their own come back unpaid.
    assert game.deposit_payments(WRC, (1, 1, 0, 2), 1) == [(0, 1, 1000), (3, 1, 2000)]


def test_places_uma_and_oka() -> None:
    # WRC 5.9.2: ties share the uma of the places they hold: two tied second get (5,000 - 5,000) / 2.
    assert game.places(WRC, [40000, 30000, 30000, 20000]) == ((0,), (1, 2), (3,))
    assert game.final_scores(WRC, [40000, 30000, 30000, 20000]) == (25000, 0, 0, -25000)
    # M-League: a tie goes to the player nearer the first dealer; oka 4 × 5,000 = 20,000 to first.
    assert game.places(MLEAGUE, [30000, 30000, 20000, 20000]) == ((0,), (1,), (2,), (3,))
    assert game.final_scores(MLEAGUE, [30000, 30000, 20000, 20000]) == (50000, 10000, -20000, -40000)


def test_sticks_left_at_the_end_go_to_first_place_or_are_lost() -> None:
    # Balances +9,000 / -1,000 / -3,000 / -3,000 with Bob's and Cat's sticks still on the table:
    # points in play 39,000 / 28,000 / 26,000 / 27,000; Ann, first, takes the 2,000 (EMA): 41,000 /
    # 29,000 / 26,000 / 27,000 final (Bob's and Cat's sticks were already off their points in play).
    paid = dict(game.final_payments(EMA, [9000, -1000, -3000, -3000], (0, 1, 1, 0)))
    assert paid[game.LEFTOVER] == [(1, 0, 1000), (2, 0, 1000)]
    # uma: Ann +15,000, Bob +5,000, Dan -5,000, Cat -15,000; settled as payments that square them.
    assert sorted(paid[game.UMA]) == sorted([(2, 0, 15000), (3, 1, 5000)])
    assert paid[game.OKA] == []
    # WRC (our reading): nobody takes them; the table keeps them (payee None), the places stand.
    paid = dict(game.final_payments(WRC, [9000, -1000, -3000, -3000], (0, 1, 1, 0)))
    assert paid[game.LEFTOVER] == [(1, None, 1000), (2, None, 1000)]
    assert sorted(paid[game.UMA]) == sorted([(2, 0, 15000), (3, 1, 5000)])


def test_a_player_below_zero_ends_the_game_only_where_the_preset_says() -> None:
    tenhou = PointsGame(start=25000, target=30000, bust_ends=True)
    assert game.busted(tenhou, [50000, 40000, 10100, -100]) and not game.busted(tenhou, [50000, 40000, 10000, 0])
    assert not game.busted(WRC, [50000, 40000, 10100, -100])  # WRC 6.1: the game continues


# ----- a hanchan on the ledger


def _hanchan(keeper: Scorekeeper, table: int, seats: Sequence[str] = PLAYERS) -> None:
    """The hanchan's entries, the players named by seat (``seats``: East first, as Ann, Bob, Cat,
    Dan); the comments give each hand's payments and the balances after it."""
    A, B, C, D = seats  # noqa: N806  (the module's names for the four seats)
    # E1, Ann deals: Bob riichi, Bob ron off Cat: riichi pinfu 2,000; Bob's stick comes back. 0/+2000/-2000/0.
    keeper.record_riichi(table, B)
    keeper.record_win(table, H_RON, B, C)
    # E2, Bob deals: Ann and Dan riichi; exhaustive draw, Ann, Bob, Dan tenpai: Cat pays 1,000 to each.
    # Bob (dealer) tenpai stays, 1 honba. +1000/+3000/-5000/+1000, sticks Ann 1, Dan 1.
    keeper.record_riichi(table, A)
    keeper.record_riichi(table, D)
    keeper.record_draw(table, tenpai=[A, B, D])
    # E2-1, Bob tsumo: dealer pinfu tsumo 700 all, +100 each honba, both sticks: Ann and Dan pay 1,800,
    # Cat 800. -800/+7400/-5800/-800; Bob stays, 2 honba.
    keeper.record_win(table, H_TSUMO, B)
    # E2-2, Cat ron off Bob: pinfu 1,000 + 600 honba. -800/+5800/-4200/-800; the deal passes, 0 honba.
    keeper.record_win(table, H_RON, C, B)
    # E3, Cat deals: exhaustive draw, nobody tenpai: no payment, 1 honba, Cat noten: the deal passes.
    keeper.record_draw(table)
    # E4, Dan deals, 1 honba: Ann riichi; Dan ron off Ann: dealer pinfu 1,500 + 300, and Ann's stick.
    # -3600/+5800/-4200/+2000; Dan stays, 2 honba.
    keeper.record_riichi(table, A)
    keeper.record_win(table, H_RON, D, A)
    # E4-2, Bob ron off Dan: 1,000 + 600. -3600/+7400/-4200/+400; the South round begins, 0 honba.
    keeper.record_win(table, H_RON, B, D)
    # S1, Ann deals: Ann ron off Cat: 1,500. -2100/+7400/-5700/+400; Ann stays, 1 honba.
    keeper.record_win(table, H_RON, A, C)
    # S1-1: exhaustive draw, Bob alone tenpai: 1,000 from each. -3100/+10400/-6700/-600; Ann noten:
    # Bob deals, 2 honba.
    keeper.record_draw(table, tenpai=[B])
    # S2, Bob deals: Cat riichi; Dan ron off Bob: 1,000 + 600 and Cat's stick. -3100/+8800/-7700/+2000.
    keeper.record_riichi(table, C)
    keeper.record_win(table, H_RON, D, B)
    # S3, Cat deals, 0 honba: Bob riichi; draw, Bob alone tenpai. -4100/+11800/-8700/+1000; Bob's stick
    # stays; Cat noten: Dan deals, 1 honba.
    keeper.record_riichi(table, B)
    keeper.record_draw(table, tenpai=[B])
    # S4, Dan deals: Dan riichi; draw, Dan alone tenpai: -5100/+10800/-9700/+4000; Dan stays, 2 honba,
    # sticks Bob 1, Dan 1.
    keeper.record_riichi(table, D)
    keeper.record_draw(table, tenpai=[D])


def test_a_wrc_hanchan_worked_by_hand(keeper: Scorekeeper) -> None:
    table = keeper.create_table(TableSettings.of("", PLAYERS, "riichi", {})).id
    _hanchan(keeper, table)
    view = keeper.table(table)
    assert view.ledger.points == (-5100, 10800, -9700, 4000)
    deal = view.deal
    assert (deal.round_wind, deal.dealer, deal.honba, deal.sticks, deal.over) == ("S", 3, 2, (0, 1, 0, 1), False)
    assert game.in_play(WRC, view.ledger.points, deal.sticks) == (24900, 39800, 20300, 33000)
    # S4-2, Cat ron off Ann: 1,000 + 600, and Bob's and Dan's sticks. -6700/+9800/-6100/+3000: the
    # last dealer lost the deal, the hanchan is over. Final points 23,300 / 39,800 / 23,900 / 33,000:
    # Bob first +15,000, Dan +5,000, Cat -5,000, Ann -15,000, no oka (30,000 start and return):
    # -21,700 / +24,800 / -11,100 / +8,000 (session scores -21.7 / +24.8 / -11.1 / +8.0).
    view = keeper.record_win(table, H_RON, C, A)
    assert view.deal.over
    assert view.ledger.points == (-21700, 24800, -11100, 8000)
    last = view.ledger.steps[-1]
    assert {t.reason for t in last.transfers} == {"hand", game.COUNTERS, game.DEPOSITS, game.UMA}
    assert describe(last, PLAYERS).endswith(", the game ends")
    with pytest.raises(TableError, match="the game is over: the South round has ended"):
        keeper.record_draw(table)
    # Undo takes the last hand back, uma and all; recording it again ends the game as before.
    view = keeper.undo(table)
    assert view.ledger.points == (-5100, 10800, -9700, 4000) and not view.deal.over
    view = keeper.record_win(table, H_RON, C, A)
    assert view.ledger.points == (-21700, 24800, -11100, 8000)


def test_the_same_hanchan_under_mleague_has_oka_and_its_uma(keeper: Scorekeeper) -> None:
    from mjscore.rulesets import named_house_rules

    rules = named_house_rules(Path("mleague"), "riichi")
    table = keeper.create_table(TableSettings.of("", PLAYERS, "riichi", rules)).id
    _hanchan(keeper, table)
    view = keeper.record_win(table, H_RON, C, A)
    # Final points 18,300 / 34,800 / 18,900 / 28,000 (25,000 start); points - 30,000, uma
    # +30,000/+10,000/-10,000/-30,000 and the oka 20,000 to Bob: -41,700 / +54,800 / -21,100 / +8,000.
    assert view.ledger.points == (-41700, 54800, -21100, 8000)


def test_a_correction_moves_the_later_hands(keeper: Scorekeeper) -> None:
    table = keeper.create_table(TableSettings.of("", PLAYERS, "riichi", {})).id
    keeper.record_riichi(table, B)
    keeper.record_win(table, H_RON, B, C)  # entry 2: 2,000 from Cat, the deal passes to Bob
    keeper.record_win(table, H_RON, C, D)  # entry 3: Cat ron off Dan, 1,000 (Bob deals, 0 honba)
    # Entry 2 was really Ann's (the dealer's) ron off Cat, without riichi: dealer pinfu 1,500 from Cat,
    # and Bob's stick goes to Ann.
    view = keeper.record_win(table, H_RON, A, C, correct=2)
    # Ann stays, 1 honba: entry 3 is now Cat's ron with 300 more. Ann +2500, Bob -1000, Cat -1500 + 1300.
    assert view.ledger.points == (2500, -1000, -200, -1300)
    assert (view.deal.dealer, view.deal.honba) == (1, 0)


def test_bad_riichi_input_is_refused_and_nothing_is_written(keeper: Scorekeeper) -> None:
    table = keeper.create_table(TableSettings.of("", PLAYERS, "riichi", {})).id
    keeper.record_riichi(table, B)
    version = keeper.version(table)
    for attempt, message in [
        (lambda: keeper.record_riichi(table, B), "Bob has already declared riichi this hand"),
        (lambda: keeper.record_draw(table, tenpai=[A]), "Bob declared riichi, so they are tenpai at the draw"),
        (lambda: keeper.record_draw(table, tenpai=["Eve"]), "no player called 'Eve' at this table"),
        (lambda: keeper.record_draw(table, tenpai=[B, B]), "Bob is named twice among the tenpai players"),
        (lambda: keeper.record_draw(table, abortive=True), "this table's rules play no abortive draws"),
        (lambda: keeper.record_win(table, {**H_RON, "ready_declared": True}, C, D),
         "Cat did not declare riichi this hand"),
        (lambda: keeper.record_win(table, {**H_RON, "ready_declared": False}, B, D),
         "Bob declared riichi this hand, but the hand record says ready_declared is false"),
    ]:
        with pytest.raises(TableError, match=message):
            attempt()
    assert keeper.version(table) == version
    lrc = keeper.create_table(TableSettings.of("", PLAYERS, "lrc")).id
    with pytest.raises(TableError, match="ruleset lrc keeps no points game: a riichi is for a table"):
        keeper.record_riichi(lrc, A)
    with pytest.raises(TableError, match="ruleset lrc keeps no points game"):
        keeper.record_draw(lrc, tenpai=[A])


def test_abortive_draws_where_the_preset_plays_them(keeper: Scorekeeper) -> None:
    from mjscore.rulesets import named_house_rules

    table = keeper.create_table(TableSettings.of("", PLAYERS, "riichi", named_house_rules(Path("tenhou"), "riichi"))).id
    keeper.record_riichi(table, C)
    view = keeper.record_draw(table, abortive=True)
    # No payment; Ann keeps the deal with a counter more; Cat's stick stays on the table.
    assert view.ledger.points == (0, 0, 0, 0)
    assert (view.deal.dealer, view.deal.honba, view.deal.sticks) == (0, 1, (0, 0, 1, 0))
    assert describe(view.ledger.steps[-1], PLAYERS) == "abortive draw"


# ----- the page's commands, the CLI and the API


def test_the_riichi_game_page_runs_as_printed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """docs/riichi-game.md's commands, in order, with the points they make (worked out in the page)."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("MJSCORE_DATABASE_URL", f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    shutil.copytree(ROOT / "examples", tmp_path / "examples")
    runner = CliRunner()
    found = commands("docs/riichi-game.md", "table")
    assert len(found) == 6
    for args in found:
        result = runner.invoke(app, args)
        assert result.exit_code == 0, f"mjscore {shlex.join(args)}: {result.output}"
    shown = json.loads(runner.invoke(app, ["table", "show", "1", "--format", "json"]).output)
    # Bob's ron off Cat 2,000 (his own stick back); at the draw Cat and Dan pay 750 to Ann and to Bob.
    assert [b["points"] for b in shown["balances"]] == [1500, 3500, -3500, -1500]
    assert shown["game"]["points"] == [30500, 33500, 26500, 28500]
    assert (shown["game"]["honba"], shown["game"]["sticks"], shown["deal"]["dealer"]) == (1, [1, 0, 0, 0], "Bob")
    refused = runner.invoke(app, ["table", "draw", "1", "--abortive"])
    assert refused.exit_code == 2
    assert refused.output.strip().splitlines()[-1] == (
        "error: entry 5: this table's rules play no abortive draws")


def test_the_api_records_a_riichi_a_tenpai_draw_and_refuses_in_one_line(tmp_path: Path) -> None:
    from fastapi.testclient import TestClient

    from mjscore.interfaces.web import create_app

    keeper = Scorekeeper.open(f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    client = TestClient(create_app(keeper), base_url="http://localhost")
    opened = client.post("/api/tables", json={"players": PLAYERS, "ruleset": "riichi", "preset": "riichi-mleague",
                                              "request_id": "t1"}).json()
    table = opened["id"]
    assert opened["game"]["points"] == [25000] * 4 and opened["game"]["oka"] == 20000

    def post(path: str, body: dict[str, Any], lang: str = "en") -> Any:
        return client.post(f"/api/tables/{table}/{path}?lang={lang}", json={**body, "request_id": str(body) + path})

    answer = post("riichi", {"player": "Cat"}).json()
    assert answer["game"]["riichi"] == ["Cat"] and answer["game"]["points"] == [25000, 25000, 24000, 25000]
    refused = post("riichi", {"player": "Cat", "expected_version": answer["version"]})
    assert refused.status_code == 422 and refused.json()["code"] == "at_entry"
    assert refused.json()["message"].endswith("Cat has already declared riichi this hand")
    assert refused.json()["params"]["cause"] == {"code": "already_riichi", "params": {"player": "Cat"}}
    refused = post("draws", {"tenpai": ["Ann", "Eve"]})
    assert refused.status_code == 422 and refused.json()["code"] == "no_such_player"
    assert keeper.version(table) == answer["version"]  # nothing written
    answer = post("draws", {"tenpai": ["Cat"]}).json()
    assert [b["points"] for b in answer["balances"]] == [-1000, -1000, 3000, -1000]
    assert answer["history"][-1]["summary"] == "drawn hand, tenpai: Cat"
    assert answer["entries"][-1] == {"kind": "draw", "tenpai": ["Cat"]}
    # The export imports back as the same game: its riichi and its draw settled again alike.
    exported = client.get(f"/api/tables/{table}/export").json()
    imported = client.post("/api/tables/import", json=exported).json()
    assert imported["imported"] == "unaltered" and imported["game"] == answer["game"]
    assert [e["kind"] for e in imported["entries"]] == ["riichi", "draw"]
    keeper.close()


# ----- standings and ratings


def test_standings_and_ratings_take_the_final_scores_with_uma(keeper: Scorekeeper) -> None:
    from fractions import Fraction

    from mjscore.rulesets import named_house_rules
    from mjscore.scorekeeper.ratings import club_games

    wrc = keeper.create_table(TableSettings.of("", PLAYERS, "riichi", {})).id
    _hanchan(keeper, wrc)
    keeper.record_win(wrc, H_RON, C, A)  # -21,700 / +24,800 / -11,100 / +8,000 (worked above)
    mleague = keeper.create_table(TableSettings.of("", PLAYERS, "riichi",
                                                   named_house_rules(Path("mleague"), "riichi"))).id
    _hanchan(keeper, mleague)
    keeper.record_win(mleague, H_RON, C, A)  # -41,700 / +54,800 / -21,100 / +8,000
    standings = keeper.standings([wrc, mleague])
    assert {t.unit for t in standings.tables} == {"points"}
    lines = {line.person.name: line for line in standings.lines}
    # The scores add up the two games' final scores; the table points follow the places: Bob first
    # (4 + 4), Dan second (2 + 2), Cat third (1 + 1), Ann fourth.
    assert {name: line.score for name, line in lines.items()} == {
        A: -21700 - 41700, B: 24800 + 54800, C: -11100 - 21100, D: 8000 + 8000}
    assert {name: line.table_points for name, line in lines.items()} == {
        A: Fraction(0), B: Fraction(8), C: Fraction(2), D: Fraction(4)}
    games = {game.table_id: game for game in club_games(keeper).games}
    assert games[wrc].scores == (-21700, 24800, -11100, 8000) and games[wrc].ranks == [4, 1, 3, 2]


def test_a_player_below_zero_ends_the_game_where_the_rules_say_so(keeper: Scorekeeper) -> None:
    # A table of 1,000 points each whose game ends below zero, no uma: Bob's riichi ron off Cat (2,000)
    # puts Cat at 1,000 - 2,000 = -1,000: the game ends with that hand.
    short = {"game": {"start": 1000, "target": 1000, "bust_ends": True, "uma": [0, 0, 0, 0]}}
    table = keeper.create_table(TableSettings.of("", PLAYERS, "riichi", short)).id
    keeper.record_riichi(table, B)
    view = keeper.record_win(table, H_RON, B, C)
    assert view.deal.over and view.ledger.points == (0, 2000, -2000, 0)
    with pytest.raises(TableError, match="the game is over: a player fell below zero points"):
        keeper.record_riichi(table, A)


def test_a_tonpuusen_ends_after_the_east_round(keeper: Scorekeeper) -> None:
    table = keeper.create_table(TableSettings.of("", PLAYERS, "riichi", {"game": {"rounds": 1}})).id
    for _ in range(4):  # each dealer noten at an exhaustive draw: the deal passes, a counter more
        view = keeper.record_draw(table)
    assert view.deal.over and view.ledger.points == (0, 0, 0, 0)
    with pytest.raises(TableError, match="the game is over: the East round has ended"):
        keeper.record_draw(table)


@pytest.mark.parametrize(("preset", "final"), [
    # WRC: Bob's stick is lost; 32,000 - 30,000 + 15,000; the three tied at 29,000 share (5 - 5 - 15) / 3.
    ("wrc", (-6000, 17000, -6000, -6000)),
    # EMA: Bob, first, takes his own stick back: 33,000 - 30,000 + 15,000.
    ("ema", (-6000, 18000, -6000, -6000))])
def test_a_stick_left_at_the_end_of_a_tonpuusen(keeper: Scorekeeper, preset: str, final: tuple[int, ...]) -> None:
    from mjscore.rulesets import named_house_rules

    rules = named_house_rules(Path(preset), "riichi")
    rules["game"] = {**rules["game"], "rounds": 1}
    table = keeper.create_table(TableSettings.of("", PLAYERS, "riichi", rules)).id
    keeper.record_riichi(table, B)
    keeper.record_draw(table, tenpai=[B])  # Bob +3,000, the others -1,000; Ann noten: Bob deals
    for _ in range(3):  # nobody tenpai: Bob, Cat, Dan deal in turn; after Dan the East round is over
        view = keeper.record_draw(table)
    assert view.deal.over and view.ledger.points == final


def test_a_riichi_corrected_to_another_player_moves_the_stick_and_the_han(keeper: Scorekeeper) -> None:
    table = keeper.create_table(TableSettings.of("", PLAYERS, "riichi", {})).id
    keeper.record_riichi(table, B)
    assert keeper.record_win(table, H_RON, B, C).ledger.points == (0, 2000, -2000, 0)  # riichi pinfu
    # It was Dan who declared riichi: Bob's hand is pinfu alone (1,000) and takes Dan's stick.
    view = keeper.record_riichi(table, D, correct=1)
    assert view.ledger.points == (0, 2000, -1000, -1000)
    assert view.ledger.steps[-1].score is not None and view.ledger.steps[-1].score.total == 1


def test_a_riichi_tournament_round_closes_when_its_hanchan_ends(keeper: Scorekeeper) -> None:
    from mjscore.scorekeeper.tournaments import Tournaments, ema_csv

    tournaments = Tournaments(keeper)
    tournaments.create("Riichi Cup", PLAYERS, ruleset="riichi", rounds=1, seed="riichi")
    [seated] = tournaments.seat("Riichi Cup").tables
    seats = keeper.table(seated.table_id).settings.players  # as the draw seated them, East first
    _hanchan(keeper, seated.table_id, seats)
    keeper.record_win(seated.table_id, H_RON, seats[2], seats[0])
    assert tournaments.view("Riichi Cup").rounds[-1].closed
    # The hanchan's final scores by seat (worked above), the standings' scores; South first.
    lines = {entrant.person.name: line for line, entrant in tournaments.standings("Riichi Cup").lines}
    assert [lines[name].score for name in seats] == [-21700, 24800, -11100, 8000]
    assert lines[seats[1]].place == 1 and f",{seats[1]},-,-,4,24800" in ema_csv(tournaments.standings("Riichi Cup"))


def test_at_tenhou_a_riichi_needs_a_sticks_worth_of_points(keeper: Scorekeeper) -> None:
    from mjscore.rulesets import named_house_rules

    rules = named_house_rules(Path("tenhou"), "riichi")
    rules["game"] = {**rules["game"], "start": 1500}
    table = keeper.create_table(TableSettings.of("", PLAYERS, "riichi", rules)).id
    keeper.record_riichi(table, B)  # 1,500 in play: enough; 500 left
    keeper.record_riichi(table, C)
    # Ann and Dan pay 750 to each: Bob 500 + 1,500 = 2,000 in play, Ann 0 (not below zero: play goes on).
    keeper.record_draw(table, tenpai=[B, C])
    keeper.record_riichi(table, B)  # 2,000 - 1,000 = 1,000 in play
    with pytest.raises(TableError, match=r"Ann has 0 points in play, less than a riichi stick \(1000\)"):
        keeper.record_riichi(table, A)
