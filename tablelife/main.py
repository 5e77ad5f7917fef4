"""`tablelife`: the window, or one of the commands that need no window.

This module imports nothing heavy: the command line (`export`, `import`, `list`, `verify`,
`event ...`) runs without loading Qt at all, and the window loads it only when it starts.
"""

from __future__ import annotations

import gc
import os
import sys

CLI_VERBS = ("export", "import", "list", "verify", "event")
"""The first words that start a command instead of the window."""


def main(argv: list[str] | None = None) -> int:
    """Starts Tablelife (or runs a command); returns the exit code."""
    argv = sys.argv[1:] if argv is None else argv
    if argv[:1] and argv[0] in CLI_VERBS:
        from tablelife.cli import cli_main
        from tablelife.store.places import data_dir

        return cli_main(argv, data_dir())
    load_qt_free_layers()
    if argv[:1] == ["desk"]:
        from tablelife.deskapp import desk_main

        return desk_main(argv[1:])
    from tablelife.gui import gui_main

    return gui_main(argv)


def run() -> int:
    """The `tablelife` command and `python -m tablelife`: `main`, then the process ends. The
    collections Python runs on the way out needn't walk everything the window or command made
    (40 ms of a screenshot's exit; issue 12), so it is frozen first. (Not in `main`: tests call
    that in their own process.)"""
    code = main()
    gc.freeze()
    return code


def load_qt_free_layers() -> None:
    """Imports what a window needs of the Qt-free layers, then PySide's core, telling its
    import hook about the modules it need not read (`spare_source_reads`)."""
    import tablelife.rules.seeds
    import tablelife.rules.setup
    import tablelife.rules.words
    import tablelife.store
    import tablelife.store.places
    import tablelife.store.resume  # noqa: F401

    spare_source_reads()


def spare_source_reads() -> None:
    """PySide's import hook serves its opt-in `from __feature__ import` (snake_case names,
    true properties), which Tablelife never uses. The first time an import statement names a
    module, the hook reads that module's whole source to look for "PySide6", and keeps the
    answer in a dict: 0 for a module with Qt, -1 ("ignore it") for one without. At a window's
    start that was 51 modules, 6-8 ms and 2 MB of source lines held in `linecache` (issue 12).

    This enters the answers first: for the modules loaded so far and every module of this
    package. With no feature ever switched on, 0 and -1 select the same (plain) API. If a later
    PySide keeps no such dict, nothing is entered and the hook reads as before."""
    import PySide6.QtCore  # noqa: F401 (the hook comes with it)

    feature = sys.modules.get("PySide6.support.feature")
    answers = getattr(feature, "pyside_feature_dict", None)
    if not isinstance(answers, dict):
        return
    package = os.path.dirname(os.path.abspath(__file__))
    for folder, _subfolders, files in os.walk(package):
        inner = os.path.relpath(folder, package)
        prefix = ".".join(["tablelife", *([] if inner == os.curdir else inner.split(os.sep))])
        for file in files:
            if file.endswith(".py"):
                name = prefix if file == "__init__.py" else f"{prefix}.{file[:-3]}"
                answers.setdefault(name, 0)  # the app's windows and tests use Qt
    for name in list(sys.modules):
        answers.setdefault(name, 0 if name.partition(".")[0] in _WITH_QT else -1)


_WITH_QT = frozenset(("PySide6", "shiboken6", "shibokensupport"))
"""Besides the app's own, the packages whose loaded modules PySide's hook would find
"PySide6" in."""
