"""``mjscore tournament ...``: run a tournament: seat rounds, give penalties, drop, cut, export.

Every command opens the database named by ``--database`` or ``$MJSCORE_DATABASE_URL`` and calls
:class:`mjscore.scorekeeper.tournaments.Tournaments`; the tables of a round are ordinary tables,
recorded with ``mjscore table record`` (docs/tournaments.md).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click

from mjscore.errors import MjscoreError, said_in
from mjscore.interfaces.cli.app import Lang, app, enum_option, fail, make_console, wrap_line
from mjscore.interfaces.cli.club import database_option
from mjscore.interfaces.cli.tables import actor, open_keeper, write_output
from mjscore.labels import label

if TYPE_CHECKING:
    from mjscore.scorekeeper.tournaments import RoundView, Tournaments, TournamentStandings, TournamentView

SEATS = ("E", "S", "W", "N")


class _Options:
    """The database chosen on ``mjscore tournament``."""

    database: str | None = None


@app.group("tournament")
@database_option
def tournament(database: str | None) -> None:
    """Run a tournament: seat its rounds (random, no-repeat, Swiss), penalties, drops, a cut, the EMA results."""
    _Options.database = database


@contextmanager
def _tournaments(lang: Lang = Lang.en) -> Iterator[Tournaments]:
    """The tournaments of the chosen database; a refusal is said in ``lang`` (one line, exit 2)."""
    from mjscore.scorekeeper.tournaments import Tournaments
    with open_keeper(_Options.database) as keeper:
        try:
            yield Tournaments(keeper)
        except MjscoreError as error:
            if lang is Lang.en or error.refusal is None:
                raise  # open_keeper says it: one line, exit 2
            raise fail(said_in(error, lang.value)) from None


name_argument = click.argument("name", help="The tournament's name (any case).")
METHODS = ("random", "no-repeat", "swiss")
lang_option = enum_option("--lang", default=Lang.en, help="The language of what it prints (and of a refusal).")


def _say(key: str, lang: Lang, **values: object) -> str:
    return label(key, lang.value, **values)


def _aside(text: str, lang: Lang) -> str:
    return label("aside", lang.value, text=text)


def _method(value: str, lang: Lang) -> str:
    """A seating method (or fill) as ``lang`` names it: the command line's own word in English."""
    return value if lang is Lang.en else label(f"tournament_method_{value.replace('-', '_')}", lang.value)


def _fill(value: str, lang: Lang) -> str:
    return value if lang is Lang.en else label(f"tournament_fill_{value}", lang.value)


def _echo(text: str) -> None:
    """A line of output, no wider than the terminal (the lines it wraps onto indented)."""
    click.echo("\n".join(wrap_line(line, indent=len(line) - len(line.lstrip()) + 4) for line in text.split("\n")))


@tournament.command("new")
@name_argument
@click.argument("players", nargs=-1, required=True,
                help="The players (the roster's people of those names; new names join the roster).")
@click.option("--ruleset", default="mcr", help="Ruleset id of its tables.")
@click.option("--seed", help="Draw every seating from this text (default: a new one, printed).")
@click.option("--method", type=click.Choice(METHODS), default="no-repeat",
              help="How rounds are seated (a Swiss tournament's first round is no-repeat).")
@click.option("--fill", type=click.Choice(("substitutes", "byes")), default="substitutes",
              help="A player count not a multiple of four: substitutes fill tables, or players sit out.")
@click.option("--rounds", type=int, default=4, help="Rounds planned (no-repeat plans them together).")
@click.option("--session-hands", type=int, help="Each table's hands (an MCR table's game is 16).")
@click.option("--session-minutes", type=int, help="Each table's time limit: no hand begins after it.")
@click.option("--ema", multiple=True, help="A player's EMA number, NAME=NUMBER (eight digits); repeat for each.")
@lang_option
def new_command(name: str, players: tuple[str, ...], ruleset: str, seed: str | None, method: str, fill: str,
                rounds: int, session_hands: int | None, session_minutes: int | None, ema: tuple[str, ...],
                lang: Lang) -> None:
    """Start a tournament of these players."""
    from mjscore.scorekeeper.seating import Fill, Method
    numbers: dict[str, str] = {}
    for given in ema:
        who, sep, number = given.partition("=")
        if not sep or not who.strip():
            raise fail(f"--ema {given!r}: write NAME=NUMBER, e.g. Ann=04010001")
        numbers[who] = number
    with _tournaments(lang) as tournaments:
        found = tournaments.create(name, players, ruleset=ruleset, seed=seed, method=Method(method), fill=Fill(fill),
                                   rounds=rounds, session_hands=session_hands, session_minutes=session_minutes,
                                   ema=numbers, actor=actor())
    _echo(_say("cli_tournament_new", lang, name=found.name, players=len(found.entrants), rounds=found.rounds_planned,
               method=_method(found.method.value, lang), ruleset=found.ruleset, seed=found.seed))


@tournament.command("seat")
@name_argument
@click.option("--method", type=click.Choice(METHODS), help="This round's method (default: the tournament's).")
@lang_option
def seat_command(name: str, method: str | None, lang: Lang) -> None:
    """Seat the next round and open its tables (once the round before is over)."""
    from mjscore.scorekeeper.seating import Method
    with _tournaments(lang) as tournaments:
        seated = tournaments.seat(name, None if method is None else Method(method), actor=actor())
    _print_round(seated, lang)


@tournament.command("show")
@name_argument
@click.option("--round", "number", type=click.IntRange(min=1), help="This round's seating (default: the last seated).")
@click.option("--format", "output", type=click.Choice(("text", "json")), default="text", help="text, or json for programs.")
@lang_option
def show_command(name: str, number: int | None, output: str, lang: Lang) -> None:
    """The players, and a round's seating with the tables still playing."""
    with _tournaments(lang) as tournaments:
        found = tournaments.view(name)
    if number is not None and not 1 <= number <= len(found.rounds):
        raise fail(f"round {number}: {found.name} has {len(found.rounds)} rounds seated")
    shown = found.rounds[(number or len(found.rounds)) - 1] if found.rounds else None
    if output == "json":
        click.echo(json.dumps(_view_json(found), ensure_ascii=False, indent=2))
        return
    cut = "" if found.finalists is None else _say("cli_tournament_cut_note", lang, n=len(found.finalists),
                                                  round=found.cut_after)
    _echo(_say("cli_tournament_show", lang, name=found.name, ruleset=found.ruleset, players=len(found.entrants),
               seated=len(found.rounds), planned=found.rounds_planned, method=_method(found.method.value, lang),
               fill=_fill(found.fill.value, lang), seed=found.seed, cut=cut))
    separator = label("list_separator", lang.value)
    for entrant in found.entrants:
        notes = [_say("cli_note_ema", lang, number=entrant.ema) if entrant.ema else "",
                 _say("cli_note_from", lang, round=entrant.entered) if entrant.entered > 1 else "",
                 _say("cli_note_dropped", lang, round=entrant.dropped_after) if entrant.dropped_after is not None else ""]
        extra = _aside(separator.join(n for n in notes if n), lang) if any(notes) else ""
        _echo(f"  #{entrant.person.id} {entrant.person.name}{extra}")
    for penalty in found.penalties:
        _echo("  " + _say("cli_tournament_penalty_line", lang, player=found.entrant(penalty.player).person.name,
                          points=penalty.points, round=penalty.round) + _aside(penalty.reason, lang))
    if shown is not None:
        _print_round(shown, lang)


def _seated(name: str, person: int, lang: Lang) -> str:
    """Who sits in a seat: a substitute (a negative id) named in ``lang`` (替补 1), anyone else by name."""
    return label("tournament_substitute", lang.value, n=-person) if person < 0 and lang is not Lang.en else name


def _print_round(seated: RoundView, lang: Lang = Lang.en) -> None:
    over = sum(t.over for t in seated.tables)
    state = label("table_over", lang.value) if seated.closed else _say("cli_tables_over", lang, over=over,
                                                                        tables=len(seated.tables))
    colon = label("colon", lang.value)
    separator = label("list_separator", lang.value)
    _echo(label("tournament_round", lang.value, n=seated.number) + _aside(_method(seated.method, lang), lang)
          + colon + state)
    for table in seated.tables:
        seats = separator.join(f"{_say(f'cli_wind_{wind}', lang)} {_seated(who, person, lang)}"
                               for wind, who, person in zip(SEATS, table.names, table.seats, strict=True))
        _echo("  " + _say("cli_table_line", lang, n=table.number, id=table.table_id, seats=seats,
                          over=_say("cli_table_line_over", lang) if table.over else ""))
    if seated.byes:
        _echo("  " + _say("cli_byes", lang, names=separator.join(p.name for p in seated.byes)))


def _view_json(found: TournamentView) -> dict[str, Any]:
    return {
        "format": "mjscore-tournament/1", "name": found.name, "ruleset": found.ruleset, "seed": found.seed,
        "method": found.method.value, "fill": found.fill.value, "rounds_planned": found.rounds_planned,
        "session_hands": found.session.hands, "session_minutes": found.session.minutes,
        "players": [{"id": e.person.id, "name": e.person.name, "ema": e.ema, "entered": e.entered,
                     "dropped_after": e.dropped_after} for e in found.entrants],
        "penalties": [{"player": p.player, "round": p.round, "points": p.points, "reason": p.reason}
                      for p in found.penalties],
        "finalists": None if found.finalists is None else list(found.finalists), "cut_after": found.cut_after,
        "rounds": [{"number": r.number, "method": r.method, "closed": r.closed, "byes": [p.id for p in r.byes],
                    "tables": [{"number": t.number, "table_id": t.table_id, "seats": list(t.seats),
                                "names": list(t.names), "over": t.over} for t in r.tables]} for r in found.rounds],
    }


who_argument = click.argument("player", help="A player of the tournament: their name (any case) or #id.")


@tournament.command("standings")
@name_argument
@click.option("--round", "after", type=click.IntRange(min=1), help="After this round (default: the last round over).")
@click.option("--format", "output", type=click.Choice(("text", "csv", "json")), default="text", help="text, csv or json.")
@click.option("--output", "-o", "to", type=click.Path(path_type=Path), help="Write to this file instead of standard output.")
@lang_option
def standings_command(name: str, after: int | None, output: str, to: Path | None, lang: Lang) -> None:
    """The standings after a round: table points, then score, then hands won, with what decided each place.

    Points are table points; Penalty the points taken off the score; Won the hands won; Below on
    what put the line below the one above (table points, score, hands won, the cut, or tied)."""
    from mjscore.scorekeeper.tournaments import standings_csv, standings_json
    with _tournaments(lang) as tournaments:
        found = tournaments.standings(name, after)
    if output == "text":
        _print_standings(found, lang)
        return
    write_output(standings_csv(found) if output == "csv"
                 else json.dumps(standings_json(found), ensure_ascii=False, indent=2) + "\n", to)


def _print_standings(found: TournamentStandings, lang: Lang = Lang.en) -> None:
    from rich import box
    from rich.table import Table

    from mjscore.scorekeeper.standings import points_text
    console = make_console()
    console.print(wrap_line(_say("cli_tournament_standings", lang, name=found.tournament.name, n=found.after)),
                  markup=False, soft_wrap=True)
    grid = Table(box=box.SIMPLE)
    for column in ("place", "player", "rounds", "points", "score", "penalty", "won", "below"):
        grid.add_column(_say(f"cli_tcol_{column}", lang), justify="left" if column in ("player", "below") else "right",
                        no_wrap=True)
    for line, entrant in found.lines:
        decided = _say(f"cli_decided_{line.decided.replace(' ', '_')}", lang) if line.decided else ""
        grid.add_row(f"={line.place}" if line.tied else str(line.place), entrant.person.name, str(line.rounds),
                     points_text(line.table_points), f"{line.score:+d}", f"-{line.penalties}" if line.penalties else "0",
                     str(line.hands_won), decided)
    console.print(grid)


@tournament.command("penalty", context_settings={"ignore_unknown_options": True})  # -5 is a number, refused for what it is
@name_argument
@who_argument
@click.argument("points", type=int, help="Points taken off the player's score.")
@click.option("--reason", required=True, help="Why (kept with the penalty).")
@lang_option
def penalty_command(name: str, player: str, points: int, reason: str, lang: Lang) -> None:
    """Take points off a player's score (counted from the round being played, or the last seated)."""
    with _tournaments(lang) as tournaments:
        given = tournaments.penalty(name, player, points, reason, actor=actor())
        who = tournaments.view(name).entrant(given.player).person.name
    _echo(_say("cli_penalty_given", lang, player=who, points=given.points, round=given.round)
          + _aside(given.reason, lang))


@tournament.command("drop")
@name_argument
@who_argument
@lang_option
def drop_command(name: str, player: str, lang: Lang) -> None:
    """Drop a player: seated in no later round (their results stay)."""
    with _tournaments(lang) as tournaments:
        entrant = tournaments.drop(name, player)
    _echo(_say("cli_dropped", lang, player=entrant.person.name, round=entrant.dropped_after))


@tournament.command("reinstate")
@name_argument
@who_argument
@lang_option
def reinstate_command(name: str, player: str, lang: Lang) -> None:
    """A dropped player plays again: seated from the next round (their results stay)."""
    with _tournaments(lang) as tournaments:
        entrant = tournaments.reinstate(name, player)
    _echo(_say("cli_reinstated", lang, player=entrant.person.name))


@tournament.command("enter")
@name_argument
@click.argument("player", help="The late player's name (the roster's person of that name, or a new one).")
@click.option("--ema", help="Their EMA number (eight digits).")
@lang_option
def enter_command(name: str, player: str, ema: str | None, lang: Lang) -> None:
    """A late entry: the player is seated from the next round."""
    with _tournaments(lang) as tournaments:
        entrant = tournaments.enter(name, player, ema, actor=actor())
    _echo(_say("cli_entered", lang, player=entrant.person.name, round=entrant.entered))


@tournament.command("cut")
@name_argument
@click.argument("size", type=int, help="How many players go on (a multiple of four).")
@lang_option
def cut_command(name: str, size: int, lang: Lang) -> None:
    """Cut to the top N of the standings: only they are seated in the rounds after (they stay ranked first)."""
    with _tournaments(lang) as tournaments:
        finalists = tournaments.cut(name, size)
    _echo(_say("cli_cut", lang, n=len(finalists), names=label("list_separator", lang.value).join(p.name for p in finalists)))


@tournament.command("export")
@name_argument
@click.option("--format", "output", type=click.Choice(("ema", "csv", "json")), default="ema",
              help="ema: the EMA results file (place, EMA number, last and first name, country, table points, score); "
                   "csv or json: every round.")
@click.option("--output", "-o", "to", type=click.Path(path_type=Path), help="Write to this file instead of standard output.")
def export_command(name: str, output: str, to: Path | None) -> None:
    """The results: the EMA results file, or every seat of every round as CSV or JSON."""
    from mjscore.scorekeeper.tournaments import ema_csv, rounds_csv, rounds_json
    with _tournaments() as tournaments:
        found = tournaments.view(name)
        if output == "ema":
            text = ema_csv(tournaments.standings(name))
        else:
            scores = tournaments.scores(found)
            text = rounds_csv(found, scores) if output == "csv" \
                else json.dumps(rounds_json(found, scores), ensure_ascii=False, indent=2) + "\n"
    write_output(text, to)
