# Agendo: `make run` builds everything and serves http://localhost:8080;
# `make test` runs every check CI runs.

GO        ?= go
BIN       := bin/agendo
WEB_STAMP := web/node_modules/.installed
VERSION   := $(shell cat VERSION)
export AGENDO_DATABASE_URL ?= ./data/agendo.db
# Not ./...: web/node_modules may hold stray Go files of npm packages.
PKGS      := ./cmd/... ./internal/... ./web

.PHONY: run build web test test-go test-go-timing test-web e2e bundle-size clean

run: build
	./$(BIN) serve

build: web
	$(GO) build -trimpath -ldflags "-X main.version=$(VERSION)" -o $(BIN) ./cmd/agendo

# npm ci only when the lock file changed since the last install.
$(WEB_STAMP): web/package-lock.json
	cd web && npm ci --no-audit --no-fund
	touch $@

web: $(WEB_STAMP)
	cd web && npm run build

test: test-go test-go-timing test-web build e2e bundle-size

# The whole Go suite with the race detector, on SQLite and, when
# AGENDO_TEST_DATABASE_URL is set, on PostgreSQL too.
test-go:
	$(GO) vet $(PKGS)
	$(GO) test -race -count=1 -timeout 20m $(PKGS)

# Timing-sensitive security tests (no account enumeration by response time)
# skip under -race, whose slowdown swamps what they measure; they run here.
test-go-timing:
	$(GO) test -count=1 -run 'Timing' ./internal/httpapi/

test-web: $(WEB_STAMP)
	cd web && npm run lint && npm run typecheck && npm test

# End-to-end tests drive Debian's Chromium against the real binary.
e2e: build
	cd web && AGENDO_BIN=$(CURDIR)/$(BIN) npx playwright test

bundle-size: web
	node web/scripts/bundle-size.mjs

clean:
	rm -rf bin web/node_modules/.installed
	find web/dist -mindepth 1 ! -name .gitkeep -delete
