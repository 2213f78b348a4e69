"""The append-only history of a table and its hash chain.

Nothing stored is ever changed: every act at a table appends rows (:class:`Change`). Recording adds
an entry; a correction adds a row that supersedes entry N (and ``resettle`` rows for the later entries
whose settlement it changed); an undo adds a row that voids the last entry; a rescore adds a row for
each entry the current engine settles differently. :func:`fold` reads the rows in order into the
history as it stands now.

Each row's ``hash`` is the SHA-256 of the hash before it and of the row's content (canonical JSON);
the first row follows the hash of the table's settings, and the table's head keeps the hash of its
last row. :func:`verify` recomputes the chain on every read, so a row edited, added or deleted by
hand is reported, naming the entry. The chain detects changes made without mjscore; it cannot stop
someone who rewrites every hash after an edit (the hash a club notes from ``table show`` can).
"""

from __future__ import annotations

import hashlib
import json
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from typing import Any

from mjscore.errors import TamperedTableError
from mjscore.scorekeeper.ledger import Settled, Stamp, settled_from_json
from mjscore.scorekeeper.model import Entry, TableSettings, entry_from_dict

#: Acts that add an entry at the end, replace entry N, or void the last entry.
APPENDS = ("record", "import")
REPLACES = ("correct", "resettle", "rescore")
VOIDS = ("undo",)


def now(hours_ago: float = 0) -> str:
    """The current UTC time (less ``hours_ago``) as stored: ISO 8601 with microseconds and a ``Z``,
    so that times sort as text."""
    return (datetime.now(UTC) - timedelta(hours=hours_ago)).strftime("%Y-%m-%dT%H:%M:%S.%fZ")


def _canonical(data: Any) -> bytes:
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def _digest(*parts: bytes) -> str:
    return hashlib.sha256(b"\n".join(parts)).hexdigest()


def settings_hash(table_id: int, settings_json: Mapping[str, Any], created_at: str) -> str:
    """The hash the first row of a table's history follows: its id, settings, opener and creation time."""
    return _digest(b"mjscore-table/2", _canonical({"table": table_id, "settings": dict(settings_json), "at": created_at}))


def settings_json(name: str, players: Sequence[str], ruleset: str, house_rules: Mapping[str, Any],
                  base_money: str, created_by: str) -> dict[str, Any]:
    """A table's settings, and who opened it, as they are hashed."""
    return {"name": name, "players": list(players), "ruleset": ruleset, "house_rules": dict(house_rules),
            "base_money": base_money, "by": created_by}


@dataclass(frozen=True)
class Change:
    """One row of the history: change ``seq`` made table version ``version`` by ``action`` on entry
    ``number``; ``data`` is the entry and ``settled`` what was settled (None for an undo)."""

    seq: int
    version: int
    number: int
    action: str
    data: Mapping[str, Any] | None
    settled: Mapping[str, Any] | None
    at: str
    actor: str
    request_id: str | None

    def content(self, table_id: int) -> bytes:
        return _canonical({"table": table_id, "seq": self.seq, "version": self.version, "number": self.number,
                           "action": self.action, "data": self.data, "settled": self.settled, "at": self.at,
                           "actor": self.actor, "request": self.request_id})

    def hash_after(self, table_id: int, previous: str) -> str:
        """This row's hash, following the hash ``previous``."""
        return _digest(previous.encode(), self.content(table_id))


def breaks(table_id: int, stored_settings_hash: str, settings_now: Mapping[str, Any], created_at: str,
           rows: Sequence[tuple[Change, str]]) -> dict[str, str]:
    """Where the chain does not match what is stored, as ``mjscore ledger accept`` records it:
    ``settings`` the hash the settings now give, ``change:N`` the hash row N's content now gives
    (after its stored predecessor). Empty for an intact chain."""
    found: dict[str, str] = {}
    now_hash = settings_hash(table_id, settings_now, created_at)
    if now_hash != stored_settings_hash:
        found["settings"] = now_hash
    previous = stored_settings_hash
    for change, stored in rows:
        computed = change.hash_after(table_id, previous)
        if computed != stored:
            found[f"change:{change.seq}"] = computed
        previous = stored
    return found


def verify(table_id: int, stored_settings_hash: str, settings_now: Mapping[str, Any], created_at: str,
           rows: Sequence[tuple[Change, str]], head_hash: str, version: int, *, first: int = 1,
           before: str | None = None, accepted: Mapping[str, str] | None = None) -> None:
    """Check the chain: the settings, each row (with its stored hash) in order, and the head. Raises
    :class:`TamperedTableError` naming the first thing that does not match. With ``first``, ``rows``
    are the tail of the history from change ``first`` on and ``before`` the stored hash the tail
    follows: the head (signed) vouches for its hash, so every row from there to the head is checked
    without reading the rows before it. ``accepted`` (:func:`breaks`, as a signed statement accepted
    them) passes exactly those breaks: the settings as they stood then, a row's content as it was."""
    accepted = accepted or {}
    now_hash = settings_hash(table_id, settings_now, created_at)
    if now_hash != stored_settings_hash and accepted.get("settings") != now_hash:
        raise TamperedTableError(f"table {table_id}: its settings (name, players, rules, opener) were changed outside mjscore")
    previous = stored_settings_hash if before is None else before
    for seq, (change, stored) in enumerate(rows, first):
        computed = change.hash_after(table_id, previous)
        if change.seq != seq or (computed != stored and accepted.get(f"change:{seq}") != computed):
            raise TamperedTableError(
                f"table {table_id}: entry {change.number} (change {change.seq}) was changed outside mjscore: "
                "it does not match its hash")
        previous = stored
    if previous != head_hash or (rows and rows[-1][0].version != version):
        raise TamperedTableError(f"table {table_id}: its last changes were removed or altered outside mjscore "
                                 f"(the history ends at change {first + len(rows) - 1}, which is not the table's last)")


#: The history as it stands: each entry, what was settled for it, and the stamp of its row.
Live = list[tuple[Entry, Settled, Stamp]]


def fold(table_id: int, settings: TableSettings, changes: Sequence[Change], live: Live | None = None,
         first: int = 1) -> Live:
    """The history as it stands after ``changes`` (which follow the history ``live``, default
    empty; its entries from number ``first`` on, when it is the end of a longer history):
    appended entries, superseded ones replaced, voided ones gone. Raises
    :class:`TamperedTableError` if the rows do not add up."""
    live = list(live or [])
    for change in changes:
        last = first + len(live) - 1
        if change.action in VOIDS:
            if change.number != last or not live:
                raise _broken(table_id, change)
            live.pop()
            continue
        if change.data is None or change.settled is None:
            raise _broken(table_id, change)
        item = _item(table_id, settings, change)
        if change.action in APPENDS and change.number == last + 1:
            live.append(item)
        elif change.action in REPLACES and first <= change.number <= last:
            live[change.number - first] = item
        else:
            raise _broken(table_id, change)
    return live


def fold_tail(table_id: int, settings: TableSettings, changes: Sequence[Change], first: int, length: int) -> Live:
    """Entries ``first`` to ``length`` of the history as it stands, from ``changes``, the tail of the
    history that holds the rows they stand on (:func:`~mjscore.scorekeeper.storage.tail_start`):
    the rows for entries before ``first`` are passed over. Raises :class:`TamperedTableError` if the
    rows do not give each of those entries."""
    found: dict[int, tuple[Entry, Settled, Stamp]] = {}
    for change in changes:
        if change.number < first:
            continue
        if change.action in VOIDS:
            found.pop(change.number, None)
            continue
        if change.data is None or change.settled is None or change.action not in APPENDS + REPLACES:
            raise _broken(table_id, change)
        found[change.number] = _item(table_id, settings, change)
    try:
        return [found[number] for number in range(first, length + 1)]
    except KeyError as missing:
        raise TamperedTableError(f"table {table_id}: entry {missing} is missing from its history") from None


def _item(table_id: int, settings: TableSettings, change: Change) -> tuple[Entry, Settled, Stamp]:
    """The entry a row records, what was settled for it and the row's stamp (the row has both)."""
    assert change.data is not None and change.settled is not None
    try:
        return (entry_from_dict(change.data, settings), settled_from_json(change.settled),
                Stamp(change.version, change.at, change.actor, change.action, change.request_id))
    except (KeyError, TypeError, ValueError) as error:
        raise TamperedTableError(
            f"table {table_id}: entry {change.number} (change {change.seq}) cannot be read: {error}") from None


def _broken(table_id: int, change: Change) -> TamperedTableError:
    return TamperedTableError(f"table {table_id}: change {change.seq} ({change.action} entry {change.number}) does not "
                              "follow from the changes before it")
