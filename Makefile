# ArcadeForge Verse: `make run` starts the cabinet, `make test` runs the suite.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
# make test type-checks the whole program with mypy (.mypy_cache keeps a rerun quick).
TYPED  := cabinet
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy GPIOZERO_PIN_FACTORY=mock
# Raspberry Pi OS Trixie's Python: make test runs the suite under it too, beside the first run
# (pytest keeps to one core), where this machine has one (pyenv's, as on CI, or python3.13 on the
# PATH) and it is not already $(PYTHON). Its own modules' DeprecationWarnings are errors there, so
# what 3.14 removes is found a release early.
PYTHON313 ?= $(firstword $(wildcard $(HOME)/.pyenv/versions/3.13*/bin/python3) $(shell command -v python3.13))
SECOND_PYTHON := $(if $(PYTHON313),$(shell $(PYTHON) -c 'import sys; print("" if sys.version_info[:2] == (3, 13) else "yes")'))
VENV313  := .venv313
NO_DEPRECATIONS := -W "error::DeprecationWarning:cabinet"
SKIP_UNDER_313  := --ignore=tests/bench --ignore=tests/scenarios

.PHONY: run test test-313 bench tools clean

$(VENV)/bin/activate:
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip

$(VENV)/.installed: pyproject.toml | $(VENV)/bin/activate
	$(PY) -m pip install --quiet -e '.[test]'
	touch $@

run: $(VENV)/.installed
	$(PY) -m cabinet $(ARGS)

# Test tools from Debian (systemd-analyze, shellcheck, mosquitto, openssl) are installed when missing and we are root.
tools:
	@./tests/tools/ensure-debian-tools.sh

$(VENV313)/.installed: pyproject.toml
	$(PYTHON313) -m venv $(VENV313)
	$(VENV313)/bin/python -m pip install --quiet --upgrade pip
	$(VENV313)/bin/python -m pip install --quiet -e '.[test]'
	touch $@

test: $(VENV)/.installed tools $(if $(SECOND_PYTHON),$(VENV313)/.installed)
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy $(TYPED)
	$(if $(SECOND_PYTHON),,@echo "make test: no second Python (3.13) here; the suite runs under $(PYTHON) only")
	$(HEADLESS) tests/tools/both-pythons.sh $(PY) $(if $(SECOND_PYTHON),$(VENV313)/bin/python $(NO_DEPRECATIONS) $(SKIP_UNDER_313))

# The suite under Python 3.13 alone. Both runs leave out the tests that measure rather than
# exercise the code (the bench's figures, the game-feel and kill scenarios): they run the same code
# as the rest, and under the first Python already.
test-313: $(VENV313)/.installed
	$(HEADLESS) $(VENV313)/bin/python -m pytest $(NO_DEPRECATIONS) $(SKIP_UNDER_313)

bench: $(VENV)/.installed
	$(HEADLESS) $(PY) -m cabinet bench $(ARGS)

clean:
	rm -rf $(VENV) $(VENV313) *.egg-info .pytest_cache
