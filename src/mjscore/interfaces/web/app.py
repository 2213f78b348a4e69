"""The FastAPI application: the JSON API under ``/api`` (schema at ``/api/openapi.json``, browsable
at ``/api/docs``) and the web pages, plain HTML, CSS and JavaScript served from ``static/`` with
nothing fetched from elsewhere, so the app works with no internet."""

from __future__ import annotations

from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from importlib import resources
from pathlib import Path

from fastapi import FastAPI
from fastapi.responses import FileResponse
from fastapi.staticfiles import StaticFiles

from mjscore.interfaces.web import analysis_api, scoring_api, tables_api
from mjscore.interfaces.web.errors import MAX_BODY_BYTES, BodyLimit, install_error_handlers
from mjscore.scorekeeper import Scorekeeper

STATIC = Path(str(resources.files(__package__).joinpath("static")))

#: The pages: URL path -> HTML file. Each page's script asks the API for what it shows.
PAGES = {
    "/": "index.html",
    "/rulesets": "rulesets.html",
    "/tables": "tables.html",
    "/tables/{table_id}": "table.html",
}


def create_app(keeper: Scorekeeper | None = None, max_body_bytes: int = MAX_BODY_BYTES) -> FastAPI:
    """The web app, keeping tables with ``keeper`` (default: the scorekeeper on the default database,
    opened when the app starts and closed when it stops)."""

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
        docs_url="/api/docs",
        redoc_url=None,
        lifespan=lifespan,
    )
    app.state.keeper = keeper
    install_error_handlers(app)
    app.add_middleware(BodyLimit, max_bytes=max_body_bytes)
    app.include_router(scoring_api.router)
    app.include_router(analysis_api.router)
    app.include_router(tables_api.router)
    for path, filename in PAGES.items():
        app.add_api_route(path, _page(filename), methods=["GET"], include_in_schema=False)
    app.mount("/static", StaticFiles(directory=STATIC), name="static")
    return app


def _page(filename: str) -> Callable[[], FileResponse]:
    def page() -> FileResponse:
        return FileResponse(STATIC / filename, media_type="text/html")

    page.__name__ = f"page_{filename.removesuffix('.html')}"
    return page
