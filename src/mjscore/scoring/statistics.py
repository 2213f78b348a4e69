"""Statistics over scored hands, and how far they agree with scores another scorer recorded.

The input is what ``mjscore batch`` writes: one line per hand, the JSON of ``mjscore score --format
json`` (or the ``--summary`` form) with its ``line`` number, or ``{"line": n, "error": "..."}`` for a
line that could not be scored. :func:`batch_statistics` counts, per ruleset, how many scored hands
hold each award, the average total and the distribution of totals; every share is over the scored
hands of its ruleset (:data:`SHARE_OF`). :func:`compare_win` sets each scored hand beside the
total, fans and payments a game log recorded for it (``mjscore import``).

:func:`table_statistics` does the same, and more, over the settled entries of club tables (a
:class:`TableRecord` each, made from the stored history by :mod:`mjscore.scorekeeper.statistics`):
per player, hands played, wins, self-draws, deal-ins and their rates, points won and lost (and
the money settled, at tables that play for money), the biggest hand and the final places (a
table's, or a session's as the standings rank it: :class:`SessionPlaces`); per ruleset, the
frequency of every award over the wins; each table's balances after every entry. Nothing is
scored again: every figure is read from what the table settled. A player is a person, not a name at
one table: the ``resolve`` function maps (table id, name at that table) to the person's key
(:data:`Resolver`, by default the name itself).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from datetime import date
from decimal import Decimal
from typing import Any, Protocol

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mjscore.errors import InputError
from mjscore.hand import WinKind
from mjscore.reading import one_line
from mjscore.scoring.payments import money_text
from mjscore.scoring.ruleset import Names, Ruleset
from mjscore.tiles import SEATS

#: What every share of :class:`AwardFrequency` is a share of.
SHARE_OF = "scored hands of the ruleset"


# ---------------------------------------------------------------------------------------------
# Reading the lines of a batch's output.


class _AwardLine(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)
    id: str = Field(max_length=80)
    count: int = Field(ge=1, le=99)


class _PaymentLine(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)
    payer: str = Field(max_length=1)
    payee: str = Field(max_length=1)
    amount: int


class _RulesetRef(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)
    id: str = Field(max_length=40)


class _ScoreLine(BaseModel):
    """The fields of a scored line these statistics read (full and summary lines alike)."""

    model_config = ConfigDict(extra="ignore", strict=True)
    line: int = Field(ge=1)
    ruleset: str | _RulesetRef
    total: int
    legal: bool
    awards: list[_AwardLine]
    payments: list[_PaymentLine]


class _ErrorLine(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    line: int = Field(ge=1)
    error: str


@dataclass(frozen=True, slots=True)
class ScoredHand:
    """One scored line of a batch's output: its ruleset, total, legality, awards and payments."""

    line: int
    ruleset: str
    total: int
    legal: bool
    awards: tuple[tuple[str, int], ...]  # (award id, count)
    payments: tuple[tuple[str, str, int], ...]  # (payer, payee, amount)

    def net(self) -> tuple[int, ...]:
        """What each seat gained, in seat order E, S, W, N (losses negative)."""
        gained = dict.fromkeys(SEATS, 0)
        for payer, payee, amount in self.payments:
            gained[payer] -= amount
            gained[payee] += amount
        return tuple(gained[seat] for seat in SEATS)


@dataclass(frozen=True, slots=True)
class UnscoredLine:
    """A line of a batch's output that answers an input line that could not be scored."""

    line: int
    error: str


def read_output_line(data: Any) -> ScoredHand | UnscoredLine:
    """One line of ``mjscore batch`` output (its JSON), read; anything else is refused (:class:`InputError`)."""
    if isinstance(data, dict) and "error" in data:
        try:
            error = _ErrorLine.model_validate(data)
        except ValidationError as problem:
            raise InputError(f"not a line of mjscore batch output: {one_line(problem)}") from None
        return UnscoredLine(error.line, error.error)
    try:
        scored = _ScoreLine.model_validate(data)
    except ValidationError as problem:
        raise InputError(f"not a line of mjscore batch output: {one_line(problem)}") from None
    return ScoredHand(
        line=scored.line,
        ruleset=scored.ruleset if isinstance(scored.ruleset, str) else scored.ruleset.id,
        total=scored.total,
        legal=scored.legal,
        awards=tuple((a.id, a.count) for a in scored.awards),
        payments=tuple((p.payer, p.payee, p.amount) for p in scored.payments),
    )


# ---------------------------------------------------------------------------------------------
# Frequencies, averages and distributions.


@dataclass(frozen=True, slots=True)
class AwardFrequency:
    """How many scored hands hold an award (``hands``), how many times in all (``times``: a
    pung-of-terminals award can count twice in one hand), and ``hands`` as a share of the
    ruleset's scored hands (:data:`SHARE_OF`)."""

    id: str
    hands: int
    times: int
    share: float


@dataclass(frozen=True, slots=True)
class RulesetStatistics:
    """The scored hands of one ruleset: how many (``legal`` of them met the minimum to win), the
    average total over all of them, how many scored each total, and each award's frequency (the
    most frequent first)."""

    ruleset: str
    hands: int
    legal: int
    average_total: float
    totals: tuple[tuple[int, int], ...]  # (total, hands), the lowest total first
    awards: tuple[AwardFrequency, ...]
    share_of: str = SHARE_OF  # what ``hands`` counts, and every share and the average are taken over


@dataclass(frozen=True, slots=True)
class BatchStatistics:
    """Every line of a batch's output: how many, how many could not be scored, and per ruleset."""

    lines: int
    unscored: int
    rulesets: tuple[RulesetStatistics, ...]


def batch_statistics(lines: Iterable[ScoredHand | UnscoredLine]) -> BatchStatistics:
    """The statistics of the lines of a batch's output, per ruleset in the order first met."""
    by_ruleset: dict[str, list[ScoredHand]] = defaultdict(list)
    count = unscored = 0
    for line in lines:
        count += 1
        if isinstance(line, UnscoredLine):
            unscored += 1
        else:
            by_ruleset[line.ruleset].append(line)
    return BatchStatistics(count, unscored, tuple(_ruleset_statistics(r, hands, sum(h.legal for h in hands))
                                                  for r, hands in by_ruleset.items()))


class _Counted(Protocol):
    """A scored hand as the frequencies count it: its total and its awards (id, count)."""

    @property
    def total(self) -> int: ...

    @property
    def awards(self) -> tuple[tuple[str, int], ...]: ...


def _ruleset_statistics(ruleset: str, hands: Sequence[_Counted], legal: int,
                        share_of: str = SHARE_OF) -> RulesetStatistics:
    """The frequencies of ``hands`` (of one ruleset), ``legal`` of which met the minimum to win."""
    holding: Counter[str] = Counter()
    times: Counter[str] = Counter()
    for hand in hands:
        for award_id, count in hand.awards:
            holding[award_id] += 1
            times[award_id] += count
    awards = tuple(AwardFrequency(award_id, held, times[award_id], held / len(hands))
                   for award_id, held in sorted(holding.items(), key=lambda item: (-item[1], item[0])))
    totals = Counter(hand.total for hand in hands)
    return RulesetStatistics(
        ruleset=ruleset,
        hands=len(hands),
        legal=legal,
        average_total=sum(hand.total for hand in hands) / len(hands),
        totals=tuple(sorted(totals.items())),
        awards=awards,
        share_of=share_of,
    )


# ---------------------------------------------------------------------------------------------
# Scores set beside the ones a log recorded.


@dataclass(frozen=True, slots=True)
class Recorded:
    """What a game log recorded for a win: the total, the fans (name and count) and each player's
    score in seat order E, S, W, N."""

    total: int
    fans: tuple[tuple[str, int], ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class FanDifference:
    """A fan counted differently: ``fan`` is the award id (or, for a recorded name that is no award
    of the ruleset, that name), with how many times the log and mjscore count it."""

    fan: str
    recorded: int
    scored: int


@dataclass(frozen=True, slots=True)
class WinComparison:
    """One recorded win beside its score (of ``ruleset``). ``error`` is why it has no score (then
    nothing agrees)."""

    line: int
    match: str | None
    recorded: Recorded
    total: int | None
    total_agrees: bool
    payments_agree: bool
    fans: tuple[FanDifference, ...]
    error: str | None = None
    ruleset: str | None = None

    @property
    def agrees(self) -> bool:
        return self.total_agrees and self.payments_agree and not self.fans


@dataclass(frozen=True, slots=True)
class FanDisagreement:
    """Over all compared wins: in how many the log counts a fan more often than mjscore does
    (``recorded_more``), and in how many less (``scored_more``)."""

    fan: str
    recorded_more: int
    scored_more: int


@dataclass(frozen=True, slots=True)
class Comparison:
    """Recorded wins beside their scores: how many were compared, how many agree on the total, on
    the payments, on every fan, and on all three; which fans differ and how often; each win."""

    wins: tuple[WinComparison, ...]

    @property
    def compared(self) -> int:
        return len(self.wins)

    @property
    def totals_agree(self) -> int:
        return sum(w.total_agrees for w in self.wins)

    @property
    def payments_agree(self) -> int:
        return sum(w.payments_agree for w in self.wins)

    @property
    def fans_agree(self) -> int:
        return sum(w.error is None and not w.fans for w in self.wins)

    @property
    def all_agree(self) -> int:
        return sum(w.agrees for w in self.wins)

    @property
    def unscored(self) -> int:
        return sum(w.error is not None for w in self.wins)

    def disagreements(self) -> tuple[FanDisagreement, ...]:
        """Each fan that differs in some win, the most often differing first."""
        more: Counter[str] = Counter()
        less: Counter[str] = Counter()
        for win in self.wins:
            for difference in win.fans:
                if difference.recorded > difference.scored:
                    more[difference.fan] += 1
                else:
                    less[difference.fan] += 1
        fans = sorted(set(more) | set(less), key=lambda fan: (-(more[fan] + less[fan]), fan))
        return tuple(FanDisagreement(fan, more[fan], less[fan]) for fan in fans)


def award_ids_by_name(rules: Ruleset, aliases: Mapping[str, str] | None = None) -> dict[str, str]:
    """The award id of each name an award of ``rules`` has (English, Simplified and Traditional
    Chinese), and of each alias (another spelling: alias -> one of those names)."""
    ids: dict[str, str] = {}
    for award in rules.awards:
        for name in (award.id, award.name.en, award.name.zh_hans, award.name.zh_hant):
            ids[name] = award.id
    for alias, name in (aliases or {}).items():
        if name in ids:
            ids[alias] = ids[name]
    return ids


def compare_win(line: int, match: str | None, recorded: Recorded, scored: ScoredHand | UnscoredLine | None,
                ids: Mapping[str, str]) -> WinComparison:
    """A recorded win beside its score (``ids``: :func:`award_ids_by_name` of its ruleset)."""
    if scored is None or isinstance(scored, UnscoredLine):
        error = scored.error if scored is not None else "no line of the scores answers it"
        return WinComparison(line, match, recorded, None, False, False, (), error)
    recorded_fans: Counter[str] = Counter()
    for name, count in recorded.fans:
        recorded_fans[ids.get(name, name)] += count
    scored_fans: Counter[str] = Counter(dict(scored.awards))
    differences = tuple(FanDifference(fan, recorded_fans[fan], scored_fans[fan])
                        for fan in sorted(set(recorded_fans) | set(scored_fans))
                        if recorded_fans[fan] != scored_fans[fan])
    return WinComparison(line, match, recorded, scored.total, scored.total == recorded.total,
                         scored.net() == tuple(recorded.scores), differences, ruleset=scored.ruleset)


# ---------------------------------------------------------------------------------------------
# Statistics over club tables: per player, per ruleset, and each table's balances.

#: What the award shares and the average total of tables' statistics are taken over.
SHARE_OF_WINS = "wins of the ruleset"
#: The denominators of the players' rates and averages.
HANDS_PLAYED = "hands played"
WINS = "wins"
HANDS_PAID = "hands in which the player paid"
TABLES_PLAYED = "tables played"
SESSIONS_PLAYED = "sessions played"
SESSIONS_AND_TABLES = "sessions and tables played"

#: Who a player is: (table id, the player's name at that table) -> the person's key.
Resolver = Callable[[int, str], str]


def by_name(table: int, name: str) -> str:
    """The default :data:`Resolver`: a player is the name they play under, at every table."""
    return name


@dataclass(frozen=True, slots=True)
class TableWin:
    """A win as its table settled it: the winner (a player's index at the table), how it was won (a
    :class:`~mjscore.hand.WinKind` value), who gave the winning tile (None: nobody), the total and
    the awards (id, count)."""

    winner: int
    kind: str
    giver: int | None
    total: int
    awards: tuple[tuple[str, int], ...]

    @property
    def dealt_in(self) -> int | None:
        """Who dealt into this win: the player whose tile was claimed (a discard, a robbed kong).
        The player who drew the eighth flower of a flower win gave the win but dealt in nothing."""
        return self.giver if WinKind(self.kind).claimed else None


@dataclass(frozen=True, slots=True)
class TableStep:
    """One settled entry of a table: its number in the history, when it was recorded (UTC, ISO
    8601), whether it ended a hand (a win, a drawn hand, a table payment that ends the hand), the
    points each player won in it (losses negative, table payments included), the win it was, and
    at a table that plays for money the money each player won in it (None: the table does not)."""

    number: int
    at: str
    ended_hand: bool
    changes: tuple[int, ...]
    win: TableWin | None = None
    money: tuple[Decimal, ...] | None = None


@dataclass(frozen=True, slots=True)
class SessionPlaces:
    """The final places of a table played as a session (16 hands or a time limit): when it opened
    (UTC, ISO 8601) and each player's place, as the standings rank the session (the scorekeeper's
    :func:`~mjscore.scorekeeper.standings.rank`: by table points, then score, then hands won; players
    equal on all three share the better place). A session's place is a fact of the whole session:
    it counts in the range of days holding the day the session opened, as a season's standings
    choose their tables."""

    opened_at: str
    places: tuple[int, ...]


@dataclass(frozen=True)
class TableRecord:
    """A table's settled history as the statistics read it: its id, name, ruleset and the ruleset's
    unit, the players (their names at the table, in the seat order of the first hand), the steps,
    the names of the awards its wins hold (as they were settled), and, for a table played as a
    session, the session's places (None: the places are the table's final balances)."""

    id: int
    name: str
    ruleset: str
    unit: str
    players: tuple[str, ...]
    steps: tuple[TableStep, ...]
    award_names: Mapping[str, Names] = field(default_factory=dict)
    session: SessionPlaces | None = None


@dataclass(frozen=True, slots=True)
class DateRange:
    """The days (UTC, both included) whose entries count; None: no bound."""

    since: date | None = None
    until: date | None = None

    @staticmethod
    def of(since: str | None = None, until: str | None = None) -> DateRange:
        """The range of two dates written YYYY-MM-DD; refused (:class:`InputError`) naming the bound."""
        first, last = _day("since", since), _day("until", until)
        if first is not None and last is not None and first > last:
            raise InputError(f"since {first} is after until {last}: no day lies between them")
        return DateRange(first, last)

    def holds(self, at: str) -> bool:
        """Whether the moment ``at`` (as stored: ISO 8601, UTC) falls on a day of the range."""
        day = at[:10]
        return ((self.since is None or day >= self.since.isoformat())
                and (self.until is None or day <= self.until.isoformat()))


def _day(bound: str, text: str | None) -> date | None:
    if text is None:
        return None
    try:
        if len(text) != 10:
            raise ValueError(text)
        return date.fromisoformat(text)
    except ValueError:
        raise InputError(f"{bound}: {text[:40]!r} is not a date (YYYY-MM-DD)") from None


@dataclass(frozen=True, slots=True)
class Rate:
    """``count`` of ``of``, where ``over`` says what ``of`` counts (e.g. hands played)."""

    count: int
    of: int
    over: str

    @property
    def value(self) -> float | None:
        """The rate, from 0 to 1 (None: nothing to take it over)."""
        return self.count / self.of if self.of else None

    def to_dict(self) -> dict[str, Any]:
        value = self.value
        return {"count": self.count, "of": self.of, "over": self.over,
                "value": None if value is None else round(value, 4)}


@dataclass(frozen=True, slots=True)
class Average:
    """``total`` shared over ``of``, where ``over`` says what ``of`` counts (e.g. wins)."""

    total: int
    of: int
    over: str

    @property
    def value(self) -> float | None:
        """The average (None: nothing to take it over)."""
        return self.total / self.of if self.of else None

    def to_dict(self) -> dict[str, Any]:
        value = self.value
        return {"total": self.total, "of": self.of, "over": self.over,
                "value": None if value is None else round(value, 4)}


@dataclass(frozen=True, slots=True)
class BiggestHand:
    """A player's highest-scoring win of a ruleset: the table, the entry, the total, when."""

    table: int
    number: int
    total: int
    at: str


@dataclass(frozen=True, slots=True)
class PlayerPoints:
    """A player's points at the tables of one ruleset (in its unit): hands played there, the net
    balance (table payments included), the average won over the wins, the average lost over the
    hands in which the player paid, the biggest hand, and the net money settled at the tables of
    the ruleset that play for money (None: none of them does)."""

    ruleset: str
    unit: str
    hands: int
    net: int
    won: Average
    lost: Average
    biggest: BiggestHand | None
    money: Decimal | None = None


@dataclass(frozen=True, slots=True)
class PlayerStatistics:
    """One person over the tables counted: how many tables and hands; wins and deal-ins (each a
    share of the hands played), self-draws (a share of the wins); how many times they finished
    first, second, third and fourth (tied players share the better place) and the average place,
    each place a session's (``sessions`` of them: :class:`SessionPlaces`) or, at a table played
    without a session, the table's (the average's ``over`` says which); and their points per ruleset."""

    player: str
    tables: int
    hands: int
    wins: Rate
    self_draws: Rate
    deal_ins: Rate
    places: tuple[int, int, int, int]
    average_place: Average
    points: tuple[PlayerPoints, ...]
    sessions: int = 0


@dataclass(frozen=True, slots=True)
class Balances:
    """A table's balances over the entries counted: the players (names at the table) and the
    person each one is, the entry numbers, and the points of every player before the first of them
    (zeros) and after each."""

    table: int
    name: str
    ruleset: str
    unit: str
    players: tuple[str, ...]
    people: tuple[str, ...]
    numbers: tuple[int, ...]
    points: tuple[tuple[int, ...], ...]


@dataclass(frozen=True)
class TableStatistics:
    """The statistics of some tables: how many tables, hands and wins were counted; per player; per
    ruleset (award frequencies and totals, taken over the wins: :data:`SHARE_OF_WINS`); each table's
    balances; and the names of the awards, by (ruleset, award id)."""

    tables: int
    hands: int
    wins: int
    players: tuple[PlayerStatistics, ...]
    rulesets: tuple[RulesetStatistics, ...]
    balances: tuple[Balances, ...]
    award_names: Mapping[tuple[str, str], Names] = field(default_factory=dict)

    def award_name(self, ruleset: str, award_id: str, lang: str) -> str:
        """The award's name in ``lang`` as its table settled it (its id, if no name was kept)."""
        names = self.award_names.get((ruleset, award_id))
        return names.get(lang) if names is not None else award_id

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        """The statistics as JSON (``mjscore stats --format json`` and ``GET /api/tables/stats``)."""
        return {
            "tables": self.tables, "hands": self.hands, "wins": self.wins,
            "players": [_player_dict(p) for p in self.players],
            "rulesets": [{
                "ruleset": r.ruleset, "wins": r.hands,
                "average_total": Average(sum(t * n for t, n in r.totals), r.hands, r.share_of).to_dict(),
                "totals": [{"total": t, "wins": n} for t, n in r.totals],
                "awards": [{"id": a.id, "name": self.award_name(r.ruleset, a.id, lang),
                            "names": _names_dict(self.award_names.get((r.ruleset, a.id))),
                            "share": Rate(a.hands, r.hands, r.share_of).to_dict(), "times": a.times}
                           for a in r.awards],
            } for r in self.rulesets],
            "balances": [{
                "table": b.table, "name": b.name, "ruleset": b.ruleset, "unit": b.unit,
                "players": [{"name": n, "person": p} for n, p in zip(b.players, b.people, strict=True)],
                "entries": list(b.numbers), "points": [list(row) for row in b.points],
            } for b in self.balances],
        }


def _names_dict(names: Names | None) -> dict[str, str] | None:
    return None if names is None else names.to_dict()


def _player_dict(player: PlayerStatistics) -> dict[str, Any]:
    return {
        "player": player.player, "tables": player.tables, "hands": player.hands,
        "wins": player.wins.to_dict(), "self_draws": player.self_draws.to_dict(),
        "deal_ins": player.deal_ins.to_dict(), "sessions": player.sessions, "places": list(player.places),
        "places_over": player.average_place.over, "average_place": player.average_place.to_dict(),
        "points": [{
            "ruleset": p.ruleset, "unit": p.unit, "hands": p.hands, "net": p.net,
            "money": None if p.money is None else money_text(p.money),
            "won": p.won.to_dict(), "lost": p.lost.to_dict(),
            "biggest": None if p.biggest is None else {
                "table": p.biggest.table, "entry": p.biggest.number, "total": p.biggest.total, "at": p.biggest.at},
        } for p in player.points],
    }


def places_of(points: Sequence[int]) -> tuple[int, ...]:
    """Each player's place at a table played without a session, by points (1 the most); tied
    players share the better place (1, 2, 2, 4)."""
    return tuple(1 + sum(other > mine for other in points) for mine in points)


@dataclass
class _Points:
    """A player's running figures at the tables of one ruleset (mutable while counting)."""

    unit: str
    hands: int = 0
    net: int = 0
    won: int = 0
    wins: int = 0
    lost: int = 0
    paid: int = 0
    biggest: BiggestHand | None = None
    money: Decimal | None = None


@dataclass
class _Tally:
    """A player's running figures over all the tables (mutable while counting)."""

    tables: int = 0
    sessions: int = 0
    hands: int = 0
    wins: int = 0
    self_draws: int = 0
    deal_ins: int = 0
    places: list[int] = field(default_factory=lambda: [0, 0, 0, 0])
    points: dict[str, _Points] = field(default_factory=dict)


def table_statistics(tables: Iterable[TableRecord], resolve: Resolver = by_name,
                     dates: DateRange = DateRange()) -> TableStatistics:
    """The statistics of the entries of ``tables`` recorded on a day of ``dates``; ``resolve`` says
    who each player is (a person who played at two tables, under two names, is counted once). A
    table none of whose entries falls in ``dates`` is not counted; a session's places count if it
    also opened on a day of ``dates`` (:class:`SessionPlaces`)."""
    tallies: dict[str, _Tally] = {}
    wins_of: dict[str, list[TableWin]] = defaultdict(list)
    names: dict[tuple[str, str], Names] = {}
    balances: list[Balances] = []
    hands = 0
    for table in tables:
        steps = tuple(step for step in table.steps if dates.holds(step.at))
        if not steps:
            continue
        people = tuple(resolve(table.id, name) for name in table.players)
        mine = [tallies.setdefault(person, _Tally()) for person in people]
        points = [tally.points.setdefault(table.ruleset, _Points(table.unit)) for tally in mine]
        running = [0] * len(people)
        series = [tuple(running)]
        for step in steps:
            for player, change in enumerate(step.changes):
                running[player] += change
                points[player].net += change
            for player, cash in enumerate(step.money or ()):
                points[player].money = (points[player].money or Decimal(0)) + cash
            series.append(tuple(running))
            hands += step.ended_hand
            for player, change in enumerate(step.changes):
                if step.ended_hand:
                    mine[player].hands += 1
                    points[player].hands += 1
                    if change < 0:
                        points[player].paid += 1
                        points[player].lost -= change
            if step.win is not None:
                _count_win(table, step, mine, points)
                wins_of[table.ruleset].append(step.win)
        for tally in mine:
            tally.tables += 1
        session = table.session
        if session is None or dates.holds(session.opened_at):
            for tally, place in zip(mine, places_of(running) if session is None else session.places, strict=True):
                tally.places[place - 1] += 1
                tally.sessions += session is not None
        names.update({(table.ruleset, award): name for award, name in table.award_names.items()})
        balances.append(Balances(table.id, table.name, table.ruleset, table.unit, table.players, people,
                                 tuple(step.number for step in steps), tuple(series)))
    players = tuple(sorted((_player(person, tally) for person, tally in tallies.items()),
                           key=lambda p: (p.average_place.value or 5.0, -p.wins.count, p.player.casefold())))
    rulesets = tuple(_ruleset_statistics(ruleset, wins, len(wins), SHARE_OF_WINS) for ruleset, wins in wins_of.items())
    return TableStatistics(len(balances), hands, sum(len(w) for w in wins_of.values()), players, rulesets,
                           tuple(balances), names)


def _count_win(table: TableRecord, step: TableStep, mine: Sequence[_Tally], points: Sequence[_Points]) -> None:
    """Add a win to its winner's and its dealer-in's figures."""
    win = step.win
    assert win is not None
    winner = mine[win.winner]
    winner.wins += 1
    winner.self_draws += win.kind == WinKind.SELF_DRAW
    gained = points[win.winner]
    gained.wins += 1
    gained.won += step.changes[win.winner]
    if gained.biggest is None or win.total > gained.biggest.total:
        gained.biggest = BiggestHand(table.id, step.number, win.total, step.at)
    if win.dealt_in is not None:
        mine[win.dealt_in].deal_ins += 1


def _player(person: str, tally: _Tally) -> PlayerStatistics:
    places = tally.places
    played = sum(places)
    over = (TABLES_PLAYED if tally.sessions == 0 else
            SESSIONS_PLAYED if tally.sessions == played else SESSIONS_AND_TABLES)
    return PlayerStatistics(
        player=person, tables=tally.tables, hands=tally.hands,
        wins=Rate(tally.wins, tally.hands, HANDS_PLAYED),
        self_draws=Rate(tally.self_draws, tally.wins, WINS),
        deal_ins=Rate(tally.deal_ins, tally.hands, HANDS_PLAYED),
        places=(places[0], places[1], places[2], places[3]),
        average_place=Average(sum(place * count for place, count in enumerate(places, 1)), played, over),
        points=tuple(PlayerPoints(ruleset, p.unit, p.hands, p.net, Average(p.won, p.wins, WINS),
                                  Average(p.lost, p.paid, HANDS_PAID), p.biggest, p.money)
                     for ruleset, p in tally.points.items()),
        sessions=tally.sessions,
    )
