"""The scorekeeper's service layer: what the CLI and the HTTP API ask of a table.

Reading a table is a sum: its rows are read, their hash chain checked and folded into the history
(:mod:`~mjscore.scorekeeper.audit`), and the stored transfers added up; the engine is not called.
Showing a table reads a page (:meth:`Scorekeeper.page`): the head keeps the sums (signed with it), so
only the rows of the entries shown, and those after them up to the head, are read and checked.
Every change is one transaction: lock the table's row, read its history, settle what the change adds
(the only time the engine runs, :func:`~mjscore.scorekeeper.ledger.settle`, which refuses an entry
that cannot happen, naming it), append the rows, and move the table's head on (its version, its
length, the hash of its last row).

A client that passes the ``expected_version`` it read is refused with :class:`StaleTableError` if
another client changed the table since; a client that passes a ``request_id`` (any string it makes
up, unique per change) gets the table back unchanged, marked ``replayed``, when a change with that id
was already recorded: a retry after a lost answer, or a second tap, is recorded once.
"""

from __future__ import annotations

import contextlib
import hmac
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, replace
from datetime import datetime
from functools import partial
from typing import TYPE_CHECKING, Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from mjscore.errors import (
    NoSuchTableError,
    Refusal,
    RulesetError,
    StaleTableError,
    TableError,
    TamperedTableError,
    TooManyRequestsError,
    quoted,
)
from mjscore.scorekeeper import audit, roster, storage, tournament_state, trust
from mjscore.scorekeeper.anchor import DELETED, Head
from mjscore.scorekeeper.audit import Change
from mjscore.scorekeeper.flow import Deal
from mjscore.scorekeeper.ledger import (
    Ledger,
    Settled,
    Stamp,
    Start,
    Step,
    context_from,
    ended_hand,
    page,
    settle,
    settled_to_json,
    start_of,
    sums,
    totals_to_json,
    win_entry,
)
from mjscore.scorekeeper.model import (
    Entry,
    Event,
    Ready,
    TableFacts,
    TableSettings,
    base_money,
    check_request_id,
    drawn,
    entry_to_dict,
)
from mjscore.scorekeeper.roster import Member, Person, RosterChange
from mjscore.scorekeeper.sessions import SessionRule, refusal
from mjscore.scorekeeper.signing import LedgerKey
from mjscore.scorekeeper.storage import EntryRow, RoundTableRow, SessionRow, Store, TableRow, TournamentRow
from mjscore.scorekeeper.trust import Adoption, Signer
from mjscore.scorekeeper.view import TableView

if TYPE_CHECKING:  # standings reads TableView
    from mjscore.scorekeeper.standings import Standings

#: Who made a change when the caller does not say.
UNKNOWN_ACTOR = "unknown"

#: The entries a table's answer lists unless asked for others (an evening is rarely longer), and
#: what a change reads of its history (:meth:`Scorekeeper._context`).
PAGE = 100


@dataclass(frozen=True, slots=True)
class TableSummary:
    """A line of the list of tables."""

    id: int
    name: str
    ruleset: str
    players: tuple[str, ...]
    entries: int
    version: int
    #: Why the table cannot be read (a row edited by hand: its players are not JSON), or None.
    problem: str | None = None


@dataclass(frozen=True, slots=True)
class EventSummary:
    """An evening or a tournament: its name, how many tables count in it, and the UTC days
    (``YYYY-MM-DD``) its first and last tables were opened."""

    name: str
    tables: int
    first: str
    last: str


@dataclass(frozen=True)
class _Write:
    """A row a change appends: ``action`` on entry ``number`` (the entry and what was settled, or
    neither for an undo)."""

    action: str
    number: int
    entry: Entry | None = None
    settled: Settled | None = None


class Scorekeeper:
    """Tables on a :class:`Store`. Open the default database with :meth:`open`. Every change takes
    the ``actor`` who makes it, for the table's log (the CLI: the user and machine; the web: the
    device and its address)."""

    def __init__(self, store: Store) -> None:
        self.store = store
        self.signer = Signer(store.key, store.anchor, store.database)
        if not store.anchor.heads(store.database):  # first contact: the anchor keeps every signed head now
            self.witness()

    @classmethod
    def open(cls, url: str | None = None, lock_timeout: float = 60, key: LedgerKey | None = None,
             adopt: Adoption | None = None) -> Scorekeeper:
        """The scorekeeper on ``url``, else ``$MJSCORE_DATABASE_URL``, else the user's SQLite file
        (a writer waits up to ``lock_timeout`` seconds for another); ``key`` signs the club's records
        (default: the server's key file, :mod:`~mjscore.scorekeeper.signing`); ``adopt`` vouches for
        records an older mjscore kept unsigned (:class:`~mjscore.scorekeeper.storage.Store`)."""
        return cls(Store(url, lock_timeout, key, adopt))

    def witness(self) -> int:
        """Keep in the anchor every table head that carries its signature (and is not older than the
        anchor's), as the anchor's first sight of this database: returns how many were checked."""
        heads: list[Head] = []
        with self.store.reading() as session:
            rules = {r.table_id: r for r in session.scalars(select(SessionRow))}
            for row in storage.table_rows(session):
                with contextlib.suppress(TamperedTableError, TypeError, ValueError):
                    _check_signature(row, self.store.key, rules.get(row.id))
                    heads.append(_head_of(row))
        self.store.anchor.advance(self.store.database, heads)
        return len(heads)

    def close(self) -> None:
        self.store.close()

    # ----- reading

    def tables(self) -> list[TableSummary]:
        """Every table, oldest first; a table whose row cannot be read is listed with its ``problem``
        (one line naming the table and what is wrong), and the others as they are."""
        with self.store.reading() as session:
            return [_summary(row) for row in storage.table_rows(session)]

    def table(self, table_id: int) -> TableView:
        """The table as it stands, its whole history read and checked (its chain, its signed head and
        the anchor): what the log, an export and the standings read."""
        with self.store.reading() as session:
            row = storage.table_row(session, table_id)
            return self._whole(session, row, session.get(SessionRow, row.id))

    def page(self, table_id: int, *, last: int | None = None, before: int | None = None,
             since_version: int | None = None) -> TableView:
        """The table as :meth:`table` gives it, its ledger holding a page of the history: the last
        ``last`` entries (all without it) before entry ``before`` (or to the end), or with
        ``since_version`` the entries from the first one changed after that version. The table's
        head keeps its sums, signed (:func:`~mjscore.scorekeeper.ledger.totals_to_json`), so only
        the rows from those the page stands on to the head are read and their chain checked: a
        page of the last entries costs the same whatever the history before it. A table kept
        without sums (not changed since they were) is read whole."""
        with self.store.reading() as session:
            row = storage.table_row(session, table_id)
            rule = session.get(SessionRow, row.id)
            if row.totals is None:
                view = self._whole(session, row, rule)
                lowest, end = _page_bounds(session, row, view.ledger.length, last, before, since_version)
                return _sliced(view, lowest, end)
            self._check_head(session, row, rule)
            lowest, end = _page_bounds(session, row, _length(row), last, before, since_version)
            return _sliced(self._tail(session, row, lowest), lowest, end)

    def _whole(self, session: Session, row: TableRow, rule: SessionRow | None,
               rows: Sequence[EntryRow] | None = None) -> TableView:
        """The table as it stands from its whole history (``rows``, read if not given): its chain, its
        signed head and the anchor checked."""
        rows = storage.entry_rows(session, row.id) if rows is None else rows
        changes = [_change_of(entry) for entry in rows]
        self._verify(session, row, [(c, r.hash) for c, r in zip(changes, rows, strict=True)])
        view = _summed(row, audit.fold(row.id, _settings(row), changes))
        self._check_head(session, row, rule)
        return view

    def _tail(self, session: Session, row: TableRow, lowest: int) -> TableView:
        """The table with the steps from entry ``lowest`` to its last, its head checked by the caller
        (:meth:`_check_head`): the rows those steps stand on are checked, from the first of them to
        the head. The balances are worked back from the signed totals, so nothing before those rows
        is read."""
        length = _length(row)
        settings = _settings(row)
        start = storage.tail_start(session, row.id, lowest, length, audit.VOIDS) if lowest <= length else None
        if start is None:  # no entry to show: the last change alone ties the chain to the head
            start = max(storage.last_seq(session, row.id), 1)
        rows = storage.rows_from(session, row.id, start)
        changes = [_change_of(entry) for entry in rows]
        self._verify(session, row, [(c, r.hash) for c, r in zip(changes, rows, strict=True)], first=start,
                     before=storage.hash_before(session, row, start))
        live = audit.fold_tail(row.id, settings, changes, lowest, length)
        try:
            ledger = page(row.totals or {}, live, lowest)
        except (KeyError, TypeError, ValueError, ArithmeticError) as error:
            raise TamperedTableError(f"table {row.id}: its totals cannot be read: {error}") from None
        return TableView(row.id, row.version, settings, _facts(row, settings), ledger, row.head_hash,
                         row.created_at, row.created_by, origin=_origin(row))

    def _verify(self, session: Session, row: TableRow, rows: Sequence[tuple[Change, str]], *, first: int = 1,
                before: str | None = None) -> None:
        """Check the chain of ``rows`` (:func:`~mjscore.scorekeeper.audit.verify`); where it breaks,
        what a signed statement accepted of this table (``mjscore ledger accept``) passes."""
        check = partial(audit.verify, row.id, row.settings_hash, _hashed_settings(row), row.created_at, rows,
                        row.head_hash, row.version, first=first, before=before)
        try:
            check()
        except TamperedTableError:
            accepted = trust.accepted(trust.statements(session, self.signer), trust.table_record(row.id))
            if not accepted:
                raise
            check(accepted=accepted)

    def _check_head(self, session: Session, row: TableRow, rule: SessionRow | None, anchored: Head | None = None,
                    *, lookup: bool = True) -> None:
        """Refuse a head that does not carry the key's signature, or that is older than (or another
        than) the one the anchor kept (:meth:`~mjscore.scorekeeper.trust.Signer.fresh`)."""
        _check_signature(row, self.store.key, rule)
        self.signer.fresh(_head_of(row), f"table {row.id}", anchored, lookup=lookup)

    def settings_hash(self, table_id: int) -> str:
        """The hash of the table's settings, opener and opening time (what its chain starts from, and
        names it whatever its number); the caller reads the table itself, checked."""
        with self.store.reading() as session:
            return storage.table_row(session, table_id).settings_hash

    def version(self, table_id: int) -> int:
        """The table's version alone: one row read, no history folded, so a live view can ask it
        several times a second (it moves on every change)."""
        with self.store.reading() as session:
            return storage.table_row(session, table_id).version

    def log(self, table_id: int) -> list[Change]:
        """Every change ever made to the table, oldest first (after checking the chain)."""
        return [change for change, _ in self.chain(table_id)]

    def chain(self, table_id: int) -> list[tuple[Change, str]]:
        """Every change made to the table with its stored hash, oldest first (after checking the
        chain and the signed head): what an export carries (:mod:`~mjscore.scorekeeper.exchange`)."""
        with self.store.reading() as session:
            row = storage.table_row(session, table_id)
            rows = storage.entry_rows(session, table_id)
            self._whole(session, row, session.get(SessionRow, row.id), rows)
            return [(_change_of(entry), entry.hash) for entry in rows]

    # ----- changing

    def create_table(self, settings: TableSettings, entries: Sequence[Entry] = (), *, actor: str = UNKNOWN_ACTOR,
                     max_per_hour: int | None = None, client: str | None = None, request_id: str | None = None,
                     session_rule: SessionRule | None = None, origin: Mapping[str, Any] | None = None) -> TableView:
        """A new table with ``settings`` (and, for an import, a history, settled now, and its
        ``origin``: what the import found and the table it copies, signed with the head). With
        ``max_per_hour``, refused if the ``client`` (an HTTP client's address; default the actor)
        opened that many tables in the last hour. With a ``request_id`` already used to open a table,
        that table, marked ``replayed``. Its players are seated as the roster's people of those names
        (new names join the roster, :mod:`~mjscore.scorekeeper.roster`); ``session_rule`` limits its
        hands or time and names its event (:mod:`~mjscore.scorekeeper.sessions`)."""
        if request_id is not None:
            check_request_id(request_id)
        rules = settings.rules()
        settled = settle(settings, rules, entries)
        created = audit.now()
        client = (client or actor)[:120]
        with self.store.transaction() as session:
            opened = storage.table_of_request(session, request_id) if request_id is not None else None
            if opened is not None:
                return replace(self._whole(session, opened, session.get(SessionRow, opened.id)), replayed=True)
            if max_per_hour is not None:  # per client: one device cannot use up the limit of the others
                if storage.tables_created_since(session, audit.now(hours_ago=1), client) >= max_per_hour:
                    raise TooManyRequestsError(Refusal("too_many_tables", most=max_per_hour))
            row = open_table(session, settings, created, actor, self.signer, session_rule, request_id, client, origin)
            writes = [_Write("import", n, e, s) for n, (e, s) in enumerate(zip(entries, settled, strict=True), 1)]
            new = _append(session, row, writes, actor, None) if writes else []
            view = _summed(row, audit.fold(row.id, settings, [_change_of(entry) for entry in new]))
            if new:  # the head moved past the one open_table signed
                row.totals = totals_to_json(view.ledger)
                self._sign(session, row, session_rule)
            return view

    def delete_table(self, table_id: int) -> TableSummary:
        """Remove a table and its whole history (a junk table, say): the one act that removes rows,
        offered on the command line of the server's machine only, never over HTTP. The anchor keeps
        that it was deleted: a copy of the database from before is named. A tournament's table is
        refused, naming its round."""
        with self.store.transaction() as session:
            row = storage.table_row(session, table_id, lock=True)
            held = storage.round_of_table(session, table_id)
            if held is not None:
                name, round_number, number = held
                raise TableError(f"table {table_id} is table {number} of round {round_number} of {name}: a "
                                 "tournament's table is kept (correct or undo its entries instead)")
            summary = _summary(row)
            self.signer.keep(session, Head(trust.table_record(row.id), DELETED, "", row.settings_hash, audit.now()),
                             new=True)
            session.delete(row)
            return summary

    def record_win(self, table_id: int, record: Mapping[str, Any], winner: str | None = None,
                   discarder: str | None = None, *, correct: int | None = None, expected_version: int | None = None,
                   request_id: str | None = None, actor: str = UNKNOWN_ACTOR) -> TableView:
        """Record a won hand (a hand record; the winner and discarder by name or by the record's seat
        winds), or with ``correct=N`` supersede entry N by it."""

        def change(view: TableView) -> list[_Write]:
            deal = _deal_at(view, correct)
            return _put(view, win_entry(view.settings, deal, view.rules, record, winner, discarder), correct)

        return self._change(table_id, expected_version, request_id, actor, change, adds=correct is None, at=correct)

    def record_draw(self, table_id: int, *, tenpai: Sequence[str] = (), abortive: bool = False,
                    correct: int | None = None, expected_version: int | None = None,
                    request_id: str | None = None, actor: str = UNKNOWN_ACTOR) -> TableView:
        """Record a drawn hand, or with ``correct=N`` supersede entry N by one. At a table that keeps
        points (riichi's) ``tenpai`` names the players ready when the wall ran out, and an
        ``abortive`` draw is one called off before (where the game has them)."""

        def change(view: TableView) -> list[_Write]:
            return _put(view, drawn(view.settings, [view.settings.player(p) for p in tenpai], abortive), correct)

        return self._change(table_id, expected_version, request_id, actor, change, adds=correct is None, at=correct)

    def record_riichi(self, table_id: int, player: str, *, correct: int | None = None,
                      expected_version: int | None = None, request_id: str | None = None,
                      actor: str = UNKNOWN_ACTOR) -> TableView:
        """Record a ready declaration (riichi) at a table that keeps points: ``player``'s stick goes on
        the table, taken by the next winner; or with ``correct=N`` supersede entry N by it."""

        def change(view: TableView) -> list[_Write]:
            return _put(view, Ready(view.settings.player(player)), correct)

        return self._change(table_id, expected_version, request_id, actor, change, adds=correct is None, at=correct)

    def record_event(self, table_id: int, event: str, player: str, count: int = 1, *, correct: int | None = None,
                     expected_version: int | None = None, request_id: str | None = None,
                     actor: str = UNKNOWN_ACTOR) -> TableView:
        """Record a table payment when it happens (the ruleset's ``event`` for ``player``, ``count``
        times), or with ``correct=N`` supersede entry N by it."""

        def change(view: TableView) -> list[_Write]:
            happened = Event(event, view.settings.player(player), count)
            happened.check_count()
            return _put(view, happened, correct)

        return self._change(table_id, expected_version, request_id, actor, change, adds=correct is None, at=correct)

    def undo(self, table_id: int, *, expected_version: int | None = None, request_id: str | None = None,
             actor: str = UNKNOWN_ACTOR) -> TableView:
        """Void the last entry (it stays in the table's log)."""

        def change(view: TableView) -> list[_Write]:
            count = view.ledger.length
            if not count:
                raise TableError(Refusal("nothing_to_undo", table=view.id))
            return [_Write("undo", count)]

        return self._change(table_id, expected_version, request_id, actor, change)

    def rescore(self, table_id: int, *, expected_version: int | None = None, request_id: str | None = None,
                actor: str = UNKNOWN_ACTOR, dry_run: bool = False) -> tuple[TableView, list[int]]:
        """Settle every entry again under the current ruleset and engine, as one new change; the
        entries whose result changed (their numbers, returned) get a ``rescore`` row. Refused,
        naming the entry, if one of them can no longer be settled; nothing changes when none
        differs. With ``dry_run``, the entries that would change, and nothing written."""
        changed: list[int] = []

        def change(view: TableView) -> list[_Write]:
            entries = [step.entry for step in view.ledger.steps]
            writes = _differing("rescore", view.ledger.steps, settle(view.settings, view.rules, entries))
            changed.extend(w.number for w in writes)
            return [] if dry_run else writes

        return self._change(table_id, expected_version, request_id, actor, change, whole=True), changed

    def _change(self, table_id: int, expected_version: int | None, request_id: str | None, actor: str,
                change: Callable[[TableView], list[_Write]], adds: bool = False, *, at: int | None = None,
                whole: bool = False) -> TableView:
        """Make ``change`` in one transaction; one that ``adds`` an entry is refused once the table's
        session is over (:func:`~mjscore.scorekeeper.sessions.refusal`). The change is given the table
        with the last :data:`PAGE` entries (:meth:`_context`: from entry ``at`` if it is earlier, back
        to what settling there needs), or its ``whole`` history (a rescore): what it costs does not
        grow with the history before them."""
        if request_id is not None:
            check_request_id(request_id)
        with self.store.transaction() as session:
            row = storage.table_row(session, table_id, lock=True)
            rule = session.get(SessionRow, table_id)
            if request_id is not None and storage.request_seen(session, table_id, request_id):
                return replace(self._context(session, row, rule, None, whole), replayed=True)
            if expected_version is not None and row.version != expected_version:
                raise StaleTableError(Refusal("stale_table", table=table_id, read=expected_version, now=row.version))
            view = self._context(session, row, rule, at, whole, adds=adds)
            if adds and rule is not None:
                over = refusal(_rule_of(rule), row.created_at, view.deal.hands, _hand_began(session, row, view))
                if over is not None:
                    raise TableError(Refusal("at_table", table=table_id, cause=over))
            writes = change(view)
            if not writes:
                return view
            new = _append(session, row, writes, actor, request_id)
            live = audit.fold(row.id, view.settings, [_change_of(entry) for entry in new], _live_of(view.ledger),
                              first=view.ledger.first)
            changed = replace(view, version=row.version, head=row.head_hash,
                              ledger=sums(live, start_of(view.ledger)))
            row.totals = totals_to_json(changed.ledger)
            self._sign(session, row, _rule_of(rule) if rule is not None else None)
            return changed

    def _context(self, session: Session, row: TableRow, rule: SessionRow | None, point: int | None,
                 whole: bool, *, adds: bool = False) -> TableView:
        """The table checked, holding the last :data:`PAGE` entries, or from entry ``point`` (a
        correction's, or with ``adds`` the next entry's) back to the step before it that ended a
        hand, which is what settling an entry there needs
        (:func:`~mjscore.scorekeeper.ledger.context_from`); the whole history where ``whole``, or
        where the head keeps no totals."""
        if whole or row.totals is None:
            return self._whole(session, row, rule)
        self._check_head(session, row, rule)
        length = _length(row)
        if point is None and adds:
            point = length + 1
        lowest = max(1, min(length - PAGE + 1, (point or length) - 8))
        while True:
            view = self._tail(session, row, lowest)
            if point is None or lowest == 1 or context_from(view.ledger.steps, point):
                return view
            lowest = max(1, lowest - 4 * ((point or length) - lowest + 1))

    def _sign(self, session: Session, row: TableRow, rule: SessionRule | None) -> None:
        """Sign the table's head as it now stands, and keep it in the anchor once the change commits."""
        row.head_mac = _signature(row, self.store.key, rule)
        self.signer.keep(session, _head_of(row))

    # ----- a tampered table: a finding, not a dead end

    def inspect(self, table_id: int) -> Inspection:
        """The table as its rows stand, whatever was changed outside mjscore, and every finding (one
        line each: a row or the settings that do not match their hash, the last changes cut off, a
        head not signed, a head older than the anchor's). ``view`` is None where the rows cannot be
        folded into a history at all. What a signed statement accepted is not a finding."""
        with self.store.reading() as session:
            row = storage.table_row(session, table_id)
            return self._inspect(session, row)

    def _inspect(self, session: Session, row: TableRow) -> Inspection:
        rule = session.get(SessionRow, row.id)
        record = trust.table_record(row.id)
        findings: list[str] = []
        try:
            rows = storage.entry_rows(session, row.id)
            changes = [_change_of(entry) for entry in rows]
            chained = [(c, r.hash) for c, r in zip(changes, rows, strict=True)]
            found = audit.breaks(row.id, row.settings_hash, _hashed_settings(row), row.created_at, chained)
        except TamperedTableError as error:
            return Inspection(None, (str(error),), {}, 0, "", 0)
        accepted = trust.accepted(trust.statements(session, self.signer), record)
        for where, computed in found.items():
            if accepted.get(where) == computed:
                continue
            if where == "settings":
                findings.append(f"table {row.id}: its settings (name, players, rules, opener) were changed outside mjscore")
            else:
                seq = int(where.partition(":")[2])
                number = next(c.number for c in changes if c.seq == seq)
                findings.append(f"table {row.id}: entry {number} (change {seq}) was changed outside mjscore: it does "
                                "not match its hash")
        last_hash = rows[-1].hash if rows else row.settings_hash
        last_version = changes[-1].version if changes else 0
        if [c.seq for c in changes] != list(range(1, len(changes) + 1)):
            findings.append(f"table {row.id}: changes are missing from the middle of its history")
        if last_hash != row.head_hash or last_version != row.version:
            findings.append(f"table {row.id}: its head (version {row.version}) is not its last change's (version "
                            f"{last_version}): changes were removed or added outside mjscore")
        try:
            _check_signature(row, self.store.key, rule)
            anchored = self.store.anchor.get(self.store.database, record)
            if anchored is not None:
                self.signer.fresh(_head_of(row), f"table {row.id}", anchored, lookup=False)
        except TamperedTableError as error:
            findings.append(str(error))
        view: TableView | None = None
        length = 0
        try:
            live = audit.fold(row.id, _settings(row), changes)
            view = _summed(row, live)
            length = len(live)
        except TamperedTableError as error:
            findings.append(str(error))
        return Inspection(view, tuple(dict.fromkeys(findings)), found, last_version, last_hash, length)

    def accept(self, table_id: int, reason: str, *, actor: str = UNKNOWN_ACTOR) -> tuple[trust.Statement, TableView]:
        """Accept a tampered table's state as it stands (``mjscore ledger accept table N``): a signed
        statement records who, when, why and every finding, the breaks in its chain pass from now on
        (exactly those: any other edit is named again), and its head is signed where its rows end.
        Refused for a table with no finding, or one whose rows cannot be read as a history."""
        trust.check_reason(reason)
        with self.store.transaction() as session:
            row = storage.table_row(session, table_id, lock=True)
            found = self._inspect(session, row)
            if not found.findings:
                raise TableError(f"table {table_id} carries its signature and matches its chain: there is nothing to "
                                 "accept")
            if found.view is None or any("missing from the middle" in finding for finding in found.findings):
                raise TableError(f"table {table_id} cannot be accepted as it stands: {found.findings[-1]}; restore it "
                                 "from your backup")
            at = audit.now()
            statement = trust.state(session, self.signer, trust.ACCEPT, trust.table_record(table_id),
                                    {"findings": list(found.findings), "breaks": found.breaks,
                                     "version": found.version, "head": found.head, "entries": found.length},
                                    reason, actor, at)
            row.version, row.head_hash, row.entries = found.version, found.head, found.length
            row.totals = totals_to_json(found.view.ledger)
            rule = session.get(SessionRow, table_id)
            row.head_mac = _signature(row, self.store.key, _rule_of(rule) if rule is not None else None)
            self.signer.keep(session, _head_of(row), new=True)
            view = replace(found.view, version=row.version, head=row.head_hash)
        return statement, view

    # ----- the club: the roster of people, sessions, standings

    def roster(self) -> list[Member]:
        """The people on the club's roster now, by name, each with every name they played under
        (theirs and those of the entries merged into them) and the tables they sat at."""
        with self.store.reading() as session:
            found = roster.load(session, self.signer)
            sat = found.tables_of(row.id for row in storage.table_rows(session))
        members = []
        for person in found.people():
            group = found.group(person.id)
            names = tuple(dict.fromkeys(n for i in sorted(group) for n in found.former[i]))
            tables = tuple(sorted(set().union(*(sat.get(i, set()) for i in group))))
            members.append(Member(person, names, tuple(sorted(group - {person.id})), tables))
        return members

    def people_of(self, table_id: int) -> tuple[Person, ...]:
        """The people at table ``table_id``, in its seat order (as they are now: renamed or merged)."""
        return self.seat_people([table_id])[table_id]

    def person_of(self, table_id: int, name: str) -> Person:
        """The resolver for statistics: the person (id and current name) who played as ``name``
        (any case) at table ``table_id``. Raises :class:`TableError` if the table has no such player.
        Ids are stable: a rename keeps the id, and after a merge both names resolve to the id kept."""
        view = self.page(table_id, last=0)
        return self.people_of(table_id)[view.settings.player(name)]

    def seat_people(self, table_ids: Sequence[int] | None = None) -> dict[int, tuple[Person, ...]]:
        """The resolver in bulk: table id -> the people in its seat order (``settings.players[i]``
        played as ``people[i]``), for ``table_ids`` (default: every table), in one read."""
        with self.store.reading() as session:
            found = roster.load(session, self.signer)
            existing = [row.id for row in storage.table_rows(session)]
        if table_ids is None:
            table_ids = existing
        for table_id in set(table_ids) - set(existing):
            raise NoSuchTableError(f"there is no table {table_id}")
        return {table_id: tuple(found.resolve(person) for person in found.seats[table_id]) for table_id in table_ids}

    def find_player(self, who: str) -> Person:
        """The person ``who`` names: a current name (any case) or ``#id`` (a merged id resolves to
        the person kept). Raises :class:`TableError` offering the closest names."""
        with self.store.reading() as session:
            return roster.load(session, self.signer).find(who)

    def roster_log(self) -> list[tuple[RosterChange, str]]:
        """Every change ever made to the roster, oldest first, with its hash (after checking the chain)."""
        with self.store.reading() as session:
            return roster.log(session, self.signer)

    def rename_player(self, who: str, name: str, *, actor: str = UNKNOWN_ACTOR) -> Person:
        """Rename the person ``who`` (a current name or ``#id``) to ``name``; the tables keep the
        names they were played under."""
        with self.store.transaction() as session:
            roster.lock(session)
            found = roster.load(session, self.signer)
            person = found.find(who)
            new = roster.check_rename(found, person, name)
            roster.append(session, [(roster.RENAME, person.id, None, new, None)], actor, self.signer)
            return Person(person.id, new)

    def merge_players(self, keep: str, gone: str, *, actor: str = UNKNOWN_ACTOR) -> Person:
        """Merge the roster entry ``gone`` into ``keep`` (names or ``#id``): one person, who keeps
        ``keep``'s id and name; ``gone`` then resolves to them. Refused if the two sat at one table."""
        with self.store.transaction() as session:
            roster.lock(session)
            found = roster.load(session, self.signer)
            kept, merged = found.find(keep), found.find(gone)
            roster.check_merge(found, kept, merged, found.tables_of(row.id for row in storage.table_rows(session)))
            roster.append(session, [(roster.MERGE, merged.id, kept.id, None, None)], actor, self.signer)
            return kept

    def accept_roster(self, reason: str, *, actor: str = UNKNOWN_ACTOR) -> trust.Statement:
        """Accept the roster as its rows stand (``mjscore ledger accept roster``): a signed statement
        records who, when, why and the finding, and the roster's head is signed where its rows end.
        Refused if the roster checks, or if a row does not match its hash (restore it from a backup)."""
        trust.check_reason(reason)
        with self.store.transaction() as session:
            roster.lock(session)
            try:
                rows = roster.log_unsigned(session)
            except TamperedTableError as error:
                raise TableError(f"the roster cannot be accepted as it stands: {error}; restore it from your "
                                 "backup") from None
            last, hashed = rows[-1] if rows else (None, roster.GENESIS)
            try:
                self.signer.check_record(session, trust.ROSTER, len(rows), hashed, "the roster")
            except TamperedTableError as error:
                finding = str(error)
            else:
                raise TableError("the roster carries its signature: there is nothing to accept")
            at = audit.now()
            statement = trust.state(session, self.signer, trust.ACCEPT, trust.ROSTER,
                                    {"findings": [finding], "version": len(rows), "head": hashed}, reason, actor, at)
            self.signer.sign_record(session, trust.ROSTER, len(rows), hashed, roster.GENESIS, at, new=True)
            return statement

    def statements(self) -> list[trust.Statement]:
        """Every statement signed into the ledger (adoptions, acceptances), oldest first, checked."""
        with self.store.reading() as session:
            return trust.statements(session, self.signer)

    def session_of(self, table_id: int) -> SessionRule:
        """Table ``table_id``'s session (no limit and no event if it was opened without one)."""
        with self.store.reading() as session:
            storage.table_row(session, table_id)
            return _rule_of(session.get(SessionRow, table_id))

    def session_over(self, table_id: int) -> bool:
        """Whether table ``table_id``'s game or session is over: no new hand can be recorded (its
        hands are played, or the hand being played began after its time was up)."""
        with self.store.reading() as session:
            row = storage.table_row(session, table_id)
            stored = session.get(SessionRow, table_id)
            view = self._context(session, row, stored, None, False, adds=True)
            began = _hand_began(session, row, view)
        return view.deal.over or refusal(_rule_of(stored), row.created_at, view.deal.hands, began) is not None

    def events(self) -> list[EventSummary]:
        """The events (evenings, tournaments) tables were opened for, by name (any case is one
        event), with how many tables and the UTC days of the first and the last."""
        with self.store.reading() as session:
            opened = {row.id: row.created_at[:10] for row in storage.table_rows(session)}
            found: dict[str, list[str]] = {}
            names: dict[str, str] = {}
            for rule in session.scalars(select(SessionRow).where(SessionRow.event.is_not(None))):
                key = str(rule.event).casefold()
                names.setdefault(key, str(rule.event))
                found.setdefault(key, []).append(opened[rule.table_id])
        return [EventSummary(names[key], len(days), min(days), max(days))
                for key, days in sorted(found.items(), key=lambda item: (min(item[1]), item[0]))]

    def standings(self, table_ids: Sequence[int] = (), *, event: str | None = None, day: str | None = None,
                  since: str | None = None, until: str | None = None, imports: bool = False) -> Standings:
        """The standings of tables ``table_ids``, or of those of ``event`` (any case), or of those
        opened on ``day``, or from ``since`` to ``until`` (``YYYY-MM-DD``, UTC, both included: a
        season); the selections combine, and at least one is needed. Refused if no table matches.
        The standings of a tournament's event take off the director's penalties, as the tournament's
        own standings do. Tables are chosen by what is signed of them, each record once (``imports``: every import too,
        :meth:`signed_tables`); those left out are named in :attr:`Standings.left_out`."""
        from mjscore.scorekeeper.standings import Standings, rank, table_result
        event = (event or "").strip() or None
        if not table_ids and event is None and day is None and since is None and until is None:
            raise TableError(Refusal("which_tables"))
        for label, value in (("day", day), ("since", since), ("until", until)):
            if value is not None and not is_day(value):
                raise TableError(Refusal("not_a_date", field=label, value=quoted(value)))
        title = " · ".join([*([f"event {event}"] if event is not None else []),
                            *([f"opened on {day}"] if day is not None else []),
                            *([f"from {since}"] if since is not None else []),
                            *([f"to {until}"] if until is not None else []),
                            *([f"tables {', '.join(map(str, sorted(table_ids)))}"] if table_ids else [])])

        def chosen(view: TableView, rule: SessionRule) -> bool:
            opened = view.created_at
            return ((not table_ids or view.id in table_ids)
                    and (event is None or (rule.event or "").casefold() == event.casefold())
                    and (day is None or opened.startswith(day))
                    and (since is None or opened[:10] >= since) and (until is None or opened[:10] <= until))

        with self.store.reading() as session:
            existing = {row.id for row in storage.table_rows(session)}
            # An evening's standings, chosen by the days: a tournament's tables are its own standings'.
            seated: dict[int, str] = {} if table_ids or event is not None else {
                table_id: name for table_id, name in session.execute(
                    select(RoundTableRow.table_id, TournamentRow.name).join(
                        TournamentRow, TournamentRow.id == RoundTableRow.tournament_id))}
        for table_id in set(table_ids) - existing:
            raise NoSuchTableError(Refusal("no_such_table", table=table_id))
        apart: dict[str, None] = {}

        def evening(view: TableView, rule: SessionRule) -> bool:
            if view.id in seated and chosen(view, rule):
                apart[seated[view.id]] = None
                return False
            return chosen(view, rule)

        found = self.signed_tables(evening, whole=True, only=table_ids or None, imports=imports)
        if not found.views:
            english = f"no table matches: {title}" + (f" ({_left_out_text(found.left_out)})" if found.left_out else "")
            raise TableError(Refusal("no_table_matches", english, title=title))
        with self.store.reading() as session:
            people = roster.load(session, self.signer)
            taken = tournament_state.penalties_of(session, self.signer, event) if event is not None else None
        results = tuple(table_result(view, [people.resolve(person) for person in people.seats[view.id]], rule)
                        for view, rule in found.views)
        return Standings(title, results, tuple(rank((result for result in results if result.hands), taken)),
                         found.left_out, tuple(apart))

    def signed_tables(self, chosen: Callable[[TableView, SessionRule], bool], *, whole: bool = False,
                      only: Sequence[int] | None = None, imports: bool = False) -> SignedTables:
        """The tables ``chosen`` picks by what is signed of them (their settings, opening, session,
        totals and origin: a table is chosen only once its head is checked), read whole where ``whole``
        (else their totals alone), with their sessions; ``only``: those tables alone. Each of the
        club's records counts once: an import counts only when it is this club's unaltered export of
        a table not already counted (the same table imported twice counts once), or, with
        ``imports``, any import. A table left out is named with why (``left_out``: ``table 4: ...``),
        never dropped silently."""
        found: list[tuple[TableView, SessionRule, str]] = []
        left_out: list[str] = []
        with self.store.reading() as session:
            rules = {r.table_id: r for r in session.scalars(select(SessionRow))}
            anchored = self.store.anchor.heads(self.store.database)
            for row in storage.table_rows(session):
                if only is not None and row.id not in only:
                    continue
                rule = rules.get(row.id)
                try:
                    self._check_head(session, row, rule, anchored.get(trust.table_record(row.id)), lookup=False)
                    settings = _settings(row)
                    head_only = TableView(row.id, row.version, settings, _facts(row, settings),
                                          sums([], Start(1)), row.head_hash, row.created_at, row.created_by,
                                          origin=_origin(row))
                    if not chosen(head_only, _rule_of(rule)):
                        continue
                    view = self._tail(session, row, _length(row) + 1) if not whole and row.totals is not None \
                        else self._whole(session, row, rule)
                except TamperedTableError as error:
                    left_out.append(str(error))
                    continue
                found.append((view, _rule_of(rule), row.settings_hash))
        counted: set[tuple[object, ...]] = {(self.store.database, v.id, h) for v, _, h in found if v.origin is None}
        views: list[tuple[TableView, SessionRule]] = []
        for view, session_rule, _ in found:
            origin = view.origin
            if origin is not None:
                source = (origin.get("database"), origin.get("table"), origin.get("settings_hash"))
                if origin.get("import") != "unaltered" and not imports:
                    left_out.append(f"table {view.id}: an import of an {origin.get('import')} export, counted only "
                                    "when asked (--include-imports)")
                    continue
                if origin.get("import") == "unaltered":
                    if source in counted:
                        left_out.append(f"table {view.id}: a copy of table {origin.get('table')} of this club, "
                                        "counted once")
                        continue
                    counted.add(source)
            views.append((view, session_rule))
        return SignedTables(tuple(views), tuple(left_out))


@dataclass(frozen=True)
class Inspection:
    """A table as its rows stand (:meth:`Scorekeeper.inspect`): the history they make (None: they
    make none), what is wrong (``findings``, one line each; none: it checks), the chain's breaks as
    a statement accepts them (:func:`~mjscore.scorekeeper.audit.breaks`), and where its rows end:
    the version, hash and length its head would have."""

    view: TableView | None
    findings: tuple[str, ...]
    breaks: Mapping[str, str]
    version: int
    head: str
    length: int


@dataclass(frozen=True)
class SignedTables:
    """Tables chosen by what is signed of them (:meth:`Scorekeeper.signed_tables`), each with its
    session, and why each table that could not be checked was left out."""

    views: tuple[tuple[TableView, SessionRule], ...]
    left_out: tuple[str, ...]


def _left_out_text(left_out: Sequence[str]) -> str:
    return f"{len(left_out)} table{'s' * (len(left_out) != 1)} left out that cannot be checked: " + "; ".join(left_out)


def _signature(row: TableRow, key: LedgerKey, rule: SessionRule | None) -> str:
    """The signature of the table's head as it now stands (:mod:`~mjscore.scorekeeper.signing`)."""
    session = (None, None, None) if rule is None else (rule.hands, rule.minutes, rule.event)
    return key.sign(row.id, row.version, row.entries, row.head_hash, row.settings_hash, session, row.facts, row.totals,
                    row.origin)


def _check_signature(row: TableRow, key: LedgerKey, rule: SessionRow | None) -> None:
    """Refuse a head whose signature is not the key's for it: the newest changes cut off and the head
    rolled back, or the session (its hands, minutes or event) changed, outside mjscore; or a database
    read with a key that is not its own."""
    wanted = _signature(row, key, None if rule is None else _rule_of(rule))
    if row.head_mac is None or not hmac.compare_digest(row.head_mac, wanted):
        raise TamperedTableError(
            f"table {row.id}: its head (version {row.version}, {row.entries} entries) or its session was changed "
            f"outside mjscore: it does not carry the signature of the ledger key {key.fingerprint} ({key.path}); "
            "its newest changes may have been cut off, or this is not the database's key")


def _head_of(row: TableRow) -> Head:
    """The table's head as the anchor keeps it: named by its settings hash, whatever its number."""
    return Head(trust.table_record(row.id), row.version, row.head_hash, row.settings_hash, audit.now())


def _length(row: TableRow) -> int:
    """The length of the table's history as its signed totals keep it (checked against the head)."""
    try:
        length = int((row.totals or {})["length"])
    except (KeyError, TypeError, ValueError):
        raise TamperedTableError(f"table {row.id}: its totals cannot be read") from None
    if length != row.entries:
        raise TamperedTableError(f"table {row.id}: its totals count {length} entries, its head {row.entries}")
    return length


def _origin(row: TableRow) -> Mapping[str, Any] | None:
    origin = storage.readable(row.origin, f"table {row.id}: its origin")
    return origin if isinstance(origin, Mapping) else None


def _live_of(ledger: Ledger) -> audit.Live:
    """The steps of ``ledger`` as the history folds them (entry, settlement, stamp)."""
    return [(step.entry, step.settled, step.stamp or Stamp(0, "", "", "")) for step in ledger.steps]


def open_table(session: Session, settings: TableSettings, created: str, actor: str, signer: Signer,
               session_rule: SessionRule | None = None, request_id: str | None = None, client: str | None = None,
               origin: Mapping[str, Any] | None = None, substitutes: Mapping[int, int] | None = None) -> TableRow:
    """Write a new table with no history inside the caller's transaction: its row (with what showing
    it needs of its rules, where it came from, and its head signed), its players seated on the
    roster (``substitutes``: the seats a tournament's substitutes fill, :func:`roster.seat`), its
    session; a tournament seats a round's tables so, all or none."""
    hashed = audit.settings_json(settings.name, settings.players, settings.ruleset, settings.house_rules,
                                 str(settings.base_money), actor[:120])
    row = TableRow(name=settings.name, players=list(settings.players), ruleset=settings.ruleset,
                   house_rules=dict(settings.house_rules), base_money=str(settings.base_money), version=0,
                   created_at=created, created_by=actor[:120], settings_hash="", head_hash="", entries=0,
                   request_id=request_id, facts=TableFacts.of(settings.rules()).to_json(), totals=totals_to_json(sums([])),
                   client=(client or actor)[:120], origin=None if origin is None else dict(origin))
    table_id = storage.add_table(session, row)
    row.settings_hash = row.head_hash = audit.settings_hash(table_id, hashed, created)
    roster.seat(session, table_id, settings.players, actor, signer, substitutes)
    if session_rule is not None:
        session.add(SessionRow(table_id=table_id, hands=session_rule.hands, minutes=session_rule.minutes,
                               event=session_rule.event))
    row.head_mac = _signature(row, signer.key, session_rule)
    signer.keep(session, _head_of(row), new=True)
    return row


def _page_bounds(session: Session, row: TableRow, length: int, last: int | None, before: int | None,
                 since_version: int | None) -> tuple[int, int]:
    """The first and last entries of a page of a history of ``length`` entries (:meth:`Scorekeeper.page`);
    the first is beyond the last for none."""
    if since_version is not None:  # a version at or past the table's (any number a client sends): nothing changed
        changed = None if since_version >= row.version else storage.lowest_changed_since(session, row.id, since_version)
        return (length + 1 if changed is None else min(changed, length + 1)), length
    end = length if before is None else min(before - 1, length)
    return (1 if last is None else max(1, end - last + 1)), end


def _sliced(view: TableView, lowest: int, end: int) -> TableView:
    """The view with only the steps from entry ``lowest`` to ``end`` (its ledger's ``first`` says where they start)."""
    ledger = view.ledger
    steps = tuple(step for step in ledger.steps if lowest <= step.number <= end)
    return replace(view, ledger=replace(ledger, steps=steps, first=min(lowest, ledger.length + 1)))


def _rule_of(row: SessionRow | None) -> SessionRule:
    return SessionRule() if row is None else SessionRule(row.hands, row.minutes, row.event)


def _hand_began(session: Session, row: TableRow, view: TableView) -> str:
    """When the hand being played began: when the entry that ended the hand before it was first
    recorded (a correction does not move it), or when the table opened. The view holds that entry
    (:meth:`Scorekeeper._context`) unless no hand has ended."""
    for step in reversed(view.ledger.steps):
        if ended_hand(step):
            return storage.recorded_at(session, row.id, step.number, audit.APPENDS) or row.created_at
    return row.created_at


def _players(row: TableRow) -> tuple[str, str, str, str]:
    """The table's four players as stored, or :class:`TamperedTableError` naming the table."""
    players = storage.readable(row.players, f"table {row.id}: its players")
    if not (isinstance(players, list) and len(players) == 4 and all(isinstance(p, str) for p in players)):
        raise TamperedTableError(f"table {row.id}: its players cannot be read: not a list of four names")
    return players[0], players[1], players[2], players[3]


def _house_rules(row: TableRow) -> dict[str, Any]:
    house_rules = storage.readable(row.house_rules, f"table {row.id}: its house rules")
    if not isinstance(house_rules, dict):
        raise TamperedTableError(f"table {row.id}: its house rules cannot be read: not a table of settings")
    return house_rules


def _summary(row: TableRow) -> TableSummary:
    try:
        return TableSummary(row.id, row.name, row.ruleset, _players(row), row.entries, row.version)
    except TamperedTableError as error:
        return TableSummary(row.id, row.name, row.ruleset, (), row.entries, row.version, str(error))


def _settings(row: TableRow) -> TableSettings:
    return TableSettings(row.name, _players(row), row.ruleset, dict(_house_rules(row)), base_money(row.base_money))


def _change_of(row: EntryRow) -> Change:
    """The history row as a :class:`Change`; one that cannot be read names the table, the entry and the change."""
    where = f"table {row.table_id}: entry {row.number} (change {row.seq})"
    data = storage.readable(row.data, where)
    settled = storage.readable(row.settled, where)
    for value in (data, settled):
        if value is not None and not isinstance(value, dict):
            raise TamperedTableError(f"{where} cannot be read: not a JSON object")
    return Change(row.seq, row.version, row.number, row.action, data, settled, row.created_at, row.actor,
                  row.request_id)


def _hashed_settings(row: TableRow) -> dict[str, Any]:
    """The table's settings, and who opened it, as stored, in the form the chain's first hash covers."""
    return audit.settings_json(row.name, _players(row), row.ruleset, _house_rules(row), row.base_money, row.created_by)


def _facts(row: TableRow, settings: TableSettings) -> TableFacts:
    """What reading the table needs of its rules, as kept when it opened; for a table kept before
    (none stored) the rules as they resolve now."""
    stored = storage.readable(row.facts, f"table {row.id}: its rules' facts")
    if stored is None:
        try:
            return TableFacts.of(settings.rules())
        except RulesetError as error:
            raise TableError(f"table {row.id}: its rules cannot be read: {error}") from None
    try:
        return TableFacts.from_json(stored)
    except (KeyError, TypeError, ValueError, ArithmeticError) as error:
        raise TamperedTableError(f"table {row.id}: its rules' facts cannot be read: {error!r}") from None


def _summed(row: TableRow, live: audit.Live) -> TableView:
    settings = _settings(row)
    return TableView(row.id, row.version, settings, _facts(row, settings), sums(live), row.head_hash, row.created_at,
                     row.created_by, origin=_origin(row))


def _append(session: Session, row: TableRow, writes: Sequence[_Write], actor: str,
            request_id: str | None) -> list[EntryRow]:
    """Append one change (one or more rows) to the table's history, after its last row (the head,
    checked), and move its head on."""
    version = row.version + 1
    at = audit.now()
    previous = row.head_hash
    seq = storage.last_seq(session, row.id)
    count = row.entries
    added: list[EntryRow] = []
    for index, write in enumerate(writes):
        seq += 1
        data = None if write.entry is None else entry_to_dict(write.entry)
        settled = None if write.settled is None else settled_to_json(write.settled)
        change = Change(seq, version, write.number, write.action, data, settled, at, actor[:120],
                        request_id if index == 0 else None)
        previous = change.hash_after(row.id, previous)
        added.append(EntryRow(table_id=row.id, seq=seq, version=version, number=write.number, action=write.action,
                              data=data, settled=settled, created_at=at, actor=change.actor,
                              request_id=change.request_id, hash=previous))
        count += 1 if write.action in audit.APPENDS else -1 if write.action in audit.VOIDS else 0
    session.add_all(added)
    row.version, row.head_hash, row.entries = version, previous, count
    session.flush()
    return added


def _deal_at(view: TableView, number: int | None) -> Deal:
    """The deal in which entry ``number`` happened (None: the coming hand)."""
    if number is None:
        return view.deal
    return _step(view, number).deal


def _step(view: TableView, number: int) -> Step:
    """Entry ``number`` of the history, which the view's page holds (:meth:`Scorekeeper._context`)."""
    ledger = view.ledger
    if not 1 <= number <= ledger.length:
        raise TableError(Refusal("no_such_entry", table=view.id, number=number, count=ledger.length))
    return ledger.steps[number - ledger.first]


def _put(view: TableView, entry: Entry, correct: int | None) -> list[_Write]:
    """The rows that append ``entry``, or that supersede entry ``correct`` by it and re-settle the
    later entries whose result the correction changes (their seats, round or streak may move). The
    view holds the steps from the one before ``correct`` that ended a hand."""
    steps = view.ledger.steps
    if correct is None:
        return [_Write("record", view.ledger.length + 1, entry, settle(view.settings, view.rules, [entry], steps)[0])]
    index = steps.index(_step(view, correct))
    later = [step.entry for step in steps[index + 1:]]
    settled = settle(view.settings, view.rules, [entry, *later], steps[:index])
    return [_Write("correct", correct, entry, settled[0]),
            *_differing("resettle", steps[index + 1:], settled[1:], first=correct + 1)]


def _differing(action: str, steps: Sequence[Step], settled: Sequence[Settled], first: int = 1) -> list[_Write]:
    """A row for each step whose new settlement differs from the stored one."""
    return [_Write(action, number, step.entry, new)
            for number, (step, new) in enumerate(zip(steps, settled, strict=True), first)
            if settled_to_json(_unpinned(new)) != settled_to_json(_unpinned(step.settled))]


def _unpinned(settled: Settled) -> Settled:
    """A settlement without its pin, to compare results (a new engine version alone changes nothing)."""
    return replace(settled, pin=None)


def today() -> str:
    """Today's date, UTC, as ``YYYY-MM-DD`` (the days tables are opened on)."""
    return audit.now()[:10]


def is_day(text: str) -> bool:
    """Whether ``text`` is a date written YYYY-MM-DD."""
    try:
        return datetime.strptime(text, "%Y-%m-%d").strftime("%Y-%m-%d") == text
    except ValueError:
        return False
