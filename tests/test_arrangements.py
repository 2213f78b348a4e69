"""Arrangements and waits (rulings 1 to 4), checked against a naive reference written here."""

from __future__ import annotations

import random
import subprocess
import sys
from collections import Counter
from dataclasses import replace

import pytest
from hypothesis import assume, example, given, settings
from hypothesis import strategies as st

import mjscore
from mjscore import Hand, WinRole
from mjscore.arrangements import (
    _KEPT_BLOCKS,
    MOST_KEPT_BLOCKS,
    Block,
    Tally,
    _size,
    _tally_tiles,
    arrangements,
    block,
    forget_blocks,
    tally_of,
)
from mjscore.sampling import random_winning_hand
from mjscore.tiles import HAND_TILES, ORPHANS, Tile, parse_tiles

LRC = mjscore.get_ruleset("lrc")


def naive_sets(counts: Counter[int]) -> bool:
    """True when ``counts`` split into pungs and chows: try every first set, no caching, no cleverness."""
    if not +counts:
        return True
    first = min(k for k, n in counts.items() if n)
    if counts[first] >= 3 and naive_sets(counts - Counter({first: 3})):
        return True
    chow = Counter({first: 1, first + 1: 1, first + 2: 1})
    numbered_run = first < 27 and first % 9 <= 6
    return numbered_run and all(counts[k] >= 1 for k in chow) and naive_sets(counts - chow)


def naive_complete(tiles: list[int], melds: int) -> bool:
    """The LRC shapes, written out plainly: sets + a pair; Nico Nico; 13 Orphans + a set; 16 Orphans."""
    counts = Counter(tiles)
    regular = any(n >= 2 and naive_sets(counts - Counter({k: 2})) for k, n in counts.items())
    if melds or len(tiles) != 17:
        return regular
    nico = sorted(n % 2 for n in counts.values()).count(1) == 1 and 3 in counts.values() and \
        all(n in (2, 3, 4) for n in counts.values()) and list(counts.values()).count(3) == 1
    orphans = [t.index for t in ORPHANS]
    thirteen = all(counts[k] for k in orphans) and any(
        counts[p] >= 2 and naive_sets(counts - Counter(orphans) - Counter({p: 1})) for p in orphans)
    honours_once = all(counts[k] in (1, 2) for k in range(27, 34))
    suits_ok = all(
        len(ranks := sorted(k % 9 for k in counts if k // 9 == s and k < 27)) == 3
        and ranks[1] - ranks[0] >= 3 and ranks[2] - ranks[1] >= 3 for s in range(3))
    sixteen = len(counts) == 16 and honours_once and suits_ok and max(counts.values()) == 2
    return regular or nico or thirteen or sixteen


def held_hand(rng: random.Random) -> Hand:
    """A random held hand: a winning hand's tiles before the win, or a random jumble of tiles."""
    hand = random_winning_hand(rng, one_suit_chance=0.5)
    if rng.random() < 0.3:
        pool = [t for t in HAND_TILES for _ in range(4)]
        rng.shuffle(pool)
        return Hand(concealed=tuple(pool[:16]), win=mjscore.WinKind.SELF_DRAW)
    return replace(hand, win_tile=None)


@settings(max_examples=300, deadline=None)
@given(st.integers(0, 2**32))
def test_every_waiting_tile_completes_the_hand_and_no_other_does(seed: int) -> None:
    hand = held_hand(random.Random(seed))
    waits = set(mjscore.waits(hand, LRC))
    held = Counter(t.index for t in hand.all_tiles)
    for tile in HAND_TILES:
        if held[tile.index] == 4:
            assert tile not in waits
            continue
        completes = naive_complete([t.index for t in hand.concealed] + [tile.index], len(hand.melds))
        assert (tile in waits) == completes, tile.code


def hand(concealed: str, win_tile: str, **context: object) -> Hand:
    return Hand.from_dict({"concealed": concealed, "win_tile": win_tile, "win": "self_draw", **context})


def test_every_arrangement_and_the_winning_tiles_role() -> None:
    # 1233m + 3m: the 3m closes the edge of 12 (eyes 33) or pairs the single 3 (chow 123).
    found = arrangements(hand("1233m 567p 789p 456s 111s", "3m"), LRC.shapes)
    assert sorted(a.win_role.value for a in found if a.win_role) == ["edge", "pair"]


def test_edge_closed_and_pair_roles() -> None:
    assert arrangements(hand("12m 456p 789p 111s 456s EE", "3m"), LRC.shapes)[0].win_role is WinRole.EDGE
    assert arrangements(hand("89m 456p 789p 111s 456s EE", "7m"), LRC.shapes)[0].win_role is WinRole.EDGE
    assert arrangements(hand("13m 456p 789p 111s 456s EE", "2m"), LRC.shapes)[0].win_role is WinRole.CLOSED
    assert arrangements(hand("123m 456p 789p 111s 456s E", "E"), LRC.shapes)[0].win_role is WinRole.PAIR


def test_the_best_arrangement_wins() -> None:
    # 111222333m reads as three pungs or as three identical chows. As pungs (with 777s) the hand earns
    # 3 Neighbour Pongs 15 and 4 Concealed Pongs 15; as chows only 3 Brother Sheungs 15 and one
    # concealed pong: the engine must take the pungs (ruling 1).
    result = mjscore.score(hand("111222333m 777s 456p 9p", "9p"))
    by_id = {a.id for a in result.awards}
    assert {"three_neighbour_pongs", "four_concealed_pongs"} <= by_id
    assert "three_brother_sheungs" not in by_id


def test_a_claimed_tile_leaves_its_set_exposed() -> None:
    self_drawn = arrangements(hand("111m 222p 333s 456s 789s 9p", "9p"), LRC.shapes)[0]
    assert all(g.concealed for g in self_drawn.groups)
    claimed = arrangements(Hand.from_dict({"concealed": "11m 222p 333s 456s 789s 99p", "win_tile": "1m",
                                           "win": "discard"}), LRC.shapes)
    pung = next(a for a in claimed if a.win_role is WinRole.PUNG)
    assert not pung.groups[pung.win_group or 0].concealed


def test_tiles_parse_to_the_same_hand_in_any_order() -> None:
    assert hand("EE 456s 111s 789p 456p 12m", "3m") == hand("12m 456p 789p 111s 456s EE", "3m")
    assert parse_tiles("EE") == (Tile.parse("E"), Tile.parse("E"))


def _tally_fields(tally: Tally) -> tuple[int, ...]:
    return (tally.total, tally.most, tally.odd, tally.mask, tally.honours, tally.key0, tally.key1, tally.key2,
            tally.key3)


@settings(max_examples=300, deadline=None)
@given(st.lists(st.sampled_from(HAND_TILES), max_size=17), st.sampled_from(HAND_TILES))
def test_a_tally_counts_what_it_is_given_and_grows_by_one_tile(tiles: list[Tile], extra: Tile) -> None:
    # The tally every shape reads: its fields written out here from the counts themselves.
    counts = [0] * len(HAND_TILES)
    for tile in tiles:
        counts[tile.index] += 1
    assume(max(counts) <= 4)  # a hand holds at most four of a kind (a block key keeps three bits a kind)
    tally = tally_of(counts)
    assert tally.counts() == counts
    assert [tally.count(i) for i in range(len(counts))] == counts
    assert tally.total == len(tiles)
    assert tally.most == max(counts)
    assert tally.odd == sum(1 for n in counts if n % 2)
    assert tally.mask == sum(1 << i for i, n in enumerate(counts) if n)
    assert tally.honours == sum(counts[27:])
    assert _tally_fields(_tally_tiles(tuple(tiles))) == _tally_fields(tally)
    if counts[extra.index] < 4:
        grown = list(counts)
        grown[extra.index] += 1
        assert _tally_fields(tally.plus(extra.index)) == _tally_fields(tally_of(grown))
        assert _tally_fields(_tally_tiles(tuple(tiles), extra)) == _tally_fields(tally_of(grown))


@settings(max_examples=400, deadline=None)
@given(st.integers(min_value=0, max_value=3), st.lists(st.integers(min_value=0, max_value=4), min_size=9, max_size=9))
@example(0, [3, 3, 3, 0, 0, 0, 0, 0, 0])  # 111222333: three pungs, or three chows
@example(1, [3, 1, 1, 0, 0, 0, 0, 0, 0])  # 11123: the pair and a chow
@example(2, [1, 1, 0, 0, 0, 0, 0, 0, 0])  # 12: two over three, but no pair
@example(3, [3, 1, 1, 0, 0, 0, 0, 0, 0])  # honours make no chow
@example(0, [0, 0, 0, 0, 0, 0, 1, 1, 1])  # 789: the last chow of a suit
def test_a_block_fits_when_it_has_the_divisions_a_regular_hand_needs(number: int, counts: list[int]) -> None:
    # Block.fits is found on the packed counts; the divisions are listed separately: they must agree.
    if number == 3:
        counts = counts[:7]
    key = sum(count << 3 * offset for offset, count in enumerate(counts))
    found = Block(number, key)
    size = sum(counts)
    assert found.size == size
    expected = bool(found.sets()) if size % 3 == 0 else bool(found.pairs()) if size % 3 == 2 else False
    assert found.fits == expected


def test_the_blocks_kept_are_bounded_and_forgetting_them_changes_no_answer() -> None:
    """A process meeting ever new block counts (millions of logged hands) keeps at most
    MOST_KEPT_BLOCKS of them; when full it forgets them, and the answers made again are the same."""
    hands = [random_winning_hand(random.Random(900 + n), hand_size=size, ruleset=ruleset)
             for n, (size, ruleset) in enumerate([(16, "lrc"), (13, "mcr")] * 20)]
    rules = {name: mjscore.get_ruleset(name) for name in ("lrc", "mcr")}
    before = [(mjscore.score(hand, rules[hand.ruleset]).total, len(arrangements(hand, rules[hand.ruleset].shapes)))
              for hand in hands]
    rng = random.Random(3)
    met = set()
    while len(met) <= MOST_KEPT_BLOCKS:  # more distinct counts than are kept: nine kinds of 0-4 copies
        counts = [rng.randrange(5) for _ in range(9)]
        met.add(sum(count << 3 * offset for offset, count in enumerate(counts)))
    for key in met:
        assert block(0, key).size == _size(key)
        assert len(_KEPT_BLOCKS) <= MOST_KEPT_BLOCKS
    after = [(mjscore.score(hand, rules[hand.ruleset]).total, len(arrangements(hand, rules[hand.ruleset].shapes)))
             for hand in hands]
    assert after == before
    forget_blocks()
    assert not _KEPT_BLOCKS
    assert [(mjscore.score(hand, rules[hand.ruleset]).total, len(arrangements(hand, rules[hand.ruleset].shapes)))
            for hand in hands] == before


#: Builds the kept blocks of three counts in every suit, collects six times (a full collection may
#: stop tracking only one level of nesting, and a block's pairs are six deep: the pairs, a pair with
#: its divisions, the divisions, a division, a set, its tiles) and prints how many of their divisions
#: the collector still tracks. With ``freeze``, as the command line runs: the collector off while the
#: modules are imported, what was imported frozen out of it (``mjscore.interfaces.cli.app``).
_TRACKED_DIVISIONS = """
import gc, sys
frozen = sys.argv[1] == "freeze"
if frozen:
    gc.disable()
from mjscore.arrangements import block
if frozen:
    gc.freeze()
    gc.enable()
kept = []
for counts in ([1, 1, 4, 2, 2, 2, 1, 1, 1], [3, 3, 3, 3, 2, 0, 0, 0, 0], [2, 2, 2, 2, 2, 2, 2, 2, 2]):
    for number in (0, 1, 2):
        found = block(number, sum(count << 3 * offset for offset, count in enumerate(counts)))
        kept += [divisions for divisions in (found.sets(), found.pairs()) if divisions]
for _ in range(6):
    gc.collect()
print(len(kept), sum(gc.is_tracked(division) for division in kept))
"""


@pytest.mark.parametrize("imported", ["collected", "freeze"])
def test_the_divisions_kept_are_left_alone_by_the_garbage_collector(imported: str) -> None:
    """The kept blocks hold their divisions into sets and pairs: after a long analysis, a hundred
    thousand tuples. They hold integers only, which Python's collector stops tracking; when a raw
    group held its GroupKind member, every collection of the oldest generation tracked them all
    (after 5,000 dense LRC discard tables: 122,000 tracked tuples, 28,000 now). Also in a process
    that froze what it imported (the command line): a division holding a pair made at import, frozen
    while still tracked, was tracked for ever."""
    done = subprocess.run([sys.executable, "-c", _TRACKED_DIVISIONS, imported], capture_output=True, text=True,
                          check=True)
    # 15 and 18 tiles divide into sets, 14 into the pair and sets: nine divisions, none tracked
    assert done.stdout.split() == ["9", "0"]
