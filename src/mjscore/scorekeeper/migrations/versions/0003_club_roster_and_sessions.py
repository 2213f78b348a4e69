"""The club: a roster of people, the person at each seat of a table, and a table's session.

Adds ``roster_changes`` (the roster's append-only, hash-chained log), ``table_seats`` and
``table_sessions``. The tables already stored are seated here, oldest first: each name is matched
(ignoring case) to a person already added, or adds one, exactly as opening a table does
(:func:`mjscore.scorekeeper.roster.seat`); their history is not touched. They get no session row
(no limit, no event). The roster's rows are stamped with the time of the upgrade and the actor
``migration 0003``.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from mjscore.scorekeeper import audit
from mjscore.scorekeeper.roster import ADD, GENESIS, RosterChange

revision: str = "0003"
down_revision: str | None = "0002"
branch_labels: str | None = None
depends_on: str | None = None

ACTOR = "migration 0003 (players of the tables opened before the roster)"


def upgrade() -> None:
    roster = op.create_table(
        "roster_changes",
        sa.Column("id", sa.Integer(), primary_key=True),
        sa.Column("seq", sa.Integer(), nullable=False),
        sa.Column("action", sa.String(16), nullable=False),
        sa.Column("person", sa.Integer(), nullable=False),
        sa.Column("other", sa.Integer(), nullable=True),
        sa.Column("name", sa.String(200), nullable=True),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.Column("actor", sa.String(120), nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.UniqueConstraint("seq", name="uq_roster_changes_seq"),
    )
    seats = op.create_table(
        "table_seats",
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("score_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("seat", sa.Integer(), primary_key=True),
        sa.Column("person", sa.Integer(), nullable=False),
    )
    op.create_index("ix_table_seats_person", "table_seats", ["person"])
    op.create_table(
        "table_sessions",
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("score_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("hands", sa.Integer(), nullable=True),
        sa.Column("minutes", sa.Integer(), nullable=True),
        sa.Column("event", sa.String(200), nullable=True),
    )
    op.create_index("ix_table_sessions_event", "table_sessions", ["event"])
    _seat_every_table(op.get_bind(), roster, seats)


def _seat_every_table(connection: sa.Connection, roster: sa.Table, seats: sa.Table) -> None:
    tables = sa.table("score_tables", sa.column("id", sa.Integer), sa.column("players", sa.JSON))
    at = audit.now()
    people: dict[str, int] = {}
    previous = GENESIS
    for table_id, players in connection.execute(sa.select(tables.c.id, tables.c.players).order_by(tables.c.id)).all():
        for index, name in enumerate(players):
            person = people.get(str(name).casefold())
            if person is None:
                person = people[str(name).casefold()] = len(people) + 1
                change = RosterChange(person, ADD, person, None, str(name), at, ACTOR)
                previous = change.hash_after(previous)
                connection.execute(sa.insert(roster).values(seq=person, action=ADD, person=person, name=str(name),
                                                            created_at=at, actor=ACTOR, hash=previous))
            connection.execute(sa.insert(seats).values(table_id=table_id, seat=index, person=person))


def downgrade() -> None:
    op.drop_index("ix_table_sessions_event", table_name="table_sessions")
    op.drop_table("table_sessions")
    op.drop_index("ix_table_seats_person", table_name="table_seats")
    op.drop_table("table_seats")
    op.drop_table("roster_changes")
