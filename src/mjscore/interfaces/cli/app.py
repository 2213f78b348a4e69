"""The Typer application every command module registers on, and the console-script entry point.

Input errors print one line on standard error (``error: ...``) and exit with status 2.
"""

from __future__ import annotations

from enum import StrEnum

import typer
from rich.console import Console

app = typer.Typer(
    help="Score mahjong hands exactly, under the ruleset your table plays.",
    no_args_is_help=True,
    add_completion=False,
    pretty_exceptions_enable=False,
)


class Format(StrEnum):
    """``--format``: text reads like a score sheet; json is for programs."""

    text = "text"
    json = "json"


class Lang(StrEnum):
    """``--lang``: the language of award names and labels."""

    en = "en"
    zh_hans = "zh-Hans"
    zh_hant = "zh-Hant"


def fail(message: str) -> typer.Exit:
    """Print ``error: message`` on standard error; raise the returned exit (status 2)."""
    Console(stderr=True, highlight=False).print(f"error: {message}", markup=False, soft_wrap=True)
    return typer.Exit(2)


def main() -> None:
    """Entry point of the ``mjscore`` console script (``mjscore.interfaces.cli`` registers the commands)."""
    app()
