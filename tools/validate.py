"""Published agreement (issue 26, item 4): every ruleset against its independent reference, with a
seed, written to ``docs/validation.md``.

The references:

- **MCR against pymahjonggb**, a C++ MCR calculator nobody here wrote (``tools/mcr_oracle.py``): seeded
  random legal winning hands of every MCR shape and win context, compared fan by fan; every
  difference falls in a class documented in ``docs/rulesets/mcr.md`` or is a disagreement.
- **MCR against the published answers**: the 129 hands of ``tests/data/mcr-rulebook-examples.jsonl``
  (76 from the official rulebook commentary), their fans and totals as published.
- **Real game logs**: the Botzone data set's published sample (``tests/data/botzone/sample.txt``): each
  win re-scored against the fans, the total and the payments Botzone's own calculator recorded; and the
  public copies of Mahjongsoft's game records in PMN (``tests/data/mahjongsoft``): each win re-scored
  against the fans and points the site recorded, and the deal's ``Result`` where it settles that win
  alone.
- **Riichi against the mahjong package**, a Python riichi calculator nobody here wrote, validated on
  Tenhou's logs (``tools/riichi_oracle.py``): seeded random winning hands of each riichi preset,
  compared on the yaku with their han, the fu and the payments; and **Tenhou's logs**
  (``tests/data/tenhou``, real games from mjai-reviewer's tests): each win re-scored under
  ``riichi-tenhou`` against the yaku, han, fu and points the log states.
- **The held golden hands** of every ruleset (``tests/golden/*.toml``): hands whose awards, totals and
  payments were worked out by hand from the source tables and the rulings before the engine ran. For
  the Taiwanese rulesets (LRC, Hé Fēn, Four Winds, the Taiwan association table) there is no public
  calculator: these cases and the source tables are their reference. The page names, for each ruleset,
  how many there are and how many rows of its tables they prove (``tools/coverage.py``).

One command reproduces the page (about 15 seconds on this machine)::

    PYTHONPATH=src .venv/bin/python tools/validate.py                # writes docs/validation.md
    PYTHONPATH=src .venv/bin/python tools/validate.py --check        # exit 1 if the page is stale
    PYTHONPATH=src .venv/bin/python tools/validate.py --mcr-hands 1000000 --seed 2026 --print
                                                                     # a longer run, printed only

``tests/test_validation.py`` regenerates the page and fails when it is stale or when any reference
disagrees outside a documented class; ``tests/test_mcr_published.py`` and ``tests/test_botzone_sample.py``
hold each published hand and each logged win to the same comparisons.
"""

from __future__ import annotations

import argparse
import json
import sys
import time
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import mcr_oracle
import mutate
import near_misses
import riichi_oracle

import mjscore
from mjscore.interfaces.importers.botzone import ImportedWin, botzone_scores, parse_breakdown, read_log
from mjscore.interfaces.importers.mahjongsoft import PMN_FANS, read_records
from mjscore.interfaces.importers.tenhou import TenhouWin
from mjscore.interfaces.importers.tenhou import read_log as read_tenhou_log
from mjscore.interfaces.importers.wins import FAN_ALIASES
from mjscore.rulesets import preset
from mjscore.scoring.statistics import award_ids_by_name
from mjscore.tiles import SEATS

ROOT = Path(__file__).resolve().parents[1]
PAGE = ROOT / "docs" / "validation.md"
PUBLISHED = ROOT / "tests" / "data" / "mcr-rulebook-examples.jsonl"
BOTZONE = ROOT / "tests" / "data" / "botzone" / "sample.txt"
MAHJONGSOFT = ROOT / "tests" / "data" / "mahjongsoft"
TENHOU = ROOT / "tests" / "data" / "tenhou"

#: The page's random MCR hands, and their seed.
MCR_HANDS = 20_000
SEED = 26
#: The page's random riichi hands of each preset (the same seed); tools/riichi_oracle.py runs 100,000.
RIICHI_HANDS = 5_000

#: The published answers' 5-fan fan that mjscore scores as Two Melded Kongs 4 + Concealed Kong 2.
MELDED_AND_CONCEALED_KONG = "Concealed Kong and Melded Kong"
#: Botzone's name for the same fan, and PMN's (fan 82).
BOTZONE_MELDED_AND_CONCEALED_KONG = "明暗杠"
PMN_MELDED_AND_CONCEALED_KONG = PMN_FANS[81]

#: Each documented class of difference: what it is, and the rule or ruling behind it.
CLASSES = {
    "melded and concealed kong": "one melded and one concealed kong: mjscore scores Two Melded Kongs 4 + Concealed Kong 2 "
                                 "= 6 (seed 001, under Two Melded Kongs: \"One Melded Kong and one Concealed Kong are 6 "
                                 "points\"; issue 5 item 6); the other calculator a 5-fan fan",
    "tile held four times is not waited on": "a kind whose four copies the winner holds is no wait, so Edge, Closed or "
                                             "Single Wait still count (seed 001, Edge Wait: \"not valid if waiting for "
                                             "more than one tile\"; ruling 4: the wait is the kinds that complete the hand)",
    "winning tile in the knitted straight": "no Edge, Closed or Single Wait when the winning tile belongs to the knitted "
                                            "straight, as the published rulebook examples score it (pub-081, pub-091; "
                                            "issue 5 item 6)",
    "tie": "another arrangement of the same total: the calculators pick different but equal readings of the hand",
    "several Hu on one discard": "Mahjongsoft's duplicate MCR lets every player who can win on a discard win on it "
                                 "(mahjongsoft.com/duplicate_rules.php, Rule 2, \"Multiple 'Hu'\": \"all players without "
                                 "a false 'Hu' gain points ... Each winner receives a 'standard' score of 'Hu+24 pts.'\"); "
                                 "the record's one Result line settles the deal, not each win as MCR does, so each win's "
                                 "fans and points are compared and the Result is not. The one such deal (two wins of 12 "
                                 "on East's discard) records -32 36 -8 36, the rule's worked example would give -40 28 "
                                 "-16 28 (each winner Hu+24 less 8 paid to the other, the discarder Hu+8 to each, the "
                                 "fourth player 8 to each): 8 more for every player, which no rule text found explains",
    "yakuman do not add up": "riichi-ema counts a hand's highest yakuman alone (EMA Riichi Competition Rules 2016: "
                             "\"the maximum score is a single yakuman\"; docs/rulesets/riichi.md); the mahjong package "
                             "adds every yakuman a hand holds and has no option for a single one",
    "duplicate self-drawn win": "Mahjongsoft's duplicate MCR settles a self-draw otherwise than MCR (mahjongsoft.com/"
                                "duplicate_rules.php, Rule 1: \"the winner gains (HV+24) pts., and others lose (HV/3-8) "
                                "pts. rounded to the closest highest integer\", its example HV=9: +33 / -11, that is "
                                "HV/3 + 8): the fans and points agree, the Result is Rule 1's",
}


# ----- the published answers


def published_rows() -> list[dict[str, Any]]:
    return [json.loads(line) for line in PUBLISHED.read_text(encoding="utf-8").splitlines() if line.strip()]


def published_record(row: Mapping[str, Any]) -> dict[str, Any]:
    """The mjscore hand record of a published hand."""
    kong_related = row["kong_related"]
    if row["self_drawn"]:
        win = "self_draw"
    else:
        win = "robbing_gong" if kong_related else "discard"
    return {
        "ruleset": "mcr",
        "seat": row["seat_wind"],
        "round": row["prevalent_wind"],
        "concealed": row["concealed"],
        "melds": [{"kind": m["type"], "tiles": m["tiles"], "concealed": not m["exposed"], "added": bool(m.get("promoted"))}
                  for m in row["melds"]],
        "flowers": [f"{n}f" for n in range(1, row["flowers"] + 1)],
        "win_tile": row["winning_tile"],
        "win": win,
        "replacement": "gong" if row["self_drawn"] and kong_related else False,
        "last_tile": row["last_tile_of_wall"],
        "last_of_kind": row["last_of_kind"],
    }


def published_answers(row: Mapping[str, Any]) -> tuple[list[Counter[str]], int]:
    """The published answers (any of them is right) and total, with the kong class folded in: the
    5-fan fan is Two Melded Kongs 4 + Concealed Kong 2, and the total one more."""
    answers = []
    total = row["published_total"]
    for answer in row["published_expected"]:
        fans = Counter(answer)
        if fans[MELDED_AND_CONCEALED_KONG]:
            del fans[MELDED_AND_CONCEALED_KONG]
            fans += Counter({"Two Melded Kongs": 1, "Concealed Kong": 1})
            total = row["published_total"] + 1
        answers.append(fans)
    return answers, total


def published_outcome(row: Mapping[str, Any]) -> str:
    """"" when mjscore gives a published answer as published, the class when the kong class is the
    whole difference, else "disagreement"."""
    result = mjscore.score(mjscore.Hand.from_dict(published_record(row)))
    fans = Counter({a.name.en: a.count for a in result.awards})
    answers, total = published_answers(row)
    if fans not in answers or result.total != total:
        return "disagreement"
    return "melded and concealed kong" if total != row["published_total"] else ""


# ----- Botzone's logs


def botzone_wins(path: Path = BOTZONE) -> tuple[ImportedWin, ...]:
    return read_log(path.read_bytes().decode("utf-8"), path.name).wins


def net(score: mjscore.Score) -> tuple[int, ...]:
    """What each player won, in player order 0-3 (seats E, S, W, N), as a Botzone Score line writes it."""
    gained = dict.fromkeys(SEATS, 0)
    for payment in score.payments:
        gained[payment.payer] -= payment.amount
        gained[payment.payee] += payment.amount
    return tuple(gained[seat] for seat in SEATS)


def botzone_difference(win: ImportedWin) -> str:
    """How mjscore's score of a logged win differs from Botzone's: "" when the total, the payments and
    every fan agree, the documented class when that is the whole difference, else what differs."""
    ids = award_ids_by_name(mjscore.get_ruleset("mcr"), FAN_ALIASES)
    score = mjscore.score(mjscore.Hand.from_dict(win.record))
    recorded: Counter[str] = Counter()
    for name, count in parse_breakdown(win.fans):
        recorded[ids.get(name, name)] += count
    scored = Counter({award.id: award.count for award in score.awards})
    if (score.total, net(score), scored) == (win.total, win.scores, recorded):
        return ""
    kongs = Counter({"two_melded_kongs": 1, "concealed_kong": 1})
    discarder = SEATS.index(win.record["discarder"]) if "discarder" in win.record else None
    if recorded - scored == Counter({BOTZONE_MELDED_AND_CONCEALED_KONG: 1}) and scored - recorded == kongs \
            and score.total == win.total + 1 \
            and net(score) == botzone_scores(SEATS.index(win.record["seat"]), discarder, score.total):
        return "melded and concealed kong"
    return f"mjscore {score.total} {net(score)} {dict(scored)}, Botzone {win.total} {win.scores} {dict(recorded)}"


# ----- Mahjongsoft's game records


def mahjongsoft_wins(folder: Path = MAHJONGSOFT) -> list[tuple[ImportedWin, int]]:
    """Every win of the PMN records in ``folder``, each with how many players won its deal."""
    found = []
    for path in sorted(folder.glob("*.pmn")):
        wins = read_records(path.read_text(encoding="utf-8"), path.name).wins
        found += [(win, sum(other.line == win.line for other in wins)) for win in wins]
    return found


def duplicate_self_draw(winner: int, total: int) -> tuple[int, ...]:
    """The Result of a self-drawn win of ``total`` points by ``winner`` under Mahjongsoft's duplicate Rule 1."""
    lose = -(total // -3) + 8  # HV/3 + 8, rounded up
    return tuple(total + 24 if seat == winner else -lose for seat in range(len(SEATS)))


def mahjongsoft_difference(win: ImportedWin, winners: int) -> str:
    """How mjscore's score of a recorded win differs from the record: "" when the points, every fan
    and the Result (as MCR settles the win) agree, a documented class when that is the whole difference
    (a melded and a concealed kong; several wins on one discard; a duplicate game's self-draw), else
    what differs."""
    ids = award_ids_by_name(mjscore.get_ruleset("mcr"), FAN_ALIASES)
    score = mjscore.score(mjscore.Hand.from_dict(win.record))
    recorded: Counter[str] = Counter()
    for name, count in parse_breakdown(win.fans):
        recorded[ids.get(name, name)] += count
    scored = Counter({award.id: award.count for award in score.awards})
    kongs = recorded[PMN_MELDED_AND_CONCEALED_KONG] == 1 and scored - recorded == Counter(
        {"two_melded_kongs": 1, "concealed_kong": 1})
    if kongs:
        recorded -= Counter({PMN_MELDED_AND_CONCEALED_KONG: 1})
        recorded += Counter({"two_melded_kongs": 1, "concealed_kong": 1})
    if scored != recorded or score.total != win.total + kongs:
        return f"mjscore {score.total} {dict(scored)}, Mahjongsoft {win.total} {dict(recorded)}"
    winner = SEATS.index(win.record["seat"])
    if winners > 1:
        return "several Hu on one discard"
    if net(score) != win.scores:
        if win.record["win"] == "self_draw" and win.scores == duplicate_self_draw(winner, win.total):
            return "duplicate self-drawn win"
        return f"mjscore pays {net(score)}, the Result is {win.scores}"
    return "melded and concealed kong" if kongs else ""


# ----- riichi: the mahjong package and Tenhou's logs


def riichi_outcome(hand: mjscore.Hand, name: str) -> str:
    """"" when mjscore and the mahjong package agree on the hand's yaku, han, fu and payments under the
    preset ``name``, the documented class when that is the whole difference, else both answers."""
    outcome = riichi_oracle.compare(hand, name)
    if outcome.reason != "disagreement":
        return outcome.reason
    return f"{name}: mjscore {outcome.ours}, mahjong {outcome.theirs}"


def tenhou_wins(folder: Path = TENHOU) -> list[TenhouWin]:
    """Every win of the Tenhou logs in ``folder``."""
    return [win for path in sorted(folder.glob("*.json"))
            for win in read_tenhou_log(path.read_text(encoding="utf-8"), path.name).wins]


def tenhou_difference(win: TenhouWin) -> str:
    """How mjscore's score of a logged win (under riichi-tenhou) differs from the log: "" when the yaku
    (dora by their count), the han or yakuman, the fu where stated and the points each player paid
    agree, else what differs."""
    rules = mjscore.resolve_ruleset("riichi", preset("riichi-tenhou"))
    score = mjscore.score(mjscore.Hand.from_dict(win.imported.record), rules)
    scored = Counter({award.id: award.count for award in score.awards})
    logged = Counter({award: han if award in ("dora", "ura_dora", "aka_dora") else 1 for award, han in win.yaku})
    fu = score.value.fu if score.value is not None else None
    if (scored, score.total, net(score)) != (logged, win.imported.total, win.imported.scores) \
            or (win.stated.fu is not None and fu != win.stated.fu):
        return (f"{win.imported.match}: mjscore {score.total} {fu} fu {net(score)} {dict(scored)}, Tenhou "
                f"{win.imported.total} {win.stated.fu} fu {win.imported.scores} {dict(logged)}")
    return ""


# ----- the figures


@dataclass(frozen=True)
class Agreement:
    """One reference's figures: what was compared, how many, and the outcome of each (""
    identical, a documented class, or a disagreement's description)."""

    short: str
    reference: str
    compared: str
    outcomes: Counter[str]
    seconds: float

    @property
    def disagreements(self) -> int:
        return sum(n for outcome, n in self.outcomes.items() if outcome and outcome not in CLASSES)


def _timed(short: str, reference: str, compared: str, outcomes: list[str], began: float) -> Agreement:
    return Agreement(short, reference, compared, Counter(outcomes), time.process_time() - began)


def agreements(mcr_hands: int = MCR_HANDS, seed: int = SEED, riichi_hands: int = RIICHI_HANDS) -> list[Agreement]:
    """Every reference's figures, in the page's order."""
    found = []
    began = time.process_time()
    _, reasons, _ = mcr_oracle._run(seed, mcr_hands)
    found.append(Agreement("pymahjonggb", "MCR: pymahjonggb (C++), fan by fan", f"{mcr_hands:,} random hands, seed {seed}",
                           reasons, time.process_time() - began))
    began = time.process_time()
    rows = published_rows()
    found.append(_timed("published answers", "MCR: the published answers (rulebook commentary and GB-Mahjong's tests)",
                        f"{len(rows)} hands", [published_outcome(row) for row in rows], began))
    began = time.process_time()
    wins = botzone_wins()
    found.append(_timed("Botzone", "MCR: Botzone's logged games (the data set's published sample)",
                        f"{len(wins)} wins of 16 rounds", [botzone_difference(win) for win in wins], began))
    began = time.process_time()
    records = mahjongsoft_wins()
    games = len({(win.match, win.line) for win, _ in records})
    found.append(_timed("Mahjongsoft", "MCR: Mahjongsoft's game records (public PMN copies)",
                        f"{len(records)} wins of {games} games",
                        [mahjongsoft_difference(win, winners) for win, winners in records], began))
    for name in riichi_oracle.PRESETS:
        began = time.process_time()
        found.append(_timed("mahjong", f"Riichi ({name}): the mahjong package (Python), yaku, han, fu and payments",
                            f"{riichi_hands:,} random hands, seed {seed}",
                            [riichi_outcome(hand, name) for hand in riichi_oracle.hands(seed, riichi_hands, name)], began))
    began = time.process_time()
    wins = tenhou_wins()
    found.append(_timed("Tenhou", "Riichi (riichi-tenhou): Tenhou's logged games (mjai-reviewer's test logs)",
                        f"{len(wins)} wins of {len(list(TENHOU.glob('*.json')))} logs",
                        [tenhou_difference(win) for win in wins], began))
    for ruleset in mutate.rulesets():
        began = time.process_time()
        cases = mutate.golden_cases(ruleset)
        rules = mjscore.get_ruleset(ruleset)
        outcomes = [problem and f"case {number}: {problem}" for number, case in enumerate(cases, 1)
                    for problem in [mutate.case_failure(case, rules, ruleset)]]
        found.append(_timed(f"{ruleset} golden", f"{rules.name.en}: golden hands worked out by hand",
                            f"{len(cases)} hands", outcomes, began))
    return found


@dataclass(frozen=True)
class GoldenRows:
    """A ruleset's golden hands, worked out by hand from its source table and rulings before the engine
    ran, and the rows of its tables (the ruleset's, its presets' and its house rules') they prove: the rows
    with a case that earns them, and those with a one-step near miss too, or only far ones."""

    name: str
    hands: int
    rows: int
    positive: int
    one_step: int
    only_far: int


def golden_rows() -> list[GoldenRows]:
    """:class:`GoldenRows` of every ruleset with golden cases (``tools/coverage.py``'s matrix, without
    its random hands)."""
    found = []
    for ruleset in mutate.rulesets():
        entries = near_misses.coverage.coverage(ruleset, hands=0)
        found.append(GoldenRows(mjscore.get_ruleset(ruleset).name.en, len(mutate.golden_cases(ruleset)), len(entries),
                                sum(1 for e in entries if e.positive),
                                sum(1 for e in entries if e.positive and e.one_step),
                                sum(1 for e in entries if e.positive and e.only_far)))
    return found


def page(found: list[Agreement], mcr_hands: int = MCR_HANDS, seed: int = SEED,
         golden: list[GoldenRows] | None = None, riichi_hands: int = RIICHI_HANDS) -> str:
    """``docs/validation.md``: the table of figures, the classes of difference, the golden hands and the
    rows they prove (``golden``; None: :func:`golden_rows`), what is not checked."""
    lines = [
        "# Validation: mjscore against independent references",
        "",
        "Generated by `tools/validate.py` (`PYTHONPATH=src python tools/validate.py`; "
        f"{mcr_hands:,} random MCR hands and {riichi_hands:,} riichi hands of each preset, seed {seed}); "
        "`tests/test_validation.py` fails when this page is stale or "
        "a reference disagrees. Do not edit it by hand. How each reference is compared: the tool's docstring.",
        "",
        "| reference | compared | identical | documented difference | disagreements |",
        "|---|---|---:|---:|---:|",
    ]
    for entry in found:
        documented = sum(n for outcome, n in entry.outcomes.items() if outcome in CLASSES)
        lines.append(f"| {entry.reference} | {entry.compared} | {entry.outcomes['']:,} | {documented:,} | "
                     f"{entry.disagreements:,} |")
    lines += ["", "## The documented classes of difference", "",
              "Each difference outside these classes is a disagreement, and fails the test.", "",
              "| class | the rule or ruling behind it | hands |", "|---|---|---|"]
    for name, why in CLASSES.items():
        counts = ", ".join(f"{entry.short} {entry.outcomes[name]:,}" for entry in found if entry.outcomes[name])
        lines.append(f"| {name} | {why} | {counts or '—'} |")
    lines += ["", "## The golden hands", "",
              "Each golden hand (`tests/golden/<ruleset>.toml`) was worked out by hand from the source table and the "
              "binding rulings, independently of the engine (the sheet's row is quoted beside each award), and "
              "`tests/test_golden.py` holds the engine to it. The rows they prove, of every table of the ruleset (its "
              "own, its presets' and the house rules that switch a row on; `docs/coverage.md` row by row): a case earns "
              "the row, and a near miss one step away just misses it, or only far near misses do, whose notes "
              "`tools/near_misses.py` checks. The MCR hands are also scored by pymahjonggb (`tests/test_mcr_oracle.py`).",
              "", "| ruleset | golden hands worked by hand | rows of its tables | rows with a positive case | "
              "with a one-step near miss | with only far near misses |", "|---|---:|---:|---:|---:|---:|"]
    for entry in golden if golden is not None else golden_rows():
        lines.append(f"| {entry.name} | {entry.hands} | {entry.rows} | {entry.positive} | {entry.one_step} | "
                     f"{entry.only_far} |")
    lines += ["", "## What is not checked independently", "",
              "The Taiwanese rulesets (LRC, Hé Fēn, Four Winds, the Taiwan association table) have no public "
              "calculator and no published logs with scores: their reference is the golden hands above, each worked "
              "out by hand from the source table (the sheet's row, quoted beside each award) and the binding rulings, "
              "before the engine ran; `docs/coverage.md` shows which rows they prove, with a near miss for each. The "
              "MCR comparisons check fans, totals and (for Botzone, and Mahjongsoft's single wins) payments; they do "
              "not check the score sheet's "
              "wording, the web app or the scorekeeper. pymahjonggb does not check tile counts and has no 8-fan "
              "minimum: a random hand is legal by construction, and the minimum is not compared. The riichi "
              "comparisons check the yaku with their han, the fu and the payments of a hand (Tenhou's logs: the "
              "points each player paid, less the honba and riichi sticks), not the game around it (sticks, honba, "
              "uma: `docs/riichi-game.md`'s hanchan worked by hand, in `tests/scorekeeper/test_riichi_game.py`).", ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--mcr-hands", type=int, default=MCR_HANDS)
    parser.add_argument("--riichi-hands", type=int, default=RIICHI_HANDS)
    parser.add_argument("--seed", type=int, default=SEED)
    parser.add_argument("--check", action="store_true", help="exit 1 if docs/validation.md is stale")
    parser.add_argument("--print", action="store_true", help="print the page instead of writing it")
    arguments = parser.parse_args(argv)
    began = time.perf_counter()
    found = agreements(arguments.mcr_hands, arguments.seed, arguments.riichi_hands)
    text = page(found, arguments.mcr_hands, arguments.seed, riichi_hands=arguments.riichi_hands)
    for entry in found:
        print(f"{entry.reference}: {entry.compared}: {dict(entry.outcomes)} ({entry.seconds:.1f} s CPU)", file=sys.stderr)
    print(f"{time.perf_counter() - began:.0f} s in all", file=sys.stderr)
    if arguments.print:
        print(text)
    elif arguments.check:
        stale = PAGE.read_text(encoding="utf-8") != text
        print("docs/validation.md is stale: run tools/validate.py" if stale else "docs/validation.md is up to date")
        return 1 if stale else 0
    else:
        PAGE.write_text(text, encoding="utf-8")
    return 1 if any(entry.disagreements for entry in found) else 0


if __name__ == "__main__":
    raise SystemExit(main())
