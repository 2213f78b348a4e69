"""The Alembic migrations of the scorekeeper's schema, applied by :func:`mjscore.scorekeeper.storage.upgrade`.

A schema change is a change to the models in :mod:`mjscore.scorekeeper.storage` plus a new revision
in ``versions/``, written with ``python -m mjscore.scorekeeper.migrations "what changed"`` and
reviewed by hand.
"""
