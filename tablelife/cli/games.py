"""Tablelife's command line for the journal: list games, export a game, import a game,
verify the journal. Qt-free.

    tablelife list [--data-dir DIR] [--format text|json]
    tablelife export [--data-dir DIR] [--game ID | --last] [--format json|csv] [--pretty]
                     [-o FILE]
    tablelife import FILE.json [--data-dir DIR]
    tablelife verify [--data-dir DIR]

`tablelife.cli.cli_main` hands it the verbs in `COMMANDS`. Errors print one line to stderr
and return 2 for usage and for refusals (an output file that is the journal, a file too large
to import, a folder a window is writing), 1 for anything else; never a traceback.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, NoReturn

from tablelife.cli.common import (
    CommandFailedError,
    CommandRefusedError,
    Parser,
    drop_stdout,
    for_people,
    run,
    say,
    whole,
)
from tablelife.cli.files import is_stream, output_target, write_atomic, write_device
from tablelife.cli.place import Place, place_of, server_journal
from tablelife.cli.place import add_arguments as add_place_arguments
from tablelife.rules.names import quote, shown
from tablelife.store import (
    FILE_NAME,
    Journal,
    JournalError,
    export_csv,
    open_journal,
)
from tablelife.store.export import (
    AlreadyImportedError,
    CheckedImport,
    add_import,
    already_imported,
    check_import,
    export_json_text,
    gc_paused,
    list_games,
    local_time,
)
from tablelife.store.lock import FolderLock, LockUnavailableError, held_by_another

PROG = "tablelife"
COMMANDS = ("list", "export", "import", "verify")
"""The verbs this command line runs: `tablelife list|export|import ...` never starts Qt."""
MAX_IMPORT_BYTES = 64 * 1024 * 1024
"""A file larger than this is refused before it is read (an export of 100,000 events is
about 30 MB)."""


def _parser() -> Parser:
    parser = Parser(prog=PROG, description="List, export, import or verify Tablelife games.")
    verbs = parser.add_subparsers(
        dest="command", required=True, metavar="{list,export,import,verify}"
    )
    listing = verbs.add_parser("list", help="list the games, the most recently played first")
    add_place_arguments(listing)
    listing.add_argument("--format", choices=("text", "json"), default="text")
    export = verbs.add_parser("export", help="write one game as JSON or CSV")
    add_place_arguments(export)
    which = export.add_mutually_exclusive_group()
    which.add_argument("--game", type=whole, metavar="ID", help="the game's id")
    which.add_argument("--last", action="store_true", help="the newest game (the default)")
    export.add_argument("--format", choices=("json", "csv"), default="json")
    export.add_argument("--pretty", action="store_true", help="indented JSON, for reading")
    export.add_argument("-o", "--output", type=Path, metavar="FILE", help="instead of stdout")
    imp = verbs.add_parser("import", help="add a game from a JSON export")
    imp.add_argument("file", type=Path, metavar="FILE.json")
    add_place_arguments(imp)
    verify = verbs.add_parser("verify", help="check every game's checksums; exit 1 if any fail")
    add_place_arguments(verify)
    return parser


def cli_main(argv: list[str], data_dir: Path | None) -> int:
    """Runs `tablelife list|export|import|verify ...`; returns the exit code.

    `data_dir` is the journal's folder unless --data-dir overrides it; if it is None,
    --data-dir is required.
    """
    return run(PROG, lambda: _main(argv, data_dir))


def _main(argv: list[str], data_dir: Path | None) -> int:
    args = _parser().parse_args(argv)
    place = place_of(args, data_dir, PROG)
    if args.command == "list":
        return _list(place, args.format)
    if args.command == "export":
        return _export(place, args.game, args.format, args.output, args.pretty)
    if args.command == "verify":
        return _verify(place)
    return _import(place, args.file)


@contextlib.contextmanager
def _reading(place: Place) -> Iterator[Journal | None]:
    """The journal open to read: a folder's read-only, or a server's; None for a folder's
    journal with nothing in it yet (made, but killed before its schema was in)."""
    if place.folder is None:
        with server_journal(place, writing=False) as journal:
            yield journal
        return
    opened = open_journal(place.folder, readonly=True)
    if opened.empty:
        yield None
        return
    if opened.journal is None:
        raise CommandFailedError(opened.message or "the journal can't be opened")
    with opened.journal as journal:
        yield journal


def _list(place: Place, fmt: str) -> int:
    """`tablelife list`: every readable game in the journal's order; damaged rows as notes."""
    games: list[dict[str, Any]] = []
    if place.folder is None or (place.folder / FILE_NAME).exists():
        with _reading(place) as journal:
            if journal is not None:  # None: a journal with nothing in it yet
                try:
                    with journal.snapshot():
                        games, damaged = list_games(journal)
                except JournalError as exc:
                    raise CommandFailedError(str(exc)) from None
                for problem in damaged:
                    say(f"{PROG}: note: a game can't be read and is left out: {problem}")
    if fmt == "json":  # UTF-8 whatever the terminal, as JSON is
        return _to_stdout((json.dumps(games, ensure_ascii=False, indent=2) + "\n").encode())
    text = _games_table(games) if games else f"There are no games in {place} yet.\n"
    return _to_stdout(for_people(text))


def _tell(line: str) -> int:
    """One line for a person on stdout, made safe for a terminal; returns the exit code."""
    return _to_stdout(for_people(line.replace("\n", " ") + "\n"))


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
    place: Place, game: int | None, fmt: str, output: Path | None, pretty: bool = False
) -> int:
    target = None if output is None or str(output) == "-" else output_target(place.folder, output)
    # Reading 20,000 events makes many objects and no cycles: no collector walking them.
    with _reading(place) as journal, gc_paused():
        if journal is None:  # a journal with nothing in it yet, as one with no games
            raise CommandFailedError(f"there are no games in {place} yet")
        try:
            with journal.snapshot():  # one moment of the file, whatever a writer does meanwhile
                if game is None:
                    games, _damaged = journal.readable_games()  # a bad row hides no other
                    if not games:
                        raise CommandFailedError(
                            f"there are no games in {journal.path or place} yet"
                        )
                    game = games[0].id
                loaded = journal.load(game)
                if loaded.problem is not None:  # exported all the same: the journal holds it
                    say(f"{PROG}: warning: {loaded.problem}")
                if fmt == "csv":
                    text = export_csv(journal, game, loaded)
                else:
                    text = export_json_text(journal, game, loaded, pretty=pretty)
        except JournalError as exc:
            raise CommandFailedError(str(exc)) from None
    if target is None:
        return _to_stdout(text.encode("utf-8"))
    assert output is not None
    try:
        if is_stream(output):
            write_device(output, text)  # /dev/full, /dev/stdout, a pipe: no temp file beside it
        else:
            write_atomic(target, text)
    except OSError as exc:
        raise CommandFailedError(f"can't write {output}: {exc.strerror or exc}") from None
    return 0


def _verify(place: Place) -> int:
    """Checks every game and event in the journal: 0 if all is sound, else 1 and one line
    per damaged game or event on stdout (what is wrong, and where)."""
    with _reading(place) as journal:
        if journal is None:  # nothing in it yet: nothing can be wrong
            return _to_stdout(for_people(f"All 0 games in {place} check out.\n"))
        try:
            with journal.snapshot():  # what is checked and what is counted: one moment
                problems = journal.verify_all()
                games = len(journal.games()) if not problems else 0
                events = len(journal.tournaments()) if not problems else 0
            version = journal.version
        except JournalError as exc:
            raise CommandFailedError(str(exc)) from None
    if problems:
        lines = [" ".join(str(problem).split()) for problem in problems]
        _to_stdout(for_people("".join(f"{line}\n" for line in lines)))
        return 1
    if version < 3:
        say(f"{PROG}: note: this journal predates checksums; start Tablelife once to add them")
    what = _count(games, "game") + (f" and {_count(events, 'event')}" if events else "")
    return _to_stdout(for_people(f"All {what} in {place} check out.\n"))


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _to_stdout(data: bytes) -> int:
    """Writes `data` to stdout as it is; 1 if the reader has gone, CommandFailedError if stdout
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
        drop_stdout()
        return 1
    except OSError as exc:
        drop_stdout()
        raise CommandFailedError(f"can't write to standard output: {exc.strerror or exc}") from None
    return 0


def _import(place: Place, file: Path) -> int:
    """`tablelife import`: read and check the file, then add it under the one-writer lock (or
    to a server's journal). A folder's journal is opened for writing only once the file is
    known to be good and new: a file refused, or already imported, leaves the journal byte
    for byte as it was."""
    if place.folder is not None and held_by_another(place.folder):
        # Said at once, before a big file is read for nothing.
        raise CommandRefusedError(_WINDOW_HOLDS.format(folder=place.folder))
    raw = _read_at_most(file, MAX_IMPORT_BYTES)
    data = _parse(file, raw)
    del raw
    try:
        checked = check_import(data)
    except JournalError as exc:
        raise CommandFailedError(f"{file} was not imported: {exc}") from None
    except MemoryError:
        raise CommandFailedError(
            f"{file} was not imported: this computer ran out of memory replaying it"
        ) from None
    del data
    with _importing(place, file, checked) as journal:
        if isinstance(journal, int):
            return _tell(f"{file} is already imported as game {journal}; nothing was added.")
        try:
            game = add_import(journal, checked)
        except AlreadyImportedError as exc:
            return _tell(f"{file} is already imported as game {exc.game_id}; nothing was added.")
        except JournalError as exc:
            raise CommandFailedError(f"{file} was not imported: {exc}") from None
    # The game is in the journal now: a line that can't be written doesn't undo that, so
    # the exit code still says it was imported (a script re-running it would be told it is
    # already imported).
    try:
        _tell(f"Imported {file} as game {game}.")
    except CommandFailedError as exc:
        say(f"{PROG}: imported {file} as game {game}, but {exc}")
    return 0


def _imported_as(folder: Path, checked: CheckedImport) -> int | None:
    """The game the journal already holds as this import, asked read-only; None when it holds
    none, or can't be read that way (opening it for writing then says what is wrong)."""
    if not (folder / FILE_NAME).is_file():
        return None
    opened = open_journal(folder, readonly=True, locked=True)  # no -wal or -shm left behind
    if opened.journal is None:
        return None
    with opened.journal as journal:
        try:
            with journal.snapshot():
                return already_imported(journal, checked)
        except JournalError:
            return None


def _read_at_most(file: Path, limit: int) -> bytes:
    """The file's bytes; CommandRefusedError, before reading it, if it holds more than `limit`
    or is not a regular file (a pipe with no writer would be waited on forever, a device
    never ends).

    It is opened without waiting (a pipe's writer is not waited for), and its size asked
    first; it is read to at most `limit` + 1 bytes, so nothing larger is ever held in memory.
    """
    try:
        with open(file, "rb", opener=_no_wait) as f:
            info = os.fstat(f.fileno())
            if not stat.S_ISREG(info.st_mode):
                raise CommandRefusedError(
                    f"{file} is not a file but {_kind(info.st_mode)}: it was not read. Save the "
                    "export as a file, then import that."
                )
            if info.st_size > limit:
                raise CommandRefusedError(
                    f"{file} is {_size(info.st_size)}, larger than any Tablelife export "
                    f"(at most {_size(limit)}): it was not read."
                )
            raw = f.read(limit + 1)
    except OSError as exc:
        raise CommandFailedError(f"can't read {file}: {exc.strerror or exc}") from None
    if len(raw) > limit:  # it grew while it was read
        raise CommandRefusedError(
            f"{file} holds more than {_size(limit)}, larger than any Tablelife export: "
            "it was not read further."
        )
    return raw


def _no_wait(path: str, flags: int) -> int:
    """Opens `path` as `open` would, without waiting for a pipe's writer."""
    return os.open(path, flags | getattr(os, "O_NONBLOCK", 0))


def _kind(mode: int) -> str:
    """What a file that is not a regular file is, in words."""
    if stat.S_ISFIFO(mode):
        return "a pipe"
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return "a device"
    if stat.S_ISSOCK(mode):
        return "a socket"
    if stat.S_ISDIR(mode):
        return "a folder"
    return "something else"


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
    """The file's JSON; CommandFailedError saying what is wrong with it."""
    try:
        with gc_paused():
            return json.loads(
                raw.decode("utf-8-sig"),
                object_pairs_hook=_unique_keys,
                parse_constant=_no_constant,
            )
    except UnicodeDecodeError:
        raise CommandFailedError(
            f"{file} is not UTF-8 text, so it is not a Tablelife export"
        ) from None
    except json.JSONDecodeError as exc:
        if raw.lstrip(b"\xef\xbb\xbf").startswith(b"seq,time,kind,changes"):
            raise CommandFailedError(
                f"{file} is a CSV export, for reading; only a JSON export can be imported "
                "(tablelife export --format json)"
            ) from None
        raise CommandFailedError(
            f"{file} is not JSON: line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None
    except _DuplicateKeyError as exc:
        raise CommandFailedError(
            f"{file} is not a Tablelife export: the key {quote(exc.args[0])} appears twice in "
            "one object."
        ) from None
    except RecursionError:  # [[[[...]]]]: no export nests more than a few levels
        raise CommandFailedError(
            f"{file} can't be read as a Tablelife export: its values nest too deeply"
        ) from None
    except ValueError as exc:  # a number of thousands of digits, NaN
        # Python's own words would tell a person to call sys.set_int_max_str_digits().
        why = "it holds a number thousands of digits long" if "digits" in str(exc) else str(exc)
        raise CommandFailedError(f"{file} can't be read as a Tablelife export: {why}") from None
    except MemoryError:
        raise CommandFailedError(f"{file} can't be read: this computer ran out of memory") from None


_WINDOW_HOLDS = (
    "a Tablelife window is using {folder}: nothing was imported. Close that window, then "
    "import again."
)


@contextlib.contextmanager
def _importing(place: Place, file: Path, checked: CheckedImport) -> Iterator[Journal | int]:
    """The journal open for an import: a server's, or a folder's under its lock, opened for
    writing only when it doesn't hold the import yet; else the game that holds it."""
    folder = place.folder
    if folder is None:
        with server_journal(place, writing=True) as journal:
            yield journal
        return
    with _writing(folder):
        same = _imported_as(folder, checked)
        if same is not None:
            yield same
            return
        opened = open_journal(folder)
        if opened.journal is None or not opened.saving:
            if opened.journal is not None:
                opened.journal.close()
            if opened.unwritable is not None:
                raise CommandFailedError(
                    f"{file} was not imported: Tablelife can't write to {folder / FILE_NAME}: "
                    f"{opened.unwritable}."
                )
            raise CommandFailedError(opened.message or "the journal can't be opened")
        if opened.message:
            say(f"{PROG}: note: {opened.message}")
        with opened.journal as journal:
            yield journal


@contextlib.contextmanager
def _writing(folder: Path) -> Iterator[None]:
    """Holds the folder's one-writer lock while a writing command runs; CommandRefusedError if a
    Tablelife window holds it (DESIGN.md, "One writer")."""
    lock = FolderLock(folder)
    try:
        free = lock.acquire()
    except LockUnavailableError as exc:  # nothing would keep a window from writing too
        raise CommandRefusedError(f"{exc} Nothing was imported.") from None
    except OSError:
        free = True  # the folder can't be made at all: opening the journal says why
    if not free:  # a window started while the file was being read
        raise CommandRefusedError(_WINDOW_HOLDS.format(folder=folder))
    try:
        yield
    finally:
        lock.release()
