# Caravanserai: `make run` serves the site, `make test` runs every test.
PY ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
CHROMIUM := /usr/bin/chromium
HAPROXY := /usr/sbin/haproxy
# `make cluster CLUSTER_ARGS="--apps 2 --workers 1"`: python -m deploy.cluster --help lists them.
CLUSTER_ARGS ?=
# Every version installed comes from these (made by `make lock` from pyproject.toml).
LOCKS := requirements.lock requirements-test.lock
LOCK_VENV := .venv-lock
UV := $(LOCK_VENV)/bin/uv
UV_VERSION := 0.13.8
COMPILE := $(UV) pip compile pyproject.toml --universal --python-version 3.11 --generate-hashes \
	--quiet --custom-compile-command 'make lock'

# The browser suite's JUnit report and, for each failed test, its screenshots, page HTML,
# trace, site log and seeds (e2e/README.md); `make e2e GAME=pueblo` runs one game's tests.
E2E_ARTIFACTS := e2e/artifacts
E2E_REPORT := $(E2E_ARTIFACTS)/junit.xml
GAMES := caravan camping feurio pueblo offseason
GAME ?=
E2E_SELECT = $(if $(GAME),-m $(GAME))
# The browser suite runs in this many processes (pytest-xdist), each with its own site and
# Chromium, a test file kept whole on one of them (its module fixtures are made once); the
# tests mostly wait on pages and bots, so two keep the cores busier. 0: one process.
E2E_WORKERS ?= 2
E2E_PARALLEL = $(if $(filter 0,$(E2E_WORKERS)),,-n $(E2E_WORKERS) --dist loadfile)

# The translations (docs/translating.md): each language's .po, compiled into the .mo the site
# reads. The .mo files are committed (a clone runs, and `python -m pytest` passes, with no
# build step; a test checks they match their .po); a .po edited since is compiled again here.
LOCALE := ui/locale
MO := $(patsubst %.po,%.mo,$(wildcard $(LOCALE)/*/LC_MESSAGES/messages.po))
PYBABEL := $(BIN)/pybabel

.PHONY: run test unit e2e lint bench screenshots chromium database install lock clean \
	messages translations cluster rolling-restart haproxy worker flaky

# The locked versions (hash-checked), then the project itself without resolving anything.
$(STAMP): pyproject.toml $(LOCKS)
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet --require-hashes -r requirements-test.lock
	$(BIN)/pip install --quiet --no-deps -e .
	touch $(STAMP)

install: $(STAMP) $(MO)

## The template ui/locale/messages.pot from the English catalogue, every language's .po
## brought in line with it (new messages untranslated, removed ones gone), then compiled.
messages: $(STAMP)
	$(BIN)/python -m ui.i18n.template
	$(PYBABEL) update --input-file $(LOCALE)/messages.pot --output-dir $(LOCALE) --domain messages \
		--width 100 --no-fuzzy-matching --ignore-obsolete
	$(PYBABEL) compile --directory $(LOCALE) --domain messages --statistics

## Compile every language's .po into its .mo.
translations: $(STAMP)
	$(PYBABEL) compile --directory $(LOCALE) --domain messages --statistics

$(MO): %.mo: %.po | $(STAMP)
	$(PYBABEL) compile --input-file $< --output-file $@

## Re-pin the dependencies of pyproject.toml into the lock files, keeping the versions
## already pinned where they still fit; `make lock LOCK_FLAGS=--upgrade` takes the newest.
lock: $(UV)
	$(COMPILE) $(LOCK_FLAGS) -o requirements.lock
	$(COMPILE) $(LOCK_FLAGS) --extra test --constraint requirements.lock -o requirements-test.lock

$(UV):
	$(PY) -m venv $(LOCK_VENV)
	$(LOCK_VENV)/bin/pip install --quiet 'uv==$(UV_VERSION)'

## Serve the site on http://localhost:8080 (SQLite and the visitors' sessions under data/).
run: $(STAMP) $(MO)
	NICEGUI_STORAGE_PATH=$${NICEGUI_STORAGE_PATH:-data/nicegui} $(BIN)/python -m ui.app

## The site as several processes on this machine (docs/cluster.md): HAProxy on :8080 in front
## of 3 app processes and 2 bot workers, on PostgreSQL and Redis (started here when stopped);
## logs under logs/cluster/. Ctrl-C stops every process.
cluster: $(STAMP) $(MO) haproxy
	$(BIN)/python -m deploy.cluster $(CLUSTER_ARGS)

## Restart every app process of the running `make cluster`, one at a time, while games go on.
rolling-restart: $(STAMP)
	$(BIN)/python -m deploy.rolling_restart

## Lint and type-check, then the unit and storage tests alongside the browser suite, then
## the tests that start processes of their own, alone. The browser suite mostly waits on pages
## and bots, in $(E2E_WORKERS) processes; the unit tests, in two processes at a lower priority
## (nice), take the CPU time its waits leave, and both cores once it is done. The tests of
## several processes (a balancer and apps, a cluster in browsers: $(ALONE)) start a dozen
## processes each: run beside the rest they slowed every test down, so they come last.
ALONE_UNIT := tests/deploy tests/ui/test_shared_sessions.py
CLUSTER_TESTS := e2e/test_cluster.py
ALONE := $(ALONE_UNIT) $(CLUSTER_TESTS)
test: $(STAMP) $(MO) chromium haproxy database lint
	@nice -n 10 $(BIN)/python -m pytest tests -q -p no:cacheprovider -n 2 --dist loadfile \
		$(addprefix --ignore=,$(ALONE_UNIT)) --junitxml=.unit-tests.xml > .unit-tests.log 2>&1 & \
		units=$$!; \
	$(BIN)/python -m pytest e2e -q $(E2E_PARALLEL) --ignore=$(CLUSTER_TESTS) \
		--junitxml=$(E2E_REPORT); browser=$$?; \
	wait $$units; unit=$$?; \
	echo "--- unit, rules and storage tests (run alongside the browser suite) ---"; \
	cat .unit-tests.log; \
	echo "--- the tests that start processes of their own (run alone, last) ---"; \
	$(BIN)/python -m pytest $(ALONE_UNIT) -q -p no:cacheprovider; alone=$$?; \
	E2E_KEEP_ARTIFACTS=1 $(BIN)/python -m pytest $(CLUSTER_TESTS) -q \
		--junitxml=$(E2E_ARTIFACTS)/junit-cluster.xml; cluster=$$?; \
	echo "JUnit reports: .unit-tests.xml, $(E2E_REPORT) and $(E2E_ARTIFACTS)/junit-cluster.xml;" \
		"failures' artefacts under $(E2E_ARTIFACTS)/"; \
	exit $$(( unit || browser || alone || cluster ))

## The whole `make test` (or only TESTS, pytest's arguments) N times, beside HOG busy CPU
## loops: every test that failed once, with its artefacts under flaky/ (scripts/flaky.py).
N ?= 5
HOG ?= 0
TESTS ?=
flaky: $(STAMP) $(MO)
	$(BIN)/python -m scripts.flaky -n $(N) --hog $(HOG) $(TESTS)

## Unit, rules and storage tests only.
unit: $(STAMP) $(MO) database
	$(BIN)/python -m pytest tests -q

## The browser suite only (E2E_BASE_URL=... to play against a running site; GAME=pueblo
## for one game's tests; E2E_SEED=n for the deals of an earlier run).
e2e: $(STAMP) $(MO) chromium haproxy database
	@if [ -n "$(GAME)" ] && ! echo " $(GAMES) " | grep -q " $(GAME) "; then \
		echo "GAME must be one of: $(GAMES)"; exit 2; fi
	@$(BIN)/python -m pytest e2e -q $(E2E_PARALLEL) $(E2E_SELECT) --junitxml=$(E2E_REPORT); status=$$?; \
	echo "JUnit report: $(CURDIR)/$(E2E_REPORT)"; \
	if [ -d $(E2E_ARTIFACTS) ] && ls -d $(E2E_ARTIFACTS)/*/ >/dev/null 2>&1; then \
		echo "Failed tests' artefacts: $(CURDIR)/$(E2E_ARTIFACTS)/<test>/"; fi; \
	exit $$status

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/mypy

bench: $(STAMP)
	$(BIN)/python -m bench.engine
	$(BIN)/python -m bench.bots

## Screenshots of every page, desktop and phone, into docs/screenshots/ (scripts/screenshots.py).
screenshots: $(STAMP) chromium
	$(BIN)/python -m scripts.screenshots

## Debian's Chromium for Playwright (Playwright's own browser download is not used).
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq chromium; \
	fi

## Debian's HAProxy, the balancer of `make cluster`.
haproxy:
	@if [ ! -x $(HAPROXY) ]; then \
		SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
		$$SUDO apt-get update -qq && \
		DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y -qq haproxy; \
	fi

## The storage tests also run on PostgreSQL at 127.0.0.1:5432, and the tests of several
## processes on PostgreSQL and Redis at 127.0.0.1:6379, each started here when installed but
## stopped (deploy/services.py, as for `make cluster`). One that cannot be brought up stops
## `make test` here, saying which, unless CARAVANSERAI_TESTS_WITHOUT names it (its tests are
## then skipped: tests/services.py).
database: $(STAMP)
	@$(BIN)/python -m tests.services

## A bot worker of a site served by several processes (DATABASE_URL and REDIS_URL set; see
## docs/cluster.md): it runs the bots' turns the app processes put on the queue.
worker: $(STAMP)
	$(BIN)/python -m jobs.worker

clean:
	rm -rf $(VENV) $(LOCK_VENV) e2e/artifacts .mypy_cache .ruff_cache
