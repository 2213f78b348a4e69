"""Tournament seating benchmark: prints figures, asserts nothing.

    python benchmarks/seating.py            # five seeds a field
    python benchmarks/seating.py --quick    # two seeds

For each field (players, rounds) every round is seated no-repeat in turn, as a director would, the
rounds left planned together (``mjscore.scorekeeper.seating.seat_round``). Printed: the CPU time of
this process a round (mean over the seeds), and for each seed the pairs that met more than once
over the tournament, beside the least possible where it is known: 0 where a schedule without a
second meeting exists (16 players over 4 or 5 rounds: the affine plane of order 4; 40 over 7 fits
with room to spare), 12 for 8 players over 3 rounds (tests/scorekeeper/test_tournament_seating.py
works it out).
"""

from __future__ import annotations

import argparse
import time

from mjscore.scorekeeper.seating import Method, Round, meetings, seat_round

FIELDS = [(8, 3, "12"), (12, 3, "?"), (16, 4, "0"), (16, 5, "0"), (24, 5, "?"), (40, 7, "0")]


def figures(players: int, rounds: int, least: str, seeds: int) -> None:
    started = time.process_time()
    again = []
    for seed in range(seeds):
        history: list[Round] = []
        for number in range(1, rounds + 1):
            history.append(seat_round(number, range(1, players + 1), Method.no_repeat, f"bench {seed}",
                                      history=history, rounds_left=rounds - number + 1))
        again.append(sum(1 for count in meetings(history).values() if count > 1))
    per_round = (time.process_time() - started) / seeds / rounds
    print(f"{players:3} players, {rounds} rounds: {per_round * 1000:7.1f} ms CPU a round; "
          f"pairs meeting again by seed {again} (least possible: {least})")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="two seeds a field")
    arguments = parser.parse_args()
    for players, rounds, least in FIELDS:
        figures(players, rounds, least, 2 if arguments.quick else 5)


if __name__ == "__main__":
    main()
