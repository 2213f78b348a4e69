"""What an imported line's ``recorded`` key says the log scored, for ``mjscore stats --compare-recorded``.

Apart from :mod:`mjscore.interfaces.importers.botzone` so that replaying a log (``mjscore import``)
loads neither pydantic nor the statistics: only the comparison reads the key back.
"""

from __future__ import annotations

from typing import Any

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mjscore.errors import InputError
from mjscore.interfaces.importers.botzone import parse_breakdown
from mjscore.reading import one_line
from mjscore.scoring.statistics import Recorded


class _RecordedJson(BaseModel):
    """The ``recorded`` key of an imported line, as the importer writes it (``ImportedWin.to_json``)."""

    model_config = ConfigDict(extra="forbid", strict=True)
    total: int = Field(ge=0, le=10_000)
    fans: str = Field(max_length=2000)
    scores: list[int] = Field(min_length=4, max_length=4)


def recorded_of(data: dict[str, Any]) -> Recorded | None:
    """What an imported line's ``recorded`` key says the log scored (None for a line without one)."""
    if "recorded" not in data:
        return None
    try:
        recorded = _RecordedJson.model_validate(data["recorded"])
    except ValidationError as error:
        raise InputError(f"recorded: {one_line(error)}") from None
    return Recorded(recorded.total, parse_breakdown(recorded.fans), tuple(recorded.scores))
