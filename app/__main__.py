"""`python -m app` starts Tablelife."""

from app.main import run

raise SystemExit(run())
