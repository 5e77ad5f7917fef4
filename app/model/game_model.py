"""`GameModel`: one table's game. It owns the `Game`, the `QUndoStack` and the pending taps,
and it is the only writer: widgets send intents, the model changes state and emits signals."""

from __future__ import annotations

import time
from collections.abc import Sequence

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from app.rules import Change, Damage, Event, GainLife, PassTurn, Poison, RuleError
from app.rules.setup import GameSetup
from app.rules.words import describe_event, stepped
from app.store import EventKind, EventRow, GameRow, Journal, JournalError, result_of
from app.store.replay import walk

DEFAULT_IDLE_MS = 2000
READ_ONLY = "This finished game is open read-only."


class _EventCommand(QUndoCommand):
    """One applied event on the undo stack. Acts on the model, never on widgets."""

    def __init__(self, model: GameModel, event: Event) -> None:
        super().__init__(describe_event(event, model.game.names))
        self._model = model
        self._applied = True  # the model applied the event before pushing this command

    def redo(self) -> None:
        if self._applied:
            self._applied = False
            return
        self._model._step(redo=True)

    def undo(self) -> None:
        self._model._step(redo=False)


class GameModel(QObject):
    """One table: a `Game`, its undo stack and its pending taps. Several can live at once."""

    changed = Signal()
    """The game's state changed: an event, an undo or a redo. Views re-read the state."""
    pending_changed = Signal()
    """The pending (not yet committed) amounts changed."""
    message = Signal(str)
    """Words for the person at the table: a refused action, or what an event did not do."""
    committed = Signal(object)
    """An event was applied (carries the `Event`)."""

    def __init__(
        self,
        setup: GameSetup,
        idle_ms: int = DEFAULT_IDLE_MS,
        parent: QObject | None = None,
        *,
        journal: Journal | None = None,
        game_id: int | None = None,
        read_only: bool = False,
    ) -> None:
        super().__init__(parent)
        self.setup = setup
        self.game = setup.new_game()
        self.undo_stack = QUndoStack(self)
        self.journal = journal
        """Where every event is saved before it shows; None when games are not being saved."""
        self.game_id = game_id
        self.read_only = read_only
        self._finished = False  # what the journal says: is this game over?
        self._pending: dict[int, list[int]] = {}  # player -> [life, poison]
        self._times: list[float] = []  # when each event (undone ones too) was applied
        self._idle = QTimer(self)
        self._idle.setSingleShot(True)
        self._idle.setInterval(idle_ms)
        self._idle.timeout.connect(self.commit)

    @classmethod
    def restore(
        cls,
        row: GameRow,
        events: Sequence[EventRow],
        journal: Journal | None,
        idle_ms: int = DEFAULT_IDLE_MS,
        read_only: bool = False,
    ) -> GameModel:
        """A game as the journal has it: state, history, undo and redo, and event times.

        Raises BadDataError if the journal's events can't be replayed.
        """
        model = cls(row.setup, idle_ms, journal=journal, game_id=row.id, read_only=read_only)
        game, steps = walk(row, events)
        times: list[float] = []
        pos = 0
        for step in steps:  # the times of the events, undone ones too, as the game holds them
            if step.event.kind == "apply":
                del times[pos:]
                times.append(step.event.time)
                pos += 1
            else:
                pos += 1 if step.event.kind == "redo" else -1
        model.game = game
        model._times = times
        model._finished = row.finished
        # Rebuild the undo stack to match: every event pushed, then the undone ones undone,
        # with the game stepped alongside so the two stay in line.
        redo = len(game.redo_events)
        for _ in range(redo):
            game.redo()
        for event in game.history:
            model.undo_stack.push(_EventCommand(model, event))
        for _ in range(redo):
            model.undo_stack.undo()
        return model

    # ----- pending taps ------------------------------------------------------------------

    @property
    def idle_ms(self) -> int:
        """How long after the last tap pending amounts commit by themselves."""
        return self._idle.interval()

    def set_idle_ms(self, ms: int) -> None:
        """Sets the idle time before pending amounts commit."""
        self._idle.setInterval(max(0, ms))

    def stage_life(self, player: int, delta: int) -> bool:
        """Adds a tap of `delta` life for `player` to what is pending."""
        return self._stage(player, 0, delta)

    def stage_poison(self, player: int, delta: int) -> bool:
        """Adds a tap of `delta` poison counters for `player` to what is pending."""
        return self._stage(player, 1, delta)

    def _stage(self, player: int, slot: int, delta: int) -> bool:
        refusal = self._refusal(player)
        if refusal:
            self.message.emit(refusal)
            return False
        amounts = self._pending.setdefault(player, [0, 0])
        amounts[slot] += delta
        self._idle.start()  # (re)starts: the idle time counts from the last tap
        self.pending_changed.emit()
        return True

    def _refusal(self, player: int) -> str:
        game = self.game
        if self.read_only:
            return READ_ONLY
        if game.over:
            return "The game is over: undo, or start a new game (Ctrl+N)."
        if not 0 <= player < game.variant.players:
            return f"There is no player {player + 1}."
        if game.status(game.team_of(player)) != "playing":
            return f"{game.names[player]} has left the game."
        return ""

    def pending(self, player: int) -> tuple[int, int]:
        """The pending (life, poison) amounts of one player."""
        life, poison = self._pending.get(player, (0, 0))
        return life, poison

    def pending_team(self, team: int) -> tuple[int, int]:
        """The pending (life, poison) amounts of a whole team: what its total will move by."""
        amounts = [self.pending(p) for p in self.game.players_of(team)]
        return sum(a[0] for a in amounts), sum(a[1] for a in amounts)

    @property
    def has_pending(self) -> bool:
        """True while any tap waits to be committed."""
        return any(any(a) for a in self._pending.values())

    def pending_changes(self) -> list[Change]:
        """The pending taps as changes, in seat order."""
        changes: list[Change] = []
        for player in sorted(self._pending):
            life, poison = self._pending[player]
            if life < 0:
                changes.append(Damage(player, -life))
            elif life > 0:
                changes.append(GainLife(player, life))
            if poison:
                changes.append(Poison(player, poison))
        return changes

    def commit(self) -> bool:
        """Commits everything pending as ONE event (CR 704.3: losses are checked after it)."""
        self._idle.stop()
        changes = self.pending_changes()
        if not changes:
            self.drop_pending()
            return False
        if self._apply(changes):
            self.drop_pending()
            return True
        return False

    def drop_pending(self) -> None:
        """Forgets every pending tap."""
        self._idle.stop()
        if self._pending:
            self._pending.clear()
            self.pending_changed.emit()

    # ----- whole events ------------------------------------------------------------------

    def submit(self, *changes: Change) -> bool:
        """Applies changes from a menu as one event, after committing what is pending."""
        if self.has_pending and not self.commit():
            return False
        return self._apply(list(changes))

    def pass_turn(self) -> bool:
        """Passes the turn to the next team (or player) still playing."""
        return self.submit(PassTurn())

    def _apply(self, changes: list[Change]) -> bool:
        if self.read_only:
            self.message.emit(READ_ONLY)
            return False
        try:
            event = self.game.preview(*changes)
        except RuleError as exc:
            self.message.emit(str(exc))
            return False
        now = time.time()
        # On disk before it shows: if it can't be saved, nothing changes.
        if not self._save("apply", changes, now):
            return False
        self.game.record(event)
        del self._times[len(self.game.history) - 1 :]
        self._times.append(now)
        self.undo_stack.push(_EventCommand(self, event))
        self.sync_result()
        for note in event.notes:
            self.message.emit(note)
        self.committed.emit(event)
        self.changed.emit()
        return True

    def _save(self, kind: EventKind, changes: Sequence[Change] = (), when: float = 0.0) -> bool:
        if self.journal is None or self.game_id is None:
            return True
        try:
            self.journal.append(self.game_id, kind, changes, when=when or time.time())
        except JournalError as exc:
            self.message.emit(f"Not saved, so not done: {exc}")
            return False
        return True

    def sync_result(self) -> None:
        """Tells the journal when the game ends, or un-ends after an undo."""
        over = self.game.over
        if self.journal is None or self.game_id is None or over == self._finished:
            return
        try:
            if over:
                self.journal.finish(self.game_id, result_of(self.game.state))
            else:
                self.journal.reopen(self.game_id)
        except JournalError as exc:
            self.message.emit(f"The journal could not record the result: {exc}")
            return
        self._finished = over

    def abandon(self) -> None:
        """Marks an unfinished game as abandoned in the journal (a new game replaces it)."""
        if self.journal is None or self.game_id is None or self._finished or self.read_only:
            return
        try:
            self.journal.finish(self.game_id, result_of(self.game.state, abandoned=True))
        except JournalError as exc:
            self.message.emit(f"The journal could not close the old game: {exc}")
            return
        self._finished = True

    def event_time(self, index: int) -> float:
        """When the event at `index` of the history was applied (seconds since the epoch)."""
        return self._times[index]

    def undo(self) -> None:
        """Undoes: first whatever is pending, else the last event."""
        if self.has_pending:
            self.drop_pending()
            self.message.emit("Dropped the pending taps.")
        elif self.read_only:
            self.message.emit(READ_ONLY)
        elif self.undo_stack.canUndo() and self._save("undo"):
            self.message.emit(stepped(False, self.undo_stack.undoText()))
            self.undo_stack.undo()

    def redo(self) -> None:
        """Redoes the last undone event; not over pending taps, which it would throw away."""
        if self.read_only:
            self.message.emit(READ_ONLY)
        elif self.has_pending and self.undo_stack.canRedo():
            self.message.emit("Resolve (Enter) or drop (Esc) the pending taps before redoing.")
        elif self.undo_stack.canRedo() and self._save("redo"):
            self.message.emit(stepped(True, self.undo_stack.redoText()))
            self.undo_stack.redo()

    def _step(self, redo: bool) -> None:
        """Called by undo commands: the game steps one whole event."""
        self.drop_pending()
        moved = self.game.redo() if redo else self.game.undo()
        assert moved, "the undo stack and the game's history are out of step"
        self.sync_result()
        self.changed.emit()
