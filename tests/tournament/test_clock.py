"""The round clock, table extensions and the turns after time (MTR 2.4, 2.6, Appendix B)."""

from __future__ import annotations

import dataclasses

import pytest

from tablelife.rules import FreeForAll, TwoHeadedGiant
from tablelife.tournament import ClockError, RoundClock, additional_turns, time_extension
from tablelife.tournament.clock import steady

T0 = 1_000.0


def test_the_chain_from_the_issue() -> None:
    clock = RoundClock(minutes=50).start(at=T0).pause(at=T0 + 600).resume(at=T0 + 660).adjust(60)
    # 600 s ran before the pause; 60 s were added.
    assert clock.remaining(at=T0 + 660) == 50 * 60 + 60 - 600
    assert clock.remaining(at=T0 + 1660) == 50 * 60 + 60 - 1600
    assert not clock.time_called(at=T0 + 1660)


def test_a_round_is_fifty_minutes_unless_told() -> None:
    # MTR Appendix B.
    assert RoundClock().minutes == 50
    assert RoundClock().remaining(at=0) == 3000


def test_each_step_is_a_new_clock() -> None:
    idle = RoundClock(minutes=50)
    running = idle.start(at=T0)
    assert not idle.started
    assert running.started
    assert running.running
    assert not running.paused
    paused = running.pause(at=T0 + 10)
    assert paused.paused
    assert not paused.running
    assert running.running
    with pytest.raises(dataclasses.FrozenInstanceError):
        running.minutes = 40  # type: ignore[misc]


def test_remaining_is_negative_after_time_and_time_is_called_at_zero() -> None:
    clock = RoundClock(minutes=1).start(at=T0)
    assert clock.remaining(at=T0 + 30) == 30
    assert not clock.time_called(at=T0 + 59.5)
    assert clock.time_called(at=T0 + 60)
    assert clock.remaining(at=T0 + 90) == -30


def test_a_paused_clock_stands_still() -> None:
    clock = RoundClock(minutes=10).start(at=T0).pause(at=T0 + 100)
    assert clock.remaining(at=T0 + 100) == 500
    assert clock.remaining(at=T0 + 5000) == 500
    assert clock.ends_at() is None
    resumed = clock.resume(at=T0 + 5000)
    assert resumed.remaining(at=T0 + 5100) == 400
    assert resumed.ends_at() == T0 + 5500


def test_a_computer_clock_set_back_never_runs_the_round_clock_backwards() -> None:
    """A laptop's clock corrected backwards mid-round (time sync) reads a time before the
    clock last started: the round clock has run no time then, and stands still until the
    computer's clock passes its start again; it never raises or counts backwards."""
    clock = RoundClock(minutes=10).start(at=T0)
    assert clock.remaining(at=T0 - 120) == 600
    assert not clock.time_called(at=T0 - 120)
    paused = clock.pause(at=T0 - 120)  # staff pause it meanwhile: no time was used
    assert paused.remaining(at=T0) == 600
    assert clock.remaining(at=T0 + 60) == 540


def test_a_clock_not_started_shows_the_whole_round() -> None:
    clock = RoundClock(minutes=50).adjust(-600)
    assert clock.remaining(at=0) == 2400
    assert clock.ends_at() is None
    assert clock.length == 2400


def test_adjusting_a_running_clock_moves_the_end() -> None:
    clock = RoundClock(minutes=50).start(at=T0)
    assert clock.ends_at() == T0 + 3000
    assert clock.adjust(120).ends_at() == T0 + 3120
    assert clock.adjust(-120).ends_at() == T0 + 2880


def test_a_table_with_an_extension_runs_out_later() -> None:
    # MTR 2.4 and 2.6: a table's time runs out its extension after the round's.
    clock = RoundClock(minutes=50).start(at=T0).pause(at=T0 + 100).resume(at=T0 + 160)
    assert clock.ends_at() == T0 + 3060
    assert clock.ends_at(extension=240) == T0 + 3300
    assert clock.time_called(at=T0 + 3060)
    assert not clock.time_called(at=T0 + 3060, extension=240)
    assert clock.remaining(at=T0 + 3060, extension=240) == 240
    assert clock.time_called(at=T0 + 3300, extension=240)


def test_a_stored_clock_comes_back_from_its_fields() -> None:
    clock = RoundClock(minutes=50).start(at=T0).pause(at=T0 + 10).resume(at=T0 + 20).adjust(30)
    again = RoundClock(**dataclasses.asdict(clock))
    assert again == clock
    assert again.remaining(at=T0 + 100) == clock.remaining(at=T0 + 100)


@pytest.mark.parametrize(
    ("step", "words"),
    [
        (lambda: RoundClock(minutes=0), "positive number of minutes"),
        (lambda: RoundClock(minutes=True), "positive number of minutes"),
        (lambda: RoundClock(minutes=float("nan")), "positive number of minutes"),
        (lambda: RoundClock(since=5.0), "not started can't be running"),
        (lambda: RoundClock().start(at=T0).start(at=T0), "already started"),
        (lambda: RoundClock().pause(at=T0), "not running, so it can't be paused"),
        (lambda: RoundClock().start(at=T0).pause(at=T0).pause(at=T0), "not running"),
        (lambda: RoundClock().resume(at=T0), "Only a paused round clock"),
        (lambda: RoundClock().start(at=T0).resume(at=T0), "Only a paused round clock"),
        (lambda: RoundClock().start(at="now"), "number of seconds"),
        (lambda: RoundClock().adjust(float("inf")), "number of seconds"),
        (lambda: RoundClock().remaining(at=0, extension="1m"), "number of seconds"),
        (lambda: time_extension(-5), "less than no time"),
    ],
)
def test_misuse_is_refused_in_words(step: object, words: str) -> None:
    with pytest.raises(ClockError, match=words) as caught:
        step()  # type: ignore[operator]
    assert str(caught.value).endswith(".")
    assert isinstance(caught.value, ValueError)


@pytest.mark.parametrize(
    ("seconds", "deck_check", "extension"),
    [
        (45, False, 0),  # MTR 2.6: a minute or less is not given back
        (60, False, 0),
        (61, False, 61),
        (300, False, 300),
        (240, True, 420),  # MTR 2.6: a deck check's length plus three minutes
        (0, True, 180),
    ],
)
def test_time_extension(seconds: float, deck_check: bool, extension: float) -> None:
    assert time_extension(seconds, deck_check=deck_check) == extension


def test_additional_turns() -> None:
    # MTR 2.4: five turns after the one in progress; three in Two-Headed Giant.
    assert additional_turns(TwoHeadedGiant()) == 3
    assert additional_turns(TwoHeadedGiant(heads=3, teams=2)) == 3
    assert additional_turns(FreeForAll(players=2)) == 5
    assert additional_turns(FreeForAll(players=4, starting_life=40)) == 5


def test_steady_time_runs_on_while_the_computers_clock_is_set_back() -> None:
    # Found by a tester: set back 5 minutes, 10 minutes into a round, the round clock jumped
    # from 40:00 to 45:00 (and to 50:00 for an hour), for every table.
    wall, steady_clock = [1000.0], [0.0]
    now = steady(wall=lambda: wall[0], monotonic=lambda: steady_clock[0])
    clock = RoundClock(50).start(now())
    wall[0] += 600
    steady_clock[0] += 600
    assert clock.remaining(now()) == 40 * 60
    wall[0] -= 300  # time sync, or a hand on the clock...
    assert clock.remaining(now()) == 40 * 60  # ...gives no time back
    wall[0] += 60
    steady_clock[0] += 60
    assert clock.remaining(now()) == 39 * 60  # and the round runs on meanwhile
    wall[0] += 3600  # a laptop asleep an hour: its monotonic clock stood still, the round not
    assert clock.remaining(now()) == 50 * 60 - (wall[0] - 1000)  # the computer's clock again


def test_steady_time_starts_no_earlier_than_its_floor() -> None:
    # A restart after the clock was set back: the event's latest record is the floor, and
    # the time runs on from there.
    ticks = [0.0]
    now = steady(5000.0, wall=lambda: 4000.0, monotonic=lambda: ticks[0])
    assert now() == 5000.0
    ticks[0] += 30
    assert now() == 5030.0
    assert steady(5000.0, wall=lambda: 6000.0)() == 6000.0
