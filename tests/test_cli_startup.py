"""``mjscore score``, ``waits`` and ``--help`` start without the database or web layers (issue 13
item 3): the scorekeeper (SQLAlchemy, Alembic) and the web app (FastAPI, uvicorn) are imported by
the commands that use them, and a command's module only when it runs (``cli/app.py``'s
``COMMANDS``). ``--help`` imports no scoring at all. Start-up CPU is a benchmark figure
(``benchmarks/run.py``), not a test: these tests check which modules each command imports."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

import mjscore
from mjscore.interfaces.cli.app import COMMANDS, app, load_command

HEAVY = ("sqlalchemy", "alembic", "psycopg", "fastapi", "starlette", "uvicorn", "mjscore.scorekeeper",
         "mjscore.interfaces.web")

#: Run ``mjscore ARGUMENTS`` (``sys.argv[2:]``) as the console script does, and write the names of
#: the modules it imported to the file ``sys.argv[1]``, whatever the command's exit status.
_RUN = """
import sys
listing, sys.argv = sys.argv[1], ["mjscore", *sys.argv[2:]]
try:
    from mjscore.interfaces.cli import main
    main()
finally:
    with open(listing, "w", encoding="utf-8") as out:
        out.write("\\n".join(sorted(sys.modules)))
"""

SCORE = ["score", "123m 456m 789p 234s 777s 9p", "--win-tile", "9p", "--win", "self_draw"]
WAITS = ["waits", "123m 456m 789p 234s 777s 9p"]


def _imported(arguments: list[str], tmp_path: Path, status: int = 0, cache: Path | None = None) -> set[str]:
    """The modules ``mjscore ARGUMENTS`` has imported when it exits (with ``status``); ``cache``: the
    user's cache folder it keeps the shipped rulesets in (platformdirs reads ``XDG_CACHE_HOME``)."""
    listing = tmp_path / "modules.txt"
    env = {**os.environ, "XDG_CACHE_HOME": str(cache)} if cache is not None else None
    done = subprocess.run([sys.executable, "-c", _RUN, str(listing), *arguments], capture_output=True, text=True,
                          check=False, env=env)
    assert done.returncode == status, done.stderr[-2000:]
    return set(listing.read_text(encoding="utf-8").split())


@pytest.mark.parametrize("arguments", [["--help"], SCORE, WAITS], ids=["help", "score", "waits"])
def test_scoring_commands_import_no_database_or_web_layer(arguments: list[str], tmp_path: Path) -> None:
    modules = _imported(arguments, tmp_path)
    assert "mjscore.scoring.engine" in modules or arguments == ["--help"]
    heavy = sorted(m for m in modules if m.startswith(HEAVY))
    assert not heavy, heavy


@pytest.mark.parametrize("arguments", [[*SCORE, "--format", "json"], [*WAITS, "--format", "json"]], ids=["score", "waits"])
def test_json_output_imports_no_rich(arguments: list[str], tmp_path: Path) -> None:
    """Rich lays out the text tables only: a program reading ``--format json`` does not pay for it."""
    modules = _imported(arguments, tmp_path)
    assert "mjscore.scoring.engine" in modules
    assert not sorted(m for m in modules if m.startswith("rich"))


@pytest.mark.parametrize(("arguments", "status"), [(["--help"], 0), ([], 0), (["scroe"], 2)],
                         ids=["help", "no-arguments", "unknown-command"])
def test_the_command_list_and_its_refusals_import_no_scoring(arguments: list[str], status: int, tmp_path: Path) -> None:
    """The help lists the commands from COMMANDS: no command's module, no hand record, no ruleset loader
    is imported for it, nor for a command that does not exist, and no pydantic either."""
    modules = _imported(arguments, tmp_path, status)
    ours = sorted(m for m in modules if m.startswith("mjscore"))
    assert ours == ["mjscore", "mjscore.errors", "mjscore.interfaces", "mjscore.interfaces.cli", "mjscore.interfaces.cli.app",
                    "mjscore.rulesets"]
    assert not any(m.startswith("pydantic") for m in modules)


@pytest.mark.parametrize("arguments", [SCORE, WAITS], ids=["score", "waits"])
def test_a_scoring_command_imports_its_own_module_and_no_other_command(arguments: list[str], tmp_path: Path) -> None:
    """``score`` and ``waits`` load ``cli/scoring.py`` and what scoring needs: not the modules of the
    other commands, the hand analysis, the statistics, the charts or the log importers."""
    modules = _imported(arguments, tmp_path)
    commands = {f"mjscore.interfaces.cli.{entry.module}" for entry in COMMANDS.values()}
    assert sorted(commands & modules) == ["mjscore.interfaces.cli.scoring"]
    unneeded = ("mjscore.analysis", "mjscore.scoring.analysis", "mjscore.scoring.statistics", "mjscore.interfaces.charts",
                "mjscore.interfaces.importers", "mjscore.interfaces.batch_dask", "mjscore.sampling", "matplotlib", "dask")
    assert not sorted(m for m in modules if m.startswith(unneeded))
    assert {"mjscore.hand", "mjscore.rulesets", "mjscore.scoring.ruleset"} <= modules


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="platformdirs reads XDG_CACHE_HOME on Linux")
@pytest.mark.parametrize("arguments", [SCORE, WAITS], ids=["score", "waits"])
def test_a_kept_ruleset_is_scored_without_the_rule_file_models(arguments: list[str], tmp_path: Path) -> None:
    """The first run loads LRC's file (the rule-file models, ``mjscore.scoring.loading``) and keeps
    it (``mjscore.rulesets.keep``); the next takes the kept ruleset and imports none of them."""
    cache = tmp_path / "cache"
    models = {"mjscore.scoring.loading", "mjscore.scoring.rulefiles"}
    assert models <= _imported(arguments, tmp_path, cache=cache)
    kept = _imported(arguments, tmp_path, cache=cache)
    assert "mjscore.scoring.engine" in kept
    assert not sorted(kept & models)


def test_importing_mjscore_imports_nothing_until_a_name_is_used() -> None:
    """``import mjscore`` imports only the catalogue of rulesets (PEP 562 names); ``from mjscore
    import Hand`` imports the hand record's module and not the engine."""
    code = ("import sys, mjscore\nbare = sorted(m for m in sys.modules if m.startswith('mjscore'))\n"
            "from mjscore import Hand\nprint(*bare, 'mjscore.hand' in sys.modules, 'mjscore.scoring.engine' in sys.modules)")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    assert done.stdout.split() == ["mjscore", "mjscore.errors", "mjscore.rulesets", "True", "False"]


def test_every_public_name_of_mjscore_is_there() -> None:
    """``__all__`` and the lazy names agree: each public name resolves, and is the object of the
    module it comes from (``mjscore.Hand is mjscore.hand.Hand``)."""
    for name in mjscore.__all__:
        assert getattr(mjscore, name) is not None, name
    defined_here = {"DEFAULT_RULESET", "analyse", "rulesets", "score", "score_waits", "waits"}
    assert set(mjscore.__all__) == {*mjscore._LAZY, *defined_here}
    assert set(mjscore.__all__) <= set(dir(mjscore))
    from mjscore.hand import Hand
    from mjscore.rulesets import available

    assert mjscore.Hand is Hand and mjscore.rulesets is available
    with pytest.raises(AttributeError, match="no attribute 'nothing'"):
        _ = mjscore.nothing


@pytest.mark.parametrize("name", list(COMMANDS))
def test_the_listed_summary_is_the_first_paragraph_of_the_commands_help(name: str) -> None:
    """``mjscore --help`` lists COMMANDS' summaries without importing the commands: each must be
    what the command's own help starts with (its line breaks aside), as a group lists the commands
    it has imported (``cli/app.py``'s ``Group``)."""
    command = load_command(name)
    assert command.name == name
    assert " ".join((command.help or "").split("\n\n")[0].split()) == COMMANDS[name].summary


def test_every_registered_command_is_listed() -> None:
    """A command registered on the app but missing from COMMANDS could neither be listed nor run."""
    for name in COMMANDS:
        load_command(name)
    registered = set(app.commands)
    assert registered == set(COMMANDS)


def test_the_table_commands_still_open_the_database(tmp_path: Path) -> None:
    url = f"sqlite:///{tmp_path / 'club.db'}"
    done = subprocess.run([sys.executable, "-m", "mjscore", "table", "--database", url, "list"],
                          capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert (tmp_path / "club.db").exists()


def test_main_collects_again_once_the_command_is_imported() -> None:
    """``main()`` turns the garbage collector off while the command line is read and the command's
    modules import; the command itself runs with collection on, the imported objects frozen out of it."""
    code = ("import gc, sys\nimport mjscore.interfaces.cli.app\ncli = sys.modules['mjscore.interfaces.cli.app']\n"
            "@cli.app.command('probe')\ndef probe() -> None:\n    print(gc.isenabled(), gc.get_freeze_count() > 0)\n"
            "cli.COMMANDS['probe'] = cli.Entry('app', 'Probe.')\nsys.argv = ['mjscore', 'probe']\ncli.main()")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.returncode == 0, done.stderr
    assert done.stdout.split() == ["True", "True"]


EXAMPLE = Path(__file__).resolve().parents[1] / "examples" / "hand.json"


@pytest.mark.parametrize("arguments", [SCORE, WAITS, ["score", str(EXAMPLE)]], ids=["score", "waits", "file"])
def test_a_well_formed_hand_is_scored_without_pydantic(arguments: list[str], tmp_path: Path) -> None:
    """With the ruleset kept by a run before, a scoring command given a well-formed hand imports no
    pydantic: Click reads the options, the record's schema alone settles the record
    (``mjscore.schema``), and the kept ruleset needs no rule-file models. pydantic comes in only to
    word a refusal (tests/test_hostile_input.py) or to load a ruleset file."""
    cache = tmp_path / "cache"
    _imported(arguments, tmp_path, cache=cache)  # the first run keeps the ruleset
    modules = _imported(arguments, tmp_path, cache=cache)
    assert "mjscore.scoring.engine" in modules
    assert not sorted(m for m in modules if m.split(".")[0] in ("pydantic", "pydantic_core"))
