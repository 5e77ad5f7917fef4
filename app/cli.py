"""Tablelife's command line for the journal: export a game, import a game, verify the journal.
Qt-free.

    tablelife export [--data-dir DIR] [--game ID | --last] [--format json|csv] [-o FILE]
    tablelife import FILE.json [--data-dir DIR]
    tablelife verify [--data-dir DIR]

`app.main` hands the arguments after the program name to `cli_main`. Errors print one line to
stderr and return 2 for usage, 1 for anything else; never a traceback.
"""

from __future__ import annotations

import argparse
import contextlib
import json
import os
import sys
import tempfile
from pathlib import Path
from typing import NoReturn

from app.store import JournalError, export_csv, export_json, import_json, open_journal

PROG = "tablelife"


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
    parser = _Parser(prog=PROG, description="Export or import Tablelife games.")
    verbs = parser.add_subparsers(dest="command", required=True, metavar="{export,import,verify}")
    export = verbs.add_parser("export", help="write one game as JSON or CSV")
    export.add_argument("--data-dir", type=Path, metavar="DIR", help="the journal's folder")
    which = export.add_mutually_exclusive_group()
    which.add_argument("--game", type=int, metavar="ID", help="the game's id")
    which.add_argument("--last", action="store_true", help="the newest game (the default)")
    export.add_argument("--format", choices=("json", "csv"), default="json")
    export.add_argument("-o", "--output", type=Path, metavar="FILE", help="instead of stdout")
    imp = verbs.add_parser("import", help="add a game from a JSON export")
    imp.add_argument("file", type=Path, metavar="FILE.json")
    imp.add_argument("--data-dir", type=Path, metavar="DIR", help="the journal's folder")
    verify = verbs.add_parser("verify", help="check every game's checksums; exit 1 if any fail")
    verify.add_argument("--data-dir", type=Path, metavar="DIR", help="the journal's folder")
    return parser


def cli_main(argv: list[str], data_dir: Path | None) -> int:
    """Runs `tablelife export ...` or `tablelife import ...`; returns the exit code.

    `argv` starts with "export" or "import". `data_dir` is the journal's folder unless
    --data-dir overrides it; if it is None, --data-dir is required.
    """
    try:
        args = _parser().parse_args(argv)
        folder = args.data_dir or data_dir
        if folder is None:
            raise _UsageError(f"{PROG}: no data folder: pass --data-dir DIR")
        if args.command == "export":
            return _export(folder, args.game, args.format, args.output)
        if args.command == "verify":
            return _verify(folder)
        return _import(folder, args.file)
    except _ArgparseExitError as exc:
        return exc.status
    except _UsageError as exc:
        _say(str(exc))
        return 2
    except _CommandError as exc:
        _say(f"{PROG}: {exc}")
        return 1


class _CommandError(Exception):
    """Internal: the command failed for a reason a person can read; exit code 1."""


def _say(line: str) -> None:
    sys.stderr.write(" ".join(line.split()) + "\n")


def _export(folder: Path, game: int | None, fmt: str, output: Path | None) -> int:
    opened = open_journal(folder, readonly=True)
    if opened.journal is None:
        raise _CommandError(opened.message or "the journal can't be opened")
    with opened.journal as journal:
        try:
            if game is None:
                games, _damaged = journal.readable_games()  # one bad row doesn't hide the rest
                if not games:
                    raise _CommandError(f"there are no games in {journal.path} yet")
                game = games[0].id
            problem = journal.load(game).problem
            if problem is not None:  # exported all the same: it is what the journal holds
                _say(f"{PROG}: warning: {problem}")
            if fmt == "csv":
                text = export_csv(journal, game)
            else:
                text = json.dumps(export_json(journal, game), indent=2, ensure_ascii=False) + "\n"
        except JournalError as exc:
            raise _CommandError(str(exc)) from None
    if output is None or str(output) == "-":
        try:
            sys.stdout.write(text)
            sys.stdout.flush()
        except BrokenPipeError:  # e.g. `tablelife export | head`: the reader has gone
            os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
            return 1
        return 0
    try:
        write_atomic(output, text)
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
            problems = journal.verify_all()
            games = len(journal.games()) if not problems else 0
            events = len(journal.tournaments()) if not problems else 0
            version = journal.version
        except JournalError as exc:
            raise _CommandError(str(exc)) from None
    for problem in problems:
        print(" ".join(str(problem).split()))
    if problems:
        return 1
    if version < 3:
        _say(f"{PROG}: note: this journal predates checksums; start Tablelife once to add them")
    what = _count(games, "game") + (f" and {_count(events, 'event')}" if events else "")
    print(f"All {what} in {folder} check out.")
    return 0


def _count(n: int, word: str) -> str:
    return f"{n} {word}{'' if n == 1 else 's'}"


def _import(folder: Path, file: Path) -> int:
    try:
        raw = file.read_bytes()
    except OSError as exc:
        raise _CommandError(f"can't read {file}: {exc.strerror or exc}") from None
    try:
        data = json.loads(raw.decode("utf-8-sig"))
    except UnicodeDecodeError:
        raise _CommandError(f"{file} is not UTF-8 text, so it is not a Tablelife export") from None
    except json.JSONDecodeError as exc:
        raise _CommandError(
            f"{file} is not JSON: line {exc.lineno}, column {exc.colno}: {exc.msg}"
        ) from None
    except (ValueError, RecursionError) as exc:  # a 5000-digit number, [[[[...]]]]
        raise _CommandError(f"{file} can't be read as a Tablelife export: {exc}") from None
    opened = open_journal(folder)
    if opened.journal is None:
        raise _CommandError(opened.message or "the journal can't be opened")
    if opened.message:
        _say(f"{PROG}: note: {opened.message}")
    with opened.journal as journal:
        try:
            game = import_json(journal, data)
        except JournalError as exc:
            raise _CommandError(f"{file} was not imported: {exc}") from None
    print(f"Imported {file} as game {game}.")
    return 0


def write_atomic(path: Path, text: str) -> None:
    """Writes `text` (UTF-8) to `path` all at once: a temp file in the same folder, fsynced,
    then renamed over it. On any error the old file (if any) is left as it was."""
    fd, tmp = tempfile.mkstemp(prefix=f".{path.name}.", suffix=".tmp", dir=path.parent)
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
