"""The values a table is made of: its settings (players, ruleset, money) and the entries of its history.

An entry is what the table said happened: a win names the winner and the discarder as players (not
seat winds, which move with the deal) and keeps the hand record without the fields the table itself
knows (ruleset, seat, round wind, dealer streak). What the table settled for it (the score, the
payments) is stored beside it when it is recorded (:mod:`mjscore.scorekeeper.ledger`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from decimal import Decimal
from typing import Any

from mjscore.errors import Refusal, RulesetError, TableError, Term, quoted
from mjscore.rulesets import DEFAULT_RULESET, resolve_ruleset
from mjscore.scoring.payments import Direction
from mjscore.scoring.ruleset import Names, PointsGame, Ruleset, parse_stake

#: The hand-record fields the table fills in itself; a record may state them only if they agree.
TABLE_FIELDS = ("ruleset", "seat", "round", "discarder", "dealer_streak")

#: The longest name of a table or a player, checked here so that SQLite and PostgreSQL agree.
MAX_NAME = 40

#: The most times one table payment can be recorded as happening at once (a player collects for a
#: few concealed gongs, pays a penalty twice): a larger count is a slip of the keyboard.
MAX_EVENT_COUNT = 16

#: The keys of each kind of entry in :func:`entry_to_dict`'s JSON: an import refuses any other.
ENTRY_KEYS = {"win": {"kind", "winner", "discarder", "hand"}, "event": {"kind", "event", "player", "count"},
              "draw": {"kind", "tenpai", "abortive"}, "riichi": {"kind", "player"}}

#: The longest client request id (``request_id``: any text the client makes up, unique per change).
MAX_REQUEST_ID = 64


def check_request_id(request_id: str) -> None:
    """Refuse a request id that is empty, too long or not printable text."""
    if not request_id or len(request_id) > MAX_REQUEST_ID or not request_id.isprintable():
        raise TableError(Refusal("bad_request_id", id=quoted(request_id[:MAX_REQUEST_ID]), most=MAX_REQUEST_ID))


def check_name(label: str, text: str) -> None:
    """Refuse a name (of a table, a player, an event) longer than :data:`MAX_NAME` or with control
    characters; ``label`` says which name it is."""
    if len(text) > MAX_NAME:
        raise TableError(Refusal("name_too_long", what=label, thing=Term(_NAME_LABELS.get(label, "kind_name")),
                                 name=quoted(text[:MAX_NAME]), most=MAX_NAME, length=len(text)))
    if not text.isprintable():
        raise TableError(Refusal("name_control", what=label, thing=Term(_NAME_LABELS.get(label, "kind_name")), name=quoted(text)))


#: The catalogue's word for each kind of name :func:`check_name` checks.
_NAME_LABELS = {"table name": "kind_table_name", "player name": "kind_player_name", "event name": "kind_event_name",
                "device name": "kind_device_name", "tournament name": "kind_tournament_name"}


def base_money(value: object) -> Decimal:
    """The money each payer adds to a hand payment, from a number or a decimal string."""
    try:
        return parse_stake(value, "base money")
    except RulesetError:
        raise TableError(Refusal("base_money", value=quoted(value))) from None


@dataclass(frozen=True)
class TableFacts:
    """What reading a table needs of its rules, kept with the table when it opens so that it can be
    shown, logged, exported and counted in standings whatever happens later to the ruleset or the
    house rules (issue 28: a ruleset that dropped an award, or stopped loading, locked the table).
    Only a change (recording, rescoring) needs the rules themselves. ``penalties``: the table
    payments its named player pays."""

    id: str
    name: Names
    unit: str
    stake: Decimal
    base_money: Decimal
    overrides: tuple[str, ...]
    minimum: Mapping[str, int] | None
    penalties: tuple[str, ...]
    #: The points game the table keeps (riichi's start, sticks, uma), None for most tables.
    game: PointsGame | None = None

    @property
    def balance_unit(self) -> str:
        """The unit the table's balances count in: a points game's points (a riichi hand counts han,
        but pays points), else the ruleset's unit."""
        return "points" if self.game is not None else self.unit

    @staticmethod
    def of(rules: Ruleset) -> TableFacts:
        return TableFacts(rules.id, rules.name, rules.unit, rules.stake, rules.base_money, rules.overrides,
                          None if rules.minimum is None else dict(rules.minimum),
                          tuple(p.id for p in rules.table_payments if p.direction is Direction.PAY), rules.points_game)

    def to_json(self) -> dict[str, Any]:
        data = {"id": self.id, "name": self.name.to_dict(), "unit": self.unit, "stake": str(self.stake),
                "base_money": str(self.base_money), "overrides": list(self.overrides),
                "minimum": None if self.minimum is None else dict(self.minimum), "penalties": list(self.penalties)}
        if self.game is not None:
            data["game"] = self.game.to_dict()
        return data

    @staticmethod
    def from_json(data: Mapping[str, Any]) -> TableFacts:
        """The facts of :meth:`to_json`; raises KeyError, TypeError or ValueError for anything else."""
        name = data["name"]
        minimum = data["minimum"]
        return TableFacts(str(data["id"]), Names(str(name["en"]), str(name["zh-Hans"]), str(name["zh-Hant"])),
                          str(data["unit"]), Decimal(str(data["stake"])), Decimal(str(data["base_money"])),
                          tuple(map(str, data["overrides"])),
                          None if minimum is None else {str(k): int(v) for k, v in dict(minimum).items()},
                          tuple(map(str, data["penalties"])),
                          PointsGame.from_dict(data["game"]) if data.get("game") is not None else None)


@dataclass(frozen=True)
class TableSettings:
    """Four players, in the seat order of the first hand (the first is the first dealer, East),
    the ruleset and its house-rule overrides (among them ``stake``, the money one point or tai is
    worth), and ``base_money``: money each payer adds to a hand payment (the Four Winds table's 底;
    0 where the points already hold a base)."""

    name: str
    players: tuple[str, str, str, str]
    ruleset: str = DEFAULT_RULESET
    house_rules: Mapping[str, Any] = field(default_factory=dict)
    base_money: Decimal = Decimal(0)

    @staticmethod
    def of(name: str, players: Sequence[str], ruleset: str = DEFAULT_RULESET, house_rules: Mapping[str, Any] | None = None,
           base: object = 0) -> TableSettings:
        """Checked settings: four distinct non-empty names, a known ruleset, house rules that apply."""
        names = tuple(p.strip() for p in players)
        if len(names) != 4:
            raise TableError(Refusal("four_players", count=len(names)))
        if not all(names):
            raise TableError(Refusal("empty_player_name"))
        for label, text in (("table name", name.strip()), *(("player name", n) for n in names)):
            check_name(label, text)
        folded = [n.casefold() for n in names]
        for player in names:
            if folded.count(player.casefold()) > 1:
                raise TableError(Refusal("same_name_twice", name=quoted(player)))
        if base_money(base) and "base_money" in (house_rules or {}):
            raise TableError(Refusal("base_money_twice"))
        settings = TableSettings(name.strip(), (names[0], names[1], names[2], names[3]), ruleset,
                                 dict(house_rules or {}), base_money(base))
        settings.rules()
        return settings

    def rules(self) -> Ruleset:
        """The table's ruleset with its house rules applied, and the table's own base money (``table
        new --base-money``) as the ruleset's ``base_money``: the one place a payment's base is read."""
        overrides = dict(self.house_rules)
        if self.base_money:
            overrides["base_money"] = str(self.base_money)
        return resolve_ruleset(self.ruleset, overrides)

    def player(self, name: str) -> int:
        """The index of the player called ``name`` (any case)."""
        for index, player in enumerate(self.players):
            if player.casefold() == name.strip().casefold():
                return index
        raise TableError(Refusal("no_such_player", name=quoted(name), players=list(self.players)))


@dataclass(frozen=True)
class Win:
    """A won hand: ``record`` is the hand record without the table's fields (:data:`TABLE_FIELDS`);
    ``discarder`` None on a claimed win means the player before the winner (the record's default)."""

    record: Mapping[str, Any]
    winner: int
    discarder: int | None = None


@dataclass(frozen=True)
class Draw:
    """A hand nobody won: the wall ran out. At a table that keeps points (riichi's) ``tenpai`` names
    the players ready when it ran out (the others pay them, and a ready dealer stays), and an
    ``abortive`` draw is one the game calls off before the wall runs out (no payment, the dealer
    stays); elsewhere a draw is neither."""

    tenpai: tuple[int, ...] = ()
    abortive: bool = False


@dataclass(frozen=True)
class Ready:
    """A ready declaration (riichi) at a table that keeps points: ``player`` puts a stick on the table."""

    player: int


@dataclass(frozen=True)
class Event:
    """A table payment when it happens (ruling 5): the ruleset's table payment ``event`` for
    ``player`` (who collects, or who pays a penalty), ``count`` times."""

    event: str
    player: int
    count: int = 1

    def check_count(self) -> None:
        """Refuse a count that no table records (checked when an event is recorded or imported, not
        when a stored one is read: a table stays readable whatever an older version let in)."""
        if not 1 <= self.count <= MAX_EVENT_COUNT:
            raise TableError(Refusal("event_count", count=self.count, most=MAX_EVENT_COUNT))


Entry = Win | Draw | Event | Ready


def entry_to_dict(entry: Entry, players: Sequence[str] | None = None) -> dict[str, Any]:
    """The JSON of an entry, naming players by index, or by name when ``players`` is given."""

    def who(index: int | None) -> int | str | None:
        return index if players is None or index is None else players[index]

    if isinstance(entry, Win):
        return {"kind": "win", "winner": who(entry.winner), "discarder": who(entry.discarder),
                "hand": dict(entry.record)}
    if isinstance(entry, Event):
        return {"kind": "event", "event": entry.event, "player": who(entry.player), "count": entry.count}
    if isinstance(entry, Ready):
        return {"kind": "riichi", "player": who(entry.player)}
    drawn: dict[str, Any] = {"kind": "draw"}
    if entry.tenpai:
        drawn["tenpai"] = [who(player) for player in entry.tenpai]
    if entry.abortive:
        drawn["abortive"] = True
    return drawn


def entry_from_dict(data: Mapping[str, Any], settings: TableSettings) -> Entry:
    """The entry of :func:`entry_to_dict`'s JSON; players by index or by name."""

    def who(value: object) -> int:
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < 4:
            return value
        if isinstance(value, str):
            return settings.player(value)
        raise TableError(f"{value!r} is not a player of this table")

    kind = data.get("kind")
    unknown = sorted(set(data) - ENTRY_KEYS.get(str(kind), set(data)))
    if unknown:
        raise TableError(f"unknown key {unknown[0]!r} in a '{kind}' entry, which has {', '.join(sorted(ENTRY_KEYS[str(kind)]))}")
    if kind == "win":
        record = data.get("hand")
        if not isinstance(record, Mapping):
            raise TableError("a win entry needs its hand record under 'hand'")
        discarder = data.get("discarder")
        return Win(strip_table_fields(record), who(data.get("winner")),
                   None if discarder is None else who(discarder))
    if kind == "event":
        count = data.get("count", 1)
        if not isinstance(count, int) or isinstance(count, bool):
            raise TableError(f"event count {count!r} is not a whole number")
        return Event(str(data.get("event")), who(data.get("player")), count)
    if kind == "draw":
        tenpai = data.get("tenpai", [])
        abortive = data.get("abortive", False)
        if not isinstance(tenpai, list) or not isinstance(abortive, bool):
            raise TableError("a draw's 'tenpai' is a list of players and its 'abortive' true or false")
        return drawn(settings, [who(player) for player in tenpai], abortive)
    if kind == "riichi":
        return Ready(who(data.get("player")))
    raise TableError(f"unknown entry kind {kind!r}: use win, draw, event or riichi")


def drawn(settings: TableSettings, tenpai: Sequence[int], abortive: bool = False) -> Draw:
    """A drawn hand with the players ready named once each, in seat order."""
    for player in tenpai:
        if list(tenpai).count(player) > 1:
            raise TableError(Refusal("tenpai_twice", player=settings.players[player]))
    if abortive and tenpai:
        raise TableError(Refusal("abortive_tenpai"))
    return Draw(tuple(sorted(tenpai)), abortive)


def strip_table_fields(record: Mapping[str, Any]) -> dict[str, Any]:
    """The hand record without the fields the table fills in."""
    return {key: value for key, value in record.items() if key not in TABLE_FIELDS}
