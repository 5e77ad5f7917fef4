"""`make bench`: every benchmark, with the figures the README quotes."""

from __future__ import annotations

import importlib
import json
import platform
import sys

SUITES = ("bench.ui", "bench.journal")


def main() -> int:
    """Runs each suite and prints its figures as JSON."""
    results: dict[str, object] = {
        "python": platform.python_version(),
        "machine": platform.machine(),
    }
    for name in SUITES:
        module = importlib.import_module(name)
        results[name.removeprefix("bench.")] = module.run()
    json.dump(results, sys.stdout, indent=2)
    print()
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
