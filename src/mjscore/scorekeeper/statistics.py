"""The club's tables as the statistics read them: what each table settled, never scored again.

:func:`table_record` turns a table's history as it stands (:class:`~mjscore.scorekeeper.TableView`)
into the :class:`~mjscore.scoring.statistics.TableRecord` that
:func:`~mjscore.scoring.statistics.table_statistics` counts: each settled entry with when it was
recorded, whether it ended a hand, the points each player won or lost in it (the stored transfers)
and, for a win, the stored score. An entry that could not be settled (it moves no points) is left
out. :func:`statistics` counts one table or every table of the club; over a range of days, an entry
counts on the day it was first recorded (:func:`recorded_at`).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

from mjscore.scorekeeper.audit import APPENDS, VOIDS, Change
from mjscore.scorekeeper.model import Win
from mjscore.scorekeeper.service import Scorekeeper, TableView
from mjscore.scoring.ruleset import Names
from mjscore.scoring.statistics import (
    DateRange,
    Resolver,
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


def table_record(view: TableView, recorded: Mapping[int, str] | None = None) -> TableRecord:
    """The settled history of the table ``view`` shows, as the statistics read it; ``recorded``
    (:func:`recorded_at`) says when each entry was recorded (else: its last change)."""
    steps: list[TableStep] = []
    names: dict[str, Names] = {}
    players = range(len(view.settings.players))
    for step in view.ledger.steps:
        settled = step.settled
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
                               tuple(step.change(player) for player in players), win))
    return TableRecord(view.id, view.settings.name, view.rules.id, view.rules.unit, view.settings.players,
                       tuple(steps), names)


def roster_resolver(keeper: Scorekeeper, views: Sequence[TableView]) -> Resolver:
    """The club's :data:`Resolver`: the person of the roster each seat of ``views`` was played by,
    keyed by their name now, so a renamed player and two merged entries of one person count as one
    (:meth:`Scorekeeper.seat_people`, read once for all the tables)."""
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
    records = [table_record(view, recorded_at(keeper.log(view.id))) for view in views]
    return table_statistics(records, resolve or roster_resolver(keeper, views), dates or DateRange())
