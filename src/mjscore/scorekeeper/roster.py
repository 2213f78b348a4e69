"""The club roster: players are people, who keep one identity across tables and evenings.

A table's history names its players as they were called at the table (the chained entries are never
rewritten). The roster says who each seat was: when a table opens, each of its names is matched
(ignoring case) to the person of that current name on the roster, or adds a new person, and a
``seat`` row records the person at each seat. A person can be renamed, and two roster entries of the
same person can be merged: the merged one then resolves to the one kept, so statistics and standings
of that person span both names, while every table still shows the names it was played under.

The roster is an append-only log (``roster_changes``) of ``add``, ``rename``, ``merge`` and ``seat``
rows, each with its time, actor and a hash over the row and the hash before it, like a table's
history (:mod:`mjscore.scorekeeper.audit`): :func:`fold` reads the rows into the :class:`Roster` as
it stands, and :func:`verify` reports a row edited outside mjscore. The chain's head (its last change
and hash) is signed under the ledger key (:mod:`mjscore.scorekeeper.trust`, issue 38): a forged row
with every later hash recomputed, or the last rows cut off, is named, and so is a roster set back to
an older signed head.
"""

from __future__ import annotations

import difflib
import hashlib
import json
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass

from sqlalchemy import select, text
from sqlalchemy.orm import Session

from mjscore.errors import Refusal, StorageError, TableError, TamperedTableError, quoted
from mjscore.scorekeeper import audit
from mjscore.scorekeeper.model import check_name
from mjscore.scorekeeper.storage import RosterRow
from mjscore.scorekeeper.trust import ROSTER, Signer

#: The acts of the roster's log.
ADD, RENAME, MERGE, SEAT = "add", "rename", "merge", "seat"

def substitute_name(number: int) -> str:
    """The name substitute ``number`` sits under at a tournament's table (never a roster person's)."""
    return f"Substitute {number}"


#: The hash the roster's first row follows.
GENESIS = hashlib.sha256(b"mjscore-roster/1").hexdigest()

#: A fixed key for PostgreSQL's advisory lock, so that two writers never add the same person twice.
_ROSTER_LOCK = 0x6D6A726F73746572


@dataclass(frozen=True, slots=True)
class Person:
    """A person of the roster: the id they keep, and their name now."""

    id: int
    name: str


@dataclass(frozen=True)
class Member:
    """A line of the roster: the person, every name they played under (theirs, then those of the
    entries merged into them), the ids merged into them, and the tables they sat at."""

    person: Person
    names: tuple[str, ...]
    merged: tuple[int, ...]
    tables: tuple[int, ...]


@dataclass(frozen=True)
class RosterChange:
    """One row of the roster's log: change ``seq`` did ``action`` to ``person`` (``other``: the
    person a merge joins it to, or the table a seat row seats it at, at ``seat``; ``name``: the name
    added or renamed to), at ``at`` by ``actor``."""

    seq: int
    action: str
    person: int
    other: int | None
    name: str | None
    at: str
    actor: str
    seat: int | None = None

    def hash_after(self, previous: str) -> str:
        """This row's hash, following the hash ``previous``."""
        content = json.dumps({"seq": self.seq, "action": self.action, "person": self.person, "other": self.other,
                              "name": self.name, "seat": self.seat, "at": self.at, "actor": self.actor},
                             sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()
        return hashlib.sha256(previous.encode() + b"\n" + content).hexdigest()


@dataclass(frozen=True)
class Roster:
    """The roster as its log leaves it: every person ever added (``names``: id -> name now), the
    names each has had (``former``), ``merged``: id -> the id it was merged into, and ``seats``:
    table id -> the id seated at each seat (as seated, before merges)."""

    names: Mapping[int, str]
    former: Mapping[int, tuple[str, ...]]
    merged: Mapping[int, int]
    seats: Mapping[int, tuple[int, ...]]

    def resolve(self, person: int) -> Person:
        """The person ``person`` is now: itself, or the one it was merged into (followed to the end);
        a substitute (a negative id) is nobody on the roster: ``Substitute K``. An id the roster never
        added is :class:`TamperedTableError` (a record names someone unknown)."""
        if person < 0:
            return Person(person, substitute_name(-person))
        while person in self.merged:
            person = self.merged[person]
        if person not in self.names:
            raise TamperedTableError(f"the roster has no player #{person}, whom a table or tournament names")
        return Person(person, self.names[person])

    def people(self) -> list[Person]:
        """The people on the roster now (none that was merged into another), by name."""
        return sorted((Person(i, n) for i, n in self.names.items() if i not in self.merged),
                      key=lambda p: (p.name.casefold(), p.id))

    def called(self, name: str) -> Person | None:
        """The person whose name now is ``name`` (any case), if any."""
        folded = name.strip().casefold()
        return next((p for p in self.people() if p.name.casefold() == folded), None)

    def find(self, who: str) -> Person:
        """The person named by ``who``: a current name (any case) or ``#id``. Raises
        :class:`TableError` naming the closest names when there is none."""
        who = who.strip()
        if who.startswith("#") and who[1:].isdigit():
            if int(who[1:]) not in self.names:
                raise TableError(Refusal("no_player_number", number=who[1:]))
            return self.resolve(int(who[1:]))
        found = self.called(who)
        if found is not None:
            return found
        close = difflib.get_close_matches(who, [p.name for p in self.people()], n=3, cutoff=0.6)
        if close:
            raise TableError(Refusal("no_player_close", name=quoted(who), close=" or ".join(close), names=close))
        raise TableError(Refusal("no_player_called", name=quoted(who)))

    def group(self, person: int) -> set[int]:
        """Every id that resolves to the person ``person`` resolves to."""
        kept = self.resolve(person).id
        return {i for i in self.names if self.resolve(i).id == kept}

    def tables_of(self, tables: Iterable[int]) -> dict[int, set[int]]:
        """Id (as seated) -> which of ``tables`` (those that still exist) it sat at."""
        found: dict[int, set[int]] = {}
        for table in tables:
            for person in self.seats.get(table, ()):
                found.setdefault(person, set()).add(table)
        return found


def fold(changes: Iterable[RosterChange]) -> Roster:
    """The roster after ``changes``, oldest first. Pure: no database."""
    names: dict[int, str] = {}
    former: dict[int, tuple[str, ...]] = {}
    merged: dict[int, int] = {}
    seated: dict[int, dict[int, int]] = {}
    for change in changes:
        if change.action == ADD and change.name is not None:
            names[change.person] = change.name
            former[change.person] = (change.name,)
        elif change.action == RENAME and change.name is not None:
            names[change.person] = change.name
            former[change.person] = (*former[change.person], change.name)
        elif change.action == MERGE and change.other is not None:
            merged[change.person] = change.other
        elif change.action == SEAT and change.other is not None and change.seat is not None:
            seated.setdefault(change.other, {})[change.seat] = change.person
    return Roster(names, former, merged, {table: tuple(by[i] for i in sorted(by)) for table, by in seated.items()})


def verify(rows: Sequence[tuple[RosterChange, str]]) -> None:
    """Check the roster's hash chain; raise :class:`TamperedTableError` naming the first row that
    does not match, or one that does not follow from the rows before it."""
    previous = GENESIS
    known: set[int] = set()
    for seq, (change, stored) in enumerate(rows, 1):
        if change.seq != seq or change.hash_after(previous) != stored:
            raise TamperedTableError(f"the roster: change {change.seq} ({change.action}) was changed outside mjscore: "
                                     "it does not match its hash")
        joined = {change.other} if change.action == MERGE and change.other is not None else set()
        broken = change.action == SEAT and (change.other is None or change.seat not in range(4))
        substitute = change.action == SEAT and change.person < 0
        if ((change.action == ADD) == (change.person in known) and not substitute) or not joined <= known or broken:
            raise TamperedTableError(f"the roster: change {change.seq} ({change.action}) does not follow from the "
                                     "changes before it")
        known.add(change.person)
        previous = stored


def check_rename(roster: Roster, person: Person, name: str) -> str:
    """The new name of ``person``, checked: a valid name, not the name of someone else now."""
    name = name.strip()
    if not name:
        raise TableError(Refusal("empty_player_name"))
    check_name("player name", name)
    other = roster.called(name)
    if other is not None and other.id != person.id:
        raise TableError(Refusal("name_taken", name=quoted(other.name), number=other.id, other=quoted(person.name)))
    if name == person.name:
        raise TableError(Refusal("already_called", name=quoted(person.name), new=quoted(name)))
    return name


def check_merge(roster: Roster, kept: Person, gone: Person, tables: Mapping[int, set[int]]) -> None:
    """Refuse to merge a person into themselves, or two people who sat at the same table
    (``tables``: person id -> the tables where that id sat, :meth:`Roster.tables_of`)."""
    if kept.id == gone.id:
        raise TableError(Refusal("already_one", kept=quoted(kept.name), gone=quoted(gone.name), number=kept.id))
    at_kept = set().union(*(tables.get(i, set()) for i in roster.group(kept.id)))
    at_gone = set().union(*(tables.get(i, set()) for i in roster.group(gone.id)))
    both = sorted(at_kept & at_gone)
    if both:
        raise TableError(Refusal("sat_together", kept=quoted(kept.name), gone=quoted(gone.name), table=both[0]))


# ----- the roster on the database (inside a Store.transaction or Store.reading)


def lock(session: Session) -> None:
    """Serialise the roster's writers: on PostgreSQL a transaction-scoped advisory lock (on SQLite
    every write transaction already holds the database's write lock)."""
    if session.get_bind().dialect.name == "postgresql":
        session.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": _ROSTER_LOCK})


def _change_of(row: RosterRow) -> RosterChange:
    return RosterChange(row.seq, row.action, row.person, row.other, row.name, row.created_at, row.actor, row.seat)


def rows(session: Session) -> list[RosterRow]:
    return list(session.scalars(select(RosterRow).order_by(RosterRow.seq)))


def log_unsigned(session: Session) -> list[tuple[RosterChange, str]]:
    """The roster's log with each row's hash, its chain checked but not its signed head (migration
    0007, which signs it)."""
    found = [(_change_of(row), row.hash) for row in rows(session)]
    verify(found)
    return found


def log(session: Session, signer: Signer) -> list[tuple[RosterChange, str]]:
    """The roster's log, checked (its chain, and its head against the signed one), with each row's hash."""
    found = log_unsigned(session)
    signer.check_record(session, ROSTER, len(found), found[-1][1] if found else GENESIS, "the roster")
    return found


def load(session: Session, signer: Signer) -> Roster:
    """The roster as it stands (after checking its chain and its signed head)."""
    return fold(change for change, _ in log(session, signer))


def check_seats(changes: Sequence[RosterChange], players: Mapping[int, Sequence[object]]) -> None:
    """Check each ``seat`` row against the players of its table (``players``: table id -> its names,
    as signed with the table): the person seated must have had that name (any case) then. Raises
    :class:`StorageError` naming the first row that does not (migration 0007 signs only a roster
    that its tables bear out)."""
    names: dict[int, str] = {}
    for change in changes:
        if change.action in (ADD, RENAME) and change.name is not None:
            names[change.person] = change.name
        elif change.action == SEAT and change.other is not None and change.other in players and change.seat is not None:
            table = players[change.other]
            seated = table[change.seat] if change.seat < len(table) else None
            name = substitute_name(-change.person) if change.person < 0 else names.get(change.person, "")
            if not isinstance(seated, str) or name.casefold() != seated.casefold():
                raise StorageError(f"the roster's change {change.seq} seats #{change.person} at table {change.other}, "
                                   f"whose player there is {seated!r}: the roster was changed outside mjscore; restore "
                                   "it from your backup, or vouch for it as it stands (`mjscore ledger adopt`)")


#: A row to append: action, person, other, name, seat.
Row = tuple[str, int, int | None, str | None, int | None]


def append(session: Session, changes: Sequence[Row], actor: str, signer: Signer) -> None:
    """Append ``(action, person, other, name, seat)`` rows to the roster's log, chained after its last
    row (checked against the signed head), and sign the new head."""
    last = session.scalars(select(RosterRow).order_by(RosterRow.seq.desc()).limit(1)).first()
    seq, previous = (last.seq, last.hash) if last is not None else (0, GENESIS)
    signer.check_record(session, ROSTER, seq, previous, "the roster")
    at = audit.now()
    for action, person, other, name, seat in changes:
        seq += 1
        change = RosterChange(seq, action, person, other, name, at, actor[:120], seat)
        previous = change.hash_after(previous)
        session.add(RosterRow(seq=seq, action=action, person=person, other=other, name=name, seat=seat,
                              created_at=at, actor=change.actor, hash=previous))
    session.flush()
    signer.sign_record(session, ROSTER, seq, previous, GENESIS, at)


def enrol(session: Session, names: Sequence[str], actor: str, signer: Signer) -> list[Person]:
    """The roster's people of ``names`` now (any case), each name it does not know added as a new
    person (an ``add`` row). Returns the people, in the order of ``names``."""
    lock(session)
    roster = load(session, signer)
    next_id = max(roster.names, default=0) + 1
    people: list[Person] = []
    added: list[Row] = []
    for name in names:
        found = roster.called(name)
        if found is None:
            found = Person(next_id, name)
            added.append((ADD, next_id, None, name, None))
            next_id += 1
        people.append(found)
    if added:
        append(session, added, actor, signer)
    return people


def seat(session: Session, table_id: int, players: Sequence[str], actor: str, signer: Signer,
         substitutes: Mapping[int, int] | None = None) -> list[Person]:
    """Seat a new table's ``players``: each is the person of that name on the roster now (any
    case), or a person added to the roster (:func:`enrol`), except at the seats ``substitutes``
    names (seat index -> substitute number: a tournament's stand-in, who joins no roster and counts
    for nobody); a ``seat`` row records each (a substitute's with a negative id). Returns the
    people, in seat order."""
    substitutes = substitutes or {}
    real = [name for index, name in enumerate(players) if index not in substitutes]
    enrolled = iter(enrol(session, real, actor, signer))
    people = [Person(-substitutes[index], substitute_name(substitutes[index])) if index in substitutes
              else next(enrolled) for index in range(len(players))]
    append(session, [(SEAT, person.id, table_id, None, index) for index, person in enumerate(people)], actor, signer)
    return people
