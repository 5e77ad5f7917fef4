"""Resume after a real kill: the app, played by key presses in its own process, is SIGKILLed;
the journal must hold every event it showed, and a restart must bring the game back exactly.

The driver (`kill_driver.py`) reports each event after the model shows it, and the model shows
an event only once it is in the journal, so every reported event must survive the kill. A tap
still pending at the kill was never an event: it must not come back. Both runs use the real
`build_window`, the real journal on disk and `python -m tablelife export` to read it.
"""

from __future__ import annotations

import json
import os
import queue
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import IO, Any

import pytest

from tests.model.kill_driver import SCRIPT

REPO = Path(__file__).resolve().parents[2]
LINE_TIMEOUT = 180.0
"""Seconds to wait for the driver's next line before failing: a bound for a failure, with
room for a machine loaded by other work (issue 28); a passing run waits only for the line."""


def _env(tmp_path: Path, data: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("COV_")}
    home = tmp_path / "home"
    env.update(
        PYTHONPATH=str(REPO),
        QT_QPA_PLATFORM="offscreen",
        TABLELIFE_DATA_DIR=str(data),
        HOME=str(home),
        XDG_CONFIG_HOME=str(home / ".config"),
        XDG_DATA_HOME=str(home / ".local" / "share"),
        XDG_CACHE_HOME=str(home / ".cache"),
    )
    return env


class Driver:
    """The driver process; its stdout is read by a thread, so no read can hang the test."""

    module = "tests.model.kill_driver"

    def __init__(self, tmp_path: Path, data: Path, *args: str) -> None:
        self._err_path = tmp_path / f"driver-{time.monotonic_ns()}.err"
        with self._err_path.open("w") as err:  # the child keeps its own copy of the file
            self.proc = subprocess.Popen(
                [sys.executable, "-m", self.module, str(data), *args],
                cwd=REPO,
                env=_env(tmp_path, data),
                stdin=subprocess.PIPE,
                stdout=subprocess.PIPE,
                stderr=err,
                text=True,
            )
        self.lines: list[str] = []
        self._queue: queue.Queue[str | None] = queue.Queue()
        assert self.proc.stdout is not None
        self._reader = threading.Thread(target=self._read, args=(self.proc.stdout,), daemon=True)
        self._reader.start()

    def _read(self, stream: IO[str]) -> None:
        for line in stream:
            self._queue.put(line)
        self._queue.put(None)

    def send(self, line: str) -> None:
        """Writes one line to the driver's stdin."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(line + "\n")
        self.proc.stdin.flush()

    def stderr(self) -> str:
        """What the driver wrote to stderr so far."""
        return self._err_path.read_text()

    def expect(self, word: str) -> str:
        """The rest of the next line, which must start with `word`."""
        try:
            line = self._queue.get(timeout=LINE_TIMEOUT)
        except queue.Empty:
            pytest.fail(f"no line from the driver in {LINE_TIMEOUT} s; stderr:\n{self.stderr()}")
        if line is None:
            pytest.fail(f"the driver ended (code {self.proc.poll()}); stderr:\n{self.stderr()}")
        if not line.endswith("\n"):
            pytest.fail(f"a cut line from the driver: {line!r}")
        self.lines.append(line)
        head, _, rest = line.rstrip("\n").partition(" ")
        assert head == word, f"expected {word!r}, got {line!r}; stderr:\n{self.stderr()}"
        return rest

    def kill(self) -> list[str]:
        """SIGKILLs the driver (if it still runs) and returns its whole lines not yet read."""
        if self.proc.poll() is None:
            self.proc.send_signal(signal.SIGKILL)
        self.proc.wait(timeout=LINE_TIMEOUT)
        self._reader.join(timeout=LINE_TIMEOUT)
        rest = []
        while (line := self._queue.get(timeout=LINE_TIMEOUT)) is not None:
            rest.append(line)
        for stream in (self.proc.stdout, self.proc.stdin):
            if stream is not None:
                stream.close()
        return rest


def _export(tmp_path: Path, data: Path) -> dict[str, Any]:
    command = ["export", "--data-dir", str(data), "--last", "--format", "json"]
    done = subprocess.run(
        [sys.executable, "-m", "tablelife", *command],
        cwd=REPO,
        env=_env(tmp_path, data),
        capture_output=True,
        text=True,
        timeout=LINE_TIMEOUT,
    )
    assert (done.returncode, done.stderr) == (0, ""), done.stderr
    exported: dict[str, Any] = json.loads(done.stdout)
    return exported


def test_a_killed_app_keeps_every_event_it_showed_and_resumes_exactly(tmp_path: Path) -> None:
    data = tmp_path / "data"
    played = len(SCRIPT)  # the script ends on an undo: there is a redo stack at the kill

    first = Driver(tmp_path, data, str(played), "--pending")
    try:
        start = json.loads(first.expect("ready"))
        reported = []
        for i in range(1, played + 1):
            number, _, snapshot = first.expect("commit").partition(" ")
            assert int(number) == i
            reported.append(json.loads(snapshot))
        first.expect("pending")  # a tap waits, uncommitted, as the app is killed
    finally:
        rest = first.kill()
    assert first.proc.returncode == -signal.SIGKILL, first.stderr()
    assert "Traceback" not in first.stderr() and "Warning" not in first.stderr(), first.stderr()
    assert rest in ([], ["idle\n"])
    assert start["history"] == 0 and start["game"] is not None

    # (a) The journal, as `tablelife export` reads it: every shown event, nothing more.
    exported = _export(tmp_path, data)
    assert exported["game_id"] == start["game"]
    assert (exported["ended"], exported["result"]) == (None, None)
    events = exported["events"]
    assert [e["kind"] for e in events] == [kind for kind, _ in SCRIPT]
    for seq, (event, shown) in enumerate(zip(events, reported, strict=True), 1):
        assert event["seq"] == seq
        assert event["after"] == shown["state"], f"event {seq}"
    last = reported[-1]
    assert [(t["life"], t["poison"]) for t in events[-1]["after"]["teams"]] == [
        (t["life"], t["poison"]) for t in last["state"]["teams"]
    ]
    # The script really moved the game: a turn passed, life and poison changed.
    assert last["state"]["turn"] == 2
    assert [(t["life"], t["poison"]) for t in last["state"]["teams"]] == [(30, 1), (23, 0)]
    assert (last["history"], last["redo"]) == (3, 1)

    # (b) A restart resumes the same game exactly: state, turn, undo and redo stacks.
    second = Driver(tmp_path, data, "0")
    try:
        resumed = json.loads(second.expect("ready"))
        second.expect("idle")
    finally:
        second.kill()
    assert second.proc.returncode == -signal.SIGKILL, second.stderr()
    assert "Traceback" not in second.stderr(), second.stderr()
    assert resumed == last
    assert resumed["undo_stack"]["redo"] == "Player 2: gains 1 life, Player 2: +1 poison"

    # Resuming wrote nothing: the journal is as the kill left it.
    assert _export(tmp_path, data) == exported
