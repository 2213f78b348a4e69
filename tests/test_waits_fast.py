"""The wait and arrangement searches' shortcuts against plain references written here.

``waits()`` finds the regular waits one suit at a time and each irregular shape's from the few
candidates its :meth:`Shape.candidates` names; the reference tries every one of the 34 kinds
with every allowed shape function, no shortcut. The two must agree on every held hand: random held
hands of each ruleset, and hands one tile from each irregular shape (or two tiles, or one tile
wrong), with declared melds and without.

The regular shape tries only the pairs of the one block that can hold them, from cached per-block
divisions; its groupings, and the arrangements built from every shape's, must be the plain
search's, in the same order (the first of equal arrangements wins, ruling 1).
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import replace

import pytest

import mjscore
from mjscore import Hand, WinKind
from mjscore.arrangements import (
    _RAW_KINDS,
    KNITTED_STRAIGHTS,
    SHAPES,
    Arrangement,
    Group,
    GroupKind,
    Shape,
    WinRole,
    arrangements,
    concealed_counts,
    waits,
)
from mjscore.hand import Meld, MeldKind
from mjscore.sampling import random_winning_hand
from mjscore.tiles import HAND_TILES, KINDS, ORPHANS, Tile

ORPHAN_KINDS = [t.index for t in ORPHANS]
HONOURS = list(range(27, 34))


def reference_waits(hand: Hand, shapes: tuple[str, ...]) -> tuple[Tile, ...]:
    """Every kind, in order, that some allowed shape function groups with the held tiles, less the
    kinds held four times (ruling 4)."""
    counts = concealed_counts(hand, with_win_tile=False)
    held = [n + sum(1 for m in hand.melds for t in m.tiles if t.index == i) for i, n in enumerate(counts)]
    found = []
    for index in range(KINDS):
        counts[index] += 1
        if held[index] < 4 and any(SHAPES[name](tuple(counts), len(hand.melds)) for name in shapes):
            found.append(HAND_TILES[index])
        counts[index] -= 1
    return tuple(found)


def rulesets_of_size(size: int) -> list[tuple[str, tuple[str, ...]]]:
    """(name, every shape its hands may take) of each ruleset whose hands hold ``size`` tiles;
    the optional shapes are included so that every registered shape is exercised."""
    found = []
    for name in mjscore.rulesets():
        rules = mjscore.get_ruleset(name)
        if rules.hand_size == size:
            found.append((name, tuple(dict.fromkeys(rules.played_shapes + rules.optional_shapes))))
    return found


def possible(tiles: list[int], melds: tuple[Meld, ...] = ()) -> bool:
    """No kind more than four times among the concealed tiles and the melds."""
    every = tiles + [t.index for m in melds for t in m.tiles]
    return all(every.count(i) <= 4 for i in set(every))


def held(tiles: list[int], melds: tuple[Meld, ...] = ()) -> Hand:
    return Hand(concealed=tuple(HAND_TILES[i] for i in sorted(tiles)), melds=melds, win=WinKind.SELF_DRAW)


def perturbed(rng: random.Random, tiles: list[int], melds: tuple[Meld, ...] = ()) -> Iterator[Hand]:
    """The held tiles given, and three times the same with one tile swapped for a random one."""
    yield held(tiles, melds)
    for _ in range(3):
        swapped = list(tiles)
        swapped[rng.randrange(len(swapped))] = rng.randrange(KINDS)
        if possible(swapped, melds):
            yield held(swapped, melds)


def less_one(rng: random.Random, complete: list[int]) -> list[int]:
    """A complete set of tiles less one at random: the tiles held before the win."""
    tiles = list(complete)
    del tiles[rng.randrange(len(tiles))]
    return tiles


def pairs(rng: random.Random, count: int, kinds: list[int], four_of_a_kind: bool) -> list[int]:
    chosen = rng.sample(kinds, count - 1 if four_of_a_kind else count)
    tiles = [i for i in chosen for _ in range(2)]
    return tiles + tiles[:2] if four_of_a_kind else tiles


def random_set(rng: random.Random, tiles: list[int]) -> list[int]:
    """A pung or chow that keeps every kind at most four times in ``tiles`` and itself."""
    while True:
        start = rng.randrange(KINDS)
        found = [start] * 3 if rng.random() < 0.4 or start >= 27 or start % 9 > 6 else [start, start + 1, start + 2]
        if all(tiles.count(i) + found.count(i) <= 4 for i in found):
            return found


def near_irregular_hands(rng: random.Random, size: int) -> Iterator[Hand]:
    """Held hands at or near each irregular shape of a ``size``-tile ruleset."""
    everything = list(range(KINDS))
    if size == 13:
        for four in (False, True):
            yield from perturbed(rng, less_one(rng, pairs(rng, 7, everything, four)))  # seven pairs
            start = rng.randrange(3) * 9 + rng.randrange(3)
            shifted = [i for i in range(start, start + 7) for _ in range(2)]
            yield from perturbed(rng, less_one(rng, shifted))  # seven shifted pairs
        yield from perturbed(rng, less_one(rng, ORPHAN_KINDS + [rng.choice(ORPHAN_KINDS)]))  # 13 orphans
        yield held(ORPHAN_KINDS)  # all thirteen held once: a thirteen-sided wait
        straight = [i for part in rng.choice(KNITTED_STRAIGHTS) for i in part]
        rng.shuffle(straight)
        for missing in (0, 1, 2):
            # The knitted straight lacking ``missing`` tiles, then a pair and a set (or a declared
            # chow), less one tile when none is missing, with one tile more when two are.
            knitted = straight[missing:]
            pair = [rng.randrange(KINDS)] * 2
            chow = rng.randrange(3) * 9 + rng.randrange(7)
            melds = (Meld(MeldKind.CHOW, tuple(HAND_TILES[i] for i in (chow, chow + 1, chow + 2))),)
            for rest, declared in ((pair + random_set(rng, knitted + pair), ()), (pair, melds)):
                tiles = knitted + (less_one(rng, rest) if missing == 0 else rest)
                tiles += [rng.randrange(KINDS)] * (missing == 2)
                if possible(tiles, declared):
                    yield from perturbed(rng, tiles, declared)
        for honours in (5, 6, 7):  # lesser and greater honours and knitted tiles
            yield from perturbed(rng, less_one(rng, rng.sample(straight, 14 - honours) + rng.sample(HONOURS, honours)))
    else:
        for four in (False, True):
            nico = pairs(rng, 8, everything, four)
            yield from perturbed(rng, less_one(rng, nico + nico[2:3]))  # seven pairs and a pung
        orphans = ORPHAN_KINDS + [rng.choice(ORPHAN_KINDS)]
        yield from perturbed(rng, less_one(rng, orphans + random_set(rng, orphans)))  # 13 orphans and a set
        yield held(ORPHAN_KINDS + random_set(rng, ORPHAN_KINDS))  # all thirteen and a set held
        ranks = rng.sample([(0, 3, 6), (0, 4, 8), (1, 4, 7), (2, 5, 8), (1, 5, 8), (0, 3, 8)], 3)
        sixteen = HONOURS + [suit * 9 + rank for suit, three in enumerate(ranks) for rank in three]
        yield from perturbed(rng, less_one(rng, sixteen + [rng.choice(sixteen)]))  # 16 orphans
        yield held(sixteen)  # sixteen held once: any of them pairs


def random_held_hands(rng: random.Random, name: str, size: int) -> Iterator[Hand]:
    """A winning hand of the ruleset less its winning tile, the same with one tile changed, and a
    random jumble of tiles."""
    hand = random_winning_hand(rng, hand_size=size, ruleset=name, one_suit_chance=0.4)
    yield replace(hand, win_tile=None)
    tiles = [t.index for t in hand.concealed]
    tiles[rng.randrange(len(tiles))] = rng.randrange(KINDS)
    if possible(tiles, hand.melds):
        yield replace(hand, win_tile=None, concealed=tuple(HAND_TILES[i] for i in sorted(tiles)))
    pool = [i for i in range(KINDS) for _ in range(4)]
    yield held(rng.sample(pool, size))
    orphans = [i for i in ORPHAN_KINDS + HONOURS for _ in range(2)]  # a jumble of orphans and honours
    yield held(rng.sample(orphans, min(size, len(orphans))))


def test_every_registered_irregular_shape_names_its_candidates() -> None:
    # The regular shape has its own search; a new shape without candidates would still be found
    # (by trying all 34 kinds), but every shape the rulesets ship has them.
    own = {name for name, shape in SHAPES.items() if type(shape).candidates is not Shape.candidates}
    assert set(SHAPES) - own == {"regular"}
    assert type(SHAPES["regular"]).completing is not Shape.completing


@pytest.mark.parametrize("size", [13, 16])
def test_waits_near_the_irregular_shapes_agree_with_the_definition(size: int) -> None:
    rulesets = rulesets_of_size(size)
    assert rulesets
    rng = random.Random(size)
    hands = waited = 0
    for _ in range(60):
        for hand in near_irregular_hands(rng, size):
            waits_somewhere = False
            for _, shapes in rulesets:
                expected = reference_waits(hand, shapes)
                assert waits(hand, shapes) == expected, (hand.to_dict(), shapes)
                waits_somewhere = waits_somewhere or bool(expected)
            hands += 1
            waited += waits_somewhere
    # Many of these hands wait under some ruleset (a hand near MCR's knitted shapes waits on nothing
    # under riichi's, so each hand counts once): the comparison is not all empty.
    assert waited > hands // 4


@pytest.mark.parametrize("size", [13, 16])
def test_waits_of_random_held_hands_agree_with_the_definition(size: int) -> None:
    rng = random.Random(100 + size)
    for name, shapes in rulesets_of_size(size):
        for _ in range(300):
            for hand in random_held_hands(rng, name, size):
                assert waits(hand, shapes) == reference_waits(hand, shapes), (name, hand.to_dict())


def test_the_waits_of_a_few_hands_worked_out_by_hand() -> None:
    mcr = mjscore.get_ruleset("mcr").played_shapes

    def codes(hand: Hand) -> str:
        return " ".join(t.code for t in waits(hand, mcr))

    # 1m9m1p9p1s9s ESWNPFC: the thirteen-sided wait of Thirteen Orphans, in tile order (the 1z-7z
    # order puts the dragons white, green, red).
    assert codes(held(ORPHAN_KINDS)) == "1m 9m 1p 9p 1s 9s E S W N P F C"
    # 147m 258p 36s + 567s EE: the knitted straight lacks only 9s.
    assert codes(Hand.from_dict({"concealed": "147m258p36s567sEE", "win": "self_draw"})) == "9s"
    # 1122m 3344p 55s 777s: seven pairs waits on 7s (four 7s are two pairs), though three are held.
    assert codes(Hand.from_dict({"concealed": "1122m3344p55s777s", "win": "self_draw"})) == "7s"


#: A group of the plain search: its kind and tile indices (the shapes' raw groups name the kind by a
#: code of ``_RAW_KINDS``; ``plain_arrangements`` reads them as these).
PlainGroup = tuple[GroupKind, tuple[int, ...]]
PlainGrouping = tuple[PlainGroup, ...]


def plain_divisions(counts: list[int]) -> list[PlainGrouping]:
    """Every division of ``counts`` into sets, deciding the lowest kind first: its pung, then its chow."""
    first = next((i for i in range(KINDS) if counts[i]), None)
    if first is None:
        return [()]
    found: list[PlainGrouping] = []
    if counts[first] >= 3:
        rest = list(counts)
        rest[first] -= 3
        found += [((GroupKind.PUNG, (first,) * 3),) + tail for tail in plain_divisions(rest)]
    chow = (first, first + 1, first + 2)
    if first < 27 and first % 9 <= 6 and counts[first + 1] and counts[first + 2]:
        rest = [n - chow.count(i) for i, n in enumerate(counts)]
        found += [((GroupKind.CHOW, chow),) + tail for tail in plain_divisions(rest)]
    return found


def plain_regular(counts: list[int]) -> list[PlainGrouping]:
    """Sets and one pair: each pair in the kinds' order, then each division of the rest."""
    found: list[PlainGrouping] = []
    for pair in range(KINDS):
        if counts[pair] >= 2:
            rest = list(counts)
            rest[pair] -= 2
            found += [((GroupKind.PAIR, (pair, pair)),) + sets for sets in plain_divisions(rest)]
    return found


def plain_arrangements(hand: Hand, shapes: tuple[str, ...]) -> list[Arrangement]:
    """Each grouping of each shape (``plain_regular`` for the regular one), once for each different
    group the winning tile can be in; the claimed tile's group exposed (ruling 3)."""
    assert hand.win_tile is not None
    counts = concealed_counts(hand)
    win = hand.win_tile.index
    declared = tuple(Group({MeldKind.CHOW: GroupKind.CHOW, MeldKind.PUNG: GroupKind.PUNG}.get(m.kind, GroupKind.KONG),
                           tuple(sorted(m.tiles)), concealed=m.concealed, declared=True, added=m.added)
                     for m in hand.melds)
    found = []
    for name in shapes:
        every = plain_regular(counts) if name == "regular" else [
            tuple((_RAW_KINDS[code], indices) for code, indices in grouping)
            for grouping in SHAPES[name](tuple(counts), len(hand.melds))]
        for grouping in every:
            places = [p for p, group in enumerate(grouping) if win in group[1] and group not in grouping[:p]]
            for place in places:
                groups = tuple(Group(kind, tuple(HAND_TILES[i] for i in indices),
                                     concealed=not (hand.win.claimed and p == place))
                               for p, (kind, indices) in enumerate(grouping))
                found.append(Arrangement(name, declared + groups, len(declared) + place, role_of(grouping[place], win)))
    return found


def role_of(group: PlainGroup, win: int) -> WinRole:
    kind, indices = group
    if kind is GroupKind.CHOW:
        at, rank = indices.index(win), indices[0] % 9 + 1
        return (WinRole.CLOSED if at == 1 else WinRole.EDGE if (at, rank) in ((2, 1), (0, 7)) else WinRole.TWO_SIDED)
    return {GroupKind.PUNG: WinRole.PUNG, GroupKind.PAIR: WinRole.PAIR}.get(kind, WinRole.SINGLE)


def winning_hands(rng: random.Random, name: str, size: int) -> Iterator[Hand]:
    """Random winning hands of the ruleset (often one suit: many arrangements; self-drawn and
    claimed), and complete hands of the irregular shapes with each of their waits the winning tile."""
    for _ in range(400):
        yield random_winning_hand(rng, hand_size=size, ruleset=name, one_suit_chance=0.6)
    for near in near_irregular_hands(rng, size):
        for tile in waits(near, tuple(SHAPES)):
            yield replace(near, win_tile=tile, ruleset=name)


@pytest.mark.parametrize("size", [13, 16])
def test_arrangements_are_the_plain_search_s_in_its_order(size: int) -> None:
    rng = random.Random(7 + size)
    many = claimed = 0
    for name, shapes in rulesets_of_size(size):
        for hand in winning_hands(rng, name, size):
            found = arrangements(hand, shapes)
            assert found == plain_arrangements(hand, shapes), (name, hand.to_dict())
            many += len(found) > 1
            claimed += hand.win.claimed
    assert many and claimed  # hands with several arrangements (their order compared) and claimed tiles
