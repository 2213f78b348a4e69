"""Ruleset and house-rule files are validated data: the published schemas are the models', a bad key
is refused in one line that names the file, the line and the key, and a club's own ruleset file
extends a shipped one (docs/ruleset-files.md, examples/club.toml)."""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner
from traditional import traditional

import mjscore
from mjscore.interfaces.cli import app
from mjscore.scoring.house_rules import house_rules_schema
from mjscore.scoring.loading import ruleset_file_schema
from mjscore.scoring.rulefiles import MAX_BYTES

ROOT = Path(__file__).resolve().parents[1]
SHIPPED = sorted((ROOT / "src" / "mjscore" / "rulesets").glob("*.toml"))
CLUB = ROOT / "examples" / "club.toml"
# LRC's table under a club's own id (a club's file may not take a shipped ruleset's id).
LRC_TEXT = (ROOT / "src" / "mjscore" / "rulesets" / "lrc.toml").read_text(encoding="utf-8").replace(
    'id = "lrc"', 'id = "club"', 1)
runner = CliRunner()


def _line(text: str, needle: str, after: str = "") -> int:
    """The 1-based line of the first ``needle`` after the end of the first ``after`` in ``text``."""
    start = text.index(after) + len(after) if after else 0
    return text.count("\n", 0, text.index(needle, start)) + 1


def _club(tmp_path: Path, text: str, name: str = "club.toml") -> Path:
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return path


def _refused(path: Path) -> str:
    with pytest.raises(mjscore.RulesetError) as error:
        mjscore.load_ruleset_file(path)
    assert "\n" not in str(error.value)
    return str(error.value)


# ----- the published schemas


@pytest.mark.parametrize(("name", "schema"), [("ruleset.schema.json", ruleset_file_schema),
                                              ("house-rules.schema.json", house_rules_schema)])
def test_the_schema_files_are_the_models_schemas(name: str, schema: object) -> None:
    on_disk = json.loads((ROOT / "docs" / name).read_text(encoding="utf-8"))
    assert callable(schema)
    assert on_disk == schema(), f"regenerate docs/{name}: python tools/write_schemas.py"


def test_every_shipped_ruleset_and_the_example_obey_the_published_schema() -> None:
    schema = json.loads((ROOT / "docs" / "ruleset.schema.json").read_text(encoding="utf-8"))
    for path in [*SHIPPED, CLUB]:
        jsonschema.validate(tomllib.loads(path.read_text(encoding="utf-8")), schema)
    misspelt = (ROOT / "examples" / "club-misspelt.toml").read_text(encoding="utf-8")
    validator = jsonschema.Draft202012Validator(schema)
    assert not validator.is_valid(tomllib.loads(misspelt))
    assert validator.is_valid(tomllib.loads(misspelt.replace("enable = true", "enabled = true")))


def test_house_rules_obey_the_published_schema() -> None:
    schema = json.loads((ROOT / "docs" / "house-rules.schema.json").read_text(encoding="utf-8"))
    jsonschema.validate({"base": 10, "limit": False, "stake": "0.5", "minimum": {"N": 30},
                         "awards": {"calling": True, "seabed": {"points": 20, "enabled": True}, "dealer_streak": 2}}, schema)
    for bad in ({"awards": {"calling": {"enable": True}}}, {"base": "10"}, {"base": True}, {"limit": True}):
        with pytest.raises(jsonschema.ValidationError):
            jsonschema.validate(bad, schema)


# ----- what a hostile user tried: each is now refused when the file loads


def test_a_misspelt_key_is_refused_with_its_line_and_the_nearest_key(tmp_path: Path) -> None:
    text = LRC_TEXT
    cases = [
        ('enabled = false', 'enable = false', 'calling', "unknown key 'enable' (did you mean 'enabled'?)"),
        ('replaces = ["calling_by_pairs", "true_single_wait", "false_single_wait"]',
         'replace = ["calling_by_pairs", "true_single_wait", "false_single_wait"]', 'heavenly_hand',
         "unknown key 'replace' (did you mean 'replaces'?)"),
    ]
    for old, new, award, problem in cases:
        changed = text.replace(old, new)
        line = _line(changed, new)
        assert _refused(_club(tmp_path, changed)) == f"club.toml line {line}: award {award}: {problem}"


@pytest.mark.parametrize(("value", "problem"), [
    ('"5"', "points must be a whole number, not '5'"),
    ("true", "points must be a whole number, not true"),
    ("5.0", "points must be a whole number, not 5.0"),
    ("-1", "points cannot be negative (-1)"),
    ("10001", "points must be at most 10000, not 10001"),
])
def test_points_must_be_a_whole_number_a_table_can_score(tmp_path: Path, value: str, problem: str) -> None:
    changed = LRC_TEXT.replace('id = "calling"\npoints = 5', f'id = "calling"\npoints = {value}')
    line = _line(changed, f"points = {value}")
    assert _refused(_club(tmp_path, changed)) == f"club.toml line {line}: award calling: {problem}"


@pytest.mark.parametrize(("params", "problem"), [
    ('{ ranks = "258" }', "params.ranks must be a list (an array), not '258'"),
    ('{ ranks = [2, "5", 8] }', "params.ranks[2] must be a whole number, not '5'"),
    ('{ rank = [2, 5, 8] }', "params: unknown key 'rank' (pattern eyes_of_rank takes ranks; did you mean 'ranks'?)"),
    ("{}", "params: missing key 'ranks' (pattern eyes_of_rank needs it)"),
])
def test_params_are_checked_against_the_patterns_signature_when_the_file_loads(
        tmp_path: Path, params: str, problem: str) -> None:
    changed = LRC_TEXT.replace("params = { ranks = [2, 5, 8] }", f"params = {params}")
    line = _line(changed, f"params = {params}")
    assert _refused(_club(tmp_path, changed)) == f"club.toml line {line}: award good_eyes: {problem}"


def test_other_bad_rows_name_their_key(tmp_path: Path) -> None:
    cases = [
        ('pattern = "ready_declared"', 'pattern = "ready_declard"', "award calling: pattern must be a pattern of the "
         "library (mjscore.scoring.patterns), not 'ready_declard' (did you mean 'ready_declared'?)"),
        ('replaces = ["calling_by_pairs",', 'replaces = ["calling_by_pair",',
         "award heavenly_hand: replaces is not an award of this ruleset: 'calling_by_pair'"),
        ("hand_size = 16", "hand_size = 15", "ruleset: hand_size must be 13 or 16, not 15"),
        ('name = { en = "LRC Taiwanese (16 tiles)", zh-Hans = "LRC 台湾麻将", ',
         'name = { en = "LRC Taiwanese (16 tiles)", ', "ruleset: name: missing key 'zh-Hans'"),
        ('id = "calling"', 'id = "dealer_streak"', "award dealer_streak: id is used by an earlier award too"),
    ]
    for old, new, message in cases:
        changed = LRC_TEXT.replace(old, new, 1)
        assert changed != LRC_TEXT, old
        line = _line(changed, new, after=new + "\n") if new.startswith("id =") else _line(changed, new)  # the second row
        assert _refused(_club(tmp_path, changed)) == f"club.toml line {line}: {message}"


def test_bytes_that_are_not_utf8_are_refused_with_their_offset(tmp_path: Path) -> None:
    data = LRC_TEXT.encode()
    (tmp_path / "club.toml").write_bytes(data[:1000] + b"\xff" + data[1000:])
    line = data[:1000].count(b"\n") + 1
    assert _refused(tmp_path / "club.toml") == f"club.toml line {line}: not UTF-8: byte 0xff at offset 1000"
    (tmp_path / "house.toml").write_bytes(b"base = 10\n# caf\xe9\n")
    (tmp_path / "house.json").write_bytes(b'{"base": "\xc3"}')
    for name, place, offset in (("house.toml", "house.toml line 2", 15), ("house.json", "house.json", 10)):
        message = rf"^{re.escape(place)}: not UTF-8: byte 0x[0-9a-f]{{2}} at offset {offset}$"
        with pytest.raises(mjscore.RulesetError, match=message):
            mjscore.read_house_rules(tmp_path / name)
        args = ["score", "--win-tile", "8s", "123m 456m 789p 234s 67s 99p", "--rules", str(tmp_path / name)]
        result = runner.invoke(app, args)
        assert result.exit_code == 2 and result.stderr.startswith(f"error: {place}: not UTF-8")
        assert "Traceback" not in result.output


def test_a_file_too_large_or_not_toml_or_missing_is_refused_in_one_line(tmp_path: Path) -> None:
    big = _club(tmp_path, "# " + "x" * MAX_BYTES + "\n")
    assert _refused(big) == f"{big}: larger than 1,048,576 bytes, the most a ruleset file may have"
    assert _refused(_club(tmp_path, "[ruleset\n")).startswith("club.toml: not valid TOML: ")
    assert _refused(tmp_path / "none.toml") == f"no such file: {tmp_path / 'none.toml'}"
    assert _refused(_club(tmp_path, "")) == "club.toml: missing key 'ruleset' (and 1 more problem)"


def test_json_house_rules_name_the_path_and_refuse_repeated_keys_and_nan(tmp_path: Path) -> None:
    hefen = mjscore.get_ruleset("hefen")
    cases = [
        ('{"awards": {"seabed": {"points": 30, "enable": true}}}',
         "house.json: awards.seabed: unknown key 'enable' (did you mean 'enabled'?)"),
        ('{"awards": {"seabed": "30"}}', "house.json: awards.seabed must be a number, true/false, or a table, not '30'"),
        ('{"base": 10, "base": 20}', "house.json: the key 'base' appears twice in one object"),
        ('{"stake": NaN}', "house.json: NaN is not a number in JSON"),
        ('{"minimum": {"E": 20, "X": 30}}', "house.json: minimum: 'X' is not a round wind (E, S, W, N)"),
        ('[1, 2]', "house.json: a house rules file is a JSON object {...}, not an array"),
        ('{"limit": true}', "house.json: limit must be false, not true"),
        ('{"awards": {"sea_bed": 30}}', "house.json: ruleset hefen has no award 'sea_bed' (did you mean 'seabed'?)"),
    ]
    for text, message in cases:
        path = _club(tmp_path, text, "house.json")
        with pytest.raises(mjscore.RulesetError) as error:
            mjscore.resolve_ruleset("hefen", house_rules=path)
        assert str(error.value) == message
    assert mjscore.resolve_ruleset("hefen", _club(tmp_path, '{"awards": {"seabed": 30}}', "house.json")).award(
        "seabed").points == 30 != hefen.award("seabed").points


def test_toml_house_rules_name_the_line(tmp_path: Path) -> None:
    path = _club(tmp_path, "base = 10\n\n[awards]\ncalling = { points = 10, enable = true }\n", "house.toml")
    with pytest.raises(mjscore.RulesetError) as error:
        mjscore.read_house_rules(path)
    assert str(error.value) == "house.toml line 4: awards.calling: unknown key 'enable' (did you mean 'enabled'?)"


# ----- a club's own ruleset file


def test_the_example_club_file_extends_lrc() -> None:
    lrc = mjscore.get_ruleset("lrc")
    club = mjscore.load_ruleset_file(CLUB)
    assert (club.id, club.name.en) == ("jade_garden", "Jade Garden club (LRC)")
    assert club.version == f"Jade Garden 2026 (extends lrc: {lrc.version})"
    assert (club.award("calling").points, club.award("calling").enabled) == (10, True)
    assert club.award("seabed").points == 15 and club.limit == 300 and club.base == lrc.base
    assert [a.id for a in club.awards] == [a.id for a in lrc.awards] + ["lucky_eights"]
    unchanged = [a for a in club.awards if a.id not in ("calling", "seabed", "lucky_eights")]
    assert unchanged == [a for a in lrc.awards if a.id not in ("calling", "seabed")]
    assert club.overrides == () and lrc.award("calling").points == 5  # the shipped ruleset is untouched


def test_the_club_file_scores_its_own_awards() -> None:
    club = mjscore.load_ruleset_file(CLUB)
    hand = mjscore.Hand.from_dict({"seat": "S", "concealed": "123m 456m 789p 234s 67s 88p", "win_tile": "8s",
                                   "win": "discard", "discarder": "E", "ready_declared": True})
    lrc_awards = {a.id: a.value for a in mjscore.score(hand, "lrc").awards}
    club_awards = {a.id: a.value for a in mjscore.score(hand, club).awards}
    # LRC: Good Eyes 2 (a pair of 8s), Calling switched off. The club: Lucky Eights 8 replaces Good
    # Eyes, Calling is on at 10; the other rows are LRC's.
    assert lrc_awards.pop("good_eyes") == 2 and "calling" not in lrc_awards
    assert club_awards.pop("lucky_eights") == 8 and club_awards.pop("calling") == 10
    assert club_awards == lrc_awards


def test_the_names_of_the_example_are_in_three_languages() -> None:
    convert = traditional
    club = mjscore.load_ruleset_file(CLUB)
    new = club.award("lucky_eights")
    for text in (club.name, new.name, new.help):
        assert text.en and convert(text.zh_hans) == text.zh_hant


@pytest.mark.parametrize(("text", "message"), [
    ('[ruleset]\nid = "club"\nextends = "lcr"\n',
     "club.toml line 3: ruleset: extends must be a shipped ruleset (fourwinds, hefen, lrc, mcr, riichi, taiwan), not 'lcr'"),
    ('[ruleset]\nid = "lrc"\nextends = "lrc"\n',
     "club.toml line 2: ruleset: id is a shipped ruleset's ('lrc'): give your file its own id"),
    ('[ruleset]\nid = "club"\nextends = "lrc"\nbase = "5"\n', "club.toml line 4: ruleset: base must be a whole number, not '5'"),
    ('[ruleset]\nid = "club"\nextends = "lrc"\nhand_size = 13\n',
     "club.toml line 4: ruleset: unknown key 'hand_size'"),
    ('[ruleset]\nid = "club"\nextends = "lrc"\n[[award]]\nid = "lucky"\npoints = 8\n',
     "club.toml line 4: award lucky: missing key 'name' (and 2 more problems)"),
    ('[ruleset]\nid = "club"\nextends = "lrc"\n[[award]]\nid = "seabed"\npoint = 8\n',
     "club.toml line 6: award seabed: unknown key 'point' (did you mean 'points'?)"),
    ('[ruleset]\nid = "club"\nextends = "lrc"\n[[award]]\nid = "seabed"\npoints = 8\n[[award]]\nid = "seabed"\n',
     "club.toml line 8: award seabed: id is changed by an earlier row of this file too"),
    ('[ruleset]\nid = "club"\nextends = "lrc"\n[[award]]\nid = "seabed"\npattern = "eyes_of_rank"\n',
     "club.toml line 4: award seabed: params: missing key 'ranks' (pattern eyes_of_rank needs it)"),
    ('[ruleset]\nid = "club"\nextends = "lrc"\n[[award]]\nid = "seabed"\nparams = { self_drawn = true, count = 1 }\n',
     "club.toml line 6: award seabed: params: unknown key 'count' (pattern last_tile takes self_drawn)"),
    ('[ruleset]\nid = "club"\nextends = "lrc"\n[[award]]\nid = "good_eyes"\nparams = { ranks = 8 }\n[[award]]\nid = "x"\n',
     "club.toml line 6: award good_eyes: params.ranks must be a list (an array), not 8"),
])
def test_a_bad_club_file_is_refused_in_one_line(tmp_path: Path, text: str, message: str) -> None:
    assert _refused(_club(tmp_path, text)) == message


def test_a_club_file_changes_settings_and_a_pattern(tmp_path: Path) -> None:
    text = ('[ruleset]\nid = "club"\nextends = "hefen"\nminimum = false\nlimit = 200\nstake = "0.5"\n'
            '[[award]]\nid = "elephant_eyes"\npattern = "eyes_of_rank"\nparams = { ranks = [5] }\ngroup = "eyes"\n'
            '[[table_payment]]\nid = "triple_dice"\nenabled = false\n')
    club = mjscore.load_ruleset_file(_club(tmp_path, text))
    hefen = mjscore.get_ruleset("hefen")
    assert (club.minimum, club.limit, str(club.stake)) == (None, 200, "0.5") and hefen.minimum is not None
    eyes = club.award("elephant_eyes")
    assert (eyes.pattern, dict(eyes.params), eyes.group) == ("eyes_of_rank", {"ranks": [5]}, "eyes")
    assert eyes.name == hefen.award("elephant_eyes").name and eyes.points == 2
    assert not club.table_payment("triple_dice").enabled and hefen.table_payment("triple_dice").enabled
    assert club.version == f"extends hefen: {hefen.version}"


def test_resolve_ruleset_is_the_one_place_a_ruleset_and_its_house_rules_meet(tmp_path: Path) -> None:
    assert mjscore.resolve_ruleset() is mjscore.get_ruleset(mjscore.DEFAULT_RULESET)
    assert mjscore.resolve_ruleset("mcr") is mjscore.get_ruleset("mcr")
    house = _club(tmp_path, "base = 10\n", "house.toml")
    for rules in (mjscore.resolve_ruleset("lrc", {"base": 10}), mjscore.resolve_ruleset("lrc", house)):
        assert (rules.id, rules.base, rules.overrides) == ("lrc", 10, ("base = 10",))
    club = mjscore.resolve_ruleset("mcr", {"awards": {"calling": False}}, ruleset_file=CLUB)
    assert club.id == "jade_garden" and not club.award("calling").enabled and club.overrides == ("calling off",)


def test_the_cli_ruleset_file_wins_over_the_records_ruleset(tmp_path: Path) -> None:
    record = _club(tmp_path, json.dumps({"ruleset": "hefen", "seat": "S", "concealed": "123m 456m 789p 234s 67s 88p",
                                         "win_tile": "8s", "win": "discard", "discarder": "E"}), "hand.json")
    data = json.loads(runner.invoke(app, ["score", str(record), "--ruleset-file", str(CLUB), "--format", "json"]).stdout)
    assert data["ruleset"]["id"] == "jade_garden" and data["base"]["points"] == 5
    assert {a["id"] for a in data["awards"]} >= {"lucky_eights"}
    waits = runner.invoke(app, ["waits", str(record), "--ruleset-file", str(CLUB), "--format", "json"])
    assert [w["tile"] for w in json.loads(waits.stdout)] == ["5s", "8s"]
    assert all("lucky_eights" in {a["id"] for a in w["awards"]} for w in json.loads(waits.stdout))
    bad = runner.invoke(app, ["score", str(record), "--ruleset-file", str(ROOT / "examples" / "club-misspelt.toml")])
    assert bad.exit_code == 2
    assert bad.stderr == "error: club-misspelt.toml line 13: award calling: unknown key 'enable' (did you mean 'enabled'?)\n"


# ----- replaces and ranks (issue 28)


def test_an_award_that_replaces_itself_is_refused(tmp_path: Path) -> None:
    text = '[ruleset]\nid = "club"\nextends = "lrc"\n[[award]]\nid = "seabed"\nreplaces = ["seabed"]\n'
    assert _refused(_club(tmp_path, text)) == "club.toml line 6: award seabed: replaces cannot name the award itself ('seabed')"


def test_a_replaces_cycle_is_refused_with_the_cycle(tmp_path: Path) -> None:
    text = ('[ruleset]\nid = "club"\nextends = "lrc"\n[[award]]\nid = "seabed"\nreplaces = ["within_ten"]\n'
            '[[award]]\nid = "within_ten"\nreplaces = ["seabed"]\n')
    assert _refused(_club(tmp_path, text)) == \
        "club.toml line 9: award within_ten: replaces cannot make a cycle: within_ten -> seabed -> within_ten"


def test_a_longer_replaces_cycle_in_a_complete_file_is_refused(tmp_path: Path) -> None:
    # heavenly_hand replaces calling_by_pairs (lrc.toml); calling_by_pairs replacing it back closes the cycle.
    changed = LRC_TEXT.replace('id = "calling_by_pairs"\n', 'id = "calling_by_pairs"\nreplaces = ["heavenly_hand"]\n', 1)
    line = _line(changed, 'replaces = ["heavenly_hand"]')
    assert _refused(_club(tmp_path, changed)) == (
        f"club.toml line {line}: award calling_by_pairs: replaces cannot make a cycle: "
        "calling_by_pairs -> heavenly_hand -> calling_by_pairs")


@pytest.mark.parametrize(("ranks", "problem"), [
    ("[99]", "params.ranks[1] must be at most 9, not 99"),
    ("[2, 0]", "params.ranks[2] must be at least 1, not 0"),
])
def test_a_rank_out_of_range_is_refused(tmp_path: Path, ranks: str, problem: str) -> None:
    changed = LRC_TEXT.replace("params = { ranks = [2, 5, 8] }", f"params = {{ ranks = {ranks} }}")
    line = _line(changed, f"params = {{ ranks = {ranks} }}")
    assert _refused(_club(tmp_path, changed)) == f"club.toml line {line}: award good_eyes: {problem}"


# ----- the award table in the reader's language (issue 29): [groups] and [source_notes]


def test_a_club_file_names_its_groups_and_notes_in_chinese_or_shows_them_as_written(tmp_path: Path) -> None:
    text = """[ruleset]
id = "club"
extends = "lrc"
version = "Friday sheet 2"

[[award]]
id = "lucky_eyes"
points = 3
name = { en = "Lucky eyes", zh-Hans = "幸运将眼", zh-Hant = "幸運將眼" }
help = { en = "Eyes of 8s.", zh-Hans = "一对八条。", zh-Hant = "一對八條。" }
source = "Friday sheet, Eyes"
pattern = "never"
group = "lucky"
"""
    plain = mjscore.load_ruleset_file(_club(tmp_path, text))
    award = next(a for a in plain.to_dict("zh-Hant")["awards"] if a["id"] == "lucky_eyes")
    assert (award["group_name"], award["source_note"]) == ("lucky", "Friday sheet, Eyes")  # as written
    assert next(a for a in plain.to_dict("zh-Hant")["awards"] if a["id"] == "flower")["group_name"] is None
    named = mjscore.load_ruleset_file(_club(tmp_path, text + """
[groups]
lucky = { en = "Lucky", zh-Hans = "吉祥", zh-Hant = "吉祥" }

[source_notes]
"Friday sheet, Eyes" = { zh-Hans = "周五计分表，将眼", zh-Hant = "週五計分表，將眼" }
"Friday sheet 2" = { zh-Hans = "周五计分表第 2 版", zh-Hant = "週五計分表第 2 版" }
"""))
    table = named.to_dict("zh-Hant")
    award = next(a for a in table["awards"] if a["id"] == "lucky_eyes")
    assert (award["group_name"], award["source_note"]) == ("吉祥", "週五計分表，將眼")
    assert next(a for a in table["awards"] if a["group"] == "winds")["group_name"] == "風牌"  # lrc's, kept
    assert named.note("Friday sheet 2", "zh-Hans") == "周五计分表第 2 版"
    assert table["version_name"] == named.version  # the club's version says what it extends, in English


def test_a_misspelt_group_or_note_is_refused_with_its_line(tmp_path: Path) -> None:
    from mjscore.scoring.loading import load_ruleset

    cases = [
        ("[groups]\n", 'wind = { en = "Winds", zh-Hans = "风", zh-Hant = "風" }\n', "groups.wind",
         "no award or table payment is in this group"),
        ("[source_notes]\n", '"seed 000, Flower" = { zh-Hans = "花", zh-Hant = "花" }\n', "seed 000, Flower",
         "is neither a row's source nor the version"),
    ]
    for table, added, key, problem in cases:
        text = LRC_TEXT.replace(table, table + added, 1)
        with pytest.raises(mjscore.RulesetError) as error:
            load_ruleset(_club(tmp_path, text))
        line = _line(text, added.strip())
        assert str(error.value).startswith(f"club.toml line {line}: "), str(error.value)
        assert key in str(error.value) and problem in str(error.value), str(error.value)
