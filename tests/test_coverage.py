"""The coverage matrix (tools/coverage.py, issue 26 item 2): every row of every shipped table has a
golden case that earns it and a near miss that just does not, or is listed as a gap still open; the
declared near misses hold; docs/coverage.md is what the tool writes."""

from __future__ import annotations

from collections import Counter

import pytest
from tool_modules import load_tool

import mjscore

coverage = load_tool("coverage")

PLAIN = {"seat": "S", "concealed": "123m 456m 789p 234s 67s 99p", "win_tile": "8s", "win": "discard", "discarder": "W"}


@pytest.fixture(scope="module")
def matrix() -> dict[str, list[object]]:
    return coverage.matrix()


def test_the_page_is_what_the_tool_writes(matrix: dict[str, list[object]]) -> None:
    assert coverage.PAGE.read_text(encoding="utf-8") == coverage.page(matrix), \
        "docs/coverage.md is stale: run PYTHONPATH=src python tools/coverage.py"


def test_every_row_has_both_kinds_of_case_or_is_a_listed_gap(matrix: dict[str, list[object]]) -> None:
    missing = {gap for entries in matrix.values() for gap in coverage.gaps(entries)}
    listed = coverage.listed_gaps()
    assert sorted(missing - set(listed)) == [], "rows with no case of a kind: write the case (or list the gap, with why)"
    assert sorted(set(listed) - missing) == [], "listed gaps that are closed now: remove their lines"


def test_every_row_a_table_plays_is_in_the_matrix(matrix: dict[str, list[object]]) -> None:
    for ruleset in mjscore.rulesets():
        rules = mjscore.get_ruleset(ruleset)
        keys = {entry.row.key for entry in matrix[ruleset]}
        played = [a.id for a in rules.awards if a.enabled and not coverage._never(a)] + [
            t.id for t in rules.table_payments if t.enabled and t.pattern is not None]
        assert {f"{ruleset}:{row}" for row in played} <= keys
        # an event (triple dice, a penalty) is recorded when it happens: no hand earns it
        assert not {f"{ruleset}:{row}" for row in coverage.events(ruleset)} & keys
        # an award on the sheet that no hand earns (False Single Wait, ruling 4) cannot have a case either
        assert not {f"{ruleset}:{row}" for row in coverage.never_awarded(ruleset)} & keys
    assert coverage.never_awarded("lrc") == coverage.never_awarded("hefen") == ["false_single_wait"]
    assert coverage.events("hefen") == ["triple_dice", "triple_dice_six", "concealed_gong_not_shown", "false_mahjong",
                                        "chasing_honour", "chasing_suit"]
    # a preset's changed rows are rows of their own: 見花 and 見字 are off in the taiwan table, on in 簡化
    jianhua = {entry.row.id for entry in matrix["taiwan"] if entry.row.preset == "taiwan-jianhua"}
    assert jianhua == {"any_flower", "other_wind_pung"}


def test_every_row_a_table_can_switch_on_is_in_the_matrix(matrix: dict[str, list[object]]) -> None:
    """A row off in the shipped table is played where a preset or a table's house rule switches it on: every
    such row is in the matrix, under a preset that plays it or under the house rule that switches it on
    (LRC's Calling, ruling 20), so it needs a positive case and a near miss like any other."""
    for ruleset in mjscore.rulesets():
        keys = {entry.row.key for entry in matrix[ruleset]}
        for award in mjscore.get_ruleset(ruleset).awards:
            if not award.enabled:
                assert any(key.endswith(f":{award.id}") and key.count("/") == 1 for key in keys), award.id
    switched = {entry.row.key for entries in matrix.values() for entry in entries if entry.row.switched_on}
    assert switched == {"lrc/calling on:calling"}


def test_the_declared_near_misses_hold() -> None:
    assert [problem for ruleset in mjscore.rulesets() for problem in coverage.declared_problems(ruleset)] == []


# ----- the step rule


@pytest.mark.parametrize(("changes", "replaced", "facts"), [
    ({}, 0, []),
    ({"concealed": "123m 456m 789p 234s 67s 9p 9s"}, 1, []),  # one tile replaced
    ({"flowers": ["2f"]}, 1, []),  # one tile added
    ({"win": "self_draw", "discarder": None}, 0, ["how it was won"]),  # win and discarder: one fact
    ({"seat": "W", "discarder": "N"}, 0, ["how it was won", "seat"]),
    ({"concealed": "456m 789p 234s 67s 99p", "melds": [{"kind": "chow", "tiles": "123m"}]}, 0, ["declared sets"]),
    ({"concealed": "123m 456m 789p 234s 78s 99p", "win_tile": "6s"}, 0, ["winning tile"]),
    ({"concealed": "123m 456m 789p 234s 67s 11p"}, 2, []),  # two tiles replaced
])
def test_steps_are_counted_as_a_player_would(changes: dict[str, object], replaced: int, facts: list[str]) -> None:
    assert coverage.steps_apart(PLAIN, {**PLAIN, **changes}) == (replaced, facts)
    assert coverage.one_step(PLAIN, {**PLAIN, **changes}) == (replaced <= 1 and len(facts) <= 1)


def test_a_wrong_declared_near_miss_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    earns = coverage.Case("lrc", 1, "hit", None, PLAIN, frozenset({"concealed_hand"}), ())
    misses = [
        # earns what it claims to miss; two tiles away with no reason; names a case that is not there
        coverage.Case("lrc", 2, "same", None, PLAIN, frozenset({"concealed_hand"}),
                      (coverage.NearMiss("concealed_hand", "hit", "", "", None),)),
        coverage.Case("lrc", 3, "two away", None, {**PLAIN, "concealed": "123m 456m 789p 234s 67s 11p"}, frozenset(),
                      (coverage.NearMiss("concealed_hand", "hit", "", "", None),)),
        coverage.Case("lrc", 4, "lost", None, PLAIN, frozenset(),
                      (coverage.NearMiss("concealed_hand", "nowhere", "", "", None),)),
        coverage.Case("lrc", 5, "far, and says why", None, {**PLAIN, "concealed": "123m 456m 789p 234s 67s 11p"},
                      frozenset(), (coverage.NearMiss("concealed_hand", "hit", "", "", "no one-tile change keeps it a win"),)),
    ]
    monkeypatch.setattr(coverage, "golden_cases", lambda ruleset: [earns, *misses])
    problems = coverage.declared_problems("lrc")
    assert len(problems) == 3
    assert "case 2 (same)" in problems[0] and "the case earns it" in problems[0]
    assert "case 3 (two away)" in problems[1] and "2 tile(s)" in problems[1]
    assert "case 4 (lost)" in problems[2] and "no case named 'nowhere'" in problems[2]


def test_a_case_one_step_from_a_hit_is_found_as_a_near_miss(monkeypatch: pytest.MonkeyPatch) -> None:
    hit = coverage.Case("lrc", 1, "hit", None, PLAIN, frozenset({"concealed_hand"}), ())
    declared = coverage.Case("lrc", 2, "declared", None, {**PLAIN, "concealed": "456m 789p 234s 67s 99p",
                                                          "melds": [{"kind": "chow", "tiles": "123m"}]}, frozenset(), ())
    far = coverage.Case("lrc", 3, "far", None, {**PLAIN, "concealed": "123m 456m 789p 234s 67s 11p"}, frozenset(), ())
    monkeypatch.setattr(coverage, "golden_cases", lambda ruleset: [hit, declared, far])
    monkeypatch.setattr(coverage, "fired", lambda *args: Counter())
    found = {entry.row.id: entry for entry in coverage.coverage("lrc")}
    assert found["concealed_hand"].positive == ("hit",)
    assert found["concealed_hand"].found == ("declared",)  # the far one is not a near miss


def test_the_near_miss_search_proposes_one_step_hands_that_lose_the_row(monkeypatch: pytest.MonkeyPatch) -> None:
    """tools/near_misses.py: every proposal is one step from a case earning the row and does not earn it;
    the concealed hand of PLAIN (All Sheung, concealed, on a discard) loses Concealed Hand when a set is
    declared or it is self-drawn, and the search finds such a change."""
    near_misses = load_tool("near_misses")
    hit = coverage.Case("lrc", 1, "hit", None, PLAIN, frozenset({"concealed_hand"}), ())
    monkeypatch.setattr(near_misses.coverage, "golden_cases", lambda ruleset: [hit])
    proposals = near_misses.proposals("lrc", "concealed_hand", limit=5)
    assert proposals
    for _, case, change, record, difference in proposals:
        assert case is hit and change and coverage.one_step(PLAIN, record)
        assert "-concealed_hand" in difference
        assert "concealed_hand" not in {a.id for a in mjscore.score(mjscore.Hand.from_dict({"ruleset": "lrc", **record})).awards}


# ----- far notes are checked (issue 42 item 2)

near_misses = load_tool("near_misses")


def test_every_far_note_stands() -> None:
    """A far note says no one-step change of the row's hands misses it. tools/near_misses.py searches every
    one-tile, one-fact neighbour of the row's positive cases for one that is still a win (by the ruleset's
    shapes) and loses the row (by its pattern): on the committed cases it finds none for any far row."""
    assert near_misses.far_problems() == []


# The pair (golden taiwan "小三元, one tile from 大三元" and "大三元, one tile from 小三元"): one 1s of the
# first for the third 白.
LITTLE_DRAGONS = {"seat": "S", "round": "E", "melds": [{"kind": "pung", "tiles": "CCC"}, {"kind": "pung", "tiles": "FFF"}],
                  "concealed": "PP 111s 234m 56m", "win_tile": "7m", "win": "discard", "discarder": "W"}


def test_a_far_note_with_a_one_step_neighbour_is_named(monkeypatch: pytest.MonkeyPatch) -> None:
    """The far note 小三元 had before issue 42, beside a positive case one tile from a 大三元 hand: the search
    finds that hand (a win, and 小三元's pattern finds no dragon pair in it) and names the note."""
    tool = near_misses.coverage  # the search's own copy of tools/coverage.py
    hit = tool.Case("taiwan", 1, "hit", None, LITTLE_DRAGONS, frozenset({"little_three_dragons"}), ())
    far = tool.Case("taiwan", 2, "far", None, PLAIN, frozenset(), (tool.NearMiss(
        "little_three_dragons", "hit", "", "", "the dragon pair cannot be broken by one tile"),))
    monkeypatch.setattr(tool, "golden_cases", lambda ruleset: [hit, far])
    (problem,) = near_misses.far_problems(["taiwan"])
    assert problem.startswith("taiwan:little_three_dragons: far, but 'hit'")
    (miss,) = near_misses.one_step_misses("taiwan", "little_three_dragons", limit=1)
    assert coverage.one_step(LITTLE_DRAGONS, miss.record)
    scored = mjscore.score(mjscore.Hand.from_dict({"ruleset": "taiwan", **miss.record}))
    assert "little_three_dragons" not in {a.id for a in scored.awards}


def test_losing_the_row_is_read_from_its_pattern_not_from_the_awards() -> None:
    """小三元 replaces 三元牌 (ruling 38): the engine awards no 三元牌 to the 小三元 hand, but 三元牌's own pattern
    finds the 中 and 發 pungs there, so that hand does not lose the row, and is no near miss of it."""
    search = near_misses.Search(mjscore.get_ruleset("taiwan"), "taiwan")
    found = search.win(search.hand(LITTLE_DRAGONS))
    assert found is not None
    assert search.shows("dragon_pung", found) and search.shows("little_three_dragons", found)
    assert not search.shows("big_three_dragons", found)
    scored = mjscore.score(mjscore.Hand.from_dict({"ruleset": "taiwan", **LITTLE_DRAGONS}))
    assert "dragon_pung" not in {a.id for a in scored.awards}


def test_a_win_is_read_from_the_shapes_of_the_table() -> None:
    """Seven pairs and a pung is no shape of the association's table and a shape of its platform preset."""
    seven_pairs = {"seat": "S", "round": "E", "concealed": "11m 22m 33p 44p 55s 66s 77s 99m", "win_tile": "9m",
                   "win": "discard", "discarder": "W"}
    plain = near_misses.Search(mjscore.get_ruleset("taiwan"), "taiwan")
    platform = near_misses.Search(coverage.table_rules("taiwan", "taiwan-platform"), "taiwan")
    assert plain.win(plain.hand(seven_pairs)) is None
    assert platform.win(platform.hand(seven_pairs)) is not None


def test_every_neighbour_is_one_step_and_the_steps_a_player_makes_are_there() -> None:
    found = {change: record for change, record, _ in near_misses.neighbours(PLAIN)}
    assert all(coverage.one_step(PLAIN, record) for record in found.values())
    changes = set(found)
    assert {"a 9s for a 9p", "the 7s wins, not the 8s", "a chow of 123m declared", "won by self draw",
            "discards 5", "a 9s for a 9p, won by self draw", "with the flower 2f, the winner sits E"} <= changes
