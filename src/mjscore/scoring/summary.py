"""The integer summary a compiled evaluator computes for a hand and each of its arrangements.

:data:`SUMMARY` lists every value the fast forms' expressions (:mod:`mjscore.scoring.fast_forms`)
may read, with the typed statements that compute it and the values those statements need; the
evaluator generator (:mod:`mjscore.scoring.compiled`) emits only the values a ruleset's rows read,
once per hand or once per arrangement. Besides the summary, the generated code reads the constants
and helpers defined here by name (:data:`NAMES`): the generated source imports them from this
module, and the interpreted evaluator runs with them as its globals, so both read one definition.

The statements are typed so that mypy can check the generated module and mypyc compile it to
native integer code (``tools/generate_evaluators.py``).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final

from mjscore.arrangements import Arrangement, GroupKind, WinRole, pungs_a_held_pair
from mjscore.hand import Hand, MeldKind, WinKind
from mjscore.scoring import fast_forms
from mjscore.scoring.facts import Facts as Facts  # re-exported: the generated code reads it from here
from mjscore.scoring.patterns import Pattern
from mjscore.scoring.patterns_mcr import chow_pair_fans
from mjscore.scoring.ruleset import AwardRule
from mjscore.tiles import SEATS as SEATS  # re-exported, as Facts
from mjscore.tiles import Tile

#: (index of the winning arrangement, the rows it fired with their counts, the rows counted with
#: their counts: groups, replacements and the consolation applied).
Found = tuple[int, list[tuple[int, int]], list[tuple[AwardRule, int]]]
#: A generated evaluator: the hand, its arrangements and wait set, the rows' pattern functions and
#: bound arguments, the totalling code's values (:attr:`mjscore.scoring.totals.Totaller.values`),
#: the rows and the consolation rows.
Evaluate = Callable[[Hand, Sequence[Arrangement | None], tuple[Tile, ...], Sequence[Pattern],
                     Sequence[tuple[Any, ...]], list[int], tuple[AwardRule, ...], tuple[AwardRule, ...]], Found]


@dataclass(frozen=True, slots=True)
class Value:
    """Summary values computed by ``code`` (statements, indented as the body of the arrangement
    loop or of the hand), after the values in ``needs``."""

    provides: tuple[str, ...]
    code: str
    needs: tuple[str, ...] = ()
    per_hand: bool = False


SELF_DRAW: Final = WinKind.SELF_DRAW
DISCARD: Final = WinKind.DISCARD
ROBBING_GONG: Final = WinKind.ROBBING_GONG
FLOWERS: Final = WinKind.FLOWERS
KONG_MELD: Final = MeldKind.KONG
KNITTED: Final = GroupKind.KNITTED
PUNG_ROLE: Final = WinRole.PUNG
PAIR_ROLE: Final = WinRole.PAIR
TWO_SIDED_ROLE: Final = WinRole.TWO_SIDED
TERMINAL_INDICES: Final = (0, 8, 9, 17, 18, 26)
#: The rank offsets 0, 3 and 6 (123, 456, 789 chows) as bits.
DRAGON_RANKS: Final = 0b1001001
#: The bits of the terminals' indices; of the numbered indices below 26 that are not a 9.
TERMINAL_BITS: Final = sum(1 << i for i in TERMINAL_INDICES)
ADJACENT_BITS: Final = sum(1 << i for i in range(26) if i % 9 != 8)
CHOW_PAIR_FANS: Final = chow_pair_fans
#: The chow pairs of fewer than two chows.
NO_CHOW_PAIRS: Final[Mapping[str, int]] = MappingProxyType({})
SHIFTED: Final = fast_forms.shifted
MIXED_SHIFTED: Final = fast_forms.mixed_shifted
PUNGS_A_HELD_PAIR: Final = pungs_a_held_pair
FLOWER_SET: Final = fast_forms.flower_set
DRAGON_SEQUENCE: Final = fast_forms.dragon_sequence
PUNG_RUNS: Final = fast_forms.pung_runs
IDENTICAL: Final = fast_forms.identical
SISTER_CHOWS: Final = fast_forms.sister_chows
SISTER_PUNGS: Final = fast_forms.sister_pungs
SAME_RANK_PUNG_PAIRS: Final = fast_forms.same_rank_pung_pairs
TERMINAL_CHOW_SETS: Final = fast_forms.terminal_chow_sets
STEP_UP: Final = fast_forms.step_up
TERMINAL_CHOWS_WITH_FIVES: Final = fast_forms.terminal_chows_with_fives
SEQUENTIAL_PUNG_HAND: Final = fast_forms.sequential_pung_hand
ALL_STEP_UP: Final = fast_forms.all_step_up
PAIR_GONGS: Final = fast_forms.pair_gongs
SEQUENTIAL_PAIRS: Final = fast_forms.sequential_pairs
HELD_SUIT_COUNTS: Final = fast_forms.held_suit_counts
EVERY_GROUP_HOLDS: Final = fast_forms.every_group_holds
OWN_KONG_REPLACEMENT: Final = fast_forms.own_kong_replacement
DORA_COUNT: Final = fast_forms.dora_count

#: The names the generated code may read besides the summary and its arguments.
NAMES: Final[dict[str, Any]] = {
    "SELF_DRAW": SELF_DRAW, "DISCARD": DISCARD, "ROBBING_GONG": ROBBING_GONG, "FLOWERS": FLOWERS,
    "KONG_MELD": KONG_MELD, "KNITTED": KNITTED,
    "PUNG_ROLE": PUNG_ROLE, "PAIR_ROLE": PAIR_ROLE, "TWO_SIDED_ROLE": TWO_SIDED_ROLE,
    "SEATS": SEATS,
    "DRAGON_RANKS": DRAGON_RANKS, "CHOW_PAIR_FANS": CHOW_PAIR_FANS, "NO_CHOW_PAIRS": NO_CHOW_PAIRS, "SHIFTED": SHIFTED,
    "MIXED_SHIFTED": MIXED_SHIFTED, "PUNGS_A_HELD_PAIR": PUNGS_A_HELD_PAIR, "Facts": Facts,
    "FLOWER_SET": FLOWER_SET, "DRAGON_SEQUENCE": DRAGON_SEQUENCE, "PUNG_RUNS": PUNG_RUNS, "IDENTICAL": IDENTICAL,
    "SISTER_CHOWS": SISTER_CHOWS, "SISTER_PUNGS": SISTER_PUNGS, "SAME_RANK_PUNG_PAIRS": SAME_RANK_PUNG_PAIRS,
    "TERMINAL_CHOW_SETS": TERMINAL_CHOW_SETS, "STEP_UP": STEP_UP,
    "TERMINAL_CHOWS_WITH_FIVES": TERMINAL_CHOWS_WITH_FIVES, "SEQUENTIAL_PUNG_HAND": SEQUENTIAL_PUNG_HAND,
    "ALL_STEP_UP": ALL_STEP_UP, "PAIR_GONGS": PAIR_GONGS, "SEQUENTIAL_PAIRS": SEQUENTIAL_PAIRS,
    "HELD_SUIT_COUNTS": HELD_SUIT_COUNTS, "EVERY_GROUP_HOLDS": EVERY_GROUP_HOLDS,
    "OWN_KONG_REPLACEMENT": OWN_KONG_REPLACEMENT, "DORA_COUNT": DORA_COUNT,
}

#: The summary: every value an expression may use, how it is computed, and whether it is the
#: hand's (computed once) or the arrangement's. Only the values a ruleset's rows use are computed.
SUMMARY: Final[tuple[Value, ...]] = (
    Value(("win",), "win = hand.win", per_hand=True),
    Value(("counts",), "counts = hand.counts", per_hand=True),
    Value(("nflowers",), "nflowers = len(hand.flowers)", per_hand=True),
    Value(("self_drawn",), "self_drawn = win is SELF_DRAW or win is FLOWERS", ("win",), per_hand=True),
    Value(("claimed",), "claimed = win is DISCARD or win is ROBBING_GONG", ("win",), per_hand=True),
    Value(("present", "has4", "nfours"), "present = nfours = 0\nfor i in range(34):\n    n = counts[i]\n    if n:\n"
          "        present |= 1 << i\n        if n == 4:\n            nfours += 1\nhas4 = nfours > 0", ("counts",),
          per_hand=True),
    Value(("has_honours",), "has_honours = present >> 27 != 0", ("present",), per_hand=True),
    Value(("has_terminals",), f"has_terminals = present & {TERMINAL_BITS} != 0", ("present",), per_hand=True),
    Value(("nnumbered",), "nnumbered = (1 if present & 511 else 0) + (1 if present & 261632 else 0)"
          " + (1 if present & 133955584 else 0)", ("present",), per_hand=True),
    Value(("nfamilies",), "nfamilies = nnumbered + (1 if present & 2013265920 else 0)"
          " + (1 if present >> 31 else 0)", ("nnumbered", "present"), per_hand=True),
    Value(("nwaits",), "nwaits = len(waits)", per_hand=True),
    Value(("held",), "held = [t.index for t in hand.concealed]", per_hand=True),
    Value(("held_pairs_waited",), "held_pairs_waited = sum(1 for t in waits if held.count(t.index) >= 2)",
          ("held",), per_hand=True),
    Value(("pair_wait_held",), "pair_wait_held = nwaits == 2 and held_pairs_waited == 2"
          " and PUNGS_A_HELD_PAIR(hand, waits[0]) and PUNGS_A_HELD_PAIR(hand, waits[1])",
          ("nwaits", "held_pairs_waited"), per_hand=True),
    Value(("table_tiles",), "table_tiles = hand.table_tiles", per_hand=True),
    Value(("exposed",), "exposed = any(not m.concealed for m in hand.melds)", per_hand=True),  # has_exposed_melds
    Value(("all_kongs",), "all_kongs = all(m.kind is KONG_MELD for m in hand.melds)", per_hand=True),
    Value(("win_index",), "win_index = -1 if hand.win_tile is None else hand.win_tile.index", per_hand=True),
    Value(("seat_wind",), "seat_wind = 27 + SEATS.index(hand.seat)", per_hand=True),
    Value(("round_wind",), "round_wind = 27 + SEATS.index(hand.round)", per_hand=True),
    Value(("own_flowers",), "own_flowers = sum(1 for t in hand.flowers if (t.index - 34) % 4 == seat_wind - 27)",
          ("seat_wind",), per_hand=True),
    # ----- the arrangement's
    Value(("shape", "groups", "role"),
          "shape: str | None\ngroups: tuple[Group, ...]\nrole: WinRole | None\n"
          "if arrangement is None:\n    shape = None\n    groups = ()\n    role = None\n"
          "else:\n    shape = arrangement.shape\n    groups = arrangement.groups\n    role = arrangement.win_role"),
    Value(("role_value",), "role_value = role.value if role is not None else None", ("role",)),
    Value(("regular",), "regular = shape == 'regular'", ("shape",)),
    Value(("chow_firsts", "pung_firsts", "npairs", "pair", "cpungs", "open_gongs", "nkongs", "ckongs", "okongs",
           "wind_pungs", "dragon_pungs", "nchows", "npungs", "nsets", "chow_bits", "pung_bits", "chow_dups"),
          "chow_firsts: list[int] = []\npung_firsts: list[int] = []\n"
          "npairs = pair = cpungs = open_gongs = nkongs = ckongs = 0\n"
          "wind_pungs = dragon_pungs = chow_bits = pung_bits = chow_dups = 0\n"
          "for g in groups:\n"
          "    first = g.index\n"
          "    if g.is_chow:\n"
          "        chow_firsts.append(first)\n"
          "        if chow_bits >> first & 1:\n"
          "            chow_dups += 1\n"
          "        chow_bits |= 1 << first\n"
          "    elif g.is_pung_like:\n"
          "        pung_firsts.append(first)\n"
          "        pung_bits |= 1 << first\n"
          "        if first >= 27:\n"
          "            if first < 31:\n"
          "                wind_pungs += 1\n"
          "            else:\n"
          "                dragon_pungs += 1\n"
          "        kong = g.is_kong\n"
          "        if g.concealed:\n"
          "            cpungs += 1\n"
          "            if kong:\n"
          "                ckongs += 1\n"
          "        elif kong and not g.added:\n"
          "            open_gongs += 1\n"
          "        if kong:\n"
          "            nkongs += 1\n"
          "    elif g.is_pair:\n"
          "        npairs += 1\n"
          "        pair = first\n"
          "if npairs != 1:\n"
          "    pair = -1\n"
          "nchows = len(chow_firsts)\nnpungs = len(pung_firsts)\nnsets = nchows + npungs\nokongs = nkongs - ckongs",
          ("groups",)),
    Value(("wait_place",),
          "edge_wait = closed_wait = pair_wait = off_wait = False\n"
          "for g in groups:\n"
          "    if g.declared:\n"
          "        continue\n"
          "    first = g.index\n"
          "    if g.is_chow:\n"  # its tiles run up from the first: the winning tile is at win_index - first
          "        at = win_index - first\n"
          "        if at == 1:\n"
          "            closed_wait = True\n"
          "        elif (at == 2 and first % 9 == 0) or (at == 0 and first % 9 == 6):\n"
          "            edge_wait = True\n"
          "    elif g.is_pair:\n"
          "        if first == win_index:\n"
          "            pair_wait = True\n"
          "    elif not g.is_pung_like and any(t.index == win_index for t in g.tiles):\n"  # knitted, singles
          "        off_wait = True\n"
          "wait_place = '' if off_wait else 'edge' if edge_wait else 'closed' if closed_wait"
          " else 'pair' if pair_wait else ''",
          ("groups", "win_index")),
    Value(("concealed_chow_firsts",),
          "concealed_chow_firsts = [g.index for g in groups if g.is_chow and g.concealed]", ("groups",)),
    Value(("other_wind_pungs",), "other_wind_pungs = sum(1 for p in pung_firsts"
          " if 27 <= p < 31 and p != seat_wind and p != round_wind) if wind_pungs else 0",
          ("pung_firsts", "wind_pungs", "seat_wind", "round_wind")),
    Value(("knitted_straight",),
          "knitted_straight = 0\n"
          "if nsets < len(groups) - 1:\n"
          "    knitted = sum(1 for g in groups if g.kind is KNITTED and len(g.tiles) == 3)\n"
          "    knitted_straight = 1 if knitted == 3 else 0",
          ("groups", "nsets")),
    Value(("pair_firsts",), "pair_firsts = [g.index for g in groups if g.is_pair]", ("groups",)),
    Value(("spreads",), "spreads: list[int] = []\nif has4:\n    holding: dict[int, int] = {}\n    for g in groups:\n"
          "        for i in {t.index for t in g.tiles}:\n            holding[i] = holding.get(i, 0) + 1\n"
          "    spreads = [holding.get(i, 0) for i in range(34) if counts[i] == 4]", ("groups", "has4", "counts")),
    # Sets of first indices as bits (bit ``index``; a rank's bit in each suit 9 apart), so that the
    # questions below are a few native integer operations. Two different first tiles of one rank:
    # the rank held in two suits.
    Value(("sister_ranks",), "sister_ranks = (chow_bits & (chow_bits >> 9 | chow_bits >> 18)"
          " | chow_bits >> 9 & chow_bits >> 18) & 511 != 0", ("chow_bits",)),
    Value(("pung_same_rank",), "numbered_pung_bits = pung_bits & 134217727\n"
          "pung_same_rank = (numbered_pung_bits & (numbered_pung_bits >> 9 | numbered_pung_bits >> 18)"
          " | numbered_pung_bits >> 9 & numbered_pung_bits >> 18) & 511 != 0", ("pung_bits",)),
    Value(("terminal_pungs",), "terminal_pungs = (pung_bits & 1) + (pung_bits >> 8 & 1) + (pung_bits >> 9 & 1)"
          " + (pung_bits >> 17 & 1) + (pung_bits >> 18 & 1) + (pung_bits >> 26 & 1)", ("pung_bits",)),
    Value(("end_chows",), "end_chows = (chow_bits & 1) + (chow_bits >> 6 & 1) + (chow_bits >> 9 & 1)"
          " + (chow_bits >> 15 & 1) + (chow_bits >> 18 & 1) + (chow_bits >> 24 & 1)", ("chow_bits",)),
    Value(("chow_key",), "chow_key = tuple(sorted(chow_firsts)) if nchows > 1 else tuple(chow_firsts)",
          ("chow_firsts", "nchows")),
    Value(("chow_pairs",), "chow_pairs = CHOW_PAIR_FANS(chow_key) if nchows >= 2 else NO_CHOW_PAIRS",
          ("chow_key", "nchows")),
    Value(("chow_ranks",), "chow_ranks = (chow_bits | chow_bits >> 9 | chow_bits >> 18) & 511", ("chow_bits",)),
    # p and p + 1 both pungs, p below 26 and not a 9 (so p + 1 is the next rank of its suit).
    Value(("adjacent_pungs",), f"adjacent_pungs = pung_bits & pung_bits >> 1 & {ADJACENT_BITS} != 0",
          ("pung_bits",)),
    Value(("step3",), "step3 = chow_ranks & chow_ranks >> 1 & chow_ranks >> 2 != 0", ("chow_ranks",)),
    Value(("outside",), "outside = pair >= 0 and (pair >= 27 or pair % 9 in (0, 8))"
          " and all(c % 9 in (0, 6) for c in chow_firsts) and all(p >= 27 or p % 9 in (0, 8) for p in pung_firsts)",
          ("pair", "chow_firsts", "pung_firsts")),
)
