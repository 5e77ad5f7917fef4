"""The public surface the issue fixes, as other code will call it; and the layer's promises."""

from __future__ import annotations

import inspect
import subprocess
import sys
from pathlib import Path

import tablelife.tournament
from tablelife.rules import FreeForAll, TwoHeadedGiant

ROOT = Path(__file__).resolve().parents[2]


def test_the_fixed_surface_runs_as_the_issue_writes_it() -> None:
    from tablelife.tournament import (
        MatchResult,
        RoundClock,
        additional_turns,
        pair_swiss,
        standings,
    )

    results = [
        MatchResult(round=1, outcomes={"Ann & Bob": "win", "Cal & Dee": "loss"}),
        MatchResult(
            round=1, outcomes={"A": "win", "B": "loss"}, games={"A": (2, 1, 0), "B": (1, 2, 0)}
        ),
        MatchResult(round=2, outcomes={"E": "bye"}),
        MatchResult(round=1, outcomes={"P": "win", "Q": "loss", "R": "loss", "S": "loss"}),
    ]
    table = standings(results, best_of=1)
    s = table[0]
    assert isinstance(s.team, str)
    assert isinstance(s.points, int)
    wins, losses, draws = s.record
    assert (wins, losses, draws) == (1, 0, 0)
    for figure in (s.mw, s.omw, s.gw, s.ogw):
        assert isinstance(figure, float)

    teams = ["Ann & Bob", "Cal & Dee", "A", "B", "E", "P", "Q", "R", "S"]
    later = [r for r in results if r.round == 1]
    tables = pair_swiss(teams, later, seed=7)
    assert all(isinstance(t, tuple) for t in tables)
    assert [len(t) for t in tables] == [2, 2, 2, 2, 1]  # a bye is a 1-tuple
    pods = pair_swiss(teams, later, seed=7, pod_size=4)
    assert sorted(len(p) for p in pods) == [4, 5]

    t0, t1, t2, t = 100.0, 400.0, 460.0, 1000.0
    clock = RoundClock(minutes=50).start(at=t0).pause(at=t1).resume(at=t2).adjust(60)
    assert clock.remaining(at=t) == 3000 + 60 - (t1 - t0) - (t - t2)
    assert clock.time_called(at=t) is False
    assert clock.remaining(at=t2 + 10_000) < 0  # negative after time

    assert additional_turns(TwoHeadedGiant()) == 3
    assert additional_turns(FreeForAll()) == 5


def test_every_public_name_has_a_docstring() -> None:
    for name in tablelife.tournament.__all__:
        thing = getattr(tablelife.tournament, name)
        if inspect.isclass(thing) or inspect.isfunction(thing):
            assert inspect.getdoc(thing), name
            if inspect.isclass(thing):
                for attr, member in vars(thing).items():
                    if not attr.startswith("_") and (
                        inspect.isfunction(member) or isinstance(member, property)
                    ):
                        assert inspect.getdoc(member), f"{name}.{attr}"


def test_importing_the_event_core_loads_no_qt_and_no_upper_layer() -> None:
    code = (
        "import sys, tablelife.tournament\n"
        "bad = sorted(m for m in sys.modules if m.split('.')[0] in ('PySide6', 'shiboken6')\n"
        "             or m.startswith(('tablelife.store', 'tablelife.model',"
        " 'tablelife.ui', 'tablelife.main')))\n"
        "print(' '.join(bad))\n"
    )
    out = subprocess.run(
        [sys.executable, "-c", code], cwd=ROOT, capture_output=True, text=True, check=True
    )
    assert out.stdout.strip() == ""
