"""Tournaments on the database: players from the roster, rounds, a table (a session) per four.

A tournament has a name (its tables count in the event of that name, so ``mjscore standings
--event NAME`` shows them too), the ruleset its tables play, each table's session (hands or minutes,
:mod:`~mjscore.scorekeeper.sessions`), and the seed every seating is drawn from
(:mod:`~mjscore.scorekeeper.seating`, where the seating and the standings are worked out). Seating a
round opens its tables in one transaction, all or none, named ``Round R, table T``; a substitute
sits as ``Substitute K``. A round is closed when each of its tables is over (its hands played, its
time up, or its game over); the next round is seated only then. Between rounds the director gives
penalties, drops players, enters late ones, and cuts to the top N for a final.

A tournament is signed like a table (issue 38): every change signs the hash of its whole state, and
every read checks it (:mod:`~mjscore.scorekeeper.tournament_state`).
"""

from __future__ import annotations

import csv
import io
import re
import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Any

from sqlalchemy import func, select
from sqlalchemy.orm import Session

from mjscore.errors import NoSuchTableError, Refusal, TableError, TamperedTableError, quoted
from mjscore.scorekeeper import audit, roster, seating, trust
from mjscore.scorekeeper.model import TableSettings, check_name
from mjscore.scorekeeper.roster import Person, substitute_name
from mjscore.scorekeeper.seating import Fill, Line, Method, Penalty, Result
from mjscore.scorekeeper.service import UNKNOWN_ACTOR, Scorekeeper, open_table
from mjscore.scorekeeper.sessions import SessionRule
from mjscore.scorekeeper.spreadsheets import spreadsheet_safe
from mjscore.scorekeeper.standings import points_text, table_result
from mjscore.scorekeeper.storage import EntrantRow, PenaltyRow, RoundRow, RoundTableRow, TournamentRow
from mjscore.scorekeeper.tournament_state import check, check_seats, sign

#: An EMA number: eight digits (the two of the country's association first).
EMA_NUMBER = re.compile(r"\d{8}")

#: The names substitutes sit under (``Substitute 1``): no player may be entered under one.
SUBSTITUTE_NAME = re.compile(r"substitute \d+", re.IGNORECASE)

#: The most rounds a tournament may plan.
MAX_ROUNDS = 30


@dataclass(frozen=True)
class Entrant:
    """A player of a tournament: the person, their EMA number, the round they play from, and the
    round after which they dropped (None: still playing)."""

    person: Person
    ema: str | None
    entered: int
    dropped_after: int | None


@dataclass(frozen=True)
class SeatedTable:
    """A table of a round: its number in the round, the table (``mjscore table`` number) it is,
    the seats (people's ids, East first; negative: a substitute), the names seated, and whether its
    session is over."""

    number: int
    table_id: int
    seats: tuple[int, ...]
    names: tuple[str, ...]
    over: bool


@dataclass(frozen=True)
class RoundView:
    """A round as seated: its number, method, tables, byes (people), and when its tables were
    opened (ISO 8601, UTC: the round's clock starts then)."""

    number: int
    method: str
    tables: tuple[SeatedTable, ...]
    byes: tuple[Person, ...]
    opened_at: str = ""

    @property
    def closed(self) -> bool:
        """Whether every table of the round is over."""
        return all(t.over for t in self.tables)


@dataclass(frozen=True)
class TournamentView:
    """A tournament as it stands."""

    id: int
    name: str
    ruleset: str
    seed: str
    method: Method
    fill: Fill
    rounds_planned: int
    session: SessionRule
    entrants: tuple[Entrant, ...]
    rounds: tuple[RoundView, ...]
    penalties: tuple[Penalty, ...]
    finalists: tuple[int, ...] | None
    cut_after: int | None

    def entrant(self, person: int) -> Entrant:
        """The entrant who is person ``person`` (an id of :attr:`entrants`)."""
        return next(e for e in self.entrants if e.person.id == person)

    @property
    def closed_rounds(self) -> int:
        """The number of the last round whose tables are all over (0: none)."""
        return max((r.number for r in self.rounds if r.closed), default=0)

    def playing(self, number: int) -> list[int]:
        """The people seated in round ``number``: entered by then, not dropped before it, and, after
        a cut, the finalists."""
        found = [e.person.id for e in self.entrants if e.entered <= number
                 and (e.dropped_after is None or e.dropped_after >= number)]
        if self.finalists is not None and self.cut_after is not None and number > self.cut_after:
            found = [p for p in found if p in self.finalists]
        return found


@dataclass(frozen=True)
class TableScore:
    """A seat's result at a table of a round, for the exports: the person (None: a substitute),
    the name played under, score, hands won and table points."""

    round: int
    table: int
    table_id: int
    seat: int
    person: Person | None
    name: str
    score: int
    hands_won: int
    table_points: Fraction


@dataclass(frozen=True)
class TournamentLine:
    """A tournament as the list of tournaments shows it: name, ruleset, players entered, rounds
    seated of those planned, the rounds over, and when it was created (ISO 8601)."""

    name: str
    ruleset: str
    players: int
    rounds_seated: int
    rounds_planned: int
    rounds_over: int
    created_at: str


@dataclass(frozen=True)
class TableOfRound:
    """Where a table sits in a tournament: the tournament's name, the round and the table's number in it."""

    tournament: str
    round: int
    number: int


@dataclass(frozen=True)
class TournamentStandings:
    """The standings after round ``after``: each line with its person and EMA number."""

    tournament: TournamentView
    after: int
    lines: tuple[tuple[Line, Entrant], ...]


class Tournaments:
    """The tournaments of a :class:`Scorekeeper`'s database."""

    def __init__(self, keeper: Scorekeeper) -> None:
        self.keeper = keeper
        self.store = keeper.store

    # ----- reading

    def view(self, name: str) -> TournamentView:
        """The tournament called ``name`` (any case), its signed state checked."""
        with self.store.reading() as session:
            row = _row(session, name)
            check(session, self.keeper.signer, row)
            check_seats(session, row)
            found = roster.load(session, self.keeper.signer)
            entrants = tuple(Entrant(found.resolve(e.person), e.ema, e.entered, e.dropped_after)
                             for e in session.scalars(select(EntrantRow).where(EntrantRow.tournament_id == row.id)
                                                      .order_by(EntrantRow.id)))
            rounds = list(session.scalars(select(RoundRow).where(RoundRow.tournament_id == row.id)
                                          .order_by(RoundRow.number)))
            tables = list(session.scalars(select(RoundTableRow).where(RoundTableRow.tournament_id == row.id)
                                          .order_by(RoundTableRow.round, RoundTableRow.number)))
            penalties = tuple(Penalty(p.person, p.round, p.points, p.reason) for p in session.scalars(
                select(PenaltyRow).where(PenaltyRow.tournament_id == row.id).order_by(PenaltyRow.id)))
        players = {t.table_id: self.keeper.page(t.table_id, last=0).settings.players for t in tables}
        views = tuple(RoundView(r.number, r.method, tuple(
            SeatedTable(t.number, t.table_id, tuple(t.seats), tuple(players[t.table_id]),
                        self.keeper.session_over(t.table_id)) for t in tables if t.round == r.number),
            tuple(found.resolve(p) for p in r.byes), r.created_at) for r in rounds)
        return TournamentView(row.id, row.name, row.ruleset, row.seed, Method(row.method), Fill(row.fill), row.rounds,
                              SessionRule(row.session_hands, row.session_minutes, row.name), entrants, views,
                              penalties, None if row.finalists is None else tuple(row.finalists), row.cut_after)

    def summaries(self) -> list[TournamentLine]:
        """Every tournament, newest first, each signed state checked (a tampered one is refused, naming it)."""
        with self.store.reading() as session:
            names = list(session.scalars(select(TournamentRow.name).order_by(TournamentRow.id.desc())))
            created = {name: at for name, at in session.execute(select(TournamentRow.name, TournamentRow.created_at))}
        found = []
        for name in names:
            view = self.view(name)
            found.append(TournamentLine(view.name, view.ruleset, len(view.entrants), len(view.rounds),
                                        view.rounds_planned, view.closed_rounds, created[name]))
        return found

    def tables_of_rounds(self, table_ids: Sequence[int] | None = None) -> dict[int, TableOfRound]:
        """The tables (``mjscore table`` numbers; None: all) that a tournament's rounds hold: where each sits."""
        query = select(RoundTableRow.table_id, TournamentRow.name, RoundTableRow.round, RoundTableRow.number).join(
            TournamentRow, TournamentRow.id == RoundTableRow.tournament_id)
        if table_ids is not None:
            query = query.where(RoundTableRow.table_id.in_(list(table_ids)))
        with self.store.reading() as session:
            return {table: TableOfRound(name, number, seat) for table, name, number, seat in session.execute(query)}

    def scores(self, tournament: TournamentView, upto: int | None = None) -> list[TableScore]:
        """Every seat of every table of the rounds up to ``upto`` (None: all), as it stands."""
        found: list[TableScore] = []
        for current in tournament.rounds:
            if upto is not None and current.number > upto:
                break
            for table in current.tables:
                view = self.keeper.table(table.table_id)
                people = self.keeper.people_of(table.table_id)
                result = table_result(view, people, tournament.session)
                for index, (who, seat) in enumerate(zip(table.seats, result.seats, strict=True)):
                    found.append(TableScore(current.number, table.number, table.table_id, index,
                                            None if seating.is_substitute(who) else tournament.entrant(who).person,
                                            seat.name, seat.score, seat.hands_won, seat.table_points))
        return found

    def standings(self, name: str, after: int | None = None) -> TournamentStandings:
        """The standings after round ``after`` (None: the last round closed); a round still being
        played is refused, naming its tables not over."""
        tournament = self.view(name)
        closed = tournament.closed_rounds
        if after is None:
            after = closed
        if not 0 <= after <= len(tournament.rounds):
            raise TableError(Refusal("round_not_seated", number=after, tournament=tournament.name,
                                     rounds=_rounds(len(tournament.rounds)), count=len(tournament.rounds)))
        if after > closed:
            playing = [t for r in tournament.rounds[:after] for t in r.tables if not t.over]
            raise TableError(Refusal("round_playing", number=after, tables=[Refusal("table_number", table=t.table_id)
                                                                             for t in playing]))
        results = [Result(s.round, s.table, s.person.id, s.table_points, s.score, s.hands_won)
                   for s in self.scores(tournament, after) if s.person is not None]
        cut_counts = tournament.cut_after is not None and tournament.cut_after < after
        lines = seating.standings([e.person.id for e in tournament.entrants], results,
                                  [p for p in tournament.penalties if p.round <= after],
                                  tournament.finalists if cut_counts else None)
        return TournamentStandings(tournament, after, tuple((line, tournament.entrant(line.player)) for line in lines))

    # ----- changing

    def create(self, name: str, players: Sequence[str], *, ruleset: str = "mcr", seed: str | None = None,
               method: Method = Method.no_repeat, fill: Fill = Fill.substitutes, rounds: int = 4,
               session_hands: int | None = None, session_minutes: int | None = None,
               ema: Mapping[str, str] | None = None, actor: str = UNKNOWN_ACTOR) -> TournamentView:
        """A new tournament of ``players`` (names: the roster's people of those names, any case, or
        new people), seated by ``method`` and filled by ``fill``, over ``rounds`` rounds; ``ema``
        gives players' EMA numbers by name."""
        name = name.strip()
        if not name:
            raise TableError(Refusal("name_missing"))
        check_name("tournament name", name)
        TableSettings.of("", ["A", "B", "C", "D"], ruleset)  # a known ruleset
        rule = SessionRule.of(session_hands, session_minutes, name)
        if not 1 <= rounds <= MAX_ROUNDS:
            raise TableError(Refusal("rounds_range", rounds=rounds, most=MAX_ROUNDS))
        names = [p.strip() for p in players]
        folded = [n.casefold() for n in names]
        for player in names:
            if not player:
                raise _no_name()
            _check_player(player)
            if folded.count(player.casefold()) > 1:
                raise TableError(Refusal("player_twice", player=player))
        if len(names) < 4:
            raise TableError(Refusal("too_few", count=len(names)))
        for who in ema or {}:
            if who.strip().casefold() not in folded:
                raise TableError(Refusal("ema_not_player", player=who))
        numbers = {k.strip().casefold(): _ema(v) for k, v in (ema or {}).items()}
        holders: dict[str, str] = {}
        for who, number in (ema or {}).items():
            if _ema(number) in holders:
                raise TableError(Refusal("ema_shared", number=_ema(number),
                            first=holders[_ema(number)], second=who.strip()))
            holders[_ema(number)] = who.strip()
        seed = seed if seed is not None else secrets.token_hex(4)
        if not seed.strip() or len(seed) > 200 or not seed.isprintable():
            raise TableError(f"seed {seed[:40]!r}: 1 to 200 printable characters")
        with self.store.transaction() as session:
            if session.scalar(select(TournamentRow.id).where(TournamentRow.folded == name.casefold())) is not None:
                raise TableError(Refusal("tournament_exists", name=name))
            row = TournamentRow(name=name, folded=name.casefold(), ruleset=ruleset, seed=seed, method=method.value,
                                fill=fill.value, rounds=rounds, session_hands=rule.hands, session_minutes=rule.minutes,
                                finalists=None, cut_after=None, created_at=audit.now(), created_by=actor[:120])
            session.add(row)
            session.flush()
            for person in roster.enrol(session, names, actor, self.keeper.signer):
                session.add(EntrantRow(tournament_id=row.id, person=person.id,
                                       ema=numbers.get(person.name.casefold()), entered=1, dropped_after=None))
            sign(session, self.keeper.signer, row, 1)
        return self.view(name)

    def seat(self, name: str, method: Method | None = None, *, actor: str = UNKNOWN_ACTOR) -> RoundView:
        """Seat the next round (by ``method``, else the tournament's; a Swiss round seats by the
        standings after the rounds played) and open its tables; refused while a round is being played."""
        tournament = self.view(name)
        number = len(tournament.rounds) + 1
        if number > tournament.rounds_planned:
            raise TableError(Refusal("rounds_all_seated", tournament=tournament.name,
                                     rounds=_rounds(tournament.rounds_planned), count=tournament.rounds_planned))
        if tournament.rounds and not tournament.rounds[-1].closed:
            last = tournament.rounds[-1]
            raise TableError(Refusal("round_playing", number=last.number, tables=[
                Refusal("table_number", table=t.table_id) for t in last.tables if not t.over]))
        if method is None:  # a Swiss tournament's first round has no standings: it is seated no-repeat
            swiss_first = tournament.method is Method.swiss and number == 1
            method = Method.no_repeat if swiss_first else tournament.method
        field = tournament.playing(number)
        order = [line.player for line, _ in self.standings(name, number - 1).lines if line.player in field]
        history = [seating.Round(r.number, tuple(seating.Table(t.number, (t.seats[0], t.seats[1], t.seats[2],
                                                                           t.seats[3])) for t in r.tables),
                                 tuple(p.id for p in r.byes)) for r in tournament.rounds]
        chosen = seating.seat_round(number, field, method, tournament.seed, fill=tournament.fill, history=history,
                                    order=order, rounds_left=tournament.rounds_planned - number + 1)
        person = {e.person.id: e.person for e in tournament.entrants}
        with self.store.transaction() as session:
            row = _row(session, name, lock=True)
            signed = check(session, self.keeper.signer, row)
            if session.scalar(select(func.count()).select_from(RoundRow).where(
                    RoundRow.tournament_id == row.id, RoundRow.number == number)):
                raise TableError(Refusal("round_seated_meanwhile", number=number, tournament=row.name))
            session.add(RoundRow(tournament_id=row.id, number=number, method=method.value, byes=list(chosen.byes),
                                 created_at=audit.now()))
            opened = audit.now()
            for table in chosen.tables:
                names = [person[p].name if p > 0 else substitute_name(-p) for p in table.players]
                settings = TableSettings.of(f"Round {number}, table {table.number}", names, row.ruleset)
                new = open_table(session, settings, opened, actor, self.keeper.signer, tournament.session,
                                 substitutes={i: -p for i, p in enumerate(table.players) if p < 0})
                session.add(RoundTableRow(tournament_id=row.id, round=number, number=table.number, table_id=new.id,
                                          seats=list(table.players)))
            sign(session, self.keeper.signer, row, signed + 1)
        return self.view(name).rounds[-1]

    def penalty(self, name: str, who: str, points: int, reason: str, *, actor: str = UNKNOWN_ACTOR) -> Penalty:
        """``points`` off ``who``'s score, from the standings after the round being played (or the
        last one seated)."""
        reason = reason.strip()
        if points <= 0:
            raise TableError(Refusal("penalty_positive", points=points))
        if points > 100_000:
            raise TableError(Refusal("penalty_points", points=points))
        if not reason or len(reason) > 200 or not reason.isprintable():
            raise TableError(Refusal("penalty_reason"))
        tournament = self.view(name)
        entrant = self._entrant(tournament, who)
        given = Penalty(entrant.person.id, len(tournament.rounds), points, reason)
        with self.store.transaction() as session:
            row = _row(session, name, lock=True)
            signed = check(session, self.keeper.signer, row)
            session.add(PenaltyRow(tournament_id=tournament.id, person=given.player, round=given.round,
                                   points=points, reason=reason, created_at=audit.now(), actor=actor[:120]))
            sign(session, self.keeper.signer, row, signed + 1)
        return given

    def drop(self, name: str, who: str) -> Entrant:
        """``who`` plays no round after the last one seated (their results stay in the standings)."""
        tournament = self.view(name)
        entrant = self._entrant(tournament, who)
        if entrant.dropped_after is not None:
            raise TableError(Refusal("already_dropped", player=entrant.person.name, number=entrant.dropped_after))
        return self._dropped(tournament, entrant, len(tournament.rounds))

    def reinstate(self, name: str, who: str) -> Entrant:
        """A dropped player plays again from the next round (their results stay as they were)."""
        tournament = self.view(name)
        entrant = self._entrant(tournament, who)
        if entrant.dropped_after is None:
            raise TableError(Refusal("not_dropped", player=entrant.person.name, tournament=tournament.name))
        if len(tournament.rounds) >= tournament.rounds_planned:
            raise TableError(Refusal("no_round_to_play", tournament=tournament.name, count=tournament.rounds_planned))
        return self._dropped(tournament, entrant, None)

    def _dropped(self, tournament: TournamentView, entrant: Entrant, after: int | None) -> Entrant:
        """The entrant dropped after round ``after`` (None: playing again), signed as a change."""
        with self.store.transaction() as session:
            held = _row(session, tournament.name, lock=True)
            signed = check(session, self.keeper.signer, held)
            row = session.scalars(select(EntrantRow).where(EntrantRow.tournament_id == tournament.id,
                                                           EntrantRow.person == entrant.person.id)).one()
            row.dropped_after = after
            sign(session, self.keeper.signer, held, signed + 1)
        return Entrant(entrant.person, entrant.ema, entrant.entered, after)

    def enter(self, name: str, who: str, ema: str | None = None, *, actor: str = UNKNOWN_ACTOR) -> Entrant:
        """A late entry: ``who`` (a roster name, or a new person) plays from the next round."""
        tournament = self.view(name)
        if len(tournament.rounds) >= tournament.rounds_planned:
            raise TableError(Refusal("no_round_left", tournament=tournament.name, count=tournament.rounds_planned))
        number = _ema(ema) if ema is not None else None
        who = who.strip()
        if not who:
            raise _no_name()
        _check_player(who)
        holder = next((e for e in tournament.entrants if number is not None and e.ema == number), None)
        if holder is not None:
            raise TableError(Refusal("ema_taken", number=number, player=holder.person.name))
        with self.store.transaction() as session:
            row = _row(session, name, lock=True)
            signed = check(session, self.keeper.signer, row)
            person = roster.enrol(session, [who], actor, self.keeper.signer)[0]
            if any(e.person.id == person.id for e in tournament.entrants):
                raise TableError(Refusal("already_entered", player=person.name, tournament=tournament.name))
            entered = len(tournament.rounds) + 1
            session.add(EntrantRow(tournament_id=tournament.id, person=person.id, ema=number, entered=entered,
                                   dropped_after=None))
            sign(session, self.keeper.signer, row, signed + 1)
        return Entrant(person, number, entered, None)

    def cut(self, name: str, size: int) -> tuple[Person, ...]:
        """Keep the top ``size`` of the standings after the last round closed for the rounds after
        it; refused while a round is being played or once cut."""
        tournament = self.view(name)
        if tournament.finalists is not None:
            raise TableError(Refusal("already_cut", tournament=tournament.name, number=tournament.cut_after))
        found = self.standings(name)
        if found.after != len(tournament.rounds):
            raise TableError(Refusal("cut_while_playing", number=len(tournament.rounds)))
        finalists = seating.cut([line for line, entrant in found.lines if entrant.dropped_after is None], size)
        with self.store.transaction() as session:
            row = _row(session, name, lock=True)
            signed = check(session, self.keeper.signer, row)
            if row.finalists is not None:
                raise TableError(Refusal("already_cut", tournament=row.name, number=row.cut_after))
            if session.scalar(select(func.count()).select_from(RoundRow).where(RoundRow.tournament_id == row.id)) \
                    != len(tournament.rounds):
                raise TableError(Refusal("cut_seated_meanwhile", tournament=row.name))
            row.finalists, row.cut_after = list(finalists), found.after
            sign(session, self.keeper.signer, row, signed + 1)
        return tuple(tournament.entrant(p).person for p in finalists)

    def accept(self, name: str, reason: str, *, actor: str = UNKNOWN_ACTOR) -> trust.Statement:
        """Accept a tampered tournament's state as it stands (``mjscore ledger accept tournament NAME``):
        a signed statement records who, when, why and the finding, and its state is signed anew.
        Refused for a tournament that checks."""
        trust.check_reason(reason)
        with self.store.transaction() as session:
            row = _row(session, name, lock=True)
            try:
                check(session, self.keeper.signer, row)
            except TamperedTableError as error:
                finding = str(error)
            else:
                raise TableError(f"tournament {row.name} carries its signature: there is nothing to accept")
            try:
                check_seats(session, row)
            except TamperedTableError as error:
                raise TableError(f"tournament {row.name} cannot be accepted as it stands: "
                                 f"{str(error).removeprefix(f'tournament {row.name}: ')}") from None
            signed = self.keeper.signer.signed_heads(session).get(trust.tournament_record(row.id))
            version = (signed.version if signed is not None else 0) + 1
            at = audit.now()
            statement = trust.state(session, self.keeper.signer, trust.ACCEPT, trust.tournament_record(row.id),
                                    {"findings": [finding], "tournament": row.name, "version": version}, reason, actor, at)
            sign(session, self.keeper.signer, row, version, new=True)
            return statement

    @staticmethod
    def _entrant(tournament: TournamentView, who: str) -> Entrant:
        wanted = who.strip().casefold()
        for entrant in tournament.entrants:
            if entrant.person.name.casefold() == wanted or wanted == f"#{entrant.person.id}":
                return entrant
        raise TableError(Refusal("not_entered", name=quoted(who), tournament=tournament.name,
                                 players=[e.person.name for e in tournament.entrants]))


def _check_player(name: str) -> None:
    """Refuse a player's name that is too long, has control characters, or is a substitute's."""
    check_name("player name", name)
    if SUBSTITUTE_NAME.fullmatch(name):
        raise TableError(Refusal("substitute_name", name=quoted(name)))


def _no_name() -> TableError:
    return TableError(Refusal("empty_player_name"))


def _rounds(count: int) -> str:
    return f"{count} round{'s' * (count != 1)}"


def _ema(number: str) -> str:
    number = number.strip()
    if not EMA_NUMBER.fullmatch(number):
        raise TableError(Refusal("ema_number", number=quoted(number[:20])))
    return number


def _row(session: Session, name: str, lock: bool = False) -> TournamentRow:
    """The tournament called ``name`` (any case), locked against other writers until the
    transaction ends if ``lock`` (two directors seating the same round: the second is refused)."""
    query = select(TournamentRow).where(TournamentRow.folded == name.strip().casefold())
    row = session.scalar(query.with_for_update() if lock else query)
    if row is None:
        known = list(session.scalars(select(TournamentRow.name).order_by(TournamentRow.id)))
        if known:
            raise NoSuchTableError(Refusal("no_such_tournament", name=quoted(name), known=known))
        raise NoSuchTableError(Refusal("no_tournament_yet", name=quoted(name)))
    return row


# ----- exports


def _name(person: Person | None, name: str) -> object:
    """A player's name as a CSV cell: the person's name now (a substitute's as seated), spreadsheet-safe."""
    return spreadsheet_safe(person.name if person is not None else name)


#: The columns of the EMA results file, in the order of the EMA's published results tables
#: (docs/tournaments.md, "The EMA results file", says where each comes from).
EMA_COLUMNS = ("Place", "EMA number", "Last name", "First name", "Country", "Table points", "Score")
#: What the EMA's results tables write where there is nothing to write (no EMA number, no first name).
EMA_NONE = "-"


def _cell(text: str) -> object:
    """A name's cell: :data:`EMA_NONE` as it is, any other text spreadsheet-safe."""
    return text if text == EMA_NONE else spreadsheet_safe(text)


def ema_name(name: str) -> tuple[str, str]:
    """A player's name as the EMA's results list it, last name then first name: the last word is the
    last name and the words before it the first name; a name of one word (``Ann``, ``王芳``) is all
    last name, with no first name (:data:`EMA_NONE`)."""
    words = name.split()
    return (words[-1], " ".join(words[:-1]) or EMA_NONE) if words else (EMA_NONE, EMA_NONE)


def ema_csv(found: TournamentStandings) -> str:
    """The results file for the EMA (MCR), one line a player in the order of the standings: place
    (players who share a place share its number, the best of the places they share), EMA number,
    last and first name, country (mjscore keeps none: ``-``), table points (a decimal point, 9.75)
    and score (penalties taken off). A substitute is on no line: the MCR tournament regulations give
    a substitute no ranking result. ``-`` stands where there is nothing to write, as on the EMA's
    own results tables."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(EMA_COLUMNS)
    for line, entrant in found.lines:
        last, first = ema_name(entrant.person.name)
        writer.writerow((line.place, entrant.ema or EMA_NONE, _cell(last), _cell(first), EMA_NONE,
                         points_text(line.table_points), line.score))
    return out.getvalue()


def standings_csv(found: TournamentStandings) -> str:
    """The standings as CSV, with what put each line below the one above (``decided``)."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(("place", "player", "player_id", "ema_number", "rounds", "table_points", "score", "penalties",
                     "hands_won", "decided"))
    for line, entrant in found.lines:
        writer.writerow((f"={line.place}" if line.tied else line.place, _name(entrant.person, ""), entrant.person.id,
                         entrant.ema or "", line.rounds, points_text(line.table_points), line.score, line.penalties,
                         line.hands_won, line.decided))
    return out.getvalue()


def standings_json(found: TournamentStandings) -> dict[str, Any]:
    """The standings as JSON: table points rounded and exact (``"7/3"``)."""
    return {"format": "mjscore-tournament-standings/1", "tournament": found.tournament.name, "after_round": found.after,
            "standings": [{"place": line.place, "tied": line.tied,
                           "person": {"id": entrant.person.id, "name": entrant.person.name}, "ema_number": entrant.ema,
                           "rounds": line.rounds, "table_points": round(float(line.table_points), 2),
                           "table_points_exact": _exact(line.table_points), "score": line.score,
                           "penalties": line.penalties, "hands_won": line.hands_won, "finalist": line.finalist,
                           "decided": line.decided} for line, entrant in found.lines]}


def rounds_csv(tournament: TournamentView, scores: Sequence[TableScore]) -> str:
    """Every seat of every round: round, table, the ``mjscore table`` number, seat, player (a
    substitute has no id), EMA number, score, hands won, table points."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(("round", "table", "table_id", "seat", "player", "player_id", "ema_number", "score", "hands_won",
                     "table_points"))
    for s in scores:
        ema = tournament.entrant(s.person.id).ema if s.person is not None else None
        writer.writerow((s.round, s.table, s.table_id, "ESWN"[s.seat], _name(s.person, s.name),
                         s.person.id if s.person is not None else "", ema or "", s.score, s.hands_won,
                         points_text(s.table_points)))
    return out.getvalue()


def rounds_json(tournament: TournamentView, scores: Sequence[TableScore]) -> dict[str, Any]:
    """Every round as JSON: its tables, each seat's player, score, hands won and table points."""
    rounds = []
    for current in tournament.rounds:
        tables = []
        for table in current.tables:
            seats = [{"seat": "ESWN"[s.seat], "person": None if s.person is None else
                      {"id": s.person.id, "name": s.person.name}, "name": s.name, "score": s.score,
                      "hands_won": s.hands_won, "table_points": round(float(s.table_points), 2),
                      "table_points_exact": _exact(s.table_points)}
                     for s in scores if s.round == current.number and s.table == table.number]
            tables.append({"number": table.number, "table_id": table.table_id, "over": table.over, "seats": seats})
        rounds.append({"number": current.number, "method": current.method, "closed": current.closed,
                       "byes": [{"id": p.id, "name": p.name} for p in current.byes], "tables": tables})
    return {"format": "mjscore-tournament-rounds/1", "tournament": tournament.name, "ruleset": tournament.ruleset,
            "seed": tournament.seed, "rounds": rounds}


def _exact(points: Fraction) -> str:
    return str(points.numerator) if points.denominator == 1 else f"{points.numerator}/{points.denominator}"
