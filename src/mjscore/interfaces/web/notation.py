"""The one-line notation of a hand's tiles that the web app's notation box shows and reads.

It puts every tile field of a hand record on one line, so the tile picker and the box can mirror
each other::

    123m 456m 789p 67s 99p [CCC] [kong 1111s concealed] 2f 6f +8s

- tiles outside brackets are the concealed tiles; bonus tiles (``1f``-``8f``) among them are the
  flowers, since a bonus tile is never held in the hand;
- ``[...]`` is a declared set: its kind (``chow``, ``pung``, ``kong``) may be written first and is
  otherwise read from the tiles (three alike: pung, four alike: kong, else chow); ``concealed`` or
  ``added`` after the tiles marks a concealed kong or a kong added to an exposed pung;
- ``+`` is followed by the winning tile.

Tiles are read with :func:`mjscore.tiles.parse_tiles` on a copy of the text in which everything
else is blanked out, so an error's position is its position in the whole line.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Any

from mjscore.errors import HandError, NotationError, Refusal, quoted
from mjscore.hand import Meld, MeldKind
from mjscore.tiles import Tile, format_tiles, parse_tiles

_FLAGS = ("concealed", "added")
_KINDS = {kind.value: kind for kind in MeldKind}
_WORD = re.compile(r"[a-z]{3,}")


@dataclass(frozen=True, slots=True)
class HandTiles:
    """The tile fields of a hand record, as read from the notation box."""

    concealed: tuple[Tile, ...]
    melds: tuple[Meld, ...]
    flowers: tuple[Tile, ...]
    win_tile: Tile | None

    def to_record(self) -> dict[str, Any]:
        """The hand record fields these tiles fill (``concealed``, ``melds``, ``flowers``, ``win_tile``)."""
        return {
            "concealed": format_tiles(self.concealed),
            "melds": [{"kind": m.kind.value, "tiles": format_tiles(m.tiles), "concealed": m.concealed,
                       "added": m.added} for m in self.melds],
            "flowers": [t.code for t in self.flowers],
            "win_tile": self.win_tile.code if self.win_tile else None,
        }

    def notation(self) -> str:
        """The tiles as the notation box writes them (what :func:`parse_hand_tiles` reads back)."""
        sets = [f"[{format_tiles(m.tiles)}{' concealed' if m.concealed else ' added' if m.added else ''}]"
                for m in self.melds]
        parts = [format_tiles(self.concealed), *sets, format_tiles(self.flowers),
                 f"+{self.win_tile.code}" if self.win_tile else ""]
        return " ".join(part for part in parts if part)


def parse_hand_tiles(text: str) -> HandTiles:
    """Read the notation box; raise :class:`NotationError` (a ``MjscoreError``) naming the problem
    and its span in ``text``."""
    brackets = _bracket_spans(text)
    outside = _keep(text, [(0, len(text))], blank=brackets)
    plus = [i for i, char in enumerate(outside) if char == "+"]
    if len(plus) > 1:
        raise NotationError(Refusal("second_plus", position=plus[1] + 1), text, plus[1])
    win_tile: Tile | None = None
    if plus:
        win_text = " " * (plus[0] + 1) + outside[plus[0] + 1:]
        found = parse_tiles(win_text)
        if len(found) != 1:
            raise NotationError(Refusal("plus_not_one_tile", position=plus[0] + 1, count=len(found)), text, plus[0], len(text))
        win_tile = found[0]
        outside = outside[:plus[0]]
    held = parse_tiles(outside)
    melds = tuple(_meld(text, start, end) for start, end in brackets)
    return HandTiles(
        concealed=tuple(t for t in held if not t.is_bonus),
        melds=melds,
        flowers=tuple(t for t in held if t.is_bonus),
        win_tile=win_tile,
    )


def _bracket_spans(text: str) -> list[tuple[int, int]]:
    """The (start, end) of each ``[...]``, brackets included."""
    spans: list[tuple[int, int]] = []
    opened: int | None = None
    for pos, char in enumerate(text):
        if char == "[":
            if opened is not None:
                raise NotationError(Refusal("set_inside_set", position=pos + 1), text, pos)
            opened = pos
        elif char == "]":
            if opened is None:
                raise NotationError(Refusal("closes_no_set", position=pos + 1), text, pos)
            spans.append((opened, pos + 1))
            opened = None
    if opened is not None:
        raise NotationError(Refusal("set_never_closed", position=opened + 1), text, opened, len(text))
    return spans


def _keep(text: str, keep: list[tuple[int, int]], blank: list[tuple[int, int]]) -> str:
    """``text`` with every character outside ``keep`` or inside ``blank`` replaced by a space."""
    chars = [" "] * len(text)
    for start, end in keep:
        chars[start:end] = text[start:end]
    for start, end in blank:
        chars[start:end] = " " * (end - start)
    return "".join(chars)


def _meld(text: str, start: int, end: int) -> Meld:
    """The declared set written in ``text[start:end]`` (brackets included)."""
    inner_start = start + 1
    words = [(m.group(), m.start() + inner_start, m.end() + inner_start)
             for m in _WORD.finditer(text[inner_start:end - 1])]
    kind: MeldKind | None = None
    flags: set[str] = set()
    for word, word_start, word_end in words:
        if word in _FLAGS:
            flags.add(word)
        elif word in _KINDS and kind is None:
            kind = _KINDS[word]
        else:
            raise NotationError(Refusal("not_a_set_word", word=quoted(word), position=word_start + 1), text, word_start, word_end)
    tile_text = _keep(text, [(inner_start, end - 1)], blank=[(s, e) for _, s, e in words])
    tiles = parse_tiles(tile_text)
    if not tiles:
        raise NotationError(Refusal("empty_set", position=start + 1), text, start, end)
    try:
        return Meld(kind or _kind_of(tiles), tiles, concealed="concealed" in flags, added="added" in flags)
    except HandError as error:
        raise NotationError(Refusal("set_problem", cause=error, position=start + 1), text, start, end) from None


def _kind_of(tiles: tuple[Tile, ...]) -> MeldKind:
    """The kind a bracketed set is read as when it does not say: four alike a kong, three alike a pung."""
    if len(set(tiles)) == 1:
        return MeldKind.KONG if len(tiles) == 4 else MeldKind.PUNG
    return MeldKind.CHOW
