"""How the HTTP API reports problems: one JSON shape, one line naming the problem, the right status.

Every error response is ``{"message": ..., "type": ..., "span": [start, end] | null}``:

- 400: the body is not strict JSON (not UTF-8, a key twice, NaN, nested too deep: :mod:`mjscore.reading`);
- 404: no such ruleset, table, or page;
- 409: the table changed since the client read it (``expected_version``): reload and retry;
- 413: the body is larger than the app accepts (:class:`BodyLimit`);
- 422: the request is well-formed but describes something that cannot be (a bad hand record, a hand
  that is not a win, an unknown house rule): every :class:`~mjscore.errors.MjscoreError`;
- 503: the database cannot be used now (full, locked, down: :class:`~mjscore.errors.StorageError`),
  with ``Retry-After``: nothing was recorded, and the same request may be sent again.

``span`` points at the offending characters of a notation the user typed (see
:class:`~mjscore.errors.NotationError`), so the web page can mark them. ``code`` and ``params`` say
the refusal again for a page to put in its reader's language: the label ``error_<code>`` of the
catalogue (``GET /api/labels``) filled from the parameters (:class:`~mjscore.errors.Refusal`).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from pydantic import BaseModel, Field
from starlette.exceptions import HTTPException
from starlette.routing import Match, Mount
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from mjscore.errors import (
    DatabaseUnavailableError,
    InputError,
    MjscoreError,
    NoSuchTableError,
    NotationError,
    Refusal,
    StaleTableError,
    StorageError,
    TooManyRequestsError,
)
from mjscore.reading import decode, one_line, parse_json

#: The largest request body accepted, in bytes: a hand record is well under 2 KiB.
MAX_BODY_BYTES = 64 * 1024
#: The largest body of ``POST /api/score/batch``, whose documented 1,000 hand records (about 370 bytes
#: each as a full record, more with every optional field written out) do not fit in
#: :data:`MAX_BODY_BYTES` (issue 28: about 175 typical hands did).
MAX_BATCH_BODY_BYTES = 1024 * 1024
#: The paths whose body may be larger than the app's limit, and how large.
LARGER_BODIES = {"/api/score/batch": MAX_BATCH_BODY_BYTES}
#: How many seconds a client waits before it sends a request again that the database could not take (503).
RETRY_AFTER_SECONDS = 5


class ErrorBody(BaseModel):
    """The body of every error response."""

    message: str = Field(description="One line naming the problem.")
    type: str = Field(description="The kind of problem, e.g. HandError, NotAWinError, NotFound.")
    # a list of two rather than a tuple: OpenAPI tools read a list's schema more reliably than prefixItems
    span: list[int] | None = Field(
        None, min_length=2, max_length=2,
        description="Start and end (0-based, end exclusive) of the offending part of a notation.")
    code: str | None = Field(
        None, description="The refusal, for a page to say in its language: the catalogue's label error_<code> "
                          "(GET /api/labels), filled from params. None: the message is the only wording.")
    params: dict[str, Any] | None = Field(
        None, description="The values the label names: numbers, texts as written (tiles, names), "
                          "names by language ({en, zh-Hans, zh-Hant, ja}), a cause ({code, params}), or lists of those.")


#: The ``responses`` of a route that reads a request body, for the OpenAPI schema.
BODY_ERRORS: dict[int | str, dict[str, Any]] = {
    400: {"model": ErrorBody, "description": "The body is not JSON."},
    413: {"model": ErrorBody, "description": "The body is too large."},
    422: {"model": ErrorBody, "description": "The request describes something that cannot be."},
}
NOT_FOUND: dict[int | str, dict[str, Any]] = {404: {"model": ErrorBody, "description": "No such thing."}}
STALE: dict[int | str, dict[str, Any]] = {
    409: {"model": ErrorBody, "description": "The table changed since expected_version: reload and retry."},
    503: {"model": ErrorBody, "description": "The database cannot be used now (full, locked, down): nothing was "
                                             "recorded; send the same request again after Retry-After seconds."}}


class NotFound(MjscoreError):
    """A ruleset, table or page that does not exist: answered with status 404."""


def error_response(status: int, message: str, kind: str, span: tuple[int, int] | None = None) -> JSONResponse:
    """The error answer: ``message`` is its line, and, where it is a :class:`Refusal`, its code and parameters."""
    said = message.to_json() if isinstance(message, Refusal) else {}
    body = ErrorBody(message=str(message), type=kind, span=None if span is None else list(span), **said)
    return JSONResponse(body.model_dump(), status_code=status)


#: How long a client waits before it sends again a change the database could not take (503).
RETRY_SECONDS = 5


def _mjscore_error(_: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, MjscoreError)
    if isinstance(error, DatabaseUnavailableError):  # full, locked or down: nothing was recorded; a retry may be
        response = error_response(503, str(error), type(error).__name__)
        response.headers["Retry-After"] = str(RETRY_SECONDS)
        return response
    status = (404 if isinstance(error, NotFound | NoSuchTableError) else 409 if isinstance(error, StaleTableError)
              else 429 if isinstance(error, TooManyRequestsError) else 400 if isinstance(error, InputError)
              else 503 if isinstance(error, StorageError) else 422)
    span = (error.start, error.end) if isinstance(error, NotationError) and error.text else None
    response = error_response(status, error.refusal or str(error), type(error).__name__, span)
    if status == 503:
        response.headers["Retry-After"] = str(RETRY_AFTER_SECONDS)
    return response


def _validation_error(_: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, RequestValidationError)
    problems = list(error.errors())
    if problems[0]["type"] == "json_invalid":
        return error_response(400, Refusal("not_json", error=problems[0]["ctx"]["error"]), "BadRequest")
    return error_response(422, _invalid(problems), "ValidationError")


def _invalid(problems: list[Any]) -> Refusal:
    """A request body pydantic refused, as one line (:func:`mjscore.reading.one_line`): its first
    problem's place and kind, for a page to say in its language."""
    first = problems[0]
    place = ".".join(str(part + 1) if isinstance(part, int) else str(part) for part in first["loc"][1:]) or "body"
    kind: str = first["type"]
    limits = {name: value for name, value in (first.get("ctx") or {}).items() if isinstance(value, int | float | str)}
    known = kind if kind in _INVALID else "type" if kind.endswith("_type") else "value"
    return Refusal("invalid", one_line(problems, outer="body", whole="body"), place=place,
                   problem=Refusal(f"invalid_{_INVALID.get(known, known)}", **limits), more=len(problems) - 1)


#: The kinds of pydantic's problems a page says in its words (others: a value of the wrong type, or
#: a wrong value), by the label that says them.
_INVALID = {"missing": "missing", "extra_forbidden": "unknown", "string_too_long": "too_long", "too_long": "too_long",
            "string_too_short": "too_short", "too_short": "too_short", "greater_than_equal": "at_least",
            "less_than_equal": "at_most", "literal_error": "choice",
            "enum": "choice", "version_or_request_id": "version_or_request_id", "type": "type", "value": "value"}


def _http_error(request: Request, error: Exception) -> JSONResponse:
    assert isinstance(error, HTTPException)
    if error.status_code == 404:
        return error_response(404, Refusal("no_such_page", path=request.url.path), "NotFound")
    if error.status_code == 405:
        response = error_response(405, Refusal("method_not_allowed", method=request.method, path=request.url.path),
                                  "MethodNotAllowed")
    else:
        response = error_response(error.status_code, str(error.detail), "HTTPError")
    response.headers.update(error.headers or {})
    if error.status_code == 405:
        allowed = allowed_methods(request)
        if allowed:
            response.headers["Allow"] = ", ".join(allowed)
    return response


#: The methods a 405's ``Allow`` header may name.
METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE")


def allowed_methods(request: Request) -> list[str]:
    """The methods the app's routes answer on the request's path (each one asked whether it would
    take the request with that method). Starlette's 405 names only the methods of the first route on
    the path, which misses ``POST /api/tables`` beside its ``GET``. Mounted static files name their
    own (StaticFiles' ``Allow``)."""
    routes = [route for route in request.app.router.routes if not isinstance(route, Mount)]
    return [method for method in METHODS
            if any(route.matches({**request.scope, "method": method})[0] is Match.FULL for route in routes)]


def _unexpected(_: Request, error: Exception) -> JSONResponse:
    """A failure no other handler names (a bug, a database row no reader expected): 500 in the one
    JSON shape, never plain text, and nothing of the server's internals beyond the kind of error."""
    return error_response(500, Refusal("internal", kind=type(error).__name__), "InternalError")


def install_error_handlers(app: FastAPI) -> None:
    """Answer every error with :class:`ErrorBody` JSON, an unexpected one too (500)."""
    app.add_exception_handler(Exception, _unexpected)
    app.add_exception_handler(MjscoreError, _mjscore_error)
    app.add_exception_handler(RequestValidationError, _validation_error)
    app.add_exception_handler(HTTPException, _http_error)


class BodyLimit:
    """ASGI middleware that refuses a request body over ``max_bytes`` with 413, whether or not the
    client declared its length, and a body that is not strict JSON (:func:`mjscore.reading.parse_json`)
    with 400, so every route reads input the way the command line does. The body is read (up to the
    limit) before the app sees it."""

    def __init__(self, app: ASGIApp, max_bytes: int = MAX_BODY_BYTES, larger: Mapping[str, int] | None = None) -> None:
        """``larger``: paths allowed a larger body than ``max_bytes`` (default :data:`LARGER_BODIES`)."""
        self.app = app
        self.max_bytes = max_bytes
        self.larger = LARGER_BODIES if larger is None else larger

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        limit = max(self.max_bytes, self.larger.get(scope["path"], 0))
        declared = dict(scope["headers"]).get(b"content-length")
        if declared is not None and declared.isdigit() and int(declared) > limit:
            await self._refuse(scope, receive, send, limit)
            return
        chunks: list[bytes] = []
        size = 0
        more = True
        while more:
            message = await receive()
            if message["type"] != "http.request":
                return  # the client went away
            chunks.append(message.get("body", b""))
            size += len(chunks[-1])
            if size > limit:
                await self._refuse(scope, receive, send, limit)
                return
            more = message.get("more_body", False)
        data = b"".join(chunks)
        if data:
            try:
                parse_json(decode(data, "the body"), "the body")
            except InputError as error:
                await error_response(400, Refusal("not_json", str(error), error=str(error)), "BadRequest")(scope, receive, send)
                return
        body: Message | None = {"type": "http.request", "body": data, "more_body": False}

        async def replay() -> Message:
            nonlocal body
            if body is not None:
                message, body = body, None
                return message
            return await receive()

        await self.app(scope, replay, send)

    async def _refuse(self, scope: Scope, receive: Receive, send: Send, limit: int) -> None:
        response = error_response(413, Refusal("too_large", limit=limit), "TooLarge")
        await response(scope, receive, send)


def document_errors(schema: dict[str, Any], more: Callable[[str, str], dict[int, str]]) -> dict[str, Any]:
    """The OpenAPI ``schema`` with the errors documented as they are sent: every 4xx answer is
    :class:`ErrorBody` JSON (FastAPI's default 422 says ``HTTPValidationError``, a shape this app
    never sends, and puts the errors of the CSV export under ``text/csv``), and every operation lists
    the errors ``more(path, method)`` says the middleware answers (a refused host, a device that has
    not joined...). Returns ``schema``, changed in place."""
    error_body = {"application/json": {"schema": {"$ref": "#/components/schemas/ErrorBody"}}}
    for path, operations in schema["paths"].items():
        for method, operation in operations.items():
            responses: dict[str, Any] = operation["responses"]
            for code, response in responses.items():
                if code.startswith("4"):
                    response["content"] = error_body
            for status, description in more(path, method.upper()).items():
                found = responses.setdefault(str(status), {"description": "", "content": error_body})
                found["description"] = "; or ".join(filter(None, (found["description"], description)))
    components = schema.setdefault("components", {}).setdefault("schemas", {})
    for unused in ("HTTPValidationError", "ValidationError"):
        components.pop(unused, None)
    components.setdefault("ErrorBody", ErrorBody.model_json_schema())
    return schema
