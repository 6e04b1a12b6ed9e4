# cardedge: two commands on a fresh clone.
#   make tables   install into .venv and write every table to results/
#   make test     install (with dev deps) into .venv and run the test suite
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: install install-dev tables study test lint docs bench clean clean-cache notebooks

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

PIP_INSTALL := $(BIN)/python -m pip install --quiet

install: $(BIN)/python
	$(PIP_INSTALL) -e '.[study,plots,web,report]'

install-dev: $(BIN)/python
	$(PIP_INSTALL) -e '.[dev,docs,study,plots,web,report]'
	# axe-core (npm registry, pinned in tests/axe/package-lock.json): the browser tests'
	# accessibility check
	npm ci --prefix tests/axe --no-audit --no-fund --silent

tables: install
	$(BIN)/cardedge tables --out results

# The published shoe studies (results/study/): long, so kept out of `make tables`. Finished
# batches are kept: running it again only re-tabulates (or finishes an interrupted run).
study: install
	$(BIN)/cardedge studies --out results/study

# Two workers: the suite is mostly independent exact computations (and each worker compiles
# the numba kernels it needs, in parallel, on a cold cache).
test: install-dev
	$(BIN)/python -m pytest -q -n 2

# Run the notebooks top to bottom, writing the executed copies to build/notebooks/ (the
# committed ones untouched); `make notebooks IN_PLACE=1` rewrites the committed copies so they
# show current outputs.
NOTEBOOKS_OUT := $(if $(IN_PLACE),notebooks,build/notebooks)
notebooks: install-dev
	mkdir -p $(NOTEBOOKS_OUT)
	for nb in notebooks/*.ipynb; do \
		$(BIN)/python -c "import sys, nbformat; from nbclient import NotebookClient; \
nb = nbformat.read(sys.argv[1], 4); NotebookClient(nb, timeout=1200, kernel_name='python3', \
resources={'metadata': {'path': '.'}}).execute(); nbformat.write(nb, sys.argv[2])" \
			$$nb $(NOTEBOOKS_OUT)/$$(basename $$nb) || exit 1; \
		echo "wrote $(NOTEBOOKS_OUT)/$$(basename $$nb)"; \
	done

# The documentation site (docs/, mkdocs.yml) into site/; --strict: a broken link or an API
# reference mkdocstrings cannot resolve fails the build.
docs: install-dev
	$(BIN)/mkdocs build --strict

# ruff, then the import contracts of pyproject.toml's [tool.importlinter] (layers and rooms).
lint: install-dev
	$(BIN)/ruff check . && $(BIN)/ruff format --check . && $(BIN)/lint-imports

bench: install
	$(BIN)/python bench/zero_edge.py
	$(BIN)/python bench/zero_edge.py --split optimal
	$(BIN)/python bench/blackjack_edge.py
	$(BIN)/python bench/depleted_shoe.py
	$(BIN)/python bench/simulate.py
	$(BIN)/python bench/make_tables.py
	$(BIN)/python bench/study.py
	$(BIN)/python bench/whole_process.py
	$(BIN)/python bench/memory.py
	$(BIN)/python bench/serve.py

# numba's on-disk cache tracks each kernel's own file, not the kernels it calls in other files:
# after editing a kernel, drop the cache so its callers recompile.
# (cardedge/'s layer folders are symlinks to these; find does not follow them, so none is seen twice.)
clean-cache:
	find analysis engine strategy study reports cardedge -name '*.nbi' -delete -o -name '*.nbc' -delete

clean: clean-cache
	rm -rf $(VENV) build site *.egg-info .mypy_cache .import_linter_cache
