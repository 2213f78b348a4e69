"""The exceptions mjscore raises.

Every error a user can cause is a :class:`MjscoreError`, which subclasses :class:`ValueError`, so a
program can catch bad input with ``except ValueError``. The message is one line that names the
problem: which tile, which meld, which field and why.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import TypeVar


class MjscoreError(ValueError):
    """Base class of every input error mjscore reports.

    ``key`` names the label (``refusal_KEY`` in the label catalogue) that says the same in another
    language, with ``values`` filling its placeholders; None where the message has no such label
    (:func:`keyed` sets them)."""

    key: str | None = None
    values: Mapping[str, object] = MappingProxyType({})


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


Refused = TypeVar("Refused", bound=MjscoreError)


def keyed(error: Refused, key: str, **values: object) -> Refused:
    """``error`` with the label ``refusal_KEY`` that says it in another language and the values of its
    placeholders (a list of numbers: table numbers), so that an interface in Chinese can say it."""
    error.key = key
    error.values = MappingProxyType(values)
    return error
