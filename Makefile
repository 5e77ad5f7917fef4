# `make run` starts Tablelife; `make test` runs every check. Each makes .venv first if needed.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed

.PHONY: run test lint postgres bench screenshots translations clean

$(STAMP): pyproject.toml
	@$(PYTHON) -c 'import sys; sys.exit(0 if sys.version_info >= (3, 11) else "Tablelife needs Python 3.11 or newer; set PYTHON=python3.11")'
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	@touch $(STAMP)

run: $(STAMP)
	$(BIN)/python -m tablelife $(ARGS)

lint: $(STAMP)
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

test: lint postgres
	$(BIN)/python -m pytest
	$(BIN)/coverage report --include='tablelife/rules/*' --fail-under=95

bench: $(STAMP)
	$(BIN)/python -m bench

screenshots: $(STAMP)
	$(BIN)/python -m tablelife --screenshot docs/two-headed-giant.png --preset "Two-Headed Giant"
	$(BIN)/python -m tablelife --screenshot docs/free-for-all-6.png --preset "Free-for-all (20 life)" --players 6
	$(BIN)/python -m tablelife --screenshot docs/commander-4.png --preset Commander
	$(BIN)/python -m tablelife --screenshot docs/table-mode-dark.png --preset "Two-Headed Giant" --table-mode --theme dark
	$(BIN)/python -m tablelife --screenshot docs/life-graph.png --preset Commander --graph
	$(BIN)/python -m tablelife desk --screenshot docs/desk.png
	$(BIN)/python -m tablelife desk --screenshot docs/desk-1080.png --size 1920x1080
	$(BIN)/python -m tablelife desk --scoreboard --screenshot docs/scoreboard.png --size 1920x1080
	$(BIN)/python -m tablelife --screenshot docs/two-headed-giant-ru.png --preset "Two-Headed Giant" --lang ru
	$(BIN)/python -m tablelife desk --screenshot docs/desk-ru.png --lang ru

# Every string a person reads, from tr() and translate() calls in tablelife/, into the .ts files a
# translator edits (Qt Linguist: .venv/bin/pyside6-linguist), then the .qm files the app loads.
# English's file holds only plural forms, made from the sources ("%n turn(s)").
# A new language: see "Languages" in the README.
TS := $(wildcard resources/translations/tablelife_*.ts)
translations: $(STAMP)
	for ts in $(filter-out %_en.ts,$(TS)); do \
	  $(BIN)/pyside6-lupdate -extensions py tablelife -ts $$ts -no-obsolete -locations none || exit 1; \
	done
	$(BIN)/pyside6-lupdate -extensions py tablelife -ts resources/translations/tablelife_en.ts \
	  -no-obsolete -locations none -pluralonly
	$(BIN)/python tools/ts_fill.py --english resources/translations/tablelife_en.ts
	$(BIN)/pyside6-lrelease $(TS)

clean:
	rm -rf $(VENV) .pytest_cache .mypy_cache .ruff_cache .coverage
