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

from mjscore.errors import HandError, MjscoreError
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
            raise HandError(f"meld {self.notation()}: {problem}")

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


def _meld_problem(meld: Meld) -> str:
    tiles = sorted(meld.tiles, key=_BY_INDEX)
    if tiles and tiles[-1].is_bonus:  # sorted: bonus tiles last
        return "bonus tiles cannot be in a meld"
    if meld.concealed and meld.kind is not MeldKind.KONG:
        return "only a kong can be concealed"
    if meld.added and meld.kind is not MeldKind.KONG:
        return "only a kong can be added to a pung"
    if meld.added and meld.concealed:
        return "a kong added to an exposed pung is not concealed"
    if meld.kind is MeldKind.CHOW:
        if len(tiles) != 3:
            return f"a chow has 3 tiles, not {len(tiles)}"
        if not tiles[0].is_numbered or tiles[0].suit is not tiles[2].suit:
            return "a chow is three consecutive tiles of one numbered suit"
        if [t.rank for t in tiles] != [tiles[0].rank, tiles[0].rank + 1, tiles[0].rank + 2]:
            return "a chow is three consecutive tiles of one numbered suit"
        return ""
    size = 3 if meld.kind is MeldKind.PUNG else 4
    if len(tiles) != size:
        return f"a {meld.kind.value} has {size} tiles, not {len(tiles)}"
    if len(set(tiles)) != 1:
        return f"a {meld.kind.value} is {size} identical tiles"
    return ""


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
    ruleset: str = "lrc"
    _counts: tuple[int, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        # The order tiles are written in does not matter: keep them sorted, so equal hands are equal.
        # (Hand.winning_on copies a hand without running this: what it does not redo must not depend on win_tile.)
        object.__setattr__(self, "concealed", tuple(sorted(self.concealed, key=_BY_INDEX)))
        object.__setattr__(self, "flowers", tuple(sorted(self.flowers, key=_BY_INDEX)))
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
                raise HandError(f"melds[{number}]: {error}") from None
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
        raise HandError(f"{name}: {error}") from None
    if name == "win_tile" and len(tiles) != 1:
        raise HandError(f"win_tile: {value!r} is {len(tiles)} tiles, not one")
    return tiles


def _check_tiles(hand: Hand) -> None:
    """Bonus tiles only among the flowers, and only there. (The concealed tiles and the flowers are
    sorted, bonus tiles last: the first tile out of place is the first bonus tile concealed and the
    lowest flower.)"""
    if hand.concealed and hand.concealed[-1].is_bonus:
        tile = next(t for t in hand.concealed if t.is_bonus)
        raise HandError(f"concealed: {tile.code} is a bonus tile; put it in flowers")
    if hand.win_tile is not None and hand.win_tile.is_bonus:
        raise HandError(f"win_tile: {hand.win_tile.code} is a bonus tile")
    if hand.flowers and not hand.flowers[0].is_bonus:
        raise HandError(f"flowers: {hand.flowers[0].code} is not a bonus tile (1f-8f)")
    if len(set(hand.flowers)) != len(hand.flowers):
        repeated = next(t for t in hand.flowers if hand.flowers.count(t) > 1)
        raise HandError(f"flowers: {repeated.code} appears twice; there is one of each bonus tile")


def _check_structure(hand: Hand) -> None:
    """Refuse what cannot happen at a table (ruling 6), whatever the ruleset."""
    counts = hand.counts
    if max(counts) > 4:
        tile = next(t for t in hand.all_tiles if counts[t.index] > 4)
        raise HandError(f"{counts[tile.index]} copies of {tile.code}: there are only 4 of each tile")
    for name in ("seat", "round"):
        if getattr(hand, name) not in SEATS:
            raise HandError(f"{name}: {getattr(hand, name)!r} is not a wind (E, S, W or N)")
    _check_context(hand)


def _check_context(hand: Hand) -> None:
    win = hand.win
    if win is WinKind.FLOWERS:
        if hand.win_tile is not None:
            raise HandError("an instant flower win has no win_tile")
        if len(hand.flowers) < 7:
            raise HandError(f"an instant flower win needs 7 or 8 flowers, not {len(hand.flowers)}")
    if win.claimed:
        if hand.discarder is None:
            raise HandError(f"a {win.value} win needs a discarder")
        if hand.discarder == hand.seat:
            raise HandError(f"discarder {hand.discarder} is the winner's own seat")
        if win is WinKind.DISCARD and hand.discards == 0 and hand.discarder != "E":
            raise HandError(_first_discard_problem(hand))
        if hand.replacement is not None:
            raise HandError(f"replacement {hand.replacement.value!r}: a replacement tile is self-drawn, not a {win.value}")
        if hand.last_tile and win is WinKind.ROBBING_GONG:
            raise HandError("robbing a gong cannot be on the last tile of the wall: no replacement draw follows it")
    elif hand.discarder is not None and win is WinKind.FLOWERS:
        # Seven flowers robbing the eighth (rulings 39, 45): the player who drew it pays alone.
        if hand.discarder == hand.seat:
            raise HandError(f"discarder {hand.discarder} is the winner's own seat: name the player who drew the eighth flower")
    elif hand.discarder is not None:
        raise HandError(f"discarder {hand.discarder}: a {win.value} win has no discarder")
    if win is WinKind.ROBBING_GONG and hand.win_tile is not None:
        held = hand.counts[hand.win_tile.index] - 1
        if held:
            raise HandError(
                f"robbing a gong on {hand.win_tile.code}: the other three copies are in the robbed pung, "
                f"so the winner cannot also hold {held}")
    if hand.last_of_kind and hand.win_tile is not None and hand.win_tile in hand.concealed:
        raise HandError(
            f"last_of_kind: the winner holds another {hand.win_tile.code}, so three others cannot be in view")
    if hand.heavenly and hand.earthly:
        raise HandError("a hand cannot be both heavenly and earthly")
    # What else heavenly, earthly and ready_declared require is the ruleset's (its [ruleset.context] tables).
    if hand.heavenly and hand.ready_declared:
        raise HandError("heavenly hand: a dealt hand that is already complete is never declared ready")
    if hand.heavenly and (hand.last_tile or hand.last_of_kind):
        field_name = "last_tile" if hand.last_tile else "last_of_kind"
        raise HandError(f"heavenly hand with {field_name}: the dealt hand is complete before a tile is drawn or seen")
    if hand.ready_on is not None:
        if hand.earthly and hand.ready_on is ReadyOn.FIRST_DISCARD:
            raise HandError("earthly hand: won on the first draw, before the winner's first discard, so not ready_on it")
        if not hand.ready_declared:
            raise HandError(f"ready_on {hand.ready_on.value!r}: the hand is not declared ready (ready_declared)")
        if hand.has_exposed_melds:
            raise HandError(f"ready_on {hand.ready_on.value!r}: a hand declared ready then is not changed, "
                            "so it cannot hold a claimed set")
    _check_replacement(hand)
    _check_table_counts(hand)


def _first_discard_problem(hand: Hand) -> str:
    """Why a discard win with ``discards`` 0 cannot come from its discarder (ruling 58): the
    winning tile is then the hand's first discard, which is the dealer's (East)."""
    if hand.seat == "E":
        return ("discards 0: the winning tile would be the hand's first discard, which is the dealer's (East), "
                "and the dealer is the winner")
    return (f"discarder {hand.discarder}: with discards 0 the winning tile is the hand's first discard, "
            "which is the dealer's (East)")


def _check_replacement(hand: Hand) -> None:
    """A replacement draw needs what it replaces (ruling 28): a flower, a gong, two gongs."""
    kongs = sum(m.kind is MeldKind.KONG for m in hand.melds)
    if hand.replacement is Replacement.FLOWER and not hand.flowers:
        raise HandError('replacement "flower": a draw from the flower wall follows a flower, and the hand has none')
    if hand.replacement is Replacement.GONG and kongs < 1:
        raise HandError('replacement "gong": a replacement draw follows a gong, and the hand declares none')
    if hand.replacement is Replacement.DOUBLE_GONG and kongs < 2:
        raise HandError(f'replacement "double_gong": it follows a gong made by a gong\'s replacement, so two gongs; '
                        f"the hand declares {kongs}")


def _check_table_counts(hand: Hand) -> None:
    """The counts of tiles on the table fit the wall (ruling 7)."""
    own = sum(len(m.tiles) for m in hand.melds)
    if hand.declared_tiles is not None and hand.declared_tiles < own:
        raise HandError(f"declared_tiles {hand.declared_tiles} is fewer than the winner's own {own} declared tiles")
    if hand.discards is not None:
        in_view = hand.discards + hand.effective_declared_tiles + len(hand.concealed) + 1
        if in_view > TABLE_TILES:
            raise HandError(f"discards {hand.discards}: with the declared and held tiles that is {in_view} tiles, "
                            f"more than the {TABLE_TILES} a wall has besides the bonus tiles")
