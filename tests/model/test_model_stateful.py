"""Random play on a `GameModel` with a real journal, closed and reopened at random.

Taps, commits, drops, menu events (set life, concede...), undo and redo, and "restart": the
journal is closed and a new `Session` restores the game from disk. After every step, a model
restored from the journal equals the live one: state, history, undo and redo texts, and the
time of every event. The undo stack and the game never disagree about the position.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, precondition, rule
from PySide6.QtWidgets import QApplication

from tablelife.model.game_model import GameModel
from tablelife.model.session import Session
from tablelife.rules import (
    Concede,
    Effect,
    ExchangeLife,
    PassTurn,
    PayLife,
    SetLife,
    TwoHeadedGiant,
)
from tablelife.rules.setup import GameSetup


def _undo_texts(model: GameModel) -> tuple[int, int, list[str]]:
    stack = model.undo_stack
    return stack.count(), stack.index(), [stack.text(i) for i in range(stack.count())]


def _times(model: GameModel) -> list[float]:
    game = model.game
    return [e.time for e in (*game.history, *game.redo_events)]


def snapshot(model: GameModel) -> dict[str, Any]:
    """Everything a restart must bring back."""
    game = model.game
    return {
        "state": game.state,
        "history": game.history,
        "redo": game.redo_events,
        "position": game.position,
        "undo": _undo_texts(model),
        "times": _times(model),
    }


class ModelMachine(RuleBasedStateMachine):
    """One table, journaled, played at random and restarted at random."""

    def __init__(self) -> None:
        super().__init__()
        assert QApplication.instance() is not None
        self._scratch = tempfile.TemporaryDirectory()
        self.folder = Path(self._scratch.name)
        self.session = Session(self.folder)
        setup = GameSetup(TwoHeadedGiant(), names=("Ann", "Bob", "Cal", "Dee"))
        self.model = self.session.new_game(setup, idle_ms=3_600_000)
        assert self.model.journal is not None

    def teardown(self) -> None:
        self.model.deleteLater()
        self.session.close()
        self._scratch.cleanup()

    players = st.integers(0, 3)

    @rule(player=players, life=st.integers(-7, 7), poison=st.integers(-1, 2))
    def tap(self, player: int, life: int, poison: int) -> None:
        if life:
            self.model.stage_life(player, life)
        if poison:
            self.model.stage_poison(player, poison)

    @rule()
    def commit(self) -> None:
        self.model.commit()

    @rule()
    def drop(self) -> None:
        self.model.drop_pending()

    @rule(player=players, total=st.integers(-5, 40))
    def set_life(self, player: int, total: int) -> None:
        self.model.submit(SetLife(player, max(total, 0)))

    @rule(player=players, amount=st.integers(0, 12))
    def pay(self, player: int, amount: int) -> None:
        self.model.submit(PayLife(player, amount))

    @rule(player=players, other=players)
    def exchange(self, player: int, other: int) -> None:
        self.model.submit(ExchangeLife(player, other))

    @rule(player=players, kind=st.sampled_from(["cant_lose", "cant_gain_life"]), on=st.booleans())
    def effect(self, player: int, kind: str, on: bool) -> None:
        self.model.submit(Effect(player, kind, on))

    @rule()
    def pass_turn(self) -> None:
        self.model.submit(PassTurn())

    @precondition(lambda self: not self.model.game.over)
    @rule(player=players)
    def concede(self, player: int) -> None:
        self.model.submit(Concede(player))

    @rule()
    def undo(self) -> None:
        self.model.undo()

    @rule()
    def redo(self) -> None:
        self.model.redo()

    @rule()
    def restart(self) -> None:
        """Close and reopen: what was pending is lost (it was never an event); all else stays."""
        self.model.drop_pending()
        before = snapshot(self.model)
        game_id = self.model.game_id
        self.model.deleteLater()
        self.session.close()
        self.session = Session(self.folder)
        resumed = self.session.resume(idle_ms=3_600_000)
        if before["state"].over:
            # A finished game is not resumed; it is read back as it was.
            assert resumed is None
            assert self.session.journal is not None
            row = self.session.journal.game(game_id)  # type: ignore[arg-type]
            resumed = GameModel.restore(
                row, self.session.journal.events(row.id), self.session.journal, 3_600_000
            )
        assert resumed is not None and resumed.game_id == game_id
        self.model = resumed
        assert snapshot(self.model) == before

    @invariant()
    def the_stack_and_the_game_agree(self) -> None:
        model = self.model
        assert model.undo_stack.index() == model.game.position
        assert model.undo_stack.count() == model.game.position + len(model.game.redo_events)

    @invariant()
    def the_journal_restores_exactly_what_is_shown(self) -> None:
        journal = self.session.journal
        assert journal is not None and self.model.game_id is not None
        row = journal.game(self.model.game_id)
        restored = GameModel.restore(row, journal.events(row.id), None, read_only=True)
        try:
            assert snapshot(restored) == snapshot(self.model)
            assert row.finished == self.model.game.over
        finally:
            restored.deleteLater()


SETTINGS = settings(
    derandomize=os.environ.get("CI") == "true",
    max_examples=int(os.environ.get("HYPOTHESIS_EXAMPLES", "25")),
    stateful_step_count=25,
    deadline=None,
    suppress_health_check=[HealthCheck.too_slow, HealthCheck.function_scoped_fixture],
)


@pytest.mark.usefixtures("qapp")
class TestModelJournalRestore(ModelMachine.TestCase):  # type: ignore[misc, valid-type]
    """The machine above, run by pytest with a QApplication."""

    settings = SETTINGS
