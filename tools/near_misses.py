"""Propose near misses for the rows the golden cases leave without one (issue 26 item 2).

For a row with a positive golden case and no near miss, this tries every one-step change of each
positive case (one tile replaced, the winning tile swapped with a held one, a flower added or taken
away, how it was won, the seat, the round, a flag, a set declared or not) and prints the changes
after which the engine no longer awards the row and the fewest other awards change (the case's
stated awards are the engine's: tests/test_golden.py holds them equal). It
is a search aid, not a source of truth: whoever writes the case still works it from the source
table (why the change breaks the row and keeps every other award) and writes that working above
the hand. Usage::

    PYTHONPATH=src python tools/near_misses.py                 # every open near-miss gap
    PYTHONPATH=src python tools/near_misses.py fourwinds:one_suit
    PYTHONPATH=src python tools/near_misses.py --earn lrc:false_single_wait   # cases one step from earning it
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Iterator, Mapping
from pathlib import Path
from types import ModuleType
from typing import Any

import mjscore


def _sibling(name: str) -> ModuleType:
    """``tools/<name>.py`` as a module (the tools folder is not a package), under a name of its own so
    that it cannot be mistaken for an installed package of the same name."""
    spec = importlib.util.spec_from_file_location(f"mjscore_tools_{name}", Path(__file__).with_name(f"{name}.py"))
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # dataclasses look their module up while the file runs
    spec.loader.exec_module(module)
    return module


coverage = _sibling("coverage")

SEATS = ("E", "S", "W", "N")
FLAGS = ("last_tile", "ready_declared", "heavenly", "earthly", "last_of_kind")  # the record's true/false facts
SUITED = [f"{n}{s}" for s in "mps" for n in range(1, 10)]
HONOURS = list("ESWNCFP")
TILES = SUITED + HONOURS


def _codes(text: Any) -> list[str]:
    return coverage._tiles(text)  # noqa: SLF001  (the tools share one reading of a record's tiles)


def variants(hand: Mapping[str, Any]) -> Iterator[tuple[str, dict[str, Any]]]:
    """Every one-step change of ``hand``, each with what it changes in words."""
    concealed = _codes(hand.get("concealed"))
    for index, tile in enumerate(concealed):
        if tile in concealed[:index]:
            continue
        for other in TILES:
            if other != tile:
                rest = concealed[:index] + concealed[index + 1:] + [other]
                yield f"the held {tile} is a {other}", {**hand, "concealed": " ".join(sorted(rest, key=_order))}
    win_tile = hand.get("win_tile")
    if win_tile:
        for other in TILES:
            if other != win_tile:
                yield f"the winning tile is {other}, not {win_tile}", {**hand, "win_tile": other}
        for index, tile in enumerate(concealed):
            if tile != win_tile and tile not in concealed[:index]:
                rest = concealed[:index] + concealed[index + 1:] + [win_tile]
                yield (f"the winning tile is the {tile}, with the {win_tile} held",
                       {**hand, "win_tile": tile, "concealed": " ".join(sorted(rest, key=_order))})
    flowers = _codes(hand.get("flowers"))
    for flower in flowers:
        rest = list(flowers)
        rest.remove(flower)
        yield f"without the flower {flower}", {**hand, "flowers": " ".join(rest)}
    for number in range(1, 9):
        if f"{number}f" not in flowers:
            yield f"with the flower {number}f", {**hand, "flowers": " ".join([*flowers, f"{number}f"])}
    seat = hand.get("seat", "E")
    if hand.get("win") == "self_draw":
        for discarder in SEATS:
            if discarder != seat:
                yield f"won on {discarder}'s discard, not self-drawn", {**hand, "win": "discard", "discarder": discarder}
    elif hand.get("win") == "discard":
        yield "self-drawn, not won on a discard", {k: v for k, v in {**hand, "win": "self_draw"}.items() if k != "discarder"}
    for other in SEATS:
        if other != seat and other != hand.get("discarder"):
            yield f"the winner sits {other}, not {seat}", {**hand, "seat": other}
    for other in SEATS:
        if other != hand.get("round", "E"):
            yield f"the round is {other}", {**hand, "round": other}
    for flag in FLAGS:
        yield f"{flag} = {str(not hand.get(flag, False)).lower()}", {**hand, flag: not hand.get(flag, False)}
    if hand.get("win") == "robbing_gong":
        yield "won on a plain discard, not by robbing a gong", {**hand, "win": "discard"}
    for source in (False, "flower", "gong", "double_gong"):
        if source != hand.get("replacement", False):
            yield f"the winning tile is {'no replacement' if source is False else 'the replacement after a ' + source}", \
                {**hand, "replacement": source}
    for ready in (None, "deal", "first_discard"):
        if ready != hand.get("ready_on"):
            yield f"the ready hand declared {'later' if ready is None else 'on the ' + ready.replace('_', ' ')}", \
                {**{k: v for k, v in hand.items() if k != "ready_on"}, **({"ready_on": ready} if ready else {})}
    for key in ("discards", "declared_tiles", "dealer_streak"):
        if isinstance(hand.get(key), int):
            for other in (hand[key] - 1, hand[key] + 1):
                if other >= 0:
                    yield f"{key.replace('_', ' ')} {other}, not {hand[key]}", {**hand, key: other}
        elif key == "dealer_streak":
            yield "a dealer streak of 1", {**hand, key: 1}
    melds = list(hand.get("melds", ()))
    for index, meld in enumerate(melds):
        rest = melds[:index] + melds[index + 1:]
        if meld["kind"] != "kong":
            held = concealed + _codes(meld["tiles"])
            yield (f"the {meld['tiles']} {meld['kind']} held, not declared",
                   {**hand, "melds": rest, "concealed": " ".join(sorted(held, key=_order))})
        else:
            yield (f"the {meld['tiles']} kong declared {'exposed' if meld.get('concealed') else 'concealed'}",
                   {**hand, "melds": [*rest, {**meld, "concealed": not meld.get("concealed", False)}]})
            yield (f"the {meld['tiles']} kong a pung, one tile fewer",
                   {**hand, "melds": [*rest, {"kind": "pung", "tiles": meld["tiles"][1:]}]})
        if meld["kind"] == "chow":
            low, suit = int(meld["tiles"][0]), meld["tiles"][-1]
            for start in (low - 1, low + 1):
                if 1 <= start <= 7:
                    tiles = f"{start}{start + 1}{start + 2}{suit}"
                    yield (f"the declared {meld['tiles']} chow is {tiles}",
                           {**hand, "melds": [*melds[:index], {**meld, "tiles": tiles}, *melds[index + 1:]]})


def _order(code: str) -> tuple[int, str]:
    return (TILES.index(code) if code in TILES else len(TILES), code)


def _earned(record: Mapping[str, Any], ruleset: str, preset_name: str | None) -> dict[str, int] | None:
    try:
        hand = mjscore.Hand.from_dict({"ruleset": ruleset, **record})
        result = mjscore.score(hand, coverage.table_rules(ruleset, preset_name))
    except (mjscore.MjscoreError, ValueError):
        return None
    return {a.id: a.value for a in result.awards} | {f"table:{p.id}": p.value for p in result.table_payments}


def proposals(table: str, row_id: str, limit: int = 3) -> list[tuple[int, coverage.Case, str, dict[str, Any], str]]:
    """The ``limit`` one-step changes of the row's positive cases that lose the row and change the
    fewest other awards, each with the difference in awards (``-id 4 +id 2``)."""
    ruleset, _, preset_name = table.partition("/")
    found = []
    for case in coverage.golden_cases(ruleset):
        if case.table != table or row_id not in case.earns:
            continue
        stated = _earned(case.hand, ruleset, preset_name or None)
        if stated is None:
            continue
        for change, record in variants(case.hand):
            earned = _earned(record, ruleset, preset_name or None)
            if earned is None or row_id in earned or f"table:{row_id}" in earned or not coverage.one_step(case.hand, record):
                continue
            lost = {k: v for k, v in stated.items() if earned.get(k) != v}
            gained = {k: v for k, v in earned.items() if stated.get(k) != v}
            difference = " ".join([f"-{k} {v}" for k, v in lost.items()] + [f"+{k} {v}" for k, v in gained.items()])
            found.append((len(lost) + len(gained), case, change, record, difference))
    found.sort(key=lambda item: item[0])
    return found[:limit]


def earning(table: str, row_id: str, limit: int = 3) -> list[tuple[int, coverage.Case, str, dict[str, Any], str]]:
    """The other way round, for a row whose positive cases have no one-step change that loses it (a pure
    suit, a set of winds): the ``limit`` one-step changes of the cases that do *not* earn the row after
    which it is earned, fewest other awards changed first. Written as a positive case, such a change
    makes the case it came from a near miss."""
    ruleset, _, preset_name = table.partition("/")
    found = []
    for case in coverage.golden_cases(ruleset):
        if case.table != table or row_id in case.earns:
            continue
        stated = _earned(case.hand, ruleset, preset_name or None)
        if stated is None:
            continue
        for change, record in variants(case.hand):
            earned = _earned(record, ruleset, preset_name or None)
            if earned is None or (row_id not in earned and f"table:{row_id}" not in earned):
                continue
            if not coverage.one_step(case.hand, record):
                continue
            lost = {k: v for k, v in stated.items() if earned.get(k) != v}
            gained = {k: v for k, v in earned.items() if stated.get(k) != v}
            difference = " ".join([f"-{k} {v}" for k, v in lost.items()] + [f"+{k} {v}" for k, v in gained.items()])
            found.append((len(lost) + len(gained), case, change, record, difference))
    found.sort(key=lambda item: item[0])
    return found[:limit]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("rows", nargs="*", help="table:row ids (default: every open near-miss gap)")
    parser.add_argument("--limit", type=int, default=3, help="proposals a row (default 3)")
    parser.add_argument("--earn", action="store_true",
                        help="propose changes of cases that miss the row after which they earn it")
    args = parser.parse_args()
    wanted = args.rows or [key.rsplit(":", 1)[0] for key in coverage.listed_gaps() if key.endswith(":near_miss")]
    for key in wanted:
        table, _, row_id = key.rpartition(":")
        print(f"== {key}")
        search = earning if args.earn else proposals
        for _, case, change, record, difference in search(table, row_id, args.limit):
            print(f"   of {case.name!r}: {change}: {difference}\n      hand = {record}")


if __name__ == "__main__":
    main()
