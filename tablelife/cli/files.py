"""Writing what a command makes: to a file all at once (never over the journal or its
files, through links rather than over them), or straight into a device or a pipe."""

from __future__ import annotations

import contextlib
import errno
import os
import stat
from pathlib import Path

from tablelife.cli.common import CommandRefusedError
from tablelife.store import FILE_NAME
from tablelife.store.lock import LOCK_NAME, lock_path
from tablelife.store.places import SETTINGS_FILE


def output_target(folder: Path | None, output: Path) -> Path:
    """Where `-o output` really writes: its real path, through any symlinks, so a link is
    written through and never replaced. CommandRefusedError if that is the journal or one of the
    files beside it that SQLite or the one-writer lock need (in `folder`; None for a server's
    journal, which no file here can be)."""
    real = Path(os.path.realpath(output))
    if folder is None:
        return real
    journal = folder / FILE_NAME
    guarded = {Path(os.path.realpath(p)) for p in (folder / LOCK_NAME, lock_path(folder))}
    for base in {os.path.realpath(journal), os.path.join(os.path.realpath(folder), FILE_NAME)}:
        for suffix in ("", "-wal", "-shm", "-journal"):
            guarded.add(Path(os.path.realpath(base + suffix)))
    if _one_of(output, real, guarded):
        raise CommandRefusedError(
            f"{output} is the journal or one of its files in {folder}: exporting there would "
            "destroy the games in it. Nothing was written; choose another file."
        )
    settings = {Path(os.path.realpath(folder / SETTINGS_FILE))}
    if _one_of(output, real, settings):
        raise CommandRefusedError(
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


def is_stream(path: Path) -> bool:
    """True if `path` (through links) is there and is neither a regular file nor a folder:
    a device or a pipe, which is written in place (/dev/stdout's real path is no path)."""
    try:
        mode = os.stat(path).st_mode
    except OSError:
        return False
    return not stat.S_ISREG(mode) and not stat.S_ISDIR(mode)


def write_device(path: Path, text: str | bytes) -> None:
    """Writes straight to something that is not a regular file (a device, a pipe)."""
    with open(path, "wb") as f:
        f.write(text.encode("utf-8") if isinstance(text, str) else text)


def write_atomic(path: Path, text: str | bytes) -> None:
    """Writes `text` (UTF-8), or bytes as they are, to `path` all at once: a temp file in the
    same folder, fsynced, then renamed over it. On any error the old file (if any) is left as
    it was."""
    fd, tmp = temp_file_beside(path)
    data = text.encode("utf-8") if isinstance(text, str) else text
    try:
        with os.fdopen(fd, "wb") as f:
            f.write(data)
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


def temp_file_beside(path: Path) -> tuple[int, str]:
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
