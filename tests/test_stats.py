"""``mjscore stats``: award frequencies, totals and the comparison with recorded scores.

The small batch below is written out by hand (summary lines as ``mjscore batch --summary`` writes them,
one full line, and one error line), so every expected figure is counted from it by hand.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from mjscore.errors import InputError
from mjscore.interfaces.importers.botzone import FAN_ALIASES
from mjscore.rulesets import get_ruleset
from mjscore.scoring.statistics import Recorded, ScoredHand, award_ids_by_name, batch_statistics, compare_win, read_output_line

MJSCORE = Path(sys.executable).parent / "mjscore"
LOG = Path(__file__).resolve().parents[1] / "examples" / "botzone-mcr.log"


def _summary(line: int, ruleset: str, total: int, awards: list[tuple[str, int, int]], legal: bool = True) -> str:
    return json.dumps({"line": line, "ruleset": ruleset, "total": total, "legal": legal,
                       "awards": [{"id": a, "points": p, "count": c, "value": p * c} for a, p, c in awards],
                       "payments": []})


#: Four MCR hands, one LRC hand (as a full line: its ruleset is an object), one line that was not scored.
BATCH = "\n".join([
    _summary(1, "mcr", 10, [("all_pungs", 6, 1), ("pung_of_terminals_or_honors", 1, 2), ("self_drawn", 1, 1),
                            ("single_wait", 1, 1)]),
    _summary(2, "mcr", 9, [("all_pungs", 6, 1), ("dragon_pung", 2, 1), ("single_wait", 1, 1)]),
    json.dumps({"line": 3, "error": "9s does not complete the hand: it waits on 5s 8s"}),
    _summary(4, "mcr", 8, [("chicken_hand", 8, 1)]),
    json.dumps({"line": 5, "ruleset": {"id": "lrc", "name": "LRC"}, "total": 3, "legal": True, "base": {"points": 1},
                "awards": [{"id": "self_drawn", "count": 1, "value": 1, "names": {}}, {"id": "no_flowers", "count": 1}],
                "payments": [{"payer": "S", "payee": "E", "amount": 3}]}),
    _summary(6, "mcr", 10, [("all_pungs", 6, 1), ("pung_of_terminals_or_honors", 1, 4)], legal=False),
]) + "\n"


def _run(*arguments: str, cwd: Path) -> subprocess.CompletedProcess[str]:
    return subprocess.run([str(MJSCORE), *arguments], cwd=cwd, capture_output=True, text=True)


def test_the_frequency_table_of_a_small_batch() -> None:
    """MCR: lines 1, 2, 4, 6 are its 4 scored hands (line 6 below the minimum); All Pungs is in 3 of them
    (75%), Pung of Terminals or Honours in 2 (50%) counted 2 + 4 = 6 times, Single Wait in 2, the others
    in 1 (25%). Average total (10 + 9 + 8 + 10) / 4 = 9.25; totals 8: 1, 9: 1, 10: 2. LRC: one hand."""
    stats = batch_statistics(read_output_line(json.loads(line)) for line in BATCH.splitlines())
    assert (stats.lines, stats.unscored) == (6, 1)
    mcr, lrc = stats.rulesets
    assert (mcr.ruleset, mcr.hands, mcr.legal, mcr.average_total, mcr.totals) == ("mcr", 4, 3, 9.25, ((8, 1), (9, 1), (10, 2)))
    assert [(a.id, a.hands, a.times, a.share) for a in mcr.awards] == [
        ("all_pungs", 3, 3, 0.75), ("pung_of_terminals_or_honors", 2, 6, 0.5), ("single_wait", 2, 2, 0.5),
        ("chicken_hand", 1, 1, 0.25), ("dragon_pung", 1, 1, 0.25), ("self_drawn", 1, 1, 0.25)]
    assert (lrc.ruleset, lrc.hands, lrc.average_total) == ("lrc", 1, 3.0)
    assert [a.id for a in lrc.awards] == ["no_flowers", "self_drawn"]


def test_the_command_prints_and_writes_json_naming_every_denominator(tmp_path: Path) -> None:
    (tmp_path / "scores.jsonl").write_text(BATCH)
    done = _run("stats", "scores.jsonl", "--format", "json", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    answer = json.loads(done.stdout)
    mcr = answer["rulesets"][0]
    assert (answer["lines"], answer["unscored"], mcr["hands"], mcr["average_total"]) == (6, 1, 4, 9.25)
    assert mcr["awards"][0] == {"id": "all_pungs", "name": "All Pungs", "points": 6, "group": None,
                                "names": {"en": "All Pungs", "zh-Hans": "碰碰和", "zh-Hant": "碰碰和"},
                                "hands": 3, "times": 3, "share": 0.75, "share_of": "scored hands of the ruleset"}
    assert mcr["average_of"] == "scored hands of the ruleset"
    text = " ".join(_run("stats", "scores.jsonl", cwd=tmp_path).stdout.split(" "))
    assert "mcr: 4 scored hand(s), 3 of them legal wins; average total 9.25 over the 4 scored hand(s)" in \
        " ".join(text.split())  # the line is wrapped to the terminal (tests/test_cli_widths.py)
    assert "share of 4 hands" in text
    assert "totals (total: hands): 8: 1, 9: 1, 10: 2" in text


def test_a_line_that_is_not_batch_output_is_refused(tmp_path: Path) -> None:
    (tmp_path / "scores.jsonl").write_text(BATCH + '{"line": 7, "total": "many"}\n')
    done = _run("stats", "scores.jsonl", cwd=tmp_path)
    assert (done.returncode, done.stdout) == (2, "")
    assert done.stderr.startswith("error: scores.jsonl line 7: not a line of mjscore batch output: ruleset: required field")


@pytest.fixture(scope="module")
def imported(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("imported")
    assert _run("import", "botzone", str(LOG), "-o", "hands.jsonl", cwd=folder).returncode == 0
    assert _run("batch", "hands.jsonl", "-o", "scores.jsonl", "--quiet", cwd=folder).returncode == 0
    return folder


def test_the_compare_report_of_the_test_log(imported: Path) -> None:
    """Eight wins; the log and mjscore agree on seven. kongs-7 (line 6) holds a melded and a concealed kong:
    Botzone's calculator records 明暗杠 5, mjscore Two Melded Kongs 4 + Concealed Kong 2 (docs/rulesets/mcr.md),
    so its total is 10, not 9, and each loser pays 18, not 17."""
    done = _run("stats", "--compare-recorded", "hands.jsonl", "scores.jsonl", "--format", "json", cwd=imported)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout)
    assert {k: report[k] for k in ("compared", "totals_agree", "payments_agree", "fans_agree", "all_agree", "unscored")} \
        == {"compared": 8, "totals_agree": 7, "payments_agree": 7, "fans_agree": 7, "all_agree": 7, "unscored": 0}
    assert report["fans"] == [{"fan": "concealed_kong", "recorded_more": 0, "scored_more": 1},
                              {"fan": "two_melded_kongs", "recorded_more": 0, "scored_more": 1},
                              {"fan": "明暗杠", "recorded_more": 1, "scored_more": 0}]
    assert [(w["line"], w["match"], w["recorded_total"], w["total"]) for w in report["differing"]] == [(6, "kongs-7", 9, 10)]
    text = _run("stats", "--compare-recorded", "hands.jsonl", "scores.jsonl", cwd=imported).stdout
    assert "8 recorded win(s) of hands.jsonl compared with scores.jsonl:" in text
    assert "  the total agrees: 7 of 8 (87.5%)" in text
    assert "  明暗杠: recorded more often in 1" in text
    assert "line 6 (match kongs-7): total 10, recorded 9; payments differ;" in text


def test_a_win_without_a_score_agrees_on_nothing(imported: Path) -> None:
    scores = (imported / "scores.jsonl").read_text().splitlines()
    (imported / "partial.jsonl").write_text("\n".join([json.dumps({"line": 1, "error": "lost"}), *scores[1:3]]) + "\n")
    done = _run("stats", "--compare-recorded", "hands.jsonl", "partial.jsonl", "--format", "json", cwd=imported)
    report = json.loads(done.stdout)
    assert (report["compared"], report["all_agree"], report["unscored"], report["left_out"]) == (8, 2, 6, 0)
    assert report["differing"][0]["error"] == "lost"
    (imported / "more.jsonl").write_text((imported / "hands.jsonl").read_text() + json.dumps({"win": "discard"}) + "\n")
    text = _run("stats", "--compare-recorded", "more.jsonl", "scores.jsonl", cwd=imported).stdout
    assert "  left out: 1 line(s) of more.jsonl with nothing recorded" in text


def test_botzone_spellings_of_the_waits_are_the_ruleset_fans() -> None:
    ids = award_ids_by_name(get_ruleset("mcr"), FAN_ALIASES)
    assert (ids["独听・单钓"], ids["坎张"], ids["Closed Wait"], ids["單釣將"]) == \
        ("single_wait", "closed_wait", "closed_wait", "single_wait")
    scored = ScoredHand(1, "mcr", 9, True, (("single_wait", 1), ("all_pungs", 1), ("dragon_pung", 1)),
                        (("E", "S", 17), ("W", "S", 9), ("N", "S", 9)))
    recorded = Recorded(9, (("碰碰和", 1), ("箭刻", 1), ("独听・单钓", 1)), (-17, 35, -9, -9))
    win = compare_win(1, "m", recorded, scored, ids)
    assert (win.total_agrees, win.payments_agree, win.fans, win.agrees) == (True, True, (), True)


def test_plot_writes_an_svg_and_refuses_another_suffix(tmp_path: Path) -> None:
    (tmp_path / "scores.jsonl").write_text(BATCH)
    done = _run("stats", "scores.jsonl", "--plot", "chart.svg", cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    svg = (tmp_path / "chart.svg").read_text()
    assert svg.lstrip().startswith("<?xml") and "<svg" in svg
    for title in ("mcr: award frequencies", "mcr: totals (average 9.2)", "lrc: award frequencies"):
        assert title in svg
    done = _run("stats", "scores.jsonl", "--plot", "chart.png", cwd=tmp_path)
    assert (tmp_path / "chart.png").read_bytes()[:8] == b"\x89PNG\r\n\x1a\n"
    done = _run("stats", "scores.jsonl", "--plot", "chart.pdf", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (2, "error: --plot chart.pdf: write the chart to a .svg or .png file\n")
    done = _run("stats", "scores.jsonl", "--plot", "nofolder/chart.svg", cwd=tmp_path)
    assert (done.returncode, done.stderr) == (2, "error: cannot write nofolder/chart.svg: No such file or directory\n")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["chart.png", "chart.svg", "scores.jsonl"]


def test_plot_without_matplotlib_says_how_to_install_it(tmp_path: Path) -> None:
    (tmp_path / "scores.jsonl").write_text(BATCH)
    (tmp_path / "matplotlib").mkdir()
    (tmp_path / "matplotlib" / "__init__.py").write_text("raise ImportError('hidden for the test')\n")
    done = subprocess.run([sys.executable, "-c", "import sys; sys.path.insert(0, '.'); from mjscore.interfaces.cli import main;"
                           " sys.argv = ['mjscore', 'stats', 'scores.jsonl', '--plot', 'c.svg']; main()"],
                          cwd=tmp_path, capture_output=True, text=True)
    assert (done.returncode, done.stderr) == (
        2, "error: --plot needs matplotlib, which is not installed: pip install 'mjscore[charts]'\n")
    assert not (tmp_path / "c.svg").exists()


JSON = st.recursive(st.none() | st.booleans() | st.integers(-10**6, 10**6) | st.text(max_size=8),
                    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(
                        st.sampled_from(["line", "ruleset", "total", "legal", "awards", "payments", "error", "id",
                                         "count", "payer", "payee", "amount"]), inner, max_size=6), max_leaves=20)


@settings(max_examples=300, deadline=None)
@given(JSON)
def test_any_json_is_a_line_of_batch_output_or_refused(value: object) -> None:
    try:
        read_output_line(value)
    except InputError as error:
        assert str(error).startswith("not a line of mjscore batch output: ") and "\n" not in str(error)
