"""The hand record's schema: the pydantic models of the JSON record every interface reads.

:class:`HandRecord` is the one source of the record's fields. The HTTP API reads its request bodies
with it, FastAPI publishes it in the OpenAPI schema, and :meth:`mjscore.hand.Hand.from_dict` uses it
to read a record and to word the refusal of one it cannot take. Two files are generated from it by
``tools/generate_record_schema.py``, and ``tests/test_hand_format.py`` says when either is stale:

- ``docs/hand-record.schema.json``, the JSON Schema published for other programs;
- :mod:`mjscore.record_schema`, the same schema as a Python value. ``Hand.from_dict`` checks a record
  against it first (:func:`mjscore.schema.conforming`) and builds these models only for a record
  that schema cannot settle, or refuses. A command that scores a well-formed record therefore never
  imports pydantic (issue 13: start-up).
"""

from __future__ import annotations

from typing import Annotated, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from mjscore.tiles import TABLE_TILES

#: The most tiles every player's declared sets can hold: four players, five kongs each.
MOST_DECLARED_TILES = 80

#: The longest dealer streak accepted: far beyond any evening (the die on the wall shows 1 to 6).
LONGEST_STREAK = 99

Seat = Literal["E", "S", "W", "N"]

#: A field of tiles: notation (``"123m 456p"``) or a list of tile codes (``["1m", "2m"]``). The bounds
#: are far above any hand (a 16-tile hand is under 100 characters) and keep hostile input cheap.
TileField = Annotated[str, Field(max_length=200)] | Annotated[list[Annotated[str, Field(max_length=8)]], Field(max_length=40)]

# The models are built at import, not on first use (defer_build): FastAPI's OpenAPI schema of the
# web app cannot be generated from a deferred HandRecord. A list field's default is written as a
# value (pydantic copies it for each record) so that the JSON Schema states it.


class MeldRecord(BaseModel):
    """A declared set: exposed, unless it is a concealed kong."""

    model_config = ConfigDict(extra="forbid", strict=True)
    kind: Literal["chow", "pung", "kong"]
    tiles: TileField = Field(description="The meld's tiles, e.g. '789m' or ['C','C','C'].")
    concealed: bool = Field(False, description="A concealed kong (only kongs can be concealed).")
    added: bool = Field(False, description="A kong promoted from an exposed pung.")


class HandRecord(BaseModel):
    """One winning hand and the context of the win, as JSON."""

    model_config = ConfigDict(extra="forbid", strict=True, title="mjscore hand record")
    ruleset: str = Field("lrc", max_length=40, description="The ruleset id: lrc, hefen, fourwinds, mcr, riichi or taiwan.")
    seat: Seat = Field("E", description="The winner's seat wind. East is always the dealer.")
    round: Seat = Field("E", description="The prevailing (round) wind.")
    concealed: TileField = Field("", description="The concealed tiles held, without the winning tile.")
    melds: list[MeldRecord] = Field([], max_length=8, description="Declared sets.")
    flowers: TileField = Field([], description="Bonus tiles 1f-8f.")
    win_tile: str | None = Field(None, max_length=8, description=(
        "The winning tile. Required to score; absent for an instant flower win, or to ask for the waits of the held tiles."))
    win: Literal["self_draw", "discard", "robbing_gong", "flowers"] = Field(
        description="Where the winning tile came from.")
    discarder: Seat | None = Field(
        None, description="Who discarded the winning tile (or whose gong was robbed); default: the seat before the winner. "
                          "On an instant flower win: the player who drew the eighth flower, robbed by seven.")
    replacement: Literal[False, "flower", "gong", "double_gong"] = Field(
        False, description="The winning tile was a replacement draw after a flower, a gong, or a gong made by a gong's "
                           "replacement.")
    last_tile: bool = Field(False, description="The winning tile was the last tile of the wall.")
    discards: int | None = Field(None, ge=0, le=TABLE_TILES,
                                 description="Tiles discarded to the table before the winning tile (ruling 7).")
    declared_tiles: int | None = Field(
        None, ge=0, le=MOST_DECLARED_TILES,
        description="Tiles in every player's declared sets, the winner's included; default: the winner's own.")
    dealer_streak: int = Field(0, ge=0, le=LONGEST_STREAK, description=(
        "Consecutive hands the dealer has already won (ruling 10); in taiwan, the times the deal was kept (ruling 35)."))
    ready_declared: bool = Field(False, description="A declared ready hand (Calling / Ding Ding).")
    ready_on: Literal["deal", "first_discard"] | None = Field(None, description=(
        "When the ready hand was declared (ruling 46): on the deal or with the first discard; absent: later."))
    heavenly: bool = Field(False, description="The dealer's dealt hand was complete.")
    earthly: bool = Field(False, description=(
        "A non-dealer won on the dealer's first discard (in taiwan: on the winner's own first draw, ruling 48)."))
    last_of_kind: bool = Field(False, description="The winning tile is the last of its kind (three already visible; MCR).")
    ippatsu: bool = Field(False, description=(
        "Won within one go-around of the ready declaration, no call by anyone in between (riichi's ippatsu)."))
    dora_indicators: TileField = Field([], description=(
        "The dora indicators shown at the win (riichi): each names the next tile of its kind as a dora."))
    ura_dora_indicators: TileField = Field([], description=(
        "The indicators under them, turned for a hand won after a ready declaration (riichi's ura dora)."))
    red_fives: TileField = Field([], description=(
        "The red fives among the hand's tiles (5m, 5p, 5s; each a five the hand holds)."))

    @field_validator("replacement", mode="before")
    @classmethod
    def _no_number_for_false(cls, value: Any) -> Any:
        """``Literal[False]`` alone would take 0 (``0 == False``): the schema says false or a string."""
        if not isinstance(value, bool | str):
            raise ValueError('Input should be false, "flower", "gong" or "double_gong"')
        return value
