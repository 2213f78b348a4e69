"""A page of a table's history (issue 27, table reads): the table's head keeps its sums, signed, so
that the last entries are shown, with their running balances, from the rows they stand on alone,
whatever the history before them. A page must be the same as that part of the table read whole,
every row it shows must still be checked against the signed head, and a table kept before the sums
were (none stored) must read as before."""

from __future__ import annotations

import contextlib
import random
from dataclasses import replace
from typing import Any

import pytest
from fastapi.testclient import TestClient
from keeper_hands import FLOWERS, GONG, PLAIN, self_drawn

from mjscore.errors import TableError, TamperedTableError
from mjscore.interfaces.web import create_app
from mjscore.scorekeeper import Scorekeeper, TableSettings, storage
from mjscore.scorekeeper.exchange import view_to_dict

PLAYERS = ["Ann", "Bob", "Cat", "Dan"]


def _edit_row(keeper: Scorekeeper, table: int, seq: int, **values: Any) -> None:
    """Change stored values of change ``seq`` of the table's history, as one with the database can."""
    with keeper.store.transaction() as session:
        row = storage.entry_rows(session, table)[seq - 1]
        for name, value in values.items():
            setattr(row, name, value)


def _change(keeper: Scorekeeper, table: int, chance: random.Random) -> None:
    """One change a table sees in an evening, drawn at random: mostly a new entry, sometimes a
    correction of an earlier one (which re-settles those after it) or an undo. One the table refuses
    (a second flower set for a player in a hand, say) changes nothing."""
    length = keeper.table(table).ledger.length
    act = chance.random()
    correct = chance.randint(1, length) if length and act < 0.2 else None
    with contextlib.suppress(TableError):
        if length and 0.2 <= act < 0.3:
            keeper.undo(table)
        elif act < 0.6:
            winner, giver = chance.sample(PLAYERS, 2)
            record = chance.choice([PLAIN, GONG, FLOWERS, self_drawn(PLAIN)])
            keeper.record_win(table, record, winner, None if record["win"] == "self_draw" else giver, correct=correct)
        elif act < 0.8:
            keeper.record_draw(table, correct=correct)
        else:
            keeper.record_event(table, "mixed_flower_set", chance.choice(PLAYERS), correct=correct)


def _shown(view: Any, since_version: int | None = None, last: int | None = None) -> dict[str, Any]:
    return view_to_dict(view, "en", since_version, last=last)


def test_a_page_is_that_part_of_the_table_read_whole(keeper: Scorekeeper) -> None:
    """After each of 60 random changes (records, corrections, undos), every page asked for (the last
    1, 5 or 100 entries, those before an entry, those changed since a version) answers as the table
    read whole answers it: the same steps, running balances, deal, balances and length."""
    chance = random.Random(27)
    table = keeper.create_table(TableSettings.of("pages", PLAYERS, "lrc")).id
    for _ in range(60):
        _change(keeper, table, chance)
        whole = keeper.table(table)
        length = whole.ledger.length
        for last in (1, 5, 100):
            assert _shown(keeper.page(table, last=last), last=last) == _shown(whole, last=last)
        before = chance.randint(1, length + 1)
        paged = keeper.page(table, last=3, before=before)
        assert [s.number for s in paged.ledger.steps] == list(range(max(1, before - 3), before))
        assert paged.ledger.steps == whole.ledger.steps[max(0, before - 4):before - 1]
        since = chance.randint(0, whole.version)
        assert _shown(keeper.page(table, since_version=since), since) == _shown(whole, since)


def test_a_page_reads_the_rows_it_stands_on_not_the_history_before(
        keeper: Scorekeeper, monkeypatch: pytest.MonkeyPatch) -> None:
    """The last 5 entries of a table of 150 drawn hands are read from its last 5 rows, though a
    correction of entry 2 (a win by South: the deal of every later entry moves) wrote 149 rows after
    the 150 records: the 5 the page stands on are the last of them."""
    table = keeper.create_table(TableSettings.of("long", PLAYERS, "lrc")).id
    for _ in range(150):
        keeper.record_draw(table)
    keeper.record_win(table, PLAIN, "Bob", "Cat", correct=2)
    assert len(keeper.log(table)) == 150 + 1 + 148
    read: list[int] = []
    rows_from = storage.rows_from

    def counted(*args: Any) -> list[storage.EntryRow]:
        found = rows_from(*args)
        read.append(len(found))
        return found

    monkeypatch.setattr(storage, "rows_from", counted)
    page = keeper.page(table, last=5)
    assert [s.number for s in page.ledger.steps] == [146, 147, 148, 149, 150] and read == [5]
    assert page.ledger.steps == keeper.table(table).ledger.steps[-5:]


def test_a_row_the_page_shows_still_answers_to_the_signed_head(keeper: Scorekeeper) -> None:
    """An entry edited in the database is named by a page that shows it; one edited with its own
    hash made to match is named through the hash of the row after it, by a page of that row: every
    row from the page's first to the head is checked, and the head is signed."""
    table = keeper.create_table(TableSettings.of("", PLAYERS, "lrc")).id
    for _ in range(3):
        keeper.record_win(table, PLAIN, "Bob", "Cat")
    chain = keeper.chain(table)
    _edit_row(keeper, table, 2, actor="someone else")
    with pytest.raises(TamperedTableError, match=rf"^table {table}: entry 2 \(change 2\) was changed outside mjscore"):
        keeper.page(table, last=2)
    edited = replace(chain[1][0], actor="someone else").hash_after(table, chain[0][1])
    _edit_row(keeper, table, 2, hash=edited)
    with pytest.raises(TamperedTableError, match=rf"^table {table}: entry 3 \(change 3\) was changed outside mjscore"):
        keeper.page(table, last=1)


def test_changed_totals_are_named(keeper: Scorekeeper) -> None:
    """The balances a page shows come from the totals: changed in the database, the head's signature names them."""
    table = keeper.create_table(TableSettings.of("", PLAYERS, "lrc")).id
    keeper.record_win(table, PLAIN, "Bob", "Cat")
    with keeper.store.transaction() as session:
        row = storage.table_row(session, table)
        row.totals = {**row.totals, "points": [0, 100, -100, 0]}
    with pytest.raises(TamperedTableError, match=rf"^table {table}: .*does not carry the signature of the ledger key"):
        keeper.page(table, last=5)


def test_a_table_kept_before_its_totals_reads_whole_until_its_next_change(
        keeper: Scorekeeper) -> None:
    """A table whose head keeps no totals (changed last before they were kept, and signed so) reads
    as the whole table; its next change keeps them."""
    table = keeper.create_table(TableSettings.of("", PLAYERS, "lrc")).id
    keeper.record_win(table, PLAIN, "Bob", "Cat")
    keeper.record_draw(table)
    with keeper.store.transaction() as session:  # as a head was signed before totals were kept
        row = storage.table_row(session, table)
        row.totals = None
        row.head_mac = keeper.store.key.sign(row.id, row.version, row.entries, row.head_hash, row.settings_hash,
                                             (None, None, None), row.facts)
    assert _shown(keeper.page(table, last=1), last=1) == _shown(keeper.table(table), last=1)
    keeper.record_draw(table)
    with keeper.store.reading() as session:
        assert storage.table_row(session, table).totals is not None
    assert _shown(keeper.page(table, last=2), last=2) == _shown(keeper.table(table), last=2)


def test_the_api_answers_the_last_hundred_entries_and_pages_back(keeper: Scorekeeper) -> None:
    """GET /api/tables/{id} lists the last 100 entries and says so in ``page``; ``before`` and
    ``limit`` page back; the export lists them all, and an import refuses a page, naming it."""
    table = keeper.create_table(TableSettings.of("", PLAYERS, "lrc")).id
    for _ in range(103):
        keeper.record_draw(table)
    client = TestClient(create_app(keeper), base_url="http://localhost")
    shown = client.get(f"/api/tables/{table}").json()
    assert shown["length"] == 103 and shown["page"] == {"first": 4, "last": 103}
    assert [s["number"] for s in shown["history"]] == list(range(4, 104)) and len(shown["entries"]) == 100
    back = client.get(f"/api/tables/{table}", params={"before": 4, "limit": 10}).json()
    assert [s["number"] for s in back["history"]] == [1, 2, 3] and back["page"] == {"first": 1, "last": 3}
    exported = client.get(f"/api/tables/{table}/export").json()
    assert "page" not in exported and len(exported["entries"]) == 103
    refused = client.post("/api/tables/import", json=shown)
    assert refused.status_code == 422 and refused.json()["message"].startswith(
        f"page: this answer lists a part of table {table}'s history, not all of it")
    assert client.post("/api/tables/import", json=exported).status_code == 201


def test_a_page_asked_with_numbers_beyond_any_column_is_no_error(keeper: Scorekeeper) -> None:
    """A client's since_version or before past what a database column holds reads as "nothing
    since" and "to the end", not as a database error."""
    table = keeper.create_table(TableSettings.of("", PLAYERS, "lrc")).id
    keeper.record_draw(table)
    client = TestClient(create_app(keeper), base_url="http://localhost")
    huge = 2**70
    since = client.get(f"/api/tables/{table}", params={"since_version": huge})
    assert since.status_code == 200 and since.json()["history"] == [] and since.json()["length"] == 1
    before = client.get(f"/api/tables/{table}", params={"before": huge})
    assert before.status_code == 200 and [s["number"] for s in before.json()["history"]] == [1]
