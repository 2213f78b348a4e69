"""The anchor: the newest signed head of every record, kept beside the ledger key, outside the database.

A signed head proves that a table (or the roster, a tournament, the club's statements) was once at
that head; it cannot prove that it is still the newest, since every earlier head is in the database's
own ``-wal`` file and in every backup. So every head this server signs, and every newer signed head it
reads, is also written here: a small SQLite file beside the key (``ledger.anchor`` for ``ledger.key``),
readable by its owner only and backed up with the key. A read that finds a record older than its
anchor (a backup or an older copy put back, the newest rows cut off and an old head restored) names
it: ``table 4 is at version 5, but version 13 was signed on 2026-12-06 14:03:11 UTC``.

Each row is keyed by the database's identity (a random id the database keeps, signed) and the record
(``table:4``, ``roster``, ``tournament:2``, ``statements``), and keeps the record's ``origin``: what
names it whatever its number (a table's settings hash, which covers its id, settings and opening
time), so that a record of the same number that is another record is named too, and a database whose
identity was removed is still recognised by its records. Every row carries its own signature under
the key: an anchor edited without the key is named, never trusted.

The anchor only moves forward: a head older than the one kept is never written over it. Writes come
after the database's commit, so a crash between the two leaves the anchor behind the database (which
is harmless: the anchor is a lower bound), never ahead of it.
"""

from __future__ import annotations

import contextlib
import os
import sqlite3
import threading
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path

from mjscore.errors import StorageError
from mjscore.scorekeeper.signing import LedgerKey

#: The purpose of an anchor row's signature.
_PURPOSE = "anchor-head/1"

#: The version a deleted record is anchored at: a copy of the database from before the deletion is named.
DELETED = -1


@dataclass(frozen=True, slots=True)
class Head:
    """A record's head: ``record`` (``table:4``...) at ``version`` with hash ``head``; ``origin``
    names the record whatever its number; ``at`` is when it was signed (UTC, ISO 8601)."""

    record: str
    version: int
    head: str
    origin: str
    at: str

    def signed(self, database: str) -> dict[str, object]:
        return {"database": database, "record": self.record, "version": self.version, "head": self.head,
                "origin": self.origin, "at": self.at}


def anchor_path(key_path: Path) -> Path:
    """Where the anchor of the key at ``key_path`` lies: beside it, ``ledger.anchor`` for ``ledger.key``."""
    return key_path.with_name(f"{key_path.stem}.anchor")


class Anchor:
    """The anchor file of ``key``. Thread-safe: one connection, used under a lock."""

    def __init__(self, key: LedgerKey, path: Path | None = None) -> None:
        self.key = key
        self.path = path or anchor_path(key.path)
        self._lock = threading.Lock()
        self._connection: sqlite3.Connection | None = None

    def _connect(self) -> sqlite3.Connection:
        if self._connection is None:
            try:
                self.path.parent.mkdir(parents=True, exist_ok=True)
                with contextlib.suppress(FileExistsError):  # created readable by its owner only
                    os.close(os.open(self.path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600))
                connection = sqlite3.connect(self.path, timeout=30, check_same_thread=False, isolation_level=None)
                connection.execute("PRAGMA journal_mode = WAL")
                connection.execute("PRAGMA synchronous = NORMAL")
                connection.execute("CREATE TABLE IF NOT EXISTS heads (database TEXT NOT NULL, record TEXT NOT NULL, "
                                   "version INTEGER NOT NULL, head TEXT NOT NULL, origin TEXT NOT NULL, "
                                   "at TEXT NOT NULL, mac TEXT NOT NULL, PRIMARY KEY (database, record))")
                connection.execute("CREATE INDEX IF NOT EXISTS heads_origin ON heads (origin)")
                connection.execute("CREATE TABLE IF NOT EXISTS databases (database TEXT PRIMARY KEY, "
                                   "location TEXT NOT NULL, at TEXT NOT NULL)")
            except (OSError, sqlite3.Error) as error:
                raise StorageError(f"the ledger anchor {self.path} cannot be used: {error}") from None
            self._connection = connection
        return self._connection

    @contextlib.contextmanager
    def _using(self) -> Iterator[sqlite3.Connection]:
        with self._lock:
            connection = self._connect()
            try:
                yield connection
            except sqlite3.Error as error:
                raise StorageError(f"the ledger anchor {self.path} cannot be used: {error}") from None

    def close(self) -> None:
        with self._lock:
            if self._connection is not None:
                self._connection.close()
                self._connection = None

    def _head(self, database: str, row: tuple[str, int, str, str, str, str]) -> Head:
        record, version, head, origin, at, mac = row
        found = Head(record, version, head, origin, at)
        if not self.key.verifies(_PURPOSE, found.signed(database), mac):
            raise StorageError(f"the ledger anchor {self.path} was changed outside mjscore: its row for {record} "
                               f"does not carry the signature of the ledger key {self.key.fingerprint}")
        return found

    def get(self, database: str, record: str) -> Head | None:
        """The anchored head of ``record`` of the database ``database`` (None: none kept)."""
        with self._using() as connection:
            row = connection.execute("SELECT record, version, head, origin, at, mac FROM heads "
                                     "WHERE database = ? AND record = ?", (database, record)).fetchone()
        return None if row is None else self._head(database, row)

    def heads(self, database: str) -> dict[str, Head]:
        """Every anchored head of the database ``database``, by record."""
        with self._using() as connection:
            rows = connection.execute("SELECT record, version, head, origin, at, mac FROM heads WHERE database = ?",
                                      (database,)).fetchall()
        return {row[0]: self._head(database, row) for row in rows}

    def databases_of(self, origins: Iterable[str]) -> dict[str, str]:
        """Which database each of ``origins`` (records' origins) was anchored in: origin -> database id."""
        wanted = list(dict.fromkeys(origins))
        found: dict[str, str] = {}
        with self._using() as connection:
            for start in range(0, len(wanted), 500):
                chunk = wanted[start:start + 500]
                marks = ",".join("?" * len(chunk))
                for origin, database in connection.execute(
                        f"SELECT origin, database FROM heads WHERE origin IN ({marks})", chunk):
                    found[origin] = database
        return found

    def locate(self, database: str, location: str, at: str) -> None:
        """Keep where the database ``database`` was last opened (its file, or its server's URL)."""
        with self._using() as connection:
            connection.execute("INSERT INTO databases (database, location, at) VALUES (?, ?, ?) ON CONFLICT (database) "
                               "DO UPDATE SET location = excluded.location, at = excluded.at "
                               "WHERE excluded.location != databases.location", (database, location, at))

    def database_at(self, location: str) -> str | None:
        """The id of the signed database last opened at ``location``, if it has anchored heads."""
        with self._using() as connection:
            row = connection.execute("SELECT d.database FROM databases d WHERE d.location = ? AND EXISTS "
                                     "(SELECT 1 FROM heads h WHERE h.database = d.database) ORDER BY d.at DESC LIMIT 1",
                                     (location,)).fetchone()
        return None if row is None else str(row[0])

    def advance(self, database: str, heads: Iterable[Head], *, replace: bool = False) -> None:
        """Keep ``heads`` of the database ``database`` where they are newer than the anchored ones of
        the same origin; with ``replace``, whatever is anchored (a record opened anew under a number,
        deleted, or accepted as it stands by a signed statement). Without it, never moves a record back."""
        rows = [(database, h.record, h.version, h.head, h.origin, h.at, self.key.mac(_PURPOSE, h.signed(database)))
                for h in heads]
        if not rows:
            return
        guard = "1" if replace else "excluded.origin = heads.origin AND excluded.version > heads.version"
        with self._using() as connection:
            connection.execute("BEGIN IMMEDIATE")
            try:
                connection.executemany(
                    "INSERT INTO heads (database, record, version, head, origin, at, mac) VALUES (?, ?, ?, ?, ?, ?, ?) "
                    "ON CONFLICT (database, record) DO UPDATE SET version = excluded.version, head = excluded.head, "
                    "origin = excluded.origin, at = excluded.at, mac = excluded.mac "
                    f"WHERE {guard}", rows)
                connection.execute("COMMIT")
            except BaseException:
                connection.execute("ROLLBACK")
                raise
