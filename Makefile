# Two commands do all set-up on a fresh machine: `make demo` and `make test`.
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
STAMP := $(VENV)/.installed
PYTHON ?= python3
# The second test environment: Paddle 2.6 (legacy Programs), same source tree.
VENV26 ?= .venv-paddle26
PY26 := $(VENV26)/bin/python
STAMP26 := $(VENV26)/.installed

.PHONY: setup setup26 system-deps demo labs lint docs test test-paddle3 test-paddle3-rest test-paddle3-notebooks test-paddle26 test-fast test-platform dist jupyter bench widgets7 frontends-lab3 clean

setup: $(STAMP)

# Graphviz (dot) from Debian when we are root; otherwise d2s_lab falls back to a
# pip-installed renderer and says so.
system-deps:
	@if command -v dot >/dev/null 2>&1; then :; \
	elif [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "Installing Graphviz (apt)..."; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq graphviz >/dev/null) \
	  || echo "Could not install Graphviz; continuing without dot."; \
	else echo "Graphviz 'dot' not found and not root: the pip renderer will be used."; fi
	@# Browser tests: Chromium + driver, and CJK fonts for Chinese text in screenshots.
	@missing=""; for p in chromium chromium-driver fonts-noto-cjk; do \
	  dpkg-query -W -f='$${Status}' $$p 2>/dev/null | grep -q "install ok installed" || missing="$$missing $$p"; done; \
	if [ -z "$$missing" ]; then :; \
	elif [ "$$(id -u)" = "0" ] && command -v apt-get >/dev/null 2>&1; then \
	  echo "Installing$$missing (apt)..."; \
	  (apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null) \
	  || echo "Could not install$$missing; the browser tests will be skipped."; \
	else echo "Not root: missing$$missing; the browser tests will be skipped."; fi

$(STAMP): pyproject.toml requirements/test.txt
	@$(MAKE) --no-print-directory system-deps
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	$(PIP) install -q --upgrade pip
	$(PIP) install -q -r requirements/test.txt
	$(PIP) install -q -e .
	$(PY) -m ipykernel install --sys-prefix --name d2s_lab --display-name "Python (d2s_lab)" >/dev/null
	@touch $(STAMP)

setup26: $(STAMP26)

$(STAMP26): pyproject.toml requirements/paddle26.txt $(STAMP)
	@test -x $(PY26) || $(PYTHON) -m venv $(VENV26)
	$(VENV26)/bin/pip install -q --upgrade pip
	$(VENV26)/bin/pip install -q -r requirements/paddle26.txt
	$(VENV26)/bin/pip install -q --no-deps -e .
	$(PY26) -m ipykernel install --sys-prefix --name d2s_lab --display-name "Python (d2s_lab, Paddle 2.6)" >/dev/null
	@touch $(STAMP26)

demo: setup
	$(PY) -m d2s_lab.teaching.demo

# The teaching labs (d2s_lab/teaching/notebooks/labs/): each runs with its solutions in a fresh kernel;
# handouts (HTML), teacher and student copies go to build/labs/. LABS_ARGS="--quick --lang en" is quicker.
labs: setup
	$(PY) -m d2s_lab.teaching.handouts --run --out build/labs $(LABS_ARGS)

# ruff (a small rule set) and import-linter (layers, cycles, who may import Paddle).
lint: setup
	$(VENV)/bin/ruff check --no-cache d2s_lab tests benchmarks
	$(VENV)/bin/lint-imports --no-logo --no-cache

# The documentation site (mkdocs.yml, docs/) into build/docs; strict: a broken link,
# a page missing from the nav or an option group no page shows fails the build.
DOCS_STAMP := $(VENV)/.docs-installed

$(DOCS_STAMP): requirements/docs.txt $(STAMP)
	$(PIP) install -q -r requirements/docs.txt
	@touch $(DOCS_STAMP)

docs: $(DOCS_STAMP)
	$(VENV)/bin/mkdocs build --strict --quiet -d build/docs

# The whole suite on Paddle 3.3.1 and again on Paddle 2.6.2; tests that need Paddle 3 are
# skipped there with the reason. pytest's "no tests" (exit 5) fails. The two suites and the
# platform smoke run side by side (each suite keeps about one core busy; the 2.6 suite
# writes its screenshots to build/test-output/paddle26), each printing its output when it
# ends; the Paddle 3.3.1 suite, the longest, runs as two parts (PART2 below). 27 min on
# a fresh clone of a 2-core machine (jobs: Paddle 3 parts 16.5 and 18.5 min, Paddle 2.6.2
# 18.7 min, the platform smoke 5.1 min; set-up, lint and docs about 8 min; see
# docs/performance.md). The ipywidgets 7
# environment and the JupyterLab 3.6 / Notebook 6.5 server are built first, so the
# front-end tests run instead of skipping.
TEST_JOBS ?= 4
# the slowest tests, printed by each suite
DURATIONS ?= --durations=25
test: setup lint docs setup26 widgets7 frontends-lab3
	@echo "== Paddle 3.3.1 and Paddle 2.6.2 suites and the platform smoke ($(TEST_JOBS) at a time; output as each ends) =="
	@$(MAKE) --no-print-directory -j$(TEST_JOBS) --output-sync=target test-paddle3-notebooks test-paddle3-rest test-paddle26 test-platform

test-paddle3: test-paddle3-rest test-paddle3-notebooks

# The Paddle 3.3.1 suite in two parts of about equal time: the notebooks with the browser
# test of the demo's export (one session's demo run serves both), the hostile files at the
# reader's limits; and the rest.
PART2 := tests/notebooks tests/browser/test_browser.py tests/core/test_hostile_files.py

test-paddle3-rest: setup
	@echo "== Paddle 3.3.1 (all but $(PART2)) =="
	$(PY) -m pytest -q -p no:cacheprovider $(DURATIONS) $(foreach p,$(PART2),--ignore=$(p)) tests; rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "pytest collected no tests: failing."; exit 1; fi; exit $$rc

test-paddle3-notebooks: setup
	@echo "== Paddle 3.3.1 ($(PART2)) =="
	$(PY) -m pytest -q -p no:cacheprovider $(DURATIONS) $(PART2); rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "pytest collected no tests: failing."; exit 1; fi; exit $$rc

test-paddle26: setup26
	@echo "== Paddle 2.6.2 =="
	$(PY26) -m pytest -q -p no:cacheprovider $(DURATIONS) tests; rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "pytest collected no tests: failing."; exit 1; fi; exit $$rc

# Quick check while working: Paddle 3.3.1 only, without the browser and notebook tests and
# those marked slow (markers in pyproject.toml); a few minutes on 2 cores. `make test` runs all.
test-fast: setup
	@echo "== Paddle 3.3.1, fast subset =="
	$(PY) -m pytest -q -p no:cacheprovider $(DURATIONS) -m "not browser and not notebook and not slow" tests; rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "pytest collected no tests: failing."; exit 1; fi; exit $$rc

# JupyterLab on the lab and demo notebooks (they live in the package: d2s_lab/teaching/notebooks/).
jupyter: setup
	$(VENV)/bin/jupyter lab d2s_lab/teaching/notebooks/

# The wheel and the sdist (python -m build) into dist/. The wheel holds the package code,
# the lab notebooks and the demo notebook: what a platform user installs.
# Built in isolation (PEP 517: setuptools in a throw-away environment) from a small venv
# that holds only `build`, not from the test environment: under a minute on a fresh clone.
DIST_ENV := build/dist-env
dist:
	rm -rf dist
	@test -x $(DIST_ENV)/bin/python || $(PYTHON) -m venv $(DIST_ENV)
	@$(DIST_ENV)/bin/python -I -c "import build.__main__" 2>/dev/null || $(DIST_ENV)/bin/pip install -q build
	$(DIST_ENV)/bin/python -m build --outdir dist . >/dev/null
	@ls -l dist

# The wheel as a teaching platform gets it: a Python 3.10 venv with its own Paddle 2.6.2
# (kept in build/platform-py310), the wheel installed without the paddle extra; Paddle
# unchanged, d2s-lab labs, a smoke notebook and labs 6 and 7 without errors, nothing installed
# at run time (tests/platform/platform_smoke.py). Skipped, saying so, without Python 3.10.
test-platform: dist setup
	$(PY) tests/platform/platform_smoke.py

# ipywidgets 7 over the main environment, for tests/platform/test_widget_frontends.py:
# build/widgets7 reads .venv's packages through a .pth file and has its own ipywidgets 7
# (requirements/widgets7.txt) and python3 kernel; the test's kernels import d2s_lab from the
# working tree's wheel, which it builds (pip wheel, a few seconds) and installs into a folder
# of its own. The test skips, saying so, without build/widgets7.
WIDGETS7 := build/widgets7
WIDGETS7_STAMP := $(WIDGETS7)/.installed

widgets7: $(WIDGETS7_STAMP)

$(WIDGETS7_STAMP): requirements/widgets7.txt $(STAMP)
	@test -x $(WIDGETS7)/bin/python || $$($(PY) -c 'import sys; print(sys.base_prefix)')/bin/python3 -m venv $(WIDGETS7)
	$(PY) -c "import site, sys; print('import site; site.addsitedir(%r)' % site.getsitepackages()[0])" \
	  > $$($(WIDGETS7)/bin/python -c 'import site; print(site.getsitepackages()[0])')/zz_d2s_main.pth
	$(WIDGETS7)/bin/pip install -q --no-deps -r requirements/widgets7.txt
	$(WIDGETS7)/bin/python -m ipykernel install --sys-prefix --name python3 --display-name "Python (d2s_lab, ipywidgets 7)" >/dev/null
	@touch $(WIDGETS7_STAMP)

# An older platform's Jupyter server (requirements/frontends-lab3.txt: JupyterLab 3.6 with
# jupyterlab_widgets 3.0.7, classic Notebook 6.5) in build/frontends-lab3, for
# tests/browser/test_old_frontends_browser.py; the kernel stays the main environment's.
FRONTENDS3 := build/frontends-lab3
FRONTENDS3_STAMP := $(FRONTENDS3)/.installed

frontends-lab3: $(FRONTENDS3_STAMP)

$(FRONTENDS3_STAMP): requirements/frontends-lab3.txt $(STAMP)
	@test -x $(FRONTENDS3)/bin/python || $$($(PY) -c 'import sys; print(sys.base_prefix)')/bin/python3 -m venv $(FRONTENDS3)
	$(FRONTENDS3)/bin/pip install -q -r requirements/frontends-lab3.txt
	@touch $(FRONTENDS3_STAMP)

clean:
	rm -rf build $(VENV) $(VENV26)
