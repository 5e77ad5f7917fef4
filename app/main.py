"""`tablelife`: the window, or one of the commands that need no window.

This module imports nothing heavy: the command line (`export`, `import`, `list`, `verify`,
`event ...`) runs without loading Qt at all, and the window loads it only when it starts.
"""

from __future__ import annotations

import sys

CLI_VERBS = ("export", "import", "list", "verify", "event")
"""The first words that start a command instead of the window."""


def main(argv: list[str] | None = None) -> int:
    """Starts Tablelife (or runs a command); returns the exit code."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] and argv[0] in CLI_VERBS:
        from app.cli import cli_main
        from app.store.places import data_dir

        return cli_main(argv, data_dir())
    if argv[:1] == ["desk"]:
        from app.deskapp import desk_main

        return desk_main(argv[1:])
    from app.gui import gui_main

    return gui_main(argv)
