"""Paper: a round's pairings (by name, for the wall; by table) and its result slips, drawn
with Qt's painter into a PDF (`QPdfWriter`), or the first page into a PNG picture.

This is the one place outside the window that uses Qt, and only its painting (QtGui, on the
offscreen platform when no window is open: no display is needed). The command line loads it
only for `event pairings --format pdf` and `event slips`; every other command still loads no
Qt at all. It draws what the event core gives it (`tablelife.tournament.sheets`) and never
reads or writes the journal: import-linter's contracts in pyproject.toml hold it to that.
"""
