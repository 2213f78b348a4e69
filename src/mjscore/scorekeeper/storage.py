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
from sqlalchemy import (
    JSON,
    ForeignKey,
    Index,
    Integer,
    String,
    UniqueConstraint,
    create_engine,
    event,
    func,
    inspect,
    select,
    text,
)
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.exc import ArgumentError, DatabaseError, NoSuchModuleError, OperationalError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker
from sqlalchemy.pool import StaticPool
from sqlalchemy.types import TypeDecorator

from mjscore.environment import DATABASE_URL_VARIABLE, LEDGER_KEY_VARIABLE
from mjscore.errors import (
    AdoptionNeededError,
    DatabaseUnavailableError,
    MissingKeyError,
    NoSuchTableError,
    Refusal,
    StorageError,
    TableError,
    TamperedTableError,
)
from mjscore.scorekeeper.anchor import Anchor, anchor_path
from mjscore.scorekeeper.signing import LedgerKey, default_key_path

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
    #: Where an imported table came from, signed with the head (:mod:`mjscore.scorekeeper.exchange`):
    #: what the import found (unaltered, altered, unverified) and the table it is a copy of. None
    #: for a table opened here.
    origin: Mapped[dict[str, Any] | None] = mapped_column(StoredJSON)
    #: Who opened it, as the limit of tables an hour counts them: an HTTP client's address (whatever
    #: device name it joined under), or the actor.
    client: Mapped[str | None] = mapped_column(String(120))


class IdentityRow(Base):
    """The database's identity (one row): a random id, by which the anchor beside the ledger key
    knows it, the fingerprint of the key that signs it, when it was first signed, and the signature
    of all three (:mod:`mjscore.scorekeeper.trust`)."""

    __tablename__ = "ledger_identity"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    database: Mapped[str] = mapped_column(String(32))
    key: Mapped[str] = mapped_column(String(16))
    created_at: Mapped[str] = mapped_column(String(32))
    mac: Mapped[str] = mapped_column(String(64))


class RecordHeadRow(Base):
    """The signed head of a club record other than a table (:mod:`mjscore.scorekeeper.trust`): the
    roster (its last change and hash), a tournament (a count of its changes and the hash of its whole
    state) or the club's statements; ``origin`` names the record whatever its number."""

    __tablename__ = "ledger_heads"

    record: Mapped[str] = mapped_column(String(64), primary_key=True)
    version: Mapped[int] = mapped_column(Integer)
    digest: Mapped[str] = mapped_column(String(64))
    origin: Mapped[str] = mapped_column(String(64))
    mac: Mapped[str] = mapped_column(String(64))


class StatementRow(Base):
    """A statement a person signed into the ledger (:mod:`mjscore.scorekeeper.trust`): ``kind``
    (adopt: records kept before they were signed, vouched for; accept: a tampered record's state
    accepted as it stands) on ``record`` (None: the database), what was found and accepted
    (``state``), why, when and by whom; hash-chained like a table's history, its head signed."""

    __tablename__ = "ledger_statements"
    __table_args__ = (UniqueConstraint("seq", name="uq_ledger_statements_seq"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    seq: Mapped[int] = mapped_column(Integer)
    kind: Mapped[str] = mapped_column(String(16))
    record: Mapped[str | None] = mapped_column(String(64))
    state: Mapped[dict[str, Any]] = mapped_column(StoredJSON)
    reason: Mapped[str] = mapped_column(String(500))
    created_at: Mapped[str] = mapped_column(String(32))
    actor: Mapped[str] = mapped_column(String(120))
    hash: Mapped[str] = mapped_column(String(64))


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
    """An open database: its engine, migrated to the newest schema, its ledger key, the anchor beside
    the key and the database's identity (``database``, its id: :mod:`mjscore.scorekeeper.trust`). On
    SQLite, writes and reads use two engines on the same file: writes begin with ``BEGIN IMMEDIATE``,
    reads with a plain ``BEGIN`` that takes no lock."""

    def __init__(self, url: str | None = None, lock_timeout: float = 60, key: LedgerKey | None = None,
                 adopt: Any = None) -> None:
        """Open (and migrate) the database at ``url``; on SQLite a writer waits up to
        ``lock_timeout`` seconds for another writer before giving up with :class:`StorageError`.
        ``key`` signs the club's records (default: the server's key file, made with a new database;
        a database that was signed and whose key is missing is :class:`MissingKeyError`). ``adopt``
        (:class:`~mjscore.scorekeeper.trust.Adoption`) vouches for records an older mjscore kept
        unsigned, which an upgrade otherwise refuses to sign (:class:`AdoptionNeededError`)."""
        parsed = _url(url or default_url())
        self.is_sqlite = parsed.get_backend_name() == "sqlite"
        self.name = (parsed.database or ":memory:").removeprefix("file:") if self.is_sqlite \
            else parsed.render_as_string(hide_password=True)
        if self.is_sqlite and parsed.database not in (None, "", ":memory:") \
                and parsed.query.get("mode") not in ("ro", "memory"):  # a file SQLite may write (a URI's path too)
            _create_private(Path(self.name), self.name)
        try:
            options: dict[str, Any] = {"connect_args": {"timeout": lock_timeout}} if self.is_sqlite else {}
            in_memory = self.is_sqlite and (parsed.database or ":memory:") == ":memory:"
            if in_memory:  # one database, kept by one shared connection, that reads and writes
                options = {"connect_args": {"timeout": lock_timeout, "check_same_thread": False},
                           "poolclass": StaticPool}
            self.engine = create_engine(parsed, **options)
            self.reader = create_engine(parsed, **options) if self.is_sqlite and not in_memory else self.engine
        except (ArgumentError, NoSuchModuleError) as error:
            raise TableError(f"cannot use the database {self.name}: {error}") from None
        if self.is_sqlite:
            _serialise_sqlite_writes(self.engine, immediate=True)
            if self.reader is not self.engine:
                _serialise_sqlite_writes(self.reader, immediate=False)
        try:
            with self.errors():
                found = survey(self.reader)
            self.key = key or _key_for(found, self.name)
            self.anchor = Anchor(self.key)
            with self.errors():
                upgrade(self.engine, self.reader, self.key, self.anchor, adopt, self.name)
                with self.reader.connect() as connection:
                    row = connection.execute(select(IdentityRow)).first()
                    connection.rollback()
                self.database = check_identity(row, self.key, self.name)
            self.anchor.locate(self.database, os.path.abspath(self.name) if self.is_sqlite else self.name, _now())
        except BaseException:
            self.engine.dispose()
            self.reader.dispose()
            if hasattr(self, "anchor"):
                self.anchor.close()
            raise
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)
        self._readers = sessionmaker(self.reader, expire_on_commit=False)

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """A session in one write transaction: committed when the block ends, rolled back if it raises.
        The heads it signed are kept in the anchor once it has committed."""
        with self.errors():
            with self._sessions.begin() as session:
                yield session
            self._keep(session)

    @contextmanager
    def reading(self) -> Iterator[Session]:
        """A session in one read transaction, which takes no lock (nothing it does is committed)."""
        with self.errors(), self._readers.begin() as session:
            yield session

    def _keep(self, session: Session) -> None:
        """Keep in the anchor the heads a committed transaction signed (trust.PENDING...)."""
        for name, new in (("mjscore_anchor", False), ("mjscore_anchor_new", True)):
            heads = session.info.pop(name, [])
            if heads:
                self.anchor.advance(self.database, heads, replace=new)

    @contextmanager
    def errors(self) -> Iterator[None]:
        """Turn a database that cannot be used (read-only, locked, full, not a database, unreachable)
        into one line: :class:`StorageError` naming the database and the driver's first line; one
        that may pass (locked, full, unreachable) is :class:`DatabaseUnavailableError`."""
        try:
            yield
        except (OperationalError, DatabaseError) as error:
            reason = str(error.orig).strip().splitlines()[0] if error.orig is not None else str(error).splitlines()[0]
            message = f"the database {self.name} cannot be used: {reason}"
            if isinstance(error, OperationalError) and "readonly" not in reason and "read-only" not in reason:
                raise DatabaseUnavailableError(message) from None  # locked, full, unreachable: it may pass
            raise StorageError(message) from None

    def close(self) -> None:
        self.engine.dispose()
        self.reader.dispose()
        self.anchor.close()


def _now() -> str:
    from mjscore.scorekeeper.audit import now  # audit reads the ledger's values, which read this module's rows
    return now()


def _create_private(path: Path, name: str) -> None:
    """Create the SQLite file ``path`` readable and writable by its owner only (SQLite gives its -wal
    and -shm files the same mode), with its folder, unless it exists."""
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        os.close(os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
    except FileExistsError:
        pass
    except OSError as error:
        raise StorageError(f"cannot create {name}: {error.strerror}") from None


@dataclass(frozen=True)
class Survey:
    """What a database holds before it is opened: its schema's revision (0: none yet), and the
    fingerprint of the key that signed it (None: never signed; ``?``: signed, by a key not named)."""

    revision: int
    signed_by: str | None


def survey(engine: Engine) -> Survey:
    """Read what the database holds before it is migrated (:class:`Survey`)."""
    with engine.connect() as connection:
        revision = _revision(connection)
        signed_by: str | None = None
        if revision >= 7:
            signed_by = connection.execute(select(IdentityRow.key)).scalar() or "?"
        elif revision >= 4 and connection.execute(text("SELECT 1 FROM score_tables WHERE head_mac IS NOT NULL")).first():
            signed_by = "?"
        connection.rollback()
    return Survey(revision, signed_by)


def _revision(connection: Any) -> int:
    current = MigrationContext.configure(connection).get_current_revision()
    return int(current) if current else 0


def _key_for(found: Survey, name: str) -> LedgerKey:
    """The server's ledger key for a database that holds ``found``: made if there is none and the
    database was never signed; else it must be there."""
    if found.signed_by is None:
        return LedgerKey.load()
    try:
        return LedgerKey.load(create=False)
    except MissingKeyError as error:
        which = f" by ledger key {found.signed_by}" if found.signed_by != "?" else ""
        path = default_key_path()
        raise MissingKeyError(f"{error}, and the database {name} was signed{which}: restore the key file (and "
                              f"{anchor_path(path).name} beside it) from your backup, or set {LEDGER_KEY_VARIABLE} to "
                              "where they are; mjscore makes no new key for a signed database") from None


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


def upgrade(engine: Engine, reader: Engine | None, key: LedgerKey, anchor: Anchor, adopt: Any = None,
            name: str = "") -> None:
    """Create or upgrade the schema to the newest migration, one process at a time. A database
    already at the newest schema is only read (with ``reader``), so a read-only file can be shown.
    On SQLite the foreign keys are off while migrating: a migration that copies ``score_tables``
    (SQLite alters a table by copying it) must not cascade into the entries.

    An upgrade never signs what it cannot check (issue 38): before any migration runs, a database
    whose records an older mjscore kept unsigned (:func:`unsigned`) is refused with
    :class:`AdoptionNeededError` unless ``adopt`` vouches for them, and one whose schema was set back
    below the signed revision (its records are known to the anchor) is refused outright."""
    config = migration_config()
    with (reader or engine).connect() as connection:
        current = _revision(connection)
        connection.rollback()
    newest = int(ScriptDirectory.from_config(config).get_current_head() or 0)
    if current == newest:
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
                found = unsigned(connection, key, anchor, name)
                if found and adopt is None:
                    raise AdoptionNeededError(
                        f"the database {name} holds records an older mjscore kept unsigned ({listed(found)}): mjscore "
                        "signs only what it can check or a person vouches for; see them with `mjscore ledger adopt`, "
                        'then sign them as they stand with `mjscore ledger adopt --reason "..." --yes`')
                config.attributes.update(connection=connection, ledger_key=key, anchor=anchor,
                                         adopt=adopt if found else None, adopted=found)
                command.upgrade(config, "head")
        finally:
            if sqlite:
                raw.execute("PRAGMA foreign_keys = ON")


def unsigned(connection: Any, key: LedgerKey, anchor: Anchor, name: str) -> dict[str, int]:
    """What an upgrade of the database on ``connection`` would have to sign that nothing can check
    (counts by kind: ``tables`` never signed, the roster's ``renames`` and ``merges``,
    ``tournaments``); {} if none. Raises :class:`StorageError` if the schema was set back below the
    revision the anchor knows its records at: a downgraded database is never signed again."""
    revision = _revision(connection)
    if revision >= 7:
        return {}
    names = set(inspect(connection).get_table_names())
    found: dict[str, int] = {}
    if "score_tables" in names:
        hashed = "settings_hash" in {c["name"] for c in inspect(connection).get_columns("score_tables")}
        tables = [(int(i), str(h)) for i, h in connection.execute(
            text(f"SELECT id, {'settings_hash' if hashed else 'NULL'} FROM score_tables"))]
        origins = {h: i for i, h in tables}
        known = anchor.databases_of(origins)
        place = anchor.database_at(os.path.abspath(name) if connection.dialect.name == "sqlite" else name)
        if known or place:
            detail = ""
            if known:
                origin, database = next(iter(known.items()))
                head = anchor.get(database, f"table:{origins[origin]}")
                if head is not None and head.version >= 0:
                    detail = f" (its table {origins[origin]} was signed at version {head.version} on {_day(head.at)})"
            raise StorageError(f"the database {name}'s schema was set back to revision {revision:04d}, below the one "
                               f"ledger key {key.fingerprint} signed it at{detail}: mjscore does not sign it again; "
                               "restore the database from your backup")
        if revision < 4 and tables:
            found["tables"] = len(tables)
    if "roster_changes" in names:
        for action, count in connection.execute(text(
                "SELECT action, COUNT(*) FROM roster_changes WHERE action IN ('rename', 'merge') GROUP BY action")):
            found[f"{action}s"] = int(count)
    if "tournaments" in names:
        count = connection.execute(text("SELECT COUNT(*) FROM tournaments")).scalar() or 0
        if count:
            found["tournaments"] = int(count)
    return found


def listed(found: dict[str, int]) -> str:
    """What :func:`unsigned` found, in words: ``1 rename on the roster, 2 tournaments``."""
    words = {"tables": "table never signed", "renames": "rename on the roster", "merges": "merge on the roster",
             "tournaments": "tournament"}
    parts = []
    for kind, count in found.items():
        word = words[kind]
        head, _, rest = word.partition(" ")
        parts.append(f"{count} {head}{'s' * (count != 1)}{' ' + rest if rest else ''}")
    return ", ".join(parts)


def _day(at: str) -> str:
    return at[:19].replace("T", " ") + " UTC" if len(at) >= 19 else at


def pending_adoption(url: str | None = None, key: LedgerKey | None = None) -> dict[str, int]:
    """What opening the database at ``url`` would ask a person to vouch for (:func:`unsigned`),
    read without migrating it: ``mjscore ledger adopt`` shows it before anything is signed."""
    parsed = _url(url or default_url())
    engine = create_engine(parsed)
    name = (parsed.database or ":memory:") if parsed.get_backend_name() == "sqlite" \
        else parsed.render_as_string(hide_password=True)
    try:
        found = survey(engine)
        key = key or _key_for(found, name)
        anchor = Anchor(key)
        try:
            with engine.connect() as connection:
                return unsigned(connection, key, anchor, name)
        finally:
            anchor.close()
    except (OperationalError, DatabaseError) as error:
        raise StorageError(f"the database {name} cannot be used: {str(error.orig or error).splitlines()[0]}") from None
    finally:
        engine.dispose()


def check_identity(row: Any, key: LedgerKey, name: str) -> str:
    """The database's id, its identity (the row of ``ledger_identity``) checked: there, signed by
    ``key``. Raises :class:`StorageError` naming the database ``name`` if it is another key's, and
    :class:`TamperedTableError` if the identity was removed or changed."""
    if row is None:
        raise TamperedTableError(f"the database {name} has lost its ledger identity (its row was removed outside "
                                 "mjscore): restore the database from your backup")
    if row.key != key.fingerprint:
        raise StorageError(f"the database {name} was signed by ledger key {row.key}, and the key {key.path} is "
                           f"{key.fingerprint}: point {LEDGER_KEY_VARIABLE} at the database's own key")
    if row.mac != key.sign_identity(row.database, row.created_at):
        raise TamperedTableError(f"the database {name}: its ledger identity was changed outside mjscore (it does not "
                                 "carry the key's signature): restore the database from your backup")
    return str(row.database)


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


def recorded_at(session: Session, table_id: int, number: int, appends: Sequence[str]) -> str | None:
    """When entry ``number`` as it stands was first recorded: the time of its last row whose action is
    one of ``appends`` (a correction keeps it; an undo and a new entry make a new one)."""
    query = (select(EntryRow.created_at).where(EntryRow.table_id == table_id, EntryRow.number == number,
                                               EntryRow.action.in_(appends))
             .order_by(EntryRow.seq.desc()).limit(1))
    found: str | None = session.scalar(query)
    return found


def round_of_table(session: Session, table_id: int) -> tuple[str, int, int] | None:
    """The tournament, round and number a table is of (None: it is no tournament's)."""
    found = session.execute(select(TournamentRow.name, RoundTableRow.round, RoundTableRow.number)
                            .join(TournamentRow, TournamentRow.id == RoundTableRow.tournament_id)
                            .where(RoundTableRow.table_id == table_id)).first()
    return None if found is None else (str(found[0]), int(found[1]), int(found[2]))


def request_seen(session: Session, table_id: int, request_id: str) -> bool:
    """Whether a change with this client request id was already recorded at the table."""
    query = select(EntryRow.id).where(EntryRow.table_id == table_id, EntryRow.request_id == request_id).limit(1)
    return session.scalar(query) is not None


def table_of_request(session: Session, request_id: str) -> TableRow | None:
    """The table a client's request with this id opened, if any."""
    return session.scalar(select(TableRow).where(TableRow.request_id == request_id))


def tables_created_since(session: Session, moment: str, client: str | None = None) -> int:
    """How many tables were created at or after ``moment`` (an ISO 8601 UTC time), by the client
    ``client`` if given (as :attr:`TableRow.client` keeps it)."""
    query = select(func.count()).select_from(TableRow).where(TableRow.created_at >= moment)
    if client is not None:
        query = query.where(TableRow.client == client)
    return session.scalar(query) or 0
