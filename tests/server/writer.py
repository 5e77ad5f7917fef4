"""Run by test_races.py as `python -m tests.server.writer URL NAME STEPS SEED OUT`: one of
several staff devices racing on one event through `tablelife event ...` (in this process, as
the command line runs it): results and corrections on random tables of the current round, its
own team dropped and back, pairing the next round when it can. Each command's arguments,
exit code and stderr go to OUT as one JSON line, with how many times a step was tried again
after losing a race."""

from __future__ import annotations

import contextlib
import io
import json
import random
import sys
import time

from tablelife.cli import cli_main
from tablelife.store import StorageError
from tablelife.store.events import load_event
from tablelife.store.server import ServerJournal, open_server
from tablelife.tournament.event import Tournament

RETRIES = [0]


def _count_retries() -> None:
    again = ServerJournal._again

    def counted(self: ServerJournal, exc: object, attempt: int) -> bool:
        tried = again(self, exc, attempt)  # type: ignore[arg-type]
        RETRIES[0] += tried
        return tried

    ServerJournal._again = counted  # type: ignore[method-assign]


def _run(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.BytesIO(), io.StringIO()
    stdout = io.TextIOWrapper(out, encoding="utf-8")
    with contextlib.redirect_stdout(stdout), contextlib.redirect_stderr(err):
        code = cli_main(argv, None)
    stdout.flush()
    return code, out.getvalue().decode(), err.getvalue()


def _read(reader: ServerJournal) -> Tournament:
    """The event, to choose the next step by: read again if the server restarted under the
    read (this writer's own look, not a step of the command line's)."""
    for _ in range(100):
        try:
            return load_event(reader, 1)
        except StorageError:
            time.sleep(0.1)
    return load_event(reader, 1)


def main() -> int:
    url, name, count, seed, path = sys.argv[1:]
    rng = random.Random(int(seed))
    _count_retries()
    opened = open_server(url, readonly=True)
    assert isinstance(opened.journal, ServerJournal), opened.message
    reader = opened.journal
    with open(path, "w", encoding="utf-8") as out:
        for _ in range(int(count)):
            event = _read(reader)
            current = event.current
            choice = rng.random()
            if current is None or choice < 0.15:
                argv = ["event", "pair", "--seed", str(rng.randrange(1000))]
            elif choice < 0.30:
                verb = "return" if name in event.dropped else "drop"
                argv = ["event", verb, name]
            else:
                table = rng.choice([t for t in current.tables if not t.bye])
                winner = rng.choice([*table.teams, "draw"])
                argv = ["event", "result", str(table.number), winner]
            code, said, err = _run([*argv, "--server", url])
            line = {"argv": argv, "code": code, "out": said, "err": err, "retries": RETRIES[0]}
            out.write(json.dumps(line) + "\n")
            out.flush()
    reader.close()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
