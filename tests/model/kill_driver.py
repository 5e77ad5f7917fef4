"""Run by test_resume_kill.py as `python -m tests.model.kill_driver DATA_DIR N [--pending]`:
the real app, played by real key presses, until it is killed.

It builds the window as `tablelife.main` does (`build_window` with --data-dir DATA_DIR), shows it,
waits until it is the active window (shortcuts act only there), and prints
"ready {json}" with the game as it starts (a resumed one, or a new one). Then it plays N
journal events from SCRIPT, one per turn of the event loop, each by key presses, and prints
"commit {i} {json}" after each (the event is in the journal before it shows). With --pending
it then taps once more without committing (the idle time set to an hour, so the tap stays
pending) and prints "pending". Then it prints "idle" and
keeps running until killed; each "play" line on its stdin plays one more event. Anything
unexpected prints "error ..." and exits with 3.

The json is `snapshot()`: the game id, the state as the export writes it, the sizes of the
history and the redo stack, and the undo stack (count, index, texts).
"""

from __future__ import annotations

import json
import sys
import time
from typing import Any

from PySide6.QtCore import QSocketNotifier, Qt, QTimer
from PySide6.QtTest import QTest

from tablelife.gui import build_window, parse_args
from tablelife.model.game_model import GameModel
from tablelife.store import state_to_dict

WAIT_MS = 120_000
"""The longest the driver waits for its window to come up or its game to be replayed."""

Key = Qt.Key
Mod = Qt.KeyboardModifier
Press = tuple[Key, Mod]
NONE, SHIFT, CTRL = Mod.NoModifier, Mod.ShiftModifier, Mod.ControlModifier

# One journal event each, as a person types it on a Two-Headed Giant table (seats 1-4; seats
# 1-2 are team 0, seats 3-4 team 1). The comments give the event.
SCRIPT: list[tuple[str, list[Press]]] = [
    # seat 3: 1 + 1 + 5 damage, one event: team 1 at 23
    ("apply", [(Key.Key_3, NONE), (Key.Key_Down, NONE), (Key.Key_Down, NONE),
               (Key.Key_PageDown, NONE), (Key.Key_Return, NONE)]),
    # seat 1: a poison counter: team 0 at 1 poison
    ("apply", [(Key.Key_1, NONE), (Key.Key_Up, SHIFT), (Key.Key_Return, NONE)]),
    # pass the turn
    ("apply", [(Key.Key_N, NONE)]),
    # seats 4 and 2 in one event: team 1 -5, team 0 -1
    ("apply", [(Key.Key_4, NONE), (Key.Key_PageDown, NONE), (Key.Key_2, NONE),
               (Key.Key_Down, NONE), (Key.Key_Return, NONE)]),
    # undo that event, undo the pass, redo the pass: one event stays undone
    ("undo", [(Key.Key_Z, CTRL)]),
    ("undo", [(Key.Key_Z, CTRL)]),
    ("redo", [(Key.Key_Z, CTRL | SHIFT)]),
    # seat 2: +1 life and a poison counter
    ("apply", [(Key.Key_2, NONE), (Key.Key_Up, NONE), (Key.Key_Up, SHIFT),
               (Key.Key_Return, NONE)]),
    # undo it again: a redo stack at the end
    ("undo", [(Key.Key_Z, CTRL)]),
]  # fmt: skip


def snapshot(model: GameModel) -> dict[str, Any]:
    """What a restart must bring back exactly."""
    stack = model.undo_stack
    return {
        "game": model.game_id,
        "state": state_to_dict(model.game.state),
        "history": len(model.game.history),
        "redo": len(model.game.redo_events),
        "undo_stack": {
            "count": stack.count(),
            "index": stack.index(),
            "undo": stack.undoText(),
            "redo": stack.redoText(),
        },
    }


def say(*words: object) -> None:
    """One whole line, flushed at once: the test reads it as it comes."""
    print(*words, flush=True)


def main(argv: list[str]) -> int:
    """Plays, then runs until killed; returns 3 if anything goes wrong."""
    data, count, pending = argv[0], int(argv[1]), "--pending" in argv[2:]
    app, window, session = build_window(parse_args(["--data-dir", data]))
    if session.notice:
        say("error", session.notice)
        return 3
    window.resize(1366, 768)
    window.show()
    window.activateWindow()
    # Waits on conditions, with room for a machine loaded by other work: the bound is a
    # failure's, never the pace of a passing run.
    if not QTest.qWaitForWindowActive(window, WAIT_MS):
        say("error the window never became active")
        return 3
    # A resumed game shows its stored state at once; its replay (undo, history) follows.
    deadline = time.monotonic() + WAIT_MS / 1000
    while not window.model.replayed:
        if time.monotonic() > deadline:
            say("error the resumed game was never replayed")
            return 3
        QTest.qWait(10)
    say("ready", json.dumps(snapshot(window.model)))
    done = 0

    def fail(text: str) -> None:
        say("error", text)
        app.exit(3)

    def step() -> None:
        nonlocal done
        if done == count:
            if pending:
                # Long enough that the idle timer can't commit the tap before the kill.
                window.model.set_idle_ms(3_600_000)
                QTest.keyClick(window, Key.Key_1)
                QTest.keyClick(window, Key.Key_PageDown)  # -5, left pending
                if window.model.pending(0) != (-5, 0):
                    return fail(f"the pending tap did not stage: {window.model.pending(0)}")
                say("pending")
            say("idle")
            return None
        kind, presses = SCRIPT[done % len(SCRIPT)]
        model = window.model
        assert model.journal is not None and model.game_id is not None
        before = len(model.journal.events(model.game_id))
        for key, mods in presses:
            QTest.keyClick(window, key, mods)
        events = model.journal.events(model.game_id)
        if len(events) != before + 1 or events[-1].kind != kind:
            return fail(f"step {done + 1} ({kind}) journaled {[e.kind for e in events[before:]]}")
        done += 1
        say("commit", done, json.dumps(snapshot(model)))
        QTimer.singleShot(0, step)  # the next event on the next turn of the loop
        return None

    def on_stdin() -> None:
        # "play" on stdin: one more event from the script (the test checks the app still saves).
        nonlocal count
        line = sys.stdin.readline()
        if line.strip() == "play":
            count += 1
            QTimer.singleShot(0, step)

    notifier = QSocketNotifier(sys.stdin.fileno(), QSocketNotifier.Type.Read)
    notifier.activated.connect(on_stdin)
    QTimer.singleShot(0, step)
    code = app.exec()
    session.close()
    return code


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
