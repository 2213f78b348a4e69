"""A table's session: how long it plays, and the evening or tournament it counts in.

A tournament session is a number of hands (an MCR session is 16: the East to North rounds, since the
deal passes after every hand) or a time limit, whichever comes first. When time is up, the hand
being played is finished and no new hand begins: an entry is refused once the session's hands are
played, or when the hand it belongs to began after the time limit (a hand begins when the one before
it ends, the first when the table opens). A table payment or a penalty during the last hand is still
recorded. Without a session, a table plays its whole game (``docs/scorekeeper.md``).

The small pure functions here decide; :class:`~mjscore.scorekeeper.service.Scorekeeper` asks them
before it records a new entry.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import UTC, datetime, timedelta

from mjscore.errors import Refusal, TableError
from mjscore.scorekeeper.model import check_name

#: The most hands and minutes a session may be set to.
MAX_HANDS = 400
MAX_MINUTES = 24 * 60

_TIME = "%Y-%m-%dT%H:%M:%S.%fZ"


@dataclass(frozen=True, slots=True)
class SessionRule:
    """A table's session: at most ``hands`` hands (None: the whole game), no hand begun more than
    ``minutes`` after the table opened (None: no time limit), counted in the standings of ``event``
    (an evening or a tournament; None: only by date)."""

    hands: int | None = None
    minutes: int | None = None
    event: str | None = None

    @staticmethod
    def of(hands: int | None = None, minutes: int | None = None, event: str | None = None) -> SessionRule:
        """A checked session: hands from 1 to 400, minutes from 1 to 1440, an event name."""
        if hands is not None and not 1 <= hands <= MAX_HANDS:
            raise TableError(Refusal("session_hands", hands=hands, most=MAX_HANDS))
        if minutes is not None and not 1 <= minutes <= MAX_MINUTES:
            raise TableError(Refusal("session_minutes", minutes=minutes, most=MAX_MINUTES))
        label = (event or "").strip() or None
        if label is not None:
            check_name("event name", label)
        return SessionRule(hands, minutes, label)


def moment(stamp: str) -> datetime:
    """A stored UTC time (:func:`mjscore.scorekeeper.audit.now`) as a datetime."""
    return datetime.strptime(stamp, _TIME).replace(tzinfo=UTC)


def deadline(rule: SessionRule, opened_at: str) -> datetime | None:
    """When the session's time is up (None: it has no time limit)."""
    return None if rule.minutes is None else moment(opened_at) + timedelta(minutes=rule.minutes)


def refusal(rule: SessionRule, opened_at: str, hands_played: int, hand_began: str) -> Refusal | None:
    """Why a new entry cannot be recorded in the session, or None if it can: ``hands_played`` wins
    and draws so far, and the hand being played began at ``hand_began`` (the time the hand before it
    was recorded; the table's opening for the first)."""
    if rule.hands is not None and hands_played >= rule.hands:
        return Refusal("session_hands_played" if rule.hands != 1 else "session_hand_played", hands=rule.hands)
    due = deadline(rule, opened_at)
    if due is not None and moment(hand_began) > due:
        return Refusal("session_time_up", minutes=rule.minutes, time=due.strftime("%H:%M"))
    return None


def describe(rule: SessionRule, opened_at: str) -> str | None:
    """One line on a table's session (None: it has neither limits nor an event), e.g.
    ``session: 16 hands or 120 minutes (no hand begins after 21:00 UTC); event Friday``."""
    limits = [f"{rule.hands} hand{'s' * (rule.hands != 1)}" if rule.hands is not None else "",
              f"{rule.minutes} minutes" if rule.minutes is not None else ""]
    parts = []
    if any(limits):
        due = deadline(rule, opened_at)
        after = f" (no hand begins after {due.strftime('%H:%M')} UTC)" if due is not None else ""
        parts.append(f"session: {' or '.join(x for x in limits if x)}{after}")
    if rule.event is not None:
        parts.append(f"event {rule.event}")
    return "; ".join(parts) or None
