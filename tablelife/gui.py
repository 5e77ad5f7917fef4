"""The window's start-up: its command line, the QApplication, the one-writer check and the
wiring of session, model and window."""

from __future__ import annotations

import argparse
import gc
import os
import random
import sys
from dataclasses import replace
from pathlib import Path

from PySide6.QtCore import QCoreApplication, QSettings, QSize, Qt
from PySide6.QtWidgets import QApplication, QWidget

from tablelife.identity import APP_ID, WM_CLASS
from tablelife.model.game_model import GameModel
from tablelife.model.i18n import LANG_ENV, available, choose, language
from tablelife.model.instance import Claim, SingleInstance
from tablelife.model.session import DATA_ENV, Session, data_dir
from tablelife.model.settings import Settings
from tablelife.rules import (
    BecomeMonarch,
    CastCommander,
    Change,
    CommanderDamage,
    Concede,
    Damage,
    DayNight,
    Effect,
    GainLife,
    PassTurn,
    PlayerCounters,
    Poison,
    RuleError,
    Storm,
    TakeInitiative,
)
from tablelife.rules.i18n import arg
from tablelife.rules.seeds import package_folder
from tablelife.rules.seeds import preset as find_preset
from tablelife.rules.setup import GameSetup
from tablelife.store.places import data_dir_chosen
from tablelife.ui.main_window import MainWindow
from tablelife.ui.widgets import after_first_paint

APP_NAME = "Tablelife"
PICTURE_QUALITY = 80
"""`--screenshot`'s quality: for a PNG, zlib's fastest levels. A window's picture is written
in 20 ms instead of 28 and comes out about 13% larger (issue 12)."""
MAX_SEATS = 64
"""The most heads or players `--players` takes (as many as an imported game may seat)."""
SAMPLE_NAMES = ("Ann", "Bob", "Cal", "Dee", "Eve", "Finn", "Gus", "Hana")


WINDOW_DEFAULTS: dict[str, object] = {
    "screenshot": None,
    "preset": "Two-Headed Giant",
    "players": None,
    "table_mode": False,
    "graph": False,
    "counters": False,
    "theme": None,
    "size": "1366x768",
    "data_dir": None,
    "lang": None,
    "version": False,
    "install_desktop": False,
    "uninstall_desktop": False,
}
"""The window's options when none are given (the parser's defaults too)."""


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The window's command line. A start with no arguments, the usual one, needs no parser:
    setting one up looks for argparse's translations three times (4 ms at start; issue 12)."""
    if not argv:
        return argparse.Namespace(**WINDOW_DEFAULTS)
    return window_parser().parse_args(argv)


def window_parser() -> argparse.ArgumentParser:
    """The parser of the window's command line; its `--help` is `tablelife --help`, which
    lists the commands too (`tablelife.cli.SUMMARIES`)."""
    from tablelife.cli import SUMMARIES
    from tablelife.cli.common import CappedParser, whole_in  # a start with arguments only

    width = max(len(name) for name, _ in SUMMARIES) + 2
    commands = "\n".join(f"  {name:<{width}}{what}" for name, what in SUMMARIES)
    parser = CappedParser(
        prog="tablelife",
        usage="tablelife [OPTIONS]\n       tablelife COMMAND [--help] ...",
        description=(
            "Life and poison tracker for Magic: The Gathering. Without a command, the\n"
            "window opens on the game at the table.\n\n"
            f"commands:\n{commands}\n\n"
            "Each command has its own --help (tablelife export --help)."
        ),
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    parser.add_argument(
        "-V", "--version", action="store_true", help="print the version (tablelife X.Y.Z)"
    )
    parser.add_argument(
        "--data-dir", metavar="DIR", help=f"where the journal lives (or ${DATA_ENV})"
    )
    add_lang_argument(parser)
    parser.add_argument(
        "--install-desktop",
        action="store_true",
        help="put Tablelife in the desktop's menu: its entry, icon and AppStream file in "
        "$XDG_DATA_HOME (Linux), starting this very tablelife",
    )
    parser.add_argument(
        "--uninstall-desktop", action="store_true", help="take those files away again"
    )
    docs = parser.add_argument_group(
        "for documentation",
        "Render a sample game to a PNG, with no window on screen and nothing saved\n"
        "(tablelife desk --screenshot renders a sample round).",
    )
    docs.add_argument("--screenshot", metavar="PATH", help="the picture to write")
    docs.add_argument("--preset", help="the game's preset (default: Two-Headed Giant)")
    docs.add_argument("--players", type=whole_in(1, MAX_SEATS), help="heads or players")
    docs.add_argument("--table-mode", action="store_true", help="show table mode (F11)")
    docs.add_argument("--graph", action="store_true", help="show the life graph (Ctrl+G)")
    docs.add_argument("--theme", choices=("light", "dark"), help="the theme")
    docs.add_argument("--size", help="the window's size, WxH (1366x768)")
    docs.add_argument(
        "--counters",
        action="store_true",
        help="the game has the monarch, the initiative, commander tax and counters",
    )
    parser.set_defaults(**WINDOW_DEFAULTS)
    return parser


def add_lang_argument(parser: argparse.ArgumentParser) -> None:
    """--lang, the same for the window and the desk."""
    parser.add_argument(
        "--lang",
        choices=available(),
        help=f"the language (or ${LANG_ENV}; default: View \u2192 Language, then the system's)",
    )


def speak(forced: str | None, settings: Settings | None) -> None:
    """Starts speaking the chosen language (tablelife.model.i18n.choose), before any window."""
    language().set(choose(forced, settings.get("language") if settings else ""))


def roll_starting(setup: GameSetup, rng: random.Random | None = None) -> GameSetup:
    """A die roll picks the starting team or player (CR 103.1)."""
    return replace(setup, starting=(rng or random.Random()).randrange(setup.variant.teams))


def sample_changes(setup: GameSetup) -> list[list[Change]]:
    """A few events of a game in progress, for screenshots and benchmarks."""
    v = setup.variant
    if v.team_game:
        return [
            [Damage(0, 3), Damage(1, 2)],
            [PassTurn()],
            [Damage(v.heads, 7), Poison(v.heads + 1, 4)],
            [GainLife(1, 2), Effect(0, "cant_gain_life")],
        ]
    if v.commander:
        # A Commander game mid-way: commanders connect, one player is near 21 from one.
        last = v.players - 1
        return [
            [CommanderDamage(1, 0, 6), Damage(2, 4)],
            [PassTurn()],
            [CommanderDamage(0, 1, 5), CommanderDamage(last, 1, 3)],
            [PassTurn()],
            [CommanderDamage(1, 0, 11), Poison(0, 2)],
            [PassTurn()],
            [CommanderDamage(0, 2, 4), GainLife(2, 3)],
        ]
    events: list[list[Change]] = [[Damage(p, 3 + 2 * p)] for p in range(v.players)]
    events += [[Poison(1, 3)], [PassTurn()], [Concede(v.players - 1)]]
    return events


def sample_marks(setup: GameSetup) -> list[list[Change]]:
    """What a Commander pod (or any table) reaches for mid-game, for `--counters`: the
    monarch and the initiative, commander casts (the tax), player counters, the storm count
    and day."""
    v = setup.variant
    last = v.players - 1
    casts: list[Change] = (
        [CastCommander(0), CastCommander(0), CastCommander(last)] if v.commander else []
    )
    return [
        [BecomeMonarch(min(1, last)), TakeInitiative(min(2, last))],
        [*casts, PlayerCounters(min(2, last), "energy", 3)],
        [PlayerCounters(0, "experience", 2), PlayerCounters(last, "rad", 1)],
        [DayNight(day=True), Storm(2)],
    ]


def _app() -> QApplication:
    app = QApplication.instance()
    if app is None:
        # The style by name on the command line: `setStyle` would hand Python the QStyle, and
        # PySide builds that type's 566 enum members to do it (8 ms at start; issue 12).
        # `-name` is the window class's instance name (X11's WM_CLASS, which the desktop
        # entry's StartupWMClass names): otherwise the program's file name, "__main__.py"
        # under `python -m tablelife`.
        app = QApplication([sys.argv[0], "-style", "Fusion", "-name", WM_CLASS])
    else:  # made before us (tests)
        assert isinstance(app, QApplication)
        app.setStyle("Fusion")
    app.setOrganizationName(APP_NAME)
    app.setApplicationName(APP_NAME)
    # The desktop entry's id (--install-desktop): Wayland's app id, and on X11 the hint that
    # groups the window under the entry's icon.
    app.setDesktopFileName(APP_ID)
    return app


def set_window_icon(app: QApplication) -> None:
    """The icon windows show in the task bar (after the first paint: the SVG's engine loads
    then, not before the window is on screen)."""
    from PySide6.QtGui import QIcon

    app.setWindowIcon(QIcon(str(package_folder("tablelife.resources") / f"{APP_ID}.svg")))


def _setup(args: argparse.Namespace, settings: Settings | None) -> GameSetup:
    preset = find_preset(args.preset)
    variant = preset.make(size=args.players)
    # The last game's names, fitted to this game's seats (blanks become defaults).
    names = settings.get("names/players") if settings else []
    teams = settings.get("names/teams") if settings else []
    fit = [*names[: variant.players], *[""] * max(0, variant.players - len(names))]
    teams = [*teams[: variant.teams], *[""] * max(0, variant.teams - len(teams))]
    try:
        return GameSetup(variant, tuple(fit), tuple(teams), preset=preset.name)
    except RuleError:  # remembered names that no longer fit (say, a duplicate): start fresh
        return GameSetup(variant, preset=preset.name)


def screenshot(args: argparse.Namespace) -> int:
    """Renders the main window offscreen with a sample game in progress, writes a PNG."""
    if QApplication.instance() is None:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    app = _app()
    speak(args.lang, None)
    try:
        width, height = (int(x) for x in args.size.lower().split("x"))
    except ValueError:
        print(f"tablelife: --size takes WxH, such as 1366x768, not {args.size!r}", file=sys.stderr)
        return 2
    try:
        setup = _setup(args, None)
        setup = replace(setup, names=SAMPLE_NAMES[: setup.variant.players], team_names=())
    except RuleError as exc:
        print(f"tablelife: {exc}", file=sys.stderr)
        return 2
    import tempfile  # only a screenshot needs it

    # A screenshot neither reads nor changes the person's own settings.
    with tempfile.TemporaryDirectory() as scratch:
        store = QSettings(os.path.join(scratch, "s.ini"), QSettings.Format.IniFormat)
        model = GameModel(setup)
        for changes in sample_changes(setup):
            model.submit(*changes)
        if args.counters:
            for changes in sample_marks(setup):
                model.submit(*changes)
        if setup.variant.commander:
            model.stage_commander(1, 2, 2)
        else:
            model.stage_life(0, -2)
        settings = Settings(store)
        if args.theme:
            settings.set("theme", args.theme)
        window = MainWindow(model, settings, GameModel)
        window.history  # noqa: B018 (a picture has the history at once, not a frame later)
        window.resize(width, height)
        window.show()
        if args.table_mode:
            window.enter_table_mode()
            # The offscreen screen is not a laptop's: keep table mode, at a laptop's size.
            window.setWindowState(Qt.WindowState.WindowNoState)
            window.resize(width, height)
        app.processEvents()
        shown: QWidget = window
        if args.graph:
            model.commit()
            shown = window.show_graph()
            shown.resize(900, 560)
            app.processEvents()
        ok = shown.grab().save(args.screenshot, None, PICTURE_QUALITY)
        # Not close(): closing commits the staged tap and saves the window's place, and a
        # screenshot has neither a journal nor settings of its own to keep. Its staged tap
        # goes quietly (no panel shows it any more), so no idle commit comes later.
        model.blockSignals(True)
        model.drop_pending()
        if shown is not window:
            shown.hide()
        window.hide()
        window.deleteLater()
        del store
    if not ok:
        print(f"tablelife: could not write {args.screenshot}", file=sys.stderr)
    return 0 if ok else 1


def after_start(window: QWidget, app: QApplication, instance: SingleInstance) -> None:
    """What a window (the table's or the desk's) needs only once it is on screen: its claim
    answers later starts, and the icon (the SVG's engine loads then). A window that shows
    something else first (the desk's New event dialog) does both before that instead."""
    after_first_paint(window, instance.listen)
    after_first_paint(window, lambda: set_window_icon(app))


def freeze_after_start(window: QWidget) -> None:
    """For the process's own window (not in tests): once its first frame is out, the
    collector stops walking what start-up made and kept (the modules, the widgets); a full
    collection over it took 6 to 9 ms, a stall a tap could meet."""
    after_first_paint(window, gc.freeze)


class AlreadyRunningError(Exception):
    """Another Tablelife has the data folder and was brought forward: this start exits."""


def claim_folder(folder: Path, app: QApplication) -> tuple[SingleInstance, str | None]:
    """Claims a data folder for this window (DESIGN.md, "One writer"); returns the claim and,
    when another process holds the folder and did not answer, why this window is read-only.
    Raises AlreadyRunningError when the holder was brought forward instead. The caller has the
    claim `listen` once its window is on screen (`after_first_paint`)."""
    instance = SingleInstance(folder, app)
    claim = instance.claim()
    if claim is Claim.FORWARDED:
        instance.deleteLater()
        raise AlreadyRunningError(
            arg(
                QCoreApplication.translate(
                    "Startup", "Tablelife is already open on %1: its window was brought forward."
                ),
                folder,
            )
        )
    reason = None
    if claim is Claim.READ_ONLY:
        reason = arg(
            QCoreApplication.translate(
                "Startup",
                "Another Tablelife is using %1 and did not answer, so this window is "
                "read-only: nothing here is saved. Close the other one, then start Tablelife "
                "again.",
            ),
            folder,
        )
    elif claim is Claim.NO_LOCK:
        # Without the lock nothing keeps a second window or command from writing too.
        reason = arg(
            QCoreApplication.translate(
                "Startup",
                "%1 So this window is read-only: nothing here is saved. Fix that, then start "
                "Tablelife again.",
            ),
            instance.problem,
        )
    return instance, reason


def build_window(args: argparse.Namespace) -> tuple[QApplication, MainWindow, Session]:
    """The app as `main` starts it: the one-writer claim, settings, journal, the resumed or a
    new game, the window (not yet shown). Raises RuleError for a bad preset, and
    AlreadyRunningError when another window on the same folder was brought forward instead."""
    app = _app()
    folder = data_dir(args.data_dir)
    # A folder a person chose keeps its settings too: tests and portable copies never touch
    # the person's own.
    settings = Settings.in_folder(folder) if data_dir_chosen(args.data_dir) else Settings()
    speak(args.lang, settings)  # first, so even the one-writer banner is in the language
    instance, reason = claim_folder(folder, app)
    setup = _setup(args, settings)
    idle = int(settings.get("idle_ms"))
    session = Session(folder, read_only_reason=reason, on_close=instance.release)

    def new_model(s: GameSetup) -> GameModel:
        return session.new_game(roll_starting(s), idle)

    model = session.resume(idle, fast=True) or new_model(setup)
    window = MainWindow(model, settings, new_model, session)
    instance.activation_requested.connect(window.bring_forward)
    after_start(window, app, instance)
    return app, window, session


def main_window_for_bench() -> tuple[QApplication, MainWindow]:
    """The window as `main` builds it, shown but before the event loop (for bench/)."""
    app, window, _session = build_window(parse_args([]))
    window.resize(1366, 768)
    window.show()
    return app, window


def gui_main(argv: list[str]) -> int:
    """Starts the window; returns the exit code."""
    args = parse_args(argv)
    if args.screenshot:
        return screenshot(args)
    try:
        app, window, session = build_window(args)
    except RuleError as exc:
        print(f"tablelife: {exc}", file=sys.stderr)
        return 2
    except AlreadyRunningError as exc:
        print(f"tablelife: {exc}", file=sys.stderr)
        return 0
    freeze_after_start(window)
    geometry = window.settings.get("window/geometry")
    if geometry.isEmpty() or not window.restoreGeometry(geometry):
        # The first run: a laptop's size, or the screen's where it is smaller (a 1024×600
        # netbook), then maximized where a window manager does it.
        window.resize(QSize(1366, 768).boundedTo(window.screen().availableSize()))
        window.showMaximized()
    else:
        window.show()
    window.raise_()
    window.activateWindow()  # keys work at once, with no click into the window first
    code = app.exec()
    session.close()
    return code
