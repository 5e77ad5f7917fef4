"""`python -m app` starts Tablelife."""

import gc

from app.main import main

code = main()
# The process ends here: the collections Python runs on the way out needn't walk everything
# the window or command made (40 ms of a screenshot's exit; issue 12).
gc.freeze()
raise SystemExit(code)
