# cardedge: two commands on a fresh clone.
#   make tables   install into .venv and write every table to results/
#   make test     install (with dev deps) into .venv and run the test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: install install-dev tables test lint bench clean clean-cache

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

install: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[plots]'

install-dev: $(BIN)/python
	$(BIN)/python -m pip install --quiet -e '.[dev,plots]'

tables: install
	$(BIN)/cardedge tables --out results

test: install-dev
	$(BIN)/python -m pytest -q

lint: install-dev
	$(BIN)/ruff check . && $(BIN)/ruff format --check .

bench: install
	$(BIN)/python bench/zero_edge.py

# numba's on-disk cache tracks each kernel's own file, not the kernels it calls in other files:
# after editing a kernel, drop the cache so its callers recompile.
clean-cache:
	find analysis strategy reports -name '*.nbi' -delete -o -name '*.nbc' -delete

clean: clean-cache
	rm -rf $(VENV) build *.egg-info
