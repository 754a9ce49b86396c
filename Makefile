# Ludus: the two quick-start commands are `make run` and `make test`.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed

.PHONY: run test lint format bench install clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e ".[dev]"
	touch $(STAMP)

install: $(STAMP)

# The local table runs with DEBUG on; hosted, DEBUG stays off (config/settings.py).
run: export DJANGO_DEBUG ?= true
run: $(STAMP)
	$(BIN)/python manage.py migrate --noinput
	$(BIN)/python manage.py load_demo --if-empty
	@# The background tasks' worker runs beside the web server, and stops with it; run_worker
	@# restarts it when it exits (a database restart) and fails the jobs a stopped worker lost.
	$(BIN)/python manage.py run_worker & worker=$$!; \
	trap 'kill $$worker 2>/dev/null' EXIT INT TERM; \
	$(BIN)/python manage.py runserver 127.0.0.1:8000

test: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .
	$(BIN)/lint-imports
	$(BIN)/mypy
	DJANGO_DEBUG=true $(BIN)/python manage.py makemigrations --check --dry-run >/dev/null
	$(BIN)/pytest

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

format: $(STAMP)
	$(BIN)/ruff check --fix .
	$(BIN)/ruff format .

bench: $(STAMP)
	$(BIN)/python bench/run.py

clean:
	rm -rf $(VENV) db.sqlite3
