"""`tablelife desk`: the staff desk's start-up, and the sample round its screenshots and
benchmarks use.

    tablelife desk [--data-dir DIR | --server URL] [--event ID] [--scoreboard]
    tablelife desk --screenshot PATH [--size WxH]          a sample round of 16 tables
    tablelife desk --scoreboard --screenshot PATH          the same round's scoreboard
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from PySide6.QtWidgets import QApplication, QWidget

from tablelife.gui import (
    PICTURE_QUALITY,
    AlreadyRunningError,
    _app,
    add_lang_argument,
    after_start,
    claim_folder,
    freeze_after_start,
    set_window_icon,
    speak,
)
from tablelife.model.event_model import EventModel
from tablelife.model.instance import SingleInstance
from tablelife.model.session import DATA_ENV, Session, data_dir
from tablelife.model.settings import Settings
from tablelife.ops.event import new_event
from tablelife.rules import Damage, Poison
from tablelife.store import Journal, JournalError
from tablelife.store.events import newest_running_event
from tablelife.store.places import SERVER_ENV, data_dir_chosen, server_chosen
from tablelife.tournament.clock import steady
from tablelife.tournament.event import EventSettings
from tablelife.ui.desk import DeskWindow
from tablelife.ui.widgets import after_first_paint

SAMPLE_TEAMS = (
    "Ann & Bob", "Cal & Dee", "Eve & Finn", "Gus & Hana", "Ivo & Jo", "Kai & Lu", "Mo & Nia",
    "Oli & Pia", "Quin & Rue", "Sam & Tess", "Uma & Vic", "Wes & Xia", "Yara & Zed",
    "Abe & Bea", "Cy & Dot", "Ed & Flo", "Gil & Hal", "Ida & Jem", "Kit & Lia", "Max & Ned",
    "Ora & Pat", "Ray & Sue", "Tim & Una", "Val & Wyn", "Xan & Yul", "Zoe & Ada", "Ben & Cat",
    "Dan & Eli", "Fay & Guy", "Hugo & Iris", "Jack & Kim", "Leo & May",
)  # fmt: skip


def parse_args(argv: list[str]) -> argparse.Namespace:
    """The desk's command line."""
    from tablelife.cli.common import CappedParser, whole

    parser = CappedParser(prog="tablelife desk", description="The staff desk.")
    parser.add_argument(
        "--data-dir", metavar="DIR", help=f"where the journal lives (or ${DATA_ENV})"
    )
    parser.add_argument(
        "--server",
        metavar="URL",
        help=f"a PostgreSQL server's connection string or postgresql:// URL (or ${SERVER_ENV})",
    )
    parser.add_argument(
        "--event", type=whole, metavar="ID", help="the event (default: the newest unfinished one)"
    )
    parser.add_argument("--screenshot", metavar="PATH", help="render a sample round to a PNG")
    parser.add_argument("--scoreboard", action="store_true", help="the scoreboard, not the desk")
    parser.add_argument("--size", default="1366x768", help="screenshot size, WxH")
    add_lang_argument(parser)
    return parser.parse_args(argv)


def sample_round(
    journal: Journal, tables: int = 16, *, now: float | None = None, events: int = 3
) -> int:
    """An event mid-round for pictures and benchmarks: `tables` 2HG tables, the clock 48
    minutes in, some tables tracked (`events` events each), one with an extension, some in
    their additional turns after time, some finished. Returns the event's id."""
    now = time.time() if now is None else now
    more = range(len(SAMPLE_TEAMS), 2 * tables)
    teams = [*SAMPLE_TEAMS, *(f"Player {i} & Partner {i}" for i in more)]
    settings = EventSettings("Prerelease 2HG", format="2hg", rounds=4, minutes=50)
    started = now - 52 * 60
    # Its steps are taken at their own times, from the event's creation on (a step is never
    # put before the event's latest record, so an event made "now" would start its clock now).
    event_id = new_event(journal, settings, teams[: 2 * tables], when=started)
    clock = [started]
    model = EventModel(journal, event_id, clock=lambda: clock[0])
    try:
        pairs = [[teams[2 * i], teams[2 * i + 1]] for i in range(tables)]
        model.pair_by_hand(pairs)
        model.step("clock", {"op": "start"})
        model.add_minutes(3, 7)
        clock[0] = started + 20 * 60
        for table in range(1, tables + 1, 3):  # every third table tracked
            game = model.open_game(table)
            assert game is not None
            for i in range(events):
                game.submit(Damage(i % 4, 1 + (table + i) % 4), Poison((i + 1) % 4, i % 2))
        for table in (2, 5, 9):
            model.set_result(table, table % 2)
        clock[0] = now
        for table in (4, 7):  # tracked: passing the turn after time counts the turns
            if table in model.games:
                model.games[table].pass_turn()
                model.games[table].pass_turn()
    finally:
        model.deleteLater()
    return event_id


def _render(args: argparse.Namespace) -> int:
    if QApplication.instance() is None:
        os.environ["QT_QPA_PLATFORM"] = "offscreen"
    app = _app()
    speak(args.lang, None)
    try:
        width, height = (int(x) for x in args.size.lower().split("x"))
    except ValueError:
        print(f"tablelife: --size takes WxH, such as 1366x768, not {args.size!r}", file=sys.stderr)
        return 2
    with tempfile.TemporaryDirectory() as scratch:
        session = Session(Path(scratch))
        assert session.journal is not None
        now = time.time()
        event_id = sample_round(session.journal, now=now)
        model = EventModel(session.journal, event_id, clock=lambda: now)
        model.read_all()
        desk = DeskWindow(model)
        window: QWidget = desk
        if args.scoreboard:
            desk.show_scoreboard()
            assert desk.scoreboard is not None
            window = desk.scoreboard
        else:
            desk.open_table(1)
            desk.show_board()
        window.resize(width, height)
        window.show()
        app.processEvents()
        ok = window.grab().save(args.screenshot, None, PICTURE_QUALITY)
        desk.close()
        desk.deleteLater()
        model.deleteLater()
        app.processEvents()
        session.close()
    if not ok:
        print(f"tablelife: could not write {args.screenshot}", file=sys.stderr)
    return 0 if ok else 1


class DeskUnavailableError(Exception):
    """The desk does not open: `code` is the exit code, `str()` the line to print (if any)."""

    def __init__(self, code: int, message: str = "") -> None:
        super().__init__(message)
        self.code = code


def build_desk(args: argparse.Namespace) -> tuple[QApplication, DeskWindow, Session]:
    """The desk as `desk_main` starts it: the one-writer claim, the journal, the event, the
    window (not yet shown). When another desk or window holds the folder and doesn't answer,
    the desk opens read-only and says why (DESIGN.md, "One writer"). DeskUnavailableError when there
    is nothing to open (brought the other forward, no journal, no event, or none chosen).
    With --server (or $TABLELIFE_SERVER), the journal on a store's server instead: no folder
    to claim, since every device of the evening shares it (DESIGN.md, "Several devices")."""
    if args.server and args.data_dir:
        raise DeskUnavailableError(
            2, "--server and --data-dir name two different journals: give one of them."
        )
    server = server_chosen(args.server, args.data_dir)
    if server:
        return _build_server_desk(args, server)
    app = _app()
    folder = data_dir(args.data_dir)
    settings = Settings.in_folder(folder) if data_dir_chosen(args.data_dir) else Settings()
    speak(args.lang, settings)
    try:
        instance, reason = claim_folder(folder, app)
    except AlreadyRunningError as exc:
        raise DeskUnavailableError(0, str(exc)) from None
    session = Session(folder, read_only_reason=reason, on_close=instance.release)
    journal = session.journal
    try:
        if journal is None:
            raise DeskUnavailableError(1, session.notice or "")
        event_id = args.event or newest_running_event(journal)
        if event_id is None and reason is not None:
            raise DeskUnavailableError(1, reason)  # no event to show, and none can be made
        if event_id is None:
            # The dialog is the first thing on screen: answer later starts and show the icon
            # now, not after the desk's first frame.
            instance.listen()
            set_window_icon(app)
            event_id = _ask_new_event(journal, instance)
            if event_id is None:
                raise DeskUnavailableError(0)
        model = EventModel(journal, event_id, read_only_reason=reason)
    except JournalError as exc:
        session.close()
        raise DeskUnavailableError(1, str(exc)) from None
    except DeskUnavailableError:
        session.close()
        raise
    desk = DeskWindow(model, settings=settings)
    instance.activation_requested.connect(desk.raise_)
    after_start(desk, app, instance)
    return app, desk, session


def _build_server_desk(
    args: argparse.Namespace, url: str
) -> tuple[QApplication, DeskWindow, Session]:
    """The desk (or, with --scoreboard, only the projector's scoreboard) on a server's
    journal. A login that may only read (tablelife_viewer) gets it read-only, saying so."""
    app = _app()
    settings = Settings()
    speak(args.lang, settings)
    try:
        from tablelife.store.server import WINDOW_WAIT_SECONDS, ServerJournal, open_server
    except ModuleNotFoundError as exc:
        if not (exc.name or "").startswith("psycopg"):
            raise
        raise DeskUnavailableError(
            1,
            "--server needs psycopg 3, which this Tablelife lacks: pip install 'tablelife[server]'",
        ) from None
    opened = open_server(url, readonly=args.scoreboard)
    journal = opened.journal
    if journal is None:
        raise DeskUnavailableError(1, opened.message or "")
    # A step at the desk while the server is away says so within seconds rather than hold
    # the window still for a quarter of a minute; the live feed goes on trying meanwhile.
    if isinstance(journal, ServerJournal):
        journal.reconnect_seconds = WINDOW_WAIT_SECONDS
    reason = opened.message if not opened.saving and not args.scoreboard else None
    session = Session(Path(), opened=opened, read_only_reason=reason)
    try:
        event_id = args.event or newest_running_event(journal)
        if event_id is None:
            if not opened.saving:
                raise DeskUnavailableError(1, reason or "there is no event on the server yet.")
            set_window_icon(app)
            event_id = _ask_new_event(journal, None)
            if event_id is None:
                raise DeskUnavailableError(0)
        # The round clock ticks on this computer, set to the server's: every device's steps
        # and clocks agree with the server's, whatever each computer's own clock says.
        offset = journal.now() - time.time()
        clock = steady(0.0, wall=lambda: time.time() + offset)
        model = EventModel(
            journal, event_id, clock=clock, read_only_reason=session.read_only_reason
        )
    except JournalError as exc:
        session.close()
        raise DeskUnavailableError(1, str(exc)) from None
    except DeskUnavailableError:
        session.close()
        raise
    desk = DeskWindow(model, settings=settings)
    after_first_paint(desk, lambda: set_window_icon(app))
    return app, desk, session


def desk_main(argv: list[str]) -> int:
    """Starts the desk; returns the exit code."""
    args = parse_args(argv)
    if args.screenshot:
        return _render(args)
    try:
        app, desk, session = build_desk(args)
    except DeskUnavailableError as closed:
        if str(closed):
            print(f"tablelife: {closed}", file=sys.stderr)
        return closed.code
    if args.scoreboard:  # the projector's PC: the scoreboard alone, on the whole screen
        scoreboard = desk.show_scoreboard()
        freeze_after_start(scoreboard)
        scoreboard.showFullScreen()
    else:
        freeze_after_start(desk)
        desk.resize(1366, 768)
        desk.showMaximized()
        desk.activateWindow()
    code = app.exec()
    session.close()
    return code


def _ask_new_event(journal: Journal, instance: SingleInstance | None) -> int | None:
    from tablelife.ui.event_dialogs import NewEventDialog

    dialog = NewEventDialog()
    if instance is not None:  # a second start on the folder brings it forward
        instance.activation_requested.connect(dialog.raise_)
        instance.activation_requested.connect(dialog.activateWindow)
    if not dialog.exec() or dialog.chosen is None:
        return None
    settings, teams = dialog.chosen
    event_id = new_event(journal, settings, teams)
    model = EventModel(journal, event_id)
    model.pair_next()
    model.deleteLater()
    return event_id
