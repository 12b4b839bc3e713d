#!/usr/bin/env bash
# Peak memory of decks of 1,000, 10,000 and 20,000 cards read from a CSV file (PDF only), for
# one or more pnp binaries, alternated run by run: medians of the process's own memory
# (anonymous RSS) and of peak RSS (`VmHWM`, which also counts the program's pages mapped from its
# file), read from /proc every 2 ms. Each binary is copied afresh first: how much of a file is
# mapped depends on how much of it the page cache holds, and a binary built or copied just now
# peaked 1.8 MB higher than the same one copied an hour before. Card numbers are written with
# five digits (`Card 00042`), so that every deck's cards are alike and only their number differs:
# with `Card 42` beside `Card 12345`, a larger deck's faces had more glyphs to hold, and its
# window of parsed faces was 0.3 MB larger for that alone.
#
#   benches/peak-memory.sh [RUNS] [BINARY...]    (default: 5 runs of target/release/pnp)
#   DECK=yaml benches/peak-memory.sh ...          the same cards written as YAML variants (1,000
#                                                 and 10,000: 20,000 are over the 1 MB YAML limit)
set -euo pipefail
deck=${DECK:-csv}
case $deck in
  csv) sizes=(1000 10000 20000) ;;
  yaml) sizes=(1000 10000) ;;
  *) echo "DECK must be csv or yaml" >&2 && exit 2 ;;
esac
runs=${1:-5}
shift || true
[ $# -gt 0 ] || set -- "$(dirname "$0")/../target/release/pnp"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

for n in "${sizes[@]}"; do
  head='game: {id: deck%s, name: Deck of %s, players: [2]}\ncomponents:\n  - id: card\n    kind: card\n    size: 2.5in x 3.5in\n'
  if [ "$deck" = csv ]; then
    {
      echo "id,title,number"
      for ((i = 1; i <= n; i++)); do printf 'c%05d,Card %05d,%05d\n' "$i" "$i" "$i"; done
    } >"$work/deck$n.csv"
    printf "$head"'    data: deck%s.csv\n    front: {title: "{row.title}", text: "{row.number}"}\n' \
      "$n" "$n" "$n" >"$work/deck$n.yaml"
  else
    {
      printf "$head"'    variants:\n' "$n" "$n"
      for ((i = 1; i <= n; i++)); do
        printf '      - {id: c%05d, front: {title: Card %05d, text: "%05d"}}\n' "$i" "$i" "$i"
      done
    } >"$work/deck$n.yaml"
  fi
done

bins=()
for b in "$@"; do
  copy="$work/bin${#bins[@]}-$(basename "$b")"
  cp "$b" "$copy"
  bins+=("$copy")
done

# Prints "<peak anonymous KB> <peak RSS KB>" of one build, or "failed".
measure() {
  "$@" >/dev/null &
  local pid=$! anon=0 hwm=0 a h
  while kill -0 "$pid" 2>/dev/null; do
    read -r a h < <(awk '/^RssAnon/ {a = $2} /^VmHWM/ {h = $2} END {print a + 0, h + 0}' \
      "/proc/$pid/status" 2>/dev/null || echo 0 0)
    [ "$a" -gt "$anon" ] && anon=$a
    [ "$h" -gt "$hwm" ] && hwm=$h
    sleep 0.002
  done
  if wait "$pid"; then echo "$anon $hwm"; else echo failed; fi
}

for ((r = 0; r < runs; r++)); do
  for b in "${bins[@]}"; do
    for n in "${sizes[@]}"; do
      echo "$(basename "$b") $n $(measure "$b" build "$work/deck$n.yaml" --no-png --out "$work/out$n" -q)"
    done
  done
done | python3 -c '
import sys, statistics, collections
runs = collections.defaultdict(list)
for line in sys.stdin:
    if line.split()[2:] == ["failed"]:
        sys.exit(f"a build failed: {line.strip()}")
    b, n, anon, hwm = line.split()
    runs[(b, int(n))].append((int(anon), int(hwm)))
for (b, n), v in sorted(runs.items()):
    anon = statistics.median(x[0] for x in v) / 1024
    hwm = statistics.median(x[1] for x in v) / 1024
    print(f"{b:24s} {n:6d} cards: own memory {anon:5.1f} MB, peak RSS {hwm:5.1f} MB ({len(v)} runs)")
'
