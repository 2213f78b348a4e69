"""What an importer makes of a game record: one hand record per win, with what the record said of it.

Shared by the importers of Botzone's logs (:mod:`mjscore.interfaces.importers.botzone`) and of
Mahjongsoft's game records (:mod:`mjscore.interfaces.importers.mahjongsoft`): ``mjscore import`` writes
each win as the line :meth:`ImportedWin.to_json` makes, which ``mjscore batch`` scores and ``mjscore
stats --compare-recorded`` holds to what the record said (:mod:`mjscore.interfaces.importers.recorded`).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from mjscore.hand import Meld, MeldKind
from mjscore.tiles import Tile

#: Names other calculators give some of the table's fans: 嵌张 is Botzone's data set's name of Closed Wait
#: (坎张; tests/data/botzone/sample.txt), newer Botzone versions write the three one-tile waits 独听・...,
#: and PMN's fan list writes Single Wait 单调将 (the table's 单钓将). The 5-fan melded and concealed kong
#: (Botzone's 明暗杠, PMN's 一明一暗杠) has no alias: mjscore scores it as Two Melded Kongs and Concealed
#: Kong (docs/rulesets/mcr.md), so it differs.
FAN_ALIASES = {"嵌张": "坎张", "独听・单钓": "单钓将", "独听・嵌张": "坎张", "独听・边张": "边张", "单调将": "单钓将"}


@dataclass(frozen=True, slots=True)
class ImportedWin:
    """One win of a record: the winner's hand record, what the record said of it (its total, its fans as
    ``name*count`` joined by ``+``, and each player's score in seat order E, S, W, N), and where it was."""

    match: str
    line: int
    record: dict[str, Any]
    total: int
    fans: str
    scores: tuple[int, int, int, int]

    def to_json(self) -> dict[str, Any]:
        """The line ``mjscore import`` writes: the hand record, ``recorded`` and ``match``."""
        recorded = {"total": self.total, "fans": self.fans, "scores": list(self.scores)}
        return {**self.record, "recorded": recorded, "match": self.match}


@dataclass(frozen=True, slots=True)
class ImportedLog:
    """Every win of a record, in order, and how many rounds (deals) it held; a drawn one has no win."""

    wins: tuple[ImportedWin, ...]
    rounds: int
    drawn: int


@dataclass(slots=True)
class ReplayedMeld:
    """A meld as a game's replay builds it: a pung becomes a kong when its fourth tile is added."""

    kind: MeldKind
    tiles: list[Tile]
    concealed: bool = False
    added: bool = False

    def to_json(self) -> dict[str, Any]:
        return Meld(self.kind, tuple(self.tiles), self.concealed, self.added).to_dict()
