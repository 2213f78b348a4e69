"""Differential test of mjscore's riichi table against the riichi ``mahjong`` package (PyPI ``mahjong``,
a pure-Python hand calculator validated on Tenhou's logs; a test-only dependency), preset by preset.

A seeded generator draws random legal winning hands (regular hands closed and open with chows, pungs,
exposed, added and concealed kongs; seven pairs; thirteen orphans; nine gates), every wait (the
winning tile drawn from any concealed group), every win context (self-draw, discard, robbing a kong,
a kong's replacement, the last tile, riichi, double riichi, ippatsu, tenhou, chiihou, renhou), dora
and ura dora indicators given as tiles, and red fives where the preset plays them. Each hand is
scored by both under the preset, the package's ``OptionalRules`` set to match
(:data:`OPTIONS`), and compared on the yaku with their han, the han, the fu and the payments.

Differences where the preset's rule book sides with mjscore are classes of :data:`EXCEPTIONS`
(docs/rulesets/riichi.md, "Where mjscore and the mahjong package differ", quotes the rule of each);
:func:`compare` names the class of each hand that differs.

``tests/test_riichi_oracle.py`` runs a sample; the full run is this script::

    PYTHONPATH=src python tools/riichi_oracle.py --hands 100000 --workers 2
"""

from __future__ import annotations

import argparse
import random
import sys
import time
from collections import Counter
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from dataclasses import dataclass
from functools import cache
from typing import Any

from mahjong.hand_calculating.hand import HandCalculator  # type: ignore[import-not-found,unused-ignore]
from mahjong.hand_calculating.hand_config import HandConfig, HandConstants, OptionalRules  # type: ignore[import-not-found,unused-ignore]
from mahjong.meld import Meld as OracleMeld  # type: ignore[import-not-found,unused-ignore]

import mjscore
from mjscore.errors import MjscoreError
from mjscore.hand import Hand, MeldKind, WinKind
from mjscore.rulesets import preset as preset_file
from mjscore.scoring.engine import Score
from mjscore.scoring.ruleset import Ruleset
from mjscore.tiles import SEATS

PRESETS = ("riichi-wrc", "riichi-ema", "riichi-mleague", "riichi-tenhou")

#: Each preset's rules as the mahjong package's options: open tanyao everywhere; red fives at
#: M-League and Tenhou; double yakuman at Tenhou; counted yakuman (a single one) at EMA, M-League
#: and Tenhou, sanbaiman at WRC; kiriage mangan at WRC only (WRC 2015 6.1); 30 fu for an open hand of no fu; no fu for pinfu's
#: self-draw; renhou a 5-han yaku (WRC and EMA play it; M-League and Tenhou do not: never asked).
OPTIONS: dict[str, dict[str, Any]] = {
    "riichi-wrc": {"has_aka_dora": False, "has_double_yakuman": False, "kazoe_limit": HandConstants.KAZOE_SANBAIMAN,
                   "kiriage": True},
    "riichi-ema": {"has_aka_dora": False, "has_double_yakuman": False, "kazoe_limit": HandConstants.KAZOE_LIMITED,
                   "kiriage": False},
    "riichi-mleague": {"has_aka_dora": True, "has_double_yakuman": False, "kazoe_limit": HandConstants.KAZOE_LIMITED,
                       "kiriage": False},
    "riichi-tenhou": {"has_aka_dora": True, "has_double_yakuman": True, "kazoe_limit": HandConstants.KAZOE_LIMITED,
                      "kiriage": False},
}

#: The package's yaku names, as the riichi table's ids (the seat and round winds by name).
YAKU_IDS: dict[str, str] = {
    "Riichi": "riichi", "Ippatsu": "ippatsu", "Menzen Tsumo": "menzen_tsumo", "Pinfu": "pinfu", "Iipeiko": "iipeikou",
    "Tanyao": "tanyao", "Yakuhai (haku)": "yakuhai_white", "Yakuhai (hatsu)": "yakuhai_green",
    "Yakuhai (chun)": "yakuhai_red", "Haitei Raoyue": "haitei", "Houtei Raoyui": "houtei", "Rinshan Kaihou": "rinshan",
    "Chankan": "chankan", "Double Riichi": "double_riichi", "Chiitoitsu": "chiitoitsu", "Chantai": "chanta",
    "Ittsu": "ittsu", "Sanshoku Doujun": "sanshoku_doujun", "Sanshoku Doukou": "sanshoku_doukou",
    "San Kantsu": "sankantsu", "Toitoi": "toitoi", "San Ankou": "sanankou", "Shou Sangen": "shousangen",
    "Honroutou": "honroutou", "Honitsu": "honitsu", "Junchan": "junchan", "Ryanpeikou": "ryanpeikou",
    "Chinitsu": "chinitsu", "Renhou": "renhou", "Kokushi Musou": "kokushi",
    "Kokushi Musou Juusanmen Matchi": "kokushi_thirteen_wait", "Suu Ankou": "suuankou", "Suu Ankou Tanki": "suuankou_tanki",
    "Daisangen": "daisangen", "Shousuushii": "shousuushii", "Dai Suushii": "daisuushii", "Tsuu Iisou": "tsuuiisou",
    "Chinroutou": "chinroutou", "Ryuuiisou": "ryuuiisou", "Chuuren Poutou": "chuuren",
    "Daburu Chuuren Poutou": "junsei_chuuren", "Suu Kantsu": "suukantsu", "Tenhou": "tenhou", "Chiihou": "chiihou",
    "Dora": "dora", "Ura Dora": "ura_dora", "Aka Dora": "aka_dora",
    **{f"Yakuhai (seat wind {w})": "yakuhai_seat_wind" for w in ("east", "south", "west", "north")},
    **{f"Yakuhai (round wind {w})": "yakuhai_round_wind" for w in ("east", "south", "west", "north")},
}
#: A double yakuman's single one, where the preset plays no double yakuman (the package names the
#: double yakuman's shape whatever its value).
SINGLE_OF = {"kokushi_thirteen_wait": "kokushi", "suuankou_tanki": "suuankou", "junsei_chuuren": "chuuren"}

#: The documented classes of difference (docs/rulesets/riichi.md).
EXCEPTIONS = (
    "yakuman do not add up",  # EMA 2016: the maximum score is a single yakuman; the package adds them
)


@cache
def ruleset(name: str) -> Ruleset:
    """The riichi table under the preset ``name``."""
    return mjscore.resolve_ruleset("riichi", preset_file(name))


# ---------------------------------------------------------------------------------------------
# Asking the mahjong package


def _tiles_136(hand: Hand) -> tuple[list[int], int, list[Any]]:
    """The hand as the package takes it: every tile in 136 numbering (a red five is copy 0 of its
    five), the winning tile's number, and the declared melds."""
    reds = Counter(t.index for t in hand.red_fives)
    # Each kind's copies in the order they are handed out: a five's copy 0 is its red one, kept for
    # the red fives the record lists and handed out last otherwise.
    free = {index: [1, 2, 3, 0] if index in (4, 13, 22) else [0, 1, 2, 3] for index in range(34)}

    def take_tile(index: int) -> int:
        if reds[index]:
            reds[index] -= 1
            free[index].remove(0)
            return index * 4
        copy = next(c for c in free[index] if c or not reds[index])
        free[index].remove(copy)
        return index * 4 + copy

    melds = []
    tiles: list[int] = []
    for meld in hand.melds:
        numbers = [take_tile(t.index) for t in meld.tiles]
        tiles += numbers
        kind = {MeldKind.CHOW: OracleMeld.CHI, MeldKind.PUNG: OracleMeld.PON, MeldKind.KONG: OracleMeld.KAN}[meld.kind]
        melds.append(OracleMeld(meld_type=kind, tiles=numbers, opened=not meld.concealed))
    assert hand.win_tile is not None
    win = take_tile(hand.win_tile.index)
    tiles += [take_tile(t.index) for t in hand.concealed] + [win]
    return tiles, win, melds


def oracle_arguments(hand: Hand, name: str) -> tuple[tuple[Any, ...], dict[str, Any]]:
    """The package's arguments for ``hand`` under the preset ``name``: the positional arguments and
    keywords of ``HandCalculator.estimate_hand_value`` (built apart, so a benchmark times the call alone)."""
    tiles, win, melds = _tiles_136(hand)
    rules = ruleset(name)
    options = OptionalRules(has_open_tanyao=True, fu_for_open_pinfu=True, fu_for_pinfu_tsumo=False,
                            renhou_as_yakuman=False, **OPTIONS[name])
    double = hand.ready_on is not None and hand.ready_on.value == "first_discard"
    renhou = rules.award("renhou").enabled and _renhou(hand)
    config = HandConfig(
        is_tsumo=hand.win is WinKind.SELF_DRAW, is_riichi=hand.ready_declared, is_ippatsu=hand.ippatsu,
        is_rinshan=hand.replacement is not None, is_chankan=hand.win is WinKind.ROBBING_GONG,
        is_haitei=hand.last_tile and hand.win is WinKind.SELF_DRAW, is_houtei=hand.last_tile and hand.win is WinKind.DISCARD,
        is_daburu_riichi=double, is_tenhou=hand.heavenly, is_chiihou=hand.earthly, is_renhou=renhou,
        player_wind=27 + SEATS.index(hand.seat), round_wind=27 + SEATS.index(hand.round), options=options)
    return (tiles, win), {
        "melds": melds or None, "dora_indicators": [t.index * 4 + 3 for t in hand.dora_indicators] or None,
        "config": config, "ura_dora_indicators": [t.index * 4 + 3 for t in hand.ura_dora_indicators] or None}


def oracle(hand: Hand, name: str) -> Any:
    """The package's HandResponse for ``hand`` under the preset ``name``."""
    args, keywords = oracle_arguments(hand, name)
    return HandCalculator.estimate_hand_value(*args, **keywords)


def _renhou(hand: Hand) -> bool:
    return (hand.seat != "E" and hand.win is WinKind.DISCARD and hand.discards is not None and not hand.melds
            and not hand.effective_declared_tiles and hand.discards < SEATS.index(hand.seat))


# ---------------------------------------------------------------------------------------------
# Comparing


@dataclass(frozen=True, slots=True)
class Outcome:
    """One hand compared: each side's yaku with their han (a yakuman as 13 per yakuman), han, fu and
    payments ("" when they agree, a class of :data:`EXCEPTIONS`, or "disagreement")."""

    hand: Hand
    ours: tuple[object, ...]
    theirs: tuple[object, ...]
    reason: str

    @property
    def agrees(self) -> bool:
        return self.reason != "disagreement"


def our_side(result: Score) -> tuple[object, ...]:
    """mjscore's yaku (id: han, 13 per yakuman), han, fu (0 for a yakuman) and payments (payer order)."""
    if not result.is_legal:
        return ("no yaku",)
    assert result.value is not None
    rules = result.ruleset
    yaku = {a.id: a.value * 13 if rules.award(a.id).limit_hand else a.value for a in result.awards}
    value = result.value
    han = value.limit_hands * 13 if value.limit_hands else value.han
    return (yaku, han, 0 if value.limit_hands else value.fu, tuple(sorted((p.payer, p.amount) for p in result.payments)))


def their_side(hand: Hand, response: Any, name: str) -> tuple[object, ...]:
    """The package's answer in the terms of :func:`our_side`."""
    if response.error == HandCalculator.ERR_NO_YAKU:
        return ("no yaku",)
    if response.error:
        return ("error", response.error)
    rules = ruleset(name)
    is_open = hand.has_exposed_melds
    yaku: dict[str, int] = {}
    for item in response.yaku:
        key = YAKU_IDS[item.name]
        if key in SINGLE_OF and not rules.award(key).enabled:
            key = SINGLE_OF[key]
        han = item.han_open if is_open and item.han_open else item.han_closed
        if han:
            yaku[key] = yaku.get(key, 0) + han
    limit = any(item.is_yakuman for item in response.yaku)
    cost = response.cost
    discarder = hand.discarder if hand.win.claimed else None
    if discarder is not None:
        payments: tuple[tuple[str, int], ...] = ((discarder, cost["main"]),)
    else:
        payments = tuple(sorted((payer, cost["main"] if hand.seat == "E" or payer == "E" else cost["additional"])
                                for payer in SEATS if payer != hand.seat))
    return (yaku, response.han, 0 if limit else response.fu, payments)


def compare(hand: Hand, name: str) -> Outcome:
    """Score ``hand`` under the preset ``name`` with both calculators and name any difference."""
    rules = ruleset(name)
    ours = our_side(mjscore.score(hand, rules))
    theirs = their_side(hand, oracle(hand, name), name)
    if ours == theirs:
        return Outcome(hand, ours, theirs, "")
    if not rules.points_table or rules.points_table.limit_hands_cumulative:
        return Outcome(hand, ours, theirs, "disagreement")
    # Yakuman that do not add up: the package's highest yakuman alone is ours.
    if len(ours) == 4 and len(theirs) == 4 and isinstance(ours[0], dict) and isinstance(theirs[0], dict):
        limits = {key: han for key, han in theirs[0].items() if rules.award(key).limit_hand}
        kept = list(ours[0].items())
        if len(limits) > 1 and len(kept) == 1 and limits.get(kept[0][0]) == kept[0][1] == max(limits.values()):
            return Outcome(hand, ours, theirs, EXCEPTIONS[0])
    return Outcome(hand, ours, theirs, "disagreement")


# ---------------------------------------------------------------------------------------------
# Random winning hands


def _code(index: int) -> str:
    if index < 27:
        return f"{index % 9 + 1}{'mps'[index // 9]}"
    return "ESWNPFC"[index - 27]


def _pool(rng: random.Random) -> list[int]:
    """The kinds a hand draws its sets from: all, one suit with honours, honours, terminals and honours."""
    roll = rng.random()
    if roll < 0.25:
        suit = rng.randrange(3) * 9
        return list(range(suit, suit + 9)) + ([] if rng.random() < 0.4 else list(range(27, 34)))
    if roll < 0.32:
        return list(range(27, 34)) + [0, 8, 9, 17, 18, 26]
    if roll < 0.40:
        return [0, 8, 9, 17, 18, 26, *range(27, 34), 6, 15, 24]
    if roll < 0.43:
        return [19, 20, 21, 23, 25, 32]  # the green tiles
    return list(range(34))


def _regular(rng: random.Random) -> tuple[list[tuple[str, int]], int] | None:
    """Four sets (("chow"|"pung", first kind)) and a pair kind, each kind at most four times."""
    pool = _pool(rng)
    counts = [0] * 34
    sets: list[tuple[str, int]] = []
    chow_share = rng.choice((0.0, 0.3, 0.6, 0.9))
    for _ in range(40):
        if len(sets) == 4:
            break
        first = rng.choice(pool)
        if first < 27 and first % 9 <= 6 and first + 2 in pool and rng.random() < chow_share:
            if all(counts[first + i] < 4 for i in range(3)):
                sets.append(("chow", first))
                for i in range(3):
                    counts[first + i] += 1
        elif counts[first] <= 1:
            sets.append(("pung", first))
            counts[first] += 3
    if len(sets) < 4:
        return None
    pairs = [k for k in pool if counts[k] <= 2]
    if not pairs:
        return None
    pair = rng.choice(pairs)
    return sets, pair


def random_hand(rng: random.Random, name: str) -> Hand:
    """A random legal winning hand for the preset ``name`` (its red fives only where it plays them)."""
    while True:
        record = _record(rng, ruleset(name).award("aka_dora").enabled)
        if record is None:
            continue
        try:
            hand = Hand.from_dict(record)
            mjscore.score(hand, ruleset(name))
        except MjscoreError:
            continue
        return hand


def _record(rng: random.Random, red_fives: bool) -> dict[str, Any] | None:
    roll = rng.random()
    melds: list[dict[str, Any]] = []
    concealed: list[int] = []
    declared: list[int] = []
    if roll < 0.05:  # seven pairs
        pool = _pool(rng)
        if len(pool) < 7:
            return None
        kinds = rng.sample(pool, 7)
        concealed = [k for k in kinds for _ in range(2)]
    elif roll < 0.06:  # thirteen orphans
        orphans = [0, 8, 9, 17, 18, 26, *range(27, 34)]
        concealed = orphans + [rng.choice(orphans)]
    elif roll < 0.065:  # nine gates
        suit = rng.randrange(3) * 9
        concealed = [suit] * 3 + list(range(suit + 1, suit + 8)) + [suit + 8] * 3 + [suit + rng.randrange(9)]
    else:
        drawn = _regular(rng)
        if drawn is None:
            return None
        sets, pair = drawn
        closed = rng.random() < 0.5
        for kind, first in sets:
            if kind == "chow":
                if not closed and rng.random() < 0.5:
                    melds.append({"kind": "chow", "tiles": " ".join(_code(first + i) for i in range(3))})
                    declared += [first, first + 1, first + 2]
                else:
                    concealed += [first, first + 1, first + 2]
                continue
            kong = rng.random() < 0.15
            tiles = " ".join([_code(first)] * 4)
            if kong and rng.random() < 0.4:
                melds.append({"kind": "kong", "tiles": tiles, "concealed": True})
                declared += [first] * 4
            elif kong and not closed:
                melds.append({"kind": "kong", "tiles": tiles, "added": rng.random() < 0.5})
                declared += [first] * 4
            elif not closed and rng.random() < 0.5:
                melds.append({"kind": "pung", "tiles": " ".join([_code(first)] * 3)})
                declared += [first] * 3
            else:
                concealed += [first] * 3
        concealed += [pair, pair]
    counts = Counter(concealed) + Counter(declared)
    if max(counts.values()) > 4:
        return None
    win = rng.choice(concealed)
    concealed.remove(win)
    is_open = any(not m.get("concealed") for m in melds)
    seat, round_wind = rng.choice(SEATS), rng.choice(("E", "E", "S", "S", "W", "N"))
    record: dict[str, Any] = {"ruleset": "riichi", "seat": seat, "round": round_wind,
                              "concealed": " ".join(_code(k) for k in concealed), "melds": melds, "win_tile": _code(win)}
    how = rng.random()
    kongs = sum(m["kind"] == "kong" for m in melds)
    if how < 0.45:
        record["win"] = "self_draw"
        if kongs and rng.random() < 0.25:
            record["replacement"] = "gong"
    elif how < 0.95 or counts[win] != 1:
        record["win"] = "discard"
        record["discarder"] = rng.choice([s for s in SEATS if s != seat])
    else:
        record["win"] = "robbing_gong"
        record["discarder"] = rng.choice([s for s in SEATS if s != seat])
    if rng.random() < 0.06 and record["win"] != "robbing_gong" and "replacement" not in record:
        record["last_tile"] = True
    if not is_open and rng.random() < 0.5:
        record["ready_declared"] = True
        if rng.random() < 0.1:
            record["ready_on"] = "first_discard"
        if rng.random() < 0.2:
            record["ippatsu"] = True
    if not melds and rng.random() < 0.01:
        record.pop("ready_declared", None)
        record.pop("ready_on", None)
        record.pop("ippatsu", None)
        record.pop("last_tile", None)
        if rng.random() < 0.5:
            record.update(seat="E", win="self_draw", heavenly=True, discards=0)
        else:
            record.update(seat=rng.choice("SWN"), win="self_draw", earthly=True)
        record.pop("discarder", None)
        record.pop("replacement", None)
    elif not melds and record["win"] == "discard" and seat != "E" and rng.random() < 0.02:
        discards = rng.randrange(SEATS.index(seat))
        record.update(discards=discards, declared_tiles=0, discarder=SEATS[discards])
        for key in ("ready_declared", "ready_on", "ippatsu", "last_tile"):
            record.pop(key, None)
    shown = 1 + kongs
    record["dora_indicators"] = [_code(rng.randrange(34)) for _ in range(shown)]
    if record.get("ready_declared"):
        record["ura_dora_indicators"] = [_code(rng.randrange(34)) for _ in range(shown)]
    if red_fives:
        # A set holds one red five of each suit: a hand with all four of a five holds it.
        reds = [_code(five) for five in (4, 13, 22) if counts[five] == 4 or (counts[five] and rng.random() < 0.6)]
        if reds:
            record["red_fives"] = reds
    return record


def hands(seed: int, count: int, name: str) -> Iterator[Hand]:
    """``count`` random winning hands for the preset ``name``, the same for the same seed."""
    rng = random.Random(f"{seed}:{name}")
    for _ in range(count):
        yield random_hand(rng, name)


# ---------------------------------------------------------------------------------------------
# The full run


def _chunk(task: tuple[int, int, str]) -> tuple[Counter[str], Counter[str], list[str]]:
    seed, count, name = task
    reasons: Counter[str] = Counter()
    yaku: Counter[str] = Counter()
    problems: list[str] = []
    for hand in hands(seed, count, name):
        outcome = compare(hand, name)
        reasons[outcome.reason] += 1
        if isinstance(outcome.ours[0], dict):
            yaku.update(outcome.ours[0].keys())
        else:
            yaku["(no yaku)"] += 1
        if not outcome.agrees and len(problems) < 5:
            problems.append(f"{hand.to_dict()}\n    mjscore {outcome.ours}\n    mahjong {outcome.theirs}")
    return reasons, yaku, problems


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--hands", type=int, default=10_000, help="hands per preset")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--seed", type=int, default=43)
    parser.add_argument("--preset", action="append", choices=PRESETS)
    args = parser.parse_args(argv)
    failed = False
    for name in args.preset or PRESETS:
        start = time.perf_counter()
        chunks = 20
        tasks = [(args.seed * 1000 + i, args.hands // chunks + (1 if i < args.hands % chunks else 0), name)
                 for i in range(chunks)]
        reasons: Counter[str] = Counter()
        yaku: Counter[str] = Counter()
        problems: list[str] = []
        with ProcessPoolExecutor(args.workers) as pool:
            for found, seen, shown in pool.map(_chunk, tasks):
                reasons += found
                yaku += seen
                problems += shown
        print(f"{name}: {sum(reasons.values())} hands in {time.perf_counter() - start:.0f} s: "
              + ", ".join(f"{reason or 'agree'} {n}" for reason, n in reasons.most_common()))
        print("  yaku seen: " + ", ".join(f"{key} {n}" for key, n in sorted(yaku.items())))
        for problem in problems[:5]:
            print("  " + problem)
        failed = failed or reasons["disagreement"] > 0
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
