"""Club ratings: a skill rating per person from the club's sessions, with OpenSkill.

Every table with at least one hand played is a game of four (people, :mod:`~mjscore.scorekeeper.roster`),
ranked by session score (players who tie share a rank); the games are rated oldest first with
OpenSkill's Plackett-Luce model (the ``openskill`` package: the Weng-Lin Bayesian rating for
multiplayer games; ``mu`` starts at 25 and the uncertainty ``sigma`` at 25/3). The rating shown is
OpenSkill's ordinal, ``mu - 3 sigma``: a conservative estimate that rises as a player plays and
their uncertainty shrinks. The rating as of a date rates only the tables opened up to that day
(UTC). Pure functions over :class:`Game` values; :func:`club_games` reads them from a database.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from openskill.models import PlackettLuce, PlackettLuceRating

from mjscore.scorekeeper.roster import Person
from mjscore.scorekeeper.service import Scorekeeper
from mjscore.scorekeeper.spreadsheets import spreadsheet_safe


@dataclass(frozen=True)
class Game:
    """A table as a game to rate: its number, when it opened (UTC, ISO 8601), its people in seat
    order (four, or fewer where a tournament's substitute sat) and their session scores."""

    table_id: int
    opened_at: str
    people: tuple[Person, ...]
    scores: tuple[int, ...]

    @property
    def ranks(self) -> list[int]:
        """Each seat's rank by score: 1 for the best; players who tie share the better rank."""
        return [1 + sum(other > score for other in self.scores) for score in self.scores]


@dataclass(frozen=True)
class Rating:
    """A person's rating: ``mu`` (the skill estimate), ``sigma`` (its uncertainty), the games rated."""

    person: Person
    mu: float
    sigma: float
    games: int

    @property
    def ordinal(self) -> float:
        """The rating shown: ``mu - 3 sigma``."""
        return self.mu - 3 * self.sigma


@dataclass(frozen=True)
class Change:
    """One person's rating after one game: the table, when, their rank there, the rating after."""

    table_id: int
    opened_at: str
    rank: int
    rating: Rating


def model() -> PlackettLuce:
    """The rating model: OpenSkill's Plackett-Luce with its defaults."""
    return PlackettLuce()


def rate(games: Iterable[Game], as_of: str | None = None) -> tuple[list[Rating], list[Change]]:
    """The ratings after ``games`` (rated in the order of their opening), best first, and every
    change, oldest first; with ``as_of`` (``YYYY-MM-DD``), only the games opened up to that day."""
    rater = model()
    now: dict[int, PlackettLuceRating] = {}
    played: dict[int, int] = {}
    who: dict[int, Person] = {}
    history: list[Change] = []
    for game in sorted(games, key=lambda g: (g.opened_at, g.table_id)):
        if as_of is not None and game.opened_at[:10] > as_of:
            continue
        teams = [[now.get(p.id) or rater.rating(name=str(p.id))] for p in game.people]
        ranks = game.ranks
        after = rater.rate(teams, ranks=[float(r) for r in ranks])
        for person, rank, (rating,) in zip(game.people, ranks, after, strict=True):
            now[person.id] = rating
            played[person.id] = played.get(person.id, 0) + 1
            who[person.id] = person
            history.append(Change(game.table_id, game.opened_at, rank,
                                  Rating(person, rating.mu, rating.sigma, played[person.id])))
    ratings = [Rating(who[i], r.mu, r.sigma, played[i]) for i, r in now.items()]
    ratings.sort(key=lambda r: (-r.ordinal, r.person.name.casefold(), r.person.id))
    return ratings, history


@dataclass(frozen=True)
class ClubGames:
    """The games to rate, and the tables left out, each with why (tampered, an import not counted).
    A game is of its people: a tournament's substitute is left out of it."""

    games: tuple[Game, ...]
    left_out: tuple[str, ...]


def club_games(keeper: Scorekeeper, *, imports: bool = False) -> ClubGames:
    """Every table of the club with a hand played, chosen by what is signed of it and counted once
    (:meth:`~mjscore.scorekeeper.service.Scorekeeper.signed_tables`; ``imports``: every import too),
    as a game of its people (as they are now: renamed or merged) and their session scores."""
    found = keeper.signed_tables(lambda view, rule: True, imports=imports)  # the balances and the deal: no history read
    played = [view for view, _ in found.views if view.deal.hands]
    people = keeper.seat_people([view.id for view in played]) if played else {}
    games = []
    for view in played:  # a substitute counts for nobody: the game is the others'
        seats = [(person, points) for person, points in zip(people[view.id], view.ledger.points, strict=True)
                 if person.id >= 0]
        if len(seats) >= 2:
            games.append(Game(view.id, view.created_at, tuple(p for p, _ in seats), tuple(s for _, s in seats)))
    return ClubGames(tuple(games), found.left_out)


def ratings_csv(ratings: Sequence[Rating]) -> str:
    """The ratings as CSV, best first: rank, player, id, rating (``mu - 3 sigma``), mu, sigma, games."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(("rank", "player", "player_id", "rating", "mu", "sigma", "games"))
    for place, rating in enumerate(ratings, 1):
        writer.writerow((place, spreadsheet_safe(rating.person.name), rating.person.id,
                         f"{rating.ordinal:.2f}", f"{rating.mu:.4f}", f"{rating.sigma:.4f}", rating.games))
    return out.getvalue()


def history_csv(changes: Sequence[Change]) -> str:
    """Every change as CSV, oldest first: table, opened, player, rank, rating, mu, sigma, games."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(("table", "opened_at", "player", "player_id", "rank", "rating", "mu", "sigma", "games"))
    for change in changes:
        r = change.rating
        writer.writerow((change.table_id, change.opened_at, spreadsheet_safe(r.person.name), r.person.id, change.rank,
                         f"{r.ordinal:.2f}", f"{r.mu:.4f}", f"{r.sigma:.4f}", r.games))
    return out.getvalue()
