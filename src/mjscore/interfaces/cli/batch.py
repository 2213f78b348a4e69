"""``mjscore batch``: score a file of hand records (JSON Lines) on every core, in input order.

Each output line answers the non-blank input line of the same ``line`` number: the score, the same
JSON as ``mjscore score --format json`` (or, with ``--summary``, the compact ``ruleset``, ``total``,
``legal``, ``awards``, ``payments``), or ``{"line": n, "error": "..."}`` for a line that is not a
valid, winning hand record, whatever it holds (binary garbage, a line of megabytes); a line's
``recorded`` and ``match`` keys (an imported log's, :data:`mjscore.hand.LINE_ANNOTATIONS`) are set
aside unread. Bad lines never stop the run. The output is written to a temporary file beside it and
renamed into place at the end, so an interrupted run leaves no half-written file, and the input can
never be the output.
"""

from __future__ import annotations

import json
import multiprocessing
import os
import signal
import tempfile
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from enum import StrEnum
from functools import cache
from itertools import islice
from multiprocessing.pool import AsyncResult, Pool
from pathlib import Path
from typing import Any, BinaryIO

import click
from click.exceptions import Exit

from mjscore import Hand, Ruleset, read_house_rules, resolve_ruleset, score
from mjscore.errors import InputError, MjscoreError
from mjscore.hand import parse_record, without_annotations
from mjscore.interfaces.cli.app import OUTPUT_FILE, Lang, app, enum_option, fail
from mjscore.interfaces.files import put_in_place
from mjscore.reading import LIMITS, decode
from mjscore.rulesets import house_rules_file
from mjscore.scoring.sheet import score_json

_CHUNK = 256

#: An output line's JSON: the bytes of ``json.dumps(..., ensure_ascii=False)``, with its encoder made
#: once rather than on every call, and without the check for circular references: a line is a tree
#: made fresh for it (the check kept a set of every dict and list of the 9 KB line, about 15% of the
#: encoding).
_write_line = json.JSONEncoder(ensure_ascii=False, check_circular=False).encode


@dataclass(frozen=True, slots=True)
class BatchOptions:
    """What every worker needs to answer a line: the table's house rules, a club's ruleset file
    (scoring every line, as in ``score``), and the output form."""

    house_rules: dict[str, Any] | None = None
    ruleset_file: Path | None = None
    summary: bool = False
    lang: str = "en"

    def ruleset(self, ruleset_id: str) -> Ruleset:
        return _resolved(self.house_rules_key(), self.ruleset_file, ruleset_id)

    def house_rules_key(self) -> str:
        return json.dumps(self.house_rules, sort_keys=True) if self.house_rules else ""


@cache
def _resolved(house_rules: str, ruleset_file: Path | None, ruleset_id: str) -> Ruleset:
    """The ruleset of a line, made once per worker for each ruleset id the batch names."""
    return resolve_ruleset(ruleset_id, json.loads(house_rules) if house_rules else None, ruleset_file)


_options = BatchOptions()


def _start_worker(options: BatchOptions) -> None:
    """Set up a pool worker: its options, and Ctrl+C left to the parent. A terminal sends SIGINT to
    every process of the batch; the parent stops the pool and removes the partial file, and a worker
    that took it too would print a traceback of its own."""
    global _options
    _options = options
    signal.signal(signal.SIGINT, signal.SIG_IGN)


@dataclass(frozen=True, slots=True)
class Answered:
    """A chunk of lines answered: how many, how many with an error, and the output lines as UTF-8
    (one string of bytes per chunk, encoded where it was answered: the main process only writes it,
    and neither decodes nor encodes 9 KB a line again)."""

    lines: int
    errors: int
    data: bytes


def score_chunk(chunk: list[tuple[int, bytes | None]]) -> Answered:
    """The answers to a chunk of numbered lines, with the options the local pool's worker was started with."""
    return answer_chunk(_options, chunk)


def answer_chunk(options: BatchOptions, chunk: list[tuple[int, bytes | None]]) -> Answered:
    """The answers to a chunk of numbered lines under ``options``, in order: every engine's unit of work."""
    answers = [answer_line(options, numbered) for numbered in chunk]
    lines = [line for _, line in answers]
    lines.append("")  # the last line's end
    return Answered(len(answers), sum(1 for scored, _ in answers if not scored), "\n".join(lines).encode())


def answer_line(options: BatchOptions, numbered: tuple[int, bytes | None]) -> tuple[bool, str]:
    """(scored, output line) for input line ``number`` under ``options``: every engine's answer."""
    number, data = numbered
    try:
        if data is None:
            raise MjscoreError(f"longer than {LIMITS['line'].max_bytes:,} bytes, the most a batch line may have")
        record = without_annotations(parse_record(decode(data, ""), ""))
        hand = Hand.from_dict(record)
        result = score(hand, options.ruleset(hand.ruleset))
    except MjscoreError as error:
        return False, _write_line({"line": number, "error": str(error)})
    answer = result.summary() if options.summary else score_json(result, options.lang)
    return True, _write_line({"line": number, **answer})


def numbered_lines(handle: BinaryIO) -> Iterator[tuple[int, bytes | None]]:
    """The non-blank lines of ``handle`` as bytes with their numbers (from 1); a line longer than
    the limit is skipped to its end and given as None, so no line is ever held whole in memory. A
    read that fails (a disk's error, a network share gone) is an :class:`InputError` naming the
    file and the line."""
    limit = LIMITS["line"].max_bytes
    number = 0
    try:
        while True:
            data = handle.readline(limit + 1)
            if not data:
                return
            number += 1
            if len(data) > limit and not data.endswith(b"\n"):
                while (rest := handle.readline(limit)) and not rest.endswith(b"\n"):
                    pass
                yield number, None
            elif data.strip():
                yield number, data
    except OSError as error:
        raise InputError(f"cannot read {handle.name} at line {number + 1}: {error.strerror or error}") from None


def _count_lines(source: Path) -> int:
    """The lines a batch will answer (for the progress bar's total)."""
    with source.open("rb") as counting:
        return sum(1 for _ in numbered_lines(counting))


def _same_file(source: Path, output: Path) -> bool:
    try:
        return output.exists() and os.path.samefile(source, output)
    except OSError:
        return False


class Engine(StrEnum):
    """``--engine``: where the hands are scored."""

    local = "local"
    dask = "dask"


Lines = Iterable[tuple[int, bytes | None]]
Answers = Callable[[Lines], Iterator[Answered]]


def chunks(lines: Lines, size: int) -> Iterator[list[tuple[int, bytes | None]]]:
    """``lines`` in lists of ``size`` (the last may be shorter)."""
    numbered = iter(lines)
    while chunk := list(islice(numbered, size)):
        yield chunk


@contextmanager
def _engine(engine: Engine, workers: int, options: BatchOptions, scheduler: str | None) -> Iterator[Answers]:
    """The function that answers numbered lines in order: a process pool on this machine (the
    default), or a Dask cluster (:mod:`mjscore.interfaces.batch_dask`)."""
    if engine is Engine.dask:
        from mjscore.interfaces.batch_dask import dask_answers

        yield lambda lines: dask_answers(chunks(lines, _CHUNK), options, scheduler, workers)
        return
    processes = workers or os.cpu_count() or 1
    with multiprocessing.Pool(processes, _start_worker, (options,)) as pool:
        yield lambda lines: _pooled(pool, lines, 2 * processes)


def _pooled(pool: Pool, lines: Lines, window: int) -> Iterator[Answered]:
    """The answers to ``lines`` from ``pool``, in order, with at most ``window`` chunks sent ahead.
    The input is read here, in the caller's thread, not by the pool's feeding thread (as
    ``Pool.imap`` would): a read that fails, or an interrupt, stops the batch where it is raised,
    and a long file is never read far ahead of the answers written."""
    sent: deque[AsyncResult[Answered]] = deque()
    for chunk in chunks(lines, _CHUNK):
        sent.append(pool.apply_async(score_chunk, (chunk,)))
        if len(sent) >= window:
            yield sent.popleft().get()
    while sent:
        yield sent.popleft().get()


@app.command("batch")
@click.argument("source", type=click.Path(path_type=Path), help="Hand records, one JSON object per line.")
@click.option("-o", "--output", type=OUTPUT_FILE, required=True, help="Where to write one result per line.")
@click.option("--rules", "house_rules", type=click.Path(path_type=Path),
              help="House rules (TOML or JSON, or a preset's name: riichi-tenhou) for every hand.")
@click.option("--ruleset-file", type=click.Path(path_type=Path),
              help="A club's ruleset file (docs/ruleset-files.md) scoring every hand.")
@click.option("--summary", is_flag=True, help="Compact lines: total, legality, award ids, payments.")
@click.option("--strict", is_flag=True, help="Exit with status 1 when any line could not be scored.")
@enum_option("--lang", default=Lang.en, help="Language of award names.")
@click.option("--workers", type=click.IntRange(0, 256), default=0, help="Processes to use (default: every core).")
@click.option("--quiet", is_flag=True, help="No progress bar.")
@enum_option("--engine", default=Engine.local,
             help="local: processes on this machine; dask: a Dask cluster (pip install 'mjscore[dask]').")
@click.option("--scheduler", help="With --engine dask: the scheduler's address (default: a local cluster).")
def batch_command(source: Path, output: Path, house_rules: Path | None, ruleset_file: Path | None, summary: bool,
                  strict: bool, lang: Lang, workers: int, quiet: bool, engine: Engine, scheduler: str | None) -> None:
    """Score many hands on every core, keeping input order; bad lines are reported, not fatal."""
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    if scheduler is not None and engine is not Engine.dask:
        raise fail(f"--scheduler {scheduler}: a scheduler is for --engine dask")
    if source.resolve() == output.resolve() or _same_file(source, output):
        raise fail(f"-o {output}: the output would overwrite the input {source}; write to another file")
    try:
        rules = read_house_rules(house_rules_file(house_rules, "")) if house_rules else None
        options = BatchOptions(rules, ruleset_file, summary, lang.value)
        if ruleset_file is not None:
            options.ruleset("")  # a club file that cannot load fails the batch at once, not on every line
    except MjscoreError as error:
        raise fail(str(error)) from None
    try:
        # a file that cannot be read fails here, before any worker starts; the progress bar's total
        # takes a pass over it, only when the bar is shown
        bar_total = None if quiet else _count_lines(source)
        handle = source.open("rb")
        folder = output.resolve().parent
        temporary = tempfile.NamedTemporaryFile(  # noqa: SIM115 (renamed into place or removed below)
            "wb", dir=folder, prefix=f".{output.name}.", suffix=".partial", delete=False)
    except OSError as error:
        raise fail(f"cannot open {error.filename}: {error.strerror}") from None
    except InputError as error:  # counting the lines, a read failed
        raise fail(str(error)) from None
    errors = total_lines = 0
    try:
        with handle, temporary, _engine(engine, workers, options, scheduler) as answers:
            progress = Progress(TextColumn("scoring"), BarColumn(), MofNCompleteColumn(), TimeRemainingColumn(),
                                disable=quiet, transient=False)
            with progress:
                task = progress.add_task("scoring", total=bar_total)
                for answered in answers(numbered_lines(handle)):
                    temporary.write(answered.data)
                    errors += answered.errors
                    total_lines += answered.lines
                    if not quiet:
                        progress.advance(task, answered.lines)
        put_in_place(temporary.name, output)
    except MjscoreError as error:  # a read that failed; the Dask engine: not installed, or no scheduler
        Path(temporary.name).unlink(missing_ok=True)
        raise fail(str(error)) from None
    except OSError as error:  # writing the answers: a full disk, the folder gone
        Path(temporary.name).unlink(missing_ok=True)
        raise fail(f"cannot write {output}: {error.strerror or error}") from None
    except BaseException:
        Path(temporary.name).unlink(missing_ok=True)
        raise
    if not quiet:
        click.echo(f"{total_lines - errors} of {total_lines} hands scored into {output}; "
                   f"{errors} line(s) with errors (each answered with its line number and reason)", err=True)
    if strict and errors:
        raise Exit(1)
