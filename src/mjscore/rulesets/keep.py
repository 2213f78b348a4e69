"""The shipped rulesets as loaded, kept between processes (issue 13: start-up).

Loading a shipped ruleset reads its TOML, validates it against the rule-file models and binds each
row to its pattern: about 40 ms for LRC, which every ``mjscore score`` and ``waits`` paid before
scoring one hand. What a file loads to changes only with the file and with mjscore's code, so the
loaded :class:`~mjscore.scoring.ruleset.Ruleset` is kept pickled in the user's cache folder
(platformdirs' ``user_cache_dir``, ``rulesets/``), with the key it was made under:

- the SHA-256 of the TOML file's bytes;
- the size and modification time of every module of the package and of ``mjscore.scoring``, pure
  or compiled (the rule-file models, the reader, the pattern library and what it imports), so an
  edited module or a new install loads the files afresh;
- the version of Python, and the size and time of pydantic's version module (pydantic validates
  the file).

Beside the ruleset the entry keeps its compiled evaluators (:func:`mjscore.scoring.compiled.portable`:
where they are the prebuilt functions, which pickle by name), so that the first score of a process
does not generate their source again to find them by its digest.

A kept ruleset whose key differs is not used: the file is loaded and validated as before and the
entry replaced. Each install has its own entry per ruleset (named by the package's folder), so two
installs of one user (a pure and a compiled build) do not replace each other's; an entry not
written for :data:`STALE_DAYS` days (an install since removed) is deleted when another is written.
The cache only saves time: an entry that cannot be read, is damaged or cannot be written is a miss,
never an error.
"""

from __future__ import annotations

import contextlib
import hashlib
import os
import pickle
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from mjscore.scoring.compiled import Compiled
    from mjscore.scoring.ruleset import Ruleset

#: The package's folder: its modules (and those of ``scoring/``) are part of every key.
_PACKAGE = Path(__file__).resolve().parent.parent
_CODE = (_PACKAGE, _PACKAGE / "scoring")
_MODULE_SUFFIXES = (".py", ".so", ".pyd")

#: An entry not written for this many days is deleted when another one is written.
STALE_DAYS = 30


def folder() -> Path:
    """Where the kept rulesets are: ``rulesets/`` in the user's cache folder for mjscore."""
    import platformdirs

    return Path(platformdirs.user_cache_dir("mjscore", appauthor=False)) / "rulesets"


def key(data: bytes) -> str:
    """The key of a ruleset loaded from the TOML ``data`` by this install of mjscore."""
    digest = hashlib.sha256(data)
    digest.update(f"\0{sys.version}\0{sys.implementation.cache_tag}\0{_pydantic_stamp()}\0".encode())
    for code in _CODE:
        with os.scandir(code) as entries:
            for entry in sorted(entries, key=lambda e: e.name):
                if entry.name.endswith(_MODULE_SUFFIXES) and entry.is_file():
                    stat = entry.stat()
                    digest.update(f"{code.name}/{entry.name}:{stat.st_size}:{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def _pydantic_stamp() -> str:
    """The size and time of pydantic's version module, found without importing pydantic (a command
    that scores a well-formed record imports none of it): pydantic installed anew is a new key."""
    from importlib.util import find_spec

    spec = find_spec("pydantic")
    if spec is None or spec.origin is None:
        return "no pydantic"
    try:
        stat = (Path(spec.origin).parent / "version.py").stat()
    except OSError:
        return "no pydantic version module"
    return f"pydantic {stat.st_size}:{stat.st_mtime_ns}"


def entry_path(ruleset_id: str) -> Path:
    """The file that keeps this install's ruleset ``ruleset_id``."""
    install = hashlib.sha256(str(_PACKAGE).encode()).hexdigest()[:16]
    return folder() / f"{ruleset_id}-{install}.pickle"


def cached(ruleset_id: str, path: Path, load: Callable[[Path], Ruleset]) -> Ruleset:
    """The shipped ruleset ``ruleset_id`` of the TOML file ``path``: the kept one if its key is the
    file's and the code's, else ``load(path)`` (which validates the file), kept for the next process."""
    from mjscore.scoring.compiled import adopt, portable
    from mjscore.scoring.ruleset import Ruleset

    try:
        wanted = key(path.read_bytes())
    except OSError:
        return load(path)
    entry = entry_path(ruleset_id)
    found = _read(entry)
    if isinstance(found, tuple) and len(found) == 3 and found[0] == wanted and isinstance(found[1], Ruleset) \
            and found[1].id == ruleset_id:
        adopt(found[1], found[2])
        return found[1]
    rules = load(path)
    _write(entry, (wanted, rules, portable(rules)))
    return rules


def _read(entry: Path) -> object:
    """The pickled object in ``entry``; None if there is none or it cannot be read back."""
    try:
        with entry.open("rb") as handle:
            return pickle.load(handle)
    except Exception:  # missing, unreadable, damaged, or of classes that changed: a miss
        return None


def _write(entry: Path, kept: tuple[str, Ruleset, Compiled | None]) -> None:
    """Keep ``kept`` in ``entry``, whole or not at all (written aside, then renamed into place)."""
    import tempfile  # a miss only

    aside: Path | None = None
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        descriptor, name = tempfile.mkstemp(prefix=f".{entry.name}.", dir=entry.parent)  # one per writer
        aside = Path(name)
        with os.fdopen(descriptor, "wb") as handle:
            pickle.dump(kept, handle, protocol=5)
        os.replace(aside, entry)
    except (OSError, pickle.PicklingError, TypeError, AttributeError):  # unwritable, or not picklable: no entry
        if aside is not None:
            with contextlib.suppress(OSError):
                aside.unlink(missing_ok=True)
        return
    stale = time.time() - STALE_DAYS * 86400
    for other in entry.parent.glob("*.pickle"):
        with contextlib.suppress(OSError):
            if other.stat().st_mtime < stale:
                other.unlink()
