"""The benchmarks still run (tiny sizes, no timing asserted): `make bench` must not rot."""

from __future__ import annotations

from pathlib import Path

import pytest
from PySide6.QtWidgets import QApplication

import bench.journal
import bench.ui


def test_journal_bench_runs(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    for name, value in (("GAMES", 3), ("EVENTS_PER_GAME", 5), ("APPENDS", 5), ("OPENS", 1)):
        monkeypatch.setattr(bench.journal, name, value)
    figures = bench.journal.run(tmp_path)
    assert figures["append_p99_ms"] > 0 and figures["open_restore_s"] > 0


def test_ui_bench_runs(qapp: QApplication, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(bench.ui, "CLICKS", 3)
    monkeypatch.setattr(bench.ui, "HISTORY", 4)
    figures = bench.ui.latency()
    assert figures["latency_commit_p99_ms"] > 0 and figures["latency_bare_p99_ms"] > 0


def test_desk_bench_runs_and_prints_its_figures(qapp: QApplication) -> None:
    import bench.desk

    figures = bench.desk.run(tables=3, events=4)
    for key in ("open_to_paint_ms", "rss_mb", "bare_rss_mb", "tap_p99_ms"):
        assert figures[key] > 0, key
