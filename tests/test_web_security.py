"""Who may use the web app (issue 12): allowed hosts, the club passphrase and its sessions, cross-site
writes, security headers, and `mjscore serve` refusing to start unsafely or on a taken port."""

from __future__ import annotations

import re
import socket
from collections.abc import Iterator
from pathlib import Path

import pytest
from click.testing import CliRunner
from fastapi.testclient import TestClient

from mjscore.interfaces.cli import app as cli
from mjscore.interfaces.web import create_app
from mjscore.interfaces.web.app import STATIC
from mjscore.interfaces.web.security import COOKIE, Access
from mjscore.scorekeeper import Scorekeeper

PASSPHRASE = "red dragon pung"
PLAYERS = {"players": ["Ann", "Bo", "Cy", "Di"]}


@pytest.fixture
def keeper(tmp_path: Path) -> Iterator[Scorekeeper]:
    opened = Scorekeeper.open(f"sqlite:///{tmp_path / 'tables.sqlite3'}")
    yield opened
    opened.close()


@pytest.fixture
def club(keeper: Scorekeeper) -> TestClient:
    """The app as `serve --host 0.0.0.0 --passphrase ...` runs it, reached at 192.168.1.20."""
    return TestClient(create_app(keeper, access=Access.of(["192.168.1.20"], PASSPHRASE)),
                      base_url="http://192.168.1.20:8000")


def test_only_the_allowed_host_names_are_answered(keeper: Scorekeeper) -> None:
    client = TestClient(create_app(keeper), base_url="http://localhost")
    for host in ("localhost", "127.0.0.1:8000", "[::1]:8000", "LOCALHOST:80"):
        assert client.get("/api/tiles", headers={"host": host}).status_code == 200, host
    rebound = client.get("/api/tables", headers={"host": "attacker.example"})
    assert rebound.status_code == 400
    assert rebound.json()["message"] == ("this server does not answer to the host 'attacker.example': start it with "
                                         "--allowed-host attacker.example if that is its name")


def test_every_answer_carries_the_security_headers(keeper: Scorekeeper) -> None:
    client = TestClient(create_app(keeper), base_url="http://localhost")
    for path in ("/tables/1", "/api/tables", "/static/table.js", "/no/such/page"):
        headers = client.get(path).headers
        assert headers["x-frame-options"] == "DENY" and headers["x-content-type-options"] == "nosniff"
        assert headers["referrer-policy"] == "no-referrer"
        assert "frame-ancestors 'none'" in headers["content-security-policy"]
        assert "script-src 'self';" in headers["content-security-policy"]


def test_the_pages_need_no_inline_script_or_style_the_policy_would_block() -> None:
    for page in [*STATIC.glob("*.html"), *STATIC.glob("*.js")]:
        text = page.read_text(encoding="utf-8")
        assert not re.search(r"<script(?![^>]*\bsrc=)[^>]*>", text), page.name
        assert not re.search(r"\son[a-z]+=[\"']", text), page.name
        assert not re.search(r"<style|\sstyle=", text), page.name


def test_the_tables_need_the_club_passphrase_but_scoring_does_not(club: TestClient) -> None:
    assert club.get("/api/tables").status_code == 401
    refused = club.post("/api/tables", json=PLAYERS)
    assert refused.status_code == 401 and refused.json()["type"] == "NotJoined"
    assert club.get("/api/rulesets").status_code == 200 and club.get("/tables").status_code == 200
    wrong = club.post("/api/session", json={"passphrase": "white dragon", "device": "Bo's phone"})
    assert wrong.status_code == 403 and COOKIE not in wrong.cookies
    joined = club.post("/api/session", json={"passphrase": PASSPHRASE, "device": "Bo's phone"})
    assert joined.status_code == 200
    assert "httponly" in joined.headers["set-cookie"].lower() and "samesite=strict" in joined.headers["set-cookie"].lower()
    table = club.post("/api/tables", json=PLAYERS).json()
    club.post(f"/api/tables/{table['id']}/draws", json={"request_id": "r1"})
    assert [c["by"] for c in club.get(f"/api/tables/{table['id']}/log").json()] == ["web Bo's phone (testclient)"] * 2


def test_a_forged_or_old_session_is_not_accepted(keeper: Scorekeeper, club: TestClient) -> None:
    token = Access.of([], PASSPHRASE).session("Bo's phone")
    body, signature = token.rsplit(".", 1)
    forged = Access.of([], PASSPHRASE).session("Ann's phone").rsplit(".", 1)[0] + "." + signature
    club.cookies.set(COOKIE, forged)
    assert club.get("/api/tables").status_code == 401
    club.cookies.set(COOKIE, Access.of([], "another passphrase").session("Bo's phone"))
    assert club.get("/api/tables").status_code == 401  # changing the passphrase signs every device out
    club.cookies.set(COOKIE, Access.of([], PASSPHRASE).session("Bo's phone", now=1.0))
    assert club.get("/api/tables").status_code == 401  # expired
    club.cookies.set(COOKIE, token)
    assert club.get("/api/tables").status_code == 200


def test_guessing_the_passphrase_is_slowed_down(club: TestClient) -> None:
    for _ in range(10):
        assert club.post("/api/session", json={"passphrase": "guess", "device": "x"}).status_code == 403
    assert club.post("/api/session", json={"passphrase": PASSPHRASE, "device": "x"}).status_code == 429


def test_a_change_sent_from_another_site_is_refused(club: TestClient) -> None:
    club.post("/api/session", json={"passphrase": PASSPHRASE, "device": "Bo's phone"})
    answer = club.post("/api/tables", json=PLAYERS, headers={"origin": "http://attacker.example"})
    assert answer.status_code == 403 and answer.json()["type"] == "CrossSite"
    assert club.post("/api/tables", json=PLAYERS, headers={"origin": "http://192.168.1.20:8000"}).status_code == 201


def test_serve_beyond_this_machine_needs_a_passphrase(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("MJSCORE_PASSPHRASE", raising=False)
    result = CliRunner().invoke(cli, ["serve", "--host", "0.0.0.0"])
    assert result.exit_code == 2
    assert result.output == ("error: --host 0.0.0.0 lets every device on the network use the tables: set a club "
                             "passphrase with --passphrase or MJSCORE_PASSPHRASE (at least 8 characters)\n")
    short = CliRunner().invoke(cli, ["serve", "--host", "0.0.0.0", "--passphrase", "abc"])
    assert (short.exit_code, short.output) == (2, "error: --passphrase: at least 8 characters, not 3\n")


def test_serve_on_a_port_already_taken_is_one_line() -> None:
    with socket.socket() as taken:
        taken.bind(("127.0.0.1", 0))
        taken.listen()
        port = taken.getsockname()[1]
        result = CliRunner().invoke(cli, ["serve", "--port", str(port)])
    assert result.exit_code == 2
    assert result.output == (f"error: port {port} on 127.0.0.1 is already in use (another mjscore serve?): stop it or "
                             "choose another with --port\n")
