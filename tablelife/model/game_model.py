"""`GameModel`: one table's game. It owns the `Game`, the `QUndoStack` and the pending taps,
and it is the only writer: widgets send intents, the model changes state and emits signals.

Every change to a table (apply, undo, redo) goes through ONE method, `_mutate`: it journals
first, then changes the state, then emits ONE `changed` carrying a `TableChange` that says what
changed (Anki's `OpChanges`). The `Game` holds the one undo position and the time of each
event; the undo stack's commands only move the game by their own event, inside `_mutate`.
"""

from __future__ import annotations

import secrets
import time
import weakref
from collections.abc import Callable, Sequence
from typing import Literal

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtGui import QUndoCommand, QUndoStack

from tablelife.model.i18n import language
from tablelife.ops.game import mark_partners, save_step
from tablelife.rules import (
    COUNTER_KINDS,
    DIE_SIDES,
    BecomeMonarch,
    CastCommander,
    Change,
    CommanderDamage,
    Damage,
    DayNight,
    Event,
    FlipCoin,
    GainLife,
    Game,
    PassTurn,
    PlayerCounters,
    Poison,
    RollDie,
    RuleError,
    StartingTeam,
    State,
    Storm,
    TakeInitiative,
    roll_for_first,
)
from tablelife.rules.i18n import QT_TRANSLATE_NOOP, arg, translate
from tablelife.rules.setup import GameSetup
from tablelife.rules.values import frozen
from tablelife.rules.words import describe_event, note_text, stepped
from tablelife.store import (
    BadDataError,
    EventKind,
    EventRow,
    GameRow,
    Journal,
    JournalError,
    LoadedGame,
    result_of,
)
from tablelife.store.replay import advance, replay
from tablelife.store.resume import load_state

DEFAULT_IDLE_MS = 2000
REPLAY_AFTER_MS = 100
"""How long after a fast resume the game's events are replayed (after the first paint)."""
READ_ONLY = QT_TRANSLATE_NOOP("GameModel", "This game is open read-only.")
"""The reason a game is read-only when nothing went wrong; stored in English (the session
compares it), translated where it is said (`GameModel.read_only_words`)."""

MutationKind = Literal["apply", "undo", "redo", "reset"]


def roll(sides: int) -> int:
    """A die with `sides` faces, from the operating system's randomness: 1 to `sides`."""
    return secrets.randbelow(sides) + 1


def trusted_part(loaded: LoadedGame) -> tuple[list[EventRow], str | None]:
    """A game whose checksum chain breaks: the events before the break, and why the game is
    shown read-only, naming the game and the event (None when the chain holds)."""
    problem = loaded.problem
    if problem is None:
        return list(loaded.events), None
    seq = problem.seq
    trusted = [e for e in loaded.events if seq is not None and e.seq < seq]
    shown = (
        arg(translate("Session", "up to event %1"), seq - 1)
        if seq and seq > 1
        else translate("Session", "as set up")
    )
    reason = arg(
        translate(
            "Session",
            "Game %1 can't be trusted: %2 It is shown read-only, %3; "
            "tablelife verify lists what is wrong.",
        ),
        loaded.row.id,
        problem,
        shown,
    )
    return trusted, reason


@frozen
class TableChange:
    """What one mutation of a table changed, so each view redraws only its part.

    `kind` is "apply", "undo", "redo", or "reset" (a whole new game or a restore: redraw all).
    `teams` are the teams whose life, poison, status or effects differ; `turn` is True when the
    active team or the turn number moved; `statuses` when a team left or came back; `over` is
    whether the game is over afterwards; `history` is the history's length afterwards (one more
    after an apply or redo, one less after an undo). `event` is the event applied, undone or
    redone (None for a reset). `marks` is True when the monarch, the initiative, a commander
    cast, a player counter, the storm count or day and night moved (`State.marks`).
    """

    kind: MutationKind
    teams: frozenset[int]
    turn: bool
    statuses: bool
    over: bool
    history: int
    event: Event | None = None
    marks: bool = False

    @classmethod
    def between(
        cls, kind: MutationKind, before: State, after: State, history: int, event: Event | None
    ) -> TableChange:
        """The change from one state to another."""
        pairs = enumerate(zip(before.teams, after.teams, strict=True))
        teams = frozenset(i for i, (a, b) in pairs if a != b)
        return cls(
            kind=kind,
            teams=teams,
            turn=(before.active, before.turn) != (after.active, after.turn),
            statuses=any(before.teams[t].status != after.teams[t].status for t in teams),
            over=after.over,
            history=history,
            event=event,
            marks=before.marks is not after.marks,
        )


@frozen
class FollowUp:
    """What a table's step means beyond the table (at an event: its result, its next game),
    from the one who hosts the table (`GameModel.follow`). `write` runs inside the step's
    own transaction, after the game's event and end are written, and returns what it wrote;
    `then` gets that once the step is committed and the table has changed."""

    write: Callable[[], object]
    then: Callable[[object], None]


Follow = Callable[[MutationKind, State, State], "FollowUp | None"]
"""Asked before each step is saved: the kind of step, the state before and after it."""

_NOT_SAVED = object()


class _EventCommand(QUndoCommand):
    """One applied event on the undo stack. It acts on the model from its own event, and only
    inside the model's one mutation path (so a stray `stack.undo()` fails loudly).

    It reaches the model through a weak reference (the model's one, shared by all its
    commands): the model owns the stack that owns the commands, and a strong reference back
    made a cycle only the collector could free. Freed that way, the model went first and
    took its stack and the commands with it while the collector was still clearing one of
    them: a segfault (QUndoStack::clear) whenever a collection happened to find one."""

    __slots__ = ("_model", "event")  # one per event: no dict each, 115 bytes less (issue 12)

    def __init__(self, model: GameModel, event: Event) -> None:
        super().__init__(describe_event(event, model.game.names, teams=model.setup.team_names))
        self._model = model.itself
        self.event = event

    def redo(self) -> None:
        self._move(forward=True)

    def undo(self) -> None:
        self._move(forward=False)

    def _move(self, forward: bool) -> None:
        model = self._model()
        assert model is not None  # the stack, and so this command, dies with the model
        model._move(self.event, forward=forward)


class GameModel(QObject):
    """One table: a `Game`, its undo stack and its pending taps. Several can live at once."""

    changed = Signal(object)
    """The game's state changed (carries a `TableChange`): an event, an undo, a redo."""
    pending_changed = Signal()
    """The pending (not yet committed) amounts changed."""
    partners_changed = Signal(int)
    """A player was marked as having partner commanders, or not (carries the player)."""
    message = Signal(str)
    """Words for the person at the table: a refused action, or what an event did not do."""

    def __init__(
        self,
        setup: GameSetup,
        idle_ms: int = DEFAULT_IDLE_MS,
        parent: QObject | None = None,
        *,
        journal: Journal | None = None,
        game_id: int | None = None,
        started: float | None = None,
        read_only: bool = False,
    ) -> None:
        super().__init__(parent)
        self.itself = weakref.ref(self)
        """This model, weakly: what its undo commands hold (see `_EventCommand`)."""
        self.setup = setup
        self.game = setup.new_game()
        self.undo_stack = QUndoStack(self)
        self.journal = journal
        """Where every event is saved before it shows; None when games are not being saved."""
        self.game_id = game_id
        self.clock: Callable[[], float] = time.time
        """Where the times of its events come from: the computer's clock, or at an event's
        table the desk's (one time for the round clock and the games)."""
        self.started = started
        """When the journal's game began: with `game_id`, a name no later game takes (a
        journal started again numbers its games from 1 again)."""
        self.follow: Follow | None = None
        """Who hosts the table (an event's desk): what a step means beyond it, written in the
        step's own transaction (`FollowUp`). None at a kitchen table."""
        self.opening: str | None = None
        """Who goes first and why, where no die was rolled at the table (a desk table, MTR
        2.2): shown instead of the die roll until the first event."""
        self.round_note: Callable[[], str] | None = None
        """Where the table's round stands, from who hosts it (an event's desk: time called,
        which additional turn, sudden death; MTR 2.4), shown on the banner with whose turn it
        is. None at a kitchen table."""
        self.dice: Callable[[int], int] = roll
        """Where dice and coins come from (`roll`; tests give a fixed one): 1 to the sides."""
        self.read_only = read_only
        self.read_only_reason = READ_ONLY
        """Why the game can't be changed, when it is read-only."""
        self.seq = 0
        """How many of the game's journal events this model holds (apply, undo and redo):
        another device's steps at the table come after it (`catch_up`)."""
        self._elsewhere: str | None = None  # who plays the game at another device, in words
        self._finished = False  # what the journal says: is this game over?
        self._pending: dict[int, list[int]] = {}  # player -> [life, poison]
        # (player, source, commander) -> combat damage from that commander, not yet committed
        self._pending_commander: dict[tuple[int, int, int], int] = {}
        self._partners: set[int] = set()
        self._mutating = False
        self._idle = QTimer(self)
        self._idle.setSingleShot(True)
        self._idle.setInterval(idle_ms)
        self._idle.timeout.connect(self.commit)
        self._unreplayed: GameRow | None = None  # a fast resume's game, until it is replayed
        self._reader: Journal | None = journal  # where that game's events are read from
        # The undo stack's texts are words (tablelife.rules.words): made again in a new language.
        language().changed.connect(self._retranslate)

    def _retranslate(self) -> None:
        names, teams = self.game.names, self.setup.team_names
        for i in range(self.undo_stack.count()):
            command = self.undo_stack.command(i)
            if isinstance(command, _EventCommand):
                command.setText(describe_event(command.event, names, teams=teams))

    def read_only_words(self) -> str:
        """Why the game can't be changed, in the reader's language."""
        return translate("GameModel", self.read_only_reason)

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
        model = cls._of_row(row, idle_ms, journal, read_only)
        model._install(replay(row, events))
        model.seq = events[-1].seq if events else 0
        if journal is not None and not read_only:
            # A game that ended just before a crash, before its result was written, gets it
            # now, whoever reads it back (the kitchen's resume, the desk's tables).
            model.sync_result()
        return model

    @classmethod
    def _of_row(
        cls,
        row: GameRow,
        idle_ms: int,
        journal: Journal | None,
        read_only: bool,
        reader: Journal | None = None,
    ) -> GameModel:
        """A model for the journal's game `row` (saving to `journal`, if any; read from
        `reader`, else `journal`), not yet holding its state."""
        model = cls(
            row.setup,
            idle_ms,
            journal=journal,
            game_id=row.id,
            started=row.started,
            read_only=read_only,
        )
        model._finished = row.finished
        source = reader or journal
        if source is not None:
            model._partners.update(source.partner_marks(row.id))  # kept with the game
        return model

    @classmethod
    def resume(
        cls,
        row: GameRow,
        journal: Journal,
        idle_ms: int = DEFAULT_IDLE_MS,
        read_only: bool = False,
    ) -> GameModel:
        """A game as the journal has it, shown at once from the state stored with its last
        event; its events are replayed REPLAY_AFTER_MS later (or at its first change, undo or
        redo, whichever comes first) and the replay always wins (`ensure_replayed`). Without
        a stored state, it is `restore`. Raises BadDataError or JournalError as `restore`."""
        seq, raw = journal.last_after(row.id)
        state = load_state(raw, row.setup) if seq else None
        writer = None if read_only else journal
        if state is None:
            return cls.restore(row, journal.events(row.id), writer, idle_ms, read_only)
        model = cls._of_row(row, idle_ms, writer, read_only, reader=journal)
        model.game.initial = state  # no history yet: the replay brings it
        model.seq = seq
        model._note_partners()
        model._unreplayed = row
        model._reader = journal
        timer = QTimer(model)
        timer.setSingleShot(True)
        timer.timeout.connect(model.ensure_replayed)
        timer.start(REPLAY_AFTER_MS)
        # The result is written from the replayed game (`ensure_replayed`), never from the
        # stored state: that is not covered by the checksum chain.
        return model

    @property
    def replayed(self) -> bool:
        """False while a fast-resumed game shows its stored state and awaits its replay."""
        return self._unreplayed is None

    def ensure_replayed(self) -> None:
        """Replays a fast-resumed game's events now, if not yet done: the undo stack and the
        history come back, and the replayed state replaces the stored one (a reset `changed`).
        If the journal's events can't be replayed, the game stays read-only and says why."""
        row, reader = self._unreplayed, self._reader
        if row is None or reader is None or reader.closed:
            return  # (a journal closed first: the window is gone, nothing is shown)
        self._unreplayed = None
        try:
            loaded = reader.load(row.id)
            # A broken chain (the file changed outside Tablelife): what came before the break,
            # read-only, as a full restore shows it, never the stored state after it.
            events, untrusted = trusted_part(loaded)
            game = replay(row, events)
            self.seq = events[-1].seq if events else 0
        except (BadDataError, JournalError) as exc:
            self.read_only = True
            self.read_only_reason = arg(self.tr("The last game could not be brought back: %1"), exc)
            self.message.emit(self.read_only_words())
            return
        if untrusted is not None:
            self.read_only = True
            self.read_only_reason = untrusted
            self._reader = None
        self._install(game)
        self.changed.emit(self.reset_change())
        if untrusted is not None:
            self.message.emit(self.read_only_words())
        else:
            self.sync_result()  # (a read-only game writes nothing)

    def _install(self, game: Game) -> None:
        """Makes `game` this table's game, and derives the undo stack from it: rewind it, push
        every event (each push steps the game forward by that event), then undo the ones that
        were undone."""
        position = game.position
        while game.undo():
            pass
        self.undo_stack.clear()
        self.game = game
        self._mutating = True
        try:
            while (event := game.next_redo) is not None:
                self.undo_stack.push(_EventCommand(self, event))
            for _ in range(self.undo_stack.count() - position):
                self.undo_stack.undo()
        finally:
            self._mutating = False
        assert game.position == position == self.undo_stack.index()
        self._note_partners()

    # ----- pending taps ------------------------------------------------------------------

    @property
    def idle_ms(self) -> int:
        """How long after the last tap pending amounts commit by themselves."""
        return self._idle.interval()

    def set_idle_ms(self, ms: int) -> None:
        """Sets the idle time before pending amounts commit."""
        self._idle.setInterval(max(0, ms))

    @property
    def commit_scheduled(self) -> bool:
        """True while the idle timer runs: pending taps will commit by themselves."""
        return self._idle.isActive()

    def stage_life(self, player: int, delta: int) -> bool:
        """Adds a tap of `delta` life for `player` to what is pending."""
        return self._stage(player, 0, delta)

    def stage_poison(self, player: int, delta: int) -> bool:
        """Adds a tap of `delta` poison counters for `player` to what is pending."""
        return self._stage(player, 1, delta)

    def _stage(self, player: int, slot: int, delta: int) -> bool:
        refusal = self._refusal(player)
        if not refusal:
            # Refused at the tap that would show a total past the typo limit, as the event it
            # would make is (`Game.check_totals`): the pending amount never shows one.
            refusal = self._limit_refusal(player, delta if slot == 0 else 0, delta if slot else 0)
        if not refusal and slot == 1 and delta < 0:
            # CR 122: counters that aren't there can't be removed. The event applies a team's
            # changes seat by seat, so a teammate's pending addition doesn't cover a removal:
            # only the counters there and the removals already pending count.
            team = self.game.team_of(player)
            after = {p: self.pending(p)[1] for p in self.game.players_of(team)}
            after[player] += delta
            if self.game.poison(team) + sum(min(0, n) for n in after.values()) < 0:
                refusal = arg(
                    self.tr("%1 have no poison counters to remove.")  # a team: plural verb
                    if self.game.variant.team_game
                    else self.tr("%1 has no poison counters to remove."),
                    self.game.team_name(team),
                )
        if refusal:
            self.message.emit(refusal)
            return False
        amounts = self._pending.setdefault(player, [0, 0])
        amounts[slot] += delta
        self._idle.start()  # (re)starts: the idle time counts from the last tap
        self.pending_changed.emit()
        return True

    def _limit_refusal(self, player: int, life: int, poison: int) -> str:
        """Why a tap of `life` and `poison` for `player` would take their team's total, with
        what is pending, past the typo limit (`Game.total_refusal`); "" when it wouldn't."""
        game = self.game
        team = game.team_of(player)
        pending_life, pending_poison = self.pending_team(team)
        now = game.life(team) + pending_life
        refusal = game.total_refusal(team, now, now + life) if life else ""
        if not refusal and poison:
            now = game.poison(team) + pending_poison
            refusal = game.total_refusal(team, now, now + poison, poison=True)
        return refusal

    def explain(self, player: int) -> bool:
        """Says (as a `message`) why `player`'s total can't be changed now, if it can't: the
        game is read-only or over, or their team has left it. True if something was said."""
        refusal = self._refusal(player)
        if refusal:
            self.message.emit(refusal)
        return bool(refusal)

    def _refusal(self, player: int) -> str:
        game = self.game
        if self.read_only:
            return self.read_only_words()
        if game.over:
            return self.tr("The game is over: undo its last event to change it.")
        if not 0 <= player < game.variant.players:
            return arg(self.tr("There is no player %1."), player + 1)
        if game.status(game.team_of(player)) != "playing":
            return arg(self.tr("%1 has left the game."), game.names[player])
        return ""

    def stage_commander(self, player: int, source: int, delta: int, commander: int = 0) -> bool:
        """Adds a tap of `delta` combat damage to `player` from `source`'s commander (or from
        their partner, `commander=1`, once `source` is marked as playing partners) to what is
        pending (CR 903.10a). It commits with the other pending taps as one event; a pending
        amount never goes below 0."""
        game = self.game
        refusal = self._refusal(player)
        if not refusal and not game.variant.commander:
            refusal = self.tr("This game is not played with commanders.")
        elif not refusal and not 0 <= source < game.variant.players:
            refusal = arg(self.tr("There is no player %1."), source + 1)
        elif not refusal and game.team_of(source) == game.team_of(player):
            refusal = self.tr("A commander's damage to its own player is not tracked.")
        elif not refusal and game.status(game.team_of(source)) != "playing":
            refusal = arg(
                self.tr("%1 has left the game, and their commander with them."),
                game.names[source],
            )
        elif not refusal and delta > 0 and (limit := self._limit_refusal(player, -delta, 0)):
            refusal = limit  # commander damage is damage: it lowers life too
        elif not refusal and commander == 1 and not self.has_partners(source):
            # A slip from Ctrl to Alt would count a commander's damage apart, out of sight.
            refusal = arg(
                self.tr(
                    "%1 plays one commander. For a partner's damage, choose \u201c%2\u201d in "
                    "%1's menu first."
                ),
                game.names[source],
                translate("TableView", "Plays two partner commanders"),  # the menu's words
            )
        if refusal:
            self.message.emit(refusal)
            return False
        key = (player, source, commander)
        amount = self._pending_commander.get(key, 0) + delta
        if amount < 0:
            return False  # nothing pending to take back: committed damage stays
        self._pending_commander[key] = amount
        self._idle.start()
        self.pending_changed.emit()
        return True

    def pending_commander(self, player: int, source: int, commander: int = 0) -> int:
        """Pending combat damage to `player` from `source`'s commander (or partner)."""
        return self._pending_commander.get((player, source, commander), 0)

    def has_partners(self, player: int) -> bool:
        """True when `player` plays two partner commanders: two counters per opponent. Marked
        by hand (`set_partners`), or by the game once their second commander deals damage; a
        mark the game made stays through an undo, so no counter comes and goes with it."""
        return player in self._partners

    @property
    def marked_partners(self) -> frozenset[int]:
        """The players who play partner commanders (`has_partners`)."""
        return frozenset(self._partners)

    def set_partners(self, player: int, on: bool) -> bool:
        """Marks a player as having partner commanders (or not); a way of showing the game,
        not an event of it, kept with the game in the journal. The mark can't be taken off
        while their second commander's damage stands in the game (its counters would go with
        it); taking it off drops what is pending from that commander. Returns False, with a
        message, when refused or not saved."""
        if on == (player in self._partners):
            return True
        if not on and any(
            s == player and c == 1 for _p, s, c, _a in self.game.state.commander_damage
        ):
            self.message.emit(
                arg(
                    self.tr(
                        "%1\u2019s second commander has dealt damage in this game: its "
                        "counters stay. Undo that damage first."
                    ),
                    self.game.names[player],
                )
            )
            return False
        if self.journal is not None and self.game_id is not None and not self.read_only:
            try:
                mark_partners(self.journal, self.game_id, player, on)
            except JournalError as exc:
                self.message.emit(arg(self.tr("Not saved, so not done: %1"), exc))
                return False
        if on:
            self._partners.add(player)
        else:
            self._partners.discard(player)
            pending = {k: v for k, v in self._pending_commander.items() if k[1:] != (player, 1)}
            if pending != self._pending_commander:
                self._pending_commander = pending
                self.pending_changed.emit()
        self.partners_changed.emit(player)
        return True

    def _note_partners(self) -> None:
        """Marks the players whose second commander has dealt damage in the game's state."""
        for _p, source, commander, _a in self.game.state.commander_damage:
            if commander == 1 and source not in self._partners:
                self._partners.add(source)
                self.partners_changed.emit(source)

    def pending(self, player: int) -> tuple[int, int]:
        """The pending (life, poison) amounts of one player."""
        life, poison = self._pending.get(player, (0, 0))
        return life, poison

    def pending_team(self, team: int) -> tuple[int, int]:
        """The pending (life, poison) amounts of a whole team: what its total will move by."""
        players = self.game.players_of(team)
        amounts = [self.pending(p) for p in players]
        # Commander damage is damage: it moves the total too.
        commander = sum(n for (p, _s, _c), n in self._pending_commander.items() if p in players)
        return sum(a[0] for a in amounts) - commander, sum(a[1] for a in amounts)

    @property
    def has_pending(self) -> bool:
        """True while any tap waits to be committed."""
        return any(any(a) for a in self._pending.values()) or any(self._pending_commander.values())

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
        for (player, source, commander), amount in sorted(self._pending_commander.items()):
            if amount:
                changes.append(CommanderDamage(player, source, amount, commander))
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
        if self._pending or self._pending_commander:
            self._pending.clear()
            self._pending_commander.clear()
            self.pending_changed.emit()

    # ----- whole events ------------------------------------------------------------------

    def submit(self, *changes: Change) -> bool:
        """Applies changes from a menu as one event, after committing what is pending."""
        if self.has_pending and not self.commit():
            return False
        return self._apply(list(changes))

    def pass_turn(self) -> bool:
        """Passes the turn to the next team (or player) still playing. Before the first event
        that is a turn too (a first turn where nothing happened); the status bar says how to
        choose who starts instead."""
        first = self.follow is None and self.before_first_event and not self.read_only
        if not self.submit(PassTurn()):
            return False
        if first:
            self.message.emit(
                self.tr(
                    "The first turn is over. To choose who starts instead, undo it (Ctrl+Z), "
                    "then press S."
                )
            )
        return True

    def _apply(self, changes: list[Change]) -> bool:
        self.ensure_replayed()
        if self.read_only:
            self.message.emit(self.read_only_words())
            return False
        try:
            event = self.game.preview(*changes, when=self.clock())
            self.game.check_totals(event)  # the typo limit on totals, for taps too (issue 26)
        except RuleError as exc:
            self.message.emit(str(exc))
            return False
        if not self._mutate("apply", event):
            return False
        for note in event.notes:  # kept in English in the event (and its export)
            self.message.emit(note_text(note))
        return True

    def undo(self) -> bool:
        """Undoes: first whatever is pending, else the last event."""
        if self.has_pending:
            self.drop_pending()
            self.message.emit(self.tr("Dropped the pending taps."))
            return True
        self.ensure_replayed()
        if self.read_only:
            self.message.emit(self.read_only_words())
            return False
        if not self.undo_stack.canUndo():
            return False
        text = self.undo_stack.undoText()
        if not self._mutate("undo"):
            return False
        self.message.emit(stepped(False, text))
        return True

    def redo(self) -> bool:
        """Redoes the last undone event; not over pending taps, which it would throw away."""
        self.ensure_replayed()
        if self.read_only:
            self.message.emit(self.read_only_words())
            return False
        if not self.undo_stack.canRedo():
            return False
        if self.has_pending:
            self.message.emit(
                self.tr("Resolve (Enter) or drop (Esc) the pending taps before redoing.")
            )
            return False
        text = self.undo_stack.redoText()
        if not self._mutate("redo"):
            return False
        self.message.emit(stepped(True, text))
        return True

    # ----- who starts, dice, designations and counters -----------------------------------

    @property
    def before_first_event(self) -> bool:
        """True while who starts can still be chosen: nothing but start choices and dice so
        far (CR 103.1), and the game read back (a fast resume shows a stored state first)."""
        return self.replayed and not self.game.begun and not self.game.over

    def start_refusal(self) -> str:
        """Why who starts can't be chosen now, in words; "" when it can."""
        if self.follow is not None:
            return self.tr(
                "At an event the tournament rules decide who goes first (MTR 2.2): the desk "
                "changes play or draw."
            )
        if self.read_only:
            return self.read_only_words()
        self.ensure_replayed()
        if self.game.over or self.game.begun:
            return self.tr(
                "The game has begun: who starts can't change now (CR 103.1). Undo back to the "
                "start to choose again."
            )
        return ""

    def choose_start(self, team: int) -> bool:
        """Before the first event, `team` takes the first turn instead (CR 103.1): a start
        choice, journaled, not a turn. In a match the team that chooses stays the one that
        chose (the loser of the last game, CR 103.1). Pending taps stay pending."""
        refusal = self.start_refusal()
        if not refusal and not 0 <= team < self.game.variant.teams:
            refusal = arg(self.tr("There is no team %1."), team + 1)
        if refusal:
            self.message.emit(refusal)
            return False
        if team == self.game.active:
            return True
        chooser = self.game.chooser
        return self._apply([StartingTeam(team, -1 if chooser is None else chooser)])

    def roll_for_first(self) -> bool:
        """Before the first event, every team (in free-for-all, every player) rolls a d20;
        those tied at the top roll again, and the highest starts (CR 103.1)."""
        refusal = self.start_refusal()
        if refusal:
            self.message.emit(refusal)
            return False
        teams = [t for t in range(self.game.variant.teams) if self.game.status(t) == "playing"]
        try:
            changes = roll_for_first(teams, self.dice)
        except RuleError as exc:
            self.message.emit(str(exc))
            return False
        return self._apply(list(changes))

    def roll_die(self, sides: int) -> bool:
        """Rolls a d6 or a d20 for the table (CR 706), kept in the history. Pending taps stay
        pending: a roll moves no total."""
        if sides not in DIE_SIDES:
            raise ValueError(f"no d{sides}")
        return self._apply([RollDie(sides, self.dice(sides))])

    def flip_coin(self) -> bool:
        """Flips a coin for the table (CR 705), kept in the history."""
        return self._apply([FlipCoin(heads=self.dice(2) == 1)])

    def become_monarch(self, player: int) -> bool:
        """`player` becomes the monarch (CR 724.3): whoever was, no longer is."""
        if self.game.monarch == player:
            return True
        return self._mark(player, BecomeMonarch(player))

    def take_initiative(self, player: int) -> bool:
        """`player` takes the initiative (CR 725.3)."""
        if self.game.initiative == player:
            return True
        return self._mark(player, TakeInitiative(player))

    def cast_commander(self, player: int, commander: int = 0, times: int = 1) -> bool:
        """`player` casts their commander (1: their second, a partner) from the command zone
        once more, or `times` -1 takes a cast back: the tax is {2} a cast (CR 903.8)."""
        if commander == 1 and not self.has_partners(player) and 0 <= player < len(self.game.names):
            self.message.emit(
                arg(
                    self.tr(
                        "%1 plays one commander. For a partner, choose \u201c%2\u201d in %1's "
                        "menu first."
                    ),
                    self.game.names[player],
                    translate("TableView", "Plays two partner commanders"),
                )
            )
            return False
        return self._mark(player, CastCommander(player, commander, times))

    def add_counters(self, player: int, kind: str, amount: int) -> bool:
        """Puts `amount` counters of `kind` (`COUNTER_KINDS`) on `player`, or removes them
        when it is negative (CR 122.1)."""
        if kind not in COUNTER_KINDS:
            raise ValueError(f"no {kind} counters")
        return self._mark(player, PlayerCounters(player, kind, amount))

    def count_spells(self, amount: int = 1) -> bool:
        """`amount` more spells cast this turn for the storm count (CR 702.40a), or fewer."""
        return self.submit(Storm(amount))

    def turn_day(self) -> bool:
        """It becomes day, or night when it is day (CR 502.2, 702.145)."""
        return self.submit(DayNight(day=self.game.day != "day"))

    def _mark(self, player: int, change: Change) -> bool:
        refusal = self._refusal(player)
        if refusal:
            self.message.emit(refusal)
            return False
        return self.submit(change)

    # ----- the one mutation path ---------------------------------------------------------

    def _mutate(self, kind: Literal["apply", "undo", "redo"], event: Event | None = None) -> bool:
        """THE way a table changes: journal first, then the state, then one `changed`.

        If the journal can't save it, nothing changes and the message says why.
        """
        game = self.game
        before = game.state
        changes = event.changes if event is not None else ()
        when = event.time if event is not None else self.clock()
        if event is not None:
            after = event.after
        elif kind == "undo":
            after = game.last_event.before if game.last_event is not None else before
        else:
            after = game.next_redo.after if game.next_redo is not None else before
        follow = self.follow(kind, before, after) if self.follow is not None else None
        written = self._save(kind, changes, when, after, follow)  # on disk before it shows
        if written is _NOT_SAVED:
            return False
        self._mutating = True
        try:
            if kind == "apply":
                assert event is not None
                self.undo_stack.push(_EventCommand(self, event))
            elif kind == "undo":
                event = self.game.last_event
                self.undo_stack.undo()
            else:
                event = self.game.next_redo
                self.undo_stack.redo()
        finally:
            self._mutating = False
        if kind != "apply":
            self.drop_pending()
        if self.journal is not None and self.game_id is not None:
            self._finished = after.over  # written with the event
        game = self.game
        self._note_partners()
        self.changed.emit(TableChange.between(kind, before, game.state, game.position, event))
        if follow is not None:
            follow.then(written)
        return True

    def _move(self, event: Event, forward: bool) -> None:
        """Called by undo commands only, inside `_mutate`: the game steps by `event`."""
        assert self._mutating, "a table changes only through GameModel._mutate"
        game = self.game
        if not forward:
            assert game.last_event is event, "the undo stack and the game are out of step"
            game.undo()
        elif game.next_redo is event:
            game.redo()
        else:
            game.record(event)

    def _save(
        self,
        kind: EventKind,
        changes: Sequence[Change],
        when: float,
        after: State,
        follow: FollowUp | None,
    ) -> object:
        """Writes one step in ONE transaction: its event, the game's end (or its end taken
        back), and what the step means beyond the table (`follow`); returns what `follow`
        wrote, or `_NOT_SAVED` (nothing written, the message says why)."""
        journal, game_id = self.journal, self.game_id
        if journal is None or game_id is None:
            return None
        try:
            written = save_step(
                journal,
                game_id,
                kind,
                changes,
                when,
                after,
                was_over=self._finished,
                beyond=None if follow is None else follow.write,
            )
        except JournalError as exc:
            self.message.emit(arg(self.tr("Not saved, so not done: %1"), exc))
            return _NOT_SAVED
        self.seq += 1
        return written

    # ----- several devices ----------------------------------------------------------------

    def catch_up(self) -> bool:
        """Another device's steps at this table: reads the game's events after the ones this
        model holds (`seq`), steps the game on by them (one reset `changed`). Taps pending
        here are dropped: the game they were meant for has moved. False when there was
        nothing new, or it couldn't be read (said; the game is read-only then)."""
        reader = self._reader or self.journal
        if reader is None or self.game_id is None or reader.closed:
            return False
        self.ensure_replayed()
        if self._unreplayed is not None or self.game_id is None:
            return False
        try:
            rows = reader.events_since(self.game_id, self.seq)
        except JournalError as exc:
            return self._unreadable(exc)
        if not rows:
            return False
        self.drop_pending()
        game = self.game
        try:
            advance(game, rows)
        except BadDataError as exc:
            self._install(game)  # as far as it got, its undo stack with it
            return self._unreadable(exc)
        self._install(game)
        self.seq = rows[-1].seq
        self._finished = game.over  # as the other device wrote it, with its event
        self.changed.emit(self.reset_change())
        return True

    def _unreadable(self, problem: Exception) -> bool:
        self.read_only = True
        self.read_only_reason = arg(
            self.tr("Another device's steps at this table could not be read: %1"), problem
        )
        self.changed.emit(self.reset_change())
        self.message.emit(self.read_only_words())
        return False

    @property
    def played_elsewhere(self) -> str | None:
        """Who plays this game at another device now (their login and computer), or None."""
        return self._elsewhere

    def hold_elsewhere(self, who: str | None, reason: str = "") -> None:
        """Another device plays this game now (`who`; `reason` says so in words): it is
        read-only here until that device lets go (`who` None), and shows its steps as they
        land (`catch_up`). Taps pending here are dropped. A game read-only for another reason
        (a login that may only read, a broken chain) stays so."""
        if who == self._elsewhere:
            return
        if who is not None:
            if self._elsewhere is None and self.read_only:
                return  # read-only already, for a reason of its own
            self.drop_pending()
            self.read_only = True
            self.read_only_reason = reason
        elif self._elsewhere is not None:
            self.read_only = False
            self.read_only_reason = READ_ONLY
        self._elsewhere = who
        self.changed.emit(self.reset_change())

    def sync_result(self) -> None:
        """Tells the journal when the game ends, or un-ends after an undo."""
        over = self.game.over
        if self.journal is None or self.game_id is None or over == self._finished:
            return
        if self.read_only:
            return
        try:
            if over:
                self.journal.finish(self.game_id, result_of(self.game.state))
            else:
                self.journal.reopen(self.game_id)
        except JournalError as exc:
            self.message.emit(arg(self.tr("The journal could not record the result: %1"), exc))
            return
        self._finished = over

    def abandon(self) -> None:
        """Marks an unfinished game as abandoned in the journal (a new game replaces it)."""
        if self.journal is None or self.game_id is None or self._finished or self.read_only:
            return
        try:
            self.journal.finish(self.game_id, result_of(self.game.state, abandoned=True))
        except JournalError as exc:
            self.message.emit(arg(self.tr("The journal could not close the old game: %1"), exc))
            return
        self._finished = True

    def event_time(self, index: int) -> float:
        """When the event at `index` was applied (seconds since the epoch); indexes past the
        history reach the undone events that can be redone."""
        history = self.game.history
        if index < len(history):
            return history[index].time
        return self.game.redo_events[index - len(history)].time

    def reset_change(self) -> TableChange:
        """A `TableChange` that tells views to redraw everything (a new or restored game)."""
        game = self.game
        return TableChange(
            kind="reset",
            teams=frozenset(range(game.variant.teams)),
            turn=True,
            statuses=True,
            over=game.over,
            history=game.position,
            event=None,
            marks=True,
        )
