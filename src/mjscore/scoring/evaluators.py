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
from mjscore.scoring.ruleset import AwardRule
from mjscore.arrangements import pungs_a_held_pair as PUNGS_A_HELD_PAIR
from mjscore.scoring.fast_forms import all_step_up as ALL_STEP_UP
from mjscore.scoring.fast_forms import dora_count as DORA_COUNT
from mjscore.scoring.fast_forms import dragon_sequence as DRAGON_SEQUENCE
from mjscore.scoring.fast_forms import every_group_holds as EVERY_GROUP_HOLDS
from mjscore.scoring.fast_forms import flower_set as FLOWER_SET
from mjscore.scoring.fast_forms import held_suit_counts as HELD_SUIT_COUNTS
from mjscore.scoring.fast_forms import identical as IDENTICAL
from mjscore.scoring.fast_forms import mixed_shifted as MIXED_SHIFTED
from mjscore.scoring.fast_forms import own_kong_replacement as OWN_KONG_REPLACEMENT
from mjscore.scoring.fast_forms import pair_gongs as PAIR_GONGS
from mjscore.scoring.fast_forms import pung_runs as PUNG_RUNS
from mjscore.scoring.fast_forms import same_rank_pung_pairs as SAME_RANK_PUNG_PAIRS
from mjscore.scoring.fast_forms import sequential_pairs as SEQUENTIAL_PAIRS
from mjscore.scoring.fast_forms import sequential_pung_hand as SEQUENTIAL_PUNG_HAND
from mjscore.scoring.fast_forms import shifted as SHIFTED
from mjscore.scoring.fast_forms import sister_chows as SISTER_CHOWS
from mjscore.scoring.fast_forms import sister_pungs as SISTER_PUNGS
from mjscore.scoring.fast_forms import step_up as STEP_UP
from mjscore.scoring.fast_forms import terminal_chow_sets as TERMINAL_CHOW_SETS
from mjscore.scoring.fast_forms import terminal_chows_with_fives as TERMINAL_CHOWS_WITH_FIVES
from mjscore.scoring.patterns_mcr import chow_pair_fans as CHOW_PAIR_FANS
from mjscore.scoring.summary import (
    DISCARD,
    DRAGON_RANKS,
    FLOWERS,
    Facts,
    KNITTED,
    KONG_MELD,
    NO_CHOW_PAIRS,
    PAIR_ROLE,
    PUNG_ROLE,
    ROBBING_GONG,
    SEATS,
    SELF_DRAW,
    TWO_SIDED_ROLE,
    Evaluate,
)
from mjscore.tiles import Tile


def fourwinds_ordinary(hand: Hand, candidates: Sequence[Arrangement | None], waits: tuple[Tile, ...],
        patterns: Sequence[Pattern], arguments: Sequence[tuple[Any, ...]],
        values: list[int], rows: tuple[AwardRule, ...], consolations: tuple[AwardRule, ...]
        ) -> tuple[int, list[tuple[int, int]], list[tuple[AwardRule, int]]]:
    h: Hit | None
    win = hand.win
    counts = hand.counts
    nflowers = len(hand.flowers)
    self_drawn = win is SELF_DRAW or win is FLOWERS
    present = nfours = 0
    for i in range(34):
        n = counts[i]
        if n:
            present |= 1 << i
            if n == 4:
                nfours += 1
    has4 = nfours > 0
    has_honours = present >> 27 != 0
    nnumbered = (1 if present & 511 else 0) + (1 if present & 261632 else 0) + (1 if present & 133955584 else 0)
    nwaits = len(waits)
    exposed = any(not m.concealed for m in hand.melds)
    all_kongs = all(m.kind is KONG_MELD for m in hand.melds)
    r0 = nflowers
    r1 = 1 if win is FLOWERS and nflowers == 7 else 0
    r2 = 1 if win is FLOWERS and nflowers == 8 else 0
    r3 = 0 if nflowers else 1
    r18 = 1 if all_kongs and self_drawn == 0 and not exposed else 0
    r19 = 1 if all_kongs and self_drawn == 1 and not exposed else 0
    r23 = 0 if has_honours else 1
    r24 = 0 if nflowers or has_honours else 1
    r25 = 1 if nnumbered == 1 and has_honours == 1 else 0
    r26 = 1 if nnumbered == 1 and has_honours == 0 else 0
    r27 = 1
    r28 = 1 if win is SELF_DRAW else 0
    r31 = 1 if hand.last_tile and win is not ROBBING_GONG and win is SELF_DRAW else 0
    r32 = 1 if win is ROBBING_GONG else 0
    r33 = 1 if hand.discards is not None and hand.discards <= 9 else 0
    r34 = 1 if hand.discards is not None and hand.discards <= 5 else 0
    r35 = 1 if hand.ready_declared else 0
    r40 = 1 if hand.heavenly else 0
    r41 = 1 if hand.earthly else 0
    best = -1
    best_total = 0
    best_fired: list[tuple[int, int]] = []
    best_counted: list[tuple[AwardRule, int]] = []
    for number, arrangement in enumerate(candidates):
        facts: Facts | None = None
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
        wind_pungs = dragon_pungs = chow_bits = pung_bits = chow_dups = 0
        for g in groups:
            first = g.index
            if g.is_chow:
                chow_firsts.append(first)
                if chow_bits >> first & 1:
                    chow_dups += 1
                chow_bits |= 1 << first
            elif g.is_pung_like:
                pung_firsts.append(first)
                pung_bits |= 1 << first
                if first >= 27:
                    if first < 31:
                        wind_pungs += 1
                    else:
                        dragon_pungs += 1
                kong = g.is_kong
                if g.concealed:
                    cpungs += 1
                    if kong:
                        ckongs += 1
                elif kong and not g.added:
                    open_gongs += 1
                if kong:
                    nkongs += 1
            elif g.is_pair:
                npairs += 1
                pair = first
        if npairs != 1:
            pair = -1
        nchows = len(chow_firsts)
        npungs = len(pung_firsts)
        nsets = nchows + npungs
        okongs = nkongs - ckongs
        concealed_chow_firsts = [g.index for g in groups if g.is_chow and g.concealed]
        chow_ranks = (chow_bits | chow_bits >> 9 | chow_bits >> 18) & 511
        r4 = wind_pungs
        r5 = dragon_pungs
        r6 = okongs
        r7 = ckongs
        r8 = DRAGON_SEQUENCE(chow_firsts, 1) if nchows >= 3 and chow_ranks & DRAGON_RANKS == DRAGON_RANKS else 0
        r9 = DRAGON_SEQUENCE(concealed_chow_firsts, 1) if nchows >= 3 and chow_ranks & DRAGON_RANKS == DRAGON_RANKS else 0
        r10 = 1 if cpungs >= 2 else 0
        r11 = 1 if cpungs >= 3 else 0
        r12 = 1 if cpungs >= 4 else 0
        r13 = 1 if cpungs >= 5 else 0
        r14 = 1 if dragon_pungs >= 2 and 31 <= pair < 34 else 0
        r15 = 1 if wind_pungs >= 2 and 27 <= pair < 31 else 0
        r16 = 1 if wind_pungs >= 3 else 0
        r17 = 1 if role is PAIR_ROLE and len(hand.concealed) == 1 and nsets and all(g.declared and not g.concealed for g in groups if g.is_set) else 0
        r20 = 1 if regular and nchows == nsets else 0
        r21 = 1 if regular and nchows == nsets and not (nflowers or has_honours) else 0
        r22 = 1 if regular and npungs == nsets else 0
        r29 = 1 if nwaits == 1 and role_value in ('edge', 'closed') else 0
        r30 = 1 if nwaits == 1 and role_value in ('pair',) else 0
        r36 = 1 if dragon_pungs >= 3 else 0
        r37 = 1 if wind_pungs >= 3 and 27 <= pair < 31 else 0
        r38 = 1 if wind_pungs >= 4 else 0
        r39 = 1 if shape == 'seven_pairs_and_pung' else 0
        gb = 3 if r3 else -1
        gv = values[3] * r3
        if r23 and (gb < 0 or values[23] * r23 > gv):
            gb = 23
            gv = values[23] * r23
        if r24 and (gb < 0 or values[24] * r24 > gv):
            gb = 24
            gv = values[24] * r24
        g3 = r3 if gb == 3 else 0
        g23 = r23 if gb == 23 else 0
        g24 = r24 if gb == 24 else 0
        gb = 20 if r20 else -1
        gv = values[20] * r20
        if r21 and (gb < 0 or values[21] * r21 > gv):
            gb = 21
            gv = values[21] * r21
        g20 = r20 if gb == 20 else 0
        g21 = r21 if gb == 21 else 0
        gb = 8 if r8 else -1
        gv = values[8] * r8
        if r9 and (gb < 0 or values[9] * r9 > gv):
            gb = 9
            gv = values[9] * r9
        g8 = r8 if gb == 8 else 0
        g9 = r9 if gb == 9 else 0
        gb = 10 if r10 else -1
        gv = values[10] * r10
        if r11 and (gb < 0 or values[11] * r11 > gv):
            gb = 11
            gv = values[11] * r11
        if r12 and (gb < 0 or values[12] * r12 > gv):
            gb = 12
            gv = values[12] * r12
        if r13 and (gb < 0 or values[13] * r13 > gv):
            gb = 13
            gv = values[13] * r13
        g10 = r10 if gb == 10 else 0
        g11 = r11 if gb == 11 else 0
        g12 = r12 if gb == 12 else 0
        g13 = r13 if gb == 13 else 0
        gb = 5 if r5 else -1
        gv = values[5] * r5
        if r14 and (gb < 0 or values[14] * r14 > gv):
            gb = 14
            gv = values[14] * r14
        if r36 and (gb < 0 or values[36] * r36 > gv):
            gb = 36
            gv = values[36] * r36
        g5 = r5 if gb == 5 else 0
        g14 = r14 if gb == 14 else 0
        g36 = r36 if gb == 36 else 0
        gb = 33 if r33 else -1
        gv = values[33] * r33
        if r34 and (gb < 0 or values[34] * r34 > gv):
            gb = 34
            gv = values[34] * r34
        g33 = r33 if gb == 33 else 0
        g34 = r34 if gb == 34 else 0
        gb = 1 if r1 else -1
        gv = values[1] * r1
        if r2 and (gb < 0 or values[2] * r2 > gv):
            gb = 2
            gv = values[2] * r2
        g1 = r1 if gb == 1 else 0
        g2 = r2 if gb == 2 else 0
        gb = 25 if r25 else -1
        gv = values[25] * r25
        if r26 and (gb < 0 or values[26] * r26 > gv):
            gb = 26
            gv = values[26] * r26
        g25 = r25 if gb == 25 else 0
        g26 = r26 if gb == 26 else 0
        gb = 4 if r4 else -1
        gv = values[4] * r4
        if r15 and (gb < 0 or values[15] * r15 > gv):
            gb = 15
            gv = values[15] * r15
        if r16 and (gb < 0 or values[16] * r16 > gv):
            gb = 16
            gv = values[16] * r16
        if r37 and (gb < 0 or values[37] * r37 > gv):
            gb = 37
            gv = values[37] * r37
        if r38 and (gb < 0 or values[38] * r38 > gv):
            gb = 38
            gv = values[38] * r38
        g4 = r4 if gb == 4 else 0
        g15 = r15 if gb == 15 else 0
        g16 = r16 if gb == 16 else 0
        g37 = r37 if gb == 37 else 0
        g38 = r38 if gb == 38 else 0
        a17 = r17 != 0
        a19 = r19 != 0
        a40 = r40 != 0
        a41 = r41 != 0
        k18 = r18
        if k18 and (a19):
            k18 = 0
        k28 = r28
        if k28 and (a19):
            k28 = 0
        k29 = r29
        if k29 and (a17 or a40):
            k29 = 0
        k30 = r30
        if k30 and (a17 or a40):
            k30 = 0
        k33 = g33
        if k33 and (a40 or a41):
            k33 = 0
        k34 = g34
        if k34 and (a40 or a41):
            k34 = 0
        total = 0
        if r0 > 0:
            total += values[0] * r0
        if g1 > 0:
            total += values[1] * g1
        if g2 > 0:
            total += values[2] * g2
        if g3 > 0:
            total += values[3] * g3
        if g4 > 0:
            total += values[4] * g4
        if g5 > 0:
            total += values[5] * g5
        if r6 > 0:
            total += values[6] * r6
        if r7 > 0:
            total += values[7] * r7
        if g8 > 0:
            total += values[8] * g8
        if g9 > 0:
            total += values[9] * g9
        if g10 > 0:
            total += values[10] * g10
        if g11 > 0:
            total += values[11] * g11
        if g12 > 0:
            total += values[12] * g12
        if g13 > 0:
            total += values[13] * g13
        if g14 > 0:
            total += values[14] * g14
        if g15 > 0:
            total += values[15] * g15
        if g16 > 0:
            total += values[16] * g16
        if r17 > 0:
            total += values[17] * r17
        if k18 > 0:
            total += values[18] * k18
        if r19 > 0:
            total += values[19] * r19
        if g20 > 0:
            total += values[20] * g20
        if g21 > 0:
            total += values[21] * g21
        if r22 > 0:
            total += values[22] * r22
        if g23 > 0:
            total += values[23] * g23
        if g24 > 0:
            total += values[24] * g24
        if g25 > 0:
            total += values[25] * g25
        if g26 > 0:
            total += values[26] * g26
        if r27 > 0:
            total += values[27] * r27
        if k28 > 0:
            total += values[28] * k28
        if k29 > 0:
            total += values[29] * k29
        if k30 > 0:
            total += values[30] * k30
        if r31 > 0:
            total += values[31] * r31
        if r32 > 0:
            total += values[32] * r32
        if k33 > 0:
            total += values[33] * k33
        if k34 > 0:
            total += values[34] * k34
        if r35 > 0:
            total += values[35] * r35
        if g36 > 0:
            total += values[36] * g36
        if g37 > 0:
            total += values[37] * g37
        if g38 > 0:
            total += values[38] * g38
        if r39 > 0:
            total += values[39] * r39
        if r40 > 0:
            total += values[40] * r40
        if r41 > 0:
            total += values[41] * r41
        consoled = -1
        total += values[42]
        if best < 0 or total > best_total:
            best, best_total = number, total
            best_fired = []
            best_counted = []
            if r0:
                best_fired.append((0, r0))
                if r0 > 0:
                    best_counted.append((rows[0], r0))
            if r1:
                best_fired.append((1, r1))
                if g1 > 0:
                    best_counted.append((rows[1], g1))
            if r2:
                best_fired.append((2, r2))
                if g2 > 0:
                    best_counted.append((rows[2], g2))
            if r3:
                best_fired.append((3, r3))
                if g3 > 0:
                    best_counted.append((rows[3], g3))
            if r4:
                best_fired.append((4, r4))
                if g4 > 0:
                    best_counted.append((rows[4], g4))
            if r5:
                best_fired.append((5, r5))
                if g5 > 0:
                    best_counted.append((rows[5], g5))
            if r6:
                best_fired.append((6, r6))
                if r6 > 0:
                    best_counted.append((rows[6], r6))
            if r7:
                best_fired.append((7, r7))
                if r7 > 0:
                    best_counted.append((rows[7], r7))
            if r8:
                best_fired.append((8, r8))
                if g8 > 0:
                    best_counted.append((rows[8], g8))
            if r9:
                best_fired.append((9, r9))
                if g9 > 0:
                    best_counted.append((rows[9], g9))
            if r10:
                best_fired.append((10, r10))
                if g10 > 0:
                    best_counted.append((rows[10], g10))
            if r11:
                best_fired.append((11, r11))
                if g11 > 0:
                    best_counted.append((rows[11], g11))
            if r12:
                best_fired.append((12, r12))
                if g12 > 0:
                    best_counted.append((rows[12], g12))
            if r13:
                best_fired.append((13, r13))
                if g13 > 0:
                    best_counted.append((rows[13], g13))
            if r14:
                best_fired.append((14, r14))
                if g14 > 0:
                    best_counted.append((rows[14], g14))
            if r15:
                best_fired.append((15, r15))
                if g15 > 0:
                    best_counted.append((rows[15], g15))
            if r16:
                best_fired.append((16, r16))
                if g16 > 0:
                    best_counted.append((rows[16], g16))
            if r17:
                best_fired.append((17, r17))
                if r17 > 0:
                    best_counted.append((rows[17], r17))
            if r18:
                best_fired.append((18, r18))
                if k18 > 0:
                    best_counted.append((rows[18], k18))
            if r19:
                best_fired.append((19, r19))
                if r19 > 0:
                    best_counted.append((rows[19], r19))
            if r20:
                best_fired.append((20, r20))
                if g20 > 0:
                    best_counted.append((rows[20], g20))
            if r21:
                best_fired.append((21, r21))
                if g21 > 0:
                    best_counted.append((rows[21], g21))
            if r22:
                best_fired.append((22, r22))
                if r22 > 0:
                    best_counted.append((rows[22], r22))
            if r23:
                best_fired.append((23, r23))
                if g23 > 0:
                    best_counted.append((rows[23], g23))
            if r24:
                best_fired.append((24, r24))
                if g24 > 0:
                    best_counted.append((rows[24], g24))
            if r25:
                best_fired.append((25, r25))
                if g25 > 0:
                    best_counted.append((rows[25], g25))
            if r26:
                best_fired.append((26, r26))
                if g26 > 0:
                    best_counted.append((rows[26], g26))
            if r27:
                best_fired.append((27, r27))
                if r27 > 0:
                    best_counted.append((rows[27], r27))
            if r28:
                best_fired.append((28, r28))
                if k28 > 0:
                    best_counted.append((rows[28], k28))
            if r29:
                best_fired.append((29, r29))
                if k29 > 0:
                    best_counted.append((rows[29], k29))
            if r30:
                best_fired.append((30, r30))
                if k30 > 0:
                    best_counted.append((rows[30], k30))
            if r31:
                best_fired.append((31, r31))
                if r31 > 0:
                    best_counted.append((rows[31], r31))
            if r32:
                best_fired.append((32, r32))
                if r32 > 0:
                    best_counted.append((rows[32], r32))
            if r33:
                best_fired.append((33, r33))
                if k33 > 0:
                    best_counted.append((rows[33], k33))
            if r34:
                best_fired.append((34, r34))
                if k34 > 0:
                    best_counted.append((rows[34], k34))
            if r35:
                best_fired.append((35, r35))
                if r35 > 0:
                    best_counted.append((rows[35], r35))
            if r36:
                best_fired.append((36, r36))
                if g36 > 0:
                    best_counted.append((rows[36], g36))
            if r37:
                best_fired.append((37, r37))
                if g37 > 0:
                    best_counted.append((rows[37], g37))
            if r38:
                best_fired.append((38, r38))
                if g38 > 0:
                    best_counted.append((rows[38], g38))
            if r39:
                best_fired.append((39, r39))
                if r39 > 0:
                    best_counted.append((rows[39], r39))
            if r40:
                best_fired.append((40, r40))
                if r40 > 0:
                    best_counted.append((rows[40], r40))
            if r41:
                best_fired.append((41, r41))
                if r41 > 0:
                    best_counted.append((rows[41], r41))
    return best, best_fired, best_counted


def fourwinds_flower_win(hand: Hand, candidates: Sequence[Arrangement | None], waits: tuple[Tile, ...],
        patterns: Sequence[Pattern], arguments: Sequence[tuple[Any, ...]],
        values: list[int], rows: tuple[AwardRule, ...], consolations: tuple[AwardRule, ...]
        ) -> tuple[int, list[tuple[int, int]], list[tuple[AwardRule, int]]]:
    h: Hit | None
    win = hand.win
    nflowers = len(hand.flowers)
    r0 = 1 if win is FLOWERS and nflowers == 7 else 0
    r1 = 1 if win is FLOWERS and nflowers == 8 else 0
    best = -1
    best_total = 0
    best_fired: list[tuple[int, int]] = []
    best_counted: list[tuple[AwardRule, int]] = []
    for number, arrangement in enumerate(candidates):
        facts: Facts | None = None
        gb = 0 if r0 else -1
        gv = values[0] * r0
        if r1 and (gb < 0 or values[1] * r1 > gv):
            gb = 1
            gv = values[1] * r1
        g0 = r0 if gb == 0 else 0
        g1 = r1 if gb == 1 else 0
        total = 0
        if g0 > 0:
            total += values[0] * g0
        if g1 > 0:
            total += values[1] * g1
        consoled = -1
        total += values[2]
        if best < 0 or total > best_total:
            best, best_total = number, total
            best_fired = []
            best_counted = []
            if r0:
                best_fired.append((0, r0))
                if g0 > 0:
                    best_counted.append((rows[0], g0))
            if r1:
                best_fired.append((1, r1))
                if g1 > 0:
                    best_counted.append((rows[1], g1))
    return best, best_fired, best_counted


def hefen_ordinary(hand: Hand, candidates: Sequence[Arrangement | None], waits: tuple[Tile, ...],
        patterns: Sequence[Pattern], arguments: Sequence[tuple[Any, ...]],
        values: list[int], rows: tuple[AwardRule, ...], consolations: tuple[AwardRule, ...]
        ) -> tuple[int, list[tuple[int, int]], list[tuple[AwardRule, int]]]:
    h: Hit | None
    win = hand.win
    counts = hand.counts
    nflowers = len(hand.flowers)
    self_drawn = win is SELF_DRAW or win is FLOWERS
    claimed = win is DISCARD or win is ROBBING_GONG
    present = nfours = 0
    for i in range(34):
        n = counts[i]
        if n:
            present |= 1 << i
            if n == 4:
                nfours += 1
    has4 = nfours > 0
    has_honours = present >> 27 != 0
    has_terminals = present & 67502849 != 0
    nnumbered = (1 if present & 511 else 0) + (1 if present & 261632 else 0) + (1 if present & 133955584 else 0)
    nfamilies = nnumbered + (1 if present & 2013265920 else 0) + (1 if present >> 31 else 0)
    nwaits = len(waits)
    held = [t.index for t in hand.concealed]
    held_pairs_waited = sum(1 for t in waits if held.count(t.index) >= 2)
    pair_wait_held = nwaits == 2 and held_pairs_waited == 2 and PUNGS_A_HELD_PAIR(hand, waits[0]) and PUNGS_A_HELD_PAIR(hand, waits[1])
    exposed = any(not m.concealed for m in hand.melds)
    all_kongs = all(m.kind is KONG_MELD for m in hand.melds)
    seat_wind = 27 + SEATS.index(hand.seat)
    round_wind = 27 + SEATS.index(hand.round)
    own_flowers = sum(1 for t in hand.flowers if (t.index - 34) % 4 == seat_wind - 27)
    r0 = nflowers
    r1 = own_flowers
    r2 = 1 if win is FLOWERS and nflowers == 7 else 0
    r3 = 1 if win is FLOWERS and nflowers == 8 else 0
    r14 = 0 if nnumbered else 1
    r15 = 0 if nflowers else 1
    r16 = 0 if has_honours else 1
    r17 = 0 if nflowers or has_honours else 1
    r18 = 0 if has_terminals or has_honours else 1
    r21 = 1 if win is ROBBING_GONG else 0
    r22 = 1 if win is SELF_DRAW and hand.replacement is not None and hand.replacement.value in ('gong', 'double_gong') else 0
    r53 = 1 if nnumbered == 2 and not has_honours else 0
    r54 = 1 if nnumbered == 2 and not has_honours and not nflowers else 0
    r55 = 1 if nnumbered == 1 and has_honours == 1 else 0
    r56 = 1 if nnumbered == 1 and has_honours == 0 else 0
    r57 = 1 if nfamilies == 5 else 0
    r58 = 1 if counts[32] and not present & 12750946303 else 0
    r59 = 1 if counts[33] and not present & 8589934080 else 0
    r60 = 1 if counts[31] and not present & 15032123903 else 0
    r61 = 1 if counts[31] and not present & 15032385024 else 0
    r74 = 1 if nwaits == 1 else 0
    r75 = 0
    x76 = 1 if hand.ready_declared else 0
    r77 = 1 if hand.seat == 'E' or (claimed and hand.discarder == 'E') else 0
    r78 = 1 if win is SELF_DRAW else 0
    x79 = 1 if all_kongs and self_drawn == 0 else 0
    x80 = 1 if all_kongs and self_drawn == 1 else 0
    r83 = 1 if win is SELF_DRAW and hand.replacement is not None and hand.replacement.value in ('flower',) else 0
    r84 = 1 if hand.last_tile and win is not ROBBING_GONG and win is SELF_DRAW else 0
    r85 = 1 if hand.discards is not None and hand.discards <= 4 else 0
    r86 = 1 if hand.discards is not None and hand.discards <= 7 else 0
    r87 = 1 if hand.discards is not None and hand.discards <= 10 else 0
    r88 = 1 if hand.heavenly else 0
    r89 = 1 if hand.earthly else 0
    r90 = 2 * min(hand.dealer_streak, 6) + 1 if hand.dealer_streak >= 1 and (hand.seat == 'E') else 0
    x97 = 1 if present & 67502849 == 67502849 else 0
    best = -1
    best_total = 0
    best_fired: list[tuple[int, int]] = []
    best_counted: list[tuple[AwardRule, int]] = []
    for number, arrangement in enumerate(candidates):
        facts: Facts | None = None
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
        wind_pungs = dragon_pungs = chow_bits = pung_bits = chow_dups = 0
        for g in groups:
            first = g.index
            if g.is_chow:
                chow_firsts.append(first)
                if chow_bits >> first & 1:
                    chow_dups += 1
                chow_bits |= 1 << first
            elif g.is_pung_like:
                pung_firsts.append(first)
                pung_bits |= 1 << first
                if first >= 27:
                    if first < 31:
                        wind_pungs += 1
                    else:
                        dragon_pungs += 1
                kong = g.is_kong
                if g.concealed:
                    cpungs += 1
                    if kong:
                        ckongs += 1
                elif kong and not g.added:
                    open_gongs += 1
                if kong:
                    nkongs += 1
            elif g.is_pair:
                npairs += 1
                pair = first
        if npairs != 1:
            pair = -1
        nchows = len(chow_firsts)
        npungs = len(pung_firsts)
        nsets = nchows + npungs
        okongs = nkongs - ckongs
        concealed_chow_firsts = [g.index for g in groups if g.is_chow and g.concealed]
        pair_firsts = [g.index for g in groups if g.is_pair]
        spreads: list[int] = []
        if has4:
            holding: dict[int, int] = {}
            for g in groups:
                for i in {t.index for t in g.tiles}:
                    holding[i] = holding.get(i, 0) + 1
            spreads = [holding.get(i, 0) for i in range(34) if counts[i] == 4]
        sister_ranks = (chow_bits & (chow_bits >> 9 | chow_bits >> 18) | chow_bits >> 9 & chow_bits >> 18) & 511 != 0
        numbered_pung_bits = pung_bits & 134217727
        pung_same_rank = (numbered_pung_bits & (numbered_pung_bits >> 9 | numbered_pung_bits >> 18) | numbered_pung_bits >> 9 & numbered_pung_bits >> 18) & 511 != 0
        terminal_pungs = (pung_bits & 1) + (pung_bits >> 8 & 1) + (pung_bits >> 9 & 1) + (pung_bits >> 17 & 1) + (pung_bits >> 18 & 1) + (pung_bits >> 26 & 1)
        end_chows = (chow_bits & 1) + (chow_bits >> 6 & 1) + (chow_bits >> 9 & 1) + (chow_bits >> 15 & 1) + (chow_bits >> 18 & 1) + (chow_bits >> 24 & 1)
        chow_ranks = (chow_bits | chow_bits >> 9 | chow_bits >> 18) & 511
        adjacent_pungs = pung_bits & pung_bits >> 1 & 66977535 != 0
        step3 = chow_ranks & chow_ranks >> 1 & chow_ranks >> 2 != 0
        outside = pair >= 0 and (pair >= 27 or pair % 9 in (0, 8)) and all(c % 9 in (0, 6) for c in chow_firsts) and all(p >= 27 or p % 9 in (0, 8) for p in pung_firsts)
        in_shapes0 = shape in ('regular',)
        in_shapes1 = shape in ('regular', 'thirteen_orphans_and_set', 'sixteen_orphans')
        in_shapes2 = shape in ('seven_pairs_and_pung',)
        in_shapes3 = shape in ('sixteen_orphans',)
        r4 = wind_pungs
        r5 = pung_firsts.count(seat_wind)
        r6 = pung_firsts.count(round_wind)
        r7 = 1 if wind_pungs >= 2 and 27 <= pair < 31 else 0
        r8 = 1 if wind_pungs >= 3 else 0
        r9 = 1 if wind_pungs >= 3 and 27 <= pair < 31 else 0
        r10 = 1 if wind_pungs >= 4 else 0
        r11 = dragon_pungs
        r12 = 1 if dragon_pungs >= 2 and 31 <= pair < 34 else 0
        r13 = 1 if dragon_pungs >= 3 else 0
        r19 = okongs
        r20 = ckongs
        r23 = PUNG_RUNS(pung_firsts, 2, 1) if npungs >= 2 and adjacent_pungs else 0
        r24 = PUNG_RUNS(pung_firsts, 3, 1) if npungs >= 3 and adjacent_pungs else 0
        r25 = PUNG_RUNS(pung_firsts, 4, 1) if npungs >= 4 and adjacent_pungs else 0
        r26 = PUNG_RUNS(pung_firsts, 5, 1) if npungs >= 5 and adjacent_pungs else 0
        r27 = SEQUENTIAL_PUNG_HAND(pung_firsts, pair) if npungs == 5 and pair >= 0 else 0
        r28 = IDENTICAL(chow_firsts, 2, 1) if chow_dups >= 1 else 0
        r29 = IDENTICAL(chow_firsts, 3, 1) if chow_dups >= 2 else 0
        r30 = IDENTICAL(chow_firsts, 4, 1) if chow_dups >= 3 else 0
        r31 = SISTER_CHOWS(chow_firsts, 2, 1) if sister_ranks else 0
        r32 = SISTER_CHOWS(chow_firsts, 3, 1) if sister_ranks else 0
        r33 = SISTER_CHOWS(chow_firsts, 4, 1) if sister_ranks else 0
        r34 = SISTER_CHOWS(chow_firsts, 5, 1) if sister_ranks else 0
        r35 = SISTER_PUNGS(pung_firsts, 2, 1) if npungs >= 2 and pung_same_rank else 0
        r36 = SISTER_PUNGS(pung_firsts, 3, 1) if npungs >= 3 and pung_same_rank else 0
        r37 = 1 if cpungs + open_gongs >= 2 else 0
        r38 = 1 if cpungs + open_gongs >= 3 else 0
        r39 = 1 if cpungs + open_gongs >= 4 else 0
        r40 = 1 if cpungs + open_gongs >= 5 else 0
        r41 = 1 if not exposed and cpungs >= 5 else 0
        r42 = DRAGON_SEQUENCE(chow_firsts, 0) if nchows >= 3 and chow_ranks & DRAGON_RANKS == DRAGON_RANKS else 0
        r43 = DRAGON_SEQUENCE(concealed_chow_firsts, 0) if nchows >= 3 and chow_ranks & DRAGON_RANKS == DRAGON_RANKS else 0
        r44 = DRAGON_SEQUENCE(chow_firsts, 1) if nchows >= 3 and chow_ranks & DRAGON_RANKS == DRAGON_RANKS else 0
        r45 = DRAGON_SEQUENCE(concealed_chow_firsts, 1) if nchows >= 3 and chow_ranks & DRAGON_RANKS == DRAGON_RANKS else 0
        r46 = (1 if sum(1 for s in (0, 9, 18) if s in pung_firsts and s + 8 in pung_firsts) >= 1 else 0) if terminal_pungs >= 2 else 0
        r47 = (1 if sum(1 for s in (0, 9, 18) if s in pung_firsts and s + 8 in pung_firsts) >= 2 else 0) if terminal_pungs >= 4 else 0
        r48 = TERMINAL_CHOW_SETS(chow_firsts, 1, 0) if nchows >= 2 and end_chows >= 2 else 0
        r49 = TERMINAL_CHOW_SETS(chow_firsts, 2, 0) if nchows >= 4 and end_chows >= 2 else 0
        r50 = TERMINAL_CHOW_SETS(chow_firsts, 2, 1) if nchows >= 4 and end_chows >= 2 else 0
        r51 = 1 if regular and outside and has_terminals and has_honours == 1 else 0
        r52 = 1 if regular and outside and has_terminals and has_honours == 0 else 0
        r62 = 1 if regular and nchows == nsets else 0
        r63 = 1 if regular and nchows == nsets and not (nflowers or has_honours) else 0
        r64 = 1 if regular and npungs == nsets else 0
        r65 = STEP_UP(chow_firsts, 3, 0) if nchows >= 3 and step3 else 0
        r66 = ALL_STEP_UP(chow_firsts, pair, 0, 0) if regular and pair >= 0 and nchows == nsets else 0
        r67 = ALL_STEP_UP(chow_firsts, pair, 1, 0) if regular and pair >= 0 and nchows == nsets else 0
        r68 = ALL_STEP_UP(chow_firsts, pair, 1, 1) if regular and pair >= 0 and nchows == nsets else 0
        r69 = 0
        if in_shapes0:
            r69 = spreads.count(2)
        r70 = 0
        if in_shapes0:
            r70 = spreads.count(3)
        r71 = 0
        if in_shapes0:
            r71 = spreads.count(4)
        r72 = 1 if any(p < 27 and p % 9 + 1 in (2, 5, 8) for p in pair_firsts) else 0
        r73 = 0
        if in_shapes0:
            r73 = 1 if role is PUNG_ROLE and pair_wait_held else 0
        r76 = x76 if in_shapes1 else 0
        r79 = x79 if in_shapes0 else 0
        r80 = x80 if in_shapes0 else 0
        r81 = 1 if role is PAIR_ROLE and len(hand.concealed) == 1 and self_drawn == 0 and nsets and all(g.declared and not g.concealed for g in groups if g.is_set) else 0
        r82 = 1 if role is PAIR_ROLE and len(hand.concealed) == 1 and self_drawn == 1 and nsets and all(g.declared and not g.concealed for g in groups if g.is_set) else 0
        r91 = 1 if shape == 'seven_pairs_and_pung' else 0
        r92 = 0
        if in_shapes2:
            r92 = PAIR_GONGS(pair_firsts, 1, 0) if npairs >= 2 else 0
        r93 = 0
        if in_shapes2:
            r93 = PAIR_GONGS(pair_firsts, 2, 1) if npairs >= 2 else 0
        r94 = 0
        if in_shapes2:
            r94 = SEQUENTIAL_PAIRS(pair_firsts, 3) if npairs >= 2 else 0
        r95 = 1 if shape == 'thirteen_orphans_and_set' else 0
        r96 = 1 if shape == 'sixteen_orphans' else 0
        r97 = x97 if in_shapes3 else 0
        gb = 15 if r15 else -1
        gv = values[15] * r15
        if r16 and (gb < 0 or values[16] * r16 > gv):
            gb = 16
            gv = values[16] * r16
        if r17 and (gb < 0 or values[17] * r17 > gv):
            gb = 17
            gv = values[17] * r17
        g15 = r15 if gb == 15 else 0
        g16 = r16 if gb == 16 else 0
        g17 = r17 if gb == 17 else 0
        gb = 62 if r62 else -1
        gv = values[62] * r62
        if r63 and (gb < 0 or values[63] * r63 > gv):
            gb = 63
            gv = values[63] * r63
        g62 = r62 if gb == 62 else 0
        g63 = r63 if gb == 63 else 0
        gb = 37 if r37 else -1
        gv = values[37] * r37
        if r38 and (gb < 0 or values[38] * r38 > gv):
            gb = 38
            gv = values[38] * r38
        if r39 and (gb < 0 or values[39] * r39 > gv):
            gb = 39
            gv = values[39] * r39
        if r40 and (gb < 0 or values[40] * r40 > gv):
            gb = 40
            gv = values[40] * r40
        if r41 and (gb < 0 or values[41] * r41 > gv):
            gb = 41
            gv = values[41] * r41
        g37 = r37 if gb == 37 else 0
        g38 = r38 if gb == 38 else 0
        g39 = r39 if gb == 39 else 0
        g40 = r40 if gb == 40 else 0
        g41 = r41 if gb == 41 else 0
        gb = 42 if r42 else -1
        gv = values[42] * r42
        if r43 and (gb < 0 or values[43] * r43 > gv):
            gb = 43
            gv = values[43] * r43
        if r44 and (gb < 0 or values[44] * r44 > gv):
            gb = 44
            gv = values[44] * r44
        if r45 and (gb < 0 or values[45] * r45 > gv):
            gb = 45
            gv = values[45] * r45
        g42 = r42 if gb == 42 else 0
        g43 = r43 if gb == 43 else 0
        g44 = r44 if gb == 44 else 0
        g45 = r45 if gb == 45 else 0
        gb = 11 if r11 else -1
        gv = values[11] * r11
        if r12 and (gb < 0 or values[12] * r12 > gv):
            gb = 12
            gv = values[12] * r12
        if r13 and (gb < 0 or values[13] * r13 > gv):
            gb = 13
            gv = values[13] * r13
        g11 = r11 if gb == 11 else 0
        g12 = r12 if gb == 12 else 0
        g13 = r13 if gb == 13 else 0
        gb = 85 if r85 else -1
        gv = values[85] * r85
        if r86 and (gb < 0 or values[86] * r86 > gv):
            gb = 86
            gv = values[86] * r86
        if r87 and (gb < 0 or values[87] * r87 > gv):
            gb = 87
            gv = values[87] * r87
        if r88 and (gb < 0 or values[88] * r88 > gv):
            gb = 88
            gv = values[88] * r88
        if r89 and (gb < 0 or values[89] * r89 > gv):
            gb = 89
            gv = values[89] * r89
        g85 = r85 if gb == 85 else 0
        g86 = r86 if gb == 86 else 0
        g87 = r87 if gb == 87 else 0
        g88 = r88 if gb == 88 else 0
        g89 = r89 if gb == 89 else 0
        gb = 2 if r2 else -1
        gv = values[2] * r2
        if r3 and (gb < 0 or values[3] * r3 > gv):
            gb = 3
            gv = values[3] * r3
        g2 = r2 if gb == 2 else 0
        g3 = r3 if gb == 3 else 0
        gb = 14 if r14 else -1
        gv = values[14] * r14
        if r27 and (gb < 0 or values[27] * r27 > gv):
            gb = 27
            gv = values[27] * r27
        if r58 and (gb < 0 or values[58] * r58 > gv):
            gb = 58
            gv = values[58] * r58
        if r59 and (gb < 0 or values[59] * r59 > gv):
            gb = 59
            gv = values[59] * r59
        if r60 and (gb < 0 or values[60] * r60 > gv):
            gb = 60
            gv = values[60] * r60
        if r61 and (gb < 0 or values[61] * r61 > gv):
            gb = 61
            gv = values[61] * r61
        if r66 and (gb < 0 or values[66] * r66 > gv):
            gb = 66
            gv = values[66] * r66
        if r67 and (gb < 0 or values[67] * r67 > gv):
            gb = 67
            gv = values[67] * r67
        if r68 and (gb < 0 or values[68] * r68 > gv):
            gb = 68
            gv = values[68] * r68
        if r91 and (gb < 0 or values[91] * r91 > gv):
            gb = 91
            gv = values[91] * r91
        if r92 and (gb < 0 or values[92] * r92 > gv):
            gb = 92
            gv = values[92] * r92
        if r93 and (gb < 0 or values[93] * r93 > gv):
            gb = 93
            gv = values[93] * r93
        if r95 and (gb < 0 or values[95] * r95 > gv):
            gb = 95
            gv = values[95] * r95
        if r96 and (gb < 0 or values[96] * r96 > gv):
            gb = 96
            gv = values[96] * r96
        g14 = r14 if gb == 14 else 0
        g27 = r27 if gb == 27 else 0
        g58 = r58 if gb == 58 else 0
        g59 = r59 if gb == 59 else 0
        g60 = r60 if gb == 60 else 0
        g61 = r61 if gb == 61 else 0
        g66 = r66 if gb == 66 else 0
        g67 = r67 if gb == 67 else 0
        g68 = r68 if gb == 68 else 0
        g91 = r91 if gb == 91 else 0
        g92 = r92 if gb == 92 else 0
        g93 = r93 if gb == 93 else 0
        g95 = r95 if gb == 95 else 0
        g96 = r96 if gb == 96 else 0
        gb = 53 if r53 else -1
        gv = values[53] * r53
        if r54 and (gb < 0 or values[54] * r54 > gv):
            gb = 54
            gv = values[54] * r54
        if r55 and (gb < 0 or values[55] * r55 > gv):
            gb = 55
            gv = values[55] * r55
        if r56 and (gb < 0 or values[56] * r56 > gv):
            gb = 56
            gv = values[56] * r56
        g53 = r53 if gb == 53 else 0
        g54 = r54 if gb == 54 else 0
        g55 = r55 if gb == 55 else 0
        g56 = r56 if gb == 56 else 0
        gb = 46 if r46 else -1
        gv = values[46] * r46
        if r47 and (gb < 0 or values[47] * r47 > gv):
            gb = 47
            gv = values[47] * r47
        g46 = r46 if gb == 46 else 0
        g47 = r47 if gb == 47 else 0
        gb = 48 if r48 else -1
        gv = values[48] * r48
        if r49 and (gb < 0 or values[49] * r49 > gv):
            gb = 49
            gv = values[49] * r49
        if r50 and (gb < 0 or values[50] * r50 > gv):
            gb = 50
            gv = values[50] * r50
        g48 = r48 if gb == 48 else 0
        g49 = r49 if gb == 49 else 0
        g50 = r50 if gb == 50 else 0
        gb = 51 if r51 else -1
        gv = values[51] * r51
        if r52 and (gb < 0 or values[52] * r52 > gv):
            gb = 52
            gv = values[52] * r52
        g51 = r51 if gb == 51 else 0
        g52 = r52 if gb == 52 else 0
        gb = 73 if r73 else -1
        gv = values[73] * r73
        if r74 and (gb < 0 or values[74] * r74 > gv):
            gb = 74
            gv = values[74] * r74
        if r75 and (gb < 0 or values[75] * r75 > gv):
            gb = 75
            gv = values[75] * r75
        g73 = r73 if gb == 73 else 0
        g74 = r74 if gb == 74 else 0
        g75 = r75 if gb == 75 else 0
        gb = 21 if r21 else -1
        gv = values[21] * r21
        if r22 and (gb < 0 or values[22] * r22 > gv):
            gb = 22
            gv = values[22] * r22
        if r78 and (gb < 0 or values[78] * r78 > gv):
            gb = 78
            gv = values[78] * r78
        if r83 and (gb < 0 or values[83] * r83 > gv):
            gb = 83
            gv = values[83] * r83
        if r84 and (gb < 0 or values[84] * r84 > gv):
            gb = 84
            gv = values[84] * r84
        g21 = r21 if gb == 21 else 0
        g22 = r22 if gb == 22 else 0
        g78 = r78 if gb == 78 else 0
        g83 = r83 if gb == 83 else 0
        g84 = r84 if gb == 84 else 0
        gb = 4 if r4 else -1
        gv = values[4] * r4
        if r7 and (gb < 0 or values[7] * r7 > gv):
            gb = 7
            gv = values[7] * r7
        if r8 and (gb < 0 or values[8] * r8 > gv):
            gb = 8
            gv = values[8] * r8
        if r9 and (gb < 0 or values[9] * r9 > gv):
            gb = 9
            gv = values[9] * r9
        if r10 and (gb < 0 or values[10] * r10 > gv):
            gb = 10
            gv = values[10] * r10
        g4 = r4 if gb == 4 else 0
        g7 = r7 if gb == 7 else 0
        g8 = r8 if gb == 8 else 0
        g9 = r9 if gb == 9 else 0
        g10 = r10 if gb == 10 else 0
        a64 = r64 != 0
        a66 = g66 != 0
        a67 = g67 != 0
        a68 = g68 != 0
        a88 = g88 != 0
        k65 = r65
        if k65 and (a66 or a67 or a68):
            k65 = 0
        k73 = g73
        if k73 and (a64 or a88):
            k73 = 0
        k74 = g74
        if k74 and (a88):
            k74 = 0
        k75 = g75
        if k75 and (a88):
            k75 = 0
        total = 0
        if r0 > 0:
            total += values[0] * r0
        if r1 > 0:
            total += values[1] * r1
        if g2 > 0:
            total += values[2] * g2
        if g3 > 0:
            total += values[3] * g3
        if g4 > 0:
            total += values[4] * g4
        if r5 > 0:
            total += values[5] * r5
        if r6 > 0:
            total += values[6] * r6
        if g7 > 0:
            total += values[7] * g7
        if g8 > 0:
            total += values[8] * g8
        if g9 > 0:
            total += values[9] * g9
        if g10 > 0:
            total += values[10] * g10
        if g11 > 0:
            total += values[11] * g11
        if g12 > 0:
            total += values[12] * g12
        if g13 > 0:
            total += values[13] * g13
        if g14 > 0:
            total += values[14] * g14
        if g15 > 0:
            total += values[15] * g15
        if g16 > 0:
            total += values[16] * g16
        if g17 > 0:
            total += values[17] * g17
        if r18 > 0:
            total += values[18] * r18
        if r19 > 0:
            total += values[19] * r19
        if r20 > 0:
            total += values[20] * r20
        if g21 > 0:
            total += values[21] * g21
        if g22 > 0:
            total += values[22] * g22
        if r23 > 0:
            total += values[23] * r23
        if r24 > 0:
            total += values[24] * r24
        if r25 > 0:
            total += values[25] * r25
        if r26 > 0:
            total += values[26] * r26
        if g27 > 0:
            total += values[27] * g27
        if r28 > 0:
            total += values[28] * r28
        if r29 > 0:
            total += values[29] * r29
        if r30 > 0:
            total += values[30] * r30
        if r31 > 0:
            total += values[31] * r31
        if r32 > 0:
            total += values[32] * r32
        if r33 > 0:
            total += values[33] * r33
        if r34 > 0:
            total += values[34] * r34
        if r35 > 0:
            total += values[35] * r35
        if r36 > 0:
            total += values[36] * r36
        if g37 > 0:
            total += values[37] * g37
        if g38 > 0:
            total += values[38] * g38
        if g39 > 0:
            total += values[39] * g39
        if g40 > 0:
            total += values[40] * g40
        if g41 > 0:
            total += values[41] * g41
        if g42 > 0:
            total += values[42] * g42
        if g43 > 0:
            total += values[43] * g43
        if g44 > 0:
            total += values[44] * g44
        if g45 > 0:
            total += values[45] * g45
        if g46 > 0:
            total += values[46] * g46
        if g47 > 0:
            total += values[47] * g47
        if g48 > 0:
            total += values[48] * g48
        if g49 > 0:
            total += values[49] * g49
        if g50 > 0:
            total += values[50] * g50
        if g51 > 0:
            total += values[51] * g51
        if g52 > 0:
            total += values[52] * g52
        if g53 > 0:
            total += values[53] * g53
        if g54 > 0:
            total += values[54] * g54
        if g55 > 0:
            total += values[55] * g55
        if g56 > 0:
            total += values[56] * g56
        if r57 > 0:
            total += values[57] * r57
        if g58 > 0:
            total += values[58] * g58
        if g59 > 0:
            total += values[59] * g59
        if g60 > 0:
            total += values[60] * g60
        if g61 > 0:
            total += values[61] * g61
        if g62 > 0:
            total += values[62] * g62
        if g63 > 0:
            total += values[63] * g63
        if r64 > 0:
            total += values[64] * r64
        if k65 > 0:
            total += values[65] * k65
        if g66 > 0:
            total += values[66] * g66
        if g67 > 0:
            total += values[67] * g67
        if g68 > 0:
            total += values[68] * g68
        if r69 > 0:
            total += values[69] * r69
        if r70 > 0:
            total += values[70] * r70
        if r71 > 0:
            total += values[71] * r71
        if r72 > 0:
            total += values[72] * r72
        if k73 > 0:
            total += values[73] * k73
        if k74 > 0:
            total += values[74] * k74
        if k75 > 0:
            total += values[75] * k75
        if r76 > 0:
            total += values[76] * r76
        if r77 > 0:
            total += values[77] * r77
        if g78 > 0:
            total += values[78] * g78
        if r79 > 0:
            total += values[79] * r79
        if r80 > 0:
            total += values[80] * r80
        if r81 > 0:
            total += values[81] * r81
        if r82 > 0:
            total += values[82] * r82
        if g83 > 0:
            total += values[83] * g83
        if g84 > 0:
            total += values[84] * g84
        if g85 > 0:
            total += values[85] * g85
        if g86 > 0:
            total += values[86] * g86
        if g87 > 0:
            total += values[87] * g87
        if g88 > 0:
            total += values[88] * g88
        if g89 > 0:
            total += values[89] * g89
        if r90 > 0:
            total += values[90] * r90
        if g91 > 0:
            total += values[91] * g91
        if g92 > 0:
            total += values[92] * g92
        if g93 > 0:
            total += values[93] * g93
        if r94 > 0:
            total += values[94] * r94
        if g95 > 0:
            total += values[95] * g95
        if g96 > 0:
            total += values[96] * g96
        if r97 > 0:
            total += values[97] * r97
        consoled = -1
        kept = 0
        if r90 > 0:
            kept += values[90] * r90
        if consoled < 0 and total - kept == values[99]:
            consoled = 0
            total = kept + values[100]
        total += values[98]
        if best < 0 or total > best_total:
            best, best_total = number, total
            best_fired = []
            best_counted = []
            if r0:
                best_fired.append((0, r0))
                if r0 > 0:
                    best_counted.append((rows[0], r0))
            if r1:
                best_fired.append((1, r1))
                if r1 > 0:
                    best_counted.append((rows[1], r1))
            if r2:
                best_fired.append((2, r2))
                if g2 > 0:
                    best_counted.append((rows[2], g2))
            if r3:
                best_fired.append((3, r3))
                if g3 > 0:
                    best_counted.append((rows[3], g3))
            if r4:
                best_fired.append((4, r4))
                if g4 > 0:
                    best_counted.append((rows[4], g4))
            if r5:
                best_fired.append((5, r5))
                if r5 > 0:
                    best_counted.append((rows[5], r5))
            if r6:
                best_fired.append((6, r6))
                if r6 > 0:
                    best_counted.append((rows[6], r6))
            if r7:
                best_fired.append((7, r7))
                if g7 > 0:
                    best_counted.append((rows[7], g7))
            if r8:
                best_fired.append((8, r8))
                if g8 > 0:
                    best_counted.append((rows[8], g8))
            if r9:
                best_fired.append((9, r9))
                if g9 > 0:
                    best_counted.append((rows[9], g9))
            if r10:
                best_fired.append((10, r10))
                if g10 > 0:
                    best_counted.append((rows[10], g10))
            if r11:
                best_fired.append((11, r11))
                if g11 > 0:
                    best_counted.append((rows[11], g11))
            if r12:
                best_fired.append((12, r12))
                if g12 > 0:
                    best_counted.append((rows[12], g12))
            if r13:
                best_fired.append((13, r13))
                if g13 > 0:
                    best_counted.append((rows[13], g13))
            if r14:
                best_fired.append((14, r14))
                if g14 > 0:
                    best_counted.append((rows[14], g14))
            if r15:
                best_fired.append((15, r15))
                if g15 > 0:
                    best_counted.append((rows[15], g15))
            if r16:
                best_fired.append((16, r16))
                if g16 > 0:
                    best_counted.append((rows[16], g16))
            if r17:
                best_fired.append((17, r17))
                if g17 > 0:
                    best_counted.append((rows[17], g17))
            if r18:
                best_fired.append((18, r18))
                if r18 > 0:
                    best_counted.append((rows[18], r18))
            if r19:
                best_fired.append((19, r19))
                if r19 > 0:
                    best_counted.append((rows[19], r19))
            if r20:
                best_fired.append((20, r20))
                if r20 > 0:
                    best_counted.append((rows[20], r20))
            if r21:
                best_fired.append((21, r21))
                if g21 > 0:
                    best_counted.append((rows[21], g21))
            if r22:
                best_fired.append((22, r22))
                if g22 > 0:
                    best_counted.append((rows[22], g22))
            if r23:
                best_fired.append((23, r23))
                if r23 > 0:
                    best_counted.append((rows[23], r23))
            if r24:
                best_fired.append((24, r24))
                if r24 > 0:
                    best_counted.append((rows[24], r24))
            if r25:
                best_fired.append((25, r25))
                if r25 > 0:
                    best_counted.append((rows[25], r25))
            if r26:
                best_fired.append((26, r26))
                if r26 > 0:
                    best_counted.append((rows[26], r26))
            if r27:
                best_fired.append((27, r27))
                if g27 > 0:
                    best_counted.append((rows[27], g27))
            if r28:
                best_fired.append((28, r28))
                if r28 > 0:
                    best_counted.append((rows[28], r28))
            if r29:
                best_fired.append((29, r29))
                if r29 > 0:
                    best_counted.append((rows[29], r29))
            if r30:
                best_fired.append((30, r30))
                if r30 > 0:
                    best_counted.append((rows[30], r30))
            if r31:
                best_fired.append((31, r31))
                if r31 > 0:
                    best_counted.append((rows[31], r31))
            if r32:
                best_fired.append((32, r32))
                if r32 > 0:
                    best_counted.append((rows[32], r32))
            if r33:
                best_fired.append((33, r33))
                if r33 > 0:
                    best_counted.append((rows[33], r33))
            if r34:
                best_fired.append((34, r34))
                if r34 > 0:
                    best_counted.append((rows[34], r34))
            if r35:
                best_fired.append((35, r35))
                if r35 > 0:
                    best_counted.append((rows[35], r35))
            if r36:
                best_fired.append((36, r36))
                if r36 > 0:
                    best_counted.append((rows[36], r36))
            if r37:
                best_fired.append((37, r37))
                if g37 > 0:
                    best_counted.append((rows[37], g37))
            if r38:
                best_fired.append((38, r38))
                if g38 > 0:
                    best_counted.append((rows[38], g38))
            if r39:
                best_fired.append((39, r39))
                if g39 > 0:
                    best_counted.append((rows[39], g39))
            if r40:
                best_fired.append((40, r40))
                if g40 > 0:
                    best_counted.append((rows[40], g40))
            if r41:
                best_fired.append((41, r41))
                if g41 > 0:
                    best_counted.append((rows[41], g41))
            if r42:
                best_fired.append((42, r42))
                if g42 > 0:
                    best_counted.append((rows[42], g42))
            if r43:
                best_fired.append((43, r43))
                if g43 > 0:
                    best_counted.append((rows[43], g43))
            if r44:
                best_fired.append((44, r44))
                if g44 > 0:
                    best_counted.append((rows[44], g44))
            if r45:
                best_fired.append((45, r45))
                if g45 > 0:
                    best_counted.append((rows[45], g45))
            if r46:
                best_fired.append((46, r46))
                if g46 > 0:
                    best_counted.append((rows[46], g46))
            if r47:
                best_fired.append((47, r47))
                if g47 > 0:
                    best_counted.append((rows[47], g47))
            if r48:
                best_fired.append((48, r48))
                if g48 > 0:
                    best_counted.append((rows[48], g48))
            if r49:
                best_fired.append((49, r49))
                if g49 > 0:
                    best_counted.append((rows[49], g49))
            if r50:
                best_fired.append((50, r50))
                if g50 > 0:
                    best_counted.append((rows[50], g50))
            if r51:
                best_fired.append((51, r51))
                if g51 > 0:
                    best_counted.append((rows[51], g51))
            if r52:
                best_fired.append((52, r52))
                if g52 > 0:
                    best_counted.append((rows[52], g52))
            if r53:
                best_fired.append((53, r53))
                if g53 > 0:
                    best_counted.append((rows[53], g53))
            if r54:
                best_fired.append((54, r54))
                if g54 > 0:
                    best_counted.append((rows[54], g54))
            if r55:
                best_fired.append((55, r55))
                if g55 > 0:
                    best_counted.append((rows[55], g55))
            if r56:
                best_fired.append((56, r56))
                if g56 > 0:
                    best_counted.append((rows[56], g56))
            if r57:
                best_fired.append((57, r57))
                if r57 > 0:
                    best_counted.append((rows[57], r57))
            if r58:
                best_fired.append((58, r58))
                if g58 > 0:
                    best_counted.append((rows[58], g58))
            if r59:
                best_fired.append((59, r59))
                if g59 > 0:
                    best_counted.append((rows[59], g59))
            if r60:
                best_fired.append((60, r60))
                if g60 > 0:
                    best_counted.append((rows[60], g60))
            if r61:
                best_fired.append((61, r61))
                if g61 > 0:
                    best_counted.append((rows[61], g61))
            if r62:
                best_fired.append((62, r62))
                if g62 > 0:
                    best_counted.append((rows[62], g62))
            if r63:
                best_fired.append((63, r63))
                if g63 > 0:
                    best_counted.append((rows[63], g63))
            if r64:
                best_fired.append((64, r64))
                if r64 > 0:
                    best_counted.append((rows[64], r64))
            if r65:
                best_fired.append((65, r65))
                if k65 > 0:
                    best_counted.append((rows[65], k65))
            if r66:
                best_fired.append((66, r66))
                if g66 > 0:
                    best_counted.append((rows[66], g66))
            if r67:
                best_fired.append((67, r67))
                if g67 > 0:
                    best_counted.append((rows[67], g67))
            if r68:
                best_fired.append((68, r68))
                if g68 > 0:
                    best_counted.append((rows[68], g68))
            if r69:
                best_fired.append((69, r69))
                if r69 > 0:
                    best_counted.append((rows[69], r69))
            if r70:
                best_fired.append((70, r70))
                if r70 > 0:
                    best_counted.append((rows[70], r70))
            if r71:
                best_fired.append((71, r71))
                if r71 > 0:
                    best_counted.append((rows[71], r71))
            if r72:
                best_fired.append((72, r72))
                if r72 > 0:
                    best_counted.append((rows[72], r72))
            if r73:
                best_fired.append((73, r73))
                if k73 > 0:
                    best_counted.append((rows[73], k73))
            if r74:
                best_fired.append((74, r74))
                if k74 > 0:
                    best_counted.append((rows[74], k74))
            if r75:
                best_fired.append((75, r75))
                if k75 > 0:
                    best_counted.append((rows[75], k75))
            if r76:
                best_fired.append((76, r76))
                if r76 > 0:
                    best_counted.append((rows[76], r76))
            if r77:
                best_fired.append((77, r77))
                if r77 > 0:
                    best_counted.append((rows[77], r77))
            if r78:
                best_fired.append((78, r78))
                if g78 > 0:
                    best_counted.append((rows[78], g78))
            if r79:
                best_fired.append((79, r79))
                if r79 > 0:
                    best_counted.append((rows[79], r79))
            if r80:
                best_fired.append((80, r80))
                if r80 > 0:
                    best_counted.append((rows[80], r80))
            if r81:
                best_fired.append((81, r81))
                if r81 > 0:
                    best_counted.append((rows[81], r81))
            if r82:
                best_fired.append((82, r82))
                if r82 > 0:
                    best_counted.append((rows[82], r82))
            if r83:
                best_fired.append((83, r83))
                if g83 > 0:
                    best_counted.append((rows[83], g83))
            if r84:
                best_fired.append((84, r84))
                if g84 > 0:
                    best_counted.append((rows[84], g84))
            if r85:
                best_fired.append((85, r85))
                if g85 > 0:
                    best_counted.append((rows[85], g85))
            if r86:
                best_fired.append((86, r86))
                if g86 > 0:
                    best_counted.append((rows[86], g86))
            if r87:
                best_fired.append((87, r87))
                if g87 > 0:
                    best_counted.append((rows[87], g87))
            if r88:
                best_fired.append((88, r88))
                if g88 > 0:
                    best_counted.append((rows[88], g88))
            if r89:
                best_fired.append((89, r89))
                if g89 > 0:
                    best_counted.append((rows[89], g89))
            if r90:
                best_fired.append((90, r90))
                if r90 > 0:
                    best_counted.append((rows[90], r90))
            if r91:
                best_fired.append((91, r91))
                if g91 > 0:
                    best_counted.append((rows[91], g91))
            if r92:
                best_fired.append((92, r92))
                if g92 > 0:
                    best_counted.append((rows[92], g92))
            if r93:
                best_fired.append((93, r93))
                if g93 > 0:
                    best_counted.append((rows[93], g93))
            if r94:
                best_fired.append((94, r94))
                if r94 > 0:
                    best_counted.append((rows[94], r94))
            if r95:
                best_fired.append((95, r95))
                if g95 > 0:
                    best_counted.append((rows[95], g95))
            if r96:
                best_fired.append((96, r96))
                if g96 > 0:
                    best_counted.append((rows[96], g96))
            if r97:
                best_fired.append((97, r97))
                if r97 > 0:
                    best_counted.append((rows[97], r97))
            if consoled == 0:
                best_counted = []
                if r90 > 0:
                    best_counted.append((rows[90], r90))
                best_counted.append((consolations[0], 1))
    return best, best_fired, best_counted


def hefen_flower_win(hand: Hand, candidates: Sequence[Arrangement | None], waits: tuple[Tile, ...],
        patterns: Sequence[Pattern], arguments: Sequence[tuple[Any, ...]],
        values: list[int], rows: tuple[AwardRule, ...], consolations: tuple[AwardRule, ...]
        ) -> tuple[int, list[tuple[int, int]], list[tuple[AwardRule, int]]]:
    h: Hit | None
    win = hand.win
    nflowers = len(hand.flowers)
    seat_wind = 27 + SEATS.index(hand.seat)
    own_flowers = sum(1 for t in hand.flowers if (t.index - 34) % 4 == seat_wind - 27)
    r0 = nflowers
    r1 = own_flowers
    r2 = 1 if win is FLOWERS and nflowers == 7 else 0
    r3 = 1 if win is FLOWERS and nflowers == 8 else 0
    best = -1
    best_total = 0
    best_fired: list[tuple[int, int]] = []
    best_counted: list[tuple[AwardRule, int]] = []
    for number, arrangement in enumerate(candidates):
        facts: Facts | None = None
        gb = 2 if r2 else -1
        gv = values[2] * r2
        if r3 and (gb < 0 or values[3] * r3 > gv):
            gb = 3
            gv = values[3] * r3
        g2 = r2 if gb == 2 else 0
        g3 = r3 if gb == 3 else 0
        total = 0
        if r0 > 0:
            total += values[0] * r0
        if r1 > 0:
            total += values[1] * r1
        if g2 > 0:
            total += values[2] * g2
        if g3 > 0:
            total += values[3] * g3
        consoled = -1
        total += values[4]
        if best < 0 or total > best_total:
            best, best_total = number, total
            best_fired = []
            best_counted = []
            if r0:
                best_fired.append((0, r0))
                if r0 > 0:
                    best_counted.append((rows[0], r0))
            if r1:
                best_fired.append((1, r1))
                if r1 > 0:
                    best_counted.append((rows[1], r1))
            if r2:
                best_fired.append((2, r2))
                if g2 > 0:
                    best_counted.append((rows[2], g2))
            if r3:
                best_fired.append((3, r3))
                if g3 > 0:
                    best_counted.append((rows[3], g3))
    return best, best_fired, best_counted


def lrc_ordinary(hand: Hand, candidates: Sequence[Arrangement | None], waits: tuple[Tile, ...],
        patterns: Sequence[Pattern], arguments: Sequence[tuple[Any, ...]],
        values: list[int], rows: tuple[AwardRule, ...], consolations: tuple[AwardRule, ...]
        ) -> tuple[int, list[tuple[int, int]], list[tuple[AwardRule, int]]]:
    h: Hit | None
    win = hand.win
    counts = hand.counts
    nflowers = len(hand.flowers)
    self_drawn = win is SELF_DRAW or win is FLOWERS
    claimed = win is DISCARD or win is ROBBING_GONG
    present = nfours = 0
    for i in range(34):
        n = counts[i]
        if n:
            present |= 1 << i
            if n == 4:
                nfours += 1
    has4 = nfours > 0
    has_honours = present >> 27 != 0
    has_terminals = present & 67502849 != 0
    nnumbered = (1 if present & 511 else 0) + (1 if present & 261632 else 0) + (1 if present & 133955584 else 0)
    nfamilies = nnumbered + (1 if present & 2013265920 else 0) + (1 if present >> 31 else 0)
    nwaits = len(waits)
    held = [t.index for t in hand.concealed]
    held_pairs_waited = sum(1 for t in waits if held.count(t.index) >= 2)
    pair_wait_held = nwaits == 2 and held_pairs_waited == 2 and PUNGS_A_HELD_PAIR(hand, waits[0]) and PUNGS_A_HELD_PAIR(hand, waits[1])
    table_tiles = hand.table_tiles
    all_kongs = all(m.kind is KONG_MELD for m in hand.melds)
    seat_wind = 27 + SEATS.index(hand.seat)
    round_wind = 27 + SEATS.index(hand.round)
    own_flowers = sum(1 for t in hand.flowers if (t.index - 34) % 4 == seat_wind - 27)
    r0 = 0 if nflowers else 1
    r1 = 0 if has_honours else 1
    r2 = 0 if nflowers or has_honours else 1
    r3 = nflowers
    r4 = own_flowers
    r5 = 1 if win is FLOWERS and nflowers == 7 else 0
    r6 = 1 if win is FLOWERS and nflowers == 8 else 0
    r38 = 0 if has_terminals or has_honours else 1
    x49 = 1 if all_kongs and self_drawn == 0 else 0
    r51 = 1 if nnumbered == 1 and has_honours == 1 else 0
    r52 = 1 if nnumbered == 1 and has_honours == 0 else 0
    r53 = 1 if nnumbered == 2 and not has_honours else 0
    r54 = 1 if nfamilies == 5 else 0
    r58 = 0 if nnumbered else 1
    r64 = 1 if counts[32] and not present & 12750946303 else 0
    r65 = 1 if counts[33] and not present & 8589934080 else 0
    r66 = 1 if counts[31] and not present & 15032123903 else 0
    r70 = 1 if nwaits == 1 else 0
    r71 = 0
    r72 = 1 if hand.seat == 'E' or (claimed and hand.discarder == 'E') else 0
    r73 = 1 if win is SELF_DRAW else 0
    r74 = 1 if win is SELF_DRAW and hand.replacement is not None and hand.replacement.value in ('flower', 'gong') else 0
    x75 = 1 if all_kongs and self_drawn == 1 else 0
    r77 = 1 if win is ROBBING_GONG else 0
    r78 = 1 if win is SELF_DRAW and hand.replacement is not None and hand.replacement.value in ('double_gong',) else 0
    r79 = 1 if table_tiles is not None and table_tiles <= 4 else 0
    r80 = 1 if table_tiles is not None and table_tiles <= 7 else 0
    r81 = 1 if table_tiles is not None and table_tiles <= 10 else 0
    r82 = 1 if hand.last_tile and win is not ROBBING_GONG and win is SELF_DRAW else 0
    r83 = 1 if hand.earthly else 0
    r84 = 1 if hand.heavenly else 0
    r87 = 2 * hand.dealer_streak + 1 if hand.dealer_streak >= 1 and (hand.seat == 'E') else 0
    best = -1
    best_total = 0
    best_fired: list[tuple[int, int]] = []
    best_counted: list[tuple[AwardRule, int]] = []
    for number, arrangement in enumerate(candidates):
        facts: Facts | None = None
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
        wind_pungs = dragon_pungs = chow_bits = pung_bits = chow_dups = 0
        for g in groups:
            first = g.index
            if g.is_chow:
                chow_firsts.append(first)
                if chow_bits >> first & 1:
                    chow_dups += 1
                chow_bits |= 1 << first
            elif g.is_pung_like:
                pung_firsts.append(first)
                pung_bits |= 1 << first
                if first >= 27:
                    if first < 31:
                        wind_pungs += 1
                    else:
                        dragon_pungs += 1
                kong = g.is_kong
                if g.concealed:
                    cpungs += 1
                    if kong:
                        ckongs += 1
                elif kong and not g.added:
                    open_gongs += 1
                if kong:
                    nkongs += 1
            elif g.is_pair:
                npairs += 1
                pair = first
        if npairs != 1:
            pair = -1
        nchows = len(chow_firsts)
        npungs = len(pung_firsts)
        nsets = nchows + npungs
        okongs = nkongs - ckongs
        concealed_chow_firsts = [g.index for g in groups if g.is_chow and g.concealed]
        pair_firsts = [g.index for g in groups if g.is_pair]
        spreads: list[int] = []
        if has4:
            holding: dict[int, int] = {}
            for g in groups:
                for i in {t.index for t in g.tiles}:
                    holding[i] = holding.get(i, 0) + 1
            spreads = [holding.get(i, 0) for i in range(34) if counts[i] == 4]
        sister_ranks = (chow_bits & (chow_bits >> 9 | chow_bits >> 18) | chow_bits >> 9 & chow_bits >> 18) & 511 != 0
        numbered_pung_bits = pung_bits & 134217727
        pung_same_rank = (numbered_pung_bits & (numbered_pung_bits >> 9 | numbered_pung_bits >> 18) | numbered_pung_bits >> 9 & numbered_pung_bits >> 18) & 511 != 0
        terminal_pungs = (pung_bits & 1) + (pung_bits >> 8 & 1) + (pung_bits >> 9 & 1) + (pung_bits >> 17 & 1) + (pung_bits >> 18 & 1) + (pung_bits >> 26 & 1)
        end_chows = (chow_bits & 1) + (chow_bits >> 6 & 1) + (chow_bits >> 9 & 1) + (chow_bits >> 15 & 1) + (chow_bits >> 18 & 1) + (chow_bits >> 24 & 1)
        chow_ranks = (chow_bits | chow_bits >> 9 | chow_bits >> 18) & 511
        adjacent_pungs = pung_bits & pung_bits >> 1 & 66977535 != 0
        step3 = chow_ranks & chow_ranks >> 1 & chow_ranks >> 2 != 0
        outside = pair >= 0 and (pair >= 27 or pair % 9 in (0, 8)) and all(c % 9 in (0, 6) for c in chow_firsts) and all(p >= 27 or p % 9 in (0, 8) for p in pung_firsts)
        in_shapes0 = shape in ('regular',)
        in_shapes1 = shape in ('seven_pairs_and_pung',)
        r7 = wind_pungs
        r8 = pung_firsts.count(seat_wind)
        r9 = pung_firsts.count(round_wind)
        r10 = 1 if wind_pungs >= 2 and 27 <= pair < 31 else 0
        r11 = 1 if wind_pungs >= 3 else 0
        r12 = 1 if wind_pungs >= 3 and 27 <= pair < 31 else 0
        r13 = 1 if wind_pungs >= 4 else 0
        r14 = dragon_pungs
        r15 = 1 if dragon_pungs >= 2 and 31 <= pair < 34 else 0
        r16 = 1 if dragon_pungs >= 3 else 0
        r17 = okongs
        r18 = ckongs
        r19 = DRAGON_SEQUENCE(chow_firsts, 0) if nchows >= 3 and chow_ranks & DRAGON_RANKS == DRAGON_RANKS else 0
        r20 = DRAGON_SEQUENCE(concealed_chow_firsts, 0) if nchows >= 3 and chow_ranks & DRAGON_RANKS == DRAGON_RANKS else 0
        r21 = DRAGON_SEQUENCE(chow_firsts, 1) if nchows >= 3 and chow_ranks & DRAGON_RANKS == DRAGON_RANKS else 0
        r22 = DRAGON_SEQUENCE(concealed_chow_firsts, 1) if nchows >= 3 and chow_ranks & DRAGON_RANKS == DRAGON_RANKS else 0
        r23 = PUNG_RUNS(pung_firsts, 2, 0) if npungs >= 2 and adjacent_pungs else 0
        r24 = PUNG_RUNS(pung_firsts, 3, 0) if npungs >= 3 and adjacent_pungs else 0
        r25 = PUNG_RUNS(pung_firsts, 4, 0) if npungs >= 4 and adjacent_pungs else 0
        r26 = PUNG_RUNS(pung_firsts, 5, 0) if npungs >= 5 and adjacent_pungs else 0
        r27 = IDENTICAL(chow_firsts, 2, 0) if chow_dups >= 1 else 0
        r28 = IDENTICAL(chow_firsts, 3, 0) if chow_dups >= 2 else 0
        r29 = IDENTICAL(chow_firsts, 4, 0) if chow_dups >= 3 else 0
        r30 = SISTER_CHOWS(chow_firsts, 2, 0) if sister_ranks else 0
        r31 = SISTER_CHOWS(chow_firsts, 3, 0) if sister_ranks else 0
        r32 = SISTER_PUNGS(pung_firsts, 2, 0) if npungs >= 2 and pung_same_rank else 0
        r33 = SISTER_PUNGS(pung_firsts, 3, 0) if npungs >= 3 and pung_same_rank else 0
        r34 = 1 if cpungs + open_gongs >= 2 else 0
        r35 = 1 if cpungs + open_gongs >= 3 else 0
        r36 = 1 if cpungs + open_gongs >= 4 else 0
        r37 = 1 if cpungs + open_gongs >= 5 else 0
        r39 = (1 if sum(1 for s in (0, 9, 18) if s in pung_firsts and s + 8 in pung_firsts) >= 1 else 0) if terminal_pungs >= 2 else 0
        r40 = (1 if sum(1 for s in (0, 9, 18) if s in pung_firsts and s + 8 in pung_firsts) >= 2 else 0) if terminal_pungs >= 4 else 0
        r41 = TERMINAL_CHOW_SETS(chow_firsts, 1, 0) if nchows >= 2 and end_chows >= 2 else 0
        r42 = TERMINAL_CHOW_SETS(chow_firsts, 2, 0) if nchows >= 4 and end_chows >= 2 else 0
        r43 = TERMINAL_CHOW_SETS(chow_firsts, 2, 1) if nchows >= 4 and end_chows >= 2 else 0
        r44 = STEP_UP(chow_firsts, 3, 1) if nchows >= 3 and step3 else 0
        r45 = 0
        if in_shapes0:
            r45 = 1 if 2 in spreads else 0
        r46 = 0
        if in_shapes0:
            r46 = 1 if 3 in spreads else 0
        r47 = 0
        if in_shapes0:
            r47 = 1 if 4 in spreads else 0
        r48 = 1 if regular and nchows == nsets and not (nflowers or has_honours) else 0
        r49 = x49 if in_shapes0 else 0
        r50 = 1 if role is PAIR_ROLE and len(hand.concealed) == 1 and self_drawn == 0 and nsets and all(g.declared and not g.concealed for g in groups if g.is_set) else 0
        r55 = 1 if regular and npungs == nsets else 0
        r56 = 1 if regular and nchows == nsets else 0
        r57 = SEQUENTIAL_PUNG_HAND(pung_firsts, pair) if npungs == 5 and pair >= 0 else 0
        r59 = 1 if regular and outside and has_terminals and has_honours == 1 else 0
        r60 = 1 if regular and outside and has_terminals and has_honours == 0 else 0
        r61 = 1 if shape == 'seven_pairs_and_pung' else 0
        r62 = 1 if shape == 'thirteen_orphans_and_set' else 0
        r63 = 1 if shape == 'sixteen_orphans' else 0
        r67 = ALL_STEP_UP(chow_firsts, pair, 0, 0) if regular and pair >= 0 and nchows == nsets else 0
        r68 = 1 if 0 <= pair < 27 and pair % 9 + 1 in (2, 5, 8) else 0
        r69 = 0
        if in_shapes0:
            r69 = 1 if role is PUNG_ROLE and pair_wait_held else 0
        r75 = x75 if in_shapes0 else 0
        r76 = 1 if role is PAIR_ROLE and len(hand.concealed) == 1 and self_drawn == 1 and nsets and all(g.declared and not g.concealed for g in groups if g.is_set) else 0
        r85 = 0
        if in_shapes1:
            r85 = PAIR_GONGS(pair_firsts, 1, 0) if npairs >= 2 else 0
        r86 = 0
        if in_shapes1:
            r86 = PAIR_GONGS(pair_firsts, 2, 1) if npairs >= 2 else 0
        gb = 0 if r0 else -1
        gv = values[0] * r0
        if r1 and (gb < 0 or values[1] * r1 > gv):
            gb = 1
            gv = values[1] * r1
        if r2 and (gb < 0 or values[2] * r2 > gv):
            gb = 2
            gv = values[2] * r2
        g0 = r0 if gb == 0 else 0
        g1 = r1 if gb == 1 else 0
        g2 = r2 if gb == 2 else 0
        gb = 48 if r48 else -1
        gv = values[48] * r48
        if r56 and (gb < 0 or values[56] * r56 > gv):
            gb = 56
            gv = values[56] * r56
        g48 = r48 if gb == 48 else 0
        g56 = r56 if gb == 56 else 0
        gb = 27 if r27 else -1
        gv = values[27] * r27
        if r28 and (gb < 0 or values[28] * r28 > gv):
            gb = 28
            gv = values[28] * r28
        if r29 and (gb < 0 or values[29] * r29 > gv):
            gb = 29
            gv = values[29] * r29
        g27 = r27 if gb == 27 else 0
        g28 = r28 if gb == 28 else 0
        g29 = r29 if gb == 29 else 0
        gb = 34 if r34 else -1
        gv = values[34] * r34
        if r35 and (gb < 0 or values[35] * r35 > gv):
            gb = 35
            gv = values[35] * r35
        if r36 and (gb < 0 or values[36] * r36 > gv):
            gb = 36
            gv = values[36] * r36
        if r37 and (gb < 0 or values[37] * r37 > gv):
            gb = 37
            gv = values[37] * r37
        g34 = r34 if gb == 34 else 0
        g35 = r35 if gb == 35 else 0
        g36 = r36 if gb == 36 else 0
        g37 = r37 if gb == 37 else 0
        gb = 19 if r19 else -1
        gv = values[19] * r19
        if r20 and (gb < 0 or values[20] * r20 > gv):
            gb = 20
            gv = values[20] * r20
        if r21 and (gb < 0 or values[21] * r21 > gv):
            gb = 21
            gv = values[21] * r21
        if r22 and (gb < 0 or values[22] * r22 > gv):
            gb = 22
            gv = values[22] * r22
        g19 = r19 if gb == 19 else 0
        g20 = r20 if gb == 20 else 0
        g21 = r21 if gb == 21 else 0
        g22 = r22 if gb == 22 else 0
        gb = 14 if r14 else -1
        gv = values[14] * r14
        if r15 and (gb < 0 or values[15] * r15 > gv):
            gb = 15
            gv = values[15] * r15
        if r16 and (gb < 0 or values[16] * r16 > gv):
            gb = 16
            gv = values[16] * r16
        g14 = r14 if gb == 14 else 0
        g15 = r15 if gb == 15 else 0
        g16 = r16 if gb == 16 else 0
        gb = 79 if r79 else -1
        gv = values[79] * r79
        if r80 and (gb < 0 or values[80] * r80 > gv):
            gb = 80
            gv = values[80] * r80
        if r81 and (gb < 0 or values[81] * r81 > gv):
            gb = 81
            gv = values[81] * r81
        if r83 and (gb < 0 or values[83] * r83 > gv):
            gb = 83
            gv = values[83] * r83
        if r84 and (gb < 0 or values[84] * r84 > gv):
            gb = 84
            gv = values[84] * r84
        g79 = r79 if gb == 79 else 0
        g80 = r80 if gb == 80 else 0
        g81 = r81 if gb == 81 else 0
        g83 = r83 if gb == 83 else 0
        g84 = r84 if gb == 84 else 0
        gb = 5 if r5 else -1
        gv = values[5] * r5
        if r6 and (gb < 0 or values[6] * r6 > gv):
            gb = 6
            gv = values[6] * r6
        g5 = r5 if gb == 5 else 0
        g6 = r6 if gb == 6 else 0
        gb = 45 if r45 else -1
        gv = values[45] * r45
        if r46 and (gb < 0 or values[46] * r46 > gv):
            gb = 46
            gv = values[46] * r46
        if r47 and (gb < 0 or values[47] * r47 > gv):
            gb = 47
            gv = values[47] * r47
        g45 = r45 if gb == 45 else 0
        g46 = r46 if gb == 46 else 0
        g47 = r47 if gb == 47 else 0
        gb = 23 if r23 else -1
        gv = values[23] * r23
        if r24 and (gb < 0 or values[24] * r24 > gv):
            gb = 24
            gv = values[24] * r24
        if r25 and (gb < 0 or values[25] * r25 > gv):
            gb = 25
            gv = values[25] * r25
        if r26 and (gb < 0 or values[26] * r26 > gv):
            gb = 26
            gv = values[26] * r26
        g23 = r23 if gb == 23 else 0
        g24 = r24 if gb == 24 else 0
        g25 = r25 if gb == 25 else 0
        g26 = r26 if gb == 26 else 0
        gb = 85 if r85 else -1
        gv = values[85] * r85
        if r86 and (gb < 0 or values[86] * r86 > gv):
            gb = 86
            gv = values[86] * r86
        g85 = r85 if gb == 85 else 0
        g86 = r86 if gb == 86 else 0
        gb = 32 if r32 else -1
        gv = values[32] * r32
        if r33 and (gb < 0 or values[33] * r33 > gv):
            gb = 33
            gv = values[33] * r33
        g32 = r32 if gb == 32 else 0
        g33 = r33 if gb == 33 else 0
        gb = 57 if r57 else -1
        gv = values[57] * r57
        if r58 and (gb < 0 or values[58] * r58 > gv):
            gb = 58
            gv = values[58] * r58
        if r61 and (gb < 0 or values[61] * r61 > gv):
            gb = 61
            gv = values[61] * r61
        if r62 and (gb < 0 or values[62] * r62 > gv):
            gb = 62
            gv = values[62] * r62
        if r63 and (gb < 0 or values[63] * r63 > gv):
            gb = 63
            gv = values[63] * r63
        if r64 and (gb < 0 or values[64] * r64 > gv):
            gb = 64
            gv = values[64] * r64
        if r65 and (gb < 0 or values[65] * r65 > gv):
            gb = 65
            gv = values[65] * r65
        if r66 and (gb < 0 or values[66] * r66 > gv):
            gb = 66
            gv = values[66] * r66
        if r67 and (gb < 0 or values[67] * r67 > gv):
            gb = 67
            gv = values[67] * r67
        g57 = r57 if gb == 57 else 0
        g58 = r58 if gb == 58 else 0
        g61 = r61 if gb == 61 else 0
        g62 = r62 if gb == 62 else 0
        g63 = r63 if gb == 63 else 0
        g64 = r64 if gb == 64 else 0
        g65 = r65 if gb == 65 else 0
        g66 = r66 if gb == 66 else 0
        g67 = r67 if gb == 67 else 0
        gb = 51 if r51 else -1
        gv = values[51] * r51
        if r52 and (gb < 0 or values[52] * r52 > gv):
            gb = 52
            gv = values[52] * r52
        if r53 and (gb < 0 or values[53] * r53 > gv):
            gb = 53
            gv = values[53] * r53
        g51 = r51 if gb == 51 else 0
        g52 = r52 if gb == 52 else 0
        g53 = r53 if gb == 53 else 0
        gb = 39 if r39 else -1
        gv = values[39] * r39
        if r40 and (gb < 0 or values[40] * r40 > gv):
            gb = 40
            gv = values[40] * r40
        g39 = r39 if gb == 39 else 0
        g40 = r40 if gb == 40 else 0
        gb = 41 if r41 else -1
        gv = values[41] * r41
        if r42 and (gb < 0 or values[42] * r42 > gv):
            gb = 42
            gv = values[42] * r42
        if r43 and (gb < 0 or values[43] * r43 > gv):
            gb = 43
            gv = values[43] * r43
        g41 = r41 if gb == 41 else 0
        g42 = r42 if gb == 42 else 0
        g43 = r43 if gb == 43 else 0
        gb = 59 if r59 else -1
        gv = values[59] * r59
        if r60 and (gb < 0 or values[60] * r60 > gv):
            gb = 60
            gv = values[60] * r60
        g59 = r59 if gb == 59 else 0
        g60 = r60 if gb == 60 else 0
        gb = 69 if r69 else -1
        gv = values[69] * r69
        if r70 and (gb < 0 or values[70] * r70 > gv):
            gb = 70
            gv = values[70] * r70
        if r71 and (gb < 0 or values[71] * r71 > gv):
            gb = 71
            gv = values[71] * r71
        g69 = r69 if gb == 69 else 0
        g70 = r70 if gb == 70 else 0
        g71 = r71 if gb == 71 else 0
        gb = 73 if r73 else -1
        gv = values[73] * r73
        if r74 and (gb < 0 or values[74] * r74 > gv):
            gb = 74
            gv = values[74] * r74
        if r77 and (gb < 0 or values[77] * r77 > gv):
            gb = 77
            gv = values[77] * r77
        if r78 and (gb < 0 or values[78] * r78 > gv):
            gb = 78
            gv = values[78] * r78
        if r82 and (gb < 0 or values[82] * r82 > gv):
            gb = 82
            gv = values[82] * r82
        g73 = r73 if gb == 73 else 0
        g74 = r74 if gb == 74 else 0
        g77 = r77 if gb == 77 else 0
        g78 = r78 if gb == 78 else 0
        g82 = r82 if gb == 82 else 0
        gb = 7 if r7 else -1
        gv = values[7] * r7
        if r10 and (gb < 0 or values[10] * r10 > gv):
            gb = 10
            gv = values[10] * r10
        if r11 and (gb < 0 or values[11] * r11 > gv):
            gb = 11
            gv = values[11] * r11
        if r12 and (gb < 0 or values[12] * r12 > gv):
            gb = 12
            gv = values[12] * r12
        if r13 and (gb < 0 or values[13] * r13 > gv):
            gb = 13
            gv = values[13] * r13
        g7 = r7 if gb == 7 else 0
        g10 = r10 if gb == 10 else 0
        g11 = r11 if gb == 11 else 0
        g12 = r12 if gb == 12 else 0
        g13 = r13 if gb == 13 else 0
        a67 = g67 != 0
        a84 = g84 != 0
        k44 = r44
        if k44 and (a67):
            k44 = 0
        k69 = g69
        if k69 and (a84):
            k69 = 0
        k70 = g70
        if k70 and (a84):
            k70 = 0
        k71 = g71
        if k71 and (a84):
            k71 = 0
        total = 0
        if g0 > 0:
            total += values[0] * g0
        if g1 > 0:
            total += values[1] * g1
        if g2 > 0:
            total += values[2] * g2
        if r3 > 0:
            total += values[3] * r3
        if r4 > 0:
            total += values[4] * r4
        if g5 > 0:
            total += values[5] * g5
        if g6 > 0:
            total += values[6] * g6
        if g7 > 0:
            total += values[7] * g7
        if r8 > 0:
            total += values[8] * r8
        if r9 > 0:
            total += values[9] * r9
        if g10 > 0:
            total += values[10] * g10
        if g11 > 0:
            total += values[11] * g11
        if g12 > 0:
            total += values[12] * g12
        if g13 > 0:
            total += values[13] * g13
        if g14 > 0:
            total += values[14] * g14
        if g15 > 0:
            total += values[15] * g15
        if g16 > 0:
            total += values[16] * g16
        if r17 > 0:
            total += values[17] * r17
        if r18 > 0:
            total += values[18] * r18
        if g19 > 0:
            total += values[19] * g19
        if g20 > 0:
            total += values[20] * g20
        if g21 > 0:
            total += values[21] * g21
        if g22 > 0:
            total += values[22] * g22
        if g23 > 0:
            total += values[23] * g23
        if g24 > 0:
            total += values[24] * g24
        if g25 > 0:
            total += values[25] * g25
        if g26 > 0:
            total += values[26] * g26
        if g27 > 0:
            total += values[27] * g27
        if g28 > 0:
            total += values[28] * g28
        if g29 > 0:
            total += values[29] * g29
        if r30 > 0:
            total += values[30] * r30
        if r31 > 0:
            total += values[31] * r31
        if g32 > 0:
            total += values[32] * g32
        if g33 > 0:
            total += values[33] * g33
        if g34 > 0:
            total += values[34] * g34
        if g35 > 0:
            total += values[35] * g35
        if g36 > 0:
            total += values[36] * g36
        if g37 > 0:
            total += values[37] * g37
        if r38 > 0:
            total += values[38] * r38
        if g39 > 0:
            total += values[39] * g39
        if g40 > 0:
            total += values[40] * g40
        if g41 > 0:
            total += values[41] * g41
        if g42 > 0:
            total += values[42] * g42
        if g43 > 0:
            total += values[43] * g43
        if k44 > 0:
            total += values[44] * k44
        if g45 > 0:
            total += values[45] * g45
        if g46 > 0:
            total += values[46] * g46
        if g47 > 0:
            total += values[47] * g47
        if g48 > 0:
            total += values[48] * g48
        if r49 > 0:
            total += values[49] * r49
        if r50 > 0:
            total += values[50] * r50
        if g51 > 0:
            total += values[51] * g51
        if g52 > 0:
            total += values[52] * g52
        if g53 > 0:
            total += values[53] * g53
        if r54 > 0:
            total += values[54] * r54
        if r55 > 0:
            total += values[55] * r55
        if g56 > 0:
            total += values[56] * g56
        if g57 > 0:
            total += values[57] * g57
        if g58 > 0:
            total += values[58] * g58
        if g59 > 0:
            total += values[59] * g59
        if g60 > 0:
            total += values[60] * g60
        if g61 > 0:
            total += values[61] * g61
        if g62 > 0:
            total += values[62] * g62
        if g63 > 0:
            total += values[63] * g63
        if g64 > 0:
            total += values[64] * g64
        if g65 > 0:
            total += values[65] * g65
        if g66 > 0:
            total += values[66] * g66
        if g67 > 0:
            total += values[67] * g67
        if r68 > 0:
            total += values[68] * r68
        if k69 > 0:
            total += values[69] * k69
        if k70 > 0:
            total += values[70] * k70
        if k71 > 0:
            total += values[71] * k71
        if r72 > 0:
            total += values[72] * r72
        if g73 > 0:
            total += values[73] * g73
        if g74 > 0:
            total += values[74] * g74
        if r75 > 0:
            total += values[75] * r75
        if r76 > 0:
            total += values[76] * r76
        if g77 > 0:
            total += values[77] * g77
        if g78 > 0:
            total += values[78] * g78
        if g79 > 0:
            total += values[79] * g79
        if g80 > 0:
            total += values[80] * g80
        if g81 > 0:
            total += values[81] * g81
        if g82 > 0:
            total += values[82] * g82
        if g83 > 0:
            total += values[83] * g83
        if g84 > 0:
            total += values[84] * g84
        if g85 > 0:
            total += values[85] * g85
        if g86 > 0:
            total += values[86] * g86
        if r87 > 0:
            total += values[87] * r87
        consoled = -1
        kept = 0
        if r87 > 0:
            kept += values[87] * r87
        if consoled < 0 and total - kept == values[89]:
            consoled = 0
            total = kept + values[90]
        total += values[88]
        if best < 0 or total > best_total:
            best, best_total = number, total
            best_fired = []
            best_counted = []
            if r0:
                best_fired.append((0, r0))
                if g0 > 0:
                    best_counted.append((rows[0], g0))
            if r1:
                best_fired.append((1, r1))
                if g1 > 0:
                    best_counted.append((rows[1], g1))
            if r2:
                best_fired.append((2, r2))
                if g2 > 0:
                    best_counted.append((rows[2], g2))
            if r3:
                best_fired.append((3, r3))
                if r3 > 0:
                    best_counted.append((rows[3], r3))
            if r4:
                best_fired.append((4, r4))
                if r4 > 0:
                    best_counted.append((rows[4], r4))
            if r5:
                best_fired.append((5, r5))
                if g5 > 0:
                    best_counted.append((rows[5], g5))
            if r6:
                best_fired.append((6, r6))
                if g6 > 0:
                    best_counted.append((rows[6], g6))
            if r7:
                best_fired.append((7, r7))
                if g7 > 0:
                    best_counted.append((rows[7], g7))
            if r8:
                best_fired.append((8, r8))
                if r8 > 0:
                    best_counted.append((rows[8], r8))
            if r9:
                best_fired.append((9, r9))
                if r9 > 0:
                    best_counted.append((rows[9], r9))
            if r10:
                best_fired.append((10, r10))
                if g10 > 0:
                    best_counted.append((rows[10], g10))
            if r11:
                best_fired.append((11, r11))
                if g11 > 0:
                    best_counted.append((rows[11], g11))
            if r12:
                best_fired.append((12, r12))
                if g12 > 0:
                    best_counted.append((rows[12], g12))
            if r13:
                best_fired.append((13, r13))
                if g13 > 0:
                    best_counted.append((rows[13], g13))
            if r14:
                best_fired.append((14, r14))
                if g14 > 0:
                    best_counted.append((rows[14], g14))
            if r15:
                best_fired.append((15, r15))
                if g15 > 0:
                    best_counted.append((rows[15], g15))
            if r16:
                best_fired.append((16, r16))
                if g16 > 0:
                    best_counted.append((rows[16], g16))
            if r17:
                best_fired.append((17, r17))
                if r17 > 0:
                    best_counted.append((rows[17], r17))
            if r18:
                best_fired.append((18, r18))
                if r18 > 0:
                    best_counted.append((rows[18], r18))
            if r19:
                best_fired.append((19, r19))
                if g19 > 0:
                    best_counted.append((rows[19], g19))
            if r20:
                best_fired.append((20, r20))
                if g20 > 0:
                    best_counted.append((rows[20], g20))
            if r21:
                best_fired.append((21, r21))
                if g21 > 0:
                    best_counted.append((rows[21], g21))
            if r22:
                best_fired.append((22, r22))
                if g22 > 0:
                    best_counted.append((rows[22], g22))
            if r23:
                best_fired.append((23, r23))
                if g23 > 0:
                    best_counted.append((rows[23], g23))
            if r24:
                best_fired.append((24, r24))
                if g24 > 0:
                    best_counted.append((rows[24], g24))
            if r25:
                best_fired.append((25, r25))
                if g25 > 0:
                    best_counted.append((rows[25], g25))
            if r26:
                best_fired.append((26, r26))
                if g26 > 0:
                    best_counted.append((rows[26], g26))
            if r27:
                best_fired.append((27, r27))
                if g27 > 0:
                    best_counted.append((rows[27], g27))
            if r28:
                best_fired.append((28, r28))
                if g28 > 0:
                    best_counted.append((rows[28], g28))
            if r29:
                best_fired.append((29, r29))
                if g29 > 0:
                    best_counted.append((rows[29], g29))
            if r30:
                best_fired.append((30, r30))
                if r30 > 0:
                    best_counted.append((rows[30], r30))
            if r31:
                best_fired.append((31, r31))
                if r31 > 0:
                    best_counted.append((rows[31], r31))
            if r32:
                best_fired.append((32, r32))
                if g32 > 0:
                    best_counted.append((rows[32], g32))
            if r33:
                best_fired.append((33, r33))
                if g33 > 0:
                    best_counted.append((rows[33], g33))
            if r34:
                best_fired.append((34, r34))
                if g34 > 0:
                    best_counted.append((rows[34], g34))
            if r35:
                best_fired.append((35, r35))
                if g35 > 0:
                    best_counted.append((rows[35], g35))
            if r36:
                best_fired.append((36, r36))
                if g36 > 0:
                    best_counted.append((rows[36], g36))
            if r37:
                best_fired.append((37, r37))
                if g37 > 0:
                    best_counted.append((rows[37], g37))
            if r38:
                best_fired.append((38, r38))
                if r38 > 0:
                    best_counted.append((rows[38], r38))
            if r39:
                best_fired.append((39, r39))
                if g39 > 0:
                    best_counted.append((rows[39], g39))
            if r40:
                best_fired.append((40, r40))
                if g40 > 0:
                    best_counted.append((rows[40], g40))
            if r41:
                best_fired.append((41, r41))
                if g41 > 0:
                    best_counted.append((rows[41], g41))
            if r42:
                best_fired.append((42, r42))
                if g42 > 0:
                    best_counted.append((rows[42], g42))
            if r43:
                best_fired.append((43, r43))
                if g43 > 0:
                    best_counted.append((rows[43], g43))
            if r44:
                best_fired.append((44, r44))
                if k44 > 0:
                    best_counted.append((rows[44], k44))
            if r45:
                best_fired.append((45, r45))
                if g45 > 0:
                    best_counted.append((rows[45], g45))
            if r46:
                best_fired.append((46, r46))
                if g46 > 0:
                    best_counted.append((rows[46], g46))
            if r47:
                best_fired.append((47, r47))
                if g47 > 0:
                    best_counted.append((rows[47], g47))
            if r48:
                best_fired.append((48, r48))
                if g48 > 0:
                    best_counted.append((rows[48], g48))
            if r49:
                best_fired.append((49, r49))
                if r49 > 0:
                    best_counted.append((rows[49], r49))
            if r50:
                best_fired.append((50, r50))
                if r50 > 0:
                    best_counted.append((rows[50], r50))
            if r51:
                best_fired.append((51, r51))
                if g51 > 0:
                    best_counted.append((rows[51], g51))
            if r52:
                best_fired.append((52, r52))
                if g52 > 0:
                    best_counted.append((rows[52], g52))
            if r53:
                best_fired.append((53, r53))
                if g53 > 0:
                    best_counted.append((rows[53], g53))
            if r54:
                best_fired.append((54, r54))
                if r54 > 0:
                    best_counted.append((rows[54], r54))
            if r55:
                best_fired.append((55, r55))
                if r55 > 0:
                    best_counted.append((rows[55], r55))
            if r56:
                best_fired.append((56, r56))
                if g56 > 0:
                    best_counted.append((rows[56], g56))
            if r57:
                best_fired.append((57, r57))
                if g57 > 0:
                    best_counted.append((rows[57], g57))
            if r58:
                best_fired.append((58, r58))
                if g58 > 0:
                    best_counted.append((rows[58], g58))
            if r59:
                best_fired.append((59, r59))
                if g59 > 0:
                    best_counted.append((rows[59], g59))
            if r60:
                best_fired.append((60, r60))
                if g60 > 0:
                    best_counted.append((rows[60], g60))
            if r61:
                best_fired.append((61, r61))
                if g61 > 0:
                    best_counted.append((rows[61], g61))
            if r62:
                best_fired.append((62, r62))
                if g62 > 0:
                    best_counted.append((rows[62], g62))
            if r63:
                best_fired.append((63, r63))
                if g63 > 0:
                    best_counted.append((rows[63], g63))
            if r64:
                best_fired.append((64, r64))
                if g64 > 0:
                    best_counted.append((rows[64], g64))
            if r65:
                best_fired.append((65, r65))
                if g65 > 0:
                    best_counted.append((rows[65], g65))
            if r66:
                best_fired.append((66, r66))
                if g66 > 0:
                    best_counted.append((rows[66], g66))
            if r67:
                best_fired.append((67, r67))
                if g67 > 0:
                    best_counted.append((rows[67], g67))
            if r68:
                best_fired.append((68, r68))
                if r68 > 0:
                    best_counted.append((rows[68], r68))
            if r69:
                best_fired.append((69, r69))
                if k69 > 0:
                    best_counted.append((rows[69], k69))
            if r70:
                best_fired.append((70, r70))
                if k70 > 0:
                    best_counted.append((rows[70], k70))
            if r71:
                best_fired.append((71, r71))
                if k71 > 0:
                    best_counted.append((rows[71], k71))
            if r72:
                best_fired.append((72, r72))
                if r72 > 0:
                    best_counted.append((rows[72], r72))
            if r73:
                best_fired.append((73, r73))
                if g73 > 0:
                    best_counted.append((rows[73], g73))
            if r74:
                best_fired.append((74, r74))
                if g74 > 0:
                    best_counted.append((rows[74], g74))
            if r75:
                best_fired.append((75, r75))
                if r75 > 0:
                    best_counted.append((rows[75], r75))
            if r76:
                best_fired.append((76, r76))
                if r76 > 0:
                    best_counted.append((rows[76], r76))
            if r77:
                best_fired.append((77, r77))
                if g77 > 0:
                    best_counted.append((rows[77], g77))
            if r78:
                best_fired.append((78, r78))
                if g78 > 0:
                    best_counted.append((rows[78], g78))
            if r79:
                best_fired.append((79, r79))
                if g79 > 0:
                    best_counted.append((rows[79], g79))
            if r80:
                best_fired.append((80, r80))
                if g80 > 0:
                    best_counted.append((rows[80], g80))
            if r81:
                best_fired.append((81, r81))
                if g81 > 0:
                    best_counted.append((rows[81], g81))
            if r82:
                best_fired.append((82, r82))
                if g82 > 0:
                    best_counted.append((rows[82], g82))
            if r83:
                best_fired.append((83, r83))
                if g83 > 0:
                    best_counted.append((rows[83], g83))
            if r84:
                best_fired.append((84, r84))
                if g84 > 0:
                    best_counted.append((rows[84], g84))
            if r85:
                best_fired.append((85, r85))
                if g85 > 0:
                    best_counted.append((rows[85], g85))
            if r86:
                best_fired.append((86, r86))
                if g86 > 0:
                    best_counted.append((rows[86], g86))
            if r87:
                best_fired.append((87, r87))
                if r87 > 0:
                    best_counted.append((rows[87], r87))
            if consoled == 0:
                best_counted = []
                if r87 > 0:
                    best_counted.append((rows[87], r87))
                best_counted.append((consolations[0], 1))
    return best, best_fired, best_counted


def mcr_ordinary(hand: Hand, candidates: Sequence[Arrangement | None], waits: tuple[Tile, ...],
        patterns: Sequence[Pattern], arguments: Sequence[tuple[Any, ...]],
        values: list[int], rows: tuple[AwardRule, ...], consolations: tuple[AwardRule, ...]
        ) -> tuple[int, list[tuple[int, int]], list[tuple[AwardRule, int]]]:
    h: Hit | None
    win = hand.win
    counts = hand.counts
    nflowers = len(hand.flowers)
    self_drawn = win is SELF_DRAW or win is FLOWERS
    present = nfours = 0
    for i in range(34):
        n = counts[i]
        if n:
            present |= 1 << i
            if n == 4:
                nfours += 1
    has4 = nfours > 0
    has_honours = present >> 27 != 0
    nnumbered = (1 if present & 511 else 0) + (1 if present & 261632 else 0) + (1 if present & 133955584 else 0)
    nfamilies = nnumbered + (1 if present & 2013265920 else 0) + (1 if present >> 31 else 0)
    nwaits = len(waits)
    held = [t.index for t in hand.concealed]
    exposed = any(not m.concealed for m in hand.melds)
    win_index = -1 if hand.win_tile is None else hand.win_tile.index
    seat_wind = 27 + SEATS.index(hand.seat)
    round_wind = 27 + SEATS.index(hand.round)
    x2 = 0 if present & 12839288831 else 1
    x3 = 0 if hand.melds else HELD_SUIT_COUNTS(held, (3, 1, 1, 1, 1, 1, 1, 1, 3))
    x7 = 0 if present & 17112366334 else 1
    x10 = 0 if present & 134217727 else 1
    x17 = 0 if present & 66714878 else 1
    x21 = 1 if nnumbered == 1 and has_honours == 0 else 0
    x24 = 0 if present & 17062198847 else 1
    x25 = 0 if present & 17165160391 else 1
    x26 = 0 if present & 17178030584 else 1
    x35 = 0 if present & 17053793823 else 1
    x36 = 0 if present & 17175929328 else 1
    x39 = 0 if present & 14916305407 else 1
    r42 = 1 if hand.last_tile and win is not ROBBING_GONG and win is SELF_DRAW else 0
    r43 = 1 if hand.last_tile and win is not ROBBING_GONG and win is not SELF_DRAW else 0
    r44 = 1 if win is SELF_DRAW and hand.replacement is not None and hand.replacement.value in ('gong', 'double_gong') else 0
    r45 = 1 if win is ROBBING_GONG else 0
    x47 = 1 if nnumbered == 1 and has_honours == 1 else 0
    r49 = 1 if nfamilies == 5 else 0
    r54 = 1 if not exposed and self_drawn == 1 else 0
    r56 = 1 if win_index >= 0 and (hand.last_of_kind or sum(1 for m in hand.melds for t in m.tiles if t.index == win_index) == 3) else 0
    r60 = 1 if not exposed and self_drawn == 0 else 0
    x66 = 0 if present & 17113154305 else 1
    x73 = 1 if nnumbered == 2 else 0
    x74 = 0 if has_honours else 1
    r78 = 1 if win is SELF_DRAW else 0
    r79 = nflowers
    best = -1
    best_total = 0
    best_fired: list[tuple[int, int]] = []
    best_counted: list[tuple[AwardRule, int]] = []
    for number, arrangement in enumerate(candidates):
        facts: Facts | None = None
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
        wind_pungs = dragon_pungs = chow_bits = pung_bits = chow_dups = 0
        for g in groups:
            first = g.index
            if g.is_chow:
                chow_firsts.append(first)
                if chow_bits >> first & 1:
                    chow_dups += 1
                chow_bits |= 1 << first
            elif g.is_pung_like:
                pung_firsts.append(first)
                pung_bits |= 1 << first
                if first >= 27:
                    if first < 31:
                        wind_pungs += 1
                    else:
                        dragon_pungs += 1
                kong = g.is_kong
                if g.concealed:
                    cpungs += 1
                    if kong:
                        ckongs += 1
                elif kong and not g.added:
                    open_gongs += 1
                if kong:
                    nkongs += 1
            elif g.is_pair:
                npairs += 1
                pair = first
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
            first = g.index
            if g.is_chow:
                at = win_index - first
                if at == 1:
                    closed_wait = True
                elif (at == 2 and first % 9 == 0) or (at == 0 and first % 9 == 6):
                    edge_wait = True
            elif g.is_pair:
                if first == win_index:
                    pair_wait = True
            elif not g.is_pung_like and any(t.index == win_index for t in g.tiles):
                off_wait = True
        wait_place = '' if off_wait else 'edge' if edge_wait else 'closed' if closed_wait else 'pair' if pair_wait else ''
        other_wind_pungs = sum(1 for p in pung_firsts if 27 <= p < 31 and p != seat_wind and p != round_wind) if wind_pungs else 0
        knitted_straight = 0
        if nsets < len(groups) - 1:
            knitted = sum(1 for g in groups if g.kind is KNITTED and len(g.tiles) == 3)
            knitted_straight = 1 if knitted == 3 else 0
        sister_ranks = (chow_bits & (chow_bits >> 9 | chow_bits >> 18) | chow_bits >> 9 & chow_bits >> 18) & 511 != 0
        numbered_pung_bits = pung_bits & 134217727
        pung_same_rank = (numbered_pung_bits & (numbered_pung_bits >> 9 | numbered_pung_bits >> 18) | numbered_pung_bits >> 9 & numbered_pung_bits >> 18) & 511 != 0
        terminal_pungs = (pung_bits & 1) + (pung_bits >> 8 & 1) + (pung_bits >> 9 & 1) + (pung_bits >> 17 & 1) + (pung_bits >> 18 & 1) + (pung_bits >> 26 & 1)
        chow_key = tuple(sorted(chow_firsts)) if nchows > 1 else tuple(chow_firsts)
        chow_pairs = CHOW_PAIR_FANS(chow_key) if nchows >= 2 else NO_CHOW_PAIRS
        chow_ranks = (chow_bits | chow_bits >> 9 | chow_bits >> 18) & 511
        adjacent_pungs = pung_bits & pung_bits >> 1 & 66977535 != 0
        step3 = chow_ranks & chow_ranks >> 1 & chow_ranks >> 2 != 0
        in_shapes0 = shape in ('regular', 'seven_pairs', 'knitted_straight')
        in_shapes1 = shape in ('regular',)
        in_shapes2 = shape in ('knitted_straight', 'lesser_honours_and_knitted_tiles')
        in_shapes3 = shape in ('regular', 'knitted_straight')
        in_shapes4 = shape in ('regular', 'seven_pairs', 'knitted_straight', 'seven_shifted_pairs')
        r0 = 1 if wind_pungs >= 4 else 0
        r1 = 1 if dragon_pungs >= 3 else 0
        r2 = x2 if in_shapes0 else 0
        r3 = x3 if in_shapes1 else 0
        r4 = 1 if nkongs in (4,) else 0
        r5 = 1 if shape == 'seven_shifted_pairs' else 0
        r6 = 1 if shape == 'thirteen_orphans' else 0
        r7 = x7 if in_shapes0 else 0
        r8 = 1 if wind_pungs >= 3 and 27 <= pair < 31 else 0
        r9 = 1 if dragon_pungs >= 2 and 31 <= pair < 34 else 0
        r10 = x10 if in_shapes0 else 0
        r11 = 1 if cpungs >= 4 else 0
        r12 = TERMINAL_CHOWS_WITH_FIVES(chow_key, pair, 1) if nchows == 4 and npungs == 0 and 0 <= pair < 27 and pair % 9 == 4 else 0
        r13 = IDENTICAL(chow_firsts, 4, 0) if chow_dups >= 3 else 0
        r14 = PUNG_RUNS(pung_firsts, 4, 0) if npungs >= 4 and adjacent_pungs else 0
        r15 = SHIFTED(chow_firsts, 4) if nchows >= 4 else 0
        r16 = 1 if nkongs in (3,) else 0
        r17 = x17 if in_shapes0 else 0
        r18 = 1 if shape == 'seven_pairs' else 0
        r19 = 1 if shape == 'greater_honours_and_knitted_tiles' else 0
        r20 = 0
        if in_shapes1:
            r20 = 1 if nsets and npungs == nsets and pair >= 0 and not present & 17135217493 else 0
        r21 = x21 if in_shapes0 else 0
        r22 = IDENTICAL(chow_firsts, 3, 0) if chow_dups >= 2 else 0
        r23 = PUNG_RUNS(pung_firsts, 3, 0) if npungs >= 3 and adjacent_pungs else 0
        r24 = x24 if in_shapes0 else 0
        r25 = x25 if in_shapes0 else 0
        r26 = x26 if in_shapes0 else 0
        r27 = DRAGON_SEQUENCE(chow_firsts, 1) if nchows >= 3 and chow_ranks & DRAGON_RANKS == DRAGON_RANKS else 0
        r28 = TERMINAL_CHOWS_WITH_FIVES(chow_key, pair, 0) if nchows == 4 and npungs == 0 and 0 <= pair < 27 and pair % 9 == 4 else 0
        r29 = SHIFTED(chow_firsts, 3) if nchows >= 3 else 0
        r30 = 0
        if in_shapes1:
            r30 = EVERY_GROUP_HOLDS(groups, 4202512) if present & 4202512 and all((7 << c) & 4202512 for c in chow_firsts) and all((1 << p) & 4202512 for p in pung_firsts) and (pair < 0 or (1 << pair) & 4202512) else 0
        r31 = SISTER_PUNGS(pung_firsts, 3, 0) if npungs >= 3 and pung_same_rank else 0
        r32 = 1 if cpungs >= 3 else 0
        r33 = 1 if shape == 'lesser_honours_and_knitted_tiles' else 0
        r34 = 0
        if in_shapes2:
            r34 = knitted_straight
        r35 = x35 if in_shapes0 else 0
        r36 = x36 if in_shapes0 else 0
        r37 = 1 if wind_pungs >= 3 else 0
        r38 = DRAGON_SEQUENCE(chow_firsts, 0) if nchows >= 3 and chow_ranks & DRAGON_RANKS == DRAGON_RANKS else 0
        r39 = x39 if in_shapes0 else 0
        r40 = SISTER_CHOWS(chow_firsts, 3, 0) if sister_ranks else 0
        r41 = MIXED_SHIFTED(pung_firsts) if npungs >= 3 else 0
        r46 = 0
        if in_shapes1:
            r46 = 1 if regular and npungs == nsets else 0
        r47 = x47 if in_shapes0 else 0
        r48 = STEP_UP(chow_firsts, 3, 1) if nchows >= 3 and step3 else 0
        r50 = 1 if role is PAIR_ROLE and len(hand.concealed) == 1 and self_drawn == 0 and nsets and all(g.declared and not g.concealed for g in groups if g.is_set) else 0
        r51 = 1 if nkongs in (2,) and ckongs in (2,) else 0
        r52 = 1 if dragon_pungs >= 2 else 0
        r53 = 0
        if in_shapes1:
            r53 = EVERY_GROUP_HOLDS(groups, 17113154305) if present & 17113154305 and all((7 << c) & 17113154305 for c in chow_firsts) and all((1 << p) & 17113154305 for p in pung_firsts) and (pair < 0 or (1 << pair) & 17113154305) else 0
        r55 = 1 if nkongs in (2,) and ckongs in (0, 1) else 0
        r57 = dragon_pungs
        r58 = pung_firsts.count(round_wind)
        r59 = pung_firsts.count(seat_wind)
        r61 = 0
        if in_shapes3:
            r61 = 1 if nsets and nchows == nsets and 0 <= pair < 27 else 0
        r62 = 0
        if in_shapes0:
            r62 = nfours - nkongs if has4 else 0
        r63 = SAME_RANK_PUNG_PAIRS(pung_firsts) if pung_same_rank else 0
        r64 = 1 if cpungs >= 2 else 0
        r65 = 1 if nkongs in (1, 2) and ckongs in (1,) else 0
        r66 = x66 if in_shapes4 else 0
        r67 = chow_pairs.get('pure_double_chow', 0)
        r68 = chow_pairs.get('mixed_double_chow', 0)
        r69 = chow_pairs.get('short_straight', 0)
        r70 = chow_pairs.get('two_terminal_chows', 0)
        r71 = terminal_pungs + (other_wind_pungs if wind_pungs < 3 else 0)
        r72 = 1 if nkongs in (1,) and ckongs in (0,) else 0
        r73 = x73 if in_shapes0 else 0
        r74 = x74 if in_shapes0 else 0
        r75 = 1 if nwaits == 1 and wait_place == 'edge' else 0
        r76 = 1 if nwaits == 1 and wait_place == 'closed' else 0
        r77 = 1 if nwaits == 1 and wait_place == 'pair' else 0
        gb = 11 if r11 else -1
        gv = values[11] * r11
        if r32 and (gb < 0 or values[32] * r32 > gv):
            gb = 32
            gv = values[32] * r32
        if r64 and (gb < 0 or values[64] * r64 > gv):
            gb = 64
            gv = values[64] * r64
        g11 = r11 if gb == 11 else 0
        g32 = r32 if gb == 32 else 0
        g64 = r64 if gb == 64 else 0
        v1 = values[1] * r1
        v3 = values[3] * r3
        v5 = values[5] * r5
        v6 = values[6] * r6
        v7 = values[7] * r7
        v9 = values[9] * r9
        v10 = values[10] * r10
        v11 = values[11] * g11
        v12 = values[12] * r12
        v17 = values[17] * r17
        v18 = values[18] * r18
        v19 = values[19] * r19
        v20 = values[20] * r20
        v21 = values[21] * r21
        v24 = values[24] * r24
        v25 = values[25] * r25
        v26 = values[26] * r26
        v28 = values[28] * r28
        v30 = values[30] * r30
        v33 = values[33] * r33
        v35 = values[35] * r35
        v36 = values[36] * r36
        v52 = values[52] * r52
        v54 = values[54] * r54
        v61 = values[61] * r61
        v66 = values[66] * r66
        a0 = r0 != 0
        a1 = r1 != 0
        a2 = r2 != 0
        a3 = r3 != 0
        a4 = r4 != 0
        a5 = r5 != 0
        a6 = r6 != 0
        a7 = r7 != 0
        a8 = r8 != 0
        a9 = r9 != 0
        a10 = r10 != 0
        a11 = g11 != 0
        a12 = r12 != 0
        a13 = r13 != 0
        a14 = r14 != 0
        a15 = r15 != 0
        a17 = r17 != 0 and not ((a6 and v6 >= v17) or (a7 and v7 >= v17) or (a10 and v10 >= v17))
        a18 = r18 != 0
        a19 = r19 != 0
        a20 = r20 != 0
        a21 = r21 != 0 and not ((a3 and v3 >= v21) or (a5 and v5 >= v21) or (a12 and v12 >= v21))
        a24 = r24 != 0
        a25 = r25 != 0
        a26 = r26 != 0
        a28 = r28 != 0
        a30 = r30 != 0
        a31 = r31 != 0
        a33 = r33 != 0
        a35 = r35 != 0 and not ((a24 and v24 >= v35))
        a36 = r36 != 0 and not ((a26 and v26 >= v36))
        a39 = r39 != 0
        a42 = r42 != 0
        a44 = r44 != 0
        a45 = r45 != 0
        a50 = r50 != 0
        a51 = r51 != 0
        a52 = r52 != 0 and not ((a1 and v1 >= v52) or (a9 and v9 >= v52))
        a54 = r54 != 0 and not ((a3 and v3 >= v54) or (a5 and v5 >= v54) or (a6 and v6 >= v54) or (a11 and v11 >= v54) or (a18 and v18 >= v54) or (a19 and v19 >= v54) or (a33 and v33 >= v54))
        a61 = r61 != 0 and not ((a12 and v12 >= v61) or (a28 and v28 >= v61))
        a66 = r66 != 0 and not ((a20 and v20 >= v66) or (a25 and v25 >= v66) or (a30 and v30 >= v66))
        k17 = r17
        if k17 and (a6 or a7 or a10):
            k17 = 0
        k21 = r21
        if k21 and (a3 or a5 or a12):
            k21 = 0
        k22 = r22
        if k22 and (a13):
            k22 = 0
        k23 = r23
        if k23 and (a14):
            k23 = 0
        k29 = r29
        if k29 and (a15):
            k29 = 0
        k35 = r35
        if k35 and (a24):
            k35 = 0
        k36 = r36
        if k36 and (a26):
            k36 = 0
        k37 = r37
        if k37 and (a0 or a8):
            k37 = 0
        k46 = r46
        if k46 and (a0 or a4 or a7 or a10 or a11 or a14 or a17 or a20):
            k46 = 0
        k47 = r47
        if k47 and (a2):
            k47 = 0
        k49 = r49
        if k49 and (a6 or a19 or a33):
            k49 = 0
        k52 = r52
        if k52 and (a1 or a9):
            k52 = 0
        k53 = r53
        if k53 and (a7 or a10 or a17):
            k53 = 0
        k54 = r54
        if k54 and (a3 or a5 or a6 or a11 or a18 or a19 or a33):
            k54 = 0
        k56 = r56
        if k56 and (a45):
            k56 = 0
        k57 = r57
        if k57 and (a1 or a9 or a52):
            k57 = 0
        k58 = r58
        if k58 and (a0):
            k58 = 0
        k59 = r59
        if k59 and (a0):
            k59 = 0
        k60 = r60
        if k60 and (a3 or a5 or a6 or a11 or a18 or a19 or a33):
            k60 = 0
        k61 = r61
        if k61 and (a12 or a28):
            k61 = 0
        k62 = r62
        if k62 and (a13):
            k62 = 0
        k63 = r63
        if k63 and (a7 or a31):
            k63 = 0
        k64 = g64
        if k64 and (a51):
            k64 = 0
        k66 = r66
        if k66 and (a20 or a25 or a30):
            k66 = 0
        k67 = r67
        if k67 and (a12):
            k67 = 0
        k68 = r68
        if k68 and (a28):
            k68 = 0
        k70 = r70
        if k70 and (a12 or a28):
            k70 = 0
        k71 = r71
        if k71 and (a0 or a7 or a8 or a10 or a17):
            k71 = 0
        if k71:
            if a3:
                k71 -= 1
            if k71 < 0:
                k71 = 0
        k73 = r73
        if k73 and (a2 or a39):
            k73 = 0
        k74 = r74
        if k74 and (a3 or a5 or a7 or a12 or a20 or a21 or a24 or a25 or a26 or a28 or a30 or a35 or a36 or a61 or a66):
            k74 = 0
        k77 = r77
        if k77 and (a4 or a5 or a6 or a18 or a19 or a33 or a50):
            k77 = 0
        k78 = r78
        if k78 and (a42 or a44 or a54):
            k78 = 0
        total = 0
        if r0 > 0:
            total += values[0] * r0
        if r1 > 0:
            total += values[1] * r1
        if r2 > 0:
            total += values[2] * r2
        if r3 > 0:
            total += values[3] * r3
        if r4 > 0:
            total += values[4] * r4
        if r5 > 0:
            total += values[5] * r5
        if r6 > 0:
            total += values[6] * r6
        if r7 > 0:
            total += values[7] * r7
        if r8 > 0:
            total += values[8] * r8
        if r9 > 0:
            total += values[9] * r9
        if r10 > 0:
            total += values[10] * r10
        if g11 > 0:
            total += values[11] * g11
        if r12 > 0:
            total += values[12] * r12
        if r13 > 0:
            total += values[13] * r13
        if r14 > 0:
            total += values[14] * r14
        if r15 > 0:
            total += values[15] * r15
        if r16 > 0:
            total += values[16] * r16
        if k17 > 0:
            total += values[17] * k17
        if r18 > 0:
            total += values[18] * r18
        if r19 > 0:
            total += values[19] * r19
        if r20 > 0:
            total += values[20] * r20
        if k21 > 0:
            total += values[21] * k21
        if k22 > 0:
            total += values[22] * k22
        if k23 > 0:
            total += values[23] * k23
        if r24 > 0:
            total += values[24] * r24
        if r25 > 0:
            total += values[25] * r25
        if r26 > 0:
            total += values[26] * r26
        if r27 > 0:
            total += values[27] * r27
        if r28 > 0:
            total += values[28] * r28
        if k29 > 0:
            total += values[29] * k29
        if r30 > 0:
            total += values[30] * r30
        if r31 > 0:
            total += values[31] * r31
        if g32 > 0:
            total += values[32] * g32
        if r33 > 0:
            total += values[33] * r33
        if r34 > 0:
            total += values[34] * r34
        if k35 > 0:
            total += values[35] * k35
        if k36 > 0:
            total += values[36] * k36
        if k37 > 0:
            total += values[37] * k37
        if r38 > 0:
            total += values[38] * r38
        if r39 > 0:
            total += values[39] * r39
        if r40 > 0:
            total += values[40] * r40
        if r41 > 0:
            total += values[41] * r41
        if r42 > 0:
            total += values[42] * r42
        if r43 > 0:
            total += values[43] * r43
        if r44 > 0:
            total += values[44] * r44
        if r45 > 0:
            total += values[45] * r45
        if k46 > 0:
            total += values[46] * k46
        if k47 > 0:
            total += values[47] * k47
        if r48 > 0:
            total += values[48] * r48
        if k49 > 0:
            total += values[49] * k49
        if r50 > 0:
            total += values[50] * r50
        if r51 > 0:
            total += values[51] * r51
        if k52 > 0:
            total += values[52] * k52
        if k53 > 0:
            total += values[53] * k53
        if k54 > 0:
            total += values[54] * k54
        if r55 > 0:
            total += values[55] * r55
        if k56 > 0:
            total += values[56] * k56
        if k57 > 0:
            total += values[57] * k57
        if k58 > 0:
            total += values[58] * k58
        if k59 > 0:
            total += values[59] * k59
        if k60 > 0:
            total += values[60] * k60
        if k61 > 0:
            total += values[61] * k61
        if k62 > 0:
            total += values[62] * k62
        if k63 > 0:
            total += values[63] * k63
        if k64 > 0:
            total += values[64] * k64
        if r65 > 0:
            total += values[65] * r65
        if k66 > 0:
            total += values[66] * k66
        if k67 > 0:
            total += values[67] * k67
        if k68 > 0:
            total += values[68] * k68
        if r69 > 0:
            total += values[69] * r69
        if k70 > 0:
            total += values[70] * k70
        if k71 > 0:
            total += values[71] * k71
        if r72 > 0:
            total += values[72] * r72
        if k73 > 0:
            total += values[73] * k73
        if k74 > 0:
            total += values[74] * k74
        if r75 > 0:
            total += values[75] * r75
        if r76 > 0:
            total += values[76] * r76
        if k77 > 0:
            total += values[77] * k77
        if k78 > 0:
            total += values[78] * k78
        if r79 > 0:
            total += values[79] * r79
        consoled = -1
        kept = 0
        if r79 > 0:
            kept += values[79] * r79
        if consoled < 0 and total - kept == values[81]:
            consoled = 0
            total = kept + values[82]
        total += values[80]
        if best < 0 or total > best_total:
            best, best_total = number, total
            best_fired = []
            best_counted = []
            if r0:
                best_fired.append((0, r0))
                if r0 > 0:
                    best_counted.append((rows[0], r0))
            if r1:
                best_fired.append((1, r1))
                if r1 > 0:
                    best_counted.append((rows[1], r1))
            if r2:
                best_fired.append((2, r2))
                if r2 > 0:
                    best_counted.append((rows[2], r2))
            if r3:
                best_fired.append((3, r3))
                if r3 > 0:
                    best_counted.append((rows[3], r3))
            if r4:
                best_fired.append((4, r4))
                if r4 > 0:
                    best_counted.append((rows[4], r4))
            if r5:
                best_fired.append((5, r5))
                if r5 > 0:
                    best_counted.append((rows[5], r5))
            if r6:
                best_fired.append((6, r6))
                if r6 > 0:
                    best_counted.append((rows[6], r6))
            if r7:
                best_fired.append((7, r7))
                if r7 > 0:
                    best_counted.append((rows[7], r7))
            if r8:
                best_fired.append((8, r8))
                if r8 > 0:
                    best_counted.append((rows[8], r8))
            if r9:
                best_fired.append((9, r9))
                if r9 > 0:
                    best_counted.append((rows[9], r9))
            if r10:
                best_fired.append((10, r10))
                if r10 > 0:
                    best_counted.append((rows[10], r10))
            if r11:
                best_fired.append((11, r11))
                if g11 > 0:
                    best_counted.append((rows[11], g11))
            if r12:
                best_fired.append((12, r12))
                if r12 > 0:
                    best_counted.append((rows[12], r12))
            if r13:
                best_fired.append((13, r13))
                if r13 > 0:
                    best_counted.append((rows[13], r13))
            if r14:
                best_fired.append((14, r14))
                if r14 > 0:
                    best_counted.append((rows[14], r14))
            if r15:
                best_fired.append((15, r15))
                if r15 > 0:
                    best_counted.append((rows[15], r15))
            if r16:
                best_fired.append((16, r16))
                if r16 > 0:
                    best_counted.append((rows[16], r16))
            if r17:
                best_fired.append((17, r17))
                if k17 > 0:
                    best_counted.append((rows[17], k17))
            if r18:
                best_fired.append((18, r18))
                if r18 > 0:
                    best_counted.append((rows[18], r18))
            if r19:
                best_fired.append((19, r19))
                if r19 > 0:
                    best_counted.append((rows[19], r19))
            if r20:
                best_fired.append((20, r20))
                if r20 > 0:
                    best_counted.append((rows[20], r20))
            if r21:
                best_fired.append((21, r21))
                if k21 > 0:
                    best_counted.append((rows[21], k21))
            if r22:
                best_fired.append((22, r22))
                if k22 > 0:
                    best_counted.append((rows[22], k22))
            if r23:
                best_fired.append((23, r23))
                if k23 > 0:
                    best_counted.append((rows[23], k23))
            if r24:
                best_fired.append((24, r24))
                if r24 > 0:
                    best_counted.append((rows[24], r24))
            if r25:
                best_fired.append((25, r25))
                if r25 > 0:
                    best_counted.append((rows[25], r25))
            if r26:
                best_fired.append((26, r26))
                if r26 > 0:
                    best_counted.append((rows[26], r26))
            if r27:
                best_fired.append((27, r27))
                if r27 > 0:
                    best_counted.append((rows[27], r27))
            if r28:
                best_fired.append((28, r28))
                if r28 > 0:
                    best_counted.append((rows[28], r28))
            if r29:
                best_fired.append((29, r29))
                if k29 > 0:
                    best_counted.append((rows[29], k29))
            if r30:
                best_fired.append((30, r30))
                if r30 > 0:
                    best_counted.append((rows[30], r30))
            if r31:
                best_fired.append((31, r31))
                if r31 > 0:
                    best_counted.append((rows[31], r31))
            if r32:
                best_fired.append((32, r32))
                if g32 > 0:
                    best_counted.append((rows[32], g32))
            if r33:
                best_fired.append((33, r33))
                if r33 > 0:
                    best_counted.append((rows[33], r33))
            if r34:
                best_fired.append((34, r34))
                if r34 > 0:
                    best_counted.append((rows[34], r34))
            if r35:
                best_fired.append((35, r35))
                if k35 > 0:
                    best_counted.append((rows[35], k35))
            if r36:
                best_fired.append((36, r36))
                if k36 > 0:
                    best_counted.append((rows[36], k36))
            if r37:
                best_fired.append((37, r37))
                if k37 > 0:
                    best_counted.append((rows[37], k37))
            if r38:
                best_fired.append((38, r38))
                if r38 > 0:
                    best_counted.append((rows[38], r38))
            if r39:
                best_fired.append((39, r39))
                if r39 > 0:
                    best_counted.append((rows[39], r39))
            if r40:
                best_fired.append((40, r40))
                if r40 > 0:
                    best_counted.append((rows[40], r40))
            if r41:
                best_fired.append((41, r41))
                if r41 > 0:
                    best_counted.append((rows[41], r41))
            if r42:
                best_fired.append((42, r42))
                if r42 > 0:
                    best_counted.append((rows[42], r42))
            if r43:
                best_fired.append((43, r43))
                if r43 > 0:
                    best_counted.append((rows[43], r43))
            if r44:
                best_fired.append((44, r44))
                if r44 > 0:
                    best_counted.append((rows[44], r44))
            if r45:
                best_fired.append((45, r45))
                if r45 > 0:
                    best_counted.append((rows[45], r45))
            if r46:
                best_fired.append((46, r46))
                if k46 > 0:
                    best_counted.append((rows[46], k46))
            if r47:
                best_fired.append((47, r47))
                if k47 > 0:
                    best_counted.append((rows[47], k47))
            if r48:
                best_fired.append((48, r48))
                if r48 > 0:
                    best_counted.append((rows[48], r48))
            if r49:
                best_fired.append((49, r49))
                if k49 > 0:
                    best_counted.append((rows[49], k49))
            if r50:
                best_fired.append((50, r50))
                if r50 > 0:
                    best_counted.append((rows[50], r50))
            if r51:
                best_fired.append((51, r51))
                if r51 > 0:
                    best_counted.append((rows[51], r51))
            if r52:
                best_fired.append((52, r52))
                if k52 > 0:
                    best_counted.append((rows[52], k52))
            if r53:
                best_fired.append((53, r53))
                if k53 > 0:
                    best_counted.append((rows[53], k53))
            if r54:
                best_fired.append((54, r54))
                if k54 > 0:
                    best_counted.append((rows[54], k54))
            if r55:
                best_fired.append((55, r55))
                if r55 > 0:
                    best_counted.append((rows[55], r55))
            if r56:
                best_fired.append((56, r56))
                if k56 > 0:
                    best_counted.append((rows[56], k56))
            if r57:
                best_fired.append((57, r57))
                if k57 > 0:
                    best_counted.append((rows[57], k57))
            if r58:
                best_fired.append((58, r58))
                if k58 > 0:
                    best_counted.append((rows[58], k58))
            if r59:
                best_fired.append((59, r59))
                if k59 > 0:
                    best_counted.append((rows[59], k59))
            if r60:
                best_fired.append((60, r60))
                if k60 > 0:
                    best_counted.append((rows[60], k60))
            if r61:
                best_fired.append((61, r61))
                if k61 > 0:
                    best_counted.append((rows[61], k61))
            if r62:
                best_fired.append((62, r62))
                if k62 > 0:
                    best_counted.append((rows[62], k62))
            if r63:
                best_fired.append((63, r63))
                if k63 > 0:
                    best_counted.append((rows[63], k63))
            if r64:
                best_fired.append((64, r64))
                if k64 > 0:
                    best_counted.append((rows[64], k64))
            if r65:
                best_fired.append((65, r65))
                if r65 > 0:
                    best_counted.append((rows[65], r65))
            if r66:
                best_fired.append((66, r66))
                if k66 > 0:
                    best_counted.append((rows[66], k66))
            if r67:
                best_fired.append((67, r67))
                if k67 > 0:
                    best_counted.append((rows[67], k67))
            if r68:
                best_fired.append((68, r68))
                if k68 > 0:
                    best_counted.append((rows[68], k68))
            if r69:
                best_fired.append((69, r69))
                if r69 > 0:
                    best_counted.append((rows[69], r69))
            if r70:
                best_fired.append((70, r70))
                if k70 > 0:
                    best_counted.append((rows[70], k70))
            if r71:
                best_fired.append((71, r71))
                if k71 > 0:
                    best_counted.append((rows[71], k71))
            if r72:
                best_fired.append((72, r72))
                if r72 > 0:
                    best_counted.append((rows[72], r72))
            if r73:
                best_fired.append((73, r73))
                if k73 > 0:
                    best_counted.append((rows[73], k73))
            if r74:
                best_fired.append((74, r74))
                if k74 > 0:
                    best_counted.append((rows[74], k74))
            if r75:
                best_fired.append((75, r75))
                if r75 > 0:
                    best_counted.append((rows[75], r75))
            if r76:
                best_fired.append((76, r76))
                if r76 > 0:
                    best_counted.append((rows[76], r76))
            if r77:
                best_fired.append((77, r77))
                if k77 > 0:
                    best_counted.append((rows[77], k77))
            if r78:
                best_fired.append((78, r78))
                if k78 > 0:
                    best_counted.append((rows[78], k78))
            if r79:
                best_fired.append((79, r79))
                if r79 > 0:
                    best_counted.append((rows[79], r79))
            if consoled == 0:
                best_counted = []
                if r79 > 0:
                    best_counted.append((rows[79], r79))
                best_counted.append((consolations[0], 1))
    return best, best_fired, best_counted


def mcr_flower_win(hand: Hand, candidates: Sequence[Arrangement | None], waits: tuple[Tile, ...],
        patterns: Sequence[Pattern], arguments: Sequence[tuple[Any, ...]],
        values: list[int], rows: tuple[AwardRule, ...], consolations: tuple[AwardRule, ...]
        ) -> tuple[int, list[tuple[int, int]], list[tuple[AwardRule, int]]]:
    h: Hit | None
    best = -1
    best_total = 0
    best_fired: list[tuple[int, int]] = []
    best_counted: list[tuple[AwardRule, int]] = []
    for number, arrangement in enumerate(candidates):
        facts: Facts | None = None
        total = 0
        consoled = -1
        total += values[0]
        if best < 0 or total > best_total:
            best, best_total = number, total
            best_fired = []
            best_counted = []
    return best, best_fired, best_counted


def riichi_ordinary(hand: Hand, candidates: Sequence[Arrangement | None], waits: tuple[Tile, ...],
        patterns: Sequence[Pattern], arguments: Sequence[tuple[Any, ...]],
        values: list[int], rows: tuple[AwardRule, ...], consolations: tuple[AwardRule, ...]
        ) -> tuple[int, list[tuple[int, int]], list[tuple[AwardRule, int]]]:
    h: Hit | None
    win = hand.win
    counts = hand.counts
    self_drawn = win is SELF_DRAW or win is FLOWERS
    present = nfours = 0
    for i in range(34):
        n = counts[i]
        if n:
            present |= 1 << i
            if n == 4:
                nfours += 1
    has4 = nfours > 0
    has_honours = present >> 27 != 0
    has_terminals = present & 67502849 != 0
    nnumbered = (1 if present & 511 else 0) + (1 if present & 261632 else 0) + (1 if present & 133955584 else 0)
    exposed = any(not m.concealed for m in hand.melds)
    all_kongs = all(m.kind is KONG_MELD for m in hand.melds)
    seat_wind = 27 + SEATS.index(hand.seat)
    round_wind = 27 + SEATS.index(hand.round)
    r0 = 1 if hand.ready_declared else 0
    r1 = 1 if hand.ippatsu else 0
    r2 = 1 if all_kongs and self_drawn == 1 and not exposed else 0
    r5 = 0 if has_terminals or has_honours else 1
    r11 = 1 if hand.last_tile and win is not ROBBING_GONG and win is SELF_DRAW else 0
    r12 = 1 if hand.last_tile and win is not ROBBING_GONG and win is not SELF_DRAW else 0
    r13 = 1 if win is SELF_DRAW and hand.replacement is not None and hand.replacement.value in ('gong', 'double_gong') else 0
    r14 = 1 if win is ROBBING_GONG else 0
    r15 = 1 if hand.ready_on is not None and hand.ready_on.value == 'first_discard' else 0
    x25 = 0 if present & 66714878 else 1
    r26 = 1 if nnumbered == 1 and has_honours == 1 else 0
    r29 = 1 if nnumbered == 1 and has_honours == 0 else 0
    r30 = 1 if hand.seat != 'E' and win is DISCARD and hand.discards is not None and not hand.earthly and not hand.effective_declared_tiles and hand.discards < SEATS.index(hand.seat) else 0
    r36 = 0 if nnumbered else 1
    r37 = 0 if present & 17112366334 else 1
    r38 = 0 if present & 12839288831 else 1
    r41 = 1 if hand.heavenly else 0
    r42 = 1 if hand.earthly else 0
    r43 = DORA_COUNT(counts, hand.dora_indicators)
    r44 = DORA_COUNT(counts, hand.ura_dora_indicators)
    best = -1
    best_total = 0
    best_fired: list[tuple[int, int]] = []
    best_counted: list[tuple[AwardRule, int]] = []
    for number, arrangement in enumerate(candidates):
        facts: Facts | None = None
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
        wind_pungs = dragon_pungs = chow_bits = pung_bits = chow_dups = 0
        for g in groups:
            first = g.index
            if g.is_chow:
                chow_firsts.append(first)
                if chow_bits >> first & 1:
                    chow_dups += 1
                chow_bits |= 1 << first
            elif g.is_pung_like:
                pung_firsts.append(first)
                pung_bits |= 1 << first
                if first >= 27:
                    if first < 31:
                        wind_pungs += 1
                    else:
                        dragon_pungs += 1
                kong = g.is_kong
                if g.concealed:
                    cpungs += 1
                    if kong:
                        ckongs += 1
                elif kong and not g.added:
                    open_gongs += 1
                if kong:
                    nkongs += 1
            elif g.is_pair:
                npairs += 1
                pair = first
        if npairs != 1:
            pair = -1
        nchows = len(chow_firsts)
        npungs = len(pung_firsts)
        nsets = nchows + npungs
        okongs = nkongs - ckongs
        numbered_pung_bits = pung_bits & 134217727
        pung_same_rank = (numbered_pung_bits & (numbered_pung_bits >> 9 | numbered_pung_bits >> 18) | numbered_pung_bits >> 9 & numbered_pung_bits >> 18) & 511 != 0
        chow_ranks = (chow_bits | chow_bits >> 9 | chow_bits >> 18) & 511
        outside = pair >= 0 and (pair >= 27 or pair % 9 in (0, 8)) and all(c % 9 in (0, 6) for c in chow_firsts) and all(p >= 27 or p % 9 in (0, 8) for p in pung_firsts)
        in_shapes0 = shape in ('regular',)
        in_shapes1 = shape in ('distinct_seven_pairs',)
        in_shapes2 = shape in ('regular', 'distinct_seven_pairs')
        r3 = 0
        if in_shapes0:
            r3 = 1 if not hand.melds and regular and pair >= 0 and nchows == nsets and pair < 31 and pair != seat_wind and pair != round_wind and role is TWO_SIDED_ROLE else 0
        r4 = 0
        if chow_dups >= 1:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[4](facts, *arguments[4])
            if h is not None:
                r4 = h.count
        r6 = pung_firsts.count(seat_wind)
        r7 = pung_firsts.count(round_wind)
        r8 = pung_bits >> 31 & 1
        r9 = pung_bits >> 32 & 1
        r10 = pung_bits >> 33 & 1
        r16 = 0
        if in_shapes1:
            r16 = 1 if shape == 'distinct_seven_pairs' else 0
        r17 = 0
        if in_shapes0:
            r17 = 1 if regular and outside and nchows and has_honours else 0
        r18 = DRAGON_SEQUENCE(chow_firsts, 1) if nchows >= 3 and chow_ranks & DRAGON_RANKS == DRAGON_RANKS else 0
        r19 = 1 if chow_bits & chow_bits >> 9 & chow_bits >> 18 & 511 else 0
        r20 = SISTER_PUNGS(pung_firsts, 3, 0) if npungs >= 3 and pung_same_rank else 0
        r21 = 1 if nkongs in (3,) else 0
        r22 = 1 if regular and npungs == nsets else 0
        r23 = 1 if cpungs >= 3 else 0
        r24 = 1 if dragon_pungs >= 2 and 31 <= pair < 34 else 0
        r25 = x25 if in_shapes2 else 0
        r27 = 0
        if in_shapes0:
            r27 = 1 if regular and outside and nchows and not has_honours else 0
        r28 = 0
        if chow_dups >= 2:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[28](facts, *arguments[28])
            if h is not None:
                r28 = h.count
        r31 = 1 if shape == 'thirteen_orphans' else 0
        r32 = 1 if cpungs >= 4 else 0
        r33 = 1 if dragon_pungs >= 3 else 0
        r34 = 1 if wind_pungs >= 3 and 27 <= pair < 31 else 0
        r35 = 1 if wind_pungs >= 4 else 0
        r39 = 0
        if not hand.melds and nnumbered == 1 and not has_honours:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[39](facts, *arguments[39])
            if h is not None:
                r39 = h.count
        r40 = 1 if nkongs in (4,) else 0
        a15 = r15 != 0
        a28 = r28 != 0
        k0 = r0
        if k0 and (a15):
            k0 = 0
        k4 = r4
        if k4 and (a28):
            k4 = 0
        total = 0
        if k0 > 0:
            total += values[0] * k0
        if r1 > 0:
            total += values[1] * r1
        if r2 > 0:
            total += values[2] * r2
        if r3 > 0:
            total += values[3] * r3
        if k4 > 0:
            total += values[4] * k4
        if r5 > 0:
            total += values[5] * r5
        if r6 > 0:
            total += values[6] * r6
        if r7 > 0:
            total += values[7] * r7
        if r8 > 0:
            total += values[8] * r8
        if r9 > 0:
            total += values[9] * r9
        if r10 > 0:
            total += values[10] * r10
        if r11 > 0:
            total += values[11] * r11
        if r12 > 0:
            total += values[12] * r12
        if r13 > 0:
            total += values[13] * r13
        if r14 > 0:
            total += values[14] * r14
        if r15 > 0:
            total += values[15] * r15
        if r16 > 0:
            total += values[16] * r16
        if r17 > 0:
            total += values[17] * r17
        if r18 > 0:
            total += values[18] * r18
        if r19 > 0:
            total += values[19] * r19
        if r20 > 0:
            total += values[20] * r20
        if r21 > 0:
            total += values[21] * r21
        if r22 > 0:
            total += values[22] * r22
        if r23 > 0:
            total += values[23] * r23
        if r24 > 0:
            total += values[24] * r24
        if r25 > 0:
            total += values[25] * r25
        if r26 > 0:
            total += values[26] * r26
        if r27 > 0:
            total += values[27] * r27
        if r28 > 0:
            total += values[28] * r28
        if r29 > 0:
            total += values[29] * r29
        if r30 > 0:
            total += values[30] * r30
        if r31 > 0:
            total += values[31] * r31
        if r32 > 0:
            total += values[32] * r32
        if r33 > 0:
            total += values[33] * r33
        if r34 > 0:
            total += values[34] * r34
        if r35 > 0:
            total += values[35] * r35
        if r36 > 0:
            total += values[36] * r36
        if r37 > 0:
            total += values[37] * r37
        if r38 > 0:
            total += values[38] * r38
        if r39 > 0:
            total += values[39] * r39
        if r40 > 0:
            total += values[40] * r40
        if r41 > 0:
            total += values[41] * r41
        if r42 > 0:
            total += values[42] * r42
        if r43 > 0:
            total += values[43] * r43
        if r44 > 0:
            total += values[44] * r44
        consoled = -1
        total += values[45]
        if best < 0 or total > best_total:
            best, best_total = number, total
            best_fired = []
            best_counted = []
            if r0:
                best_fired.append((0, r0))
                if k0 > 0:
                    best_counted.append((rows[0], k0))
            if r1:
                best_fired.append((1, r1))
                if r1 > 0:
                    best_counted.append((rows[1], r1))
            if r2:
                best_fired.append((2, r2))
                if r2 > 0:
                    best_counted.append((rows[2], r2))
            if r3:
                best_fired.append((3, r3))
                if r3 > 0:
                    best_counted.append((rows[3], r3))
            if r4:
                best_fired.append((4, r4))
                if k4 > 0:
                    best_counted.append((rows[4], k4))
            if r5:
                best_fired.append((5, r5))
                if r5 > 0:
                    best_counted.append((rows[5], r5))
            if r6:
                best_fired.append((6, r6))
                if r6 > 0:
                    best_counted.append((rows[6], r6))
            if r7:
                best_fired.append((7, r7))
                if r7 > 0:
                    best_counted.append((rows[7], r7))
            if r8:
                best_fired.append((8, r8))
                if r8 > 0:
                    best_counted.append((rows[8], r8))
            if r9:
                best_fired.append((9, r9))
                if r9 > 0:
                    best_counted.append((rows[9], r9))
            if r10:
                best_fired.append((10, r10))
                if r10 > 0:
                    best_counted.append((rows[10], r10))
            if r11:
                best_fired.append((11, r11))
                if r11 > 0:
                    best_counted.append((rows[11], r11))
            if r12:
                best_fired.append((12, r12))
                if r12 > 0:
                    best_counted.append((rows[12], r12))
            if r13:
                best_fired.append((13, r13))
                if r13 > 0:
                    best_counted.append((rows[13], r13))
            if r14:
                best_fired.append((14, r14))
                if r14 > 0:
                    best_counted.append((rows[14], r14))
            if r15:
                best_fired.append((15, r15))
                if r15 > 0:
                    best_counted.append((rows[15], r15))
            if r16:
                best_fired.append((16, r16))
                if r16 > 0:
                    best_counted.append((rows[16], r16))
            if r17:
                best_fired.append((17, r17))
                if r17 > 0:
                    best_counted.append((rows[17], r17))
            if r18:
                best_fired.append((18, r18))
                if r18 > 0:
                    best_counted.append((rows[18], r18))
            if r19:
                best_fired.append((19, r19))
                if r19 > 0:
                    best_counted.append((rows[19], r19))
            if r20:
                best_fired.append((20, r20))
                if r20 > 0:
                    best_counted.append((rows[20], r20))
            if r21:
                best_fired.append((21, r21))
                if r21 > 0:
                    best_counted.append((rows[21], r21))
            if r22:
                best_fired.append((22, r22))
                if r22 > 0:
                    best_counted.append((rows[22], r22))
            if r23:
                best_fired.append((23, r23))
                if r23 > 0:
                    best_counted.append((rows[23], r23))
            if r24:
                best_fired.append((24, r24))
                if r24 > 0:
                    best_counted.append((rows[24], r24))
            if r25:
                best_fired.append((25, r25))
                if r25 > 0:
                    best_counted.append((rows[25], r25))
            if r26:
                best_fired.append((26, r26))
                if r26 > 0:
                    best_counted.append((rows[26], r26))
            if r27:
                best_fired.append((27, r27))
                if r27 > 0:
                    best_counted.append((rows[27], r27))
            if r28:
                best_fired.append((28, r28))
                if r28 > 0:
                    best_counted.append((rows[28], r28))
            if r29:
                best_fired.append((29, r29))
                if r29 > 0:
                    best_counted.append((rows[29], r29))
            if r30:
                best_fired.append((30, r30))
                if r30 > 0:
                    best_counted.append((rows[30], r30))
            if r31:
                best_fired.append((31, r31))
                if r31 > 0:
                    best_counted.append((rows[31], r31))
            if r32:
                best_fired.append((32, r32))
                if r32 > 0:
                    best_counted.append((rows[32], r32))
            if r33:
                best_fired.append((33, r33))
                if r33 > 0:
                    best_counted.append((rows[33], r33))
            if r34:
                best_fired.append((34, r34))
                if r34 > 0:
                    best_counted.append((rows[34], r34))
            if r35:
                best_fired.append((35, r35))
                if r35 > 0:
                    best_counted.append((rows[35], r35))
            if r36:
                best_fired.append((36, r36))
                if r36 > 0:
                    best_counted.append((rows[36], r36))
            if r37:
                best_fired.append((37, r37))
                if r37 > 0:
                    best_counted.append((rows[37], r37))
            if r38:
                best_fired.append((38, r38))
                if r38 > 0:
                    best_counted.append((rows[38], r38))
            if r39:
                best_fired.append((39, r39))
                if r39 > 0:
                    best_counted.append((rows[39], r39))
            if r40:
                best_fired.append((40, r40))
                if r40 > 0:
                    best_counted.append((rows[40], r40))
            if r41:
                best_fired.append((41, r41))
                if r41 > 0:
                    best_counted.append((rows[41], r41))
            if r42:
                best_fired.append((42, r42))
                if r42 > 0:
                    best_counted.append((rows[42], r42))
            if r43:
                best_fired.append((43, r43))
                if r43 > 0:
                    best_counted.append((rows[43], r43))
            if r44:
                best_fired.append((44, r44))
                if r44 > 0:
                    best_counted.append((rows[44], r44))
    return best, best_fired, best_counted


def taiwan_ordinary(hand: Hand, candidates: Sequence[Arrangement | None], waits: tuple[Tile, ...],
        patterns: Sequence[Pattern], arguments: Sequence[tuple[Any, ...]],
        values: list[int], rows: tuple[AwardRule, ...], consolations: tuple[AwardRule, ...]
        ) -> tuple[int, list[tuple[int, int]], list[tuple[AwardRule, int]]]:
    h: Hit | None
    win = hand.win
    counts = hand.counts
    nflowers = len(hand.flowers)
    self_drawn = win is SELF_DRAW or win is FLOWERS
    claimed = win is DISCARD or win is ROBBING_GONG
    present = nfours = 0
    for i in range(34):
        n = counts[i]
        if n:
            present |= 1 << i
            if n == 4:
                nfours += 1
    has4 = nfours > 0
    has_honours = present >> 27 != 0
    nnumbered = (1 if present & 511 else 0) + (1 if present & 261632 else 0) + (1 if present & 133955584 else 0)
    nwaits = len(waits)
    exposed = any(not m.concealed for m in hand.melds)
    all_kongs = all(m.kind is KONG_MELD for m in hand.melds)
    seat_wind = 27 + SEATS.index(hand.seat)
    round_wind = 27 + SEATS.index(hand.round)
    own_flowers = sum(1 for t in hand.flowers if (t.index - 34) % 4 == seat_wind - 27)
    r0 = 1 if (hand.seat == 'E' or hand.discarder is None or hand.discarder == 'E') else 0
    r1 = hand.dealer_streak if hand.dealer_streak > 0 and (hand.seat == 'E' or hand.discarder is None or hand.discarder == 'E') else 0
    r2 = 0 if exposed else 1
    r3 = 1 if win is SELF_DRAW else 0
    r4 = 1 if all_kongs and self_drawn == 1 and not exposed else 0
    r7 = own_flowers
    r8 = 1 if win is ROBBING_GONG else 0
    r12 = OWN_KONG_REPLACEMENT(hand) if win is SELF_DRAW and hand.replacement is not None else 0
    r13 = 1 if hand.last_tile and win is not ROBBING_GONG and win is SELF_DRAW else 0
    r14 = 1 if hand.last_tile and win is not ROBBING_GONG and win is not SELF_DRAW else 0
    r17 = FLOWER_SET(hand.flowers, 1, 0) if nflowers >= 4 else 0
    r19 = 1 if hand.ready_on is not None and hand.ready_on.value == 'first_discard' else 0
    r22 = 1 if nnumbered == 1 and has_honours == 1 else 0
    r24 = 1 if hand.ready_on is not None and hand.ready_on.value == 'deal' else 0
    r28 = 1 if nnumbered == 1 and has_honours == 0 else 0
    r29 = 1 if win is FLOWERS and nflowers == 8 else 0
    r30 = 1 if win is FLOWERS and nflowers == 7 else 0
    r31 = 1 if hand.heavenly else 0
    r32 = 1 if hand.earthly else 0
    r33 = 1 if hand.seat != 'E' and win is DISCARD and hand.discards is not None and not hand.earthly and not hand.effective_declared_tiles and hand.discards < SEATS.index(hand.seat) else 0
    r35 = 0 if nnumbered else 1
    best = -1
    best_total = 0
    best_fired: list[tuple[int, int]] = []
    best_counted: list[tuple[AwardRule, int]] = []
    for number, arrangement in enumerate(candidates):
        facts: Facts | None = None
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
        wind_pungs = dragon_pungs = chow_bits = pung_bits = chow_dups = 0
        for g in groups:
            first = g.index
            if g.is_chow:
                chow_firsts.append(first)
                if chow_bits >> first & 1:
                    chow_dups += 1
                chow_bits |= 1 << first
            elif g.is_pung_like:
                pung_firsts.append(first)
                pung_bits |= 1 << first
                if first >= 27:
                    if first < 31:
                        wind_pungs += 1
                    else:
                        dragon_pungs += 1
                kong = g.is_kong
                if g.concealed:
                    cpungs += 1
                    if kong:
                        ckongs += 1
                elif kong and not g.added:
                    open_gongs += 1
                if kong:
                    nkongs += 1
            elif g.is_pair:
                npairs += 1
                pair = first
        if npairs != 1:
            pair = -1
        nchows = len(chow_firsts)
        npungs = len(pung_firsts)
        nsets = nchows + npungs
        okongs = nkongs - ckongs
        r5 = pung_firsts.count(seat_wind)
        r6 = pung_firsts.count(round_wind)
        r9 = dragon_pungs
        r10 = 1 if nwaits == 1 and role_value in ('edge', 'closed', 'pair', 'two_sided') else 0
        r11 = 1 if role is PAIR_ROLE and len(hand.concealed) == 1 and self_drawn == 1 and nsets and all(g.declared and not g.concealed for g in groups if g.is_set) else 0
        r15 = 1 if claimed and not nflowers and not has_honours and regular and nchows == nsets and role is TWO_SIDED_ROLE else 0
        r16 = 1 if role is PAIR_ROLE and len(hand.concealed) == 1 and self_drawn == 0 and nsets and all(g.declared and not g.concealed for g in groups if g.is_set) else 0
        r18 = 1 if cpungs >= 3 else 0
        r20 = 1 if regular and npungs == nsets else 0
        r21 = 1 if dragon_pungs >= 2 and 31 <= pair < 34 else 0
        r23 = 1 if cpungs >= 4 else 0
        r25 = 1 if cpungs >= 5 else 0
        r26 = 1 if dragon_pungs >= 3 else 0
        r27 = 1 if wind_pungs >= 3 and 27 <= pair < 31 else 0
        r34 = 1 if wind_pungs >= 4 else 0
        gb = 18 if r18 else -1
        gv = values[18] * r18
        if r23 and (gb < 0 or values[23] * r23 > gv):
            gb = 23
            gv = values[23] * r23
        if r25 and (gb < 0 or values[25] * r25 > gv):
            gb = 25
            gv = values[25] * r25
        g18 = r18 if gb == 18 else 0
        g23 = r23 if gb == 23 else 0
        g25 = r25 if gb == 25 else 0
        gb = 9 if r9 else -1
        gv = values[9] * r9
        if r21 and (gb < 0 or values[21] * r21 > gv):
            gb = 21
            gv = values[21] * r21
        if r26 and (gb < 0 or values[26] * r26 > gv):
            gb = 26
            gv = values[26] * r26
        g9 = r9 if gb == 9 else 0
        g21 = r21 if gb == 21 else 0
        g26 = r26 if gb == 26 else 0
        gb = 29 if r29 else -1
        gv = values[29] * r29
        if r30 and (gb < 0 or values[30] * r30 > gv):
            gb = 30
            gv = values[30] * r30
        g29 = r29 if gb == 29 else 0
        g30 = r30 if gb == 30 else 0
        gb = 27 if r27 else -1
        gv = values[27] * r27
        if r34 and (gb < 0 or values[34] * r34 > gv):
            gb = 34
            gv = values[34] * r34
        g27 = r27 if gb == 27 else 0
        g34 = r34 if gb == 34 else 0
        gb = 22 if r22 else -1
        gv = values[22] * r22
        if r28 and (gb < 0 or values[28] * r28 > gv):
            gb = 28
            gv = values[28] * r28
        g22 = r22 if gb == 22 else 0
        g28 = r28 if gb == 28 else 0
        a11 = r11 != 0
        a16 = r16 != 0
        a19 = r19 != 0
        a24 = r24 != 0
        a25 = g25 != 0
        a29 = g29 != 0
        a30 = g30 != 0
        a31 = r31 != 0
        a32 = r32 != 0
        a33 = r33 != 0
        a34 = g34 != 0
        a35 = r35 != 0
        k2 = r2
        if k2 and (a19 or a24 or a25 or a31 or a32 or a33):
            k2 = 0
        k3 = r3
        if k3 and (a31 or a32):
            k3 = 0
        k4 = r4
        if k4 and (a19 or a31 or a32):
            k4 = 0
        k5 = r5
        if k5 and (a34):
            k5 = 0
        k6 = r6
        if k6 and (a34):
            k6 = 0
        k10 = r10
        if k10 and (a11 or a16 or a31):
            k10 = 0
        k12 = r12
        if k12 and (a31):
            k12 = 0
        k17 = r17
        if k17 and (a29 or a30):
            k17 = 0
        k20 = r20
        if k20 and (a25 or a35):
            k20 = 0
        total = 0
        if r0 > 0:
            total += values[0] * r0
        if r1 > 0:
            total += values[1] * r1
        if k2 > 0:
            total += values[2] * k2
        if k3 > 0:
            total += values[3] * k3
        if k4 > 0:
            total += values[4] * k4
        if k5 > 0:
            total += values[5] * k5
        if k6 > 0:
            total += values[6] * k6
        if r7 > 0:
            total += values[7] * r7
        if r8 > 0:
            total += values[8] * r8
        if g9 > 0:
            total += values[9] * g9
        if k10 > 0:
            total += values[10] * k10
        if r11 > 0:
            total += values[11] * r11
        if k12 > 0:
            total += values[12] * k12
        if r13 > 0:
            total += values[13] * r13
        if r14 > 0:
            total += values[14] * r14
        if r15 > 0:
            total += values[15] * r15
        if r16 > 0:
            total += values[16] * r16
        if k17 > 0:
            total += values[17] * k17
        if g18 > 0:
            total += values[18] * g18
        if r19 > 0:
            total += values[19] * r19
        if k20 > 0:
            total += values[20] * k20
        if g21 > 0:
            total += values[21] * g21
        if g22 > 0:
            total += values[22] * g22
        if g23 > 0:
            total += values[23] * g23
        if r24 > 0:
            total += values[24] * r24
        if g25 > 0:
            total += values[25] * g25
        if g26 > 0:
            total += values[26] * g26
        if g27 > 0:
            total += values[27] * g27
        if g28 > 0:
            total += values[28] * g28
        if g29 > 0:
            total += values[29] * g29
        if g30 > 0:
            total += values[30] * g30
        if r31 > 0:
            total += values[31] * r31
        if r32 > 0:
            total += values[32] * r32
        if r33 > 0:
            total += values[33] * r33
        if g34 > 0:
            total += values[34] * g34
        if r35 > 0:
            total += values[35] * r35
        consoled = -1
        total += values[36]
        if best < 0 or total > best_total:
            best, best_total = number, total
            best_fired = []
            best_counted = []
            if r0:
                best_fired.append((0, r0))
                if r0 > 0:
                    best_counted.append((rows[0], r0))
            if r1:
                best_fired.append((1, r1))
                if r1 > 0:
                    best_counted.append((rows[1], r1))
            if r2:
                best_fired.append((2, r2))
                if k2 > 0:
                    best_counted.append((rows[2], k2))
            if r3:
                best_fired.append((3, r3))
                if k3 > 0:
                    best_counted.append((rows[3], k3))
            if r4:
                best_fired.append((4, r4))
                if k4 > 0:
                    best_counted.append((rows[4], k4))
            if r5:
                best_fired.append((5, r5))
                if k5 > 0:
                    best_counted.append((rows[5], k5))
            if r6:
                best_fired.append((6, r6))
                if k6 > 0:
                    best_counted.append((rows[6], k6))
            if r7:
                best_fired.append((7, r7))
                if r7 > 0:
                    best_counted.append((rows[7], r7))
            if r8:
                best_fired.append((8, r8))
                if r8 > 0:
                    best_counted.append((rows[8], r8))
            if r9:
                best_fired.append((9, r9))
                if g9 > 0:
                    best_counted.append((rows[9], g9))
            if r10:
                best_fired.append((10, r10))
                if k10 > 0:
                    best_counted.append((rows[10], k10))
            if r11:
                best_fired.append((11, r11))
                if r11 > 0:
                    best_counted.append((rows[11], r11))
            if r12:
                best_fired.append((12, r12))
                if k12 > 0:
                    best_counted.append((rows[12], k12))
            if r13:
                best_fired.append((13, r13))
                if r13 > 0:
                    best_counted.append((rows[13], r13))
            if r14:
                best_fired.append((14, r14))
                if r14 > 0:
                    best_counted.append((rows[14], r14))
            if r15:
                best_fired.append((15, r15))
                if r15 > 0:
                    best_counted.append((rows[15], r15))
            if r16:
                best_fired.append((16, r16))
                if r16 > 0:
                    best_counted.append((rows[16], r16))
            if r17:
                best_fired.append((17, r17))
                if k17 > 0:
                    best_counted.append((rows[17], k17))
            if r18:
                best_fired.append((18, r18))
                if g18 > 0:
                    best_counted.append((rows[18], g18))
            if r19:
                best_fired.append((19, r19))
                if r19 > 0:
                    best_counted.append((rows[19], r19))
            if r20:
                best_fired.append((20, r20))
                if k20 > 0:
                    best_counted.append((rows[20], k20))
            if r21:
                best_fired.append((21, r21))
                if g21 > 0:
                    best_counted.append((rows[21], g21))
            if r22:
                best_fired.append((22, r22))
                if g22 > 0:
                    best_counted.append((rows[22], g22))
            if r23:
                best_fired.append((23, r23))
                if g23 > 0:
                    best_counted.append((rows[23], g23))
            if r24:
                best_fired.append((24, r24))
                if r24 > 0:
                    best_counted.append((rows[24], r24))
            if r25:
                best_fired.append((25, r25))
                if g25 > 0:
                    best_counted.append((rows[25], g25))
            if r26:
                best_fired.append((26, r26))
                if g26 > 0:
                    best_counted.append((rows[26], g26))
            if r27:
                best_fired.append((27, r27))
                if g27 > 0:
                    best_counted.append((rows[27], g27))
            if r28:
                best_fired.append((28, r28))
                if g28 > 0:
                    best_counted.append((rows[28], g28))
            if r29:
                best_fired.append((29, r29))
                if g29 > 0:
                    best_counted.append((rows[29], g29))
            if r30:
                best_fired.append((30, r30))
                if g30 > 0:
                    best_counted.append((rows[30], g30))
            if r31:
                best_fired.append((31, r31))
                if r31 > 0:
                    best_counted.append((rows[31], r31))
            if r32:
                best_fired.append((32, r32))
                if r32 > 0:
                    best_counted.append((rows[32], r32))
            if r33:
                best_fired.append((33, r33))
                if r33 > 0:
                    best_counted.append((rows[33], r33))
            if r34:
                best_fired.append((34, r34))
                if g34 > 0:
                    best_counted.append((rows[34], g34))
            if r35:
                best_fired.append((35, r35))
                if r35 > 0:
                    best_counted.append((rows[35], r35))
    return best, best_fired, best_counted


def taiwan_flower_win(hand: Hand, candidates: Sequence[Arrangement | None], waits: tuple[Tile, ...],
        patterns: Sequence[Pattern], arguments: Sequence[tuple[Any, ...]],
        values: list[int], rows: tuple[AwardRule, ...], consolations: tuple[AwardRule, ...]
        ) -> tuple[int, list[tuple[int, int]], list[tuple[AwardRule, int]]]:
    h: Hit | None
    win = hand.win
    nflowers = len(hand.flowers)
    r0 = 1 if (hand.seat == 'E' or hand.discarder is None or hand.discarder == 'E') else 0
    r1 = hand.dealer_streak if hand.dealer_streak > 0 and (hand.seat == 'E' or hand.discarder is None or hand.discarder == 'E') else 0
    r2 = 1 if win is FLOWERS and nflowers == 8 else 0
    r3 = 1 if win is FLOWERS and nflowers == 7 else 0
    best = -1
    best_total = 0
    best_fired: list[tuple[int, int]] = []
    best_counted: list[tuple[AwardRule, int]] = []
    for number, arrangement in enumerate(candidates):
        facts: Facts | None = None
        gb = 2 if r2 else -1
        gv = values[2] * r2
        if r3 and (gb < 0 or values[3] * r3 > gv):
            gb = 3
            gv = values[3] * r3
        g2 = r2 if gb == 2 else 0
        g3 = r3 if gb == 3 else 0
        total = 0
        if r0 > 0:
            total += values[0] * r0
        if r1 > 0:
            total += values[1] * r1
        if g2 > 0:
            total += values[2] * g2
        if g3 > 0:
            total += values[3] * g3
        consoled = -1
        total += values[4]
        if best < 0 or total > best_total:
            best, best_total = number, total
            best_fired = []
            best_counted = []
            if r0:
                best_fired.append((0, r0))
                if r0 > 0:
                    best_counted.append((rows[0], r0))
            if r1:
                best_fired.append((1, r1))
                if r1 > 0:
                    best_counted.append((rows[1], r1))
            if r2:
                best_fired.append((2, r2))
                if g2 > 0:
                    best_counted.append((rows[2], g2))
            if r3:
                best_fired.append((3, r3))
                if g3 > 0:
                    best_counted.append((rows[3], g3))
    return best, best_fired, best_counted


#: The functions above by the digest of their source (named ``evaluate``).
PREBUILT: dict[str, Evaluate] = {
    "f03cc78267a146e6": fourwinds_ordinary,
    "c0e6c05d6d166228": fourwinds_flower_win,
    "72c6973f3b90b182": hefen_ordinary,
    "b3be074669f64341": hefen_flower_win,
    "85bc4c121e99bff1": lrc_ordinary,
    "87cbe414fe9c467a": mcr_ordinary,
    "b7d4c6ad4ca96bd6": mcr_flower_win,
    "b58c5d456b530731": riichi_ordinary,
    "37208f1c29501eb0": taiwan_ordinary,
    "5e1bf9f2fa101a21": taiwan_flower_win,
}
