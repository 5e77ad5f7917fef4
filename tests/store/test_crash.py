"""Crash safety: a writer process is SIGKILLed at random moments, over and over.

After each kill the journal must open cleanly, pass PRAGMA integrity_check and its checksum
chains, hold every event the writer reported as committed, and replay to the states the writer
reported.

What this does and doesn't show: SIGKILL ends the process at any instruction, including in
the middle of a transaction or of writing the WAL, so it checks that a commit is all or
nothing and that nothing the writer saw committed is lost. It does not cut the power: data the
kernel already holds survives a killed process either way, so it can't test the fsync itself
(synchronous=FULL is checked in test_journal.py).
"""

from __future__ import annotations

import os
import random
import signal
import subprocess
import sys
import time
from pathlib import Path

from tablelife.store import open_journal
from tablelife.store.replay import Replayer
from tests.store.crash_writer import digest

REPO = Path(__file__).resolve().parents[2]
KILLS = 100


def _run_writer(data: Path, seed: int, delay: float) -> tuple[list[str], str]:
    """Starts a writer, kills it `delay` seconds after it is ready; returns its whole lines."""
    env = {k: v for k, v in os.environ.items() if not k.startswith("COV_")}
    env["PYTHONPATH"] = str(REPO)
    with subprocess.Popen(
        [sys.executable, "-m", "tests.store.crash_writer", str(data), str(seed)],
        cwd=REPO,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    ) as proc:
        assert proc.stdout is not None and proc.stderr is not None
        first = proc.stdout.readline()
        if first.startswith("ready "):
            time.sleep(delay)
        proc.send_signal(signal.SIGKILL)
        rest = proc.stdout.read()
        err = proc.stderr.read()
        proc.wait(timeout=30)
    assert first.startswith("ready "), f"the writer did not start: {first!r} {err}"
    assert proc.returncode == -signal.SIGKILL, err
    # The kill may cut the last line short; only whole lines were printed after a commit.
    return (first + rest).split("\n")[:-1], err


def _check_journal(data: Path, reported: dict[int, dict[int, str]], games: set[int]) -> None:
    opened = open_journal(data)
    assert opened.message is None, opened.message
    assert opened.journal is not None
    with opened.journal as journal:
        assert journal.check(full=True) is None
        for gid in games:
            assert journal.verify(gid) is None  # its checksum chain holds after a kill
            row = journal.game(gid)
            events = journal.events(gid)
            assert [e.seq for e in events] == list(range(1, len(events) + 1))
            replayer = Replayer(row.setup.new_game())
            digests = {0: digest(replayer.game)}
            for event in events:
                replayer.step(event.seq, event.kind, event.changes)
                digests[event.seq] = digest(replayer.game)
            for seq, expected in reported.get(gid, {}).items():
                assert seq in digests, f"game {gid}: committed event {seq} is lost"
                assert digests[seq] == expected, f"game {gid}, event {seq}"


def test_sigkill_at_random_moments_loses_no_committed_event(tmp_path: Path) -> None:
    rng = random.Random(20240521)
    data = tmp_path / "crash"
    reported: dict[int, dict[int, str]] = {}  # game → seq → digest after it
    killed_mid_game = 0
    for run in range(KILLS):
        lines, _ = _run_writer(data, seed=run, delay=rng.uniform(0.005, 0.060))
        touched: set[int] = set()
        for line in lines:
            word, *rest = line.split(" ")
            if word == "ready":
                gid, seq = int(rest[0]), int(rest[1])
                # What it restored after the last kill is what it had committed by then.
                if seq in reported.get(gid, {}):
                    assert reported[gid][seq] == rest[2], f"run {run}: restored state differs"
                reported.setdefault(gid, {})[seq] = rest[2]
            elif word == "new":
                gid = int(rest[0])
            else:
                gid = int(word)
                reported.setdefault(gid, {})[int(rest[0])] = rest[1]
            touched.add(gid)
        killed_mid_game += len(lines) > 1
        _check_journal(data, reported, touched)
    _check_journal(data, reported, set(reported))
    with open_journal(data).journal as journal:  # type: ignore[union-attr]
        assert journal.verify_all() == []
    events = sum(len(seqs) for seqs in reported.values())
    # The kills landed while the writer was writing, not only before it started.
    assert killed_mid_game >= KILLS * 0.8
    assert events >= KILLS * 5
