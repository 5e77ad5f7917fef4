"""Who goes first at a desk table (MTR 2.2), journaled with the game: before a match's first
game a random method picks the team that chooses to play or draw; in the top cut the better
Swiss standing chooses; after a game its loser chooses, after a drawn one whoever chose last.
A desk table never rolls again: a restart shows the same start."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from tablelife.model.event_model import EventModel
from tablelife.model.session import Session
from tablelife.ops import event as steps
from tablelife.rules import Concede, Damage
from tablelife.tournament.event import EventSettings

TEAMS = ["Ann & Bob", "Cal & Dee", "Eve & Fay", "Gus & Hal"]


@pytest.fixture
def session(tmp_path: Path) -> Iterator[Session]:
    s = Session(tmp_path / "data")
    yield s
    s.close()


def _event(session: Session, **settings: object) -> EventModel:
    assert session.journal is not None
    event_id = steps.new_event(
        session.journal,
        EventSettings("Friday", **settings),  # type: ignore[arg-type]
        TEAMS,
    )
    model = EventModel(session.journal, event_id, idle_ms=3_600_000)
    model.pair_by_hand([TEAMS[:2], TEAMS[2:]])
    return model


def _game_records(session: Session) -> list[dict[str, object]]:
    assert session.journal is not None
    return [e.data for e in session.journal.tournament_log(1) if e.kind == "game"]


def test_the_die_picks_who_chooses_and_the_choice_is_journaled(
    qtbot: object, session: Session
) -> None:
    event = _event(session, format="2hg")
    event.pick = lambda n: 1  # the die says: team b chooses
    game = event.open_game(1)
    assert game is not None
    assert game.setup.starting == 1 and game.game.state.active == 1  # b plays first
    assert game.opening is not None and "Cal & Dee" in game.opening
    assert "plays first" in game.opening and "MTR 2.2" in game.opening
    assert _game_records(session)[-1] == {
        "table": 1,
        "game_id": game.game_id,
        "chooser": "Cal & Dee",
        "picked": "random",
        "choice": "play",
    }
    assert event.table(1).chooser == "Cal & Dee"


def test_a_team_that_chooses_to_draw_lets_the_other_go_first(
    qtbot: object, session: Session
) -> None:
    event = _event(session, format="2hg")
    event.pick = lambda n: 0
    game = event.open_game(2, choice="draw")
    assert game is not None and game.setup.starting == 1
    assert _game_records(session)[-1]["choice"] == "draw"
    assert game.opening is not None and "Gus & Hal goes first" in game.opening


def test_a_desk_table_never_rolls_again(qtbot: object, session: Session) -> None:
    event = _event(session, format="2hg")
    event.pick = lambda n: 1
    assert event.open_game(1) is not None
    assert session.journal is not None
    again = EventModel(session.journal, 1, idle_ms=3_600_000)
    again.pick = lambda n: 0  # a die that would say otherwise is not rolled
    game = again.open_game(1)
    assert game is not None and game.game.state.active == 1
    assert game.opening is not None and "Cal & Dee chose" in game.opening
    assert len(_game_records(session)) == 1


def test_after_a_game_its_loser_chooses(qtbot: object, session: Session) -> None:
    event = _event(session, format="duel", best_of=3)
    event.pick = lambda n: 1  # b chooses game 1, and plays first
    first = event.open_game(1)
    assert first is not None
    assert first.submit(Concede(0))  # a concedes game 1: b won it
    second = event.games[1]
    assert second is not first
    record = _game_records(session)[-1]
    assert (record["chooser"], record["picked"]) == ("Ann & Bob", "loser")
    assert second.setup.starting == 0  # the loser chose to play


def test_in_the_top_cut_the_better_swiss_standing_chooses(qtbot: object, session: Session) -> None:
    event = _event(session, format="duel", rounds=1, top=4)
    for table, winner in ((1, 1), (2, 0)):  # Cal & Dee and Eve & Fay win their Swiss round
        assert event.set_result(table, winner)
    assert event.pair_next()
    semis = event.tournament.rounds[-1].tables
    event.pick = lambda n: pytest.fail("no die in the top cut")  # type: ignore[assignment]
    ranked = [s.team for s in event.tournament.standings()]
    game = event.open_game(1)
    assert game is not None
    better = min(semis[0].teams, key=ranked.index)
    record = _game_records(session)[-1]
    assert (record["chooser"], record["picked"]) == (better, "standing")


def test_the_team_that_chooses_draws_when_staff_say_so_before_the_game(
    qtbot: object, session: Session
) -> None:
    event = _event(session, format="2hg")
    event.pick = lambda n: 0  # Ann & Bob choose
    assert event.run("1 draw") == (True, None)
    game = event.games[1]
    assert game.setup.starting == 1 and _game_records(session)[-1]["choice"] == "draw"


def test_draw_said_after_the_table_opened_begins_the_game_again_with_the_same_chooser(
    qtbot: object, session: Session
) -> None:
    event = _event(session, format="2hg")
    event.pick = lambda n: 1  # Cal & Dee choose, and play first unless told
    first = event.open_game(1)
    assert first is not None and first.setup.starting == 1
    event.pick = lambda n: pytest.fail("no second roll")  # type: ignore[assignment]
    assert event.run("1 draw") == (True, None)
    game = event.games[1]
    assert game is not first and game.setup.starting == 0
    record = _game_records(session)[-1]
    assert (record["chooser"], record["picked"], record["choice"]) == (
        "Cal & Dee",
        "random",
        "draw",
    )
    assert record["replaces"] is True
    state = event.table(1)
    assert state.game_id == game.game_id and state.earlier_games == ()
    assert session.journal is not None
    set_aside = session.journal.game(first.game_id or 0).result
    assert set_aside is not None and set_aside.get("abandoned")
    assert event.run("1 play") == (True, None)  # and back: still nobody rolls
    assert event.games[1].setup.starting == 1 and event.table(1).earlier_games == ()


def test_a_die_rolled_at_the_table_before_the_first_change_leaves_the_choice_open(
    qtbot: object, session: Session
) -> None:
    """A d20 or a coin at a desk table (a card says "roll a die") isn't the game beginning
    (CR 103.1): staff can still say the chooser draws; the roll stays in the journal with the
    game set aside."""
    event = _event(session, format="2hg")
    event.pick = lambda n: 1
    first = event.open_game(1)
    assert first is not None
    first.roll_die(20)
    assert first.game.position == 1
    assert event.run("1 draw") == (True, None)
    assert event.games[1] is not first and event.games[1].setup.starting == 0


def test_once_the_game_has_begun_who_goes_first_stays(qtbot: object, session: Session) -> None:
    event = _event(session, format="2hg")
    game = event.open_game(1)
    assert game is not None and game.submit(Damage(1, 2))
    said: list[str] = []
    event.message.connect(said.append)
    assert event.run("1 draw") == (False, None)
    assert said == ["Table 1's game has begun: who goes first can't change now."]
    assert event.games[1] is game and len(_game_records(session)) == 1
