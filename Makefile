# Two commands set everything up on a fresh machine: `make serve` and `make test`.
PYTHON ?= python3
VENV   ?= .venv
BIN     = $(VENV)/bin
STAMP   = $(VENV)/.installed
PORT   ?= 8866
CHROMIUM ?= /usr/bin/chromium

.PHONY: serve test soak bench clean

$(BIN)/python:
	$(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip

$(STAMP): $(BIN)/python pyproject.toml
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

serve: $(STAMP)
	$(BIN)/kartenspiele serve --port $(PORT)

# Browser tests drive Debian's Chromium; as root it is installed when missing.
$(CHROMIUM):
	@if [ "$$(id -u)" = 0 ] && command -v apt-get >/dev/null; then \
		apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-dejavu >/dev/null; \
	else echo "Chromium is missing: browser tests will be skipped (install the chromium package)"; fi

# pytest exits with 5 when it collects no test: that is not a failure of the set-up.
test: $(STAMP) $(CHROMIUM)
	$(BIN)/python -m pytest -n 2 --dist loadscope $(PYTEST_ARGS); status=$$?; \
	if [ $$status -eq 5 ]; then echo "no tests collected"; exit 0; fi; exit $$status

soak: $(STAMP)
	$(BIN)/python -m pytest -m slow -p no:cacheprovider tests/test_soak.py

bench: $(STAMP)
	$(BIN)/python -m pip install --quiet -r benchmarks/requirements-peers.txt
	$(BIN)/python benchmarks/run.py

clean:
	rm -rf $(VENV) build dist *.egg-info
