"""A real PostgreSQL for the server's tests: one throwaway server for the session
(`tests.pgserver`), a database of its own for each test, made from a template that
`tablelife server init` set up once, and three logins: `desk` and `desk2` (tablelife_staff),
`judge` (tablelife_viewer).

Where this machine has no PostgreSQL (or no psycopg) these tests are skipped, except when
TABLELIFE_REQUIRE_POSTGRES is set (CI sets it, `.ci/run`): then they fail instead, so a CI run
can never pass without having run them.
"""

from __future__ import annotations

import itertools
import os
from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from tests import pgserver

REQUIRE_ENV = "TABLELIFE_REQUIRE_POSTGRES"
SETTINGS = {"name": "Friday", "format": "2hg", "rounds": 3, "best_of": 1, "minutes": 50}
"""An event's settings, for tests that write its log through the journal itself."""
TEMPLATE = "tablelife_template"
_numbers = itertools.count(1)


@pytest.hookimpl(wrapper=True)
def pytest_runtest_makereport(item: pytest.Item, call: pytest.CallInfo[None]) -> Iterator[None]:
    """With TABLELIFE_REQUIRE_POSTGRES set, a server test that would be skipped, for any
    reason, fails instead: CI must have run every one of them."""
    report: pytest.TestReport = yield
    if report.skipped and os.environ.get(REQUIRE_ENV):
        report.outcome = "failed"
        report.longrepr = f"skipped, but {REQUIRE_ENV} is set: the server's tests must run"
    return report  # type: ignore[return-value]


def _missing(why: str) -> None:
    if os.environ.get(REQUIRE_ENV):
        pytest.fail(f"{why}, and {REQUIRE_ENV} is set: the PostgreSQL tests must run here")
    pytest.skip(why)


@pytest.fixture(scope="session")
def pg() -> Iterator[pgserver.Server]:
    """The session's PostgreSQL server, with the template database set up."""
    try:
        import psycopg
    except ImportError:
        _missing("psycopg is not installed (pip install -e '.[test]')")
    if pgserver.bindir() is None:
        _missing("no PostgreSQL server programs (initdb, pg_ctl) on this machine")
    with pgserver.running() as server:
        from tablelife.store.server import init_server

        with psycopg.connect(server.url(), autocommit=True) as admin:
            admin.execute(f"CREATE DATABASE {TEMPLATE}")
        init_server(server.url(dbname=TEMPLATE))
        with psycopg.connect(server.url(), autocommit=True) as admin:
            for login, role in (
                ("desk", "tablelife_staff"),
                ("desk2", "tablelife_staff"),
                ("judge", "tablelife_viewer"),
            ):
                admin.execute(f"CREATE ROLE {login} LOGIN IN ROLE {role}")
            admin.execute("CREATE ROLE plain LOGIN")  # no CREATEROLE, in no Tablelife role
        yield server


@dataclass
class Database:
    """One test's database on the session's server, and a URL for each login."""

    server: pgserver.Server
    name: str

    def url(self, login: str = "desk") -> str:
        """A connection string for `login` (admin, desk, desk2, judge, plain)."""
        return self.server.url(user=login, dbname=self.name)

    @property
    def admin(self) -> str:
        """The server's superuser, who owns the database."""
        return self.url("admin")


def fresh_database(server: pgserver.Server, *, template: str = TEMPLATE) -> Database:
    """A new database on `server` (a copy of `template`: the journal already set up)."""
    import psycopg

    name = f"t{os.getpid()}_{next(_numbers)}"
    with psycopg.connect(server.url(), autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name} TEMPLATE {template}")
    return Database(server, name)


@pytest.fixture
def db(pg: pgserver.Server) -> Database:
    """A database of this test's own, its journal set up as `server init` leaves it."""
    return fresh_database(pg)


@pytest.fixture
def empty_db(pg: pgserver.Server) -> Database:
    """A database of this test's own with nothing in it (no journal yet)."""
    return fresh_database(pg, template="template0")
