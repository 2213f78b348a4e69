"""Write a new migration from the models: ``python -m mjscore.scorekeeper.migrations "what changed"``.

The revision is compared against a scratch SQLite database upgraded to the newest migration, and
written into ``versions/`` for review.
"""

from __future__ import annotations

import sys
import tempfile

from alembic import command

from mjscore.scorekeeper.storage import Store, migration_config


def main() -> None:
    if len(sys.argv) != 2:
        sys.exit('usage: python -m mjscore.scorekeeper.migrations "what changed"')
    with tempfile.TemporaryDirectory() as folder:
        store = Store(f"sqlite:///{folder}/scratch.sqlite3")
        config = migration_config()
        with store.engine.begin() as connection:
            config.attributes["connection"] = connection
            command.revision(config, message=sys.argv[1], autogenerate=True)
        store.close()


if __name__ == "__main__":
    main()
