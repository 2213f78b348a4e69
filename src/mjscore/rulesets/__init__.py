"""The rulesets mjscore ships (one TOML award table each, loaded on first use), a club's own ruleset
files that extend them, the presets (house-rule files shipped in ``presets/`` that a table chooses by
name), and the one place a ruleset and its house rules are put together.

The loaders (pydantic, the pattern library) and importlib.resources are imported when first needed:
``import mjscore`` imports this catalogue (``mjscore.rulesets`` is :func:`available` there), and must
stay cheap for ``mjscore --help`` (issue 13: start-up)."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING, Any

from mjscore.errors import Refusal, RulesetError, quoted

if TYPE_CHECKING:
    from importlib.resources.abc import Traversable

    from mjscore.scoring.ruleset import Ruleset

#: The ruleset of a hand record, a table or a command that names none.
DEFAULT_RULESET = "lrc"


@cache
def _shipped() -> Traversable:
    """The folder of the shipped TOML files (importlib.resources: also inside a zipped install)."""
    from importlib import resources

    return resources.files(__name__)


def available() -> tuple[str, ...]:
    """The ids of the rulesets shipped with mjscore, e.g. ``('lrc',)``."""
    return tuple(sorted(f.name.removesuffix(".toml") for f in _shipped().iterdir() if f.name.endswith(".toml")))


#: The shipped rulesets loaded by this process, and the lock a first load holds: a server's first
#: concurrent requests load each ruleset once, never two threads at once (issue 28: a cold start
#: under 8 concurrent requests answered a 500).
_LOADED: dict[str, Ruleset] = {}
_LOADING = threading.Lock()


def get_ruleset(ruleset_id: str) -> Ruleset:
    """The shipped ruleset with this id, loaded once per process; raises :class:`RulesetError`
    naming the ones there are."""
    found = _LOADED.get(ruleset_id)
    if found is not None:
        return found
    if ruleset_id not in available():
        raise RulesetError(Refusal("unknown_ruleset", id=quoted(ruleset_id), known=", ".join(available()),
                                   names=[rules.name for rules in loadable_rulesets()[0]]))
    from mjscore.rulesets.keep import cached

    with _LOADING:
        found = _LOADED.get(ruleset_id)
        if found is None:
            # Loaded and validated once per install and version of the file, then kept (mjscore.rulesets.keep).
            found = _LOADED[ruleset_id] = cached(ruleset_id, Path(str(_shipped().joinpath(f"{ruleset_id}.toml"))), _load)
    return found


def loadable_rulesets() -> tuple[tuple[Ruleset, ...], tuple[str, ...]]:
    """Every shipped ruleset that loads, in id order, and one line for each that does not (its file
    and the problem). A listing shows the rulesets that work and names the broken file, instead of
    failing whole because one file of the install was damaged or edited badly (issue 28)."""
    found: list[Ruleset] = []
    problems: list[str] = []
    for ruleset_id in available():
        try:
            found.append(get_ruleset(ruleset_id))
        except RulesetError as error:
            problems.append(str(error))
    return tuple(found), tuple(problems)


def _load(path: Path) -> Ruleset:
    """The complete ruleset file at ``path``, loaded and validated: the rule-file models are
    imported here, when a shipped ruleset is not kept yet (issue 13: start-up)."""
    from mjscore.scoring.loading import load_ruleset

    return load_ruleset(path)


def load_ruleset_file(path: Path) -> Ruleset:
    """A club's ruleset file (docs/ruleset-files.md): a complete table, or one that says
    ``extends = "lrc"`` (a shipped id) and changes rows by id or adds new ones. Its id is its own,
    never a shipped one's. Raises :class:`RulesetError` naming the file, the line and the key."""
    from mjscore.scoring.loading import ruleset_from_data
    from mjscore.scoring.rulefiles import fail, read_rule_file

    data, source = read_rule_file(path, "ruleset")
    header = data.get("ruleset")
    extends = header.get("extends") if isinstance(header, Mapping) else None
    own = header.get("id") if isinstance(header, Mapping) else None
    if isinstance(own, str) and own in available():
        fail(source, ("ruleset", "id"), f"is a shipped ruleset's ({own!r}): give your file its own id", "ruleset", 1)
    base = None
    if extends is not None:
        if not isinstance(extends, str) or extends not in available():
            fail(source, ("ruleset", "extends"), f"must be a shipped ruleset ({', '.join(available())}), not {extends!r}",
                 "ruleset", 1)
        base = get_ruleset(extends)
    return ruleset_from_data(data, source, base)


def resolve_ruleset(ruleset_id: str | None = None, house_rules: Mapping[str, Any] | Path | None = None,
                    ruleset_file: Path | None = None) -> Ruleset:
    """The ruleset a hand is scored under: ``ruleset_file`` if given (it wins over the id), else
    the shipped ruleset ``ruleset_id`` (None: :data:`DEFAULT_RULESET`; a preset's name, such as
    ``riichi-wrc``: :func:`preset_ruleset`), with ``house_rules`` (a mapping, a TOML/JSON file, or a
    preset's name: :func:`house_rules_file`) applied on top."""
    if ruleset_file is not None:
        rules = load_ruleset_file(ruleset_file)
    elif ruleset_id is not None and ruleset_id not in available() and ruleset_id in presets():
        rules = preset_ruleset(ruleset_id)
    else:
        rules = get_ruleset(ruleset_id or DEFAULT_RULESET)
    if not house_rules:
        return rules
    from mjscore.scoring.house_rules import apply_house_rules, load_house_rules

    if isinstance(house_rules, Path):
        return load_house_rules(rules, house_rules_file(house_rules, rules.id))
    return apply_house_rules(rules, house_rules)


@cache
def preset_ruleset(name: str) -> Ruleset:
    """The ruleset a preset is made for (the shipped id its name starts with: ``riichi`` for
    ``riichi-wrc``) with the preset's house rules, named by the preset alone where a sheet lists the
    house rules (its settings are in its file and on the ruleset's notes page). Lets a command or a
    record name the rules a table plays in one word (``--ruleset riichi-wrc``); made once a process."""
    from dataclasses import replace

    from mjscore.scoring.house_rules import load_house_rules

    base = next(ruleset_id for ruleset_id in available() if name.startswith(f"{ruleset_id}-"))
    return replace(load_house_rules(get_ruleset(base), preset(name)), overrides=(name,))


def preset(name: str) -> Path:
    """The shipped house-rule file of the preset ``name`` (``taiwan-platform``, ``taiwan-cap24``...),
    for ``--rules NAME``; raises :class:`RulesetError` naming the presets there are."""
    if name not in presets():
        raise RulesetError(Refusal("unknown_preset", name=quoted(name), known=", ".join(presets())))
    return Path(str(_shipped().joinpath("presets", f"{name}.toml")))


def presets() -> tuple[str, ...]:
    """The names of the presets shipped with mjscore, e.g. ``('taiwan-cap24', ...)``."""
    folder = _shipped().joinpath("presets")
    return tuple(sorted(f.name.removesuffix(".toml") for f in folder.iterdir() if f.name.endswith(".toml")))


def house_rules_file(path: Path, ruleset_id: str) -> Path:
    """The house-rules file ``--rules`` names: a file, or else a preset's name, whole
    (``taiwan-platform``) or short for the ruleset's own (``platform`` for ``taiwan``)."""
    if path.exists() or path.suffix or len(path.parts) > 1:
        return path
    name = str(path)
    own = f"{ruleset_id}-{name}"
    if own not in presets() and name not in presets():  # the table's own presets are the ones to choose from
        known = presets_of(ruleset_id) or presets()
        raise RulesetError(Refusal("unknown_preset", name=quoted(name), known=", ".join(known)))
    return preset(own if own in presets() else name)


def presets_of(ruleset_id: str) -> tuple[str, ...]:
    """The presets made for the ruleset ``ruleset_id`` (those named ``<id>-...``)."""
    return tuple(name for name in presets() if name.startswith(f"{ruleset_id}-"))


def named_house_rules(path: Path, ruleset_id: str) -> dict[str, Any]:
    """The settings of the house-rules file ``--rules`` names: a file, or a preset of the ruleset
    (:func:`house_rules_file`), read strictly."""
    from mjscore.scoring.house_rules import read_house_rules

    return read_house_rules(house_rules_file(path, ruleset_id))
