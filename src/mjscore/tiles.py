"""Tiles and their notation.

There are 34 tile kinds (three numbered suits of 1-9, four winds, three dragons) and eight bonus
tiles (flowers and seasons). A :class:`Tile` is an interned, immutable value; parsing and
formatting mirror each other::

    >>> parse_tiles("123m 5z F")
    (Tile('1m'), Tile('2m'), Tile('3m'), Tile('P'), Tile('F'))
    >>> format_tiles(parse_tiles("3m1m2m E E"))
    '123m EE'

Notation: ``m`` characters (萬), ``p`` circles (筒), ``s`` bamboo (條); honours ``E S W N`` and the
dragons ``C`` red (中), ``F`` green (發), ``P`` white (白), or ``1z``-``7z`` (E S W N P F C); bonus tiles
``1f``-``4f`` plum, orchid, chrysanthemum, bamboo and ``5f``-``8f`` spring, summer, autumn, winter.
Spaces are optional.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from enum import Enum
from functools import lru_cache
from typing import Final

from mjscore.errors import NotationError, Refusal, quoted


class Suit(Enum):
    """The families of tiles; the value is the notation letter."""

    CHARACTERS = "m"
    CIRCLES = "p"
    BAMBOO = "s"
    WINDS = "w"
    DRAGONS = "d"
    FLOWERS = "f"

    @property
    def is_numbered(self) -> bool:
        return self in NUMBERED_SUITS


NUMBERED_SUITS = (Suit.CHARACTERS, Suit.CIRCLES, Suit.BAMBOO)

#: Seats and winds in turn order; East is always the dealer.
SEATS = ("E", "S", "W", "N")

#: The most tiles that can be on the table at a win: 144 tiles, less the 8 bonus tiles.
TABLE_TILES: Final = 136

_HONOUR_LETTERS = "ESWNPFC"  # index order: 1z..7z
_WIND_EN = ("East Wind", "South Wind", "West Wind", "North Wind")
_DRAGON_EN = ("White Dragon", "Green Dragon", "Red Dragon")
_FLOWER_EN = ("Plum", "Orchid", "Chrysanthemum", "Bamboo", "Spring", "Summer", "Autumn", "Winter")
_SUIT_EN = {Suit.CHARACTERS: "Characters", Suit.CIRCLES: "Circles", Suit.BAMBOO: "Bamboo"}
_NUMERALS = "一二三四五六七八九"
# (zh-Hans, zh-Hant) names.
_SUIT_ZH = {Suit.CHARACTERS: ("万", "萬"), Suit.CIRCLES: ("筒", "筒"), Suit.BAMBOO: ("条", "條")}
_HONOUR_ZH = (
    ("东风", "東風"), ("南风", "南風"), ("西风", "西風"), ("北风", "北風"),
    ("白板", "白板"), ("发财", "發財"), ("红中", "紅中"),
)
_FLOWER_ZH = (("梅", "梅"), ("兰", "蘭"), ("菊", "菊"), ("竹", "竹"), ("春", "春"), ("夏", "夏"), ("秋", "秋"), ("冬", "冬"))
# Japanese names, as riichi players write them: 一萬, 一筒, 一索; 東 南 西 北, 白 發 中.
_SUIT_JA = {Suit.CHARACTERS: "萬", Suit.CIRCLES: "筒", Suit.BAMBOO: "索"}
_HONOUR_JA = ("東", "南", "西", "北", "白", "發", "中")
# Unicode Mahjong Tiles block: honours E S W N C F P at U+1F000..1F006, characters at 1F007,
# bamboo at 1F010, circles at 1F019, then plum, orchid, bamboo, chrysanthemum, spring..winter.
_HONOUR_UNICODE = (0x1F000, 0x1F001, 0x1F002, 0x1F003, 0x1F006, 0x1F005, 0x1F004)
_SUIT_UNICODE = {Suit.CHARACTERS: 0x1F007, Suit.BAMBOO: 0x1F010, Suit.CIRCLES: 0x1F019}
_FLOWER_UNICODE = (0x1F022, 0x1F023, 0x1F025, 0x1F024, 0x1F026, 0x1F027, 0x1F028, 0x1F029)

#: Number of tile kinds that make up hands (bonus tiles excluded). ``Final``: the compiled modules
#: that import it read the constant, not the module's dictionary.
KINDS: Final = 34


@dataclass(frozen=True, slots=True, order=True)
class Tile:
    """One tile kind. ``index`` orders them: 0-8 characters, 9-17 circles, 18-26 bamboo,
    27-30 winds E S W N, 31-33 dragons white, green, red (the 1z-7z order), 34-41 bonus tiles 1f-8f.

    Tiles are interned: build them with :meth:`parse`, :func:`parse_tiles` or :meth:`from_index`.
    """

    index: int

    def __post_init__(self) -> None:
        if not 0 <= self.index < 42:
            raise ValueError(f"tile index {self.index} is out of range 0-41")

    @staticmethod
    def from_index(index: int) -> Tile:
        """The interned tile with this index."""
        return ALL_TILES[index]

    @staticmethod
    def parse(code: str) -> Tile:
        """One tile from its code, e.g. ``"5m"``, ``"E"``, ``"7z"``, ``"3f"``."""
        tiles = parse_tiles(code)
        if len(tiles) != 1:
            raise NotationError(Refusal("not_one_tile", code=quoted(code)), code, 0, len(code))
        return tiles[0]

    @property
    def suit(self) -> Suit:
        return _SUIT_OF[self.index]

    @property
    def rank(self) -> int:
        """1-9 in a numbered suit, 1-4 for winds (E S W N), 1-3 for dragons (white, green, red),
        1-8 for bonus tiles."""
        return _RANK_OF[self.index]

    @property
    def is_numbered(self) -> bool:
        return self.index < 27

    @property
    def is_honour(self) -> bool:
        return 27 <= self.index < 34

    @property
    def is_wind(self) -> bool:
        return 27 <= self.index < 31

    @property
    def is_dragon(self) -> bool:
        return 31 <= self.index < 34

    @property
    def is_bonus(self) -> bool:
        return self.index >= 34

    @property
    def is_terminal(self) -> bool:
        """A 1 or a 9 of a numbered suit."""
        return self.index < 27 and self.rank in (1, 9)

    @property
    def is_terminal_or_honour(self) -> bool:
        return self.is_terminal or self.is_honour

    @property
    def bonus_seat(self) -> str:
        """The seat a bonus tile belongs to: its number mod 4 (1f/5f East ... 4f/8f North)."""
        if not self.is_bonus:
            raise ValueError(f"{self.code} is not a bonus tile")
        return SEATS[(self.rank - 1) % 4]

    @property
    def code(self) -> str:
        """The notation of this tile alone: ``5m``, ``E``, ``C``, ``3f`` (looked up: every score
        sheet and answer writes each of its tiles' codes)."""
        return _CODE_OF[self.index]

    @property
    def unicode(self) -> str:
        """The Unicode mahjong tile character (U+1F000 block)."""
        if self.is_numbered:
            return chr(_SUIT_UNICODE[self.suit] + self.rank - 1)
        if self.is_honour:
            return chr(_HONOUR_UNICODE[self.index - 27])
        return chr(_FLOWER_UNICODE[self.rank - 1])

    def name(self, lang: str = "en") -> str:
        """The tile's name in ``en``, ``zh-Hans``, ``zh-Hant`` or ``ja``."""
        if lang == "en":
            if self.is_numbered:
                return f"{self.rank} of {_SUIT_EN[self.suit]}"
            if self.is_honour:
                return (_WIND_EN + _DRAGON_EN)[self.index - 27]
            return _FLOWER_EN[self.rank - 1]
        if lang == "ja":
            if self.is_numbered:
                return _NUMERALS[self.rank - 1] + _SUIT_JA[self.suit]
            if self.is_honour:
                return _HONOUR_JA[self.index - 27]
            return _FLOWER_ZH[self.rank - 1][1]
        form = _ZH_FORMS.get(lang)
        if form is None:
            raise ValueError(f"unknown language {lang!r}: use en, zh-Hans, zh-Hant or ja")
        if self.is_numbered:
            return _NUMERALS[self.rank - 1] + _SUIT_ZH[self.suit][form]
        if self.is_honour:
            return _HONOUR_ZH[self.index - 27][form]
        return _FLOWER_ZH[self.rank - 1][form]

    def __hash__(self) -> int:
        return self.index  # tiles key many dictionaries while scoring; the index is hash enough

    def __repr__(self) -> str:
        return f"Tile({self.code!r})"

    def __str__(self) -> str:
        return self.code


_ZH_FORMS = {"zh-Hans": 0, "zh-Hant": 1}
# Suit and rank by index, looked up rather than computed: the scoring loop reads them constantly.
_SUIT_OF: tuple[Suit, ...] = tuple([*(s for s in NUMBERED_SUITS for _ in range(9)), *[Suit.WINDS] * 4, *[Suit.DRAGONS] * 3,
                  *[Suit.FLOWERS] * 8])
_RANK_OF: tuple[int, ...] = tuple([*range(1, 10), *range(1, 10), *range(1, 10), *range(1, 5), *range(1, 4), *range(1, 9)])



def _code(index: int) -> str:
    """The notation of the tile ``index``, for :data:`_CODE_OF`."""
    if index < 27:
        return f"{_RANK_OF[index]}{_SUIT_OF[index].value}"
    if index < 34:
        return _HONOUR_LETTERS[index - 27]
    return f"{_RANK_OF[index]}f"


_CODE_OF: tuple[str, ...] = tuple(_code(i) for i in range(42))

ALL_TILES: tuple[Tile, ...] = tuple(Tile(i) for i in range(42))
#: The 34 kinds that make up hands, in index order.
HAND_TILES: tuple[Tile, ...] = ALL_TILES[:KINDS]
#: The 13 terminal and honour kinds (the orphans).
ORPHANS: tuple[Tile, ...] = tuple(t for t in HAND_TILES if t.is_terminal_or_honour)

_SUIT_OFFSET = {"m": 0, "p": 9, "s": 18}


def parse_tiles(text: str | Iterable[str]) -> tuple[Tile, ...]:
    """Read tiles from notation (``"123m 456p EE"``) or from a list of tile codes.

    Digits are collected until a suit letter (``m p s z f``) closes them; an honour letter stands
    alone. Raises :class:`NotationError` naming the offending character.
    """
    if not isinstance(text, str):
        items = list(text)
        for position, item in enumerate(items):
            if not isinstance(item, str):
                raise NotationError(Refusal("not_a_tile_code", number=position + 1, item=quoted(item)))
        return tuple(tile for item in items for tile in parse_tiles(item))
    return _parse_text(text)


@lru_cache(maxsize=4096)
def _parse_text(text: str) -> tuple[Tile, ...]:
    """:func:`parse_tiles` of a text. Results are cached: a batch's records repeat the same melds,
    winning tiles and details over and over (an error is raised again each time, not cached)."""
    tiles: list[Tile] = []
    pending_start = -1
    digits: list[int] = []
    for pos, char in enumerate(text):
        if char.isdigit() and char.isascii():
            if not digits:
                pending_start = pos
            digits.append(int(char))
        elif char in "mpszf":
            if not digits:
                raise NotationError(Refusal("suit_without_numbers", letter=quoted(char), position=pos + 1), text, pos)
            tiles.extend(_numbered(digits, char, text, pending_start, pos))
            digits = []
        elif char in _HONOUR_LETTERS:
            if digits:
                raise NotationError(Refusal("numbers_before_honour", letter=quoted(char), position=pos + 1), text,
                                    pending_start, pos)
            tiles.append(ALL_TILES[27 + _HONOUR_LETTERS.index(char)])
        elif char.isspace() or char in ",":
            if digits:
                raise NotationError(Refusal("numbers_without_suit", position=pending_start + 1), text, pending_start, pos)
        else:
            raise NotationError(Refusal("unknown_tile_letter", letter=quoted(char), position=pos + 1), text, pos)
    if digits:
        raise NotationError(Refusal("numbers_without_suit", position=pending_start + 1), text, pending_start, len(text))
    return tuple(tiles)


def _numbered(digits: list[int], suit: str, text: str, start: int, end: int) -> list[Tile]:
    tiles = []
    for offset, digit in enumerate(digits):
        pos = start + offset
        if suit in _SUIT_OFFSET:
            if not 1 <= digit <= 9:
                raise NotationError(Refusal("number_out_of_suit", tile=f"{digit}{suit}", position=pos + 1), text, pos, end + 1)
            tiles.append(ALL_TILES[_SUIT_OFFSET[suit] + digit - 1])
        elif suit == "z":
            if not 1 <= digit <= 7:
                raise NotationError(Refusal("number_out_of_honours", tile=f"{digit}z", position=pos + 1), text, pos, end + 1)
            tiles.append(ALL_TILES[26 + digit])
        else:
            if not 1 <= digit <= 8:
                raise NotationError(Refusal("number_out_of_bonus", tile=f"{digit}f", position=pos + 1), text, pos, end + 1)
            tiles.append(ALL_TILES[33 + digit])
    return tiles


def format_tiles(tiles: Iterable[Tile], sort: bool = True) -> str:
    """Write tiles in compact notation, grouping runs of one suit: ``123m 55p EEE 3f``.

    The inverse of :func:`parse_tiles` (up to order when ``sort`` is true). Results are cached:
    award details write the same few sets over and over.
    """
    return _format(tuple(sorted(tiles)) if sort else tuple(tiles))


@lru_cache(maxsize=4096)
def _format(tiles: tuple[Tile, ...]) -> str:
    parts: list[str] = []
    run_suit: str | None = None
    for tile in tiles:
        if tile.is_honour:
            if run_suit == "honour":
                parts[-1] += tile.code
            else:
                parts.append(tile.code)
            run_suit = "honour"
            continue
        suit = tile.suit.value
        if run_suit == suit:
            parts[-1] = parts[-1][:-1] + str(tile.rank) + suit
        else:
            parts.append(tile.code)
        run_suit = suit
    return " ".join(parts)


def counts_of(tiles: Iterable[Tile]) -> list[int]:
    """How many of each of the 34 kinds, as a list indexed by :attr:`Tile.index`."""
    counts = [0] * KINDS
    for tile in tiles:
        counts[tile.index] += 1
    return counts


def next_seat(seat: str, steps: int = 1) -> str:
    """The seat ``steps`` turns after ``seat`` (E -> S -> W -> N -> E)."""
    return SEATS[(SEATS.index(seat) + steps) % 4]
