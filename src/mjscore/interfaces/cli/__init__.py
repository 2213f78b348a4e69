"""The ``mjscore`` command. Each module registers its commands on :data:`app`."""

from mjscore.interfaces.cli import analyse as _analyse  # noqa: F401  (registers analyse)
from mjscore.interfaces.cli import batch as _batch  # noqa: F401  (registers batch)
from mjscore.interfaces.cli import club as _club  # noqa: F401  (registers players ..., standings)
from mjscore.interfaces.cli import importing as _importing  # noqa: F401  (registers import botzone)
from mjscore.interfaces.cli import scoring as _scoring  # noqa: F401  (registers score, waits, rulesets)
from mjscore.interfaces.cli import serve as _serve  # noqa: F401  (registers serve)
from mjscore.interfaces.cli import stats as _stats  # noqa: F401  (registers stats)
from mjscore.interfaces.cli import tables as _tables  # noqa: F401  (registers table ...)
from mjscore.interfaces.cli.app import app, main

__all__ = ["app", "main"]
