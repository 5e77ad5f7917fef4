"""Fixtures for the journal tests: a fresh journal in tmp_path, closed after each test."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.rules import FreeForAll, TwoHeadedGiant
from app.store import GameSetup, Journal, open_journal

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
