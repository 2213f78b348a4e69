"""``mjscore stats``: statistics over a batch's output, and its agreement with recorded scores.

``mjscore stats scores.jsonl`` reads what ``mjscore batch`` wrote and prints, per ruleset, how many
scored hands hold each award (count and share: every share names the hands it is a share of), the
average total and the distribution of totals; ``--plot FILE`` draws them (SVG or PNG).
``mjscore stats --compare-recorded hands.jsonl scores.jsonl`` sets each line of an imported log
(``mjscore import``) beside the score of the same line number, and reports how many wins agree with
the recorded total, the recorded payments and every recorded fan, and which fans differ.
``mjscore stats --table N`` or ``--club`` prints the statistics of club tables; ``--lang`` names the
awards and the rulesets' units (points, 台, 番) in Chinese, the units from the label catalogue
(:func:`mjscore.labels.unit_name`), so the page and the command line say the same.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Sequence
from pathlib import Path
from typing import Any

import click
from rich import box
from rich.table import Table

from mjscore import get_ruleset
from mjscore.environment import DATABASE_URL_VARIABLE
from mjscore.errors import InputError, MjscoreError
from mjscore.interfaces.charts import plot_statistics
from mjscore.interfaces.cli.app import (
    OUTPUT_FILE,
    Format,
    Lang,
    app,
    enum_option,
    fail,
    make_console,
    text_table,
    wrap_line,
)
from mjscore.interfaces.cli.batch import numbered_lines
from mjscore.interfaces.importers.recorded import recorded_of
from mjscore.interfaces.importers.wins import FAN_ALIASES
from mjscore.labels import label, unit_name
from mjscore.reading import LIMITS, decode, parse_json
from mjscore.scoring.payments import money_text
from mjscore.scoring.statistics import (
    SESSIONS_PLAYED,
    TABLES_PLAYED,
    AwardFrequency,
    BatchStatistics,
    Comparison,
    DateRange,
    Rate,
    ScoredHand,
    TableStatistics,
    UnscoredLine,
    award_ids_by_name,
    batch_statistics,
    compare_win,
    read_output_line,
)


def _json_lines(path: Path) -> Iterator[tuple[int, Any]]:
    """The JSON value of each non-blank line of ``path``, with its line number (from 1)."""
    where = str(path)
    try:
        handle = path.open("rb")
    except FileNotFoundError:
        raise InputError(f"no such file: {path}") from None
    except OSError as error:
        raise InputError(f"cannot read {path}: {error.strerror or error}") from None
    with handle:
        for number, data in numbered_lines(handle):
            place = f"{where} line {number}"
            if data is None:
                raise InputError(f"{place}: longer than {LIMITS['line'].max_bytes:,} bytes, the most a line may have")
            yield number, parse_json(decode(data, place), place)


def _scores(path: Path) -> Iterator[ScoredHand | UnscoredLine]:
    for number, data in _json_lines(path):
        try:
            yield read_output_line(data)
        except InputError as error:
            raise InputError(f"{path} line {number}: {error}") from None


AwardName = Callable[[str, str], str]


def _award_name(lang: str) -> AwardName:
    """A function naming award ``award_id`` of ruleset ``ruleset_id`` in ``lang`` (its id, if unknown)."""
    def name(ruleset_id: str, award_id: str) -> str:
        try:
            return get_ruleset(ruleset_id).award(award_id).name.get(lang)
        except MjscoreError:
            return award_id
    return name


def _award_facts(ruleset_id: str, award_id: str) -> dict[str, Any]:
    """The points, group and names of an award of a catalogue ruleset (nothing for an unknown one)."""
    try:
        rule = get_ruleset(ruleset_id).award(award_id)
    except MjscoreError:
        return {}
    return {"points": rule.points, "group": rule.group, "names": rule.name.to_dict()}


@app.command("stats")
@click.argument("scores", type=click.Path(path_type=Path), required=False,
                help="The output of mjscore batch (full or --summary lines); or use --table or --club.")
@click.option("--table", type=int, help="The statistics of this table (see `mjscore table list`).")
@click.option("--club", is_flag=True, help="The statistics of every table of the club.")
@click.option("--since", help="With --table or --club: from this day (YYYY-MM-DD, UTC).")
@click.option("--until", help="With --table or --club: to this day, included.")
@click.option("--database", envvar=DATABASE_URL_VARIABLE, show_envvar=True,
              help="With --table or --club: the tables' database, as for `mjscore table`.")
@click.option("--compare-recorded", type=click.Path(path_type=Path),
              help="Imported hand records (mjscore import): compare their recorded scores.")
@click.option("--plot", type=OUTPUT_FILE, help="Draw the statistics to this .svg or .png file.")
@enum_option("--format", "output", default=Format.text, help="text for people; json for programs.")
@enum_option("--lang", default=Lang.en, help="Language of award names (and of units: 分, 台, 番).")
def stats_command(scores: Path | None, table: int | None, club: bool, since: str | None, until: str | None,
                  database: str | None, compare_recorded: Path | None, plot: Path | None, output: Format,
                  lang: Lang) -> None:
    """Statistics: of a batch's output (award frequencies, totals), of a table or the club (players,
    awards, balances), or the agreement of a log's recorded scores."""
    name = _award_name(lang.value)
    try:
        if table is not None or club:
            if scores is not None or compare_recorded is not None or (table is not None and club):
                raise MjscoreError("give one of: a batch's output (SCORES), --table N or --club")
            tables, rounds = _table_statistics(database, table, DateRange.of(since, until))
            if plot is not None:
                plot_statistics(tables.rulesets, _settled_name(tables, lang.value), plot, tables.balances)
            _print_tables(tables, table, since, until, output, lang.value, rounds)
            return
        if scores is None:
            raise MjscoreError("give a batch's output (SCORES), --table N or --club (see `mjscore stats --help`)")
        if since is not None or until is not None:
            raise MjscoreError("--since and --until count the entries of tables: use them with --table or --club")
        if compare_recorded is not None:
            if plot is not None:
                raise MjscoreError("--plot draws the statistics of a batch; leave out --compare-recorded")
            comparison, left_out = _compare(compare_recorded, scores)
            _print_comparison(comparison, left_out, compare_recorded, scores, output, name)
            return
        stats = batch_statistics(_scores(scores))
        if plot is not None:
            plot_statistics(stats.rulesets, name, plot)
    except MjscoreError as error:
        raise fail(str(error)) from None
    except OSError as error:  # only the chart is written
        raise fail(f"cannot write {plot}: {error.strerror or error}") from None
    _print_statistics(stats, scores, output, name, lang.value)


def _table_statistics(database: str | None, table: int | None,
                      dates: DateRange) -> tuple[TableStatistics, dict[int, tuple[int, int]]]:
    """The statistics of table ``table`` (None: the club) read from ``database``, and the tables a
    tournament's rounds hold: table -> (round, its number in the round), to name them in a language."""
    from mjscore.scorekeeper import Scorekeeper  # SQLAlchemy and Alembic, imported only when tables are read
    from mjscore.scorekeeper.statistics import statistics
    from mjscore.scorekeeper.tournaments import Tournaments
    keeper = Scorekeeper.open(database)
    try:
        rounds = {t: (seat.round, seat.number) for t, seat in Tournaments(keeper).tables_of_rounds().items()}
        return statistics(keeper, table, dates), rounds
    finally:
        keeper.close()


def _settled_name(stats: TableStatistics, lang: str) -> AwardName:
    """Award names as the tables settled them, in ``lang``."""
    return lambda ruleset, award_id: stats.award_name(ruleset, award_id, lang)


def _compare(hands: Path, scores: Path) -> tuple[Comparison, int]:
    """The recorded wins of ``hands`` beside the scores of the same lines, and how many lines of
    ``hands`` have nothing recorded (left out)."""
    answered = {line.line: line for line in _scores(scores)}
    left_out = 0
    wins = []
    ids_of: dict[str, dict[str, str]] = {}
    for number, data in _json_lines(hands):
        place = f"{hands} line {number}"
        if not isinstance(data, dict):
            raise InputError(f"{place}: a hand record is a JSON object {{...}}")
        try:
            recorded = recorded_of(data)
        except MjscoreError as error:
            raise InputError(f"{place}: {error}") from None
        if recorded is None:
            left_out += 1
            continue
        match = data.get("match")
        scored = answered.get(number)
        ruleset = scored.ruleset if isinstance(scored, ScoredHand) else ""
        if ruleset and ruleset not in ids_of:
            ids_of[ruleset] = award_ids_by_name(get_ruleset(ruleset), FAN_ALIASES)
        wins.append(compare_win(number, match if isinstance(match, str) else None, recorded, scored,
                                ids_of.get(ruleset, {})))
    return Comparison(tuple(wins)), left_out


def _share(count: int, of: int) -> str:
    return f"{100 * count / of:.1f}%" if of else "-"


def _award_table(ruleset: str, awards: Sequence[AwardFrequency], of: int, noun: str, name: AwardName,
                 lang: str = "en") -> Table:
    """The award frequencies of one ruleset: each award's name, in how many of the ``of`` hands (or
    wins: ``noun``) it was counted, that share, and how many times in all."""
    table = Table(box=box.SIMPLE, pad_edge=False)
    table.add_column(label("cli_scol_award", lang))
    table.add_column(label(f"cli_scol_{noun}", lang), justify="right")
    table.add_column(label(f"cli_scol_share_{noun}", lang, of=of), justify="right")
    table.add_column(label("cli_scol_times", lang), justify="right")
    for award in awards:
        table.add_row(name(ruleset, award.id), str(award.hands), _share(award.hands, of), str(award.times))
    return table


def _whole_words(table: Table) -> str:
    """``table`` as text no wider than the terminal, its cells wrapped between words where it must be
    narrower (:func:`text_table`: rich's own fitting cuts a word short with an ellipsis, or crops
    the last column), with a blank line above and below as rich leaves them."""
    columns = table.columns
    rows = list(zip(*([str(cell) for cell in column.cells] for column in columns), strict=True))
    return "\n" + text_table([str(c.header) for c in columns], rows, [c.justify == "right" for c in columns]) + "\n"


def _totals(totals: Sequence[tuple[int, int]], lang: str) -> str:
    """The distribution of totals, ``total: count`` in the language's punctuation."""
    colon = label("colon", lang)
    return label("list_separator", lang).join(f"{t}{colon}{n}" for t, n in totals)


def _print_statistics(stats: BatchStatistics, source: Path, output: Format, name: AwardName, lang: str = "en") -> None:
    if output is Format.json:
        click.echo(json.dumps({
            "lines": stats.lines, "unscored": stats.unscored,
            "rulesets": [{
                "ruleset": r.ruleset, "hands": r.hands, "legal": r.legal, "average_total": round(r.average_total, 4),
                "average_of": r.share_of, "totals": [{"total": t, "hands": n} for t, n in r.totals],
                "awards": [{"id": a.id, "name": name(r.ruleset, a.id), **_award_facts(r.ruleset, a.id), "hands": a.hands,
                            "times": a.times, "share": round(a.share, 4), "share_of": r.share_of} for a in r.awards],
            } for r in stats.rulesets]}, ensure_ascii=False, indent=2))
        return
    console = make_console()

    def say(text: str) -> None:
        console.print(wrap_line(text), markup=False, soft_wrap=True)

    say(label("cli_stats_batch_head", lang, source=source, lines=stats.lines, scored=stats.lines - stats.unscored,
              unscored=stats.unscored))
    for rules in stats.rulesets:
        say("\n" + label("cli_stats_batch_ruleset", lang, ruleset=rules.ruleset, hands=rules.hands, legal=rules.legal,
                         average=f"{rules.average_total:.2f}"))
        console.print(_whole_words(_award_table(rules.ruleset, rules.awards, rules.hands, "hands", name, lang)),
                      markup=False, soft_wrap=True)
        say(label("cli_stats_totals_hands", lang, totals=_totals(rules.totals, lang)))


#: What a place is taken over, by the ``over`` of the players' average places: its label.
_PLACES = {TABLES_PLAYED: "cli_places_tables", SESSIONS_PLAYED: "cli_places_sessions"}


def _places_note(stats: TableStatistics, lang: str) -> str:
    """What the players' places are taken over: tables, sessions, or both."""
    overs = {p.average_place.over for p in stats.players if p.average_place.of} or {TABLES_PLAYED}
    return label(_PLACES[overs.pop()] if len(overs) == 1 and overs <= _PLACES.keys() else "cli_places_mixed", lang)


def _rate(rate: Rate, lang: str = "en") -> str:
    return f"{rate.count}/{rate.of}{label('aside', lang, text=_share(rate.count, rate.of))}"


def _average(value: float | None) -> str:
    return "-" if value is None else f"{value:.2f}"


def _print_tables(stats: TableStatistics, table: int | None, since: str | None, until: str | None, output: Format,
                  lang: str, rounds: dict[int, tuple[int, int]] | None = None) -> None:
    """The statistics of a table or of the club: the players, their points, the awards, the balances,
    every heading in ``lang``."""
    if output is Format.json:
        click.echo(json.dumps(stats.to_dict(lang), ensure_ascii=False, indent=2))
        return
    console = make_console()

    def say(text: str) -> None:
        console.print(wrap_line(text), markup=False, soft_wrap=True)

    def columns(grid: Table, keys: Sequence[str], left: Sequence[str]) -> None:
        for key in keys:
            grid.add_column(label(f"cli_scol_{key}", lang), justify="left" if key in left else "right")

    dates = "".join([label("cli_stats_from", lang, day=since) if since else "",
                     label("cli_stats_to", lang, day=until) if until else ""])
    if table is not None:
        seat = (rounds or {}).get(table)
        name = label("tournament_round_table", lang, round=seat[0], n=seat[1]) if seat and lang != "en" else \
            next((b.name for b in stats.balances if b.name), "")
        named = label("aside", lang, text=name) if name else ""
        say(label("cli_stats_table_head", lang, table=table, named=named, dates=dates, hands=stats.hands, wins=stats.wins))
    else:
        say(label("cli_stats_club_head", lang, dates=dates, tables=stats.tables, hands=stats.hands, wins=stats.wins))
    if not stats.players:
        say(label("cli_stats_nothing", lang))
        return
    say("\n" + label("cli_stats_players", lang))
    sessions = any(player.sessions for player in stats.players)
    players = Table(box=box.SIMPLE, pad_edge=False)
    columns(players, ["player", "tables", *(("sessions",) if sessions else ()), "hands_played", "wins", "self_draws",
                      "deal_ins"], ["player"])
    for player in stats.players:
        players.add_row(player.player, str(player.tables), *((str(player.sessions),) if sessions else ()),
                        str(player.hands), _rate(player.wins, lang), _rate(player.self_draws, lang),
                        _rate(player.deal_ins, lang))
    console.print(_whole_words(players), markup=False, soft_wrap=True)
    say(label("cli_stats_places", lang, note=_places_note(stats, lang)))
    places = Table(box=box.SIMPLE, pad_edge=False)
    columns(places, ["player", "first", "second", "third", "fourth", "place"], ["player"])
    for player in stats.players:
        places.add_row(player.player, *(str(n) for n in player.places), _average(player.average_place.value))
    console.print(_whole_words(places), markup=False, soft_wrap=True)
    money = any(figures.money is not None for player in stats.players for figures in player.points)
    say(label("cli_stats_points", lang, money=label("cli_stats_points_money", lang) if money else ""))
    points = Table(box=box.SIMPLE, pad_edge=False)
    columns(points, ["player", "ruleset", "net", *(("money",) if money else ()), "won", "lost", "biggest"],
            ["player", "ruleset", "biggest"])
    for player in stats.players:
        for figures in player.points:
            big = figures.biggest
            cash = () if not money else ("-" if figures.money is None else money_text(figures.money),)
            points.add_row(player.player, f"{figures.ruleset}{label('aside', lang, text=unit_name(figures.unit, lang))}",
                           str(figures.net), *cash, _average(figures.won.value), _average(figures.lost.value),
                           "-" if big is None else label("cli_stats_biggest", lang, total=big.total, table=big.table,
                                                         number=big.number))
    console.print(_whole_words(points), markup=False, soft_wrap=True)
    for rules in stats.rulesets:
        over = rules.share_of if lang == "en" else label(f"cli_over_{rules.share_of.replace(' ', '_')}", lang)
        say(label("cli_stats_ruleset", lang, ruleset=rules.ruleset, hands=rules.hands,
                  average=f"{rules.average_total:.2f}", over=over))
        console.print(_whole_words(_award_table(rules.ruleset, rules.awards, rules.hands, "wins",
                                                lambda ruleset, award_id: stats.award_name(ruleset, award_id, lang),
                                                lang)), markup=False, soft_wrap=True)
        say(label("cli_stats_totals_wins", lang, totals=_totals(rules.totals, lang)))
    if table is not None:
        (balances,) = stats.balances
        say("\n" + label("cli_stats_balances", lang, unit=unit_name(balances.unit, lang)))
        series = Table(box=box.SIMPLE, pad_edge=False)
        series.add_column(label("cli_scol_entry", lang), justify="right")
        for name in balances.players:
            series.add_column(name, justify="right")
        start = label("cli_scol_start", lang)
        for number, row in zip((start, *map(str, balances.numbers)), balances.points, strict=True):
            series.add_row(number, *(str(n) for n in row))
        console.print(_whole_words(series), markup=False, soft_wrap=True)


def _print_comparison(comparison: Comparison, left_out: int, hands: Path, scores: Path, output: Format,
                      name: AwardName) -> None:
    compared = comparison.compared
    ruleset_of = {f.fan: w.ruleset for w in comparison.wins for f in w.fans if w.ruleset}

    def fan_label(fan: str, ruleset: str | None) -> str:
        named = name(ruleset, fan) if ruleset else fan
        return fan if named == fan else f"{fan} ({named})"

    if output is Format.json:
        click.echo(json.dumps({
            "compared": compared, "of": "recorded wins", "unscored": comparison.unscored,
            "left_out": left_out,
            "totals_agree": comparison.totals_agree, "payments_agree": comparison.payments_agree,
            "fans_agree": comparison.fans_agree, "all_agree": comparison.all_agree,
            "fans": [{"fan": d.fan, "recorded_more": d.recorded_more, "scored_more": d.scored_more}
                     for d in comparison.disagreements()],
            "differing": [{"line": w.line, "match": w.match, "recorded_total": w.recorded.total, "total": w.total,
                           "total_agrees": w.total_agrees, "payments_agree": w.payments_agree,
                           "fans": [{"fan": f.fan, "recorded": f.recorded, "scored": f.scored} for f in w.fans],
                           "error": w.error} for w in comparison.wins if not w.agrees],
        }, ensure_ascii=False, indent=2))
        return
    console = make_console()
    console.print(wrap_line(f"{compared} recorded win(s) of {hands} compared with {scores}:"), markup=False, soft_wrap=True)
    for agrees, count in (("the total agrees", comparison.totals_agree), ("the payments agree", comparison.payments_agree),
                          ("every fan agrees", comparison.fans_agree), ("all three agree", comparison.all_agree)):
        console.print(wrap_line(f"  {agrees}: {count} of {compared} ({_share(count, compared)})"), markup=False,
                      soft_wrap=True)
    if comparison.unscored:
        console.print(wrap_line(f"  could not be scored: {comparison.unscored} of {compared}"), markup=False, soft_wrap=True)
    if left_out:
        console.print(wrap_line(f"  left out: {left_out} line(s) of {hands} with nothing recorded"), markup=False, soft_wrap=True)
    disagreements = comparison.disagreements()
    if disagreements:
        console.print(wrap_line(f"fans that differ (in how many of the {compared} wins):"), markup=False, soft_wrap=True)
        for d in disagreements:
            parts = [f"recorded more often in {d.recorded_more}"] if d.recorded_more else []
            parts += [f"scored more often in {d.scored_more}"] if d.scored_more else []
            console.print(wrap_line(f"  {fan_label(d.fan, ruleset_of.get(d.fan))}: {'; '.join(parts)}"), markup=False,
                          soft_wrap=True)
    for win in comparison.wins:
        if win.agrees:
            continue
        match = f" (match {win.match})" if win.match else ""
        if win.error is not None:
            console.print(wrap_line(f"line {win.line}{match}: not scored: {win.error}"), markup=False, soft_wrap=True)
            continue
        fans = ", ".join(f"{fan_label(f.fan, win.ruleset)} {f.recorded} recorded, {f.scored} scored" for f in win.fans)
        payments = "" if win.payments_agree else "; payments differ"
        console.print(wrap_line(f"line {win.line}{match}: total {win.total}, recorded {win.recorded.total}{payments}"
                                f"{'; ' + fans if fans else ''}"), markup=False, soft_wrap=True)
