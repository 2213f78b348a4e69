"""Tournament scoring: table points by session score, and the standings of an evening or a tournament.

Each table is a session. Its players get table points by their session score (their balance at the
end): 4, 2, 1 and 0 for first to fourth; players who tie share the points of the places they tie
for (two tied for second get (2 + 1) / 2 = 1.5 each; three tied for first get (4 + 2 + 1) / 3 = 7/3
each), so a table always hands out 7. The standings add each person's sessions up (people, not
names: :mod:`mjscore.scorekeeper.roster`) and rank them by table points, then total score, then
hands won; people equal on all three share a place. Penalties are their own entries at the table
(table payments the penalised player pays, ``direction = "pay"``): they count in the session score
and are also shown on their own. Where a table plays for money (a stake other than 1 per point, or a
base), the standings show the evening's settled money per person.

:func:`table_points` and :func:`rank` are small pure functions; :func:`table_result` reads one
table as it stands (no engine, no database).
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, replace
from decimal import Decimal
from fractions import Fraction
from typing import TYPE_CHECKING, Any

from mjscore.scorekeeper.model import Win
from mjscore.scorekeeper.roster import Person
from mjscore.scorekeeper.sessions import SessionRule
from mjscore.scorekeeper.spreadsheets import spreadsheet_safe
from mjscore.scoring.payments import money_text

if TYPE_CHECKING:
    from mjscore.scorekeeper.view import TableView

#: The table points of first to fourth place.
PLACE_POINTS = (4, 2, 1, 0)


def table_points(scores: Sequence[int], points: Sequence[int] = PLACE_POINTS) -> tuple[Fraction, ...]:
    """The table points of each score in ``scores`` (in their order): ``points[k]`` for the k-th
    highest; scores that tie share the points of the places they take, equally."""
    if len(scores) != len(points):
        raise ValueError(f"{len(scores)} scores for {len(points)} places")
    order = sorted(range(len(scores)), key=lambda i: -scores[i])
    found = [Fraction(0)] * len(scores)
    place = 0
    while place < len(order):
        tied = [i for i in order[place:] if scores[i] == scores[order[place]]]
        share = Fraction(sum(points[place:place + len(tied)]), len(tied))
        for i in tied:
            found[i] = share
        place += len(tied)
    return tuple(found)


@dataclass(frozen=True)
class SeatResult:
    """One player's session at a table: the person, the name they played under, their session score
    (in the ruleset's unit), the penalties in it, the hands they won, the money settled, and their
    table points."""

    person: Person
    name: str
    score: int
    penalties: int
    hands_won: int
    money: Decimal
    table_points: Fraction


@dataclass(frozen=True)
class TableResult:
    """A table as a session: its id, name, ruleset and unit, when it opened, its session, the hands
    played, whether it plays for money, and its four seats."""

    id: int
    name: str
    ruleset: str
    unit: str
    opened_at: str
    session: SessionRule
    hands: int
    for_money: bool
    seats: tuple[SeatResult, ...]


@dataclass(frozen=True)
class Standing:
    """A person's line of the standings: their place (``tied``: shared with another), sessions
    played, table points, total score, penalties, hands won, and money."""

    place: int
    tied: bool
    person: Person
    sessions: int
    table_points: Fraction
    score: int
    penalties: int
    hands_won: int
    money: Decimal


def _penalty(view: TableView, reason: str) -> bool:
    """Whether a transfer's reason is a table payment its named player pays (a penalty)."""
    return reason in view.facts.penalties


def table_result(view: TableView, people: Sequence[Person], session: SessionRule) -> TableResult:
    """The session of table ``view``, whose seats were ``people``."""
    steps = view.ledger.steps
    scores = view.ledger.points
    points = table_points(scores)
    seats = []
    for index, (name, person) in enumerate(zip(view.settings.players, people, strict=True)):
        penalties = sum(t.points * ((t.payee == index) - (t.payer == index))
                        for step in steps for t in step.transfers if _penalty(view, t.reason))
        won = sum(1 for step in steps if isinstance(step.entry, Win) and step.entry.winner == index
                  and step.settled.score is not None)
        seats.append(SeatResult(person, name, scores[index], penalties, won, view.ledger.money[index], points[index]))
    rules = view.facts
    return TableResult(view.id, view.settings.name, rules.id, rules.balance_unit, view.created_at, session, view.deal.hands,
                       rules.stake != 1 or rules.base_money != 0, tuple(seats))


def rank(results: Iterable[TableResult], taken: Mapping[int, int] | None = None, *,
         substitutes: bool = False) -> list[Standing]:
    """The standings of these sessions: each person's sessions summed, ranked by table points, then
    total score, then hands won (highest first); people equal on all three share a place. ``taken``:
    the points a tournament's director took off each person (by id), off their score and in their
    penalties, as the tournament's own standings count them. A substitute (a negative id: a stand-in
    whose results count for nobody) has no line, unless ``substitutes`` (the places at one table)."""
    taken = taken or {}
    by_person: dict[int, list[SeatResult]] = {}
    for table in results:
        for seat in table.seats:
            if substitutes or seat.person.id >= 0:
                by_person.setdefault(seat.person.id, []).append(seat)
    lines = [Standing(0, False, seats[0].person, len(seats), sum((s.table_points for s in seats), Fraction(0)),
                      sum(s.score for s in seats) - taken.get(seats[0].person.id, 0),
                      sum(s.penalties for s in seats) - taken.get(seats[0].person.id, 0),
                      sum(s.hands_won for s in seats), sum((s.money for s in seats), Decimal(0)))
             for seats in by_person.values()]

    def key(line: Standing) -> tuple[Fraction, int, int]:
        return line.table_points, line.score, line.hands_won

    lines.sort(key=lambda line: (-line.table_points, -line.score, -line.hands_won, line.person.name.casefold()))
    keys = [key(line) for line in lines]
    return [replace(line, place=keys.index(key(line)) + 1, tied=keys.count(key(line)) > 1) for line in lines]


def points_text(points: Fraction) -> str:
    """Table points as text: whole numbers plain, halves as 1.5, other shares to two places (2.33)."""
    if points.denominator == 1:
        return str(points.numerator)
    if points.denominator == 2:
        return f"{float(points):.1f}"
    return f"{float(points):.2f}"


def place_text(standing: Standing) -> str:
    """A place as printed: ``1``, or ``=2`` when shared."""
    return f"={standing.place}" if standing.tied else str(standing.place)


@dataclass(frozen=True)
class Standings:
    """The standings of a selection of tables (``title`` says which), with each table's session: a
    table counts once a hand is played on it (a table not yet played would hand its players 7/4
    each). ``apart``: the tournaments whose tables of those days are left out of an evening's
    standings (a tournament's tables count in its own)."""

    title: str
    tables: tuple[TableResult, ...]
    lines: tuple[Standing, ...]
    #: The tables that could not be checked, each a line saying why: left out, never silently.
    left_out: tuple[str, ...] = ()
    apart: tuple[str, ...] = ()

    @property
    def for_money(self) -> bool:
        """Whether any of the tables plays for money (then the money column is shown)."""
        return any(t.for_money for t in self.tables)


def _exact(points: Fraction) -> str:
    return str(points.numerator) if points.denominator == 1 else f"{points.numerator}/{points.denominator}"


def standings_to_dict(standings: Standings) -> dict[str, Any]:
    """The standings as JSON: table points as a number (two places) and exactly (``"7/3"``), money
    as exact decimal strings."""
    return {
        "format": "mjscore-standings/1",
        "title": standings.title,
        "for_money": standings.for_money,
        "left_out": list(standings.left_out),
        "apart": list(standings.apart),
        "standings": [
            {"place": s.place, "tied": s.tied, "person": {"id": s.person.id, "name": s.person.name},
             "sessions": s.sessions, "table_points": round(float(s.table_points), 2),
             "table_points_exact": _exact(s.table_points), "score": s.score, "penalties": s.penalties,
             "hands_won": s.hands_won, "money": money_text(s.money)}
            for s in standings.lines],
        "tables": [
            {"id": t.id, "name": t.name, "ruleset": t.ruleset, "unit": t.unit, "opened_at": t.opened_at,
             "event": t.session.event, "session_hands": t.session.hands, "session_minutes": t.session.minutes,
             "hands": t.hands, "for_money": t.for_money,
             "seats": [{"person": {"id": s.person.id, "name": s.person.name}, "name": s.name, "score": s.score,
                        "penalties": s.penalties, "hands_won": s.hands_won, "money": money_text(s.money),
                        "table_points": round(float(s.table_points), 2),
                        "table_points_exact": _exact(s.table_points)} for s in t.seats]}
            for t in standings.tables],
    }


#: The columns of the CSV export.
CSV_COLUMNS = ("place", "player", "player_id", "sessions", "table_points", "score", "penalties", "hands_won", "money")


def standings_to_csv(standings: Standings) -> str:
    """The standings as CSV, one line per person (a name a spreadsheet would run as a formula is
    written with a leading ``'``)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_COLUMNS)
    for s in standings.lines:
        writer.writerow([place_text(s), spreadsheet_safe(s.person.name), s.person.id, s.sessions,
                         points_text(s.table_points), s.score, s.penalties, s.hands_won, money_text(s.money)])
    return out.getvalue()
