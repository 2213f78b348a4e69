"""Who may use the web app, and the headers that keep its pages from being misused.

- **Hosts.** A request whose ``Host`` is not one of the allowed names is refused (400): a page on
  another site cannot reach the app through a DNS name it points at this machine (DNS rebinding).
  The loopback names are always allowed; ``mjscore serve`` adds the addresses it listens on.
- **The club passphrase.** When the app is given one (``mjscore serve --host 0.0.0.0`` requires it),
  the tables API (and the roster and the standings: :data:`CLUB_PATHS`) answers only a device that
  has joined: ``POST /api/session`` with the passphrase (or the join link ``/join?key=...`` that
  ``serve`` prints) sets a session cookie, signed with a key derived from the passphrase, so it
  survives a restart and changing the passphrase signs every device out. A client on this machine
  (loopback) may read tables without joining. Scoring, the rulesets and the pages stay open: they
  hold nothing of the club's.
- **Cross-site writes.** The cookie is ``SameSite=Strict`` and a change whose ``Origin`` is not the
  app's own (its scheme, host and port, as the request reached it) is refused (403): another site,
  another port of this machine, and ``Origin: null`` (a sandboxed frame, a file page) alike.
- **Forwarded headers** (``X-Forwarded-For``, ``X-Forwarded-Proto``) are believed only from the proxies
  ``mjscore serve --trusted-proxy`` names (none by default): a client cannot pass for another address
  to reset the wrong-passphrase limit.
- **Headers.** Every answer says ``X-Content-Type-Options: nosniff``, ``X-Frame-Options: DENY`` and
  ``Referrer-Policy: no-referrer`` and a Content-Security-Policy (the API docs' included) that runs
  only the app's own scripts and styles (none inline) and cannot be framed (``frame-ancestors
  'none'``), so the Undo button cannot be clickjacked.
"""

from __future__ import annotations

import base64
import hashlib
import hmac
import ipaddress
import json
import time
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

from starlette.datastructures import Headers
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mjscore.errors import Refusal, quoted
from mjscore.interfaces.web.errors import error_response

#: The names of this machine that are always allowed in ``Host``.
LOOPBACK_HOSTS = ("localhost", "127.0.0.1", "::1")
#: The session cookie a joined device sends.
COOKIE = "mjscore_session"
#: The API paths of the club's data (tables, the roster, the standings, tournaments, ratings): a joined device's only.
CLUB_PATHS = ("/api/tables", "/api/players", "/api/standings", "/api/tournaments", "/api/ratings")
#: How long a session lasts (a season of club evenings).
SESSION_SECONDS = 120 * 24 * 3600
#: Wrong passphrases accepted from one address per ten minutes before it must wait.
MAX_FAILURES = 10

#: The app's own scripts, styles, images (and data: images: the QR code of a shared hand), service
#: worker and manifest; nothing inline, nothing from elsewhere, never framed.
CSP = ("default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; connect-src 'self'; "
       "worker-src 'self'; manifest-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; "
       "frame-ancestors 'none'")
HEADERS = [(b"x-content-type-options", b"nosniff"), (b"x-frame-options", b"DENY"),
           (b"referrer-policy", b"no-referrer"), (b"cross-origin-opener-policy", b"same-origin")]


def host_name(host: str) -> str:
    """The name of a ``Host`` header without its port, lower case (``[::1]:8000`` -> ``::1``)."""
    host = host.strip().lower()
    if host.startswith("["):
        return host[1:host.find("]")] if "]" in host else host
    return host.rsplit(":", 1)[0] if host.count(":") == 1 else host


def is_loopback(address: str | None) -> bool:
    try:
        return address is not None and ipaddress.ip_address(address).is_loopback
    except ValueError:
        return False


@dataclass(frozen=True)
class Access:
    """The app's access rules: the allowed host names and the club passphrase (None: everyone
    may use the tables, which ``serve`` allows only on loopback)."""

    hosts: frozenset[str]
    passphrase: str | None = None

    @staticmethod
    def of(hosts: Iterable[str] = (), passphrase: str | None = None) -> Access:
        return Access(frozenset(host_name(h) for h in (*LOOPBACK_HOSTS, *hosts)), passphrase or None)

    def _key(self) -> bytes:
        assert self.passphrase is not None
        return hashlib.sha256(b"mjscore-session\n" + self.passphrase.encode()).digest()

    def check_passphrase(self, attempt: str) -> bool:
        return self.passphrase is not None and hmac.compare_digest(attempt.encode(), self.passphrase.encode())

    def session(self, device: str, now: float | None = None) -> str:
        """A signed session token for ``device``."""
        # unpadded base64url and hex: nothing a cookie would need quoted
        body = base64.urlsafe_b64encode(json.dumps({"d": device, "t": int(now or time.time())}).encode()).decode().rstrip("=")
        return f"{body}.{hmac.new(self._key(), body.encode(), hashlib.sha256).hexdigest()}"

    def device(self, token: str | None, now: float | None = None) -> str | None:
        """The device a valid, unexpired session token names (None: not joined)."""
        if not token or self.passphrase is None or "." not in token:
            return None
        body, signature = token.rsplit(".", 1)
        if not hmac.compare_digest(signature, hmac.new(self._key(), body.encode(), hashlib.sha256).hexdigest()):
            return None
        try:
            data: dict[str, Any] = json.loads(base64.urlsafe_b64decode(body + "=" * (-len(body) % 4)))
            device, issued = str(data["d"]), int(data["t"])
        except (ValueError, KeyError, TypeError):
            return None
        return device if (now or time.time()) - issued < SESSION_SECONDS else None


class Guard:
    """ASGI middleware: the allowed hosts, the passphrase for the tables API, cross-site writes
    refused, and the security headers on every answer. The device of a joined session is put in
    ``scope["state"]["device"]`` for the audit trail."""

    def __init__(self, app: ASGIApp, access: Access) -> None:
        self.app = app
        self.access = access

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        headers = Headers(scope=scope)
        path: str = scope["path"]

        async def send_with_headers(message: Message) -> None:
            if message["type"] == "http.response.start":
                message["headers"] = [*message.get("headers", []), *HEADERS, (b"content-security-policy", CSP.encode())]
            await send(message)

        refusal = self._refusal(scope, headers, path)
        if refusal is not None:
            await refusal(scope, receive, send_with_headers)
            return
        await self.app(scope, receive, send_with_headers)

    def _refusal(self, scope: Scope, headers: Headers, path: str) -> Any:
        host = host_name(headers.get("host", ""))
        if host not in self.access.hosts:
            return error_response(400, Refusal("bad_host", host=quoted(host), name=host), "BadHost")
        method: str = scope["method"]
        origin = headers.get("origin")
        own = _origin(f"{scope.get('scheme', 'http')}://{headers.get('host', '')}")
        if method not in ("GET", "HEAD", "OPTIONS") and origin is not None and (own is None or _origin(origin) != own):
            return error_response(403, Refusal("cross_site", origin=origin[:100]), "CrossSite")
        if self.access.passphrase is None or not path.startswith(CLUB_PATHS):
            return None
        device = self.access.device(_cookie(headers, COOKIE))
        if device is not None:
            scope.setdefault("state", {})["device"] = device
            return None
        client = scope.get("client")
        if method in ("GET", "HEAD") and is_loopback(client[0] if client else None):
            return None
        return error_response(401, Refusal("not_joined"), "NotJoined")


_DEFAULT_PORTS = {"http": 80, "https": 443}


def _origin(text: str) -> tuple[str, str, int] | None:
    """An origin (``https://club.lan:8000``) as scheme, host and port (the scheme's default port if
    none is written); None for ``null`` or anything that is not an http(s) origin."""
    scheme, separator, rest = text.strip().lower().partition("://")
    if not separator or scheme not in _DEFAULT_PORTS or not rest or "/" in rest:
        return None
    name = host_name(rest)
    port_text = rest[rest.rfind("]") + 1:] if rest.startswith("[") else (rest if rest.count(":") == 1 else "")
    _, colon, port = port_text.rpartition(":")
    if not colon:
        return scheme, name, _DEFAULT_PORTS[scheme]
    return (scheme, name, int(port)) if port.isdigit() and len(port) <= 5 else None


def guard_errors(path: str, method: str, access: Access) -> dict[int, str]:
    """The errors :class:`Guard` may answer a request for ``method path`` with, for the OpenAPI schema."""
    errors = {400: "The Host header names a host this server does not answer to."}
    if method not in ("GET", "HEAD", "OPTIONS"):
        errors[403] = "The change was not sent from this app (its Origin is another scheme, host or port)."
    if access.passphrase is not None and path.startswith(CLUB_PATHS):
        errors[401] = "This device has not joined the club's table server (POST /api/session)."
    if path.startswith(CLUB_PATHS):
        errors[503] = ("The database cannot take the request now (full, locked or unreachable): nothing was recorded; "
                       "send it again after Retry-After seconds.")
    return errors


def _cookie(headers: Headers, name: str) -> str | None:
    for part in headers.get("cookie", "").split(";"):
        key, _, value = part.strip().partition("=")
        if key == name:
            return value.strip('"')
    return None
