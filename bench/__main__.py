"""`make bench`: every benchmark, with the figures the README quotes."""

from __future__ import annotations

import importlib
import json
import platform
import sys

SUITES = ("bench.ui", "bench.journal", "bench.desk")


def main(argv: list[str] | None = None) -> int:
    """Runs each suite and prints its figures as JSON; `python -m bench desk` runs one suite
    and prints its figures as one JSON line."""
    argv = sys.argv[1:] if argv is None else argv
    if argv:
        name = f"bench.{argv[0]}"
        if name not in SUITES:
            print(f"bench: no suite {argv[0]!r}; there are {', '.join(SUITES)}", file=sys.stderr)
            return 2
        print(json.dumps(importlib.import_module(name).run()))
        return 0
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
