# Two commands set everything up on a fresh machine: `make serve` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed
PORT   ?= 8866
CHROMIUM ?= /usr/bin/chromium
# Debian packages the tests use: Chromium (browser tests), Redis (the shared store),
# hunspell dictionaries (spelling check), poppler (PDF pages to PNG), nginx (the reverse proxy example).
SYSTEM_PACKAGES = chromium fonts-dejavu redis-server hunspell hunspell-de-de hunspell-en-us poppler-utils nginx
SYSTEM_STAMP = $(VENV)/.system-packages
# JupyterHub's proxy comes from npm, installed into the virtual environment's folder.
CHP = $(VENV)/node/node_modules/.bin/configurable-http-proxy

.PHONY: serve test soak bench clean system-packages lock lite lite-for-test test-lite test-slow

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

# The versions installed are the tested ones in constraints.txt.
$(STAMP): $(BIN)/python pyproject.toml constraints.txt
	$(BIN)/python -m pip install --quiet -c constraints.txt -e '.[all,test]'
	touch $(STAMP)

serve: $(STAMP)
	$(BIN)/kartenspiele serve --port $(PORT)

# As root, the Debian packages are installed when one is missing; otherwise the tests that
# need them are skipped and say why.
$(SYSTEM_STAMP): $(BIN)/python
	@missing=$$(for p in $(SYSTEM_PACKAGES); do dpkg -s $$p >/dev/null 2>&1 || echo $$p; done); \
	if [ -n "$$missing" ]; then \
		if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
			echo "installing Debian packages: $$missing"; \
			apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $$missing >/dev/null || exit 1; \
		else echo "missing Debian packages (tests that need them are skipped): $$missing"; fi; \
	fi
	touch $(SYSTEM_STAMP)

$(CHP): | $(BIN)/python
	@if command -v npm >/dev/null; then \
		npm install --silent --no-audit --no-fund --prefix $(VENV)/node configurable-http-proxy >/dev/null; \
	else echo "npm is missing: the JupyterHub test is skipped"; fi

system-packages: $(SYSTEM_STAMP) $(CHP)

# The in-browser site (docs/lite.md): Voici pages on Pyodide, built from the pinned npm and PyPI
# packages in lite/ by their own environment alone (the printable packs too): neither the app's
# nor the tests' environment is needed.
LITE     = build/lite
LITE_ENV = build/lite-env
LITE_SOURCES = $(shell find kartenspiele notebooks lessons lite -name '*.py' -o -name '*.ipynb' -o -name '*.json' -o -name '*.js' -o -name '*.mjs' -o -name '*.html' -o -name '*.css' -o -name '*.txt')
$(LITE_ENV)/.installed: lite/requirements.txt lite/constraints.txt
	rm -rf $(LITE_ENV) && $(PYTHON) -m venv $(LITE_ENV)
	$(LITE_ENV)/bin/python -m pip install --quiet -r lite/requirements.txt -c lite/constraints.txt
	touch $@

$(LITE)/.built: $(LITE_ENV)/.installed $(LITE_SOURCES)
	rm -f $@
	timeout 900 $(LITE_ENV)/bin/python lite/build.py $(LITE)
	touch $@

lite: $(LITE)/.built

# `make test` builds the site for its browser test; without the registries the test says it is skipped.
lite-for-test: $(STAMP)
	@$(MAKE) --no-print-directory lite || echo "the in-browser site could not be built: tests/e2e/test_lite.py is skipped"

# pytest exits with 5 when it collects no test: that is not a failure of the set-up.
test: $(STAMP) system-packages lite-for-test
	$(BIN)/python -m pytest -n 2 --dist loadscope $(PYTEST_ARGS); status=$$?; \
	echo "skipped as slow: the in-browser site played in Chromium (tests/e2e/test_lite.py, 4-10 minutes): make test-lite runs it;"; \
	echo "  the long browser walks (board and pause, answers before the reveal, whole games, the culler's waits) and the larger property runs: make test-slow runs them"; \
	if [ $$status -eq 5 ]; then echo "no tests collected"; exit 0; fi; exit $$status

test-lite: $(STAMP) system-packages lite-for-test
	$(BIN)/python -m pytest -m slow -p no:cacheprovider tests/e2e/test_lite.py

test-slow: $(STAMP) system-packages
	$(BIN)/python -m pytest -m slow -p no:cacheprovider tests --ignore=tests/e2e/test_lite.py --ignore=tests/test_soak.py

soak: $(STAMP)
	$(BIN)/python -m pytest -m slow -p no:cacheprovider tests/test_soak.py

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -r benchmarks/requirements-peers.txt
	$(BIN)/python benchmarks/run.py

# A deliberate refresh of constraints.txt: the newest versions pyproject.toml allows, resolved in
# a fresh environment. Run `make test` afterwards and copy the new pins into binder/requirements.txt.
LOCK_VENV = .venv-lock
lock:
	rm -rf $(LOCK_VENV) && $(PYTHON) -m venv $(LOCK_VENV)
	$(LOCK_VENV)/bin/python -m pip install --quiet --upgrade pip
	$(LOCK_VENV)/bin/python -m pip install --quiet -e '.[all,test]'
	head -3 constraints.txt > constraints.new
	$(LOCK_VENV)/bin/python -m pip freeze --all --exclude-editable | grep -v '^pip==' >> constraints.new
	mv constraints.new constraints.txt && rm -rf $(LOCK_VENV)

clean:
	rm -rf $(VENV) build dist *.egg-info
