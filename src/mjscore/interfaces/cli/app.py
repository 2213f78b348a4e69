"""The Typer application every command module registers on, and the console-script entry point.

Input errors print one line on standard error (``error: ...``) and exit with status 2.
"""

from __future__ import annotations

from enum import StrEnum

import typer
from rich.console import Console

# typer carries its own copy of Click; its usage errors are caught by main() to be printed in one line.
from typer._click.exceptions import ClickException, NoArgsIsHelpError, UsageError

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
    """Entry point of the ``mjscore`` console script (``mjscore.interfaces.cli`` registers the commands).

    Click's usage errors (an unknown option, a value not among the choices, a missing argument)
    are printed as one ``error:`` line with status 2, like every other bad input, rather than as
    Click's framed panel; ``mjscore`` alone prints the help."""
    try:
        code = app(standalone_mode=False)
    except NoArgsIsHelpError as error:
        typer.echo(error.ctx.get_help() if error.ctx else "")
        code = 0
    except UsageError as error:
        where = error.ctx.command_path if error.ctx else "mjscore"
        message = error.format_message().replace("Value error, ", "")
        raise SystemExit(fail(f"{message} (see `{where} --help`)").exit_code) from None
    except ClickException as error:
        raise SystemExit(fail(error.format_message()).exit_code) from None
    except typer.Abort:
        raise SystemExit(130) from None
    raise SystemExit(code if isinstance(code, int) else 0)
