"""``mjscore ratings``: the club's skill ratings (OpenSkill) from its tables, as of a date, with history."""

from __future__ import annotations

import json
from pathlib import Path

import click

from mjscore.interfaces.cli.app import Lang, app, enum_option, fail, wrap_line
from mjscore.interfaces.cli.club import database_option
from mjscore.interfaces.cli.tables import open_keeper, write_output
from mjscore.labels import label


def _tables(count: int, lang: Lang) -> str:
    return label("cli_one_table", lang.value) if count == 1 else label("cli_n_tables", lang.value, n=count)


@app.command("ratings")
@click.option("--as-of", "as_of", help="Rate only the tables opened up to this day, YYYY-MM-DD (UTC).")
@click.option("--history", "player", help="This player's rating after each of their tables (a name or #id).")
@click.option("--format", "output", type=click.Choice(("text", "csv", "json")), default="text", help="text, csv or json.")
@click.option("--output", "-o", "to", type=click.Path(path_type=Path), help="Write to this file instead of standard output.")
@click.option("--include-imports", is_flag=True,
              help="Count every imported table too (by default only this club's unaltered exports, each once).")
@database_option
@enum_option("--lang", default=Lang.en, help="The language of the text it prints.")
def ratings_command(as_of: str | None, player: str | None, output: str, to: Path | None, include_imports: bool,
                    database: str | None, lang: Lang) -> None:
    """The club's ratings (OpenSkill): each player's skill from their tables, with its uncertainty.

    The rating is mu - 3 sigma: mu, the skill estimate, starts at 25; sigma, its uncertainty, at
    8.33 and shrinks as a player plays. Every table with a hand played counts, its four ranked by
    their session score; a table that cannot be checked, or an import that is not this club's
    unaltered record (or a second copy of one), is left out and named on standard error."""
    from mjscore.scorekeeper.ratings import club_games, history_csv, rate, ratings_csv
    from mjscore.scorekeeper.service import is_day, today
    if as_of is not None and not is_day(as_of):
        raise fail(f"--as-of: {as_of!r} is not a date (YYYY-MM-DD)")
    if as_of is not None and as_of > today():
        raise fail(f"--as-of: {as_of} is after today ({today()}, UTC): the ratings of a day to come are not known yet")
    with open_keeper(database) as keeper:
        found = club_games(keeper, imports=include_imports)
        person = keeper.find_player(player) if player is not None else None
    for line in found.left_out:
        click.echo(f"left out: {line}", err=True)
    if include_imports:
        click.echo("counting every imported table, as asked (--include-imports)", err=True)
    ratings, changes = rate(found.games, as_of)
    if person is not None:
        changes = [c for c in changes if c.rating.person.id == person.id]
        if output == "csv":
            write_output(history_csv(changes), to)
        elif output == "json":
            write_output(json.dumps([{"table": c.table_id, "opened_at": c.opened_at, "rank": c.rank,
                                      "rating": round(c.rating.ordinal, 4), "mu": c.rating.mu, "sigma": c.rating.sigma,
                                      "games": c.rating.games} for c in changes], indent=2) + "\n", to)
        else:
            click.echo(wrap_line(label("cli_rating_history", lang.value, player=person.name,
                                       tables=_tables(len(changes), lang))))
            for c in changes:
                click.echo(wrap_line("  " + label("cli_rating_step", lang.value, id=c.table_id, day=c.opened_at[:10],
                                                  rank=c.rank, rating=f"{c.rating.ordinal:.2f}", mu=f"{c.rating.mu:.2f}",
                                                  sigma=f"{c.rating.sigma:.2f}"), indent=6))
        return
    if output == "csv":
        write_output(ratings_csv(ratings), to)
    elif output == "json":
        write_output(json.dumps([{"rank": place, "person": {"id": r.person.id, "name": r.person.name},
                                  "rating": round(r.ordinal, 4), "mu": r.mu, "sigma": r.sigma, "games": r.games}
                                 for place, r in enumerate(ratings, 1)], ensure_ascii=False, indent=2) + "\n", to)
    else:
        from rich.cells import cell_len
        when = label("cli_ratings_as_of", lang.value, day=as_of) if as_of is not None else ""
        rated = len({c.table_id for c in changes})
        click.echo(wrap_line(label("cli_ratings_head", lang.value, when=when, tables=_tables(rated, lang))))
        for place, r in enumerate(ratings, 1):
            name = r.person.name + " " * max(0, 20 - cell_len(r.person.name))  # a Chinese name's width is its columns
            detail = label("cli_rating_detail", lang.value, mu=f"{r.mu:.2f}", sigma=f"{r.sigma:.2f}",
                           tables=_tables(r.games, lang))
            click.echo(wrap_line(f"{place:4}. {name} {r.ordinal:7.2f}  {detail}", indent=6))
