"""`python -m tablelife` starts Tablelife."""

from tablelife.main import run

raise SystemExit(run())
