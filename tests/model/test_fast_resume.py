"""A fast resume (the state stored with the last event, shown at once; the events replayed
later) always ends exactly where a full replay of the journal does."""

from __future__ import annotations

import json
import sqlite3
import tempfile
from pathlib import Path

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from tablelife.model.game_model import GameModel
from tablelife.model.session import Session
from tablelife.rules import Change, Damage, GainLife, PassTurn, Poison, TwoHeadedGiant
from tablelife.rules.setup import GameSetup
from tablelife.store import FILE_NAME, Journal, replay
from tablelife.store.resume import dump_state, load_state

SETUP = GameSetup(TwoHeadedGiant(), ("Ann", "Bob", "Cat", "Dan"))


def _full(journal: Journal, model: GameModel) -> tuple[object, ...]:
    """What a full replay of the journal gives: state, history and redo events."""
    assert model.game_id is not None
    game = replay(journal.game(model.game_id), journal.events(model.game_id))
    return game.state, game.history, game.redo_events


def _play(model: GameModel, steps: list[tuple[str, int, int]]) -> None:
    for what, player, amount in steps:
        if what == "undo":
            model.undo()
        elif what == "redo":
            model.redo()
        else:
            change: Change = {
                "damage": Damage(player, amount),
                "gain": GainLife(player, amount),
                "poison": Poison(player, amount),
                "pass": PassTurn(),
            }[what]
            model.submit(change)


def _check(folder: Path, steps: list[tuple[str, int, int]]) -> None:
    session = Session(folder)
    model = session.new_game(SETUP, idle_ms=60_000)
    _play(model, steps)
    played = model.game.state, model.game.history, model.game.redo_events
    session.close()

    session = Session(folder)
    assert session.journal is not None
    resumed = session.resume(60_000, fast=True)
    if model.game.over or not steps:
        session.close()
        return
    assert resumed is not None
    full = _full(session.journal, resumed)
    assert full == played
    assert resumed.game.state == full[0]  # shown at once, before any replay
    resumed.ensure_replayed()
    assert resumed.replayed
    assert (resumed.game.state, resumed.game.history, resumed.game.redo_events) == full
    assert resumed.undo_stack.index() == resumed.game.position
    assert resumed.undo_stack.count() == len(full[1]) + len(full[2])
    session.close()


def test_a_resumed_game_shows_the_stored_state_then_replays_to_the_same_game(
    qapp: QApplication, tmp_path: Path
) -> None:
    steps = [("damage", 0, 3), ("gain", 2, 2), ("pass", 0, 0), ("poison", 1, 4), ("undo", 0, 0)]
    _check(tmp_path / "data", steps)


def test_the_first_undo_after_a_fast_resume_replays_first(
    qapp: QApplication, tmp_path: Path
) -> None:
    session = Session(tmp_path / "data")
    model = session.new_game(SETUP, idle_ms=60_000)
    _play(model, [("damage", 0, 3), ("damage", 1, 2)])
    session.close()
    session = Session(tmp_path / "data")
    resumed = session.resume(60_000, fast=True)
    assert resumed is not None and not resumed.replayed
    assert resumed.undo()  # no waiting for the replay: undo brings it at once
    assert resumed.replayed and resumed.game.life(0) == 27 and resumed.game.position == 1
    assert resumed.redo() and resumed.game.life(0) == 25
    session.close()


def test_the_replay_comes_by_itself_after_the_start(
    qapp: QApplication, qtbot: QtBot, tmp_path: Path
) -> None:
    session = Session(tmp_path / "data")
    model = session.new_game(SETUP, idle_ms=60_000)
    _play(model, [("damage", 0, 3)])
    session.close()
    session = Session(tmp_path / "data")
    resumed = session.resume(60_000, fast=True)
    assert resumed is not None
    with qtbot.waitSignal(resumed.changed):
        pass
    assert resumed.replayed and len(resumed.game.history) == 1
    session.close()


def test_a_stored_state_that_does_not_read_is_none() -> None:
    state = SETUP.new_game().state
    assert load_state(dump_state(state), SETUP) == state
    assert load_state(dump_state(state).encode(), SETUP) == state
    for bad in (None, 3, "", "{", "[]", '{"teams": []}', b"\xff", '{"active": 0}'):
        assert load_state(bad, SETUP) is None


_STEP = st.tuples(
    st.sampled_from(["damage", "gain", "poison", "pass", "undo", "redo"]),
    st.integers(0, 3),
    st.integers(0, 6),
)


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(steps=st.lists(_STEP, max_size=25))
def test_fast_resume_equals_a_full_replay(
    qapp: QApplication, steps: list[tuple[str, int, int]]
) -> None:
    with tempfile.TemporaryDirectory() as tmp:
        _check(Path(tmp) / "data", steps)


def _forge_last_after(folder: Path, game_id: int) -> None:
    """Rewrites the stored state after a game's last event to say team 1 won: the one column
    the checksum chain doesn't cover, changed behind Tablelife's back."""
    conn = sqlite3.connect(folder / FILE_NAME)
    (raw,) = conn.execute(
        "SELECT after FROM events WHERE game_id = ? ORDER BY seq DESC LIMIT 1", (game_id,)
    ).fetchone()
    after = json.loads(raw)
    after["teams"][0].update(life=0, status="lost", reason="life 0 or less", rule="810.8c")
    after["teams"][1].update(status="won", reason="last one standing", rule="104.2a")
    triggers = conn.execute("SELECT name, sql FROM sqlite_schema WHERE type = 'trigger'").fetchall()
    for name, _sql in triggers:
        conn.execute(f"DROP TRIGGER {name}")
    conn.execute(
        "UPDATE events SET after = ? WHERE game_id = ? AND seq = 1", (json.dumps(after), game_id)
    )
    for _name, sql in triggers:
        conn.execute(sql)
    conn.commit()
    conn.close()


def test_a_forged_stored_state_never_becomes_the_games_result(qtbot: QtBot, tmp_path: Path) -> None:
    """The stored state shows a resumed game at once, but only the replayed game decides the
    result that the journal keeps."""
    folder = tmp_path / "data"
    session = Session(folder)
    model = session.new_game(GameSetup(TwoHeadedGiant()))
    assert model.submit(Damage(0, 3))
    game_id = model.game_id
    assert game_id is not None
    session.close()
    _forge_last_after(folder, game_id)

    again = Session(folder)
    try:
        assert again.journal is not None
        resumed = again.resume(60_000, fast=True)
        assert resumed is not None  # the forged "over" didn't finish it
        assert again.journal.game(game_id).result is None
        resumed.ensure_replayed()
        assert not resumed.game.over and resumed.game.life(0) == 27
        assert again.journal.game(game_id).result is None and not resumed.read_only
    finally:
        again.close()
