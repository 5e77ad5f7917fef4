"""Who starts (CR 103.1), dice and coins (CR 705, 706), and the counters players reach for:
the monarch (CR 724), the initiative (CR 725), commander tax (CR 903.8), player counters
(CR 122.1), the storm count (CR 702.40a) and day or night (CR 502.2)."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from tablelife.rules import (
    NO_MARKS,
    BecomeMonarch,
    CastCommander,
    CommanderDamage,
    Concede,
    Damage,
    DayNight,
    FlipCoin,
    FreeForAll,
    GainLife,
    Game,
    PassTurn,
    PlayerCounters,
    Poison,
    RollDie,
    RuleError,
    StartingTeam,
    Storm,
    TakeInitiative,
    TwoHeadedGiant,
    first_by_rolls,
    first_draw_rule,
    match_chooser,
    roll_for_first,
)
from tablelife.rules.words import describe_event

NAMES = ("Ann", "Bob", "Cal", "Dee")


def commander(players: int = 4) -> Game:
    return Game(FreeForAll(players=players, starting_life=40, commander=True), NAMES[:players])


def giant() -> Game:
    return Game(TwoHeadedGiant(), NAMES)


def dice(*results: int) -> Iterator[int]:
    return iter(results)


# ----- who starts ---------------------------------------------------------------------------


def test_103_1_the_start_is_chosen_again_before_the_first_event_and_it_is_not_a_turn() -> None:
    g = giant()
    assert (g.active, g.turn, g.begun) == (0, 1, False)
    event = g.apply(StartingTeam(1, chooser=1))
    assert (g.active, g.turn, g.begun) == (1, 1, False)  # a start choice, not a turn
    assert g.chooser == 1
    assert describe_event(event, g.names, teams=("Ann & Bob", "Cal & Dee")) == (
        "starting: Cal & Dee, chosen by Cal & Dee (CR 103.1)"
    )
    # Who skips the first draw follows the starting team (CR 103.8b): still the reminder.
    assert "103.8b" in first_draw_rule(g.variant)
    g.apply(StartingTeam(0))
    assert (g.active, g.chooser) == (0, None)  # the table chose together
    g.undo()
    assert (g.active, g.chooser) == (1, 1)


@pytest.mark.parametrize("first", [[Damage(0, 1)], [PassTurn()], [BecomeMonarch(0)]])
def test_103_1_once_the_game_has_begun_who_starts_is_settled(first: list[object]) -> None:
    g = commander()
    g.apply(RollDie(20, 4), FlipCoin(heads=True))  # dice don't begin the game
    assert not g.begun
    g.apply(*first)  # type: ignore[arg-type]
    assert g.begun
    with pytest.raises(RuleError, match=r"The game has begun: who starts can't change now"):
        g.apply(StartingTeam(2))
    g.undo()
    g.apply(StartingTeam(2))  # taken back: the game has not begun again
    assert g.active == 2


def test_103_1_rolling_for_first_each_team_rolls_and_ties_roll_again() -> None:
    g = commander()
    rolls = dice(12, 17, 3, 17, 9, 14)  # Bob and Dee tie at 17; Dee's 14 beats Bob's 9
    event = g.apply(*roll_for_first([0, 1, 2, 3], lambda sides: next(rolls)))
    assert (g.active, g.turn, g.begun, g.chooser) == (3, 1, False, None)
    assert describe_event(event, g.names, sep="; ", teams=g.names).split("; ") == [
        "d20 for Ann: 12",
        "d20 for Bob: 17",
        "d20 for Cal: 3",
        "d20 for Dee: 17",
        "d20 for Bob: 9",
        "d20 for Dee: 14",
        "starting: Dee, the highest roll (CR 103.1)",
    ]


def test_103_1_a_rolled_start_must_be_what_the_rolls_say() -> None:
    g = giant()
    with pytest.raises(RuleError, match="The rolls don't make Ann & Bob the starting team"):
        g.apply(RollDie(20, 3, team=0), RollDie(20, 9, team=1), StartingTeam(0, rolled=True))
    with pytest.raises(RuleError, match="The rolls don't make"):  # a tie never settles it
        g.apply(RollDie(20, 9, team=0), RollDie(20, 9, team=1), StartingTeam(0, rolled=True))
    with pytest.raises(RuleError, match="The rolls don't make"):  # d20s, not d6s
        g.apply(RollDie(6, 5, team=0), RollDie(6, 2, team=1), StartingTeam(0, rolled=True))
    assert g.position == 0
    assert first_by_rolls([(0, 5), (1, 5), (0, 2), (1, 8)], [0, 1]) == 1
    assert first_by_rolls([(0, 5), (1, 5), (1, 8), (0, 2)], [0, 1]) is None  # out of order
    assert first_by_rolls([(0, 5), (1, 2), (0, 7)], [0, 1]) is None  # a roll too many


def test_a_die_that_always_ties_gives_up_in_words() -> None:
    with pytest.raises(RuleError, match="The dice kept tying"):
        roll_for_first([0, 1], lambda sides: 7)


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (RollDie(12, 3), "A die has 6 or 20 sides"),
        (RollDie(6, 7), "A d6 can't roll 7"),
        (RollDie(20, 0), "A d20 can't roll 0"),
        (RollDie(20, 5, team=4), "There is no team 4"),
        (FlipCoin(heads=1), "A coin comes down heads"),  # type: ignore[arg-type]
        (StartingTeam(2), "There is no team 2"),
        (StartingTeam(0, chooser=5), "There is no team 5"),
    ],
)
def test_706_705_dice_and_coins_are_checked(change: object, words: str) -> None:
    g = giant()
    with pytest.raises(RuleError, match=words):
        g.apply(change)  # type: ignore[arg-type]
    assert g.position == 0


def test_706_705_rolls_are_kept_in_the_history_in_words() -> None:
    g = commander()
    g.apply(RollDie(6, 4))
    g.apply(FlipCoin(heads=False))
    assert [describe_event(e, g.names) for e in g.history] == ["d6: 4", "coin flip: tails"]
    assert g.state == g.initial  # nothing else moved


def test_103_1_the_next_game_of_a_match_is_chosen_by_its_loser() -> None:
    assert match_chooser(["lost", "won"], None) == 0
    assert match_chooser(["won", "lost"], 0) == 1
    assert match_chooser(["drawn", "drawn"], 1) == 1  # a draw: whoever chose then
    assert match_chooser(["drawn", "drawn"], None) is None  # nobody chose: the table does
    # Free-for-all: one winner and several out, so nobody in particular chooses.
    assert match_chooser(["lost", "won", "lost", "lost"], 2) is None


# ----- the monarch and the initiative -------------------------------------------------------


def test_724_3_725_3_one_monarch_and_one_initiative_at_a_time() -> None:
    g = commander()
    assert (g.monarch, g.initiative) == (None, None)
    g.apply(BecomeMonarch(1), TakeInitiative(2))
    assert (g.monarch, g.initiative) == (1, 2)
    event = g.apply(BecomeMonarch(3))
    assert (g.monarch, g.initiative) == (3, 2)
    assert describe_event(event, g.names) == "Dee becomes the monarch"
    g.undo()
    assert g.monarch == 1


def test_724_4_a_monarch_leaving_passes_it_to_the_active_player() -> None:
    g = commander()
    g.apply(BecomeMonarch(2), TakeInitiative(2))
    g.apply(PassTurn())  # Bob's turn
    event = g.apply(Concede(2))
    assert (g.monarch, g.initiative) == (1, 1)
    assert event.notes == (
        "Cal left the game as the monarch: Bob becomes the monarch (CR 724.4).",
        "Cal left the game with the initiative: Bob takes the initiative (CR 725.4).",
    )


def test_724_4_the_active_player_leaving_passes_it_to_the_next_in_turn_order() -> None:
    g = commander()
    g.apply(BecomeMonarch(0))  # Ann is the monarch, on her own turn
    g.apply(Concede(0), PassTurn())
    assert g.monarch == 1  # passed as she left, before the turn passed: to Bob
    assert g.active == 1


def test_724_4_a_game_that_ended_keeps_its_monarch() -> None:
    g = commander(players=2)
    g.apply(BecomeMonarch(1))
    g.apply(Concede(1))
    assert g.over and g.monarch == 1


def test_724_4_in_two_headed_giant_the_first_head_of_the_active_team_takes_it() -> None:
    g = Game(TwoHeadedGiant(teams=3), ("Ann", "Bob", "Cal", "Dee", "Eve", "Fay"))
    g.apply(TakeInitiative(3))  # Dee, of Cal & Dee
    g.apply(Concede(2))  # Cal concedes: Cal & Dee are out (CR 810.8b)
    assert g.initiative == 0  # Ann & Bob are the active team: Ann takes it


def test_724_a_player_who_left_cant_become_the_monarch() -> None:
    g = commander()
    g.apply(Concede(3))
    with pytest.raises(RuleError, match=r"Dee has left the game \(CR 800.4a\)"):
        g.apply(BecomeMonarch(3))


# ----- commander tax ------------------------------------------------------------------------


def test_903_8_each_cast_from_the_command_zone_adds_two_and_partners_count_apart() -> None:
    g = commander()
    g.apply(CastCommander(1))
    g.apply(CastCommander(1), CastCommander(1, commander=1))
    assert (g.casts(1), g.tax(1), g.tax(1, 1), g.tax(0)) == (2, 4, 2, 0)
    event = g.apply(CastCommander(1, times=-1))
    assert g.tax(1) == 2
    assert describe_event(event, g.names) == "Bob: casts of their commander \u22121"
    assert describe_event(g.history[0], g.names) == (
        "Bob casts their commander from the command zone"
    )


def test_903_8_casts_that_never_happened_cant_be_taken_back() -> None:
    g = commander()
    g.apply(CastCommander(0))
    with pytest.raises(RuleError, match=r"Ann’s commander was cast 1 time from the command zone"):
        g.apply(CastCommander(0, times=-2))
    assert g.tax(0) == 2


def test_903_8_no_commander_tax_without_commanders() -> None:
    with pytest.raises(RuleError, match="This is not a Commander game: there is no commander tax"):
        giant().apply(CastCommander(0))


# ----- player counters, storm, day and night ------------------------------------------------


def test_122_1_player_counters_come_and_go_and_never_below_zero() -> None:
    g = commander()
    event = g.apply(PlayerCounters(0, "energy", 3), PlayerCounters(0, "rad", 2))
    assert describe_event(event, g.names) == "Ann: +3 energy counters, Ann: +2 rad counters"
    g.apply(PlayerCounters(0, "energy", -1))
    assert (g.counter(0, "energy"), g.counter(0, "rad"), g.counter(1, "energy")) == (2, 2, 0)
    with pytest.raises(RuleError, match=r"Ann has 2 energy counters: no more to remove"):
        g.apply(PlayerCounters(0, "energy", -3))
    with pytest.raises(RuleError, match="Unknown counter 'mana'"):
        g.apply(PlayerCounters(0, "mana", 1))
    g.apply(PlayerCounters(0, "energy", -2))
    assert g.state.marks.counters == ((0, "rad", 2),)  # a count at 0 is not kept


def test_702_40a_the_storm_count_starts_again_each_turn() -> None:
    g = commander()
    g.apply(Storm(3))
    g.apply(Storm(-1))
    assert g.storm == 2
    with pytest.raises(RuleError, match=r"The storm count is 2: it can't go below 0"):
        g.apply(Storm(-3))
    g.apply(Damage(1, 2), PassTurn())  # the usual event's own steps
    assert g.storm == 0
    g.apply(Storm(4))
    g.apply(CommanderDamage(2, 1, 3), PassTurn())  # the full way
    assert g.storm == 0


def test_502_2_day_and_night() -> None:
    g = commander()
    assert g.day == ""
    event = g.apply(DayNight(day=True))
    assert (g.day, describe_event(event, g.names)) == ("day", "it becomes day")
    g.apply(DayNight(day=False))
    assert g.day == "night"


def test_marks_ride_along_with_the_usual_taps() -> None:
    """A tap's event takes the quick way through the rules: the monarch, the counters and the
    storm count stay as they were."""
    g = commander()
    g.apply(
        BecomeMonarch(0),
        TakeInitiative(1),
        CastCommander(2),
        PlayerCounters(3, "ticket", 5),
        Storm(1),
        DayNight(day=False),
    )
    held = g.state.marks
    g.apply(Damage(1, 3), GainLife(0, 2), Poison(2, 1))
    assert g.state.marks is held
    g.undo()
    g.undo()
    assert g.state.marks is NO_MARKS  # back to none: the one object again


def test_no_marks_is_one_object() -> None:
    g = commander()
    g.apply(Storm(1))
    g.apply(Storm(-1))
    assert g.state.marks is NO_MARKS
    g.apply(CastCommander(0))
    g.apply(CastCommander(0, times=-1))
    assert g.state.marks is NO_MARKS
