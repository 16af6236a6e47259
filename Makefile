# Quick start: `make run` (demo data, http://127.0.0.1:8000; `make run HOST=0.0.0.0 PORT=8080` to
# listen elsewhere) and `make test`. Without DATABASE_URL both run on an embedded PostgreSQL server
# (erp/embedded_postgres.py, data in build/pgdata); with it, on that server.
# System packages needed: Python 3.11 with venv, Node.js 20.19+ with npm, GNU gettext (msgfmt);
# `make test` also drives Chromium for the browser tests (and CJK fonts for readable screenshots).
# On Debian: apt-get install python3.11 python3.11-venv nodejs npm gettext chromium fonts-noto-cjk

SHELL := /bin/bash
PYTHON ?= $(shell command -v python3.11 || command -v python3)
VENV := .venv
PY := $(VENV)/bin/python
DEV_ENV := DEBUG=1
UV_VERSION := 0.13.9
HOST ?= 127.0.0.1
PORT ?= 8000
# Every command that loads the settings runs through this: it starts the embedded PostgreSQL where
# DATABASE_URL is unset (and stops it after), and runs the command as it is where it is set.
DB := $(PY) -m erp.embedded_postgres --

.PHONY: image-check run serve test bench-check lint check-system check-browser install frontend messages migrate seed clean schema fuzz typecheck screenshots

check-system:
	@$(PYTHON) -c 'import sys, venv; sys.exit(0 if sys.version_info[:2] == (3, 11) else 1)' 2>/dev/null \
		|| { echo "Python 3.11 with the venv module is needed (Debian: apt-get install python3.11 python3.11-venv)."; exit 1; }
	@command -v node >/dev/null && node -e 'const [a,b]=process.versions.node.split(".").map(Number); process.exit(a>20||(a===20&&b>=19)?0:1)' \
		|| { echo "Node.js 20.19 or newer is needed (Debian: apt-get install nodejs npm)."; exit 1; }
	@command -v npm >/dev/null || { echo "npm is needed (Debian: apt-get install npm)."; exit 1; }
	@command -v msgfmt >/dev/null || { echo "GNU gettext (msgfmt) is needed for translations (Debian: apt-get install gettext)."; exit 1; }

check-browser:
	@command -v chromium >/dev/null || { echo "Chromium is needed for the browser tests (Debian: apt-get install chromium fonts-noto-cjk)."; exit 1; }

# uv installs the pinned packages (docs/decisions/0034-uv-installs-the-packages.md): about 17 s where
# pip took 25 to 33. It trusts the system's certificates, as pip does, and takes pip's configured index if any.
PIP_INDEX_URL ?= $(shell $(PYTHON) -m pip config get global.index-url 2>/dev/null)

$(VENV)/.installed: requirements.txt requirements-dev.txt
	@$(MAKE) --no-print-directory check-system
	$(PYTHON) -m venv $(VENV)
	$(VENV)/bin/pip install --quiet uv==$(UV_VERSION)
	UV_NATIVE_TLS=1 $(if $(PIP_INDEX_URL),UV_INDEX_URL="$(PIP_INDEX_URL)") \
		$(VENV)/bin/uv pip install --quiet --compile-bytecode --python $(VENV)/bin/python -r requirements-dev.txt
	touch $@

install: $(VENV)/.installed

frontend/node_modules/.installed: frontend/package.json frontend/package-lock.json
	@$(MAKE) --no-print-directory check-system
	cd frontend && npm ci --no-audit --no-fund
	touch $@

# The build's output is rebuilt only when what it is made from changed: the sources (tests aside),
# the build configuration, the dependencies, and the API schema the generated types come from.
FRONTEND_SOURCES := $(shell find frontend/src frontend/scripts -type f ! -name '*.test.ts' ! -name '*.test.tsx') \
	frontend/package.json frontend/package-lock.json frontend/tsconfig.json frontend/vite.config.ts docs/openapi.yaml

static/dist/manifest.json: frontend/node_modules/.installed $(FRONTEND_SOURCES)
	cd frontend && npm run build
	@touch $@

frontend: static/dist/manifest.json

messages: install
	$(DEV_ENV) $(DB) $(PY) manage.py compilemessages --ignore=.venv --ignore=frontend -v0

migrate: install messages
	$(DEV_ENV) $(DB) $(PY) manage.py migrate --no-input

seed: migrate
	$(DEV_ENV) $(DB) $(PY) manage.py seed_demo

# `make run` pays against fake WeChat Pay, Alipay, card terminal and payment box servers on 127.0.0.1
# (apps/payments/fakes; an amount's cents or an Alipay code's last digits choose a scenario, the
# README's table says which): they start in the background and write
# the PAYMENT_PROVIDERS_FILE the server reads, notifying http://$(HOST):$(PORT)/rest/pay/notify/*.
# Without Redis (no Celery beat) `poll_payments` queries the pending payments in the background, and
# `poll_write_offs` the group-buy write-offs a platform did not answer.
# Both stop when `make run` stops. Group-buy codes are written off against fake Meituan/Dianping,
# Douyin and WeChat Channels servers (apps/groupbuy/fakes; the code's last two digits choose a
# scenario), started the same way; their GROUPBUY_PLATFORMS_FILE gives every store the chain's accounts.
FAKE_PROVIDERS_FILE := build/fake-providers/payment-providers.json
FAKE_PLATFORMS_FILE := build/fake-providers/groupbuy-platforms.json
# The embedded PostgreSQL (where DATABASE_URL is unset) is up for the whole of `serve` and stops with it.
run: check-system install frontend
	@$(DEV_ENV) $(DB) $(MAKE) --no-print-directory serve

serve: seed
	@rm -f $(FAKE_PROVIDERS_FILE) $(FAKE_PLATFORMS_FILE); \
	trap 'kill $$(jobs -p) 2>/dev/null; wait' EXIT; \
	$(DEV_ENV) $(PY) manage.py run_fake_providers --notify-base http://$(HOST):$(PORT) --file $(FAKE_PROVIDERS_FILE) & \
	$(DEV_ENV) $(PY) manage.py run_fake_platforms --file $(FAKE_PLATFORMS_FILE) & \
	for _ in $$(seq 100); do [ -s $(FAKE_PROVIDERS_FILE) ] && [ -s $(FAKE_PLATFORMS_FILE) ] && break; sleep 0.2; done; \
	[ -s $(FAKE_PROVIDERS_FILE) ] || { echo "the fake payment providers did not start"; exit 1; }; \
	[ -s $(FAKE_PLATFORMS_FILE) ] || { echo "the fake group-buy platforms did not start"; exit 1; }; \
	if [ -z "$$REDIS_URL" ]; then \
		$(DEV_ENV) PAYMENT_PROVIDERS_FILE=$(FAKE_PROVIDERS_FILE) $(PY) manage.py poll_payments & \
		$(DEV_ENV) GROUPBUY_PLATFORMS_FILE=$(FAKE_PLATFORMS_FILE) $(PY) manage.py poll_write_offs & \
		$(DEV_ENV) $(PY) manage.py make_settlement_statements --every 3600 & \
	fi; \
	$(DEV_ENV) PAYMENT_PROVIDERS_FILE=$(FAKE_PROVIDERS_FILE) GROUPBUY_PLATFORMS_FILE=$(FAKE_PLATFORMS_FILE) \
		$(PY) manage.py runserver $(HOST):$(PORT)

# The Python suite runs on every core (pytest-xdist): each worker has a test database and a Redis
# database of its own (erp/settings.py); a worker that runs out steals from the others (worksteal: the
# browser and concurrency tests are long). `make test PYTEST_WORKERS=0` runs it in one process; PYTEST_ARGS picks tests (e.g. apps/cards).
# Vitest runs beside it at a lower priority: the Python suite spends much of its time waiting (on its
# browser, the database, polls and token lifetimes), and Vitest takes those idle moments of the cores
# instead of running after it (docs/decisions/0032). Its report follows the Python suite's.
PYTEST_WORKERS ?= auto
VITEST_LOG := build/vitest.log
test: check-system check-browser install frontend messages
	@mkdir -p build; \
	(cd frontend && nice -n 10 npm test -- --testTimeout=120000 > ../$(VITEST_LOG) 2>&1) & vitest=$$!; \
	trap 'kill $$vitest 2>/dev/null' INT TERM; \
	$(DEV_ENV) $(DB) $(PY) -m pytest -n $(PYTEST_WORKERS) --dist worksteal --durations=25 $(PYTEST_ARGS); python=$$?; \
	wait $$vitest; frontend=$$?; \
	printf '\n==== Vitest (frontend/, run beside the Python suite) ====\n'; cat $(VITEST_LOG); \
	[ $$python -eq 0 ] && [ $$frontend -eq 0 ]

# The browser tests write their screenshots to build/screenshots (ignored), so `make test` leaves the
# checkout clean; this refreshes the README's pictures in docs/screenshots instead: only the browser
# tests that take one (conftest.py marks them `screenshot`), each picture after animations finished.
screenshots: check-system check-browser install frontend messages
	$(DEV_ENV) SCREENSHOT_DIR=docs/screenshots $(DB) $(PY) -m pytest -m screenshot -p no:cacheprovider

# mypy with the Django and DRF plugins over apps/ and erp/ (mypy.ini); the plugin loads erp.settings.
typecheck: install
	$(DEV_ENV) $(DB) $(VENV)/bin/mypy

# The committed OpenAPI schema (docs/openapi.yaml) and the TypeScript types generated from it
# (frontend/src/api/generated/schema.d.ts); apps/core/tests/test_schema.py and `npm run build` fail
# when either is stale.
schema: install frontend/node_modules/.installed
	$(DEV_ENV) $(DB) $(PY) manage.py spectacular --lang en --validate --fail-on-warn --file docs/openapi.yaml
	cd frontend && npm run types

# The deeper randomized runs: schemathesis over docs/openapi.yaml (docs/operations.md; `make test`
# runs 640 cases) and the ledgers' simulation.
FUZZ_CASES ?= 30000
FUZZ_SEED ?= 20261124
# The ledgers' randomized simulation too (apps/billing/tests/test_ledger_simulation.py): 1,000 operations in `make test`.
SIMULATION_OPERATIONS ?= 20000
fuzz: check-system install messages
	$(DEV_ENV) FUZZ_CASES=$(FUZZ_CASES) FUZZ_SEED=$(FUZZ_SEED) SIMULATION_OPERATIONS=$(SIMULATION_OPERATIONS) \
		SIMULATION_SEED=$(FUZZ_SEED) $(DB) $(PY) -m pytest -m "fuzz or simulation" -p no:cacheprovider

# The benchmarks' tiny runs alone (a small data set generated, audited and measured beside its raw SQL):
# `make test` runs them too, so a schema change that breaks a generator or a measured call fails CI.
bench-check: check-system install messages
	$(DEV_ENV) $(DB) $(PY) -m pytest -m bench -p no:cacheprovider

lint: install
	$(VENV)/bin/ruff check .

# The container image built with podman on local Debian stand-ins of its two base images, then run as
# production runs it against the PostgreSQL and Redis at DATABASE_URL and IMAGE_CHECK_REDIS_URL (TCP;
# by default those on 127.0.0.1): docker/image_check.py, docs/operations.md. Needs root, podman,
# runc and debootstrap; `.ci/run` runs it beside `make test`.
image-check: install
	@for tool in podman runc debootstrap; do command -v $$tool >/dev/null \
		|| { echo "$$tool is needed (Debian: apt-get install podman runc debootstrap)."; exit 1; }; done
	$(PY) docker/image_check.py

clean:
	rm -rf $(VENV) frontend/node_modules static/dist staticfiles build
