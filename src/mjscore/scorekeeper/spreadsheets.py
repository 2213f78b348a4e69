"""What the scorekeeper's CSV files (a table, the standings, a tournament, the ratings) write so that a
spreadsheet shows every cell as the text it is."""

from __future__ import annotations


def spreadsheet_safe(cell: object) -> object:
    """A CSV cell a spreadsheet shows as text: text starting with ``=``, ``+``, ``-``, ``@``, a tab
    or a carriage return gets a leading ``'`` (numbers are left alone)."""
    if isinstance(cell, str) and cell[:1] in ("=", "+", "-", "@", "\t", "\r"):
        return "'" + cell
    return cell
