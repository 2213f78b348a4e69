"""Statistics over scored hands, and how far they agree with scores another scorer recorded.

The input is what ``mjscore batch`` writes: one line per hand, the JSON of ``mjscore score --format
json`` (or the ``--summary`` form) with its ``line`` number, or ``{"line": n, "error": "..."}`` for a
line that could not be scored. :func:`batch_statistics` counts, per ruleset, how many scored hands
hold each award, the average total and the distribution of totals; every share is over the scored
hands of its ruleset (:data:`SHARE_OF`). :func:`compare_recorded` sets each scored hand beside the
total, fans and payments a game log recorded for it (``mjscore import``).
"""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mjscore.errors import InputError
from mjscore.reading import one_line
from mjscore.scoring.ruleset import Ruleset
from mjscore.tiles import SEATS

#: What every share of :class:`AwardFrequency` is a share of.
SHARE_OF = "scored hands of the ruleset"


# ---------------------------------------------------------------------------------------------
# Reading the lines of a batch's output.


class _AwardLine(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)
    id: str = Field(max_length=80)
    count: int = Field(ge=1, le=99)


class _PaymentLine(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)
    payer: str = Field(max_length=1)
    payee: str = Field(max_length=1)
    amount: int


class _RulesetRef(BaseModel):
    model_config = ConfigDict(extra="ignore", strict=True)
    id: str = Field(max_length=40)


class _ScoreLine(BaseModel):
    """The fields of a scored line these statistics read (full and summary lines alike)."""

    model_config = ConfigDict(extra="ignore", strict=True)
    line: int = Field(ge=1)
    ruleset: str | _RulesetRef
    total: int
    legal: bool
    awards: list[_AwardLine]
    payments: list[_PaymentLine]


class _ErrorLine(BaseModel):
    model_config = ConfigDict(extra="forbid", strict=True)
    line: int = Field(ge=1)
    error: str


@dataclass(frozen=True, slots=True)
class ScoredHand:
    """One scored line of a batch's output: its ruleset, total, legality, awards and payments."""

    line: int
    ruleset: str
    total: int
    legal: bool
    awards: tuple[tuple[str, int], ...]  # (award id, count)
    payments: tuple[tuple[str, str, int], ...]  # (payer, payee, amount)

    def net(self) -> tuple[int, ...]:
        """What each seat gained, in seat order E, S, W, N (losses negative)."""
        gained = dict.fromkeys(SEATS, 0)
        for payer, payee, amount in self.payments:
            gained[payer] -= amount
            gained[payee] += amount
        return tuple(gained[seat] for seat in SEATS)


@dataclass(frozen=True, slots=True)
class UnscoredLine:
    """A line of a batch's output that answers an input line that could not be scored."""

    line: int
    error: str


def read_output_line(data: Any) -> ScoredHand | UnscoredLine:
    """One line of ``mjscore batch`` output (its JSON), read; anything else is refused (:class:`InputError`)."""
    if isinstance(data, dict) and "error" in data:
        try:
            error = _ErrorLine.model_validate(data)
        except ValidationError as problem:
            raise InputError(f"not a line of mjscore batch output: {one_line(problem)}") from None
        return UnscoredLine(error.line, error.error)
    try:
        scored = _ScoreLine.model_validate(data)
    except ValidationError as problem:
        raise InputError(f"not a line of mjscore batch output: {one_line(problem)}") from None
    return ScoredHand(
        line=scored.line,
        ruleset=scored.ruleset if isinstance(scored.ruleset, str) else scored.ruleset.id,
        total=scored.total,
        legal=scored.legal,
        awards=tuple((a.id, a.count) for a in scored.awards),
        payments=tuple((p.payer, p.payee, p.amount) for p in scored.payments),
    )


# ---------------------------------------------------------------------------------------------
# Frequencies, averages and distributions.


@dataclass(frozen=True, slots=True)
class AwardFrequency:
    """How many scored hands hold an award (``hands``), how many times in all (``times``: a
    pung-of-terminals award can count twice in one hand), and ``hands`` as a share of the
    ruleset's scored hands (:data:`SHARE_OF`)."""

    id: str
    hands: int
    times: int
    share: float


@dataclass(frozen=True, slots=True)
class RulesetStatistics:
    """The scored hands of one ruleset: how many (``legal`` of them met the minimum to win), the
    average total over all of them, how many scored each total, and each award's frequency (the
    most frequent first)."""

    ruleset: str
    hands: int
    legal: int
    average_total: float
    totals: tuple[tuple[int, int], ...]  # (total, hands), the lowest total first
    awards: tuple[AwardFrequency, ...]


@dataclass(frozen=True, slots=True)
class BatchStatistics:
    """Every line of a batch's output: how many, how many could not be scored, and per ruleset."""

    lines: int
    unscored: int
    rulesets: tuple[RulesetStatistics, ...]


def batch_statistics(lines: Iterable[ScoredHand | UnscoredLine]) -> BatchStatistics:
    """The statistics of the lines of a batch's output, per ruleset in the order first met."""
    by_ruleset: dict[str, list[ScoredHand]] = defaultdict(list)
    count = unscored = 0
    for line in lines:
        count += 1
        if isinstance(line, UnscoredLine):
            unscored += 1
        else:
            by_ruleset[line.ruleset].append(line)
    return BatchStatistics(count, unscored, tuple(_ruleset_statistics(r, hands) for r, hands in by_ruleset.items()))


def _ruleset_statistics(ruleset: str, hands: list[ScoredHand]) -> RulesetStatistics:
    holding: Counter[str] = Counter()
    times: Counter[str] = Counter()
    for hand in hands:
        for award_id, count in hand.awards:
            holding[award_id] += 1
            times[award_id] += count
    awards = tuple(AwardFrequency(award_id, held, times[award_id], held / len(hands))
                   for award_id, held in sorted(holding.items(), key=lambda item: (-item[1], item[0])))
    totals = Counter(hand.total for hand in hands)
    return RulesetStatistics(
        ruleset=ruleset,
        hands=len(hands),
        legal=sum(hand.legal for hand in hands),
        average_total=sum(hand.total for hand in hands) / len(hands),
        totals=tuple(sorted(totals.items())),
        awards=awards,
    )


# ---------------------------------------------------------------------------------------------
# Scores set beside the ones a log recorded.


@dataclass(frozen=True, slots=True)
class Recorded:
    """What a game log recorded for a win: the total, the fans (name and count) and each player's
    score in seat order E, S, W, N."""

    total: int
    fans: tuple[tuple[str, int], ...]
    scores: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class FanDifference:
    """A fan counted differently: ``fan`` is the award id (or, for a recorded name that is no award
    of the ruleset, that name), with how many times the log and mjscore count it."""

    fan: str
    recorded: int
    scored: int


@dataclass(frozen=True, slots=True)
class WinComparison:
    """One recorded win beside its score (of ``ruleset``). ``error`` is why it has no score (then
    nothing agrees)."""

    line: int
    match: str | None
    recorded: Recorded
    total: int | None
    total_agrees: bool
    payments_agree: bool
    fans: tuple[FanDifference, ...]
    error: str | None = None
    ruleset: str | None = None

    @property
    def agrees(self) -> bool:
        return self.total_agrees and self.payments_agree and not self.fans


@dataclass(frozen=True, slots=True)
class FanDisagreement:
    """Over all compared wins: in how many the log counts a fan more often than mjscore does
    (``recorded_more``), and in how many less (``scored_more``)."""

    fan: str
    recorded_more: int
    scored_more: int


@dataclass(frozen=True, slots=True)
class Comparison:
    """Recorded wins beside their scores: how many were compared, how many agree on the total, on
    the payments, on every fan, and on all three; which fans differ and how often; each win."""

    wins: tuple[WinComparison, ...]

    @property
    def compared(self) -> int:
        return len(self.wins)

    @property
    def totals_agree(self) -> int:
        return sum(w.total_agrees for w in self.wins)

    @property
    def payments_agree(self) -> int:
        return sum(w.payments_agree for w in self.wins)

    @property
    def fans_agree(self) -> int:
        return sum(w.error is None and not w.fans for w in self.wins)

    @property
    def all_agree(self) -> int:
        return sum(w.agrees for w in self.wins)

    @property
    def unscored(self) -> int:
        return sum(w.error is not None for w in self.wins)

    def disagreements(self) -> tuple[FanDisagreement, ...]:
        """Each fan that differs in some win, the most often differing first."""
        more: Counter[str] = Counter()
        less: Counter[str] = Counter()
        for win in self.wins:
            for difference in win.fans:
                if difference.recorded > difference.scored:
                    more[difference.fan] += 1
                else:
                    less[difference.fan] += 1
        fans = sorted(set(more) | set(less), key=lambda fan: (-(more[fan] + less[fan]), fan))
        return tuple(FanDisagreement(fan, more[fan], less[fan]) for fan in fans)


def award_ids_by_name(rules: Ruleset, aliases: Mapping[str, str] | None = None) -> dict[str, str]:
    """The award id of each name an award of ``rules`` has (English, Simplified and Traditional
    Chinese), and of each alias (another spelling: alias -> one of those names)."""
    ids: dict[str, str] = {}
    for award in rules.awards:
        for name in (award.id, award.name.en, award.name.zh_hans, award.name.zh_hant):
            ids[name] = award.id
    for alias, name in (aliases or {}).items():
        if name in ids:
            ids[alias] = ids[name]
    return ids


def compare_win(line: int, match: str | None, recorded: Recorded, scored: ScoredHand | UnscoredLine | None,
                ids: Mapping[str, str]) -> WinComparison:
    """A recorded win beside its score (``ids``: :func:`award_ids_by_name` of its ruleset)."""
    if scored is None or isinstance(scored, UnscoredLine):
        error = scored.error if scored is not None else "no line of the scores answers it"
        return WinComparison(line, match, recorded, None, False, False, (), error)
    recorded_fans: Counter[str] = Counter()
    for name, count in recorded.fans:
        recorded_fans[ids.get(name, name)] += count
    scored_fans: Counter[str] = Counter(dict(scored.awards))
    differences = tuple(FanDifference(fan, recorded_fans[fan], scored_fans[fan])
                        for fan in sorted(set(recorded_fans) | set(scored_fans))
                        if recorded_fans[fan] != scored_fans[fan])
    return WinComparison(line, match, recorded, scored.total, scored.total == recorded.total,
                         scored.net() == tuple(recorded.scores), differences, ruleset=scored.ruleset)
