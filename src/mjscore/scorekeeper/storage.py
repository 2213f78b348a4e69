"""Where tables live: SQLAlchemy 2 on an embedded SQLite file or a PostgreSQL server.

Two tables: ``score_tables`` (a table's settings and its head: the ``version`` every change
increments, the number of entries, the hash of the last change) and ``table_entries``, the
append-only history: one row per entry written, never updated or deleted. A correction adds a row
that supersedes the entry, an undo adds a row that voids it (:mod:`mjscore.scorekeeper.audit`).
Beside them, the club's: ``roster_changes`` (the roster's own append-only log, which also says who
sat at each seat of a table) and ``table_sessions`` (a table's session and event); a tournament's
players, rounds, tables and penalties (``tournament_*``). The
schema is created and upgraded by the Alembic migrations shipped in ``mjscore/scorekeeper/migrations``
when a :class:`Store` opens.

Every change runs in one transaction that first locks the table's row (``SELECT ... FOR UPDATE`` on
PostgreSQL; on SQLite every write transaction starts with ``BEGIN IMMEDIATE``, which takes the
database's write lock), so two clients recording at once are serialised and neither is lost; a
failure before the commit rolls the whole change back. Reads take no lock: on SQLite they run in a
plain deferred transaction on a database in WAL mode, so a reader never waits for a writer.
"""

from __future__ import annotations

import os
import sqlite3
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import platformdirs
from alembic import command
from alembic.config import Config
from alembic.migration import MigrationContext
from alembic.script import ScriptDirectory
from sqlalchemy import JSON, ForeignKey, Index, Integer, String, UniqueConstraint, create_engine, event, func, select, text
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.exc import ArgumentError, DatabaseError, NoSuchModuleError, OperationalError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker
from sqlalchemy.types import TypeDecorator

from mjscore.environment import DATABASE_URL_VARIABLE
from mjscore.errors import NoSuchTableError, Refusal, StorageError, TableError, TamperedTableError
from mjscore.scorekeeper.signing import LedgerKey

#: A fixed key for PostgreSQL's advisory lock, so that two processes never migrate at once.
_MIGRATION_LOCK = 0x6D6A73636F7265


@dataclass(frozen=True, slots=True)
class Unreadable:
    """What a JSON column holds where the database has text that is not JSON (a row edited by hand
    in SQLite, which stores JSON as text): the reader that meets it names the table and the row,
    and the other tables keep working (issue 28: one bad row broke ``table list`` for every table)."""

    problem: str


class StoredJSON(TypeDecorator[Any]):
    """SQLAlchemy's JSON, read leniently: a value that does not decode is :class:`Unreadable`
    instead of an exception raised while the whole result is fetched."""

    impl = JSON
    cache_ok = True

    def result_processor(self, dialect: Any, coltype: Any) -> Any:
        inner = self.impl_instance.result_processor(dialect, coltype)
        if inner is None:
            return None

        def process(value: Any) -> Any:
            try:
                return inner(value)
            except (ValueError, RecursionError) as error:
                return Unreadable(f"not valid JSON ({str(error).splitlines()[0][:80]})")

        return process


def readable(value: Any, what: str) -> Any:
    """``value`` of a JSON column, or :class:`~mjscore.errors.TamperedTableError` saying that
    ``what`` ("table 3: its players") cannot be read, and why."""
    if isinstance(value, Unreadable):
        raise TamperedTableError(f"{what} cannot be read: {value.problem}")
    return value


class Base(DeclarativeBase):
    """The declarative base of the scorekeeper's tables (the migrations are checked against it)."""


class TableRow(Base):
    """A table's settings, when and by whom it was opened (hashed into ``settings_hash``) and its head:
    ``version`` counts the changes made to it, ``entries`` is the length of its history now and
    ``head_hash`` the hash of its last change (``settings_hash`` while it has none); ``request_id``
    is the id of the client's request that opened it (a retry opens no second table)."""

    __tablename__ = "score_tables"
    __table_args__ = (UniqueConstraint("request_id", name="uq_score_tables_request"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    players: Mapped[list[str]] = mapped_column(StoredJSON)
    ruleset: Mapped[str] = mapped_column(String(40))
    house_rules: Mapped[dict[str, Any]] = mapped_column(StoredJSON)
    base_money: Mapped[str] = mapped_column(String(40))
    version: Mapped[int] = mapped_column(Integer)
    created_at: Mapped[str] = mapped_column(String(32))
    created_by: Mapped[str] = mapped_column(String(120))
    settings_hash: Mapped[str] = mapped_column(String(64))
    head_hash: Mapped[str] = mapped_column(String(64))
    entries: Mapped[int] = mapped_column(Integer, server_default="0")
    request_id: Mapped[str | None] = mapped_column(String(64))
    #: The signature of the head (id, version, entries, head_hash, settings_hash and the session) under
    #: the server's ledger key (:mod:`mjscore.scorekeeper.signing`): a rolled-back head is named.
    head_mac: Mapped[str | None] = mapped_column(String(64))
    #: What reading the table needs of its rules, kept when it opened
    #: (:class:`~mjscore.scorekeeper.model.TableFacts`): it reads whatever happens to the rulesets.
    facts: Mapped[dict[str, Any] | None] = mapped_column(StoredJSON)
    #: The sums at the head (:func:`~mjscore.scorekeeper.ledger.totals_to_json`: the length, each
    #: player's points and money, the deal now, the first unsettled entry), signed with the head: a
    #: page of the history is shown without reading what comes before it. None for a table not
    #: changed since before they were kept (it is read whole until its next change).
    totals: Mapped[dict[str, Any] | None] = mapped_column(StoredJSON)


class EntryRow(Base):
    """One row of a table's append-only history: change ``seq`` (from 1) made table version
    ``version``; ``action`` (record, import, correct, resettle, undo, rescore) on entry ``number``;
    ``data`` the entry (:func:`mjscore.scorekeeper.model.entry_to_dict`, players by index; none for
    an undo) and ``settled`` what was settled (:func:`mjscore.scorekeeper.ledger.settled_to_json`);
    when (UTC, ISO 8601), by whom, the client's ``request_id`` (unique per table: a retry is
    recorded once) and ``hash``, which covers all of it and the hash before it."""

    __tablename__ = "table_entries"
    __table_args__ = (UniqueConstraint("table_id", "seq", name="uq_table_entries_table_seq"),
                      UniqueConstraint("table_id", "request_id", name="uq_table_entries_table_request"),
                      Index("ix_table_entries_table_number", "table_id", "number"))

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("score_tables.id", ondelete="CASCADE"), index=True)
    seq: Mapped[int] = mapped_column(Integer)
    version: Mapped[int] = mapped_column(Integer)
    number: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(16))
    data: Mapped[dict[str, Any] | None] = mapped_column(StoredJSON)
    settled: Mapped[dict[str, Any] | None] = mapped_column(StoredJSON)
    created_at: Mapped[str] = mapped_column(String(32))
    actor: Mapped[str] = mapped_column(String(120))
    request_id: Mapped[str | None] = mapped_column(String(64))
    hash: Mapped[str] = mapped_column(String(64))


class RosterRow(Base):
    """One row of the club roster's append-only, hash-chained log (:mod:`mjscore.scorekeeper.roster`):
    change ``seq`` (from 1) ``action`` (add, rename, merge, seat) on ``person``; ``other`` the person
    a merge joins it to, or the table a seat row seats it at (at ``seat``, 0-3); ``name`` the name it
    adds or renames to; when, by whom, and its ``hash``."""

    __tablename__ = "roster_changes"
    __table_args__ = (UniqueConstraint("seq", name="uq_roster_changes_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer)
    action: Mapped[str] = mapped_column(String(16))
    person: Mapped[int] = mapped_column(Integer)
    other: Mapped[int | None] = mapped_column(Integer)
    name: Mapped[str | None] = mapped_column(String(200))
    seat: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[str] = mapped_column(String(32))
    actor: Mapped[str] = mapped_column(String(120))
    hash: Mapped[str] = mapped_column(String(64))


class SessionRow(Base):
    """A table's session (:mod:`mjscore.scorekeeper.sessions`): at most ``hands`` hands, no hand
    begun more than ``minutes`` after the table opened, and the ``event`` (an evening, a tournament)
    whose standings it counts in. Written once, when the table is opened."""

    __tablename__ = "table_sessions"

    table_id: Mapped[int] = mapped_column(ForeignKey("score_tables.id", ondelete="CASCADE"), primary_key=True)
    hands: Mapped[int | None] = mapped_column(Integer)
    minutes: Mapped[int | None] = mapped_column(Integer)
    event: Mapped[str | None] = mapped_column(String(200), index=True)


class TournamentRow(Base):
    """A tournament (:mod:`mjscore.scorekeeper.tournaments`): its name (its tables' event), the
    ruleset its tables play, the ``seed`` its seatings are drawn from, how a round is seated
    (``method``) and filled (``fill``: substitutes or byes), the rounds planned, each table's
    session, and after a cut the ``finalists`` (people's ids) and the round it came after."""

    __tablename__ = "tournaments"
    __table_args__ = (UniqueConstraint("folded", name="uq_tournaments_folded"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    folded: Mapped[str] = mapped_column(String(200))
    ruleset: Mapped[str] = mapped_column(String(40))
    seed: Mapped[str] = mapped_column(String(200))
    method: Mapped[str] = mapped_column(String(16))
    fill: Mapped[str] = mapped_column(String(16))
    rounds: Mapped[int] = mapped_column(Integer)
    session_hands: Mapped[int | None] = mapped_column(Integer)
    session_minutes: Mapped[int | None] = mapped_column(Integer)
    finalists: Mapped[list[int] | None] = mapped_column(JSON)
    cut_after: Mapped[int | None] = mapped_column(Integer)
    created_at: Mapped[str] = mapped_column(String(32))
    created_by: Mapped[str] = mapped_column(String(120))


class EntrantRow(Base):
    """A player of a tournament: the roster's ``person``, their EMA number, the round they play
    from (1, or later for a late entry) and the round after which they dropped, if they did."""

    __tablename__ = "tournament_players"
    __table_args__ = (UniqueConstraint("tournament_id", "person", name="uq_tournament_players_person"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), index=True)
    person: Mapped[int] = mapped_column(Integer)
    ema: Mapped[str | None] = mapped_column(String(16))
    entered: Mapped[int] = mapped_column(Integer)
    dropped_after: Mapped[int | None] = mapped_column(Integer)


class RoundRow(Base):
    """A round of a tournament as seated: its number, how it was seated, the players on a bye."""

    __tablename__ = "tournament_rounds"
    __table_args__ = (UniqueConstraint("tournament_id", "number", name="uq_tournament_rounds_number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    method: Mapped[str] = mapped_column(String(16))
    byes: Mapped[list[int]] = mapped_column(JSON)
    created_at: Mapped[str] = mapped_column(String(32))


class RoundTableRow(Base):
    """A table of a round: its number in the round, the table (a session) it is, and who sits at
    each seat (people's ids, East first; a negative id is a substitute)."""

    __tablename__ = "tournament_tables"
    __table_args__ = (UniqueConstraint("tournament_id", "round", "number", name="uq_tournament_tables_number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), index=True)
    round: Mapped[int] = mapped_column(Integer)
    number: Mapped[int] = mapped_column(Integer)
    table_id: Mapped[int] = mapped_column(ForeignKey("score_tables.id", ondelete="CASCADE"))
    seats: Mapped[list[int]] = mapped_column(JSON)


class PenaltyRow(Base):
    """A penalty the director gave: ``points`` off ``person``'s score, counted from the standings
    after round ``round``, with its reason, when and by whom."""

    __tablename__ = "tournament_penalties"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    tournament_id: Mapped[int] = mapped_column(ForeignKey("tournaments.id", ondelete="CASCADE"), index=True)
    person: Mapped[int] = mapped_column(Integer)
    round: Mapped[int] = mapped_column(Integer)
    points: Mapped[int] = mapped_column(Integer)
    reason: Mapped[str] = mapped_column(String(200))
    created_at: Mapped[str] = mapped_column(String(32))
    actor: Mapped[str] = mapped_column(String(120))


def default_url() -> str:
    """``$MJSCORE_DATABASE_URL``, else a SQLite file in the user's data directory."""
    configured = os.environ.get(DATABASE_URL_VARIABLE, "").strip()
    if configured:
        return configured
    folder = Path(platformdirs.user_data_dir("mjscore", appauthor=False))
    return f"sqlite:///{folder / 'tables.sqlite3'}"


def _url(text_url: str) -> URL:
    """The URL with PostgreSQL's driver made explicit (psycopg 3, the one installed)."""
    try:
        url = make_url(text_url)
    except ArgumentError:
        raise TableError(f"{DATABASE_URL_VARIABLE}: {text_url!r} is not a database URL") from None
    if url.drivername in ("postgresql", "postgres"):
        url = url.set(drivername="postgresql+psycopg")
    return url


class Store:
    """An open database: its engine, migrated to the newest schema. On SQLite, writes and reads use
    two engines on the same file: writes begin with ``BEGIN IMMEDIATE``, reads with a plain
    ``BEGIN`` that takes no lock."""

    def __init__(self, url: str | None = None, lock_timeout: float = 60, key: LedgerKey | None = None) -> None:
        """Open (and migrate) the database at ``url``; on SQLite a writer waits up to
        ``lock_timeout`` seconds for another writer before giving up with :class:`StorageError`.
        ``key`` signs the tables' heads (default: the server's key file, created on first use)."""
        self.key = key or LedgerKey.load()
        parsed = _url(url or default_url())
        self.is_sqlite = parsed.get_backend_name() == "sqlite"
        self.name = (parsed.database or ":memory:").removeprefix("file:") if self.is_sqlite \
            else parsed.render_as_string(hide_password=True)
        if self.is_sqlite and parsed.database and parsed.database != ":memory:":
            try:
                Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
            except OSError as error:
                raise StorageError(f"cannot create the folder of {self.name}: {error.strerror}") from None
        try:
            options: dict[str, Any] = {"connect_args": {"timeout": lock_timeout}} if self.is_sqlite else {}
            self.engine = create_engine(parsed, **options)
            self.reader = create_engine(parsed, **options) if self.is_sqlite else self.engine
        except (ArgumentError, NoSuchModuleError) as error:
            raise TableError(f"cannot use the database {self.name}: {error}") from None
        if self.is_sqlite:
            _serialise_sqlite_writes(self.engine, immediate=True)
            _serialise_sqlite_writes(self.reader, immediate=False)
        with self.errors():
            upgrade(self.engine, self.reader, self.key)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._readers = sessionmaker(self.reader, expire_on_commit=False)

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """A session in one write transaction: committed when the block ends, rolled back if it raises."""
        with self.errors(), self._sessions.begin() as session:
            yield session

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A session in one read transaction, which takes no lock (nothing it does is committed)."""
        with self.errors(), self._readers.begin() as session:
            yield session

    @contextmanager
    def errors(self) -> Iterator[None]:
        """Turn a database that cannot be used (read-only, locked, not a database, unreachable)
        into one line: :class:`StorageError` naming the database and the driver's first line."""
        try:
            yield
        except (OperationalError, DatabaseError) as error:
            reason = str(error.orig).strip().splitlines()[0] if error.orig is not None else str(error).splitlines()[0]
            raise StorageError(f"the database {self.name} cannot be used: {reason}") from None

    def close(self) -> None:
        self.engine.dispose()
        self.reader.dispose()


def _serialise_sqlite_writes(engine: Engine, immediate: bool) -> None:
    """Let SQLAlchemy, not the sqlite3 module, begin transactions; begin each write with
    ``BEGIN IMMEDIATE``: the write lock is taken before the table is read, so two writers queue
    instead of both reading the same history. Reads begin with a plain ``BEGIN``."""

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        dbapi_connection.execute("PRAGMA foreign_keys = ON")
        if immediate:
            try:
                dbapi_connection.execute("PRAGMA journal_mode = WAL")  # kept by the file once set
            except sqlite3.OperationalError:
                pass  # a read-only file keeps its journal mode

    @event.listens_for(engine, "begin")
    def _begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE" if immediate else "BEGIN")


def migration_config() -> Config:
    """Alembic's configuration: the migrations shipped in this package, no ``alembic.ini``."""
    config = Config()
    config.set_main_option("script_location", "mjscore.scorekeeper:migrations")
    return config


def upgrade(engine: Engine, reader: Engine | None = None, key: LedgerKey | None = None) -> None:
    """Create or upgrade the schema to the newest migration, one process at a time. A database
    already at the newest schema is only read (with ``reader``), so a read-only file can be shown.
    On SQLite the foreign keys are off while migrating: a migration that copies ``score_tables``
    (SQLite alters a table by copying it) must not cascade into the entries."""
    config = migration_config()
    with (reader or engine).connect() as connection:
        current = MigrationContext.configure(connection).get_current_revision()
        connection.rollback()
    if current == ScriptDirectory.from_config(config).get_current_head():
        return
    with engine.connect() as connection:
        sqlite = connection.dialect.name == "sqlite"
        raw: Any = connection.connection.driver_connection
        if sqlite:
            raw.execute("PRAGMA foreign_keys = OFF")  # outside a transaction, where SQLite allows it
        try:
            with connection.begin():
                if not sqlite:
                    connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
                config.attributes["connection"] = connection
                config.attributes["ledger_key"] = key  # migration 0004 signs the tables' heads
                command.upgrade(config, "head")
        finally:
            if sqlite:
                raw.execute("PRAGMA foreign_keys = ON")


# ----- reading and writing rows (inside a Store.transaction)


def add_table(session: Session, row: TableRow) -> int:
    session.add(row)
    session.flush()
    return row.id


#: The largest table number a database keeps (a signed 64-bit integer column).
LARGEST_ID = 2**63 - 1


def table_rows(session: Session) -> list[TableRow]:
    return list(session.scalars(select(TableRow).order_by(TableRow.id)))


def table_row(session: Session, table_id: int, lock: bool = False) -> TableRow:
    """The table's row, locked against other writers until the transaction ends if ``lock``. A
    number no database column can hold (below 1, or beyond a signed 64-bit integer) is no table,
    not a database error."""
    row = session.get(TableRow, table_id, with_for_update=lock) if 1 <= table_id <= LARGEST_ID else None
    if row is None:
        raise NoSuchTableError(Refusal("no_such_table", table=table_id))
    return row


def entry_rows(session: Session, table_id: int) -> list[EntryRow]:
    """Every row of the table's history, in the order they were written."""
    return list(session.scalars(select(EntryRow).where(EntryRow.table_id == table_id).order_by(EntryRow.seq)))


def tail_start(session: Session, table_id: int, lowest: int, length: int, voids: Sequence[str]) -> int | None:
    """The first change of the table's history that a page of its entries ``lowest`` to ``length``
    needs: the earliest of the rows those entries now stand on (for each entry its last row whose
    action is not one of ``voids``), or None for no such entry. Every row from there on is the page's tail."""
    standing = (select(func.max(EntryRow.seq))
                .where(EntryRow.table_id == table_id, EntryRow.number >= lowest, EntryRow.number <= length,
                       EntryRow.action.not_in(voids))
                .group_by(EntryRow.number).subquery())
    start: int | None = session.scalar(select(func.min(standing.c[0])))
    return start


def lowest_changed_since(session: Session, table_id: int, version: int) -> int | None:
    """The lowest entry number the changes made after table version ``version`` touch, or None if
    none was made."""
    query = select(func.min(EntryRow.number)).where(EntryRow.table_id == table_id, EntryRow.version > version)
    number: int | None = session.scalar(query)
    return number


def last_seq(session: Session, table_id: int) -> int:
    """The number of the table's last change (0 for none)."""
    return session.scalar(select(func.max(EntryRow.seq)).where(EntryRow.table_id == table_id)) or 0


def rows_from(session: Session, table_id: int, seq: int) -> list[EntryRow]:
    """The rows of the table's history from change ``seq`` on, in the order they were written."""
    query = select(EntryRow).where(EntryRow.table_id == table_id, EntryRow.seq >= seq).order_by(EntryRow.seq)
    return list(session.scalars(query))


def hash_before(session: Session, row: TableRow, seq: int) -> str:
    """The stored hash that change ``seq`` follows: change ``seq - 1``'s, or the settings' for the first."""
    if seq <= 1:
        return row.settings_hash
    found = session.scalar(select(EntryRow.hash).where(EntryRow.table_id == row.id, EntryRow.seq == seq - 1))
    if found is None:
        raise TamperedTableError(f"table {row.id}: change {seq - 1} is missing from its history")
    return found


def request_seen(session: Session, table_id: int, request_id: str) -> bool:
    """Whether a change with this client request id was already recorded at the table."""
    query = select(EntryRow.id).where(EntryRow.table_id == table_id, EntryRow.request_id == request_id).limit(1)
    return session.scalar(query) is not None


def table_of_request(session: Session, request_id: str) -> TableRow | None:
    """The table a client's request with this id opened, if any."""
    return session.scalar(select(TableRow).where(TableRow.request_id == request_id))


def tables_created_since(session: Session, moment: str, by: str | None = None) -> int:
    """How many tables were created at or after ``moment`` (an ISO 8601 UTC time), by the actor
    ``by`` if given (as :attr:`TableRow.created_by` keeps it)."""
    query = select(func.count()).select_from(TableRow).where(TableRow.created_at >= moment)
    if by is not None:
        query = query.where(TableRow.created_by == by)
    return session.scalar(query) or 0
