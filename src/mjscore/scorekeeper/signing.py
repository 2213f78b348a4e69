"""The server's ledger key, and the signature of each table's head (issue 28).

The hash chain (:mod:`mjscore.scorekeeper.audit`) names a row edited, added or removed in the
middle of a history; it cannot tell the newest changes cut off with the table's head rolled back to
the new last row, since every value that takes is already in the database. So the head is signed:
an HMAC-SHA256, under a key kept in a file apart from the database, of the table's id, its version,
its length, the hash of its last change and of its settings, its session (hands, minutes, event)
and the facts of its rules it is shown with (stake, unit, minimum...). Every change signs the new
head; every read checks it. Someone who has the database but not the key cannot make the signature
of a head that was never the table's last, so a cut-off history, a rolled-back head or a changed
session length is named, down to a history cut to nothing.

The key file is created with a new database (32 random bytes, as hex, readable by its owner only):
by default ``ledger.key`` in the user's config folder (platformdirs' ``user_config_dir``), or the file
``$MJSCORE_LEDGER_KEY`` names. Beside it lies the anchor (:mod:`mjscore.scorekeeper.anchor`), the
newest signed head of every record, which a restored database cannot roll back. Back both up with the
database: a database that was signed never gets a new key (:class:`MissingKeyError` says where the
key was), and one read with another key is named.

Every signature is an HMAC-SHA256 of a purpose (``mjscore-table-head/1``...) and the canonical JSON
of what it covers (:meth:`LedgerKey.mac`): one primitive for table heads, exports, club records, the
database's identity, statements and the anchor's rows.
"""

from __future__ import annotations

import contextlib
import hashlib
import hmac
import json
import os
import secrets
import time
from dataclasses import dataclass
from pathlib import Path

import platformdirs

from mjscore.environment import LEDGER_KEY_VARIABLE
from mjscore.errors import MissingKeyError, StorageError

#: The bytes of a key (written as 64 hexadecimal digits).
KEY_BYTES = 32


def default_key_path() -> Path:
    """``$MJSCORE_LEDGER_KEY``, else ``ledger.key`` in the user's config folder for mjscore."""
    configured = os.environ.get(LEDGER_KEY_VARIABLE, "").strip()
    if configured:
        return Path(configured)
    return Path(platformdirs.user_config_dir("mjscore", appauthor=False)) / "ledger.key"


@dataclass(frozen=True)
class LedgerKey:
    """A server's ledger key, read from (or created in) ``path``."""

    secret: bytes
    path: Path

    @staticmethod
    def load(path: Path | None = None, *, create: bool = True) -> LedgerKey:
        """The key in ``path`` (default :func:`default_key_path`), created there if there is none
        yet and ``create`` allows it (else :class:`MissingKeyError`). A file that is not a key is one
        line naming it (:class:`StorageError`)."""
        path = path or default_key_path()
        text = ""
        for _ in range(50):  # another process that creates the file may not have written it yet
            try:
                text = path.read_text(encoding="ascii")
            except FileNotFoundError:
                if not create:
                    raise MissingKeyError(f"the ledger key {path} is missing") from None
                text = _create(path)
            except (OSError, UnicodeDecodeError) as error:
                raise StorageError(f"the ledger key {path} cannot be read: {error}") from None
            if text.strip():
                break
            time.sleep(0.02)
        try:
            secret = bytes.fromhex(text.strip())
        except ValueError:
            secret = b""
        if len(secret) != KEY_BYTES:
            raise StorageError(f"the ledger key {path} is not a key ({KEY_BYTES * 2} hexadecimal digits): "
                               "restore it from your backup")
        return LedgerKey(secret, path)

    @property
    def fingerprint(self) -> str:
        """A short name of the key (not the key): which key signed, for the backup's label."""
        return hashlib.sha256(b"mjscore-ledger-key\n" + self.secret).hexdigest()[:12]

    def mac(self, purpose: str, data: object) -> str:
        """The signature of ``data`` (its canonical JSON) for ``purpose`` (``table-head/1``...): the
        purpose keeps a signature made for one kind of record from passing for another's."""
        return hmac.new(self.secret, f"mjscore-{purpose}\n".encode() + canonical(data), hashlib.sha256).hexdigest()

    def verifies(self, purpose: str, data: object, signature: object) -> bool:
        """Whether ``signature`` is this key's for ``data`` and ``purpose`` (in constant time)."""
        return isinstance(signature, str) and hmac.compare_digest(signature, self.mac(purpose, data))

    def sign(self, table_id: int, version: int, entries: int, head_hash: str, settings_hash: str,
             session: tuple[int | None, int | None, str | None], facts: object = None, totals: object = None,
             origin: object = None) -> str:
        """The signature of a table's head: its id, version, length, last hash, settings hash, session,
        the facts of its rules it is read with (:class:`~mjscore.scorekeeper.model.TableFacts`), the
        sums at the head (``totals``) and, for an imported table, where it came from (``origin``); a
        head signed before totals or origins were kept has none, and its signature is the same as then."""
        hands, minutes, event = session
        signed = {"table": table_id, "version": version, "entries": entries, "head": head_hash,
                  "settings": settings_hash, "hands": hands, "minutes": minutes, "event": event, "facts": facts}
        if totals is not None:
            signed["totals"] = totals
        if origin is not None:
            signed["origin"] = origin
        return self.mac("table-head/1", signed)

    def sign_export(self, data: object) -> str:
        """The signature of an exported table's JSON (:mod:`mjscore.scorekeeper.exchange`)."""
        return self.mac("table-export/1", data)

    def sign_identity(self, database: str, at: str) -> str:
        """The signature of a database's identity: its id, this key's fingerprint, when it was first signed."""
        return self.mac("database-identity/1", {"database": database, "key": self.fingerprint, "at": at})

    def new_identity(self, at: str) -> dict[str, str]:
        """The identity of a database signed from ``at`` on: a new random id, the key's fingerprint
        and their signature (the row of ``ledger_identity``)."""
        database = secrets.token_hex(16)
        return {"database": database, "key": self.fingerprint, "created_at": at, "mac": self.sign_identity(database, at)}


def canonical(data: object) -> bytes:
    """The bytes of ``data`` that a signature covers: JSON with sorted keys and no spaces."""
    return json.dumps(data, sort_keys=True, separators=(",", ":"), ensure_ascii=False).encode()


def _create(path: Path) -> str:
    """Create the key file at ``path`` (owner only), or read the one another process created first."""
    text = secrets.token_hex(KEY_BYTES) + "\n"
    try:
        path.parent.mkdir(parents=True, exist_ok=True)
        descriptor = os.open(path, os.O_WRONLY | os.O_CREAT | os.O_EXCL, 0o600)
    except FileExistsError:
        return path.read_text(encoding="ascii")
    except OSError as error:
        raise StorageError(f"the ledger key {path} cannot be created: {error.strerror}") from None
    try:
        with os.fdopen(descriptor, "w", encoding="ascii") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
    except OSError as error:
        with contextlib.suppress(OSError):
            path.unlink()
        raise StorageError(f"the ledger key {path} cannot be written: {error.strerror}") from None
    return text
