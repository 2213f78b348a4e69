"""The FastAPI application: the JSON API under ``/api`` (schema at ``/api/openapi.json``, browsable
at ``/api/docs`` with Swagger UI from the files the ``fastapi-offline`` package ships) and the web
pages, plain HTML, CSS and JavaScript served from ``static/`` with nothing fetched from elsewhere, so
the app works with no internet. Who may use it and the headers it sends:
:mod:`mjscore.interfaces.web.security`."""

from __future__ import annotations

import hashlib
import json
import re
import time
from collections import defaultdict
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path
from typing import Any

from fastapi import FastAPI, Request
from fastapi.responses import FileResponse, JSONResponse, Response
from fastapi.staticfiles import StaticFiles
from pydantic import BaseModel, ConfigDict, Field

from mjscore.errors import Refusal
from mjscore.interfaces.web import analysis_api, club_api, scoring_api, share_api, stats_api, tables_api, tournament_api
from mjscore.interfaces.web.answers import Session
from mjscore.interfaces.web.errors import (
    BODY_ERRORS,
    MAX_BODY_BYTES,
    BodyLimit,
    ErrorBody,
    document_errors,
    error_response,
    install_error_handlers,
)
from mjscore.interfaces.web.security import COOKIE, MAX_FAILURES, SESSION_SECONDS, Access, Guard, guard_errors
from mjscore.labels import catalogue
from mjscore.rulesets import available as rulesets
from mjscore.scorekeeper import Scorekeeper
from mjscore.scorekeeper.model import MAX_NAME, check_name
from mjscore.scoring.ruleset import LANGUAGES

STATIC = Path(str(resources.files(__package__).joinpath("static")))
#: Swagger UI's script and style sheet, as the ``fastapi-offline`` package ships them.
SWAGGER_UI = Path(str(resources.files("fastapi_offline").joinpath("static")))

#: The pages: URL path -> HTML file. Each page's script asks the API for what it shows.
PAGES = {
    "/": "index.html",
    "/rulesets": "rulesets.html",
    "/tables": "tables.html",
    "/tables/{table_id}": "table.html",
    "/players": "players.html",
    "/standings": "standings.html",
    "/tournaments": "tournaments.html",
    "/tournaments/{name}": "director.html",
    "/tournaments/{name}/screen": "screen.html",
    "/tournaments/{name}/projector": "projector.html",
    "/join": "join.html",
    "/stats": "stats.html",
    share_api.PAGE: "hand.html",
}
#: What the service worker keeps for the app to open with no network, besides the static files: the
#: manifest, the lists every page starts from and every award table in every language (none of the
#: club's tables).
SHELL_API = ("/manifest.webmanifest", "/api/tiles", "/api/labels", "/api/rulesets",
             *(f"/api/rulesets/{ruleset}?lang={lang}" for ruleset in rulesets() for lang in LANGUAGES))


class Revalidated(StaticFiles):
    """Static files that a browser asks for again each time (``Cache-Control: no-cache``: a 304 when
    its copy is current), so that its HTTP cache never hides a new release's files."""

    def file_response(self, *args: Any, **kwargs: Any) -> Response:
        response = super().file_response(*args, **kwargs)
        response.headers["Cache-Control"] = "no-cache"
        return response


class Join(BaseModel):
    """A device joining the club's table server."""

    model_config = ConfigDict(extra="forbid", strict=True)
    passphrase: str = Field(max_length=200)
    device: str = Field(min_length=1, max_length=MAX_NAME, description="A name for this device, kept in the log.")


def create_app(keeper: Scorekeeper | None = None, max_body_bytes: int = MAX_BODY_BYTES, *,
               access: Access | None = None, max_tables_per_hour: int = tables_api.MAX_TABLES_PER_HOUR) -> FastAPI:
    """The web app, keeping tables with ``keeper`` (default: the scorekeeper on the default database,
    opened when the app starts and closed when it stops). ``access`` says which host names it
    answers to and whether the tables need the club passphrase (default: loopback names, no
    passphrase); ``max_tables_per_hour`` limits the tables the API opens."""
    rules = access or Access.of()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        opened = keeper is None
        app.state.keeper = Scorekeeper.open() if opened else keeper
        try:
            yield
        finally:
            if opened:
                app.state.keeper.close()

    app = FastAPI(
        title="mjscore",
        summary="Exact mahjong scoring with explanations in English and Chinese, and a table scorekeeper.",
        version="0.1.0",
        openapi_url="/api/openapi.json",
        docs_url=None,
        redoc_url=None,
        lifespan=lifespan,
    )
    app.state.keeper = keeper
    app.state.max_tables_per_hour = max_tables_per_hour
    install_error_handlers(app)
    app.add_middleware(BodyLimit, max_bytes=max_body_bytes)
    app.add_middleware(Guard, access=rules)
    app.include_router(scoring_api.router)
    app.include_router(analysis_api.router)
    app.include_router(share_api.router)
    app.include_router(stats_api.router)  # before the tables: /api/tables/stats is no /api/tables/{table_id}
    app.include_router(tables_api.router)
    app.include_router(club_api.router)
    app.include_router(tournament_api.router)
    app.add_api_route("/api/session", _joiner(rules), methods=["POST"], tags=["tables"], response_model=Session,
                      summary="Join the club's table server with its passphrase: sets the session cookie.",
                      responses={**BODY_ERRORS, 403: {"model": ErrorBody, "description": "Not the club's passphrase."},
                                 429: {"model": ErrorBody, "description": "Too many wrong passphrases: wait."}})
    app.add_api_route("/api/docs", _page("docs.html"), methods=["GET"], include_in_schema=False)
    app.mount("/api/docs/assets", StaticFiles(directory=SWAGGER_UI), name="swagger-ui")
    for path, filename in PAGES.items():
        app.add_api_route(path, _page(filename), methods=["GET"], include_in_schema=False)
    app.add_api_route("/manifest.webmanifest", _manifest, methods=["GET"], include_in_schema=False)
    app.add_api_route("/sw.js", _service_worker(), methods=["GET"], include_in_schema=False)
    app.mount("/static", Revalidated(directory=STATIC), name="static")
    generate = app.openapi

    def openapi() -> dict[str, Any]:
        """FastAPI's schema with the errors documented as they are sent (:func:`document_errors`)."""
        if app.openapi_schema is None:
            app.openapi_schema = document_errors(generate(), lambda path, method: guard_errors(path, method, rules))
        return app.openapi_schema

    app.openapi = openapi  # type: ignore[method-assign]
    return app


def _joiner(access: Access) -> Callable[[Join, Request], JSONResponse]:
    """``POST /api/session``: the passphrase for a session cookie; ten wrong ones from an address in
    ten minutes make it wait."""
    failures: defaultdict[str, list[float]] = defaultdict(list)

    def join(request: Join, http: Request) -> JSONResponse:
        check_name("device name", request.device)  # as a player's name: no newline to forge a line of the log
        address = http.client.host if http.client else ""
        now = time.time()
        recent = failures[address] = [t for t in failures[address] if now - t < 600]
        if len(recent) >= MAX_FAILURES:
            return error_response(429, Refusal("too_many_tries"), "TooManyTries")
        if access.passphrase is None:
            return JSONResponse({"device": request.device, "needed": False})
        if not access.check_passphrase(request.passphrase):
            recent.append(now)
            return error_response(403, Refusal("wrong_passphrase"), "WrongPassphrase")
        answer = JSONResponse({"device": request.device, "needed": True})
        answer.set_cookie(COOKIE, access.session(request.device), max_age=SESSION_SECONDS, httponly=True,
                          samesite="strict", path="/", secure=http.url.scheme == "https")
        return answer

    return join


def _manifest() -> FileResponse:
    """The web app manifest, at the root so that its scope is the whole app."""
    return FileResponse(STATIC / "manifest.webmanifest", media_type="application/manifest+json")


def _service_worker() -> Callable[[], Response]:
    """``GET /sw.js``: static/service-worker.js after the constants it needs: ``VERSION``, a hash of
    every static file and the label catalogue (so a new release is a new script, and the browser replaces the old one and its
    cache), ``SHELL``, the URLs it keeps, and ``PAGES``, each page's path pattern and HTML file. It is
    served from the root so that it may look after every page, and never from a stale HTTP cache."""
    files = sorted(p for p in STATIC.iterdir() if p.is_file() and p.name != "service-worker.js")
    digest = hashlib.sha256()
    for path in files:
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    digest.update(json.dumps(catalogue(), sort_keys=True).encode())
    pages = [["^" + re.sub(r"\{\w+\}", "[^/]+", path) + "$", f"/static/{file}"] for path, file in PAGES.items()]
    prelude = (f"const VERSION = {json.dumps(digest.hexdigest()[:16])};\n"
               f"const SHELL = {json.dumps([*(f'/static/{p.name}' for p in files), *SHELL_API])};\n"
               f"const PAGES = {json.dumps(pages)};\n")
    script = prelude + (STATIC / "service-worker.js").read_text(encoding="utf-8")

    def service_worker() -> Response:
        return Response(script, media_type="text/javascript", headers={"Cache-Control": "no-cache"})

    return service_worker


def _page(filename: str) -> Callable[[], FileResponse]:
    def page() -> FileResponse:
        return FileResponse(STATIC / filename, media_type="text/html")

    page.__name__ = f"page_{filename.removesuffix('.html')}"
    return page
