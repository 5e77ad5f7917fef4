"""What a journal's SQL runs on, whichever database holds it: a SQLite file (`sqlite3`'s own
connection) or a PostgreSQL server (`tablelife.store.server`'s, which speaks the same).

A `Journal` method writes its SQL once, in what SQLite and PostgreSQL both understand, with
`?` placeholders, and runs it on the `Conn` its step's `transaction()` yields. Where the two
differ (the order-of-play number, what an error means, how a step begins and ends, whether a
lost race is tried again), the journal asks its own hooks, which a server's journal overrides:
nothing above the store knows which one it has. Qt-free.

SQL both understand: standard SELECT, INSERT, UPDATE and DELETE; `COALESCE`, `MAX`, `count`;
`INSERT ... ON CONFLICT DO NOTHING` (never `INSERT OR IGNORE` or `REPLACE`); no PRAGMA, no
rowid, no `%` (a server's placeholders are `%s`; `?` is turned into them).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Sequence
from typing import Any, Protocol


class Rows(Protocol):
    """What a statement returns: its rows, one at a time or all at once."""

    def fetchone(self) -> Any:
        """The next row (a tuple), or None."""

    def fetchall(self) -> list[Any]:
        """Every row left."""

    def __iter__(self) -> Iterator[Any]:
        """The rows left, one by one."""


class Conn(Protocol):
    """A connection a journal's SQL runs on (`?` placeholders). Text comes back as bytes on
    both, so `tablelife.store.rows` decodes a row the same way whichever one read it."""

    def execute(self, sql: str, parameters: Sequence[Any] = ..., /) -> Rows:
        """Runs one statement."""

    def executemany(self, sql: str, parameters: Iterable[Sequence[Any]], /) -> Any:
        """Runs one statement once for each row of parameters."""
