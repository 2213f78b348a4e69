"""A busy, crashing evening: concurrent writers against ``mjscore serve`` while it is killed with
SIGKILL again and again, on SQLite or PostgreSQL (issue 28: nothing lost or duplicated, no 5xx, the
ledger still verifies).

Each writer records won and drawn hands on LRC tables, all writers on the same table at a time,
every change with a ``request_id`` of its own, and sends a change again (same id) until it is
answered: a connection refused or cut while the server is down, or an answer lost in the kill, is
a retry, never a second entry. Meanwhile the server is killed (``kill -9``: no clean shutdown, a
write may be cut in the middle) and started again at random moments. At the end::

    entries on each table == writers; in all == changes answered 2xx   (nothing lost or doubled)
    every 5xx answer counted (there must be none)
    `mjscore table show` and `table log` read sampled tables with no altered row (the signed chain holds)

Run by hand (it prints figures and exits 1 if any check fails)::

    PYTHONPATH=src .venv/bin/python tools/soak.py --database sqlite --writers 8 --tables 100 --kills 10
    PYTHONPATH=src .venv/bin/python tools/soak.py --database postgresql ...   # a throwaway server, as the tests start

The PostgreSQL server is started like ``tests/scorekeeper/conftest.py`` does (Debian's binaries, a
unix socket in a temporary folder). What the figures leave out: one table only (writers contend on
it, the worst case for the version check), writers on the same machine, no TLS.
"""

from __future__ import annotations

import argparse
import http.client
import json
import os
import random
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request
import uuid
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

PLAYERS = ["Ann", "Bo", "Cy", "Di"]
#: A hand every seat can win by self-draw in any round: All Sheung, concealed (LRC).
HAND = {"concealed": "123m 456m 789p 234s 67s 99p", "win_tile": "8s", "win": "self_draw"}


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


@dataclass
class Server:
    """``mjscore serve`` on a port, restarted after each kill."""

    url: str
    database: str
    folder: Path
    process: subprocess.Popen[bytes] | None = None
    starts: int = 0

    def environment(self) -> dict[str, str]:
        return {**os.environ, "MJSCORE_DATABASE_URL": self.database, "MJSCORE_LEDGER_KEY": str(self.folder / "ledger.key"),
                "XDG_DATA_HOME": str(self.folder / "data"), "XDG_CACHE_HOME": str(self.folder / "cache")}

    def start(self) -> None:
        port = self.url.rsplit(":", 1)[1]
        log = (self.folder / f"serve-{self.starts}.log").open("wb")
        self.process = subprocess.Popen([sys.executable, "-m", "mjscore", "serve", "--port", port,
                                         "--max-tables-per-hour", "1000"], env=self.environment(),
                                        stdout=log, stderr=subprocess.STDOUT)
        self.starts += 1
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(f"{self.url}/api/tiles", timeout=2).read()
                return
            except OSError:
                time.sleep(0.1)
        raise SystemExit(f"the server did not start: see {log.name}")

    def kill(self) -> None:
        assert self.process is not None
        self.process.kill()  # SIGKILL: no shutdown, no flush
        self.process.wait()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.terminate()
            self.process.wait(timeout=30)


@dataclass
class Tally:
    """What the writers saw, under a lock."""

    lock: threading.Lock = field(default_factory=threading.Lock)
    recorded: set[str] = field(default_factory=set)
    statuses: Counter[int] = field(default_factory=Counter)
    retries: int = 0
    refusals: list[str] = field(default_factory=list)

    def add(self, status: int, request_id: str | None = None, retry: bool = False) -> None:
        with self.lock:
            self.statuses[status] += 1
            self.retries += retry
            if request_id is not None:
                self.recorded.add(request_id)


def post(url: str, body: dict[str, Any]) -> tuple[int, Any]:
    request = urllib.request.Request(url, data=json.dumps(body).encode(), method="POST",
                                     headers={"Content-Type": "application/json"})
    try:
        with urllib.request.urlopen(request, timeout=30) as answer:
            return answer.status, json.loads(answer.read())
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode(errors="replace")


def writer(base: str, tables: list[int], seed: int, tally: Tally) -> None:
    """Record one change on each table in turn (a won or a drawn hand), each sent until it is answered
    2xx. Every writer walks the tables in the same order, so all of them write to one table at a time;
    each table takes one hand from each writer, fewer than a game has (a finished game refuses hands)."""
    rng = random.Random(seed)
    for table in tables:
        request_id = uuid.UUID(int=rng.getrandbits(128)).hex
        if rng.random() < 0.5:
            path, body = "wins", {"request_id": request_id, "hand": HAND, "winner": rng.choice(PLAYERS)}
        else:
            path, body = "draws", {"request_id": request_id}
        retry = False
        while True:
            try:
                status, answer = post(f"{base}/api/tables/{table}/{path}", body)
            except (OSError, ValueError, http.client.HTTPException):  # refused, reset or cut mid-answer: the server is down
                tally.add(0, retry=retry)
                retry = True
                time.sleep(0.05)
                continue
            if 200 <= status < 300:
                tally.add(status, request_id, retry)
                break
            tally.add(status, retry=retry)
            if status < 500 and status not in (409, 429):
                with tally.lock:
                    tally.refusals.append(f"{path} refused with {status}: {answer}")
                return
            retry = True
            time.sleep(0.05)


def throwaway_postgres(root: Path) -> tuple[str, Any]:
    """The URL of an empty database on a new PostgreSQL server, and a function that stops it."""
    binaries = sorted(Path("/usr/lib/postgresql").glob("*/bin/pg_ctl"), key=lambda p: int(p.parts[-3]))[-1].parent
    run_as = ["runuser", "-u", "postgres", "--"] if os.geteuid() == 0 else []
    data, sockets = root / "pg", root / "socket"
    sockets.mkdir()
    if os.geteuid() == 0:
        shutil.chown(root, "postgres")
        shutil.chown(sockets, "postgres")
    subprocess.run([*run_as, str(binaries / "initdb"), "-D", str(data), "-U", "mjscore", "--auth=trust", "-E", "UTF8",
                    "--locale=C"], check=True, capture_output=True)
    subprocess.run([*run_as, str(binaries / "pg_ctl"), "-D", str(data), "-l", str(root / "pg.log"), "-o",
                    f"-c listen_addresses='' -c unix_socket_directories={sockets}", "-w", "start"],
                   check=True, capture_output=True)
    subprocess.run([*run_as, str(binaries / "createdb"), "-h", str(sockets), "-U", "mjscore", "soak"],
                   check=True, capture_output=True)

    def stop() -> None:
        subprocess.run([*run_as, str(binaries / "pg_ctl"), "-D", str(data), "-m", "immediate", "stop"], capture_output=True)

    return f"postgresql://mjscore@/soak?host={sockets}", stop


def soak(database: str, writers: int, changes: int, kills: int, seed: int) -> int:
    """Run the soak; print its figures; 1 if anything was lost, doubled, refused or altered."""
    root = Path(tempfile.mkdtemp(prefix="mjscore-soak-"))
    os.chmod(root, 0o755)
    stop_postgres = None
    if database == "postgresql":
        url, stop_postgres = throwaway_postgres(root)
    else:
        url = f"sqlite:///{root / 'tables.sqlite3'}"
    server = Server(f"http://127.0.0.1:{free_port()}", url, root)
    started = time.monotonic()
    try:
        server.start()
        tables = []
        for number in range(changes):
            status, table = post(f"{server.url}/api/tables", {"players": PLAYERS, "name": f"soak {number + 1}"})
            assert status == 201, table
            tables.append(table["id"])
        tally = Tally()
        threads = [threading.Thread(target=writer, args=(server.url, tables, seed * 100 + n, tally))
                   for n in range(writers)]
        for thread in threads:
            thread.start()
        rng = random.Random(seed)
        for _ in range(kills):
            time.sleep(rng.uniform(0.5, 2.0))
            server.kill()
            time.sleep(rng.uniform(0.0, 0.5))
            server.start()
        for thread in threads:
            thread.join()
        seconds = time.monotonic() - started
        entries = Counter({table: len(json.loads(urllib.request.urlopen(f"{server.url}/api/tables/{table}",
                                                                   timeout=30).read())["entries"]) for table in tables})
        server.stop()
        environment = server.environment()
        checked = [subprocess.run([sys.executable, "-m", "mjscore", "table", command, str(table)], env=environment,
                                  capture_output=True, text=True)
                   for table in rng.sample(tables, min(5, len(tables))) for command in ("show", "log")]
    finally:
        server.stop()
        if stop_postgres is not None:
            stop_postgres()
    errors = sum(n for status, n in tally.statuses.items() if status >= 500)
    answered = dict(sorted(tally.statuses.items()))
    print(f"{database}: {writers} writers x {changes} tables, one hand each a table; {kills} kills -9 in "
          f"{seconds:.0f} s; answers by status {answered} (0: connection refused or cut), {tally.retries} retries")
    print(f"  recorded (answered 2xx): {len(tally.recorded)}; entries on the tables: {entries.total()}; 5xx: {errors}; "
          f"table show and log of {len(checked) // 2} tables: exit {sorted({c.returncode for c in checked})}")
    failures = [f"table {table}: {count} entries, not {writers}" for table, count in entries.items() if count != writers]
    if entries.total() != len(tally.recorded):
        failures.append(f"{entries.total()} entries, {len(tally.recorded)} recorded")
    if errors:
        failures.append(f"{errors} answers 5xx")
    failures.extend(tally.refusals[:3])
    failures.extend(f"table {c.args[-2]} {c.args[-1]}: {c.stderr.strip()}" for c in checked
                    if c.returncode or "alter" in (c.stdout + c.stderr).lower())
    for failure in failures[:10]:
        print(f"  FAILED: {failure}")
    if len(failures) > 10:
        print(f"  ... and {len(failures) - 10} more")
    if not failures:
        shutil.rmtree(root, ignore_errors=True)
    else:
        print(f"  kept for a look: {root}")
    return 1 if failures else 0


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--database", choices=["sqlite", "postgresql"], default="sqlite")
    parser.add_argument("--writers", type=int, default=8)
    parser.add_argument("--tables", type=int, default=100, help="tables: each writer records a hand on each")
    parser.add_argument("--kills", type=int, default=10)
    parser.add_argument("--seed", type=int, default=28)
    arguments = parser.parse_args()
    raise SystemExit(soak(arguments.database, arguments.writers, arguments.tables, arguments.kills, arguments.seed))


if __name__ == "__main__":
    main()
