"""What the club can trust, and why: the database's identity, the signed heads of its records, the
anchor that keeps them fresh, and the statements people sign into the ledger.

Every record another result is computed from is signed under the server's ledger key
(:mod:`~mjscore.scorekeeper.signing`): a table's head (kept in its row, :mod:`~mjscore.scorekeeper.service`),
and here the others' (``ledger_heads``): the roster (its last change and hash: the hash chain of its
rows ends there, so a forged row with every hash recomputed, or its last rows cut off, is named), each
tournament (the hash of its whole state: entrants, rounds, seats, penalties, drops, the cut) and the
statements. Each signature covers the database's identity, so a record cannot pass for another
database's. Every head signed or read is also kept in the anchor beside the key
(:mod:`~mjscore.scorekeeper.anchor`), so a record set back to an older signed head is named.

A person, never an upgrade, vouches for what could not be checked: ``mjscore ledger adopt`` signs the
records an older mjscore kept unsigned, and ``mjscore ledger accept`` a tampered record's state as it
stands; each is a statement (who, when, why, what was found), hash-chained and signed, listed by
``mjscore ledger log``.
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from sqlalchemy import select
from sqlalchemy.orm import Session

from mjscore.errors import TableError, TamperedTableError
from mjscore.scorekeeper.anchor import DELETED, Anchor, Head
from mjscore.scorekeeper.audit import now
from mjscore.scorekeeper.signing import LedgerKey, canonical
from mjscore.scorekeeper.storage import RecordHeadRow, StatementRow

#: The records that are not tables or tournaments.
ROSTER, STATEMENTS = "roster", "statements"

#: The kinds of statement: records kept unsigned by an older mjscore, vouched for; a tampered
#: record's state accepted as it stands.
ADOPT, ACCEPT = "adopt", "accept"

#: The hash the first statement follows.
GENESIS = hashlib.sha256(b"mjscore-statements/1").hexdigest()

#: The session's list of heads to keep in the anchor once its transaction commits (new: may replace).
PENDING, PENDING_NEW = "mjscore_anchor", "mjscore_anchor_new"


def table_record(table_id: int) -> str:
    return f"table:{table_id}"


def tournament_record(tournament_id: int) -> str:
    return f"tournament:{tournament_id}"


def record_name(record: str) -> str:
    """A record in words: ``table 4``, ``tournament 2``, ``the roster``, ``the statements``."""
    kind, _, number = record.partition(":")
    return f"{kind} {number}" if number else f"the {kind}"


def when(at: str) -> str:
    """A stored UTC time as people read it: ``2026-12-06 14:03:11 UTC``."""
    try:
        return datetime.strptime(at, "%Y-%m-%dT%H:%M:%S.%fZ").strftime("%Y-%m-%d %H:%M:%S UTC")
    except ValueError:
        return at


def digest(data: object) -> str:
    """The SHA-256 of ``data``'s canonical JSON: the state of a record, as its head signs it."""
    return hashlib.sha256(canonical(data)).hexdigest()


@dataclass(frozen=True)
class Adoption:
    """Who vouches for records kept unsigned by an older mjscore, and why (``mjscore ledger adopt``)."""

    actor: str
    reason: str

    def __post_init__(self) -> None:
        check_reason(self.reason)


def check_reason(reason: str) -> None:
    if not reason.strip() or len(reason) > 500 or not reason.isprintable():
        raise TableError("reason: say why, in 1 to 500 printable characters")


# ----- signing and checking heads


class Signer:
    """What signs and checks the records of one database: the ledger ``key``, the ``anchor`` beside
    it and the database's identity (``database``, its id)."""

    def __init__(self, key: LedgerKey, anchor: Anchor, database: str) -> None:
        self.key = key
        self.anchor = anchor
        self.database = database

    def keep(self, session: Session, head: Head, *, new: bool = False) -> None:
        """Keep ``head`` in the anchor once ``session``'s transaction commits (``new``: a record opened,
        deleted or accepted, which replaces whatever was anchored under its name)."""
        session.info.setdefault(PENDING_NEW if new else PENDING, []).append(head)

    def fresh(self, head: Head, what: str, anchored: Head | None = None, *, lookup: bool = True) -> None:
        """Refuse ``head`` (signed, checked) if the anchor kept a newer or another head of its record:
        a database set back, or a record of that number that is another one. A newer head than the
        anchored one (another server's change) is kept. ``anchored``: the anchor's head, when the
        caller read them all at once (``lookup=False``)."""
        if lookup:
            anchored = self.anchor.get(self.database, head.record)
        if anchored is None:
            self.anchor.advance(self.database, [head])
            return
        if anchored.version == DELETED:
            raise TamperedTableError(f"{what} was deleted on {when(anchored.at)}: this copy of the database is "
                                     "older than that (a backup or an older copy put back)")
        if anchored.origin != head.origin:
            raise TamperedTableError(f"{what} is not the record the ledger key signed as {what} on {when(anchored.at)} "
                                     "(a backup or another database's copy put back)")
        if head.version < anchored.version:
            raise TamperedTableError(f"{what} is at version {head.version}, but version {anchored.version} was signed "
                                     f"on {when(anchored.at)}: the database was set back (a backup, an older copy or "
                                     "its -wal file put back, or its newest changes cut off)")
        if head.version == anchored.version and head.head != anchored.head:
            raise TamperedTableError(f"{what}: its head at version {head.version} is not the one signed on "
                                     f"{when(anchored.at)}")
        if head.version > anchored.version:
            self.anchor.advance(self.database, [head])

    def _record_data(self, record: str, version: int, state: str, origin: str) -> dict[str, object]:
        return {"database": self.database, "record": record, "version": version, "digest": state, "origin": origin}

    def sign_record(self, session: Session, record: str, version: int, state: str, origin: str, at: str, *,
                    new: bool = False) -> None:
        """Sign ``record``'s head (its ``version`` and the ``state`` it has, a hash) inside the caller's
        transaction, and keep it in the anchor once it commits."""
        mac = self.key.mac("record-head/1", self._record_data(record, version, state, origin))
        row = session.get(RecordHeadRow, record)
        if row is None:
            session.add(RecordHeadRow(record=record, version=version, digest=state, origin=origin, mac=mac))
        else:
            row.version, row.digest, row.origin, row.mac = version, state, origin, mac
        session.flush()
        self.keep(session, Head(record, version, state, origin, at), new=new)

    def check_record(self, session: Session, record: str, version: int | None, state: str, what: str) -> Head | None:
        """Check ``record``'s signed head against what its rows make (``version`` changes, or None
        where the rows do not count them, and ``state``): signed by this key for this database, the
        same, and not older than the anchor. A record with no change yet (version 0) needs no head.
        Returns the head (None: none yet)."""
        row = session.get(RecordHeadRow, record)
        if row is None:
            if version == 0:
                return None
            raise TamperedTableError(f"{what} has no signed head: it was changed outside mjscore")
        if not self.key.verifies("record-head/1", self._record_data(record, row.version, row.digest, row.origin),
                                 row.mac):
            raise TamperedTableError(f"{what}: its head does not carry the signature of the ledger key "
                                     f"{self.key.fingerprint}: it was changed outside mjscore")
        if version is not None and version < row.version:
            raise TamperedTableError(f"{what} was changed outside mjscore: its last {row.version - version} changes "
                                     f"were removed (signed: {row.version}, found: {version})")
        if (version is not None and version != row.version) or row.digest != state:
            raise TamperedTableError(f"{what} was changed outside mjscore: it is not what was signed")
        head = Head(record, row.version, row.digest, row.origin, now())
        self.fresh(head, what)
        return head

    def signed_heads(self, session: Session) -> dict[str, RecordHeadRow]:
        return {row.record: row for row in session.scalars(select(RecordHeadRow))}


# ----- statements


@dataclass(frozen=True)
class Statement:
    """A statement signed into the ledger: number ``seq``, ``kind`` (adopt, accept) on ``record``
    (None: the database), the ``state`` found and vouched for, the ``reason``, when and by whom."""

    seq: int
    kind: str
    record: str | None
    state: Mapping[str, Any]
    reason: str
    at: str
    actor: str

    def hash_after(self, previous: str) -> str:
        content = json.dumps({"seq": self.seq, "kind": self.kind, "record": self.record, "state": dict(self.state),
                              "reason": self.reason, "at": self.at, "actor": self.actor},
                             sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
        return hashlib.sha256(previous.encode() + b"\n" + content).hexdigest()


def _statement_of(row: StatementRow) -> Statement:
    state = row.state if isinstance(row.state, Mapping) else {}
    return Statement(row.seq, row.kind, row.record, state, row.reason, row.created_at, row.actor)


def statements(session: Session, signer: Signer) -> list[Statement]:
    """Every statement, oldest first, their chain and signed head checked."""
    rows = list(session.scalars(select(StatementRow).order_by(StatementRow.seq)))
    previous = GENESIS
    found: list[Statement] = []
    for seq, row in enumerate(rows, 1):
        statement = _statement_of(row)
        if row.seq != seq or not isinstance(row.state, Mapping) or statement.hash_after(previous) != row.hash:
            raise TamperedTableError(f"the statements: statement {row.seq} was changed outside mjscore: it does not "
                                     "match its hash")
        previous = row.hash
        found.append(statement)
    signer.check_record(session, STATEMENTS, len(rows), previous, "the statements")
    return found


def state(session: Session, signer: Signer, kind: str, record: str | None, found: Mapping[str, Any], reason: str,
          actor: str, at: str) -> Statement:
    """Append a statement inside the caller's transaction and sign the statements' new head."""
    check_reason(reason)
    before = statements(session, signer)
    previous = session.scalar(select(StatementRow.hash).where(StatementRow.seq == len(before))) if before else GENESIS
    statement = Statement(len(before) + 1, kind, record, dict(found), reason.strip(), at, actor[:120])
    hashed = statement.hash_after(previous or GENESIS)
    session.add(StatementRow(seq=statement.seq, kind=kind, record=record, state=dict(found), reason=statement.reason,
                             created_at=at, actor=statement.actor, hash=hashed))
    signer.sign_record(session, STATEMENTS, statement.seq, hashed, GENESIS, at)
    return statement


def accepted(found: Sequence[Statement], record: str) -> dict[str, str]:
    """What the ``accept`` statements of ``record`` accepted, merged, oldest first: ``settings`` the
    hash of its settings as they stand, ``change:N`` the hash row N's content now gives."""
    merged: dict[str, str] = {}
    for statement in found:
        if statement.kind == ACCEPT and statement.record == record:
            breaks = statement.state.get("breaks", {})
            if isinstance(breaks, Mapping):
                merged.update({str(k): str(v) for k, v in breaks.items()})
    return merged
