"""A refused step leaves no reference cycle behind: the journal's error, whose traceback holds
the frames of the step (the table's model among their locals), is freed as soon as the model
has said it. Left in a cycle, the model was freed later by the collector, at whatever moment
a collection ran, taking its undo stack with it while the collector was clearing its commands
(a segfault in QUndoStack::clear, seen in a full run)."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from pathlib import Path

import pytest

from tablelife.model.game_model import GameModel
from tablelife.model.session import Session
from tablelife.rules import Damage, TwoHeadedGiant
from tablelife.rules.setup import GameSetup

SETUP = GameSetup(TwoHeadedGiant(), names=("Ann", "Bob", "Cal", "Dee"))


@pytest.fixture
def garbage() -> Iterator[list[object]]:
    """What the collector finds unreachable from here on (kept, not freed)."""
    gc.collect()
    gc.set_debug(gc.DEBUG_SAVEALL)
    found: list[object] = []
    try:
        yield found
    finally:
        gc.collect()
        found.extend(gc.garbage)
        gc.garbage.clear()
        gc.set_debug(0)


def test_a_full_disk_s_refusal_leaves_no_cycle(
    qapp: object, tmp_path: Path, garbage: list[object]
) -> None:
    session = Session(tmp_path / "journal")
    model = session.new_game(SETUP, 60_000)
    assert session.journal is not None
    conn = session.journal.connection
    pages = conn.execute("PRAGMA page_count").fetchone()[0]
    conn.execute(f"PRAGMA max_page_count = {pages}")  # SQLite's own "disk full"
    said: list[str] = []
    model.message.connect(said.append)
    for _ in range(5000):
        if not model.submit(Damage(0, 0)):
            break
    assert said and "full" in said[-1]
    session.close()
    del model, session, conn
    gc.collect()
    errors = [o for o in gc.garbage if isinstance(o, BaseException)]
    models = [o for o in gc.garbage if isinstance(o, GameModel)]
    assert (errors, models) == ([], [])
