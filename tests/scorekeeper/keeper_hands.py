"""LRC hand records the scorekeeper tests play, with their value worked out from seed 000.

PLAIN: 123m 345m 567p 678s CCC(exposed pung) 99p, won on 8s (a two-sided 5s/8s wait, no wait award).
    No Flowers 1 + Pong of Dragons 2 + Base Point 5 = 8 points; + East Seat / Dealer Tile 1 when East
    wins or gives the winning tile; + Self Draw from Wall 1 when self-drawn; + dealer streak 2n + 1 when
    the dealer wins after n wins in a row (ruling 10).
GONG: PLAIN with a concealed gong of 1s instead of 345m: Concealed Gong 2 more = 10 points; it implies
    the table payment Concealed Gong collection, 5 from each other player (ruling 5).
FLOWERS: PLAIN with the flowers 1f 2f 3f 4f: No Flowers (1) goes, Flower x4 = 4 and Flower of player
    seat 1 (one of the four matches any seat) come: 12 points; it implies the table payment Full set of
    Flowers, 10 from each other player.
"""

from __future__ import annotations

from typing import Any

PLAIN: dict[str, Any] = {"concealed": "123m 345m 567p 67s 99p", "melds": [{"kind": "pung", "tiles": "CCC"}],
                         "win_tile": "8s", "win": "discard"}
GONG: dict[str, Any] = {"concealed": "123m 567p 67s 99p", "win_tile": "8s", "win": "discard",
                        "melds": [{"kind": "pung", "tiles": "CCC"}, {"kind": "kong", "tiles": "1111s", "concealed": True}]}
FLOWERS: dict[str, Any] = {**PLAIN, "flowers": ["1f", "2f", "3f", "4f"]}


def self_drawn(record: dict[str, Any]) -> dict[str, Any]:
    return {**record, "win": "self_draw"}
