"""The ``mjscore`` command (Click). Each command's module registers it on :data:`app` when it runs
(:data:`mjscore.interfaces.cli.app.COMMANDS` says which module)."""

from mjscore.interfaces.cli.app import app, main

__all__ = ["app", "main"]
