"""``mjscore ledger ...``: check that nobody changed the club's records, vouch for records an older
mjscore kept unsigned, accept a tampered record as it stands, and list those statements."""

from __future__ import annotations

import json

import click

from mjscore.errors import MjscoreError
from mjscore.interfaces.cli.app import Format, app, enum_option, fail
from mjscore.interfaces.cli.club import database_option
from mjscore.interfaces.cli.tables import actor, open_keeper

reason_option = click.option("--reason", help="Why: it is signed into the ledger with who and when.")


@app.group("ledger")
def ledger() -> None:
    """Check the club's signed records; vouch for old ones; accept a tampered one as it stands."""


@ledger.command("check")
@database_option
def check_command(database: str | None) -> None:
    """Check every table, the roster, every tournament and the statements against their hash chains,
    their signed heads and the anchor beside the ledger key. Each finding is one line; the exit
    status is 1 if there is any, 0 if every record checks."""
    from mjscore.scorekeeper.auditor import check
    with open_keeper(database) as keeper:
        report = check(keeper)
    for finding in report.findings:
        click.echo(f"finding: {finding}")
    counted = (f"{report.tables} table{'s' * (report.tables != 1)}, {report.tournaments} "
               f"tournament{'s' * (report.tournaments != 1)}, the roster ({report.roster} "
               f"change{'s' * (report.roster != 1)}), {report.statements} statement{'s' * (report.statements != 1)}")
    if report.findings:
        click.echo(f"{len(report.findings)} finding{'s' * (len(report.findings) != 1)} in {counted}")
        raise SystemExit(1)
    click.echo(f"every record checks: {counted}")


@ledger.command("log")
@enum_option("--format", "output", default=Format.text, help="text or json.")
@database_option
def log_command(output: Format, database: str | None) -> None:
    """The statements signed into the ledger, oldest first: adoptions and acceptances, each with who,
    when, why and what was found."""
    with open_keeper(database) as keeper:
        found = keeper.statements()
    if output is Format.json:
        click.echo(json.dumps([{"statement": s.seq, "kind": s.kind, "record": s.record, "at": s.at, "by": s.actor,
                                "reason": s.reason, "state": dict(s.state)} for s in found],
                              ensure_ascii=False, indent=2))
        return
    if not found:
        click.echo("no statements: nothing was adopted or accepted")
    for s in found:
        what = s.record.replace(":", " ") if s.record else "the database"
        click.echo(f"{s.seq}. {s.at[:19].replace('T', ' ')} UTC {s.kind} {what}, by {s.actor}: {s.reason}")
        for finding in s.state.get("findings", []):
            click.echo(f"   found: {finding}")


@ledger.command("adopt")
@reason_option
@click.option("--yes", is_flag=True, help="Sign them as they stand (without it, only show what would be signed).")
@database_option
def adopt_command(reason: str | None, yes: bool, database: str | None) -> None:
    """Vouch for the records an older mjscore kept unsigned (tables from before signed heads, the
    roster's renames and merges, tournaments), which an upgrade never signs by itself: shows them,
    and with --yes and a --reason signs them as they stand, with a statement of who, when and why."""
    from mjscore.scorekeeper.storage import listed, pending_adoption
    from mjscore.scorekeeper.trust import Adoption
    try:
        found = pending_adoption(database)
    except MjscoreError as error:
        raise fail(str(error)) from None
    if not found:
        click.echo("nothing to adopt: every record of the database is signed, or was checked when it was upgraded")
        return
    click.echo(f"kept unsigned by an older mjscore: {listed(found)}")
    if not yes:
        click.echo('to sign them as they stand: mjscore ledger adopt --reason "..." --yes')
        return
    if not reason:
        raise fail('--reason: say why you vouch for them (e.g. --reason "kept by our club since 2025, never edited")')
    try:
        adoption = Adoption(actor(), reason)
    except MjscoreError as error:
        raise fail(str(error)) from None
    with open_keeper(database, adopt=adoption) as keeper:
        statement = keeper.statements()[-1]
    click.echo(f"adopted, statement {statement.seq}: signed as they stand, by {statement.actor}")


@ledger.command("accept")
@click.argument("record", type=click.Choice(["table", "roster", "tournament"]), help="table, roster or tournament.")
@click.argument("name", required=False, help="The table's number, or the tournament's name.")
@reason_option
@database_option
def accept_command(record: str, name: str | None, reason: str | None, database: str | None) -> None:
    """Accept a record found tampered (`mjscore ledger check`) as it stands: a signed statement keeps
    who, when, why and what was found, and the record reads again; any later change outside mjscore
    is named again. Nothing is ever accepted silently."""
    from mjscore.scorekeeper.auditor import accept
    if not reason:
        raise fail('--reason: say why you accept it as it stands (e.g. --reason "the +500 was agreed at the table")')
    with open_keeper(database) as keeper:
        statement = accept(keeper, record, name, reason, actor=actor())
    click.echo(f"accepted, statement {statement.seq}: {statement.record.replace(':', ' ') if statement.record else ''} "
               f"as it stands, by {statement.actor}")
    for finding in statement.state.get("findings", []):
        click.echo(f"  found: {finding}")
