# asztal: `make run` to play, `make test` to run every test. Both set everything up first.
# `make run` starts the game server on the embedded SQLite and prints the URL to open once it
# answers (`make run HOST=0.0.0.0` lets friends on your network join); `.venv/bin/asztal menu`
# plays in the terminal.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run test check soak bench coverage lint clean

install: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

PORT ?= 8000
HOST ?= 127.0.0.1
SHARED ?= ../shared

run: install
	$(BIN)/asztal serve --host $(HOST) --port $(PORT)

test: install
	$(BIN)/python -m pytest -n auto -p no:cacheprovider

# the quick tier for one's own loop (under 2 minutes on 2 cores): lint, the engine, the rules
# of the three games, the words, the equivalence records and a short contract run; the
# server, browser, research and bot suites are left to `make test`
check: install
	$(BIN)/ruff check src tests
	ASZTAL_CONTRACT_GAMES=20 $(BIN)/python -m pytest -n auto -p no:cacheprovider -x \
		tests/engine tests/toy tests/pax tests/caboose tests/pocketciv tests/words tests/perf_equivalence tests/contract

soak: install
	ASZTAL_SOAK=1 ASZTAL_CONTRACT_GAMES=2000 $(BIN)/python -m pytest -n auto -p no:cacheprovider

bench: install
	$(BIN)/python -m pip install -q -e '.[bench]'
	$(BIN)/asztal bench

coverage: install
	@if [ -f $(SHARED)/tools/rule_coverage.py ]; then \
		$(BIN)/python $(SHARED)/tools/rule_coverage.py --rules $(SHARED)/rules --tests tests; \
	else \
		$(BIN)/python tools/rule_ids.py; \
	fi

lint: install
	$(BIN)/ruff check src tests
	$(BIN)/mypy

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .hypothesis
