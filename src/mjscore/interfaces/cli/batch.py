"""``mjscore batch``: score a file of hand records (JSON Lines) on every core, in input order.

Each output line answers the input line of the same number: the score (``line``, ``ruleset``,
``total``, ``legal``, ``awards``, ``payments``) or ``{"line": n, "error": "..."}`` for a line that is not
a valid, winning hand record. Bad lines never stop the run.
"""

from __future__ import annotations

import json
import multiprocessing
import os
from collections.abc import Iterator
from pathlib import Path
from typing import Annotated, TextIO

import typer
from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

from mjscore import Hand, get_ruleset, score
from mjscore.errors import MjscoreError
from mjscore.interfaces.cli.app import app, fail

_CHUNK = 256


def score_line(numbered: tuple[int, str]) -> tuple[bool, str]:
    """(scored, output line) for input line ``number``: its compact score, or the reason it has none."""
    number, text = numbered
    try:
        data = json.loads(text)
        if not isinstance(data, dict):
            raise MjscoreError("a hand record is a JSON object")
        hand = Hand.from_dict(data)
        result = score(hand, get_ruleset(hand.ruleset))
    except json.JSONDecodeError as error:
        return False, json.dumps({"line": number, "error": f"not valid JSON: {error.msg} at column {error.colno}"})
    except MjscoreError as error:
        return False, json.dumps({"line": number, "error": str(error)}, ensure_ascii=False)
    return True, json.dumps({"line": number, **result.summary()}, ensure_ascii=False)


def _lines(handle: TextIO) -> Iterator[tuple[int, str]]:
    for number, text in enumerate(handle, 1):
        if text.strip():
            yield number, text


@app.command("batch")
def batch_command(
    source: Annotated[Path, typer.Argument(help="Hand records, one JSON object per line.")],
    output: Annotated[Path, typer.Option("-o", "--output", help="Where to write one result per line.")],
    workers: Annotated[int, typer.Option(help="Processes to use (default: every core).")] = 0,
    quiet: Annotated[bool, typer.Option("--quiet", help="No progress bar.")] = False,
) -> None:
    """Score many hands on every core, keeping input order; bad lines are reported, not fatal."""
    try:
        with source.open(encoding="utf-8") as counting:
            total_lines = sum(1 for line in counting if line.strip())
        handle = source.open(encoding="utf-8")
        out = output.open("w", encoding="utf-8")
    except OSError as error:
        raise fail(f"cannot open {error.filename}: {error.strerror}") from None
    errors = 0
    with handle, out, multiprocessing.Pool(workers or os.cpu_count() or 1) as pool:
        progress = Progress(TextColumn("scoring"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                            disable=quiet, transient=False)
        with progress:
            task = progress.add_task("scoring", total=total_lines)
            for scored, line in pool.imap(score_line, _lines(handle), chunksize=_CHUNK):
                out.write(line + "\n")
                errors += not scored
                progress.advance(task)
    if not quiet:
        typer.echo(f"{total_lines - errors} of {total_lines} hands scored into {output}; "
                   f"{errors} line(s) with errors (each answered with its line number and reason)", err=True)
