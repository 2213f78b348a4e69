"""``mjscore import mahjongsoft``: Mahjongsoft's MCR game records (PMN) replayed into hand records.

tests/data/mahjongsoft holds the public copies of real Mahjongsoft records found (its README names the
source and what was searched); examples/mahjongsoft-mcr.pmn holds three games written for these tests and
the README's commands. The expected hand records are worked out from the records by hand: the winner's
tiles after its last action, its melds, where the winning tile came from, the discards still on the table
and every player's declared tiles. The fans of the written games are worked out from the official MCR table
(docs/rulesets/mcr.md), as Mahjongsoft would record them; pymahjonggb, the independent calculator of
tests/test_mcr_oracle.py, scores every record to the recorded total.
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
from tool_modules import load_tool

import mjscore
from mjscore.errors import InputError
from mjscore.interfaces.importers.mahjongsoft import PMN_FANS, pmn_tile, read_records

ROOT = Path(__file__).resolve().parents[1]
DATA = ROOT / "tests" / "data" / "mahjongsoft"
EXAMPLE = ROOT / "examples" / "mahjongsoft-mcr.pmn"
MJSCORE = Path(sys.executable).parent / "mjscore"

oracle = load_tool("mcr_oracle")
validate = load_tool("validate")


def _wins(path: Path) -> list[Any]:
    return list(read_records(path.read_text(encoding="utf-8"), path.name).wins)


def _record(**fields: Any) -> dict[str, Any]:
    """A hand record as the importer writes it: every context field in its place."""
    record: dict[str, Any] = {"ruleset": "mcr", "seat": fields.pop("seat"), "round": fields.pop("round"),
                              "concealed": fields.pop("concealed"), "melds": fields.pop("melds", []),
                              "flowers": fields.pop("flowers", []), "win_tile": fields.pop("win_tile"),
                              "win": fields.pop("win")}
    if "discarder" in fields:
        record["discarder"] = fields.pop("discarder")
    record.update({"replacement": fields.pop("replacement", False), "last_tile": fields.pop("last_tile", False),
                   "discards": fields.pop("discards"), "declared_tiles": fields.pop("declared_tiles"),
                   "last_of_kind": fields.pop("last_of_kind", False)})
    assert not fields
    return record


def test_tiles_map_to_notation() -> None:
    assert [pmn_tile(c).code for c in ("c1", "d5", "b9", "w1", "w2", "w3", "w4", "r1", "r2", "r3", "f8")] == \
        ["1m", "5p", "9s", "E", "S", "W", "N", "C", "F", "P", "8f"]
    # PMN's fan list: the official table's order but for 48-54, and fan 82
    assert (len(PMN_FANS), PMN_FANS[47], PMN_FANS[53], PMN_FANS[78], PMN_FANS[81]) == (82, "双暗杠", "双箭刻", "单调将",
                                                                                      "一明一暗杠")


def test_a_discard_win_replayed_by_hand() -> None:
    """example_1.pmn (board 2, East round), West's win. Dealt 1m 1m 1m 4m 5m 2p 5p 8p 3s 8s C F F; it takes 1p and
    discards C (South makes a kong of it, Z1r1), takes 3p for 8p, pungs East's F (P2r2) and discards 5p, takes and
    discards 6p, takes 9s for 5m, 1s for 4m, 9s for 8s (North chows that 8s: C3b7, 678s), and wins on South's
    2s: 111m 123p 1s 3s 99s + FFF. 27 discards, 3 claimed (C, F, 8s), the winning one taken: 23 on the table;
    declared: South's kong of C (4), West's FFF (3), North's 678s (3): 10. The site recorded 全带幺 4, 箭刻 2,
    喜相逢 1, 幺九刻 1, 坎张 1 = 9, and -8 -17 33 -8: South pays 8 + 9, the others 8."""
    (win,) = _wins(DATA / "example_1.pmn")
    assert win.to_json() == {
        **_record(seat="W", round="E", concealed="111m 123p 1399s", melds=[{"kind": "pung", "tiles": "FFF"}],
                  win_tile="2s", win="discard", discarder="S", discards=23, declared_tiles=10),
        "recorded": {"total": 9, "fans": "全带幺*1+箭刻*1+喜相逢*1+幺九刻*1+坎张*1", "scores": [-8, -17, 33, -8]},
        "match": "https://mahjongsoft.com/mcrm_replay.php?session=74621&game=2&table=2"}


def test_two_players_win_on_one_discard() -> None:
    """example_2.pmn: East chows North's 6p (C0d5: 456p) and discards 3p; South and North both win on it
    (``H1H3``, Mahjongsoft's duplicate MCR). South: 789m 12p 55p 888p 456s, concealed; North: 456m 12p 88s
    beside its chows 789s (C3b8) and 789p (C3d8). 45 discards, 5 claimed, the winning one taken: 39 on the
    table; five chows and a pung declared: 15 tiles. Each of 12 (花龙 8, and 门前清 2, 无字 1, 边张 1 or 平和 2,
    喜相逢 1, 边张 1), the deal's one Result line for both."""
    south, north = _wins(DATA / "example_2.pmn")
    common = {"round": "E", "win_tile": "3p", "win": "discard", "discarder": "E", "discards": 39, "declared_tiles": 15}
    assert south.record == _record(seat="S", concealed="789m 1255888p 456s", **common)
    assert north.record == _record(seat="N", concealed="456m 12p 88s", melds=[{"kind": "chow", "tiles": "789s"},
                                                                                 {"kind": "chow", "tiles": "789p"}], **common)
    assert (south.total, south.fans, north.total, north.fans) == (12, "花龙*1+门前清*1+无字*1+边张*1",
                                                                  12, "花龙*1+平和*1+喜相逢*1+边张*1")
    assert south.scores == north.scores == (-32, 36, -8, 36)


def test_a_concealed_kong_then_a_win_on_a_discard() -> None:
    """example_3.pmn (West round): West takes its fourth 8p, declares the concealed kong (A2d8), takes 8s for a
    replacement and discards 5s, then wins on East's 9s: 555m 333p 99p 78s + 8888p. 58 discards, 4 claimed: 53 on
    the table, the winning one taken; declared: South's kong of East (4, added: B1w1), its pungs of West and 6s, East's
    chow and West's concealed kong: 17. 三暗刻 16, 门前清 2, 暗杠 2, 无字 1 = 21; East pays 8 + 21."""
    (win,) = _wins(DATA / "example_3.pmn")
    assert win.record == _record(seat="W", round="W", concealed="555m 33399p 78s",
                                 melds=[{"kind": "kong", "tiles": "8888p", "concealed": True}], win_tile="9s",
                                 win="discard", discarder="E", discards=53, declared_tiles=17)
    assert (win.total, win.scores) == (21, (-29, -8, 45, -8))


def test_every_public_win_agrees_with_the_site() -> None:
    """mjscore's score of each: the same fans and points; the Result of each deal won once is MCR's settlement.
    The deal won twice is the documented class (docs/validation.md): its Result settles both wins at once."""
    outcomes = Counter(validate.mahjongsoft_difference(win, winners) for win, winners in validate.mahjongsoft_wins())
    assert outcomes == {"": 2, "several Hu on one discard": 2}


@pytest.mark.parametrize("path", [*sorted(DATA.glob("*.pmn")), EXAMPLE], ids=lambda p: p.name)
def test_pymahjonggb_scores_every_record_to_the_recorded_total(path: Path) -> None:
    for win in _wins(path):
        hand = mjscore.Hand.from_dict(win.record)
        answer = oracle.MahjongGB.MahjongFanCalculator(*oracle.oracle_arguments(hand))
        assert sum(points for points, _ in answer) == win.total


def test_the_written_games_replay_a_flower_a_robbed_kong_and_a_kong_replacement() -> None:
    """examples/mahjongsoft-mcr.pmn. Board 1: East takes the flower 1f, sets it aside (R0f1) and wins on the
    replacement 5p: 123456789m 123p 55p, self-drawn on a flower's replacement (MCR scores it self-drawn,
    ruling 8). Board 2: East discards 5s, South pungs it, then takes the fourth 5s and adds it (B1b5); West,
    on 46s, robs it: the other three 5s are in view, so it is the last of its kind; four discards lie on the
    table, and South's kong is a pung again (3 declared tiles). Board 3 (duplicate): North takes its fourth
    7p, declares the concealed kong and wins on the replacement P: 456m 345s PPP SS + 7777p."""
    first, robbed, kong = _wins(EXAMPLE)
    assert first.record == _record(seat="E", round="E", concealed="123456789m 1235p", flowers=["1f"], win_tile="5p",
                                   win="self_draw", replacement="flower", discards=0, declared_tiles=0)
    assert robbed.record == _record(seat="W", round="S", concealed="234m 345678p 46s FF", win_tile="5s",
                                    win="robbing_gong", discarder="S", discards=4, declared_tiles=3, last_of_kind=True)
    assert kong.record == _record(seat="N", round="W", concealed="456m 345s SSPP",
                                  melds=[{"kind": "kong", "tiles": "7777p", "concealed": True}], win_tile="P",
                                  win="self_draw", replacement="gong", discards=3, declared_tiles=4)
    # 清龙 16 不求人 4 平和 2 喜相逢 1 缺一门 1 单钓将 1 花牌 1 (平和 holds 无字); 抢杠和 8 三色三步高 6 门前清 2 连六 1
    # 坎张 1; 杠上开花 8 五门齐 6 不求人 4 箭刻 2 双暗刻 2 暗杠 2
    assert [w.total for w in (first, robbed, kong)] == [26, 18, 24]
    differences = [validate.mahjongsoft_difference(win, 1) for win in (first, robbed, kong)]
    # Board 3 is a duplicate game's self-draw: Rule 1 gives 24 + 24 = 48, and 24/3 + 8 = 16 from each other
    assert differences == ["", "", "duplicate self-drawn win"]
    assert kong.scores == (-16, -16, -16, 48)


def _game(play: str, scoring: str = "MCR", deal: str | None = None, fan: str = "None None None 80/1/1") -> str:
    """One game of PMN with this play (and deal); the tags the importer reads, the others left out."""
    deal = deal or "c123456789d99b5w4rf c11d1122b55w2233r1f c234d345678b46wr22f c9d5b777888w11r333f"
    return (f'[PWind "E"]\n[Deal "{deal}"]\n[Scoring "{scoring}"]\n[Result "0 0 0 0"]\n[Play "{play}"]\n'
            f'[Fan "{fan}"]\n')


#: A game in which every tile is drawn: East waits on 7m (89m beside 111p 222p 333p 44p), North holds seven pairs
#: but for its single 7m, South and West hold tiles the draws never complete; each draw is discarded as it comes.
WALL_DEAL = "c89d11122233344bwrf cd66778899b11223wrf cdb4455667788w112rf c1122334455667dbwrf"


def _tiles(hand: str) -> list[str]:
    found, suit = [], ""
    for char in hand:
        if char.isalpha():
            suit = char
        else:
            found.append(f"{suit}{char}")
    return found


def _all_tiles() -> list[str]:
    return [f"{suit}{n}" for suit in "cdb" for n in range(1, 10)] + [f"w{n}" for n in range(1, 5)] + \
        [f"r{n}" for n in range(1, 4)]


def _drawn() -> list[str]:
    """The 84 tiles left after the deal, the three 7m last."""
    dealt = Counter(tile for hand in WALL_DEAL.split() for tile in _tiles(hand))
    others = [tile for tile in _all_tiles() if tile != "c7" for _ in range(4 - dealt[tile])]
    return others + ["c7"] * (4 - dealt["c7"])


def _draws(count: int) -> str:
    """The first ``count`` draws, in turn from East, each discarded as it comes (``z1``)."""
    return "".join(f"T{number % 4}{tile}D{number % 4}z1" for number, tile in enumerate(_drawn()[:count]))


@pytest.mark.parametrize(("scoring", "play", "winner", "last_tile"), [
    # one wall of 136 tiles, 84 to draw after the deal: North's draw is the 84th, the last
    ("MCR", _draws(83) + "T3c7H3", "N", True),
    # North discards the last tile drawn: East wins on the discard after the last tile
    ("MCR", _draws(84) + "H0", "E", True),
    # North's 20th draw, the wall's 80th: not the last
    ("MCR", _draws(79) + "T3c7H3", "N", False),
    # duplicate: four walls of 21; North's 21st draw empties its own wall
    ("Duplicate", _draws(83) + "T3c7H3", "N", True),
    # and East, next to draw after North's discard, has emptied its own: the play stops after that discard
    ("Duplicate", _draws(84) + "H0", "E", True),
    ("Duplicate", _draws(79) + "T3c7H3", "N", False),
], ids=["mcr-draw", "mcr-discard", "mcr-earlier", "duplicate-draw", "duplicate-discard", "duplicate-earlier"])
def test_the_last_tile_of_the_wall(scoring: str, play: str, winner: str, last_tile: bool) -> None:
    assert len(_drawn()) == 84
    fan = "None None None 19/24/1" if winner == "N" else "77/1/1 None None None"
    (win,) = read_records(_game(play, scoring, WALL_DEAL, fan), "wall.pmn").wins
    assert (win.record["seat"], win.record["last_tile"], win.record["win_tile"]) == (winner, last_tile, "7m")


@pytest.mark.parametrize(("changes", "message"), [
    ({"Play": "T0d9D0b5P1b5D1r1T2c1D2z1T3b9D3z1T0c9D0z1T1b5B1b5H2"}, ""),  # the example's board 2: read
    ({"Play": "T1d9"}, "line 5: Play action 1 'T1d9': T1d9: the game opens with East (player 0) taking a tile, or a "
                       "dealt flower set aside"),
    ({"Play": "T0d9D0q5"}, "line 5: Play action 2 'D0q5': 'q5' is not a tile (c1-c9, d1-d9, b1-b9, w1-w4, r1-r3, f1-f8)"),
    ({"Play": "T0d9D0b6"}, "line 5: Play action 2 'D0b6': player 0 discards b6 but holds 0 of it"),
    ({"Play": "T0d9D0z1T2c1"}, "line 5: Play action 3 'T2c1': T2c1: after player 0 discards, player 1 takes"),
    ({"Play": "T0d9D0z1T1d9D1z1T2d9"}, "line 5: Play action 5 'T2d9': a fifth d9: there are only 4 of each tile"),
    ({"Play": "T0d9D0b5C2b5"}, "line 5: Play action 3 'C2b5': C2b5: only the next player, player 1, can chow "
                                "player 0's discard"),
    ({"Play": "T0d9H1"}, "line 5: H1: after T0d9 player 1 cannot win: a win follows the winner's own take, another "
                         "player's discard, or another player's tile added to a kong"),
    ({"Play": "T0d9D0b5H1T1c1"}, "line 5: Play action 4 'T1c1': only wins (H<player>) follow a win"),
    ({"Fan": "None None 80/1/1 None"}, "line 6: Fan names the fans of player(s) [2], and Play's wins are of [1]"),
    ({"Fan": "None None x None"}, "line 6: Fan: player 2's 'x' is not <fan 1-82>/<points>/<count>"),
    ({"Deal": "c1 c2 c3 c4"}, "line 2: Deal: player 0's hand 'c1' is not c<1-9>d<1-9>b<1-9>w<1-4>r<1-3>f<1-8>"),
    ({"PWind": "X"}, "line 1: PWind 'X': the prevalent wind is E, S, W or N"),
    ({"Scoring": "Riichi"}, "line 3: Scoring 'Riichi': mjscore reads MCR, Duplicate, Duplicate MCR"),
])
def test_a_game_that_cannot_be_is_refused_in_one_line(changes: dict[str, str], message: str) -> None:
    tags = {"PWind": "E", "Deal": "c123456789d99b5w4rf c11d1122b55w2233r1f c234d345678b46wr22f c9d5b777888w11r333f",
            "Scoring": "MCR", "Result": "0 0 0 0", "Play": "T0d9D0b5H1", "Fan": "None 80/1/1 None None"}
    if "Play" in changes and changes["Play"].endswith("H2"):
        tags["Fan"] = "None None 80/1/1 None"
    tags.update(changes)
    text = "".join(f'[{tag} "{value}"]\n' for tag, value in tags.items())
    if not message:
        assert len(read_records(text, "bad.pmn").wins) == 1
        return
    with pytest.raises(InputError) as refused:
        read_records(text, "bad.pmn")
    assert str(refused.value) == f"bad.pmn {message}"


def test_a_record_that_is_not_pmn_is_refused() -> None:
    with pytest.raises(InputError, match=r"^x.pmn line 2: 'Play T0d9' is not a tag pair \[Tag \"value\"\]$"):
        read_records('[PWind "E"]\nPlay T0d9\n', "x.pmn")
    with pytest.raises(InputError, match="^x.pmn holds no game: a PMN record is games of"):
        read_records("\n\n", "x.pmn")
    with pytest.raises(InputError, match="^x.pmn line 1: no Deal tag: a PMN game has PWind, Deal, Scoring, Result, "
                                         "Play, Fan$"):
        read_records('[PWind "E"]\n', "x.pmn")


@settings(max_examples=300, deadline=None)
@given(st.text(max_size=300))
def test_any_text_is_a_record_or_one_line(text: str) -> None:
    try:
        read_records(text, "x.pmn")
    except InputError as error:
        assert str(error).startswith("x.pmn ") and "\n" not in str(error)


PLAY = (DATA / "example_3.pmn").read_text(encoding="utf-8")


@settings(max_examples=200, deadline=None)
@given(st.integers(0, len(PLAY) - 1), st.sampled_from(list("TDCPAZBRHz0123456789cdbwrf \"[]")))
def test_a_record_with_one_character_changed_is_read_or_refused_in_one_line(at: int, character: str) -> None:
    try:
        read_records(PLAY[:at] + character + PLAY[at + 1:], "x.pmn")
    except InputError as error:
        assert str(error).startswith("x.pmn ") and "\n" not in str(error)


def _run(*arguments: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(MJSCORE), *arguments], cwd=cwd, capture_output=True, text=True)


def test_the_commands_import_score_and_compare_a_record(tmp_path: Path) -> None:
    done = _run("import", "mahjongsoft", str(DATA / "example_2.pmn"), "-o", "hands.jsonl", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (0, "2 win(s) of 1 game(s) written to hands.jsonl; 0 drawn game(s) have no line\n")
    lines = [json.loads(line) for line in (tmp_path / "hands.jsonl").read_text(encoding="utf-8").splitlines()]
    assert [(line["seat"], line["recorded"]["total"]) for line in lines] == [("S", 12), ("N", 12)]
    assert _run("batch", "hands.jsonl", "-o", "scores.jsonl", "--quiet", cwd=tmp_path).returncode == 0
    done = _run("stats", "--compare-recorded", "hands.jsonl", "scores.jsonl", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    # the fans and totals agree; the deal's one Result line is not either win's MCR settlement (docs/validation.md)
    assert "the total agrees: 2 of 2 (100.0%)" in done.stdout and "every fan agrees: 2 of 2 (100.0%)" in done.stdout


def test_a_bad_record_is_refused_in_one_line_and_nothing_is_written(tmp_path: Path) -> None:
    (tmp_path / "bad.pmn").write_text('[PWind "E"]\n[Play "T0d9"]\n')
    (tmp_path / "hands.jsonl").write_text("kept\n")
    done = _run("import", "mahjongsoft", "bad.pmn", "-o", "hands.jsonl", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (2, "error: bad.pmn line 1: no Deal tag: a PMN game has PWind, Deal, "
                                                 "Scoring, Result, Play, Fan\n")
    assert (tmp_path / "hands.jsonl").read_text() == "kept\n"
    done = _run("import", "mahjongsoft", "nothere.pmn", "-o", "out.jsonl", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (2, "error: no such file: nothere.pmn\n")
    (tmp_path / "bin.pmn").write_bytes(b'[PWind "\xff"]\n')
    done = _run("import", "mahjongsoft", "bin.pmn", "-o", "out.jsonl", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (2, "error: bin.pmn: not UTF-8: byte 0xff at offset 8\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.pmn", "bin.pmn", "hands.jsonl"]


def test_every_tile_of_the_set_is_read() -> None:
    assert len({pmn_tile(code) for code in _all_tiles()}) == 34


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


def test_importing_a_record_loads_no_pydantic_and_no_scoring(tmp_path: Path) -> None:
    """Replaying a record needs the tiles and the hand's melds only, as for Botzone's logs."""
    listing = tmp_path / "modules.txt"
    done = subprocess.run([sys.executable, "-c", _LIST_MODULES, str(listing), "import", "mahjongsoft", str(EXAMPLE),
                           "-o", str(tmp_path / "hands.jsonl")], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    modules = listing.read_text(encoding="utf-8").split()
    assert "mjscore.interfaces.importers.mahjongsoft" in modules
    assert not [m for m in modules if m.startswith(("pydantic", "mjscore.scoring", "mjscore.interfaces.importers.recorded"))]
