"""The hand record: one winning hand with the context of its win, and its validation.

The same JSON record is read by the CLI, the HTTP API, the scorekeeper and the tests; its schema is
:class:`mjscore.record.HandRecord` (see ``docs/hand-format.md``). :meth:`Hand.from_dict` reads it
into a :class:`Hand`, an immutable value of tiles and melds, and refuses anything that cannot happen
at a table with a one-line :class:`~mjscore.errors.HandError`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from enum import StrEnum
from operator import attrgetter
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mjscore.errors import HandError, MjscoreError, Refusal, Term, quoted
from mjscore.reading import check_size, one_line, parse_json_object, read_text
from mjscore.record_schema import SCHEMA as RECORD_SCHEMA
from mjscore.schema import conforming
from mjscore.tiles import SEATS, TABLE_TILES, Tile, counts_of, format_tiles, next_seat, parse_tiles

if TYPE_CHECKING:  # the record's models (pydantic) are imported to read a record the schema does not settle
    from mjscore.record import HandRecord


class MeldKind(StrEnum):
    CHOW = "chow"
    PUNG = "pung"
    KONG = "kong"


class WinKind(StrEnum):
    """Where the winning tile came from."""

    SELF_DRAW = "self_draw"
    DISCARD = "discard"
    ROBBING_GONG = "robbing_gong"
    FLOWERS = "flowers"  # an instant win on the seventh or eighth flower

    @property
    def claimed(self) -> bool:
        """True when the winning tile came from another player (a discard or a robbed gong)."""
        return self in (WinKind.DISCARD, WinKind.ROBBING_GONG)


class ReadyOn(StrEnum):
    """When a declared ready hand was declared (ruling 46): on the deal (天聽) or with the first
    discard (地聽). A declaration made later records no ``ready_on``."""

    DEAL = "deal"
    FIRST_DISCARD = "first_discard"


class Replacement(StrEnum):
    """The winning tile was a replacement draw (ruling 8)."""

    FLOWER = "flower"
    GONG = "gong"
    DOUBLE_GONG = "double_gong"


# ---------------------------------------------------------------------------------------------
# The domain values.


@dataclass(frozen=True, slots=True)
class Meld:
    """A declared set. Exposed unless ``concealed`` (a concealed kong); ``added`` = promoted from a pung."""

    kind: MeldKind
    tiles: tuple[Tile, ...]
    concealed: bool = False
    added: bool = False

    def __post_init__(self) -> None:
        problem = _meld_problem(self)
        if problem:
            raise HandError(Refusal("bad_meld", meld=self.notation(), tiles=format_tiles(self.tiles), problem=problem))

    @property
    def is_pung_like(self) -> bool:
        """Pungs and kongs: a kong counts as a pung for pung-counting awards (ruling 2)."""
        return self.kind is not MeldKind.CHOW

    def to_dict(self) -> dict[str, Any]:
        """The meld as a hand record writes it (``melds`` items of docs/hand-format.md)."""
        data: dict[str, Any] = {"kind": self.kind.value, "tiles": format_tiles(self.tiles)}
        if self.concealed:
            data["concealed"] = True
        if self.added:
            data["added"] = True
        return data

    def notation(self) -> str:
        tiles = format_tiles(self.tiles)
        extra = " concealed" if self.concealed else " added" if self.added else ""
        return f"{self.kind.value} {tiles}{extra}"


#: The members of the enumerations a record names, by value: a look-up, where calling the enumeration
#: is a Python call per field (the record's schema has already checked every value).
_MELD_KINDS: dict[str, MeldKind] = {kind.value: kind for kind in MeldKind}
_WIN_KINDS: dict[str, WinKind] = {kind.value: kind for kind in WinKind}

#: Tiles sort by their index: a key read in C, where the dataclass's ``<`` is a Python call per comparison.
_BY_INDEX = attrgetter("index")


def _meld_problem(meld: Meld) -> Refusal | None:
    tiles = sorted(meld.tiles, key=_BY_INDEX)
    if tiles and tiles[-1].is_bonus:  # sorted: bonus tiles last
        return Refusal("meld_bonus")
    if meld.concealed and meld.kind is not MeldKind.KONG:
        return Refusal("meld_only_kong_concealed")
    if meld.added and meld.kind is not MeldKind.KONG:
        return Refusal("meld_only_kong_added")
    if meld.added and meld.concealed:
        return Refusal("meld_added_concealed")
    if meld.kind is MeldKind.CHOW:
        if len(tiles) != 3:
            return Refusal("chow_size", count=len(tiles))
        if not tiles[0].is_numbered or tiles[0].suit is not tiles[2].suit:
            return Refusal("chow_shape")
        if [t.rank for t in tiles] != [tiles[0].rank, tiles[0].rank + 1, tiles[0].rank + 2]:
            return Refusal("chow_shape")
        return None
    size = 3 if meld.kind is MeldKind.PUNG else 4
    if len(tiles) != size:
        return Refusal("pung_size" if meld.kind is MeldKind.PUNG else "kong_size", size=size, count=len(tiles))
    if len(set(tiles)) != 1:
        return Refusal("pung_shape" if meld.kind is MeldKind.PUNG else "kong_shape", size=size)
    return None


@dataclass(frozen=True, slots=True)
class Hand:
    """A winning hand with its context. Build it with :meth:`from_dict` or directly; either way the
    structure is checked (tiles, melds, copies, context). The tile count depends on the ruleset and
    is checked by :func:`mjscore.scoring.contexts.check_tile_count` when the hand is scored."""

    concealed: tuple[Tile, ...]
    win: WinKind
    win_tile: Tile | None = None
    melds: tuple[Meld, ...] = ()
    flowers: tuple[Tile, ...] = ()
    seat: str = "E"
    round: str = "E"
    discarder: str | None = None
    replacement: Replacement | None = None
    last_tile: bool = False
    discards: int | None = None
    declared_tiles: int | None = None
    dealer_streak: int = 0
    ready_declared: bool = False
    ready_on: ReadyOn | None = None
    heavenly: bool = False
    earthly: bool = False
    last_of_kind: bool = False
    ippatsu: bool = False
    dora_indicators: tuple[Tile, ...] = ()
    ura_dora_indicators: tuple[Tile, ...] = ()
    red_fives: tuple[Tile, ...] = ()
    ruleset: str = "lrc"
    _counts: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # The order tiles are written in does not matter: keep them sorted, so equal hands are equal.
        # (Hand.winning_on copies a hand without running this: what it does not redo must not depend on win_tile.)
        object.__setattr__(self, "concealed", tuple(sorted(self.concealed, key=_BY_INDEX)))
        object.__setattr__(self, "flowers", tuple(sorted(self.flowers, key=_BY_INDEX)))
        if self.red_fives:
            object.__setattr__(self, "red_fives", tuple(sorted(self.red_fives, key=_BY_INDEX)))
        _check_tiles(self)
        object.__setattr__(self, "_counts", tuple(counts_of(self.all_tiles)))
        _check_structure(self)

    def winning_on(self, tile: Tile) -> Hand:
        """This hand won on ``tile`` instead, every other field the same: the hand
        ``dataclasses.replace(self, win_tile=tile)`` makes, and refused as it refuses it (a
        :class:`HandError` for a fifth copy, a bonus tile, a robbed gong on a tile the hand holds...).
        The tiles are not sorted again, nor the fields read and written one by one through the
        dataclass's ``__init__``: every wait of a discard table's ready rows is scored on such a hand."""
        won = object.__new__(Hand)
        for name in _HAND_SLOTS:
            object.__setattr__(won, name, getattr(self, name))
        object.__setattr__(won, "win_tile", tile)
        _check_tiles(won)
        object.__setattr__(won, "_counts", tuple(counts_of(won.all_tiles)))
        _check_structure(won)
        return won

    # ----- reading and writing the record

    @staticmethod
    def from_dict(data: Mapping[str, Any]) -> Hand:
        """Read a hand record (a JSON object) into a :class:`Hand`; refuse it with a one-line reason.

        A record that the record's schema settles (:mod:`mjscore.record_schema`: every field of the
        type it gives and within its bounds) is read from its values as they are; any other is
        read by the record's models (:class:`mjscore.record.HandRecord`), which take it or word
        why not. Either way the record is checked against the one schema, with the same result."""
        fields = conforming(data, RECORD_SCHEMA)
        if fields is None:
            from pydantic import ValidationError

            from mjscore.record import HandRecord

            try:
                fields = HandRecord.model_validate(data).model_dump()
            except ValidationError as error:
                raise HandError(one_line(error)) from None
        return Hand._from_fields(fields)

    @staticmethod
    def from_json(text: str, where: str = "hand record") -> Hand:
        """Read a hand record from JSON text (strict JSON, :func:`mjscore.reading.parse_json`)."""
        return Hand.from_dict(parse_record(text, where))

    @staticmethod
    def from_record(record: HandRecord) -> Hand:
        """The hand of a record its model has read (a request body of the HTTP API)."""
        return Hand._from_fields(record.model_dump())

    @staticmethod
    def _from_fields(fields: Mapping[str, Any]) -> Hand:
        """The hand of a record's fields, every one present and of its schema's type."""
        melds = []
        for number, meld in enumerate(fields["melds"], 1):
            try:
                tiles = parse_tiles(meld["tiles"])
                melds.append(Meld(_MELD_KINDS[meld["kind"]], tiles, meld["concealed"], meld["added"]))
            except MjscoreError as error:
                raise HandError(Refusal("in_meld", number=number, cause=error)) from None
        win = _WIN_KINDS[fields["win"]]
        seat, discarder = fields["seat"], fields["discarder"]
        return Hand(
            concealed=_tiles_field("concealed", fields["concealed"]),
            win=win,
            win_tile=_tiles_field("win_tile", fields["win_tile"])[0] if fields["win_tile"] is not None else None,
            melds=tuple(melds),
            flowers=_tiles_field("flowers", fields["flowers"]),
            seat=seat,
            round=fields["round"],
            discarder=discarder if discarder or not win.claimed else next_seat(seat, -1),
            replacement=Replacement(fields["replacement"]) if fields["replacement"] else None,
            last_tile=fields["last_tile"],
            discards=fields["discards"],
            declared_tiles=fields["declared_tiles"],
            dealer_streak=fields["dealer_streak"],
            ready_declared=fields["ready_declared"],
            ready_on=ReadyOn(fields["ready_on"]) if fields["ready_on"] else None,
            heavenly=fields["heavenly"],
            earthly=fields["earthly"],
            last_of_kind=fields["last_of_kind"],
            ippatsu=fields["ippatsu"],
            dora_indicators=_tiles_field("dora_indicators", fields["dora_indicators"]),
            ura_dora_indicators=_tiles_field("ura_dora_indicators", fields["ura_dora_indicators"]),
            red_fives=_tiles_field("red_fives", fields["red_fives"]),
            ruleset=fields["ruleset"],
        )

    def to_dict(self) -> dict[str, Any]:
        """The hand record of this hand; ``Hand.from_dict(hand.to_dict()) == hand``."""
        data: dict[str, Any] = {
            "ruleset": self.ruleset,
            "seat": self.seat,
            "round": self.round,
            "concealed": format_tiles(self.concealed),
            "melds": [m.to_dict() for m in self.melds],
            "flowers": [t.code for t in self.flowers],
            "win": self.win.value,
        }
        if self.win_tile is not None:
            data["win_tile"] = self.win_tile.code
        if self.discarder is not None:
            data["discarder"] = self.discarder
        data["replacement"] = self.replacement.value if self.replacement else False
        if self.ready_on is not None:
            data["ready_on"] = self.ready_on.value
        for name in ("last_tile", "discards", "declared_tiles", "dealer_streak", "ready_declared",
                     "heavenly", "earthly", "last_of_kind"):
            data[name] = getattr(self, name)
        # The riichi fields are written only where they say something: every other ruleset's records stay as they were.
        if self.ippatsu:
            data["ippatsu"] = True
        for name in ("dora_indicators", "ura_dora_indicators", "red_fives"):
            tiles = getattr(self, name)
            if tiles:
                data[name] = [t.code for t in tiles]
        return data

    # ----- facts about the hand

    @property
    def all_tiles(self) -> tuple[Tile, ...]:
        """Every tile of the hand: concealed, melded and the winning tile (no bonus tiles)."""
        tiles = self.concealed + tuple(t for m in self.melds for t in m.tiles)
        return tiles + (self.win_tile,) if self.win_tile is not None else tiles

    @property
    def counts(self) -> tuple[int, ...]:
        """Copies of each of the 34 kinds in :attr:`all_tiles`."""
        return self._counts

    @property
    def has_exposed_melds(self) -> bool:
        """Any declared set other than a concealed kong."""
        return any(not m.concealed for m in self.melds)

    @property
    def table_tiles(self) -> int | None:
        """Discarded plus declared tiles on the table at the win (ruling 7), or None if not recorded."""
        if self.discards is None:
            return None
        return self.discards + self.effective_declared_tiles

    @property
    def effective_declared_tiles(self) -> int:
        own = sum(len(m.tiles) for m in self.melds)
        return self.declared_tiles if self.declared_tiles is not None else own


#: The fields :meth:`Hand.winning_on` copies: every slot of a hand but its winning tile and the
#: counts of its tiles, which it sets.
_HAND_SLOTS: tuple[str, ...] = tuple(name for name in Hand.__slots__ if name not in ("win_tile", "_counts"))


def parse_record(text: str, where: str = "hand record") -> dict[str, Any]:
    """The JSON object of a hand record's text, read strictly (:mod:`mjscore.reading`); the fields
    are checked when it is read into a :class:`Hand`."""
    check_size(text, "hand", where)
    return parse_json_object(text, where)


#: Keys a line of hand records may carry beside the record, about where the hand came from (an
#: imported log's ``recorded`` score and ``match`` id): readers of lines set them aside unread, and
#: every other unknown key is still refused.
LINE_ANNOTATIONS = ("recorded", "match")


def without_annotations(data: dict[str, Any]) -> dict[str, Any]:
    """The hand record of a line of records: ``data`` without its :data:`LINE_ANNOTATIONS` (``data``
    itself when it has none)."""
    if data.keys().isdisjoint(LINE_ANNOTATIONS):
        return data
    return {key: value for key, value in data.items() if key not in LINE_ANNOTATIONS}


def read_record_file(path: Path) -> dict[str, Any]:
    """The JSON object of the hand record file at ``path``: a missing file, bytes that are not
    UTF-8 or text that is not strict JSON are refused with one :class:`InputError` line."""
    return parse_json_object(read_text(path, "hand"), str(path))


def _tiles_field(name: str, value: str | list[str] | None) -> tuple[Tile, ...]:
    if value is None:
        return ()
    try:
        tiles = parse_tiles(value)
    except MjscoreError as error:
        raise HandError(Refusal("in_field", field=name, name=Term(name), cause=error)) from None
    if name == "win_tile" and len(tiles) != 1:
        raise HandError(Refusal("win_tile_count", value=quoted(value), count=len(tiles)))
    return tiles


def _check_tiles(hand: Hand) -> None:
    """Bonus tiles only among the flowers, and only there. (The concealed tiles and the flowers are
    sorted, bonus tiles last: the first tile out of place is the first bonus tile concealed and the
    lowest flower.)"""
    if hand.concealed and hand.concealed[-1].is_bonus:
        tile = next(t for t in hand.concealed if t.is_bonus)
        raise HandError(Refusal("bonus_concealed", tile=tile.code))
    if hand.win_tile is not None and hand.win_tile.is_bonus:
        raise HandError(Refusal("bonus_win_tile", tile=hand.win_tile.code))
    if hand.flowers and not hand.flowers[0].is_bonus:
        raise HandError(Refusal("flower_not_bonus", tile=hand.flowers[0].code))
    if len(set(hand.flowers)) != len(hand.flowers):
        repeated = next(t for t in hand.flowers if hand.flowers.count(t) > 1)
        raise HandError(Refusal("flower_twice", tile=repeated.code))


def _check_structure(hand: Hand) -> None:
    """Refuse what cannot happen at a table (ruling 6), whatever the ruleset."""
    counts = hand.counts
    if max(counts) > 4:
        tile = next(t for t in hand.all_tiles if counts[t.index] > 4)
        raise HandError(Refusal("too_many_copies", count=counts[tile.index], tile=tile.code))
    for name in ("seat", "round"):
        if getattr(hand, name) not in SEATS:
            raise HandError(Refusal("not_a_wind", field=name, name=Term(name), value=quoted(getattr(hand, name))))
    _check_context(hand)


def _check_context(hand: Hand) -> None:
    win = hand.win
    if win is WinKind.FLOWERS:
        if hand.win_tile is not None:
            raise HandError(Refusal("flower_win_tile"))
        if len(hand.flowers) < 7:
            raise HandError(Refusal("flower_win_count", count=len(hand.flowers)))
    if win.claimed:
        if hand.discarder is None:
            raise HandError(Refusal("needs_discarder", win=win.value, how=Term(f"win_{win.value}")))
        if hand.discarder == hand.seat:
            raise HandError(Refusal("discarder_is_winner", seat=hand.discarder))
        if win is WinKind.DISCARD and hand.discards == 0 and hand.discarder != "E":
            raise HandError(_first_discard_problem(hand))
        if hand.replacement is not None:
            raise HandError(Refusal("replacement_claimed", replacement=quoted(hand.replacement.value), win=win.value,
                                    how=Term(f"win_{win.value}")))
        if hand.last_tile and win is WinKind.ROBBING_GONG:
            raise HandError(Refusal("robbing_last_tile"))
    elif hand.discarder is not None and win is WinKind.FLOWERS:
        # Seven flowers robbing the eighth (rulings 39, 45): the player who drew it pays alone.
        if hand.discarder == hand.seat:
            raise HandError(Refusal("eighth_flower_is_winner", seat=hand.discarder))
    elif hand.discarder is not None:
        raise HandError(Refusal("no_discarder_here", seat=hand.discarder, win=win.value, how=Term(f"win_{win.value}")))
    if win is WinKind.ROBBING_GONG and hand.win_tile is not None:
        held = hand.counts[hand.win_tile.index] - 1
        if held:
            raise HandError(Refusal("robbed_tile_held", tile=hand.win_tile.code, held=held))
    if hand.last_of_kind and hand.win_tile is not None and hand.win_tile in hand.concealed:
        raise HandError(Refusal("last_of_kind_held", tile=hand.win_tile.code))
    if hand.heavenly and hand.earthly:
        raise HandError(Refusal("heavenly_and_earthly"))
    # What else heavenly, earthly and ready_declared require is the ruleset's (its [ruleset.context] tables).
    if hand.heavenly and hand.ready_declared:
        raise HandError(Refusal("heavenly_ready"))
    if hand.heavenly and (hand.last_tile or hand.last_of_kind):
        field_name = "last_tile" if hand.last_tile else "last_of_kind"
        raise HandError(Refusal("heavenly_with", field=field_name, flag=Term(field_name)))
    if hand.ready_on is not None:
        if hand.earthly and hand.ready_on is ReadyOn.FIRST_DISCARD:
            raise HandError(Refusal("earthly_ready_on"))
        if not hand.ready_declared:
            raise HandError(Refusal("ready_on_undeclared", value=quoted(hand.ready_on.value)))
        if hand.has_exposed_melds:
            raise HandError(Refusal("ready_on_claimed", value=quoted(hand.ready_on.value)))
    _check_replacement(hand)
    _check_table_counts(hand)
    _check_dora(hand)


def _first_discard_problem(hand: Hand) -> Refusal:
    """Why a discard win with ``discards`` 0 cannot come from its discarder (ruling 58): the
    winning tile is then the hand's first discard, which is the dealer's (East)."""
    if hand.seat == "E":
        return Refusal("first_discard_dealer_wins")
    return Refusal("first_discard_not_dealer", seat=hand.discarder)


def _check_replacement(hand: Hand) -> None:
    """A replacement draw needs what it replaces (ruling 28): a flower, a gong, two gongs."""
    kongs = sum(m.kind is MeldKind.KONG for m in hand.melds)
    if hand.replacement is Replacement.FLOWER and not hand.flowers:
        raise HandError(Refusal("replacement_flower"))
    if hand.replacement is Replacement.GONG and kongs < 1:
        raise HandError(Refusal("replacement_gong"))
    if hand.replacement is Replacement.DOUBLE_GONG and kongs < 2:
        raise HandError(Refusal("replacement_double_gong", kongs=kongs))


def _check_dora(hand: Hand) -> None:
    """Dora indicators are tiles of the wall (no bonus tile), at most five of each kind of indicator
    (the first and four kongs'); ura dora and ippatsu come only with a ready declaration (riichi), and
    each red five is a five the hand holds (riichi's dora, issue 43)."""
    for name in ("dora_indicators", "ura_dora_indicators"):
        tiles = getattr(hand, name)
        if len(tiles) > 5:
            raise HandError(Refusal("too_many_indicators", field=name, name=Term(name), count=len(tiles)))
        bonus = next((t for t in tiles if t.is_bonus), None)
        if bonus is not None:
            raise HandError(Refusal("indicator_bonus", field=name, name=Term(name), tile=bonus.code))
    if hand.ura_dora_indicators and not hand.ready_declared:
        raise HandError(Refusal("ura_without_ready"))
    if hand.ippatsu and not hand.ready_declared:
        raise HandError(Refusal("ippatsu_without_ready"))
    for tile in set(hand.red_fives):
        if not tile.is_numbered or tile.rank != 5:
            raise HandError(Refusal("red_five_not_five", tile=tile.code))
        listed = hand.red_fives.count(tile)
        if listed > hand.counts[tile.index]:
            raise HandError(Refusal("red_five_not_held", tile=tile.code, listed=listed, held=hand.counts[tile.index]))


def _check_table_counts(hand: Hand) -> None:
    """The counts of tiles on the table fit the wall (ruling 7)."""
    own = sum(len(m.tiles) for m in hand.melds)
    if hand.declared_tiles is not None and hand.declared_tiles < own:
        raise HandError(Refusal("declared_tiles_fewer", declared=hand.declared_tiles, own=own))
    if hand.discards is not None:
        in_view = hand.discards + hand.effective_declared_tiles + len(hand.concealed) + 1
        if in_view > TABLE_TILES:
            raise HandError(Refusal("discards_too_many", discards=hand.discards, count=in_view, wall=TABLE_TILES))
