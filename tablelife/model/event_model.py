"""`EventModel`: one event (a store's evening) at the desk — its rounds and tables, the round
clock, and a `GameModel` for each table whose life totals are tracked.

Every step staff take goes through ONE method, `step`: tried on the event, journaled, then
taken, then one `changed`. Tracked games are ordinary `GameModel`s in the same journal, each
linked to its event, round and table; when one ends, its result becomes the table's result.
The clock is wall-clock time kept in the journal, so after a crash it has kept counting.
"""

from __future__ import annotations

import contextlib
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from PySide6.QtCore import QObject, QTimer, Signal

from tablelife.model.game_model import (
    DEFAULT_IDLE_MS,
    FollowUp,
    GameModel,
    MutationKind,
    TableChange,
)
from tablelife.model.live import LiveFeed
from tablelife.ops import event as steps
from tablelife.ops import races
from tablelife.ops import table as table_steps
from tablelife.ops.changes import OpChanges, OpenedGame, RefusedError
from tablelife.ops.table import Pick
from tablelife.rules import Damage, EndOfMatch, Event, GainLife, Poison, State
from tablelife.rules.i18n import arg
from tablelife.store import Journal, JournalError, LogRow, result_of
from tablelife.store.events import load_event, load_trusted_event
from tablelife.store.live import HOLD_RENEW_SECONDS, Told
from tablelife.tournament.clock import steady
from tablelife.tournament.commands import Command, CommandError, parse, parse_games
from tablelife.tournament.errors import TournamentError
from tablelife.tournament.event import (
    CLOCK_AHEAD_LIMIT,
    EventError,
    EventSettings,
    RoundState,
    TableState,
    Tournament,
)
from tablelife.tournament.pairing import suggested_rounds
from tablelife.tournament.results import match_games, wins_needed
from tablelife.tournament.sheets import NameRow, Slip, pairings_by_name, round_of, slips
from tablelife.tournament.standings import Standing, decisive_decimals

__all__ = [
    "CLOCK_AHEAD_LIMIT",
    "EventModel",
    "EventSettings",
    "EventUnavailableError",
    "NameRow",
    "RoundState",
    "Slip",
    "Standing",
    "TableState",
    "decisive_decimals",
    "new_event_plan",
    "random_pick",
    "read_games",
    "rounds_for",
]
"""What the desk's widgets read from here: the event's types come with the model, so no
widget imports the event core (or the journal) itself."""

Clock = Callable[[], float]
Guard = Callable[[Tournament], None]
"""Checks, on a server, that what a person saw still holds on the event as it now stands
(RefusedError, in words, when another device changed it meanwhile)."""


def random_pick(n: int) -> int:
    """A die with `n` faces, from the operating system's randomness (MTR 2.2's random
    method): 0 up to n - 1."""
    return secrets.randbelow(n)


class EventUnavailableError(Exception):
    """An event could not be created or opened; `str()` says why, in words for a person."""


def new_event_plan(
    teams: list[str], lines: list[int] | None = None, **settings: Any
) -> tuple[EventSettings, list[str]]:
    """A new event's settings (`EventSettings`' fields) and teams as staff typed them (each
    on its line of `lines`), checked as every new event is (`ops.event`);
    EventUnavailableError says what is wrong, and on which line."""
    try:
        fixed = steps.check_tables(teams, settings.pop("fixed_tables", ()))
        plan = steps.event_settings(fixed_tables=fixed, **settings)
        steps.check_teams(teams, plan, lines)
        return plan, teams
    except RefusedError as exc:
        raise EventUnavailableError(str(exc)) from None


def read_games(text: str) -> tuple[int, int, int]:
    """A match's games as staff type them ("2-1" is 2-1-0), read as the command bar and
    `event result --games` read them; ValueError says what is wrong."""
    try:
        return parse_games(text)
    except CommandError as exc:
        raise ValueError(str(exc)) from None


def rounds_for(teams: int) -> int:
    """The Swiss rounds suggested for so many teams (MTR Appendix E)."""
    return suggested_rounds(teams)


class EventModel(QObject):
    """One event at the desk. Several tables' `GameModel`s live inside it."""

    changed = Signal()
    """The event changed: a step was taken (a result, the clock, a pairing...)."""
    table_changed = Signal(int)
    """A tracked table's game changed (carries the table number)."""
    ticked = Signal()
    """A second passed on the round clock."""
    time_called = Signal(list)
    """Time was just called at these tables (MTR 2.4): staff must be told."""
    statuses_changed = Signal(list)
    """These tables' statuses changed as time passed, with no step taken (time called at
    them, an extension run out): every view that shows a status redraws them now, not at
    the next step."""
    message = Signal(str)
    """Words for staff: what a command did, or why it was refused."""

    def __init__(
        self,
        journal: Journal,
        event_id: int,
        *,
        clock: Clock | None = None,
        wall: Clock | None = None,
        idle_ms: int = DEFAULT_IDLE_MS,
        read_only_reason: str | None = None,
        parent: QObject | None = None,
    ) -> None:
        super().__init__(parent)
        self.journal = journal
        self.read_only_reason = read_only_reason
        """Why nothing can be changed here (another desk holds the folder), or None."""
        self.event_id = event_id
        self.idle_ms = idle_ms
        self.tournament: Tournament
        self.tournament, broken = load_trusted_event(journal, event_id)
        # An event whose log's chain breaks is shown as far as it can be trusted: nothing
        # after the break is read, from other devices either.
        self._untrusted = broken is not None
        if broken is not None:
            # Shown as far as it can be trusted, and changed no more: the log can't go on
            # from a broken link (as a game whose chain breaks).
            self.read_only_reason = arg(
                self.tr(
                    "This event can't be trusted: %1 It is shown read-only, as the entries "
                    "before that one make it; tablelife verify lists what is wrong."
                ),
                str(broken),
            )
        self._wall: Clock = wall or clock or time.time
        """The computer's clock as it is (`clock_ahead` compares the event's times with it)."""
        self._clock: Clock = clock or steady(self.tournament.latest, self._wall)
        self.games: dict[int, GameModel] = {}
        self.pick: Pick = random_pick
        """The random method of MTR 2.2 (who chooses play or draw)."""
        self.refusal: str | None = None
        """Why the last step was refused, in words (None once one is taken): for a dialog
        that keeps what was typed and says why beside it."""
        self._opened: OpenedGame | None = None  # the game the last step began, if any
        # Tables whose time was called, with the extension each had then: one is called again
        # only when it has more time since (MTR 2.6), never for a result taken back.
        self._called: dict[int, float] = {}
        self._after_game: list[str] = []  # said once the game has spoken (_say_after_the_game)
        # Each table's status as views were last told it (by a step or a tick), so a tick
        # tells them of those that time alone has changed (`statuses_changed`).
        self._statuses: dict[int, str] = {}
        self._note_statuses()
        # Tracked games are read back after the board has painted, one per turn of the event
        # loop, so a round of 64 long games opens at once; opening a table reads its game
        # first if it isn't back yet.
        self._unread: list[int] = [t.number for t in self._tables() if t.game_id is not None]
        self._reader = QTimer(self)
        self._reader.setInterval(0)
        self._reader.timeout.connect(self._read_one)
        # Several devices on a server (DESIGN.md, "Several devices"): what the others do is
        # told (`LiveFeed`) and read from the log; a table open here is held for this device.
        self._feed: LiveFeed | None = None
        self._caught: dict[int, LogRow] = {}  # other devices' entries a step of ours read
        self._wanted: set[int] = set()  # tables open here: their games are held for us
        self._stopped = False  # `stop`ped: the desk closed, or shows another event
        self._holders: dict[int, str] = {}  # games other devices hold, by id: who
        if journal.shared and broken is None:
            try:
                self._holders = journal.holders(event_id)
            except JournalError as exc:
                self.message.emit(str(exc))
        self._renewer = QTimer(self)
        self._renewer.setInterval(HOLD_RENEW_SECONDS * 1000)
        self._renewer.timeout.connect(self.renew_holds)

    def now(self) -> float:
        """The time now, in seconds: by default the computer's clock, never running back
        before the event's latest record (until staff correct the clock: `correct_clock`).
        The tables' games take their times from here too."""
        return self._clock()

    def clock_ahead(self) -> float:
        """How many seconds the event's latest record is ahead of the computer's clock (0 if
        it isn't): over `CLOCK_AHEAD_LIMIT`, the desk asks staff which one is right."""
        return max(0.0, self.tournament.latest - self._wall())

    def correct_clock(self) -> bool:
        """Staff say the computer's clock is right, not the event's latest record: a clock
        correction is journaled at the computer's time, and every later record (the tables'
        games too) is taken at it. False, with a message, if it can't be taken or saved."""
        now = self._wall()
        if not self._take(steps.correct_clock, now=now):
            return False
        self._clock = steady(now, self._wall)
        return True

    def start_reading(self) -> None:
        """Starts reading the tracked games back, one per turn of the event loop (the desk calls
        this once its board has painted). Nothing once `stop`ped: a desk closed as its board
        first painted, its journal closed with it."""
        if self._stopped:
            return
        if self._unread and not self._reader.isActive():
            self._reader.start()
        self._called = {t.number: t.extension for t in self._tables() if self._time_over(t)}
        self._timer = QTimer(self)
        self._timer.setInterval(1000)
        self._timer.timeout.connect(self.tick)
        self._timer.start()
        self.follow_others()

    # ----- several devices -----------------------------------------------------------------

    def follow_others(self) -> None:
        """On a server, shows other devices' steps as they commit: the server tells of each
        (`LiveFeed`), and the entries after the last this desk knows are read from the event's
        log and applied (`catch_up`), as are a tracked table's game events. A feed that drops
        is made again, and what was missed meanwhile read the same way. Nothing on a data
        folder (one writer). `start_reading` calls it; `stop` ends it."""
        if not self.journal.shared or self._feed is not None or self._untrusted:
            return
        feed = LiveFeed(self.journal, self)
        feed.told.connect(self._on_told)
        feed.back.connect(self._on_back)
        feed.lost.connect(self._on_lost)
        self._feed = feed
        if feed.start():
            self._on_back()  # what landed between the event's load and the feed's start
        if not self.read_only_reason:
            self._renewer.start()

    def stop(self) -> None:
        """Stops following other devices, and lets go of the tables this device holds (the
        desk closing, or showing another event)."""
        self._stopped = True
        self._renewer.stop()
        feed, self._feed = self._feed, None
        if feed is not None:
            feed.close()
        for table in list(self._wanted):
            self.leave(table)

    @property
    def live(self) -> bool:
        """True while other devices' steps reach this desk as they commit."""
        return self._feed is not None and self._feed.connected

    def catch_up(self) -> bool:
        """Other devices' steps: reads the event's log after the last entry this desk knows,
        applies those entries to the event as it stands here, and tells the views (one
        `changed`; tables whose game changed, `table_changed`). Never a full reload. False
        when there was nothing new, or it couldn't be read (said)."""
        if not self.journal.shared or self._untrusted:
            return False
        try:
            entries = self.journal.log_since(self.event_id, self.tournament.records)
        except JournalError as exc:
            self.message.emit(arg(self.tr("Other devices' steps could not be read: %1"), exc))
            return False
        if not entries:
            return False
        for entry in entries:
            self._caught[entry.seq] = entry
        try:
            event = self._applied(self.tournament, entries)
        except EventError as exc:  # the server checks each entry against its log: a bug
            raise AssertionError(f"the event's log does not replay here: {exc}") from None
        self._changed(OpChanges(event))
        return True

    @staticmethod
    def _applied(event: Tournament, entries: Sequence[LogRow]) -> Tournament:
        after = event.copy()
        for entry in entries:
            after.apply(entry.kind, entry.data, entry.time)
        return after

    def _on_told(self, told: list[Told]) -> None:
        mine = [t for t in told if t.tournament == self.event_id]
        if any(t.kind == "log" and t.seq > self.tournament.records for t in mine):
            self.catch_up()
        played = {t.table: t for t in mine if t.kind == "game"}  # the last of each game
        for table, t in played.items():
            model = self.games.get(table)
            if model is not None and model.game_id == t.game and t.seq > model.seq:
                model.catch_up()
        if any(t.kind == "hold" for t in mine):
            self._refresh_holds()

    def _on_back(self) -> None:
        """The server answers again (or the feed has just started): what other devices did
        meanwhile, from the log, and from each tracked table's game."""
        self.catch_up()
        for model in list(self.games.values()):
            model.catch_up()
        self._hold(sorted(self._wanted))  # its own tables at once (they may have run out)
        self._refresh_holds()

    def _on_lost(self, words: str) -> None:
        self.message.emit(
            arg(
                self.tr(
                    "%1 Other devices' steps show here again once the server answers; this "
                    "desk tries every second."
                ),
                words,
            )
        )

    # ----- one device at a table (a server's holds) --------------------------------------------

    def hold(self, table: int) -> bool:
        """This desk plays the table now (the desk has it open): on a server its game is held
        for this device, renewed every few seconds while it stays open (`renew_holds`), so no
        other device changes it meanwhile. False when another device holds it: the table is
        shown read-only, saying who, and taken as soon as they let go (or stop answering)."""
        self._wanted.add(table)
        return self._hold([table])

    def leave(self, table: int) -> None:
        """This desk no longer plays the table (the desk left it): its game is let go."""
        self._wanted.discard(table)
        model = self.games.get(table)
        if not self.journal.shared or model is None or model.game_id is None:
            return
        if model.game_id in self._holders:
            return  # another device's, not ours to let go
        with contextlib.suppress(JournalError):  # let go, or free once it isn't renewed
            self.journal.let_go(model.game_id)

    def renew_holds(self) -> None:
        """Every few seconds (`HOLD_RENEW_SECONDS`): the tables open here are held again (a
        hold not renewed for `HOLD_SECONDS` is free, so a device that dies frees its
        tables), and whoever holds the others is read again (a hold that ran out tells no
        one). Not while the server can't be reached: the feed says so, and tries again."""
        if self._feed is not None and not self._feed.connected:
            return
        self._hold(sorted(self._wanted))  # one statement for them all
        self._refresh_holds()

    def held_by(self, table: int) -> str | None:
        """Who plays the table's game at another device now, or None."""
        model = self.games.get(table)
        if model is None or model.game_id is None:
            return None
        return self._holders.get(model.game_id)

    def _hold(self, tables: list[int]) -> bool:
        """Holds these tables' games for this device (`Journal.take_holds`, at once) and shows
        each as it came out; whether this device holds them all now."""
        games = {t: self.games[t].game_id for t in tables if t in self.games}
        if not self.journal.shared or self.read_only_reason is not None:
            return True
        held = {t: g for t, g in games.items() if g is not None}
        if not held:
            return True
        try:
            found = self.journal.take_holds(list(held.values()))
        except JournalError as exc:
            self.message.emit(str(exc))
            return False
        mine = True
        for table, game_id in held.items():
            model, who = self.games[table], found[game_id]
            if who is not None:
                self._holders[game_id] = who
                model.hold_elsewhere(who, self._held_words(table, who))
                mine = False
                continue
            self._holders.pop(game_id, None)
            if model.played_elsewhere is not None:
                model.hold_elsewhere(None)
                model.catch_up()  # what the other device did before it let go
        return mine

    def _refresh_holds(self) -> None:
        """Reads who holds the event's games now, and shows each table accordingly; a table
        open here that another device let go is taken."""
        if not self.journal.shared or self._untrusted:
            return
        try:
            self._holders = self.journal.holders(self.event_id)
        except JournalError as exc:
            self.message.emit(str(exc))
            return
        freed = []  # tables open here that another device has let go: taken, all at once
        for table, model in list(self.games.items()):
            who = self._holders.get(model.game_id) if model.game_id is not None else None
            if who is not None:
                model.hold_elsewhere(who, self._held_words(table, who))
            elif model.played_elsewhere is None:
                continue  # this device's, or nobody's and not open here: as it is
            elif table in self._wanted:
                freed.append(table)
            else:
                model.hold_elsewhere(None)
        if freed:
            self._hold(freed)

    def _held_words(self, table: int, who: str) -> str:
        return arg(
            self.tr(
                "Table %1 is being played at %2: it is shown here as it goes, read-only, "
                "until that device leaves the table."
            ),
            table,
            who,
        )

    def another(self, settings: EventSettings, teams: list[str]) -> EventModel:
        """A new event in the same journal, its first round paired, with this one's clock.
        EventUnavailableError (nothing written) if the teams or the journal refuse."""
        if self.read_only_reason is not None:
            raise EventUnavailableError(self.read_only_reason)
        at = self.now()

        def write() -> int:  # the event and its first round: one step
            event_id = steps.new_event(self.journal, settings, teams, when=at)
            event = load_event(self.journal, event_id)
            steps.pair_next(self.journal, event_id, event, int(at), when=at)
            return event_id

        try:
            event_id = self.journal.run(write)
        except (RefusedError, JournalError) as exc:
            raise EventUnavailableError(str(exc)) from None
        return EventModel(
            self.journal, event_id, clock=self.now, wall=self._wall, idle_ms=self.idle_ms
        )

    # ----- reading ---------------------------------------------------------------------------

    @property
    def name(self) -> str:
        """The event's name."""
        return self.tournament.settings.name

    def _tables(self) -> tuple[TableState, ...]:
        current = self.tournament.current
        return current.tables if current is not None else ()

    def table(self, number: int) -> TableState:
        """A table of the current round; EventError if there is none."""
        current = self.tournament.current
        if current is None:
            raise EventError(self.tr("No round has been paired yet."))
        return current.table(number)

    def status(self, table: TableState) -> str:
        """The table's status now (see `Tournament.table_status`)."""
        return self.tournament.table_status(table, self.now())

    def time_left(self, table: TableState | None = None) -> float | None:
        """Seconds left on the round clock (a table's own, with its extension)."""
        current = self.tournament.current
        if current is None or not current.clock.started:
            return None
        extension = table.extension if table is not None else 0.0
        return current.clock.remaining(self.now(), extension)

    def clock_shows(self) -> float | None:
        """What the round clock shows, in seconds: the time left once it has started, and
        before that the time it will start with (the round with its adjustments); None with
        no round paired, or once every table of the round has its result (its time no longer
        counts for anyone)."""
        current = self.tournament.current
        if current is None or current.finished:
            return None
        return current.clock.remaining(self.now())

    @property
    def clock_running(self) -> bool:
        """True while the round clock counts down (never once the round is finished)."""
        current = self.tournament.current
        return current is not None and current.clock.running and not current.finished

    def _time_over(self, table: TableState) -> bool:
        left = self.tournament.time_left(table, self.now())
        return left is not None and left <= 0 and not table.finished

    # ----- the one mutation path ----------------------------------------------------------

    def step(self, kind: str, data: Mapping[str, Any]) -> bool:
        """Takes one step of the event as a record (`ops.event.take_step`); False, with a
        message, if it can't be taken or saved."""
        return self._take(steps.take_step, kind, data)

    def _take(
        self,
        op: Callable[..., OpChanges],
        *args: Any,
        guard: Guard | None = None,
        **kwargs: Any,
    ) -> bool:
        """The one mutation path of the event: runs an operation of `ops.event` on the event
        as it stands, at the desk's time, then turns what changed into signals. False, with
        the operation's words, if it refused or the journal couldn't save it."""
        if self.read_only_reason is not None:
            self.refusal = self.read_only_reason
            self.message.emit(self.read_only_reason)
            return False
        try:
            changes = self._op(op, *args, guard=guard, **kwargs)
        except (RefusedError, JournalError) as exc:
            self.refusal = str(exc)
            self.message.emit(self.refusal)
            self._caught_up_after_all()
            return False
        self.refusal = None
        self._changed(changes)
        return True

    def _op(
        self,
        op: Callable[..., OpChanges],
        *args: Any,
        guard: Guard | None = None,
        **kwargs: Any,
    ) -> OpChanges:
        """An operation of `ops` on the event as it stands, at the desk's time. On a server,
        the event as it stands is this desk's with what other devices wrote since, read in
        the step's own transaction; a step that lost a race to another device's is taken
        again from the start on the event as it then stands (`Journal.run`), and `guard`
        refuses it in words when what the person saw has changed meanwhile (a result entered
        at another desk a moment ago)."""
        if not self.journal.shared:
            return op(
                self.journal, self.event_id, self.tournament, *args, when=self.now(), **kwargs
            )

        def once() -> OpChanges:
            event = self._as_it_stands()
            if guard is not None:
                guard(event)
            return op(self.journal, self.event_id, event, *args, when=self.now(), **kwargs)

        return self.journal.run(once)

    def _as_it_stands(self) -> Tournament:
        """This desk's event with the entries other devices wrote since (read in the step's
        transaction, kept for `_changed`)."""
        entries = self.journal.log_since(self.event_id, self.tournament.records)
        if not entries:
            return self.tournament
        for entry in entries:
            self._caught[entry.seq] = entry
        try:
            return self._applied(self.tournament, entries)
        except EventError as exc:  # the server checks each entry against its log: a bug
            raise AssertionError(f"the event's log does not replay here: {exc}") from None

    def _caught_up_after_all(self) -> None:
        """A step refused (or not saved) after it read other devices' entries: they are
        shown all the same, so what the refusal speaks of is in view."""
        if any(seq > self.tournament.records for seq in self._caught):
            self.catch_up()
        self._caught.clear()

    def _result_guard(self, table: int, round_number: int | None = None) -> Guard:
        """Refuses a result (or its taking back) in words when the table's result is no
        longer the one this desk showed: another desk entered, corrected or took it back
        a moment ago (`ops.races`)."""
        seen = races.ResultSeen()
        seen.check(self.tournament, table, round_number)  # what the person saw

        def guard(event: Tournament) -> None:
            seen.check(event, table, round_number)

        return guard

    def _changed(self, changes: OpChanges) -> None:
        """What a step changed, once it is committed (with what other devices' steps it read
        on a server, or those alone: `catch_up`): the event as it now stands, and the signals
        that tell the views."""
        before = self.tournament.records
        others = [
            e for seq, e in sorted(self._caught.items()) if before < seq <= changes.event.records
        ]
        self._caught.clear()
        kinds = {*changes.kinds, *(e.kind for e in others)}
        self.tournament = changes.event
        self._opened = changes.opened[0] if changes.opened else None
        if "round_paired" in kinds or "round_unpaired" in kinds:
            # A round paired here has no games yet; one another device paired or took back
            # may (a round taken back returns to the one before): they are read back here.
            tracked = [t.number for t in self._tables() if t.game_id is not None]
            self._unread = tracked if others else []
            self._drop_games()
            self._called = {}
            if others and self._unread and not self._reader.isActive():
                self._reader.start()  # another device paired: its games are read back here
        else:
            for entry in others:
                if entry.kind == "game":
                    self._replaced(int(entry.data.get("table", 0)))
        self._note_statuses()  # `changed` tells of these
        self.changed.emit()
        for note in changes.notes:
            self.message.emit(note)

    def _replaced(self, table: int) -> None:
        """Another device began a table's game (or went back a game, or began it again with
        play or draw chosen otherwise): the table follows the game the event now names."""
        try:
            game_id = self.table(table).game_id
        except EventError:
            return
        model = self.games.get(table)
        if model is not None and model.game_id == game_id:
            return
        if model is not None:
            self.games.pop(table)
            model.follow = None
            model.deleteLater()
            self._restore(table)
        elif table not in self._unread:
            self._unread.append(table)
            self._restore(table)
        if table not in self.games:
            self.table_changed.emit(table)

    # ----- teams and rounds ------------------------------------------------------------------

    def add_team(self, team: str, losses: bool = True) -> bool:
        """A late team joins (paired from the next round on), if its name can name a team
        (`team_name_problem`, as the command line checks it). With `losses`, each Swiss
        round it missed is a match loss with no games (`ops.event.add_team`); what that
        means is said."""
        return self._take(steps.add_team, team, losses=losses)

    @property
    def rounds_missed(self) -> int:
        """The Swiss rounds a team added now would have missed."""
        return sum(1 for r in self.tournament.rounds if not r.elimination)

    def set_tables(self, fixed: Sequence[tuple[str, int]], skipped: Sequence[int]) -> bool:
        """The fixed tables and the table numbers never used, from the next pairing on."""
        return self._take(steps.set_tables, fixed, skipped)

    def unpair(self) -> bool:
        """The latest round's pairings taken back (paired by mistake), before any result
        or tracked game of it; refused, naming the tables, otherwise."""
        if not self._settle_tables():
            return False
        return self._take(steps.unpair_round)

    def correct_result(
        self,
        round_number: int,
        table: int,
        winner: str | None,
        games: tuple[int, int, int] | None = None,
    ) -> bool:
        """A result for a table of any round, as `event result --round N` enters it: in an
        earlier Swiss round it stands beside the later pairings (and says so); in the top
        cut, one that changes who went on is refused while the match they went on to
        exists. The current round's tables take it as `set_result` does."""
        current = self.tournament.current
        if current is not None and round_number == current.number:
            try:
                teams = self.table(table).teams
            except EventError as exc:
                self.message.emit(str(exc))
                return False
            index = None if winner is None else teams.index(winner) if winner in teams else None
            if winner is None or index is not None:
                return self.set_result(table, index, games)
        return self._take(
            steps.enter_result,
            table,
            winner,
            games,
            round_number=round_number,
            guard=self._result_guard(table, round_number),
        )

    def pairings_by_name(self, number: int | None = None) -> list[NameRow]:
        """A round's players by name (the latest round by default), sorted as on paper."""
        return pairings_by_name(self.tournament, round_of(self.tournament, number))

    def round_of(self, number: int | None = None) -> RoundState:
        """A round (the latest by default); EventError if there is none."""
        return round_of(self.tournament, number)

    def slips(self, number: int | None = None) -> list[Slip]:
        """A result slip for each table of a round where a match is played."""
        return slips(self.tournament, round_of(self.tournament, number))

    def drop_team(self, team: str) -> bool:
        """A team drops: it stays in the standings, unpaired from the next round on."""
        return self._take(steps.drop_team, team)

    def return_team(self, team: str) -> bool:
        """A dropped team comes back (a drop taken by mistake), paired from the next round."""
        return self._take(steps.return_team, team)

    def pair_next(self, seed: int | None = None) -> bool:
        """Pairs the next round (Swiss, or single elimination after the Swiss rounds)."""
        if not self._settle_tables():
            return False
        return self._take(steps.pair_next, int(self.now()) if seed is None else seed)

    @property
    def cut_next(self) -> bool:
        """True when the next round is the top cut's (the Swiss rounds are all played)."""
        t = self.tournament
        swiss = sum(1 for r in t.rounds if not r.elimination)
        return bool(t.settings.top) and not t.settings.pods and swiss >= t.settings.rounds

    def pair_by_hand(self, tables: list[list[str]], elimination: bool = False) -> bool:
        """A round's pairings as given (for stores that pair elsewhere). A Swiss round seats
        every team still in the event; a table holds two teams (one: the bye) or, in a pod
        event, a pod of three up to one more than the pod size."""
        if not self._settle_tables():
            return False
        return self._take(steps.pair_tables, tables, elimination)

    def _settle_tables(self) -> bool:
        """Taps pending at tracked tables are resolved before a new round is paired, in the
        round they belong to (a game they end gives its own table its result); False if one
        can't be saved (said), and nothing is paired then."""
        return all(m.commit() for m in list(self.games.values()) if m.has_pending)

    # ----- the clock ---------------------------------------------------------------------

    def toggle_clock(self) -> bool:
        """F5: starts the round clock, pauses it, or resumes it."""
        return self._take(steps.toggle_clock)

    def adjust_clock(self, minutes: int) -> bool:
        """±1 minute buttons: the round longer or shorter (`ops.event.adjust_clock`)."""
        return self._take(steps.adjust_clock, minutes)

    @property
    def called_tables(self) -> list[int]:
        """The tables whose time was up at the last tick and that play on (MTR 2.4)."""
        return sorted(
            t.number for t in self._tables() if t.number in self._called and self._time_over(t)
        )

    def tick(self) -> None:
        """Once a second: tells views the time, and staff when time is called."""
        called = []
        for t in self._tables():
            # A table given more time after its call (MTR 2.6) is called again when that runs
            # out; one whose result was taken back is not.
            if self._time_over(t) and self._called.get(t.number) != t.extension:
                self._called[t.number] = t.extension
                called.append(t.number)
        moved = self._note_statuses()
        if moved:
            self.statuses_changed.emit(moved)
        if called:
            self.time_called.emit(called)
        self.ticked.emit()

    def _note_statuses(self) -> list[int]:
        """Notes every table's status now; returns the tables whose status is not the one
        noted last."""
        now = {t.number: self.status(t) for t in self._tables()}
        moved = sorted(n for n, status in now.items() if self._statuses.get(n) != status)
        self._statuses = now
        return moved

    # ----- tables ----------------------------------------------------------------------------

    def add_minutes(self, table: int, minutes: int) -> bool:
        """A time extension for one table (MTR 2.6); none for a bye, where nobody plays (a
        check here, not in the event core: old journals replay through it)."""
        return self._take(steps.extend, table, minutes)

    def next_turn(self, table: int) -> bool:
        """Staff advance a table's additional turns (MTR 2.4); after the last, a Swiss table
        still playing is a draw. Typed again after the last turn, when its end couldn't be
        saved, the end is tried again rather than a turn counted."""
        try:
            before = self.table(table)
        except EventError as exc:
            self.message.emit(str(exc))
            return False
        past = before.turns > self.tournament.additional_turns(before) and not before.finished
        if not past and not self._take(steps.turn, table):
            return False
        return self._end_after_turns(table)

    def _end_after_turns(self, table: int) -> bool:
        """A table past its last additional turn (MTR 2.4): its tracked game ends as the
        rules say (a Swiss game a draw; in single elimination the highest life total wins,
        a tie playing on), or staff are told what to enter. False if that end couldn't be
        saved (said): `12 turn` then tries it again."""
        state = self.table(table)
        if state.turns > self.tournament.additional_turns(state) and not state.finished:
            current = self.tournament.current
            assert current is not None
            # A tracked game not yet read back since the start is read now: it decides.
            model = self._restore(table) if table in self._unread else self.games.get(table)
            state = self.table(table)
            if state.finished:
                return True  # read back, its match was over
            if model is not None and not model.game.over:
                # MTR 2.4 in the rules core: a Swiss game is a draw; in single elimination the
                # highest life total wins, and a tie at the top plays on under the extra
                # state-based action. The game's end then becomes the table's result.
                single = current.elimination
                if single and self._best_of_three(state):
                    # Life decides only when the games are level (MTR 2.4).
                    single = self._leader(state)[0] is None
                if not model.submit(EndOfMatch(single_elimination=single)):
                    return False  # not saved (said): "12 turn" tries again
                if not model.game.over:
                    self.message.emit(
                        arg(
                            self.tr(
                                "Table %1: the teams at the top are tied on life, so play goes "
                                "on; a team without the highest life total loses (MTR 2.4)."
                            ),
                            table,
                        )
                    )
                return True
            if current.elimination:
                # MTR 2.4: single elimination has no draws; staff enter who won (highest life).
                self.message.emit(
                    arg(
                        self.tr(
                            "Table %1: the additional turns are over. The team with the highest "
                            "life total wins (MTR 2.4): enter the result."
                        ),
                        table,
                    )
                )
            elif self._best_of_three(state):
                # The game in progress is a draw, but the match's earlier games, untracked
                # here, decide it (MTR 2.4), and its games count toward GW%: staff type them.
                self.message.emit(
                    arg(
                        self.tr(
                            "Table %1: the additional turns are over, and the game in progress "
                            "is a draw (MTR 2.4). Type the match's result with its games, as in "
                            "%1 result a 1-0-1."
                        ),
                        table,
                    )
                )
            elif self.set_result(table, None):  # MTR 2.4: a Swiss game unfinished is a draw
                self._say_after_the_game(
                    arg(
                        self.tr(
                            "Table %1: the additional turns are over and the game is "
                            "unfinished, so the match is a draw (MTR 2.4)."
                        ),
                        table,
                    )
                )
        return True

    def set_result(
        self,
        table: int,
        winner: int | None,
        games: tuple[int, int, int] | None = None,
        *,
        counted: bool = False,
    ) -> bool:
        """Staff enter a table's result: the winning team's index at the table, or None for a
        draw; `games` are the match's won, lost and drawn games from the winner's side (a
        draw's: team a's), `counted` from its tracked games rather than typed. A result
        already there is corrected (the correction stays in the journal)."""
        try:
            state = self.table(table)
        except EventError as exc:
            self.message.emit(str(exc))
            return False
        if winner is not None and not 0 <= winner < len(state.teams):
            letter = chr(ord("a") + winner)
            self.message.emit(arg(self.tr("Table %1 has no team %2."), table, letter))
            return False
        end = self.games[table].game.state if table in self.games else None
        if end is not None and end.winners:  # staff overrule a game someone won: all draw
            end = None
        name = None if winner is None else state.teams[winner]
        outcomes = _outcomes(state.teams, winner, end)
        return self._take(
            steps.enter_result,
            table,
            name,
            games,
            outcomes=outcomes,
            typed=not counted,
            guard=self._result_guard(table),
        )

    def clear_result(self, table: int) -> bool:
        """Takes a typed result back (a correction, kept in the journal); over a finished
        tracked game, the result its game (in best of three, its match) gives stands again.
        A tracked game's own result goes back with the game's last event instead (`12 undo`)."""
        model = self.games.get(table)
        state = self.table(table)
        current = self.tournament.current
        assert current is not None
        if model is not None and model.game.over and state.finished:
            last = model.game.last_event
            if self._gave(state, model.game.state):
                self.message.emit(
                    arg(
                        self.tr(
                            "Table %1's result comes from its tracked game: type %2 undo to "
                            "take the game's last event back."
                        ),
                        table,
                        table,
                    )
                )
                return False
            if self._best_of_three(state):
                decided = self._match_result(state, at=None if last is None else last.time)
                if decided is None:  # its games don't decide the match: the next game
                    return self._clear_for_next_game(table, model.game.state, last)
                if not self.set_result(table, *decided, counted=True):
                    return False
            else:
                winners = model.game.winners
                if not self.set_result(table, winners[0] if winners else None):
                    return False
            self.message.emit(
                arg(
                    self.tr(
                        "Table %1: the typed result is taken back, and its game's result stands."
                    ),
                    table,
                )
            )
            return True
        return self._take(steps.clear_result, table, guard=self._result_guard(table))

    def open_game(self, table: int, choice: str = "play") -> GameModel | None:
        """The tracked game at a table, begun (and journaled) the first time it is opened:
        who goes first as MTR 2.2 says (`ops.table.who_chooses`), the team that chooses
        taking `choice` ("play" or "draw"). Never rolled again at a desk table."""
        if table in self.games:
            return self.games[table]
        if table in self._unread:
            return self._restore(table)
        if not self._take(table_steps.open_game, table, choice=choice, pick=self.pick):
            return None
        opened = self._opened
        assert opened is not None
        model = GameModel(opened.setup, self.idle_ms, journal=self.journal, game_id=opened.game_id)
        model.opening = self._opening_words(opened)
        return self._track(table, model)

    def _opening_words(self, opened: OpenedGame) -> str:
        """Who goes first at a desk table, and why (MTR 2.2), for the table's banner."""
        first = (
            opened.setup.team_names[opened.setup.starting]
            if opened.setup.team_names
            else (opened.setup.names[opened.setup.starting])
        )
        if opened.picked == "pod":
            return arg(self.tr("Random pick: %1 goes first."), first)
        how = {
            "random": self.tr("picked at random to choose play or draw (MTR 2.2)"),
            "standing": self.tr("has the better Swiss standing, so it chooses (MTR 2.2)"),
            "loser": self.tr("lost the last game, so it chooses (MTR 2.2)"),
            "last": self.tr("chose last, and the last game was a draw (MTR 2.2)"),
        }[opened.picked]
        said = (
            self.tr("%1: %2. It plays first (%4 draw if it draws).")
            if opened.choice == "play"
            else self.tr("%1: %2. It draws, so %3 goes first.")
        )
        return arg(said, opened.chooser, how, first, opened.table)

    def _track(self, table: int, model: GameModel) -> GameModel:
        model.setParent(self)
        model.clock = self.now  # its events on the round clock's time
        model.follow = lambda kind, before, after, t=table: self._follow(t, kind, before, after)
        model.round_note = lambda t=table: self.round_note(t)
        self.games[table] = model
        who = self._holders.get(model.game_id) if model.game_id is not None else None
        if who is not None:
            model.hold_elsewhere(who, self._held_words(table, who))
        elif table in self._wanted:
            self._hold([table])
        model.changed.connect(lambda change, t=table: self._on_game_changed(t, change))
        # What the game says (a refusal, a rule's note) is the event's to say, open or not.
        model.message.connect(lambda text, t=table: self._game_said(t, text))
        return model

    def _game_said(self, table: int, text: str) -> None:
        self.message.emit(arg(self.tr("Table %1: %2"), table, text))
        self._say_the_rest()

    def _say_after_the_game(self, text: str) -> None:
        """What a game's change means for the event (its result taken back, a next game at
        the table) is said after what the game itself says of that change ("Undone: …",
        which comes once the change is made), or in the next pass of the event loop when the
        game says nothing: the consequence is what stays in view."""
        self._after_game.append(text)
        QTimer.singleShot(0, self, self._say_the_rest)  # not at all once this model is gone

    def _say_the_rest(self) -> None:
        said, self._after_game = self._after_game, []
        for text in said:
            self.message.emit(text)

    @property
    def reading(self) -> bool:
        """True while tracked games are still being read back from the journal."""
        return bool(self._unread)

    def _read_one(self) -> None:
        if not self._unread:
            self._reader.stop()
            return
        self._restore(self._unread[0])

    def read_all(self) -> None:
        """Reads back every tracked game now (tests, benchmarks, and before a round ends)."""
        while self._unread:
            self._restore(self._unread[0])
        self._reader.stop()

    def _restore(self, table: int) -> GameModel | None:
        """A table's tracked game read back from the journal, as its last step left it: a
        game's end and what followed from it were written together."""
        if table in self._unread:
            self._unread.remove(table)
        state = self.table(table)
        if state.game_id is None:
            return None
        model = self._read_game(table, state.game_id)
        if model is None:
            return None
        if state.chooser is not None:
            first = model.game.team_name(model.game.state.active)
            model.opening = arg(
                self.tr("%1 chose play or draw (MTR 2.2): %2 goes first."), state.chooser, first
            )
        self._track(table, model)
        self.table_changed.emit(table)
        return model

    def _read_game(self, table: int, game_id: int) -> GameModel | None:
        """A tracked game as the journal has it, or None, saying why, if it can't be read."""
        try:
            row = self.journal.game(game_id)
            return GameModel.restore(
                row,
                self.journal.events(row.id),
                self.journal,
                self.idle_ms,
                read_only=self.read_only_reason is not None,
            )
        except JournalError as exc:
            self.message.emit(arg(self.tr("Table %1's game could not be read: %2"), table, exc))
            return None

    def _drop_games(self) -> None:
        for model in self.games.values():
            model.follow = None  # a round is over for it: it follows from nothing now
            model.drop_pending()  # resolved before the pairing (`_settle_tables`)
            model.deleteLater()
        self.games = {}

    def _on_game_changed(self, table: int, change: TableChange) -> None:
        self.table_changed.emit(table)

    # ----- what a table's step means for the event: written in the step's transaction --------

    def _follow(
        self, table: int, kind: MutationKind, before: State, after: State
    ) -> FollowUp | None:
        """What a tracked game's step means for its table (`GameModel.follow`): the game's
        end gives the table its result, a best-of-three match's next game, or a drawn game
        played again (MTR 9.1, 2.4); undoing the end that gave a result takes the result
        back. Written in the same transaction as the game's own event, so a crash leaves
        both or neither."""
        if self.read_only_reason is not None:
            return None
        state = self.table(table)
        if kind == "undo" and before.over and not after.over and state.finished:
            # The change that ended the game is undone: the result it gave goes back with
            # it. One that staff typed otherwise stands.
            if not self._gave(state, before):
                return None
            said = arg(self.tr("Table %1: the game goes on, so its result was taken back."), table)
            return self._step_follow(lambda: self._op(steps.clear_result, table), said)
        if kind == "undo" or not after.over:
            return self._turn_follow(table, state, kind, before, after)
        return self._end_follow(table, state, after)

    def _turn_follow(
        self, table: int, state: TableState, kind: MutationKind, before: State, after: State
    ) -> FollowUp | None:
        """Passing the turn at a tracked table after time counts its additional turn (MTR
        2.4), in the pass's own transaction; undoing such a pass takes the turn back (and
        redoing it counts it again). A pass before time counts nothing. After the last
        additional turn, the pass that ends it ends the match as `12 turn` does."""
        if (before.active, before.turn) == (after.active, after.turn) or state.finished:
            return None
        model = self.games.get(table)
        if model is None:
            return None
        # When the pass was made: now, or, undone or redone, when it was first made.
        event = {"undo": model.game.last_event, "redo": model.game.next_redo}.get(kind)
        left = self.tournament.time_left(state, self.now() if event is None else event.time)
        if left is None or left > 0:
            return None
        step = -1 if kind == "undo" else 1
        last = self.tournament.additional_turns(state) + 1
        if not 0 <= state.turns + step <= last:
            return None

        def then(changes: OpChanges) -> None:
            self._changed(changes)
            if step == 1 and changes.event.current is not None:
                counted = changes.event.current.table(table)
                if counted.turns == last and not counted.finished:
                    self._end_after_turns(table)

        return self._step_follow(lambda: self._op(steps.turn, table, step, passed=True), None, then)

    def round_note(self, table: int) -> str:
        """Where a tracked table stands on the round clock, for its banner: time called,
        which additional turn, or sudden death (MTR 2.4); nothing while it plays in time."""
        try:
            state = self.table(table)
        except EventError:
            return ""
        model = self.games.get(table)
        if model is not None and model.played_elsewhere is not None:
            return model.read_only_words()
        if model is not None and model.game.state.highest_life_only and not model.game.over:
            return self.tr("Sudden death (MTR 2.4): a team without the highest life total loses.")
        status = self.status(state)
        total = self.tournament.additional_turns(state)
        if status == "time":
            return self.tr(
                "Time (MTR 2.4): this turn finishes, then %n additional turn(s); N counts them.",
                "",
                total,
            )
        if status == "turn" and state.turns == total:
            return arg(self.tr("Additional turn %1 of %2: the last (MTR 2.4)."), state.turns, total)
        if status == "turn":
            return arg(self.tr("Additional turn %1 of %2 (MTR 2.4)."), state.turns, total)
        if status == "needs result":
            return self.tr("The additional turns are over (MTR 2.4).")
        return ""

    def _end_follow(self, table: int, state: TableState, end: State) -> FollowUp | None:
        """What a tracked game's end means for its table (see `_follow`)."""
        winners = end.winners
        if winners and state.finished:  # typed while the game went on: it stands
            if self._gave(state, end):
                return None
            return self._words_follow(
                arg(
                    self.tr("Table %1: its game is over, but the result typed for it stands."),
                    table,
                )
            )
        if self._best_of_three(state) and not state.finished:
            return self._match_follow(table, state, end)
        if winners:
            return self._result_follow(table, state, winners[0], end)
        left = self.tournament.time_left(state, self.now())
        current = self.tournament.current
        assert current is not None
        if state.finished:  # typed by staff: it stands, and no game is played again for it
            return self._words_follow(
                arg(
                    self.tr("Table %1: its game was drawn, but the result typed for it stands."),
                    table,
                )
            )
        if current.elimination:
            # MTR 2.4: a single-elimination match can't end in a draw: the teams play on,
            # with a new game at the same table.
            return self._next_game_follow(
                table,
                arg(
                    self.tr(
                        "Table %1: the game is a draw, and a single-elimination match can't "
                        "end in one (MTR 2.4): a new game starts at the table."
                    ),
                    table,
                ),
            )
        if len(state.teams) == 2 and (left is None or left > 0):
            # MTR 2.1: drawn games don't count toward winning a match, so while match time
            # remains the teams play another game at the same table: in a best-of-one duel
            # as in Two-Headed Giant (MTR 9.1). A pod is one game, and its draw stands.
            words = (
                self.tr(
                    "Table %1: the game is a draw with time left, so a new game starts (MTR 9.1)."
                )
                if self.tournament.settings.team_format
                else self.tr(
                    "Table %1: the game is a draw with time left, and a drawn game doesn't "
                    "decide the match, so a new game starts (MTR 2.1)."
                )
            )
            return self._next_game_follow(table, arg(words, table))
        return self._result_follow(table, state, None, end)

    def _match_follow(
        self, table: int, state: TableState, end: State, last: Event | None = None
    ) -> FollowUp:
        """A best-of-three table's tracked game ends in `end` (by `last`, else now): the
        match's result if its games decide it (`_match_result`), else the next game."""
        decided = self._match_result(state, end, at=None if last is None else last.time)
        if decided is not None:
            winner, games = decided
            shown = "-".join(map(str, games))
            said = (
                arg(self.tr("Table %1: the match is a draw, %2."), table, shown)
                if winner is None
                else arg(
                    self.tr("Table %1: %2 wins the match, %3."), table, state.teams[winner], shown
                )
            )
            return self._result_follow(table, state, winner, end, games, said)
        a, b, drawn = self.match_score(state, end)
        words = (
            arg(
                self.tr("Table %1: game %2 to %3, %4-%5: the next game begins."),
                table,
                a + b + drawn,
                state.teams[end.winners[0]],
                a,
                b,
            )
            if end.winners
            else arg(
                self.tr("Table %1: game %2 is a draw, %3-%4: the next game begins."),
                table,
                a + b + drawn,
                a,
                b,
            )
        )
        return self._next_game_follow(table, words)

    def _result_follow(
        self,
        table: int,
        state: TableState,
        winner: int | None,
        end: State,
        games: tuple[int, int, int] | None = None,
        said: str | None = None,
    ) -> FollowUp:
        """The table's result as its game's end gives it (in best of three, with the games
        its tracked games counted)."""
        name = None if winner is None else state.teams[winner]
        outcomes = _outcomes(state.teams, winner, None if end.winners else end)
        guard = self._result_guard(table)  # typed at another desk meanwhile: it stands
        return self._step_follow(
            lambda: self._op(
                steps.enter_result,
                table,
                name,
                games,
                outcomes=outcomes,
                typed=games is None,
                guard=guard,
            ),
            said,
        )

    def _next_game_follow(self, table: int, said: str) -> FollowUp:
        """The table's next game (a best-of-three match's, or a drawn game played again),
        begun in the same transaction as the end of the one before."""

        return self._step_follow(
            lambda: self._op(table_steps.open_game, table, pick=self.pick), said, self._swap_in
        )

    def _swap_in(self, changes: OpChanges) -> None:
        """A table's game is followed by the one `changes` opened (the next game at the
        table, or the same game begun again with play or draw chosen otherwise)."""
        opened = changes.opened[0]
        old = self.games.pop(opened.table)
        self._changed(changes)
        model = GameModel(opened.setup, self.idle_ms, journal=self.journal, game_id=opened.game_id)
        model.opening = self._opening_words(opened)
        self._track(opened.table, model)
        self.table_changed.emit(opened.table)  # a view showing the old game is told
        old.deleteLater()

    def choose(self, table: int, choice: str) -> bool:
        """Staff tell the table's choice (MTR 2.2): the team that chooses plays ("play") or
        draws ("draw") in the game about to begin. Before the game is tracked it begins so;
        after, as long as nothing has happened in it, it begins again so, with the same team
        choosing (nobody rolls again). Refused once the game has begun (a die or a coin rolled
        at the table is not its beginning, CR 103.1)."""
        if self.read_only_reason is not None:
            self.message.emit(self.read_only_reason)
            return False
        model = self.games.get(table)
        if model is None and table in self._unread:
            model = self._restore(table)
        if model is None:
            return self.open_game(table, choice) is not None
        state = self.table(table)
        game = model.game
        if game.begun or model.undo_stack.canRedo() or model.has_pending or game.over:
            self.message.emit(
                arg(self.tr("Table %1's game has begun: who goes first can't change now."), table)
            )
            return False
        chooser = state.chooser
        if chooser is None or len(state.teams) != 2 or model.game_id is None:
            self.message.emit(
                arg(self.tr("Table %1's game has no play-or-draw choice to change."), table)
            )
            return False
        now = "play" if model.setup.starting == state.teams.index(chooser) else "draw"
        if choice == now:
            return True
        picked = state.picked or "random"
        replacing = OpenedGame(table, model.game_id, model.setup, chooser, picked, now)
        try:
            changes = self._op(
                table_steps.open_game, table, choice=choice, replacing=replacing, pick=self.pick
            )
        except (RefusedError, JournalError) as exc:
            self.message.emit(str(exc))
            return False
        self._swap_in(changes)
        return True

    def _step_follow(
        self,
        write: Callable[[], OpChanges],
        said: str | None = None,
        then: Callable[[OpChanges], None] | None = None,
    ) -> FollowUp:
        """A step of the event that follows from a table's step: written inside its
        transaction; once committed, the event changes (`then`, else `_changed`) and `said`
        is said after what the game says. A step the event refuses is said instead, and the
        table's own step stands (nothing of the refused one was written)."""

        def written() -> object:
            try:
                return write()
            except RefusedError as exc:
                return exc

        def done(changes: object) -> None:
            if isinstance(changes, RefusedError):
                self._say_after_the_game(str(changes))
                return
            assert isinstance(changes, OpChanges)
            (then or self._changed)(changes)
            if said is not None:
                self._say_after_the_game(said)

        return FollowUp(written, done)

    def _words_follow(self, said: str) -> FollowUp:
        """Nothing to write: only words for staff, after what the game says."""
        return FollowUp(lambda: None, lambda _written: self._say_after_the_game(said))

    def _clear_for_next_game(self, table: int, end: State, last: Event | None) -> bool:
        """A typed result taken back at a best-of-three table whose counted games don't decide
        the match: the result goes, and the next game begins, in one step."""
        if self.read_only_reason is not None:
            self.message.emit(self.read_only_reason)
            return False
        before = self.tournament

        def write() -> tuple[OpChanges, FollowUp, object]:
            self.tournament = before  # a second try starts from the event as it was
            cleared = self._op(steps.clear_result, table)
            self.tournament = cleared.event  # the next game begins at the table as cleared
            follow = self._match_follow(table, self.table(table), end, last)
            return cleared, follow, follow.write()

        try:
            cleared, follow, written = self.journal.run(write)
        except (RefusedError, JournalError) as exc:
            self.message.emit(str(exc))
            return False
        finally:
            self.tournament = before
        self._changed(cleared)
        follow.then(written)
        return not isinstance(written, RefusedError)

    def _best_of_three(self, table: TableState) -> bool:
        """True for a match of two teams in an event of more than one game a match."""
        return self.tournament.settings.best_of > 1 and len(table.teams) == 2

    def match_score(self, table: TableState, end: State | None = None) -> tuple[int, int, int]:
        """A best-of-three table's games so far, from its tracked games: team a's wins, team
        b's wins, and the drawn games (a game still on counts for nobody). `end` counts the
        current game as ending there (an end being undone) rather than as it is now."""
        ids = [*table.earlier_games, *([table.game_id] if table.game_id is not None else [])]
        score = [0, 0, 0]
        model = self.games.get(table.number)
        for game_id in ids:
            if model is not None and model.game_id == game_id:
                state = end if end is not None else model.game.state
                over, winners = state.over, list(state.winners)
            else:
                try:
                    result = self.journal.game(game_id).result
                except JournalError:
                    continue  # a game that can't be read counts for nobody
                if result is None or result.get("abandoned"):
                    continue
                over, winners = True, list(result.get("winners", []))
            if over:
                score[winners[0] if winners else 2] += 1
        return (score[0], score[1], score[2])

    def _match_result(
        self, table: TableState, end: State | None = None, at: float | None = None
    ) -> tuple[int | None, tuple[int, int, int]] | None:
        """The result a best-of-three table's counted games give it (the winner's index, or
        None for a draw, and the games from the winner's side), or None while the match goes
        on: the first team to win the games it needs (MTR 2.1); at time, the team with more,
        and with as many a draw in Swiss (MTR 2.4; single elimination plays on). `at`: when
        the last game ended (time given since doesn't undo a call made then); else now."""
        winner, games = self._leader(table, end)
        current = self.tournament.current
        assert current is not None
        left = self.tournament.time_left(table, self.now() if at is None else at)
        at_time = left is not None and left <= 0
        need = wins_needed(self.tournament.settings.best_of)
        if games[0] >= need or (at_time and (winner is not None or not current.elimination)):
            return winner, games
        return None

    def _leader(
        self, table: TableState, end: State | None = None
    ) -> tuple[int | None, tuple[int, int, int]]:
        """A best-of-three table's counted games as a result would give them: the team ahead
        (None when level) and the games from its side (`match_score`)."""
        a, b, drawn = self.match_score(table, end)
        return (None if a == b else 0 if a > b else 1), (max(a, b), min(a, b), drawn)

    def undo_at(self, table: int) -> bool:
        """Undo at a tracked table ("12 undo", or Ctrl+Z with it open): its game's last change
        or pending taps; at a best-of-three table whose next game has seen nothing yet, the
        last change of the game before (its end tapped by mistake)."""
        model = self.games.get(table)
        if model is None:
            self.message.emit(arg(self.tr("Table %1 has no tracked game to undo."), table))
            return False
        if self.read_only_reason is not None:
            self.message.emit(self.read_only_reason)
            return False
        if not model.undo_stack.canUndo() and not model.has_pending:
            if model.undo_stack.canRedo() or not self._can_go_back(table):
                self.message.emit(arg(self.tr("Table %1 has nothing to undo."), table))
                return False
            return self._back_a_game(table)
        return model.undo()

    def _can_go_back(self, table: int) -> bool:
        """True at a best-of-three table still playing, with a game before the current one."""
        state = self.table(table)
        return self._best_of_three(state) and bool(state.earlier_games) and not state.finished

    def _back_a_game(self, table: int) -> bool:
        """Undo at a best-of-three table whose current game has seen nothing yet: the last
        change of the game before (its end tapped by mistake), which the table plays again;
        the unplayed one is left, abandoned. All or nothing: if the game before can't be
        read, or its undo can't be saved, the table stays as it was (False, the reason said)."""
        state = self.table(table)
        earlier = state.earlier_games[-1]
        before = self._read_game(table, earlier)
        if before is None:
            return False
        unplayed = self.games[table]

        def write() -> OpChanges:  # in the undo's own transaction
            back = self._op(steps.take_step, "game", {"table": table, "game_id": earlier})
            if unplayed.game_id is not None:
                unset = result_of(unplayed.game.state, abandoned=True)
                self.journal.finish(unplayed.game_id, unset, when=self.now())
            return back

        def then(changes: object) -> None:
            assert isinstance(changes, OpChanges)
            self.games.pop(table)
            self._changed(changes)
            self._track(table, before)
            self.table_changed.emit(table)
            unplayed.deleteLater()

        before.setParent(self)
        before.clock = self.now  # its undo on the round clock's time, as its events
        before.follow = lambda kind, _b, _a: FollowUp(write, then) if kind == "undo" else None
        if not before.undo():  # said why: the table stays at the game that was next
            before.deleteLater()
            return False
        return True

    def _gave(self, table: TableState, end: State) -> bool:
        """True when the table's result is the one a game ending in `end` gives it (as
        `set_result` writes it): the game's, not one typed otherwise. In best of three, the
        one its counted games give, whenever it was decided (time given to the round or the
        table since then can't make it a typed one)."""
        if table.result is None:
            return False
        if self._best_of_three(table):
            if table.result.games is None:
                return False
            winner, games = self._leader(table, end)
            name = None if winner is None else table.teams[winner]
            best_of = self.tournament.settings.best_of
            try:
                counted = match_games(table.teams, name, games, best_of, typed=False)
            except TournamentError:
                return False  # no match ends so (more wins than it needs): not its games'
            return (
                dict(table.result.outcomes) == _outcomes(table.teams, winner, None)
                and dict(table.result.games) == counted
            )
        winner = end.winners[0] if end.winners else None
        return dict(table.result.outcomes) == _outcomes(table.teams, winner, end)

    # ----- the command bar -------------------------------------------------------------------

    def run(self, line: str) -> tuple[bool, int | None]:
        """Runs a typed command; returns (done, table to open or None). Messages say why a
        command was refused, and nothing changes then."""
        try:
            command = parse(line)
            self.table(command.table)
        except (CommandError, EventError) as exc:
            self.message.emit(str(exc))
            return False, None
        return self._run(command)

    def _run(self, c: Command) -> tuple[bool, int | None]:
        table = self.table(c.table)
        if c.action == "open":
            return True, c.table
        if c.action == "result":
            if c.games is None and self._best_of_three(table):
                # Its games count toward GW% (MTR Appendix C): one typed result can't say them.
                self.message.emit(
                    arg(
                        self.tr(
                            "Table %1 plays best of %2: type the games too, won-lost(-drawn) "
                            "from the winner's side, as in %1 result a 2-1."
                        ),
                        c.table,
                        self.tournament.settings.best_of,
                    )
                )
                return False, None
            if not self.set_result(c.table, c.team, c.games):
                return False, None
            # Said in names, not as typed: "37 result a" is read back as who won.
            said = (
                arg(self.tr("Table %1: %2 won."), c.table, table.teams[c.team])
                if c.team is not None
                else arg(self.tr("Table %1: a draw."), c.table)
            )
            self.message.emit(said)
            return True, None
        if c.action == "clear":
            return self.clear_result(c.table), None
        if c.action == "ext":
            return self.add_minutes(c.table, c.amount), None
        if c.action in ("play", "draw"):
            return self.choose(c.table, c.action), None
        if c.action == "turn":
            if c.amount == -1:
                return self._take(steps.turn, c.table, -1), None
            return self.next_turn(c.table), None
        if c.team is not None and c.team >= len(table.teams):
            letter = chr(ord("a") + c.team)
            self.message.emit(arg(self.tr("Table %1 has no team %2."), c.table, letter))
            return False, None
        if c.action == "poison" and c.amount < 0 and not self._tracks(c.table):
            assert c.team is not None
            self._no_poison_to_remove(c.table, table.teams[c.team], 0, -c.amount)
            return False, None  # refused before a game is started (and journaled) for it
        if c.action == "undo":
            return self.undo_at(c.table), None
        model = self.open_game(c.table)
        if model is None:
            return False, None
        assert c.team is not None
        player = model.game.players_of(c.team)[0]
        if c.action == "life":
            change = Damage(player, -c.amount) if c.amount < 0 else GainLife(player, c.amount)
            return model.submit(change), None
        if model.has_pending and not model.commit():  # the open table's taps come first
            return False, None
        have = model.game.poison(c.team)
        if have + c.amount < 0:  # CR 122: counters that aren't there can't be removed
            self._no_poison_to_remove(c.table, model.game.team_name(c.team), have, -c.amount)
            return False, None
        return model.submit(Poison(player, c.amount)), None

    def _tracks(self, table: int) -> bool:
        return table in self.games or table in self._unread

    def _no_poison_to_remove(self, table: int, team: str, have: int, removed: int) -> None:
        said = self.tr("Table %1: %2 has %n poison counter(s), so %3 can't be removed.", "", have)
        self.message.emit(arg(said, table, team, removed))


def _outcomes(teams: Sequence[str], winner: int | None, end: State | None) -> dict[str, str]:
    """A table's result: the winner's win and everyone else's loss; with no winner, a draw
    among those still in the game at `end` (CR 104.4a), a team already out there lost (a pod
    where one conceded before the rest fell at once)."""
    if winner is not None:
        return {t: "win" if i == winner else "loss" for i, t in enumerate(teams)}
    out = {i for i, t in enumerate(end.teams) if t.status == "lost"} if end else set()
    return {t: "loss" if i in out else "draw" for i, t in enumerate(teams)}
