"""Fixtures: a scorekeeper on a fresh SQLite file and on a fresh database of a throwaway PostgreSQL server.

The PostgreSQL server is started once per test session from the Debian package's binaries
(``/usr/lib/postgresql/*/bin``), listening only on a unix socket in a temporary folder, as the
``postgres`` user when the tests run as root (PostgreSQL refuses to run as root); each test gets its
own database. There is no skipping: without the binaries the tests fail and say what to install.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import create_engine, text

from mjscore.scorekeeper import Scorekeeper

BACKENDS = ["sqlite", "postgresql"]


def _postgres_bin() -> Path:
    found = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=lambda p: int(p.parts[-3]))
    if not found:
        pytest.fail("PostgreSQL is not installed: run `apt-get update && apt-get install -y postgresql` "
                    "(the scorekeeper's tests run against a real PostgreSQL server)")
    return found[-1].parent


def _as_postgres(args: list[str]) -> list[str]:
    return ["runuser", "-u", "postgres", "--", *args] if os.geteuid() == 0 else args


@pytest.fixture(scope="session")
def postgres_socket() -> Iterator[str]:
    """The socket folder of a PostgreSQL server that lives for the test session."""
    binaries = _postgres_bin()
    root = Path(tempfile.mkdtemp(prefix="mjscore-pg-"))
    data, socket = root / "data", root / "socket"
    socket.mkdir()
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
        shutil.chown(socket, "postgres")
    subprocess.run(_as_postgres([str(binaries / "initdb"), "-D", str(data), "-U", "mjscore", "--auth=trust",
                                 "-E", "UTF8", "--locale=C"]), check=True, capture_output=True)
    options = f"-c listen_addresses='' -c unix_socket_directories={socket} -c fsync=off"
    subprocess.run(_as_postgres([str(binaries / "pg_ctl"), "-D", str(data), "-l", str(root / "log"), "-o", options,
                                 "-w", "start"]), check=True, capture_output=True)
    try:
        yield str(socket)
    finally:
        subprocess.run(_as_postgres([str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"]),
                       capture_output=True)
        shutil.rmtree(root, ignore_errors=True)


@pytest.fixture
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    """A URL of an empty database on the backend the test is parametrised with."""
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'tables.sqlite3'}"
        return
    socket = request.getfixturevalue("postgres_socket")
    name = f"t_{uuid.uuid4().hex}"
    admin = create_engine(f"postgresql+psycopg://mjscore@/postgres?host={socket}", isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    try:
        yield f"postgresql://mjscore@/{name}?host={socket}"
    finally:
        with admin.connect() as connection:
            connection.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
        admin.dispose()


def pytest_generate_tests(metafunc: pytest.Metafunc) -> None:
    """Run every test that uses a database on both backends."""
    if "database_url" in metafunc.fixturenames:
        metafunc.parametrize("database_url", BACKENDS, indirect=True)


@pytest.fixture
def keeper(database_url: str) -> Iterator[Scorekeeper]:
    opened = Scorekeeper.open(database_url)
    try:
        yield opened
    finally:
        opened.close()
