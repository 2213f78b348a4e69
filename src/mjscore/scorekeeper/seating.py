"""Tournament seating and standings: small pure functions on frozen values, reproducible from a seed.

A tournament seats its players round by round, four to a table (seats in the order East, South,
West, North of the table's first hand). Three ways to seat a round (:class:`Method`):

- **random**: a draw, from the seed.
- **no-repeat**: no two players meet twice while it can be avoided. Each pair that already met
  ``m`` times costs ``B**m - 1`` if seated together again, with ``B`` larger than the pairs of a
  round, so one pair meeting a third time outweighs any number of pairs meeting a second time: the
  seating first keeps down the most times any pair has met, then the number of pairs meeting again.
  It is found by a seeded search: random draws improved by swapping two players of different tables
  while that lowers the cost.
- **swiss**: by the standings after the rounds played: the first four at table 1, the next four at
  table 2, and so on (a round 1 has no standings, so it cannot be Swiss).

A player count that is not a multiple of four is filled, as the director chooses (:class:`Fill`),
with **substitutes** (stand-ins whose results do not count: they are numbered ``-1``, ``-2``, ``-3``
where players are people's ids) or with **byes**: the players who had the fewest byes sit out (then,
in a Swiss round, the lowest placed; otherwise by the draw). A bye scores nothing. The seats at
each table are drawn from the seed. The same seed, round and players give the same seating.

:func:`standings` ranks the players by table points, then score (penalties taken off), then hands
won (the MCR convention); each line says what put it below the line above (:attr:`Line.decided`).
After a cut to the top N, the finalists are placed first.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from enum import StrEnum
from fractions import Fraction
from itertools import combinations

from mjscore.errors import Refusal, TableError


class Method(StrEnum):
    """How a round is seated."""

    random = "random"
    no_repeat = "no-repeat"
    swiss = "swiss"


class Fill(StrEnum):
    """What makes a player count that is not a multiple of four up to full tables."""

    substitutes = "substitutes"
    byes = "byes"


@dataclass(frozen=True)
class Table:
    """A table of a round: its number (from 1) and its four players in seat order (East first);
    a negative player is a substitute."""

    number: int
    players: tuple[int, int, int, int]


@dataclass(frozen=True)
class Round:
    """A round's seating: its number (from 1), its tables, and the players who sit it out (byes)."""

    number: int
    tables: tuple[Table, ...]
    byes: tuple[int, ...] = ()


#: How many random draws the no-repeat search starts from, and how many swaps (times the rounds
#: planned) that lower nothing end the search from one draw.
DRAWS = 8
STEPS = 1000


def is_substitute(player: int) -> bool:
    """Whether a seat is held by a substitute (a stand-in whose results do not count)."""
    return player < 0


def meetings(rounds: Iterable[Round]) -> Counter[tuple[int, int]]:
    """How many times each pair of players (the smaller id first) sat at one table; substitutes,
    who are stand-ins, meet nobody."""
    met: Counter[tuple[int, int]] = Counter()
    for past in rounds:
        for table in past.tables:
            people = sorted(p for p in table.players if not is_substitute(p))
            met.update(combinations(people, 2))
    return met


def seat_round(number: int, players: Sequence[int], method: Method, seed: str, *, fill: Fill = Fill.substitutes,
               history: Sequence[Round] = (), order: Sequence[int] = (), rounds_left: int = 1) -> Round:
    """Round ``number``'s seating of ``players`` (people's ids, the ones still playing) by
    ``method``, reproducible from ``seed``; ``history`` is the rounds played (for no-repeat and the
    byes), ``order`` the players by their standings (for Swiss, best first); a no-repeat round plans
    the ``rounds_left`` rounds from this one on together (:func:`no_repeat_groups`)."""
    field = sorted(set(players))
    if len(field) != len(players):
        raise TableError(Refusal("seated_twice"))
    if any(is_substitute(p) for p in field):
        raise TableError(Refusal("seating_ids"))
    if len(field) < 4:
        raise TableError(Refusal("round_four_players", count=len(field)))
    rng = random.Random(f"{seed}/round {number}")
    if method is Method.swiss:
        if not history:
            raise TableError(Refusal("swiss_first_round"))
        if sorted(order) != field:
            raise TableError(Refusal("swiss_standings"))
    byes: list[int] = []
    if fill is Fill.byes and len(field) % 4:
        byes = _byes(field, len(field) % 4, history, order if method is Method.swiss else (), rng)
    seated = [p for p in (order if method is Method.swiss else field) if p not in byes]
    if fill is Fill.substitutes:
        seated += [-k for k in range(1, -len(seated) % 4 + 1)]
    if method is Method.swiss:
        groups = [seated[i:i + 4] for i in range(0, len(seated), 4)]
    elif method is Method.no_repeat:
        groups = no_repeat_groups(seated, meetings(history), rng, max(1, rounds_left))
    else:
        rng.shuffle(seated)
        groups = [seated[i:i + 4] for i in range(0, len(seated), 4)]
    tables = []
    for index, group in enumerate(groups, 1):
        seats = list(group)
        rng.shuffle(seats)
        tables.append(Table(index, (seats[0], seats[1], seats[2], seats[3])))
    return Round(number, tuple(tables), tuple(sorted(byes)))


def _byes(field: Sequence[int], count: int, history: Sequence[Round], order: Sequence[int],
          rng: random.Random) -> list[int]:
    """The ``count`` players who sit a round out: fewest byes so far, then the lowest placed (Swiss)
    or by the draw."""
    had = Counter(p for past in history for p in past.byes)
    draw = list(field)
    rng.shuffle(draw)
    place = {p: i for i, p in enumerate(order)}
    chosen = sorted(draw, key=lambda p: (had[p], -place.get(p, 0), draw.index(p)))
    return chosen[:count]


def no_repeat_groups(seated: Sequence[int], met: Mapping[tuple[int, int], int], rng: random.Random,
                     rounds: int = 1) -> list[list[int]]:
    """The players in fours, so that pairs who met meet again as little as can be, over this round
    and the ``rounds - 1`` after it (planned together with the same players, so that an early round
    does not leave the later ones no good seating; only this round's fours are returned).

    A pair that meets ``m`` times in all costs ``1 + B + ... + B**(m - 2)`` (nothing for once), with
    ``B`` more than all the pairs of the plan: a pair meeting a third time costs more than any number
    meeting a second time. The plan is the cheapest of :data:`DRAWS` random draws, each improved by
     random swaps of two players of different tables in one round, a swap kept when it costs no
    more (so the search walks across seatings of equal cost), until :data:`STEPS` swaps a round
    planned have not lowered the cost."""
    n = len(seated)
    real = [not is_substitute(p) for p in seated]
    base = 6 * n * rounds + 1
    before = [[0] * n for _ in range(n)]
    for i, j in combinations(range(n), 2):
        a, b = seated[i], seated[j]
        before[i][j] = before[j][i] = met.get((a, b) if a < b else (b, a), 0) if real[i] and real[j] else 0
    top = max((max(row) for row in before), default=0) + rounds + 1
    pen = [0] * (top + 1)
    for m in range(2, top + 1):
        pen[m] = pen[m - 1] + base ** (m - 2)
    floor = sum(pen[before[i][j]] for i, j in combinations(range(n), 2))
    best: list[list[int]] = []
    best_cost = -1
    for _ in range(DRAWS):
        plan = []
        for _ in range(rounds):
            draw = list(range(n))
            rng.shuffle(draw)
            plan.append(draw)
        count = [row[:] for row in before]
        for draw in plan:
            for g in range(0, n, 4):
                for i, j in combinations(draw[g:g + 4], 2):
                    count[i][j] += 1
                    count[j][i] += 1
        cost = sum(pen[count[i][j]] for i, j in combinations(range(n), 2) if real[i] and real[j])
        still = 0
        while n > 4 and cost > floor and still < STEPS * rounds:
            still += 1
            draw = plan[rng.randrange(rounds)]
            x, y = rng.randrange(n), rng.randrange(n)
            if x // 4 == y // 4:
                continue
            a, b = draw[x], draw[y]
            mates_a = [draw[k] for k in range(x - x % 4, x - x % 4 + 4) if k != x]
            mates_b = [draw[k] for k in range(y - y % 4, y - y % 4 + 4) if k != y]
            delta = 0
            for who, leaves, joins in ((a, mates_a, mates_b), (b, mates_b, mates_a)):
                if real[who]:
                    delta += sum(pen[count[who][o] - 1] - pen[count[who][o]] for o in leaves if real[o])
                    delta += sum(pen[count[who][o] + 1] - pen[count[who][o]] for o in joins if real[o])
            if delta > 0:
                continue
            for who, leaves, joins in ((a, mates_a, mates_b), (b, mates_b, mates_a)):
                for o in leaves:
                    count[who][o] -= 1
                    count[o][who] -= 1
                for o in joins:
                    count[who][o] += 1
                    count[o][who] += 1
            draw[x], draw[y] = b, a
            cost += delta
            still = 0 if delta < 0 else still
        if best_cost < 0 or cost < best_cost:
            best, best_cost = [[seated[k] for k in plan[0][g:g + 4]] for g in range(0, n, 4)], cost
        if best_cost == floor:
            break
    return best


# ----- standings


@dataclass(frozen=True)
class Result:
    """One player's session at a table of a round: table points, score and hands won."""

    round: int
    table: int
    player: int
    table_points: Fraction
    score: int
    hands_won: int


@dataclass(frozen=True)
class Penalty:
    """A penalty the director gives between rounds: ``points`` taken off the player's score, after
    round ``round``, with its reason."""

    player: int
    round: int
    points: int
    reason: str


@dataclass(frozen=True)
class Line:
    """A player's line of the tournament standings: place (``tied``: shared), rounds played,
    table points, score (penalties taken off), the penalties, hands won, whether a finalist (after a
    cut), and ``decided``: what put them below the line above (``table points``, ``score``,
    ``hands won``, ``the cut``; ``tied`` when nothing does; empty for the first line)."""

    place: int
    tied: bool
    player: int
    rounds: int
    table_points: Fraction
    score: int
    penalties: int
    hands_won: int
    finalist: bool
    decided: str


def standings(players: Iterable[int], results: Iterable[Result], penalties: Iterable[Penalty] = (),
              finalists: Iterable[int] | None = None) -> list[Line]:
    """The standings of ``players``: by table points, then score (penalties taken off), then hands
    won, highest first; the ``finalists`` of a cut (None: no cut) are placed before the rest.
    Players equal on all of it share a place. Substitutes have no line; a player with no result yet
    has a line of zeros."""
    kept = [p for p in dict.fromkeys(players) if not is_substitute(p)]
    done: dict[int, list[Result]] = {p: [] for p in kept}
    for result in results:
        if result.player in done:
            done[result.player].append(result)
    taken = Counter[int]()
    for penalty in penalties:
        taken[penalty.player] += penalty.points
    final = set(kept) if finalists is None else set(finalists)
    lines = [Line(0, False, p, len(rs), sum((r.table_points for r in rs), Fraction(0)),
                  sum(r.score for r in rs) - taken[p], taken[p], sum(r.hands_won for r in rs), p in final, "")
             for p, rs in done.items()]

    def key(line: Line) -> tuple[bool, Fraction, int, int]:
        return line.finalist, line.table_points, line.score, line.hands_won

    lines.sort(key=lambda line: (not line.finalist, -line.table_points, -line.score, -line.hands_won, line.player))
    keys = [key(line) for line in lines]
    ranked = []
    for index, line in enumerate(lines):
        ranked.append(Line(keys.index(key(line)) + 1, keys.count(key(line)) > 1, line.player, line.rounds,
                           line.table_points, line.score, line.penalties, line.hands_won, line.finalist,
                           _decided(keys[index - 1], keys[index]) if index else ""))
    return ranked


def _decided(above: tuple[bool, Fraction, int, int], below: tuple[bool, Fraction, int, int]) -> str:
    """What separates a line from the line above it."""
    for label, first, second in zip(("the cut", "table points", "score", "hands won"), above, below, strict=True):
        if first != second:
            return label
    return "tied"


def cut(lines: Sequence[Line], size: int) -> tuple[int, ...]:
    """The top ``size`` players of the standings (a multiple of four, at most the field), who play
    on in the final; a tie across the cut is refused, naming the players, for the director to break
    (a penalty, or another size)."""
    if size < 4 or size % 4 or size > len(lines):
        raise TableError(Refusal("cut_size", ranked=len(lines), size=size))
    if size < len(lines) and lines[size - 1].tied and lines[size].place == lines[size - 1].place:
        raise TableError(Refusal("cut_in_tie", size=size, place=lines[size].place))
    return tuple(line.player for line in lines[:size])
