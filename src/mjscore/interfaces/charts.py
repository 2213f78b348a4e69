"""Charts of a batch's statistics: award frequencies and the distribution of totals, per ruleset.

Drawn with matplotlib, the optional extra ``mjscore[charts]`` (``pip install 'mjscore[charts]'``); the
file's suffix picks SVG or PNG. The chart is written to a temporary file beside the target and
renamed into place, so a failed drawing leaves nothing half-written.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Callable
from pathlib import Path

from mjscore.errors import MjscoreError
from mjscore.scoring.statistics import SHARE_OF, BatchStatistics

#: The formats a chart can be written in, by the file's suffix.
FORMATS = {".svg": "svg", ".png": "png"}


def plot_statistics(stats: BatchStatistics, award_name: Callable[[str, str], str], path: Path) -> None:
    """Write the award frequencies (share of the scored hands) and the distribution of totals of
    each ruleset in ``stats`` to ``path``. ``award_name(ruleset, award_id)`` labels the awards."""
    chart_format = FORMATS.get(path.suffix.lower())
    if chart_format is None:
        raise MjscoreError(f"--plot {path}: write the chart to a .svg or .png file")
    if not stats.rulesets:
        raise MjscoreError(f"--plot {path}: no hand was scored, so there is nothing to draw")
    try:
        from matplotlib.figure import Figure
        from matplotlib.ticker import MaxNLocator
    except ImportError:
        raise MjscoreError("--plot needs matplotlib, which is not installed: pip install 'mjscore[charts]'") from None
    rows = len(stats.rulesets)
    tallest = max(len(r.awards) for r in stats.rulesets)
    figure = Figure(figsize=(13, rows * max(3.0, 0.28 * tallest + 1.2)), layout="constrained")
    for row, rules in enumerate(stats.rulesets):
        awards = figure.add_subplot(rows, 2, 2 * row + 1)
        names = [award_name(rules.ruleset, a.id) for a in reversed(rules.awards)]
        awards.barh(names, [100 * a.share for a in reversed(rules.awards)], color="#3b7dd8")
        awards.set_xlabel(f"% of the {rules.hands} {SHARE_OF}")
        awards.set_title(f"{rules.ruleset}: award frequencies")
        totals = figure.add_subplot(rows, 2, 2 * row + 2)
        totals.bar([str(total) for total, _ in rules.totals], [hands for _, hands in rules.totals], color="#d8873b")
        totals.set_xlabel("total")
        totals.set_ylabel("scored hands")
        totals.yaxis.set_major_locator(MaxNLocator(integer=True))  # hands come whole
        totals.set_title(f"{rules.ruleset}: totals (average {rules.average_total:.1f})")
    temporary = tempfile.NamedTemporaryFile(  # noqa: SIM115 (renamed into place or removed below)
        dir=path.resolve().parent, prefix=f".{path.name}.", suffix=".partial", delete=False)
    try:
        with temporary:
            figure.savefig(temporary, format=chart_format, metadata={"Date": None} if chart_format == "svg" else None)
        os.replace(temporary.name, path)
    except BaseException:
        Path(temporary.name).unlink(missing_ok=True)
        raise
