# Agendo: `make run` builds everything and serves http://localhost:8080;
# `make test` runs every check CI runs; `make bench` measures (never part of
# `make test`).

GO        ?= go
BIN       := bin/agendo
WEB_STAMP := web/node_modules/.installed
VERSION   := $(shell cat VERSION)
export AGENDO_DATABASE_URL ?= ./data/agendo.db
# Not ./...: web/node_modules may hold stray Go files of npm packages.
PKGS      := ./cmd/... ./internal/... ./web

API_DOC    := docs/openapi.json
API_TYPES  := web/src/lib/api-schema.ts
API_LIMITS := web/src/lib/api-limits.ts

.PHONY: run build web bench test test-go test-go-norace test-web e2e screens bundle-size clean api check-go check-api image

run: build
	./$(BIN) serve

# -buildvcs=auto: stamp the git commit (agendo version, /healthz, metrics) even
# where GOFLAGS turns VCS stamping off; a tree without git builds as "unknown".
build: web
	$(GO) build -buildvcs=auto -trimpath -ldflags "-X main.version=$(VERSION)" -o $(BIN) ./cmd/agendo

# A container image for self-hosters (docs/deploy.md): a static build (CGO
# off) in a FROM scratch image, smoke-tested on a volume. Needs Docker;
# not part of make test.
image: web
	CGO_ENABLED=0 $(GO) build -buildvcs=auto -trimpath -ldflags "-s -w -X main.version=$(VERSION)" -o bin/agendo-static ./cmd/agendo
	deploy/image/build.sh $(VERSION)

# npm ci only when the lock file changed since the last install.
$(WEB_STAMP): web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

web: $(WEB_STAMP)
	cd web && npm run build

test: check-go check-api test-go test-go-norace test-web build e2e bundle-size

# gofmt, vet and staticcheck (pinned in go.mod as a tool), and internal/app's
# files in floors: none uses a file that uses it back (cmd/filegraph).
check-go:
	@test -z "$$(gofmt -l cmd internal web/*.go)" || { gofmt -l cmd internal web/*.go; echo "gofmt: run gofmt -w on the files above"; exit 1; }
	$(GO) vet $(PKGS)
	$(GO) tool staticcheck $(PKGS)
	@out=$$($(GO) run ./cmd/filegraph ./internal/app) || { echo "$$out"; echo "internal/app: its files must not use each other in a cycle (cmd/filegraph)"; exit 1; }; echo "internal/app: $$(echo "$$out" | head -n 1)"

# The OpenAPI document comes from the route table, and the web app's wire
# types and bounds from the document; all are committed. `make api` rewrites them.
api: $(WEB_STAMP)
	$(GO) run -ldflags "-X main.version=$(VERSION)" ./cmd/agendo openapi > $(API_DOC)
	cd web && npx openapi-typescript ../$(API_DOC) -o ../$(API_TYPES) --root-types --root-types-no-schema-prefix
	node web/scripts/api-limits.mjs $(API_DOC) $(API_LIMITS)

# Fails when the committed document or types are stale, or the document is
# not valid OpenAPI 3.1 (Redocly's recommended rules: 0 errors).
check-api: $(WEB_STAMP)
	@tmp=$$(mktemp -d) && \
	$(GO) run -ldflags "-X main.version=$(VERSION)" ./cmd/agendo openapi > $$tmp/openapi.json && \
	cmp -s $$tmp/openapi.json $(API_DOC) || { echo "$(API_DOC) is stale: run make api"; exit 1; }
	cd web && npx openapi-typescript ../$(API_DOC) -o ../$(API_TYPES) --root-types --root-types-no-schema-prefix --check
	node web/scripts/api-limits.mjs $(API_DOC) $(API_LIMITS) --check
	node web/scripts/openapi-lint.mjs $(API_DOC)

# The whole Go suite with the race detector, on SQLite and, when
# AGENDO_TEST_DATABASE_URL is set, on PostgreSQL too; every answer it
# receives is checked against the OpenAPI document (contract_test.go).
test-go:
	$(GO) test -race -count=1 -timeout 40m $(PKGS)

# Without the race detector, whose tenfold slowdown swamps what they
# measure: the timing tests (no account enumeration by response time), which
# skip under -race, and the booking race at its full 5,000 bookings an
# engine (10 rounds under -race).
test-go-norace:
	$(GO) test -count=1 -run 'Timing|^TestOnlyOneBookingPerSlot$$' ./internal/httpapi/

test-web: $(WEB_STAMP)
	cd web && npm run lint && npm run typecheck && npm test

# End-to-end tests drive Debian's Chromium against the real binary.
# Then every API exchange the web app made there is checked against the
# OpenAPI document (web/e2e/traffic.ts records them).
e2e: build
	cd web && AGENDO_BIN=$(CURDIR)/$(BIN) npx playwright test
	AGENDO_WEB_TRAFFIC=$(CURDIR)/web/test-results/api-traffic.jsonl $(GO) test -count=1 -run '^TestWebTrafficMatchesTheContract$$' ./internal/httpapi/

# The screens for a person to look at (never part of `make test`): the tests tagged @screens,
# with every PNG written to web/test-results/screens/. `SCREENS=1 make e2e` writes the PNGs of
# the whole suite.
screens: build
	cd web && SCREENS=1 AGENDO_BIN=$(CURDIR)/$(BIN) npx playwright test --grep @screens

bundle-size: web
	node web/scripts/bundle-size.mjs

# The load harness (cmd/agendo-bench): seeds stores of SIZES appointments
# (cached in .bench/), runs the built binary on each in its own process,
# loads it over HTTP at 16 connections for DURATION per path (in ROUNDS
# slices taken in turn with the other paths) and rewrites
# the harness's section of docs/benchmarks.md. `make bench SIZES=10000` is
# a quick run. PG=postgres://postgres@127.0.0.1:5432/postgres?sslmode=disable
# adds the PostgreSQL rows: the harness makes its databases (agendo_bench_*)
# on that server; empty, it measures SQLite only.
SIZES    ?= 10000,100000,500000
DURATION ?= 10s
ROUNDS   ?= 5
PG       ?=
bench: build
	$(GO) build -o bin/agendo-bench ./cmd/agendo-bench
	./bin/agendo-bench load -bin $(BIN) -sizes $(SIZES) -duration $(DURATION) -rounds $(ROUNDS) -dir .bench -doc docs/benchmarks.md -postgres '$(PG)'

clean:
	rm -rf bin web/node_modules/.installed
	find web/dist -mindepth 1 ! -name .gitkeep -delete
