"""The layers import one way only: ui → model → paper → ops → store → tournament → rules
(DESIGN.md).

This checks each file's own imports; `make lint` runs import-linter's contracts (pyproject.toml),
which follow imports transitively, as napari does."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

APP = Path(__file__).resolve().parents[1] / "tablelife"
QT = ("PySide6", "shiboken6")
# What each layer may not import.
FORBIDDEN = {
    "rules": (
        *QT,
        "tablelife.tournament",
        "tablelife.ops",
        "tablelife.store",
        "tablelife.model",
        "tablelife.ui",
        "tablelife.main",
    ),
    "tournament": (
        *QT,
        "tablelife.ops",
        "tablelife.store",
        "tablelife.model",
        "tablelife.ui",
        "tablelife.main",
    ),
    "store": (*QT, "tablelife.ops", "tablelife.model", "tablelife.ui", "tablelife.main"),
    "ops": (*QT, "tablelife.model", "tablelife.ui", "tablelife.main"),
    "model": ("tablelife.ui", "tablelife.main"),
    "ui": ("tablelife.store", "tablelife.tournament", "tablelife.ops", "tablelife.main"),
    # Paper draws what the event core gives it with Qt's painter, offscreen: never a widget.
    "paper": (
        "PySide6.QtWidgets",
        "tablelife.store",
        "tablelife.ops",
        "tablelife.model",
        "tablelife.ui",
        "tablelife.cli",
        "tablelife.main",
    ),
}


def _imports(path: Path) -> list[str]:
    tree = ast.parse(path.read_text("utf-8"), str(path))
    names: list[str] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.extend(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.append(node.module)
    return names


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_layer_imports_point_down_only(layer: str) -> None:
    files = sorted((APP / layer).rglob("*.py"))
    assert files, f"tablelife/{layer} has no modules"
    bad = [
        f"{f.relative_to(APP.parent)} imports {name}"
        for f in files
        for name in _imports(f)
        if any(name == x or name.startswith(x + ".") for x in FORBIDDEN[layer])
    ]
    assert not bad, "\n".join(bad)


def test_the_check_sees_a_forbidden_import(tmp_path: Path) -> None:
    """The walker itself must catch `from PySide6 import QtCore`, or the test above is blind."""
    f = tmp_path / "m.py"
    f.write_text("import os\nfrom PySide6 import QtCore\nimport shiboken6.Shiboken\n")
    assert _imports(f) == ["os", "PySide6", "shiboken6.Shiboken"]
