"""An award of a scored hand (:class:`Award`), whose detail (the tiles behind it) may be worked out
only when it is read.

It lives apart from the engine so that the mypyc build, which compiles the engine, leaves it
interpreted: its ``detail`` is a descriptor set on the class after the dataclass is made, which a
compiled (native) class cannot have. Both builds and both cores make the same awards.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final, Protocol

from mjscore.native import NATIVE
from mjscore.scoring.ruleset import Names


class DetailSource(Protocol):
    """Where a scored hand's awards find their details when one is first read (:class:`_Details`)."""

    def detail(self, index: int) -> str: ...


class _Detail:
    """:attr:`Award.detail`: the string given, or worked out on first read from the award's
    :class:`DetailSource` (the tiles behind an award are asked of its pattern only when a detail,
    the sheet or ``to_dict`` reads them), then kept. A data descriptor over the award's ``_detail``
    slot, so that the dataclass's equality, hash, repr and ``replace`` read it as a field."""

    def __get__(self, award: Award | None, owner: type | None = None) -> Any:
        if award is None:
            return self
        found = award._detail
        if found is None:
            assert award._source is not None
            found = award._source.detail(award._index)
            object.__setattr__(award, "_detail", found)
            object.__setattr__(award, "_source", None)
        return found

    def __set__(self, award: Award, value: str) -> None:
        object.__setattr__(award, "_detail", value)


@dataclass(frozen=True, init=False)
class Award:
    """One award in a scored hand: ``points`` each, ``count`` times (flowers, wind pungs...).
    ``detail`` (the tiles that earn it) may be worked out only when first read (:meth:`lazy`)."""

    __slots__ = ("id", "name", "points", "count", "group", "help", "source", "_detail", "_source", "_index")

    id: str
    name: Names
    points: int
    count: int
    group: str | None
    detail: str  # read through _Detail, set on the class below
    help: Names
    source: str
    if TYPE_CHECKING:  # the slots behind ``detail``, not fields
        _detail: str | None
        _source: DetailSource | None
        _index: int

    def __init__(self, id: str, name: Names, points: int, count: int, group: str | None, detail: str,
                 help: Names, source: str) -> None:
        object.__setattr__(self, "id", id)
        object.__setattr__(self, "name", name)
        object.__setattr__(self, "points", points)
        object.__setattr__(self, "count", count)
        object.__setattr__(self, "group", group)
        object.__setattr__(self, "_detail", detail)
        object.__setattr__(self, "_source", None)
        object.__setattr__(self, "_index", 0)
        object.__setattr__(self, "help", help)
        object.__setattr__(self, "source", source)

    @classmethod
    def lazy(cls, id: str, name: Names, points: int, count: int, group: str | None, source_of_detail: DetailSource,
             index: int, help: Names, source: str) -> Award:
        """An award whose detail ``source_of_detail.detail(index)`` gives when it is first read."""
        if _MAKE is not None:  # the native core sets the slots at once
            return _MAKE(cls, _LAZY_AWARD, (id, name, points, count, group, None, source_of_detail, index, help,  # type: ignore[no-any-return]
                                            source))
        award = cls.__new__(cls)
        object.__setattr__(award, "id", id)
        object.__setattr__(award, "name", name)
        object.__setattr__(award, "points", points)
        object.__setattr__(award, "count", count)
        object.__setattr__(award, "group", group)
        object.__setattr__(award, "_detail", None)
        object.__setattr__(award, "_source", source_of_detail)
        object.__setattr__(award, "_index", index)
        object.__setattr__(award, "help", help)
        object.__setattr__(award, "source", source)
        return award

    def __reduce__(self) -> tuple[type[Award], tuple[object, ...]]:
        """Pickled with its detail worked out (a detail's source is the scoring's, not data)."""
        return Award, (self.id, self.name, self.points, self.count, self.group, self.detail, self.help, self.source)

    @property
    def value(self) -> int:
        return self.points * self.count

    def reason(self, lang: str = "en") -> str:
        """One line on why the hand earns it: the tiles that earn it, else the award's help text."""
        return self.detail or self.help.get(lang)

    def to_dict(self, lang: str = "en") -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name.get(lang),
            "names": self.name.to_dict(),
            "points": self.points,
            "count": self.count,
            "value": self.value,
            "group": self.group,
            "reason": self.reason(lang),
            "help": self.help.get(lang),
            "source": self.source,
        }


#: What :meth:`Award.lazy` sets, in order.
_LAZY_AWARD: Final = ("id", "name", "points", "count", "group", "_detail", "_source", "_index", "help", "source")
#: The native core's maker of a slotted object without its __init__ (:func:`mjscore._native.make`), or None.
_MAKE: Final = NATIVE.make if NATIVE is not None else None

setattr(Award, "detail", _Detail())  # noqa: B010 (after the dataclass has read ``detail`` as a plain field)
