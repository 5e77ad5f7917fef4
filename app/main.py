"""Command line, QApplication and wiring."""

from __future__ import annotations

import argparse
import os
import random
import sys
import tempfile
from dataclasses import replace

from app.rules import Concede, Damage, Effect, GainLife, PassTurn, Poison, RuleError
from app.rules.seeds import preset as find_preset
from app.rules.setup import GameSetup

APP_NAME = "Tablelife"


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The window's command line."""
    parser = argparse.ArgumentParser(
        prog="tablelife", description="Life and poison tracker for Magic: The Gathering."
    )
    parser.add_argument("--screenshot", metavar="PATH", help="render a sample game to a PNG")
    parser.add_argument("--preset", default="Two-Headed Giant", help="preset for --screenshot")
    parser.add_argument("--players", type=int, help="heads or players for --screenshot")
    return parser.parse_args(argv)


def roll_starting(setup: GameSetup, rng: random.Random | None = None) -> GameSetup:
    """A die roll picks the starting team or player (CR 103.1)."""
    return replace(setup, starting=(rng or random.Random()).randrange(setup.variant.teams))


def sample_changes(setup: GameSetup) -> list[list[object]]:
    """A few events of a game in progress, for screenshots and benchmarks."""
    v = setup.variant
    if v.team_game:
        return [
            [Damage(0, 3), Damage(1, 2)],
            [PassTurn()],
            [Damage(v.heads, 7), Poison(v.heads + 1, 4)],
            [GainLife(1, 2), Effect(0, "cant_gain_life")],
        ]
    events: list[list[object]] = [[Damage(p, 3 + 2 * p)] for p in range(v.players)]
    events += [[Poison(1, 3)], [PassTurn()], [Concede(v.players - 1)]]
    return events


def main(argv: list[str] | None = None) -> int:
    """Starts Tablelife; returns the exit code."""
    args = parse_args(sys.argv[1:] if argv is None else argv)
    if args.screenshot:
        os.environ.setdefault("QT_QPA_PLATFORM", "offscreen")

    from PySide6.QtCore import QSettings
    from PySide6.QtWidgets import QApplication

    from app.model.game_model import GameModel
    from app.model.settings import Settings
    from app.ui.main_window import MainWindow

    app = QApplication.instance() or QApplication([sys.argv[0]])
    assert isinstance(app, QApplication)
    app.setOrganizationName(APP_NAME)
    app.setApplicationName(APP_NAME)
    app.setStyle("Fusion")
    if args.screenshot:
        # A screenshot neither reads nor changes the person's own settings.
        scratch = tempfile.TemporaryDirectory()
        settings = Settings(
            QSettings(os.path.join(scratch.name, "s.ini"), QSettings.Format.IniFormat)
        )
    else:
        settings = Settings()
    try:
        preset = find_preset(args.preset)
        variant = preset.make(size=args.players)
        names = settings.get("names/players") if not args.screenshot else []
        teams = settings.get("names/teams") if not args.screenshot else []
        setup = GameSetup(variant, tuple(names), tuple(teams), preset=preset.name)
    except RuleError as exc:
        print(f"tablelife: {exc}", file=sys.stderr)
        return 2

    idle = int(settings.get("idle_ms"))

    def new_model(s: GameSetup) -> GameModel:
        return GameModel(roll_starting(s), idle_ms=idle)

    if args.screenshot:
        model = GameModel(setup, idle_ms=idle)
        for changes in sample_changes(setup):
            model.submit(*changes)  # type: ignore[arg-type]
        model.stage_life(0, -2)
        window = MainWindow(model, settings, new_model)
        window.resize(1366, 768)
        window.show()
        app.processEvents()
        ok = window.grab().save(args.screenshot)
        if not ok:
            print(f"tablelife: could not write {args.screenshot}", file=sys.stderr)
        return 0 if ok else 1

    window = MainWindow(new_model(setup), settings, new_model)
    geometry = settings.get("window/geometry")
    if geometry.isEmpty() or not window.restoreGeometry(geometry):
        window.resize(1366, 768)
        window.showMaximized()
    else:
        window.show()
    return app.exec()
