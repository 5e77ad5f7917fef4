"""A store night from the command line and the event core (issue 25): a finished event's
clock, and Two-Headed Giant teams of two."""

from __future__ import annotations

from tablelife.cli.event import clock_data
from tablelife.tournament.event import EventSettings, replay

T0 = 1_800_000_000.0


def test_a_finished_event_s_clock_exports_as_stopped() -> None:
    """Once the last result is in, the export's clock no longer counts down: the same
    seconds left at every export, however much later (it went on counting, as if running)."""
    teams = ["Ann & Bob", "Cal & Dee"]
    records = [
        *(("team_added", {"team": t}, T0) for t in teams),
        ("round_paired", {"round": 1, "tables": [teams]}, T0),
        ("clock", {"op": "start"}, T0),
        (
            "result",
            {"round": 1, "table": 1, "outcomes": {teams[0]: "win", teams[1]: "loss"}},
            T0 + 600,
        ),
        ("finished", {}, T0 + 600),
    ]
    event = replay(EventSettings("Night", rounds=1), records)
    assert event.finished
    stopped = {"minutes": 50, "running": False, "remaining_s": 40 * 60}
    assert clock_data(event, T0 + 700) == stopped
    assert clock_data(event, T0 + 9 * 3600) == stopped
    # A result taken back: the round plays on, and its clock with it.
    event.apply("result_cleared", {"round": 1, "table": 1}, T0 + 900)
    assert clock_data(event, T0 + 1200) == {"minutes": 50, "running": True, "remaining_s": 30 * 60}
