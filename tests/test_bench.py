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


def test_speed_bench_runs_and_prints_its_lines(
    qapp: QApplication, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import bench.speed

    for name, value in (
        ("TAPS", 3),
        ("PACED", 2),
        ("PACE_S", 0.01),
        ("HISTORY", 4),
        ("BIG", 30),
        ("BIG_RUNS", 1),
        ("MEMORY_EVENTS", 20),
    ):
        monkeypatch.setattr(bench.speed, name, value)
    lines = [
        bench.speed.enter_to_history(tmp_path),
        *bench.speed.big_games(tmp_path),
        bench.speed.scaling(tmp_path, (10, 20)),
        bench.speed.memory_per_event(tmp_path, 20),
    ]
    figures = {line["figure"]: line for line in lines}
    assert set(figures) == {
        "enter_to_history_p99",
        "resume_20000",
        "export_last_20000",
        "import_20000",
        "scaling",
        "memory_per_event",
    }
    for line in lines:
        if line["figure"] == "memory_per_event":
            # 20 events may not move the resident size by a page: only the shape is checked.
            assert line["value"] >= 0 and line["baseline"] >= 0 and "ok" in line, line
        elif line["figure"] != "scaling":
            assert line["baseline"] > 0 and line["ratio"] > 0 and "ok" in line, line


def test_the_first_paint_probe_stamps_both_windows_first_frames(tmp_path: Path) -> None:
    """The start-up figures' probe (bench.speed `_painted`): both windows reach their first
    frame and say when, after their Paint, with their peak memory, in fresh processes."""
    import bench.speed

    env = bench.speed._env(tmp_path)
    for code in (bench.speed._BARE_WINDOW, bench.speed._TABLELIFE_WINDOW):
        seconds, peak_kib, painted = bench.speed._painted(code, env)
        assert painted  # stamped after the window's Paint, not before it
        assert 0 < seconds < 60 and peak_kib > 1024


def _fake_line(figure: str, ok: bool) -> dict[str, object]:
    return {
        "figure": figure,
        "value": 0.3,
        "unit": "s",
        "baseline": 0.1,
        "ratio": 3.0 if not ok else 1.0,
        "target": 1.9,
        "target_of": "ratio",
        "ok": ok,
    }


@pytest.mark.parametrize("args", [["speed"], []])
def test_the_bench_exits_1_when_a_figure_is_over_its_guard(
    args: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """`python -m bench speed` and `python -m bench` exit 1 and name the figure when a line is
    not ok, 0 when every line is; fed fake lines, not the real (slow) figures."""
    import bench.__main__
    import bench.speed

    monkeypatch.setattr(bench.__main__, "SUITES", ("bench.speed",))  # no other suite runs
    lines = [_fake_line("first_paint_fresh", True), {"figure": "scaling", "linear": True}]
    monkeypatch.setattr(bench.speed, "run", lambda: iter(lines))  # whatever `lines` is then
    assert bench.__main__.main(args) == 0
    out, err = capsys.readouterr()
    assert err == ""
    assert '"figure": "first_paint_fresh"' in out and '"figure": "scaling"' in out

    lines = [_fake_line("first_paint_fresh", True), _fake_line("import_20000", False)]
    assert bench.__main__.main(args) == 1
    out, err = capsys.readouterr()
    assert '"figure": "import_20000"' in out
    assert err == "bench: import_20000 failed its guard: ratio 3, guard 1.9\n"
