"""The rulesets mjscore ships: one TOML award table each, loaded on first use; and the presets,
house-rule files shipped in ``presets/`` that a table chooses by name."""

from __future__ import annotations

from functools import cache
from importlib import resources
from pathlib import Path

from mjscore.errors import RulesetError
from mjscore.scoring.ruleset import Ruleset, load_ruleset


def available() -> tuple[str, ...]:
    """The ids of the rulesets shipped with mjscore, e.g. ``('lrc',)``."""
    folder = resources.files(__name__)
    return tuple(sorted(Path(str(f)).stem for f in folder.iterdir() if str(f).endswith(".toml")))


@cache
def get_ruleset(ruleset_id: str) -> Ruleset:
    """The ruleset with this id; raises :class:`RulesetError` naming the ones there are."""
    if ruleset_id not in available():
        raise RulesetError(f"unknown ruleset {ruleset_id!r}: choose one of {', '.join(available())}")
    return load_ruleset(Path(str(resources.files(__name__).joinpath(f"{ruleset_id}.toml"))))


def preset(name: str) -> Path:
    """The shipped house-rule file of the preset ``name`` (``taiwan-platform``, ``taiwan-cap24``...),
    for ``--rules NAME``; raises :class:`RulesetError` naming the presets there are."""
    folder = resources.files(__name__).joinpath("presets")
    names = sorted(Path(str(f)).stem for f in folder.iterdir() if str(f).endswith(".toml"))
    if name not in names:
        raise RulesetError(f"unknown preset {name!r}: choose one of {', '.join(names)}")
    return Path(str(folder.joinpath(f"{name}.toml")))
