"""The notation box's one-line hand notation (mjscore.interfaces.web.notation)."""

from __future__ import annotations

import pytest

from mjscore.errors import NotationError
from mjscore.hand import MeldKind
from mjscore.interfaces.web.notation import parse_hand_tiles
from mjscore.tiles import parse_tiles


def test_every_part_of_a_hand() -> None:
    tiles = parse_hand_tiles("123m 456m 789p 67s 99p [CCC] [789s] [kong 1111s concealed] [5555p added] 2f 6f +8s")
    assert tiles.concealed == parse_tiles("123m 456m 789p 67s 99p")
    assert [(m.kind, m.tiles, m.concealed, m.added) for m in tiles.melds] == [
        (MeldKind.PUNG, parse_tiles("CCC"), False, False),
        (MeldKind.CHOW, parse_tiles("789s"), False, False),
        (MeldKind.KONG, parse_tiles("1111s"), True, False),
        (MeldKind.KONG, parse_tiles("5555p"), False, True),
    ]
    assert tiles.flowers == parse_tiles("2f 6f")
    assert tiles.win_tile == parse_tiles("8s")[0]


def test_no_winning_tile_and_spacing_are_optional() -> None:
    tiles = parse_hand_tiles("123m[CCC]2f")
    assert tiles.win_tile is None and len(tiles.melds) == 1 and tiles.flowers == parse_tiles("2f")
    assert parse_hand_tiles("").to_record() == {"concealed": "", "melds": [], "flowers": [], "win_tile": None}


def test_a_written_kind_is_checked_against_the_tiles() -> None:
    with pytest.raises(NotationError, match=r"a pung has 3 tiles, not 4 \(the set at position 1\)"):
        parse_hand_tiles("[pung 1111m]")


@pytest.mark.parametrize(("text", "message", "span"), [
    ("123m 4x", "unknown tile letter 'x' at position 7", (6, 7)),
    ("123m [45m", "'[' at position 6 is never closed", (5, 9)),
    ("123m ]", "']' at position 6 closes no set", (5, 6)),
    ("[12[3m]]", "'[' at position 4 opens a set inside another", (3, 4)),
    ("123m +8s +9s", "a second '+' at position 10: write one winning tile", (9, 10)),
    ("123m +", "'+' at position 6 is followed by 0 tiles, not one winning tile", (5, 6)),
    ("[run 123m]", "'run' at position 2 is not a set kind (chow, pung, kong) or mark (concealed, added)", (1, 4)),
    ("[]", "the set at position 1 has no tiles", (0, 2)),
    ("[2f3f4f]", "meld chow 234f: bonus tiles cannot be in a meld (the set at position 1)", (0, 8)),
])
def test_errors_name_the_problem_and_its_place(text: str, message: str, span: tuple[int, int]) -> None:
    with pytest.raises(NotationError) as raised:
        parse_hand_tiles(text)
    assert str(raised.value) == message
    assert (raised.value.start, raised.value.end) == span
