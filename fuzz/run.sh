#!/usr/bin/env bash
# Fuzzes pnp's readers. Targets: spec (a game file: load, check, draw every face), csv (a deck's
# data file), symbol (a symbol's SVG, read and drawn), whole_build (a game file built whole, PDF and
# PNGs), pictures (a game's PNG, JPEG, WebP or SVG picture, read, checked and drawn into the PDF
# and a PNG), workbook (a deck's .xlsx or .ods). Seeds: the shipped games, the bad-input corpus,
# the symbols, the test CSVs, the example and bad-input pictures, and fuzz/seeds/workbook.
# Usage: fuzz/run.sh [TARGET] [seconds]   (TARGET: spec (default), csv, symbol, whole_build,
# pictures, workbook or all;
# needs `cargo install cargo-fuzz`; RUSTC_BOOTSTRAP lets the stable toolchain use the
# sanitizer flags cargo-fuzz passes)
set -euo pipefail
cd "$(dirname "$0")"
target="${1:-spec}"
seconds="${2:-1800}"
seed() {
    mkdir -p "corpus/$1"
    case "$1" in
        spec | whole_build) cp ../data/*.yaml ../tests/bad/*.yaml ../examples/*.yaml "corpus/$1/" ;;
        csv) printf 'id,title,text,icon,colour\na,Ace,"Two, lines\nhere",sun,#ff0000\nb,,,moon,\n' \
            >"corpus/$1/seed.csv" ;;
        symbol) cp ../templates/symbols/*.svg "corpus/$1/" ;;
        pictures) cp ../examples/art/* ../tests/bad/art/* "corpus/$1/" ;;
        workbook) cp seeds/workbook/* "corpus/$1/" ;;
    esac
}
run() {
    seed "$1"
    # A whole build of a shipped game (The Beast: 37 pages) takes over 10 s under the sanitizer
    # on a busy 2-core machine, 1 s in a release build: its hang bound is 30 s.
    local timeout=10
    [ "$1" = whole_build ] && timeout=30
    RUSTC_BOOTSTRAP=1 cargo fuzz run "$1" "corpus/$1" -- -max_total_time="$seconds" \
        -max_len=65536 -timeout="$timeout" -rss_limit_mb=2048
}
if [ "$target" = all ]; then
    for t in spec csv symbol whole_build pictures workbook; do run "$t"; done
else
    run "$target"
fi
