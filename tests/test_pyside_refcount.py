"""PySide6 6.12.0 drops a reference to None on every call of a method that returns nothing. On
Python 3.11, where None is not immortal, the app then aborts after a few thousand taps. The
dependency pin keeps that release out; this test fails if such a build is ever installed."""

from __future__ import annotations

import sys

from PySide6.QtCore import QCoreApplication
from PySide6.QtWidgets import QApplication, QLabel

CALLS = 2000


def _none_refs_lost(call: object) -> int:
    assert callable(call)
    before = sys.getrefcount(None)
    for _ in range(CALLS):
        call()
    return before - sys.getrefcount(None)


def test_void_calls_keep_none_alive(qapp: QApplication) -> None:
    label = QLabel()
    # Other code may take or drop a few references meanwhile; a leak loses one per call.
    assert _none_refs_lost(lambda: label.setText("20")) < CALLS // 2
    assert _none_refs_lost(QCoreApplication.processEvents) < CALLS // 2
