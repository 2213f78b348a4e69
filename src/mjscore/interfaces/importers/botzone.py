"""Botzone's Chinese Standard Mahjong (MCR) human game logs, replayed into hand records.

The format is the one of Botzone's public ``Mahjong-GB`` data set (its README describes it). A round::

    Match <id>
    Wind <0-3>
    Player <n> Deal <13 tiles>                     four lines, one per player 0-3
    Player <n> Draw|Play|Chi|Peng|Gang|AnGang|BuGang|Hu <tile> [Ignore Player <m> <ACTION> <tile>]...
    Fan <total> <name>*<count>+<name>*<count>...    or    Huang
    Score <s0> <s1> <s2> <s3>

Tiles: ``W1``-``W9`` characters, ``B1``-``B9`` circles, ``T1``-``T9`` bamboo, ``F1``-``F4`` the winds East,
South, West, North, ``J1``-``J3`` the dragons red, green, white. ``Chi`` names the middle tile of the chow
(the claimed tile is the one just played). ``Ignore`` clauses after a claim are the claims it beat (a win
beats a pung or kong, which beats a chow): they change nothing, and older logs leave them out of a ``Hu``
line (ending it in a space). Lines may end in CRLF, as the published sample's do.

**The Hu line's tile.** A win on a discard or a robbed kong names the claimed tile. A self-drawn win
names the tile just drawn in newer logs, but in the data set's published sample (older) the last tile
played in the round: ``Player 1 Play B5`` / ``Player 2 Draw B3`` / ``Player 2 Hu B5`` is Player 2
winning on the drawn B3 (its Fan line has Fully Concealed Hand and a Closed Wait on B3). Both are read;
the drawn tile wins, and any other tile is refused (tests/data/botzone/README.md).

**Fan and Score.** ``Fan`` gives the total and the breakdown Botzone's calculator found; ``Score`` is
what each player won, in player order: the discarder of a claimed win (or the player whose kong was
robbed) pays :data:`BASE` + the fans and the two others :data:`BASE`; on a self-draw each pays
:data:`BASE` + the fans. A Score line that is not what its Fan line pays is refused.

**Seats and winds.** The data set's README numbers the players and the round wind 0-3 as East, North,
West, South. That order is wrong, and the log itself shows it: play passes from Player n to Player n+1
(a ``Chi`` claims the tile of the player numbered one less, the draws run 0, 1, 2, 3), and the seat winds
run East, South, West, North in turn order. The ``Score`` line is in player order: a claimed win of F fans
takes 8 + F from the discarder and 8 from each other player, a self-drawn one 8 + F from each. So Player n
sits at ``SEATS[n]`` (Player 0 is East, the dealer, and draws first) and ``Wind n`` is the round wind
``SEATS[n]``; Botzone's fan calculator numbers its seat and round winds the same way. The published
sample agrees: in its sixth round (``Wind 3``) Player 3 pungs F4, North, and scores 圈风刻 and 门风刻.

**The wall.** The logs have no bonus tiles: 136 tiles, 52 dealt, so :data:`WALL_DRAWS` draws, kong
replacements included. A win on the last draw, or on the discard after it, is on the last tile of the wall.

**Last of its kind.** A tile is in view once it is discarded (a claimed discard stays in view in the meld),
and so are the tiles of every exposed meld; a concealed kong is not in view. The winning tile is the last of
its kind when the other three are in view.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from typing import Any

from mjscore.errors import InputError
from mjscore.hand import MeldKind
from mjscore.interfaces.importers.wins import FAN_ALIASES, ImportedLog, ImportedWin, ReplayedMeld
from mjscore.tiles import SEATS, Tile, format_tiles

__all__ = ["BASE", "FAN_ALIASES", "ImportedLog", "ImportedWin", "botzone_scores", "botzone_tile", "log_code",
           "parse_breakdown", "read_log", "replay"]

#: Draws a round can have: 136 tiles without bonus tiles, less 4 x 13 dealt.
WALL_DRAWS = 136 - 4 * 13

#: Tiles dealt to each player.
DEALT = 13

#: What each loser pays on top of the fans the winner is paid: Botzone scores as MCR does
#: (docs/rulesets/mcr.md, ``settlement_bonus``).
BASE = 8

#: The longest line a log may have: a Hu line with three Ignore clauses is under 100 characters.
MAX_LINE_BYTES = 4096

#: What the logs call each seat's player: the four seats in turn order, Player 0 first.
PLAYERS = range(len(SEATS))
_PLAYER_NUMBERS = tuple(str(n) for n in PLAYERS)

_SUITS = {"W": "m", "B": "p", "T": "s"}
_HONOURS = {"F1": "E", "F2": "S", "F3": "W", "F4": "N", "J1": "C", "J2": "F", "J3": "P"}
_ACTIONS = ("Draw", "Play", "Chi", "Peng", "Gang", "AnGang", "BuGang", "Hu")
#: The claims an Ignore clause may name (the log writes them in capitals).
_IGNORED = ("CHI", "PENG", "GANG", "HU")
#: The lines an Ignore clause may follow: a claim, which beat the ignored ones.
_CLAIMS = ("Chi", "Peng", "Gang", "Hu")
#: The kongs: each is followed by a replacement draw (unless a BuGang is robbed).
_KONGS = ("Gang", "AnGang", "BuGang")


class _Problem(InputError):
    """A problem with the line being read; :func:`replay` adds the file and the line number."""


#: The tile of each Botzone code, and the code of each tile.
_TILES = {code: Tile.parse(_HONOURS.get(code) or code[1] + _SUITS[code[0]])
          for code in [f"{suit}{rank}" for suit in _SUITS for rank in range(1, 10)] + list(_HONOURS)}
_LOG_CODES = {tile: code for code, tile in _TILES.items()}


def botzone_tile(code: str) -> Tile:
    """The tile of a Botzone tile code: ``W5`` 5m, ``B1`` 1p, ``T9`` 9s, ``F2`` South, ``J1`` red."""
    tile = _TILES.get(code)
    if tile is None:
        raise _Problem(f"{code!r} is not a tile (W1-W9, B1-B9, T1-T9, F1-F4, J1-J3)")
    return tile


def log_code(tile: Tile) -> str:
    """The Botzone code of a tile (:func:`botzone_tile` backwards), to name tiles as the log does."""
    return _LOG_CODES[tile]


def parse_breakdown(text: str) -> tuple[tuple[str, int], ...]:
    """The fans of a ``Fan`` line's breakdown, ``name*count`` joined by ``+`` (a name alone counts once)."""
    if not text.strip():
        return ()
    fans = []
    for part in text.strip().split("+"):
        name, star, count = part.partition("*")
        if not name.strip() or (star and not re.fullmatch(r"[1-9][0-9]?", count)):
            raise _Problem(f"fan breakdown: {part!r} is not <name>*<count>")
        fans.append((name.strip(), int(count) if star else 1))
    return tuple(fans)




@dataclass(slots=True)
class _Player:
    held: Counter[Tile] = field(default_factory=Counter)
    melds: list[ReplayedMeld] = field(default_factory=list)

    def take(self, tile: Tile, copies: int, seat: int, why: str) -> None:
        if self.held[tile] < copies:
            raise _Problem(f"Player {seat} {why} {log_code(tile)} but holds {self.held[tile]} of it")
        self.held[tile] -= copies


@dataclass(frozen=True, slots=True)
class _Event:
    action: str
    player: int
    tile: Tile
    kongs: int = 0  # a draw: the kongs in a row it replaces (0: not a replacement); a kong: the kongs in a row


@dataclass(slots=True)
class _Round:
    """The state of one round while its lines are replayed."""

    match: str
    wind: int | None = None
    players: dict[int, _Player] = field(default_factory=dict)
    last: _Event | None = None
    draws: int = 0
    last_played: Tile | None = None  # the round's last discard: what older logs' self-drawn Hu lines name
    on_table: int = 0  # discards lying on the table (a claimed one went into a meld)
    in_view: Counter[Tile] = field(default_factory=Counter)
    seen: Counter[Tile] = field(default_factory=Counter)  # every tile the log has shown: at most 4 of each

    def see(self, tile: Tile) -> None:
        self.seen[tile] += 1
        if self.seen[tile] > 4:
            raise _Problem(f"a fifth {log_code(tile)}: there are only 4 of each tile")

    def deal(self, seat: int, tiles: list[Tile]) -> None:
        if self.wind is None:
            raise _Problem("a Deal line before the Wind line")
        if seat in self.players:
            raise _Problem(f"Player {seat} is dealt twice")
        if len(tiles) != DEALT:
            raise _Problem(f"Player {seat} is dealt {len(tiles)} tiles, not {DEALT}")
        for tile in tiles:
            self.see(tile)
        self.players[seat] = _Player(Counter(tiles))

    def act(self, seat: int, action: str, tile: Tile) -> dict[str, Any] | None:
        """Replay one action; a ``Hu`` answers the winner's hand record."""
        if len(self.players) < len(PLAYERS):
            raise _Problem(f"Player {seat} {action} before all four players are dealt")
        problem = self._out_of_turn(seat, action, tile)
        if problem:
            raise _Problem(f"Player {seat} {action} {log_code(tile)}: {problem}")
        player = self.players[seat]
        last = self.last
        if action == "Hu":
            return self._win(seat, tile)
        kongs = 0  # for a draw: the kongs in a row it replaces; for a kong: the kongs in a row it ends
        if action == "Draw":
            self.draws += 1
            if self.draws > WALL_DRAWS:
                raise _Problem(f"draw {self.draws}: the wall has only {WALL_DRAWS} tiles to draw")
            self.see(tile)
            player.held[tile] += 1
            kongs = last.kongs if last is not None and last.action in _KONGS else 0
        elif action == "Play":
            player.take(tile, 1, seat, "plays")
            self.last_played = tile
            self.on_table += 1
            self.in_view[tile] += 1
        elif action == "Chi":
            assert last is not None
            chow = [Tile.from_index(tile.index + step) for step in (-1, 0, 1)]
            for own in chow:
                if own != last.tile:
                    player.take(own, 1, seat, f"chows {''.join(log_code(t) for t in chow)} with")
                    self.in_view[own] += 1
            self._claim(player, ReplayedMeld(MeldKind.CHOW, chow))
        elif action in ("Peng", "Gang"):
            size = 3 if action == "Peng" else 4
            player.take(tile, size - 1, seat, f"claims a {'pung' if size == 3 else 'kong'} of")
            self.in_view[tile] += size - 1
            self._claim(player, ReplayedMeld(MeldKind.PUNG if size == 3 else MeldKind.KONG, [tile] * size))
            kongs = 1 if action == "Gang" else 0
        elif action == "AnGang":
            player.take(tile, 4, seat, "declares a concealed kong of")
            player.melds.append(ReplayedMeld(MeldKind.KONG, [tile] * 4, concealed=True))
            kongs = (last.kongs if last is not None else 0) + 1
        else:  # BuGang
            pung = next((m for m in player.melds if m.kind is MeldKind.PUNG and m.tiles[0] == tile), None)
            if pung is None:
                raise _Problem(f"Player {seat} adds {log_code(tile)} to a kong, but has no exposed pung of it")
            player.take(tile, 1, seat, "adds to a kong")
            pung.kind, pung.tiles, pung.added = MeldKind.KONG, [tile] * 4, True
            self.in_view[tile] += 1
            kongs = (last.kongs if last is not None else 0) + 1
        self.last = _Event(action, seat, tile, kongs)
        return None

    def _claim(self, player: _Player, meld: ReplayedMeld) -> None:
        player.melds.append(meld)
        self.on_table -= 1  # the claimed discard leaves the table for the meld (and stays in view)

    def _out_of_turn(self, seat: int, action: str, tile: Tile) -> str:
        """Why ``action`` cannot follow the last one, or "" when it can."""
        last = self.last
        if last is None:
            return "" if action == "Draw" and seat == 0 else "the round opens with Player 0 (East) drawing"
        if last.action == "Hu":
            return "the round is over: a Fan line follows the win"
        if last.action == "Play":
            following = (last.player + 1) % 4
            if action == "Draw":
                return "" if seat == following else f"after Player {last.player} plays, Player {following} draws"
            if action not in _CLAIMS or seat == last.player:
                return f"only a claim of {log_code(last.tile)} or the next player's draw follows a discard"
            if action == "Chi":
                if seat != following:
                    return f"only the next player, Player {following}, can chow Player {last.player}'s discard"
                if not tile.is_numbered or tile.rank in (1, 9) or abs(tile.index - last.tile.index) > 1 \
                        or tile.suit is not last.tile.suit:
                    return f"{log_code(tile)} is not the middle of a chow with the discard {log_code(last.tile)}"
                return ""
            return "" if tile == last.tile else f"the tile just played is {log_code(last.tile)}"
        if last.action in ("Chi", "Peng"):
            return "" if action == "Play" and seat == last.player else f"Player {last.player} plays after claiming"
        if last.action in ("Gang", "AnGang"):
            return "" if action == "Draw" and seat == last.player else f"Player {last.player} draws a replacement after a kong"
        if last.action == "BuGang":
            if action == "Draw" and seat == last.player:
                return ""
            if action == "Hu" and seat != last.player:
                return "" if tile == last.tile else f"the tile added to the kong is {log_code(last.tile)}"
            return f"Player {last.player} draws a replacement, unless another player robs the kong"
        # the last action is a draw
        if seat != last.player or action not in ("Play", "AnGang", "BuGang", "Hu"):
            return f"Player {last.player} has just drawn and plays, declares a kong or wins"
        if action == "Hu" and tile != last.tile and tile != self.last_played:
            named = f"{log_code(last.tile)}, or the last tile played, {log_code(self.last_played)}" \
                if self.last_played is not None else log_code(last.tile)
            return f"a self-draw's Hu line names the tile just drawn, {named}"
        return ""

    def _win(self, seat: int, named: Tile) -> dict[str, Any]:
        """The winner's hand record, at the Hu line that names the tile ``named``. On a self-draw the
        tile just drawn wins, whichever tile the line names (:meth:`_out_of_turn` allows two)."""
        assert self.wind is not None and self.last is not None
        last = self.last
        tile = last.tile if last.action == "Draw" else named
        winner = self.players[seat]
        held = Counter(winner.held)
        in_view = self.in_view[tile]
        declared = sum(len(m.tiles) for p in self.players.values() for m in p.melds)
        discards = self.on_table
        record: dict[str, Any] = {"ruleset": "mcr", "seat": SEATS[seat], "round": SEATS[self.wind]}
        if last.action == "Draw":
            held[tile] -= 1
            win, discarder = "self_draw", None
            replacement: str | bool = False if not last.kongs else "gong" if last.kongs == 1 else "double_gong"
        else:
            win = "discard" if last.action == "Play" else "robbing_gong"
            discarder = SEATS[last.player]
            replacement = False
            in_view -= 1  # the winning tile itself was in view
            if last.action == "Play":
                discards -= 1  # the winning discard is taken, not left on the table
            else:
                declared -= 1  # the robbed kong goes back to a pung
        record.update({
            "concealed": format_tiles(held.elements()),
            "melds": [m.to_json() for m in winner.melds],
            "flowers": [],
            "win_tile": tile.code,
            "win": win,
        })
        if discarder is not None:
            record["discarder"] = discarder
        record.update({
            "replacement": replacement,
            "last_tile": self.draws == WALL_DRAWS and win != "robbing_gong",
            "discards": discards,
            "declared_tiles": declared,
            "last_of_kind": in_view == 3,
        })
        self.last = _Event("Hu", seat, tile)
        return record


def _player_line(words: list[str]) -> tuple[int, str, list[str]]:
    """(player, action, the action's tile codes) of a ``Player`` line, its Ignore clauses checked."""
    if len(words) < 4 or words[1] not in _PLAYER_NUMBERS:
        raise _Problem("a Player line is 'Player <0-3> <action> <tile>'")
    seat, action = int(words[1]), words[2]
    if action == "Deal":
        return seat, action, words[3:]
    if action not in _ACTIONS:
        raise _Problem(f"{action!r} is not an action ({', '.join(('Deal', *_ACTIONS))})")
    rest = words[4:]
    if rest and action not in _CLAIMS:
        raise _Problem(f"only a claim ({', '.join(_CLAIMS)}) is followed by Ignore clauses, not {action}")
    for start in range(0, len(rest), 5):
        clause = rest[start:start + 5]
        if len(clause) != 5 or clause[0] != "Ignore" or clause[1] != "Player" or clause[2] not in _PLAYER_NUMBERS \
                or clause[3].upper() not in _IGNORED:
            raise _Problem(f"{' '.join(clause)!r} is not 'Ignore Player <0-3> <CHI|PENG|GANG|HU> <tile>'")
        if int(clause[2]) == seat:
            raise _Problem(f"Player {seat}'s claim cannot ignore a claim of its own")
        botzone_tile(clause[4])
    return seat, action, [words[3]]


def _integers(words: list[str], count: int, what: str) -> list[int]:
    if len(words) != count or not all(re.fullmatch(r"-?[0-9]{1,9}", w) for w in words):
        raise _Problem(f"{what} is followed by {count} whole number{'s' if count > 1 else ''}")
    return [int(w) for w in words]


def replay(lines: Iterable[tuple[int, str]], where: str) -> Iterator[ImportedWin | None]:
    """Replay the numbered lines of a log, round by round: each round yields its win, or None when
    it is drawn. A bad line is refused with an :class:`InputError` naming ``where``, the line number
    and the problem; the rounds before it have been yielded already (write them nowhere final). A
    log without a single round (empty, or blank lines only) is refused too: it is no Botzone log."""
    round_: _Round | None = None
    won: tuple[int, dict[str, Any]] | None = None
    ending: tuple[int, str] | None = None  # the Fan line's total and breakdown, or (0, "") after Huang
    number = rounds = 0
    for number, text in lines:
        words = text.split()
        if not words:
            continue
        try:
            keyword = words[0]
            if round_ is None:
                if keyword != "Match" or len(words) != 2:
                    raise _Problem("a round opens with 'Match <id>'")
                round_, won, ending = _Round(words[1]), None, None
            elif ending is not None:
                if keyword != "Score":
                    raise _Problem("a Score line follows the Fan or Huang line")
                scores = _integers(words[1:], 4, "Score")
                rounds += 1
                yield _finish(round_, won, ending, scores)
                round_ = None
            elif keyword == "Wind":
                if round_.wind is not None or round_.players:
                    raise _Problem("one Wind line, before the Deal lines")
                wind = _integers(words[1:], 1, "Wind")[0]
                if wind not in PLAYERS:
                    raise _Problem(f"Wind {wind}: the round wind is 0-3 (East, South, West, North)")
                round_.wind = wind
            elif keyword == "Player":
                seat, action, codes = _player_line(words)
                tiles = [botzone_tile(code) for code in codes]
                if action == "Deal":
                    round_.deal(seat, tiles)
                else:
                    record = round_.act(seat, action, tiles[0])
                    if record is not None:
                        won = (number, record)
            elif keyword == "Fan":
                if won is None:
                    raise _Problem("a Fan line follows a Hu line; a drawn round ends with Huang")
                if len(words) < 2 or not re.fullmatch(r"[0-9]{1,4}", words[1]):
                    raise _Problem("a Fan line is 'Fan <total> <breakdown>', the total a whole number of fans")
                breakdown = " ".join(words[2:])
                parse_breakdown(breakdown)
                ending = (int(words[1]), breakdown)
            elif keyword == "Huang":
                if won is not None or len(words) != 1:
                    raise _Problem("Huang ends a round nobody won, alone on its line")
                ending = (0, "")
            elif keyword == "Score":
                raise _Problem("a Score line follows the Fan or Huang line")
            elif keyword == "Match":
                raise _Problem(f"a new round begins before round {round_.match} has its Fan or Huang and Score lines")
            else:
                raise _Problem(f"{keyword!r} does not begin a line of a Botzone log")
        except _Problem as problem:
            raise InputError(f"{where} line {number}: {problem}") from None
    if round_ is not None:
        raise InputError(f"{where} line {number}: the log ends inside round {round_.match}, before its Score line")
    if not rounds:
        raise InputError(f"{where} holds no round: a Botzone log is rounds that each open with 'Match <id>'")


def botzone_scores(winner: int, discarder: int | None, fans: int) -> tuple[int, int, int, int]:
    """The ``Score`` line of a win of ``fans`` by Player ``winner`` (``discarder``: the player whose
    tile was claimed, a discard or a robbed kong; None: a self-draw), in player order: MCR's payments,
    each loser paying :data:`BASE` on top, the discarder (or on a self-draw each loser) the fans too."""
    paid = [0 if seat == winner else BASE + fans if discarder in (None, seat) else BASE for seat in PLAYERS]
    won = [sum(paid) if seat == winner else -paid[seat] for seat in PLAYERS]
    return (won[0], won[1], won[2], won[3])


def _finish(round_: _Round, won: tuple[int, dict[str, Any]] | None, ending: tuple[int, str],
            scores: list[int]) -> ImportedWin | None:
    """The round's win once its Score line is read, which must be what its Fan line pays."""
    written = " ".join(map(str, scores))
    if won is None:
        if any(scores):
            raise _Problem(f"Score {written}: a drawn round scores 0 0 0 0")
        return None
    line, record = won
    total, fans = ending
    winner = SEATS.index(record["seat"])
    discarder = SEATS.index(record["discarder"]) if "discarder" in record else None
    expected = botzone_scores(winner, discarder, total)
    if tuple(scores) != expected:
        how = f"a self-draw of Fan {total} by Player {winner}" if discarder is None else \
            f"Fan {total} won by Player {winner} on Player {discarder}'s tile"
        who = f"each pays {BASE} + {total}" if discarder is None else \
            f"Player {discarder} pays {BASE} + {total}, the others {BASE}"
        raise _Problem(f"Score {written}: {how} scores {' '.join(map(str, expected))} ({who}; player order 0-3)")
    return ImportedWin(round_.match, line, record, total, fans, expected)


def read_log(text: str, where: str) -> ImportedLog:
    """Every round of the log ``text`` replayed (:func:`replay`): its wins, rounds and drawn rounds."""
    wins: list[ImportedWin] = []
    rounds = 0
    for outcome in replay(enumerate(text.splitlines(), 1), where):
        rounds += 1
        if outcome is not None:
            wins.append(outcome)
    return ImportedLog(tuple(wins), rounds, rounds - len(wins))

