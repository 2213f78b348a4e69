"""Tenhou's riichi game logs (the JSON that tenhou.net/6 shows and replays), replayed into hand records.

A log is one JSON object: ``name`` (the four players, in seat order from the first dealer), ``rule``
(``disp``, the lobby's rules, e.g. ``般南喰赤``: 喰 open tanyao, 赤 red fives), an optional ``ref`` (the
game's id) and ``log``, one array per round::

    [[kyoku, honba, deposits], [four scores], [dora indicators], [ura dora indicators],
     dealt0, draws0, discards0, dealt1, draws1, discards1, dealt2, ..., discards3, result]

``kyoku`` 0-3 is East 1-4, 4-7 South 1-4 (the dealer is player ``kyoku % 4``); ``honba`` the repeat
counters, ``deposits`` the riichi sticks on the table. Tiles are numbers: 11-19 characters (m), 21-29
dots (p), 31-39 bamboo (s), 41-47 East, South, West, North, white, green, red; 51, 52, 53 the red 5m,
5p, 5s. Each player's draws are tiles, or a call of a discard, its letter before the claimed tile:
``c`` a chi (always of the player before), ``p`` a pon and ``m`` an open kan, whose letter's place
says whose discard (first: the player before, ``47p4747`` second: the player opposite, third: the
player after). Each player's discards are tiles, ``60`` the tile just drawn, ``r`` before a tile a
riichi, ``0`` the place of the discard an open kan has not got, and a kan from the hand: ``a`` a closed
kan, ``k`` a pon made a kan (``3636k3636``, the added tile after the letter). The result is
``["和了", deltas, [who, from, pao, "points", "yaku(n飜)", ...], ...]`` (one delta and detail pair per
winner) or a draw (``流局``, ``九種九牌``, ``四家立直``...). The points are ``30符4飜7700点`` (on a
discard), ``30符3飜1000-2000点`` (a non-dealer's self-draw: what each non-dealer, then the dealer,
pays), ``30符4飜3900点∀`` (the dealer's: each pays), or a limit's name for fu and han (``満貫8000点``).

**The order of play** is not written down: each player's draws and discards are separate lists.
:func:`_order` finds it: after each discard, a player whose next draw is a pon or kan of that tile from
that seat calls it, else the next player chis it, else the next player draws; where two identical
discards make a call's place ambiguous, the search backs up and tries the call later (mjai-reviewer's
converter, whose test rounds are vendored, solves the same puzzle). The order gives what the hand record
needs beyond the hand: ippatsu, double riichi, the first go-around, the last tile of the wall, the
discards and declared sets on the table, and the riichi sticks each win collects.

**What a win's line keeps** (``recorded``): the record's own score of it, in mjscore's terms, for
``mjscore stats --compare-recorded``: its han (a yakuman hand: how many single yakuman its points make),
the yaku as the riichi table's ids (:data:`TENHOU_YAKU`; dora, ura dora and red fives counted by han, a
yaku once; a 0-han ura dora line left out), and what each seat paid by the stated points (the hand
alone: no honba, no riichi sticks). :attr:`TenhouWin.moved` is the same read from the deltas, less the
honba (300 a repeat counter, 100 from each on a self-draw) and the riichi sticks the winner collects
(the first winner in turn order from the discarder, on a double ron): the record's two statements of a
win can be held to each other. Replaying a log reads no ruleset: whether mjscore agrees is for the
comparison to say (``mjscore batch --rules riichi-tenhou``).
"""

from __future__ import annotations

import json
import re
from collections import Counter
from dataclasses import dataclass, field
from typing import Any

from mjscore.errors import InputError
from mjscore.hand import MeldKind
from mjscore.interfaces.importers.wins import ImportedLog, ImportedWin, ReplayedMeld
from mjscore.tiles import SEATS, Tile, format_tiles

#: Tenhou's yaku names (its viewer's yaku table, in the Japanese the logs write; the English client's
#: three names seen in its logs), as the riichi table's award ids.
TENHOU_YAKU: dict[str, str] = {
    "門前清自摸和": "menzen_tsumo", "立直": "riichi", "一発": "ippatsu", "槍槓": "chankan", "嶺上開花": "rinshan",
    "海底摸月": "haitei", "河底撈魚": "houtei", "平和": "pinfu", "断幺九": "tanyao", "一盃口": "iipeikou",
    **{f"自風 {wind}": "yakuhai_seat_wind" for wind in "東南西北"},
    **{f"場風 {wind}": "yakuhai_round_wind" for wind in "東南西北"},
    "役牌 白": "yakuhai_white", "役牌 發": "yakuhai_green", "役牌 中": "yakuhai_red",
    "両立直": "double_riichi", "七対子": "chiitoitsu", "混全帯幺九": "chanta", "一気通貫": "ittsu",
    "三色同順": "sanshoku_doujun", "三色同刻": "sanshoku_doukou", "三槓子": "sankantsu", "対々和": "toitoi",
    "三暗刻": "sanankou", "小三元": "shousangen", "混老頭": "honroutou", "二盃口": "ryanpeikou",
    "純全帯幺九": "junchan", "混一色": "honitsu", "清一色": "chinitsu", "人和": "renhou", "天和": "tenhou",
    "地和": "chiihou", "大三元": "daisangen", "四暗刻": "suuankou", "四暗刻単騎": "suuankou_tanki",
    "字一色": "tsuuiisou", "緑一色": "ryuuiisou", "清老頭": "chinroutou", "九蓮宝燈": "chuuren",
    "純正九蓮宝燈": "junsei_chuuren", "国士無双": "kokushi", "国士無双１３面": "kokushi_thirteen_wait",
    "大四喜": "daisuushii", "小四喜": "shousuushii", "四槓子": "suukantsu",
    "ドラ": "dora", "裏ドラ": "ura_dora", "赤ドラ": "aka_dora",
    "Riichi": "riichi", "Dora": "dora", "Ura Dora": "ura_dora",
}
#: The counted rows: a detail of n han is the row n times (the others are one yaku of n han).
COUNTED = frozenset({"dora", "ura_dora", "aka_dora"})

#: The results of a round nobody won.
DRAWS = ("流局", "九種九牌", "四家立直", "三家和了", "四槓散了", "四風連打", "流し満貫")

#: Tiles drawn in a round (136 less the 14 of the dead wall and the 52 dealt), kan replacements included.
WALL_DRAWS = 70
#: Draws and discards per player and round: far more than a round can hold (a bound on bad input).
MAX_TURNS = 40

_HONOURS = "ESWNPFC"  # 41-47: East, South, West, North, white, green, red
_WINDS = "東南西北"
_SEGMENT = 4 + 3 * 4  # the round's head (4 entries) and three lists per player
_POINTS = re.compile(r"(?:([0-9]{1,3})符([0-9]{1,2})飜|(満貫|跳満|倍満|三倍満|数え役満|役満))"
                     r"([0-9]{1,6})(?:-([0-9]{1,6}))?点(∀?)")
_YAKU = re.compile(r"(.+)\(([0-9]{1,2})飜\)|(.+)\(役満\)")


class _Problem(InputError):
    """A problem with the round being read; :func:`read_log` adds the file and the round."""


def tenhou_tile(number: object, what: str) -> Tile:
    """The tile of a Tenhou tile number (11-19, 21-29, 31-39, 41-47, 51-53: red fives)."""
    if isinstance(number, int) and not isinstance(number, bool):
        suit, rank = divmod(number, 10)
        if suit in (1, 2, 3) and 1 <= rank <= 9:
            return Tile.parse(f"{rank}{'mps'[suit - 1]}")
        if suit == 4 and 1 <= rank <= 7:
            return Tile.parse(_HONOURS[rank - 1])
        if suit == 5 and 1 <= rank <= 3:
            return Tile.parse(f"5{'mps'[rank - 1]}")
    raise _Problem(f"{what}: {json.dumps(number, ensure_ascii=False)} is not a tile (11-19, 21-29, 31-39, 41-47, 51-53)")


def _is_red(number: int) -> bool:
    return number in (51, 52, 53)


@dataclass(frozen=True, slots=True)
class Call:
    """A call written in a draw or discard list: its letter, its tiles (numbers, the claimed or added
    one first), and whose tile it claims, as seats after the caller (1 the next, 3 the one before)."""

    letter: str
    tiles: tuple[int, ...]
    source: int

    @staticmethod
    def parse(text: str, what: str) -> Call:
        """The call ``text`` (``what`` names its place, for a refusal)."""
        found = re.fullmatch(r"((?:[0-9]{2})*)([cpmka])((?:[0-9]{2})+)", text)
        if found is None:
            raise _Problem(f"{what}: {text!r} is not a call (a letter c, p, m, k or a among two-digit tiles)")
        before, letter, after = found.groups()
        numbers = [int(before[i:i + 2]) for i in range(0, len(before), 2)]
        rest = [int(after[i:i + 2]) for i in range(0, len(after), 2)]
        size = {"c": 3, "p": 3, "m": 4, "k": 4, "a": 4}[letter]
        places = {"c": (0,), "p": (0, 1, 2), "m": (0, 1, 3), "k": (0, 1, 2), "a": (3,)}[letter]
        if len(numbers) + len(rest) != size or len(numbers) not in places:
            raise _Problem(f"{what}: {text!r} is not a call of {size} tiles with {letter!r} in its place")
        tiles = (rest[0], *numbers, *rest[1:])
        kinds = [tenhou_tile(t, what) for t in tiles]
        if letter == "c":
            ranks = sorted(t.index for t in kinds)
            if not kinds[0].is_numbered or len({t.suit for t in kinds}) != 1 or ranks != list(range(ranks[0], ranks[0] + 3)):
                raise _Problem(f"{what}: {text!r} is not a chi of three tiles in a row of one suit")
        elif len(set(kinds)) != 1:
            raise _Problem(f"{what}: {text!r} is not {size} of one tile")
        # the letter's place: first the player before (3 seats on), second opposite (2), last the next (1)
        source = 0 if letter == "a" else 3 - len(numbers) if letter != "m" or len(numbers) < 3 else 1
        return Call(letter, tiles, source)


Entry = int | str


@dataclass(slots=True)
class _Seat:
    dealt: list[int]
    draws: list[Entry]
    discards: list[Entry]


@dataclass(frozen=True, slots=True)
class Stated:
    """What the record states of a win beside its yaku: the fu and han (None for a limit named
    instead), the limit's name, and what each seat (E, S, W, N) paid by the points."""

    fu: int | None
    han: int | None
    limit: str | None
    paid: tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class TenhouWin:
    """One win of a log: the line ``mjscore import`` writes, and the points as the record states them."""

    imported: ImportedWin
    stated: Stated
    yaku: tuple[tuple[str, int], ...]  # (award id, han), as the record lists them; a yakuman 13 each
    moved: tuple[int, int, int, int]  # the deltas less the honba and riichi sticks, by seat (E, S, W, N)


@dataclass(frozen=True, slots=True)
class TenhouLog:
    """Every win of a log, in order, and how many rounds it held; a drawn one has no win."""

    wins: tuple[TenhouWin, ...]
    rounds: int
    drawn: int

    def imported(self) -> ImportedLog:
        return ImportedLog(tuple(win.imported for win in self.wins), self.rounds, self.drawn)


# ---------------------------------------------------------------------------------------------
# The order of play


@dataclass(frozen=True, slots=True)
class _Step:
    """One event of the order of play: a draw, a discard, a call of the last discard, or a kan from
    the hand (``entry`` the draw or discard list entry, ``index`` its place in its list)."""

    kind: str  # "draw", "discard", "call", "kan"
    player: int
    entry: Entry
    index: int


def _order(seats: list[_Seat], dealer: int, ends: tuple[str, int, int]) -> list[_Step] | None:
    """The order of play of a round that ends as ``ends`` says (``("tsumo", winner, _)``, ``("ron",
    winner, discarder)`` or ``("chankan", winner, discarder)``): the steps, or None when the lists
    cannot be played in any order. A depth-first search over (draws taken, discards made, who, what
    next), each state tried once."""
    failed: set[tuple[Any, ...]] = set()
    steps: list[_Step] = []

    def done(drawn: tuple[int, ...], thrown: tuple[int, ...]) -> bool:
        return all(drawn[p] == len(seats[p].draws) and thrown[p] == len(seats[p].discards) for p in range(4))

    def search(drawn: tuple[int, ...], thrown: tuple[int, ...], player: int, phase: str, tile: int) -> bool:
        key = (drawn, thrown, player, phase, tile)
        if key in failed:
            return False
        mark = len(steps)
        if _explore(drawn, thrown, player, phase, tile):
            return True
        del steps[mark:]
        failed.add(key)
        return False

    def _explore(drawn: tuple[int, ...], thrown: tuple[int, ...], player: int, phase: str, tile: int) -> bool:
        seat = seats[player]
        if phase == "draw":
            if drawn[player] >= len(seat.draws):
                return False
            entry = seat.draws[drawn[player]]
            if not isinstance(entry, int):
                return False
            steps.append(_Step("draw", player, entry, drawn[player]))
            return search(_bump(drawn, player), thrown, player, "discard", entry)
        if phase == "discard":
            if thrown[player] >= len(seat.discards):
                return ends[0] == "tsumo" and ends[1] == player and tile > 0 and done(drawn, thrown)
            entry = seat.discards[thrown[player]]
            if isinstance(entry, str) and entry[:1] != "r":
                call = Call.parse(entry, "")
                if call.letter not in "ka":
                    return False
                steps.append(_Step("kan", player, entry, thrown[player]))
                after = _bump(thrown, player)
                if call.letter == "k" and ends[0] == "chankan" and ends[2] == player and done(drawn, after):
                    return True
                return search(drawn, after, player, "draw", 0)
            number = _discarded(entry, tile)
            if number is None:
                return False
            steps.append(_Step("discard", player, entry, thrown[player]))
            return search(drawn, _bump(thrown, player), player, "claim", number)
        # phase == "claim": the discard ``tile`` of ``player`` lies on the table
        if ends[0] == "ron" and ends[2] == player and done(drawn, thrown):
            return True
        for offset in (1, 2, 3):
            other = (player + offset) % 4
            if drawn[other] >= len(seats[other].draws):
                continue
            entry = seats[other].draws[drawn[other]]
            if not isinstance(entry, str):
                continue
            call = Call.parse(entry, "")
            if call.tiles[0] != tile or (other + call.source) % 4 != player:
                continue
            steps.append(_Step("call", other, entry, drawn[other]))
            if call.letter == "m":
                if thrown[other] >= len(seats[other].discards) or seats[other].discards[thrown[other]] != 0:
                    del steps[-1]
                    continue
                if search(_bump(drawn, other), _bump(thrown, other), other, "draw", 0):
                    return True
            elif search(_bump(drawn, other), thrown, other, "discard", -1):
                return True
            del steps[-1]
        return search(drawn, thrown, (player + 1) % 4, "draw", 0)

    start = (0, 0, 0, 0)
    try:
        return steps if search(start, start, dealer, "draw", 0) else None
    except RecursionError:  # far more moves than a round holds (the lists are bounded by MAX_TURNS)
        raise _Problem("too many draws and discards to replay") from None


def _bump(counts: tuple[int, ...], player: int) -> tuple[int, ...]:
    return tuple(c + (p == player) for p, c in enumerate(counts))


def _discarded(entry: Entry, drawn: int) -> int | None:
    """The tile number a discard entry throws: itself, the tile just drawn (``60``; none after a
    call, ``drawn`` -1), or either after ``r``."""
    if isinstance(entry, str):
        entry = int(entry[1:]) if re.fullmatch(r"r[0-9]{2}", entry) else -2
    if entry == 60:
        return drawn if drawn > 0 else None
    return entry if entry > 0 else None


# ---------------------------------------------------------------------------------------------
# Replaying a round in that order


@dataclass(slots=True)
class _Player:
    held: Counter[int] = field(default_factory=Counter)
    melds: list[ReplayedMeld] = field(default_factory=list)
    pons: dict[Tile, ReplayedMeld] = field(default_factory=dict)
    reds: Counter[Tile] = field(default_factory=Counter)  # red fives in the melds
    discarded: int = 0
    riichi: bool = False
    double: bool = False
    ippatsu: bool = False
    last_drawn: int = 0
    replacement: bool = False  # the last tile drawn replaced a kan

    def take(self, number: int, player: int, why: str) -> None:
        if self.held[number] < 1:
            name = tenhou_tile(number, "").code + (" (red)" if _is_red(number) else "")
            raise _Problem(f"player {player} {why} {name} but does not hold it")
        self.held[number] -= 1


@dataclass(slots=True)
class _Table:
    players: list[_Player]
    draws: int = 0
    calls: int = 0  # calls and kans so far (any breaks the first go-around and ippatsu)
    on_table: int = 0
    deposits: int = 0  # riichi sticks put down this round
    pending_riichi: int | None = None  # a riichi declared with the discard just made
    last_discard: int = 0


def _replay(seats: list[_Seat], steps: list[_Step]) -> _Table:
    """Every player's hand and the table's counts at the end of ``steps``."""
    table = _Table([_Player() for _ in range(4)])
    for player, seat in enumerate(seats):
        table.players[player].held.update(seat.dealt)
    for step in steps:
        who = table.players[step.player]
        what = f"player {step.player}'s {'draws' if step.kind in ('draw', 'call') else 'discards'} entry {step.index + 1}"
        try:
            _act(table, who, step)
        except _Problem as problem:
            raise _Problem(f"{what}: {problem}") from None
    return table


def _accept_riichi(table: _Table) -> None:
    if table.pending_riichi is not None:
        table.deposits += 1
        table.players[table.pending_riichi].ippatsu = True
        table.pending_riichi = None


def _act(table: _Table, who: _Player, step: _Step) -> None:
    player = step.player
    if step.kind == "draw":
        _accept_riichi(table)
        assert isinstance(step.entry, int)
        tenhou_tile(step.entry, "the tile drawn")
        who.held[step.entry] += 1
        who.replacement = who.last_drawn == -1
        who.last_drawn = step.entry
        table.draws += 1
        if table.draws > WALL_DRAWS:
            raise _Problem(f"a draw after the last of the wall ({WALL_DRAWS} draws)")
        return
    if step.kind == "discard":
        entry = step.entry
        riichi = isinstance(entry, str)
        number = _discarded(entry, who.last_drawn)
        assert number is not None
        who.take(number, player, "discards")
        who.last_drawn = 0
        who.ippatsu = False
        if riichi:
            if who.riichi or any(not m.concealed for m in who.melds):
                raise _Problem(f"{entry!r}: a riichi of a player who {'has declared one' if who.riichi else 'has called'}")
            who.riichi = True
            who.double = who.discarded == 0 and table.calls == 0
            table.pending_riichi = player
        who.discarded += 1
        table.on_table += 1
        table.last_discard = number
        return
    assert isinstance(step.entry, str)
    call = Call.parse(step.entry, "")
    _accept_riichi(table)
    table.calls += 1
    for other in table.players:
        other.ippatsu = False
    kinds = [tenhou_tile(t, "") for t in call.tiles]
    if step.kind == "call":  # a chi, pon or open kan of the last discard
        table.on_table -= 1
        for number in call.tiles[1:]:
            who.take(number, player, "calls with")
        kind = {"c": MeldKind.CHOW, "p": MeldKind.PUNG, "m": MeldKind.KONG}[call.letter]
        meld = ReplayedMeld(kind, sorted(kinds, key=lambda t: t.index))
        who.melds.append(meld)
        if kind is MeldKind.PUNG:
            who.pons[kinds[0]] = meld
        who.reds.update(t for n, t in zip(call.tiles, kinds, strict=True) if _is_red(n))
        who.last_drawn = -1 if kind is MeldKind.KONG else 0
        return
    # a kan from the hand: closed (a) or added to a pon (k)
    if call.letter == "a":
        for number in call.tiles:
            who.take(number, player, "makes a closed kan with")
        who.melds.append(ReplayedMeld(MeldKind.KONG, kinds, concealed=True))
    else:
        pon = who.pons.pop(kinds[0], None)
        if pon is None:
            raise _Problem(f"{step.entry!r}: a kan added to a pon the player has not called")
        who.take(call.tiles[0], player, "adds to a kan")
        pon.kind, pon.tiles, pon.added = MeldKind.KONG, [kinds[0]] * 4, True
    who.reds.update(t for n, t in zip(call.tiles, kinds, strict=True) if _is_red(n))
    who.last_drawn = -1


# ---------------------------------------------------------------------------------------------
# Reading a round


def _list(value: object, what: str, size: int | None = None, most: int = MAX_TURNS) -> list[Any]:
    if not isinstance(value, list) or (size is not None and len(value) != size) or len(value) > most:
        wanted = f"{size} values" if size is not None else f"at most {most} values"
        raise _Problem(f"{what}: {json.dumps(value, ensure_ascii=False)[:60]} is not a list of {wanted}")
    return value


def _entries(value: object, what: str, draws: bool) -> list[Entry]:
    entries = _list(value, what)
    for number, entry in enumerate(entries, 1):
        place = f"{what} entry {number}"
        if isinstance(entry, str):
            if re.fullmatch(r"r[0-9]{2}", entry) and not draws:
                if entry != "r60":
                    tenhou_tile(int(entry[1:]), place)
                continue
            call = Call.parse(entry, place)
            if (call.letter in "cpm") != draws:
                raise _Problem(f"{place}: {entry!r} belongs in the {'discards' if draws else 'draws'}")
        elif draws or entry not in (0, 60):
            tenhou_tile(entry, place)
    return entries


def _seats(data: list[Any]) -> list[_Seat]:
    seats = []
    for player in range(4):
        at = 4 + 3 * player
        dealt = _list(data[at], f"player {player}'s dealt tiles", 13)
        for tile in dealt:
            tenhou_tile(tile, f"player {player}'s dealt tiles")
        seats.append(_Seat(dealt, _entries(data[at + 1], f"player {player}'s draws", True),
                           _entries(data[at + 2], f"player {player}'s discards", False)))
    seen = Counter(tenhou_tile(t, "").index for seat in seats for t in seat.dealt)
    over = next((index for index, count in seen.items() if count > 4), None)
    if over is not None:
        raise _Problem(f"dealt tiles: {Tile.from_index(over).code} is dealt {seen[over]} times; there are 4")
    return seats


def _round_name(kyoku: int, honba: int) -> str:
    return f"{_WINDS[kyoku // 4]}{kyoku % 4 + 1}局{honba}本場"


def _stated(text: object, winner_seat: int, discarder_seat: int | None) -> Stated:
    """The points of a win's detail (``30符4飜7700点``, ``満貫2000-4000点``, ``30符4飜3900点∀``) as what each seat paid."""
    found = _POINTS.fullmatch(text) if isinstance(text, str) else None
    if found is None:
        raise _Problem(f"points {json.dumps(text, ensure_ascii=False)} are not <fu>符<han>飜<points>点 or <limit><points>点")
    fu, han, limit, first, second, each = found.groups()
    paid = [0, 0, 0, 0]
    if discarder_seat is not None:
        if second or each:
            raise _Problem(f"points {text!r}: a win on a discard states one payment")
        paid[discarder_seat] = int(first)
    elif winner_seat == 0:
        if not each or second:
            raise _Problem(f"points {text!r}: the dealer's self-draw is <points>点∀ (each pays)")
        paid = [0 if seat == 0 else int(first) for seat in range(4)]
    else:
        if not second:
            raise _Problem(f"points {text!r}: a non-dealer's self-draw is <non-dealers>-<dealer>点")
        paid = [0 if seat == winner_seat else int(second) if seat == 0 else int(first) for seat in range(4)]
    return Stated(int(fu) if fu else None, int(han) if han else None, limit, (paid[0], paid[1], paid[2], paid[3]))


def _yaku(details: list[Any]) -> tuple[tuple[str, int], ...]:
    found = []
    for text in details:
        parsed = _YAKU.fullmatch(text) if isinstance(text, str) else None
        if parsed is None:
            raise _Problem(f"yaku {json.dumps(text, ensure_ascii=False)} is not <name>(<han>飜) or <name>(役満)")
        name = parsed.group(1) or parsed.group(3)
        if name not in TENHOU_YAKU:
            raise _Problem(f"yaku {text!r}: {name!r} is not one of Tenhou's yaku")
        han = 13 if parsed.group(3) else int(parsed.group(2))
        if han:
            found.append((TENHOU_YAKU[name], han))
    return tuple(found)


@dataclass(frozen=True, slots=True)
class _Win:
    winner: int
    source: int
    deltas: tuple[int, int, int, int]
    details: list[Any]


def _wins(result: list[Any]) -> list[_Win]:
    if len(result) < 3 or len(result) % 2 != 1:
        raise _Problem("result: 和了 is followed by pairs of deltas and details")
    wins = []
    for at in range(1, len(result), 2):
        deltas = _list(result[at], "result deltas", 4)
        details = _list(result[at + 1], "result details", most=40)
        if not all(isinstance(d, int) and not isinstance(d, bool) and abs(d) <= 10**6 for d in deltas):
            raise _Problem(f"result deltas {deltas}: four whole numbers")
        if len(details) < 3 or not all(isinstance(d, int) and not isinstance(d, bool) and 0 <= d <= 3 for d in details[:3]):
            raise _Problem(f"result details {json.dumps(details[:3], ensure_ascii=False)}: [winner, from, pao] players 0-3")
        wins.append(_Win(details[0], details[1], (deltas[0], deltas[1], deltas[2], deltas[3]), details[3:]))
    if len({w.winner for w in wins}) != len(wins) or len({w.source for w in wins}) != 1 or \
            (len(wins) > 1 and wins[0].winner == wins[0].source):
        raise _Problem("result: several wins are rons of one discard, each winner once")
    return wins


def _round(data: object, number: int, match: str) -> list[TenhouWin]:
    """The wins of one round (``number`` from 1)."""
    data = _list(data, "the round", _SEGMENT + 1)
    head = _list(data[0], "round [kyoku, honba, deposits]", 3)
    if not all(isinstance(v, int) and not isinstance(v, bool) for v in head) or not 0 <= head[0] <= 15 \
            or not 0 <= head[1] <= 99 or not 0 <= head[2] <= 99:
        raise _Problem(f"round [kyoku, honba, deposits] {head}: kyoku 0-15, honba and deposits 0-99")
    kyoku, honba, deposits = head
    _list(data[1], "starting scores", 4)
    dora = [tenhou_tile(t, "dora indicators") for t in _list(data[2], "dora indicators", most=5)]
    ura = [tenhou_tile(t, "ura dora indicators") for t in _list(data[3], "ura dora indicators", most=5)]
    seats = _seats(data)
    result = _list(data[_SEGMENT], "result", most=20)
    if not result or not isinstance(result[0], str):
        raise _Problem("result: a list opening with 和了 or the name of a draw")
    if result[0] in DRAWS:
        return []
    if result[0] != "和了":
        raise _Problem(f"result {result[0]!r}: 和了 or a draw ({', '.join(DRAWS)})")
    wins = _wins(result)
    dealer = kyoku % 4
    first = wins[0]
    if first.winner == first.source:
        ends = ("tsumo", first.winner, first.winner)
    else:
        last = seats[first.source].discards[-1] if seats[first.source].discards else None
        kan = isinstance(last, str) and "k" in last
        ends = ("chankan" if kan else "ron", first.winner, first.source)
    steps = _order(seats, dealer, ends)
    if steps is None:
        raise _Problem("the draws and discards cannot be played in any order that ends in the result")
    table = _replay(seats, steps)
    name = _round_name(kyoku, honba)
    imported = []
    order = sorted(wins, key=lambda w: (w.winner - w.source) % 4)
    for win in wins:
        collects = win is order[0]
        imported.append(_win(table, seats, steps, win, ends[0], (kyoku, honba, deposits), dora, ura, collects,
                             f"{match} {name}", number))
    return imported


def _win(table: _Table, seats: list[_Seat], steps: list[_Step], win: _Win, how: str, head: tuple[int, int, int],
         dora: list[Tile], ura: list[Tile], collects: bool, match: str, number: int) -> TenhouWin:
    kyoku, honba, deposits = head
    dealer = kyoku % 4
    player = table.players[win.winner]
    seat = (win.winner - dealer) % 4
    held = Counter(player.held)
    if how == "tsumo":
        tile_number = player.last_drawn
        held[tile_number] -= 1
        win_kind, discarder = "self_draw", None
    else:
        tile_number = table.last_discard if how == "ron" else Call.parse(str(seats[win.source].discards[-1]), "").tiles[0]
        win_kind = "discard" if how == "ron" else "robbing_gong"
        discarder = (win.source - dealer) % 4
    tile = tenhou_tile(tile_number, "the winning tile")
    concealed = [tenhou_tile(n, "") for n in held.elements()]
    reds = [tenhou_tile(n, "") for n in [*held.elements(), tile_number] if _is_red(n)] + list(player.reds.elements())
    declared = sum(len(m.tiles) for p in table.players for m in p.melds) - (how == "chankan")
    first_turn = player.discarded == 0 and table.calls == 0
    record: dict[str, Any] = {
        "ruleset": "riichi", "seat": SEATS[seat], "round": SEATS[kyoku // 4], "concealed": format_tiles(concealed),
        "melds": [m.to_json() for m in player.melds], "win_tile": tile.code, "win": win_kind}
    if discarder is not None:
        record["discarder"] = SEATS[discarder]
    record.update({
        "replacement": "gong" if how == "tsumo" and player.replacement else False,
        "last_tile": table.draws == WALL_DRAWS and not (how == "tsumo" and player.replacement) and how != "chankan",
        "discards": table.on_table - (how == "ron"), "declared_tiles": declared,
        "ready_declared": player.riichi, "ready_on": "first_discard" if player.double else None,
        "heavenly": how == "tsumo" and seat == 0 and first_turn,
        "earthly": how == "tsumo" and seat != 0 and first_turn,
        "ippatsu": player.ippatsu and player.riichi,
        "dora_indicators": [t.code for t in dora], "ura_dora_indicators": [t.code for t in ura] if player.riichi else [],
        "red_fives": [t.code for t in reds]})
    if not record["ready_on"]:
        del record["ready_on"]
    stated = _stated(win.details[0] if win.details else None, seat, discarder)
    yaku = _yaku(win.details[1:])
    # the deltas less the honba and the riichi sticks collected, in seat order: what the hand itself moved
    moved = [0, 0, 0, 0]
    for p in range(4):
        moved[(p - dealer) % 4] = win.deltas[p]
    sticks = deposits + table.deposits
    if collects:
        moved[seat] -= 300 * honba + 1000 * sticks
        for payer in range(4):
            if payer != seat and (how == "tsumo" or payer == discarder):
                moved[payer] += 300 * honba if how != "tsumo" else 100 * honba
    limit_points = 48000 if seat == 0 else 32000
    total = sum(stated.paid) // limit_points if any(han == 13 for _, han in yaku) else \
        sum(han for _, han in yaku)
    fans = "+".join(f"{award}*{han if award in COUNTED else 1}" for award, han in yaku)
    scores = tuple(sum(stated.paid) if s == seat else -stated.paid[s] for s in range(4))
    return TenhouWin(ImportedWin(match, number, record, total, fans, (scores[0], scores[1], scores[2], scores[3])),
                     stated, yaku, (moved[0], moved[1], moved[2], moved[3]))


def read_log(text: str, where: str) -> TenhouLog:
    """Every round of the Tenhou log ``text`` (from ``where``, a file's name) replayed: one win per
    winner. A problem is refused in one line naming ``where``, the round and the field."""
    try:
        data = json.loads(text)
    except (json.JSONDecodeError, RecursionError) as error:
        raise InputError(f"{where}: not a Tenhou log: not JSON ({error})") from None
    if not isinstance(data, dict) or not isinstance(data.get("log"), list) or not data["log"]:
        raise InputError(f"{where}: not a Tenhou log: a JSON object whose \"log\" lists the rounds")
    ref = data.get("ref")
    match = ref if isinstance(ref, str) and ref else where
    wins: list[TenhouWin] = []
    drawn = 0
    for number, round_data in enumerate(data["log"], 1):
        try:
            found = _round(round_data, number, match)
        except _Problem as problem:
            raise InputError(f"{where} round {number}{_named(round_data)}: {problem}") from None
        drawn += not found
        wins += found
    return TenhouLog(tuple(wins), len(data["log"]), drawn)


def _named(round_data: object) -> str:
    """`` (東1局0本場)``: the round's name where its head can be read."""
    try:
        kyoku, honba = round_data[0][0], round_data[0][1]  # type: ignore[index]
        return f" ({_round_name(kyoku, honba)})" if 0 <= kyoku <= 15 and 0 <= honba <= 99 else ""
    except (TypeError, IndexError, KeyError):
        return ""

