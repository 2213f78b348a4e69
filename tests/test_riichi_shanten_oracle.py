"""mjscore's riichi hand analysis against the riichi ``mahjong`` package's ``Shanten`` on seeded random
hands (tools/riichi_shanten_oracle.py holds the generator and the comparison; it also runs a large run).

Every hand, held (13 tiles: shanten and useful tiles) and after a draw (14 tiles: shanten and the shanten
each discard leaves), must agree, or differ only for a reason listed in ``EXCEPTIONS`` (each explained in
docs/analysis.md, "Riichi: where mjscore and the mahjong package differ"). About 15 seconds.
"""

from __future__ import annotations

from collections import Counter

import pytest
from tool_modules import load_tool

from mjscore.analysis import held_hand
from mjscore.hand import Meld, MeldKind
from mjscore.tiles import Tile, parse_tiles

oracle = load_tool("riichi_shanten_oracle")
HANDS = 5_000


def test_random_hands_agree_with_the_mahjong_package() -> None:
    reasons: Counter[str] = Counter()
    levels: Counter[int] = Counter()
    problems = []
    for hand, drawn in oracle.hands(seed=43, count=HANDS):
        for outcome in (oracle.compare_held(hand), oracle.compare_drawn(hand, drawn)):
            reasons[outcome.reason] += 1
            if not outcome.agrees:
                problems.append(oracle.describe(outcome))
        levels[oracle.their_shanten(hand)] += 1
    assert not problems, "\n".join(problems[:10])
    assert reasons[""] > 0.9 * 2 * HANDS
    assert set(reasons) <= {"", *oracle.EXCEPTIONS}
    assert {0, 1, 2, 3, 4, 5} <= set(levels), "the generator must reach ready and far hands"


def _meld(kind: MeldKind, tiles: str, concealed: bool = False) -> Meld:
    return Meld(kind, parse_tiles(tiles), concealed=concealed)


def test_seven_pairs_and_thirteen_orphans_count_only_for_a_closed_hand() -> None:
    # 11223344556677p: seven distinct pairs less one tile; beside a set, only the regular shape counts
    pairs = held_hand(parse_tiles("1122334455667p"))
    assert oracle.compare_held(pairs).ours[0] == oracle.their_shanten(pairs) == 0
    orphans = held_hand(parse_tiles("19m 19p 19s ESWNPF C"))
    assert oracle.compare_held(orphans).ours == (0, frozenset(parse_tiles("19m 19p 19s ESWNPFC")))
    open_pairs = held_hand(parse_tiles("1122334455p"), (_meld(MeldKind.PUNG, "EEE"),))
    assert oracle.compare_held(open_pairs).reason == ""


@pytest.mark.parametrize(("concealed", "melds", "drawn", "reason"), [
    # discarding W leaves a single wait on 9m, all four of which are the player's (999m and the 9m drawn)
    ("W", [(MeldKind.CHOW, "123m"), (MeldKind.PUNG, "777m"), (MeldKind.PUNG, "999m"), (MeldKind.PUNG, "888m")],
     "9m", oracle.EXCEPTIONS[0]),
    # held: 1111m beside three pungs; both say one from ready (the package too sees no fifth 1m), but the
    # package counts 5p, 6p, 7p useful: 5p leaves 111m 5p, waiting on a 5p the player holds all four of
    ("1111m", [(MeldKind.PUNG, "555p"), (MeldKind.PUNG, "666p"), (MeldKind.PUNG, "777p")], None, oracle.EXCEPTIONS[2]),
    # 4s lowers the package's count, and all four are in the player's closed kan
    ("1122337777s", [(MeldKind.KONG, "4444s")], None, oracle.EXCEPTIONS[1]),
    # 3m or 9m makes a pair beside 13s, whose only wait, 2s, is the player's kan
    ("39m 13s", [(MeldKind.PUNG, "777m"), (MeldKind.KONG, "6666p"), (MeldKind.KONG, "2222s")], None, oracle.EXCEPTIONS[2]),
])
def test_each_exception_is_recognised_on_a_hand_that_shows_it(concealed: str, melds: list[tuple[MeldKind, str]],
                                                              drawn: str | None, reason: str) -> None:
    hand = held_hand(parse_tiles(concealed), tuple(_meld(k, t, concealed=k is MeldKind.KONG) for k, t in melds))
    outcome = oracle.compare_drawn(hand, Tile.parse(drawn)) if drawn else oracle.compare_held(hand)
    assert outcome.reason == reason


def test_a_real_difference_is_reported_as_a_disagreement(monkeypatch: pytest.MonkeyPatch) -> None:
    hand = held_hand(parse_tiles("123m 456p 789s 23s 55m"))
    assert oracle.compare_held(hand).reason == ""
    monkeypatch.setattr(oracle, "their_shanten", lambda hand, extra=None: 2)
    assert oracle.compare_held(hand).reason == "disagreement"
    assert oracle.compare_drawn(hand, Tile.parse("5m")).reason == "disagreement"
