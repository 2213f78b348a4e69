"""The shipped rulesets as loaded, kept between processes (issue 13: start-up).

Loading a shipped ruleset reads its TOML, validates it against the rule-file models and binds each
row to its pattern: about 40 ms for LRC, which every ``mjscore score`` and ``waits`` paid before
scoring one hand. What a file loads to changes only with the file and with mjscore's code, so the
loaded :class:`~mjscore.scoring.ruleset.Ruleset` is kept as JSON in the user's cache folder
(platformdirs' ``user_cache_dir``, ``rulesets/``), with the key it was made under:

- the SHA-256 of the TOML file's bytes;
- the size and modification time of every module of the package and of ``mjscore.scoring``, pure
  or compiled (the rule-file models, the reader, the pattern library and what it imports), so an
  edited module or a new install loads the files afresh;
- the version of Python, and the size and time of pydantic's version module (pydantic validates
  the file).

The entry is data that cannot run code (issue 28: a pickle in the cache folder ran whatever a crafted
file said): the ruleset's settings and rows as JSON, each row bound again to its pattern of the library
by name (:func:`mjscore.scoring.patterns.bind`: an unknown pattern or parameter is a miss). Beside the
ruleset the entry keeps its compiled evaluators' digests and the values they read
(:func:`mjscore.scoring.compiled.portable`): only an evaluator prebuilt into
:mod:`mjscore.scoring.evaluators` is taken back, found by that digest, so that the first score of a
process does not generate its source again; nothing read from the entry is ever executed.

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
import json
import os
import sys
import time
from collections.abc import Callable, Mapping
from decimal import Decimal
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from mjscore.scoring.han_fu import FuTable, PointsTable
    from mjscore.scoring.ruleset import AwardRule, Names, Ruleset, TablePaymentRule

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
    return folder() / f"{ruleset_id}-{install}.json"


def cached(ruleset_id: str, path: Path, load: Callable[[Path], Ruleset]) -> Ruleset:
    """The shipped ruleset ``ruleset_id`` of the TOML file ``path``: the kept one if its key is the
    file's and the code's, else ``load(path)`` (which validates the file), kept for the next process."""
    from mjscore.scoring.compiled import adopt, kept_evaluators, portable

    try:
        wanted = key(path.read_bytes())
    except OSError:
        return load(path)
    entry = entry_path(ruleset_id)
    found = _read(entry)
    if isinstance(found, dict) and found.get("key") == wanted:
        rules = _decoded(found.get("ruleset"), ruleset_id)
        if rules is not None:
            adopt(rules, kept_evaluators(rules, found.get("evaluators")))
            return rules
    rules = load(path)
    compiled = portable(rules)
    _write(entry, {"key": wanted, "ruleset": encoded(rules),
                   "evaluators": compiled.kept() if compiled is not None else None})
    return rules


def _read(entry: Path) -> object:
    """The JSON in ``entry``; None if there is none or it cannot be read back."""
    try:
        return json.loads(entry.read_bytes())
    except (OSError, ValueError, RecursionError):  # missing, unreadable or damaged: a miss
        return None


def _write(entry: Path, kept: Mapping[str, Any]) -> None:
    """Keep ``kept`` in ``entry``, whole or not at all (written aside, then renamed into place)."""
    import tempfile  # a miss only

    aside: Path | None = None
    try:
        entry.parent.mkdir(parents=True, exist_ok=True)
        descriptor, name = tempfile.mkstemp(prefix=f".{entry.name}.", dir=entry.parent)  # one per writer
        aside = Path(name)
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            json.dump(kept, handle, ensure_ascii=False, separators=(",", ":"))
        os.replace(aside, entry)
    except (OSError, TypeError, ValueError):  # unwritable, or not JSON: no entry
        if aside is not None:
            with contextlib.suppress(OSError):
                aside.unlink(missing_ok=True)
        return
    stale = time.time() - STALE_DAYS * 86400
    for pattern in ("*.json", "*.pickle"):  # a pickle is an entry of an earlier version: never read
        for other in entry.parent.glob(pattern):
            with contextlib.suppress(OSError):
                if pattern == "*.pickle" or other.stat().st_mtime < stale:
                    other.unlink()


# ---------------------------------------------------------------------------------------------
# A ruleset as JSON and back


def _names(names: Names) -> list[str]:
    found = [names.en, names.zh_hans, names.zh_hant]
    return found if names.ja is None else [*found, names.ja]


def _award(rule: AwardRule) -> dict[str, Any]:
    return {"id": rule.id, "points": rule.points, "name": _names(rule.name), "help": _names(rule.help),
            "source": rule.source, "pattern": rule.pattern, "params": dict(rule.params), "group": rule.group,
            "replaces": list(rule.replaces), "reduces": dict(rule.reduces), "shapes": list(rule.shapes),
            "on_flower_win": rule.on_flower_win, "enabled": rule.enabled,
            "consolation": None if rule.consolation is None else
            [rule.consolation.when_total, list(rule.consolation.ignore)],
            "dealer_payments_only": rule.dealer_payments_only, "open_points": rule.open_points,
            "limit_hand": rule.limit_hand}


def _fu(table: FuTable | None) -> dict[str, Any] | None:
    if table is None:
        return None
    return {"base": table.base, "shapes": dict(table.shapes), "concealed_claimed": table.concealed_claimed,
            "self_drawn": table.self_drawn, "self_drawn_except": list(table.self_drawn_except), "sets": dict(table.sets),
            "pair": dict(table.pair), "pair_most": table.pair_most, "wait": dict(table.wait),
            "open_minimum": table.open_minimum, "round_to": table.round_to}


def _points(table: PointsTable | None) -> dict[str, Any] | None:
    if table is None:
        return None
    return {"limits": [[limit.id, _names(limit.name), limit.han, limit.base, limit.from_base, limit.enabled]
                       for limit in table.limits],
            "limit_hand_base": table.limit_hand_base, "limit_hand_name": _names(table.limit_hand_name),
            "doublings": table.doublings, "round_to": table.round_to,
            "limit_hands_cumulative": table.limit_hands_cumulative, "share": table.share,
            "dealer_share": table.dealer_share}


def _payment(rule: TablePaymentRule) -> dict[str, Any]:
    return {"id": rule.id, "amount": rule.amount, "name": _names(rule.name), "help": _names(rule.help),
            "source": rule.source, "pattern": rule.pattern, "params": dict(rule.params), "group": rule.group,
            "direction": rule.direction.value, "enabled": rule.enabled, "ends_hand": rule.ends_hand,
            "dealer_only": rule.dealer_only}


def encoded(rules: Ruleset) -> dict[str, Any]:
    """``rules`` as JSON data: every setting and row, each row's pattern by name with its parameters."""
    return {
        "id": rules.id, "name": _names(rules.name), "version": rules.version, "unit": rules.unit,
        "hand_size": rules.hand_size, "shapes": list(rules.shapes), "base": rules.base,
        "base_name": _names(rules.base_name), "awards": [_award(a) for a in rules.awards],
        "table_payments": [_payment(p) for p in rules.table_payments], "settlement_bonus": rules.settlement_bonus,
        "minimum": None if rules.minimum is None else dict(rules.minimum),
        "minimum_excludes": list(rules.minimum_excludes), "limit": rules.limit,
        "instant_flower_win": rules.instant_flower_win, "stake": str(rules.stake), "base_money": str(rules.base_money),
        "optional_shapes": list(rules.optional_shapes), "dealer_keeps_deal_on_win": rules.dealer_keeps_deal_on_win,
        "dealer_keeps_deal_on_draw": rules.dealer_keeps_deal_on_draw, "streak_counts_draws": rules.streak_counts_draws,
        "contexts": {name: {"name": c.name, "means": c.means, "seat": c.seat,
                            "win": None if c.win is None else list(c.win), "discarder": c.discarder,
                            "max_discards": c.max_discards, "declared_sets": c.declared_sets,
                            "replacements": None if c.replacements is None else list(c.replacements)}
                     for name, c in rules.contexts.items()},
        "overrides": list(rules.overrides),
        "group_names": {group: _names(names) for group, names in rules.group_names.items()},
        "source_notes": {text: _names(names) for text, names in rules.source_notes.items()},
        "fu": _fu(rules.fu), "points_table": _points(rules.points_table),
        "points_game": None if rules.points_game is None else rules.points_game.to_dict(),
    }


def _decoded(data: object, ruleset_id: str) -> Ruleset | None:
    """The ruleset of :func:`encoded` data, its rows bound to their patterns again; None (a miss)
    for data that is not such a ruleset of the id ``ruleset_id``."""
    try:
        rules = _ruleset(data)
    except (KeyError, TypeError, ValueError, AttributeError, ArithmeticError):
        return None
    return rules if rules.id == ruleset_id else None


def _tuple(value: Any) -> tuple[Any, ...] | None:
    return None if value is None else tuple(value)


def _ruleset(data: Any) -> Ruleset:
    from mjscore.scoring import patterns_mcr, patterns_riichi, patterns_taiwan  # noqa: F401  (register their patterns)
    from mjscore.scoring.patterns import PATTERNS, bind
    from mjscore.scoring.payments import Direction
    from mjscore.scoring.ruleset import AwardRule, Consolation, ContextRule, Names, PointsGame, Ruleset, TablePaymentRule

    def names(value: Any) -> Names:
        en, hans, hant, *ja = value
        if len(ja) > 1:
            raise ValueError("a name in more than four languages")
        return Names(str(en), str(hans), str(hant), str(ja[0]) if ja else None)

    def bound(pattern: Any, params: Any) -> tuple[Any, tuple[Any, ...]]:
        if pattern not in PATTERNS or not isinstance(params, dict):
            raise ValueError(f"not a pattern: {pattern!r}")
        return bind(pattern, params)

    awards = []
    for row in data["awards"]:
        function, arguments = bound(row["pattern"], row["params"])
        consolation = row["consolation"]
        awards.append(AwardRule(
            id=row["id"], points=row["points"], name=names(row["name"]), help=names(row["help"]), source=row["source"],
            pattern=row["pattern"], params=row["params"], group=row["group"], replaces=tuple(row["replaces"]),
            reduces=dict(row["reduces"]), shapes=tuple(row["shapes"]), on_flower_win=row["on_flower_win"],
            enabled=row["enabled"], dealer_payments_only=row["dealer_payments_only"],
            open_points=row["open_points"], limit_hand=row["limit_hand"],
            consolation=None if consolation is None else Consolation(consolation[0], tuple(consolation[1])),
            function=function, arguments=arguments))
    payments = []
    for row in data["table_payments"]:
        function, arguments = bound(row["pattern"] or "never", row["params"])
        payments.append(TablePaymentRule(
            id=row["id"], amount=row["amount"], name=names(row["name"]), help=names(row["help"]), source=row["source"],
            pattern=row["pattern"], params=row["params"], group=row["group"], direction=Direction(row["direction"]),
            enabled=row["enabled"], ends_hand=row["ends_hand"], dealer_only=row["dealer_only"],
            function=function, arguments=arguments))
    contexts = {name: ContextRule(c["name"], c["means"], c["seat"], _tuple(c["win"]), c["discarder"], c["max_discards"],
                                  c["declared_sets"], _tuple(c["replacements"]))
                for name, c in data["contexts"].items()}
    return Ruleset(
        id=data["id"], name=names(data["name"]), version=data["version"], unit=data["unit"],
        hand_size=data["hand_size"], shapes=tuple(data["shapes"]), base=data["base"],
        base_name=names(data["base_name"]), awards=tuple(awards), table_payments=tuple(payments),
        settlement_bonus=data["settlement_bonus"], minimum=data["minimum"],
        minimum_excludes=tuple(data["minimum_excludes"]), limit=data["limit"],
        instant_flower_win=data["instant_flower_win"], stake=Decimal(data["stake"]),
        base_money=Decimal(data["base_money"]), optional_shapes=tuple(data["optional_shapes"]),
        dealer_keeps_deal_on_win=data["dealer_keeps_deal_on_win"],
        dealer_keeps_deal_on_draw=data["dealer_keeps_deal_on_draw"], streak_counts_draws=data["streak_counts_draws"],
        contexts=contexts, overrides=tuple(data["overrides"]),
        group_names={group: names(value) for group, value in data["group_names"].items()},
        source_notes={text: names(value) for text, value in data["source_notes"].items()},
        fu=None if data["fu"] is None else _fu_table(data["fu"]),
        points_table=None if data["points_table"] is None else _points_table(data["points_table"], names),
        points_game=None if data["points_game"] is None else PointsGame.from_dict(data["points_game"]))


def _fu_table(data: Any) -> FuTable:
    from mjscore.scoring.han_fu import FuTable

    return FuTable(base=data["base"], shapes=dict(data["shapes"]), concealed_claimed=data["concealed_claimed"],
                   self_drawn=data["self_drawn"], self_drawn_except=tuple(data["self_drawn_except"]),
                   sets=dict(data["sets"]), pair=dict(data["pair"]), pair_most=data["pair_most"], wait=dict(data["wait"]),
                   open_minimum=data["open_minimum"], round_to=data["round_to"])


def _points_table(data: Any, names: Callable[[Any], Names]) -> PointsTable:
    from mjscore.scoring.han_fu import Limit, PointsTable

    return PointsTable(
        limits=tuple(Limit(str(key), names(name), han, base, from_base, bool(enabled))
                     for key, name, han, base, from_base, enabled in data["limits"]),
        limit_hand_base=data["limit_hand_base"], limit_hand_name=names(data["limit_hand_name"]),
        doublings=data["doublings"], round_to=data["round_to"], limit_hands_cumulative=data["limit_hands_cumulative"],
        share=data["share"], dealer_share=data["dealer_share"])
