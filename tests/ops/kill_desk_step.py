"""Run by test_kill.py as `python -m tests.ops.kill_desk_step N DATA_DIR`: a best-of-three
table at the desk's model, its first game tracked; then the step that ends game 1 (team a
conceding), with the process SIGKILLed right after that step's Nth journal write and before
its commit. Exits 0 if the step makes fewer than N writes (it was taken whole)."""

from __future__ import annotations

import os
import sys
from pathlib import Path

os.environ["QT_QPA_PLATFORM"] = "offscreen"

from PySide6.QtWidgets import QApplication

from tablelife.model.event_model import EventModel
from tablelife.model.session import Session
from tablelife.ops import event as steps
from tablelife.rules import Concede, Damage
from tablelife.tournament.event import EventSettings
from tests.ops.kill_step import kill_after

WRITES = ("append", "finish", "reopen", "new_game", "log", "finish_tournament")
TEAMS = ["Ann & Bob", "Cal & Dee", "Eve & Fay", "Gus & Hal"]


def main(argv: list[str]) -> int:
    """Sets the table up, then takes the ending step with the kill armed."""
    after, data_dir = int(argv[0]), Path(argv[1])
    app = QApplication(sys.argv[:1])
    session = Session(data_dir)
    assert session.journal is not None
    settings = EventSettings("Bo3", format="duel", best_of=3)
    event_id = steps.new_event(session.journal, settings, TEAMS)
    event = EventModel(session.journal, event_id, idle_ms=3_600_000)
    event.pair_by_hand([TEAMS[:2], TEAMS[2:]])
    game = event.open_game(1)
    assert game is not None and game.submit(Damage(0, 3))
    kill_after(after, WRITES)
    assert game.submit(Concede(0))
    assert len(event.table(1).earlier_games) == 1  # the next game began with it
    session.close()
    del app
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
