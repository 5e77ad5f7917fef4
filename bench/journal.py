"""Journal benchmark: how long a committed append takes, and how long a big journal takes to
open and restore its last game.

    python -m bench.journal [--dir DIR]

Figures are printed next to a bare baseline measured in the same run: writing a few bytes to
a file and fsyncing it, which is the floor for any durable append on this disk. The journal
goes in a temporary folder under DIR (default: the current folder, which is usually on a real
disk; /tmp may be RAM, where fsync costs nothing). Targets: append p99 ≤ 10 ms; opening a
journal of 100 games × 500 events and restoring the last game ≤ 0.5 s.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import tempfile
import time
from pathlib import Path

from tablelife.rules import (
    Change,
    Damage,
    GainLife,
    PassTurn,
    PayLife,
    Poison,
    RuleError,
    TwoHeadedGiant,
)
from tablelife.store import EventKind, GameSetup, Journal, open_journal, replay, result_of

APPENDS = 1000
GAMES = 100
EVENTS_PER_GAME = 500
OPENS = 5
APPEND_P99_TARGET_MS = 10.0
OPEN_TARGET_S = 0.5

SETUP = GameSetup(TwoHeadedGiant(), ("Ann", "Bob", "Cat", "Dan"), preset="Two-Headed Giant")


def _percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


def _opened(directory: Path) -> Journal:
    opened = open_journal(directory)
    if opened.journal is None or opened.message:
        raise SystemExit(f"bench: {opened.message}")
    return opened.journal


def _changes(rng: random.Random) -> tuple[Change, ...]:
    def one() -> Change:
        player = rng.randrange(4)
        options: list[Change] = [
            Damage(player, rng.randint(0, 3)),
            GainLife(player, rng.randint(0, 3)),
            PayLife(player, rng.randint(0, 2)),
            Poison(player, rng.randint(-1, 1)),
            PassTurn(),
        ]
        return rng.choice(options)

    return tuple(one() for _ in range(rng.randint(1, 3)))


def _events(rng: random.Random, count: int) -> list[tuple[float, EventKind, tuple[Change, ...]]]:
    """A plausible game of about `count` events (with undos and redos) that never ends."""
    game = SETUP.new_game()
    out: list[tuple[float, EventKind, tuple[Change, ...]]] = []
    stamp = time.time()
    while len(out) < count:
        roll = rng.random()
        if roll < 0.08 and game.undo():
            out.append((stamp, "undo", ()))
        elif roll < 0.12 and game.redo():
            out.append((stamp, "redo", ()))
        else:
            changes = _changes(rng)
            try:
                event = game.apply(*changes)
            except RuleError:
                continue
            out.append((stamp, "apply", changes))
            if event.after.over:  # keep it going, as players would after a misclick
                game.undo()
                out.append((stamp, "undo", ()))
        stamp += 1.0
    return out


def bare_fsync(directory: Path, count: int = APPENDS) -> list[float]:
    """Seconds to write ~100 bytes and fsync them, `count` times: the floor for an append."""
    samples = []
    fd = os.open(directory / "fsync-baseline", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
    try:
        for _ in range(count):
            start = time.perf_counter()
            os.write(fd, b"x" * 100)
            os.fsync(fd)
            samples.append(time.perf_counter() - start)
    finally:
        os.close(fd)
    return samples


def appends(directory: Path, count: int = APPENDS) -> list[float]:
    """Seconds for each of `count` committed appends (like the model: one per event)."""
    rng = random.Random(1)
    samples = []
    with _opened(directory) as journal:
        gid = journal.new_game(SETUP)
        for _stamp, kind, changes in _events(rng, count):
            start = time.perf_counter()
            journal.append(gid, kind, changes)
            samples.append(time.perf_counter() - start)
    return samples


def build_big_journal(directory: Path) -> None:
    """GAMES games of EVENTS_PER_GAME events each; all finished but the newest."""
    rng = random.Random(2)
    with _opened(directory) as journal:
        started = time.time() - GAMES * 3600
        for n in range(GAMES - 1):
            journal.import_game(
                SETUP,
                started + n * 3600,
                started + n * 3600 + 3000,
                result_of(SETUP.new_game().state),
                _events(rng, EVENTS_PER_GAME),
            )
        # The table's own game, played here (imported games are never resumed).
        gid = journal.new_game(SETUP, started=started + GAMES * 3600)
        for stamp, kind, changes in _events(rng, EVENTS_PER_GAME):
            journal.append(gid, kind, changes, when=stamp)


def open_and_restore(directory: Path) -> tuple[float, float]:
    """Seconds to open the journal (with its integrity check) and to restore the last game."""
    start = time.perf_counter()
    journal = _opened(directory)
    opened = time.perf_counter()
    try:
        row = journal.last_unfinished()
        assert row is not None
        game = replay(row, journal.events(row.id))
        assert len(game.history) + len(game.redo_events) > 0
    finally:
        journal.close()
    return opened - start, time.perf_counter() - opened


def run(directory: Path | None = None) -> dict[str, float]:
    """Measures everything in a temporary folder under `directory`; returns the figures
    (milliseconds for appends and fsync, seconds for opening)."""
    with tempfile.TemporaryDirectory(prefix="tablelife-bench-", dir=directory) as tmp:
        folder = Path(tmp)
        fsync = bare_fsync(folder)
        append = appends(folder / "appends")
        build_big_journal(folder / "big")
        size = (folder / "big" / "tablelife.sqlite3").stat().st_size
        timings = [open_and_restore(folder / "big") for _ in range(OPENS)]
    totals = [a + b for a, b in timings]
    ms = 1000.0
    figures = {
        "fsync_p50_ms": statistics.median(fsync) * ms,
        "fsync_p99_ms": _percentile(fsync, 99) * ms,
        "append_p50_ms": statistics.median(append) * ms,
        "append_p99_ms": _percentile(append, 99) * ms,
        "append_max_ms": max(append) * ms,
        "open_s": statistics.median(a for a, _ in timings),
        "restore_s": statistics.median(b for _, b in timings),
        "open_restore_s": statistics.median(totals),
        "open_restore_max_s": max(totals),
        "journal_mb": size / 1e6,
    }
    figures["append_p99_vs_fsync_p99"] = figures["append_p99_ms"] / figures["fsync_p99_ms"]
    return figures


def main(argv: list[str] | None = None) -> int:
    """Runs the benchmark and prints the figures."""
    parser = argparse.ArgumentParser(prog="python -m bench.journal", description=__doc__)
    parser.add_argument(
        "--dir", type=Path, default=Path.cwd(), help="where to make the temp folder"
    )
    args = parser.parse_args(argv)
    f = run(args.dir)

    def verdict(ok: bool) -> str:
        return "ok" if ok else "OVER TARGET"

    print(f"journal bench in {args.dir.resolve()}")
    print(
        f"  bare write+fsync      p50 {f['fsync_p50_ms']:7.2f} ms   p99 {f['fsync_p99_ms']:7.2f} ms"
    )
    print(
        f"  append (committed)    p50 {f['append_p50_ms']:7.2f} ms   "
        f"p99 {f['append_p99_ms']:7.2f} ms   max {f['append_max_ms']:.2f} ms ({APPENDS} appends)"
    )
    print(
        f"  append p99 / fsync p99 = {f['append_p99_vs_fsync_p99']:.2f}x   "
        f"target p99 ≤ {APPEND_P99_TARGET_MS:g} ms: "
        f"{verdict(f['append_p99_ms'] <= APPEND_P99_TARGET_MS)}"
    )
    print(
        f"  {GAMES} games × {EVENTS_PER_GAME} events ({f['journal_mb']:.1f} MB): "
        f"open {f['open_s'] * 1000:.0f} ms + restore last game {f['restore_s'] * 1000:.0f} ms "
        f"= {f['open_restore_s'] * 1000:.0f} ms (median of {OPENS}; "
        f"worst {f['open_restore_max_s'] * 1000:.0f} ms)"
    )
    print(
        f"  target open + restore ≤ {OPEN_TARGET_S:g} s: "
        f"{verdict(f['open_restore_max_s'] <= OPEN_TARGET_S)}"
    )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
