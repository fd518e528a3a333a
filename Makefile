# Two commands do all set-up on a fresh machine: `make demo` and `make test`.
SHELL := /bin/bash
VENV ?= .venv
PY := $(VENV)/bin/python
PIP := $(VENV)/bin/pip
STAMP := $(VENV)/.installed
PYTHON ?= python3

.PHONY: setup system-deps demo lint test lab bench clean

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

demo: setup
	$(PY) -m d2s_lab.demo

# ruff (a small rule set) and import-linter (layers, cycles, who may import Paddle).
lint: setup
	$(VENV)/bin/ruff check --no-cache d2s_lab tests benchmarks
	$(VENV)/bin/lint-imports --no-logo --no-cache

test: setup lint
	$(PY) -m pytest -q tests; rc=$$?; \
	if [ $$rc -eq 5 ]; then echo "pytest collected no tests: failing."; exit 1; fi; exit $$rc

lab: setup
	$(VENV)/bin/jupyter lab notebooks/

clean:
	rm -rf build $(VENV)
