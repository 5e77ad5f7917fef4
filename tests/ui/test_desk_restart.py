"""The desk killed mid-round (SIGKILL) comes back exactly: board, results, extensions, tracked
totals and the clock, which kept counting while it was down."""

from __future__ import annotations

import json
import signal
from pathlib import Path

from tests.model.test_resume_kill import Driver
from tests.ui.desk_driver import LINES


class DeskDriver(Driver):
    """The desk driver, read like the table driver."""

    module = "tests.ui.desk_driver"


def test_a_killed_desk_brings_back_the_round_and_its_clock(tmp_path: Path) -> None:
    data = tmp_path / "data"
    first = DeskDriver(tmp_path, data)
    try:
        first.expect("ready")
        last = None
        for i in range(1, len(LINES) + 1):
            number, _, shown = first.expect("done").partition(" ")
            assert int(number) == i
            last = json.loads(shown)
        first.expect("idle")
    finally:
        first.kill()
    assert first.proc.returncode == -signal.SIGKILL, first.stderr()
    assert last is not None
    assert last["tables"][0]["totals"] == [[23, 0], [28, 0]]
    assert last["tables"][1]["totals"] == [[30, 0], [30, 0]]  # poison 3, then undone
    assert last["tables"][2]["extension"] == 240
    assert last["tables"][3]["result"] is not None
    assert last["clock"][4] is True and last["clock"][3] is not None  # started and running

    second = DeskDriver(tmp_path, data)
    try:
        resumed = json.loads(second.expect("resumed"))
        second.expect("idle")
    finally:
        second.kill()
    assert "Traceback" not in second.stderr(), second.stderr()
    assert resumed == last
