"""The hand record: reading, writing, and refusing what cannot happen at a table (ruling 6)."""

from __future__ import annotations

from typing import Any

import pytest

import mjscore
from mjscore import Hand, HandError, NotAWinError

BASE: dict[str, Any] = {
    "seat": "S", "round": "E", "concealed": "123m 456m 789p 67s 99p",
    "melds": [{"kind": "pung", "tiles": "CCC"}], "win_tile": "8s", "win": "discard", "discarder": "W",
}


def record(**changes: Any) -> dict[str, Any]:
    return {**BASE, **changes}


def test_round_trip_through_the_record() -> None:
    hand = Hand.from_dict(record(flowers=["3f", "6f"], melds=[
        {"kind": "chow", "tiles": "789m"}], concealed="123m 456m 789p 67s 99p"))
    assert Hand.from_dict(hand.to_dict()) == hand
    assert Hand.from_json('{"concealed": "123m", "win": "self_draw"}').concealed == hand.concealed[:3]


def test_defaults_and_the_default_discarder() -> None:
    hand = Hand.from_dict({"concealed": "123m 456m 789p 234s 67s 99p", "win_tile": "8s", "win": "discard"})
    assert (hand.seat, hand.round, hand.ruleset, hand.flowers, hand.melds) == ("E", "E", "lrc", (), ())
    assert hand.discarder == "N"  # the seat that plays before East


@pytest.mark.parametrize(("changes", "message"), [
    ({"concealed": "1111m 456m 789p 67s 9p", "melds": [{"kind": "pung", "tiles": "111m"}]},
     "7 copies of 1m: there are only 4 of each tile"),
    ({"melds": [{"kind": "pung", "tiles": "CCF"}]}, "melds[1]: meld pung FCC: a pung is 3 identical tiles"),
    ({"melds": [{"kind": "chow", "tiles": "124m"}]}, "a chow is three consecutive tiles"),
    ({"melds": [{"kind": "chow", "tiles": "89m1p"}]}, "a chow is three consecutive tiles"),
    ({"melds": [{"kind": "kong", "tiles": "CCC"}]}, "a kong has 4 tiles, not 3"),
    ({"melds": [{"kind": "pung", "tiles": "CCC", "concealed": True}]}, "only a kong can be concealed"),
    ({"win": "self_draw"}, "discarder W: a self_draw win has no discarder"),
    ({"discarder": "S"}, "discarder S is the winner's own seat"),
    ({"seat": "X"}, "seat: Input should be"),
    ({"colour": "red"}, "colour: unknown field"),
    ({"win": "ron"}, "win: Input should be"),
    ({"concealed": "123m 456m 789p 67s 9x"}, "concealed: unknown tile letter 'x'"),
    ({"concealed": "123m 456m 789p 67s 99p 1f"}, "concealed: 1f is a bonus tile"),
    ({"flowers": ["1f", "1f"]}, "flowers: 1f appears twice"),
    ({"flowers": ["1m"]}, "flowers: 1m is not a bonus tile"),
    ({"win_tile": "8s9s"}, "win_tile: '8s9s' is 2 tiles, not one"),
    ({"replacement": "gong"}, "a replacement tile is self-drawn"),
    ({"win": "robbing_gong", "concealed": "123m 456m 789p 68s 99p"}, "the winner cannot also hold 1"),
    ({"declared_tiles": 2}, "declared_tiles 2 is fewer than the winner's own 3"),
    ({"discards": -1}, "discards: Input should be greater than or equal to 0"),
])
def test_impossible_hands_are_refused_with_one_line(changes: dict[str, Any], message: str) -> None:
    with pytest.raises(HandError) as caught:
        Hand.from_dict(record(**changes))
    assert message in str(caught.value)
    assert "\n" not in str(caught.value)


@pytest.mark.parametrize("ruleset", ["lrc", "hefen", "fourwinds", "mcr", "taiwan"])
def test_a_discard_with_no_discard_before_it_is_the_dealers(ruleset: str) -> None:
    # Ruling 58: with discards 0 the winning tile is the hand's first discard, which East makes; a record
    # naming anyone else as discarder (or whose winner is East) is refused with one line naming the field.
    with pytest.raises(HandError) as caught:
        Hand.from_dict(record(ruleset=ruleset, discards=0))  # South wins on West's discard
    assert str(caught.value) == ("discarder W: with discards 0 the winning tile is the hand's first discard, "
                                 "which is the dealer's (East)")
    with pytest.raises(HandError, match="^discards 0: .* the dealer is the winner$"):
        Hand.from_dict(record(ruleset=ruleset, seat="E", discarder="N", discards=0))
    with pytest.raises(HandError, match="^discarder S: with discards 0"):  # the default discarder: the seat before
        Hand.from_dict({k: v for k, v in record(ruleset=ruleset, seat="W", discards=0).items() if k != "discarder"})
    assert Hand.from_dict(record(ruleset=ruleset, discarder="E", discards=0)).discarder == "E"
    assert Hand.from_dict(record(ruleset=ruleset, discards=1)).discarder == "W"  # a later discard: anyone's
    assert Hand.from_dict(record(ruleset=ruleset, win="self_draw", discarder=None, discards=0)).discarder is None


def test_wrong_tile_count_is_refused_by_the_ruleset() -> None:
    hand = Hand.from_dict(record(concealed="123m 456m 789p 67s 9p"))
    with pytest.raises(HandError, match="15 tiles held .* this ruleset's hands hold 16"):
        mjscore.score(hand)


def test_a_tile_that_does_not_complete_the_hand() -> None:
    with pytest.raises(NotAWinError, match="9s does not complete the hand: it waits on 5s 8s"):
        mjscore.score(Hand.from_dict(record(win_tile="9s")))


def test_a_flower_win_needs_seven_flowers_and_no_winning_tile() -> None:
    with pytest.raises(HandError, match="needs 7 or 8 flowers"):
        Hand.from_dict(record(win="flowers", win_tile=None, discarder=None, flowers=["1f", "2f"]))
    with pytest.raises(HandError, match="has no win_tile"):
        Hand.from_dict(record(win="flowers", discarder=None, flowers=["1f", "2f", "3f", "4f", "5f", "6f", "7f"]))


def test_scoring_needs_a_winning_tile() -> None:
    with pytest.raises(HandError, match="win_tile is required"):
        mjscore.score(Hand.from_dict(record(win_tile=None)))


def test_table_counts() -> None:
    hand = Hand.from_dict(record(discards=5))
    assert hand.table_tiles == 8  # 5 discards + the winner's own declared pung
    assert Hand.from_dict(record(discards=5, declared_tiles=9)).table_tiles == 14
    assert Hand.from_dict(record()).table_tiles is None


def test_flowers_the_ruleset_cannot_have_at_this_win() -> None:
    seven = ["1f", "2f", "3f", "4f", "5f", "6f", "7f"]
    # LRC: "Drawing a seventh Flower is an instant self-draw win" - an ordinary win cannot hold seven.
    with pytest.raises(HandError, match='7 flowers: the hand ended when the seventh was drawn; record it as "win": "flowers"'):
        mjscore.score(Hand.from_dict(record(flowers=seven)))
    # Four Winds: seven flowers may wait to rob the eighth, so an ordinary win may hold seven, not eight.
    assert mjscore.score(Hand.from_dict(record(flowers=seven, ruleset="fourwinds"))).total > 0
    with pytest.raises(HandError, match="8 flowers: the hand ended when the eighth was drawn"):
        mjscore.score(Hand.from_dict(record(flowers=[*seven, "8f"], ruleset="fourwinds")))
    # MCR: flowers only add to a winning hand; a 13-tile hand may hold all eight.
    mcr = {"ruleset": "mcr", "concealed": "123m 456m 789p 5s", "win_tile": "5s", "win": "self_draw",
           "melds": [{"kind": "pung", "tiles": "EEE"}], "flowers": [*seven, "8f"]}
    assert mjscore.score(Hand.from_dict(mcr)).award("flower_tiles") is not None
    with pytest.raises(HandError, match="this ruleset has no instant flower win"):
        mjscore.score(Hand.from_dict({"ruleset": "mcr", "concealed": "", "win": "flowers", "flowers": seven}))


def _won_or_refused(make: Any) -> Any:
    try:
        return make()
    except HandError as error:
        return f"refused: {error}"


@pytest.mark.parametrize("ruleset", ["lrc", "mcr", "taiwan"])
def test_winning_on_another_tile_is_the_hand_replace_makes(ruleset: str) -> None:
    """``winning_on`` (each wait of a discard table is scored on it) makes the hand, or the refusal,
    that ``dataclasses.replace(hand, win_tile=...)`` makes, for every tile a hand could win on and
    contexts where the winning tile matters: a robbed gong, the last of its kind, a fifth copy, a
    bonus tile."""
    import random
    from dataclasses import replace

    from mjscore.sampling import random_winning_hand
    from mjscore.tiles import Tile

    rng = random.Random(58)
    size = mjscore.get_ruleset(ruleset).hand_size
    tiles = [Tile.from_index(i) for i in range(34)] + [Tile.from_index(34)]  # and a bonus tile
    compared = 0
    reasons: set[str] = set()
    for number in range(150):
        hand = random_winning_hand(rng, hand_size=size, ruleset=ruleset)
        if number % 3 == 1:
            hand = _won_or_refused(lambda h=hand: replace(h, win=mjscore.WinKind.ROBBING_GONG, replacement=None,
                                                           discarder=h.discarder or ("E" if h.seat != "E" else "S")))
        elif number % 3 == 2:
            hand = _won_or_refused(lambda h=hand: replace(h, last_of_kind=True))
        if isinstance(hand, str):
            continue
        for tile in tiles:
            expected = _won_or_refused(lambda h=hand, t=tile: replace(h, win_tile=t))
            found = _won_or_refused(lambda h=hand, t=tile: h.winning_on(t))
            assert found == expected, (hand.to_dict(), tile.code)
            if isinstance(found, Hand):
                assert found.counts == expected.counts and hash(found) == hash(expected)
            compared += 1
            if isinstance(expected, str):
                reasons.add(next(r for r in ("copies of", "is a bonus tile", "robbing a gong", "last_of_kind", "")
                                 if r in expected))
    assert compared > 2_500
    assert reasons == {"copies of", "is a bonus tile", "robbing a gong", "last_of_kind"}, reasons
