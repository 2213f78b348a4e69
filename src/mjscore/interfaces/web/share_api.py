"""Sharing a scored hand: a link that carries the hand, and its QR code.

A share link is the page ``/hand`` with the hand in its query: ``tiles``, the notation box's line
(:mod:`mjscore.interfaces.web.notation`), and each field of the hand record that is not its default::

    /hand?tiles=123456m%2078999p%2067s%20[CCC]%20%2B8s&ruleset=lrc&seat=S&win=discard&discarder=W

Opening it shows the hand scored (static/hand.js). ``POST /api/share`` makes the link of a hand
record, with its QR code as an SVG drawn by ``segno``; ``GET /api/share?query=...`` reads a link's
query back into the hand record. Nothing is stored: the link is the hand.
"""

from __future__ import annotations

from typing import Any
from urllib.parse import parse_qsl, quote, urlencode

import segno
from fastapi import APIRouter, Query, Request
from pydantic import BaseModel, ConfigDict, Field, ValidationError

from mjscore.errors import HandError, NotationError, Refusal, quoted
from mjscore.hand import Hand
from mjscore.interfaces.web.answers import Answer
from mjscore.interfaces.web.errors import BODY_ERRORS
from mjscore.interfaces.web.notation import HandTiles, parse_hand_tiles
from mjscore.reading import one_line
from mjscore.record import HandRecord

router = APIRouter(prefix="/api", tags=["scoring"])

#: The page a share link opens.
PAGE = "/hand"
#: The hand record fields a link writes as one ``tiles`` line.
TILE_FIELDS = frozenset({"concealed", "melds", "flowers", "win_tile"})


class ShareRequest(BaseModel):
    """A hand to share."""

    model_config = ConfigDict(extra="forbid", strict=True)
    hand: HandRecord


class ShareAnswer(Answer):
    """A hand's share link and QR code."""

    hand: HandRecord = Field(description="The hand record the link carries.")
    path: str = Field(description="The link on this server, e.g. /hand?tiles=...&seat=S")
    url: str = Field(description="The whole link, with this server's address as the request named it.")
    qr: str = Field(description="The link's QR code: an SVG image as a data: URL, ready for an <img>.")


def link_query(record: HandRecord) -> str:
    """The query of ``record``'s share link: its tiles as one line, its ruleset and win, then its
    other fields that are not their default (true as ``1``)."""
    hand = Hand.from_record(record)
    line = HandTiles(hand.concealed, hand.melds, hand.flowers, hand.win_tile).notation()
    fields = record.model_dump(exclude_defaults=True, exclude=set(TILE_FIELDS))
    fields.update(ruleset=record.ruleset, win=record.win)  # said even when the default, which may change
    text = {name: "1" if value is True else str(value) for name, value in fields.items()}
    return urlencode({"tiles": line, **text}, quote_via=quote, safe="[]")


def record_of_query(query: str) -> HandRecord:
    """The hand record of a share link's query; :class:`HandError` naming what is wrong with it."""
    pairs = parse_qsl(query.removeprefix("?"), keep_blank_values=True)
    names = [name for name, _ in pairs]
    fields: dict[str, Any] = {}
    for name, value in pairs:
        if names.count(name) > 1:
            raise HandError(Refusal("link_field_twice", field=quoted(name), count=names.count(name)))
        if name in TILE_FIELDS or (name != "tiles" and name not in HandRecord.model_fields):
            raise HandError(Refusal("link_unknown_field", field=quoted(name)))
        fields[name] = value
    if "tiles" not in fields:
        raise HandError(Refusal("link_no_tiles"))
    try:
        tiles = parse_hand_tiles(fields.pop("tiles")).to_record()
    except NotationError as error:
        raise HandError(Refusal("link_tiles", cause=error)) from None
    try:
        return HandRecord.model_validate({**tiles, **fields}, strict=False)
    except ValidationError as error:
        raise HandError(f"link: {one_line(error)}") from None


def share_answer(record: HandRecord, request: Request) -> ShareAnswer:
    """The link of ``record`` on this server (its address as ``request`` named it: the one a phone at
    the table reached it by), the QR code of that link, and the record as the link reads back."""
    path = f"{PAGE}?{link_query(record)}"
    url = str(request.base_url).rstrip("/") + path
    qr = segno.make(url, error="m").svg_data_uri(scale=4, border=4, title="QR code of the link to this hand")
    return ShareAnswer(hand=record_of_query(link_query(record)), path=path, url=url, qr=qr)


@router.post("/share", response_model=ShareAnswer, responses=BODY_ERRORS)
def share(request: ShareRequest, http: Request) -> ShareAnswer:
    """The share link of a hand, and its QR code."""
    return share_answer(request.hand, http)


@router.get("/share", response_model=ShareAnswer)
def read_link(http: Request, query: str = Query(max_length=1000, description=(
        "The query of a share link: what follows '?' in /hand?..."))) -> ShareAnswer:
    """The hand a share link carries (and the link again, as this server writes it)."""
    return share_answer(record_of_query(query), http)
