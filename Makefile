# hmdesk — `make run` opens the app, `make check` is the quick loop before a commit, `make test`
# runs everything CI runs.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
STAMP  := $(VENV)/.installed
export QT_QPA_PLATFORM ?= offscreen

.PHONY: run check test lint typecheck contracts unit fuzz bench bench-scale screenshots clean

# Debian/Ubuntu ship Python's venv (ensurepip) as a package of its own: say so in one line.
$(VENV)/bin/python:
	@$(PYTHON) -c "import ensurepip" 2>/dev/null || { echo "hmdesk: $(PYTHON) cannot create a virtual environment (no ensurepip); install it with: sudo apt install python3-venv"; exit 2; }
	@$(PYTHON) -m venv $(VENV)
	@$(PY) -m pip install -q --disable-pip-version-check --upgrade pip

# The tools of the tests and checks, over what the window needs (so it counts as that too).
$(STAMP): pyproject.toml | $(VENV)/bin/python
	$(PY) -m pip install -q -e '.[test,postgres]'
	touch $(STAMP) $(APP_STAMP)

# What the window needs and nothing else, installed quietly: one line, or pip's error.
APP_STAMP := $(VENV)/.installed-app
$(APP_STAMP): pyproject.toml | $(VENV)/bin/python
	@echo "hmdesk: installing what the window needs into $(VENV) (once)…"
	@$(PY) -m pip install -q --disable-pip-version-check -e . >$(VENV)/install.log 2>&1 || { cat $(VENV)/install.log; exit 1; }
	@touch $(APP_STAMP)

# `hmdesk` checks the system libraries Qt needs before Qt starts (gui/system_check.py).
run: $(APP_STAMP)
	@QT_QPA_PLATFORM= $(VENV)/bin/hmdesk

lint: $(STAMP)
	$(VENV)/bin/ruff check .
	$(VENV)/bin/ruff format --check .

# mypy cannot follow the editable install's package-dir mapping (hmdesk.core = core/, …), and
# checking the folders by path would leave every `hmdesk.*` import unresolved, i.e. Any. So it
# checks the packages by their real names through a tree of links named like the installed package.
TYPECHECK_ROOT := build/typecheck
typecheck: $(STAMP)
	@mkdir -p $(TYPECHECK_ROOT)/hmdesk
	@for d in core gui resources; do ln -sfn "$(CURDIR)/$$d" $(TYPECHECK_ROOT)/hmdesk/$$d; done
	MYPYPATH=$(TYPECHECK_ROOT) $(VENV)/bin/mypy -p hmdesk.core -p hmdesk.gui

contracts: $(STAMP)
	$(VENV)/bin/lint-imports

# The tests run in parallel (pytest-xdist), one worker more than the cores: about a third of
# the suite's time is spent waiting on child processes and timers. The hypothesis profiles (few
# examples, the usual count, thousands) are registered in tests/conftest.py. Byte-code is
# written even under PYTHONDONTWRITEBYTECODE: else every worker and every CLI process a test
# starts compiles hmdesk again.
WORKERS ?= $(shell $(PYTHON) -c "import os; print((os.cpu_count() or 1) + 1)")
PYTEST := PYTHONDONTWRITEBYTECODE= QT_QPA_PLATFORM=offscreen $(PY) -m pytest -q -n $(WORKERS)

unit: $(STAMP)
	$(PYTEST) --hypothesis-profile=ci

test: lint typecheck contracts unit

# The quick loop: the static checks, then the tests not marked slow with few examples each.
check: lint typecheck contracts
	$(PYTEST) -m "not slow" --hypothesis-profile=check

# Every hypothesis test with thousands of examples (a test whose examples are costly, a share).
fuzz: $(STAMP)
	$(PYTEST) -m hypothesis --hypothesis-profile=fuzz

# Byte-compile the sources first, as installing a wheel does: without .pyc files (an editable
# install under PYTHONDONTWRITEBYTECODE) every process the benches start compiles hmdesk again.
PYC := $(PY) -m compileall -q core gui tests/bench >/dev/null

bench: $(STAMP)
	$(PYC)
	QT_QPA_PLATFORM=offscreen $(PY) -m tests.bench

# The cold-path, scale and PostgreSQL benches at 10k, 100k and 1M memories (generating and
# importing 1M takes minutes; the generated files are kept in HMDESK_BENCH_CACHE between them).
BENCH_CACHE ?= $(CURDIR)/.bench-cache
bench-scale: $(STAMP)
	$(PYC)
	HMDESK_BENCH_CACHE=$(BENCH_CACHE) HMDESK_BENCH_SIZES=10000,100000,1000000 \
		QT_QPA_PLATFORM=offscreen $(PY) -m tests.bench coldpath scale
	HMDESK_BENCH_CACHE=$(BENCH_CACHE) HMDESK_BENCH_PG_SIZES=10000,100000,1000000 \
		QT_QPA_PLATFORM=offscreen $(PY) -m tests.bench postgres

screenshots: $(STAMP)
	QT_QPA_PLATFORM=offscreen $(PY) -m tests.screenshots docs/screenshots

clean:
	rm -rf $(VENV) .bench-cache build *.egg-info .pytest_cache .mypy_cache .ruff_cache

# The one-folder desktop bundle (PyInstaller, packaging/hmdesk.spec) in build/package/dist/hmdesk,
# then its `--smoke` run offscreen (exit 0). Minutes of work: not part of `make test`. Its size and
# start-up time against the venv install: `$(PY) packaging/bundle.py measure`.
.PHONY: package
PACKAGE_STAMP := $(VENV)/.package-installed
$(PACKAGE_STAMP): pyproject.toml | $(STAMP)
	$(PY) -m pip install -q -e '.[test,package]'
	touch $(PACKAGE_STAMP)

package: $(PACKAGE_STAMP)
	$(PY) packaging/bundle.py build
	QT_QPA_PLATFORM=offscreen $(PY) packaging/bundle.py smoke
