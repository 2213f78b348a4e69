"""Contexts a ruleset cannot have (docs/hand-format.md, "Contexts that cannot happen"): a record's
heavenly, earthly or ready claim that breaks what the claim means in the ruleset's rows is refused
in one line, by the ruleset's [ruleset.context.*] data, never by the engine naming a ruleset."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

import mjscore

SHEUNGS = "123m 456m 789p 234s 67s 99p"  # waits on 5s and 8s
OPEN = "123m 456m 789p 67s 99p"  # the same, with a set declared beside it
TAIWANESE = ("lrc", "hefen", "fourwinds")
HEAVENLY = {"seat": "E", "concealed": SHEUNGS, "win_tile": "8s", "win": "self_draw", "heavenly": True, "discards": 0}
EARTHLY = {"seat": "S", "concealed": SHEUNGS, "win_tile": "8s", "win": "discard", "discarder": "E", "earthly": True,
           "discards": 0}


def _score(record: dict[str, Any], rules: str | mjscore.Ruleset) -> mjscore.Score:
    return mjscore.score(mjscore.Hand.from_dict(record), rules)


def _refusal(record: dict[str, Any], rules: str | mjscore.Ruleset) -> str:
    with pytest.raises(mjscore.HandError) as error:
        _score(record, rules)
    assert "\n" not in str(error.value)
    return str(error.value)


@pytest.mark.parametrize("ruleset", TAIWANESE)
def test_the_opening_hands_as_their_rows_describe_them_score(ruleset: str) -> None:
    assert _score(HEAVENLY, ruleset).award("heavenly_hand") is not None
    assert _score(EARTHLY, ruleset).award("earthly_hand") is not None
    # discards left out of the record: nothing contradicts the claim
    assert _score({**EARTHLY, "discards": None}, ruleset).award("earthly_hand") is not None


@pytest.mark.parametrize("ruleset", TAIWANESE)
def test_an_earthly_hand_after_discards_is_refused(ruleset: str) -> None:
    # LRC: "A non-East player wins on the East/Dealer's first discard": nothing was discarded before it.
    message = _refusal({**EARTHLY, "discards": 2}, ruleset)
    assert message.startswith("earthly: Earthly Hand is ")
    assert message.endswith(", but 2 tiles were discarded before the winning tile (none can be)")


@pytest.mark.parametrize("ruleset", TAIWANESE)
def test_a_heavenly_hand_after_discards_is_refused(ruleset: str) -> None:
    message = _refusal({**HEAVENLY, "discards": 1}, ruleset)
    assert message.startswith("heavenly: Heavenly Hand is ")
    assert message.endswith(", but 1 tile was discarded before the winning tile (none can be)")


# A record that leaves `discards` out: with `discards` 0 a discard from anyone but East is refused
# before the claim is read (ruling 58, test_a_first_discard_not_easts_is_refused_before_the_claim).
@pytest.mark.parametrize(("change", "message"), [
    ({"discarder": "W", "discards": None}, ", but the winning tile came from W, not from the dealer (East)"),
    ({"concealed": OPEN, "melds": [{"kind": "pung", "tiles": "CCC"}]}, ", but the hand has a declared set (pung CCC)"),
    ({"seat": "E", "discarder": "N", "discards": None}, ", but the winner is the dealer (East)"),
])
def test_an_earthly_hand_not_on_easts_first_discard_is_refused(change: dict[str, Any], message: str) -> None:
    for ruleset in TAIWANESE:
        refused = _refusal({**EARTHLY, **change}, ruleset)
        assert refused.startswith("earthly: Earthly Hand is ") and refused.endswith(message), refused


@pytest.mark.parametrize(("change", "message"), [
    ({"seat": "S"}, ", but the winner is S, not the dealer (East)"),
    ({"win": "discard", "discarder": "N", "discards": None}, ", but the win is discard, not self_draw"),
])
def test_a_heavenly_hand_not_the_dealers_dealt_hand_is_refused(change: dict[str, Any], message: str) -> None:
    for ruleset in TAIWANESE:
        refused = _refusal({**HEAVENLY, **change}, ruleset)
        assert refused.startswith("heavenly: Heavenly Hand is ") and refused.endswith(message), refused


@pytest.mark.parametrize(("change", "message"), [
    ({"discarder": "W"}, "discarder W: with discards 0 the winning tile is the hand's first discard, which is the "
                         "dealer's (East)"),
    ({"seat": "E", "discarder": "N"}, "discards 0: the winning tile would be the hand's first discard, which is the dealer's "
                                      "(East), and the dealer is the winner"),
])
def test_a_first_discard_not_easts_is_refused_before_the_claim(change: dict[str, Any], message: str) -> None:
    # Ruling 58, in every ruleset: an earthly record with discards 0 whose discard is not the dealer's.
    for ruleset in (*TAIWANESE, "mcr", "taiwan"):
        assert _refusal({**EARTHLY, **change}, ruleset) == message


def test_a_heavenly_hand_on_a_replacement_is_refused_except_a_four_winds_flower_supplement() -> None:
    # LRC, He Fen: the dealt hand is complete "before the first discard", no replacement draw;
    # Four Winds 5.2.2: "with the dealt hand (after supplement tiles, if any)": a flower's supplement.
    record = {**HEAVENLY, "flowers": "1f", "replacement": "flower"}
    for ruleset in ("lrc", "hefen"):
        message = _refusal(record, ruleset)
        assert message.startswith("heavenly: Heavenly Hand is ") and message.endswith(
            ", but the winning tile is a flower replacement draw")
    assert _score(record, "fourwinds").award("heavenly_hand") is not None


def test_four_winds_ready_on_original_hand_holds_no_claimed_set() -> None:
    # Ruling 30: declared on the dealt hand, so no exposed chow, pung or kong; a concealed gong is fine.
    ready = {"seat": "S", "concealed": OPEN, "win_tile": "8s", "win": "self_draw", "ready_declared": True}
    assert _refusal({**ready, "melds": [{"kind": "pung", "tiles": "CCC"}]}, "fourwinds") == (
        "ready_declared: Ready on original hand is a ready declaration on the dealt hand, but the hand has a claimed "
        "set (pung CCC); only concealed kongs can be declared")
    with pytest.raises(mjscore.HandError, match="claimed set"):
        mjscore.score_waits(mjscore.Hand.from_dict({**ready, "win_tile": None, "melds": [
            {"kind": "chow", "tiles": "789s"}]}), "fourwinds")
    gong = _score({**ready, "melds": [{"kind": "kong", "tiles": "1111s", "concealed": True}]}, "fourwinds")
    assert gong.award("ready_on_original_hand") is not None
    # LRC's Calling may be declared after claiming sets (seed 000: "closing your hand").
    calling = mjscore.apply_house_rules(mjscore.get_ruleset("lrc"), {"awards": {"calling": True}})
    assert _score({**ready, "melds": [{"kind": "pung", "tiles": "CCC"}]}, calling).award("calling") is not None


def test_mcr_has_no_opening_hand_rows_and_scores_such_a_hand_by_its_fans() -> None:
    # MCR's 81 fans have no Heavenly or Earthly Hand: the hands happen at an MCR table and are
    # scored as the self-drawn or discard wins they are (docs/hand-format.md); the claim must still
    # describe the event.
    heavenly = {"seat": "E", "concealed": "123m 456m 789p 234s 9p", "win_tile": "9p", "win": "self_draw",
                "heavenly": True, "discards": 0}
    earthly = {**heavenly, "seat": "N", "win": "discard", "discarder": "E", "heavenly": False, "earthly": True}
    for claim in (heavenly, earthly):
        plain = {**claim, "heavenly": False, "earthly": False}
        assert [a.id for a in _score(claim, "mcr").awards] == [a.id for a in _score(plain, "mcr").awards]
    assert _refusal({**heavenly, "discards": 4}, "mcr") == (
        "heavenly: A win on the dealt hand (no fan in MCR) is the dealer's dealt hand, complete before the first "
        "discard, but 4 tiles were discarded before the winning tile (none can be)")
    assert _refusal({**earthly, "discards": 4}, "mcr").startswith("earthly: A win on the dealer's first discard")


@pytest.mark.parametrize(("context", "record", "problem"), [
    ('seat = "dealer"', {"seat": "S"}, "the winner is S, not the dealer (East)"),
    ('seat = "non_dealer"', {"seat": "E"}, "the winner is the dealer (East)"),
    ('win = ["self_draw"]', {"win": "discard", "discarder": "W"}, "the win is discard, not self_draw"),
    ('discarder = "dealer"', {"win": "discard", "discarder": "W"}, "the winning tile came from W, not from the dealer (East)"),
    ("max_discards = 3", {"discards": 4}, "4 tiles were discarded before the winning tile (at most 3)"),
    ('declared_sets = "none"', {"concealed": OPEN, "melds": [{"kind": "kong", "tiles": "1111s", "concealed": True}]},
     "the hand has a declared set (kong 1111s concealed)"),
    ("replacements = []", {"flowers": "2f", "replacement": "flower"}, "the winning tile is a flower replacement draw"),
])
def test_a_club_file_says_what_a_claim_means_at_its_table(tmp_path: Path, context: str, record: dict[str, Any],
                                                          problem: str) -> None:
    club = tmp_path / "club.toml"
    club.write_text('[ruleset]\nid = "club"\nextends = "lrc"\n[ruleset.context.ready_declared]\nname = "Calling"\n'
                    f'means = "our calling"\n{context}\n[[award]]\nid = "calling"\nenabled = true\n', encoding="utf-8")
    rules = mjscore.load_ruleset_file(club)
    base = {"seat": "S", "concealed": SHEUNGS, "win_tile": "8s", "win": "self_draw", "ready_declared": True}
    assert _refusal({**base, **record}, rules) == f"ready_declared: Calling is our calling, but {problem}"
    assert _score({**base, **record, "ready_declared": False}, rules).total > 0
