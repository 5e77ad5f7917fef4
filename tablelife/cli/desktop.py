"""`tablelife --install-desktop` and `--uninstall-desktop`: Tablelife in the desktop's menu.

A wheel can't put files outside site-packages, so a `pipx install` leaves the desktop entry,
the icon and the AppStream metainfo inside the package. This copies them into the user's own
XDG folders ($XDG_DATA_HOME, else ~/.local/share), each under the one reverse-DNS id
(`tablelife.identity.APP_ID`):

    applications/io.github.tablelife.Tablelife.desktop     the menu entry
    icons/hicolor/scalable/apps/io.github.tablelife.Tablelife.svg
    metainfo/io.github.tablelife.Tablelife.metainfo.xml    what a software centre shows

The entry's Exec is the command that is running now (the `tablelife` script, `python -m
tablelife` or a bundle's binary), so it starts the same Tablelife from the menu whatever PATH
the desktop session has. Qt-free.
"""

from __future__ import annotations

import contextlib
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

from tablelife.cli.common import CommandFailedError, run
from tablelife.cli.files import write_atomic
from tablelife.identity import APP_ID
from tablelife.rules.seeds import package_folder

PROG = "tablelife"


@dataclass(frozen=True)
class Placed:
    """One file of the desktop install: where it comes from in the package, where it goes
    under the data home."""

    source: str
    target: Path


def data_home(environ: os._Environ[str] | dict[str, str] | None = None) -> Path:
    """$XDG_DATA_HOME, else ~/.local/share (the XDG Base Directory rule: a relative
    $XDG_DATA_HOME is invalid and ignored)."""
    env = os.environ if environ is None else environ
    chosen = env.get("XDG_DATA_HOME", "")
    if chosen and os.path.isabs(chosen):
        return Path(chosen)
    return Path.home() / ".local" / "share"


def placed(home: Path) -> tuple[Placed, Placed, Placed]:
    """The desktop entry, the icon and the metainfo, in that order."""
    return (
        Placed(f"{APP_ID}.desktop", home / "applications" / f"{APP_ID}.desktop"),
        Placed(f"{APP_ID}.svg", home / "icons" / "hicolor" / "scalable" / "apps" / f"{APP_ID}.svg"),
        Placed(f"{APP_ID}.metainfo.xml", home / "metainfo" / f"{APP_ID}.metainfo.xml"),
    )


def launch_command(argv0: str, executable: str) -> list[str]:
    """The command that starts this Tablelife again: `argv0` itself when it is a program (the
    `tablelife` script, a bundle's binary), `executable -m tablelife` when Python ran the
    package (`python -m tablelife`, whose argv0 is its __main__.py)."""
    if argv0.endswith(".py") or not argv0 or argv0 == "-c":
        return [os.path.abspath(executable), "-m", "tablelife"]
    if os.sep not in argv0:  # found on PATH
        argv0 = shutil.which(argv0) or argv0
    return [os.path.abspath(argv0)]


def exec_line(command: list[str]) -> str:
    """`command` as a desktop entry's Exec value: arguments with anything special quoted,
    as the Desktop Entry Specification says (and its `%` doubled)."""
    words = []
    for word in command:
        word = word.replace("%", "%%")
        if any(c in word for c in " \t\n\"'\\><~|&;$*?#()`="):
            escaped = "".join("\\" + c if c in '"`$\\' else c for c in word)
            word = f'"{escaped}"'
        words.append(word)
    # The entry's own escapes: a backslash in a string value is written twice.
    return " ".join(words).replace("\\", "\\\\")


def desktop_entry(template: str, command: list[str]) -> str:
    """The packaged entry with its Exec (and TryExec) pointing at `command`."""
    lines = []
    for line in template.splitlines():
        if line.startswith("Exec="):
            line = "Exec=" + exec_line(command)
            lines.append("TryExec=" + command[0].replace("\\", "\\\\"))
        lines.append(line)
    return "\n".join(lines) + "\n"


def install(home: Path, command: list[str]) -> list[Path]:
    """Writes the three files under `home`, each all at once; returns where they went.
    CommandFailedError (nothing half-written) when a folder or file can't be written."""
    folder = package_folder("tablelife.resources")
    written: list[Path] = []
    for item in placed(home):
        try:
            text = (folder / item.source).read_text("utf-8")
        except OSError as exc:
            raise CommandFailedError(
                f"this Tablelife lacks its {item.source} ({exc.strerror}); reinstall it"
            ) from None
        if item.source.endswith(".desktop"):
            text = desktop_entry(text, command)
        try:
            item.target.parent.mkdir(parents=True, exist_ok=True)
            write_atomic(item.target, text)
        except OSError as exc:
            raise CommandFailedError(
                f"could not write {item.target}: {exc.strerror or exc}. "
                f"{_count(written)} written; run --uninstall-desktop to take them away"
            ) from None
        written.append(item.target)
    _refresh(home)
    return written


def uninstall(home: Path) -> list[Path]:
    """Removes the three files from `home` where they are; returns those removed."""
    removed = []
    for item in placed(home):
        try:
            item.target.unlink()
        except FileNotFoundError:
            continue
        except OSError as exc:
            raise CommandFailedError(f"could not remove {item.target}: {exc.strerror}") from None
        removed.append(item.target)
    _refresh(home)
    return removed


def _count(paths: list[Path]) -> str:
    return f"{len(paths)} of 3 files"


def _refresh(home: Path) -> None:
    """Tells the menu to look again, where the desktop has the tool for it (most menus watch
    the folder anyway): update-desktop-database, quietly, its failure no failure of ours."""
    tool = shutil.which("update-desktop-database")
    applications = home / "applications"
    if tool and applications.is_dir():
        with contextlib.suppress(OSError, subprocess.SubprocessError):
            subprocess.run(
                [tool, "-q", str(applications)],
                stdin=subprocess.DEVNULL,
                stdout=subprocess.DEVNULL,
                stderr=subprocess.DEVNULL,
                timeout=30,
                check=False,
            )


def desktop_main(option: str, argv0: str | None = None) -> int:
    """`tablelife --install-desktop` or `--uninstall-desktop`: does it, says each file on
    stdout; returns the exit code (1 with one line on stderr when a file can't be written)."""
    home = data_home()

    def install_desktop() -> int:
        command = launch_command(sys.argv[0] if argv0 is None else argv0, sys.executable)
        for path in install(home, command):
            print(f"installed {path}")
        print(f"The menu entry starts: {' '.join(command)}")
        return 0

    def uninstall_desktop() -> int:
        removed = uninstall(home)
        for path in removed:
            print(f"removed {path}")
        if not removed:
            print(f"Nothing to remove: Tablelife has no desktop entry in {home}.")
        return 0

    if option == "--install-desktop":
        return run(PROG, install_desktop)
    return run(PROG, uninstall_desktop)
