"""The operations layer never loads Qt (DESIGN.md, the layers): the command line runs every
step through it, and a command never starts Qt."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]


def test_the_operations_load_no_qt() -> None:
    code = (
        "import sys, tablelife.ops, tablelife.ops.event, tablelife.ops.table, tablelife.ops.game\n"
        "print(sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6')))"
    )
    done = subprocess.run(
        [sys.executable, "-c", code], cwd=REPO, capture_output=True, text=True, check=True
    )
    assert done.stdout.strip() == "[]"
