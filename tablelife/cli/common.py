"""What every command of `tablelife` shares: its refusals and failures, the parser that
raises them instead of exiting, and how one line is said on stderr.

Exit codes: 0 done; 2 refused, with one line on stderr and nothing changed (bad input, a
window holding the folder); 1 failed (the journal or a file could not be read or written).
Never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import re
import sys
from collections.abc import Callable
from typing import NoReturn

from tablelife.rules.names import QUOTE_LIMIT, quote, shown

MAX_LINE = 1000
"""No message line is longer than this, whatever a file or an argument put in it."""


LARGEST = 2**63 - 1
"""The largest id or number the journal can hold (SQLite's INTEGER)."""


def whole(text: str) -> int:
    """An argument that is a whole number (an id, a table, a round), as argparse's `type`:
    refused in words when it isn't one, or is larger than the journal can hold."""
    shown = repr(text if len(text) <= 40 else text[:39] + "\u2026")
    try:
        value = int(text)
    except ValueError:
        raise argparse.ArgumentTypeError(f"{shown} is not a whole number") from None
    if abs(value) > LARGEST:
        raise argparse.ArgumentTypeError(f"{shown} is larger than any there can be")
    return value


class CommandRefusedError(Exception):
    """The command was refused before anything changed: exit code 2."""


class CommandFailedError(Exception):
    """The command failed for a reason a person can read (a journal or a file the world
    spoiled): exit code 1."""


class ArgparseExitError(Exception):
    """argparse wants to exit (after --help); carries the code."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class Parser(argparse.ArgumentParser):
    """argparse, raising `CommandRefusedError` instead of exiting, so a command returns its
    exit code."""

    def error(self, message: str) -> NoReturn:
        raise CommandRefusedError(f"{self.prog}: {quoted_short(message)} (see {self.prog} --help)")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            sys.stderr.write(message)
        raise ArgparseExitError(status)


def run(prog: str, command: Callable[[], int]) -> int:
    """Runs a command and returns its exit code: a refusal or failure said in one line on
    stderr, starting with `prog`."""
    try:
        return command()
    except ArgparseExitError as exc:
        return exc.status
    except CommandRefusedError as exc:
        say(prefixed(prog, str(exc)))
        return 2
    except CommandFailedError as exc:
        say(prefixed(prog, str(exc)))
        return 1


def prefixed(prog: str, line: str) -> str:
    """`line` as said by `prog` ("tablelife event: ...")."""
    return line if line.startswith(prog) else f"{prog}: {line}"


_QUOTED = re.compile("'([^'\\n]{" + str(QUOTE_LIMIT + 1) + ",})'")


def quoted_short(message: str) -> str:
    """argparse's `message` with each argument it quotes ("invalid choice: 'NNN...'") cut to
    about QUOTE_LIMIT characters, as every other message quotes what it was given."""
    return _QUOTED.sub(lambda m: quote(m.group(1)), message)


def cut(text: str, limit: int = MAX_LINE) -> str:
    """`text` cut short at `limit` characters, with an ellipsis."""
    return text if len(text) <= limit else text[: limit - 1] + "\u2026"


def whole_in(low: int, high: int) -> Callable[[str], int]:
    """An argparse `type` for a whole number from `low` to `high` (`whole`, bounded)."""

    def check(text: str) -> int:
        value = whole(text)
        if not low <= value <= high:
            raise argparse.ArgumentTypeError(f"{value} is not a whole number from {low} to {high}")
        return value

    return check


class CappedParser(argparse.ArgumentParser):
    """argparse as the window and the desk use it (usage, exit code 2), with what its message
    quotes cut short: an argument of 100,000 characters gives one short line, not 100 KB."""

    def error(self, message: str) -> NoReturn:
        super().error(cut(quoted_short(" ".join(message.split())), MAX_LINE // 2))


def for_people(text: str) -> bytes:
    """Text for a person on stdout, as bytes in the terminal's encoding: each line made safe
    to show (`shown`: whatever could steer a terminal, and the bytes of a path that are not
    text in any encoding, as U+FFFD), and what the encoding can't show as "?". So any path
    prints in any locale, an ASCII one too (`LC_ALL=C`)."""
    encoding = getattr(sys.stdout, "encoding", None) or "utf-8"
    return "\n".join(map(shown, text.split("\n"))).encode(encoding, "replace")


def say(line: str) -> None:
    """One line on stderr: spaces folded, anything that could steer a terminal shown as
    U+FFFD, cut short at MAX_LINE characters, in the terminal's encoding ("?" for what it
    can't show)."""
    text = cut(shown(" ".join(line.split()))) + "\n"
    stream = sys.stderr
    with contextlib.suppress(OSError, ValueError):  # nowhere left to say it
        buffer = getattr(stream, "buffer", None)
        if buffer is None:  # a text-only stream standing in for stderr
            stream.write(text)
        else:  # in the terminal's encoding, "?" for what it can't show (LC_ALL=C)
            stream.flush()
            buffer.write(text.encode(getattr(stream, "encoding", None) or "utf-8", "replace"))
        stream.flush()


def drop_stdout() -> None:
    """Points stdout at the null device, so Python's last flush at exit can't fail again
    and print a traceback after our one line."""
    with contextlib.suppress(OSError, ValueError, io.UnsupportedOperation):
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, sys.stdout.fileno())
        finally:
            os.close(null)
