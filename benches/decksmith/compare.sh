#!/usr/bin/env bash
# pnp against decksmith (PyPI) on the same 54-card deck: PNGs at 300 dpi plus an A4 PDF.
# Installs decksmith into target/decksmith-venv on first use. Prints medians of N runs (default 5).
set -euo pipefail
cd "$(dirname "$0")"
runs="${1:-5}"
root=../..
venv="$root/target/decksmith-venv"
[ -x "$venv/bin/decksmith" ] || { python3 -m venv "$venv" && "$venv/bin/pip" install -q decksmith==0.9.9; }
(cd "$root" && cargo build --release -q)
pnp="$root/target/release/pnp"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

median() { sort -n | awk '{a[NR]=$1} END {print a[int((NR+1)/2)]}'; }
time_of() { local s e; s=$(date +%s.%N); "$@" >/dev/null 2>&1; e=$(date +%s.%N); echo "$e - $s" | bc; }

ds=(); pp=()
for _ in $(seq "$runs"); do
  rm -rf "$tmp/ds" "$tmp/pnp"
  ds+=("$(time_of bash -c "'$venv/bin/decksmith' build --output '$tmp/ds' --spec deck.yaml --data deck.csv && '$venv/bin/decksmith' export '$tmp/ds' --output '$tmp/ds.pdf' --page-size A4")")
  pp+=("$(time_of "$pnp" build deck54.yaml --out "$tmp/pnp" --dpi 300)")
done
# Both made the whole deck (decksmith writes its log, decksmith.log, beside the spec).
n_ds=$(find "$tmp/ds" -name '*.png' | wc -l); n_pp=$(find "$tmp/pnp/png" -name '*.png' | wc -l)
[ "$n_ds" -eq 54 ] && [ -s "$tmp/ds.pdf" ] || { echo "decksmith made $n_ds PNGs; see decksmith.log" >&2; exit 1; }
[ "$n_pp" -ge 54 ] && [ -s "$tmp/pnp/deck54.pdf" ] || { echo "pnp made $n_pp PNGs" >&2; exit 1; }
d=$(printf '%s\n' "${ds[@]}" | median); p=$(printf '%s\n' "${pp[@]}" | median)
echo "decksmith 0.9.9: median $d s over $runs runs (build 54 PNGs + A4 PDF export)"
echo "pnp:             median $p s over $runs runs (54 PNGs at 300 dpi + A4 PDF)"
echo "ratio: pnp is $(echo "scale=1; $d / $p" | bc)x faster"
