"""A table as it stands, as every reader gets it: the value the service answers with
(:mod:`~mjscore.scorekeeper.service`) and the standings, statistics and exports read."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cached_property
from typing import Any

from mjscore.errors import Refusal, RulesetError, TableError
from mjscore.scorekeeper.flow import Deal, seat_of
from mjscore.scorekeeper.ledger import Ledger
from mjscore.scorekeeper.model import TableFacts, TableSettings
from mjscore.scoring.ruleset import Ruleset


@dataclass(frozen=True)
class TableView:
    """A table as it stands: its settings, ruleset, version, the history summed from what was
    settled, the hash of its last change (``head``), when and by whom it was opened, and ``replayed``: the change asked for had
    already been recorded (same request id), so nothing was recorded this time."""

    id: int
    version: int
    settings: TableSettings
    facts: TableFacts
    ledger: Ledger
    head: str = ""
    created_at: str = ""
    created_by: str = ""
    replayed: bool = False
    #: Where an imported table came from, as signed with its head (None: opened here).
    origin: Mapping[str, Any] | None = None

    @cached_property
    def rules(self) -> Ruleset:
        """The table's ruleset with its house rules, resolved when a change first needs it (reading
        needs only :attr:`facts`): a ruleset that no longer loads, or house rules it no longer takes,
        refuse a change in one line, and the table still shows, logs and exports."""
        try:
            return self.settings.rules()
        except RulesetError as error:
            raise TableError(Refusal("rules_unusable", table=self.id, cause=error)) from None

    @property
    def deal(self) -> Deal:
        return self.ledger.deal

    def seat(self, player: int) -> str:
        """The player's seat wind in the coming hand."""
        return seat_of(player, self.deal.dealer)
