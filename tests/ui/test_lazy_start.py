"""The window's first paint loads only what it shows (issue 12): no export, CSV, dialog,
graph or history modules before it; the history, the one-writer socket and the icon come
after it."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from PySide6.QtCore import QSettings
from pytestqt.qtbot import QtBot

from tablelife.model.game_model import GameModel
from tablelife.model.settings import Settings
from tablelife.rules import TwoHeadedGiant
from tablelife.rules.setup import GameSetup
from tablelife.ui.main_window import MainWindow

REPO = Path(__file__).resolve().parents[2]

# As bench/speed.py measures it: the first frame is painted while the window handles its first
# UpdateRequest, and a zero timer posted then runs once the frame is done.
PROBE = """
import json, sys
from PySide6.QtCore import QEvent, QObject, QTimer
from tablelife.gui import main_window_for_bench
app, window = main_window_for_bench()
seen = {}
def painted():
    seen["modules"] = sorted(sys.modules)
    seen["history_at_first_paint"] = window._history is not None
    QTimer.singleShot(500, done)
def done():
    seen["rows_later"] = window.history.row_count()
    seen["position"] = window.model.game.position
    seen["modules_later"] = sorted(sys.modules)
    seen["icon_later"] = not app.windowIcon().isNull()
    print(json.dumps(seen))
    app.quit()
class FirstFrame(QObject):
    def eventFilter(self, watched, event):
        if event.type() in (QEvent.Type.UpdateRequest, QEvent.Type.Paint):
            window.removeEventFilter(self)
            QTimer.singleShot(0, painted)
        return False
first_frame = FirstFrame()
window.installEventFilter(first_frame)
app.exec()
"""

PLAY = """
import sys
from pathlib import Path
from tablelife.model.session import Session
from tablelife.rules import Damage, TwoHeadedGiant
from tablelife.rules.setup import GameSetup
session = Session(Path(sys.argv[1]))
model = session.new_game(GameSetup(TwoHeadedGiant()), 60_000)
for i in range(30):
    model.submit(Damage(i % 4, 1))
session.close()
"""


def _run(code: str, data: Path, *args: str) -> str:
    env = {
        **os.environ,
        "PYTHONPATH": str(REPO),
        "TABLELIFE_DATA_DIR": str(data),
        "QT_QPA_PLATFORM": "offscreen",
    }
    done = subprocess.run(
        [sys.executable, "-c", code, *args],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=120,
        check=True,
    )
    return done.stdout


def test_the_first_paint_loads_no_export_csv_or_dialogs(tmp_path: Path) -> None:
    seen = json.loads(_run(PROBE, tmp_path / "data").splitlines()[-1])
    loaded = set(seen["modules"])
    later = ("PySide6.QtNetwork",)  # the one-writer socket listens once the frame is painted
    for module in (
        "tablelife.store.export",
        "csv",
        "tablelife.ui.dialogs",
        "tablelife.ui.history",  # the view comes with the next pass, its rows with the one after
        "tablelife.cli",
        "tablelife.ui.life_graph",
        "tablelife.model.life_graph",
        "importlib.resources",
        *later,
    ):
        assert module not in loaded, module
    assert set(later) <= set(seen["modules_later"])
    assert seen["icon_later"]


def test_a_start_without_arguments_has_the_parser_s_defaults() -> None:
    from tablelife.gui import parse_args, window_parser

    assert vars(parse_args([])) == vars(window_parser().parse_args([]))


def test_a_resumed_game_fills_its_history_after_the_first_paint(tmp_path: Path) -> None:
    data = tmp_path / "data"
    _run(PLAY, data, str(data))
    seen = json.loads(_run(PROBE, data).splitlines()[-1])
    assert not seen["history_at_first_paint"]
    assert seen["rows_later"] == seen["position"] == 30


def test_the_history_comes_after_the_first_frame_into_the_dock_already_there(
    qtbot: QtBot, tmp_path: Path
) -> None:
    settings = Settings(QSettings(str(tmp_path / "s.ini"), QSettings.Format.IniFormat))
    window = MainWindow(GameModel(GameSetup(TwoHeadedGiant())), settings, GameModel)
    qtbot.addWidget(window)
    waiting = window.history_dock.widget()
    gone: list[bool] = []
    waiting.destroyed.connect(lambda: gone.append(True))
    assert window._history is None  # not before the first frame...
    assert waiting.accessibleName() == "History"
    window.show()
    qtbot.waitUntil(lambda: window._history is not None)  # ...but after it, unasked
    assert window.history_dock.widget() is window.history
    qtbot.waitUntil(lambda: gone == [True])  # the stand-in is deleted, not left hidden
