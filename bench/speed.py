"""Issue 12's figures, each against a bare baseline measured in the same run.

`python -m bench speed` prints one JSON line per figure: `figure`, `value`, `unit`, `baseline`
(what the same work costs bare), `ratio` (value / baseline), `target` and `target_of` (the
target applies to "ratio" or to "value"), and `ok`. Then one `scaling` line: resume and export at
1,000, 10,000 and 100,000 events, with the time per event at each size (linear growth keeps it
flat).

Each target is a guard, not a goal: the figures as they are (the README's "Speed") are
accepted, and each guard leaves them room for a noisy run, so a figure over its guard means
something got slower. `main` exits 1, naming the figure on stderr, when one is over its guard.

- `screenshot_start_to_exit`: `tablelife --screenshot` from process start to exit, against a
  bare PySide6 window that shows, grabs and saves a PNG.
- `first_paint_fresh` / `first_paint_resume_1000`: process start to the window's first frame
  painted (the end of its first UpdateRequest), on a fresh journal and resuming a 1,000-event
  game; against a bare window's first frame, stamped the same way.
- `peak_memory_start`: peak RSS of the fresh start half a second after its first frame (what
  the window leaves until after that frame counts), against the bare window's.
- `enter_to_history_p99`: Enter (committing one tap) to the history showing the new row painted,
  against a bare button click repainting a label.
- `resume_20000`: opening the journal and resuming a 20,000-event game, against a bare SQLite
  read of the same rows.
- `export_last_20000`: `tablelife export --last` (JSON) of that game, against a bare process
  that reads the same rows with sqlite3 and `json.dump`s them.
- `import_20000`: `tablelife import` of that export into an empty folder, against a bare process
  that `json.load`s it and inserts its events into a new SQLite table.
- `memory_per_event`: RSS growth per event over 20,000 events played in a live window (model,
  undo stack, journal, history), against a bare `QUndoStack` of 20,000 commands with text.

Big games are built with `synchronous=OFF` (fast, not durable: only for the benchmark).
"""

from __future__ import annotations

import gc
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

_REPO = Path(__file__).resolve().parents[1]
RUNS = 7
TAPS = 200
HISTORY = 1000
RESUME_SMALL = 1000
BIG = 20_000
SCALES = (1000, 10_000, 100_000)
MEMORY_EVENTS = 20_000
BIG_RUNS = 7  # interleaved runs of export and import: three swung the ratio by 0.3
PACED = 60
PACE_S = 0.3

TARGETS: dict[str, tuple[float, str]] = {
    "screenshot_start_to_exit": (1.75, "ratio"),
    "first_paint_fresh": (1.9, "ratio"),
    "first_paint_resume_1000": (1.95, "ratio"),
    "peak_memory_start": (1.4, "ratio"),
    "enter_to_history_p99": (4.0, "value"),
    "resume_20000": (0.3, "value"),
    "export_last_20000": (3.0, "ratio"),
    "import_20000": (2.0, "ratio"),
    "memory_per_event": (1536.0, "value"),
}

_BARE_WINDOW = """
import sys, time
from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow
app = QApplication(sys.argv[:1])
window = QMainWindow()
window.setCentralWidget(QLabel("30"))
window.resize(1366, 768)
window.show()
"""

# As `python -m tablelife` starts a window (tablelife.main.main): the Qt-free layers, then
# the window.
_TABLELIFE_WINDOW = """
import sys, time
from tablelife.main import load_qt_free_layers
load_qt_free_layers()
from PySide6.QtCore import QTimer
from tablelife.gui import main_window_for_bench
app, window = main_window_for_bench()
"""

# The window's first frame is painted while Qt handles its first UpdateRequest (offscreen, a
# pass of the event loop after show): a zero timer posted from there runs once it is done, and
# notes the time and whether the window got its Paint by then. Peak memory is read half a
# second later, so what a window leaves until after its first frame (the one-writer socket,
# the icon) counts too.
_PAINTED = """
import resource
from PySide6.QtCore import QEvent, QObject
first = []
def painted():
    first.append((time.time(), first_frame.seen))
    window.removeEventFilter(first_frame)
    QTimer.singleShot(500, settled)
def settled():
    stamp, seen = first[0]
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    print(stamp, peak, int(seen), flush=True)
    app.quit()
class FirstFrame(QObject):
    seen = posted = False
    def eventFilter(self, watched, event):
        kind = event.type()
        self.seen = self.seen or kind == QEvent.Type.Paint
        if kind in (QEvent.Type.UpdateRequest, QEvent.Type.Paint) and not self.posted:
            self.posted = True
            QTimer.singleShot(0, painted)
        return False
first_frame = FirstFrame()
window.installEventFilter(first_frame)
app.exec()
"""

_BARE_SCREENSHOT = """
import os, sys
os.environ["QT_QPA_PLATFORM"] = "offscreen"
from PySide6.QtWidgets import QApplication, QLabel, QMainWindow
app = QApplication(sys.argv[:1])
window = QMainWindow()
window.setCentralWidget(QLabel("30"))
window.resize(1366, 768)
window.show()
app.processEvents()
sys.exit(0 if window.grab().save(sys.argv[1]) else 1)
"""

_BARE_EXPORT = """
import json, sqlite3, sys
conn = sqlite3.connect(sys.argv[1])
game = conn.execute("SELECT * FROM games ORDER BY id DESC LIMIT 1").fetchone()
rows = conn.execute("SELECT * FROM events WHERE game_id = ? ORDER BY seq", (game[0],)).fetchall()
with open(sys.argv[2], "w") as out:
    json.dump({"game": list(game), "events": [list(r) for r in rows]}, out)
"""

_BARE_IMPORT = """
import json, sqlite3, sys
with open(sys.argv[1], "rb") as f:
    data = json.load(f)
conn = sqlite3.connect(sys.argv[2])
conn.execute("CREATE TABLE events (game_id INTEGER, seq INTEGER, time REAL, kind TEXT,"
             " changes TEXT, PRIMARY KEY (game_id, seq))")
with conn:
    conn.executemany("INSERT INTO events VALUES (1, ?, ?, ?, ?)",
                     [(n, e.get("time", 0), e.get("kind", ""), json.dumps(e.get("changes", [])))
                      for n, e in enumerate(data["events"], 1)])
"""


def _env(data_dir: Path) -> dict[str, str]:
    return {
        **{k: v for k, v in os.environ.items() if k != "PYTHONDONTWRITEBYTECODE"},
        "QT_QPA_PLATFORM": "offscreen",
        "TABLELIFE_DATA_DIR": str(data_dir),
        "XDG_CONFIG_HOME": str(data_dir),  # the person's own settings stay untouched
    }


def _run(args: list[str], env: dict[str, str]) -> tuple[float, str]:
    """Seconds from start to exit, and what the process printed."""
    start = time.time()
    out = subprocess.run(args, env=env, capture_output=True, text=True, check=True).stdout
    return time.time() - start, out


def _painted(code: str, env: dict[str, str]) -> tuple[float, float, bool]:
    """Seconds from process start to the first frame, the peak RSS in KiB half a second after
    it, and whether the window had been painted when the first frame was stamped."""
    start = time.time()
    out = subprocess.run(
        [sys.executable, "-c", code + _PAINTED], env=env, capture_output=True, text=True, check=True
    ).stdout
    stamp, rss, seen = out.split()[-3:]
    return float(stamp) - start, float(rss), seen == "1"


def _pairs(
    bare: Callable[[], float], ours: Callable[[], float], runs: int = RUNS
) -> tuple[float, float]:
    """Medians of interleaved runs (load on the machine hits both alike), after one untimed
    run of each that writes the bytecode caches, as any first start does."""
    bare()
    ours()
    b, o = [], []
    for _ in range(runs):
        b.append(bare())
        o.append(ours())
    return statistics.median(b), statistics.median(o)


def _line(figure: str, value: float, baseline: float, unit: str, **extra: Any) -> dict[str, Any]:
    target, of = TARGETS[figure]
    # No baseline to divide by (a bare figure too small to measure): no ratio, and JSON keeps
    # null rather than an Infinity no JSON reader takes.
    ratio = value / baseline if baseline else None
    measured = ratio if of == "ratio" else value
    return {
        "figure": figure,
        "value": round(value, 6),
        "unit": unit,
        "baseline": round(baseline, 6),
        "ratio": None if ratio is None else round(ratio, 3),
        "target": target,
        "target_of": of,
        "ok": measured is not None and measured <= target,
        **extra,
    }


# ----- building journals ----------------------------------------------------------------


def build_game(folder: Path, count: int, seed: int = 3) -> None:
    """A journal in `folder` whose last unfinished kitchen game has `count` events, appended
    as the table appends them, with synchronous=OFF so a big one builds fast."""
    from bench.journal import SETUP, _events
    from tablelife.store import open_journal
    from tablelife.store.replay import Replayer
    from tablelife.store.resume import dump_state

    opened = open_journal(folder)
    journal = opened.journal
    assert journal is not None, opened.message
    replayer = Replayer(SETUP.new_game())  # the state after each event, as the table stores it
    with journal:
        journal.connection.execute("PRAGMA synchronous = OFF")
        gid = journal.new_game(SETUP)
        for seq, (stamp, kind, changes) in enumerate(_events(random.Random(seed), count), 1):
            replayer.step(seq, kind, changes, stamp)
            after = dump_state(replayer.game.state)
            journal.append(gid, kind, changes, when=stamp, after=after)


# ----- start-up -------------------------------------------------------------------------


def startup(scratch: Path) -> Iterator[dict[str, Any]]:
    """The start-up figures: screenshot, first paint fresh and resuming, peak memory."""
    shots = scratch / "shots"
    shots.mkdir()
    env = _env(scratch / "shot-data")
    bare_s, ours_s = _pairs(
        lambda: _run([sys.executable, "-c", _BARE_SCREENSHOT, str(shots / "bare.png")], env)[0],
        lambda: _run(
            [sys.executable, "-m", "tablelife", "--screenshot", str(shots / "ours.png")], env
        )[0],
    )
    yield _line("screenshot_start_to_exit", ours_s, bare_s, "s")

    fresh = _env(scratch / "fresh")
    rss: dict[str, list[float]] = {"bare": [], "ours": []}

    def timed(code: str, env: dict[str, str], key: str | None) -> float:
        seconds, peak, _seen = _painted(code, env)
        if key:
            rss[key].append(peak)
        return seconds

    bare_p, ours_p = _pairs(
        lambda: timed(_BARE_WINDOW, fresh, "bare"), lambda: timed(_TABLELIFE_WINDOW, fresh, "ours")
    )
    yield _line("first_paint_fresh", ours_p, bare_p, "s")
    yield _line(
        "peak_memory_start",
        statistics.median(rss["ours"]) / 1024,
        statistics.median(rss["bare"]) / 1024,
        "MiB",
    )

    resumed = scratch / "resume"
    build_game(resumed, RESUME_SMALL)
    renv = _env(resumed)
    bare_r, ours_r = _pairs(
        lambda: timed(_BARE_WINDOW, renv, None), lambda: timed(_TABLELIFE_WINDOW, renv, None)
    )
    yield _line("first_paint_resume_1000", ours_r, bare_r, "s", events=RESUME_SMALL)


# ----- Enter to the history -------------------------------------------------------------


def enter_to_history(scratch: Path) -> dict[str, Any]:
    """p99 of Enter (one pending tap committed) until the history shows the new row, painted;
    against a bare label repainted by a button click."""
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
        """Notes when a widget last got a paint event."""

        def __init__(self) -> None:
            super().__init__()
            self.at = 0.0

        def eventFilter(self, watched: QObject, event: QEvent) -> bool:
            if event.type() == QEvent.Type.Paint:
                self.at = time.perf_counter()
            return False

    def p99(samples: list[float]) -> float:
        ordered = sorted(samples)
        return ordered[min(len(ordered) - 1, int(len(ordered) * 0.99))]

    clock = PaintClock()
    bare = QWidget()
    layout = QVBoxLayout(bare)
    label, button = QLabel("30"), QPushButton("-1")
    layout.addWidget(label)
    layout.addWidget(button)
    button.clicked.connect(lambda: label.setText(str(int(label.text()) - 1)))
    bare.resize(1366, 768)
    bare.show()
    app.processEvents()
    label.installEventFilter(clock)
    bare_ms = []
    for _ in range(TAPS):
        clock.at = 0.0
        start = time.perf_counter()
        QTest.mouseClick(button, Qt.MouseButton.LeftButton)
        while not clock.at:
            app.processEvents()
        bare_ms.append((clock.at - start) * 1000)
    label.removeEventFilter(clock)
    bare.close()

    settings = Settings(QSettings(str(scratch / "enter.ini"), QSettings.Format.IniFormat))
    session = Session(scratch / "enter")
    model = session.new_game(GameSetup(TwoHeadedGiant()), idle_ms=60_000)
    assert model.journal is not None
    for i in range(HISTORY // 2):
        model.submit(Damage(i % 4, 1))
        model.submit(GainLife(i % 4, 1))
    window = MainWindow(model, settings, GameModel)
    window.resize(1366, 768)
    window.show()
    for _ in range(3):
        app.processEvents()
    # As the app does once its first frame is out (`freeze_after_start`): the collector no
    # longer walks what start-up made, here the window and the game so far.
    gc.freeze()
    history = window.history
    panel = window.table.panels[0]
    minus = panel.heads[0].buttons[(-1, 0)]
    history.viewport().installEventFilter(clock)
    totals = PaintClock()
    panel.life_label.installEventFilter(totals)
    ours_ms, totals_ms, paced_ms = [], [], []
    for n in range(TAPS + PACED):
        paced = n >= TAPS  # then one Enter every PACE_S, as a person at the table presses it
        if paced:
            until = time.perf_counter() + PACE_S
            while time.perf_counter() < until:
                app.processEvents()
        QTest.mouseClick(minus, Qt.MouseButton.LeftButton)
        app.processEvents()
        clock.at = totals.at = 0.0
        start = time.perf_counter()
        window.resolve_action.trigger()  # Enter
        want = model.game.position
        deadline = start + 2.0
        while time.perf_counter() < deadline:
            app.processEvents()
            if history.row_count() >= want and clock.at:
                break
        if paced:
            paced_ms.append((clock.at - start) * 1000)
        else:
            ours_ms.append((clock.at - start) * 1000)
            totals_ms.append(((totals.at or clock.at) - start) * 1000)
        if model.game.life(0) < 5:
            model.submit(GainLife(0, 25))
            app.processEvents()
    history.viewport().removeEventFilter(clock)
    gc.unfreeze()
    window.close()
    session.close()
    return _line(
        "enter_to_history_p99",
        p99(ours_ms),
        p99(bare_ms),
        "ms",
        p50=statistics.median(ours_ms),
        totals_p99_ms=round(p99(totals_ms), 3),
        paced_p99_ms=round(p99(paced_ms), 3),
        baseline_is="a bare button click repainting a label, p99",
        note="Enters back to back, until the new row is in the history and painted (in the"
        " same frame as the totals); totals_p99_ms: until the total painted; paced_p99_ms:"
        " Enters 0.3 s apart, until the history painted; the collector frozen after the"
        " window's first frame, as the app does",
    )


# ----- big games --------------------------------------------------------------------------


def _resume_seconds(folder: Path) -> float:
    """Seconds to open the journal and resume its last game, in this process."""
    from tablelife.model.session import Session

    gc.collect()
    start = time.perf_counter()
    session = Session(folder)
    model = session.resume(fast=True)  # as the window's start does
    seconds = time.perf_counter() - start
    assert model is not None and session.notice is None, session.notice
    session.close()
    return seconds


def _replay_seconds(folder: Path) -> float:
    """Seconds the replay that follows a fast resume takes (undo stack and history back)."""
    from tablelife.model.session import Session

    session = Session(folder)
    model = session.resume(fast=True)
    assert model is not None
    gc.collect()
    start = time.perf_counter()
    model.ensure_replayed()
    seconds = time.perf_counter() - start
    session.close()
    return seconds


def _bare_read_seconds(folder: Path) -> float:
    import sqlite3

    start = time.perf_counter()
    conn = sqlite3.connect(folder / "tablelife.sqlite3")
    (gid,) = conn.execute("SELECT MAX(id) FROM games").fetchone()
    conn.execute("SELECT * FROM events WHERE game_id = ? ORDER BY seq", (gid,)).fetchall()
    conn.close()
    return time.perf_counter() - start


def _export_seconds(folder: Path, out: Path) -> float:
    """Seconds `export --last` takes in this process (for the scaling line)."""
    from tablelife.cli import cli_main

    gc.collect()
    start = time.perf_counter()
    code = cli_main(["export", "--last", "-o", str(out)], folder)
    assert code == 0
    return time.perf_counter() - start


def big_games(scratch: Path) -> Iterator[dict[str, Any]]:
    """Resume, export and import of a 20,000-event game."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtWidgets import QApplication

    QApplication.instance() or QApplication(sys.argv[:1])
    folder = scratch / "big"
    build_game(folder, BIG)
    db = folder / "tablelife.sqlite3"
    resume = statistics.median(_resume_seconds(folder) for _ in range(3))
    bare = statistics.median(_bare_read_seconds(folder) for _ in range(3))
    yield _line(
        "resume_20000",
        resume,
        bare,
        "s",
        baseline_is="a bare SQLite read of the rows",
        then_replayed_s=round(_replay_seconds(folder), 4),
    )

    env = _env(folder)
    out = scratch / "export.json"
    bare_e, ours_e = _pairs(
        lambda: _run([sys.executable, "-c", _BARE_EXPORT, str(db), str(scratch / "b.json")], env)[
            0
        ],
        lambda: _run([sys.executable, "-m", "tablelife", "export", "--last", "-o", str(out)], env)[
            0
        ],
        runs=BIG_RUNS,
    )
    yield _line("export_last_20000", ours_e, bare_e, "s")

    counter = iter(range(10**6))

    def ours_import() -> float:
        target = scratch / f"import-{next(counter)}"
        return _run([sys.executable, "-m", "tablelife", "import", str(out)], _env(target))[0]

    def bare_import() -> float:
        target = scratch / f"bare-import-{next(counter)}.sqlite3"
        return _run([sys.executable, "-c", _BARE_IMPORT, str(out), str(target)], env)[0]

    bare_i, ours_i = _pairs(bare_import, ours_import, runs=BIG_RUNS)
    yield _line("import_20000", ours_i, bare_i, "s")


def scaling(scratch: Path, sizes: tuple[int, ...] = SCALES) -> dict[str, Any]:
    """Resume and export at each size, in this process: seconds and microseconds per event."""
    line: dict[str, Any] = {"figure": "scaling", "sizes": list(sizes)}
    resume, export = [], []
    for size in sizes:
        folder = scratch / f"scale-{size}"
        build_game(folder, size, seed=size)
        resume.append(_resume_seconds(folder))
        export.append(_export_seconds(folder, scratch / f"scale-{size}.json"))
    line["resume_s"] = [round(s, 4) for s in resume]
    line["export_s"] = [round(s, 4) for s in export]
    line["resume_us_per_event"] = [
        round(s / n * 1e6, 2) for s, n in zip(resume, sizes, strict=True)
    ]
    line["export_us_per_event"] = [
        round(s / n * 1e6, 2) for s, n in zip(export, sizes, strict=True)
    ]
    # Linear: the largest size costs per event no more than twice the middle one.
    line["linear"] = all(
        per[-1] <= 2 * per[len(per) // 2]
        for per in (line["resume_us_per_event"], line["export_us_per_event"])
    )
    return line


# ----- memory per event -------------------------------------------------------------------


def _rss() -> int:
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")


def memory_per_event(scratch: Path, count: int = MEMORY_EVENTS) -> dict[str, Any]:
    """RSS growth per event in a live window over `count` events, against a bare QUndoStack,
    in a fresh process (memory freed by earlier figures would hide the growth)."""
    code = (
        "import json, sys; from pathlib import Path; from bench.speed import memory_in_process; "
        "print(json.dumps(memory_in_process(Path(sys.argv[1]), int(sys.argv[2]))))"
    )
    env = {**os.environ, "QT_QPA_PLATFORM": "offscreen", "PYTHONPATH": str(_REPO)}
    out = _run([sys.executable, "-c", code, str(scratch), str(count)], env)[1]
    line: dict[str, Any] = json.loads(out.splitlines()[-1])
    return line


def memory_in_process(scratch: Path, count: int = MEMORY_EVENTS) -> dict[str, Any]:
    """`memory_per_event` measured in this process."""
    os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")
    from PySide6.QtCore import QSettings
    from PySide6.QtGui import QUndoCommand, QUndoStack
    from PySide6.QtWidgets import QApplication

    from tablelife.model.game_model import GameModel
    from tablelife.model.session import Session
    from tablelife.model.settings import Settings
    from tablelife.rules import Damage, GainLife, TwoHeadedGiant
    from tablelife.rules.setup import GameSetup
    from tablelife.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication(sys.argv[:1])
    gc.collect()
    before = _rss()
    stack = QUndoStack()
    for i in range(count):
        stack.push(QUndoCommand(f"Player {i % 4 + 1} took {i % 7} damage"))
    gc.collect()
    bare = (_rss() - before) / count
    stack.clear()
    del stack

    settings = Settings(QSettings(str(scratch / "mem.ini"), QSettings.Format.IniFormat))
    session = Session(scratch / "mem")
    assert session.journal is not None
    session.journal.connection.execute("PRAGMA synchronous = OFF")
    model = session.new_game(GameSetup(TwoHeadedGiant()), idle_ms=60_000)
    window = MainWindow(model, settings, GameModel)
    window.resize(1366, 768)
    window.show()
    app.processEvents()
    model.submit(Damage(0, 1))
    app.processEvents()
    gc.collect()
    before = _rss()
    for i in range(count):
        model.submit(Damage(i % 4, 1) if i % 2 else GainLife(i % 4, 1))
        if i % 100 == 0:
            app.processEvents()
    app.processEvents()
    app.processEvents()
    gc.collect()
    ours = (_rss() - before) / count
    window.close()
    session.close()
    return _line(
        "memory_per_event",
        ours,
        bare,
        "bytes",
        events=count,
        baseline_is="a bare QUndoStack of commands with text, per command",
    )


def run(scratch_dir: Path | None = None) -> Iterator[dict[str, Any]]:
    """Every figure, one dict per JSON line, as each is measured."""
    with tempfile.TemporaryDirectory(prefix="tablelife-speed-", dir=scratch_dir) as tmp:
        scratch = Path(tmp)
        yield from startup(scratch)
        yield enter_to_history(scratch)
        yield from big_games(scratch)
        yield scaling(scratch)
        yield memory_per_event(scratch)


def report(lines: Iterable[dict[str, Any]]) -> int:
    """Prints each line as JSON as soon as it comes, then names on stderr each figure over its
    guard (a line whose `ok` is false; the scaling line has no guard). Returns the exit code:
    1 if a guard failed, else 0."""
    failed = []
    for line in lines:
        print(json.dumps(line), flush=True)
        if line.get("ok") is False:
            failed.append(line)
    for line in failed:
        measured = line[line["target_of"]]
        shown = "not measured (no baseline)" if measured is None else f"{measured:g}"
        print(
            f"bench: {line['figure']} failed its guard: {line['target_of']} {shown},"
            f" guard {line['target']:g}",
            file=sys.stderr,
        )
    return 1 if failed else 0


def main() -> int:
    """Prints each figure as one JSON line as soon as it is measured; exits 1 if one is over
    its guard (`report`)."""
    return report(run())


if __name__ == "__main__":
    raise SystemExit(main())
