"""`python -m app` starts Tablelife."""

from app.main import main

raise SystemExit(main())
