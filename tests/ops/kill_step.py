"""Run by test_kill.py as `python -m tests.ops.kill_step N DATA_DIR ARGV...`: runs
`tablelife event ARGV --data-dir DATA_DIR`, and SIGKILLs itself right after the journal's
Nth write (a new event, a log entry, an event finished or reopened) has been made and before
the step that made it is committed: the worst moment for a step of many writes.

Exits by the signal (as a power cut would end it), or with the command's own exit code when
the step makes fewer than N writes.
"""

from __future__ import annotations

import os
import signal
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from tablelife.cli import cli_main
from tablelife.store import Journal

WRITES = ("new_tournament", "log", "finish_tournament", "reopen_tournament")


def kill_after(after: int, writes: tuple[str, ...] = WRITES) -> None:
    """Patches the journal's `writes` to count, and SIGKILLs this process right after the
    `after`th of them has been made (before the step that made it commits)."""
    count = 0

    def counted(write: Callable[..., Any]) -> Callable[..., Any]:
        def wrapper(*args: Any, **kwargs: Any) -> Any:
            nonlocal count
            done = write(*args, **kwargs)
            count += 1
            if count == after:
                os.kill(os.getpid(), signal.SIGKILL)
            return done

        return wrapper

    for name in writes:
        setattr(Journal, name, counted(getattr(Journal, name)))


def main(argv: list[str]) -> int:
    """Arms the kill, then runs the command."""
    after, data_dir, command = int(argv[0]), Path(argv[1]), argv[2:]
    kill_after(after)
    return cli_main(["event", *command, "--data-dir", str(data_dir)], None)


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
