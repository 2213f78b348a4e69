"""Schemathesis makes up requests from the OpenAPI schema and checks every answer against it: no
server error, a documented status, the documented content type, a body that matches its schema.

The operations of the club's database (tables, players, standings, ratings, tournaments) are left out here: they
read and change it, and their answers are walked in tests/test_web_openapi.py. (The ratings were not, and answered
422 on the in-memory database this test's app opens, whose reader sees no tables: a database that cannot be
used answers 503 now.) Schemathesis' check that every
schema-valid request is accepted is not asked for: a schema cannot say which hands are wins (those
are answered 422, as documented)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import schemathesis
from hypothesis import HealthCheck, settings
from schemathesis.checks import not_a_server_error
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from mjscore.interfaces.web import create_app
from mjscore.interfaces.web.security import Access
from mjscore.scorekeeper import Scorekeeper

CHECKS: list[Callable[..., Any]] = [not_a_server_error, status_code_conformance, content_type_conformance,
                                    response_schema_conformance]


def _schema() -> Any:
    keeper = Scorekeeper.open("sqlite://")  # the schema only: no table is touched
    app = create_app(keeper, access=Access.of(["testserver"]))  # schemathesis' test client calls itself testserver
    return schemathesis.openapi.from_asgi("/api/openapi.json", app)


schema = _schema()


@schema.exclude(path_regex="^/api/(tables|players|standings|ratings|tournaments)").parametrize()
@settings(max_examples=15, deadline=None, suppress_health_check=list(HealthCheck))
def test_every_answer_matches_the_schema(case: Any) -> None:
    case.call_and_validate(checks=CHECKS)
