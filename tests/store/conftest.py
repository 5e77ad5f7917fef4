"""Fixtures for the journal tests: a fresh journal in tmp_path, closed after each test."""

from __future__ import annotations

import contextlib
import sqlite3
from collections.abc import Iterator
from pathlib import Path

import pytest

from tablelife.rules import FreeForAll, TwoHeadedGiant
from tablelife.store import GameSetup, Journal, open_journal

GIANT = GameSetup(TwoHeadedGiant(), ("Ann", "Bob", "Cat", "Dan"), preset="Two-Headed Giant")
FFA = GameSetup(FreeForAll(players=3), ("Eve", "Fay", "Gus"), starting=1)


@pytest.fixture
def data_dir(tmp_path: Path) -> Path:
    """The folder the journal lives in (not created yet)."""
    return tmp_path / "data"


@pytest.fixture
def journal(data_dir: Path) -> Iterator[Journal]:
    """A fresh, open journal; closed after the test."""
    opened = open_journal(data_dir)
    assert opened.journal is not None, opened.message
    assert opened.message is None
    with opened.journal as j:
        yield j


@contextlib.contextmanager
def outside(journal: Journal) -> Iterator[sqlite3.Connection]:
    """Another program's connection to the journal's file, with the append-only triggers out
    of its way: what a hand edit, another tool or a bad disk could do."""
    conn = sqlite3.connect(journal.path, isolation_level=None)
    triggers = conn.execute("SELECT name, sql FROM sqlite_schema WHERE type = 'trigger'").fetchall()
    conn.execute("BEGIN")
    for name, _sql in triggers:
        conn.execute(f"DROP TRIGGER {name}")
    try:
        yield conn
    finally:
        for _name, sql in triggers:
            conn.execute(sql)
        conn.execute("COMMIT")
        conn.close()
