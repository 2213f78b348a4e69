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

from mjscore.interfaces.cli.app import app, fail, make_console
from mjscore.interfaces.cli.club import database_option
from mjscore.interfaces.cli.tables import actor, open_keeper, write_output

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
def _tournaments() -> Iterator[Tournaments]:
    from mjscore.scorekeeper.tournaments import Tournaments
    with open_keeper(_Options.database) as keeper:
        yield Tournaments(keeper)


name_argument = click.argument("name", help="The tournament's name (any case).")
METHODS = ("random", "no-repeat", "swiss")


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
def new_command(name: str, players: tuple[str, ...], ruleset: str, seed: str | None, method: str, fill: str,
                rounds: int, session_hands: int | None, session_minutes: int | None, ema: tuple[str, ...]) -> None:
    """Start a tournament of these players."""
    from mjscore.scorekeeper.seating import Fill, Method
    numbers: dict[str, str] = {}
    for given in ema:
        who, sep, number = given.partition("=")
        if not sep or not who.strip():
            raise fail(f"--ema {given!r}: write NAME=NUMBER, e.g. Ann=04010001")
        numbers[who] = number
    with _tournaments() as tournaments:
        found = tournaments.create(name, players, ruleset=ruleset, seed=seed, method=Method(method), fill=Fill(fill),
                                   rounds=rounds, session_hands=session_hands, session_minutes=session_minutes,
                                   ema=numbers, actor=actor())
    click.echo(f"tournament {found.name}: {len(found.entrants)} players, {found.rounds_planned} rounds "
               f"{found.method.value} [{found.ruleset}], seed {found.seed}")


@tournament.command("seat")
@name_argument
@click.option("--method", type=click.Choice(METHODS), help="This round's method (default: the tournament's).")
def seat_command(name: str, method: str | None) -> None:
    """Seat the next round and open its tables (once the round before is over)."""
    from mjscore.scorekeeper.seating import Method
    with _tournaments() as tournaments:
        seated = tournaments.seat(name, None if method is None else Method(method), actor=actor())
    _print_round(seated)


@tournament.command("show")
@name_argument
@click.option("--round", "number", type=click.IntRange(min=1), help="This round's seating (default: the last seated).")
@click.option("--format", "output", type=click.Choice(("text", "json")), default="text", help="text, or json for programs.")
def show_command(name: str, number: int | None, output: str) -> None:
    """The players, and a round's seating with the tables still playing."""
    with _tournaments() as tournaments:
        found = tournaments.view(name)
    if number is not None and not 1 <= number <= len(found.rounds):
        raise fail(f"round {number}: {found.name} has {len(found.rounds)} rounds seated")
    shown = found.rounds[(number or len(found.rounds)) - 1] if found.rounds else None
    if output == "json":
        click.echo(json.dumps(_view_json(found), ensure_ascii=False, indent=2))
        return
    cut = f"; cut to {len(found.finalists)} after round {found.cut_after}" if found.finalists is not None else ""
    click.echo(f"{found.name} [{found.ruleset}]: {len(found.entrants)} players, {len(found.rounds)} of "
               f"{found.rounds_planned} rounds seated ({found.method.value}, {found.fill.value}), seed {found.seed}{cut}")
    for entrant in found.entrants:
        notes = [f"EMA {entrant.ema}" if entrant.ema else "", f"from round {entrant.entered}" if entrant.entered > 1 else "",
                 f"dropped after round {entrant.dropped_after}" if entrant.dropped_after is not None else ""]
        extra = f" ({', '.join(n for n in notes if n)})" if any(notes) else ""
        click.echo(f"  #{entrant.person.id} {entrant.person.name}{extra}")
    for penalty in found.penalties:
        click.echo(f"  penalty: {found.entrant(penalty.player).person.name} -{penalty.points} in round "
                   f"{penalty.round} ({penalty.reason})")
    if shown is not None:
        _print_round(shown)


def _print_round(seated: RoundView) -> None:
    state = "over" if seated.closed else f"{sum(t.over for t in seated.tables)} of {len(seated.tables)} tables over"
    click.echo(f"Round {seated.number} ({seated.method}): {state}")
    for table in seated.tables:
        seats = ", ".join(f"{wind} {who}" for wind, who in zip(SEATS, table.names, strict=True))
        click.echo(f"  table {table.number} (mjscore table {table.table_id}): {seats}{' — over' if table.over else ''}")
    if seated.byes:
        click.echo(f"  bye: {', '.join(p.name for p in seated.byes)}")


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
def standings_command(name: str, after: int | None, output: str, to: Path | None) -> None:
    """The standings after a round: table points, then score, then hands won, with what decided each place.

    Points are table points; Penalty the points taken off the score; Won the hands won; Below on
    what put the line below the one above (table points, score, hands won, the cut, or tied)."""
    from mjscore.scorekeeper.tournaments import standings_csv, standings_json
    with _tournaments() as tournaments:
        found = tournaments.standings(name, after)
    if output == "text":
        _print_standings(found)
        return
    write_output(standings_csv(found) if output == "csv"
                 else json.dumps(standings_json(found), ensure_ascii=False, indent=2) + "\n", to)


def _print_standings(found: TournamentStandings) -> None:
    from rich import box
    from rich.table import Table

    from mjscore.scorekeeper.standings import points_text
    console = make_console()
    console.print(f"{found.tournament.name} — standings after round {found.after}", markup=False)
    grid = Table(box=box.SIMPLE)
    for column in ("Place", "Player", "Rounds", "Points", "Score", "Penalty", "Won", "Below on"):
        grid.add_column(column, justify="left" if column in ("Player", "Below on") else "right", no_wrap=True)
    for line, entrant in found.lines:
        grid.add_row(f"={line.place}" if line.tied else str(line.place), entrant.person.name, str(line.rounds),
                     points_text(line.table_points), f"{line.score:+d}", f"-{line.penalties}" if line.penalties else "0",
                     str(line.hands_won), line.decided)
    console.print(grid)


@tournament.command("penalty", context_settings={"ignore_unknown_options": True})  # -5 is a number, refused for what it is
@name_argument
@who_argument
@click.argument("points", type=int, help="Points taken off the player's score.")
@click.option("--reason", required=True, help="Why (kept with the penalty).")
def penalty_command(name: str, player: str, points: int, reason: str) -> None:
    """Take points off a player's score (counted from the round being played, or the last seated)."""
    with _tournaments() as tournaments:
        given = tournaments.penalty(name, player, points, reason, actor=actor())
        who = tournaments.view(name).entrant(given.player).person.name
    click.echo(f"penalty: {who} -{given.points} from round {given.round} ({given.reason})")


@tournament.command("drop")
@name_argument
@who_argument
def drop_command(name: str, player: str) -> None:
    """Drop a player: seated in no later round (their results stay)."""
    with _tournaments() as tournaments:
        entrant = tournaments.drop(name, player)
    click.echo(f"{entrant.person.name} dropped after round {entrant.dropped_after}")


@tournament.command("reinstate")
@name_argument
@who_argument
def reinstate_command(name: str, player: str) -> None:
    """A dropped player plays again: seated from the next round (their results stay)."""
    with _tournaments() as tournaments:
        entrant = tournaments.reinstate(name, player)
    click.echo(f"{entrant.person.name} plays again from the next round")


@tournament.command("enter")
@name_argument
@click.argument("player", help="The late player's name (the roster's person of that name, or a new one).")
@click.option("--ema", help="Their EMA number (eight digits).")
def enter_command(name: str, player: str, ema: str | None) -> None:
    """A late entry: the player is seated from the next round."""
    with _tournaments() as tournaments:
        entrant = tournaments.enter(name, player, ema, actor=actor())
    click.echo(f"{entrant.person.name} plays from round {entrant.entered}")


@tournament.command("cut")
@name_argument
@click.argument("size", type=int, help="How many players go on (a multiple of four).")
def cut_command(name: str, size: int) -> None:
    """Cut to the top N of the standings: only they are seated in the rounds after (they stay ranked first)."""
    with _tournaments() as tournaments:
        finalists = tournaments.cut(name, size)
    click.echo(f"cut to {len(finalists)}: {', '.join(p.name for p in finalists)}")


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
