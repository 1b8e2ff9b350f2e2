# asztal: `make run` to play, `make test` to run every test. Both set everything up first.
# `make run` starts the game server on the embedded SQLite and prints the URL to open once it
# answers (`make run HOST=0.0.0.0` lets friends on your network join); `.venv/bin/asztal menu`
# plays in the terminal.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

# The compiled build (mypyc, docs/performance.md): C extensions of the engine and the rules of PAX,
# Caboose and PocketCiv written next to their sources (git ignores them), compiled in four groups
# on both cores; when a source of their packages changes only the groups whose C changed are
# compiled again (build/mypyc keeps mypyc's cache and the objects). Without a C compiler (or with PURE=1) nothing is built and the pure-Python package
# runs; `asztal` falls back to the sources by itself when the build is older than them.
COMPILED := src/asztal/_compiled.txt
CC ?= cc
COMPILED_SOURCES := $(wildcard src/asztal/engine/*.py src/asztal/games/pax/*.py src/asztal/games/caboose/*.py \
	src/asztal/games/pocketciv/*.py src/asztal/games/pocketciv/events/*.py src/asztal/bots/heuristics/*.py src/asztal/bots/heuristics/*/*.py \
	src/asztal/bots/policies/*/*.py src/asztal/adapters/*.py) \
	tools/build_compiled.py tools/mypyc.ini

.PHONY: install run test test-pure check soak bench coverage lint clean compiled clean-compiled

install: $(STAMP) $(COMPILED)
	@$(BIN)/python -c "import asztal._build as b; print('asztal build:', b.build_info()['build'])"

$(STAMP): pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q --upgrade pip
	$(BIN)/python -m pip install -q -e '.[dev]'
	touch $(STAMP)

$(COMPILED): $(STAMP) $(COMPILED_SOURCES)
	@if [ -n "$(PURE)" ]; then \
		$(BIN)/python tools/build_compiled.py --clean >/dev/null; echo "build: pure Python (PURE set)"; \
	elif command -v $(CC) >/dev/null 2>&1; then \
		$(BIN)/python tools/build_compiled.py && echo "build: compiled (mypyc, C compiler $(CC))"; \
	else \
		echo "build: pure Python (no C compiler $(CC))"; \
	fi

compiled: $(STAMP)
	$(BIN)/python tools/build_compiled.py

clean-compiled:
	$(BIN)/python tools/build_compiled.py --clean

PORT ?= 8000
HOST ?= 127.0.0.1
SHARED ?= ../shared

run: install
	$(BIN)/asztal serve --host $(HOST) --port $(PORT)

# twice as many workers as cores, each taking the next test as it frees (worksteal): much of
# the suite waits on a server, a browser or a database, and one core idled behind the other's
# long tests with one worker a core
TEST_WORKERS ?= $(shell echo $$(( 2 * $$(nproc 2>/dev/null || echo 1) )))
# pytest plugins the suite does not use, each loaded by every pytest process (the controller and
# every worker): schemathesis' (test_fuzz.py calls schemathesis itself) and anyio's (no test is
# an anyio test), about 1 CPU second a process
TEST_PLUGINS := -p no:cacheprovider -p no:schemathesis -p no:anyio
# bytecode kept (git ignores it) even where the environment says not to write it: with
# PYTHONDONTWRITEBYTECODE set, every pytest process rewrites the asserts of all 280 test modules
# again (about 6 s of CPU each, the controller and every worker) and every server a test starts
# compiles the package anew
# and the tests' files (their SQLite databases, the browser's profiles) in memory where the system
# has a tmpfs at /dev/shm: the server commits with synchronous=FULL, so on a disk every stored
# move waits for it (the SQLite durability and account tests: 66-74 s of wall time on /tmp,
# 58-68 s there, two runs each). Only with 2 GB free there (a container's /dev/shm is often
# 64 MB); pytest keeps its last three runs' directories, no more
TEST_TMP := $(shell test -d /dev/shm -a -w /dev/shm && \
	test "$$(df -Pk /dev/shm | awk 'NR == 2 {print $$4}')" -gt 2000000 && echo TMPDIR=/dev/shm)
TEST_ENV := env -u PYTHONDONTWRITEBYTECODE $(TEST_TMP)

test: install offline
	$(TEST_ENV) $(BIN)/python -m pytest -n $(TEST_WORKERS) --dist worksteal $(TEST_PLUGINS) --durations=25
	$(MAKE) --no-print-directory test-pure

# the offline page's runtime (docs/offline.md): Pyodide from the npm registry by the name and
# version offline/package-lock.json pins (`npm ci`, again only when the lock changes), and the
# pack of our pure sources it runs; without npm the offline tests say they are skipped
.PHONY: offline
offline: $(STAMP)
	@if ! command -v npm >/dev/null 2>&1; then echo "offline: npm not found, the offline runtime is not installed"; \
	elif [ ! offline/node_modules/.package-lock.json -nt offline/package-lock.json ]; then \
		cd offline && npm ci --no-audit --no-fund --silent; fi
	$(BIN)/python tools/pack_offline.py

# the equivalence records (the same seeded games, digest for digest, as the compiled build
# played above) and a short contract run (25 games per player count) on the pure-Python
# sources too, and the PocketCiv check that patches a method of the state class (a compiled
# class cannot be patched, so it is skipped above)
test-pure: install
	$(TEST_ENV) ASZTAL_PURE=1 ASZTAL_CONTRACT_GAMES=25 $(BIN)/python -m pytest -n auto $(TEST_PLUGINS) tests/contract tests/perf_equivalence \
		tests/pocketciv/test_era_at_once.py tests/bots/test_pax_solo_estimate.py

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
	find src -name '*.so' -delete; rm -f $(COMPILED)
