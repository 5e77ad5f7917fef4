"""Table window timings, as ratios against a bare PySide6 window measured in the same run.

- startup: process start to the first painted window (median of several runs, after one
  untimed run of each that writes the bytecode caches, as any first start does);
- click-to-repaint: a life tap, and a commit (journaled and synced to disk, as in the app),
  with 1,000 events of history (p50 and p99): from
  the click to the paint of the number it changed (the pending amount for a tap, the total for a
  commit), and to the moment every posted update has run ("settled", the history included).

Run with `make bench` (all benchmarks) or `python -m bench.ui`.
"""

from __future__ import annotations

import json
import os
import sys
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

STARTUP_RUNS = 7
CLICKS = 300
HISTORY = 1000


def startup() -> dict[str, float]:
    """Seconds to the first painted window: bare Qt, Tablelife, and their ratio (measured as
    bench.speed measures `first_paint_fresh`: the end of the window's first frame)."""
    from bench.speed import _BARE_WINDOW, _TABLELIFE_WINDOW, _env, _painted, _pairs

    with tempfile.TemporaryDirectory() as data:
        env = _env(Path(data))
        b, o = _pairs(
            lambda: _painted(_BARE_WINDOW, env)[0],
            lambda: _painted(_TABLELIFE_WINDOW, env)[0],
            runs=STARTUP_RUNS,
        )
    return {"startup_bare_s": b, "startup_tablelife_s": o, "startup_ratio": o / b}


def _percentiles(samples: list[float]) -> tuple[float, float]:
    ordered = sorted(samples)
    return ordered[len(ordered) // 2], ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]


def latency() -> dict[str, float]:
    """Click-to-repaint in milliseconds: bare Qt, a Tablelife tap, and a Tablelife commit."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QEvent, QObject, QSettings, Qt
    from PySide6.QtTest import QTest
    from PySide6.QtWidgets import QApplication, QLabel, QPushButton, QVBoxLayout, QWidget

    from tablelife.model.game_model import GameModel
    from tablelife.model.session import Session
    from tablelife.model.settings import Settings
    from tablelife.rules import Damage, GainLife, TwoHeadedGiant
    from tablelife.rules.setup import GameSetup
    from tablelife.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])

    class PaintClock(QObject):
        """Notes when a widget gets its paint event."""

        def __init__(self) -> None:
            super().__init__()
            self.at = 0.0

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint and not self.at:
                self.at = time.perf_counter()
            return False

    clock = PaintClock()

    def measure(
        click: Callable[[], None], target: QWidget, between: Callable[[], None] | None = None
    ) -> tuple[list[float], list[float]]:
        """`click` timed until `target` paints (and until the loop is idle again); `between`
        runs before each click, untimed."""
        target.installEventFilter(clock)
        painted, settled = [], []
        for _ in range(CLICKS):
            if between is not None:
                between()
                app.processEvents()
            clock.at = 0.0
            start = time.perf_counter()
            click()
            app.processEvents()  # the posted repaints happen here
            app.processEvents()  # and what they started: the history follows the totals
            end = time.perf_counter()
            painted.append(((clock.at or end) - start) * 1000)
            settled.append((end - start) * 1000)
        target.removeEventFilter(clock)
        return painted, settled

    bare = QWidget()
    layout = QVBoxLayout(bare)
    label, button = QLabel("30"), QPushButton("-1")
    layout.addWidget(label)
    layout.addWidget(button)
    button.clicked.connect(lambda: label.setText(str(int(label.text()) - 1)))
    bare.resize(1366, 768)
    bare.show()
    app.processEvents()
    bare_ms, bare_settled = measure(
        lambda: QTest.mouseClick(button, Qt.MouseButton.LeftButton), label
    )
    bare.close()

    with tempfile.TemporaryDirectory() as scratch:
        settings = Settings(QSettings(f"{scratch}/b.ini", QSettings.Format.IniFormat))
        session = Session(Path(scratch) / "data")  # every commit is journaled, as in the app
        model = session.new_game(GameSetup(TwoHeadedGiant()), idle_ms=60_000)
        for i in range(HISTORY // 2):
            model.submit(Damage(i % 4, 1))
            model.submit(GainLife(i % 4, 1))
        window = MainWindow(model, settings, GameModel)
        window.resize(1366, 768)
        window.show()
        app.processEvents()
        minus = window.table.panels[0].heads[0].buttons[(-1, 0)]
        panel = window.table.panels[0]
        tap_ms, tap_settled = measure(
            lambda: QTest.mouseClick(minus, Qt.MouseButton.LeftButton), panel.pending_label
        )
        model.drop_pending()

        def tap_and_commit() -> None:
            QTest.mouseClick(minus, Qt.MouseButton.LeftButton)
            window.resolve_action.trigger()

        def refill() -> None:  # untimed: a second event in the timed click would be counted
            if model.game.life(0) < 5:
                model.submit(GainLife(0, 25))

        commit_ms, commit_settled = measure(tap_and_commit, panel.life_label, refill)
        window.close()
        session.close()
    result = {}
    for name, samples in (
        ("bare", bare_ms),
        ("tap", tap_ms),
        ("commit", commit_ms),
        ("bare_settled", bare_settled),
        ("tap_settled", tap_settled),
        ("commit_settled", commit_settled),
    ):
        p50, p99 = _percentiles(samples)
        result[f"latency_{name}_p50_ms"] = p50
        result[f"latency_{name}_p99_ms"] = p99
    result["latency_tap_p99_ratio"] = result["latency_tap_p99_ms"] / result["latency_bare_p99_ms"]
    result["latency_commit_p99_ratio"] = (
        result["latency_commit_p99_ms"] / result["latency_bare_p99_ms"]
    )
    return result


def run() -> dict[str, float]:
    """Every table-window figure."""
    return {**startup(), **latency()}


if __name__ == "__main__":
    print(json.dumps(run(), indent=2))
