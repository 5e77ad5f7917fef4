"""`GameModel`: one table's game. It owns the `Game`, the `QUndoStack` and the pending taps,
and it is the only writer: widgets send intents, the model changes state and emits signals."""

from __future__ import annotations

import time

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from app.model.text import describe_all
from app.rules import Change, Damage, Event, GainLife, PassTurn, Poison, RuleError
from app.rules.setup import GameSetup

DEFAULT_IDLE_MS = 2000


class _EventCommand(QUndoCommand):
    """One applied event on the undo stack. Acts on the model, never on widgets."""

    def __init__(self, model: GameModel, event: Event) -> None:
        super().__init__(describe_all(event.changes, model.game.names))
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
        self, setup: GameSetup, idle_ms: int = DEFAULT_IDLE_MS, parent: QObject | None = None
    ) -> None:
        super().__init__(parent)
        self.setup = setup
        self.game = setup.new_game()
        self.undo_stack = QUndoStack(self)
        self._pending: dict[int, list[int]] = {}  # player -> [life, poison]
        self._times: list[float] = []  # when each event (undone ones too) was applied
        self._idle = QTimer(self)
        self._idle.setSingleShot(True)
        self._idle.setInterval(idle_ms)
        self._idle.timeout.connect(self.commit)

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
        try:
            event = self.game.apply(*changes)
        except RuleError as exc:
            self.message.emit(str(exc))
            return False
        del self._times[len(self.game.history) - 1 :]
        self._times.append(time.time())
        self.undo_stack.push(_EventCommand(self, event))
        for note in event.notes:
            self.message.emit(note)
        self.committed.emit(event)
        self.changed.emit()
        return True

    def event_time(self, index: int) -> float:
        """When the event at `index` of the history was applied (seconds since the epoch)."""
        return self._times[index]

    def undo(self) -> None:
        """Undoes: first whatever is pending, else the last event."""
        if self.has_pending:
            self.drop_pending()
            self.message.emit("Dropped the pending taps.")
        elif self.undo_stack.canUndo():
            self.message.emit(f"Undid {self.undo_stack.undoText()}.")
            self.undo_stack.undo()

    def redo(self) -> None:
        """Redoes the last undone event."""
        if self.undo_stack.canRedo():
            self.message.emit(f"Redid {self.undo_stack.redoText()}.")
            self.undo_stack.redo()

    def _step(self, redo: bool) -> None:
        """Called by undo commands: the game steps one whole event."""
        self.drop_pending()
        moved = self.game.redo() if redo else self.game.undo()
        assert moved, "the undo stack and the game's history are out of step"
        self.changed.emit()
