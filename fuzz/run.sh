#!/usr/bin/env bash
# Fuzz spec loading + validation + drawing. Seeds: the shipped games and the bad-input corpus.
# Usage: fuzz/run.sh [seconds]   (needs `cargo install cargo-fuzz`; RUSTC_BOOTSTRAP lets the
# stable toolchain use the sanitizer flags cargo-fuzz passes)
set -euo pipefail
cd "$(dirname "$0")"
mkdir -p corpus/spec
cp ../data/*.yaml ../tests/bad/*.yaml corpus/spec/
RUSTC_BOOTSTRAP=1 cargo fuzz run spec corpus/spec -- -max_total_time="${1:-1800}" -max_len=65536 -timeout=10 -rss_limit_mb=2048
