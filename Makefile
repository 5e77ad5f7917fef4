# `make run` starts Tablelife; `make test` runs every check. Each makes .venv first if needed:
# `run` installs what running needs (PySide6-Essentials and the app), `test` adds the pinned
# test tools and, where it can, the desktop entry's validators.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
PIP    := $(BIN)/python -m pip --quiet --disable-pip-version-check
RUN_STAMP  := $(VENV)/.installed-run
TEST_STAMP := $(VENV)/.installed-test
# Under CI the desktop entry's and metainfo's checks may not be skipped for want of
# desktop-file-validate or appstreamcli: a skip fails the run.
ifdef CI
export TABLELIFE_REQUIRE_DESKTOP_TOOLS := 1
endif

.PHONY: run test lint bench screenshots translations bundle wheel-check desktop-tools postgres clean

$(RUN_STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Tablelife needs Python 3.11 or newer; set PYTHON=python3.11")'
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(PIP) install -e .
	@touch $@

$(TEST_STAMP): $(RUN_STAMP)
	$(PIP) install -e '.[test]'
	@touch $@

run: $(RUN_STAMP)
	$(BIN)/python -m tablelife $(ARGS)

lint: $(TEST_STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy --strict tablelife
	$(BIN)/lint-imports

# The server's tests run a throwaway PostgreSQL of their own (tests/pgserver.py: initdb and
# pg_ctl on a Unix socket). A machine without PostgreSQL's programs gets them from its package
# manager when make runs as root; otherwise make says how, and CI's run fails rather than
# skipping those tests (TABLELIFE_REQUIRE_POSTGRES, set by .ci/run).
postgres:
	@if $(PYTHON) -c 'import sys; sys.path.insert(0, "."); from tests.pgserver import bindir; sys.exit(0 if bindir() else 1)'; then \
	  :; \
	elif [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	  echo "make: installing PostgreSQL for the server's tests (apt-get install postgresql)"; \
	  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq postgresql >/dev/null; \
	else \
	  echo "make: no PostgreSQL here: install it (apt-get install postgresql) to run the server's tests" >&2; \
	fi

test: lint desktop-tools postgres
	$(BIN)/python -m pytest
	$(BIN)/coverage report --include='tablelife/rules/*' --fail-under=95

bench: $(TEST_STAMP)
	$(BIN)/python -m bench

screenshots: $(RUN_STAMP)
	$(BIN)/python -m tablelife --screenshot docs/two-headed-giant.png --preset "Two-Headed Giant"
	$(BIN)/python -m tablelife --screenshot docs/free-for-all-6.png --preset "Free-for-all (20 life)" --players 6
	$(BIN)/python -m tablelife --screenshot docs/commander-4.png --preset Commander
	$(BIN)/python -m tablelife --screenshot docs/commander-8-netbook.png --preset Commander --players 8 --size 1024x570
	$(BIN)/python -m tablelife --screenshot docs/commander-counters.png --preset Commander --counters
	$(BIN)/python -m tablelife --screenshot docs/table-mode-dark.png --preset "Two-Headed Giant" --table-mode --theme dark
	$(BIN)/python -m tablelife --screenshot docs/life-graph.png --preset Commander --graph
	$(BIN)/python -m tablelife desk --screenshot docs/desk.png
	$(BIN)/python -m tablelife desk --screenshot docs/desk-1080.png --size 1920x1080
	$(BIN)/python -m tablelife desk --scoreboard --screenshot docs/scoreboard.png --size 1920x1080
	$(BIN)/python -m tablelife --screenshot docs/two-headed-giant-ru.png --preset "Two-Headed Giant" --lang ru
	$(BIN)/python -m tablelife desk --screenshot docs/desk-ru.png --lang ru
	sh tools/evening_pictures.sh $(BIN)/python

# Every string a person reads, from tr() and translate() calls in tablelife/, into the .ts files a
# translator edits (Qt Linguist: .venv/bin/pyside6-linguist), then the .qm files the app loads.
# English's file holds only plural forms, made from the sources ("%n turn(s)").
# A new language: see "Languages" in the README.
TS := $(wildcard resources/translations/tablelife_*.ts)
translations: $(RUN_STAMP)
	for ts in $(filter-out %_en.ts,$(TS)); do \
	  $(BIN)/pyside6-lupdate -extensions py tablelife -ts $$ts -no-obsolete -locations none || exit 1; \
	done
	$(BIN)/pyside6-lupdate -extensions py tablelife -ts resources/translations/tablelife_en.ts \
	  -no-obsolete -locations none -pluralonly
	$(BIN)/python tools/ts_fill.py --english resources/translations/tablelife_en.ts
	$(BIN)/pyside6-lrelease $(TS)

# The desktop's own tools, for the tests of what --install-desktop writes and of the window's
# class: desktop-file-validate, appstreamcli, and Xvfb with xprop (and the library Qt's X11
# plugin needs). Installed with apt-get where this is Debian and we are root, else a note (the
# tests then skip, except under CI).
DESKTOP_PACKAGES := desktop-file-utils appstream xvfb x11-utils libxcb-cursor0
desktop-tools:
	@missing=; for tool in desktop-file-validate appstreamcli Xvfb xprop; do \
	  command -v $$tool >/dev/null || missing="$$missing $$tool"; done; \
	if [ -n "$$missing" ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing$$missing (apt-get install $(DESKTOP_PACKAGES))"; \
	    export DEBIAN_FRONTEND=noninteractive; \
	    apt-get install -y -qq $(DESKTOP_PACKAGES) >/dev/null 2>&1 || \
	      { apt-get update -qq >/dev/null && apt-get install -y -qq $(DESKTOP_PACKAGES) >/dev/null; } || \
	      echo "note: apt-get could not install $(DESKTOP_PACKAGES)"; \
	  else \
	    echo "note:$$missing missing (Debian: $(DESKTOP_PACKAGES));"; \
	    echo "      the tests that run them will be skipped"; \
	  fi; \
	fi

# A standalone folder, dist/tablelife, that runs with no Python: pyside6-deploy (Nuitka) over
# the wheel's own layout, with pysidedeploy.spec. Slow (minutes); see "Install" in the README.
bundle: $(RUN_STAMP)
	.ci/bundle-build

# A wheel from a clean clone, installed as a person would (pipx, else a venv), run from
# another folder: --version, --install-desktop (validated), a Russian screenshot.
wheel-check:
	.ci/wheel

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .coverage build dist
