# ArcadeForge Verse: `make run` starts the cabinet, `make test` runs the suite.
PYTHON ?= python3
VENV   := .venv
PY     := $(VENV)/bin/python
# Where the contracts are: make test type-checks them with mypy (.mypy_cache keeps a rerun quick).
TYPED  := cabinet/games cabinet/storage cabinet/settings cabinet/update \
          cabinet/panel.py cabinet/context.py
HEADLESS := SDL_VIDEODRIVER=dummy SDL_AUDIODRIVER=dummy GPIOZERO_PIN_FACTORY=mock

.PHONY: run test bench tools clean

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

test: $(VENV)/.installed tools
	$(PY) -m ruff check .
	$(PY) -m mypy $(TYPED)
	$(HEADLESS) $(PY) -m pytest

bench: $(VENV)/.installed
	$(HEADLESS) $(PY) -m cabinet bench $(ARGS)

clean:
	rm -rf $(VENV) *.egg-info .pytest_cache
