"""The round clock, time extensions and the turns played after time (MTR 2.4, 2.6).

Times are seconds on any one clock the caller keeps to (`steady()` at the desk: the computer's
clock, never running backwards; stored numbers in the journal). A `RoundClock` never changes:
each step returns a new clock, so a model can keep the old one for undo and the journal can
store its few numbers.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable
from dataclasses import replace

from tablelife.rules import TwoHeadedGiant, Variant
from tablelife.rules.i18n import arg
from tablelife.rules.values import frozen
from tablelife.tournament.errors import ClockError, EventRules

# MTR Appendix B: a round is 50 minutes.
ROUND_MINUTES = 50
# MTR 2.4: after the turn in progress, 5 more turns; 3 in team formats such as Two-Headed Giant.
ADDITIONAL_TURNS = 5
TEAM_ADDITIONAL_TURNS = 3
# MTR 2.6: a deck check adds its own length plus 3 minutes; other pauses count after a minute.
DECK_CHECK_EXTRA_SECONDS = 180
PAUSE_GRACE_SECONDS = 60


def steady(
    floor: float = 0.0,
    wall: Callable[[], float] = time.time,
    monotonic: Callable[[], float] = time.monotonic,
) -> Callable[[], float]:
    """The computer's clock (`wall`), in seconds, that never runs backwards: set back, by hand
    or by time sync, it runs on from the latest time it gave at the pace of a monotonic clock,
    rather than jumping back and giving every table the time again; and it starts no earlier
    than `floor` (an event's latest record, for a restart after the clock was set back). The
    computer's clock wins whenever it is ahead: a monotonic clock stops while a laptop sleeps,
    and the round goes on then."""
    latest, then = floor, monotonic()

    def now() -> float:
        nonlocal latest, then
        ticked = monotonic()
        latest = max(wall(), latest + (ticked - then))
        then = ticked
        return latest

    return now


def _seconds(what: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, int | float) or not math.isfinite(value):
        raise ClockError(
            arg(EventRules.tr("%1 must be a number of seconds, not %2."), what, repr(value))
        )
    return float(value)


@frozen
class RoundClock:
    """A round's clock: `minutes` long, started, paused, resumed and adjusted by staff.

    `RoundClock(minutes=50).start(at=t0).pause(at=t1).resume(at=t2).adjust(60)` gives a new
    clock at each step. `remaining(at=t)` is the time left in seconds, negative once time is
    called. The other fields are its state, so a stored clock can be rebuilt from them:
    `adjusted` (seconds added or taken away), `used` (seconds run before the current run),
    `since` (when the current run began, None while stopped) and `started`.
    """

    minutes: float = ROUND_MINUTES
    adjusted: float = 0.0
    used: float = 0.0
    since: float | None = None
    started: bool = False

    def __post_init__(self) -> None:
        if (
            isinstance(self.minutes, bool)
            or not isinstance(self.minutes, int | float)
            or not math.isfinite(self.minutes)
            or self.minutes <= 0
        ):
            raise ClockError(
                arg(
                    EventRules.tr("A round lasts a positive number of minutes, not %1."),
                    repr(self.minutes),
                )
            )
        _seconds("The clock's adjustment", self.adjusted)
        _seconds("The clock's used time", self.used)
        if self.since is not None:
            _seconds("The clock's start", self.since)
            if not self.started:
                raise ClockError(EventRules.tr("A clock that has not started can't be running."))

    @property
    def running(self) -> bool:
        """True while the clock counts down."""
        return self.since is not None

    @property
    def paused(self) -> bool:
        """True when the clock has started and is stopped."""
        return self.started and self.since is None

    @property
    def length(self) -> float:
        """The round's length in seconds, with every adjustment."""
        return self.minutes * 60 + self.adjusted

    def start(self, at: float) -> RoundClock:
        """The clock started at `at`."""
        at = _seconds("The start time", at)
        if self.started:
            raise ClockError(EventRules.tr("The round clock has already started."))
        return replace(self, since=at, started=True)

    def pause(self, at: float) -> RoundClock:
        """The clock paused at `at`: the time left stays until it resumes."""
        at = _seconds("The pause time", at)
        if self.since is None:
            raise ClockError(
                EventRules.tr("The round clock is not running, so it can't be paused.")
            )
        return replace(self, used=self.used + self._run(at), since=None)

    def resume(self, at: float) -> RoundClock:
        """The clock running again from `at`."""
        at = _seconds("The resume time", at)
        if not self.paused:
            raise ClockError(EventRules.tr("Only a paused round clock can be resumed."))
        return replace(self, since=at)

    def adjust(self, seconds: float) -> RoundClock:
        """The round longer by `seconds` (shorter when negative), running or not."""
        seconds = _seconds("An adjustment", seconds)
        return replace(self, adjusted=self.adjusted + seconds)

    def remaining(self, at: float, extension: float = 0) -> float:
        """Seconds left at `at`, negative after time. `extension` is a table's own extra time
        (MTR 2.6), so this is that table's time left."""
        at = _seconds("The time", at)
        extension = _seconds("A time extension", extension)
        return self.length + extension - self.used - self._run(at)

    def time_called(self, at: float, extension: float = 0) -> bool:
        """True once time is called (MTR 2.4): no time left at `at`, after `extension`."""
        return self.remaining(at, extension) <= 0

    def ends_at(self, extension: float = 0) -> float | None:
        """When time will be called for a table with `extension` seconds of extra time, on the
        caller's clock; None while the round clock is stopped, since that isn't known yet."""
        extension = _seconds("A time extension", extension)
        if self.since is None:
            return None
        return self.since + self.length + extension - self.used

    def _run(self, at: float) -> float:
        """Seconds run since the clock last started, at `at`. A time before that start (the
        computer's clock set back, by time sync or by hand) has run none: the round clock
        stands still until the computer's clock passes its start again, never running
        backwards, and never refusing the time it was given."""
        if self.since is None:
            return 0.0
        return max(0.0, at - self.since)


def time_extension(seconds: float, *, deck_check: bool = False) -> float:
    """Extra time a table gets for a pause of `seconds` (MTR 2.6).

    A deck check gives its length plus 3 minutes. Any other pause by a judge (a ruling, a
    medical matter) is given back when it lasted more than a minute.
    """
    seconds = _seconds("A pause", seconds)
    if seconds < 0:
        raise ClockError(
            arg(
                EventRules.tr("A pause can't last less than no time, as %1 seconds would."),
                format(seconds, "g"),
            )
        )
    if deck_check:
        return seconds + DECK_CHECK_EXTRA_SECONDS
    return seconds if seconds > PAUSE_GRACE_SECONDS else 0.0


TEAM_FORMAT_NAMES = frozenset({"2hg", "two-headed giant", "giant"})
"""Format names, as events and people write them, of a team format (MTR 2.4)."""


def additional_turns(variant: Variant | str) -> int:
    """Turns played after the turn in progress when time is called (MTR 2.4).

    3 in Two-Headed Giant (and bigger giants: a team is one player), 5 otherwise. Takes a
    variant, or a format's name as events write it ("2hg", "Two-Headed Giant", "duel"...).
    """
    if isinstance(variant, TwoHeadedGiant):
        return TEAM_ADDITIONAL_TURNS
    if isinstance(variant, str) and (
        variant.strip().casefold() in TEAM_FORMAT_NAMES
        or variant.strip().casefold().endswith("-headed giant")
    ):
        return TEAM_ADDITIONAL_TURNS
    return ADDITIONAL_TURNS
