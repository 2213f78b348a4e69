"""Share links (share_api.py): a hand record written as a link and read back is the same record,
for every kind of field; a link that is wrong is answered with one line naming what is wrong."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any
from urllib.parse import parse_qs, urlsplit

import pytest
from fastapi.testclient import TestClient

from mjscore.interfaces.web import create_app
from mjscore.interfaces.web.share_api import link_query, record_of_query
from mjscore.record import HandRecord
from mjscore.scorekeeper import Scorekeeper
from mjscore.tiles import parse_tiles

ROOT = Path(__file__).resolve().parents[1]
PLAIN_WIN = {"seat": "S", "round": "E", "concealed": "123m 456m 789p 67s 99p", "melds": [{"kind": "pung", "tiles": "CCC"}],
             "win_tile": "8s", "win": "discard", "discarder": "W"}
HANDS: list[dict[str, Any]] = [
    PLAIN_WIN,
    json.loads((ROOT / "examples" / "hand.json").read_text(encoding="utf-8")),
    {**PLAIN_WIN, "ruleset": "taiwan", "concealed": "123m 456m 789p 234s 67s 99p", "melds": [], "win": "self_draw",
     "discarder": None, "ready_on": "first_discard", "ready_declared": True, "dealer_streak": 2},
    {**PLAIN_WIN, "melds": [{"kind": "kong", "tiles": "1111s", "concealed": True},
                            {"kind": "kong", "tiles": "EEEE", "added": True}], "concealed": "123m 99p",
     "flowers": ["1f", "5f"], "replacement": "gong", "win": "self_draw", "discarder": None, "last_tile": True,
     "discards": 40, "declared_tiles": 12},
    {"ruleset": "mcr", "seat": "W", "round": "S", "concealed": "19m 19p 19s ESWNPF", "win_tile": "C", "win": "self_draw",
     "last_of_kind": True, "heavenly": False},
]


@pytest.fixture
def client(tmp_path: Path) -> TestClient:
    return TestClient(create_app(Scorekeeper.open(f"sqlite:///{tmp_path / 'tables.sqlite3'}")), base_url="http://localhost")


def tiles(field: str | list[str]) -> list[str]:
    return sorted(t.code for t in parse_tiles(field if isinstance(field, str) else " ".join(field)))


def essence(record: HandRecord) -> dict[str, Any]:
    """The record with its tile fields as sorted tile lists (a link writes them in sort order)."""
    return {**record.model_dump(), "concealed": tiles(record.concealed), "flowers": tiles(record.flowers),
            "melds": [{**m.model_dump(), "tiles": tiles(m.tiles)} for m in record.melds]}


@pytest.mark.parametrize("hand", HANDS)
def test_a_link_carries_the_whole_hand_record(hand: dict[str, Any]) -> None:
    record = HandRecord.model_validate(hand)
    assert essence(record_of_query(link_query(record))) == essence(record)


def test_the_link_is_readable_and_says_only_what_differs(client: TestClient) -> None:
    answer = client.post("/api/share", json={"hand": PLAIN_WIN})
    assert answer.status_code == 200
    shared = answer.json()
    assert shared["path"] == ("/hand?tiles=123456m%2078999p%2067s%20[CCC]%20%2B8s"
                              "&seat=S&win=discard&discarder=W&ruleset=lrc")
    assert shared["url"] == "http://localhost" + shared["path"]
    assert f"`{shared['path']}`" in (ROOT / "README.md").read_text(encoding="utf-8")  # the README's example
    assert shared["qr"].startswith("data:image/svg+xml;")
    back = client.get("/api/share", params={"query": urlsplit(shared["path"]).query}).json()
    assert back == shared
    # the link's hand scores as the record does (8 points: tests/test_web_api.py PLAIN_WIN)
    assert client.post("/api/score", json={"hand": back["hand"]}).json()["total"] == 8
    assert parse_qs(urlsplit(shared["url"]).query)["tiles"] == ["123456m 78999p 67s [CCC] +8s"]


@pytest.mark.parametrize(("query", "message"), [
    ("seat=S&win=discard", "link: it has no 'tiles'"),
    ("tiles=1m&tiles=2m&win=discard", "link: 'tiles' is given 2 times"),
    ("tiles=1m&concealed=2m&win=discard", "link: 'concealed' is not a field of a share link (tiles, or a hand record's "
                                          "context)"),
    ("tiles=123m&seat=X&win=discard", "link: seat: Input should be 'E', 'S', 'W' or 'N'"),
    ("tiles=123m&win=discard&dealer_streak=many", "link: dealer_streak: Input should be a valid integer, unable to parse "
                                                  "string as an integer"),
    ("tiles=123m%20+8x&win=discard", "link: tiles: unknown tile letter 'x' at position 8"),  # '+' is a space
    ("tiles=123m%20%2B8s%20%2B9s&win=discard", "link: tiles: a second '+' at position 10: write one winning tile"),
])
def test_a_wrong_link_is_one_line(client: TestClient, query: str, message: str) -> None:
    answer = client.get("/api/share", params={"query": query})
    assert answer.status_code == 422
    assert answer.json()["message"] == message
