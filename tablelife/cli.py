"""Tablelife's command line for the journal: list games, export a game, import a game,
verify the journal. Qt-free.

    tablelife list [--data-dir DIR] [--format text|json]
    tablelife export [--data-dir DIR] [--game ID | --last] [--format json|csv] [--pretty]
                     [-o FILE]
    tablelife import FILE.json [--data-dir DIR]
    tablelife verify [--data-dir DIR]

`tablelife.main` hands the arguments after the program name to `cli_main` (for the verbs in
`COMMANDS`). Errors print one line to stderr and return 2 for usage and for refusals (an output
file that is the journal, a file too large to import, a folder a window is writing), 1 for
anything else; never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import errno
import io
import json
import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

from tablelife.rules.names import quote, shown
from tablelife.store import (
    FILE_NAME,
    JournalError,
    export_csv,
    import_json,
    open_journal,
)
from tablelife.store.export import (
    AlreadyImportedError,
    export_json_text,
    gc_paused,
    list_games,
    local_time,
)
from tablelife.store.lock import LOCK_NAME, FolderLock, held_by_another
from tablelife.store.places import SETTINGS_FILE

PROG = "tablelife"
COMMANDS = ("list", "export", "import")
"""The verbs this command line runs: `tablelife list|export|import ...` never starts Qt."""
MAX_IMPORT_BYTES = 64 * 1024 * 1024
"""A file larger than this is refused before it is read (an export of 100,000 events is
about 30 MB)."""
MAX_LINE = 1000
"""No message line is longer than this, whatever a file put in it."""


class _UsageError(Exception):
    """Internal: the command line is wrong; exit code 2."""


class _ArgparseExitError(Exception):
    """Internal: argparse wants to exit (after --help); carries the code."""

    def __init__(self, status: int) -> None:
        super().__init__(status)
        self.status = status


class _Parser(argparse.ArgumentParser):
    """argparse, raising instead of exiting, so `cli_main` returns its code."""

    def error(self, message: str) -> NoReturn:
        raise _UsageError(f"{self.prog}: {message} (see {PROG} {self._verb()}--help)")

    def exit(self, status: int = 0, message: str | None = None) -> NoReturn:
        if message:
            sys.stderr.write(message)
        raise _ArgparseExitError(status)

    def _verb(self) -> str:
        verb = self.prog.removeprefix(PROG).strip()
        return f"{verb} " if verb else ""


def _parser() -> _Parser:
    parser = _Parser(prog=PROG, description="List, export, import or verify Tablelife games.")
    verbs = parser.add_subparsers(
        dest="command", required=True, metavar="{list,export,import,verify}"
    )
    listing = verbs.add_parser("list", help="list the games, the most recently played first")
    listing.add_argument("--data-dir", type=Path, metavar="DIR", help="the journal's folder")
    listing.add_argument("--format", choices=("text", "json"), default="text")
    export = verbs.add_parser("export", help="write one game as JSON or CSV")
    export.add_argument("--data-dir", type=Path, metavar="DIR", help="the journal's folder")
    which = export.add_mutually_exclusive_group()
    which.add_argument("--game", type=int, metavar="ID", help="the game's id")
    which.add_argument("--last", action="store_true", help="the newest game (the default)")
    export.add_argument("--format", choices=("json", "csv"), default="json")
    export.add_argument("--pretty", action="store_true", help="indented JSON, for reading")
    export.add_argument("-o", "--output", type=Path, metavar="FILE", help="instead of stdout")
    imp = verbs.add_parser("import", help="add a game from a JSON export")
    imp.add_argument("file", type=Path, metavar="FILE.json")
    imp.add_argument("--data-dir", type=Path, metavar="DIR", help="the journal's folder")
    verify = verbs.add_parser("verify", help="check every game's checksums; exit 1 if any fail")
    verify.add_argument("--data-dir", type=Path, metavar="DIR", help="the journal's folder")
    return parser


def cli_main(argv: list[str], data_dir: Path | None) -> int:
    """Runs `tablelife list|export|import ...`, or hands `tablelife event ...` to
    `tablelife.event_cli.event_main`; returns the exit code.

    `argv` starts with one of `COMMANDS` or "event". `data_dir` is the journal's folder
    unless --data-dir overrides it; if it is None, --data-dir is required.
    """
    if argv[:1] == ["event"]:  # the event's commands live apart: tablelife/event_cli.py
        from tablelife.event_cli import event_main

        return event_main(argv[1:], data_dir)
    try:
        args = _parser().parse_args(argv)
        folder = args.data_dir or data_dir
        if folder is None:
            raise _UsageError(f"{PROG}: no data folder: pass --data-dir DIR")
        if args.command == "list":
            return _list(folder, args.format)
        if args.command == "export":
            return _export(folder, args.game, args.format, args.output, args.pretty)
        if args.command == "verify":
            return _verify(folder)
        return _import(folder, args.file)
    except _ArgparseExitError as exc:
        return exc.status
    except _UsageError as exc:
        _say(str(exc))
        return 2
    except _RefusedError as exc:
        _say(f"{PROG}: {exc}")
        return 2
    except _CommandError as exc:
        _say(f"{PROG}: {exc}")
        return 1


class _CommandError(Exception):
    """Internal: the command failed for a reason a person can read; exit code 1."""


class _RefusedError(Exception):
    """Internal: the command was refused before anything was done; exit code 2."""


def _say(line: str) -> None:
    """One line on stderr: spaces folded, control characters shown as U+FFFD, cut short."""
    text = shown(" ".join(line.split()))
    if len(text) > MAX_LINE:
        text = text[: MAX_LINE - 1] + "\u2026"
    with contextlib.suppress(OSError, ValueError):  # nowhere left to say it
        sys.stderr.write(text + "\n")
        sys.stderr.flush()


def _list(folder: Path, fmt: str) -> int:
    """`tablelife list`: every readable game in the journal's order; damaged rows as notes."""
    if not (folder / FILE_NAME).exists():
        games: list[dict[str, Any]] = []
    else:
        opened = open_journal(folder, readonly=True)
        if opened.journal is None:
            raise _CommandError(opened.message or "the journal can't be opened")
        with opened.journal as journal:
            try:
                with journal.snapshot():
                    games, damaged = list_games(journal)
            except JournalError as exc:
                raise _CommandError(str(exc)) from None
        for problem in damaged:
            _say(f"{PROG}: note: a game can't be read and is left out: {problem}")
    if fmt == "json":  # UTF-8 whatever the terminal, as JSON is
        return _to_stdout((json.dumps(games, ensure_ascii=False, indent=2) + "\n").encode())
    text = _games_table(games) if games else f"There are no games in {folder} yet.\n"
    return _to_stdout(text.encode(_stdout_encoding(), "replace"))


def _tell(line: str) -> int:
    """One line for a person on stdout, made safe for a terminal; returns the exit code."""
    return _to_stdout((shown(line) + "\n").encode(_stdout_encoding(), "replace"))


def _stdout_encoding() -> str:
    return getattr(sys.stdout, "encoding", None) or "utf-8"


def _games_table(games: list[dict[str, Any]]) -> str:
    """The games as aligned columns, one line each, names made safe for a terminal."""
    header = ("ID", "STARTED", "ENDED", "VARIANT", "RESULT", "EVENTS", "IMPORTED", "PLAYERS")
    rows = [header] + [
        (
            str(g["id"]),
            _when(g["started"]),
            "" if g["ended"] is None else _when(g["ended"]),
            g["variant"],
            shown(g["outcome"]),
            str(g["events"]),
            "imported" if g["imported"] else "",
            shown(", ".join(g["players"])),
        )
        for g in games
    ]
    widths = [max(len(r[i]) for r in rows) for i in range(len(header) - 1)]
    right = {0, 5}  # numbers line up on the right
    lines = []
    for r in rows:
        cells = [
            c.rjust(w) if i in right else c.ljust(w)
            for i, (c, w) in enumerate(zip(r[:-1], widths, strict=True))
        ]
        lines.append("  ".join([*cells, r[-1]]).rstrip())
    return "\n".join(lines) + "\n"


def _when(seconds: float) -> str:
    """Local date and time to the minute ("2024-05-01 19:02"), or the raw value."""
    return local_time(seconds)[:16].replace("T", " ")


def _export(
    folder: Path, game: int | None, fmt: str, output: Path | None, pretty: bool = False
) -> int:
    target = None if output is None or str(output) == "-" else _output_target(folder, output)
    opened = open_journal(folder, readonly=True)
    if opened.journal is None:
        raise _CommandError(opened.message or "the journal can't be opened")
    # Reading 20,000 events makes many objects and no cycles: no collector walking them.
    with opened.journal as journal, gc_paused():
        try:
            with journal.snapshot():  # one moment of the file, whatever a writer does meanwhile
                if game is None:
                    games, _damaged = journal.readable_games()  # a bad row hides no other
                    if not games:
                        raise _CommandError(f"there are no games in {journal.path} yet")
                    game = games[0].id
                loaded = journal.load(game)
                if loaded.problem is not None:  # exported all the same: the journal holds it
                    _say(f"{PROG}: warning: {loaded.problem}")
                if fmt == "csv":
                    text = export_csv(journal, game, loaded)
                else:
                    text = export_json_text(journal, game, loaded, pretty=pretty)
        except JournalError as exc:
            raise _CommandError(str(exc)) from None
    if target is None:
        return _to_stdout(text.encode("utf-8"))
    assert output is not None
    try:
        if _is_stream(output):
            _write_device(output, text)  # /dev/full, /dev/stdout, a pipe: no temp file beside it
        else:
            write_atomic(target, text)
    except OSError as exc:
        raise _CommandError(f"can't write {output}: {exc.strerror or exc}") from None
    return 0


def _verify(folder: Path) -> int:
    """Checks every game and event in the journal: 0 if all is sound, else 1 and one line
    per damaged game or event on stdout (what is wrong, and where)."""
    opened = open_journal(folder, readonly=True)
    if opened.journal is None:
        raise _CommandError(opened.message or "the journal can't be opened")
    with opened.journal as journal:
        try:
            with journal.snapshot():  # what is checked and what is counted: one moment
                problems = journal.verify_all()
                games = len(journal.games()) if not problems else 0
                events = len(journal.tournaments()) if not problems else 0
            version = journal.version
        except JournalError as exc:
            raise _CommandError(str(exc)) from None
    if problems:
        lines = [" ".join(str(problem).split()) for problem in problems]
        _to_stdout("".join(f"{line}\n" for line in lines).encode("utf-8"))
        return 1
    if version < 3:
        _say(f"{PROG}: note: this journal predates checksums; start Tablelife once to add them")
    what = _count(games, "game") + (f" and {_count(events, 'event')}" if events else "")
    return _to_stdout(f"All {what} in {folder} check out.\n".encode())


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _output_target(folder: Path, output: Path) -> Path:
    """Where `-o output` really writes: its real path, through any symlinks, so a link is
    written through and never replaced. _RefusedError if that is the journal or one of the
    files beside it that SQLite or the one-writer lock need."""
    real = Path(os.path.realpath(output))
    journal = folder / FILE_NAME
    guarded = {Path(os.path.realpath(folder / LOCK_NAME))}
    for base in {os.path.realpath(journal), os.path.join(os.path.realpath(folder), FILE_NAME)}:
        for suffix in ("", "-wal", "-shm", "-journal"):
            guarded.add(Path(os.path.realpath(base + suffix)))
    if _one_of(output, real, guarded):
        raise _RefusedError(
            f"{output} is the journal or one of its files in {folder}: exporting there would "
            "destroy the games in it. Nothing was written; choose another file."
        )
    settings = {Path(os.path.realpath(folder / SETTINGS_FILE))}
    if _one_of(output, real, settings):
        raise _RefusedError(
            f"{output} is the settings file in {folder}: exporting there would destroy the "
            "names, language and theme kept in it. Nothing was written; choose another file."
        )
    return real


def _one_of(output: Path, real: Path, guarded: set[Path]) -> bool:
    """True if `output` (whose real path is `real`) is one of the `guarded` files."""
    if real in guarded:
        return True
    if output.exists():
        with contextlib.suppress(OSError):  # e.g. another name for it on a case-blind disk
            return any(g.exists() and os.path.samefile(output, g) for g in guarded)
    return False


def _is_stream(path: Path) -> bool:
    """True if `path` (through links) is there and is neither a regular file nor a folder:
    a device or a pipe, which is written in place (/dev/stdout's real path is no path)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def _write_device(path: Path, text: str) -> None:
    """Writes straight to something that is not a regular file (a device, a pipe)."""
    with open(path, "w", encoding="utf-8", newline="") as f:
        f.write(text)


def _to_stdout(data: bytes) -> int:
    """Writes `data` to stdout as it is; 1 if the reader has gone, _CommandError if stdout
    can't take it (a full disk)."""
    try:
        sys.stdout.flush()
        buffer = getattr(sys.stdout, "buffer", None)
        if buffer is None:  # a text-only stream standing in for stdout
            sys.stdout.write(data.decode("utf-8", "replace"))
            sys.stdout.flush()
        else:
            buffer.write(data)
            buffer.flush()
    except BrokenPipeError:  # e.g. `tablelife export | head`: the reader has gone
        _drop_stdout()
        return 1
    except OSError as exc:
        _drop_stdout()
        raise _CommandError(f"can't write to standard output: {exc.strerror or exc}") from None
    return 0


def _drop_stdout() -> None:
    """Points stdout at the null device, so Python's last flush at exit can't fail again
    and print a traceback after our one line."""
    with contextlib.suppress(OSError, ValueError, io.UnsupportedOperation):
        null = os.open(os.devnull, os.O_WRONLY)
        try:
            os.dup2(null, sys.stdout.fileno())
        finally:
            os.close(null)


def _import(folder: Path, file: Path) -> int:
    """`tablelife import`: read and check the file, then add it under the one-writer lock."""
    if held_by_another(folder):  # said at once, before a big file is read for nothing
        raise _RefusedError(_WINDOW_HOLDS.format(folder=folder))
    raw = _read_at_most(file, MAX_IMPORT_BYTES)
    data = _parse(file, raw)
    del raw
    with _writing(folder):
        opened = open_journal(folder)
        if opened.journal is None:
            raise _CommandError(opened.message or "the journal can't be opened")
        if opened.message:
            _say(f"{PROG}: note: {opened.message}")
        with opened.journal as journal:
            try:
                game = import_json(journal, data)
            except AlreadyImportedError as exc:
                return _tell(
                    f"{file} is already imported as game {exc.game_id}; nothing was added."
                )
            except JournalError as exc:
                raise _CommandError(f"{file} was not imported: {exc}") from None
            except MemoryError:
                raise _CommandError(
                    f"{file} was not imported: this computer ran out of memory replaying it"
                ) from None
    # The game is in the journal now: a line that can't be written doesn't undo that, so
    # the exit code still says it was imported (a script re-running it would be told it is
    # already imported).
    try:
        _tell(f"Imported {file} as game {game}.")
    except _CommandError as exc:
        _say(f"{PROG}: imported {file} as game {game}, but {exc}")
    return 0


def _read_at_most(file: Path, limit: int) -> bytes:
    """The file's bytes; _RefusedError, before reading it, if it holds more than `limit`.

    A regular file's size is asked first; anything else (/dev/zero, a pipe) is read to at
    most `limit` + 1 bytes, so nothing larger is ever held in memory.
    """
    try:
        with open(file, "rb") as f:
            info = os.fstat(f.fileno())
            if stat.S_ISREG(info.st_mode) and info.st_size > limit:
                raise _RefusedError(
                    f"{file} is {_size(info.st_size)}, larger than any Tablelife export "
                    f"(at most {_size(limit)}): it was not read."
                )
            raw = f.read(limit + 1)
    except OSError as exc:
        raise _CommandError(f"can't read {file}: {exc.strerror or exc}") from None
    if len(raw) > limit:
        raise _RefusedError(
            f"{file} holds more than {_size(limit)}, larger than any Tablelife export: "
            "it was not read further."
        )
    return raw


def _size(n: int) -> str:
    """A size for people: "64 MiB", "1.5 GiB", "512 bytes"."""
    if n < 1024:
        return f"{n} bytes"
    value = float(n)
    for unit in ("KiB", "MiB", "GiB", "TiB"):
        value /= 1024
        if value < 1024 or unit == "TiB":
            break
    return f"{value:.1f}".removesuffix(".0") + f" {unit}"


class _DuplicateKeyError(ValueError):
    """Internal: a JSON object names one key twice."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """A JSON object, refusing a key given twice (json would keep the last silently)."""
    obj = dict(pairs)
    if len(obj) != len(pairs):
        seen: set[str] = set()
        for key, _value in pairs:
            if key in seen:
                raise _DuplicateKeyError(key)
            seen.add(key)
    return obj


def _no_constant(name: str) -> NoReturn:
    """JSON has no NaN or Infinity; Python's json would read them as numbers."""
    raise ValueError(f"{name} is not a number JSON allows")


def _parse(file: Path, raw: bytes) -> object:
    """The file's JSON; _CommandError saying what is wrong with it."""
    try:
        with gc_paused():
            return json.loads(
                raw.decode("utf-8-sig"),
                object_pairs_hook=_unique_keys,
                parse_constant=_no_constant,
            )
    except UnicodeDecodeError:
        raise _CommandError(f"{file} is not UTF-8 text, so it is not a Tablelife export") from None
    except json.JSONDecodeError as exc:
        if raw.lstrip(b"\xef\xbb\xbf").startswith(b"seq,time,kind,changes"):
            raise _CommandError(
                f"{file} is a CSV export, for reading; only a JSON export can be imported "
                "(tablelife export --format json)"
            ) from None
        raise _CommandError(
            f"{file} is not JSON: line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None
    except _DuplicateKeyError as exc:
        raise _CommandError(
            f"{file} is not a Tablelife export: the key {quote(exc.args[0])} appears twice in "
            "one object."
        ) from None
    except RecursionError:  # [[[[...]]]]: no export nests more than a few levels
        raise _CommandError(
            f"{file} can't be read as a Tablelife export: its values nest too deeply"
        ) from None
    except ValueError as exc:  # a number of thousands of digits, NaN
        # Python's own words would tell a person to call sys.set_int_max_str_digits().
        why = "it holds a number thousands of digits long" if "digits" in str(exc) else str(exc)
        raise _CommandError(f"{file} can't be read as a Tablelife export: {why}") from None
    except MemoryError:
        raise _CommandError(f"{file} can't be read: this computer ran out of memory") from None


_WINDOW_HOLDS = (
    "a Tablelife window is using {folder}: nothing was imported. Close that window, then "
    "import again."
)


@contextlib.contextmanager
def _writing(folder: Path) -> Iterator[None]:
    """Holds the folder's one-writer lock while a writing command runs; _RefusedError if a
    Tablelife window holds it (DESIGN.md, "One writer")."""
    lock = FolderLock(folder)
    try:
        free = lock.acquire()
    except OSError:
        free = True  # the folder can't be used at all: opening the journal says why
    if not free:  # a window started while the file was being read
        raise _RefusedError(_WINDOW_HOLDS.format(folder=folder))
    try:
        yield
    finally:
        lock.release()


def write_atomic(path: Path, text: str) -> None:
    """Writes `text` (UTF-8) to `path` all at once: a temp file in the same folder, fsynced,
    then renamed over it. On any error the old file (if any) is left as it was."""
    fd, tmp = _temp_file_beside(path)
    try:
        with os.fdopen(fd, "w", encoding="utf-8", newline="") as f:
            f.write(text)
            f.flush()
            os.fsync(f.fileno())
        os.chmod(tmp, _mode_for(path))
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp)
        raise
    with contextlib.suppress(OSError):  # not every system can fsync a folder
        dir_fd = os.open(path.parent, os.O_RDONLY)
        try:
            os.fsync(dir_fd)
        finally:
            os.close(dir_fd)


_TEMP_FLAGS = (
    os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0) | getattr(os, "O_BINARY", 0)
)


def _temp_file_beside(path: Path) -> tuple[int, str]:
    """A new empty file in `path`'s folder, ".NAME.<random>.tmp", open for reading and writing
    by its owner only: what `tempfile.mkstemp` makes, without importing tempfile (and with it
    shutil and random: 5 ms of an export's 0.5 s). OSError as mkstemp raises it."""
    for _ in range(100):
        # 8 random characters, as mkstemp's: a longer name would refuse targets mkstemp takes.
        name = os.path.join(path.parent, f".{path.name}.{os.urandom(4).hex()}.tmp")
        try:
            return os.open(name, _TEMP_FLAGS, 0o600), os.path.abspath(name)
        except FileExistsError:
            continue  # taken (32 random bits: rarely)
    raise FileExistsError(errno.EEXIST, "No usable temporary file name found")


def _mode_for(path: Path) -> int:
    """The old file's permissions, or what a plain new file would get (0666 less umask)."""
    try:
        return path.stat().st_mode & 0o777
    except OSError:
        umask = os.umask(0)
        os.umask(umask)
        return 0o666 & ~umask


def _module_main() -> int:
    data = os.environ.get("TABLELIFE_DATA_DIR")
    return cli_main(sys.argv[1:], Path(data) if data else None)


if __name__ == "__main__":
    raise SystemExit(_module_main())
