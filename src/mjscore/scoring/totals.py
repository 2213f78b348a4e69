"""An arrangement's total from the rows it fired, as generated straight-line code.

The compiled evaluator (:mod:`mjscore.scoring.compiled`) finds, for each arrangement, the count of
every row (``r0``, ``r1``, ...: 0 where the row finds nothing). A :class:`Totaller` writes the code
that turns them into the arrangement's total by the engine's own rules (``engine._resolve`` and
``engine._console``): the highest row of each exclusive group (the first on a tie), then, from the
highest value down, each row still counted drops the rows it replaces and cuts the counts it
reduces, then the consolation award (Chicken Hand), then the base. The code is made from the
table's structure (which rows share a group, replace or reduce which); the values it reads (the
rows' points, the base, a consolation's total and points) are :attr:`Totaller.values`, passed in,
so that a table whose values change runs the same code. It also writes the listing of an
arrangement's fired and counted rows from the same resolved counts, which the evaluator runs for
its best arrangement (:meth:`Totaller.listed`). The engine's Award path and this one must
agree; ``tests/test_compiled.py`` and ``tests/test_totals_generated.py`` hold them to it.

"From the highest value down" is an order known only at run time, but it only matters between a
row and the rows that replace it: a row is *active* (drops and cuts others) when it is counted
after the groups and no active row that replaces it comes before it (a higher value, or the same
value and an earlier row). The code decides that row by row with the replacing rows first; rows
that replace one another in a cycle are decided by repeating their decisions once per row of the
cycle (after the n-th pass the first n of them in value order are decided, whatever the guesses).
"""

from __future__ import annotations

from collections.abc import Sequence

from mjscore.scoring.ruleset import AwardRule, Ruleset


class Totaller:
    """The totalling code of one ruleset's rows (``rows``: the evaluator's, in its order)."""

    def __init__(self, rules: Ruleset, rows: Sequence[AwardRule], flower_win: bool) -> None:
        position = {rule.id: index for index, rule in enumerate(rows)}
        self.size = len(rows)
        members: dict[str, list[int]] = {}
        for index, rule in enumerate(rows):
            if rule.group is not None:
                members.setdefault(rule.group, []).append(index)
        #: The exclusive groups of two rows or more (a group of one decides nothing), by their rows.
        self.groups: list[list[int]] = [rows for _, rows in sorted(members.items()) if len(rows) > 1]
        self.replaces: list[list[int]] = [[position[i] for i in rule.replaces if i in position] for rule in rows]
        self.reduces: list[list[tuple[int, int]]] = [
            [(position[i], by) for i, by in rule.reduces.items() if i in position] for rule in rows]
        #: The consolation rows (none on an instant flower win), and the rows each keeps beside it.
        self.consolations: tuple[AwardRule, ...] = () if flower_win else tuple(
            rule for rule in rules.awards if rule.consolation is not None and rule.enabled)
        self.ignores: list[list[int]] = [
            [index for index, row in enumerate(rows) if rule.consolation is not None and row.id in rule.consolation.ignore]
            for rule in self.consolations]
        #: What the code reads as ``values``: each row's points, the base, then each consolation's
        #: pre-base total it replaces and its points.
        self.values: list[int] = [rule.points for rule in rows] + [rules.base]
        for rule in self.consolations:
            assert rule.consolation is not None
            self.values += [rule.consolation.when_total, rule.points]

    # ----- the names the code gives a row's count at each step

    def _grouped(self) -> set[int]:
        return {row for group in self.groups for row in group}

    def _targets(self) -> set[int]:
        return {other for i in range(self.size) for other in self.replaces[i]} | {
            other for i in range(self.size) for other, _ in self.reduces[i]}

    def _kept(self, row: int) -> str:
        """The row's count after the groups."""
        return f"g{row}" if row in self._grouped() else f"r{row}"

    def final(self, row: int) -> str:
        """The name of the row's count once resolved (0 or less: not counted)."""
        return f"k{row}" if row in self._targets() else self._kept(row)

    # ----- the code

    def resolution(self) -> list[str]:
        """Statements that, from the row counts ``r0``, ``r1``, ... and ``values``, set each row's
        :meth:`final` count, ``consoled`` (the consolation applied, -1 for none) and ``total``
        (the base included)."""
        lines = self._resolved()
        lines.append("total = 0")
        for row in range(self.size):
            lines += [f"if {self.final(row)} > 0:", f"    total += values[{row}] * {self.final(row)}"]
        # the consolation: it replaces a total (without the base) of exactly its values[when]
        lines.append("consoled = -1")
        for number, ignore in enumerate(self.ignores):
            when = self.size + 1 + 2 * number
            lines.append("kept = 0")
            for row in ignore:
                lines += [f"if {self.final(row)} > 0:", f"    kept += values[{row}] * {self.final(row)}"]
            lines += [f"if consoled < 0 and total - kept == values[{when}]:", f"    consoled = {number}",
                      f"    total = kept + values[{when + 1}]"]
        lines.append(f"total += values[{self.size}]")
        return lines

    def _resolved(self) -> list[str]:
        """Statements that set each row's :meth:`final` count from the counts ``r0``, ``r1``, ...:
        the groups, then the replacements and reductions."""
        lines: list[str] = []
        for group in self.groups:
            first = group[0]
            lines += [f"gb = {first} if r{first} else -1", f"gv = values[{first}] * r{first}"]
            for row in group[1:]:
                lines += [f"if r{row} and (gb < 0 or values[{row}] * r{row} > gv):",
                          f"    gb = {row}", f"    gv = values[{row}] * r{row}"]
            lines += [f"g{row} = r{row} if gb == {row} else 0" for row in group]
        actors = [i for i in range(self.size) if self.replaces[i] or self.reduces[i]]
        replacers = {i: [k for k in actors if i in self.replaces[k] and k != i] for i in actors}
        compared = {i for i in actors if replacers[i]} | {k for i in actors for k in replacers[i]}
        lines += [f"v{i} = values[{i}] * {self._kept(i)}" for i in sorted(compared)]
        for component in _components(actors, replacers):
            if len(component) > 1:
                lines += [f"a{i} = False" for i in component]
            for _ in range(len(component)):
                for i in component:
                    before = [f"(a{k} and v{k} {'>=' if k < i else '>'} v{i})" for k in replacers[i]]
                    test = f" and not ({' or '.join(before)})" if before else ""
                    lines.append(f"a{i} = {self._kept(i)} != 0{test}")
        for row in sorted(self._targets()):
            dropping = [f"a{k}" for k in actors if row in self.replaces[k]]
            cutting = [(k, by) for k in actors for other, by in self.reduces[k] if other == row]
            lines.append(f"k{row} = {self._kept(row)}")
            if dropping:
                lines += [f"if k{row} and ({' or '.join(dropping)}):", f"    k{row} = 0"]
            if cutting:
                lines += [f"if k{row}:", *(f"    if a{k}:\n        k{row} -= {by}" for k, by in cutting),
                          f"    if k{row} < 0:", f"        k{row} = 0"]
        return [line for text in lines for line in text.splitlines()]

    def listed(self, fired: str, counted: str) -> list[str]:
        """Statements that, after :meth:`resolution`, list the arrangement's rows: ``fired``, the
        rows it fired (index, count), and ``counted``, the rows counted with their counts (the
        ``rows[i]`` of ``rows``, the consolation's of ``consolations``), both in table order, the
        consolation row last: the order of the awards the engine makes from them, and what the
        score's total, payments and minimum are made of. The compiled evaluator lists its best
        arrangement's rows so, where the resolved counts are still its locals."""
        lines = [f"{fired} = []", f"{counted} = []"]
        for row in range(self.size):
            final = self.final(row)
            lines += [f"if r{row}:", f"    {fired}.append(({row}, r{row}))",
                      f"    if {final} > 0:", f"        {counted}.append((rows[{row}], {final}))"]
        for number, ignore in enumerate(self.ignores):
            lines += [f"if consoled == {number}:", f"    {counted} = []"]
            for row in ignore:
                lines += [f"    if {self.final(row)} > 0:", f"        {counted}.append((rows[{row}], {self.final(row)}))"]
            lines.append(f"    {counted}.append((consolations[{number}], 1))")
        return lines


def _components(nodes: list[int], before: dict[int, list[int]]) -> list[list[int]]:
    """The strongly connected components of the graph whose edges go from each of ``before[n]``
    to ``n``, each in ``nodes`` order, a component after every component with an edge into it
    (Tarjan's algorithm)."""
    index: dict[int, int] = {}
    low: dict[int, int] = {}
    stack: list[int] = []
    found: list[list[int]] = []

    def visit(node: int) -> None:
        index[node] = low[node] = len(index)
        stack.append(node)
        for other in before[node]:
            if other not in index:
                visit(other)
                low[node] = min(low[node], low[other])
            elif other in stack:
                low[node] = min(low[node], index[other])
        if low[node] == index[node]:
            component = []
            while True:
                other = stack.pop()
                component.append(other)
                if other == node:
                    break
            found.append(sorted(component, key=nodes.index))

    for node in nodes:
        if node not in index:
            visit(node)
    return found
