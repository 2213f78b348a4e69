"""Charts of statistics: award frequencies and the distribution of totals per ruleset (of a batch, or
of club tables), and each table's balances over the evening.

Drawn with matplotlib, the optional extra ``mjscore[charts]`` (``pip install 'mjscore[charts]'``); the
file's suffix picks SVG or PNG. The chart is written to a temporary file beside the target and
renamed into place, so a failed drawing leaves nothing half-written.
"""

from __future__ import annotations

import tempfile
from collections.abc import Callable, Sequence
from pathlib import Path

from mjscore.errors import MjscoreError
from mjscore.interfaces.files import put_in_place
from mjscore.scoring.statistics import Balances, RulesetStatistics

#: The formats a chart can be written in, by the file's suffix.
FORMATS = {".svg": "svg", ".png": "png"}


def plot_statistics(rulesets: Sequence[RulesetStatistics], award_name: Callable[[str, str], str], path: Path,
                    balances: Sequence[Balances] = ()) -> None:
    """Write the award frequencies and the distribution of totals of each ruleset of ``rulesets``
    (shares of what each one's ``share_of`` names), and each table's balances after every entry of
    ``balances``, to ``path``. ``award_name(ruleset, award_id)`` labels the awards."""
    chart_format = FORMATS.get(path.suffix.lower())
    if chart_format is None:
        raise MjscoreError(f"--plot {path}: write the chart to a .svg or .png file")
    if not rulesets and not balances:
        raise MjscoreError(f"--plot {path}: there is nothing to draw (no hand scored, no entry recorded)")
    try:
        from matplotlib.figure import Figure
        from matplotlib.ticker import MaxNLocator
    except ImportError:
        raise MjscoreError("--plot needs matplotlib, which is not installed: pip install 'mjscore[charts]'") from None
    tallest = max((len(r.awards) for r in rulesets), default=0)
    heights = [max(3.0, 0.28 * tallest + 1.2)] * len(rulesets) + [3.5] * len(balances)
    figure = Figure(figsize=(13, sum(heights)), layout="constrained")
    grid = figure.add_gridspec(len(heights), 2, height_ratios=heights)
    for row, rules in enumerate(rulesets):
        awards = figure.add_subplot(grid[row, 0])
        names = [award_name(rules.ruleset, a.id) for a in reversed(rules.awards)]
        awards.barh(names, [100 * a.share for a in reversed(rules.awards)], color="#3b7dd8")
        awards.set_xlabel(f"% of the {rules.hands} {rules.share_of}")
        awards.set_title(f"{rules.ruleset}: award frequencies")
        totals = figure.add_subplot(grid[row, 1])
        totals.bar([str(total) for total, _ in rules.totals], [hands for _, hands in rules.totals], color="#d8873b")
        totals.set_xlabel("total")
        totals.set_ylabel(rules.share_of.split(" of ")[0])
        totals.yaxis.set_major_locator(MaxNLocator(integer=True))  # hands come whole
        totals.set_title(f"{rules.ruleset}: totals (average {rules.average_total:.1f})")
    for row, table in enumerate(balances, len(rulesets)):
        chart = figure.add_subplot(grid[row, :])
        entries = [table.numbers[0] - 1, *table.numbers]  # the balances before the first entry counted, then after each
        for player, name in enumerate(table.players):
            chart.plot(entries, [points[player] for points in table.points], marker="o", markersize=3, label=name)
        chart.axhline(0, color="#999999", linewidth=0.8)
        chart.xaxis.set_major_locator(MaxNLocator(integer=True))
        chart.set_xlabel("after entry")
        chart.set_ylabel(table.unit)
        chart.set_title(f"table {table.table}{f' ({table.name})' if table.name else ''}: balances")
        chart.legend(loc="upper left", fontsize="small")
    temporary = tempfile.NamedTemporaryFile(  # noqa: SIM115 (renamed into place or removed below)
        dir=path.resolve().parent, prefix=f".{path.name}.", suffix=".partial", delete=False)
    try:
        with temporary:
            figure.savefig(temporary, format=chart_format, metadata={"Date": None} if chart_format == "svg" else None)
        put_in_place(temporary.name, path)
    except BaseException:
        Path(temporary.name).unlink(missing_ok=True)
        raise
