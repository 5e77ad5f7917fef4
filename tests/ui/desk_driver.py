"""Run by test_desk_restart.py as `python -m tests.ui.desk_driver DATA_DIR`: the real desk,
driven through its command bar, until it is killed.

On a folder with no event it creates one (8 teams, Two-Headed Giant), pairs round 1, starts
the clock and prints "ready"; then it types each line of LINES into the command bar, one per
turn of the event loop, printing "done {i} {json}" after each (the step is in the journal before
it shows), then "idle", and runs until killed. On a folder that has an event it prints
"resumed {json}" once every tracked game is back, then "idle". The json is `snapshot()`.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest

from tablelife.gui import _app
from tablelife.model.event_model import EventModel
from tablelife.model.session import Session
from tablelife.ops.event import new_event
from tablelife.store.events import newest_running_event
from tablelife.tournament.event import EventSettings
from tablelife.ui.desk import DeskWindow

TEAMS = ["Ann & Bob", "Cal & Dee", "Eve & Finn", "Gus & Hana", "Ivo & Jo", "Kai & Lu",
         "Mo & Nia", "Oli & Pia"]  # fmt: skip
LINES = ["1 a -7", "2 b poison 3", "3 ext 4", "4 result b", "1 b -2", "2 undo"]


def snapshot(model: EventModel) -> dict[str, Any]:
    """What a restart must bring back."""
    current = model.tournament.current
    assert current is not None
    clock = current.clock
    tables = []
    for t in current.tables:
        game = model.games.get(t.number)
        tables.append(
            {
                "table": t.number,
                "result": None if t.result is None else dict(t.result.outcomes),
                "extension": t.extension,
                "turns": t.turns,
                "totals": None
                if game is None
                else [(game.game.life(i), game.game.poison(i)) for i in range(2)],
            }
        )
    return {
        "tables": tables,
        "clock": [clock.minutes, clock.adjusted, clock.used, clock.since, clock.started],
    }


def say(*words: object) -> None:
    """One whole line, flushed."""
    print(*words, flush=True)


def main(argv: list[str]) -> int:
    """Drives the desk; returns 3 if anything goes wrong."""
    app = _app()
    session = Session(Path(argv[0]))
    journal = session.journal
    assert journal is not None
    event_id = newest_running_event(journal)
    fresh = event_id is None
    if event_id is None:
        event_id = new_event(journal, EventSettings("Night", rounds=3), TEAMS)
    model = EventModel(journal, event_id, idle_ms=3_600_000)
    desk = DeskWindow(model)
    desk.resize(1366, 768)
    desk.show()
    if not fresh:
        model.read_all()
        say("resumed", json.dumps(snapshot(model)))
        say("idle")
        return app.exec()
    model.pair_next(seed=3)
    model.toggle_clock()
    say("ready")
    done = 0

    def step() -> None:
        nonlocal done
        if done == len(LINES):
            say("idle")
            return
        desk.show_board()
        desk.command.setText(LINES[done])
        QTest.keyClick(desk.command, Qt.Key.Key_Return)
        if desk.command.text():
            say("error", LINES[done], desk.statusBar().currentMessage())
            app.exit(3)
            return
        done += 1
        say("done", done, json.dumps(snapshot(model)))
        QTimer.singleShot(0, step)

    QTimer.singleShot(0, step)
    return app.exec()


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
