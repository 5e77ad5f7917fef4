"""Command line, QApplication and wiring."""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from dataclasses import replace
from importlib import resources

from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtGui import QIcon
from PySide6.QtWidgets import QApplication

from app.model.game_model import GameModel
from app.model.session import DATA_ENV, Session, data_dir
from app.model.settings import Settings
from app.rules import Change, Concede, Damage, Effect, GainLife, PassTurn, Poison, RuleError
from app.rules.seeds import preset as find_preset
from app.rules.setup import GameSetup
from app.ui.main_window import MainWindow

APP_NAME = "Tablelife"
SAMPLE_NAMES = ("Ann", "Bob", "Cal", "Dee", "Eve", "Finn", "Gus", "Hana")


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The window's command line."""
    parser = argparse.ArgumentParser(
        prog="tablelife", description="Life and poison tracker for Magic: The Gathering."
    )
    parser.add_argument("--screenshot", metavar="PATH", help="render a sample game to a PNG")
    parser.add_argument("--preset", default="Two-Headed Giant", help="preset for --screenshot")
    parser.add_argument("--players", type=int, help="heads or players for --screenshot")
    parser.add_argument(
        "--data-dir", metavar="DIR", help=f"where the journal lives (or ${DATA_ENV})"
    )
    parser.epilog = (
        "Also: tablelife export [--game ID | --last] [--format json|csv] [-o FILE], "
        "tablelife import FILE.json, tablelife verify (see tablelife export --help)."
    )
    return parser.parse_args(argv)


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
    events: list[list[Change]] = [[Damage(p, 3 + 2 * p)] for p in range(v.players)]
    events += [[Poison(1, 3)], [PassTurn()], [Concede(v.players - 1)]]
    return events


def _app() -> QApplication:
    app = QApplication.instance() or QApplication([sys.argv[0]])
    assert isinstance(app, QApplication)
    app.setOrganizationName(APP_NAME)
    app.setApplicationName(APP_NAME)
    app.setStyle("Fusion")
    icon = resources.files("app.resources").joinpath("tablelife.svg")
    with resources.as_file(icon) as path:
        app.setWindowIcon(QIcon(str(path)))
    return app


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
    try:
        setup = _setup(args, None)
        setup = replace(setup, names=SAMPLE_NAMES[: setup.variant.players], team_names=())
    except RuleError as exc:
        print(f"tablelife: {exc}", file=sys.stderr)
        return 2
    # A screenshot neither reads nor changes the person's own settings.
    with tempfile.TemporaryDirectory() as scratch:
        store = QSettings(os.path.join(scratch, "s.ini"), QSettings.Format.IniFormat)
        model = GameModel(setup)
        for changes in sample_changes(setup):
            model.submit(*changes)
        model.stage_life(0, -2)
        window = MainWindow(model, Settings(store), GameModel)
        window.resize(1366, 768)
        window.show()
        app.processEvents()
        ok = window.grab().save(args.screenshot)
        window.close()
        window.deleteLater()
        del store
    if not ok:
        print(f"tablelife: could not write {args.screenshot}", file=sys.stderr)
    return 0 if ok else 1


def build_window(args: argparse.Namespace) -> tuple[QApplication, MainWindow, Session]:
    """The app as `main` starts it: settings, journal, the resumed or a new game, the window
    (not yet shown). Raises RuleError for a bad preset."""
    app = _app()
    settings = Settings()
    setup = _setup(args, settings)
    idle = int(settings.get("idle_ms"))
    session = Session(data_dir(args.data_dir))

    def new_model(s: GameSetup) -> GameModel:
        return session.new_game(roll_starting(s), idle)

    model = session.resume(idle) or new_model(setup)
    return app, MainWindow(model, settings, new_model, session), session


def main_window_for_bench() -> tuple[QApplication, MainWindow]:
    """The window as `main` builds it, shown but before the event loop (for bench/)."""
    app, window, _session = build_window(parse_args([]))
    window.resize(1366, 768)
    window.show()
    return app, window


def main(argv: list[str] | None = None) -> int:
    """Starts Tablelife; returns the exit code."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] in (["export"], ["import"], ["verify"]):
        # Staff and tests: no window, and no Qt beyond the data folder's name.
        from app.cli import cli_main  # only here: the window's start-up doesn't pay for it

        QCoreApplication.setOrganizationName(APP_NAME)
        QCoreApplication.setApplicationName(APP_NAME)
        return cli_main(argv, data_dir())
    args = parse_args(argv)
    if args.screenshot:
        return screenshot(args)
    try:
        app, window, session = build_window(args)
    except RuleError as exc:
        print(f"tablelife: {exc}", file=sys.stderr)
        return 2
    geometry = window.settings.get("window/geometry")
    if geometry.isEmpty() or not window.restoreGeometry(geometry):
        window.resize(1366, 768)
        window.showMaximized()
    else:
        window.show()
    window.raise_()
    window.activateWindow()  # keys work at once, with no click into the window first
    code = app.exec()
    session.close()
    return code
