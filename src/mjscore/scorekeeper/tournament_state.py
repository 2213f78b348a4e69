"""A tournament's signed state (issue 38), below the service layer so that the club's standings can
read a tournament's penalties, checked, as the tournament's own standings do.

Every change of a tournament signs the hash of its whole state (its settings, entrants, rounds, the
tables and seats of each round, penalties, drops, the cut) under the ledger key
(:mod:`~mjscore.scorekeeper.trust`), and every read checks it (:func:`check`), so a penalty changed, a
seat swapped or a round pointed at another table outside mjscore is named, not counted.
"""

from __future__ import annotations

from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from mjscore.errors import TamperedTableError
from mjscore.scorekeeper import audit, seating, trust
from mjscore.scorekeeper.storage import EntrantRow, PenaltyRow, RoundRow, RoundTableRow, TournamentRow


def tournament_origin(row: TournamentRow) -> str:
    """What names a tournament whatever its number: the hash of its id, name and creation."""
    return trust.digest({"tournament": row.id, "name": row.folded, "at": row.created_at})


def tournament_state(session: Session, tournament_id: int) -> str:
    """The hash of a tournament's whole state as its rows keep it: what its signed head covers."""
    row = session.get(TournamentRow, tournament_id)
    assert row is not None

    def rows(model: Any, *order: Any) -> list[list[Any]]:
        columns = [c.key for c in model.__table__.columns]
        return [[getattr(r, c) for c in columns] for r in session.scalars(
            select(model).where(model.tournament_id == tournament_id).order_by(*order))]

    return trust.digest({
        "tournament": [getattr(row, c.key) for c in TournamentRow.__table__.columns],
        "entrants": rows(EntrantRow, EntrantRow.id), "rounds": rows(RoundRow, RoundRow.id),
        "tables": rows(RoundTableRow, RoundTableRow.id), "penalties": rows(PenaltyRow, PenaltyRow.id)})


def check(session: Session, signer: trust.Signer, row: TournamentRow) -> int:
    """Check the tournament's state against its signed head (and the anchor); returns the head's
    version (its count of changes). Raises :class:`TamperedTableError` naming the tournament."""
    session.flush()
    head = signer.check_record(session, trust.tournament_record(row.id), None, tournament_state(session, row.id),
                               f"tournament {row.name}")
    assert head is not None
    return head.version


def check_seats(session: Session, row: TournamentRow) -> None:
    """Refuse a round that seats someone who is not a player of the tournament (nor a substitute)."""
    known = set(session.scalars(select(EntrantRow.person).where(EntrantRow.tournament_id == row.id)))
    for table in session.scalars(select(RoundTableRow).where(RoundTableRow.tournament_id == row.id)
                                 .order_by(RoundTableRow.round, RoundTableRow.number)):
        strangers = [p for p in table.seats if not seating.is_substitute(p) and p not in known]
        if strangers:
            raise TamperedTableError(f"tournament {row.name}: round {table.round}, table {table.number} seats "
                                     f"#{strangers[0]}, who is not one of its players")


def sign(session: Session, signer: trust.Signer, row: TournamentRow, version: int, *, new: bool = False) -> None:
    """Sign the tournament's state as it now stands, as change ``version`` (1: it was created; ``new``:
    accepted as it stands, whatever the anchor kept)."""
    session.flush()
    signer.sign_record(session, trust.tournament_record(row.id), version, tournament_state(session, row.id),
                       tournament_origin(row), audit.now(), new=new or version == 1)



def penalties_of(session: Session, signer: trust.Signer, event: str) -> dict[int, int] | None:
    """The points the director took off each person (by roster id) in the tournament called
    ``event`` (any case), its state checked; None if no tournament has that name."""
    row = session.scalar(select(TournamentRow).where(TournamentRow.folded == event.strip().casefold()))
    if row is None:
        return None
    check(session, signer, row)
    found = session.execute(select(PenaltyRow.person, func.sum(PenaltyRow.points))
                            .where(PenaltyRow.tournament_id == row.id).group_by(PenaltyRow.person))
    return {int(person): int(points) for person, points in found}
