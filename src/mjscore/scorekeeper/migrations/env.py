"""Alembic's entry point: run the migrations on the connection :func:`~mjscore.scorekeeper.storage.upgrade`
(or the revision command) hands over in ``config.attributes["connection"]``."""

from __future__ import annotations

from alembic import context

from mjscore.scorekeeper.storage import Base

context.configure(
    connection=context.config.attributes["connection"],
    target_metadata=Base.metadata,
    render_as_batch=True,  # SQLite alters a table by copying it
)
with context.begin_transaction():
    context.run_migrations()
