"""Hand analysis (mjscore.analysis): shanten, useful tiles and the discard table, against references
that know nothing of how the analysis counts.

- The regular shape on small hands, against the exhaustive reference: every complete hand of the
  size, and the fewest of its tiles the held tiles lack (a kind never more than four times).
- Every shape of every ruleset near a win, against the engine's own waits: a held hand is ready when
  :func:`mjscore.waits` finds a wait, one from ready when some draw and discard leave it ready, and
  its useful tiles are exactly the draws that do.
- The discard table: one row per kind held, each the analysis of what that discard leaves, in the
  documented order, with each wait's score the score :func:`mjscore.score` gives the win.
"""

from __future__ import annotations

import importlib.util
import itertools
import random
import sys
from dataclasses import replace
from functools import cache
from pathlib import Path
from types import ModuleType

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import mjscore
from mjscore.analysis import DISTANCES, DISTANCES_AFTER_DRAW, analyse_hand, discard_order, held_hand
from mjscore.arrangements import SHAPES, waits
from mjscore.hand import Hand, Meld, MeldKind, WinKind
from mjscore.sampling import random_winning_hand
from mjscore.tiles import HAND_TILES, KINDS, ORPHANS, Tile, counts_of, next_seat, parse_tiles


def _load(name: str) -> ModuleType:
    folder = Path(__file__).resolve().parents[1] / "tools"
    sys.path.insert(0, str(folder))
    spec = importlib.util.spec_from_file_location(name, folder / f"{name}.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


shanten_oracle = _load("mcr_shanten_oracle")
MCR = mjscore.get_ruleset("mcr")
LRC = mjscore.get_ruleset("lrc")
T = parse_tiles


def test_every_shape_has_a_distance() -> None:
    assert set(DISTANCES) == set(SHAPES)


@pytest.mark.parametrize(("name", "sets"), [("regular", 5), ("regular", 4), ("knitted_straight", 4),
                                            ("seven_pairs_and_pung", 5)])
def test_the_distances_after_each_draw_are_the_distances_of_each_hand_drawn(name: str, sets: int) -> None:
    """A shape's distances after each of the 34 draws, found at once, are its distance of each
    hand with that tile drawn, one at a time (a kind held four times drawn a fifth time too)."""
    assert set(DISTANCES_AFTER_DRAW) <= set(DISTANCES)
    rng = random.Random(31)
    size = 3 * sets + 1
    for _ in range(150):
        counts = [0] * KINDS
        kinds = rng.sample(range(KINDS), rng.choice((5, 9, 16)))  # dense hands hold many pairs and pungs
        while sum(counts) < size:
            index = rng.choice(kinds)
            counts[index] += counts[index] < 4
        after = DISTANCES_AFTER_DRAW[name](tuple(counts), sets)
        for index in range(KINDS):
            drawn = list(counts)
            drawn[index] += 1
            assert after[index] == DISTANCES[name](tuple(drawn), 0, sets, 99), (name, counts, index)


# ---------------------------------------------------------------------------------------------
# The regular shape against every complete hand

#: Small hands of characters, beside three or two declared dragon pungs (MCR: one or two sets and
#: a pair to make). The complete hands are drawn from the characters, 5p and East, so a set or the
#: pair can also be made of tiles not held at all.
UNIVERSE = tuple(range(9)) + (13, 27)
DRAGON_PUNGS = tuple(Meld(MeldKind.PUNG, (HAND_TILES[i],) * 3) for i in (31, 32, 33))


@cache
def complete_hands(size: int) -> tuple[tuple[int, ...], ...]:
    found = []
    for combo in itertools.combinations_with_replacement(UNIVERSE, size):
        counts = tuple(counts_of(HAND_TILES[i] for i in combo))
        if max(counts) <= 4 and SHAPES["regular"](counts, 0):
            found.append(counts)
    return tuple(found)


def reference_distance(counts: list[int], size: int) -> int:
    return min(sum(max(0, w[i] - counts[i]) for i in UNIVERSE) for w in complete_hands(size))


@settings(max_examples=150, deadline=None)
@given(st.integers(1, 2), st.booleans(), st.lists(st.integers(0, 8), min_size=8, max_size=8), st.randoms(use_true_random=False))
def test_regular_shanten_and_useful_tiles_match_the_exhaustive_reference(
        sets: int, drawn: bool, pool: list[int], rng: random.Random) -> None:
    size = 3 * sets + 1 + drawn
    tiles = (pool * 2)[:size] if rng.random() < 0.5 else [rng.randrange(9) for _ in range(size)]
    counts = counts_of(HAND_TILES[i] for i in tiles)
    if max(counts) > 4:
        return
    hand = held_hand(tuple(HAND_TILES[i] for i in tiles), DRAGON_PUNGS[: 4 - sets])
    found = analyse_hand(hand, ("regular",), 13)
    complete = 3 * sets + 2
    distance = reference_distance(counts, complete)
    assert found.shanten == distance - 1
    if not drawn:
        useful = [t for t in UNIVERSE if counts[t] < 4
                  and reference_distance([c + (i == t) for i, c in enumerate(counts)], complete) < distance]
        assert [u.tile.index for u in found.useful if u.tile.index in UNIVERSE] == useful


def test_a_wait_on_a_fifth_copy_is_not_ready() -> None:
    """1111m with three declared pungs "waits" on 1m only: the player holds all four, so the hand is
    one from ready, and a useful tile is any other that leaves a single wait (not 5p, whose other
    three the player has declared)."""
    melds = (Meld(MeldKind.PUNG, T("555p")), Meld(MeldKind.PUNG, T("666p")), Meld(MeldKind.PUNG, T("777p")))
    found = analyse_hand(held_hand(T("1111m"), melds), MCR.shapes, 13)
    assert found.shanten == 1
    useful = {u.tile.code for u in found.useful}
    assert "1m" not in useful and "5p" not in useful and {"2m", "9m", "1p", "4p", "8p", "E", "C"} <= useful


# ---------------------------------------------------------------------------------------------
# Every shape near a win, against the engine's waits


def reference(hand: Hand, shapes: tuple[str, ...]) -> tuple[int, set[Tile]]:
    """(0, waits) when ready; (1, the draws after which some discard leaves it ready); else (2, {})."""
    ready = waits(hand, shapes)
    if ready:
        return 0, set(ready)
    own = counts_of(hand.concealed + tuple(t for m in hand.melds for t in m.tiles))
    useful = set()
    for tile in HAND_TILES:
        if own[tile.index] >= 4:
            continue
        tiles = list(hand.concealed) + [tile]
        for out in sorted(set(tiles) - {tile}):
            left = list(tiles)
            left.remove(out)
            if waits(replace(hand, concealed=tuple(left)), shapes):
                useful.add(tile)
                break
    return (1, useful) if useful else (2, set())


def _complete_irregular(rng: random.Random, shape: str) -> list[Tile]:
    """A complete 17-tile hand of one of the 16-tile rulesets' irregular shapes."""
    kinds = list(range(KINDS))
    rng.shuffle(kinds)
    if shape == "seven_pairs_and_pung":
        return [HAND_TILES[kinds[0]]] * 3 + [HAND_TILES[k] for k in kinds[1:8] for _ in range(2)]
    if shape == "sixteen_orphans":
        spread = [(a, b, c) for a in range(9) for b in range(a + 3, 9) for c in range(b + 3, 9)]
        tiles = [HAND_TILES[i] for i in range(27, 34)]
        tiles += [HAND_TILES[suit + r] for suit in (0, 9, 18) for r in rng.choice(spread)]
        return tiles + [rng.choice(tiles)]
    orphans = list(ORPHANS) + [rng.choice(ORPHANS)]
    while True:
        start = rng.randrange(KINDS)
        group = [start] * 3 if rng.random() < 0.5 or start >= 27 or start % 9 > 6 else [start, start + 1, start + 2]
        tiles = orphans + [HAND_TILES[i] for i in group]
        if max(counts_of(tiles)) <= 4:
            return tiles


def _near(rng: random.Random, concealed: list[Tile], melds: tuple[Meld, ...], swaps: int) -> list[Tile]:
    own = counts_of(concealed + [t for m in melds for t in m.tiles])
    for _ in range(swaps):
        out = concealed.pop(rng.randrange(len(concealed)))
        own[out.index] -= 1
        tile = rng.choice([t for t in HAND_TILES if own[t.index] < 4])
        concealed.append(tile)
        own[tile.index] += 1
    return concealed


def near_win_hands(rules: mjscore.Ruleset, seed: int, count: int) -> list[Hand]:
    """Held hands of ``rules`` one tile short of a win of each of its shapes, with up to one swap."""
    rng = random.Random(seed)
    found = []
    irregular = [s for s in rules.shapes if s != "regular"]
    for number in range(count):
        swaps = rng.choice((0, 1, 1))
        if rules.hand_size == 13:
            win = shanten_oracle.mcr_oracle.random_hand(rng)
            if win is None:
                continue
            concealed, melds = list(win.concealed), win.melds
        elif irregular and number % 2:
            tiles = _complete_irregular(rng, irregular[number // 2 % len(irregular)])
            tiles.pop(rng.randrange(len(tiles)))
            concealed, melds = tiles, ()
        else:
            win = random_winning_hand(rng, rules.hand_size, rules.id)
            concealed, melds = list(win.concealed), win.melds
        found.append(held_hand(tuple(_near(rng, concealed, melds, swaps)), melds))
    return found


@pytest.mark.parametrize("ruleset", ["lrc", "hefen", "fourwinds", "mcr"])
def test_ready_and_one_from_ready_match_the_engine_waits(ruleset: str) -> None:
    rules = mjscore.get_ruleset(ruleset)
    levels = []
    for hand in near_win_hands(rules, seed=14, count=80):
        found = analyse_hand(hand, rules.shapes, rules.hand_size)
        level, useful = reference(hand, rules.shapes)
        levels.append(level)
        shown = f"{mjscore.format_tiles(hand.concealed)} {[m.notation() for m in hand.melds]}"
        assert min(found.shanten, 2) == level, shown
        if level < 2:
            assert {u.tile for u in found.useful} == useful, shown
        if level == 0:
            assert [w.tile for w in found.waits] == sorted(useful)
    assert 0 in levels and 1 in levels


# ---------------------------------------------------------------------------------------------
# The discard table


def drawn_hands(rules: mjscore.Ruleset, seed: int, count: int) -> list[tuple[Hand, tuple[Tile, ...]]]:
    """Hands after a draw: a held hand near a win and a drawn tile, with a few tiles seen."""
    rng = random.Random(seed)
    found = []
    for hand in near_win_hands(rules, seed, count):
        own = counts_of(hand.concealed + tuple(t for m in hand.melds for t in m.tiles))
        drawn = rng.choice([t for t in HAND_TILES if own[t.index] < 4])
        own[drawn.index] += 1
        wall = [t for t in HAND_TILES for _ in range(4 - own[t.index])]
        found.append((replace(hand, concealed=hand.concealed + (drawn,)), tuple(rng.sample(wall, rng.randrange(12)))))
    return found


@pytest.mark.parametrize("ruleset", ["lrc", "mcr"])
def test_each_row_of_the_discard_table_is_the_hand_that_discard_leaves(ruleset: str) -> None:
    rules = mjscore.get_ruleset(ruleset)
    scored_waits = 0
    for hand, visible in drawn_hands(rules, seed=3, count=20):
        found = mjscore.analyse(hand, rules, visible)
        assert found.drawn
        assert list(found.discards) == sorted(found.discards, key=discard_order)
        assert sorted(row.tile for row in found.discards) == sorted(set(hand.concealed))
        best = found.discards[0]
        complete = any(row.tile in [w.tile for w in row.waits] for row in found.discards)
        assert found.shanten == (-1 if complete else best.shanten)
        assert (found.useful, found.waits) == (best.useful, best.waits)
        for row in found.discards:
            left = list(hand.concealed)
            left.remove(row.tile)
            alone = mjscore.analyse(replace(hand, concealed=tuple(left)), rules, visible + (row.tile,))
            assert (alone.shanten, alone.useful, alone.waits) == (row.shanten, row.useful, row.waits)
            for wait in row.waits:
                won = replace(hand, concealed=tuple(left), win_tile=wait.tile, win=WinKind.DISCARD,
                              discarder=next_seat(hand.seat, -1))
                result = mjscore.score(won, rules)
                assert wait.discard is not None and wait.discard.total == result.total
                assert wait.discard.legal == result.is_legal
                scored_waits += 1
    assert scored_waits > 10


def test_the_order_is_shanten_then_unseen_useful_tiles_then_expected_score() -> None:
    """123m 456m 789m 123p 456p 7p 9s (LRC, 17 tiles): discarding 9s waits on 1p 4p 7p (3 each
    unseen: 9); discarding 1p, 4p or 7p waits on 9s alone (3 unseen), so those come next, the one
    whose win scores most first; every other discard leaves the hand one from ready."""
    hand = held_hand(T("123m 456m 789m 123p 456p 7p 9s"))
    found = mjscore.analyse(hand, LRC)
    rows = found.discards
    assert found.shanten == 0
    assert rows[0].tile.code == "9s" and [w.tile.code for w in rows[0].waits] == ["1p", "4p", "7p"]
    assert rows[0].unseen == 9
    assert {r.tile.code for r in rows[1:4]} == {"1p", "4p", "7p"}
    assert all([w.tile.code for w in r.waits] == ["9s"] for r in rows[1:4])
    assert [r.expected_score for r in rows[1:4]] == sorted((r.expected_score for r in rows[1:4]), reverse=True)
    assert all(r.shanten == 1 and not r.waits for r in rows[4:])


def test_visible_tiles_lower_the_unseen_counts() -> None:
    """Thirteen orphans ready on all thirteen (MCR): 3 of each unseen; seeing two 9s leaves one."""
    hand = held_hand(T("19m19p19s ESWNPFC"))
    assert {(w.tile.code, w.unseen) for w in mjscore.analyse(hand, MCR).waits} == {(t.code, 3) for t in ORPHANS}
    seen = {w.tile.code: w.unseen for w in mjscore.analyse(hand, MCR, T("9s 9s")).waits}
    assert seen["9s"] == 1 and seen["1s"] == 3


def test_honours_and_knitted_tiles_wait_on_the_missing_honours() -> None:
    """147m 258p 369s ESWN: 13 different tiles of one knitted straight and the honours; any of the
    three dragons makes Lesser Honours and Knitted Tiles (MCR 12)."""
    found = mjscore.analyse(held_hand(T("147m 258p 369s ESWN")), MCR)
    assert found.shanten == 0
    assert [w.tile.code for w in found.waits] == ["P", "F", "C"]
    assert all(w.self_draw is not None and w.self_draw.legal for w in found.waits)


@pytest.mark.parametrize(("tiles", "visible", "message"), [
    ("123m 456m 789m 123p", "", "12 tiles held (12 concealed + 0 melds x 3): analyse a hand of 13 tiles, or 14 after a draw"),
    ("123m 456m 789m 123p 5s", "5s 5s 5s 5s",
     "visible: 5 copies of 5s in sight (1 the player's own): there are only 4 of each tile"),
    ("123m 456m 789m 123p 5s", "3f", "visible: 3f is a bonus tile; bonus tiles are not counted"),
])
def test_bad_input_is_refused_in_one_line(tiles: str, visible: str, message: str) -> None:
    with pytest.raises(mjscore.HandError) as refused:
        mjscore.analyse(held_hand(T(tiles)), MCR, T(visible))
    assert str(refused.value) == message



ORPHAN_KINDS = tuple(t.index for t in ORPHANS)
ANY_SET = tuple((i, i, i) for i in range(KINDS)) + tuple(
    (i, i + 1, i + 2) for i in range(27) if i % 9 <= 6)


def _orphans_and_set_reference(counts: list[int]) -> int:
    """The fewest tiles to draw to some complete LRC 13 Orphans hand: one of each orphan, one of them
    again (the eyes) and any pung or chow, tried exhaustively."""
    best = 99
    for eyes in ORPHAN_KINDS:
        for tiles in ANY_SET:
            target = [0] * KINDS
            for index in (*ORPHAN_KINDS, eyes, *tiles):
                target[index] += 1
            best = min(best, sum(max(0, target[i] - counts[i]) for i in range(KINDS)))
    return best


def test_the_13_orphans_and_a_set_distance_matches_the_exhaustive_reference() -> None:
    """The distance the discard table reads for every draw (written for speed: the middle-tile sets
    are counted without trying each) is the fewest draws to a complete hand of that shape."""
    rng = random.Random(29)
    for _ in range(300):
        counts = [0] * KINDS
        while sum(counts) < 17:
            index = rng.randrange(KINDS) if rng.random() < 0.4 else rng.choice(ORPHAN_KINDS)
            counts[index] += counts[index] < 4
        found = DISTANCES["thirteen_orphans_and_set"](tuple(counts), 0, 5, 99)
        assert found == _orphans_and_set_reference(counts), counts


def test_the_block_tables_kept_are_bounded_and_forgetting_them_changes_no_answer(monkeypatch: pytest.MonkeyPatch) -> None:
    """A process analysing for days keeps at most MOST_BLOCK_TABLES block tables; past that it
    forgets them, and the tables made again give the same analyses."""
    import mjscore.analysis as analysis

    rules = mjscore.get_ruleset("lrc")
    rng = random.Random(41)
    hands = [random_winning_hand(rng, one_suit_chance=0.5) for _ in range(12)]
    before = [analyse_hand(hand, rules.shapes, rules.hand_size).to_dict() for hand in hands]
    monkeypatch.setattr(analysis._BLOCK_TABLES, "most", 40)
    analysis._BLOCK_TABLES.clear()
    after = []
    for hand in hands:
        after.append(analyse_hand(hand, rules.shapes, rules.hand_size).to_dict())
        assert len(analysis._BLOCK_TABLES) <= 40
    assert after == before
    analysis._BLOCK_TABLES.clear()


def test_kept_tables_are_forgotten_a_table_at_a_time() -> None:
    """The kept tables never hold more than their bound, the older generation is empty whenever the
    recent one takes its place (no dictionary of tables is freed at once: that held up one hand of
    5,000 for 16 ms), and a table still kept is found, in either generation."""
    from mjscore.analysis import _KeptTables

    kept = _KeptTables(50)
    rng = random.Random(3)
    tables = {key: (key, key + 1) for key in range(400)}
    for _ in range(5000):
        key = rng.randrange(400) if rng.random() < 0.7 else rng.randrange(60)  # some keys met often
        found = kept.get(key)
        if found is None:
            recent = kept.recent
            if len(recent) == 50:
                assert not kept.older  # the generation about to be replaced is forgotten already
            kept.put(key, tables[key])
            if kept.recent is not recent:  # a new recent generation began
                assert kept.older is recent and len(kept.older) == 49  # the old one: full, less one forgotten
        else:
            assert found == tables[key]
        assert len(kept) <= 50
        assert kept.get(key) == tables[key]  # the table just asked for is kept, in the recent generation
        assert key in kept.recent
