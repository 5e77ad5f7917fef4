"""GameModel: pending taps, one event per commit, undo, refusals — checked by their numbers."""

from __future__ import annotations

import pytest
from pytestqt.qtbot import QtBot

from tablelife.model.game_model import GameModel
from tablelife.rules import (
    Concede,
    Damage,
    ExchangeLife,
    FreeForAll,
    GainLife,
    PayLife,
    Poison,
    TwoHeadedGiant,
)
from tablelife.rules.setup import GameSetup


@pytest.fixture
def model(qtbot: QtBot) -> GameModel:
    return GameModel(GameSetup(TwoHeadedGiant(), names=("Ann", "Bob", "Cal", "Dee")), idle_ms=50)


def test_taps_merge_and_the_idle_timer_commits_them_as_one_event(
    qtbot: QtBot, model: GameModel
) -> None:
    with qtbot.waitSignal(model.changed, timeout=2000) as blocker:
        model.stage_life(0, -1)
        model.stage_life(0, -1)
        model.stage_life(1, -1)
        model.stage_poison(2, 1)
        assert model.pending(0) == (-2, 0)
        assert model.pending_team(0) == (-3, 0)
    change = blocker.args[0]
    assert change.kind == "apply" and change.teams == {0, 1} and change.history == 1
    event = change.event
    assert event.changes == (Damage(0, 2), Damage(1, 1), Poison(2, 1))
    assert len(model.game.history) == 1
    assert model.game.life(0) == 27
    assert model.game.poison(1) == 1
    assert not model.has_pending


def test_minus_five_then_plus_five_never_kills_at_five_life(model: GameModel) -> None:
    model.submit(Damage(0, 25))
    assert model.game.life(0) == 5
    model.stage_life(0, -5)
    model.stage_life(1, 5)
    model.commit()
    assert model.game.life(0) == 5
    assert model.game.status(0) == "playing"


def test_damage_to_both_teams_in_one_commit_is_a_draw(model: GameModel) -> None:
    model.stage_life(0, -30)
    model.stage_life(3, -30)
    assert model.commit()
    assert [model.game.status(t) for t in (0, 1)] == ["drawn", "drawn"]
    assert model.game.winners == ()


def test_undo_drops_pending_taps_before_any_event(qtbot: QtBot, model: GameModel) -> None:
    model.submit(Damage(0, 4))
    model.stage_life(0, -1)
    with qtbot.waitSignal(model.message) as blocker:
        model.undo()
    assert "pending" in blocker.args[0]
    assert model.game.life(0) == 26
    model.undo()
    assert model.game.life(0) == 30
    model.redo()
    assert model.game.life(0) == 26


def test_undo_and_redo_across_the_end_of_the_game(model: GameModel) -> None:
    model.submit(Concede(2))
    assert model.game.over and model.game.winners == (0,)
    assert model.undo_stack.undoText() == "Cal concedes"
    model.undo()
    assert not model.game.over
    assert model.game.status(1) == "playing"
    model.redo()
    assert model.game.winners == (0,)


def test_a_new_event_after_undo_drops_the_redo(model: GameModel) -> None:
    model.submit(Damage(0, 1))
    model.undo()
    model.submit(GainLife(0, 2))
    assert not model.undo_stack.canRedo()
    assert model.game.life(0) == 32
    assert model.undo_stack.count() == 1


def test_illegal_payment_is_refused_with_the_rule_and_nothing_changes(
    qtbot: QtBot, model: GameModel
) -> None:
    model.submit(Damage(0, 26))
    with qtbot.waitSignal(model.message) as blocker:
        assert not model.submit(PayLife(0, 3), PayLife(1, 2))
    assert "119.4" in blocker.args[0]
    assert model.game.life(0) == 4
    assert len(model.game.history) == 1


def test_exchange_with_a_teammate_is_refused(qtbot: QtBot, model: GameModel) -> None:
    with qtbot.waitSignal(model.message) as blocker:
        assert not model.submit(ExchangeLife(0, 1))
    assert "810.9e" in blocker.args[0]
    assert model.game.history == ()


def test_taps_for_a_player_who_left_are_refused(qtbot: QtBot) -> None:
    model = GameModel(GameSetup(FreeForAll(players=3)))
    model.submit(Concede(1))
    with qtbot.waitSignal(model.message) as blocker:
        assert not model.stage_life(1, -1)
    assert "left the game" in blocker.args[0]
    assert not model.has_pending


def test_taps_after_the_game_is_over_are_refused(model: GameModel) -> None:
    model.submit(Concede(0))
    assert not model.stage_life(2, -1)
    assert not model.has_pending


def test_a_menu_action_commits_pending_taps_first_as_their_own_event(model: GameModel) -> None:
    model.stage_life(0, -3)
    model.submit(GainLife(2, 1))
    assert [e.changes for e in model.game.history] == [(Damage(0, 3),), (GainLife(2, 1),)]


def test_commit_with_nothing_pending_makes_no_event(model: GameModel) -> None:
    model.stage_life(0, 1)
    model.stage_life(0, -1)
    assert not model.commit()
    assert model.game.history == ()


def test_one_mutation_path_one_changed_signal_that_says_what_changed(
    qtbot: QtBot, model: GameModel
) -> None:
    seen: list[object] = []
    model.changed.connect(seen.append)
    model.submit(Damage(2, 3))
    model.submit(Concede(0))
    assert model.undo()
    assert model.redo()
    kinds = [c.kind for c in seen]  # type: ignore[attr-defined]
    assert kinds == ["apply", "apply", "undo", "redo"]
    damage, concede, undo, redo = seen
    assert damage.teams == {1} and not damage.turn and not damage.over  # type: ignore[attr-defined]
    assert concede.statuses and concede.over and concede.teams == {0, 1}  # type: ignore[attr-defined]
    assert (undo.history, undo.over, undo.event) == (1, False, concede.event)  # type: ignore[attr-defined]
    assert (redo.history, redo.over) == (2, True)  # type: ignore[attr-defined]


def test_the_game_holds_the_one_undo_position_and_each_events_time(model: GameModel) -> None:
    model.submit(Damage(0, 1))
    model.submit(Damage(0, 2))
    model.undo()
    assert model.game.position == model.undo_stack.index() == 1
    times = [e.time for e in (*model.game.history, *model.game.redo_events)]
    assert all(t > 0 for t in times) and times == sorted(times)
    assert [model.event_time(i) for i in range(2)] == times


def test_a_stray_stack_undo_outside_the_model_fails_loudly(model: GameModel) -> None:
    """Only the model moves a table (it journals first): the stack can't be driven around it."""
    model.submit(Damage(0, 1))
    with pytest.raises(AssertionError, match=r"only through GameModel\._mutate"):
        model.undo_stack.undo()


def test_a_dropped_model_is_freed_without_the_collector(qtbot: QtBot) -> None:
    """Its undo commands hold it weakly: with a strong reference back, the model, its stack
    and its commands were a cycle only the collector freed, and freeing them that way
    segfaulted in QUndoStack::clear whenever a collection found one."""
    import gc
    import weakref

    gc.disable()
    try:
        model = GameModel(GameSetup(TwoHeadedGiant()))
        for _ in range(10):
            model.submit(Damage(0, 1))
        model.undo()
        model.redo()
        gone = weakref.ref(model)
        del model
        assert gone() is None
    finally:
        gc.enable()


def test_a_poison_counter_is_removed_only_when_there_is_one(model: GameModel) -> None:
    """CR 122: counters that aren't there can't be removed. A ☠− tap below the team's
    counters (pending taps counted) is refused in words and stages nothing, so no event
    claims to remove what was never there."""
    said: list[str] = []
    model.message.connect(said.append)
    assert not model.stage_poison(0, -1)
    assert model.pending(0) == (0, 0) and said[-1].endswith("no poison counters to remove.")
    assert model.stage_poison(1, 1)  # Bob, on the same team: his own tap back is fine
    assert model.stage_poison(1, -1)
    assert not model.stage_poison(0, -1)
    assert model.pending_team(0) == (0, 0)
    model.drop_pending()
    # Bob's coming counter doesn't cover Ann's removal: the event applies Ann's first.
    assert model.stage_poison(1, 1) and not model.stage_poison(0, -1)
