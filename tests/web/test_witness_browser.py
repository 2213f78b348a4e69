"""The phones as witnesses (issue 38): a server whose database and anchor were both put back to an
earlier evening (a backup of both, restored together) shows every table as it was then, and its
own checks pass; but a phone that watched the table saw the newer head, and says so. A phone that
only ever saw the older head says nothing."""

from __future__ import annotations

import json
import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import pytest
from browsing import PHONE
from browsing import serving as _serving
from playwright.sync_api import Browser, Page, expect
from sqlalchemy import create_engine, text

from mjscore.interfaces.web import create_app
from mjscore.scorekeeper import Scorekeeper, TableSettings
from mjscore.scorekeeper.anchor import anchor_path


def _seen(page: Page, version: int) -> None:
    """Wait until the page has kept, as a witness, the table's head at ``version``."""
    for _ in range(100):
        kept = json.loads(page.evaluate("() => localStorage.getItem('mjscore.witness') || '{}'"))
        if any(head["version"] == version for head in kept.values()):
            return
        time.sleep(0.1)
    pytest.fail(f"the page kept no head at version {version}")


@pytest.fixture
def served(tmp_path: Path) -> Iterator[tuple[Scorekeeper, str, Path]]:
    database = tmp_path / "club.sqlite3"
    keeper = Scorekeeper.open(f"sqlite:///{database}")
    with _serving(create_app(keeper)) as url:
        yield keeper, url, database
    keeper.close()


def test_a_phone_that_saw_a_newer_head_says_the_server_was_set_back(
        browser: Browser, served: tuple[Scorekeeper, str, Path], tmp_path: Path) -> None:
    keeper, url, database = served
    table = keeper.create_table(TableSettings.of("", ["Ann", "Bob", "Cat", "Dan"], "lrc")).id
    keeper.record_draw(table)
    engine = create_engine(f"sqlite:///{database}")
    with engine.connect() as connection:  # the backup of version 1: the table's head, and the anchor
        head = connection.execute(text(f"SELECT version, entries, head_hash, head_mac, totals FROM score_tables "
                                       f"WHERE id = {table}")).one()
    anchor = anchor_path(keeper.store.key.path)
    shutil.copy(anchor, tmp_path / "anchor-backup")
    keeper.record_draw(table)
    keeper.record_draw(table)

    witness = browser.new_context(viewport=PHONE, base_url=url, locale="en-GB").new_page()
    witness.goto(f"/tables/{table}")
    _seen(witness, 3)

    version, entries, head_hash, head_mac, totals = head  # database and anchor put back together
    with engine.begin() as connection:
        connection.execute(text(f"DELETE FROM table_entries WHERE table_id = {table} AND version > {version}"))
        connection.execute(text("UPDATE score_tables SET version = :v, entries = :e, head_hash = :h, head_mac = :m, "
                                "totals = :t WHERE id = :id"),
                           {"v": version, "e": entries, "h": head_hash, "m": head_mac,
                            "t": totals if isinstance(totals, str) else json.dumps(totals), "id": table})
    engine.dispose()
    keeper.store.anchor.close()
    shutil.copy(tmp_path / "anchor-backup", anchor)
    assert keeper.table(table).version == 1  # the server itself cannot tell

    witness.reload()
    expect(witness.locator(".bar-notice.set-back")).to_contain_text(
        "This phone saw version 3 of this table")
    expect(witness.locator(".bar-notice.set-back")).to_contain_text("the server now shows version 1")

    stranger = browser.new_context(viewport=PHONE, base_url=url, locale="en-GB").new_page()
    stranger.goto(f"/tables/{table}")
    _seen(stranger, 1)
    expect(stranger.locator(".bar-notice.set-back")).to_have_count(0)
