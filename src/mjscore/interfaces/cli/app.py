"""The Typer application every command module registers on, and the console-script entry point.

A command's module is imported only when that command runs (or prints its own help): ``mjscore
--help`` and ``mjscore score`` start without the engine of ``analyse``, the database layer of
``table`` or the web app of ``serve`` (issue 13: start-up). :data:`COMMANDS` names each command's
module and the summary ``mjscore --help`` lists for it (tests/test_cli_startup.py checks that the
summary is the first paragraph of the command's own help).

Input errors print one line on standard error (``error: ...``) and exit with status 2.
"""

from __future__ import annotations

import gc
from enum import StrEnum
from typing import Any, NamedTuple

import typer
import typer.main

# typer carries its own copy of Click; its usage errors are caught by main() to be printed in one line.
from typer._click import Command, Context
from typer._click.exceptions import ClickException, NoArgsIsHelpError, UsageError
from typer.core import TyperCommand, TyperGroup


class Entry(NamedTuple):
    """A command: the module of ``mjscore.interfaces.cli`` that registers it, and its summary."""

    module: str
    summary: str


#: The commands in the order ``mjscore --help`` lists them.
COMMANDS = {
    "analyse": Entry("analyse", "Shanten, useful tiles (with the copies unseen) and, for a hand after a draw, the discard table: "
                                "what each discard leaves, and for a ready hand each wait with the score of a win on it."),
    "batch": Entry("batch", "Score many hands on every core, keeping input order; bad lines are reported, not fatal."),
    "score": Entry("scoring", "Score a winning hand: every award with its points and reason, the total, who pays whom."),
    "waits": Entry("scoring", "The tiles a held hand waits on, and the score each would make (self-drawn, or won on a "
                              "discard with --discarder or --win discard). A winning tile in the record is set aside."),
    "rulesets": Entry("scoring", "List the rulesets, or show one ruleset's award table."),
    "serve": Entry("serve", "Serve the web app: score a hand by tapping tiles, keep a table's score from a phone."),
    "stats": Entry("stats", "Statistics: of a batch's output (award frequencies, totals), of a table or the club (players, "
                            "awards, balances), or the agreement of a log's recorded scores."),
    "import": Entry("importing", "Turn game logs of other platforms into hand records."),
    "table": Entry("tables", "Keep the score of a table: hands, draws, table payments, balances."),
    "players": Entry("club", "The club's roster: players are people, across tables and evenings."),
    "standings": Entry("club", "The standings of an evening or a tournament: table points (4/2/1/0, ties shared), "
                               "then score, then hands won."),
}


class LazyCommands(TyperGroup):
    """The ``mjscore`` command: lists every command of :data:`COMMANDS` from its summary, and imports
    a command's module when the command is resolved to run (Click's lazy subcommands pattern)."""

    def __init__(self, **attributes: Any) -> None:
        super().__init__(**attributes)
        for name, entry in COMMANDS.items():  # stand-ins until loaded: the listing, suggestions for typos
            self.commands.setdefault(name, TyperCommand(name=name, help=entry.summary))

    def list_commands(self, ctx: Context) -> list[str]:
        return list(COMMANDS)

    def resolve_command(self, ctx: Context, args: list[str]) -> tuple[str | None, Command | None, list[str]]:
        if args and args[0] in COMMANDS:
            self.commands[args[0]] = load_command(args[0])
            _collect_from_here()
        return super().resolve_command(ctx, args)


def load_command(name: str) -> Command:
    """The Click command ``name`` of :data:`COMMANDS`, its module imported (which registers it on :data:`app`)."""
    __import__(f"mjscore.interfaces.cli.{COMMANDS[name].module}")  # importlib's import_module hides it from -X importtime
    for command in app.registered_commands:
        if command.name == name:
            return typer.main.get_command_from_info(command, pretty_exceptions_short=app.pretty_exceptions_short,
                                                    rich_markup_mode=app.rich_markup_mode)
    for group in app.registered_groups:
        if group.name == name:
            return typer.main.get_group_from_info(group, pretty_exceptions_short=app.pretty_exceptions_short,
                                                  rich_markup_mode=app.rich_markup_mode,
                                                  suggest_commands=app.suggest_commands)
    raise LookupError(f"mjscore.interfaces.cli.{COMMANDS[name].module} registers no command {name!r}")


def _before_each_command() -> None:
    """The root's callback, doing nothing: with it Typer builds the root as a group of commands
    although no command is registered yet when the command line is parsed."""


app = typer.Typer(
    cls=LazyCommands,
    callback=_before_each_command,
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
    from rich.console import Console  # imported here: ``mjscore --help`` prints no error

    Console(stderr=True, highlight=False).print(f"error: {message}", markup=False, soft_wrap=True)
    return typer.Exit(2)


def main() -> None:
    """Entry point of the ``mjscore`` console script (``mjscore.interfaces.cli`` registers the commands).

    Click's usage errors (an unknown option, a value not among the choices, a missing argument)
    are printed as one ``error:`` line with status 2, like every other bad input, rather than as
    Click's framed panel; ``mjscore`` alone prints the help.

    The garbage collector is off while the command line is read and the command's modules are
    imported (:func:`_collect_from_here` turns it on again before the command runs): the libraries'
    modules, classes and schemas live as long as the process, and collections walking them again
    and again as they are made were about 4 ms of ``mjscore score`` (issue 13: start-up).

    It ends the process (SystemExit), and freezes the process's objects out of the garbage collector
    first (:func:`gc.freeze`): the interpreter's exit would otherwise walk every object of the
    libraries imported (Typer, pydantic, rich) for cycles to free just before the process returns
    all of its memory anyway, about 50 ms of a scoring command's CPU (issue 13: start-up). Objects
    are still freed as their references go; only finalizers of objects in cycles may not run at
    exit, which Python never promises (``object.__del__``) and no command relies on."""
    gc.disable()
    try:
        _run()
    finally:
        gc.freeze()


def _collect_from_here() -> None:
    """Once the command's modules are imported: what exists now is frozen out of the collector
    (:func:`gc.freeze`; the imported modules are never garbage), and collection is on again, if
    :func:`main` turned it off, for the command itself (``serve`` and ``batch`` run for long)."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def _run() -> None:
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
