# asztal: `make run` to play, `make test` to run every test. Both set everything up first.
# `make run` starts the game server on the embedded SQLite and prints the URL to open;
# `.venv/bin/asztal menu` plays in the terminal.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: install run test soak bench coverage lint clean

install: $(STAMP)

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

PORT ?= 8000

run: install
	$(BIN)/asztal serve --port $(PORT)

test: install
	$(BIN)/python -m pytest -n auto -p no:cacheprovider

soak: install
	ASZTAL_SOAK=1 ASZTAL_CONTRACT_GAMES=2000 $(BIN)/python -m pytest -n auto -p no:cacheprovider

bench: install
	$(BIN)/python -m pip install -q -e '.[bench]'
	$(BIN)/asztal bench

coverage: install
	$(BIN)/python ../shared/tools/rule_coverage.py --tests tests

lint: install
	$(BIN)/ruff check src tests
	$(BIN)/mypy

clean:
	rm -rf $(VENV) build dist src/*.egg-info .pytest_cache .hypothesis
