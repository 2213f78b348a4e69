"""``mjscore analyse``: shanten, useful tiles and the discard table of a hand, from the command line.

``mjscore analyse 123m456p789s EE CF`` analyses one hand; ``mjscore analyse -`` reads one hand per
line from standard input (tiles in notation, or a JSON analysis request: a hand record with
``visible``) and prints one JSON object per line, so a bot can keep one process open.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Sequence
from typing import Any

import click
from click.exceptions import Exit

from mjscore import analyse as analyse_hand
from mjscore import get_ruleset
from mjscore.analysis import Analysis, describe
from mjscore.errors import MjscoreError
from mjscore.interfaces.cli.app import Format, app, enum_option, fail, wrap_line
from mjscore.scoring.analysis import read_request


def _meld_records(values: Sequence[str]) -> list[dict[str, Any]]:
    """``--meld 'pung CCC'`` (``'kong 1111s concealed'``) as the melds of a hand record."""
    melds = []
    for value in values:
        words = value.split()
        if len(words) < 2:
            raise MjscoreError(f"--meld {value!r}: write the kind and the tiles, e.g. 'pung CCC'")
        flags = {w for w in words[2:] if w in ("concealed", "added")}
        tiles = " ".join(w for w in words[1:] if w not in flags)
        melds.append({"kind": words[0], "tiles": tiles, **{flag: True for flag in flags}})
    return melds


def _request(line: str, defaults: dict[str, Any]) -> dict[str, Any]:
    """One hand to analyse: a JSON object, or tiles in notation, with the options as defaults."""
    text = line.strip()
    if text.startswith("{"):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as error:
            raise MjscoreError(f"not valid JSON: {error.msg} at column {error.colno}") from None
        if not isinstance(data, dict):
            raise MjscoreError("an analysis request is a JSON object")
    else:
        data = {"concealed": text}
    return {**{k: v for k, v in defaults.items() if v is not None}, **data}


def _analysis(data: dict[str, Any]) -> tuple[Analysis, str]:
    hand, visible = read_request(data)
    rules = get_ruleset(hand.ruleset)
    return analyse_hand(hand, rules, visible), rules.id


def _json(analysis: Analysis, ruleset: str) -> str:
    return json.dumps({"ruleset": ruleset, **analysis.to_dict()}, ensure_ascii=False)


@app.command("analyse")
@click.argument("tiles", help="The concealed tiles (with the tile just drawn, if any), or '-' to read one hand per line "
                              "from standard input.")
@click.option("--ruleset", help="Ruleset id (default: lrc).")
@click.option("--meld", multiple=True, help="A declared set, repeatable: 'pung CCC', 'chow 789m', 'kong 1111s concealed'.")
@click.option("--visible", help="Tiles seen on the table: discards, other players' sets.")
@click.option("--seat", help="The player's seat wind (for the scores): E, S, W or N.")
@click.option("--round", "round_wind", help="The round wind: E, S, W or N.")
@click.option("--flowers", help="The player's bonus tiles, e.g. '3f 6f'.")
@enum_option("--format", "output", default=Format.text, help="text for people; json for programs.")
def analyse_command(tiles: str, ruleset: str | None, meld: tuple[str, ...], visible: str | None, seat: str | None,
                    round_wind: str | None, flowers: str | None, output: Format) -> None:
    """Shanten, useful tiles (with the copies unseen) and, for a hand after a draw, the discard table:
    what each discard leaves, and for a ready hand each wait with the score of a win on it."""
    try:
        defaults = {"ruleset": ruleset, "melds": _meld_records(meld) or None, "visible": visible,
                    "seat": seat, "round": round_wind, "flowers": flowers}
    except MjscoreError as error:
        raise fail(str(error)) from None
    if tiles == "-":
        _stream(defaults)
        return
    try:
        analysis, ruleset_id = _analysis(_request(tiles, defaults))
    except MjscoreError as error:
        raise fail(str(error)) from None
    if output is Format.json:
        click.echo(_json(analysis, ruleset_id))
        return
    # A discard's line wider than the terminal goes on, indented, on the lines below it.
    click.echo("\n".join(wrap_line(line, indent=4) for line in describe(analysis).splitlines()))


def _stream(defaults: dict[str, Any]) -> None:
    """One JSON object per input line; a line that cannot be analysed answers ``{"line": n, "error":
    ...}`` in its place (and on standard error), and the exit status is then 2."""
    failed = False
    for number, line in enumerate(sys.stdin, 1):
        if not line.strip():
            continue
        try:
            analysis, ruleset_id = _analysis(_request(line, defaults))
            print(_json(analysis, ruleset_id), flush=True)
        except MjscoreError as error:
            failed = True
            print(json.dumps({"line": number, "error": str(error)}), flush=True)
            print(f"error: line {number}: {error}", file=sys.stderr)
    if failed:
        raise Exit(2)
