"""Club ratings: the ratings mjscore gives are OpenSkill's own result on the same games, ranked by
session score (the ranks written out here by hand from the hands recorded), as of a date too."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from openskill.models import PlackettLuce

from mjscore.scorekeeper import Scorekeeper, TableSettings
from mjscore.scorekeeper.ratings import Game, club_games, rate, ratings_csv
from mjscore.scorekeeper.roster import Person

ROOT = Path(__file__).resolve().parents[2]
#: An MCR hand of 21 fan: won on a discard, the winner +45, the discarder -29, the other two -8.
HAND = {"concealed": "123m 456m 789m 234p 5s", "win_tile": "5s", "win": "discard"}


def test_a_games_ranks_follow_the_session_scores_and_ties_share_the_better_rank() -> None:
    people = tuple(Person(i, n) for i, n in enumerate(["Ann", "Bob", "Cat", "Dan"], 1))
    assert Game(1, "2026-12-01T19:00:00.000000Z", people, (45, -8, -8, -29)).ranks == [1, 2, 2, 4]
    assert Game(1, "2026-12-01T19:00:00.000000Z", people, (0, 0, 0, 0)).ranks == [1, 1, 1, 1]


def test_the_ratings_are_openskills_own_on_the_same_sessions(keeper: Scorekeeper) -> None:
    one = keeper.create_table(TableSettings.of("", ["Ann", "Bob", "Cat", "Dan"], "mcr")).id
    keeper.record_win(one, HAND, "Ann", "Dan")  # Ann +45, Bob -8, Cat -8, Dan -29: ranks 1, 2, 2, 4
    two = keeper.create_table(TableSettings.of("", ["Ann", "Eve", "Bob", "Fay"], "mcr")).id
    keeper.record_draw(two)  # all 0: all rank 1
    three = keeper.create_table(TableSettings.of("", ["Cat", "Dan", "Eve", "Ann"], "mcr")).id
    keeper.record_win(three, HAND, "Eve", "Cat")  # Cat -29, Dan -8, Eve +45, Ann -8: ranks 4, 2, 1, 2
    keeper.create_table(TableSettings.of("", ["Ann", "Bob", "Gus", "Hal"], "mcr"))  # no hand: not rated

    model = PlackettLuce()
    r = {name: model.rating(name=name) for name in ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]}
    for seats, ranks in ((["Ann", "Bob", "Cat", "Dan"], [1, 2, 2, 4]), (["Ann", "Eve", "Bob", "Fay"], [1, 1, 1, 1]),
                         (["Cat", "Dan", "Eve", "Ann"], [4, 2, 1, 2])):
        after = model.rate([[r[name]] for name in seats], ranks=ranks)
        for name, (rating,) in zip(seats, after, strict=True):
            r[name] = rating

    ratings, history = rate(club_games(keeper).games)
    assert {x.person.name: (x.mu, x.sigma) for x in ratings} == {n: (x.mu, x.sigma) for n, x in r.items()}
    assert [x.person.name for x in ratings] == sorted(r, key=lambda n: -r[n].ordinal())
    assert {x.person.name: x.games for x in ratings} == {"Ann": 3, "Bob": 2, "Cat": 2, "Dan": 2, "Eve": 2, "Fay": 1}
    assert [c.table_id for c in history] == [one] * 4 + [two] * 4 + [three] * 4
    assert ratings_csv(ratings).splitlines()[0] == "rank,player,player_id,rating,mu,sigma,games"


def test_the_rating_as_of_a_date_rates_only_the_tables_opened_by_then() -> None:
    people = tuple(Person(i, n) for i, n in enumerate(["Ann", "Bob", "Cat", "Dan"], 1))
    early = Game(1, "2026-11-27T19:00:00.000000Z", people, (45, -8, -8, -29))
    late = Game(2, "2026-12-04T19:00:00.000000Z", people, (-29, -8, -8, 45))
    before, _ = rate([late, early], as_of="2026-11-30")
    alone, _ = rate([early])
    assert before == alone
    everything, history = rate([late, early])
    assert [c.table_id for c in history] == [1] * 4 + [2] * 4  # oldest first, whatever the order given
    ann = {x.person.name: x for x in everything}["Ann"]
    assert ann.games == 2 and ann.mu < {x.person.name: x for x in before}["Ann"].mu  # last at the later table


def test_a_bad_date_is_one_line_and_status_2(tmp_path: Path) -> None:
    environment = {"PATH": "/usr/bin:/bin", "MJSCORE_DATABASE_URL": f"sqlite:///{tmp_path / 't.db'}",
                   "PYTHONPATH": ":".join(p for p in sys.path if p), "HOME": str(tmp_path)}
    done = subprocess.run([sys.executable, "-m", "mjscore", "ratings", "--as-of", "2026-13-01"], env=environment,
                          capture_output=True, text=True, check=False)
    assert (done.returncode, done.stderr) == (2, "error: --as-of: '2026-13-01' is not a date (YYYY-MM-DD)\n")


def test_the_api_serves_the_same_ratings_as_the_command(keeper: Scorekeeper) -> None:
    from fastapi.testclient import TestClient

    from mjscore.interfaces.web import create_app

    one = keeper.create_table(TableSettings.of("", ["Ann", "Bob", "Cat", "Dan"], "mcr")).id
    keeper.record_win(one, HAND, "Ann", "Dan")  # ranks 1, 2, 2, 4
    model = PlackettLuce()
    after = model.rate([[model.rating(name=n)] for n in ["Ann", "Bob", "Cat", "Dan"]], ranks=[1, 2, 2, 4])
    client = TestClient(create_app(keeper), base_url="http://localhost")
    answer = client.get("/api/ratings").json()
    assert [line["name"] for line in answer] == ["Ann", "Bob", "Cat", "Dan"]  # Bob and Cat tie: by name
    for line, (rating,) in zip(answer, [after[0], after[1], after[2], after[3]], strict=True):
        assert (line["rating"], line["sigma"], line["games"]) == (
            round(rating.mu - 3 * rating.sigma, 2), round(rating.sigma, 2), 1)
    assert client.get("/api/ratings", params={"as_of": "2000-01-01"}).json() == []
    refused = client.get("/api/ratings", params={"as_of": "yesterday"})
    assert refused.status_code == 422 and "as_of" in refused.text
