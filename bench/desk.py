"""The desk at scale: a round of 64 tables with 500 journaled events each.

Prints ONE JSON line (`python -m bench desk`):
- `open_to_paint_ms`: from the start of opening the event (reading its log) to the first
  painted board, in a fresh process; `all_games_read_ms`: until every tracked table's game is
  back from the journal too (they are read after the first paint, one per turn of the loop);
- `rss_mb`: that process's peak memory with the board shown; `bare_rss_mb`: a bare PySide6
  window's peak, measured in the same run; `rss_ratio` the two;
- `tap_p99_ms`: a tap on one open table to the repaint of what it changed (p50 too), and the
  same for a bare Qt label and button (`bare_tap_p99_ms`) in the same process.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import time
from pathlib import Path

TABLES = 64
EVENTS = 500
TAPS = 300

_BARE = """
import resource, sys
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow
app = QApplication(sys.argv[:1])
window = QMainWindow()
window.setCentralWidget(QLabel("30"))
window.resize(1366, 768)
window.show()
app.processEvents()
print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024, flush=True)
"""

_DESK = """
import json, resource, sys, time
from pathlib import Path
from bench.desk import measure_open
print(json.dumps(measure_open(Path(sys.argv[1]), int(sys.argv[2]))), flush=True)
"""


def build(folder: Path, tables: int = TABLES, events: int = EVENTS) -> int:
    """A journal with one event: a round of `tables` 2HG tables, every one tracked with
    `events` events. Returns the event's id."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    from tablelife.model.event_model import EventModel
    from tablelife.model.session import Session
    from tablelife.ops.event import new_event
    from tablelife.rules import Damage, GainLife
    from tablelife.tournament.event import EventSettings

    _app = QApplication.instance() or QApplication(sys.argv[:1])
    session = Session(folder)
    journal = session.journal
    assert journal is not None
    # Building is not what is measured: no fsync per event here.
    journal.connection.execute("PRAGMA synchronous = OFF")
    teams = [f"Team {i} & Mate {i}" for i in range(2 * tables)]
    event_id = new_event(journal, EventSettings("Bench", rounds=4), teams)
    model = EventModel(journal, event_id, clock=time.time)
    model.pair_by_hand([[teams[2 * i], teams[2 * i + 1]] for i in range(tables)])
    model.toggle_clock()
    for table in range(1, tables + 1):
        game = model.open_game(table)
        assert game is not None
        for i in range(events):
            seat = (table + i) % 4
            game.submit(Damage(seat, 1) if i % 2 else GainLife(seat, 1))
    model.deleteLater()
    session.close()
    return event_id


def measure_open(folder: Path, event_id: int) -> dict[str, float]:
    """In this process: open the event, paint the board, then time taps on one table."""
    import resource

    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEvent, QObject, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QVBoxLayout, QWidget

    from tablelife.model.event_model import EventModel
    from tablelife.model.session import Session
    from tablelife.ui.desk import DeskWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])

    class Painted(QObject):
        def __init__(self) -> None:
            super().__init__()
            self.at = 0.0

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint and not self.at:
                self.at = time.perf_counter()
            return False

    start = time.perf_counter()
    session = Session(folder)
    assert session.journal is not None
    model = EventModel(session.journal, event_id)
    desk = DeskWindow(model)
    desk.resize(1366, 768)
    paint = Painted()
    desk.board.viewport().installEventFilter(paint)
    desk.show()
    while not paint.at:
        app.processEvents()
    opened = (paint.at - start) * 1000
    desk.board.viewport().removeEventFilter(paint)
    while model.reading:  # the tracked games come back after the first paint
        app.processEvents()
    read_back = (time.perf_counter() - start) * 1000
    rss = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 1024

    def taps(click: QPushButton, target: QWidget) -> list[float]:
        target.installEventFilter(paint)
        samples = []
        for _ in range(TAPS):
            paint.at = 0.0
            begin = time.perf_counter()
            QTest.mouseClick(click, Qt.MouseButton.LeftButton)
            app.processEvents()
            samples.append(((paint.at or time.perf_counter()) - begin) * 1000)
        target.removeEventFilter(paint)
        return sorted(samples)

    desk.open_table(1)
    app.processEvents()
    view = desk.table_view
    assert view is not None
    panel = view.panels[0]
    ours = taps(panel.heads[0].buttons[(-1, 0)], panel.pending_label)
    view.model.drop_pending()
    bare = QWidget()
    layout = QVBoxLayout(bare)
    label, button = QLabel("30"), QPushButton("-1")
    layout.addWidget(label)
    layout.addWidget(button)
    button.clicked.connect(lambda: label.setText(str(int(label.text()) - 1)))
    bare.show()
    app.processEvents()
    theirs = taps(button, label)
    desk.close()
    session.close()

    def p(samples: list[float], q: float) -> float:
        return samples[min(len(samples) - 1, int(len(samples) * q))]

    return {
        "open_to_paint_ms": round(opened, 1),
        "all_games_read_ms": round(read_back, 1),
        "rss_mb": round(rss, 1),
        "tap_p50_ms": round(p(ours, 0.5), 3),
        "tap_p99_ms": round(p(ours, 0.99), 3),
        "bare_tap_p99_ms": round(p(theirs, 0.99), 3),
    }


def _child(code: str, *args: str) -> str:
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen"}
    root = str(Path(__file__).resolve().parents[1])
    env["PYTHONPATH"] = root + os.pathsep + env.get("PYTHONPATH", "")
    done = subprocess.run(
        [sys.executable, "-c", code, *args], env=env, capture_output=True, text=True, check=True
    )
    return done.stdout.strip().splitlines()[-1]


def run(tables: int = TABLES, events: int = EVENTS) -> dict[str, float]:
    """Every desk figure, with the bare window's memory from the same run."""
    with tempfile.TemporaryDirectory() as scratch:
        folder = Path(scratch)
        event_id = build(folder, tables, events)
        _child(_DESK, str(folder), str(event_id))  # once untimed: bytecode caches, as any start
        figures = json.loads(_child(_DESK, str(folder), str(event_id)))
        bare_rss = float(_child(_BARE))
    figures["bare_rss_mb"] = round(bare_rss, 1)
    figures["rss_ratio"] = round(figures["rss_mb"] / bare_rss, 2)
    figures["tables"] = tables
    figures["events_per_table"] = events
    return figures


if __name__ == "__main__":
    print(json.dumps(run()))
