# The README's two commands: `make serve` and `make test`.
# Both create .venv on first use and reinstall only when pyproject.toml changes.

PYTHON ?= python3
VENV := .venv
STAMP := $(VENV)/.installed

.PHONY: serve test clean

$(VENV)/bin/python:
	$(PYTHON) -m venv $(VENV)

$(STAMP): pyproject.toml | $(VENV)/bin/python
	$(VENV)/bin/python -m pip install -e '.[test]'
	touch $(STAMP)

serve: $(STAMP)
	$(VENV)/bin/flask --app app run

test: $(STAMP)
	$(VENV)/bin/python -m pytest

clean:
	rm -rf $(VENV) .pytest_cache .hypothesis .schemathesis *.egg-info
