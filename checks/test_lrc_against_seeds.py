"""The LRC table against its source texts in ../shared/seeds (the shared folder beside a developer's or
CI's checkout, not part of a user's clone): every row's points are seed 000's, every award's Chinese
name seed 004's, the awards from the sheet's notes have the noted points. ``.ci/run`` runs this folder
when ../shared is there; ``tests/`` needs nothing outside the repository."""

from __future__ import annotations

import re
from pathlib import Path
from typing import Any

import mjscore

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
SEED_EN = SEEDS / "000_2a52c79b4380b5c9.txt"
SEED_ZH = SEEDS / "004_6dd10902fce281fa.txt"


# Awards and table payments from seed 000's notes rather than its tables: (id, pattern in seed 000
# whose first group is the value).
FROM_NOTES = {
    "nico_nico_one_gong": r"one concealed Gong adds (\d+) points",
    "nico_nico_two_gongs": r"one concealed Gong adds \d+ points and two add (\d+)",
    "calling": r"A called hand that wins adds (\d+) points",
    "concealed_gong_collection": r"The player immediately collects 1 Base Point / (\d+) points from every other player",
}

# East's smallest hand on North's discard: No Flower tiles 1 + East Seat 1 (+ the streak).
EAST_SMALL: dict[str, Any] = {
    "ruleset": "lrc", "seat": "E", "round": "E", "melds": [{"kind": "chow", "tiles": "234m"}],
    "concealed": "678m 567p 78p 111s EE", "win_tile": "9p", "win": "discard", "discarder": "N"}


def _rules() -> mjscore.Ruleset:
    return mjscore.get_ruleset("lrc")


def _rows(path: Path) -> list[tuple[str, int]]:
    """The ``| name | points | when |`` rows of a seed's tables, in order (headers left out)."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        cells = [cell.strip() for cell in line.strip().strip("|").split("|")]
        if line.startswith("|") and len(cells) == 3 and cells[1].isdigit():
            rows.append((cells[0], int(cells[1])))
    return rows


def _seed_note(pattern: str) -> int:
    found = re.search(pattern, SEED_EN.read_text(encoding="utf-8"))
    assert found, f"seed 000 has no line matching {pattern!r}"
    return int(found.group(1))


def _table() -> dict[str, tuple[str, int]]:
    """Each LRC award and table payment by English name: (id, points or amount each)."""
    rules = _rules()
    table = {a.name.en: (a.id, a.points) for a in rules.awards}
    table.update({t.name.en: (t.id, t.amount) for t in rules.table_payments})
    return table


def test_the_two_seeds_list_the_same_rows() -> None:
    english, chinese = _rows(SEED_EN), _rows(SEED_ZH)
    assert len(english) == len(chinese) > 80
    assert [points for _, points in english] == [points for _, points in chinese]


def test_every_seed_row_is_an_award_with_the_seed_points() -> None:
    table = _table()
    rules = _rules()
    missing = []
    for name, points in _rows(SEED_EN):
        if name == rules.base_name.en:
            assert rules.base == points
        elif name not in table:
            missing.append(name)
        else:
            assert table[name][1] == points, f"{table[name][0]}: {table[name][1]} points, seed 000 says {points}"
    assert missing == []


def test_awards_from_the_seed_notes_have_the_noted_points() -> None:
    rules = _rules()
    values = {a.id: a.points for a in rules.awards} | {t.id: t.amount for t in rules.table_payments}
    assert {key: values[key] for key in FROM_NOTES} == {key: _seed_note(p) for key, p in FROM_NOTES.items()}
    in_tables = {name for name, _ in _rows(SEED_EN)}
    not_in_tables = {award_id for name, (award_id, _) in _table().items() if name not in in_tables}
    assert not_in_tables == set(FROM_NOTES) | {"dealer_streak"}


def test_the_dealer_streak_adds_the_noted_3_5_7() -> None:
    noted = r"Dealer streak: consecutive dealer wins add (\d+), (\d+), (\d+) points"
    found = re.search(noted, SEED_EN.read_text(encoding="utf-8"))
    assert found
    got = []
    for streak in (1, 2, 3):
        award = mjscore.score(mjscore.Hand.from_dict({**EAST_SMALL, "dealer_streak": streak})).award("dealer_streak")
        got.append(award.value if award else 0)
    assert got == [int(n) for n in found.groups()]


def test_zh_hans_names_are_seed_004s() -> None:
    table = _table()
    rules = _rules()
    names = {a.id: a.name.zh_hans for a in rules.awards} | {t.id: t.name.zh_hans for t in rules.table_payments}
    pairs = [(english, chinese) for (english, _), (chinese, _) in zip(_rows(SEED_EN), _rows(SEED_ZH), strict=True)]
    expected = {table[english][0]: chinese for english, chinese in pairs if english in table}
    assert {key: names[key] for key in expected} == expected
    base = dict(pairs)[rules.base_name.en]
    assert rules.base_name.zh_hans == base


