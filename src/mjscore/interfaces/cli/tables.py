"""``mjscore table ...``: keep the score of a table of four all evening.

Every command opens the database named by ``--database`` or ``$MJSCORE_DATABASE_URL`` (default: a
SQLite file in the user's data directory) and calls :class:`mjscore.scorekeeper.Scorekeeper`.
"""

from __future__ import annotations

import difflib
import getpass
import json
import socket
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from enum import StrEnum
from pathlib import Path
from typing import TYPE_CHECKING, Any

import click
from rich import box
from rich.table import Table

from mjscore.environment import DATABASE_URL_VARIABLE
from mjscore.errors import DatabaseUnavailableError, MjscoreError
from mjscore.hand import parse_record, read_record_file
from mjscore.interfaces.cli.app import OUTPUT_FILE, Format, app, enum_option, fail, make_console
from mjscore.reading import parse_json, read_stream, read_text
from mjscore.rulesets import named_house_rules

if TYPE_CHECKING:  # the scorekeeper (SQLAlchemy, Alembic) is imported by the commands that run
    from mjscore.scorekeeper import Adoption, Scorekeeper, TableView


class ExportFormat(StrEnum):
    json = "json"
    csv = "csv"


class _Options:
    """The database chosen on ``mjscore table`` (read by every subcommand)."""

    database: str | None = None


@app.group("table")
@click.option("--database", envvar=DATABASE_URL_VARIABLE, show_envvar=True,
              help="A SQLAlchemy URL, e.g. postgresql://user@host/mjscore (default: a SQLite file in your data folder).")
def tables(database: str | None) -> None:
    """Keep the score of a table: hands, draws, table payments, balances."""
    _Options.database = database


@contextmanager
def open_keeper(database: str | None, adopt: Adoption | None = None) -> Iterator[Scorekeeper]:
    """The scorekeeper of ``database`` (None: ``$MJSCORE_DATABASE_URL`` or the default file), closed
    when the block ends; any input error becomes ``error: ...`` and exit status 2 (a passing storage
    error says to try again). The table, players, standings, statistics and ledger commands all open
    it so; ``adopt`` vouches for records an older mjscore kept unsigned (``mjscore ledger adopt``)."""
    from mjscore.scorekeeper import Scorekeeper
    keeper: Scorekeeper | None = None
    try:
        keeper = Scorekeeper.open(database, adopt=adopt)
        yield keeper
    except DatabaseUnavailableError as error:
        raise fail(f"{error} (nothing was changed: try again)") from None
    except MjscoreError as error:
        raise fail(str(error)) from None
    finally:
        if keeper is not None:
            keeper.close()


def write_output(text: str, to: Path | None) -> None:
    """``text`` on standard output, or in the file ``to`` (``--output``); a file that cannot be
    written is one line and exit status 2."""
    if to is None:
        click.echo(text, nl=False)
        return
    try:
        to.write_text(text, encoding="utf-8")
    except OSError as error:
        raise fail(f"cannot write {to}: {error.strerror}") from None


table_id_argument = click.argument("table_id", type=int, help="The table's number (see `mjscore table list`).")
correct_option = click.option("--correct", type=int, help="Replace entry N instead of adding one.")
version_option = click.option("--if-version", type=int,
                              help="Refuse if the table changed since it had this version (see `table show`).")
request_option = click.option("--request-id",
                              help="Any text unique to this change: run again with the same id, it is recorded once.")
format_option = enum_option("--format", "output", default=Format.text, help="text reads like a score sheet; json for programs.")


def actor() -> str:
    """Who makes a change from the command line: the user and the machine."""
    try:
        user = getpass.getuser()
    except (KeyError, OSError):
        user = "someone"
    return f"cli {user}@{socket.gethostname()}"


def roster_note(keeper: Scorekeeper, names: Sequence[str]) -> str | None:
    """What ``table new`` says about names the roster does not know yet: they join it as new people,
    and a known name close to one is offered (a typo, or the same person: ``players merge``)."""
    known = [m.person.name for m in keeper.roster()]
    folded = {n.casefold() for n in known}
    fresh = [n.strip() for n in names if n.strip().casefold() not in folded]
    if not known or not fresh:
        return None
    hints = []
    for name in fresh:
        close = difflib.get_close_matches(name, known, n=1, cutoff=0.6)
        hints.append(f"{name} (did you mean {close[0]}?)" if close else name)
    return f"new on the roster: {', '.join(hints)}"


@tables.command("new")
@click.argument("players", nargs=-1, required=True, help="The four players, East first (the first dealer), then S, W, N.")
@click.option("--ruleset", default="lrc", help="Ruleset id.")
@click.option("--name", default="", help="A name for the table.")
@click.option("--rules", "house_rules", type=click.Path(path_type=Path),
              help="House rules (TOML or JSON), or a preset's name (e.g. platform at a taiwan table).")
@click.option("--per-point", help="Money per point (or per tai), e.g. 0.5: the house rule `stake`.")
@click.option("--base-money", default="0",
              help="Money each payment of a hand carries (底; 0: the ruleset's, e.g. 50 at the taiwan table).")
@request_option
@click.option("--event", help="The evening or tournament it counts in (`mjscore standings`).")
@click.option("--session-hands", type=int, help="The session's hands (e.g. 16); then no more are recorded.")
@click.option("--session-minutes", type=int,
              help="The session's time limit: no hand begins after it (the one in play is finished).")
def new_command(players: tuple[str, ...], ruleset: str, name: str, house_rules: Path | None, per_point: str | None,
                base_money: str, request_id: str | None, event: str | None, session_hands: int | None,
                session_minutes: int | None) -> None:
    """Start a table of four players (the roster's people of those names; new names join the roster)."""
    from mjscore.scorekeeper import TableSettings
    from mjscore.scorekeeper.sessions import SessionRule
    with open_keeper(_Options.database) as keeper:
        overrides = named_house_rules(house_rules, ruleset) if house_rules else {}
        if per_point is not None:
            if "stake" in overrides:
                raise fail(f"--per-point {per_point}: the house rules already set the stake ({overrides['stake']})")
            overrides["stake"] = per_point
        settings = TableSettings.of(name, players, ruleset, overrides, base_money)
        session = SessionRule.of(session_hands, session_minutes, event)
        note = roster_note(keeper, settings.players)
        view = keeper.create_table(settings, actor=actor(), request_id=request_id, session_rule=session)
        again = " (already opened with this request id)" if view.replayed else ""
        click.echo(f"table {view.id}: {', '.join(settings.players)} — {view.facts.name.en}{again}")
        if note and not view.replayed:
            click.echo(note)


@tables.command("list")
@format_option
def list_command(output: Format) -> None:
    """The tables, newest last."""
    with open_keeper(_Options.database) as keeper:
        found = keeper.tables()
    if output is Format.json:
        click.echo(json.dumps([{"id": t.id, "name": t.name, "ruleset": t.ruleset, "players": list(t.players),
                                "entries": t.entries, "version": t.version, **({"problem": t.problem} if t.problem else {})}
                               for t in found], ensure_ascii=False, indent=2))
        return
    for summary in found:
        label = f" {summary.name}" if summary.name else ""
        players = ", ".join(summary.players) if summary.problem is None else f"({summary.problem})"
        click.echo(f"{summary.id:4}{label} [{summary.ruleset}] {players}: {summary.entries} entries")


#: How many entries of the history ``table show`` prints unless asked for all.
SHOWN = 20


@tables.command("show")
@table_id_argument
@format_option
@click.option("--lang", default="en", help="en, zh-Hans, zh-Hant or ja.")
@click.option("--all", "everything", is_flag=True, help=f"The whole history, not the last {SHOWN} entries.")
@click.option("--since-version", "since", type=int, help="JSON: only the entries changed after this version.")
@click.option("--as-stored", "as_stored", is_flag=True,
              help="A table changed outside mjscore: show it as its rows stand, with every finding.")
def show_command(table_id: int, output: Format, lang: str, everything: bool, since: int | None, as_stored: bool) -> None:
    """Balances, the dealer, the round and the streak, and the last entries of the history."""
    from mjscore.scorekeeper.exchange import view_to_dict
    from mjscore.scorekeeper.sessions import describe
    if as_stored:
        _show_as_stored(table_id, output, lang)
        return
    with open_keeper(_Options.database) as keeper:
        if output is Format.json:  # the whole table, or what changed since a version
            view = keeper.table(table_id) if since is None else keeper.page(table_id, since_version=since)
        else:  # the balances and the last entries: a page, whatever the history before it
            view = keeper.page(table_id, last=None if everything else SHOWN)
        session = describe(keeper.session_of(table_id), view.created_at)
    if output is Format.json:
        click.echo(json.dumps(view_to_dict(view, lang, since), ensure_ascii=False, indent=2))
    else:
        if session is not None:
            click.echo(session[0].upper() + session[1:])
        _print_table(view, None if everything else SHOWN)


def _show_as_stored(table_id: int, output: Format, lang: str) -> None:
    """``table show --as-stored``: the table as its rows stand, each finding first (``TAMPERED: ...``)."""
    from mjscore.scorekeeper.exchange import stored_to_dict
    with open_keeper(_Options.database) as keeper:
        found = keeper.inspect(table_id)
    if output is Format.json:
        click.echo(json.dumps(stored_to_dict(found, lang), ensure_ascii=False, indent=2))
        return
    for finding in found.findings:
        click.echo(f"TAMPERED: {finding}")
    if not found.findings:
        click.echo(f"table {table_id} checks: nothing was changed outside mjscore")
    if found.view is None:
        click.echo("its rows make no history that can be shown")
        return
    if found.findings:
        click.echo(f"shown as its rows stand; `mjscore ledger accept table {table_id} --reason ...` accepts it")
    _print_table(found.view, None)


@tables.command("record")
@table_id_argument
@click.argument("hand", type=click.Path(path_type=Path),
                help="A hand record JSON file (docs/hand-format.md), '-' for standard input.")
@click.option("--winner", help="Who won (else the record's seat).")
@click.option("--discarder", help="Who gave the winning tile (else the record's discarder).")
@correct_option
@version_option
@request_option
def record_command(table_id: int, hand: Path, winner: str | None, discarder: str | None, correct: int | None,
                   if_version: int | None, request_id: str | None) -> None:
    """Record a won hand: it is scored, checked against the minimum of the round, and paid."""
    record = _read_record(hand)
    _change(lambda keeper: keeper.record_win(table_id, record, winner, discarder, correct=correct,
                                             expected_version=if_version, request_id=request_id, actor=actor()),
            table_id, correct=correct)


@tables.command("event")
@table_id_argument
@click.argument("event", help="The ruleset's table payment, e.g. concealed_gong_collection.")
@click.option("--player", required=True, help="Who it names: who collects, or who pays a penalty.")
@click.option("--count", type=int, default=1, help="How many times it happened.")
@correct_option
@version_option
@request_option
def event_command(table_id: int, event: str, player: str, count: int, correct: int | None, if_version: int | None,
                  request_id: str | None) -> None:
    """Record a table payment when it happens: a concealed gong, a flower set, triple dice, a penalty."""
    _change(lambda keeper: keeper.record_event(table_id, event, player, count, correct=correct,
                                               expected_version=if_version, request_id=request_id, actor=actor()),
            table_id, correct=correct)


@tables.command("draw")
@table_id_argument
@click.option("--tenpai", multiple=True, help="A riichi table: a player tenpai when the wall ran out (repeat it).")
@click.option("--abortive", is_flag=True, help="A riichi table: an abortive draw (where the game has them).")
@correct_option
@version_option
@request_option
def draw_command(table_id: int, tenpai: tuple[str, ...], abortive: bool, correct: int | None, if_version: int | None,
                 request_id: str | None) -> None:
    """Record a drawn hand (the wall ran out; at a riichi table, with who was tenpai)."""
    _change(lambda keeper: keeper.record_draw(table_id, tenpai=tenpai, abortive=abortive, correct=correct,
                                              expected_version=if_version, request_id=request_id, actor=actor()),
            table_id, correct=correct)


@tables.command("riichi")
@table_id_argument
@click.argument("player", help="Who declared riichi: their stick goes on the table.")
@correct_option
@version_option
@request_option
def riichi_command(table_id: int, player: str, correct: int | None, if_version: int | None,
                   request_id: str | None) -> None:
    """Record a riichi at a table that keeps points: the player's stick goes on the table."""
    _change(lambda keeper: keeper.record_riichi(table_id, player, correct=correct, expected_version=if_version,
                                                request_id=request_id, actor=actor()), table_id, correct=correct)


@tables.command("undo")
@table_id_argument
@version_option
@request_option
def undo_command(table_id: int, if_version: int | None, request_id: str | None) -> None:
    """Void the last entry (it stays in the table's log), and say which it was."""
    from mjscore.scorekeeper.ledger import describe

    def undo(keeper: Scorekeeper) -> TableView:
        before = keeper.page(table_id, last=1)  # what will be undone: the table must not move meanwhile
        view = keeper.undo(table_id, expected_version=before.version if if_version is None else if_version,
                           request_id=request_id, actor=actor())
        if before.ledger.steps and not view.replayed:
            step = before.ledger.steps[-1]
            click.echo(f"undone: {step.number}. {describe(step, before.settings.players)}")
        return view

    _change(undo, table_id, last=False)


@tables.command("rescore")
@table_id_argument
@version_option
@request_option
@click.option("--dry-run", is_flag=True, help="Say which entries would change, and change nothing.")
def rescore_command(table_id: int, if_version: int | None, request_id: str | None, dry_run: bool) -> None:
    """Score every entry again under the current ruleset and engine (entries are pinned when recorded)."""
    with open_keeper(_Options.database) as keeper:
        view, changed = keeper.rescore(table_id, expected_version=if_version, request_id=request_id, actor=actor(),
                                       dry_run=dry_run)
    done = "a dry run (nothing recorded)" if dry_run else "rescored"
    if changed:
        would = "would change" if dry_run else "changed"
        click.echo(f"{done}: entr{'y' if len(changed) == 1 else 'ies'} {', '.join(map(str, changed))} {would}")
    else:
        click.echo(f"{done}: nothing {'would change' if dry_run else 'changed'}")
    click.echo(_standing(view))
    click.echo(_balances_line(view))


@tables.command("log")
@table_id_argument
@format_option
def log_command(table_id: int, output: Format) -> None:
    """Every change ever made to the table, with when (UTC) and by whom: nothing is deleted."""
    from mjscore.scorekeeper.exchange import log_to_dict
    with open_keeper(_Options.database) as keeper:
        opened = keeper.page(table_id, last=0)
        changes = keeper.log(table_id)
    if output is Format.json:
        click.echo(json.dumps(log_to_dict(opened, changes), ensure_ascii=False, indent=2))
        return
    click.echo(f"   0. {opened.created_at} opened the table — {opened.created_by}")
    for c in changes:
        click.echo(f"{c.seq:4}. {c.at} {c.action} entry {c.number} (version {c.version}) — {c.actor}")


@tables.command("delete")
@table_id_argument
@click.option("--yes", is_flag=True, help="Yes, remove the table and its whole history.")
def delete_command(table_id: int, yes: bool) -> None:
    """Remove a table and its whole history, e.g. a junk table (only here: the web app cannot)."""
    with open_keeper(_Options.database) as keeper:
        if not yes:
            found = keeper.page(table_id, last=0)
            raise fail(f"deleting table {table_id} ({found.settings.name or 'no name'}, {found.ledger.length} entries) "
                       "removes its whole history: add --yes, or export it first")
        gone = keeper.delete_table(table_id)
    click.echo(f"table {gone.id} deleted: {', '.join(gone.players)}, {gone.entries} entries, version {gone.version}")


@tables.command("export")
@table_id_argument
@enum_option("--format", "output", default=ExportFormat.json, help="json (can be imported back) or csv.")
@click.option("--output", "-o", "to", type=OUTPUT_FILE, help="Write to this file instead of standard output.")
@click.option("--as-stored", "as_stored", is_flag=True,
              help="A table changed outside mjscore: export it as its rows stand, marked tampered and unsigned.")
def export_command(table_id: int, output: ExportFormat, to: Path | None, as_stored: bool) -> None:
    """Export a table as JSON (with its hash chain, signed with the server's ledger key) or CSV."""
    from mjscore.scorekeeper.exchange import signed_export, stored_to_dict, view_to_csv, view_to_dict
    if as_stored:
        with open_keeper(_Options.database) as keeper:
            found = keeper.inspect(table_id)
        if output is ExportFormat.json:
            text = json.dumps(stored_to_dict(found), ensure_ascii=False, indent=2) + "\n"
        elif found.view is None:
            raise fail(f"table {table_id}: its rows make no history: {found.findings[-1]}")
        else:
            text = view_to_csv(found.view)
        write_output(text, to)
        return
    with open_keeper(_Options.database) as keeper:
        view = keeper.table(table_id)
        if output is ExportFormat.json:
            text = json.dumps(signed_export(view_to_dict(view), keeper.chain(table_id), keeper, table_id),
                              ensure_ascii=False, indent=2) + "\n"
        else:
            text = view_to_csv(view)
    write_output(text, to)


@tables.command("import")
@click.argument("source", type=click.Path(path_type=Path), help="A table exported as JSON, '-' for standard input.")
@click.option("--if-altered", type=click.Choice(["refuse", "mark"]), default="refuse", show_default=True,
              help="An export changed since this server signed it: refuse it, or import it marked as altered.")
def import_command(source: Path, if_altered: str) -> None:
    """Import a table exported as JSON: a new table with the same players, rules and history. Says
    whether the export is the club's unaltered record (signed with this server's ledger key)."""
    from mjscore.scorekeeper.exchange import import_export, import_note
    data = _read_json(source)
    with open_keeper(_Options.database) as keeper:
        view, found = import_export(keeper, data, actor(), if_altered)
        note = import_note(found, keeper.store.key.fingerprint)
    click.echo(f"table {view.id}: {len(view.ledger.steps)} entries imported; {note}")


def _change(action: Callable[[Scorekeeper], TableView], table_id: int, *, correct: int | None = None,
            last: bool = True) -> None:
    """Make a change and say what it did: the entry it recorded (``last``), or the entry it corrected
    (``correct``), as it is now and as it was; then where the table stands."""
    from mjscore.scorekeeper.ledger import describe
    with open_keeper(_Options.database) as keeper:
        was = keeper.page(table_id, before=correct + 1, last=1).ledger.steps if correct is not None else ()
        view = action(keeper)
    if view.replayed:
        click.echo("already recorded (same request id): nothing recorded this time")
    players = view.settings.players
    if correct is not None:
        now = next((step for step in view.ledger.steps if step.number == correct), None)
        if now is not None:
            old = f" (was: {describe(was[-1], players)})" if was and was[-1].number == correct else ""
            click.echo(f"corrected: {now.number}. {describe(now, players)}{old}")
    elif last and view.ledger.steps:
        step = view.ledger.steps[-1]
        click.echo(f"{step.number}. {describe(step, players)}")
    click.echo(_standing(view))
    click.echo(_balances_line(view))


def _read_json(source: Path) -> Any:
    """A table export from a file or standard input ('-'), read strictly (:mod:`mjscore.reading`)."""
    try:
        if str(source) == "-":
            return parse_json(read_stream(sys.stdin.buffer, "table"), "standard input")
        return parse_json(read_text(source, "table"), str(source))
    except MjscoreError as error:
        raise fail(str(error)) from None


def _read_record(source: Path) -> dict[str, Any]:
    """A hand record from a file or standard input ('-'), read as ``mjscore score`` reads it."""
    try:
        if str(source) == "-":
            return parse_record(read_stream(sys.stdin.buffer, "hand"), "standard input")
        return read_record_file(source)
    except MjscoreError as error:
        raise fail(str(error)) from None


def _standing(view: TableView) -> str:
    from mjscore.scorekeeper.flow import ROUND_NAMES, minimum_to_win
    deal = view.deal
    if view.ledger.unsettled is not None:
        return (f"table {view.id} (version {view.version}): entry {view.ledger.unsettled} is not settled; "
                "correct it, undo it or `table rescore` before recording more")
    if deal.over:
        return f"table {view.id} (version {view.version}): the game is over"
    dealer = view.settings.players[deal.dealer]
    streak = f", streak {deal.streak}" if deal.streak else ""
    minimum = minimum_to_win(deal, view.facts.minimum)
    floor = f"; minimum to win {minimum}" if minimum is not None else ""
    if view.facts.game is not None:
        sticks = sum(deal.sticks)
        riichi = [name for name, ready in zip(view.settings.players, deal.ready, strict=True) if ready]
        streak = f", {deal.honba} honba" + (f", {sticks} riichi stick{'s' * (sticks != 1)} on the table" if sticks else "")
        streak += f" (riichi: {', '.join(riichi)})" if riichi else ""
    return (f"table {view.id} (version {view.version}): {ROUND_NAMES[deal.round_wind]} round, hand {deal.hands + 1}, "
            f"dealer {dealer}{streak}{floor}")


def _balances_line(view: TableView) -> str:
    """The balances; at a riichi table each player's points in play, and at the end the final scores."""
    game = view.facts.game
    players = view.settings.players
    if game is None:
        return "balances: " + ", ".join(f"{name} {view.ledger.points[i]:+d}" for i, name in enumerate(players))
    if view.deal.over:
        return "final scores (with uma): " + ", ".join(f"{name} {view.ledger.points[i]:+d}"
                                                        for i, name in enumerate(players))
    from mjscore.scorekeeper.points import in_play
    now = in_play(game, view.ledger.points, view.deal.sticks)
    return "points: " + ", ".join(f"{name} {now[i]}" for i, name in enumerate(players))


def _print_table(view: TableView, last: int | None) -> None:
    from mjscore.scorekeeper.ledger import describe
    from mjscore.scoring.payments import money_text
    console = make_console()
    settings = view.settings
    title = f"{settings.name} — " if settings.name else ""
    facts = view.facts
    base = f" + {money_text(facts.base_money)} a hand" if facts.base_money else ""
    unit = facts.balance_unit.rstrip("s")  # a points game pays points, though its hands count han
    console.print(f"{title}{facts.name.en}; {money_text(facts.stake)} per {unit}{base}", markup=False)
    if facts.overrides:
        console.print(f"House rules: {'; '.join(facts.overrides)}", markup=False)
    console.print(_standing(view), markup=False)
    console.print(f"History hash {view.head[:16]} (created {view.created_at})", markup=False)
    balances = Table(box=box.SIMPLE)
    game = facts.game
    columns = ("Player", "Seat", "Points", "Money") if game is None else (
        "Player", "Seat", "Final score" if view.deal.over else "Balance", "Money", "Points in play")
    for column in columns:
        balances.add_column(column, justify="left" if column in ("Player", "Seat") else "right")
    if game is not None:
        from mjscore.scorekeeper.points import in_play
        now = in_play(game, view.ledger.points, view.deal.sticks)
    for i, name in enumerate(settings.players):
        row = [name, view.seat(i), f"{view.ledger.points[i]:+d}", money_text(view.ledger.money[i])]
        balances.add_row(*row, *([] if game is None or view.deal.over else [str(now[i])]))
    console.print(balances)
    if not view.ledger.steps:
        return
    steps = view.ledger.steps if last is None else view.ledger.steps[-last:]
    earlier = steps[0].number - 1
    history = Table(box=box.SIMPLE, title="History", caption=f"{earlier} earlier entries: --all" if earlier else None)
    history.add_column("#", justify="right")
    history.add_column("Round")
    history.add_column("Dealer")
    history.add_column("What happened")
    for name in settings.players:
        history.add_column(name, justify="right")
    for step in steps:
        streak = f" ({step.deal.streak})" if step.deal.streak else ""
        history.add_row(str(step.number), step.deal.round_wind, settings.players[step.deal.dealer] + streak,
                        describe(step, settings.players), *(f"{step.change(i):+d}" for i in range(4)))
    console.print(history)
