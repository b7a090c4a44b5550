# Caravanserai: `make run` serves the site, `make test` runs every test.
PY ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
CHROMIUM := /usr/bin/chromium

.PHONY: run test unit e2e lint bench screenshots chromium database install clean

$(STAMP): pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet -e '.[test]'
	touch $(STAMP)

install: $(STAMP)

## Serve the site on http://localhost:8080 (SQLite under data/, no configuration).
run: $(STAMP)
	$(BIN)/python -m ui.app

## Lint and type-check, then the unit and storage tests alongside the browser suite (two
## processes: the browser suite mostly waits on pages and bots, the other keeps a core busy).
test: $(STAMP) chromium database lint
	@$(BIN)/python -m pytest tests -q -p no:cacheprovider > .unit-tests.log 2>&1 & units=$$!; \
	$(BIN)/python -m pytest e2e -q; browser=$$?; \
	wait $$units; unit=$$?; \
	echo "--- unit, rules and storage tests (run alongside the browser suite) ---"; \
	cat .unit-tests.log; \
	exit $$(( unit || browser ))

## Unit, rules and storage tests only.
unit: $(STAMP) database
	$(BIN)/python -m pytest tests -q

## The browser suite only (E2E_BASE_URL=... to play against a running site).
e2e: $(STAMP) chromium
	$(BIN)/python -m pytest e2e -q

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

## The storage tests also run on PostgreSQL at 127.0.0.1:5432 when it can be started.
database:
	@if command -v pg_isready >/dev/null && ! pg_isready -q -h 127.0.0.1; then \
		command -v pg_ctlcluster >/dev/null && ls /etc/postgresql >/dev/null 2>&1 && \
		pg_ctlcluster --skip-systemctl-redirect $$(ls /etc/postgresql | head -n1) main start \
		|| echo "PostgreSQL is not running: its storage tests will be skipped."; \
	fi

clean:
	rm -rf $(VENV) e2e/artifacts .mypy_cache .ruff_cache
