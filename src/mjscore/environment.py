"""The environment variables mjscore reads, named in one place below every layer that reads them:
the scorekeeper opens the database they name, and the CLI offers them as option defaults without
importing the database layer (``mjscore score`` and ``--help`` stay quick to start)."""

#: The SQLAlchemy URL of the tables' database (default: a SQLite file in the user's data folder).
DATABASE_URL_VARIABLE = "MJSCORE_DATABASE_URL"

#: The file of the server's ledger key, which signs each table's head (default: ``ledger.key`` in the
#: user's config folder, apart from the database: :mod:`mjscore.scorekeeper.signing`).
LEDGER_KEY_VARIABLE = "MJSCORE_LEDGER_KEY"
