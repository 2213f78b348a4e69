"""``mjscore score``, ``mjscore waits`` and ``mjscore rulesets``: scoring from the command line.

What one command needs is imported by it (issue 13: start-up): rich, which lays out the text
tables, by the functions that print them (a command asked for ``--format json`` does without it),
and the score sheet by ``score`` (``waits`` makes none). Rich prints the text as it is, without
turning ``:name:`` into an emoji (``emoji=False``): an award's name or an echoed input is shown as
written, as the web app shows it, and rich's table of emoji codes is not loaded.
"""

import json
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from click.exceptions import Exit

from mjscore import Hand, resolve_ruleset, score, score_waits
from mjscore.errors import MjscoreError
from mjscore.hand import parse_record, read_record_file
from mjscore.interfaces.cli.app import Format, Lang, app, enum_option, make_console, wrap_line
from mjscore.interfaces.cli.app import fail as _fail
from mjscore.labels import catalogue, label, unit_name
from mjscore.reading import read_stream
from mjscore.rulesets import loadable_rulesets
from mjscore.scoring.payments import Direction
from mjscore.scoring.ruleset import AwardRule, Ruleset
from mjscore.tiles import Tile

if TYPE_CHECKING:
    from mjscore.scoring.sheet import Row, Sheet

# The parameters ``score`` and ``waits`` share, as decorators.
hand_argument = click.argument(
    "hand", required=False, help="A hand record JSON file, '-' for standard input, or the concealed tiles in notation.")
ruleset_option = click.option("--ruleset", help="Ruleset id (default: the record's, or lrc).")
seat_option = click.option("--seat", help="The winner's seat: E, S, W or N.")
round_option = click.option("--round", "round_wind", help="The round wind: E, S, W or N.")
win_option = click.option("--win", help="self_draw, discard, robbing_gong or flowers (default: discard with --discarder).")
discarder_option = click.option("--discarder", help="The seat that gave the winning tile.")
meld_option = click.option(
    "--meld", multiple=True, help="A declared set, repeatable: 'pung CCC', 'chow 789m', 'kong 1111s concealed'.")
flowers_option = click.option("--flowers", help="Bonus tiles, e.g. '3f 6f'.")
house_rules_option = click.option("--rules", "house_rules", type=click.Path(path_type=Path),
                                  help="House rules (TOML or JSON) applied to the ruleset.")
ruleset_file_option = click.option(
    "--ruleset-file", type=click.Path(path_type=Path),
    help="A club's ruleset file (TOML, docs/ruleset-files.md); wins over the record's ruleset.")
format_option = enum_option("--format", "output", default=Format.text, help="text reads like a score sheet; json for programs.")
lang_option = enum_option("--lang", default=Lang.en, help="Language of award names.")

#: The hand record's fields ``score`` takes as options of their own, with a shorter name a referee
#: says (``--dora`` for ``--dora-indicators``). Each option is named after its field and explained by
#: the record's own description (:data:`mjscore.record_schema.SCHEMA`, generated from
#: :class:`mjscore.record.HandRecord`, the one source of the record's fields): a field's meaning is
#: written once, for the API, the JSON Schema and the command line alike.
RECORD_OPTIONS: dict[str, tuple[str, ...]] = {
    "ippatsu": (), "dora_indicators": ("--dora",), "ura_dora_indicators": ("--ura-dora",), "red_fives": (),
}


def record_options(function: Any) -> Any:
    """The options of :data:`RECORD_OPTIONS`: a flag for a yes-or-no field (absent: the record's
    own), tiles in notation for a field of tiles (``--dora '3m 5p'``)."""
    from mjscore.record_schema import SCHEMA

    for name, aliases in reversed(RECORD_OPTIONS.items()):
        field = SCHEMA["properties"][name]
        names = (f"--{name.replace('_', '-')}", *aliases, name)
        if field.get("type") == "boolean":
            function = click.option(*names, is_flag=True, default=None, help=field["description"])(function)
        else:
            explained = f"{field['description']} As tiles, e.g. '5p' or '5m 5p'."
            function = click.option(*names, metavar="TILES", help=explained)(function)
    return function


def _read_hand(source: str | None, overrides: dict[str, Any]) -> dict[str, Any]:
    """The hand record from a file, standard input or notation, with command-line fields on top.
    An argument that names a file (it exists, or it has a ``.`` or a ``/``, which notation never
    has) is read as a file, so a mistyped file name is reported as a missing file."""
    record: dict[str, Any] = {}
    try:
        if source == "-":
            record = parse_record(read_stream(sys.stdin.buffer, "hand"), "standard input")
        elif source is not None and _names_a_file(source):
            record = read_record_file(Path(source))
        elif source is not None:
            record["concealed"] = source
    except MjscoreError as error:
        raise _fail(str(error)) from None
    for key, value in overrides.items():
        if value is not None:
            record[key] = value
    if "win" not in record:
        record["win"] = "discard" if record.get("discarder") else "self_draw"
    return record


def _names_a_file(source: str) -> bool:
    if any(mark in source for mark in "./\\"):
        return True
    try:
        return Path(source).is_file()
    except (OSError, ValueError):  # a name too long for the file system, or with a NUL byte
        return False


def _melds(values: Sequence[str]) -> list[dict[str, Any]] | None:
    if not values:
        return None
    melds = []
    for value in values:
        words = value.split()
        if len(words) < 2:
            raise _fail(f"--meld {value!r}: write the kind and the tiles, e.g. 'pung CCC'")
        meld: dict[str, Any] = {"kind": words[0], "tiles": " ".join(w for w in words[1:] if w not in ("concealed", "added"))}
        if "concealed" in words[2:]:
            meld["concealed"] = True
        if "added" in words[2:]:
            meld["added"] = True
        melds.append(meld)
    return melds


def _hand_from_cli(source: str | None, ruleset: str | None, seat: str | None, round_wind: str | None,
                   win_tile: str | None, win: str | None, discarder: str | None, meld: Sequence[str],
                   flowers: str | None, extra: dict[str, Any]) -> Hand:
    fields = {"ruleset": ruleset, "seat": seat, "round": round_wind, "win_tile": win_tile, "win": win,
              "discarder": discarder, "melds": _melds(meld), "flowers": flowers, **extra}
    record = _read_hand(source, fields)
    try:
        return Hand.from_dict(record)
    except MjscoreError as error:
        raise _fail(str(error)) from None


def _ruleset_for(hand: Hand, house_rules: Path | None, ruleset_file: Path | None) -> Ruleset:
    """The hand's ruleset (or the club's ``ruleset_file``), with the house rules of ``house_rules`` applied."""
    return resolve_ruleset(hand.ruleset, house_rules, ruleset_file)


def _context_options(replacement: str | None, last_tile: bool, discards: int | None, declared_tiles: int | None,
                     dealer_streak: int | None, ready: bool, ready_on: str | None, heavenly: bool, earthly: bool,
                     last_of_kind: bool, double_riichi: bool = False) -> dict[str, Any]:
    if double_riichi:
        if ready_on not in (None, "first_discard"):
            raise _fail(f"--double-riichi is a declaration with the first discard: it cannot be --ready-on {ready_on}")
        ready_on = "first_discard"
    return {"replacement": replacement, "last_tile": last_tile or None, "discards": discards,
            "declared_tiles": declared_tiles, "dealer_streak": dealer_streak,
            "ready_declared": ready or ready_on is not None or None, "ready_on": ready_on,
            "heavenly": heavenly or None, "earthly": earthly or None, "last_of_kind": last_of_kind or None}


@app.command("score")
@hand_argument
@ruleset_option
@seat_option
@round_option
@click.option("--win-tile", help="The winning tile, e.g. 8s.")
@win_option
@discarder_option
@meld_option
@flowers_option
@click.option("--replacement", help="The winning tile was a replacement: flower, gong or double_gong.")
@click.option("--last-tile", is_flag=True, help="The winning tile was the wall's last.")
@click.option("--discards", type=int, help="Tiles discarded before the win.")
@click.option("--declared-tiles", type=int, help="Tiles in every player's declared sets.")
@click.option("--dealer-streak", type=int, help="Hands the dealer has already won in a row (taiwan: kept the deal).")
@click.option("--ready", "--riichi", "ready", is_flag=True, help="The hand was declared ready (Calling; riichi's riichi).")
@click.option("--ready-on", help="Declared ready on the deal or with the first discard: deal or first_discard "
                                 "(taiwan's 天聽, 地聽; riichi's double riichi); implies --ready.")
@click.option("--double-riichi", is_flag=True, help="Riichi declared with the first discard (--ready-on first_discard).")
@click.option("--heavenly", is_flag=True, help="The dealer's dealt hand was complete.")
@click.option("--earthly", is_flag=True, help="Won on the dealer's first discard (taiwan: on the winner's own first draw).")
@click.option("--last-of-kind", is_flag=True, help="The winning tile was the last of its kind.")
@record_options
@house_rules_option
@ruleset_file_option
@format_option
@lang_option
def score_command(
    hand: str | None, ruleset: str | None, seat: str | None, round_wind: str | None, win_tile: str | None,
    win: str | None, discarder: str | None, meld: tuple[str, ...], flowers: str | None, replacement: str | None,
    last_tile: bool, discards: int | None, declared_tiles: int | None, dealer_streak: int | None, ready: bool,
    ready_on: str | None, double_riichi: bool, heavenly: bool, earthly: bool, last_of_kind: bool,
    house_rules: Path | None, ruleset_file: Path | None, output: Format, lang: Lang, **record: Any,
) -> None:
    """Score a winning hand: every award with its points and reason, the total, who pays whom.

    Under riichi (--ruleset riichi-wrc): the han of each yaku, the fu line by line, dora, the limit
    and the points."""
    extra = {**_context_options(replacement, last_tile, discards, declared_tiles, dealer_streak, ready, ready_on,
                                heavenly, earthly, last_of_kind, double_riichi), **record}
    parsed = _hand_from_cli(hand, ruleset, seat, round_wind, win_tile, win, discarder, meld, flowers, extra)
    try:
        result = score(parsed, _ruleset_for(parsed, house_rules, ruleset_file))
    except MjscoreError as error:
        raise _fail(str(error)) from None
    from mjscore.scoring.sheet import score_json, sheet

    if output is Format.json:
        click.echo(json.dumps(score_json(result, lang.value), ensure_ascii=False, indent=2))
    else:
        _print_sheet(sheet(result), lang.value)
    if not result.is_legal:
        raise Exit(1)  # scored, but below the minimum to win: not a legal win (README, The command line)


@app.command("waits")
@hand_argument
@ruleset_option
@seat_option
@round_option
@win_option
@discarder_option
@meld_option
@flowers_option
@house_rules_option
@ruleset_file_option
@format_option
@lang_option
def waits_command(
    hand: str | None, ruleset: str | None, seat: str | None, round_wind: str | None, win: str | None,
    discarder: str | None, meld: tuple[str, ...], flowers: str | None, house_rules: Path | None,
    ruleset_file: Path | None, output: Format, lang: Lang,
) -> None:
    """The tiles a held hand waits on, and the score each would make (self-drawn, or won on a discard
    with --discarder or --win discard). A winning tile in the record is set aside."""
    held = _hand_from_cli(hand, ruleset, seat, round_wind, None, win, discarder, meld, flowers, {})
    try:
        results = score_waits(held, _ruleset_for(held, house_rules, ruleset_file))
    except MjscoreError as error:
        raise _fail(str(error)) from None
    if output is Format.json:
        click.echo(json.dumps([{"tile": tile.code, "total": s.total if s else None,
                                "awards": [a.to_dict(lang.value) for a in s.awards] if s else None}
                               for tile, s in results], ensure_ascii=False, indent=2))
        return
    from rich import box
    from rich.table import Table

    console = make_console(emoji=False)
    words = catalogue()[lang.value]
    if not results:
        console.print(f"{words['waits']}: {words['none']}")
        return
    table = Table(box=box.SIMPLE, show_header=True)
    table.add_column(words["waits"])
    table.add_column(words["total"], justify="right")
    table.add_column(words["award"])
    for tile, result in results:
        if result is None:
            table.add_row(f"{tile.unicode} {tile.code}", "-", "")
        else:
            names = words["list_separator"].join(_award_label(a.name.get(lang.value), a.count, a.value)
                                                 for a in result.awards)
            table.add_row(f"{tile.unicode} {tile.code}", str(result.total), names)
    console.print(table)


@app.command("rulesets")
@click.argument("ruleset_id", required=False, help="Show this ruleset's award table (or a preset's: riichi-wrc).")
@format_option
@lang_option
def rulesets_command(ruleset_id: str | None, output: Format, lang: Lang) -> None:
    """List the rulesets, or show one ruleset's award table."""
    if ruleset_id is None:
        found, problems = loadable_rulesets()
        for problem in problems:  # the others are listed: one damaged file does not hide them
            click.echo(f"mjscore rulesets: left out {problem}", err=True)
        if output is Format.json:
            click.echo(json.dumps([{"id": r.id, "name": r.name.get(lang.value), "version": r.version} for r in found],
                                  ensure_ascii=False, indent=2))
            return
        for rules in found:  # a line too wide for the terminal goes on under the name, never broken in a word
            click.echo(wrap_line(f"{rules.id:10} {rules.name.get(lang.value)} ({rules.version})", indent=11))
        return
    try:
        rules = resolve_ruleset(ruleset_id)  # a ruleset's id, or a preset's name (riichi-wrc: the table it plays)
    except MjscoreError as error:
        raise _fail(str(error)) from None
    if output is Format.json:
        click.echo(json.dumps(rules.to_dict(lang.value), ensure_ascii=False, indent=2))
        return
    _print_ruleset(rules, lang.value)


_WHO_PAYS = {Direction.COLLECT: "each", Direction.PAY: "to_each", Direction.FROM_DISCARDER: "from_discarder"}


def _print_ruleset(rules: Ruleset, lang: str) -> None:
    from rich import box
    from rich.cells import cell_len
    from rich.table import Table

    console = make_console(emoji=False)
    words = catalogue()[lang]
    console.print(f"{rules.name.get(lang)} — {rules.version}")
    if rules.overrides:
        console.print(label("heading_line", lang, heading=words["house_rules"], text="; ".join(rules.overrides)),
                      markup=False)
    table = Table(box=box.SIMPLE, pad_edge=False)
    rows = [(award.id, award.name.get(lang) + ("" if award.enabled else f" ({words['off']})"), _points_of(rules, award, lang),
             award.group or "") for award in rules.awards]
    rows.append(("base", rules.base_name.get(lang), str(rules.base), ""))
    # Ids and groups are what a house-rule file names: whole on any terminal. The names wrap at their
    # spaces, never inside a word: where the columns side by side leave a name less room than its
    # longest word, each name goes on its own line, its id and group below it.
    widest = [max(cell_len(row[column]) for row in rows) for column in (0, 2, 3)]
    longest_word = max(cell_len(word) for row in rows for word in row[1].split())
    if sum(widest) + longest_word + 6 <= console.width:
        table.add_column("id", no_wrap=True, min_width=widest[0])
        table.add_column(words["award"], ratio=1, min_width=longest_word)
        table.add_column(_points_heading(rules, lang), justify="right", no_wrap=True)
        table.add_column(words["group"], no_wrap=True, min_width=widest[2])
        for row in rows:
            table.add_row(*row)
    else:
        table.add_column(f"{words['award']} (id, {words['group']})", ratio=1)
        table.add_column(_points_heading(rules, lang), justify="right", no_wrap=True)
        for award_id, name, points, group in rows:
            table.add_row(f"{name}\n  {award_id}{f'  ({group})' if group else ''}", points)
    console.print(table)
    if rules.table_payments:
        console.print(f"{words['table_payments']}:")
        for payment in rules.table_payments:
            who = label(_WHO_PAYS[payment.direction], lang, amount=payment.amount)
            event = f" ({words['event_note']})" if payment.pattern is None else ""
            mark = "" if payment.enabled else f" ({words['off']})"
            console.print(f"  {payment.name.get(lang)}{mark}: {who}{event}", markup=False)
    if rules.points_table is not None and rules.fu is not None:
        _print_points_tables(console, rules, lang)
    reason = _why_in_python(rules)
    console.print(label("scored_natively", lang) if reason is None else label("scored_in_python", lang, reason=reason),
                  markup=False)


def _points_heading(rules: Ruleset, lang: str) -> str:
    """The heading of the award table's values: "Points", or, under a ruleset valued by han and fu,
    the unit and the open hand's value ("han (open)")."""
    words = catalogue()[lang]
    if rules.points_table is None:
        return words["points"]
    return f"{unit_name(rules.unit, lang)}{label('aside', lang, text=words['col_open'])}"


def _points_of(rules: Ruleset, award: AwardRule, lang: str) -> str:
    """An award's value in the table: its points; under a ruleset valued by han and fu, the closed
    han and the open ("2 (1)", "1 (closed only)"), and a limit hand's count of limits ("1 Yakuman")."""
    table = rules.points_table
    if table is None:
        return str(award.points)
    if award.limit_hand:
        return f"{award.points} {table.limit_hand_name.get(lang)}"
    if award.open_points is None:
        return str(award.points)
    opened = str(award.open_points) if award.open_points else label("closed_only", lang)
    return f"{award.points}{label('aside', lang, text=opened)}"


def _print_points_tables(console: Any, rules: Ruleset, lang: str) -> None:
    """A ruleset valued by han and fu (riichi): its fu table (what each part of a hand earns), its
    limits (mangan and the others, the limit hands) and who pays what share of the base points."""
    from rich import box
    from rich.table import Table

    fu, points = rules.fu, rules.points_table
    assert fu is not None and points is not None
    words = catalogue()[lang]
    rows: list[tuple[str, int]] = [(label("fu_base", lang), fu.base)]
    rows += [(label("fu_shape", lang), value) for value in fu.shapes.values()]
    rows += [(label(f"fu_{kind}", lang), value) for kind, value in
             (("concealed_claimed", fu.concealed_claimed), ("self_drawn", fu.self_drawn)) if value]
    rows += [(label(f"fu_{kind}", lang), value) for kind, value in fu.sets.items() if value]
    rows += [(label("fu_pair", lang, reasons=label(f"fu_pair_{kind}", lang)), value) for kind, value in fu.pair.items()]
    if fu.pair_most is not None:
        rows.append((words["fu_pair_most"], fu.pair_most))
    rows += [(label("fu_wait", lang, role=label(f"fu_wait_{kind}", lang)), value) for kind, value in fu.wait.items() if value]
    if fu.open_minimum:
        rows.append((words["fu_open_minimum"], fu.open_minimum))
    rows.append((words["fu_rounding"], fu.round_to))
    console.print(label("heading_line", lang, heading=words["fu"], text="").rstrip(), markup=False)
    table = Table(box=box.SIMPLE, show_header=False, pad_edge=False)
    table.add_column(ratio=1)
    table.add_column(justify="right", no_wrap=True)
    for text, value in rows:
        table.add_row(text, str(value))
    console.print(table)
    console.print(label("heading_line", lang, heading=words["limits_heading"], text="").rstrip(), markup=False)
    for limit in points.limits:
        key = "limit_line_from_base" if limit.from_base is not None else "limit_line"
        line = label(key, lang, name=limit.name.get(lang), han=limit.han, from_base=limit.from_base, base=limit.base)
        console.print("  " + line + ("" if limit.enabled else label("aside", lang, text=words["off"])), markup=False)
    how = words["limit_hands_add" if points.limit_hands_cumulative else "limit_hands_single"]
    console.print("  " + label("limit_hand_line", lang, name=points.limit_hand_name.get(lang), base=points.limit_hand_base,
                               how=how), markup=False)
    console.print(wrap_line(label("shares_line", lang, share=points.share, dealer_share=points.dealer_share,
                                  round_to=points.round_to)), markup=False)


def _why_in_python(rules: Ruleset) -> str | None:
    """Why the ruleset's hands are scored in Python rather than by the native core (None: natively)."""
    from mjscore.scoring.compiled import evaluator
    from mjscore.scoring.native_program import why_not_native

    return why_not_native(rules, evaluator(rules).ordinary.rules)


def _award_label(name: str, count: int, value: int) -> str:
    return f"{name} x{count} {value}" if count > 1 else f"{name} {value}"


def _tiles(tiles: tuple[Tile, ...]) -> str:
    """Tiles as tiles: their Unicode characters."""
    return "".join(t.unicode for t in tiles)


def _row_tiles(row: "Row", lang: str) -> str:
    """The tiles behind an award row: its sets, or "the whole hand" for an award on all of it."""
    from mjscore.scoring.sheet import Scope

    if row.scope is Scope.HAND:
        return label("whole_hand", lang)
    return " ".join(_tiles(s) for s in row.sets)


def _print_value(console: Any, shown: "Sheet", lang: str) -> None:
    """A hand valued by han and fu (riichi): its fu line by line (each set, the wait, the pair, the
    self-draw or concealed claim, the rounding) and what the han and fu make: the limit, the base points."""
    from rich import box
    from rich.table import Table

    value = shown.value
    assert value is not None
    words = catalogue()[lang]
    if value.fu_lines:
        console.print(label("heading_line", lang, heading=words["fu"], text="").rstrip(), markup=False)
        table = Table(box=box.SIMPLE, show_header=False, pad_edge=False)
        table.add_column()
        table.add_column(justify="right")
        table.add_column(style="dim")
        for fu_line in value.fu_lines:
            table.add_row(shown.fu_line_text(fu_line, lang), str(fu_line.fu), _tiles(fu_line.tiles))
        table.add_section()
        table.add_row(words["total"], str(value.fu), words["fu_unit"])
        console.print(table)
    console.print(shown.value_text(lang), markup=False)


def _print_sheet(shown: "Sheet", lang: str) -> None:
    """The score sheet as text: the same model, words and sentences as the web's sheet."""
    from rich import box
    from rich.table import Table

    console = make_console(emoji=False)
    words = catalogue()[lang]
    rules = shown.ruleset

    def line(key: str, text: str) -> None:
        console.print(label("heading_line", lang, heading=words[key], text=text), markup=False)

    # The version cites the source, in its language: shown with the English sheet.
    console.print(f"{rules.name.get(lang)} — {rules.version}" if lang == "en" else rules.name.get(lang), markup=False)
    if rules.overrides:
        line("house_rules", "; ".join(rules.overrides))
    if shown.arrangement:
        line("arrangement", " ".join(("[" + _tiles(g.tiles) + "]" if g.declared else _tiles(g.tiles))
                                     + ("*" if g.winning else "") for g in shown.arrangement))
    line("win", shown.win_line(lang))
    if shown.flowers:
        line("flowers", _tiles(shown.flowers))
    line("waits", " ".join(t.unicode for t in shown.waits) or words["none"])
    table = Table(box=box.SIMPLE, show_header=False, pad_edge=False)
    table.add_column(words["award"])
    table.add_column(words["points"], justify="right")
    table.add_column("", style="dim")
    for row in shown.rows:
        table.add_row(row.names.get(lang), row.points_text(), _row_tiles(row, lang))
    if shown.base:
        table.add_row(rules.base_name.get(lang), str(shown.base), "")
    table.add_section()
    table.add_row(words["total"], str(shown.total), shown.total_unit(lang))
    console.print(table)
    if shown.per_payment:  # 莊家, 連莊: carried by the dealer's payments, not in the total (ruling 55)
        console.print(shown.dealer_text(lang), markup=False)
    if shown.replaced:
        console.print(label("heading_line", lang, heading=words["replaced"], text="").rstrip(), markup=False)
        replaced = Table(box=box.SIMPLE, show_header=False, pad_edge=False)
        replaced.add_column()
        replaced.add_column(justify="right")
        replaced.add_column(style="dim")
        for gone in shown.replaced:
            replaced.add_row(gone.names.get(lang), str(gone.value), gone.text(lang))
        console.print(replaced)
    if shown.value is not None:
        _print_value(console, shown, lang)
    if shown.limit is not None:
        console.print(shown.limit_text(lang), markup=False)
    if shown.minimum is not None and not shown.minimum.legal:
        console.print(shown.minimum.text(lang), markup=False)
    line("payments", shown.payments_text(lang))
    for paid in shown.table_payments:
        line("table_payments", shown.table_payment_text(paid, lang))
