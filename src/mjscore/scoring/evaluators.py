"""The built-in rulesets' evaluators, generated from their award tables by
``tools/generate_evaluators.py`` (:func:`mjscore.scoring.compiled.prebuilt_module`): do not edit.

Kept as a module so that the compiled build compiles them with mypyc; :mod:`mjscore.scoring.compiled`
runs one where a ruleset's generated source has its digest. ``tests/test_compiled.py`` checks
that this file is what the tables make today."""

# ruff: noqa
from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from mjscore.arrangements import Arrangement, Group, WinRole
from mjscore.hand import Hand
from mjscore.scoring.patterns import Hit, Pattern
from mjscore.scoring.summary import (
    ALL_STEP_UP,
    CHOW_PAIR_FANS,
    DISCARD,
    DRAGON_RANKS,
    DRAGON_SEQUENCE,
    END_CHOWS,
    EVERY_GROUP_HOLDS,
    FLOWERS,
    FLOWER_SET,
    Facts,
    HELD_SUIT_COUNTS,
    IDENTICAL,
    KNITTED,
    KONG,
    KONG_MELD,
    MIXED_SHIFTED,
    OWN_KONG_REPLACEMENT,
    PAIR,
    PAIR_GONGS,
    PAIR_ROLE,
    PUNGS_A_HELD_PAIR,
    PUNG_ROLE,
    PUNG_RUNS,
    ROBBING_GONG,
    SAME_RANK_PUNG_PAIRS,
    SEATS,
    SELF_DRAW,
    SEQUENTIAL_PAIRS,
    SEQUENTIAL_PUNG_HAND,
    SHIFTED,
    SINGLES,
    SISTER_CHOWS,
    SISTER_PUNGS,
    STEP_UP,
    TERMINALS,
    TERMINAL_CHOWS_WITH_FIVES,
    TERMINAL_CHOW_SETS,
    TERMINAL_INDICES,
    TWO_SIDED_ROLE,
    Evaluate,
)
from mjscore.tiles import Tile


def fourwinds_ordinary(hand: Hand, candidates: Sequence[Arrangement | None], waits: tuple[Tile, ...],
        patterns: Sequence[Pattern], arguments: Sequence[tuple[Any, ...]],
        total_of: Callable[[list[tuple[int, int]]], int]) -> tuple[int, list[tuple[int, int]]]:
    c: int
    h: Hit | None
    win = hand.win
    counts = hand.counts
    nflowers = len(hand.flowers)
    self_drawn = win is SELF_DRAW or win is FLOWERS
    has_honours = any(counts[27:34])
    nnumbered = (1 if any(counts[0:9]) else 0) + (1 if any(counts[9:18]) else 0) + (1 if any(counts[18:27]) else 0)
    nwaits = len(waits)
    exposed = hand.has_exposed_melds
    all_kongs = all(m.kind is KONG_MELD for m in hand.melds)
    found: list[tuple[int, int]] = []
    c = nflowers
    if c:
        found.append((0, c))
    c = 1 if win is FLOWERS and nflowers == 7 else 0
    if c:
        found.append((1, c))
    c = 1 if win is FLOWERS and nflowers == 8 else 0
    if c:
        found.append((2, c))
    c = 0 if nflowers else 1
    if c:
        found.append((3, c))
    c = 1 if all_kongs and self_drawn == 0 and not exposed else 0
    if c:
        found.append((18, c))
    c = 1 if all_kongs and self_drawn == 1 and not exposed else 0
    if c:
        found.append((19, c))
    c = 0 if has_honours else 1
    if c:
        found.append((23, c))
    c = 0 if nflowers or has_honours else 1
    if c:
        found.append((24, c))
    c = 1 if nnumbered == 1 and has_honours == 1 else 0
    if c:
        found.append((25, c))
    c = 1 if nnumbered == 1 and has_honours == 0 else 0
    if c:
        found.append((26, c))
    c = 1
    if c:
        found.append((27, c))
    c = 1 if win is SELF_DRAW else 0
    if c:
        found.append((28, c))
    c = 1 if hand.last_tile and win is not ROBBING_GONG and win is SELF_DRAW else 0
    if c:
        found.append((31, c))
    c = 1 if win is ROBBING_GONG else 0
    if c:
        found.append((32, c))
    c = 1 if hand.discards is not None and hand.discards <= 9 else 0
    if c:
        found.append((33, c))
    c = 1 if hand.discards is not None and hand.discards <= 5 else 0
    if c:
        found.append((34, c))
    c = 1 if hand.ready_declared else 0
    if c:
        found.append((35, c))
    c = 1 if hand.heavenly else 0
    if c:
        found.append((40, c))
    c = 1 if hand.earthly else 0
    if c:
        found.append((41, c))
    hand_found = found
    best = -1
    best_total = 0
    best_found = hand_found
    for number, arrangement in enumerate(candidates):
        facts: Facts | None = None
        found = list(hand_found)
        shape: str | None
        groups: tuple[Group, ...]
        role: WinRole | None
        if arrangement is None:
            shape = None
            groups = ()
            role = None
        else:
            shape = arrangement.shape
            groups = arrangement.groups
            role = arrangement.win_role
        role_value = role.value if role is not None else None
        regular = shape == 'regular'
        chow_firsts: list[int] = []
        pung_firsts: list[int] = []
        npairs = pair = cpungs = open_gongs = nkongs = ckongs = 0
        wind_pungs = dragon_pungs = 0
        for g in groups:
            if g.is_chow:
                chow_firsts.append(g.first.index)
            elif g.is_pung_like:
                first = g.first.index
                pung_firsts.append(first)
                if first >= 27:
                    if first < 31:
                        wind_pungs += 1
                    else:
                        dragon_pungs += 1
                kong = g.kind is KONG
                if g.concealed:
                    cpungs += 1
                    if kong:
                        ckongs += 1
                elif kong and not g.added:
                    open_gongs += 1
                if kong:
                    nkongs += 1
            elif g.kind is PAIR:
                npairs += 1
                pair = g.first.index
        if npairs != 1:
            pair = -1
        nchows = len(chow_firsts)
        npungs = len(pung_firsts)
        nsets = nchows + npungs
        okongs = nkongs - ckongs
        concealed_chow_firsts = [g.first.index for g in groups if g.is_chow and g.concealed]
        chow_ranks = {c % 9 for c in chow_firsts}
        c = wind_pungs
        if c:
            found.append((4, c))
        c = dragon_pungs
        if c:
            found.append((5, c))
        c = okongs
        if c:
            found.append((6, c))
        c = ckongs
        if c:
            found.append((7, c))
        c = DRAGON_SEQUENCE(chow_firsts, 1) if nchows >= 3 and DRAGON_RANKS <= chow_ranks else 0
        if c:
            found.append((8, c))
        c = DRAGON_SEQUENCE(concealed_chow_firsts, 1) if nchows >= 3 and DRAGON_RANKS <= chow_ranks else 0
        if c:
            found.append((9, c))
        c = 1 if cpungs >= 2 else 0
        if c:
            found.append((10, c))
        c = 1 if cpungs >= 3 else 0
        if c:
            found.append((11, c))
        c = 1 if cpungs >= 4 else 0
        if c:
            found.append((12, c))
        c = 1 if cpungs >= 5 else 0
        if c:
            found.append((13, c))
        c = 1 if dragon_pungs >= 2 and 31 <= pair < 34 else 0
        if c:
            found.append((14, c))
        c = 1 if wind_pungs >= 2 and 27 <= pair < 31 else 0
        if c:
            found.append((15, c))
        c = 1 if wind_pungs >= 3 else 0
        if c:
            found.append((16, c))
        c = 1 if role is PAIR_ROLE and len(hand.concealed) == 1 and nsets and all(g.declared and not g.concealed for g in groups if g.is_set) else 0
        if c:
            found.append((17, c))
        c = 1 if regular and nchows == nsets else 0
        if c:
            found.append((20, c))
        c = 1 if regular and nchows == nsets and not (nflowers or has_honours) else 0
        if c:
            found.append((21, c))
        c = 1 if regular and npungs == nsets else 0
        if c:
            found.append((22, c))
        c = 1 if nwaits == 1 and role_value in ('edge', 'closed') else 0
        if c:
            found.append((29, c))
        c = 1 if nwaits == 1 and role_value in ('pair',) else 0
        if c:
            found.append((30, c))
        c = 1 if dragon_pungs >= 3 else 0
        if c:
            found.append((36, c))
        c = 1 if wind_pungs >= 3 and 27 <= pair < 31 else 0
        if c:
            found.append((37, c))
        c = 1 if wind_pungs >= 4 else 0
        if c:
            found.append((38, c))
        c = 1 if shape == 'seven_pairs_and_pung' else 0
        if c:
            found.append((39, c))
        if hand_found and len(found) > len(hand_found):
            found.sort()
        total = total_of(found)
        if best < 0 or total > best_total:
            best, best_total, best_found = number, total, found
    return best, best_found


def fourwinds_flower_win(hand: Hand, candidates: Sequence[Arrangement | None], waits: tuple[Tile, ...],
        patterns: Sequence[Pattern], arguments: Sequence[tuple[Any, ...]],
        total_of: Callable[[list[tuple[int, int]]], int]) -> tuple[int, list[tuple[int, int]]]:
    c: int
    h: Hit | None
    win = hand.win
    nflowers = len(hand.flowers)
    found: list[tuple[int, int]] = []
    c = 1 if win is FLOWERS and nflowers == 7 else 0
    if c:
        found.append((0, c))
    c = 1 if win is FLOWERS and nflowers == 8 else 0
    if c:
        found.append((1, c))
    hand_found = found
    best = -1
    best_total = 0
    best_found = hand_found
    for number, arrangement in enumerate(candidates):
        facts: Facts | None = None
        found = list(hand_found)
        if hand_found and len(found) > len(hand_found):
            found.sort()
        total = total_of(found)
        if best < 0 or total > best_total:
            best, best_total, best_found = number, total, found
    return best, best_found


def hefen_ordinary(hand: Hand, candidates: Sequence[Arrangement | None], waits: tuple[Tile, ...],
        patterns: Sequence[Pattern], arguments: Sequence[tuple[Any, ...]],
        total_of: Callable[[list[tuple[int, int]]], int]) -> tuple[int, list[tuple[int, int]]]:
    c: int
    h: Hit | None
    win = hand.win
    counts = hand.counts
    nflowers = len(hand.flowers)
    self_drawn = win is SELF_DRAW or win is FLOWERS
    claimed = win is DISCARD or win is ROBBING_GONG
    has_honours = any(counts[27:34])
    has_terminals = any(counts[i] for i in TERMINAL_INDICES)
    nnumbered = (1 if any(counts[0:9]) else 0) + (1 if any(counts[9:18]) else 0) + (1 if any(counts[18:27]) else 0)
    nfamilies = nnumbered + (1 if any(counts[27:31]) else 0) + (1 if any(counts[31:34]) else 0)
    present = 0
    for i in range(34):
        if counts[i]:
            present |= 1 << i
    has4 = 4 in counts
    nwaits = len(waits)
    held = [t.index for t in hand.concealed]
    held_pairs_waited = sum(1 for t in waits if held.count(t.index) >= 2)
    pair_wait_held = nwaits == 2 and held_pairs_waited == 2 and PUNGS_A_HELD_PAIR(hand, waits[0]) and PUNGS_A_HELD_PAIR(hand, waits[1])
    exposed = hand.has_exposed_melds
    all_kongs = all(m.kind is KONG_MELD for m in hand.melds)
    seat_wind = 27 + SEATS.index(hand.seat)
    round_wind = 27 + SEATS.index(hand.round)
    own_flowers = sum(1 for t in hand.flowers if (t.index - 34) % 4 == seat_wind - 27)
    found: list[tuple[int, int]] = []
    c = nflowers
    if c:
        found.append((0, c))
    c = own_flowers
    if c:
        found.append((1, c))
    c = 1 if win is FLOWERS and nflowers == 7 else 0
    if c:
        found.append((2, c))
    c = 1 if win is FLOWERS and nflowers == 8 else 0
    if c:
        found.append((3, c))
    c = 0 if nnumbered else 1
    if c:
        found.append((14, c))
    c = 0 if nflowers else 1
    if c:
        found.append((15, c))
    c = 0 if has_honours else 1
    if c:
        found.append((16, c))
    c = 0 if nflowers or has_honours else 1
    if c:
        found.append((17, c))
    c = 0 if has_terminals or has_honours else 1
    if c:
        found.append((18, c))
    c = 1 if win is ROBBING_GONG else 0
    if c:
        found.append((21, c))
    c = 1 if win is SELF_DRAW and hand.replacement is not None and hand.replacement.value in ('gong', 'double_gong') else 0
    if c:
        found.append((22, c))
    c = 1 if nnumbered == 2 and not has_honours else 0
    if c:
        found.append((53, c))
    c = 1 if nnumbered == 2 and not has_honours and not nflowers else 0
    if c:
        found.append((54, c))
    c = 1 if nnumbered == 1 and has_honours == 1 else 0
    if c:
        found.append((55, c))
    c = 1 if nnumbered == 1 and has_honours == 0 else 0
    if c:
        found.append((56, c))
    c = 1 if nfamilies == 5 else 0
    if c:
        found.append((57, c))
    c = 1 if counts[32] and not present & 12750946303 else 0
    if c:
        found.append((58, c))
    c = 1 if counts[33] and not present & 8589934080 else 0
    if c:
        found.append((59, c))
    c = 1 if counts[31] and not present & 15032123903 else 0
    if c:
        found.append((60, c))
    c = 1 if counts[31] and not present & 15032385024 else 0
    if c:
        found.append((61, c))
    c = 1 if nwaits == 1 else 0
    if c:
        found.append((74, c))
    c = 0
    if c:
        found.append((75, c))
    c = 1 if hand.seat == 'E' or (claimed and hand.discarder == 'E') else 0
    if c:
        found.append((77, c))
    c = 1 if win is SELF_DRAW else 0
    if c:
        found.append((78, c))
    c = 1 if win is SELF_DRAW and hand.replacement is not None and hand.replacement.value in ('flower',) else 0
    if c:
        found.append((83, c))
    c = 1 if hand.last_tile and win is not ROBBING_GONG and win is SELF_DRAW else 0
    if c:
        found.append((84, c))
    c = 1 if hand.discards is not None and hand.discards <= 4 else 0
    if c:
        found.append((85, c))
    c = 1 if hand.discards is not None and hand.discards <= 7 else 0
    if c:
        found.append((86, c))
    c = 1 if hand.discards is not None and hand.discards <= 10 else 0
    if c:
        found.append((87, c))
    c = 1 if hand.heavenly else 0
    if c:
        found.append((88, c))
    c = 1 if hand.earthly else 0
    if c:
        found.append((89, c))
    c = 2 * min(hand.dealer_streak, 6) + 1 if hand.dealer_streak >= 1 and (hand.seat == 'E') else 0
    if c:
        found.append((90, c))
    hand_found = found
    best = -1
    best_total = 0
    best_found = hand_found
    for number, arrangement in enumerate(candidates):
        facts: Facts | None = None
        found = list(hand_found)
        shape: str | None
        groups: tuple[Group, ...]
        role: WinRole | None
        if arrangement is None:
            shape = None
            groups = ()
            role = None
        else:
            shape = arrangement.shape
            groups = arrangement.groups
            role = arrangement.win_role
        regular = shape == 'regular'
        chow_firsts: list[int] = []
        pung_firsts: list[int] = []
        npairs = pair = cpungs = open_gongs = nkongs = ckongs = 0
        wind_pungs = dragon_pungs = 0
        for g in groups:
            if g.is_chow:
                chow_firsts.append(g.first.index)
            elif g.is_pung_like:
                first = g.first.index
                pung_firsts.append(first)
                if first >= 27:
                    if first < 31:
                        wind_pungs += 1
                    else:
                        dragon_pungs += 1
                kong = g.kind is KONG
                if g.concealed:
                    cpungs += 1
                    if kong:
                        ckongs += 1
                elif kong and not g.added:
                    open_gongs += 1
                if kong:
                    nkongs += 1
            elif g.kind is PAIR:
                npairs += 1
                pair = g.first.index
        if npairs != 1:
            pair = -1
        nchows = len(chow_firsts)
        npungs = len(pung_firsts)
        nsets = nchows + npungs
        okongs = nkongs - ckongs
        concealed_chow_firsts = [g.first.index for g in groups if g.is_chow and g.concealed]
        pair_firsts = [g.first.index for g in groups if g.kind is PAIR]
        spreads: list[int] = []
        if has4:
            holding: dict[int, int] = {}
            for g in groups:
                for i in {t.index for t in g.tiles}:
                    holding[i] = holding.get(i, 0) + 1
            spreads = [holding.get(i, 0) for i in range(34) if counts[i] == 4]
        chow_dups = nchows - len(set(chow_firsts))
        sister_ranks = len({c % 9 for c in chow_firsts}) < len(set(chow_firsts))
        numbered_pungs = [p for p in pung_firsts if p < 27]
        pung_same_rank = len({p % 9 for p in numbered_pungs}) < len(numbered_pungs)
        terminal_pungs = len(TERMINALS.intersection(pung_firsts))
        end_chows = len(END_CHOWS.intersection(chow_firsts))
        chow_ranks = {c % 9 for c in chow_firsts}
        adjacent_pungs = any(p + 1 in pung_firsts and p % 9 != 8 for p in pung_firsts if p < 26)
        step3 = any(r + 1 in chow_ranks and r + 2 in chow_ranks for r in chow_ranks)
        outside = pair >= 0 and (pair >= 27 or pair % 9 in (0, 8)) and all(c % 9 in (0, 6) for c in chow_firsts) and all(p >= 27 or p % 9 in (0, 8) for p in pung_firsts)
        c = wind_pungs
        if c:
            found.append((4, c))
        c = pung_firsts.count(seat_wind)
        if c:
            found.append((5, c))
        c = pung_firsts.count(round_wind)
        if c:
            found.append((6, c))
        c = 1 if wind_pungs >= 2 and 27 <= pair < 31 else 0
        if c:
            found.append((7, c))
        c = 1 if wind_pungs >= 3 else 0
        if c:
            found.append((8, c))
        c = 1 if wind_pungs >= 3 and 27 <= pair < 31 else 0
        if c:
            found.append((9, c))
        c = 1 if wind_pungs >= 4 else 0
        if c:
            found.append((10, c))
        c = dragon_pungs
        if c:
            found.append((11, c))
        c = 1 if dragon_pungs >= 2 and 31 <= pair < 34 else 0
        if c:
            found.append((12, c))
        c = 1 if dragon_pungs >= 3 else 0
        if c:
            found.append((13, c))
        c = okongs
        if c:
            found.append((19, c))
        c = ckongs
        if c:
            found.append((20, c))
        c = PUNG_RUNS(pung_firsts, 2, 1) if npungs >= 2 and adjacent_pungs else 0
        if c:
            found.append((23, c))
        c = PUNG_RUNS(pung_firsts, 3, 1) if npungs >= 3 and adjacent_pungs else 0
        if c:
            found.append((24, c))
        c = PUNG_RUNS(pung_firsts, 4, 1) if npungs >= 4 and adjacent_pungs else 0
        if c:
            found.append((25, c))
        c = PUNG_RUNS(pung_firsts, 5, 1) if npungs >= 5 and adjacent_pungs else 0
        if c:
            found.append((26, c))
        c = SEQUENTIAL_PUNG_HAND(pung_firsts, pair) if npungs == 5 and pair >= 0 else 0
        if c:
            found.append((27, c))
        c = IDENTICAL(chow_firsts, 2, 1) if chow_dups >= 1 else 0
        if c:
            found.append((28, c))
        c = IDENTICAL(chow_firsts, 3, 1) if chow_dups >= 2 else 0
        if c:
            found.append((29, c))
        c = IDENTICAL(chow_firsts, 4, 1) if chow_dups >= 3 else 0
        if c:
            found.append((30, c))
        c = SISTER_CHOWS(chow_firsts, 2, 1) if sister_ranks else 0
        if c:
            found.append((31, c))
        c = SISTER_CHOWS(chow_firsts, 3, 1) if sister_ranks else 0
        if c:
            found.append((32, c))
        c = SISTER_CHOWS(chow_firsts, 4, 1) if sister_ranks else 0
        if c:
            found.append((33, c))
        c = SISTER_CHOWS(chow_firsts, 5, 1) if sister_ranks else 0
        if c:
            found.append((34, c))
        c = SISTER_PUNGS(pung_firsts, 2, 1) if npungs >= 2 and pung_same_rank else 0
        if c:
            found.append((35, c))
        c = SISTER_PUNGS(pung_firsts, 3, 1) if npungs >= 3 and pung_same_rank else 0
        if c:
            found.append((36, c))
        c = 1 if cpungs + open_gongs >= 2 else 0
        if c:
            found.append((37, c))
        c = 1 if cpungs + open_gongs >= 3 else 0
        if c:
            found.append((38, c))
        c = 1 if cpungs + open_gongs >= 4 else 0
        if c:
            found.append((39, c))
        c = 1 if cpungs + open_gongs >= 5 else 0
        if c:
            found.append((40, c))
        c = 1 if not exposed and cpungs >= 5 else 0
        if c:
            found.append((41, c))
        c = DRAGON_SEQUENCE(chow_firsts, 0) if nchows >= 3 and DRAGON_RANKS <= chow_ranks else 0
        if c:
            found.append((42, c))
        c = DRAGON_SEQUENCE(concealed_chow_firsts, 0) if nchows >= 3 and DRAGON_RANKS <= chow_ranks else 0
        if c:
            found.append((43, c))
        c = DRAGON_SEQUENCE(chow_firsts, 1) if nchows >= 3 and DRAGON_RANKS <= chow_ranks else 0
        if c:
            found.append((44, c))
        c = DRAGON_SEQUENCE(concealed_chow_firsts, 1) if nchows >= 3 and DRAGON_RANKS <= chow_ranks else 0
        if c:
            found.append((45, c))
        c = (1 if sum(1 for s in (0, 9, 18) if s in pung_firsts and s + 8 in pung_firsts) >= 1 else 0) if terminal_pungs >= 2 else 0
        if c:
            found.append((46, c))
        c = (1 if sum(1 for s in (0, 9, 18) if s in pung_firsts and s + 8 in pung_firsts) >= 2 else 0) if terminal_pungs >= 4 else 0
        if c:
            found.append((47, c))
        c = TERMINAL_CHOW_SETS(chow_firsts, 1, 0) if nchows >= 2 and end_chows >= 2 else 0
        if c:
            found.append((48, c))
        c = TERMINAL_CHOW_SETS(chow_firsts, 2, 0) if nchows >= 4 and end_chows >= 2 else 0
        if c:
            found.append((49, c))
        c = TERMINAL_CHOW_SETS(chow_firsts, 2, 1) if nchows >= 4 and end_chows >= 2 else 0
        if c:
            found.append((50, c))
        c = 1 if regular and outside and has_terminals and has_honours == 1 else 0
        if c:
            found.append((51, c))
        c = 1 if regular and outside and has_terminals and has_honours == 0 else 0
        if c:
            found.append((52, c))
        c = 1 if regular and nchows == nsets else 0
        if c:
            found.append((62, c))
        c = 1 if regular and nchows == nsets and not (nflowers or has_honours) else 0
        if c:
            found.append((63, c))
        c = 1 if regular and npungs == nsets else 0
        if c:
            found.append((64, c))
        c = STEP_UP(chow_firsts, 3, 0) if nchows >= 3 and step3 else 0
        if c:
            found.append((65, c))
        c = ALL_STEP_UP(chow_firsts, pair, 0, 0) if regular and pair >= 0 and nchows == nsets else 0
        if c:
            found.append((66, c))
        c = ALL_STEP_UP(chow_firsts, pair, 1, 0) if regular and pair >= 0 and nchows == nsets else 0
        if c:
            found.append((67, c))
        c = ALL_STEP_UP(chow_firsts, pair, 1, 1) if regular and pair >= 0 and nchows == nsets else 0
        if c:
            found.append((68, c))
        if shape in ('regular',):
            c = spreads.count(2)
            if c:
                found.append((69, c))
        if shape in ('regular',):
            c = spreads.count(3)
            if c:
                found.append((70, c))
        if shape in ('regular',):
            c = spreads.count(4)
            if c:
                found.append((71, c))
        c = 1 if any(p < 27 and p % 9 + 1 in (2, 5, 8) for p in pair_firsts) else 0
        if c:
            found.append((72, c))
        if shape in ('regular',):
            c = 1 if role is PUNG_ROLE and pair_wait_held else 0
            if c:
                found.append((73, c))
        if shape in ('regular', 'thirteen_orphans_and_set', 'sixteen_orphans'):
            c = 1 if hand.ready_declared else 0
            if c:
                found.append((76, c))
        if shape in ('regular',):
            c = 1 if all_kongs and self_drawn == 0 else 0
            if c:
                found.append((79, c))
        if shape in ('regular',):
            c = 1 if all_kongs and self_drawn == 1 else 0
            if c:
                found.append((80, c))
        c = 1 if role is PAIR_ROLE and len(hand.concealed) == 1 and self_drawn == 0 and nsets and all(g.declared and not g.concealed for g in groups if g.is_set) else 0
        if c:
            found.append((81, c))
        c = 1 if role is PAIR_ROLE and len(hand.concealed) == 1 and self_drawn == 1 and nsets and all(g.declared and not g.concealed for g in groups if g.is_set) else 0
        if c:
            found.append((82, c))
        c = 1 if shape == 'seven_pairs_and_pung' else 0
        if c:
            found.append((91, c))
        if shape in ('seven_pairs_and_pung',):
            c = PAIR_GONGS(pair_firsts, 1, 0) if npairs >= 2 else 0
            if c:
                found.append((92, c))
        if shape in ('seven_pairs_and_pung',):
            c = PAIR_GONGS(pair_firsts, 2, 1) if npairs >= 2 else 0
            if c:
                found.append((93, c))
        if shape in ('seven_pairs_and_pung',):
            c = SEQUENTIAL_PAIRS(pair_firsts, 3) if npairs >= 2 else 0
            if c:
                found.append((94, c))
        c = 1 if shape == 'thirteen_orphans_and_set' else 0
        if c:
            found.append((95, c))
        c = 1 if shape == 'sixteen_orphans' else 0
        if c:
            found.append((96, c))
        if shape in ('sixteen_orphans',):
            c = 1 if present & 67502849 == 67502849 else 0
            if c:
                found.append((97, c))
        if hand_found and len(found) > len(hand_found):
            found.sort()
        total = total_of(found)
        if best < 0 or total > best_total:
            best, best_total, best_found = number, total, found
    return best, best_found


def hefen_flower_win(hand: Hand, candidates: Sequence[Arrangement | None], waits: tuple[Tile, ...],
        patterns: Sequence[Pattern], arguments: Sequence[tuple[Any, ...]],
        total_of: Callable[[list[tuple[int, int]]], int]) -> tuple[int, list[tuple[int, int]]]:
    c: int
    h: Hit | None
    win = hand.win
    nflowers = len(hand.flowers)
    seat_wind = 27 + SEATS.index(hand.seat)
    own_flowers = sum(1 for t in hand.flowers if (t.index - 34) % 4 == seat_wind - 27)
    found: list[tuple[int, int]] = []
    c = nflowers
    if c:
        found.append((0, c))
    c = own_flowers
    if c:
        found.append((1, c))
    c = 1 if win is FLOWERS and nflowers == 7 else 0
    if c:
        found.append((2, c))
    c = 1 if win is FLOWERS and nflowers == 8 else 0
    if c:
        found.append((3, c))
    hand_found = found
    best = -1
    best_total = 0
    best_found = hand_found
    for number, arrangement in enumerate(candidates):
        facts: Facts | None = None
        found = list(hand_found)
        if hand_found and len(found) > len(hand_found):
            found.sort()
        total = total_of(found)
        if best < 0 or total > best_total:
            best, best_total, best_found = number, total, found
    return best, best_found


def lrc_ordinary(hand: Hand, candidates: Sequence[Arrangement | None], waits: tuple[Tile, ...],
        patterns: Sequence[Pattern], arguments: Sequence[tuple[Any, ...]],
        total_of: Callable[[list[tuple[int, int]]], int]) -> tuple[int, list[tuple[int, int]]]:
    c: int
    h: Hit | None
    win = hand.win
    counts = hand.counts
    nflowers = len(hand.flowers)
    self_drawn = win is SELF_DRAW or win is FLOWERS
    claimed = win is DISCARD or win is ROBBING_GONG
    has_honours = any(counts[27:34])
    has_terminals = any(counts[i] for i in TERMINAL_INDICES)
    nnumbered = (1 if any(counts[0:9]) else 0) + (1 if any(counts[9:18]) else 0) + (1 if any(counts[18:27]) else 0)
    nfamilies = nnumbered + (1 if any(counts[27:31]) else 0) + (1 if any(counts[31:34]) else 0)
    present = 0
    for i in range(34):
        if counts[i]:
            present |= 1 << i
    has4 = 4 in counts
    nwaits = len(waits)
    held = [t.index for t in hand.concealed]
    held_pairs_waited = sum(1 for t in waits if held.count(t.index) >= 2)
    pair_wait_held = nwaits == 2 and held_pairs_waited == 2 and PUNGS_A_HELD_PAIR(hand, waits[0]) and PUNGS_A_HELD_PAIR(hand, waits[1])
    all_kongs = all(m.kind is KONG_MELD for m in hand.melds)
    seat_wind = 27 + SEATS.index(hand.seat)
    round_wind = 27 + SEATS.index(hand.round)
    own_flowers = sum(1 for t in hand.flowers if (t.index - 34) % 4 == seat_wind - 27)
    found: list[tuple[int, int]] = []
    c = 0 if nflowers else 1
    if c:
        found.append((0, c))
    c = 0 if has_honours else 1
    if c:
        found.append((1, c))
    c = 0 if nflowers or has_honours else 1
    if c:
        found.append((2, c))
    c = nflowers
    if c:
        found.append((3, c))
    c = own_flowers
    if c:
        found.append((4, c))
    c = 1 if win is FLOWERS and nflowers == 7 else 0
    if c:
        found.append((5, c))
    c = 1 if win is FLOWERS and nflowers == 8 else 0
    if c:
        found.append((6, c))
    c = 0 if has_terminals or has_honours else 1
    if c:
        found.append((38, c))
    c = 1 if nnumbered == 1 and has_honours == 1 else 0
    if c:
        found.append((51, c))
    c = 1 if nnumbered == 1 and has_honours == 0 else 0
    if c:
        found.append((52, c))
    c = 1 if nnumbered == 2 and not has_honours else 0
    if c:
        found.append((53, c))
    c = 1 if nfamilies == 5 else 0
    if c:
        found.append((54, c))
    c = 0 if nnumbered else 1
    if c:
        found.append((58, c))
    c = 1 if counts[32] and not present & 12750946303 else 0
    if c:
        found.append((64, c))
    c = 1 if counts[33] and not present & 8589934080 else 0
    if c:
        found.append((65, c))
    c = 1 if counts[31] and not present & 15032123903 else 0
    if c:
        found.append((66, c))
    c = 1 if nwaits == 1 else 0
    if c:
        found.append((70, c))
    c = 0
    if c:
        found.append((71, c))
    c = 1 if hand.seat == 'E' or (claimed and hand.discarder == 'E') else 0
    if c:
        found.append((72, c))
    c = 1 if win is SELF_DRAW else 0
    if c:
        found.append((73, c))
    c = 1 if win is SELF_DRAW and hand.replacement is not None and hand.replacement.value in ('flower', 'gong') else 0
    if c:
        found.append((74, c))
    c = 1 if win is ROBBING_GONG else 0
    if c:
        found.append((77, c))
    c = 1 if win is SELF_DRAW and hand.replacement is not None and hand.replacement.value in ('double_gong',) else 0
    if c:
        found.append((78, c))
    c = 1 if hand.table_tiles is not None and hand.table_tiles <= 4 else 0
    if c:
        found.append((79, c))
    c = 1 if hand.table_tiles is not None and hand.table_tiles <= 7 else 0
    if c:
        found.append((80, c))
    c = 1 if hand.table_tiles is not None and hand.table_tiles <= 10 else 0
    if c:
        found.append((81, c))
    c = 1 if hand.last_tile and win is not ROBBING_GONG and win is SELF_DRAW else 0
    if c:
        found.append((82, c))
    c = 1 if hand.earthly else 0
    if c:
        found.append((83, c))
    c = 1 if hand.heavenly else 0
    if c:
        found.append((84, c))
    c = 2 * hand.dealer_streak + 1 if hand.dealer_streak >= 1 and (hand.seat == 'E') else 0
    if c:
        found.append((87, c))
    hand_found = found
    best = -1
    best_total = 0
    best_found = hand_found
    for number, arrangement in enumerate(candidates):
        facts: Facts | None = None
        found = list(hand_found)
        shape: str | None
        groups: tuple[Group, ...]
        role: WinRole | None
        if arrangement is None:
            shape = None
            groups = ()
            role = None
        else:
            shape = arrangement.shape
            groups = arrangement.groups
            role = arrangement.win_role
        regular = shape == 'regular'
        chow_firsts: list[int] = []
        pung_firsts: list[int] = []
        npairs = pair = cpungs = open_gongs = nkongs = ckongs = 0
        wind_pungs = dragon_pungs = 0
        for g in groups:
            if g.is_chow:
                chow_firsts.append(g.first.index)
            elif g.is_pung_like:
                first = g.first.index
                pung_firsts.append(first)
                if first >= 27:
                    if first < 31:
                        wind_pungs += 1
                    else:
                        dragon_pungs += 1
                kong = g.kind is KONG
                if g.concealed:
                    cpungs += 1
                    if kong:
                        ckongs += 1
                elif kong and not g.added:
                    open_gongs += 1
                if kong:
                    nkongs += 1
            elif g.kind is PAIR:
                npairs += 1
                pair = g.first.index
        if npairs != 1:
            pair = -1
        nchows = len(chow_firsts)
        npungs = len(pung_firsts)
        nsets = nchows + npungs
        okongs = nkongs - ckongs
        concealed_chow_firsts = [g.first.index for g in groups if g.is_chow and g.concealed]
        pair_firsts = [g.first.index for g in groups if g.kind is PAIR]
        spreads: list[int] = []
        if has4:
            holding: dict[int, int] = {}
            for g in groups:
                for i in {t.index for t in g.tiles}:
                    holding[i] = holding.get(i, 0) + 1
            spreads = [holding.get(i, 0) for i in range(34) if counts[i] == 4]
        chow_dups = nchows - len(set(chow_firsts))
        sister_ranks = len({c % 9 for c in chow_firsts}) < len(set(chow_firsts))
        numbered_pungs = [p for p in pung_firsts if p < 27]
        pung_same_rank = len({p % 9 for p in numbered_pungs}) < len(numbered_pungs)
        terminal_pungs = len(TERMINALS.intersection(pung_firsts))
        end_chows = len(END_CHOWS.intersection(chow_firsts))
        chow_ranks = {c % 9 for c in chow_firsts}
        adjacent_pungs = any(p + 1 in pung_firsts and p % 9 != 8 for p in pung_firsts if p < 26)
        step3 = any(r + 1 in chow_ranks and r + 2 in chow_ranks for r in chow_ranks)
        outside = pair >= 0 and (pair >= 27 or pair % 9 in (0, 8)) and all(c % 9 in (0, 6) for c in chow_firsts) and all(p >= 27 or p % 9 in (0, 8) for p in pung_firsts)
        c = wind_pungs
        if c:
            found.append((7, c))
        c = pung_firsts.count(seat_wind)
        if c:
            found.append((8, c))
        c = pung_firsts.count(round_wind)
        if c:
            found.append((9, c))
        c = 1 if wind_pungs >= 2 and 27 <= pair < 31 else 0
        if c:
            found.append((10, c))
        c = 1 if wind_pungs >= 3 else 0
        if c:
            found.append((11, c))
        c = 1 if wind_pungs >= 3 and 27 <= pair < 31 else 0
        if c:
            found.append((12, c))
        c = 1 if wind_pungs >= 4 else 0
        if c:
            found.append((13, c))
        c = dragon_pungs
        if c:
            found.append((14, c))
        c = 1 if dragon_pungs >= 2 and 31 <= pair < 34 else 0
        if c:
            found.append((15, c))
        c = 1 if dragon_pungs >= 3 else 0
        if c:
            found.append((16, c))
        c = okongs
        if c:
            found.append((17, c))
        c = ckongs
        if c:
            found.append((18, c))
        c = DRAGON_SEQUENCE(chow_firsts, 0) if nchows >= 3 and DRAGON_RANKS <= chow_ranks else 0
        if c:
            found.append((19, c))
        c = DRAGON_SEQUENCE(concealed_chow_firsts, 0) if nchows >= 3 and DRAGON_RANKS <= chow_ranks else 0
        if c:
            found.append((20, c))
        c = DRAGON_SEQUENCE(chow_firsts, 1) if nchows >= 3 and DRAGON_RANKS <= chow_ranks else 0
        if c:
            found.append((21, c))
        c = DRAGON_SEQUENCE(concealed_chow_firsts, 1) if nchows >= 3 and DRAGON_RANKS <= chow_ranks else 0
        if c:
            found.append((22, c))
        c = PUNG_RUNS(pung_firsts, 2, 0) if npungs >= 2 and adjacent_pungs else 0
        if c:
            found.append((23, c))
        c = PUNG_RUNS(pung_firsts, 3, 0) if npungs >= 3 and adjacent_pungs else 0
        if c:
            found.append((24, c))
        c = PUNG_RUNS(pung_firsts, 4, 0) if npungs >= 4 and adjacent_pungs else 0
        if c:
            found.append((25, c))
        c = PUNG_RUNS(pung_firsts, 5, 0) if npungs >= 5 and adjacent_pungs else 0
        if c:
            found.append((26, c))
        c = IDENTICAL(chow_firsts, 2, 0) if chow_dups >= 1 else 0
        if c:
            found.append((27, c))
        c = IDENTICAL(chow_firsts, 3, 0) if chow_dups >= 2 else 0
        if c:
            found.append((28, c))
        c = IDENTICAL(chow_firsts, 4, 0) if chow_dups >= 3 else 0
        if c:
            found.append((29, c))
        c = SISTER_CHOWS(chow_firsts, 2, 0) if sister_ranks else 0
        if c:
            found.append((30, c))
        c = SISTER_CHOWS(chow_firsts, 3, 0) if sister_ranks else 0
        if c:
            found.append((31, c))
        c = SISTER_PUNGS(pung_firsts, 2, 0) if npungs >= 2 and pung_same_rank else 0
        if c:
            found.append((32, c))
        c = SISTER_PUNGS(pung_firsts, 3, 0) if npungs >= 3 and pung_same_rank else 0
        if c:
            found.append((33, c))
        c = 1 if cpungs + open_gongs >= 2 else 0
        if c:
            found.append((34, c))
        c = 1 if cpungs + open_gongs >= 3 else 0
        if c:
            found.append((35, c))
        c = 1 if cpungs + open_gongs >= 4 else 0
        if c:
            found.append((36, c))
        c = 1 if cpungs + open_gongs >= 5 else 0
        if c:
            found.append((37, c))
        c = (1 if sum(1 for s in (0, 9, 18) if s in pung_firsts and s + 8 in pung_firsts) >= 1 else 0) if terminal_pungs >= 2 else 0
        if c:
            found.append((39, c))
        c = (1 if sum(1 for s in (0, 9, 18) if s in pung_firsts and s + 8 in pung_firsts) >= 2 else 0) if terminal_pungs >= 4 else 0
        if c:
            found.append((40, c))
        c = TERMINAL_CHOW_SETS(chow_firsts, 1, 0) if nchows >= 2 and end_chows >= 2 else 0
        if c:
            found.append((41, c))
        c = TERMINAL_CHOW_SETS(chow_firsts, 2, 0) if nchows >= 4 and end_chows >= 2 else 0
        if c:
            found.append((42, c))
        c = TERMINAL_CHOW_SETS(chow_firsts, 2, 1) if nchows >= 4 and end_chows >= 2 else 0
        if c:
            found.append((43, c))
        c = STEP_UP(chow_firsts, 3, 1) if nchows >= 3 and step3 else 0
        if c:
            found.append((44, c))
        if shape in ('regular',):
            c = 1 if 2 in spreads else 0
            if c:
                found.append((45, c))
        if shape in ('regular',):
            c = 1 if 3 in spreads else 0
            if c:
                found.append((46, c))
        if shape in ('regular',):
            c = 1 if 4 in spreads else 0
            if c:
                found.append((47, c))
        c = 1 if regular and nchows == nsets and not (nflowers or has_honours) else 0
        if c:
            found.append((48, c))
        if shape in ('regular',):
            c = 1 if all_kongs and self_drawn == 0 else 0
            if c:
                found.append((49, c))
        c = 1 if role is PAIR_ROLE and len(hand.concealed) == 1 and self_drawn == 0 and nsets and all(g.declared and not g.concealed for g in groups if g.is_set) else 0
        if c:
            found.append((50, c))
        c = 1 if regular and npungs == nsets else 0
        if c:
            found.append((55, c))
        c = 1 if regular and nchows == nsets else 0
        if c:
            found.append((56, c))
        c = SEQUENTIAL_PUNG_HAND(pung_firsts, pair) if npungs == 5 and pair >= 0 else 0
        if c:
            found.append((57, c))
        c = 1 if regular and outside and has_terminals and has_honours == 1 else 0
        if c:
            found.append((59, c))
        c = 1 if regular and outside and has_terminals and has_honours == 0 else 0
        if c:
            found.append((60, c))
        c = 1 if shape == 'seven_pairs_and_pung' else 0
        if c:
            found.append((61, c))
        c = 1 if shape == 'thirteen_orphans_and_set' else 0
        if c:
            found.append((62, c))
        c = 1 if shape == 'sixteen_orphans' else 0
        if c:
            found.append((63, c))
        c = ALL_STEP_UP(chow_firsts, pair, 0, 0) if regular and pair >= 0 and nchows == nsets else 0
        if c:
            found.append((67, c))
        c = 1 if 0 <= pair < 27 and pair % 9 + 1 in (2, 5, 8) else 0
        if c:
            found.append((68, c))
        if shape in ('regular',):
            c = 1 if role is PUNG_ROLE and pair_wait_held else 0
            if c:
                found.append((69, c))
        if shape in ('regular',):
            c = 1 if all_kongs and self_drawn == 1 else 0
            if c:
                found.append((75, c))
        c = 1 if role is PAIR_ROLE and len(hand.concealed) == 1 and self_drawn == 1 and nsets and all(g.declared and not g.concealed for g in groups if g.is_set) else 0
        if c:
            found.append((76, c))
        if shape in ('seven_pairs_and_pung',):
            c = PAIR_GONGS(pair_firsts, 1, 0) if npairs >= 2 else 0
            if c:
                found.append((85, c))
        if shape in ('seven_pairs_and_pung',):
            c = PAIR_GONGS(pair_firsts, 2, 1) if npairs >= 2 else 0
            if c:
                found.append((86, c))
        if hand_found and len(found) > len(hand_found):
            found.sort()
        total = total_of(found)
        if best < 0 or total > best_total:
            best, best_total, best_found = number, total, found
    return best, best_found


def mcr_ordinary(hand: Hand, candidates: Sequence[Arrangement | None], waits: tuple[Tile, ...],
        patterns: Sequence[Pattern], arguments: Sequence[tuple[Any, ...]],
        total_of: Callable[[list[tuple[int, int]]], int]) -> tuple[int, list[tuple[int, int]]]:
    c: int
    h: Hit | None
    win = hand.win
    counts = hand.counts
    nflowers = len(hand.flowers)
    self_drawn = win is SELF_DRAW or win is FLOWERS
    has_honours = any(counts[27:34])
    nnumbered = (1 if any(counts[0:9]) else 0) + (1 if any(counts[9:18]) else 0) + (1 if any(counts[18:27]) else 0)
    nfamilies = nnumbered + (1 if any(counts[27:31]) else 0) + (1 if any(counts[31:34]) else 0)
    present = 0
    for i in range(34):
        if counts[i]:
            present |= 1 << i
    has4 = 4 in counts
    nwaits = len(waits)
    held = [t.index for t in hand.concealed]
    exposed = hand.has_exposed_melds
    win_index = -1 if hand.win_tile is None else hand.win_tile.index
    seat_wind = 27 + SEATS.index(hand.seat)
    round_wind = 27 + SEATS.index(hand.round)
    found: list[tuple[int, int]] = []
    c = 1 if hand.last_tile and win is not ROBBING_GONG and win is SELF_DRAW else 0
    if c:
        found.append((42, c))
    c = 1 if hand.last_tile and win is not ROBBING_GONG and win is not SELF_DRAW else 0
    if c:
        found.append((43, c))
    c = 1 if win is SELF_DRAW and hand.replacement is not None and hand.replacement.value in ('gong', 'double_gong') else 0
    if c:
        found.append((44, c))
    c = 1 if win is ROBBING_GONG else 0
    if c:
        found.append((45, c))
    c = 1 if nfamilies == 5 else 0
    if c:
        found.append((49, c))
    c = 1 if not exposed and self_drawn == 1 else 0
    if c:
        found.append((54, c))
    c = 1 if hand.win_tile is not None and (hand.last_of_kind or sum(1 for m in hand.melds for t in m.tiles if t.index == hand.win_tile.index) == 3) else 0
    if c:
        found.append((56, c))
    c = 1 if not exposed and self_drawn == 0 else 0
    if c:
        found.append((60, c))
    c = 1 if win is SELF_DRAW else 0
    if c:
        found.append((78, c))
    c = nflowers
    if c:
        found.append((79, c))
    hand_found = found
    best = -1
    best_total = 0
    best_found = hand_found
    for number, arrangement in enumerate(candidates):
        facts: Facts | None = None
        found = list(hand_found)
        shape: str | None
        groups: tuple[Group, ...]
        role: WinRole | None
        if arrangement is None:
            shape = None
            groups = ()
            role = None
        else:
            shape = arrangement.shape
            groups = arrangement.groups
            role = arrangement.win_role
        regular = shape == 'regular'
        chow_firsts: list[int] = []
        pung_firsts: list[int] = []
        npairs = pair = cpungs = open_gongs = nkongs = ckongs = 0
        wind_pungs = dragon_pungs = 0
        for g in groups:
            if g.is_chow:
                chow_firsts.append(g.first.index)
            elif g.is_pung_like:
                first = g.first.index
                pung_firsts.append(first)
                if first >= 27:
                    if first < 31:
                        wind_pungs += 1
                    else:
                        dragon_pungs += 1
                kong = g.kind is KONG
                if g.concealed:
                    cpungs += 1
                    if kong:
                        ckongs += 1
                elif kong and not g.added:
                    open_gongs += 1
                if kong:
                    nkongs += 1
            elif g.kind is PAIR:
                npairs += 1
                pair = g.first.index
        if npairs != 1:
            pair = -1
        nchows = len(chow_firsts)
        npungs = len(pung_firsts)
        nsets = nchows + npungs
        okongs = nkongs - ckongs
        edge_wait = closed_wait = pair_wait = off_wait = False
        for g in groups:
            if g.declared:
                continue
            at = -1
            for n in range(len(g.tiles)):
                if g.tiles[n].index == win_index:
                    at = n
                    break
            if at < 0:
                continue
            if g.kind is KNITTED or g.kind is SINGLES:
                off_wait = True
            elif g.kind is PAIR:
                pair_wait = True
            elif g.is_chow:
                if at == 1:
                    closed_wait = True
                elif (at == 2 and g.first.index % 9 == 0) or (at == 0 and g.first.index % 9 == 6):
                    edge_wait = True
        wait_place = '' if off_wait else 'edge' if edge_wait else 'closed' if closed_wait else 'pair' if pair_wait else ''
        other_wind_pungs = sum(1 for p in pung_firsts if 27 <= p < 31 and p != seat_wind and p != round_wind) if wind_pungs else 0
        knitted_straight = 0
        if nsets < len(groups) - 1:
            knitted = sum(1 for g in groups if g.kind is KNITTED and len(g.tiles) == 3)
            knitted_straight = 1 if knitted == 3 else 0
        chow_dups = nchows - len(set(chow_firsts))
        sister_ranks = len({c % 9 for c in chow_firsts}) < len(set(chow_firsts))
        numbered_pungs = [p for p in pung_firsts if p < 27]
        pung_same_rank = len({p % 9 for p in numbered_pungs}) < len(numbered_pungs)
        terminal_pungs = len(TERMINALS.intersection(pung_firsts))
        chow_key = tuple(sorted(chow_firsts))
        chow_ranks = {c % 9 for c in chow_firsts}
        adjacent_pungs = any(p + 1 in pung_firsts and p % 9 != 8 for p in pung_firsts if p < 26)
        step3 = any(r + 1 in chow_ranks and r + 2 in chow_ranks for r in chow_ranks)
        c = 1 if wind_pungs >= 4 else 0
        if c:
            found.append((0, c))
        c = 1 if dragon_pungs >= 3 else 0
        if c:
            found.append((1, c))
        if shape in ('regular', 'seven_pairs', 'knitted_straight'):
            c = 0 if present & 12839288831 else 1
            if c:
                found.append((2, c))
        if shape in ('regular',):
            c = 0 if hand.melds else HELD_SUIT_COUNTS(held, (3, 1, 1, 1, 1, 1, 1, 1, 3))
            if c:
                found.append((3, c))
        c = 1 if nkongs in (4,) else 0
        if c:
            found.append((4, c))
        c = 1 if shape == 'seven_shifted_pairs' else 0
        if c:
            found.append((5, c))
        c = 1 if shape == 'thirteen_orphans' else 0
        if c:
            found.append((6, c))
        if shape in ('regular', 'seven_pairs', 'knitted_straight'):
            c = 0 if present & 17112366334 else 1
            if c:
                found.append((7, c))
        c = 1 if wind_pungs >= 3 and 27 <= pair < 31 else 0
        if c:
            found.append((8, c))
        c = 1 if dragon_pungs >= 2 and 31 <= pair < 34 else 0
        if c:
            found.append((9, c))
        if shape in ('regular', 'seven_pairs', 'knitted_straight'):
            c = 0 if present & 134217727 else 1
            if c:
                found.append((10, c))
        c = 1 if cpungs >= 4 else 0
        if c:
            found.append((11, c))
        c = TERMINAL_CHOWS_WITH_FIVES(chow_key, pair, 1) if nchows == 4 and npungs == 0 and 0 <= pair < 27 and pair % 9 == 4 else 0
        if c:
            found.append((12, c))
        c = IDENTICAL(chow_firsts, 4, 0) if chow_dups >= 3 else 0
        if c:
            found.append((13, c))
        c = PUNG_RUNS(pung_firsts, 4, 0) if npungs >= 4 and adjacent_pungs else 0
        if c:
            found.append((14, c))
        c = SHIFTED(chow_firsts, 4) if nchows >= 4 else 0
        if c:
            found.append((15, c))
        c = 1 if nkongs in (3,) else 0
        if c:
            found.append((16, c))
        if shape in ('regular', 'seven_pairs', 'knitted_straight'):
            c = 0 if present & 66714878 else 1
            if c:
                found.append((17, c))
        c = 1 if shape == 'seven_pairs' else 0
        if c:
            found.append((18, c))
        c = 1 if shape == 'greater_honours_and_knitted_tiles' else 0
        if c:
            found.append((19, c))
        if shape in ('regular',):
            c = 1 if nsets and npungs == nsets and pair >= 0 and not present & 17135217493 else 0
            if c:
                found.append((20, c))
        if shape in ('regular', 'seven_pairs', 'knitted_straight'):
            c = 1 if nnumbered == 1 and has_honours == 0 else 0
            if c:
                found.append((21, c))
        c = IDENTICAL(chow_firsts, 3, 0) if chow_dups >= 2 else 0
        if c:
            found.append((22, c))
        c = PUNG_RUNS(pung_firsts, 3, 0) if npungs >= 3 and adjacent_pungs else 0
        if c:
            found.append((23, c))
        if shape in ('regular', 'seven_pairs', 'knitted_straight'):
            c = 0 if present & 17062198847 else 1
            if c:
                found.append((24, c))
        if shape in ('regular', 'seven_pairs', 'knitted_straight'):
            c = 0 if present & 17165160391 else 1
            if c:
                found.append((25, c))
        if shape in ('regular', 'seven_pairs', 'knitted_straight'):
            c = 0 if present & 17178030584 else 1
            if c:
                found.append((26, c))
        c = DRAGON_SEQUENCE(chow_firsts, 1) if nchows >= 3 and DRAGON_RANKS <= chow_ranks else 0
        if c:
            found.append((27, c))
        c = TERMINAL_CHOWS_WITH_FIVES(chow_key, pair, 0) if nchows == 4 and npungs == 0 and 0 <= pair < 27 and pair % 9 == 4 else 0
        if c:
            found.append((28, c))
        c = SHIFTED(chow_firsts, 3) if nchows >= 3 else 0
        if c:
            found.append((29, c))
        if shape in ('regular',):
            c = EVERY_GROUP_HOLDS(groups, 4202512) if present & 4202512 and all((7 << c) & 4202512 for c in chow_firsts) and all((1 << p) & 4202512 for p in pung_firsts) and (pair < 0 or (1 << pair) & 4202512) else 0
            if c:
                found.append((30, c))
        c = SISTER_PUNGS(pung_firsts, 3, 0) if npungs >= 3 and pung_same_rank else 0
        if c:
            found.append((31, c))
        c = 1 if cpungs >= 3 else 0
        if c:
            found.append((32, c))
        c = 1 if shape == 'lesser_honours_and_knitted_tiles' else 0
        if c:
            found.append((33, c))
        if shape in ('knitted_straight', 'lesser_honours_and_knitted_tiles'):
            c = knitted_straight
            if c:
                found.append((34, c))
        if shape in ('regular', 'seven_pairs', 'knitted_straight'):
            c = 0 if present & 17053793823 else 1
            if c:
                found.append((35, c))
        if shape in ('regular', 'seven_pairs', 'knitted_straight'):
            c = 0 if present & 17175929328 else 1
            if c:
                found.append((36, c))
        c = 1 if wind_pungs >= 3 else 0
        if c:
            found.append((37, c))
        c = DRAGON_SEQUENCE(chow_firsts, 0) if nchows >= 3 and DRAGON_RANKS <= chow_ranks else 0
        if c:
            found.append((38, c))
        if shape in ('regular', 'seven_pairs', 'knitted_straight'):
            c = 0 if present & 14916305407 else 1
            if c:
                found.append((39, c))
        c = SISTER_CHOWS(chow_firsts, 3, 0) if sister_ranks else 0
        if c:
            found.append((40, c))
        c = MIXED_SHIFTED(pung_firsts) if npungs >= 3 else 0
        if c:
            found.append((41, c))
        if shape in ('regular',):
            c = 1 if regular and npungs == nsets else 0
            if c:
                found.append((46, c))
        if shape in ('regular', 'seven_pairs', 'knitted_straight'):
            c = 1 if nnumbered == 1 and has_honours == 1 else 0
            if c:
                found.append((47, c))
        c = STEP_UP(chow_firsts, 3, 1) if nchows >= 3 and step3 else 0
        if c:
            found.append((48, c))
        c = 1 if role is PAIR_ROLE and len(hand.concealed) == 1 and self_drawn == 0 and nsets and all(g.declared and not g.concealed for g in groups if g.is_set) else 0
        if c:
            found.append((50, c))
        c = 1 if nkongs in (2,) and ckongs in (2,) else 0
        if c:
            found.append((51, c))
        c = 1 if dragon_pungs >= 2 else 0
        if c:
            found.append((52, c))
        if shape in ('regular',):
            c = EVERY_GROUP_HOLDS(groups, 17113154305) if present & 17113154305 and all((7 << c) & 17113154305 for c in chow_firsts) and all((1 << p) & 17113154305 for p in pung_firsts) and (pair < 0 or (1 << pair) & 17113154305) else 0
            if c:
                found.append((53, c))
        c = 1 if nkongs in (2,) and ckongs in (0, 1) else 0
        if c:
            found.append((55, c))
        c = dragon_pungs
        if c:
            found.append((57, c))
        c = pung_firsts.count(round_wind)
        if c:
            found.append((58, c))
        c = pung_firsts.count(seat_wind)
        if c:
            found.append((59, c))
        if shape in ('regular', 'knitted_straight'):
            c = 1 if nsets and nchows == nsets and 0 <= pair < 27 else 0
            if c:
                found.append((61, c))
        if shape in ('regular', 'seven_pairs', 'knitted_straight'):
            c = counts.count(4) - nkongs if has4 else 0
            if c:
                found.append((62, c))
        c = SAME_RANK_PUNG_PAIRS(pung_firsts) if pung_same_rank else 0
        if c:
            found.append((63, c))
        c = 1 if cpungs >= 2 else 0
        if c:
            found.append((64, c))
        c = 1 if nkongs in (1, 2) and ckongs in (1,) else 0
        if c:
            found.append((65, c))
        if shape in ('regular', 'seven_pairs', 'knitted_straight', 'seven_shifted_pairs'):
            c = 0 if present & 17113154305 else 1
            if c:
                found.append((66, c))
        c = CHOW_PAIR_FANS(chow_key)['pure_double_chow'] if nchows >= 2 else 0
        if c:
            found.append((67, c))
        c = CHOW_PAIR_FANS(chow_key)['mixed_double_chow'] if nchows >= 2 else 0
        if c:
            found.append((68, c))
        c = CHOW_PAIR_FANS(chow_key)['short_straight'] if nchows >= 2 else 0
        if c:
            found.append((69, c))
        c = CHOW_PAIR_FANS(chow_key)['two_terminal_chows'] if nchows >= 2 else 0
        if c:
            found.append((70, c))
        c = terminal_pungs + (other_wind_pungs if wind_pungs < 3 else 0)
        if c:
            found.append((71, c))
        c = 1 if nkongs in (1,) and ckongs in (0,) else 0
        if c:
            found.append((72, c))
        if shape in ('regular', 'seven_pairs', 'knitted_straight'):
            c = 1 if nnumbered == 2 else 0
            if c:
                found.append((73, c))
        if shape in ('regular', 'seven_pairs', 'knitted_straight'):
            c = 0 if has_honours else 1
            if c:
                found.append((74, c))
        c = 1 if nwaits == 1 and wait_place == 'edge' else 0
        if c:
            found.append((75, c))
        c = 1 if nwaits == 1 and wait_place == 'closed' else 0
        if c:
            found.append((76, c))
        c = 1 if nwaits == 1 and wait_place == 'pair' else 0
        if c:
            found.append((77, c))
        if hand_found and len(found) > len(hand_found):
            found.sort()
        total = total_of(found)
        if best < 0 or total > best_total:
            best, best_total, best_found = number, total, found
    return best, best_found


def mcr_flower_win(hand: Hand, candidates: Sequence[Arrangement | None], waits: tuple[Tile, ...],
        patterns: Sequence[Pattern], arguments: Sequence[tuple[Any, ...]],
        total_of: Callable[[list[tuple[int, int]]], int]) -> tuple[int, list[tuple[int, int]]]:
    c: int
    h: Hit | None
    found: list[tuple[int, int]] = []
    hand_found = found
    best = -1
    best_total = 0
    best_found = hand_found
    for number, arrangement in enumerate(candidates):
        facts: Facts | None = None
        found = list(hand_found)
        if hand_found and len(found) > len(hand_found):
            found.sort()
        total = total_of(found)
        if best < 0 or total > best_total:
            best, best_total, best_found = number, total, found
    return best, best_found


def taiwan_ordinary(hand: Hand, candidates: Sequence[Arrangement | None], waits: tuple[Tile, ...],
        patterns: Sequence[Pattern], arguments: Sequence[tuple[Any, ...]],
        total_of: Callable[[list[tuple[int, int]]], int]) -> tuple[int, list[tuple[int, int]]]:
    c: int
    h: Hit | None
    win = hand.win
    counts = hand.counts
    nflowers = len(hand.flowers)
    self_drawn = win is SELF_DRAW or win is FLOWERS
    claimed = win is DISCARD or win is ROBBING_GONG
    has_honours = any(counts[27:34])
    nnumbered = (1 if any(counts[0:9]) else 0) + (1 if any(counts[9:18]) else 0) + (1 if any(counts[18:27]) else 0)
    nwaits = len(waits)
    exposed = hand.has_exposed_melds
    all_kongs = all(m.kind is KONG_MELD for m in hand.melds)
    seat_wind = 27 + SEATS.index(hand.seat)
    round_wind = 27 + SEATS.index(hand.round)
    own_flowers = sum(1 for t in hand.flowers if (t.index - 34) % 4 == seat_wind - 27)
    found: list[tuple[int, int]] = []
    c = 1 if (hand.seat == 'E' or hand.discarder is None or hand.discarder == 'E') else 0
    if c:
        found.append((0, c))
    c = hand.dealer_streak if hand.dealer_streak > 0 and (hand.seat == 'E' or hand.discarder is None or hand.discarder == 'E') else 0
    if c:
        found.append((1, c))
    c = 0 if exposed else 1
    if c:
        found.append((2, c))
    c = 1 if win is SELF_DRAW else 0
    if c:
        found.append((3, c))
    c = 1 if all_kongs and self_drawn == 1 and not exposed else 0
    if c:
        found.append((4, c))
    c = own_flowers
    if c:
        found.append((7, c))
    c = 1 if win is ROBBING_GONG else 0
    if c:
        found.append((8, c))
    c = OWN_KONG_REPLACEMENT(hand) if win is SELF_DRAW and hand.replacement is not None else 0
    if c:
        found.append((12, c))
    c = 1 if hand.last_tile and win is not ROBBING_GONG and win is SELF_DRAW else 0
    if c:
        found.append((13, c))
    c = 1 if hand.last_tile and win is not ROBBING_GONG and win is not SELF_DRAW else 0
    if c:
        found.append((14, c))
    c = FLOWER_SET(hand.flowers, 1, 0) if nflowers >= 4 else 0
    if c:
        found.append((17, c))
    c = 1 if hand.ready_on is not None and hand.ready_on.value == 'first_discard' else 0
    if c:
        found.append((19, c))
    c = 1 if nnumbered == 1 and has_honours == 1 else 0
    if c:
        found.append((22, c))
    c = 1 if hand.ready_on is not None and hand.ready_on.value == 'deal' else 0
    if c:
        found.append((24, c))
    c = 1 if nnumbered == 1 and has_honours == 0 else 0
    if c:
        found.append((28, c))
    c = 1 if win is FLOWERS and nflowers == 8 else 0
    if c:
        found.append((29, c))
    c = 1 if win is FLOWERS and nflowers == 7 else 0
    if c:
        found.append((30, c))
    c = 1 if hand.heavenly else 0
    if c:
        found.append((31, c))
    c = 1 if hand.earthly else 0
    if c:
        found.append((32, c))
    c = 1 if hand.seat != 'E' and win is DISCARD and hand.discards is not None and not hand.earthly and not hand.effective_declared_tiles and hand.discards < SEATS.index(hand.seat) else 0
    if c:
        found.append((33, c))
    c = 0 if nnumbered else 1
    if c:
        found.append((35, c))
    hand_found = found
    best = -1
    best_total = 0
    best_found = hand_found
    for number, arrangement in enumerate(candidates):
        facts: Facts | None = None
        found = list(hand_found)
        shape: str | None
        groups: tuple[Group, ...]
        role: WinRole | None
        if arrangement is None:
            shape = None
            groups = ()
            role = None
        else:
            shape = arrangement.shape
            groups = arrangement.groups
            role = arrangement.win_role
        role_value = role.value if role is not None else None
        regular = shape == 'regular'
        chow_firsts: list[int] = []
        pung_firsts: list[int] = []
        npairs = pair = cpungs = open_gongs = nkongs = ckongs = 0
        wind_pungs = dragon_pungs = 0
        for g in groups:
            if g.is_chow:
                chow_firsts.append(g.first.index)
            elif g.is_pung_like:
                first = g.first.index
                pung_firsts.append(first)
                if first >= 27:
                    if first < 31:
                        wind_pungs += 1
                    else:
                        dragon_pungs += 1
                kong = g.kind is KONG
                if g.concealed:
                    cpungs += 1
                    if kong:
                        ckongs += 1
                elif kong and not g.added:
                    open_gongs += 1
                if kong:
                    nkongs += 1
            elif g.kind is PAIR:
                npairs += 1
                pair = g.first.index
        if npairs != 1:
            pair = -1
        nchows = len(chow_firsts)
        npungs = len(pung_firsts)
        nsets = nchows + npungs
        okongs = nkongs - ckongs
        c = pung_firsts.count(seat_wind)
        if c:
            found.append((5, c))
        c = pung_firsts.count(round_wind)
        if c:
            found.append((6, c))
        c = dragon_pungs
        if c:
            found.append((9, c))
        c = 1 if nwaits == 1 and role_value in ('edge', 'closed', 'pair', 'two_sided') else 0
        if c:
            found.append((10, c))
        c = 1 if role is PAIR_ROLE and len(hand.concealed) == 1 and self_drawn == 1 and nsets and all(g.declared and not g.concealed for g in groups if g.is_set) else 0
        if c:
            found.append((11, c))
        c = 1 if claimed and not nflowers and not has_honours and regular and nchows == nsets and role is TWO_SIDED_ROLE else 0
        if c:
            found.append((15, c))
        c = 1 if role is PAIR_ROLE and len(hand.concealed) == 1 and self_drawn == 0 and nsets and all(g.declared and not g.concealed for g in groups if g.is_set) else 0
        if c:
            found.append((16, c))
        c = 1 if cpungs >= 3 else 0
        if c:
            found.append((18, c))
        c = 1 if regular and npungs == nsets else 0
        if c:
            found.append((20, c))
        c = 1 if dragon_pungs >= 2 and 31 <= pair < 34 else 0
        if c:
            found.append((21, c))
        c = 1 if cpungs >= 4 else 0
        if c:
            found.append((23, c))
        c = 1 if cpungs >= 5 else 0
        if c:
            found.append((25, c))
        c = 1 if dragon_pungs >= 3 else 0
        if c:
            found.append((26, c))
        c = 1 if wind_pungs >= 3 and 27 <= pair < 31 else 0
        if c:
            found.append((27, c))
        c = 1 if wind_pungs >= 4 else 0
        if c:
            found.append((34, c))
        if hand_found and len(found) > len(hand_found):
            found.sort()
        total = total_of(found)
        if best < 0 or total > best_total:
            best, best_total, best_found = number, total, found
    return best, best_found


def taiwan_flower_win(hand: Hand, candidates: Sequence[Arrangement | None], waits: tuple[Tile, ...],
        patterns: Sequence[Pattern], arguments: Sequence[tuple[Any, ...]],
        total_of: Callable[[list[tuple[int, int]]], int]) -> tuple[int, list[tuple[int, int]]]:
    c: int
    h: Hit | None
    win = hand.win
    nflowers = len(hand.flowers)
    found: list[tuple[int, int]] = []
    c = 1 if (hand.seat == 'E' or hand.discarder is None or hand.discarder == 'E') else 0
    if c:
        found.append((0, c))
    c = hand.dealer_streak if hand.dealer_streak > 0 and (hand.seat == 'E' or hand.discarder is None or hand.discarder == 'E') else 0
    if c:
        found.append((1, c))
    c = 1 if win is FLOWERS and nflowers == 8 else 0
    if c:
        found.append((2, c))
    c = 1 if win is FLOWERS and nflowers == 7 else 0
    if c:
        found.append((3, c))
    hand_found = found
    best = -1
    best_total = 0
    best_found = hand_found
    for number, arrangement in enumerate(candidates):
        facts: Facts | None = None
        found = list(hand_found)
        if hand_found and len(found) > len(hand_found):
            found.sort()
        total = total_of(found)
        if best < 0 or total > best_total:
            best, best_total, best_found = number, total, found
    return best, best_found


#: The functions above by the digest of their source (named ``evaluate``).
PREBUILT: dict[str, Evaluate] = {
    "ac1914d9b2ec1bc0": fourwinds_ordinary,
    "451350dce64d9bca": fourwinds_flower_win,
    "adfb824ba6e4bcb1": hefen_ordinary,
    "f46733a576378a8d": hefen_flower_win,
    "35cf41f398909faf": lrc_ordinary,
    "465e5036db28e892": mcr_ordinary,
    "418ad2e1ffec7e67": mcr_flower_win,
    "a124ee3ec4bebb97": taiwan_ordinary,
    "fa05f9704370d441": taiwan_flower_win,
}
