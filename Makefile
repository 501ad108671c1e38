# The README's commands. Every target installs what it needs and skips what is present, so
# running one twice does the work once.
#
#   make test    fmt, clippy -D warnings, every test, the wasm32 build, the real-MPI checks and
#                the browser tests (CI runs this)
#   make serve   set up the web toolchain and serve the app on http://127.0.0.1:8080
#   make site    build the release site into dist/
#   make build   release build of the CLI (target/release/commcalc)
#   make bench   criterion benchmarks of every curve, summarised in docs/benchmarks.md
#   make fuzz    fuzz the query parser for FUZZ_SECONDS (default 60) with cargo-fuzz
#                (FUZZ_TARGET=page: the web app's whole address; FUZZ_TARGET=measurements:
#                pasted benchmark output through every reader and the fits)

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := test

CARGO ?= cargo
WASM_TARGET := wasm32-unknown-unknown
FUZZ_SECONDS ?= 60
FUZZ_TARGET ?= query
# Benchmark output is longer than a query and has its own vocabulary.
FUZZ_DICT ?= $(if $(filter measurements,$(FUZZ_TARGET)),measurements.dict,query.dict)
FUZZ_MAX_LEN ?= $(if $(filter measurements,$(FUZZ_TARGET)),16384,512)
BENCH_CMD := $(CARGO) bench -p commcalc-core --bench curves --bench regimes --bench measurements --bench collectives

# The web toolchain, pinned and installed from crates.io and npm: Trunk runs offline and never
# downloads (its default would fetch wasm-bindgen and wasm-opt from GitHub).
TRUNK_VERSION := 0.21
WASM_BINDGEN_VERSION := $(shell sed -n '/^name = "wasm-bindgen"$$/{n;s/version = "\(.*\)"/\1/p}' Cargo.lock)
BINARYEN_VERSION := 132.0.0
TERSER_VERSION := 5.51.2
TOOLS := $(CURDIR)/.tools
export PATH := $(TOOLS)/node_modules/.bin:$(HOME)/.cargo/bin:$(PATH)

.PHONY: test serve site build bench fuzz check-cargo components wasm-target fmt clippy sizes unit wasm-check \
	tools rust-src trunk wasm-bindgen wasm-opt terser chromium browser-deps browser-test bench-web screenshots \
	mpi-deps mpi-test

# ---------------------------------------------------------------------------------------------
# Set-up: each step checks before it installs.

check-cargo:
	@command -v $(CARGO) >/dev/null || { \
	  echo "cargo not found: install Rust with rustup (https://rustup.rs), then rerun make" >&2; \
	  exit 1; }

# rustfmt and clippy ship with rustup's default profile; add them where a minimal one lacks them.
components: check-cargo
	@$(CARGO) fmt --version >/dev/null 2>&1 || rustup component add rustfmt
	@$(CARGO) clippy --version >/dev/null 2>&1 || rustup component add clippy

wasm-target: check-cargo
	@if rustup target list --installed 2>/dev/null | grep -qx '$(WASM_TARGET)'; then \
	  echo "$(WASM_TARGET): installed"; \
	else \
	  rustup target add $(WASM_TARGET); \
	fi

# ---------------------------------------------------------------------------------------------
# make test: the one command that must pass.

fmt: components
	$(CARGO) fmt --all --check

clippy: components
	$(CARGO) clippy --workspace --all-targets -- -D warnings

# Every test; then the query language as the page's calculator module builds it, without the
# traffic pattern's keys (the `traffic-keys` feature, crates/core/src/query.rs).
unit: check-cargo
	$(CARGO) test --workspace
	$(CARGO) test -p commcalc-core --no-default-features --lib query::tests

# The core must compile to wasm32 unchanged (the core is pure Rust with no I/O); the web crate
# is linted for wasm32 as both of the page's modules build it (index.html).
wasm-check: wasm-target
	$(CARGO) check -p commcalc-core --target $(WASM_TARGET)
	$(CARGO) clippy -p commcalc-web --target $(WASM_TARGET) -- -D warnings
	$(CARGO) clippy -p commcalc-web --target $(WASM_TARGET) --no-default-features -- -D warnings

# Functions stay under ~80 lines (the reasoned exemptions are listed in the script), and the
# modules of the core, web and CLI crates import in one direction (no module imports one that
# imports it back).
sizes:
	python3 scripts/long-functions.py
	python3 scripts/module-cycles.py

test: fmt clippy sizes unit wasm-check mpi-test browser-test
	@echo "make test: fmt, clippy, function sizes, module cycles, tests, the wasm32 check and the browser tests passed"

# Open MPI and MPICH from Debian's packages, each under its explicit name, and gdb, which the
# check uses to see which algorithm Open MPI runs; installed only when missing.
MPI_COMMANDS := mpicc.openmpi mpirun.openmpi mpicc.mpich mpiexec.mpich gdb python3
mpi-deps:
	@if ( for c in $(MPI_COMMANDS); do command -v $$c >/dev/null || exit 1; done ); then echo "Open MPI, MPICH, gdb: installed"; \
	else SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get -o DPkg::Lock::Timeout=900 update && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get \
	    -o DPkg::Lock::Timeout=900 install -y openmpi-bin libopenmpi-dev mpich libmpich-dev gdb python3; fi

# The exported tuning files read by the real libraries, and commcalc's order of the
# algorithms against measured times (report: target/mpi/collectives-measured.md).
mpi-test: check-cargo mpi-deps
	$(CARGO) build -p commcalc
	python3 tests/mpi/check.py $(CURDIR)/target/debug/commcalc $(CURDIR)/target/mpi

# ---------------------------------------------------------------------------------------------
# The web toolchain. Each step checks the installed version first.

trunk: check-cargo
	@if trunk --version 2>/dev/null | grep -q "trunk $(TRUNK_VERSION)\."; then trunk --version; \
	else $(CARGO) install --locked trunk --version '~$(TRUNK_VERSION)'; fi

# wasm-bindgen-cli must be the exact version of the wasm-bindgen crate in Cargo.lock. It is
# installed without --locked: one of its locked dependencies is missing from the registry.
wasm-bindgen: check-cargo
	@if wasm-bindgen --version 2>/dev/null | grep -q " $(WASM_BINDGEN_VERSION)$$"; then wasm-bindgen --version; \
	else $(CARGO) install wasm-bindgen-cli --version $(WASM_BINDGEN_VERSION); fi

wasm-opt:
	@if [ -x $(TOOLS)/node_modules/.bin/wasm-opt ]; then wasm-opt --version; \
	else mkdir -p $(TOOLS) && npm install --prefix $(TOOLS) --no-audit --no-fund binaryen@$(BINARYEN_VERSION); fi

# terser minifies the page's JavaScript in Trunk's post-build hook (scripts/post-build.mjs):
# Trunk's own minifier cannot parse wasm-bindgen's glue.
terser:
	@if [ -f $(TOOLS)/node_modules/terser/package.json ]; then echo "terser: installed"; \
	else mkdir -p $(TOOLS) && npm install --prefix $(TOOLS) --no-audit --no-fund terser@$(TERSER_VERSION); fi

# The standard library's source, which the page's modules are built from (WEB_ENV below), and
# the crates its lock file names: Trunk builds offline, so cargo finds them in its cache or not
# at all (a toolchain's std may add a dependency, as 1.95's `moto-rt`). Fetched by cargo from
# crates.io; a no-op when they are cached.
STD_LIBRARY = $(shell rustc --print sysroot)/lib/rustlib/src/rust/library
rust-src: check-cargo
	@if rustup component list --installed 2>/dev/null | grep -qx 'rust-src'; then echo "rust-src: installed"; \
	else rustup component add rust-src; fi
	RUSTC_BOOTSTRAP=1 $(CARGO) fetch --locked --quiet --manifest-path $(STD_LIBRARY)/Cargo.toml

tools: wasm-target rust-src trunk wasm-bindgen wasm-opt terser

# The page's wasm modules are built for size (docs/web-bytes.md, "Built for size"): Leptos'
# type-erased components (the renderer's generic code copied per kind of view, not per
# component), and the standard library compiled from source with the app, with panics that
# abort at once (no panic messages, nor the code that formats them) and whose own code is
# chosen for size (`optimize_for_size`: a merge sort, no fast path in float parsing, smaller
# integer formatting; the same results, a little slower); and `{:?}` formatting compiled to
# nothing (no text the page shows goes through it: see dom::js_error). These take unstable
# cargo and rustc flags, which the stable toolchain accepts with RUSTC_BOOTSTRAP=1, as for
# cargo-fuzz. They are the environment of Trunk's command only, and the rustc flags are for
# the wasm32 target only: native builds, clippy and the tests never see them.
WEB_ENV := RUSTC_BOOTSTRAP=1 CARGO_UNSTABLE_BUILD_STD=std,panic_abort \
	CARGO_UNSTABLE_BUILD_STD_FEATURES=optimize_for_size \
	CARGO_TARGET_WASM32_UNKNOWN_UNKNOWN_RUSTFLAGS="--cfg=erase_components -Zunstable-options -Cpanic=immediate-abort -Zfmt-debug=none"

# Trunk builds the calculator's module with the size profile `web`, the other views' module with
# `full` and the Traffic view's worker with `release` (index.html, data-cargo-profile-release;
# Cargo.toml says why).

site: tools
	$(WEB_ENV) trunk build --release

serve: tools
	$(WEB_ENV) trunk serve --release

# Debian's Chromium for the browser tests (see tests/browser/harness.mjs for its flags); needs root or sudo once.
chromium:
	@if command -v chromium >/dev/null; then chromium --version; \
	else SUDO=$$( [ "$$(id -u)" = 0 ] || echo sudo ); \
	  $$SUDO apt-get update && DEBIAN_FRONTEND=noninteractive $$SUDO apt-get install -y chromium fonts-dejavu-core; fi

browser-deps:
	@if [ -d tests/browser/node_modules/playwright-core ] && [ -d tests/browser/node_modules/axe-core ]; then echo "playwright-core, axe-core: installed"; \
	else npm ci --prefix tests/browser --no-audit --no-fund; fi

browser-test: site chromium browser-deps
	node --test --test-concurrency=1 tests/browser/

# Slider → repaint, load → interactive, shipped bytes; figures in docs/web-benchmarks.md.
bench-web: site chromium browser-deps
	node tests/browser/bench.mjs

screenshots: site chromium browser-deps
	node tests/browser/screenshots.mjs

# ---------------------------------------------------------------------------------------------

build: check-cargo
	$(CARGO) build -p commcalc --release

# Criterion writes target/criterion/<pattern>/<machine>/new/estimates.json; earlier results
# are cleared so that removed benchmarks do not linger in the summary.
bench: check-cargo
	rm -rf target/criterion
	$(BENCH_CMD)
	python3 scripts/bench-summary.py target/criterion docs/benchmarks.md "make bench ($(BENCH_CMD))"

# cargo-fuzz needs nightly flags; the stable toolchain accepts them with RUSTC_BOOTSTRAP=1.
# fuzz/corpus/ grows between runs (git-ignored); fuzz/seeds/ holds the committed seeds.
fuzz: check-cargo
	@$(CARGO) fuzz --version >/dev/null 2>&1 || $(CARGO) install cargo-fuzz --locked
	mkdir -p fuzz/corpus/$(FUZZ_TARGET)
	cd fuzz && RUSTC_BOOTSTRAP=1 $(CARGO) fuzz run $(FUZZ_TARGET) \
	  corpus/$(FUZZ_TARGET) seeds/$(FUZZ_TARGET) -- \
	  -max_total_time=$(FUZZ_SECONDS) -dict=$(FUZZ_DICT) -max_len=$(FUZZ_MAX_LEN) -print_final_stats=1
