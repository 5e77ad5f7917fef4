"""`python -m bench server` still runs (a few steps on the tests' server, no timing asserted):
`make bench` must not rot."""

from __future__ import annotations

import bench.server
from tests.server.conftest import Database


def test_server_bench_runs_and_prints_its_figures(empty_db: Database) -> None:
    figures = bench.server.run(
        empty_db.admin, writers=2, tables=2, steps=3, interval=0.01, start=0.2
    )
    assert figures["steps"] == 6 and figures["writers"] == 2 and figures["tables"] == 2
    assert figures["rounds"] == 3  # as many as there are steps, at most
    assert len(figures["watch_p99_by_round_ms"]) == len(figures["bare_watch_p99_by_round_ms"]) == 3
    for key in ("commit_p99_ms", "bare_commit_p99_ms", "watch_p99_ms", "bare_watch_p99_ms"):
        assert figures[key] > 0, key
    assert figures["commit_p99_vs_bare"] > 0 and figures["watch_p99_vs_bare"] > 0
