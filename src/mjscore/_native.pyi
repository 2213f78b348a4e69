"""Types of mjscore's native core (src/mjscore/_native.c): the wait set and the arrangement search."""

from collections.abc import Callable
from typing import Any

SHAPES: tuple[str, ...]

def setup(hand_tiles: tuple[Any, ...], shape_names: tuple[str, ...], roles: tuple[Any, ...],
          concealed_sets: list[Any], claimed_sets: list[Any], concealed_group: Callable[[Any], Any],
          claimed_group: Callable[[Any], Any], arrangement_type: type, /) -> None: ...
def waits(concealed: tuple[Any, ...], melds: tuple[Any, ...], plan: bytes, /) -> Any: ...
def arrangements(concealed: tuple[Any, ...], win: int, declared: tuple[Any, ...], claimed: bool, plan: bytes,
                 /) -> Any: ...
def make(cls: type, names: tuple[str, ...], values: tuple[Any, ...], /) -> Any: ...
def evaluate(program: tuple[Any, ...], concealed: tuple[Any, ...], win: int, counts: tuple[int, ...], melds: bytes,
             declared: tuple[Any, ...], claimed: bool, plan: bytes, hand_values: list[int], values: list[int],
             rows: tuple[Any, ...], consolations: tuple[Any, ...], waits: tuple[Any, ...], /) -> Any: ...
