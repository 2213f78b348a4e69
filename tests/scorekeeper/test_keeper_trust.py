"""A ledger nobody can forge, even with the server's own database (issue 38), tried as a hostile club
member who can edit the database (SQL on SQLite and PostgreSQL, or a copy of the file put back):
a forged history is never signed by an upgrade, a database set back to an earlier signed head is
named from the anchor beside the key, tournaments and the roster are signed like tables, imports
count once and only when they are the club's unaltered record, reads name what they leave out, and
a tamper is a finding the club can read, export and accept with a signed statement."""

from __future__ import annotations

import json
import shutil
import stat
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from alembic import command
from click.testing import CliRunner
from fastapi.testclient import TestClient
from keeper_hands import PLAIN
from sqlalchemy import create_engine, text

from mjscore.errors import AdoptionNeededError, MissingKeyError, StorageError, TableError, TamperedTableError
from mjscore.interfaces.cli import app
from mjscore.interfaces.web import create_app
from mjscore.scorekeeper import Adoption, Scorekeeper, TableSettings
from mjscore.scorekeeper.anchor import anchor_path
from mjscore.scorekeeper.audit import Change
from mjscore.scorekeeper.auditor import check
from mjscore.scorekeeper.ratings import club_games
from mjscore.scorekeeper.roster import GENESIS, RosterChange
from mjscore.scorekeeper.signing import default_key_path
from mjscore.scorekeeper.storage import migration_config
from mjscore.scorekeeper.tournaments import Tournaments, ema_csv

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]
SIXTEEN = ["Ann", "Bob", "Cat", "Dan", "Eve", "Fay", "Gus", "Hal"]


def _sql(database_url: str, *statements: str) -> list[Any]:
    """Run ``statements`` as someone who has the database (not the key) can; the last one's rows."""
    engine = create_engine(database_url.replace("postgresql://", "postgresql+psycopg://"))
    found: list[Any] = []
    with engine.begin() as connection:
        for statement in statements:
            result = connection.execute(text(statement))
            found = list(result) if result.returns_rows else []
    engine.dispose()
    return found


def _evening(keeper: Scorekeeper) -> int:
    """A table with a win (Bob on Cat's discard, 8 points) and two draws: version 3."""
    table = keeper.create_table(TableSettings.of("Friday", PLAYERS, "lrc")).id
    keeper.record_win(table, PLAIN, "Bob", "Cat")
    keeper.record_draw(table)
    keeper.record_draw(table)
    return table


def _head(database_url: str, table: int) -> list[Any]:
    """The table's head as the database keeps it: what a copy (a backup, the -wal file) holds."""
    return list(_sql(database_url, f"SELECT version, entries, head_hash, head_mac, totals FROM score_tables "
                                   f"WHERE id = {table}")[0])


def _put_back(database_url: str, table: int, head: list[Any]) -> None:
    """Put an earlier signed head back and delete the rows after it: a backup or -wal copy restored."""
    version, entries, head_hash, head_mac, totals = head
    totals_text = totals if isinstance(totals, str) else json.dumps(totals)
    _sql(database_url, f"DELETE FROM table_entries WHERE table_id = {table} AND version > {version}",
         f"UPDATE score_tables SET version = {version}, entries = {entries}, head_hash = '{head_hash}', "
         f"head_mac = '{head_mac}', totals = '{totals_text}' WHERE id = {table}")


# ----- 1. an upgrade never signs what it has not verified


def _rewrite_history(database_url: str, table: int) -> None:
    """Forge the table as one who has the database can: +500 points to Bob on entry 1, every hash of
    the chain recomputed, the head moved to the new last hash."""
    rows = _sql(database_url, f"SELECT seq, version, number, action, data, settled, created_at, actor, request_id "
                              f"FROM table_entries WHERE table_id = {table} ORDER BY seq")
    previous = _sql(database_url, f"SELECT settings_hash FROM score_tables WHERE id = {table}")[0][0]
    statements = []
    for seq, version, number, action, data, settled, at, actor, request in rows:
        data = data if isinstance(data, dict) or data is None else json.loads(data)
        settled = settled if isinstance(settled, dict) or settled is None else json.loads(settled)
        if seq == 1 and settled is not None:
            settled["transfers"][0]["points"] += 500
        change = Change(seq, version, number, action, data, settled, at, actor, request)
        previous = change.hash_after(table, previous)
        statements.append(f"UPDATE table_entries SET settled = '{json.dumps(settled)}', hash = '{previous}' "
                          f"WHERE table_id = {table} AND seq = {seq}")
    _sql(database_url, *statements, f"UPDATE score_tables SET head_hash = '{previous}' WHERE id = {table}")


def _set_schema_back(database_url: str, revision: str) -> None:
    """Make the schema look like ``revision``: drop what the later migrations add (as they undo it)."""
    engine = create_engine(database_url.replace("postgresql://", "postgresql+psycopg://"))
    config = migration_config()
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.downgrade(config, revision)
    engine.dispose()


@pytest.mark.parametrize("revision", ["0003", "0006"])
def test_a_forged_history_laundered_through_a_downgraded_schema_is_refused(database_url: str, revision: str) -> None:
    keeper = Scorekeeper.open(database_url)
    try:
        table = _evening(keeper)
        assert keeper.table(table).ledger.points == (0, 8, -8, 0)
    finally:
        keeper.close()
    _rewrite_history(database_url, table)
    _set_schema_back(database_url, revision)
    with pytest.raises(StorageError, match=rf"schema was set back to revision {revision}, below the one ledger key "
                                           rf"\w+ signed it at \(its table {table} was signed at version 3 on "):
        Scorekeeper.open(database_url)
    with pytest.raises(StorageError, match="schema was set back"):  # vouching does not launder it either
        Scorekeeper.open(database_url, adopt=Adoption("cli mallory", "trust me"))
    assert _sql(database_url, "SELECT version_num FROM alembic_version")[0][0] == revision  # nothing was migrated


def test_without_the_anchor_an_unsigned_database_waits_for_a_person_to_vouch(database_url: str) -> None:
    """A server whose anchor knows nothing of the database (a database from another server, or one
    an older mjscore kept): the upgrade signs nothing by itself, and says how to proceed."""
    keeper = Scorekeeper.open(database_url)
    try:
        _evening(keeper)
    finally:
        keeper.close()
    _set_schema_back(database_url, "0003")
    anchor_path(default_key_path()).unlink()
    with pytest.raises(AdoptionNeededError, match=r"holds records an older mjscore kept unsigned \(1 table never "
                                                  r"signed\): .*`mjscore ledger adopt --reason \"...\" --yes`$"):
        Scorekeeper.open(database_url)
    vouched = Scorekeeper.open(database_url, adopt=Adoption("cli director", "our own database, kept since 2025"))
    try:
        [statement] = vouched.statements()
        assert (statement.kind, statement.actor, statement.reason) == ("adopt", "cli director",
                                                                       "our own database, kept since 2025")
        assert statement.state == {"tables": 1}
        assert check(vouched).findings == ()
    finally:
        vouched.close()


# ----- 2. freshness from outside the database


def test_an_earlier_signed_head_put_back_is_named(database_url: str) -> None:
    keeper = Scorekeeper.open(database_url)
    try:
        table = keeper.create_table(TableSettings.of("", PLAYERS, "lrc")).id
        keeper.record_win(table, PLAIN, "Bob", "Cat")
        earlier = _head(database_url, table)  # what the -wal file or last night's backup holds
        keeper.record_draw(table)
        keeper.record_draw(table)
        _put_back(database_url, table, earlier)
        rolled = rf"^table {table} is at version 1, but version 3 was signed on \d{{4}}-\d\d-\d\d \d\d:\d\d:\d\d UTC: " \
                 "the database was set back"
        for read in (keeper.table, keeper.log, lambda t: keeper.page(t, last=5), keeper.record_draw):
            with pytest.raises(TamperedTableError, match=rolled):
                read(table)
        assert [f for f in check(keeper).findings if f.startswith(f"table {table} is at version 1")]
    finally:
        keeper.close()


def test_a_copy_of_the_sqlite_file_put_back_is_named(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The reproducer with the file itself: a copy taken after the first hand, put back after three."""
    database = tmp_path / "club.sqlite3"
    monkeypatch.setenv("MJSCORE_DATABASE_URL", f"sqlite:///{database}")
    runner = CliRunner()
    assert runner.invoke(app, ["table", "new", *PLAYERS]).exit_code == 0
    assert runner.invoke(app, ["table", "draw", "1"]).exit_code == 0
    backup = tmp_path / "backup.sqlite3"
    keeper = Scorekeeper.open(f"sqlite:///{database}")
    keeper.close()  # a checkpoint: the file alone holds version 1
    shutil.copy(database, backup)
    for _ in range(2):
        assert runner.invoke(app, ["table", "draw", "1"]).exit_code == 0
    for leftover in tmp_path.glob("club.sqlite3-*"):
        leftover.unlink()
    shutil.copy(backup, database)
    shown = runner.invoke(app, ["table", "show", "1"])
    assert shown.exit_code == 2 and shown.output.count("\n") == 1
    assert shown.output.startswith("error: table 1 is at version 1, but version 3 was signed on ")
    checked = runner.invoke(app, ["ledger", "check"])
    assert checked.exit_code == 1 and "finding: table 1 is at version 1, but version 3 was signed" in checked.output


def test_a_deleted_table_restored_and_a_table_removed_are_named(database_url: str) -> None:
    keeper = Scorekeeper.open(database_url)
    try:
        kept, removed = _evening(keeper), _evening(keeper)
        _sql(database_url, f"DELETE FROM score_tables WHERE id = {removed}")  # cascades to its history
        assert f"table {removed} was signed at version 3 on " in "\n".join(check(keeper).findings)
        assert check(keeper).findings[0].endswith("and is missing from the database: it was removed outside mjscore")
        assert keeper.table(kept).version == 3  # the others read as usual
    finally:
        keeper.close()


# ----- 3. tournaments and the roster are signed


@pytest.fixture
def cup(keeper: Scorekeeper) -> Iterator[Tournaments]:
    """An eight-player tournament after its first round, with a 10-point penalty for Ann."""
    tournaments = Tournaments(keeper)
    tournaments.create("Cup", SIXTEEN, ruleset="lrc", seed="cup", rounds=3, session_hands=1)
    seated = tournaments.seat("Cup")
    for table in seated.tables:
        keeper.record_win(table.table_id, PLAIN, table.names[1], table.names[2])
    tournaments.penalty("Cup", "Ann", 10, "late")
    yield tournaments


TOURNAMENT_EDITS = {
    "a penalty 10 -> 100": ["UPDATE tournament_penalties SET points = 100"],
    "a penalty deleted": ["DELETE FROM tournament_penalties"],
    "two seats swapped": ["UPDATE tournament_tables SET seats = '[2, 1, 3, 4]' WHERE number = 1"],
    "a round pointed at another table": ["UPDATE tournament_tables SET table_id = (SELECT MAX(table_id) FROM "
                                         "tournament_tables) WHERE number = 1"],
    "a seat naming a non-entrant": ["UPDATE tournament_tables SET seats = '[99, 2, 3, 4]' WHERE number = 1"],
    "a drop": ["UPDATE tournament_players SET dropped_after = 1 WHERE person = 2"],
}


@pytest.mark.parametrize("edit", list(TOURNAMENT_EDITS))
def test_a_tournament_changed_outside_mjscore_is_named(cup: Tournaments, database_url: str, edit: str) -> None:
    before = [(line.player, line.score, line.penalties) for line, _ in cup.standings("Cup").lines]
    assert ema_csv(cup.standings("Cup"))
    _sql(database_url, *TOURNAMENT_EDITS[edit])
    named = r"^tournament Cup was changed outside mjscore: it is not what was signed$"
    for read in (lambda: cup.standings("Cup"), lambda: cup.view("Cup"), lambda: cup.seat("Cup")):
        with pytest.raises(TamperedTableError, match=named):
            read()
    client = TestClient(create_app(cup.keeper), base_url="http://localhost")
    answer = client.get("/api/tournaments/Cup")
    assert answer.status_code == 422 and answer.json()["type"] == "TamperedTableError"
    assert "tournament Cup was changed outside mjscore" in "\n".join(check(cup.keeper).findings)
    if edit == "a seat naming a non-entrant":  # no statement makes it a tournament that can be played
        with pytest.raises(TableError, match=r"^tournament Cup cannot be accepted as it stands: round 1, table 1 "
                                             r"seats #99, who is not one of its players"):
            cup.accept("Cup", "the director checked the paper sheets", actor="cli director")
        return
    cup.accept("Cup", "the director checked the paper sheets", actor="cli director")
    assert cup.view("Cup").name == "Cup"  # accepted as it stands, with a statement
    assert cup.keeper.statements()[-1].state["findings"] == ["tournament Cup was changed outside mjscore: it is not "
                                                             "what was signed"]
    assert before  # the standings before the edit were read


def test_a_tournament_set_back_to_an_earlier_signed_state_is_named(cup: Tournaments, database_url: str) -> None:
    head = _sql(database_url, "SELECT version, digest, mac FROM ledger_heads WHERE record LIKE 'tournament:%'")[0]
    cup.penalty("Cup", "Bob", 5, "phone at the table")
    _sql(database_url, "DELETE FROM tournament_penalties WHERE points = 5",
         f"UPDATE ledger_heads SET version = {head[0]}, digest = '{head[1]}', mac = '{head[2]}' "
         "WHERE record LIKE 'tournament:%'")
    with pytest.raises(TamperedTableError, match=r"^tournament Cup is at version 3, but version 4 was signed on "):
        cup.view("Cup")


def _forge_roster(database_url: str, change: dict[str, Any]) -> None:
    """Append (or with ``seq`` of an existing row, replace) a roster row, every hash recomputed."""
    rows = _sql(database_url, "SELECT seq, action, person, other, name, seat, created_at, actor FROM roster_changes "
                              "ORDER BY seq")
    found = [RosterChange(seq, action, person, other, name, at, actor, seat)
             for seq, action, person, other, name, seat, at, actor in rows]
    if change["seq"] <= len(found):
        found[change["seq"] - 1] = RosterChange(**change)
    else:
        found.append(RosterChange(**change))
    previous = GENESIS
    statements = ["DELETE FROM roster_changes"]
    for row in found:
        previous = row.hash_after(previous)
        statements.append(
            "INSERT INTO roster_changes (seq, action, person, other, name, seat, created_at, actor, hash) VALUES "
            f"({row.seq}, '{row.action}', {row.person}, {'NULL' if row.other is None else row.other}, "
            f"{'NULL' if row.name is None else repr(row.name)}, {'NULL' if row.seat is None else row.seat}, "
            f"'{row.at}', '{row.actor}', '{previous}')")
    _sql(database_url, *statements)


@pytest.mark.parametrize("forgery", ["merge", "seat swap", "last rows deleted"])
def test_a_roster_changed_outside_mjscore_is_named(keeper: Scorekeeper, database_url: str, forgery: str) -> None:
    table = _evening(keeper)
    other = keeper.create_table(TableSettings.of("", ["Eve", "Fay", "Gus", "Hal"], "lrc")).id
    keeper.record_draw(other)
    count = len(keeper.roster_log())
    if forgery == "merge":  # Eve (5) merged into Bob (2), hashes recomputed
        _forge_roster(database_url, {"seq": count + 1, "action": "merge", "person": 5, "other": 2, "name": None,
                                     "at": "2026-12-06T20:00:00.000000Z", "actor": "cli mallory"})
    elif forgery == "seat swap":  # Ann and Bob swap seats at the first table
        first, second = keeper.roster_log()[4][0], keeper.roster_log()[5][0]
        _forge_roster(database_url, {**vars(first), "person": second.person})
        _forge_roster(database_url, {**vars(second), "person": first.person})
    else:
        _sql(database_url, f"DELETE FROM roster_changes WHERE seq > {count - 4}")
    named = r"^the roster was changed outside mjscore"
    for read in (keeper.roster, keeper.roster_log, lambda: club_games(keeper),
                 lambda: keeper.standings([table]), lambda: keeper.people_of(table)):
        with pytest.raises(TamperedTableError, match=named):
            read()
    ratings = CliRunner().invoke(app, ["ratings", "--database", database_url])
    assert ratings.exit_code == 2 and ratings.output.startswith("error: the roster was changed outside mjscore")


# ----- 4. imports count once, and only the club's unaltered records


def _export(client: TestClient, table: int) -> dict[str, Any]:
    answer = client.get(f"/api/tables/{table}/export")
    assert answer.status_code == 200
    exported: dict[str, Any] = answer.json()
    return exported


def test_rewritten_imports_do_not_lift_a_player(keeper: Scorekeeper) -> None:
    """The reproducer: an export with its signature removed and every hand rewritten, imported five
    times by a joined device, is refused as altered; marked, it is left out of the ratings, named."""
    table = _evening(keeper)
    client = TestClient(create_app(keeper), base_url="http://localhost")
    export = _export(client, table)
    forged = {k: v for k, v in export.items() if k != "signature"}
    forged["entries"] = [{**e, "winner": "Dan", "discarder": "Ann"} if e.get("kind") == "win" else e
                         for e in forged["entries"]]
    for _ in range(5):
        refused = client.post("/api/tables/import", json=forged)
        assert refused.status_code == 422 and refused.json()["message"].startswith(
            "the export was changed after it was exported: its signature (ledger key")
    for _ in range(5):
        assert client.post("/api/tables/import?if_altered=mark", json=forged).json()["imported"] == "altered"
    games = club_games(keeper)
    assert [g.table_id for g in games.games] == [table]
    assert len(games.left_out) == 5 and all("an import of an altered export, counted only when asked" in line
                                            for line in games.left_out)
    assert len(club_games(keeper, imports=True).games) == 6  # counted when asked, and said so
    key = export["signature"]["key"]
    one_byte = {**export, "signature": {**export["signature"], "key": ("1" if key[0] == "0" else "0") + key[1:]}}
    assert client.post("/api/tables/import", json=one_byte).status_code == 422  # a changed key is an altered export


def test_the_same_export_imported_three_times_counts_once(keeper: Scorekeeper) -> None:
    table = _evening(keeper)
    client = TestClient(create_app(keeper), base_url="http://localhost")
    export = _export(client, table)
    imported = [client.post("/api/tables/import", json=export).json() for _ in range(3)]
    assert [answer["imported"] for answer in imported] == ["unaltered"] * 3
    found = club_games(keeper)
    assert [g.table_id for g in found.games] == [table]  # the original; each copy named
    assert found.left_out == tuple(f"table {answer['id']}: a copy of table {table} of this club, counted once"
                                   for answer in imported)
    standings = keeper.standings(day=keeper.table(table).created_at[:10])
    assert len(standings.tables) == 1 and len(standings.left_out) == 3
    ratings = client.get("/api/ratings/left-out").json()["left_out"]
    assert len(ratings) == 3


# ----- 5. reads choose tables by signed facts, and name those they leave out


@pytest.mark.parametrize("edit", ["UPDATE score_tables SET entries = 0", "UPDATE table_sessions SET event = 'Other'"])
def test_a_table_whose_unsigned_columns_were_changed_is_named_not_dropped(keeper: Scorekeeper, database_url: str,
                                                                          edit: str) -> None:
    from mjscore.scorekeeper.sessions import SessionRule
    table = keeper.create_table(TableSettings.of("", PLAYERS, "lrc"), session_rule=SessionRule.of(event="Friday")).id
    keeper.record_win(table, PLAIN, "Bob", "Cat")
    other = keeper.create_table(TableSettings.of("", PLAYERS, "lrc"), session_rule=SessionRule.of(event="Friday")).id
    keeper.record_draw(other)
    _sql(database_url, f"{edit} WHERE {'id' if 'score_tables' in edit else 'table_id'} = {table}")
    found = club_games(keeper)
    assert [g.table_id for g in found.games] == [other]
    assert found.left_out[0].startswith(f"table {table}: its head (version 1, ")
    standings = keeper.standings(event="Friday")
    assert [t.id for t in standings.tables] == [other] and standings.left_out == found.left_out
    done = CliRunner().invoke(app, ["standings", "--event", "Friday", "--database", database_url])
    assert done.exit_code == 0 and f"left out: table {table}: its head" in done.output


# ----- 6. a tamper is a finding, not a dead end


def test_a_tampered_table_is_read_exported_and_accepted_as_it_stands(tmp_path: Path,
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    monkeypatch.setenv("MJSCORE_DATABASE_URL", url)
    keeper = Scorekeeper.open(url)
    try:
        table, other = _evening(keeper), _evening(keeper)
        _rewrite_history(url, table)  # +500 to Bob, every hash recomputed: the head's signature fails
        runner = CliRunner()
        refused = runner.invoke(app, ["table", "show", str(table)])
        assert refused.exit_code == 2 and "does not carry the signature of the ledger key" in refused.output
        shown = runner.invoke(app, ["table", "show", str(table), "--as-stored"])
        assert shown.exit_code == 0
        assert shown.output.startswith(f"TAMPERED: table {table}: its head (version 3, 3 entries) or its session "
                                       "was changed outside mjscore")
        assert "+508" in shown.output  # Bob's forged balance, shown as the rows hold it
        exported = json.loads(runner.invoke(app, ["table", "export", str(table), "--as-stored"]).output)
        assert exported["tampered"] and "signature" not in exported and exported["balances"][1]["points"] == 508
        client = TestClient(create_app(keeper), base_url="http://localhost")
        assert client.get(f"/api/tables/{table}/export?as_stored=true").json()["tampered"] == exported["tampered"]
        assert client.post("/api/tables/import", json=exported).json()["imported"] == "unverified"
        ratings = club_games(keeper)
        assert table not in [g.table_id for g in ratings.games] and other in [g.table_id for g in ratings.games]
        no_reason = runner.invoke(app, ["ledger", "accept", "table", str(table)])
        assert no_reason.exit_code == 2 and no_reason.output.startswith("error: --reason: say why")
        accepted = runner.invoke(app, ["ledger", "accept", "table", str(table), "--reason", "agreed at the table"])
        assert accepted.exit_code == 0 and accepted.output.startswith(f"accepted, statement 1: table {table} as it "
                                                                      "stands, by cli ")
        assert keeper.table(table).ledger.points == (0, 508, -508, 0)
        log = runner.invoke(app, ["ledger", "log"]).output.splitlines()
        assert log[0].endswith("agreed at the table") and log[1].startswith(f"   found: table {table}: its head")
        keeper.record_draw(table)  # the table goes on from its accepted state
        _sql(url, f"UPDATE table_entries SET actor = 'cli mallory' WHERE table_id = {table} AND seq = 2")
        with pytest.raises(TamperedTableError, match=rf"^table {table}: entry 2 \(change 2\) was changed outside"):
            keeper.table(table)  # any other edit is named again
        assert runner.invoke(app, ["ledger", "check"]).exit_code == 1
        nothing = runner.invoke(app, ["ledger", "accept", "table", str(other), "--reason", "why not"])
        assert nothing.exit_code == 2 and "there is nothing to accept" in nothing.output
    finally:
        keeper.close()


def test_a_missing_key_stops_with_where_it_was(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    url = f"sqlite:///{tmp_path / 'club.sqlite3'}"
    monkeypatch.setenv("MJSCORE_DATABASE_URL", url)
    keeper = Scorekeeper.open(url)
    try:
        _evening(keeper)
        fingerprint = keeper.store.key.fingerprint
    finally:
        keeper.close()
    key = default_key_path()
    key.unlink()
    with pytest.raises(MissingKeyError, match=rf"^the ledger key {key} is missing, and the database .* was signed by "
                                              rf"ledger key {fingerprint}: restore the key file \(and ledger.anchor "
                                              "beside it\\) from your backup"):
        Scorekeeper.open(url)
    assert not key.exists()  # no new key was made
    for args in (["table", "list"], ["ratings"], ["ledger", "check"]):
        done = CliRunner().invoke(app, args)
        assert done.exit_code == 2 and done.output.count("\n") == 1 and "is missing" in done.output, args


def test_the_database_and_the_anchor_are_readable_by_their_owner_only(tmp_path: Path) -> None:
    keeper = Scorekeeper.open(f"sqlite:///{tmp_path / 'club.sqlite3'}")
    try:
        _evening(keeper)
        files = [tmp_path / "club.sqlite3", tmp_path / "club.sqlite3-wal", anchor_path(keeper.store.key.path),
                 keeper.store.key.path]
        assert {f.name: stat.S_IMODE(f.stat().st_mode) for f in files} == {f.name: 0o600 for f in files}
    finally:
        keeper.close()


def test_an_anchor_edited_without_the_key_is_named(keeper: Scorekeeper) -> None:
    table = _evening(keeper)
    import sqlite3
    with sqlite3.connect(anchor_path(keeper.store.key.path)) as anchor:
        anchor.execute("UPDATE heads SET version = version - 1")
    with pytest.raises(StorageError, match=r"^the ledger anchor .* was changed outside mjscore: its row for table:"):
        keeper.table(table)


# ----- 7. storage errors are retryable


def test_a_locked_database_is_a_503_to_send_again(tmp_path: Path) -> None:
    import sqlite3
    path = tmp_path / "club.sqlite3"
    keeper = Scorekeeper.open(f"sqlite:///{path}", lock_timeout=0.1)
    try:
        table = keeper.create_table(TableSettings.of("", PLAYERS, "lrc")).id
        client = TestClient(create_app(keeper), base_url="http://localhost")
        holder = sqlite3.connect(path, isolation_level=None)
        holder.execute("BEGIN IMMEDIATE")  # another program holds the write lock
        try:
            answer = client.post(f"/api/tables/{table}/draws", json={"request_id": "draw-1"})
            assert answer.status_code == 503 and answer.headers["retry-after"] == "5"
            assert answer.json()["message"].endswith("cannot be used: database is locked")
        finally:
            holder.execute("ROLLBACK")
            holder.close()
        again = client.post(f"/api/tables/{table}/draws", json={"request_id": "draw-1"})
        assert again.status_code == 200 and again.json()["length"] == 1  # the same request, recorded once
    finally:
        keeper.close()


# ----- 8. the tables-an-hour limit follows the client


def test_joining_again_under_another_name_gives_no_fresh_tables(tmp_path: Path) -> None:
    from mjscore.interfaces.web.security import Access
    keeper = Scorekeeper.open(f"sqlite:///{tmp_path / 'club.sqlite3'}")
    try:
        client = TestClient(create_app(keeper, access=Access.of(passphrase="east wind"), max_tables_per_hour=2),
                            base_url="http://localhost", client=("192.168.1.20", 5000))
        for device in ("phone", "another name"):
            assert client.post("/api/session", json={"passphrase": "east wind", "device": device}).status_code == 200
            for _ in range(2 if device == "phone" else 1):
                opened = client.post("/api/tables", json={"players": PLAYERS},
                                     headers={"origin": "http://localhost"})
                if device == "phone":
                    assert opened.status_code == 201
        assert opened.status_code == 429 and "opened 2 tables in the last hour" in opened.json()["message"]
    finally:
        keeper.close()


def test_a_changes_cost_does_not_grow_with_the_history(keeper: Scorekeeper, monkeypatch: pytest.MonkeyPatch) -> None:
    """A record, a correction of the last entry and an undo read the last 100 entries' rows and the
    signed totals: the same rows at entry 120 as at entry 400 (benchmarks/tables.py times it)."""
    from mjscore.scorekeeper import storage
    read: list[int] = []
    rows_from = storage.rows_from
    monkeypatch.setattr(storage, "rows_from", lambda *a: (found := rows_from(*a), read.append(len(found)))[0])
    monkeypatch.setattr(storage, "entry_rows", lambda *a: pytest.fail("a change read the whole history"))
    table = keeper.create_table(TableSettings.of("", PLAYERS, "lrc")).id
    counts = {}
    for length in (120, 400):
        while keeper.page(table, last=0).ledger.length < length - 1:
            keeper.record_draw(table)
        read.clear()
        keeper.record_draw(table)
        keeper.record_draw(table, correct=length)
        keeper.undo(table)
        counts[length] = list(read)
    assert counts[120] == counts[400] and max(counts[400]) <= 100 + 2


def test_a_table_cannot_be_accepted_when_it_checks_or_without_a_reason(keeper: Scorekeeper) -> None:
    table = _evening(keeper)
    with pytest.raises(TableError, match="there is nothing to accept"):
        keeper.accept(table, "nothing happened")
    with pytest.raises(TableError, match="reason: say why"):
        keeper.accept(table, "  ")
