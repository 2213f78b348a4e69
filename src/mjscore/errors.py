"""The exceptions mjscore raises.

Every error a user can cause is a :class:`MjscoreError`, which subclasses :class:`ValueError`, so a
program can catch bad input with ``except ValueError``. The message is one line that names the
problem: which tile, which meld, which field and why.

A refusal that an interface may say in another language is raised with a :class:`Refusal` as its
message: the English line made from the label catalogue's ``error_CODE`` and the parameters, which the
error keeps (:attr:`MjscoreError.code`, :attr:`MjscoreError.params`), so that the web app's pages say
it in their reader's language (the HTTP API answers the code and the parameters with the message).
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any, Protocol, runtime_checkable


@runtime_checkable
class Named(Protocol):
    """A name in every language of the catalogue (a ruleset's award or table payment, its unit)."""

    def get(self, lang: str) -> str: ...

    def to_dict(self) -> dict[str, str]: ...


class Term(str):
    """A word of the label catalogue, by its key (``Term("win_discard")``), said in each language; a
    key the catalogue does not have (a club's own unit) is said as it is written after the last ``_``."""

    __slots__ = ()

    def get(self, lang: str) -> str:
        from mjscore.labels import catalogue  # here: every command imports this module, few say a refusal

        return catalogue()[lang].get(str(self)) or str(self).rsplit("_", 1)[-1]

    def to_dict(self) -> dict[str, str]:
        from mjscore.labels import LANGUAGES

        return {lang: self.get(lang) for lang in LANGUAGES}


class Quoted(str):
    """A text a refusal names as it was written (a name, a code), in the quotation marks of the
    language that says it: ``'Nope'`` in English, ``“Nope”`` in Chinese, ``「Nope」`` in Japanese."""

    __slots__ = ()

    def get(self, lang: str) -> str:
        if lang == "ja":
            return f"「{self}」"
        return f"“{self}”" if lang.startswith("zh") else repr(str(self))

    def to_dict(self) -> dict[str, str]:
        from mjscore.labels import LANGUAGES

        return {lang: self.get(lang) for lang in LANGUAGES}


def quoted(value: object) -> str:
    """``value`` as a refusal names it: a text in each language's quotation marks (:class:`Quoted`),
    anything else as Python writes it (a number given where a name was wanted)."""
    return Quoted(value) if isinstance(value, str) else repr(value)


class Refusal(str):
    """The message of a refusal: the English line of the catalogue's label ``error_<code>`` filled
    from ``params``, which it keeps. A parameter is a number, a text written as it is (a tile code,
    a player's name), a :class:`Named` thing, another refusal or error (the cause of this one), or a
    list of those. ``english`` replaces the English line where it is made elsewhere (a problem
    pydantic names in its own words), the code and parameters still saying the same in other
    languages."""

    code: str
    params: Mapping[str, Any]

    def __new__(cls, code: str, english: str | None = None, /, **params: Any) -> Refusal:
        said = super().__new__(cls, english if english is not None else text_of(code, params, "en"))
        said.code = code
        said.params = params
        return said

    def __reduce__(self) -> tuple[Any, ...]:
        """Pickled as its code, parameters and English line (a batch's worker sends its errors back)."""
        return _refusal, (self.code, str(self), dict(self.params))

    def to_json(self) -> dict[str, Any]:
        """The code and parameters as JSON: numbers and texts as they are, a named thing as its names
        by language, a cause as its own code and parameters (or message, if it has no code)."""
        return {"code": self.code, "params": {name: _json(value) for name, value in self.params.items()}}


def _refusal(code: str, english: str, params: dict[str, Any]) -> Refusal:
    return Refusal(code, english, **params)


def text_of(code: str, params: Mapping[str, Any], lang: str) -> str:
    """The refusal ``code`` with ``params`` in ``lang``: the catalogue's ``error_<code>`` filled in."""
    from mjscore.labels import label

    return label(f"error_{code}", lang, **{name: _said(value, lang) for name, value in params.items()})


def said_in(error: MjscoreError, lang: str = "en") -> str:
    """An error as ``lang`` says it: the catalogue's ``error_CODE`` filled from the parameters its
    :class:`Refusal` keeps; in English, or for an error with no code, its message."""
    said = error.refusal
    if lang == "en" or said is None:
        return str(error)
    return text_of(said.code, said.params, lang)


def _said(value: Any, lang: str) -> str:
    if isinstance(value, Refusal):
        return text_of(value.code, value.params, lang) if lang != "en" else str(value)
    if isinstance(value, MjscoreError):
        return _said(value.args[0], lang) if value.args and isinstance(value.args[0], Refusal) else str(value)
    if isinstance(value, Named):
        return value.get(lang)
    if isinstance(value, Sequence) and not isinstance(value, str):
        from mjscore.labels import label

        return label("list_separator", lang).join(_said(item, lang) for item in value)
    return str(value)


def _json(value: Any) -> Any:
    if isinstance(value, Refusal):
        return value.to_json()
    if isinstance(value, MjscoreError):
        return value.args[0].to_json() if value.args and isinstance(value.args[0], Refusal) else {"message": str(value)}
    if isinstance(value, Named):
        return value.to_dict()
    if isinstance(value, Sequence) and not isinstance(value, str):
        return [_json(item) for item in value]
    return value if isinstance(value, int | float) else str(value)


class MjscoreError(ValueError):
    """Base class of every input error mjscore reports."""

    @property
    def refusal(self) -> Refusal | None:
        """The refusal this error says, with its code and parameters (None: a message in English only)."""
        said = self.args[0] if self.args else None
        return said if isinstance(said, Refusal) else None


class InputError(MjscoreError):
    """Input that cannot be read at all: a missing or oversized file, bytes that are not UTF-8,
    text that is not strict JSON or TOML, nesting or numbers out of bounds (:mod:`mjscore.reading`)."""


class NotationError(MjscoreError):
    """Tile notation that cannot be read.

    ``text`` is the notation and ``start``/``end`` the span of the offending part, so that
    :meth:`annotated` can point at it the way ``packaging`` does::

        123m4x5p
            ~^
    """

    def __init__(self, message: str, text: str = "", start: int = 0, end: int | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.text = text
        self.start = start
        self.end = start + 1 if end is None else end

    def annotated(self) -> str:
        """The message, the notation, and a marker under the offending span."""
        marker = " " * self.start + "~" * max(0, self.end - self.start - 1) + "^"
        return f"{self.message}\n    {self.text}\n    {marker}"


class HandError(MjscoreError):
    """A hand record that is not a possible hand: wrong counts, a bad meld, an impossible context."""


class NotAWinError(MjscoreError):
    """A hand whose winning tile does not complete it under the ruleset's shapes."""


class RulesetError(MjscoreError):
    """An unknown ruleset, or a house-rule override that cannot apply."""


class TableError(MjscoreError):
    """A scorekeeper request that cannot apply to the table: an unknown table or player, a hand that
    is not a legal win at that moment, a correction that would make a later hand impossible."""


class StaleTableError(TableError):
    """The table changed since the client read it (another client recorded first): reload and retry."""


class TooManyRequestsError(TableError):
    """A device reached a limit of the server (the tables it may open in an hour): answered with 429."""


class NoSuchTableError(TableError):
    """A table id that is not in the database (the HTTP API answers 404)."""


class TamperedTableError(TableError):
    """A table whose stored history does not match its hash chain: a row was edited, added or
    removed outside mjscore. The message names the entry."""


class StorageError(TableError):
    """The database, or the ledger key and anchor beside it, cannot be used: not a database, another
    key's database, a key file that is not a key."""


class DatabaseUnavailableError(StorageError):
    """The database cannot take the request now: locked by another program, full, read-only,
    unreachable. Nothing was recorded; the same request may succeed later (HTTP: 503, Retry-After)."""


class MissingKeyError(StorageError):
    """The ledger key of a database that was signed is missing: mjscore stops rather than make a new
    key, which would read every table as tampered (restore the key from the backup)."""


class AdoptionNeededError(StorageError):
    """A database holds records that were never signed (kept by an older mjscore), which an upgrade
    signs only when a person vouches for them (``mjscore ledger adopt``), never silently."""
