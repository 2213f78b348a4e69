"""The club: a roster of people, the person at each seat of a table, and a table's session.

Adds ``roster_changes`` (the roster's append-only, hash-chained log of people and of who sat at
each seat of a table) and ``table_sessions``. The tables already stored are seated here, oldest
first: each name is matched (ignoring case) to a person already added, or adds one, exactly as
opening a table does (:func:`mjscore.scorekeeper.roster.seat`); their history is not touched. They
get no session row (no limit, no event). The roster's rows are stamped with the time of the upgrade
and the actor ``migration 0003``.

Revision ID: 0003
Revises: 0002
Create Date: 2026-12-01
"""

from __future__ import annotations

import sqlalchemy as sa
from alembic import op

from mjscore.scorekeeper import audit
from mjscore.scorekeeper.roster import ADD, GENESIS, SEAT, RosterChange

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
        sa.Column("seat", sa.Integer(), nullable=True),
        sa.Column("created_at", sa.String(32), nullable=False),
        sa.Column("actor", sa.String(120), nullable=False),
        sa.Column("hash", sa.String(64), nullable=False),
        sa.UniqueConstraint("seq", name="uq_roster_changes_seq"),
    )
    op.create_table(
        "table_sessions",
        sa.Column("table_id", sa.Integer(), sa.ForeignKey("score_tables.id", ondelete="CASCADE"), primary_key=True),
        sa.Column("hands", sa.Integer(), nullable=True),
        sa.Column("minutes", sa.Integer(), nullable=True),
        sa.Column("event", sa.String(200), nullable=True),
    )
    op.create_index("ix_table_sessions_event", "table_sessions", ["event"])
    _seat_every_table(op.get_bind(), roster)


def _seat_every_table(connection: sa.Connection, roster: sa.Table) -> None:
    tables = sa.table("score_tables", sa.column("id", sa.Integer), sa.column("players", sa.JSON))
    at = audit.now()
    people: dict[str, int] = {}
    previous = GENESIS
    seq = 0

    def write(action: str, person: int, other: int | None, name: str | None, seat: int | None) -> None:
        nonlocal previous, seq
        seq += 1
        previous = RosterChange(seq, action, person, other, name, at, ACTOR, seat).hash_after(previous)
        connection.execute(sa.insert(roster).values(seq=seq, action=action, person=person, other=other, name=name,
                                                    seat=seat, created_at=at, actor=ACTOR, hash=previous))

    for table_id, players in connection.execute(sa.select(tables.c.id, tables.c.players).order_by(tables.c.id)).all():
        seated = []
        for name in map(str, players):
            if name.casefold() not in people:
                people[name.casefold()] = len(people) + 1
                write(ADD, people[name.casefold()], None, name, None)
            seated.append(people[name.casefold()])
        for index, person in enumerate(seated):
            write(SEAT, person, table_id, None, index)


def downgrade() -> None:
    op.drop_index("ix_table_sessions_event", table_name="table_sessions")
    op.drop_table("table_sessions")
    op.drop_table("roster_changes")
