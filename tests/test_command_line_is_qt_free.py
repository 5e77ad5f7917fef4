"""`tablelife export/import/list/verify/event` never load Qt (start-up cost, and a server or a
script without a display can run them)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]

PROBE = """
import sys
from tablelife.main import main
code = main(sys.argv[1:])
print(sorted(m for m in sys.modules if m.split(".")[0] in ("PySide6", "shiboken6", "tablelife")))
sys.exit(code)
"""


def test_export_through_the_entry_point_never_imports_qt(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(REPO), "TABLELIFE_DATA_DIR": str(tmp_path)}
    done = subprocess.run(
        [sys.executable, "-c", PROBE, "export", "--last"],
        cwd=REPO,
        env=env,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode in (1, 2), done.stderr  # no journal here yet: a one-line refusal
    assert done.stderr.count("\n") == 1 and "Traceback" not in done.stderr
    modules = json.loads(done.stdout.replace("'", '"'))
    assert not [m for m in modules if not m.startswith("tablelife")], modules
    assert not [
        m for m in modules if m.startswith(("tablelife.ui", "tablelife.model", "tablelife.gui"))
    ]
