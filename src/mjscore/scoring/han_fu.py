"""Hands valued by two counts (riichi's han and fu) and paid from a points table, as data.

Most rulesets add up their awards and the total is what each loser pays. A ruleset with a
:class:`FuTable` and a :class:`PointsTable` (riichi) works otherwise: its awards count doubles (han),
a second count (fu, minipoints) is worked out per arrangement from the fu table, and the two give
the hand's base points, ``fu × 2^(han + doublings)``, bounded by named limits (mangan, haneman...)
reached by han or by the base itself (kiriage). A limit hand (yakuman) is paid as its number of
limits. Each payment is the base times the payer's share (more where the dealer pays or wins),
rounded up: on a claimed tile the discarder pays every share alone.

Everything here is a small pure function over the tables, the hand and one arrangement: the
engine (:mod:`mjscore.scoring.engine`) asks them for each arrangement and keeps the one that pays
most. Nothing names a ruleset.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from mjscore.arrangements import Arrangement, Group
from mjscore.hand import Hand, WinKind
from mjscore.scoring.payments import Payment
from mjscore.tiles import SEATS, Tile

if TYPE_CHECKING:
    from mjscore.scoring.ruleset import Names

#: The keys of a fu table's ``sets``: a set is open or closed, a pung or a kong, of simples or of
#: terminals and honours (``_terminal``).
SET_KINDS = tuple(f"{state}_{kind}{end}" for state in ("open", "closed") for kind in ("pung", "kong")
                  for end in ("", "_terminal"))
#: The keys of a fu table's ``pair``: a pair of dragons, of the seat wind, of the round wind
#: (a pair of a wind that is both scores both, within ``pair_most``).
PAIR_KINDS = ("dragon", "seat_wind", "round_wind")
#: The keys of a fu table's ``wait``: the winning tile's role (edge, closed, pair).
WAIT_KINDS = ("edge", "closed", "pair", "two_sided", "pung")


@dataclass(frozen=True, slots=True)
class FuTable:
    """How the fu of an arrangement are counted: ``base`` for every hand; ``shapes`` a fixed count
    for an irregular shape (seven pairs: 25, nothing added, not rounded); ``concealed_claimed`` for
    a concealed hand (no declared set but concealed kongs) won on a claimed tile; ``self_drawn`` for
    a self-draw, unless an award of ``self_drawn_except`` counts (pinfu); each set by ``sets``
    (:data:`SET_KINDS`); the pair by ``pair`` (:data:`PAIR_KINDS`, added up, at most ``pair_most``);
    the winning tile's role by ``wait``; an open hand at least ``open_minimum``; the sum rounded up
    to ``round_to``."""

    base: int
    shapes: Mapping[str, int] = field(default_factory=dict)
    concealed_claimed: int = 0
    self_drawn: int = 0
    self_drawn_except: tuple[str, ...] = ()
    sets: Mapping[str, int] = field(default_factory=dict)
    pair: Mapping[str, int] = field(default_factory=dict)
    pair_most: int | None = None
    wait: Mapping[str, int] = field(default_factory=dict)
    open_minimum: int = 0
    round_to: int = 10


@dataclass(frozen=True, slots=True)
class FuLine:
    """One line of an arrangement's fu: its ``kind`` (``base``, ``shape``, ``concealed_claimed``,
    ``self_drawn``, a set kind of :data:`SET_KINDS`, ``pair``, ``wait``, ``open_minimum``,
    ``rounding``), the fu and the tiles behind it; ``reasons`` the pair kinds a pair line adds up,
    or the wait role."""

    kind: str
    fu: int
    tiles: tuple[Tile, ...] = ()
    reasons: tuple[str, ...] = ()

    def to_dict(self) -> dict[str, object]:
        return {"kind": self.kind, "fu": self.fu, "tiles": [t.code for t in self.tiles], "reasons": list(self.reasons)}


@dataclass(frozen=True, slots=True)
class Limit:
    """A named limit of the points table (mangan, haneman...): a hand of ``han`` or more han, or
    (``from_base``) whose base points reach it, is paid ``base``. ``enabled``: played at this table
    (kazoe yakuman is a limit some tables leave out)."""

    id: str
    name: Names
    han: int
    base: int
    from_base: int | None = None
    enabled: bool = True


@dataclass(frozen=True, slots=True)
class PointsTable:
    """Han and fu to points: the base is ``fu × 2^(han + doublings)``, bounded by the highest
    enabled limit reached (``limits``, lowest first); a limit hand is paid ``limit_hand_base`` per
    limit (``limit_hand_name``), and several limit hands add up where ``limit_hands_cumulative``
    (else the highest counts alone). Each loser's share of the base is ``share``, or
    ``dealer_share`` where the loser or the winner is the dealer (East); a self-draw is paid by each
    loser, a claimed tile by the discarder alone for every share; each payment is rounded up to
    ``round_to``."""

    limits: tuple[Limit, ...]
    limit_hand_base: int
    limit_hand_name: Names
    doublings: int = 2
    round_to: int = 100
    limit_hands_cumulative: bool = True
    share: int = 1
    dealer_share: int = 2


@dataclass(frozen=True, slots=True)
class HandValue:
    """A hand's value under a points table: its ``han`` (the counted awards, dora included), its
    ``fu`` and their ``fu_lines``, the ``limit_hands`` it is paid as (0: none), the ``limit`` it
    reached (None: below every limit), and its ``base`` points."""

    han: int
    fu: int
    fu_lines: tuple[FuLine, ...]
    limit_hands: int
    limit: Limit | None
    base: int

    def to_dict(self, lang: str = "en") -> dict[str, object]:
        return {"han": self.han, "fu": self.fu, "fu_lines": [line.to_dict() for line in self.fu_lines],
                "limit_hands": self.limit_hands, "limit": self.limit.id if self.limit else None,
                "limit_name": self.limit.name.get(lang) if self.limit else None, "base": self.base}


#: The :data:`SET_KINDS` key of a set by (concealed, kong, terminal or honour), indexed 4, 2, 1.
_SET_KIND_NAMES: tuple[str, ...] = tuple(
    f"{'closed' if closed else 'open'}_{'kong' if kong else 'pung'}{'_terminal' if end else ''}"
    for closed in (False, True) for kong in (False, True) for end in (False, True))


def _is_end(index: int) -> bool:
    """A terminal or an honour, by its tile index (a 1 or 9 of a suit, or 27 and above)."""
    return index >= 27 or index % 9 in (0, 8)


def set_kind(group: Group) -> str:
    """The :data:`SET_KINDS` key of a pung or kong: open or closed (a pung completed by a claimed
    winning tile is open, ruling 3), pung or kong, simples or terminals and honours."""
    return _SET_KIND_NAMES[4 * group.concealed + 2 * group.is_kong + _is_end(group.index)]


def pair_kinds(tile: Tile, hand: Hand) -> tuple[str, ...]:
    """The :data:`PAIR_KINDS` a pair of ``tile`` is: a dragon, the seat wind, the round wind."""
    found: list[str] = []
    if tile.is_dragon:
        found.append("dragon")
    if tile.is_wind:
        if tile.index == 27 + SEATS.index(hand.seat):
            found.append("seat_wind")
        if tile.index == 27 + SEATS.index(hand.round):
            found.append("round_wind")
    return tuple(found)


def count_fu(table: FuTable, hand: Hand, arrangement: Arrangement, counted: Sequence[str]) -> tuple[int, tuple[FuLine, ...]]:
    """The fu of ``arrangement`` of ``hand`` and its lines, with the awards ``counted`` (their ids:
    pinfu takes the self-draw fu away)."""
    fixed = table.shapes.get(arrangement.shape)
    if fixed is not None:
        return fixed, (FuLine("shape", fixed, (), (arrangement.shape,)),)
    lines = [FuLine("base", table.base)]
    raw = table.base
    concealed = not hand.has_exposed_melds
    win = hand.win
    if concealed and table.concealed_claimed and win.claimed:
        lines.append(FuLine("concealed_claimed", table.concealed_claimed))
        raw += table.concealed_claimed
    if win is WinKind.SELF_DRAW and table.self_drawn and not any(a in table.self_drawn_except for a in counted):
        lines.append(FuLine("self_drawn", table.self_drawn))
        raw += table.self_drawn
    sets = table.sets
    pair = arrangement.pair
    for group in arrangement.groups:
        if group.is_pung_like:
            kind = set_kind(group)
            fu = sets.get(kind, 0)
            if fu:
                lines.append(FuLine(kind, fu, group.tiles))
                raw += fu
        elif group is pair and group.index >= 27:  # only an honour pair earns fu
            reasons = pair_kinds(group.first, hand)
            fu = sum(table.pair.get(reason, 0) for reason in reasons)
            if table.pair_most is not None:
                fu = min(fu, table.pair_most)
            if fu:
                lines.append(FuLine("pair", fu, group.tiles, reasons))
                raw += fu
    role = arrangement.win_role
    if role is not None:
        fu = table.wait.get(role.value, 0)
        if fu:
            win_group = arrangement.groups[arrangement.win_group] if arrangement.win_group is not None else None
            lines.append(FuLine("wait", fu, win_group.tiles if win_group else (), (role.value,)))
            raw += fu
    rounded = round_up(raw, table.round_to)
    if not concealed and rounded < table.open_minimum:
        lines.append(FuLine("open_minimum", table.open_minimum - raw))
        return table.open_minimum, tuple(lines)
    if rounded > raw:
        lines.append(FuLine("rounding", rounded - raw))
    return rounded, tuple(lines)


def hand_value(table: PointsTable, han: int, fu: int, fu_lines: tuple[FuLine, ...], limit_hands: int) -> HandValue:
    """The :class:`HandValue` of ``han`` and ``fu`` (or of ``limit_hands`` limits)."""
    if limit_hands:
        return HandValue(han, fu, fu_lines, limit_hands, None, table.limit_hand_base * limit_hands)
    computed = fu * 2 ** (han + table.doublings)
    reached: Limit | None = None
    for limit in table.limits:
        if limit.enabled and (han >= limit.han or (limit.from_base is not None and computed >= limit.from_base)):
            reached = limit
    return HandValue(han, fu, fu_lines, 0, reached, reached.base if reached is not None else computed)


def round_up(amount: int, step: int) -> int:
    """``amount`` rounded up to a multiple of ``step``."""
    return -(-amount // step) * step


def settle_value(table: PointsTable, winner: str, discarder: str | None, base: int) -> tuple[Payment, ...]:
    """The payments of a win by ``winner`` worth ``base`` points: each loser's share of the base,
    or (a claimed tile, from ``discarder``) every share paid by the discarder in one payment, each
    payment rounded up to the table's step. The dealer is East."""
    shares = [(payer, table.dealer_share if "E" in (payer, winner) else table.share) for payer in SEATS if payer != winner]
    if discarder is not None:
        return (Payment(discarder, winner, round_up(base * sum(share for _, share in shares), table.round_to)),)
    return tuple(Payment(payer, winner, round_up(base * share, table.round_to)) for payer, share in shares)


def limit_hands_only(rows: Sequence[tuple[str, int, bool]], cumulative: bool) -> list[int]:
    """Which of the counted ``rows`` (id, value, is a limit hand) stay: all of them where none is
    a limit hand; else the limit hands only, and only the first of the highest unless they are
    ``cumulative``. Positions into ``rows``."""
    limits = [index for index, (_, _, limit) in enumerate(rows) if limit]
    if not limits:
        return list(range(len(rows)))
    if cumulative:
        return limits
    best = max(limits, key=lambda index: (rows[index][1], -index))
    return [best]
