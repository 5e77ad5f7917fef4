"""`tablelife`: the window, or one of the commands that need no window.

This module imports nothing heavy: the command line (`export`, `import`, `list`, `verify`,
`event ...`), `--version` and `--install-desktop` run without loading Qt at all, and the
window loads it only when it starts.
"""

from __future__ import annotations

import gc
import sys

CLI_VERBS = ("export", "import", "list", "verify", "event", "server")
"""The first words that start a command instead of the window."""

VERSION_OPTIONS = ("--version", "-V")
DESKTOP_OPTIONS = ("--install-desktop", "--uninstall-desktop")
"""Options that do one thing, without a window: said alone on the command line."""


PLACE_OPTIONS = ("--data-dir", "--server")
"""Where the journal is: every command takes them after its words, and they may come first."""


def command_first(argv: list[str]) -> list[str]:
    """`tablelife --data-dir D list` as `tablelife list --data-dir D`: a command's words
    (`list`, `event watch`, `desk`) first, the place options given before them moved to the
    end, where every command reads them. Anything else as it is (a window's options, or a
    folder named like a command: `tablelife --data-dir list`)."""
    moved: list[str] = []
    rest = argv
    while rest and rest[0].split("=", 1)[0] in PLACE_OPTIONS:
        taken = 1 if "=" in rest[0] else 2
        if len(rest) < taken:
            return argv
        moved, rest = moved + rest[:taken], rest[taken:]
    if moved and rest and rest[0] in (*CLI_VERBS, "desk"):
        return [*rest, *moved]
    return argv


def main(argv: list[str] | None = None) -> int:
    """Starts Tablelife (or runs a command); returns the exit code."""
    argv = command_first(sys.argv[1:] if argv is None else argv)
    if argv[:1] and argv[0] in CLI_VERBS:
        from tablelife.cli import cli_main
        from tablelife.store.places import data_dir

        return cli_main(argv, data_dir())
    if any(a in VERSION_OPTIONS for a in argv):
        from tablelife.identity import version

        print(f"tablelife {version()}")
        return 0
    if any(a in DESKTOP_OPTIONS for a in argv):
        return _desktop(argv)
    load_qt_free_layers()
    if argv[:1] == ["desk"]:
        from tablelife.deskapp import desk_main

        return desk_main(argv[1:])
    from tablelife.gui import gui_main

    return gui_main(argv)


def _desktop(argv: list[str]) -> int:
    """--install-desktop or --uninstall-desktop, said alone."""
    option = next(a for a in argv if a in DESKTOP_OPTIONS)
    if len(argv) != 1:
        print(f"tablelife: {option} takes no other arguments", file=sys.stderr)
        return 2
    from tablelife.cli.desktop import desktop_main

    return desktop_main(option)


def run() -> int:
    """The `tablelife` command and `python -m tablelife`: `main`, then the process ends. The
    collections Python runs on the way out needn't walk everything the window or command made
    (40 ms of a screenshot's exit; issue 12), so it is frozen first. (Not in `main`: tests call
    that in their own process.)"""
    code = main()
    gc.freeze()
    return code


def load_qt_free_layers() -> None:
    """Imports what a window needs of the Qt-free layers before PySide: PySide's import hook
    (for its opt-in `from __feature__ import`) reads the whole source of each module imported
    after it, and these need no such read: a window's start reads 36 files instead of 59
    (issue 12)."""
    import tablelife.rules.seeds
    import tablelife.rules.setup
    import tablelife.rules.words
    import tablelife.store
    import tablelife.store.places
    import tablelife.store.resume  # noqa: F401
