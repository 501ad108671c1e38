# The README's commands. Every target installs what it needs and skips what is present, so
# running one twice does the work once.
#
#   make test    fmt, clippy -D warnings, every test, and the core's wasm32 check (CI runs this)
#   make serve   build the CLI and evaluate an example (the web app comes next)
#   make build   release build of the workspace (target/release/commcalc)
#   make bench   criterion benchmarks of every curve, summarised in docs/benchmarks.md
#   make fuzz    fuzz the query parser for FUZZ_SECONDS (default 60) with cargo-fuzz

SHELL := /bin/bash
.SHELLFLAGS := -euo pipefail -c
.DEFAULT_GOAL := test

CARGO ?= cargo
WASM_TARGET := wasm32-unknown-unknown
EXAMPLE ?= machine=intel-paragon&pattern=pingpong&size=12.7k
FUZZ_SECONDS ?= 60
FUZZ_TARGET ?= query
BENCH_CMD := $(CARGO) bench -p commcalc-core --bench curves

.PHONY: test serve build bench fuzz check-cargo components wasm-target fmt clippy unit wasm-check

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

unit: check-cargo
	$(CARGO) test --workspace

# The core must compile to wasm32 unchanged (DESIGN.md: "Core is pure").
wasm-check: wasm-target
	$(CARGO) check -p commcalc-core --target $(WASM_TARGET)

test: fmt clippy unit wasm-check
	@echo "make test: fmt, clippy, tests and the wasm32 check passed"

# ---------------------------------------------------------------------------------------------

build: check-cargo
	$(CARGO) build --workspace --release

serve: check-cargo
	$(CARGO) build -p commcalc
	./target/debug/commcalc eval "$(EXAMPLE)"

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
	  -max_total_time=$(FUZZ_SECONDS) -dict=query.dict -max_len=512 -print_final_stats=1
