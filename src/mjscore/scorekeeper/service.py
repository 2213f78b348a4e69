"""The scorekeeper's service layer: what the CLI and the HTTP API ask of a table.

Every change is one transaction: lock the table's row, read its history, compute the new history (a
pure function of the old one), replay it (which refuses a history that cannot happen, naming the
entry), write the entries that changed, and increment the table's version. A client that passes the
``expected_version`` it read is refused with :class:`StaleTableError` if another client changed the
table since, so the same hand sent twice from two phones is recorded once.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from sqlalchemy.orm import Session

from mjscore.errors import StaleTableError, TableError
from mjscore.scorekeeper import storage
from mjscore.scorekeeper.flow import Deal, seat_of
from mjscore.scorekeeper.ledger import Ledger, replay, win_entry
from mjscore.scorekeeper.model import Draw, Entry, Event, TableSettings, base_money, entry_from_dict, entry_to_dict
from mjscore.scorekeeper.storage import EntryRow, Store, TableRow
from mjscore.scoring.ruleset import Ruleset


@dataclass(frozen=True)
class TableView:
    """A table as it stands: its settings, ruleset, version and replayed ledger."""

    id: int
    version: int
    settings: TableSettings
    rules: Ruleset
    ledger: Ledger

    @property
    def deal(self) -> Deal:
        return self.ledger.deal

    def seat(self, player: int) -> str:
        """The player's seat wind in the coming hand."""
        return seat_of(player, self.deal.dealer)


@dataclass(frozen=True, slots=True)
class TableSummary:
    """A line of the list of tables."""

    id: int
    name: str
    ruleset: str
    players: tuple[str, ...]
    entries: int
    version: int


class Scorekeeper:
    """Tables on a :class:`Store`. Open the default database with :meth:`open`."""

    def __init__(self, store: Store) -> None:
        self.store = store

    @classmethod
    def open(cls, url: str | None = None) -> Scorekeeper:
        """The scorekeeper on ``url``, else ``$MJSCORE_DATABASE_URL``, else the user's SQLite file."""
        return cls(Store(url))

    def close(self) -> None:
        self.store.close()

    # ----- reading

    def tables(self) -> list[TableSummary]:
        with self.store.transaction() as session:
            counts = storage.entry_counts(session)
            return [TableSummary(row.id, row.name, row.ruleset, tuple(row.players), counts.get(row.id, 0), row.version)
                    for row in storage.table_rows(session)]

    def table(self, table_id: int) -> TableView:
        with self.store.transaction() as session:
            row = storage.table_row(session, table_id)
            return _view(row, storage.entry_rows(session, table_id))

    # ----- changing

    def create_table(self, settings: TableSettings, entries: Sequence[Entry] = ()) -> TableView:
        """A new table with ``settings`` (and, for an import, a history that must replay)."""
        rules = settings.rules()
        ledger = replay(settings, rules, entries)
        with self.store.transaction() as session:
            row = TableRow(name=settings.name, players=list(settings.players), ruleset=settings.ruleset,
                           house_rules=dict(settings.house_rules), base_money=str(settings.base_money), version=0)
            table_id = storage.add_table(session, row)
            _write_entries(session, table_id, [], entries)
            return TableView(table_id, row.version, settings, rules, ledger)

    def record_win(self, table_id: int, record: Mapping[str, Any], winner: str | None = None,
                   discarder: str | None = None, *, correct: int | None = None,
                   expected_version: int | None = None) -> TableView:
        """Record a won hand (a hand record; the winner and discarder by name or by the record's seat
        winds), or with ``correct=N`` replace entry N by it."""

        def change(view: TableView) -> list[Entry]:
            deal = _deal_at(view, correct)
            return _put(view, win_entry(view.settings, deal, view.rules, record, winner, discarder), correct)

        return self._change(table_id, expected_version, change)

    def record_draw(self, table_id: int, *, correct: int | None = None,
                    expected_version: int | None = None) -> TableView:
        """Record a drawn hand, or with ``correct=N`` replace entry N by one."""
        return self._change(table_id, expected_version, lambda view: _put(view, Draw(), correct))

    def record_event(self, table_id: int, event: str, player: str, count: int = 1, *, correct: int | None = None,
                     expected_version: int | None = None) -> TableView:
        """Record a table payment when it happens (the ruleset's ``event`` for ``player``, ``count``
        times), or with ``correct=N`` replace entry N by it."""

        def change(view: TableView) -> list[Entry]:
            return _put(view, Event(event, view.settings.player(player), count), correct)

        return self._change(table_id, expected_version, change)

    def undo(self, table_id: int, *, expected_version: int | None = None) -> TableView:
        """Remove the last entry."""

        def change(view: TableView) -> list[Entry]:
            entries = _entries_of(view)
            if not entries:
                raise TableError(f"table {view.id} has nothing to undo")
            return entries[:-1]

        return self._change(table_id, expected_version, change)

    def _change(self, table_id: int, expected_version: int | None,
                change: Callable[[TableView], list[Entry]]) -> TableView:
        with self.store.transaction() as session:
            row = storage.table_row(session, table_id, lock=True)
            if expected_version is not None and row.version != expected_version:
                raise StaleTableError(
                    f"table {table_id} changed since you read it (version {expected_version}, now {row.version}): "
                    "look again before recording")
            rows = storage.entry_rows(session, table_id)
            view = _view(row, rows)
            entries = change(view)
            ledger = replay(view.settings, view.rules, entries)
            _write_entries(session, table_id, rows, entries)
            row.version += 1
            return TableView(table_id, row.version, view.settings, view.rules, ledger)


def _settings(row: TableRow) -> TableSettings:
    players = row.players
    return TableSettings(row.name, (players[0], players[1], players[2], players[3]), row.ruleset,
                         dict(row.house_rules), base_money(row.base_money))


def _view(row: TableRow, rows: Sequence[EntryRow]) -> TableView:
    settings = _settings(row)
    rules = settings.rules()
    entries = [entry_from_dict(entry.data, settings) for entry in rows]
    return TableView(row.id, row.version, settings, rules, replay(settings, rules, entries))


def _entries_of(view: TableView) -> list[Entry]:
    return [step.entry for step in view.ledger.steps]


def _deal_at(view: TableView, number: int | None) -> Deal:
    """The deal in which entry ``number`` happened (None: the coming hand)."""
    if number is None:
        return view.deal
    _check_number(view, number)
    return view.ledger.steps[number - 1].deal


def _check_number(view: TableView, number: int) -> None:
    count = len(view.ledger.steps)
    if not 1 <= number <= count:
        raise TableError(f"table {view.id} has no entry {number} (it has {count})")


def _put(view: TableView, entry: Entry, correct: int | None) -> list[Entry]:
    """The history with ``entry`` appended, or replacing entry ``correct``."""
    entries = _entries_of(view)
    if correct is None:
        return [*entries, entry]
    _check_number(view, correct)
    entries[correct - 1] = entry
    return entries


def _write_entries(session: Session, table_id: int, rows: Sequence[EntryRow], entries: Sequence[Entry]) -> None:
    """Make the stored history ``entries``: update the rows that changed, add or delete the rest."""
    for number, entry in enumerate(entries, 1):
        data = entry_to_dict(entry)
        if number <= len(rows):
            if rows[number - 1].data != data:
                rows[number - 1].data = data
        else:
            session.add(EntryRow(table_id=table_id, number=number, data=data))
    for extra in rows[len(entries):]:
        session.delete(extra)
    session.flush()
