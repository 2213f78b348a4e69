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
    CHOW_PAIR_FANS,
    DISCARD,
    DRAGON_RANKS,
    END_CHOWS,
    FLOWERS,
    Facts,
    KNITTED,
    KONG,
    KONG_MELD,
    MIXED_SHIFTED,
    PAIR,
    PAIR_ROLE,
    PUNGS_A_HELD_PAIR,
    PUNG_ROLE,
    ROBBING_GONG,
    SEATS,
    SELF_DRAW,
    SHIFTED,
    SINGLES,
    TERMINALS,
    TERMINAL_INDICES,
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
        if nchows >= 3 and DRAGON_RANKS <= chow_ranks:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[8](facts, *arguments[8])
            if h is not None:
                found.append((8, h.count))
        if nchows >= 3 and DRAGON_RANKS <= chow_ranks:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[9](facts, *arguments[9])
            if h is not None:
                found.append((9, h.count))
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
        if role is PAIR_ROLE and len(hand.concealed) == 1:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[17](facts, *arguments[17])
            if h is not None:
                found.append((17, h.count))
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
        if npungs >= 2 and adjacent_pungs:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[23](facts, *arguments[23])
            if h is not None:
                found.append((23, h.count))
        if npungs >= 3 and adjacent_pungs:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[24](facts, *arguments[24])
            if h is not None:
                found.append((24, h.count))
        if npungs >= 4 and adjacent_pungs:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[25](facts, *arguments[25])
            if h is not None:
                found.append((25, h.count))
        if npungs >= 5 and adjacent_pungs:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[26](facts, *arguments[26])
            if h is not None:
                found.append((26, h.count))
        if npungs == 5 and pair >= 0:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[27](facts, *arguments[27])
            if h is not None:
                found.append((27, h.count))
        if chow_dups >= 1:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[28](facts, *arguments[28])
            if h is not None:
                found.append((28, h.count))
        if chow_dups >= 2:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[29](facts, *arguments[29])
            if h is not None:
                found.append((29, h.count))
        if chow_dups >= 3:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[30](facts, *arguments[30])
            if h is not None:
                found.append((30, h.count))
        if sister_ranks:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[31](facts, *arguments[31])
            if h is not None:
                found.append((31, h.count))
        if sister_ranks:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[32](facts, *arguments[32])
            if h is not None:
                found.append((32, h.count))
        if sister_ranks:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[33](facts, *arguments[33])
            if h is not None:
                found.append((33, h.count))
        if sister_ranks:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[34](facts, *arguments[34])
            if h is not None:
                found.append((34, h.count))
        if npungs >= 2 and pung_same_rank:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[35](facts, *arguments[35])
            if h is not None:
                found.append((35, h.count))
        if npungs >= 3 and pung_same_rank:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[36](facts, *arguments[36])
            if h is not None:
                found.append((36, h.count))
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
        if nchows >= 3 and DRAGON_RANKS <= chow_ranks:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[42](facts, *arguments[42])
            if h is not None:
                found.append((42, h.count))
        if nchows >= 3 and DRAGON_RANKS <= chow_ranks:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[43](facts, *arguments[43])
            if h is not None:
                found.append((43, h.count))
        if nchows >= 3 and DRAGON_RANKS <= chow_ranks:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[44](facts, *arguments[44])
            if h is not None:
                found.append((44, h.count))
        if nchows >= 3 and DRAGON_RANKS <= chow_ranks:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[45](facts, *arguments[45])
            if h is not None:
                found.append((45, h.count))
        if terminal_pungs >= 2:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[46](facts, *arguments[46])
            if h is not None:
                found.append((46, h.count))
        if terminal_pungs >= 4:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[47](facts, *arguments[47])
            if h is not None:
                found.append((47, h.count))
        if nchows >= 2 and end_chows >= 2:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[48](facts, *arguments[48])
            if h is not None:
                found.append((48, h.count))
        if nchows >= 4 and end_chows >= 2:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[49](facts, *arguments[49])
            if h is not None:
                found.append((49, h.count))
        if nchows >= 4 and end_chows >= 2:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[50](facts, *arguments[50])
            if h is not None:
                found.append((50, h.count))
        if regular and outside and has_terminals and has_honours == 1:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[51](facts, *arguments[51])
            if h is not None:
                found.append((51, h.count))
        if regular and outside and has_terminals and has_honours == 0:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[52](facts, *arguments[52])
            if h is not None:
                found.append((52, h.count))
        if counts[32] and nnumbered <= 1:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[58](facts, *arguments[58])
            if h is not None:
                found.append((58, h.count))
        if counts[33] and nnumbered <= 1:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[59](facts, *arguments[59])
            if h is not None:
                found.append((59, h.count))
        if counts[31] and nnumbered <= 1:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[60](facts, *arguments[60])
            if h is not None:
                found.append((60, h.count))
        if counts[31] and nnumbered <= 1:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[61](facts, *arguments[61])
            if h is not None:
                found.append((61, h.count))
        c = 1 if regular and nchows == nsets else 0
        if c:
            found.append((62, c))
        c = 1 if regular and nchows == nsets and not (nflowers or has_honours) else 0
        if c:
            found.append((63, c))
        c = 1 if regular and npungs == nsets else 0
        if c:
            found.append((64, c))
        if nchows >= 3 and step3:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[65](facts, *arguments[65])
            if h is not None:
                found.append((65, h.count))
        if regular and pair >= 0 and nchows == nsets:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[66](facts, *arguments[66])
            if h is not None:
                found.append((66, h.count))
        if regular and pair >= 0 and nchows == nsets:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[67](facts, *arguments[67])
            if h is not None:
                found.append((67, h.count))
        if regular and pair >= 0 and nchows == nsets:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[68](facts, *arguments[68])
            if h is not None:
                found.append((68, h.count))
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
        if role is PAIR_ROLE and len(hand.concealed) == 1:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[81](facts, *arguments[81])
            if h is not None:
                found.append((81, h.count))
        if role is PAIR_ROLE and len(hand.concealed) == 1:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[82](facts, *arguments[82])
            if h is not None:
                found.append((82, h.count))
        c = 1 if shape == 'seven_pairs_and_pung' else 0
        if c:
            found.append((91, c))
        if shape in ('seven_pairs_and_pung',):
            if npairs >= 2:
                if facts is None:
                    facts = Facts(hand, arrangement, waits)
                h = patterns[92](facts, *arguments[92])
                if h is not None:
                    found.append((92, h.count))
        if shape in ('seven_pairs_and_pung',):
            if npairs >= 2:
                if facts is None:
                    facts = Facts(hand, arrangement, waits)
                h = patterns[93](facts, *arguments[93])
                if h is not None:
                    found.append((93, h.count))
        if shape in ('seven_pairs_and_pung',):
            if npairs >= 2:
                if facts is None:
                    facts = Facts(hand, arrangement, waits)
                h = patterns[94](facts, *arguments[94])
                if h is not None:
                    found.append((94, h.count))
        c = 1 if shape == 'thirteen_orphans_and_set' else 0
        if c:
            found.append((95, c))
        c = 1 if shape == 'sixteen_orphans' else 0
        if c:
            found.append((96, c))
        if shape in ('sixteen_orphans',):
            if nnumbered == 3:
                if facts is None:
                    facts = Facts(hand, arrangement, waits)
                h = patterns[97](facts, *arguments[97])
                if h is not None:
                    found.append((97, h.count))
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
        if nchows >= 3 and DRAGON_RANKS <= chow_ranks:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[19](facts, *arguments[19])
            if h is not None:
                found.append((19, h.count))
        if nchows >= 3 and DRAGON_RANKS <= chow_ranks:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[20](facts, *arguments[20])
            if h is not None:
                found.append((20, h.count))
        if nchows >= 3 and DRAGON_RANKS <= chow_ranks:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[21](facts, *arguments[21])
            if h is not None:
                found.append((21, h.count))
        if nchows >= 3 and DRAGON_RANKS <= chow_ranks:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[22](facts, *arguments[22])
            if h is not None:
                found.append((22, h.count))
        if npungs >= 2 and adjacent_pungs:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[23](facts, *arguments[23])
            if h is not None:
                found.append((23, h.count))
        if npungs >= 3 and adjacent_pungs:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[24](facts, *arguments[24])
            if h is not None:
                found.append((24, h.count))
        if npungs >= 4 and adjacent_pungs:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[25](facts, *arguments[25])
            if h is not None:
                found.append((25, h.count))
        if npungs >= 5 and adjacent_pungs:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[26](facts, *arguments[26])
            if h is not None:
                found.append((26, h.count))
        if chow_dups >= 1:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[27](facts, *arguments[27])
            if h is not None:
                found.append((27, h.count))
        if chow_dups >= 2:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[28](facts, *arguments[28])
            if h is not None:
                found.append((28, h.count))
        if chow_dups >= 3:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[29](facts, *arguments[29])
            if h is not None:
                found.append((29, h.count))
        if sister_ranks:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[30](facts, *arguments[30])
            if h is not None:
                found.append((30, h.count))
        if sister_ranks:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[31](facts, *arguments[31])
            if h is not None:
                found.append((31, h.count))
        if npungs >= 2 and pung_same_rank:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[32](facts, *arguments[32])
            if h is not None:
                found.append((32, h.count))
        if npungs >= 3 and pung_same_rank:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[33](facts, *arguments[33])
            if h is not None:
                found.append((33, h.count))
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
        if terminal_pungs >= 2:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[39](facts, *arguments[39])
            if h is not None:
                found.append((39, h.count))
        if terminal_pungs >= 4:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[40](facts, *arguments[40])
            if h is not None:
                found.append((40, h.count))
        if nchows >= 2 and end_chows >= 2:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[41](facts, *arguments[41])
            if h is not None:
                found.append((41, h.count))
        if nchows >= 4 and end_chows >= 2:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[42](facts, *arguments[42])
            if h is not None:
                found.append((42, h.count))
        if nchows >= 4 and end_chows >= 2:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[43](facts, *arguments[43])
            if h is not None:
                found.append((43, h.count))
        if nchows >= 3 and step3:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[44](facts, *arguments[44])
            if h is not None:
                found.append((44, h.count))
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
        if role is PAIR_ROLE and len(hand.concealed) == 1:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[50](facts, *arguments[50])
            if h is not None:
                found.append((50, h.count))
        c = 1 if regular and npungs == nsets else 0
        if c:
            found.append((55, c))
        c = 1 if regular and nchows == nsets else 0
        if c:
            found.append((56, c))
        if npungs == 5 and pair >= 0:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[57](facts, *arguments[57])
            if h is not None:
                found.append((57, h.count))
        if regular and outside and has_terminals and has_honours == 1:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[59](facts, *arguments[59])
            if h is not None:
                found.append((59, h.count))
        if regular and outside and has_terminals and has_honours == 0:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[60](facts, *arguments[60])
            if h is not None:
                found.append((60, h.count))
        c = 1 if shape == 'seven_pairs_and_pung' else 0
        if c:
            found.append((61, c))
        c = 1 if shape == 'thirteen_orphans_and_set' else 0
        if c:
            found.append((62, c))
        c = 1 if shape == 'sixteen_orphans' else 0
        if c:
            found.append((63, c))
        if counts[32] and nnumbered <= 1:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[64](facts, *arguments[64])
            if h is not None:
                found.append((64, h.count))
        if counts[33] and nnumbered <= 1:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[65](facts, *arguments[65])
            if h is not None:
                found.append((65, h.count))
        if counts[31] and nnumbered <= 1:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[66](facts, *arguments[66])
            if h is not None:
                found.append((66, h.count))
        if regular and pair >= 0 and nchows == nsets:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[67](facts, *arguments[67])
            if h is not None:
                found.append((67, h.count))
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
        if role is PAIR_ROLE and len(hand.concealed) == 1:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[76](facts, *arguments[76])
            if h is not None:
                found.append((76, h.count))
        if shape in ('seven_pairs_and_pung',):
            if npairs >= 2:
                if facts is None:
                    facts = Facts(hand, arrangement, waits)
                h = patterns[85](facts, *arguments[85])
                if h is not None:
                    found.append((85, h.count))
        if shape in ('seven_pairs_and_pung',):
            if npairs >= 2:
                if facts is None:
                    facts = Facts(hand, arrangement, waits)
                h = patterns[86](facts, *arguments[86])
                if h is not None:
                    found.append((86, h.count))
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
    spread4 = has4 and counts.count(4) > sum(1 for m in hand.melds if m.kind is KONG_MELD)
    nwaits = len(waits)
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
            if not hand.melds and nnumbered == 1 and not has_honours:
                if facts is None:
                    facts = Facts(hand, arrangement, waits)
                h = patterns[3](facts, *arguments[3])
                if h is not None:
                    found.append((3, h.count))
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
        if nchows == 4 and 0 <= pair < 27 and pair % 9 == 4:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[12](facts, *arguments[12])
            if h is not None:
                found.append((12, h.count))
        if chow_dups >= 3:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[13](facts, *arguments[13])
            if h is not None:
                found.append((13, h.count))
        if npungs >= 4 and adjacent_pungs:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[14](facts, *arguments[14])
            if h is not None:
                found.append((14, h.count))
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
        if chow_dups >= 2:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[22](facts, *arguments[22])
            if h is not None:
                found.append((22, h.count))
        if npungs >= 3 and adjacent_pungs:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[23](facts, *arguments[23])
            if h is not None:
                found.append((23, h.count))
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
        if nchows >= 3 and DRAGON_RANKS <= chow_ranks:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[27](facts, *arguments[27])
            if h is not None:
                found.append((27, h.count))
        if nchows == 4 and 0 <= pair < 27 and pair % 9 == 4:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[28](facts, *arguments[28])
            if h is not None:
                found.append((28, h.count))
        c = SHIFTED(chow_firsts, 3) if nchows >= 3 else 0
        if c:
            found.append((29, c))
        if shape in ('regular',):
            if present & 4202512 and all((7 << c) & 4202512 for c in chow_firsts) and all((1 << p) & 4202512 for p in pung_firsts) and (pair < 0 or (1 << pair) & 4202512):
                if facts is None:
                    facts = Facts(hand, arrangement, waits)
                h = patterns[30](facts, *arguments[30])
                if h is not None:
                    found.append((30, h.count))
        if npungs >= 3 and pung_same_rank:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[31](facts, *arguments[31])
            if h is not None:
                found.append((31, h.count))
        c = 1 if cpungs >= 3 else 0
        if c:
            found.append((32, c))
        c = 1 if shape == 'lesser_honours_and_knitted_tiles' else 0
        if c:
            found.append((33, c))
        if shape in ('knitted_straight', 'lesser_honours_and_knitted_tiles'):
            if nsets < len(groups) - 1:
                if facts is None:
                    facts = Facts(hand, arrangement, waits)
                h = patterns[34](facts, *arguments[34])
                if h is not None:
                    found.append((34, h.count))
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
        if nchows >= 3 and DRAGON_RANKS <= chow_ranks:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[38](facts, *arguments[38])
            if h is not None:
                found.append((38, h.count))
        if shape in ('regular', 'seven_pairs', 'knitted_straight'):
            c = 0 if present & 14916305407 else 1
            if c:
                found.append((39, c))
        if sister_ranks:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[40](facts, *arguments[40])
            if h is not None:
                found.append((40, h.count))
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
        if nchows >= 3 and step3:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[48](facts, *arguments[48])
            if h is not None:
                found.append((48, h.count))
        if role is PAIR_ROLE and len(hand.concealed) == 1:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[50](facts, *arguments[50])
            if h is not None:
                found.append((50, h.count))
        c = 1 if nkongs in (2,) and ckongs in (2,) else 0
        if c:
            found.append((51, c))
        c = 1 if dragon_pungs >= 2 else 0
        if c:
            found.append((52, c))
        if shape in ('regular',):
            if present & 17113154305 and all((7 << c) & 17113154305 for c in chow_firsts) and all((1 << p) & 17113154305 for p in pung_firsts) and (pair < 0 or (1 << pair) & 17113154305):
                if facts is None:
                    facts = Facts(hand, arrangement, waits)
                h = patterns[53](facts, *arguments[53])
                if h is not None:
                    found.append((53, h.count))
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
            if spread4:
                if facts is None:
                    facts = Facts(hand, arrangement, waits)
                h = patterns[62](facts, *arguments[62])
                if h is not None:
                    found.append((62, h.count))
        if pung_same_rank:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[63](facts, *arguments[63])
            if h is not None:
                found.append((63, h.count))
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
        if terminal_pungs or wind_pungs:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[71](facts, *arguments[71])
            if h is not None:
                found.append((71, h.count))
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
    has_honours = any(counts[27:34])
    nnumbered = (1 if any(counts[0:9]) else 0) + (1 if any(counts[9:18]) else 0) + (1 if any(counts[18:27]) else 0)
    nwaits = len(waits)
    exposed = hand.has_exposed_melds
    all_kongs = all(m.kind is KONG_MELD for m in hand.melds)
    seat_wind = 27 + SEATS.index(hand.seat)
    round_wind = 27 + SEATS.index(hand.round)
    own_flowers = sum(1 for t in hand.flowers if (t.index - 34) % 4 == seat_wind - 27)
    found: list[tuple[int, int]] = []
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
    c = 1 if hand.last_tile and win is not ROBBING_GONG and win is SELF_DRAW else 0
    if c:
        found.append((13, c))
    c = 1 if hand.last_tile and win is not ROBBING_GONG and win is not SELF_DRAW else 0
    if c:
        found.append((14, c))
    c = 1 if nnumbered == 1 and has_honours == 1 else 0
    if c:
        found.append((22, c))
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
        if facts is None:
            facts = Facts(hand, arrangement, waits)
        h = patterns[0](facts, *arguments[0])
        if h is not None:
            found.append((0, h.count))
        if facts is None:
            facts = Facts(hand, arrangement, waits)
        h = patterns[1](facts, *arguments[1])
        if h is not None:
            found.append((1, h.count))
        if facts is None:
            facts = Facts(hand, arrangement, waits)
        h = patterns[2](facts, *arguments[2])
        if h is not None:
            found.append((2, h.count))
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
        if role is PAIR_ROLE and len(hand.concealed) == 1:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[11](facts, *arguments[11])
            if h is not None:
                found.append((11, h.count))
        if facts is None:
            facts = Facts(hand, arrangement, waits)
        h = patterns[12](facts, *arguments[12])
        if h is not None:
            found.append((12, h.count))
        if facts is None:
            facts = Facts(hand, arrangement, waits)
        h = patterns[15](facts, *arguments[15])
        if h is not None:
            found.append((15, h.count))
        if role is PAIR_ROLE and len(hand.concealed) == 1:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[16](facts, *arguments[16])
            if h is not None:
                found.append((16, h.count))
        if nflowers >= 4:
            if facts is None:
                facts = Facts(hand, arrangement, waits)
            h = patterns[17](facts, *arguments[17])
            if h is not None:
                found.append((17, h.count))
        c = 1 if cpungs >= 3 else 0
        if c:
            found.append((18, c))
        if facts is None:
            facts = Facts(hand, arrangement, waits)
        h = patterns[19](facts, *arguments[19])
        if h is not None:
            found.append((19, h.count))
        c = 1 if regular and npungs == nsets else 0
        if c:
            found.append((20, c))
        c = 1 if dragon_pungs >= 2 and 31 <= pair < 34 else 0
        if c:
            found.append((21, c))
        c = 1 if cpungs >= 4 else 0
        if c:
            found.append((23, c))
        if facts is None:
            facts = Facts(hand, arrangement, waits)
        h = patterns[24](facts, *arguments[24])
        if h is not None:
            found.append((24, h.count))
        c = 1 if cpungs >= 5 else 0
        if c:
            found.append((25, c))
        c = 1 if dragon_pungs >= 3 else 0
        if c:
            found.append((26, c))
        c = 1 if wind_pungs >= 3 and 27 <= pair < 31 else 0
        if c:
            found.append((27, c))
        if facts is None:
            facts = Facts(hand, arrangement, waits)
        h = patterns[33](facts, *arguments[33])
        if h is not None:
            found.append((33, h.count))
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
        if facts is None:
            facts = Facts(hand, arrangement, waits)
        h = patterns[0](facts, *arguments[0])
        if h is not None:
            found.append((0, h.count))
        if facts is None:
            facts = Facts(hand, arrangement, waits)
        h = patterns[1](facts, *arguments[1])
        if h is not None:
            found.append((1, h.count))
        if hand_found and len(found) > len(hand_found):
            found.sort()
        total = total_of(found)
        if best < 0 or total > best_total:
            best, best_total, best_found = number, total, found
    return best, best_found


#: The functions above by the digest of their source (named ``evaluate``).
PREBUILT: dict[str, Evaluate] = {
    "c9c1e58e64f4e673": fourwinds_ordinary,
    "451350dce64d9bca": fourwinds_flower_win,
    "ff8a37bcfd0e0015": hefen_ordinary,
    "f46733a576378a8d": hefen_flower_win,
    "2b5b1da4ffa1e7dd": lrc_ordinary,
    "2fa734908acdbaa6": mcr_ordinary,
    "418ad2e1ffec7e67": mcr_flower_win,
    "c177301ce35477fe": taiwan_ordinary,
    "de60b41a9210246c": taiwan_flower_win,
}
