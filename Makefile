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

.PHONY: setup setup26 system-deps demo labs lint docs test test-paddle3 test-paddle3-rest test-paddle3-notebooks test-paddle3-labs test-paddle3-frontends test-paddle3-sot test-paddle3-libs test-paddle3-ui test-paddle26 test-paddle26-notebooks test-paddle26-sot test-paddle26-rest test-fast test-platform dist jupyter bench widgets7 frontends-lab3 clean

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

# Environments are filled by uv (pinned; from the package index like pip, a tenth of
# pip's time), bytecode compiled as pip does; where uv cannot run, pip does it.
UV_VERSION := 0.13.8
UV := $(VENV)/bin/uv
# $(call install,PYTHON,WHAT TO INSTALL)
define install
	$(UV) pip install -q --compile-bytecode --python $(1) $(2) || $(1) -m pip install -q $(2)
endef

$(STAMP): pyproject.toml requirements/test.txt
	@$(MAKE) --no-print-directory system-deps
	@test -x $(PY) || $(PYTHON) -m venv $(VENV)
	@$(UV) --version >/dev/null 2>&1 || $(PIP) install -q uv==$(UV_VERSION) || $(PIP) install -q --upgrade pip
	$(call install,$(PY),-r requirements/test.txt)
	$(call install,$(PY),-e .)
	$(PY) -m ipykernel install --sys-prefix --name d2s_lab --display-name "Python (d2s_lab)" >/dev/null
	@touch $(STAMP)

setup26: $(STAMP26)

$(STAMP26): pyproject.toml requirements/paddle26.txt $(STAMP)
	@test -x $(PY26) || $(PYTHON) -m venv $(VENV26)
	$(call install,$(PY26),-r requirements/paddle26.txt)
	$(call install,$(PY26),--no-deps -e .)
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
	$(call install,$(PY),-r requirements/docs.txt)
	@touch $(DOCS_STAMP)

docs: $(DOCS_STAMP)
	$(VENV)/bin/mkdocs build --strict --quiet -d build/docs

# The whole suite on Paddle 3.3.1 and again on Paddle 2.6.2; tests that need Paddle 3 are
# skipped there with the reason. pytest's "no tests" (exit 5) fails. Everything runs side by
# side once the main environment is set up: lint, the docs, the other environments, the
# suites in parts (below) and the platform smoke, each printing its output when it ends; a
# part waits only for the environment it needs, and the wheel is built after the Paddle 2.6
# environment (both write setuptools' files into the tree). Many tests wait on a kernel, a browser or a timeout more than they
# compute, so many parts on two cores keep both busy. The 2.6 suite writes its screenshots
# to build/test-output/paddle26. Figures per part: docs/performance.md.
TEST_JOBS ?= 14
# the slowest tests, printed by each part
DURATIONS ?= --durations=25
test: setup $(DOCS_STAMP)
	@# d2s_lab's bytecode once, for the hundreds of kernels and processes the parts start
	@# (where PYTHONDONTWRITEBYTECODE is set, each would compile it again)
	@$(PY) -m compileall -q d2s_lab tests/support >/dev/null
	@echo "== lint, docs, Paddle 3.3.1 and Paddle 2.6.2 suites in parts, the platform smoke ($(TEST_JOBS) at a time; output as each ends) =="
	@$(MAKE) --no-print-directory -j$(TEST_JOBS) --output-sync=target DIST_AFTER=setup26 \
	  lint docs test-paddle3 test-paddle26 test-platform

# Each part: which tests, where. P3_NOTEBOOKS has the demo's one run (its browser test
# opens the export) and the hostile files at the reader's limits; P3_LABS the labs and the
# nbgrader course; P3_FRONTENDS needs the ipywidgets 7 and JupyterLab 3.6 environments;
# P3_SOT the default path and runaways; P3_LIBS the library models; P3_UI the notebook
# views and the manual; P3_REST is every other test. Paddle 2.6.2 runs in three parts.
# (test_wrong_answers.py reads the same session's lab runs as test_labs.py: one part, one run)
P3_LABS := tests/notebooks/test_course.py tests/notebooks/test_labs.py tests/notebooks/test_wrong_answers.py
P3_NOTEBOOKS := tests/notebooks tests/browser/test_browser.py tests/core/test_hostile_files.py \
	$(foreach p,$(P3_LABS),--ignore=$(p))
P3_FRONTENDS := tests/browser tests/platform --ignore=tests/browser/test_browser.py
P3_LIBS := tests/core/test_library_models.py
P3_SOT := tests/core/test_runaway.py tests/core/test_sot.py tests/core/test_default_path.py tests/core/test_hooks.py
P3_UI := tests/ui tests/docs
P3_REST := tests $(foreach p,tests/notebooks tests/browser tests/platform tests/core/test_hostile_files.py \
	$(P3_SOT) $(P3_LIBS) $(P3_UI),--ignore=$(p))
P26_NOTEBOOKS := tests/notebooks tests/browser
P26_SOT := $(P3_SOT) $(P3_LIBS)
P26_REST := tests $(foreach p,tests/notebooks tests/browser $(P26_SOT),--ignore=$(p))

# $(call suite,TITLE,PYTHON,PYTEST ARGUMENTS)
define suite
	@echo "== $(1) =="
	TIMEFORMAT="[$(1)] %0R s wall, %0U s user + %0S s system CPU"; \
	time $(2) -m pytest -q -p no:cacheprovider $(DURATIONS) $(3); rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "pytest collected no tests: failing."; exit 1; fi; exit $$rc
endef

test-paddle3: test-paddle3-notebooks test-paddle3-labs test-paddle3-frontends test-paddle3-sot test-paddle3-libs \
	test-paddle3-ui test-paddle3-rest
test-paddle26: test-paddle26-notebooks test-paddle26-sot test-paddle26-rest

test-paddle3-notebooks: setup
	$(call suite,Paddle 3.3.1: notebooks and hostile files,$(PY),$(P3_NOTEBOOKS))

test-paddle3-labs: setup
	$(call suite,Paddle 3.3.1: labs and the nbgrader course,$(PY),$(P3_LABS))

test-paddle3-frontends: setup widgets7 frontends-lab3
	$(call suite,Paddle 3.3.1: browsers and front ends,$(PY),$(P3_FRONTENDS))

test-paddle3-sot: setup
	$(call suite,Paddle 3.3.1: the default path and runaways,$(PY),$(P3_SOT))

test-paddle3-libs: setup
	$(call suite,Paddle 3.3.1: library models,$(PY),$(P3_LIBS))

test-paddle3-ui: setup
	$(call suite,Paddle 3.3.1: notebook views and the manual,$(PY),$(P3_UI))

test-paddle3-rest: setup setup26  # (a test compares the two Paddles' drawings)
	$(call suite,Paddle 3.3.1: the rest,$(PY),$(P3_REST))

test-paddle26-notebooks: setup26
	$(call suite,Paddle 2.6.2: notebooks and browsers,$(PY26),$(P26_NOTEBOOKS))

test-paddle26-sot: setup26
	$(call suite,Paddle 2.6.2: SOT and runaways,$(PY26),$(P26_SOT))

test-paddle26-rest: setup26
	$(call suite,Paddle 2.6.2: the rest,$(PY26),$(P26_REST))

# Quick check while working: Paddle 3.3.1 only, without the browser and notebook tests and
# those marked slow (markers in pyproject.toml), on both cores (pytest-xdist, a file's tests
# together): about 2.5 min on 2 cores. `make test` runs all.
test-fast: setup
	$(call suite,Paddle 3.3.1: the fast subset,$(PY),-n 2 --dist loadfile -m "not browser and not notebook and not slow" tests)

# JupyterLab on the lab and demo notebooks (they live in the package: d2s_lab/teaching/notebooks/).
jupyter: setup
	$(VENV)/bin/jupyter lab d2s_lab/teaching/notebooks/

# The wheel and the sdist (python -m build) into dist/. The wheel holds the package code,
# the lab notebooks and the demo notebook: what a platform user installs.
# Built in isolation (PEP 517: setuptools in a throw-away environment) from a small venv
# that holds only `build`, not from the test environment: under a minute on a fresh clone.
DIST_ENV := build/dist-env
# DIST_AFTER: what must be done first (make test: the Paddle 2.6 environment's editable install).
dist: | $(DIST_AFTER)
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
	$(call install,$(FRONTENDS3)/bin/python,-r requirements/frontends-lab3.txt)
	@touch $(FRONTENDS3_STAMP)

clean:
	rm -rf build $(VENV) $(VENV26)
