"""Upgrading a club's real database (issue 38): databases kept by mjscore before its club records were
signed (tests/data/databases, schema 0006, made with that version's own commands) open with this one.
What the upgrade can check it signs by itself; what only a person can vouch for (a rename, a
tournament) waits for ``mjscore ledger adopt``; a forged roster or the wrong key is refused; and the
evening reads as it did."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from click.testing import CliRunner

from mjscore.errors import AdoptionNeededError, StorageError, TamperedTableError
from mjscore.interfaces.cli import app
from mjscore.scorekeeper import Adoption, Scorekeeper
from mjscore.scorekeeper.auditor import check
from mjscore.scorekeeper.roster import GENESIS, RosterChange
from mjscore.scorekeeper.tournaments import Tournaments

DATABASES = Path(__file__).resolve().parents[1] / "data" / "databases"


def _copy(name: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> str:
    """A copy of the kept database ``name`` and its key; the URL, set for the commands too."""
    shutil.copy(DATABASES / f"{name}.sqlite3", tmp_path / f"{name}.sqlite3")
    shutil.copy(DATABASES / f"{name}.key", tmp_path / f"{name}.key")
    monkeypatch.setenv("MJSCORE_LEDGER_KEY", str(tmp_path / f"{name}.key"))
    url = f"sqlite:///{tmp_path / f'{name}.sqlite3'}"
    monkeypatch.setenv("MJSCORE_DATABASE_URL", url)
    return url


def test_a_database_of_tables_alone_upgrades_by_itself(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = _copy("plain", tmp_path, monkeypatch)
    keeper = Scorekeeper.open(url)
    try:
        friday = keeper.table(1)
        assert friday.settings.name == "Friday" and friday.ledger.points == (0, 8, -8, 0)  # Bob won 8 off Cat
        assert keeper.table(2).ledger.length == 1
        assert [m.person.name for m in keeper.roster()] == ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay"]
        assert keeper.statements() == [] and check(keeper).findings == ()
        keeper.record_draw(1)  # and the evening goes on
    finally:
        keeper.close()


@pytest.mark.parametrize("rehashed", [False, True])
def test_a_roster_forged_before_the_upgrade_is_refused(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                      rehashed: bool) -> None:
    """Ann's seat at table 2 given to Dan, the hashes left as they were or every one recomputed: the
    chain catches the first, the seats checked against the signed tables' players the second."""
    import sqlite3
    url = _copy("plain", tmp_path, monkeypatch)
    with sqlite3.connect(tmp_path / "plain.sqlite3") as database:
        rows = database.execute("SELECT seq, person FROM roster_changes WHERE action = 'seat' AND other = 2").fetchall()
        assert [person for _, person in rows] == [5, 6, 1, 2]  # Eve, Fay, Ann, Bob
        forged = rows[2][0]
        database.execute(f"UPDATE roster_changes SET person = 4 WHERE seq = {forged}")
        if rehashed:
            previous = GENESIS
            for row in database.execute("SELECT seq, action, person, other, name, seat, created_at, actor FROM "
                                        "roster_changes ORDER BY seq").fetchall():
                seq, action, person, other, name, seat, at, actor = row
                previous = RosterChange(seq, action, person, other, name, at, actor, seat).hash_after(previous)
                database.execute("UPDATE roster_changes SET hash = ? WHERE seq = ?", (previous, seq))
    if rehashed:
        with pytest.raises(StorageError, match=rf"^the roster's change {forged} seats #4 at table 2, whose player there "
                                               r"is 'Ann': the roster was changed outside mjscore"):
            Scorekeeper.open(url)
    else:
        with pytest.raises(TamperedTableError, match=rf"^the roster: change {forged} \(seat\) was changed outside"):
            Scorekeeper.open(url)


def test_the_wrong_key_is_named_before_anything_is_signed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = _copy("plain", tmp_path, monkeypatch)
    shutil.copy(DATABASES / "club.key", tmp_path / "plain.key")  # another database's key
    with pytest.raises(StorageError, match=r"none of the database's tables carries the signature of ledger key \w+ "
                                           r"\(.*plain.key\): this is not the database's key"):
        Scorekeeper.open(url)
    import sqlite3
    with sqlite3.connect(tmp_path / "plain.sqlite3") as database:  # nothing was migrated
        assert database.execute("SELECT version_num FROM alembic_version").fetchone() == ("0006",)


def test_a_tournament_and_a_rename_wait_for_a_person_to_vouch(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = _copy("club", tmp_path, monkeypatch)
    with pytest.raises(AdoptionNeededError, match=r"kept unsigned \(1 rename on the roster, 1 tournament\)"):
        Scorekeeper.open(url)
    runner = CliRunner()
    refused = runner.invoke(app, ["tournament", "standings", "Winter Cup"])
    assert refused.exit_code == 2 and refused.output.count("\n") == 1 and "mjscore ledger adopt" in refused.output
    shown = runner.invoke(app, ["ledger", "adopt"])
    assert shown.exit_code == 0 and shown.output.splitlines() == [
        "kept unsigned by an older mjscore: 1 rename on the roster, 1 tournament",
        'to sign them as they stand: mjscore ledger adopt --reason "..." --yes']
    adopted = runner.invoke(app, ["ledger", "adopt", "--reason", "our Winter Cup, checked against the sheets", "--yes"])
    assert adopted.exit_code == 0
    assert adopted.output.splitlines()[1].startswith("adopted, statement 1: signed as they stand, by cli ")
    keeper = Scorekeeper.open(url, adopt=Adoption("cli someone", "again"))  # nothing left to adopt: no statement
    try:
        [statement] = keeper.statements()
        assert statement.kind == "adopt" and statement.state == {"renames": 1, "tournaments": 1}
        lines = {entrant.person.name: (line.score, line.penalties, str(line.table_points))
                 for line, entrant in Tournaments(keeper).standings("Winter Cup").lines}
        assert lines["Harold"] == (8, 0, "4") and lines["Ann"] == (-10, 10, "7/4") and lines["Gus"] == (-8, 0, "0")
        assert check(keeper).findings == ()
    finally:
        keeper.close()
