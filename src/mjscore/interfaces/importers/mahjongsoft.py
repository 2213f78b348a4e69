"""Mahjongsoft's Chinese Official (MCR) game records in PMN, replayed into hand records.

PMN (Portable Majiang Notation) is the notation python-majiang specifies for MCR games, after PBN's for
bridge: a game is a block of tag pairs, one a line, and blocks are parted by blank lines::

    [Event "Duplicate MCR"]
    [Site "https://mahjongsoft.com/mcrm_replay.php?session=74621&game=2&table=2"]
    [Board "2"]
    [PWind "E"]
    [East "..."] [South "..."] [West "..."] [North "..."]
    [Deal "c25566d579b2269wr2f c289d246b35w23r111f c11145d258b38wr122f c338d389b466w1124rf"]
    [Scoring "Duplicate"]
    [Result "-8 -17 33 -8"]
    [Penalty "0 0 0 0"]
    [Play "T0r3D0z1T1d3D1d6...C3b7D3b6T0d7D0c2T1b2D1z1H2"]
    [Fan "None None 55/4/1.59/2/1.70/1/1.73/1/1.78/1/1 None"]

``PWind`` is the prevalent (round) wind; players 0-3 sit East (the dealer), South, West, North, and each
tag of four values lists them in that order. ``Deal`` gives each player's 13 tiles as suits followed by
their numbers, in the order c (characters), d (dots), b (bamboo), w (winds 1-4: East, South, West, North),
r (dragons 1-3: red, green, white), f (flowers 1-8). ``Play`` is the game's actions, each an action letter,
a player and a tile: T takes (draws) a tile, D discards one (``z1``: the tile just taken), C chows the tile
just discarded (the tile named is the chow's middle one), P pungs it, Z makes it a kong with a pung held
concealed, A declares a concealed kong, B adds a tile to a melded pung, R sets a flower aside; after the
actions, ``H<player>`` for each player who wins (several may win on one discard in Mahjongsoft's duplicate
MCR). ``Fan`` gives each player's fans, ``None`` for a player who did not win: ``number/points/count``
joined by dots, the fans numbered 1-82 as PMN's fan list numbers them (:data:`PMN_FANS`). ``Result`` is
what each player scored on the deal.

**The fans.** The line a win makes keeps its fans under ``recorded`` as the record states them, by their
names in PMN's fan list (:data:`PMN_FANS`), with their total (each fan's points times its count, summed)
and the ``Result`` line, for ``mjscore stats --compare-recorded``. Replaying a record reads no ruleset:
whether mjscore agrees is for the comparison to say.

**The wall.** A game scored ``MCR`` draws from one wall of 136 tiles, or 144 where a flower is dealt or
drawn: after the 52 dealt, a draw that empties it is the wall's last tile, and so is the discard after it.
A duplicate game (``Duplicate``, ``Duplicate MCR``) plays Mahjongsoft's duplicate rules: no bonus tiles,
and "each player has a 'personal' wall, whenever a player cannot take a tile from his/her wall the play
stops, it is a draw" (mahjongsoft.com/duplicate_rules.php): 84 tiles in four walls of 21. A self-drawn win
is on the last tile when it empties the winner's wall; a win on a discard, when the player who would draw
next has emptied theirs (the play stops after that discard).

**Last of its kind**, the discards on the table and the declared tiles are counted as for Botzone's logs
(:mod:`mjscore.interfaces.importers.botzone`): a tile is in view once discarded or declared in an exposed
set; a concealed kong is not in view.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterator
from dataclasses import dataclass, field
from typing import Any

from mjscore.errors import InputError
from mjscore.hand import MeldKind
from mjscore.interfaces.importers.wins import ImportedLog, ImportedWin, ReplayedMeld
from mjscore.tiles import SEATS, Tile, format_tiles

#: The fans of PMN's fan list, by number (1-82), in the Simplified Chinese it writes them: the official
#: table's order but for 48-54 (双暗杠 to 双箭刻), and 82, a melded and a concealed kong (一明一暗杠, 5
#: points), which mjscore's table scores as Two Melded Kongs and Concealed Kong (docs/rulesets/mcr.md). One
#: name is spelt otherwise in mjscore's table (单调将, its 单钓将: ``importers.wins.FAN_ALIASES``).
PMN_FANS: tuple[str, ...] = tuple("""
    大四喜 大三元 绿一色 九莲宝灯 四杠 连七对 十三幺 清幺九 小四喜 小三元 字一色 四暗刻 一色双龙会 一色四同顺 一色四节高
    一色四步高 三杠 混幺九 七对 七星不靠 全双刻 清一色 一色三同顺 一色三节高 全大 全中 全小 清龙 三色双龙会 一色三步高 全带五
    三同刻 三暗刻 全不靠 组合龙 大于五 小于五 三风刻 花龙 推不倒 三色三同顺 三色三节高 无番和 妙手回春 海底捞月 杠上开花 抢杠和
    双暗杠 碰碰和 混一色 三色三步高 五门齐 全求人 双箭刻 全带幺 不求人 双明杠 和绝张 箭刻 圈风刻 门风刻 门前清 平和 四归一 双同刻
    双暗刻 暗杠 断幺 一般高 喜相逢 连六 老少副 幺九刻 明杠 缺一门 无字 边张 坎张 单调将 自摸 花牌 一明一暗杠
    """.split())

#: The scorings a game may name: one wall, or Mahjongsoft's duplicate rules (personal walls).
SCORINGS = ("MCR", "Duplicate", "Duplicate MCR")

#: The tags a game must have.
REQUIRED = ("PWind", "Deal", "Scoring", "Result", "Play", "Fan")

#: Tiles dealt to each player, and the tiles of the game without and with the bonus tiles.
DEALT = 13
TILES = 136
TILES_WITH_FLOWERS = 144

_SUITS = {"c": "m", "d": "p", "b": "s"}
_HONOURS = {"w": "ESWN", "r": "CFP"}
_ACTIONS = "TDCPAZBR"
_TAG = re.compile(r'\[([A-Za-z]+) "([^"]*)"\]')
_HAND = re.compile(r"c([1-9]*)d([1-9]*)b([1-9]*)w([1-4]*)r([1-3]*)f([1-8]*)")
_FAN = re.compile(r"([1-9][0-9]?)/([0-9]{1,3})/([1-9])")


class _Problem(InputError):
    """A problem with the game being read; :func:`read_records` adds the file and the line."""


def pmn_tile(code: str) -> Tile:
    """The tile of a PMN tile: ``c5`` 5m, ``d1`` 1p, ``b9`` 9s, ``w2`` South, ``r1`` red, ``f3`` the third flower."""
    if len(code) == 2 and code[1].isdigit():
        suit, number = code[0], int(code[1])
        if suit in _SUITS and 1 <= number <= 9:
            return Tile.parse(f"{number}{_SUITS[suit]}")
        if suit in _HONOURS and 1 <= number <= len(_HONOURS[suit]):
            return Tile.parse(_HONOURS[suit][number - 1])
        if suit == "f" and 1 <= number <= 8:
            return Tile.parse(f"{number}f")
    raise _Problem(f"{code!r} is not a tile (c1-c9, d1-d9, b1-b9, w1-w4, r1-r3, f1-f8)")


def _code(tile: Tile) -> str:
    """The PMN code of a tile (:func:`pmn_tile` backwards), to name tiles as the record does."""
    if tile.is_numbered:
        return {"m": "c", "p": "d", "s": "b"}[tile.code[-1]] + tile.code[0]
    if tile.code.endswith("f"):
        return f"f{tile.code[0]}"
    for suit, codes in _HONOURS.items():
        if tile.code in codes:
            return f"{suit}{codes.index(tile.code) + 1}"
    raise AssertionError(tile.code)  # every tile is one of these


def read_hand(text: str, player: int) -> list[Tile]:
    """The dealt tiles of one player, ``c<numbers>d<numbers>b<numbers>w<numbers>r<numbers>f<numbers>``."""
    found = _HAND.fullmatch(text)
    if found is None:
        raise _Problem(f"Deal: player {player}'s hand {text!r} is not c<1-9>d<1-9>b<1-9>w<1-4>r<1-3>f<1-8>")
    return [pmn_tile(f"{suit}{number}") for suit, numbers in zip("cdbwrf", found.groups(), strict=True)
            for number in numbers]


@dataclass(frozen=True, slots=True)
class Fan:
    """One fan of a win as the record states it: its PMN number, points and count."""

    number: int
    points: int
    count: int

    @property
    def name(self) -> str:
        """The fan's name in PMN's fan list."""
        return PMN_FANS[self.number - 1]


def read_fans(text: str, player: int) -> tuple[Fan, ...] | None:
    """One player's fans of the ``Fan`` tag: None for ``None``, else ``number/points/count`` joined by dots."""
    if text == "None":
        return None
    fans = []
    for part in text.split("."):
        found = _FAN.fullmatch(part)
        if found is None or not 1 <= int(found.group(1)) <= len(PMN_FANS):
            raise _Problem(f"Fan: player {player}'s {part!r} is not <fan 1-82>/<points>/<count>")
        fans.append(Fan(int(found.group(1)), int(found.group(2)), int(found.group(3))))
    return tuple(fans)


@dataclass(slots=True)
class _Player:
    held: Counter[Tile] = field(default_factory=Counter)
    melds: list[ReplayedMeld] = field(default_factory=list)
    flowers: list[Tile] = field(default_factory=list)
    draws: int = 0  # tiles taken from the wall (a duplicate game's personal wall)

    def take(self, tile: Tile, copies: int, player: int, why: str) -> None:
        if self.held[tile] < copies:
            raise _Problem(f"player {player} {why} {_code(tile)} but holds {self.held[tile]} of it")
        self.held[tile] -= copies


@dataclass(frozen=True, slots=True)
class _Action:
    letter: str
    player: int
    tile: Tile | None
    replaces: int = 0  # a take: the kongs in a row it replaces, or -1 after a flower


@dataclass(slots=True)
class _Game:
    """The state of one game while its actions are replayed."""

    round: str
    duplicate: bool
    flowers: bool  # the game has bonus tiles: one is dealt or drawn
    players: list[_Player]
    last: _Action | None = None
    taken: Tile | None = None  # the tile just taken (``z1`` discards it)
    draws: int = 0
    on_table: int = 0
    in_view: Counter[Tile] = field(default_factory=Counter)
    seen: Counter[Tile] = field(default_factory=Counter)

    def see(self, tile: Tile) -> None:
        self.seen[tile] += 1
        if not tile.code.endswith("f") and self.seen[tile] > 4:
            raise _Problem(f"a fifth {_code(tile)}: there are only 4 of each tile")
        if tile.code.endswith("f") and self.seen[tile] > 1:
            raise _Problem(f"a second {_code(tile)}: there is one of each flower")

    @property
    def wall(self) -> int:
        """The tiles to draw after the deal: of one wall, or of each player's own (duplicate)."""
        if self.duplicate:
            return (TILES - 4 * DEALT) // 4
        return (TILES_WITH_FLOWERS if self.flowers else TILES) - 4 * DEALT

    def act(self, letter: str, player: int, tile: Tile) -> None:
        """Replay one action (not a win)."""
        problem = self._out_of_turn(letter, player, tile)
        if problem:
            raise _Problem(problem)
        who = self.players[player]
        last = self.last
        replaces = 0
        if letter == "T":
            self.see(tile)
            if tile.code.endswith("f"):
                self.flowers = True
            who.draws += 1
            self.draws += 1
            drawn = who.draws if self.duplicate else self.draws
            if drawn > self.wall:
                raise _Problem(f"player {player} takes a tile after the last of the wall ({self.wall} to draw)")
            who.held[tile] += 1
            self.taken = tile
            if last is not None and last.letter in "AZB":
                replaces = last.replaces
            elif last is not None and last.letter == "R":
                replaces = -1
        elif letter == "D":
            who.take(tile, 1, player, "discards")
            self.on_table += 1
            self.in_view[tile] += 1
        elif letter == "C":
            assert last is not None and last.tile is not None
            chow = [Tile.from_index(tile.index + step) for step in (-1, 0, 1)]
            for own in chow:
                if own != last.tile:
                    who.take(own, 1, player, f"chows {''.join(_code(t) for t in chow)} with")
                    self.in_view[own] += 1
            self._claim(who, ReplayedMeld(MeldKind.CHOW, chow))
        elif letter in "PZ":
            size = 3 if letter == "P" else 4
            who.take(tile, size - 1, player, f"claims a {'pung' if size == 3 else 'kong'} of")
            self.in_view[tile] += size - 1
            self._claim(who, ReplayedMeld(MeldKind.PUNG if size == 3 else MeldKind.KONG, [tile] * size))
            replaces = 1
        elif letter == "A":
            who.take(tile, 4, player, "declares a concealed kong of")
            who.melds.append(ReplayedMeld(MeldKind.KONG, [tile] * 4, concealed=True))
            replaces = (last.replaces if last is not None and last.letter == "T" and last.replaces > 0 else 0) + 1
        elif letter == "B":
            pung = next((m for m in who.melds if m.kind is MeldKind.PUNG and m.tiles[0] == tile), None)
            if pung is None:
                raise _Problem(f"player {player} adds {_code(tile)} to a kong, but has no melded pung of it")
            who.take(tile, 1, player, "adds to a kong")
            pung.kind, pung.tiles, pung.added = MeldKind.KONG, [tile] * 4, True
            self.in_view[tile] += 1
            replaces = (last.replaces if last is not None and last.letter == "T" and last.replaces > 0 else 0) + 1
        else:  # R: a flower set aside
            who.take(tile, 1, player, "sets aside the flower")
            who.flowers.append(tile)
        self.last = _Action(letter, player, tile, replaces)

    def _claim(self, who: _Player, meld: ReplayedMeld) -> None:
        who.melds.append(meld)
        self.on_table -= 1  # the claimed discard leaves the table for the meld (and stays in view)

    def _out_of_turn(self, letter: str, player: int, tile: Tile) -> str:
        """Why the action cannot follow the last one, or "" when it can."""
        last = self.last
        doing = f"{letter}{player}{_code(tile)}"
        if tile.code.endswith("f") and letter not in "TR":
            return f"{doing}: a flower is only taken and set aside (T, R)"
        if last is None:
            if letter == "R" or (letter == "T" and player == 0):
                return ""
            return f"{doing}: the game opens with East (player 0) taking a tile, or a dealt flower set aside"
        if last.letter == "D":
            following = (last.player + 1) % 4
            if letter == "T":
                return "" if player == following else f"{doing}: after player {last.player} discards, player {following} takes"
            if letter not in "CPZ" or player == last.player:
                named = _code(last.tile) if last.tile else "?"
                return f"{doing}: only a claim of {named} or the next player's take follows a discard"
            if letter == "C":
                if player != following:
                    return f"{doing}: only the next player, player {following}, can chow player {last.player}'s discard"
                assert last.tile is not None
                if not tile.is_numbered or tile.rank in (1, 9) or abs(tile.index - last.tile.index) > 1 \
                        or tile.suit is not last.tile.suit:
                    return f"{doing}: {_code(tile)} is not the middle of a chow with the discard {_code(last.tile)}"
                return ""
            return "" if tile == last.tile else f"{doing}: the tile just discarded is {_code(last.tile) if last.tile else '?'}"
        if last.letter in "CP":
            return "" if letter == "D" and player == last.player else f"{doing}: player {last.player} discards after claiming"
        if last.letter in "AZBR":
            return "" if letter == "T" and player == last.player else \
                f"{doing}: player {last.player} takes a replacement tile"
        # the last action is a take
        if player != last.player or letter not in "DABR":
            return f"{doing}: player {last.player} has just taken a tile and discards, declares a kong or wins"
        return ""

    def win(self, player: int) -> dict[str, Any]:
        """The hand record of player ``player``'s win, at the end of the actions."""
        last = self.last
        if last is None or last.tile is None:
            raise _Problem(f"H{player}: no tile has been taken or discarded to win on")
        if last.letter == "T" and last.player == player:
            win, discarder = "self_draw", None
        elif last.letter == "D" and last.player != player:
            win, discarder = "discard", SEATS[last.player]
        elif last.letter == "B" and last.player != player:
            win, discarder = "robbing_gong", SEATS[last.player]
        else:
            return self._cannot_win(player, last)
        tile = last.tile
        winner = self.players[player]
        held = Counter(winner.held)
        in_view = self.in_view[tile]
        declared = sum(len(m.tiles) for p in self.players for m in p.melds)
        discards = self.on_table
        replacement: str | bool = False
        if win == "self_draw":
            held[tile] -= 1
            if last.replaces < 0:
                replacement = "flower"
            elif last.replaces:
                replacement = "gong" if last.replaces == 1 else "double_gong"
            last_tile = (winner.draws if self.duplicate else self.draws) == self.wall
        else:
            in_view -= 1  # the winning tile itself was in view
            if win == "discard":
                discards -= 1  # the winning discard is taken, not left on the table
                next_player = self.players[(last.player + 1) % 4]
                last_tile = (next_player.draws if self.duplicate else self.draws) == self.wall
            else:
                declared -= 1  # the robbed kong goes back to a pung
                last_tile = False
        record: dict[str, Any] = {
            "ruleset": "mcr", "seat": SEATS[player], "round": self.round,
            "concealed": format_tiles(held.elements()), "melds": [m.to_json() for m in winner.melds],
            "flowers": [t.code for t in winner.flowers], "win_tile": tile.code, "win": win,
        }
        if discarder is not None:
            record["discarder"] = discarder
        record.update({"replacement": replacement, "last_tile": last_tile, "discards": discards,
                       "declared_tiles": declared, "last_of_kind": in_view == 3})
        return record

    @staticmethod
    def _cannot_win(player: int, last: _Action) -> dict[str, Any]:
        doing = f"{last.letter}{last.player}{_code(last.tile) if last.tile else ''}"
        raise _Problem(f"H{player}: after {doing} player {player} cannot win: a win follows the winner's own take, "
                       "another player's discard, or another player's tile added to a kong")


def _tokens(play: str) -> Iterator[tuple[int, str]]:
    """The actions of a ``Play`` tag, numbered from 1: four characters each, ``H<player>`` two."""
    at = number = 0
    while at < len(play):
        number += 1
        size = 2 if play[at] == "H" else 4
        yield number, play[at:at + size]
        at += size


@dataclass(frozen=True, slots=True)
class PmnGame:
    """One game of a record: its tags and the line each tag is on."""

    tags: dict[str, str]
    lines: dict[str, int]

    def where(self, tag: str) -> int:
        return self.lines.get(tag, min(self.lines.values()))


def games(lines: list[str]) -> Iterator[PmnGame]:
    """The games of a record's lines: blocks of ``[Tag "value"]`` lines parted by blank lines."""
    tags: dict[str, str] = {}
    where: dict[str, int] = {}
    for number, line in enumerate(lines, 1):
        text = line.strip().lstrip("\ufeff")
        if not text:
            if tags:
                yield PmnGame(tags, where)
                tags, where = {}, {}
            continue
        found = _TAG.fullmatch(text)
        if found is None:
            raise InputError(f"line {number}: {text[:40]!r} is not a tag pair [Tag \"value\"]")
        tag, value = found.groups()
        if tag in tags:
            raise InputError(f"line {number}: a second {tag} tag in one game (a blank line parts two games)")
        tags[tag], where[tag] = value, number
    if tags:
        yield PmnGame(tags, where)


def replay(game: PmnGame) -> list[ImportedWin]:
    """The wins of one game. A problem is refused naming the tag or the action."""
    tags = game.tags
    missing = [tag for tag in REQUIRED if tag not in tags]
    if missing:
        raise _Problem(f"no {missing[0]} tag: a PMN game has {', '.join(REQUIRED)}")
    if tags["PWind"] not in SEATS:
        raise _Problem(f"PWind {tags['PWind']!r}: the prevalent wind is E, S, W or N")
    if tags["Scoring"] not in SCORINGS:
        raise _Problem(f"Scoring {tags['Scoring']!r}: mjscore reads {', '.join(SCORINGS)}")
    hands = tags["Deal"].split(" ")
    if len(hands) != 4:
        raise _Problem(f"Deal has {len(hands)} hands, not 4 (East, South, West, North)")
    result = tags["Result"].split(" ")
    if len(result) != 4 or not all(re.fullmatch(r"-?[0-9]{1,6}", r) for r in result):
        raise _Problem(f"Result {tags['Result']!r} is not four whole numbers")
    fan_texts = tags["Fan"].split(" ")
    if len(fan_texts) != 4:
        raise _Problem(f"Fan has {len(fan_texts)} values, not 4 (East, South, West, North)")
    fans = [read_fans(text, player) for player, text in enumerate(fan_texts)]
    duplicate = tags["Scoring"] != "MCR"
    game_state = _Game(tags["PWind"], duplicate, False, [_Player() for _ in SEATS])
    for player, text in enumerate(hands):
        tiles = read_hand(text, player)
        if len(tiles) != DEALT:
            raise _Problem(f"Deal: player {player} is dealt {len(tiles)} tiles, not {DEALT}")
        for tile in tiles:
            game_state.see(tile)
            game_state.flowers |= tile.code.endswith("f")
        game_state.players[player].held.update(tiles)
    if duplicate and game_state.flowers:
        raise _Problem("Deal: a duplicate game has no bonus tiles")
    winners: list[int] = []
    for number, token in _tokens(tags["Play"]):
        if token.startswith("H"):
            if len(token) != 2 or token[1] not in "0123" or int(token[1]) in winners:
                raise _Problem(f"Play action {number} {token!r}: H<player 0-3>, each winner once")
            winners.append(int(token[1]))
            continue
        if winners:
            raise _Problem(f"Play action {number} {token!r}: only wins (H<player>) follow a win")
        if len(token) != 4 or token[0] not in _ACTIONS or token[1] not in "0123":
            raise _Problem(f"Play action {number} {token!r} is not <action T|D|C|P|A|Z|B|R><player 0-3><tile>")
        player = int(token[1])
        try:
            if token[0] == "D" and token[2:] == "z1":
                if game_state.last is None or game_state.last.letter != "T" or game_state.taken is None:
                    raise _Problem("z1 discards the tile just taken, and none was")
                tile = game_state.taken
            else:
                tile = pmn_tile(token[2:])
            game_state.act(token[0], player, tile)
        except _Problem as problem:
            raise _Problem(f"Play action {number} {token!r}: {problem}") from None
    stated = {player for player, found in enumerate(fans) if found is not None}
    if stated != set(winners):
        raise _Problem(f"Fan names the fans of player(s) {sorted(stated) or 'none'}, and Play's wins are of "
                       f"{sorted(winners) or 'none'}")
    scores = (int(result[0]), int(result[1]), int(result[2]), int(result[3]))
    wins = []
    for player in winners:
        record = game_state.win(player)
        written = fans[player]
        assert written is not None
        total = sum(fan.points * fan.count for fan in written)
        breakdown = "+".join(f"{fan.name}*{fan.count}" for fan in written)
        site = tags.get("Site") or f"board {tags.get('Board', '?')}"
        wins.append(ImportedWin(site, game.where("Play"), record, total, breakdown, scores))
    return wins


def _line_of(problem: str, game: PmnGame) -> int:
    """The line a problem is on: the tag it names first, or the game's first line (a tag missing), or
    the ``Play`` tag's (a win that cannot be)."""
    tag = problem.split(" ", 1)[0].removesuffix(":")
    if tag in game.tags:
        return game.where(tag)
    return min(game.lines.values()) if problem.startswith("no ") else game.where("Play")


def read_records(text: str, where: str) -> ImportedLog:
    """Every game of the PMN text ``text`` (from ``where``, a file's name) replayed: one win per winner.
    A problem is refused in one line naming ``where``, the line and the problem."""
    lines = text.splitlines()
    wins: list[ImportedWin] = []
    rounds = drawn = 0
    try:
        found = list(games(lines))
    except InputError as problem:
        raise InputError(f"{where} {problem}") from None
    for game in found:
        try:
            won = replay(game)
        except _Problem as problem:
            raise InputError(f"{where} line {_line_of(str(problem), game)}: {problem}") from None
        rounds += 1
        drawn += not won
        wins += won
    if not rounds:
        raise InputError(f"{where} holds no game: a PMN record is games of [Tag \"value\"] lines")
    return ImportedLog(tuple(wins), rounds, drawn)
