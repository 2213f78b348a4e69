"""The Click command every command module registers on, and the console-script entry point.

A command's module is imported only when that command runs (or prints its own help): ``mjscore
--help`` and ``mjscore score`` start without the engine of ``analyse``, the database layer of
``table`` or the web app of ``serve`` (issue 13: start-up). :data:`COMMANDS` names each command's
module and the summary ``mjscore --help`` lists for it (tests/test_cli_startup.py checks that the
summary is the first paragraph of the command's own help).

Input errors print one line on standard error (``error: ...``) and exit with status 2.
"""

from __future__ import annotations

import gc
from collections.abc import Callable, Sequence
from enum import StrEnum
from pathlib import Path
from typing import Any, NamedTuple, TypeVar

import click
from click.exceptions import Exit, NoArgsIsHelpError, NoSuchCommand


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
    "tournament": Entry("tournament", "Run a tournament: seat its rounds (random, no-repeat, Swiss), penalties, drops, "
                                      "a cut, the EMA results."),
    "ratings": Entry("ratings", "The club's ratings (OpenSkill): each player's skill from their tables, with its uncertainty."),
    "ledger": Entry("ledger", "Check the club's signed records; vouch for old ones; accept a tampered one as it stands."),
}


class Group(click.Group):
    """A group of commands (``mjscore table``) whose help lists them in the order they are defined,
    which is the order of use, each with the whole first paragraph of its help (Click sorts them by
    name and cuts each summary to a line)."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(self.commands)

    def format_commands(self, ctx: click.Context, formatter: click.HelpFormatter) -> None:
        rows = [(name, self.summary(ctx, name)) for name in self.list_commands(ctx)]
        if rows:
            with formatter.section("Commands"):
                formatter.write_dl(rows)

    def summary(self, ctx: click.Context, name: str) -> str:
        """The first paragraph of command ``name``'s help, in one line."""
        command = self.get_command(ctx, name)
        return " ".join(((command.help if command else None) or "").split("\n\n")[0].split())


class ReaderGone(Exception):
    """Standard output's reader went away before the command was done (``| head -1``)."""


class LazyCommands(Group):
    """The ``mjscore`` command: lists every command of :data:`COMMANDS` from its summary, and imports
    a command's module when the command is resolved to run or to print its help (Click's lazy
    subcommands pattern). Its groups (``@app.group``) are :class:`Group`."""

    group_class = Group

    def list_commands(self, ctx: click.Context) -> list[str]:
        return list(COMMANDS)

    def invoke(self, ctx: click.Context) -> Any:
        """Run the command; a reader that went away (a :class:`BrokenPipeError`) is passed to
        :func:`main` as :class:`ReaderGone`, which Click (whose own answer is status 1) lets through."""
        try:
            return super().invoke(ctx)
        except BrokenPipeError:
            raise ReaderGone from None

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name not in COMMANDS:
            return None
        command = load_command(cmd_name)
        _collect_from_here()
        return command

    def resolve_command(self, ctx: click.Context, args: list[str]) -> tuple[str | None, click.Command | None, list[str]]:
        try:
            return super().resolve_command(ctx, args)
        except NoSuchCommand as error:  # suggest from every command, not only those imported
            raise NoSuchCommand(error.command_name, possibilities=COMMANDS, ctx=ctx) from None

    def summary(self, ctx: click.Context, name: str) -> str:
        """The summary of :data:`COMMANDS`: no command is imported to list it."""
        return COMMANDS[name].summary


def load_command(name: str) -> click.Command:
    """The Click command ``name`` of :data:`COMMANDS`, its module imported (which registers it on :data:`app`)."""
    __import__(f"mjscore.interfaces.cli.{COMMANDS[name].module}")  # importlib's import_module hides it from -X importtime
    command = app.commands.get(name)
    if command is None:
        raise LookupError(f"mjscore.interfaces.cli.{COMMANDS[name].module} registers no command {name!r}")
    return command


def version_line() -> str:
    """``mjscore --version``: the version installed and which core scores (:mod:`mjscore.native`)."""
    from importlib.metadata import PackageNotFoundError, version

    from mjscore.native import CORE_DETAIL

    try:
        installed = version("mjscore")
    except PackageNotFoundError:  # run from a source tree that was never installed
        installed = "(not installed)"
    return f"mjscore {installed}, {CORE_DETAIL}"


def _print_version(ctx: click.Context, param: click.Parameter, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo(version_line())
        ctx.exit(0)


#: Every command's help shows the options' defaults (the setting is inherited by the subcommands).
app = LazyCommands(
    name="mjscore",
    help="Score mahjong hands exactly, under the ruleset your table plays.",
    context_settings={"show_default": True},
    params=[click.Option(["--version"], is_flag=True, expose_value=False, is_eager=True, callback=_print_version,
                         help="Print the version and which core scores (native, or pure Python), and exit.")],
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
    ja = "ja"


F = TypeVar("F", bound=Callable[..., Any])


def enum_option(*names: str, default: StrEnum, help: str) -> Callable[[F], F]:
    """An option whose values are those of ``default``'s enum (``--lang zh-Hans``; any other is a usage
    error naming the choices); the command is given the member (:class:`Lang`), as it compares them."""
    kind = type(default)
    return click.option(*names, type=click.Choice([member.value for member in kind]), default=default.value,
                        callback=lambda ctx, param, value: kind(value), help=help)


#: The type of an option naming a file a command writes: a folder is refused before anything runs
#: (one line, status 2), rather than found when the written file is moved into place.
OUTPUT_FILE = click.Path(path_type=Path, dir_okay=False)


def make_console(**options: Any) -> Any:
    """A rich console for a command's output (``highlight`` off by default): rich's own answer to a
    reader that went away (``| head -1``) is status 1, which here means a hand that is not a legal
    win; this one raises :class:`BrokenPipeError`, which :func:`main` ends quietly with status 0."""
    from rich.console import Console  # imported here: ``mjscore --help`` prints no table

    class _Console(Console):
        def on_broken_pipe(self) -> None:
            raise BrokenPipeError

    return _Console(**{"highlight": False, **options})


#: Where a line of Chinese may break besides a space: after its full-width punctuation (never before
#: it), and never after an opening bracket or quote.
_BREAK_AFTER = "、，；：）。”"
_NO_BREAK_AFTER = "（“"


def terminal_width() -> int:
    """The terminal's width in columns (``$COLUMNS`` first; 80 when output goes to a file or a pipe)."""
    import shutil
    return shutil.get_terminal_size((80, 24)).columns


def wrap_line(text: str, indent: int = 2, width: int | None = None) -> str:
    """``text`` in lines of at most ``width`` display columns (default: the terminal's; a Chinese
    character takes two), broken at spaces or after Chinese punctuation, never inside a word; the
    lines after the first are indented by ``indent`` spaces, under the line's text. Chinese may
    break between two of its characters, as Chinese is set; a word wider than a line stays whole on
    a line of its own."""
    from unicodedata import east_asian_width

    from rich.cells import cell_len
    width = width or terminal_width()

    def wide(char: str) -> bool:
        return east_asian_width(char) in ("W", "F")

    lead = text[:len(text) - len(text.lstrip(" "))]  # a line's own indentation stays
    words: list[str] = []
    for part in text[len(lead):].split(" "):
        start = 0
        for index, char in enumerate(part):
            breaks = char in _BREAK_AFTER or (wide(char) and char not in _NO_BREAK_AFTER and index + 1 < len(part)
                                             and wide(part[index + 1]) and part[index + 1] not in _BREAK_AFTER)
            if breaks and index + 1 < len(part):
                words.append(part[start:index + 1] + "\0")  # \0: no space after it when joined
                start = index + 1
        words.append(part[start:])
    lines: list[str] = []
    line = lead + "\0" if lead else ""
    for word in words:
        glued = word.endswith("\0")
        word = word.removesuffix("\0")
        candidate = f"{line}{word}" if not line or line.endswith("\0") else f"{line} {word}"
        if line.replace("\0", "").strip() and cell_len(candidate.replace("\0", "")) > width:
            lines.append(line.replace("\0", ""))
            candidate = " " * indent + word
        line = candidate + ("\0" if glued else "")
    lines.append(line.replace("\0", ""))
    return "\n".join(lines)


def text_table(headers: Sequence[str], rows: Sequence[Sequence[str]], right: Sequence[bool],
               width: int | None = None) -> str:
    """A table as text no wider than ``width`` (default: the terminal's): a header, a rule and a line
    a row, columns two spaces apart (``right``: right-aligned). Where the table is wider than that,
    the columns that can give the most wrap their cells between words (never inside one), widest
    first; a column is never narrower than its widest word."""
    from rich.cells import cell_len
    width = width or terminal_width()
    cells = [list(headers), *([str(cell) for cell in row] for row in rows)]
    natural = [max(cell_len(row[i]) for row in cells) for i in range(len(headers))]
    least = [max((cell_len(word) for row in cells for word in row[i].split()), default=0) for i in range(len(headers))]
    room = width - 1 - 2 * (len(headers) - 1)
    shown = list(natural)
    while sum(shown) > room and any(s > m for s, m in zip(shown, least, strict=True)):
        index = max(range(len(shown)), key=lambda i: shown[i] - least[i])
        shown[index] = max(least[index], shown[index] - (sum(shown) - room))

    def line(row: Sequence[str]) -> list[str]:
        wrapped = [wrap_line(cell, indent=0, width=shown[i]).split("\n") for i, cell in enumerate(row)]
        height = max(len(w) for w in wrapped)
        out = []
        for k in range(height):
            parts = []
            for i, lines in enumerate(wrapped):
                text = lines[k] if k < len(lines) else ""
                pad = " " * (shown[i] - cell_len(text))
                parts.append(pad + text if right[i] else text + pad)
            out.append((" " + "  ".join(parts)).rstrip())
        return out

    rule = " " + "─" * (sum(shown) + 2 * (len(shown) - 1))
    return "\n".join([*line(cells[0]), rule, *(text for row in cells[1:] for text in line(row))])


def fail(message: str) -> Exit:
    """Print ``error: message`` on standard error; raise the returned exit (status 2)."""
    from rich.console import Console  # imported here: ``mjscore --help`` prints no error

    Console(stderr=True, highlight=False).print(f"error: {message}", markup=False, soft_wrap=True)
    return Exit(2)


def main() -> None:
    """Entry point of the ``mjscore`` console script (``mjscore.interfaces.cli`` registers the commands).

    Click's usage errors (an unknown option, a value not among the choices, a missing argument)
    are printed as one ``error:`` line with status 2, like every other bad input, rather than as
    Click's usage and error lines; ``mjscore`` alone (or a group of commands alone, ``mjscore
    table``) prints the help.

    The garbage collector is off while the command line is read and the command's modules are
    imported (:func:`_collect_from_here` turns it on again before the command runs): the libraries'
    modules, classes and schemas live as long as the process, and collections walking them again
    and again as they are made were about 4 ms of ``mjscore score`` (issue 13: start-up).

    It ends the process (SystemExit), and freezes the process's objects out of the garbage collector
    first (:func:`gc.freeze`): the interpreter's exit would otherwise walk every object of the
    libraries imported (Click, pydantic, rich) for cycles to free just before the process returns
    all of its memory anyway, about 50 ms of a scoring command's CPU (issue 13: start-up). Objects
    are still freed as their references go; only finalizers of objects in cycles may not run at
    exit, which Python never promises (``object.__del__``) and no command relies on.

    Output cut short by its reader (``mjscore rulesets | head -1``) ends quietly with status 0: the
    reader had what it wanted; status 1 means a hand that is not a legal win."""
    gc.disable()
    try:
        _run()
    except (BrokenPipeError, ReaderGone):  # the reader went away (`| head -1`): what it wanted was written
        _quiet_stdout()
        raise SystemExit(0) from None
    finally:
        gc.freeze()


def _quiet_stdout() -> None:
    """Point standard output at the null device, so that the interpreter's last flush of a pipe whose
    reader has gone prints no error of its own."""
    import os
    import sys

    null = os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, sys.stdout.fileno())
    os.close(null)


def _collect_from_here() -> None:
    """Once the command's modules are imported: what exists now is frozen out of the collector
    (:func:`gc.freeze`; the imported modules are never garbage), and collection is on again, if
    :func:`main` turned it off, for the command itself (``serve`` and ``batch`` run for long)."""
    if not gc.isenabled():
        gc.freeze()
        gc.enable()


def _run() -> None:
    try:
        code = app.main(standalone_mode=False)
    except NoArgsIsHelpError as error:
        click.echo(error.ctx.get_help())
        code = 0
    except click.UsageError as error:
        where = error.ctx.command_path if error.ctx else "mjscore"
        raise SystemExit(fail(f"{error.format_message()} (see `{where} --help`)").exit_code) from None
    except click.ClickException as error:
        raise SystemExit(fail(error.format_message()).exit_code) from None
    except click.Abort:
        raise SystemExit(130) from None
    raise SystemExit(code if isinstance(code, int) else 0)
