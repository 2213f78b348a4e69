"""``mjscore serve``: the web app and HTTP API on this machine, with the tables in the embedded
SQLite database (or the database named by ``--database`` / ``$MJSCORE_DATABASE_URL``)."""

from __future__ import annotations

from typing import Annotated

import typer

from mjscore.environment import DATABASE_URL_VARIABLE
from mjscore.errors import MjscoreError
from mjscore.interfaces.cli.app import app, fail


@app.command("serve")
def serve_command(
    host: Annotated[str, typer.Option(help="The address to listen on; 0.0.0.0 lets phones on your network in.")] = "127.0.0.1",
    port: Annotated[int, typer.Option(help="The port to listen on.")] = 8000,
    database: Annotated[str | None, typer.Option(
        "--database", envvar=DATABASE_URL_VARIABLE,
        help="A SQLAlchemy URL for the tables (default: a SQLite file in your data folder).")] = None,
) -> None:
    """Serve the web app: score a hand by tapping tiles, keep a table's score from a phone."""
    # Imported here so that the other commands do not pay for loading the web framework or the database.
    import uvicorn

    from mjscore.interfaces.web import create_app
    from mjscore.scorekeeper import Scorekeeper

    try:
        keeper = Scorekeeper.open(database)
    except MjscoreError as error:
        raise fail(str(error)) from None
    typer.echo(f"mjscore is serving on http://{host}:{port}/ (Ctrl+C to stop)")
    try:
        uvicorn.run(create_app(keeper), host=host, port=port, log_level="warning")
    finally:
        keeper.close()
