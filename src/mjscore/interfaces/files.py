"""Files the interfaces write for a user (a batch's answers, an imported log, a chart): written aside
and renamed into place whole, so that a failure leaves nothing half-written."""

from __future__ import annotations

import os
from pathlib import Path


def put_in_place(written: str | Path, target: Path) -> None:
    """Rename the finished file ``written`` over ``target``, first giving it the mode any new file of
    the user's gets (0666 less the umask): :mod:`tempfile` makes its files readable by their owner only."""
    mask = os.umask(0)
    os.umask(mask)
    Path(written).chmod(0o666 & ~mask)
    os.replace(written, target)
