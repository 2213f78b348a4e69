"""Tiles and notation: parsing and formatting mirror each other; errors point at the bad character."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from mjscore import NotationError, Suit, Tile, format_tiles, parse_tiles
from mjscore.tiles import ALL_TILES, HAND_TILES, ORPHANS


def test_numbered_suits_and_spaces_are_optional() -> None:
    assert parse_tiles("123m456p") == parse_tiles("123m 456p") == parse_tiles(["1m", "2m", "3m", "4p", "5p", "6p"])
    tile = Tile.parse("7s")
    assert (tile.suit, tile.rank, tile.is_numbered, tile.is_terminal) == (Suit.BAMBOO, 7, True, False)


@pytest.mark.parametrize(("z", "letter"), [("1z", "E"), ("2z", "S"), ("3z", "W"), ("4z", "N"),
                                             ("5z", "P"), ("6z", "F"), ("7z", "C")])
def test_honours_in_both_notations(z: str, letter: str) -> None:
    assert Tile.parse(z) == Tile.parse(letter)
    assert Tile.parse(z).code == letter


def test_dragons_are_named_by_colour() -> None:
    assert Tile.parse("C").name("en") == "Red Dragon"
    assert Tile.parse("F").name("zh-Hant") == "發財"
    assert Tile.parse("P").name("zh-Hans") == "白板"


@pytest.mark.parametrize(("code", "seat"), [("1f", "E"), ("5f", "E"), ("2f", "S"), ("6f", "S"),
                                              ("3f", "W"), ("7f", "W"), ("4f", "N"), ("8f", "N")])
def test_bonus_tile_seat_is_its_number_mod_4(code: str, seat: str) -> None:
    assert Tile.parse(code).bonus_seat == seat


def test_unicode_and_chinese_names() -> None:
    assert Tile.parse("1m").unicode == "\U0001F007"
    assert Tile.parse("9s").unicode == "\U0001F018"
    assert Tile.parse("1p").unicode == "\U0001F019"
    assert Tile.parse("E").unicode == "\U0001F000"
    assert Tile.parse("C").unicode == "\U0001F004"
    assert Tile.parse("3f").unicode == "\U0001F025"  # chrysanthemum
    assert Tile.parse("4f").unicode == "\U0001F024"  # bamboo flower
    assert Tile.parse("5m").name("zh-Hans") == "五万"
    assert Tile.parse("5m").name("zh-Hant") == "五萬"
    assert Tile.parse("2f").name("zh-Hant") == "蘭"
    assert len({t.unicode for t in ALL_TILES}) == 42


def test_japanese_names_are_as_riichi_players_write_the_tiles() -> None:
    """萬子, 筒子, 索子 (bamboo is 索 in Japanese, 条/條 in Chinese), the winds alone, the dragons 白 發 中."""
    assert [Tile.parse(code).name("ja") for code in ("1m", "5p", "9s", "E", "N", "P", "F", "C", "2f")] == [
        "一萬", "五筒", "九索", "東", "北", "白", "發", "中", "蘭"]
    assert len({t.name("ja") for t in ALL_TILES}) == 42  # every tile its own name
    with pytest.raises(ValueError, match="use en, zh-Hans, zh-Hant or ja"):
        Tile.parse("1m").name("ko")


def test_kinds_and_orphans() -> None:
    assert len(HAND_TILES) == 34 and len(ALL_TILES) == 42
    assert format_tiles(ORPHANS) == "19m 19p 19s ESWNPFC"


def test_format_groups_runs_and_sorts() -> None:
    assert format_tiles(parse_tiles("3m1m2m E E 9p")) == "123m 9p EE"
    assert format_tiles(parse_tiles("2f 1f")) == "12f"


@given(st.lists(st.sampled_from(ALL_TILES), max_size=20))
def test_parse_inverts_format(tiles: list[Tile]) -> None:
    assert parse_tiles(format_tiles(tiles)) == tuple(sorted(tiles))


@pytest.mark.parametrize(("text", "message", "start"), [
    ("123x", "unknown tile letter 'x' at position 4", 3),
    ("0m", "0m at position 1 is not a tile", 0),
    ("8z", "8z at position 1 is not a tile", 0),
    ("9f", "9f at position 1 is not a tile", 0),
    ("12", "numbers at position 1 have no suit letter", 0),
    ("m", "suit letter 'm' at position 1 has no numbers before it", 0),
    ("12E", "numbers before 'E' at position 3 have no suit letter", 0),
])
def test_notation_errors_name_the_problem(text: str, message: str, start: int) -> None:
    with pytest.raises(NotationError) as caught:
        parse_tiles(text)
    assert str(caught.value).startswith(message)
    assert caught.value.start == start
    assert isinstance(caught.value, ValueError)


def test_annotated_error_points_at_the_span() -> None:
    with pytest.raises(NotationError) as caught:
        parse_tiles("123m4x5p")
    assert caught.value.annotated().splitlines()[1:] == ["    123m4x5p", "         ^"]


def test_parse_one_tile_refuses_several() -> None:
    with pytest.raises(NotationError, match="not exactly one tile"):
        Tile.parse("12m")
