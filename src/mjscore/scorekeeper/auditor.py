"""The ledger as a whole (``mjscore ledger ...``): check every record the club keeps, and accept one
found tampered as it stands.

:func:`check` reads every table (its chain, its signed head, the anchor), the roster, every
tournament and the statements, and every record the anchor beside the key remembers, so that a
record removed from the database (a table, a tournament) is named too. A finding is one line naming
the record and what is wrong with it; :func:`accept` turns one into a signed statement (who, when,
why) after which the record reads as it stands, marked by the statement in ``mjscore ledger log``.
"""

from __future__ import annotations

from dataclasses import dataclass

from sqlalchemy import select

from mjscore.errors import TableError, TamperedTableError
from mjscore.scorekeeper import trust
from mjscore.scorekeeper.anchor import DELETED
from mjscore.scorekeeper.service import UNKNOWN_ACTOR, Scorekeeper
from mjscore.scorekeeper.storage import TournamentRow
from mjscore.scorekeeper.tournaments import Tournaments


@dataclass(frozen=True)
class Report:
    """What :func:`check` read (how many tables, tournaments, roster changes and statements) and
    what it found wrong, one line each (none: every record checks)."""

    tables: int
    tournaments: int
    roster: int
    statements: int
    findings: tuple[str, ...]


def check(keeper: Scorekeeper) -> Report:
    """Check every record of the club (:class:`Report`)."""
    findings: list[str] = []
    summaries = keeper.tables()
    for summary in summaries:
        if summary.problem is not None:
            findings.append(summary.problem)
        else:
            findings.extend(keeper.inspect(summary.id).findings)
    roster = 0
    try:
        roster = len(keeper.roster_log())
    except TamperedTableError as error:
        findings.append(str(error))
    statements = 0
    try:
        statements = len(keeper.statements())
    except TamperedTableError as error:
        findings.append(str(error))
    with keeper.store.reading() as session:
        tournaments = {row.id: row.name for row in session.scalars(select(TournamentRow).order_by(TournamentRow.id))}
    kept = Tournaments(keeper)
    for name in tournaments.values():
        try:
            kept.view(name)
        except TamperedTableError as error:
            findings.append(str(error))
    present = {trust.table_record(s.id) for s in summaries} | {trust.tournament_record(i) for i in tournaments}
    for record, head in sorted(keeper.store.anchor.heads(keeper.store.database).items()):
        if head.version == DELETED or record in present or not record.startswith(("table:", "tournament:")):
            continue
        findings.append(f"{trust.record_name(record)} was signed at version {head.version} on {trust.when(head.at)} "
                        "and is missing from the database: it was removed outside mjscore")
    return Report(len(summaries), len(tournaments), roster, statements, tuple(dict.fromkeys(findings)))


def accept(keeper: Scorekeeper, record: str, name: str | None, reason: str, *,
           actor: str = UNKNOWN_ACTOR) -> trust.Statement:
    """Accept the tampered ``record`` (``table`` with ``name`` its number, ``roster``, or
    ``tournament`` with ``name`` its name) as it stands, with a signed statement."""
    if record == "table":
        if name is None or not name.isdigit():
            raise TableError("table: say which table, by its number")
        statement, _ = keeper.accept(int(name), reason, actor=actor)
        return statement
    if record == "roster":
        return keeper.accept_roster(reason, actor=actor)
    if record == "tournament":
        if not name:
            raise TableError("tournament: say which tournament, by its name")
        return Tournaments(keeper).accept(name, reason, actor=actor)
    raise TableError(f"{record!r}: a table, the roster or a tournament")
