"""``mjscore serve``: the web app and HTTP API on this machine, with the tables in the embedded
SQLite database (or the database named by ``--database`` / ``$MJSCORE_DATABASE_URL``).

On loopback (the default) the app is this machine's alone. Listening beyond it (``--host 0.0.0.0``)
needs a club passphrase (``--passphrase`` or ``$MJSCORE_PASSPHRASE``): devices join with the link
``serve`` prints, and only joined devices use the tables (:mod:`mjscore.interfaces.web.security`).
The port is bound before ``serve`` says it is serving: a port already taken is one line and exit 2.
With ``--certfile`` and ``--keyfile`` it serves https: phones then keep the app's offline copy and may
add it to their home screen (browsers run a service worker only over https or on loopback).
"""

from __future__ import annotations

import errno
import socket
import ssl
import sys
from collections.abc import Sequence
from pathlib import Path
from types import FrameType
from typing import TYPE_CHECKING, Any
from urllib.parse import quote

import click

from mjscore.environment import DATABASE_URL_VARIABLE
from mjscore.errors import MjscoreError
from mjscore.interfaces.cli.app import app, fail

if TYPE_CHECKING:  # the database layer is imported when serving
    from mjscore.scorekeeper import Scorekeeper

PASSPHRASE_VARIABLE = "MJSCORE_PASSPHRASE"
#: The shortest club passphrase accepted.
MIN_PASSPHRASE = 8
#: How long Ctrl+C waits for answers still being sent before it ends them (the tables' live streams).
SHUTDOWN_SECONDS = 2


def local_addresses() -> list[str]:
    """This machine's addresses that other devices may use to reach it (no packet is sent)."""
    from mjscore.interfaces.web.security import is_loopback

    found: list[str] = []
    try:
        for info in socket.getaddrinfo(socket.gethostname(), None, proto=socket.IPPROTO_TCP):
            found.append(str(info[4][0]))
    except OSError:
        pass
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect(("10.255.255.255", 1))  # picks the interface of the default route; sends nothing
            found.append(str(probe.getsockname()[0]))
        except OSError:
            pass
    return sorted({a for a in found if not is_loopback(a)})


def _bind(host: str, port: int) -> socket.socket:
    """The listening socket, or one line naming why it cannot be had.

    Opened as TCP by name (``IPPROTO_TCP``, not protocol 0): asyncio turns Nagle's algorithm off
    (``TCP_NODELAY``) only on a connection whose socket says TCP, and a connection that keeps Nagle
    on holds the end of every answer on a kept-alive connection until the client's delayed
    acknowledgement, about 40 ms a request."""
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    listener = socket.socket(family, socket.SOCK_STREAM, socket.IPPROTO_TCP)
    listener.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        listener.bind((host, port))
    except OSError as error:
        listener.close()
        if error.errno == errno.EADDRINUSE:
            raise fail(f"port {port} on {host} is already in use (another mjscore serve?): stop it or choose "
                       "another with --port") from None
        raise fail(f"cannot listen on {host} port {port}: {error.strerror}") from None
    listener.listen(128)
    return listener


def _check_certificate(certfile: Path | None, keyfile: Path | None) -> bool:
    """Whether to serve https: both files given and making a certificate chain, or one line saying
    what is wrong with them (before anything listens)."""
    if certfile is None and keyfile is None:
        return False
    if certfile is None or keyfile is None:
        raise fail("--certfile and --keyfile go together: give the certificate and its private key")
    for path in (certfile, keyfile):
        if not path.is_file():
            raise fail(f"no such file: {path}")
    try:
        ssl.create_default_context(ssl.Purpose.CLIENT_AUTH).load_cert_chain(certfile, keyfile)
    except (ssl.SSLError, OSError) as error:
        raise fail(f"--certfile {certfile} with --keyfile {keyfile}: not a certificate and its key "
                   f"({getattr(error, 'reason', None) or error})") from None
    return True


def proxy_options(trusted: Sequence[str]) -> dict[str, Any]:
    """uvicorn's options for forwarded headers: believed only from the ``trusted`` proxies. uvicorn
    believes them from 127.0.0.1 by default, so a client on the server's own machine could pass for
    any address (and reset the wrong-passphrase limit of its own): without a trusted proxy they are
    not read at all (issue 28)."""
    if not trusted:
        return {"proxy_headers": False}
    return {"proxy_headers": True, "forwarded_allow_ips": list(trusted)}


def _check_ledger(keeper: Scorekeeper) -> None:
    """Check every record once before serving (``mjscore ledger check``), and say what was found: a
    tampered record does not stop the club's evening (every read names it), but its keeper is told."""
    from mjscore.scorekeeper.auditor import check
    report = check(keeper)
    if not report.findings:
        click.echo(f"ledger: every record checks ({report.tables} table{'s' * (report.tables != 1)})")
        return
    click.echo(f"ledger: {len(report.findings)} finding{'s' * (len(report.findings) != 1)} "
               "(`mjscore ledger check`; `mjscore ledger accept ...` accepts one as it stands):")
    for finding in report.findings:
        click.echo(f"  {finding}")


@app.command("serve")
@click.option("--host", default="127.0.0.1", help="The address to listen on; 0.0.0.0 lets phones on your network in.")
@click.option("--port", type=int, default=8000, help="The port to listen on.")
@click.option("--database", envvar=DATABASE_URL_VARIABLE, show_envvar=True,
              help="A SQLAlchemy URL for the tables (default: a SQLite file in your data folder).")
@click.option("--passphrase", envvar=PASSPHRASE_VARIABLE, show_envvar=True,
              help="The club passphrase devices join with (required beyond this machine).")
@click.option("--allowed-host", multiple=True,
              help="Another name devices use for this machine, e.g. mjscore.club.lan (repeatable).")
@click.option("--max-tables-per-hour", type=int, default=30, help="The most tables the web app opens in an hour.")
@click.option("--certfile", type=click.Path(path_type=Path),
              help="A TLS certificate (PEM) to serve https: phones then keep the app for offline use.")
@click.option("--keyfile", type=click.Path(path_type=Path), help="The private key (PEM) of --certfile.")
@click.option("--trusted-proxy", multiple=True,
              help="The address of a reverse proxy whose X-Forwarded-For and X-Forwarded-Proto are believed "
                   "(repeatable; none by default: every client is the address it connects from).")
def serve_command(host: str, port: int, database: str | None, passphrase: str | None, allowed_host: tuple[str, ...],
                  max_tables_per_hour: int, certfile: Path | None, keyfile: Path | None,
                  trusted_proxy: tuple[str, ...]) -> None:
    """Serve the web app: score a hand by tapping tiles, keep a table's score from a phone."""
    # Imported here so that the other commands do not pay for loading the web framework.
    import uvicorn

    from mjscore.interfaces.web import create_app
    from mjscore.interfaces.web.security import Access, is_loopback
    from mjscore.interfaces.web.tables_api import end_live_streams
    from mjscore.scorekeeper import Scorekeeper  # the database layer, only when serving

    class Stopping(uvicorn.Server):
        """uvicorn's server, which on Ctrl+C first asks the tables' live streams to end: a phone
        following a table never hangs up by itself, and the server waits for every answer to end."""

        def handle_exit(self, sig: int, frame: FrameType | None) -> None:
            end_live_streams(web)
            super().handle_exit(sig, frame)

    local = host == "localhost" or is_loopback(host)
    if not local and not passphrase:
        raise fail(f"--host {host} lets every device on the network use the tables: set a club passphrase with "
                   f"--passphrase or {PASSPHRASE_VARIABLE} (at least {MIN_PASSPHRASE} characters)")
    if passphrase is not None and len(passphrase) < MIN_PASSPHRASE:
        raise fail(f"--passphrase: at least {MIN_PASSPHRASE} characters, not {len(passphrase)}")
    secure = _check_certificate(certfile, keyfile)
    scheme = "https" if secure else "http"
    everywhere = host in ("0.0.0.0", "::")
    addresses = local_addresses() if everywhere else ([] if local else [host])
    hosts = [*addresses, *allowed_host]
    if everywhere:
        hosts.append(socket.gethostname())
    listener = _bind(host, port)
    try:
        keeper = Scorekeeper.open(database)
    except MjscoreError as error:
        listener.close()
        raise fail(str(error)) from None
    try:
        _check_ledger(keeper)
        web = create_app(keeper, access=Access.of(hosts, passphrase), max_tables_per_hour=max_tables_per_hour)
        shown = addresses[0] if addresses else ("127.0.0.1" if everywhere else host)
        click.echo(f"mjscore is serving on {scheme}://{shown}:{port}/ (Ctrl+C to stop)")
        if passphrase:
            for address in addresses or [host]:
                click.echo(f"join from a phone: {scheme}://{address}:{port}/join#{quote(passphrase, safe='')}")
        sys.stdout.flush()  # a service manager's log shows it now, not when the server stops
        server = Stopping(uvicorn.Config(web, log_level="warning", timeout_graceful_shutdown=SHUTDOWN_SECONDS,
                                         ssl_certfile=certfile if secure else None,
                                         ssl_keyfile=keyfile if secure else None, **proxy_options(trusted_proxy)))
        server.run(sockets=[listener])
    finally:
        listener.close()
        keeper.close()
