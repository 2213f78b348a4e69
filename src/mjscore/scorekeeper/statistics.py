"""The club's tables as the statistics read them: what each table settled, never scored again.

:func:`table_record` turns a table's history as it stands (:class:`~mjscore.scorekeeper.TableView`)
into the :class:`~mjscore.scoring.statistics.TableRecord` that
:func:`~mjscore.scoring.statistics.table_statistics` counts: each settled entry with when it was
recorded, whether it ended a hand, the points each player won or lost in it (the stored transfers)
and, for a win, the stored score; at a table that plays for money, the money each player won in
it (the stored balances' money, as the standings sum it). An entry that could not be settled (it
moves no points) is left out. A table played as a session (a limit of hands or time:
:class:`~mjscore.scorekeeper.sessions.SessionRule`) has its players' places ranked as the
standings rank them (:func:`~mjscore.scorekeeper.standings.rank` of the one session), so the
places and the standings never disagree. :func:`statistics` counts one table or every table of the
club; over a range of days, an entry counts on the day it was first recorded (:func:`recorded_at`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from decimal import Decimal

from mjscore.scorekeeper.audit import APPENDS, VOIDS, Change
from mjscore.scorekeeper.model import Win
from mjscore.scorekeeper.roster import Person
from mjscore.scorekeeper.service import Scorekeeper
from mjscore.scorekeeper.standings import TableResult, rank, table_result
from mjscore.scorekeeper.view import TableView
from mjscore.scoring.ruleset import Names
from mjscore.scoring.statistics import (
    DateRange,
    Resolver,
    SessionPlaces,
    TableRecord,
    TableStatistics,
    TableStep,
    TableWin,
    table_statistics,
)


def recorded_at(changes: Sequence[Change]) -> dict[int, str]:
    """When each entry of the history was recorded: the time of the change that added it. A
    correction, the re-settling it causes and a rescore keep that time (the hand was played when it
    was recorded, not when it was corrected or rescored weeks later); an undo forgets it."""
    found: dict[int, str] = {}
    for change in changes:
        if change.action in APPENDS:
            found[change.number] = change.at
        elif change.action in VOIDS:
            found.pop(change.number, None)
    return found


def session_places(result: TableResult) -> SessionPlaces | None:
    """The places of a table played as a session, in seat order, as the standings rank the one
    session (None: the table has no limit of hands or time, so it is no session)."""
    if result.session.hands is None and result.session.minutes is None:
        return None
    place = {line.person.id: line.place for line in rank([result], substitutes=True)}
    return SessionPlaces(result.opened_at, tuple(place[seat.person.id] for seat in result.seats))


def table_record(view: TableView, recorded: Mapping[int, str] | None = None,
                 result: TableResult | None = None) -> TableRecord:
    """The settled history of the table ``view`` shows, as the statistics read it; ``recorded``
    (:func:`recorded_at`) says when each entry was recorded (else: its last change). ``result``, the
    table as the standings see it (:func:`~mjscore.scorekeeper.standings.table_result`), says
    whether it plays for money and is a session (None: neither)."""
    steps: list[TableStep] = []
    names: dict[str, Names] = {}
    players = range(len(view.settings.players))
    cash: tuple[Decimal, ...] = (Decimal(0),) * len(players)
    for step in view.ledger.steps:
        settled = step.settled
        money = tuple(after - before for after, before in zip(step.money, cash, strict=True))
        cash = step.money
        if settled.after is None:
            continue  # not settled: it moved no points
        win = None
        if isinstance(step.entry, Win) and settled.score is not None:
            pinned = settled.score
            win = TableWin(step.entry.winner, pinned.win, settled.giver, pinned.total,
                           tuple((award.id, award.count) for award in pinned.awards))
            names.update((award.id, award.name) for award in pinned.awards)
        at = (recorded or {}).get(step.number) or (step.stamp.at if step.stamp is not None else view.created_at)
        steps.append(TableStep(step.number, at, settled.after.hands > settled.deal.hands,
                               tuple(step.change(player) for player in players), win,
                               money if result is not None and result.for_money else None))
    return TableRecord(view.id, view.settings.name, view.facts.id, view.facts.unit, view.settings.players,
                       tuple(steps), names, None if result is None else session_places(result))


def roster_resolver(keeper: Scorekeeper, views: Sequence[TableView],
                    seated: Mapping[int, Sequence[Person]] | None = None) -> Resolver:
    """The club's :data:`Resolver`: the person of the roster each seat of ``views`` was played by,
    keyed by their name now, so a renamed player and two merged entries of one person count as one
    (``seated``: :meth:`Scorekeeper.seat_people` of the tables, read once for all of them; None:
    read here)."""
    if seated is None:
        seated = keeper.seat_people([view.id for view in views])
    people = {(view.id, name): seated[view.id][seat].name
              for view in views if view.id in seated
              for seat, name in enumerate(view.settings.players)}
    return lambda table, name: people.get((table, name), name)


def statistics(keeper: Scorekeeper, table: int | None = None, dates: DateRange | None = None,
               resolve: Resolver | None = None) -> TableStatistics:
    """The statistics of table ``table`` (None: every table of the club), counting the entries
    recorded on the days of ``dates`` (None: all). ``resolve`` says who each player is; None: the
    club's roster (:func:`roster_resolver`), which the command line and the web app use."""
    ids = [table] if table is not None else [summary.id for summary in keeper.tables()]
    views = [keeper.table(i) for i in ids]
    seated = keeper.seat_people(ids)
    records = [table_record(view, recorded_at(keeper.log(view.id)),
                            table_result(view, seated[view.id], keeper.session_of(view.id))) for view in views]
    return table_statistics(records, resolve or roster_resolver(keeper, views, seated), dates or DateRange())
