"""A table as JSON (to export and import back) and as CSV (to read in a spreadsheet).

The JSON holds the table's settings and its entries — what the table said happened, players by name —
which is all an import needs; the history with every score, payment and balance as it was settled,
with when and by whom each entry was recorded, follows for readers. An export also carries the
table's hash chain and a signature under the server's ledger key (:func:`signed_export`): an import
says whether it is the club's unaltered record, and refuses or marks one altered since
(:func:`check_export`). An import settles the entries again under the current engine: it is a new
table. The CSV is for spreadsheets: a text cell that a
spreadsheet would run as a formula (starting with ``=``, ``+``, ``-``, ``@``, a tab or a carriage
return) is written with a leading ``'``.
"""

from __future__ import annotations

import csv
import hmac
import io
from collections.abc import Mapping, Sequence
from typing import Any

from mjscore.errors import TableError
from mjscore.rulesets import DEFAULT_RULESET
from mjscore.scorekeeper import points
from mjscore.scorekeeper.audit import Change
from mjscore.scorekeeper.flow import Deal, minimum_to_win
from mjscore.scorekeeper.ledger import Step, describe
from mjscore.scorekeeper.model import Entry, Event, TableSettings, entry_from_dict, entry_to_dict
from mjscore.scorekeeper.service import Inspection, Scorekeeper
from mjscore.scorekeeper.signing import LedgerKey
from mjscore.scorekeeper.spreadsheets import spreadsheet_safe
from mjscore.scorekeeper.view import TableView
from mjscore.scoring.payments import money_text
from mjscore.scoring.ruleset import PointsGame

#: The ``format`` of an exported table.
FORMAT = "mjscore-table/1"




def view_to_dict(view: TableView, lang: str = "en", since_version: int | None = None,
                 last: int | None = None) -> dict[str, Any]:
    """The table as JSON: settings, entries, the deal now, balances and the settled history. With
    ``since_version``, ``history`` holds only the entries changed after that version (and
    ``entries`` is left out): a client that has the table at that version keeps its first
    ``length`` entries and replaces those the answer lists. Otherwise, with ``last``, only the last
    ``last`` entries of those the view holds. An answer that lists a part of the history, not all of
    it, says which in ``page`` (its first and last entry), and is no export: an import refuses it."""
    settings = view.settings
    players = settings.players
    deal = view.deal
    ledger = view.ledger
    steps = ledger.steps
    if since_version is not None:
        steps = tuple(s for s in steps if s.stamp is None or s.stamp.version > since_version)
    elif last is not None:
        steps = steps[-last:] if last else ()
    data: dict[str, Any] = {
        "format": FORMAT,
        "id": view.id,
        "version": view.version,
        "head": view.head,
        "created_at": view.created_at,
        "replayed": view.replayed,
        "name": settings.name,
        "players": list(players),
        "ruleset": settings.ruleset,
        "house_rules": dict(settings.house_rules),
        "base_money": money_text(settings.base_money),
        "stake": money_text(view.facts.stake),
        "entries": [entry_to_dict(step.entry, players) for step in steps],
        "length": ledger.length,
        "unsettled": view.ledger.unsettled,
        "deal": {"round": deal.round_wind, "dealer": players[deal.dealer], "streak": deal.streak,
                 "hands": deal.hands, "over": deal.over,
                 "minimum": minimum_to_win(deal, view.facts.minimum)},
        "balances": [{"player": name, "seat": view.seat(i), "points": view.ledger.points[i],
                      "money": money_text(view.ledger.money[i])} for i, name in enumerate(players)],
        "history": [_step_dict(step, players, lang) for step in steps],
    }
    game = view.facts.game
    if game is not None:
        data["game"] = game_state(game, ledger.points, deal, players)
    if since_version is not None:
        data["history_since"] = since_version
        del data["entries"]
    elif len(steps) != ledger.length:
        first = steps[0].number if steps else min(ledger.first, ledger.length + 1)
        data["page"] = {"first": first, "last": first + len(steps) - 1}
    return data


def game_state(game: PointsGame, balances: Sequence[int], deal: Deal, players: Sequence[str]) -> dict[str, Any]:
    """Where a points game (riichi's) stands: its start and return, the counters (honba), each
    player's sticks on the table and points in play, and who declared riichi in the hand being
    played; at its end the balances are the final scores (with oka and uma)."""
    return {"start": game.start, "target": game.target, "honba": deal.honba, "sticks": list(deal.sticks),
            "riichi": [players[p] for p in range(4) if deal.ready[p]],
            "points": list(points.in_play(game, balances, deal.sticks)), "uma": list(game.uma), "oka": game.oka,
            "abortive_draws": game.abortive_draws}


#: What :func:`check_export` finds: signed by this server's key and unchanged since; signed by it and
#: changed since (an entry, a balance, a winner edited), or naming this club's database as its origin
#: without this server's signature (a signature removed or its key changed); not signed by this
#: server's key and from another database (another club's export, or one made before exports were
#: signed), so nobody here can vouch for it.
UNALTERED, ALTERED, UNVERIFIED = "unaltered", "altered", "unverified"


def signed_export(data: Mapping[str, Any], chain: Sequence[tuple[Change, str]], keeper: Scorekeeper,
                  table_id: int) -> dict[str, Any]:
    """The export ``data`` of table ``table_id`` with its hash chain (each change, its stamp and its
    hash), where it comes from (``origin``: this club's database, the table and the hash of its
    settings) and the signature of the whole under the server's ledger key, so that an import can
    say whether it is the club's unaltered record (:func:`check_export`)."""
    signed: dict[str, Any] = {**data, "origin": {"database": keeper.store.database, "table": table_id,
                                                 "settings_hash": keeper.settings_hash(table_id)},
                              "chain": [{"change": change.seq, "version": change.version, "action": change.action,
                                         "entry": change.number, "at": change.at, "by": change.actor, "hash": stored}
                                        for change, stored in chain]}
    key = keeper.store.key
    signed["signature"] = {"key": key.fingerprint, "hmac": key.sign_export(signed)}
    return signed


def check_export(data: Mapping[str, Any], key: LedgerKey, database: str) -> str:
    """:data:`UNALTERED`, :data:`ALTERED` or :data:`UNVERIFIED`: whether ``data`` is an export this
    server's key signed (for the database ``database``), and unchanged since. An export that names
    this database as its origin is this club's: without this key's valid signature it is altered."""
    signature = data.get("signature")
    origin = data.get("origin")
    ours = isinstance(origin, Mapping) and origin.get("database") == database
    if not isinstance(signature, Mapping) or signature.get("key") != key.fingerprint:
        return ALTERED if ours or signature is not None and not isinstance(signature, Mapping) else UNVERIFIED
    given = signature.get("hmac")
    unsigned = {k: v for k, v in data.items() if k != "signature"}
    if isinstance(given, str) and hmac.compare_digest(given, key.sign_export(unsigned)):
        return UNALTERED
    return ALTERED


def import_origin(data: Mapping[str, Any], found: str) -> dict[str, Any]:
    """What an imported table keeps, signed with its head, of where it came from: what the import
    found, and the database, table and settings hash its export names (as it names them: only an
    unaltered export's are vouched for)."""
    origin = data.get("origin")
    named = origin if isinstance(origin, Mapping) else {}
    return {"import": found, "database": str(named.get("database", ""))[:64],
            "table": named.get("table") if isinstance(named.get("table"), int) else None,
            "settings_hash": str(named.get("settings_hash", ""))[:64]}


def stored_to_dict(found: Inspection, lang: str = "en") -> dict[str, Any]:
    """A table as its rows stand (:meth:`~mjscore.scorekeeper.service.Scorekeeper.inspect`), marked:
    ``tampered`` lists every finding (empty: it checks). Unsigned, with no chain: an import of it is
    never this club's unaltered record."""
    data = view_to_dict(found.view, lang) if found.view is not None else {"format": FORMAT, "entries": None}
    return {**data, "tampered": list(found.findings)}


def _step_dict(step: Step, players: tuple[str, ...], lang: str) -> dict[str, Any]:
    settled = step.settled
    pinned = settled.score
    pin = settled.pin
    return {
        "number": step.number,
        "round": step.deal.round_wind,
        "dealer": players[step.deal.dealer],
        "streak": step.deal.streak,
        "summary": describe(step, players, lang),
        "score": None if pinned is None else {
            "total": pinned.total, "unit": pinned.unit, "base": pinned.base, "win": pinned.win,
            "awards": [{"id": a.id, "name": a.name.get(lang), "points": a.points, "count": a.count, "value": a.value}
                       for a in pinned.awards]},
        "table_payments": [{"id": p.id, "name": p.name.get(lang), "count": p.count} for p in step.table_payments],
        "transfers": [{"payer": players[t.payer], "payee": None if t.payee is None else players[t.payee], "points": t.points,
                       "money": money_text(t.money), "reason": t.reason} for t in step.transfers],
        "points": list(step.points),
        "money": [money_text(m) for m in step.money],
        "scored_under": None if pin is None else {"ruleset": pin.ruleset, "version": pin.version,
                                                  "overrides": dict(pin.overrides), "engine": pin.engine},
        "recorded": None if step.stamp is None else {"version": step.stamp.version, "at": step.stamp.at,
                                                     "by": step.stamp.actor, "action": step.stamp.action,
                                                     "request_id": step.stamp.request_id},
        "problem": settled.problem,
    }


def log_to_dict(view: TableView, changes: Sequence[Change]) -> list[dict[str, Any]]:
    """The table's log as JSON: change 0 opened the table, then every change, oldest first."""
    return [{"change": 0, "version": 0, "at": view.created_at, "by": view.created_by, "action": "open", "entry": None,
             "request_id": None},
            *({"change": c.seq, "version": c.version, "at": c.at, "by": c.actor, "action": c.action, "entry": c.number,
               "request_id": c.request_id} for c in changes)]


def view_to_csv(view: TableView) -> str:
    """One row per entry: where the game stood, what happened, each player's change and balance."""
    players = view.settings.players
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    header = ["number", "round", "dealer", "streak", "summary", *(f"{name} change" for name in players),
              *(f"{name} points" for name in players), *(f"{name} money" for name in players)]
    writer.writerow([spreadsheet_safe(cell) for cell in header])
    for step in view.ledger.steps:
        writer.writerow([step.number, step.deal.round_wind, spreadsheet_safe(players[step.deal.dealer]), step.deal.streak,
                         spreadsheet_safe(describe(step, players)), *(step.change(i) for i in range(4)), *step.points,
                         *(money_text(m) for m in step.money)])
    return out.getvalue()


def table_from_dict(data: Mapping[str, Any]) -> tuple[TableSettings, list[Entry]]:
    """The settings and entries of an exported table (the derived history is ignored)."""
    if not isinstance(data, Mapping):
        raise TableError(f"not an exported mjscore table: expected a JSON object with 'format' {FORMAT!r}")
    if data.get("format") != FORMAT:
        raise TableError(f"not an exported mjscore table: 'format' should be {FORMAT!r}")
    house_rules = data.get("house_rules", {})
    if not isinstance(house_rules, Mapping):
        raise TableError("house_rules: expected a table of settings")
    players = data.get("players")
    if not isinstance(players, list) or not all(isinstance(p, str) for p in players):
        raise TableError("players: expected a list of four names")
    settings = TableSettings.of(str(data.get("name", "")), players, str(data.get("ruleset", DEFAULT_RULESET)), house_rules,
                                data.get("base_money", 0))
    if "entries" not in data:
        raise TableError("entries: missing (an exported table lists its entries, [] for none)")
    if "page" in data:
        table = data.get("id")
        raise TableError(f"page: this answer lists a part of table {table}'s history, not all of it: import its "
                         f"export instead (GET /api/tables/{table}/export, or mjscore table export {table})")
    entries = data["entries"]
    if not isinstance(entries, list) or not all(isinstance(e, Mapping) for e in entries):
        raise TableError("entries: expected a list of entries")
    found = []
    for number, entry in enumerate(entries, 1):
        try:
            read = entry_from_dict(entry, settings)
            if isinstance(read, Event):
                read.check_count()
            found.append(read)
        except TableError as error:
            raise TableError(f"entry {number}: {error}") from None
    return settings, found


#: What an import does with an export altered since it was signed: refuse it, or import it marked.
REFUSE, MARK = "refuse", "mark"


def import_export(keeper: Scorekeeper, data: Mapping[str, Any], actor: str, if_altered: str = REFUSE,
                  max_per_hour: int | None = None, client: str | None = None) -> tuple[TableView, str]:
    """A new table from the export ``data``, and what :func:`check_export` found. An export altered
    since this server signed it is refused (:class:`TableError`) unless ``if_altered`` is
    :data:`MARK`; one altered or not signed by this server's key is opened with that said in its
    opener (``table log`` shows it), so the imported table never passes for the club's own record;
    the table keeps what was found and where the export came from (:func:`import_origin`), signed
    with its head, so that standings and ratings count an import only when it is this club's
    unaltered record, and once."""
    settings, entries = table_from_dict(data)
    found = check_export(data, keeper.store.key, keeper.store.database)
    if found == ALTERED and if_altered != MARK:
        raise TableError(f"the export was changed after it was exported: its signature (ledger key "
                         f"{keeper.store.key.fingerprint}) does not match or was removed; not imported (import it "
                         "marked as altered with --if-altered mark, or ?if_altered=mark)")
    opener = actor if found == UNALTERED else f"import of an {found.upper()} export, by {actor}"
    view = keeper.create_table(settings, entries, actor=opener, max_per_hour=max_per_hour, client=client,
                               origin=import_origin(data, found))
    return view, found


def import_note(found: str, fingerprint: str) -> str:
    """What an import found, in words, for the command line."""
    if found == UNALTERED:
        return f"the club's unaltered record (signed by ledger key {fingerprint})"
    if found == ALTERED:
        return ("changed after it was exported, or its signature removed: its log marks it as an altered export, "
                "and ratings and standings leave it out")
    return ("not signed by this server's ledger key, so nobody here can say it is unaltered: its log marks it as "
            "unverified, and ratings and standings leave it out")
