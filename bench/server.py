"""Several devices on one PostgreSQL server (issue 24): eight writer processes take steps at 64
tracked tables of one event while `tablelife event watch` prints them.

    python -m bench server          (`make bench` runs it with the other suites)
    python -m bench.server [--writers 8] [--tables 64] [--steps 400] [--interval-ms 40]
                           [--rounds 5]

A throwaway server is started for it (`tests/pgserver.py`'s way: initdb and pg_ctl on a Unix
socket) with fsync on, in a temporary folder under the current one (usually a real disk; /tmp
may be RAM). Each writer is a process of its own, as a device is, holding its share of the
tables and taking a step at one of them every `interval` (life lost or gained: one game event,
as the desk's `GameModel` takes it, through `ops.game.save_step`: SERIALIZABLE, its step id,
the hold checked, the event's checksum chained, the server's notice sent on commit). The
writers' steps are spread over the interval, one after another, as devices' steps land.

Measured, each against the same processes doing a bare psycopg INSERT + NOTIFY in one
transaction (fsync on) on the same server in the same run, the two taking turns (`rounds`
phases each, bare first in odd rounds and last in even ones, each writer's steps shared
among them), so that neither kind has only the machine's quiet minutes or only its busy
ones. Each writer process's first few steps (`WARMUP`) go unmeasured, in both kinds. Each
figure is over all of a kind's steps; each round's own p99 is printed too
(`*_p99_by_round_ms`, and the median round's, `*_p99_median_round_ms`): a slow spell of a
fraction of a second, as a shared machine has now and then, holds up a few dozen steps of one
phase, and shows there. Measured:
- `commit`: a step's time, from the call to its return (the bare one: INSERT, NOTIFY, COMMIT);
- `watch`: from the moment its COMMIT is sent to `tablelife event watch` printing its line,
  read by this process from the watcher's stdout (the bare one: a psycopg LISTEN loop that
  prints each notice's payload).
Targets: commit p99 <= 3x bare; watch p99 <= 3x bare.

Prints ONE JSON line (`python -m bench server`), or with `python -m bench.server` a table too.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

WRITERS = 8
TABLES = 64
STEPS = 400
"""Steps each writer takes (bare, and again through Tablelife), shared among the rounds."""
ROUNDS = 5
"""Phases of each: bare, Tablelife, Tablelife, bare, bare, ..."""
WARMUP = 5
"""Steps each writer process takes before those measured, in every phase, bare and Tablelife
alike (its connection's first statements, psycopg preparing its statements after five)."""
INTERVAL_S = 0.04
"""A writer takes a step this often (eight writers: 200 steps a second in all)."""
START_S = 0.3
"""Once every writer process of a phase is ready (imported, connected, its tables held), its
first step is this long after."""
TARGET = 3.0
"""Both figures' p99 at most this many times the bare one's."""
BARE_CHANNEL = "bench_bare"

_BARE_WATCHER = """
import sys, psycopg
conn = psycopg.connect(sys.argv[1], autocommit=True)
conn.execute("LISTEN bench_bare")
print("ready", file=sys.stderr, flush=True)
for notice in conn.notifies():
    sys.stdout.write(notice.payload + "\\n")
    sys.stdout.flush()
"""


def _percentile(samples: list[float], p: float) -> float:
    ordered = sorted(samples)
    return ordered[min(len(ordered) - 1, round(p / 100 * (len(ordered) - 1)))]


# ----- the processes ---------------------------------------------------------------------------


def _go() -> float:
    """A writer process is ready: says so, and waits to be told when its first step is."""
    print("ready", flush=True)
    return float(sys.stdin.readline())


def _done(said: dict[str, Any]) -> None:
    """A writer process has taken its steps: prints its samples, and waits to be told that
    every writer has, before it closes its connection and ends (a process ending, and its
    server process with it, is work for the machine the others' last steps would share)."""
    print(json.dumps(said), flush=True)
    sys.stdin.readline()


def bare_writer(url: str, writer: int, steps: int, interval: float, first: int = 0) -> None:
    """One bare writer: INSERT a row the size of a game event, NOTIFY, COMMIT (its steps
    numbered from `first`); prints its samples as JSON: [key, the time its COMMIT was sent,
    the step's seconds]."""
    import psycopg

    payload = json.dumps(
        {"changes": [{"type": "Damage", "player": 0, "amount": 1}], "x": "y" * 120}
    )
    samples = []
    with psycopg.connect(url) as conn:
        start_at = _go()
        for i in range(WARMUP + steps):
            _until(start_at + i * interval)
            key = f"{writer}:{first + i}"
            begin = time.perf_counter()
            conn.execute(
                "INSERT INTO bench_bare (writer, seq, payload) VALUES (%s, %s, %s)",
                (writer, first + i, payload),
            )
            conn.execute("SELECT pg_notify(%s, %s)", (BARE_CHANNEL, key))
            sent = time.time()
            conn.commit()
            if i >= WARMUP:
                samples.append((key, sent, time.perf_counter() - begin))
        _done({"samples": samples, "again": 0})


def tablelife_writer(url: str, games: list[int], steps: int, interval: float) -> None:
    """One device: holds its games (renewed every 5 s, as the desk does), then takes a game
    step at one of them every `interval` through `ops.game.save_step`; prints its samples as
    JSON: [key "game:seq", the time its COMMIT was sent, the step's seconds]."""
    from tablelife.ops.game import save_step
    from tablelife.rules import Damage, GainLife
    from tablelife.store.live import HOLD_RENEW_SECONDS
    from tablelife.store.replay import walk
    from tablelife.store.server import ServerJournal, open_server

    opened = open_server(url)
    journal = opened.journal
    assert isinstance(journal, ServerJournal), opened.message
    sent: list[float] = []
    commit = journal._commit

    def stamped(conn: Any) -> None:  # the moment COMMIT is sent, as the bare writer's
        sent.append(time.time())
        commit(conn)

    journal._commit = stamped  # type: ignore[method-assign]
    again = journal._again
    retried = [0]

    def counted(exc: Any, attempt: int) -> bool:  # a step that lost a race, taken again
        retried[0] += 1
        return again(exc, attempt)

    journal._again = counted  # type: ignore[method-assign]
    tables = {}
    for game_id in games:  # as an earlier round's writer left them
        assert journal.take_hold(game_id) is None
        events = journal.events_since(game_id, 0)
        tables[game_id] = [walk(journal.game(game_id), events)[0], len(events)]
    renewed = time.monotonic()
    samples = []
    with journal:
        start_at = _go()
        for i in range(WARMUP + steps):
            _until(start_at + i * interval)
            game_id = games[i % len(games)]
            game, seq = tables[game_id]
            team = i // len(games) % 2
            player = game.players_of(team)[0]
            change = Damage(player, 3) if game.life(team) > 15 else GainLife(player, 9)
            event = game.preview(change, when=time.time())
            begin = time.perf_counter()
            save_step(
                journal, game_id, "apply", event.changes, event.time, event.after, was_over=False
            )
            took = time.perf_counter() - begin
            game.record(event)
            tables[game_id][1] = seq = seq + 1
            if i >= WARMUP:
                samples.append((f"{game_id}:{seq}", sent[-1], took))
            if time.monotonic() - renewed > HOLD_RENEW_SECONDS:
                journal.take_holds(games)
                renewed = time.monotonic()
        _done({"samples": samples, "again": retried[0]})


def _staggered(start_at: float, writers: int, interval: float) -> list[float]:
    """Each writer's first step: one after another within an interval, as devices' steps
    land (not all eight at the same instant, every interval)."""
    return [start_at + w * interval / writers for w in range(writers)]


def _until(moment: float) -> None:
    left = moment - time.time()
    if left > 0:
        time.sleep(left)


class _Lines:
    """A process's stdout lines as they come, each with the time it was read."""

    def __init__(self, proc: subprocess.Popen[str], key: Any) -> None:
        self.seen: dict[str, float] = {}
        self._key = key
        self._thread = threading.Thread(target=self._read, args=(proc,), daemon=True)
        self._thread.start()

    def _read(self, proc: subprocess.Popen[str]) -> None:
        assert proc.stdout is not None
        for line in proc.stdout:
            at = time.time()
            key = self._key(line)
            if key is not None:
                self.seen.setdefault(key, at)

    def join(self) -> None:
        self._thread.join(timeout=60)


def _game_key(line: str) -> str | None:
    found = json.loads(line)
    if not found["kind"].startswith("game."):
        return None
    return f"{found['data']['game_id']}:{found['seq']}"


def _busy() -> tuple[float, float]:
    """The machine's CPU seconds spent working and in all, so far (Linux; zeros elsewhere)."""
    try:
        fields = [float(x) for x in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    except (OSError, ValueError):
        return 0.0, 0.0
    idle = fields[3] + (fields[4] if len(fields) > 4 else 0.0)  # idle and waiting for the disk
    return sum(fields) - idle, sum(fields)


def _phase(
    watcher: list[str],
    writers: list[list[str]],
    key: Any,
    ready: str,
    interval: float,
    start: float,
) -> tuple[list[float], list[float], int, float]:
    """Starts the watcher and waits until it watches; starts the writers, waits until each is
    ready, then tells each when its first step is (`_staggered`, `start` from then) and waits
    for their samples. The steps' times and the commit-to-print latencies (seconds), how
    many steps were taken again, and the share of the machine's CPU time that was busy
    meanwhile."""
    env = {**os.environ, "PYTHONUNBUFFERED": "1"}
    watch = subprocess.Popen(
        watcher, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env
    )
    try:
        assert watch.stderr is not None
        said = watch.stderr.readline()
        if ready not in said:
            raise RuntimeError(f"the watcher did not start: {said}{watch.stderr.read()}")
        lines = _Lines(watch, key)
        procs = [
            subprocess.Popen(
                argv, stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env
            )
            for argv in writers
        ]
        for proc in procs:
            assert proc.stdout is not None
            if proc.stdout.readline().strip() != "ready":
                raise RuntimeError(f"a writer did not start ({proc.wait(timeout=60)})")
        busy_before = _busy()
        for proc, at in zip(
            procs, _staggered(time.time() + start, len(procs), interval), strict=True
        ):
            assert proc.stdin is not None
            proc.stdin.write(f"{at!r}\n")
            proc.stdin.flush()
        samples = []
        again = 0
        for proc in procs:
            assert proc.stdout is not None
            out = proc.stdout.readline()
            if not out:
                raise RuntimeError(f"a writer failed ({proc.wait(timeout=60)})")
            said = json.loads(out)
            samples += said["samples"]
            again += said["again"]
        for proc in procs:  # every writer has taken its steps: they may end
            proc.communicate("\n", timeout=600)
            if proc.returncode != 0:
                raise RuntimeError(f"a writer failed ({proc.returncode})")
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not all(s[0] in lines.seen for s in samples):
            time.sleep(0.05)
        busy_after = _busy()
    finally:
        watch.terminate()
        watch.wait(timeout=60)
    lines.join()
    for stream in (watch.stdout, watch.stderr):
        if stream is not None:
            stream.close()
    took = [s[2] for s in samples]
    latency = [lines.seen[k] - at for k, at, _t in samples if k in lines.seen]
    if len(latency) != len(samples):
        raise RuntimeError(f"the watcher printed {len(latency)} of {len(samples)} steps")
    worked, spent = (after - before for after, before in zip(busy_after, busy_before, strict=True))
    return took, latency, again, worked / spent if spent else 0.0


# ----- the run -----------------------------------------------------------------------------


def _event(url: str, tables: int) -> list[int]:
    """An event of `tables` Two-Headed Giant tables, paired, each table's game begun; the
    games' ids, by table."""
    from tablelife.ops import event as steps
    from tablelife.ops import table as table_steps
    from tablelife.store.events import load_event
    from tablelife.store.server import open_server
    from tablelife.tournament.event import EventSettings

    opened = open_server(url)
    assert opened.journal is not None, opened.message
    with opened.journal as journal:
        teams = [f"Player {i} & Partner {i}" for i in range(1, 2 * tables + 1)]
        settings = EventSettings("Bench", format="2hg", rounds=4, minutes=50)
        event_id = steps.new_event(journal, settings, teams)
        pairs = [[teams[2 * i], teams[2 * i + 1]] for i in range(tables)]
        changes = steps.pair_tables(journal, event_id, load_event(journal, event_id), pairs)
        event = changes.event
        games = []
        for table in range(1, tables + 1):
            opened_game = table_steps.open_game(journal, event_id, event, table)
            event = opened_game.event
            games.append(opened_game.opened[0].game_id)
    return games


def run(
    url: str | None = None,
    *,
    writers: int = WRITERS,
    tables: int = TABLES,
    steps: int = STEPS,
    interval: float = INTERVAL_S,
    start: float = START_S,
    rounds: int = ROUNDS,
) -> dict[str, Any]:
    """Every figure. `url`: a server (a superuser's login on an empty database) to use
    rather than a throwaway one of its own (the tests' quick run)."""
    if url is not None:
        return _measure(url, writers, tables, steps, interval, start, rounds)
    sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
    from tests import pgserver

    if pgserver.bindir() is None:
        return {"skipped": "no PostgreSQL server programs (initdb, pg_ctl) on this machine"}
    with tempfile.TemporaryDirectory(prefix="tablelife-bench-", dir=Path.cwd()) as scratch:
        Path(scratch).chmod(0o755)  # the server's own user (postgres, when we are root) enters
        with pgserver.running(fsync=True, under=Path(scratch)) as server:
            import psycopg

            with psycopg.connect(server.url(), autocommit=True) as admin:
                admin.execute("CREATE DATABASE bench")
            figures = _measure(
                server.url(dbname="bench"), writers, tables, steps, interval, start, rounds
            )
    figures["fsync"] = "on"
    return figures


def _measure(
    url: str, writers: int, tables: int, steps: int, interval: float, start: float, rounds: int
) -> dict[str, Any]:
    import psycopg
    from psycopg.conninfo import make_conninfo

    from tablelife.store.server import init_server

    init_server(url)
    with psycopg.connect(url, autocommit=True) as admin:
        for login, role in (("bench_desk", "tablelife_staff"), ("bench_board", "tablelife_viewer")):
            admin.execute(f"DROP ROLE IF EXISTS {login}")
            admin.execute(f"CREATE ROLE {login} LOGIN IN ROLE {role}")
        admin.execute(
            "CREATE TABLE bench_bare (writer integer, seq integer, at timestamptz DEFAULT now(),"
            " payload text, PRIMARY KEY (writer, seq))"
        )
    rounds = max(1, min(rounds, steps))  # a step at least for each writer in each phase
    desk, board = make_conninfo(url, user="bench_desk"), make_conninfo(url, user="bench_board")
    games = _event(desk, tables)
    me = [sys.executable, "-m", "bench.server"]
    shares = [games[w::writers] for w in range(writers)]
    measured: dict[bool, list[tuple[list[float], list[float], int, float]]] = {
        False: [],
        True: [],
    }
    done = 0
    for number in range(rounds):
        count = steps * (number + 1) // rounds - done  # this round's share of each writer's
        for ours in (False, True) if number % 2 == 0 else (True, False):
            if ours:
                phase = _phase(
                    [sys.executable, "-m", "tablelife", "event", "watch", "--server", board],
                    [
                        [
                            *me,
                            "--writer",
                            desk,
                            ",".join(map(str, share)),
                            str(count),
                            str(interval),
                        ]
                        for share in shares
                    ],
                    _game_key,
                    "watching",
                    interval,
                    start,
                )
            else:
                phase = _phase(
                    [sys.executable, "-c", _BARE_WATCHER, url],
                    [
                        [
                            *me,
                            "--bare-writer",
                            url,
                            *map(str, (w, count, interval, 10_000 * number)),
                        ]
                        for w in range(writers)
                    ],
                    lambda line: line.strip() or None,
                    "ready",
                    interval,
                    start,
                )
            measured[ours].append(phase)
        done += count
    ms = 1000.0
    f: dict[str, Any] = {
        "writers": writers,
        "tables": tables,
        "rounds": rounds,
        "steps": sum(len(p[0]) for p in measured[True]),
        "steps_per_s": round(writers / interval, 1),
        "taken_again": sum(p[2] for p in measured[True]),
        "cpu_busy": round(statistics.fmean(p[3] for p in measured[True]), 2),
        "bare_cpu_busy": round(statistics.fmean(p[3] for p in measured[False]), 2),
    }
    for name, which in (("commit", 0), ("watch", 1)):
        for prefix, phases in (("", measured[True]), ("bare_", measured[False])):
            every = [t for p in phases for t in p[which]]
            f[f"{prefix}{name}_p50_ms"] = round(statistics.median(every) * ms, 2)
            f[f"{prefix}{name}_p99_ms"] = round(_percentile(every, 99) * ms, 2)
            by_round = [_percentile(p[which], 99) * ms for p in phases]
            f[f"{prefix}{name}_p99_by_round_ms"] = [round(t, 2) for t in by_round]
            f[f"{prefix}{name}_p99_median_round_ms"] = round(statistics.median(by_round), 2)
        f[f"{name}_p99_vs_bare"] = round(f[f"{name}_p99_ms"] / f[f"bare_{name}_p99_ms"], 2)
        f[f"{name}_p99_median_round_vs_bare"] = round(
            f[f"{name}_p99_median_round_ms"] / f[f"bare_{name}_p99_median_round_ms"], 2
        )
        f[f"{name}_target_met"] = f[f"{name}_p99_vs_bare"] <= TARGET
    return f


SCALE_TEAMS = 1000
SCALE_ROUNDS = 10  # MTR Appendix E's Swiss rounds for more than 409 teams
SCALE_TIMED = 9
"""Result steps timed in each of the first and the last round (the others are written as
a desk's steps write them, without timing each)."""


def scale(url: str | None = None) -> dict[str, Any]:
    """The figures behind the README's "scale on paper": a 1,000-team Two-Headed Giant event
    (500 tables) taken to its tenth Swiss round on a throwaway server (fsync on): how long a
    result step takes as the log grows (a device's step reads the event's log, and the server
    checks the entry against it), how long a desk takes to open the event, to catch up with
    one entry, and to verify it all, and how much room it takes."""
    if url is None:
        sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
        from tests import pgserver

        if pgserver.bindir() is None:
            return {"skipped": "no PostgreSQL server programs (initdb, pg_ctl) on this machine"}
        with tempfile.TemporaryDirectory(prefix="tablelife-bench-", dir=Path.cwd()) as scratch:
            Path(scratch).chmod(0o755)
            with pgserver.running(fsync=True, under=Path(scratch)) as server:
                import psycopg

                with psycopg.connect(server.url(), autocommit=True) as admin:
                    admin.execute("CREATE DATABASE bench")
                return scale(server.url(dbname="bench"))
    from tablelife.ops import event as steps
    from tablelife.store import Journal
    from tablelife.store.events import load_event
    from tablelife.store.server import init_server, open_server
    from tablelife.tournament.event import EventSettings

    init_server(url)
    opened = open_server(url)
    journal = opened.journal
    assert journal is not None, opened.message
    figures: dict[str, Any] = {"teams": SCALE_TEAMS, "tables": SCALE_TEAMS // 2}
    with journal:
        teams = [f"Player {i} & Partner {i}" for i in range(1, SCALE_TEAMS + 1)]
        begin = time.perf_counter()
        event_id = steps.new_event(
            journal, EventSettings("Big", format="2hg", rounds=SCALE_ROUNDS), teams
        )
        figures["new_event_s"] = round(time.perf_counter() - begin, 2)
        for number in range(1, SCALE_ROUNDS + 1):
            begin = time.perf_counter()
            event = journal.run(
                lambda n=number: steps.pair_next(
                    journal, event_id, load_event(journal, event_id), n
                )
            ).event
            pairing = time.perf_counter() - begin
            current = event.current
            assert current is not None
            timed, at_desk = [], []
            for i, table in enumerate(t for t in current.tables if not t.bye):
                if number in (1, SCALE_ROUNDS) and i < SCALE_TIMED:
                    begin = time.perf_counter()  # as `tablelife event result` takes it
                    event = journal.run(
                        lambda t=table: steps.enter_result(
                            journal, event_id, load_event(journal, event_id), t.number, t.teams[0]
                        )
                    ).event
                    timed.append(time.perf_counter() - begin)
                    continue
                if number in (1, SCALE_ROUNDS) and i < 2 * SCALE_TIMED:
                    begin = time.perf_counter()  # as a desk takes it: its event in hand
                    event = steps.enter_result(
                        journal, event_id, event, table.number, table.teams[0]
                    ).event
                    at_desk.append(time.perf_counter() - begin)
                    continue
                data = steps.result_data(event, table.number, table.teams[i % 2])
                event.apply("result", data, event.latest)
                Journal.log(journal, event_id, "result", data, when=event.latest)  # unchecked
            if timed:
                figures[f"round_{number}_log_entries"] = event.records
                figures[f"round_{number}_result_step_ms"] = round(
                    statistics.median(timed) * 1000, 1
                )
                figures[f"round_{number}_desk_result_step_ms"] = round(
                    statistics.median(at_desk) * 1000, 1
                )
                figures[f"round_{number}_pairing_s"] = round(pairing, 2)
        begin = time.perf_counter()
        event = load_event(journal, event_id)
        figures["log_entries"] = event.records
        figures["open_event_s"] = round(time.perf_counter() - begin, 2)
        begin = time.perf_counter()
        event.standings()
        figures["standings_s"] = round(time.perf_counter() - begin, 2)
        begin = time.perf_counter()
        entries = journal.log_since(event_id, event.records - 1)
        for entry in entries:
            event.copy().apply(entry.kind, entry.data, entry.time)
        figures["catch_up_one_entry_ms"] = round((time.perf_counter() - begin) * 1000, 1)
        begin = time.perf_counter()
        assert journal.verify_tournament(event_id) is None
        figures["verify_event_s"] = round(time.perf_counter() - begin, 2)
        size = journal._sql.execute("SELECT pg_database_size(current_database())").fetchone()
        figures["database_mb"] = round(int(size[0]) / 1e6, 1)
    return figures


def main(argv: list[str] | None = None) -> int:
    """Runs the benchmark and prints its table (or, with --writer/--bare-writer, is one of
    its writer processes)."""
    argv = sys.argv[1:] if argv is None else argv
    if argv and argv[0] == "--writer":
        url, games, steps, interval = argv[1:]
        tablelife_writer(url, [int(g) for g in games.split(",")], int(steps), float(interval))
        return 0
    if argv and argv[0] == "--scale":
        print(json.dumps(scale()))
        return 0
    if argv and argv[0] == "--bare-writer":
        url, writer, steps, interval, first = argv[1:]
        bare_writer(url, int(writer), int(steps), float(interval), int(first))
        return 0
    parser = argparse.ArgumentParser(prog="python -m bench.server", description=__doc__)
    parser.add_argument("--writers", type=int, default=WRITERS)
    parser.add_argument("--tables", type=int, default=TABLES)
    parser.add_argument("--steps", type=int, default=STEPS, help="steps per writer")
    parser.add_argument("--interval-ms", type=float, default=INTERVAL_S * 1000)
    parser.add_argument("--rounds", type=int, default=ROUNDS, help="phases of each, in turn")
    args = parser.parse_args(argv)
    f = run(
        writers=args.writers,
        tables=args.tables,
        steps=args.steps,
        interval=args.interval_ms / 1000,
        rounds=args.rounds,
    )
    print(json.dumps(f))
    if "skipped" in f:
        return 0
    print(
        f"{f['writers']} writers x {f['tables']} tables, {f['steps']} steps "
        f"({f['steps_per_s']} a second) in {f['rounds']} rounds taking turns with bare ones,"
        " fsync on"
    )
    for name, label in (("commit", "a step's commit"), ("watch", "commit to event watch")):
        ratio = f[f"{name}_p99_vs_bare"]
        verdict = "ok" if ratio <= TARGET else "OVER TARGET"
        print(
            f"  {label:24} p50 {f[f'{name}_p50_ms']:7.2f} ms  p99 {f[f'{name}_p99_ms']:7.2f} ms"
            f"   bare p50 {f[f'bare_{name}_p50_ms']:7.2f} ms"
            f"  p99 {f[f'bare_{name}_p99_ms']:7.2f} ms"
            f"   p99 {ratio:.2f}x bare (target <= {TARGET:g}x: {verdict});"
            f" the median round's {f[f'{name}_p99_median_round_vs_bare']:.2f}x"
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
