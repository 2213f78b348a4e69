"""``mjscore players ...`` and ``mjscore standings``: the club's roster of people, and the standings
of an evening or a tournament by table points.

Like ``mjscore table``, every command opens the database named by ``--database`` or
``$MJSCORE_DATABASE_URL`` and calls :class:`mjscore.scorekeeper.Scorekeeper`; the scorekeeper is
imported when a command runs, so ``mjscore --help`` stays light.
"""

from __future__ import annotations

import json
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING

import click
from rich import box
from rich.table import Table

from mjscore.environment import DATABASE_URL_VARIABLE
from mjscore.interfaces.cli.app import OUTPUT_FILE, Format, Lang, app, enum_option, make_console, wrap_line
from mjscore.interfaces.cli.tables import actor, open_keeper, write_output
from mjscore.labels import label

if TYPE_CHECKING:
    from mjscore.scorekeeper.standings import Standings

#: ``--database``, of ``mjscore players`` and of ``mjscore standings``.
database_option = click.option(
    "--database", envvar=DATABASE_URL_VARIABLE, show_envvar=True,
    help="A SQLAlchemy URL, e.g. postgresql://user@host/mjscore (default: a SQLite file in your data folder).")


class _Options:
    """The database chosen on ``mjscore players``."""

    database: str | None = None


@app.group("players")
@database_option
def players(database: str | None) -> None:
    """The club's roster: players are people, across tables and evenings."""
    _Options.database = database


who_argument = click.argument("who", help="A player: their name now (any case), or #id (see `mjscore players list`).")


@players.command("list")
@enum_option("--format", "output", default=Format.text, help="text, or json for programs.")
def list_command(output: Format) -> None:
    """The people on the roster, with every name they played under and their tables."""
    with open_keeper(_Options.database) as keeper:
        members = keeper.roster()
    if output is Format.json:
        click.echo(json.dumps([{"id": m.person.id, "name": m.person.name, "names": list(m.names),
                                "merged": list(m.merged), "tables": list(m.tables)} for m in members],
                              ensure_ascii=False, indent=2))
        return
    for member in members:
        also = [n for n in member.names if n != member.person.name]
        aka = f" (also {', '.join(also)})" if also else ""
        count = len(member.tables)
        click.echo(f"#{member.person.id:<3} {member.person.name}{aka}: {count} table{'s' * (count != 1)}")


@players.command("rename")
@who_argument
@click.argument("name", help="Their new name.")
def rename_command(who: str, name: str) -> None:
    """Rename a player; the tables keep the names they were played under."""
    with open_keeper(_Options.database) as keeper:
        before = keeper.find_player(who).name
        person = keeper.rename_player(who, name, actor=actor())
    click.echo(f"#{person.id} {before} is now {person.name}")


@players.command("merge")
@click.argument("keep", help="The entry that stays (its id and name).")
@click.argument("gone", help="Another entry of the same person, merged into it.")
def merge_command(keep: str, gone: str) -> None:
    """Merge two roster entries of the same person: their tables and statistics are one person's."""
    with open_keeper(_Options.database) as keeper:
        merged = keeper.find_player(gone)
        person = keeper.merge_players(keep, gone, actor=actor())
    click.echo(f"#{merged.id} {merged.name} is merged into #{person.id} {person.name}")


@players.command("log")
def log_command() -> None:
    """Every change made to the roster, with when (UTC) and by whom, and the hash of the last."""
    with open_keeper(_Options.database) as keeper:
        changes = keeper.roster_log()
    for change, _ in changes:
        what = {"add": f"added #{change.person} {change.name}", "rename": f"renamed #{change.person} to {change.name}",
                "merge": f"merged #{change.person} into #{change.other}",
                "seat": f"seated #{change.person} at table {change.other}, seat {change.seat}"}[change.action]
        click.echo(f"{change.seq:4}. {change.at} {what} — {change.actor}")
    if changes:
        click.echo(f"roster hash {changes[-1][1][:16]}")


class StandingsFormat(StrEnum):
    text = "text"
    json = "json"
    csv = "csv"


@app.command("standings")
@click.argument("tables", nargs=-1, type=int, help="The tables (numbers); or choose by --event or --day.")
@click.option("--event", help="The tables of this evening or tournament (`table new --event`).")
@click.option("--day", help="The tables opened on this day, YYYY-MM-DD (UTC).")
@click.option("--since", help="The tables opened on this day or later (a season).")
@click.option("--until", help="The tables opened on this day or earlier.")
@enum_option("--format", "output", default=StandingsFormat.text, help="text, json or csv.")
@click.option("--output", "-o", "to", type=OUTPUT_FILE, help="Write to this file instead of standard output.")
@click.option("--include-imports", is_flag=True,
              help="Count every imported table too (by default only this club's unaltered exports, each once).")
@database_option
@enum_option("--lang", default=Lang.en, help="The language of the text it prints (headings, a tournament's tables).")
def standings_command(tables: tuple[int, ...], event: str | None, day: str | None, since: str | None, until: str | None,
                      output: StandingsFormat, to: Path | None, include_imports: bool, database: str | None,
                      lang: Lang) -> None:
    """The standings of an evening or a tournament: table points (4/2/1/0, ties shared), then score, then hands won."""
    from mjscore.scorekeeper.standings import standings_to_csv, standings_to_dict
    from mjscore.scorekeeper.tournaments import Tournaments
    with open_keeper(database) as keeper:
        found = keeper.standings(tables, event=event, day=day, since=since, until=until, imports=include_imports)
        rounds = Tournaments(keeper).tables_of_rounds([t.id for t in found.tables]) if lang is not Lang.en else {}
    for line in found.left_out:
        click.echo(f"left out: {line}", err=True)
    if output is StandingsFormat.text:
        parts = [("cli_title_event", {"event": event}), ("cli_title_day", {"day": day}),
                 ("cli_title_since", {"day": since}), ("cli_title_until", {"day": until}),
                 ("cli_title_tables", {"tables": ", ".join(map(str, sorted(tables)))} if tables else {"tables": None})]
        title = found.title if lang is Lang.en else " · ".join(
            label(key, lang.value, **values) for key, values in parts if all(v is not None for v in values.values()))
        names = {table: label("tournament_round_table", lang.value, round=seat.round, n=seat.number)
                 for table, seat in rounds.items()}
        _print_standings(found, lang, title, names)
        return
    text = standings_to_csv(found) if output is StandingsFormat.csv \
        else json.dumps(standings_to_dict(found), ensure_ascii=False, indent=2) + "\n"
    write_output(text, to)


def _print_standings(found: Standings, lang: Lang = Lang.en, title: str | None = None,
                     names: dict[int, str] | None = None) -> None:
    """The standings as a table, under their title, and each table's line below (``names``: a
    tournament's tables named in ``lang``)."""
    from mjscore.scorekeeper.standings import place_text, points_text
    from mjscore.scoring.payments import money_text
    console = make_console()
    console.print(wrap_line(label("cli_standings_title", lang.value, title=title or found.title)), markup=False,
                  soft_wrap=True)
    grid = Table(box=box.SIMPLE)
    columns = ["place", "player", "sessions", "table_points", "score_total", "penalties", "hands_won"]
    columns += ["money_total"] if found.for_money else []
    for column in columns:
        grid.add_column(label(column, lang.value), justify="left" if column == "player" else "right")
    for line in found.lines:
        cells = [place_text(line), line.person.name, str(line.sessions), points_text(line.table_points),
                 f"{line.score:+d}", f"{line.penalties:+d}", str(line.hands_won)]
        grid.add_row(*cells, *([money_text(line.money)] if found.for_money else []))
    console.print(grid)
    for table in found.tables:
        limits = [label("cli_limit_hands", lang.value, n=table.session.hands) if table.session.hands else "",
                  label("cli_limit_minutes", lang.value, n=table.session.minutes) if table.session.minutes else ""]
        session = label("cli_session", lang.value, limits=label("cli_or", lang.value).join(x for x in limits if x)) \
            if any(limits) else ""
        name = (names or {}).get(table.id, table.name or "")
        console.print(wrap_line(label("cli_standings_table", lang.value, id=table.id, name=name, ruleset=table.ruleset,
                                      hands=table.hands, session=session), indent=4), markup=False, soft_wrap=True)
    if found.apart:
        console.print(wrap_line(label("cli_standings_apart", lang.value,
                                      tournaments=label("list_separator", lang.value).join(found.apart))),
                      markup=False, soft_wrap=True)
