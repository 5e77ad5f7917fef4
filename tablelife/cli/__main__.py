"""`python -m tablelife.cli VERB ...`: the command line alone, with the data folder from
TABLELIFE_DATA_DIR when --data-dir is not given."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from tablelife.cli import cli_main


def main() -> int:
    """Runs the command line on this process's arguments."""
    data = os.environ.get("TABLELIFE_DATA_DIR")
    return cli_main(sys.argv[1:], Path(data) if data else None)


if __name__ == "__main__":
    raise SystemExit(main())
