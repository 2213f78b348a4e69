"""``mjscore import botzone LOG -o hands.jsonl``, ``mjscore import mahjongsoft RECORD -o hands.jsonl``,
``mjscore import tenhou LOG -o hands.jsonl``: game
logs and records of other platforms replayed into hand records.

One output line per win, in the record's order: the winner's hand record with the record's own score of
it under ``recorded`` and the round's ``match`` id (``mjscore batch`` sets those two keys aside;
``mjscore stats --compare-recorded`` reads them). A bad line is refused with one line naming the file,
the line and the problem (exit status 2), and nothing is written: the output goes to a temporary file
beside it, renamed into place only when the whole record has been read.
"""

from __future__ import annotations

import json
import tempfile
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import BinaryIO

import click

from mjscore.errors import MjscoreError
from mjscore.interfaces.cli.app import OUTPUT_FILE, app, fail
from mjscore.interfaces.files import put_in_place
from mjscore.interfaces.importers.botzone import MAX_LINE_BYTES, replay
from mjscore.interfaces.importers.wins import ImportedLog, ImportedWin
from mjscore.reading import decode, read_text


@app.group("import")
def import_app() -> None:
    """Turn game logs of other platforms into hand records."""


def _lines(handle: BinaryIO, where: str) -> Iterator[tuple[int, str]]:
    """The lines of ``handle`` with their numbers, each checked for size and UTF-8 as it is read."""
    for number, data in enumerate(iter(lambda: handle.readline(MAX_LINE_BYTES + 1), b""), 1):
        if len(data) > MAX_LINE_BYTES:
            raise MjscoreError(f"{where} line {number}: longer than {MAX_LINE_BYTES:,} bytes; a log line is far shorter")
        yield number, decode(data, f"{where} line {number}")


def _write(outcomes: Iterable[ImportedWin | None], output: Path) -> tuple[int, int]:
    """Write one line per win of ``outcomes`` (None: a round nobody won) to ``output``, through a
    temporary file renamed into place once every outcome is read: (rounds, wins). A problem reading
    them, or writing, leaves nothing behind and is one line (:func:`fail`)."""
    try:
        temporary = tempfile.NamedTemporaryFile(  # noqa: SIM115 (renamed into place or removed below)
            "w", encoding="utf-8", dir=output.resolve().parent, prefix=f".{output.name}.", suffix=".partial", delete=False)
    except OSError as error:
        raise fail(f"cannot write {output}: {error.strerror}") from None
    rounds = wins = 0
    try:
        with temporary:
            for outcome in outcomes:
                rounds += 1
                if outcome is not None:
                    wins += 1
                    temporary.write(json.dumps(outcome.to_json(), ensure_ascii=False) + "\n")
        put_in_place(temporary.name, output)
    except MjscoreError as error:
        Path(temporary.name).unlink(missing_ok=True)
        raise fail(str(error)) from None
    except OSError as error:  # the disk full, or the output made a folder while the log was read
        Path(temporary.name).unlink(missing_ok=True)
        raise fail(f"cannot write {output}: {error.strerror}") from None
    except BaseException:
        Path(temporary.name).unlink(missing_ok=True)
        raise
    return rounds, wins


@import_app.command("botzone")
@click.argument("log", type=click.Path(path_type=Path), help="A Botzone Chinese Standard Mahjong (MCR) human log.")
@click.option("-o", "--output", type=OUTPUT_FILE, required=True, help="Where to write one hand record per win.")
def botzone_command(log: Path, output: Path) -> None:
    """Replay a Botzone MCR log: one hand record per win, with the log's own fans and scores."""
    if log.resolve() == output.resolve():
        raise fail(f"-o {output}: the output would overwrite the log {log}; write to another file")
    try:
        handle = log.open("rb")
    except OSError as error:
        raise fail(f"cannot open {log}: {error.strerror}") from None
    with handle:
        rounds, wins = _write(replay(_lines(handle, str(log)), str(log)), output)
    click.echo(f"{wins} win(s) of {rounds} round(s) written to {output}; {rounds - wins} drawn round(s) have no line",
               err=True)


@import_app.command("mahjongsoft")
@click.argument("record", type=click.Path(path_type=Path), help="A Mahjongsoft MCR game record in PMN notation.")
@click.option("-o", "--output", type=OUTPUT_FILE, required=True, help="Where to write one hand record per win.")
def mahjongsoft_command(record: Path, output: Path) -> None:
    """Replay Mahjongsoft MCR games (PMN): one hand record per win, with the record's own fans and result."""
    from mjscore.interfaces.importers.mahjongsoft import read_records

    games, wins = _replayed(record, output, "record", read_records)
    click.echo(f"{wins} win(s) of {games.rounds} game(s) written to {output}; {games.drawn} drawn game(s) have no line",
               err=True)


@import_app.command("tenhou")
@click.argument("log", type=click.Path(path_type=Path), help="A Tenhou riichi game log (the JSON tenhou.net/6 shows).")
@click.option("-o", "--output", type=OUTPUT_FILE, required=True, help="Where to write one hand record per win.")
def tenhou_command(log: Path, output: Path) -> None:
    """Replay a Tenhou log: one riichi hand record per win, with the log's own han, yaku and points."""
    from mjscore.interfaces.importers.tenhou import read_log

    game, wins = _replayed(log, output, "log", lambda text, name: read_log(text, name).imported())
    click.echo(f"{wins} win(s) of {game.rounds} round(s) written to {output}; {game.drawn} drawn round(s) have no "
               "line; score them with --rules riichi-tenhou", err=True)


def _replayed(source: Path, output: Path, what: str, read: Callable[[str, str], ImportedLog]) -> tuple[ImportedLog, int]:
    """The game record ``source`` read by ``read`` (its text and name), and how many of its wins were
    written to ``output``, one hand record a line; refused in one line where the output is the record
    itself or the record cannot be read (nothing written then)."""
    if source.resolve() == output.resolve():
        raise fail(f"-o {output}: the output would overwrite the {what} {source}; write to another file")
    try:
        found = read(read_text(source, "game_record"), str(source))
    except MjscoreError as error:
        raise fail(str(error)) from None
    _, wins = _write(found.wins, output)
    return found, wins
