"""The end of a match at time: EndOfMatch (MTR 2.4)."""

from __future__ import annotations

from typing import Any

import pytest

from tablelife.rules import (
    Concede,
    Damage,
    Effect,
    EndOfMatch,
    FreeForAll,
    GainLife,
    Game,
    PassTurn,
    Poison,
    RuleError,
    TwoHeadedGiant,
    WinGame,
    cite,
)
from tablelife.rules.seeds import describe_rule


def statuses(g: Game) -> list[str]:
    return [g.status(t) for t in range(g.variant.teams)]


def test_mtr_2_4_swiss_every_team_still_playing_draws() -> None:
    g = Game(FreeForAll(players=4))
    g.apply(Concede(3))
    g.apply(Damage(0, 5))
    event = g.apply(EndOfMatch(single_elimination=False))
    assert statuses(g) == ["drawn", "drawn", "drawn", "lost"]
    assert g.over and g.winners == ()
    assert g.reason(0) == "unfinished when the match ended: a draw (MTR 2.4)"
    # The conceded player stays as they left.
    assert g.reason(3) == "conceded (CR 104.3a)"
    assert event.after.highest_life_only is False


def test_mtr_2_4_swiss_draw_in_two_headed_giant() -> None:
    g = Game(TwoHeadedGiant())
    g.apply(Damage(0, 20))
    g.apply(EndOfMatch(False))
    assert statuses(g) == ["drawn", "drawn"]
    assert g.state.teams[1].rule == "MTR 2.4"


def test_mtr_2_4_single_elimination_the_highest_life_total_wins_at_once() -> None:
    g = Game(TwoHeadedGiant())
    g.apply(Damage(0, 12), Damage(2, 3))
    g.apply(EndOfMatch(single_elimination=True))
    assert statuses(g) == ["lost", "won"]
    assert g.winners == (1,)
    assert g.reason(1) == "the highest life total when the match ended (MTR 2.4)"
    assert g.reason(0) == "a lower life total when the match ended (MTR 2.4)"


def test_mtr_2_4_single_elimination_in_a_multiplayer_game() -> None:
    g = Game(FreeForAll(players=4))
    g.apply(Damage(0, 5), Damage(1, 10), GainLife(2, 1), Damage(3, 2))
    g.apply(EndOfMatch(True))
    assert statuses(g) == ["lost", "lost", "won", "lost"]


def test_mtr_2_4_life_below_0_under_cant_lose_still_compares() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(Effect(0, "cant_lose"), Effect(1, "cant_lose"), Damage(0, 24), Damage(1, 28))
    g.apply(EndOfMatch(True))
    # A match result by the tournament rules, not a game effect: can't-lose doesn't stop it.
    assert statuses(g) == ["won", "lost"]


def test_mtr_2_4_a_tie_at_the_top_goes_on_and_those_below_lose_now() -> None:
    g = Game(FreeForAll(players=3))
    g.apply(Damage(0, 5), Damage(1, 5), Damage(2, 8))
    event = g.apply(EndOfMatch(True))
    assert statuses(g) == ["playing", "playing", "lost"]
    assert g.reason(2) == "not the highest life total after a tie at time (MTR 2.4)"
    assert not g.over
    assert g.state.highest_life_only is True
    assert event.notes == (
        "Tied at 15 life when the match ended: play goes on, and a player without the highest "
        "life total loses (MTR 2.4).",
    )


def test_mtr_2_4_after_a_tie_a_team_without_the_highest_life_loses_after_any_event() -> None:
    g = Game(TwoHeadedGiant())
    g.apply(Damage(0, 10), Damage(2, 10))
    g.apply(EndOfMatch(True))
    assert statuses(g) == ["playing", "playing"]
    assert "team without the highest life total" in g.history[-1].notes[0]
    # The extra state-based action stays in force: poison or a passed turn changes nothing...
    g.apply(PassTurn(), Poison(0, 3))
    assert statuses(g) == ["playing", "playing"]
    assert g.state.highest_life_only is True
    # ...but the first event that leaves one team below the other decides the game.
    g.apply(Damage(3, 1))
    assert statuses(g) == ["won", "lost"]
    assert g.reason(1) == "not the highest life total after a tie at time (MTR 2.4)"
    assert g.reason(0) == "last one standing (CR 104.2a)"


def test_mtr_2_4_after_a_tie_a_gain_wins_too() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(EndOfMatch(True))
    g.apply(GainLife(1, 2))
    assert statuses(g) == ["lost", "won"]


def test_mtr_2_4_after_a_tie_cant_lose_keeps_a_team_in() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(EndOfMatch(True))
    g.apply(Effect(0, "cant_lose"), Damage(0, 3))
    assert statuses(g) == ["playing", "playing"]
    # It's a state-based action, so it applies once the effect ends.
    g.apply(Effect(0, "cant_lose", on=False))
    assert statuses(g) == ["lost", "won"]


def test_mtr_2_4_after_a_tie_other_losses_still_count() -> None:
    g = Game(FreeForAll(players=3))
    g.apply(Damage(2, 5))
    g.apply(EndOfMatch(True))
    assert statuses(g) == ["playing", "playing", "lost"]
    # Both at the top lose at once (one to damage, one to poison): CR 104.4a, a draw.
    g.apply(Damage(0, 20), Poison(1, 10))
    assert statuses(g) == ["drawn", "drawn", "lost"]


def test_mtr_2_4_undo_takes_the_end_of_the_match_back_entirely() -> None:
    g = Game(FreeForAll(players=2))
    before = g.state
    g.apply(EndOfMatch(True))
    assert g.state.highest_life_only is True
    assert g.undo()
    assert g.state == before
    assert g.state.highest_life_only is False
    # Without the rule, a lower total is just a lower total again.
    g.apply(Damage(0, 3))
    assert statuses(g) == ["playing", "playing"]
    # Redo is gone once another event is applied; apply it again and undo it once more.
    g.apply(EndOfMatch(True))
    assert statuses(g) == ["lost", "won"]
    assert g.undo()
    assert statuses(g) == ["playing", "playing"]
    assert g.redo()
    assert statuses(g) == ["lost", "won"]


def test_mtr_2_4_refused_once_the_game_is_over() -> None:
    g = Game(FreeForAll(players=2))
    g.apply(Concede(0))
    for single in (True, False):
        with pytest.raises(RuleError, match="The game is over"):
            g.apply(EndOfMatch(single))
    assert len(g.history) == 1


@pytest.mark.parametrize("bad", [1, 0, None, "yes"])
def test_mtr_2_4_single_elimination_must_be_true_or_false(bad: Any) -> None:
    g = Game(FreeForAll(players=2))
    with pytest.raises(RuleError, match="Single elimination is true or false"):
        g.apply(EndOfMatch(bad))
    assert g.history == ()


def test_mtr_2_4_changes_after_it_in_the_same_event_do_not_apply() -> None:
    g = Game(FreeForAll(players=2))
    event = g.apply(EndOfMatch(False), WinGame(0))
    assert statuses(g) == ["drawn", "drawn"]
    assert event.notes == ("The game ended before WinGame applied.",)
    assert [b.why for b in event.blocked] == ["the game had ended"]


def test_mtr_2_4_is_cited_as_a_tournament_rule_with_a_digest_line() -> None:
    assert cite("MTR 2.4") == "MTR 2.4"
    assert cite("104.3b, 104.3f") == "CR 104.3b, 104.3f"
    assert cite("") == ""
    assert "single elimination" in describe_rule("MTR 2.4")
