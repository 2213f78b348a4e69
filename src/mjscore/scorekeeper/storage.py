"""Where tables live: SQLAlchemy 2 on an embedded SQLite file or a PostgreSQL server.

Two tables: ``score_tables`` (settings and a ``version`` that every change increments) and
``table_entries`` (the history, numbered from 1 per table). The schema is created and upgraded by the
Alembic migrations shipped in ``mjscore/scorekeeper/migrations`` when a :class:`Store` opens.

Every change runs in one transaction that first locks the table's row (``SELECT ... FOR UPDATE`` on
PostgreSQL; on SQLite every write transaction starts with ``BEGIN IMMEDIATE``, which takes the
database's write lock), so two clients recording at once are serialised and neither is lost; a
failure before the commit rolls the whole change back.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import platformdirs
from alembic import command
from alembic.config import Config
from sqlalchemy import JSON, ForeignKey, Integer, String, UniqueConstraint, create_engine, event, func, select, text
from sqlalchemy.engine import URL, Engine, make_url
from sqlalchemy.exc import ArgumentError, NoSuchModuleError
from sqlalchemy.orm import DeclarativeBase, Mapped, Session, mapped_column, sessionmaker

from mjscore.environment import DATABASE_URL_VARIABLE
from mjscore.errors import NoSuchTableError, TableError

#: A fixed key for PostgreSQL's advisory lock, so that two processes never migrate at once.
_MIGRATION_LOCK = 0x6D6A73636F7265


class Base(DeclarativeBase):
    """The declarative base of the scorekeeper's tables (the migrations are checked against it)."""


class TableRow(Base):
    """A table's settings; ``version`` counts the changes made to it."""

    __tablename__ = "score_tables"

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    name: Mapped[str] = mapped_column(String(200))
    players: Mapped[list[str]] = mapped_column(JSON)
    ruleset: Mapped[str] = mapped_column(String(40))
    house_rules: Mapped[dict[str, Any]] = mapped_column(JSON)
    base_money: Mapped[str] = mapped_column(String(40))
    version: Mapped[int] = mapped_column(Integer)


class EntryRow(Base):
    """One entry of a table's history (:func:`mjscore.scorekeeper.model.entry_to_dict`, players by index)."""

    __tablename__ = "table_entries"
    __table_args__ = (UniqueConstraint("table_id", "number", name="uq_table_entries_table_number"),)

    id: Mapped[int] = mapped_column(Integer, primary_key=True)
    table_id: Mapped[int] = mapped_column(ForeignKey("score_tables.id", ondelete="CASCADE"), index=True)
    number: Mapped[int] = mapped_column(Integer)
    data: Mapped[dict[str, Any]] = mapped_column(JSON)


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
    """An open database: its engine, migrated to the newest schema."""

    def __init__(self, url: str | None = None) -> None:
        parsed = _url(url or default_url())
        self.is_sqlite = parsed.get_backend_name() == "sqlite"
        if self.is_sqlite and parsed.database and parsed.database != ":memory:":
            Path(parsed.database).parent.mkdir(parents=True, exist_ok=True)
        try:
            self.engine = create_engine(parsed, **({"connect_args": {"timeout": 60}} if self.is_sqlite else {}))
        except (ArgumentError, NoSuchModuleError) as error:
            raise TableError(f"cannot use the database {parsed.render_as_string()}: {error}") from None
        if self.is_sqlite:
            _serialise_sqlite_writes(self.engine)
        upgrade(self.engine)
        self._sessions = sessionmaker(self.engine, expire_on_commit=False)

    @contextmanager
    def transaction(self) -> Iterator[Session]:
        """A session in one transaction: committed when the block ends, rolled back if it raises."""
        with self._sessions.begin() as session:
            yield session

    def close(self) -> None:
        self.engine.dispose()


def _serialise_sqlite_writes(engine: Engine) -> None:
    """Let SQLAlchemy, not the sqlite3 module, begin transactions, and begin each with
    ``BEGIN IMMEDIATE``: the write lock is taken before the table is read, so two writers queue
    instead of both reading the same history."""

    @event.listens_for(engine, "connect")
    def _connect(dbapi_connection: Any, _record: Any) -> None:
        dbapi_connection.isolation_level = None
        dbapi_connection.execute("PRAGMA foreign_keys = ON")

    @event.listens_for(engine, "begin")
    def _begin(connection: Any) -> None:
        connection.exec_driver_sql("BEGIN IMMEDIATE")


def migration_config() -> Config:
    """Alembic's configuration: the migrations shipped in this package, no ``alembic.ini``."""
    config = Config()
    config.set_main_option("script_location", "mjscore.scorekeeper:migrations")
    return config


def upgrade(engine: Engine) -> None:
    """Create or upgrade the schema to the newest migration, one process at a time."""
    config = migration_config()
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _MIGRATION_LOCK})
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


# ----- reading and writing rows (inside a Store.transaction)


def add_table(session: Session, row: TableRow) -> int:
    session.add(row)
    session.flush()
    return row.id


def table_rows(session: Session) -> list[TableRow]:
    return list(session.scalars(select(TableRow).order_by(TableRow.id)))


def table_row(session: Session, table_id: int, lock: bool = False) -> TableRow:
    """The table's row, locked against other writers until the transaction ends if ``lock``."""
    row = session.get(TableRow, table_id, with_for_update=lock)
    if row is None:
        raise NoSuchTableError(f"there is no table {table_id}")
    return row


def entry_counts(session: Session) -> dict[int, int]:
    """How many entries each table has."""
    query = select(EntryRow.table_id, func.count()).group_by(EntryRow.table_id)
    return {table_id: count for table_id, count in session.execute(query)}


def entry_rows(session: Session, table_id: int) -> list[EntryRow]:
    return list(session.scalars(select(EntryRow).where(EntryRow.table_id == table_id).order_by(EntryRow.number)))
