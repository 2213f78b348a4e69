"""An arrangement's total from the rows it fired, on integers.

The compiled evaluator (:mod:`mjscore.scoring.compiled`) finds, for each arrangement, the rows that
fire and their counts; a :class:`Totaller` turns them into the arrangement's total by the engine's
own rules (``engine._resolve`` and ``engine._console``): the highest row of each exclusive group,
the rows a counted row replaces or reduces, the consolation award (Chicken Hand), the base. The
engine's Award path and this one must agree; ``tests/test_compiled.py`` holds them to it.

The row data are kept as lists of integers indexed by row (groups numbered, not named), so that
the compiled build (mypyc) runs this per arrangement without dictionary or string work.
"""

from __future__ import annotations

from collections.abc import Sequence

from mjscore.scoring.ruleset import AwardRule, Ruleset


class Totaller:
    """The totals of one ruleset's rows (``rows``: the evaluator's, in its order)."""

    def __init__(self, rules: Ruleset, rows: Sequence[AwardRule], flower_win: bool) -> None:
        position = {rule.id: index for index, rule in enumerate(rows)}
        names = sorted({rule.group for rule in rows if rule.group is not None})
        self.rows: list[AwardRule] = list(rows)
        self.points: list[int] = [rule.points for rule in rows]
        #: Each row's exclusive group, numbered from 0; -1 for a row in no group.
        self.groups: list[int] = [-1 if rule.group is None else names.index(rule.group) for rule in rows]
        self.ngroups: int = len(names)
        self.replaces: list[list[int]] = [[position[i] for i in rule.replaces if i in position] for rule in rows]
        self.reduces: list[list[tuple[int, int]]] = [
            [(position[i], by) for i, by in rule.reduces.items() if i in position] for rule in rows]
        #: A row in no group that replaces and reduces nothing: fired rows all plain are counted as found.
        self.plain: list[bool] = [g < 0 and not r and not c for g, r, c in zip(self.groups, self.replaces, self.reduces,
                                                                             strict=True)]
        #: (the consolation row, the pre-base total it replaces, the rows it keeps beside it).
        self.consolations: list[tuple[AwardRule, int, list[bool]]] = [] if flower_win else [
            (rule, rule.consolation.when_total, [row.id in rule.consolation.ignore for row in rows])
            for rule in rules.awards if rule.consolation is not None and rule.enabled]
        self.base: int = rules.base

    def total(self, found: list[tuple[int, int]]) -> int:
        """The arrangement's total, the base included."""
        points = self.points
        counted, consolation = self._consoled(found)
        total = self.base if consolation is None else self.base + consolation.points
        for i, c in counted:
            total += points[i] * c
        return total

    def counted(self, found: list[tuple[int, int]]) -> list[tuple[AwardRule, int]]:
        """The rows counted, with their counts, in the order of the awards the engine makes from
        them (the consolation row last): what the score's total, payments and minimum are made of."""
        counted, consolation = self._consoled(found)
        rows = [(self.rows[i], c) for i, c in counted]
        return rows if consolation is None else rows + [(consolation, 1)]

    def _consoled(self, found: list[tuple[int, int]]) -> tuple[list[tuple[int, int]], AwardRule | None]:
        """The fired rows still counted, and the consolation row that replaces the others (keeping
        only the rows it ignores) where their total is exactly its ``when_total``, else None."""
        points = self.points
        counted = self._counted(found)
        for rule, when_total, ignore in self.consolations:
            others = 0
            for i, c in counted:
                if not ignore[i]:
                    others += points[i] * c
            if others == when_total:
                return [(i, c) for i, c in counted if ignore[i]], rule
        return counted, None

    def _counted(self, found: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """The fired rows still counted after the groups, replacements and reductions."""
        plain = self.plain
        for i, _ in found:
            if not plain[i]:
                return self._resolved(found)
        return found

    def _resolved(self, found: list[tuple[int, int]]) -> list[tuple[int, int]]:
        """Keep the highest row of each group (the first on a tie); then, from the highest value
        down, each row still counted drops the rows it replaces and cuts the counts it reduces."""
        points, groups = self.points, self.groups
        best_value = [0] * self.ngroups
        best_number = [-1] * self.ngroups
        for number, (i, c) in enumerate(found):
            group = groups[i]
            if group >= 0 and (best_number[group] < 0 or points[i] * c > best_value[group]):
                best_value[group] = points[i] * c
                best_number[group] = number
        kept = [(i, c) for number, (i, c) in enumerate(found) if groups[i] < 0 or best_number[groups[i]] == number]
        dropped = [False] * len(points)
        cut = [0] * len(points)
        for i, _ in sorted(kept, key=lambda item: -points[item[0]] * item[1]):
            if not dropped[i]:
                for other in self.replaces[i]:
                    dropped[other] = True
                for other, by in self.reduces[i]:
                    cut[other] += by
        return [(i, c - cut[i]) for i, c in kept if not dropped[i] and c - cut[i] > 0]
