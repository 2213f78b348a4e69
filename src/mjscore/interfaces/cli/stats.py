"""``mjscore stats``: statistics over a batch's output, and its agreement with recorded scores.

``mjscore stats scores.jsonl`` reads what ``mjscore batch`` wrote and prints, per ruleset, how many
scored hands hold each award (count and share: every share names the hands it is a share of), the
average total and the distribution of totals; ``--plot FILE`` draws them (SVG or PNG).
``mjscore stats --compare-recorded hands.jsonl scores.jsonl`` sets each line of an imported log
(``mjscore import``) beside the score of the same line number, and reports how many wins agree with
the recorded total, the recorded payments and every recorded fan, and which fans differ.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Annotated, Any

import typer
from rich import box
from rich.console import Console
from rich.table import Table

from mjscore import get_ruleset
from mjscore.errors import InputError, MjscoreError
from mjscore.interfaces.charts import plot_statistics
from mjscore.interfaces.cli.app import Format, Lang, app, fail
from mjscore.interfaces.cli.batch import numbered_lines
from mjscore.interfaces.importers.botzone import FAN_ALIASES, recorded_of
from mjscore.reading import LIMITS, decode, parse_json
from mjscore.scoring.statistics import (
    SHARE_OF,
    BatchStatistics,
    Comparison,
    ScoredHand,
    UnscoredLine,
    award_ids_by_name,
    batch_statistics,
    compare_win,
    read_output_line,
)


def _json_lines(path: Path) -> Iterator[tuple[int, Any]]:
    """The JSON value of each non-blank line of ``path``, with its line number (from 1)."""
    where = str(path)
    try:
        handle = path.open("rb")
    except FileNotFoundError:
        raise InputError(f"no such file: {path}") from None
    except OSError as error:
        raise InputError(f"cannot read {path}: {error.strerror or error}") from None
    with handle:
        for number, data in numbered_lines(handle):
            place = f"{where} line {number}"
            if data is None:
                raise InputError(f"{place}: longer than {LIMITS['line'].max_bytes:,} bytes, the most a line may have")
            yield number, parse_json(decode(data, place), place)


def _scores(path: Path) -> Iterator[ScoredHand | UnscoredLine]:
    for number, data in _json_lines(path):
        try:
            yield read_output_line(data)
        except InputError as error:
            raise InputError(f"{path} line {number}: {error}") from None


AwardName = Callable[[str, str], str]


def _award_name(lang: str) -> AwardName:
    """A function naming award ``award_id`` of ruleset ``ruleset_id`` in ``lang`` (its id, if unknown)."""
    def name(ruleset_id: str, award_id: str) -> str:
        try:
            return get_ruleset(ruleset_id).award(award_id).name.get(lang)
        except MjscoreError:
            return award_id
    return name


def _award_facts(ruleset_id: str, award_id: str) -> dict[str, Any]:
    """The points, group and names of an award of a catalogue ruleset (nothing for an unknown one)."""
    try:
        rule = get_ruleset(ruleset_id).award(award_id)
    except MjscoreError:
        return {}
    return {"points": rule.points, "group": rule.group, "names": rule.name.to_dict()}


@app.command("stats")
def stats_command(
    scores: Annotated[Path, typer.Argument(help="The output of mjscore batch (full or --summary lines).")],
    compare_recorded: Annotated[Path | None, typer.Option(
        "--compare-recorded", help="Imported hand records (mjscore import): compare their recorded scores.")] = None,
    plot: Annotated[Path | None, typer.Option("--plot", help="Draw the statistics to this .svg or .png file.")] = None,
    output: Annotated[Format, typer.Option("--format", help="text for people; json for programs.")] = Format.text,
    lang: Annotated[Lang, typer.Option("--lang", help="Language of award names.")] = Lang.en,
) -> None:
    """Award frequencies, average and distribution of totals per ruleset; or agreement with a log."""
    name = _award_name(lang.value)
    try:
        if compare_recorded is not None:
            if plot is not None:
                raise MjscoreError("--plot draws the statistics of a batch; leave out --compare-recorded")
            comparison, left_out = _compare(compare_recorded, scores)
            _print_comparison(comparison, left_out, compare_recorded, scores, output, name)
            return
        stats = batch_statistics(_scores(scores))
        if plot is not None:
            plot_statistics(stats, name, plot)
    except MjscoreError as error:
        raise fail(str(error)) from None
    except OSError as error:  # only the chart is written
        raise fail(f"cannot write {plot}: {error.strerror or error}") from None
    _print_statistics(stats, scores, output, name)


def _compare(hands: Path, scores: Path) -> tuple[Comparison, int]:
    """The recorded wins of ``hands`` beside the scores of the same lines, and how many lines of
    ``hands`` have nothing recorded (left out)."""
    answered = {line.line: line for line in _scores(scores)}
    left_out = 0
    wins = []
    ids_of: dict[str, dict[str, str]] = {}
    for number, data in _json_lines(hands):
        place = f"{hands} line {number}"
        if not isinstance(data, dict):
            raise InputError(f"{place}: a hand record is a JSON object {{...}}")
        try:
            recorded = recorded_of(data)
        except MjscoreError as error:
            raise InputError(f"{place}: {error}") from None
        if recorded is None:
            left_out += 1
            continue
        match = data.get("match")
        scored = answered.get(number)
        ruleset = scored.ruleset if isinstance(scored, ScoredHand) else ""
        if ruleset and ruleset not in ids_of:
            ids_of[ruleset] = award_ids_by_name(get_ruleset(ruleset), FAN_ALIASES)
        wins.append(compare_win(number, match if isinstance(match, str) else None, recorded, scored,
                                ids_of.get(ruleset, {})))
    return Comparison(tuple(wins)), left_out


def _share(count: int, of: int) -> str:
    return f"{100 * count / of:.1f}%" if of else "-"


def _print_statistics(stats: BatchStatistics, source: Path, output: Format, name: AwardName) -> None:
    if output is Format.json:
        typer.echo(json.dumps({
            "lines": stats.lines, "unscored": stats.unscored,
            "rulesets": [{
                "ruleset": r.ruleset, "hands": r.hands, "legal": r.legal, "average_total": round(r.average_total, 4),
                "average_of": SHARE_OF, "totals": [{"total": t, "hands": n} for t, n in r.totals],
                "awards": [{"id": a.id, "name": name(r.ruleset, a.id), **_award_facts(r.ruleset, a.id), "hands": a.hands,
                            "times": a.times, "share": round(a.share, 4), "share_of": SHARE_OF} for a in r.awards],
            } for r in stats.rulesets]}, ensure_ascii=False, indent=2))
        return
    console = Console(highlight=False)
    console.print(f"{source}: {stats.lines} line(s), {stats.lines - stats.unscored} scored, "
                  f"{stats.unscored} could not be scored", markup=False, soft_wrap=True)
    for rules in stats.rulesets:
        console.print(f"\n{rules.ruleset}: {rules.hands} scored hand(s), {rules.legal} of them legal wins; average "
                      f"total {rules.average_total:.2f} over the {rules.hands} scored hand(s)", markup=False, soft_wrap=True)
        table = Table(box=box.SIMPLE, pad_edge=False)
        table.add_column("award")
        table.add_column("hands", justify="right")
        table.add_column(f"share of {rules.hands} hands", justify="right")
        table.add_column("times", justify="right")
        for award in rules.awards:
            table.add_row(name(rules.ruleset, award.id), str(award.hands), _share(award.hands, rules.hands),
                          str(award.times))
        console.print(table)
        console.print("totals (total: hands): " + ", ".join(f"{t}: {n}" for t, n in rules.totals), markup=False, soft_wrap=True)


def _print_comparison(comparison: Comparison, left_out: int, hands: Path, scores: Path, output: Format,
                      name: AwardName) -> None:
    compared = comparison.compared
    ruleset_of = {f.fan: w.ruleset for w in comparison.wins for f in w.fans if w.ruleset}

    def fan_label(fan: str, ruleset: str | None) -> str:
        named = name(ruleset, fan) if ruleset else fan
        return fan if named == fan else f"{fan} ({named})"

    if output is Format.json:
        typer.echo(json.dumps({
            "compared": compared, "of": "recorded wins", "unscored": comparison.unscored,
            "left_out": left_out,
            "totals_agree": comparison.totals_agree, "payments_agree": comparison.payments_agree,
            "fans_agree": comparison.fans_agree, "all_agree": comparison.all_agree,
            "fans": [{"fan": d.fan, "recorded_more": d.recorded_more, "scored_more": d.scored_more}
                     for d in comparison.disagreements()],
            "differing": [{"line": w.line, "match": w.match, "recorded_total": w.recorded.total, "total": w.total,
                           "total_agrees": w.total_agrees, "payments_agree": w.payments_agree,
                           "fans": [{"fan": f.fan, "recorded": f.recorded, "scored": f.scored} for f in w.fans],
                           "error": w.error} for w in comparison.wins if not w.agrees],
        }, ensure_ascii=False, indent=2))
        return
    console = Console(highlight=False)
    console.print(f"{compared} recorded win(s) of {hands} compared with {scores}:", markup=False, soft_wrap=True)
    for label, count in (("the total agrees", comparison.totals_agree), ("the payments agree", comparison.payments_agree),
                         ("every fan agrees", comparison.fans_agree), ("all three agree", comparison.all_agree)):
        console.print(f"  {label}: {count} of {compared} ({_share(count, compared)})", markup=False, soft_wrap=True)
    if comparison.unscored:
        console.print(f"  could not be scored: {comparison.unscored} of {compared}", markup=False, soft_wrap=True)
    if left_out:
        console.print(f"  left out: {left_out} line(s) of {hands} with nothing recorded", markup=False, soft_wrap=True)
    disagreements = comparison.disagreements()
    if disagreements:
        console.print(f"fans that differ (in how many of the {compared} wins):", markup=False, soft_wrap=True)
        for d in disagreements:
            parts = [f"recorded more often in {d.recorded_more}"] if d.recorded_more else []
            parts += [f"scored more often in {d.scored_more}"] if d.scored_more else []
            console.print(f"  {fan_label(d.fan, ruleset_of.get(d.fan))}: {'; '.join(parts)}", markup=False, soft_wrap=True)
    for win in comparison.wins:
        if win.agrees:
            continue
        match = f" (match {win.match})" if win.match else ""
        if win.error is not None:
            console.print(f"line {win.line}{match}: not scored: {win.error}", markup=False, soft_wrap=True)
            continue
        fans = ", ".join(f"{fan_label(f.fan, win.ruleset)} {f.recorded} recorded, {f.scored} scored" for f in win.fans)
        payments = "" if win.payments_agree else "; payments differ"
        console.print(f"line {win.line}{match}: total {win.total}, recorded {win.recorded.total}{payments}"
                      f"{'; ' + fans if fans else ''}", markup=False, soft_wrap=True)
