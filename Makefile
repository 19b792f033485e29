# The README's two commands: `make serve` and `make test`.
# Both create .venv on first use and reinstall only when pyproject.toml changes;
# `make serve` installs the service alone, `make test` adds the test tools.
# `make quick` is the fast subset while working (docs/development.md): no browser,
# no live server, no schemathesis, no wheel, no linters. `make test` runs everything.
#
# The rules core is compiled with mypyc (`hearts-referee compile-core`) into .venv, outside the
# sources, whenever its sources change and a C compiler is there; without one the pure build runs
# (hearts_referee/compiled.py). `make test` runs the whole suite on the build `make serve` runs,
# then the fast subset (the core tests among it) on the pure build, each run asserting its build.

PYTHON ?= python3
VENV := .venv
# Where `make serve` listens: this computer alone by default; `make serve HOST=0.0.0.0 PORT=8000`
# lets a phone on the same network in. Plain `=`, not `?=`: a shell's own HOST is not ours.
HOST = 127.0.0.1
PORT = 5000
# The browser tests drive Debian's Chromium (never `playwright install`: it downloads).
CHROMIUM := /usr/bin/chromium

CORE_SOURCES := $(shell find hearts_referee/referee hearts_referee/rulings hearts_referee/schemas/plain -name '*.py')

.PHONY: serve test quick clean chromium messages

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)

$(VENV)/.runtime: pyproject.toml | $(VENV)/bin/python
	$(VENV)/bin/python -m pip install -e '.[compile]'
	touch $@

$(VENV)/.test: pyproject.toml | $(VENV)/bin/python
	$(VENV)/bin/python -m pip install -e '.[test]'
	touch $@ $(VENV)/.runtime

# The compiled core, rebuilt when a source of it changes (a stale build is never used anyway).
$(VENV)/.compiled: $(CORE_SOURCES) | $(VENV)/.runtime
	$(VENV)/bin/hearts-referee compile-core --if-compiler
	touch $@

serve: $(VENV)/.runtime $(VENV)/.compiled
	$(VENV)/bin/hearts-referee --version
	$(VENV)/bin/hearts-referee serve --host $(HOST) --port $(PORT)

test: $(VENV)/.test $(VENV)/.compiled chromium
	@if HEARTS_REFEREE_CORE=compiled $(VENV)/bin/python -c 'import hearts_referee' 2>/dev/null; then \
	  echo "== the whole suite on the compiled core =="; \
	  HEARTS_REFEREE_CORE=compiled $(VENV)/bin/python -m pytest && \
	  echo "== the fast subset on the pure core ==" && \
	  HEARTS_REFEREE_CORE=pure $(VENV)/bin/python -m pytest -m "not slow"; \
	else \
	  echo "== no compiled core (no C compiler): the whole suite on the pure core =="; \
	  HEARTS_REFEREE_CORE=pure $(VENV)/bin/python -m pytest; \
	fi

quick: $(VENV)/.test
	$(VENV)/bin/python -m pytest -m "not slow"

# The message catalogs (docs/languages.md): the messages extracted from the sources (babel.cfg)
# and every catalog under hearts_referee/translations updated to them. Translate what is new
# (an empty msgstr); tests/test_catalogs.py fails until every catalog is whole. Nothing here is
# compiled: the service compiles a catalog in memory when first asked for its language.
# The template (messages.pot) is made in a temporary folder and removed: nothing is left in the tree.
# `make messages NEW=de` first makes an empty catalog for a new language (docs/languages.md).
messages: $(VENV)/.runtime
	pot=$$(mktemp -d) && \
	$(VENV)/bin/pybabel extract -F babel.cfg --no-location --sort-output --omit-header -o $$pot/messages.pot . && \
	{ [ -z "$(NEW)" ] || $(VENV)/bin/pybabel init -i $$pot/messages.pot -d hearts_referee/translations -l $(NEW) -w 100; } && \
	$(VENV)/bin/pybabel update -i $$pot/messages.pot -d hearts_referee/translations -w 100 --no-fuzzy-matching --ignore-obsolete; \
	status=$$?; rm -rf $$pot; exit $$status

# Install Chromium with apt-get when it is missing and we may (root, apt-get present).
# Otherwise say so and go on: the browser tests then fail, saying how to install it.
chromium:
	@if [ ! -x $(CHROMIUM) ]; then \
	  if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
	    echo "Installing Chromium for the browser tests (apt-get)..."; \
	    apt-get update -qq >/dev/null 2>&1 && \
	    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium >/dev/null 2>&1 \
	      || echo "apt-get could not install chromium; the browser tests will fail."; \
	  else \
	    echo "$(CHROMIUM) is missing: run 'apt-get update && apt-get install -y chromium' as root."; \
	  fi; \
	fi

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .schemathesis .mypy_cache .ruff_cache .import_linter_cache *.egg-info build dist
