"""`make bench`: every benchmark, with the figures the README quotes."""

from __future__ import annotations

import importlib
import json
import os
import platform
import sys

import bench.speed

SUITES = ("bench.speed", "bench.ui", "bench.journal", "bench.desk", "bench.server")


def main(argv: list[str] | None = None) -> int:
    """Prints JSON lines: one per figure of issue 12 (`bench.speed`, each with its baseline and
    ratio, and a scaling line), then one line per other suite. `python -m bench desk` runs one
    suite (`speed` prints its lines, the others one line). Returns 1 if a figure of
    `bench.speed` is over its guard (named on stderr), else 0."""
    argv = sys.argv[1:] if argv is None else argv
    if argv:
        name = f"bench.{argv[0]}"
        if name not in SUITES:
            print(f"bench: no suite {argv[0]!r}; there are {', '.join(SUITES)}", file=sys.stderr)
            return 2
        if name == "bench.speed":
            return bench.speed.main()
        print(json.dumps(importlib.import_module(name).run()))
        return 0
    print(json.dumps(_machine()), flush=True)
    code = bench.speed.main()
    for name in SUITES[1:]:
        module = importlib.import_module(name)
        print(json.dumps({"suite": name.removeprefix("bench."), **module.run()}), flush=True)
    return code


def _machine() -> dict[str, object]:
    """Where and under what load the figures were taken."""
    return {
        "python": platform.python_version(),
        "machine": platform.machine(),
        "cpus": os.cpu_count(),
        "load_1min": os.getloadavg()[0],
    }


if __name__ == "__main__":
    raise SystemExit(main())
