#!/bin/sh
# Redraws the pictures of docs/boards.md from the YAMLs beside this script.
# Run from the repository's root: sh docs/examples/boards/pictures.sh [path/to/pnp]
set -eu
pnp=${1:-target/release/pnp}
src=docs/examples/boards
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# A board's face as pnp draws it: DPI, then component, then picture name.
face() { # yaml dpi component name
  "$pnp" build "$src/$1.yaml" --out "$tmp/$1-$2" --no-cover --no-pdf --dpi "$2" -q
  cp "$tmp/$1-$2/png/$3-front.png" "docs/boards-$4.png"
}
face squares 60 grid grid-6x4
face squares 60 chess chess
face hex-offset 60 pointy hex-offset-pointy
face hex-offset 60 flat hex-offset-flat
face lines 60 morris morris
face lines 60 triangle triangle
face marks 60 squares marks
face marks 80 hexes marks-hex
face track-areas 60 board track-areas
face spaces 60 shapes spaces
face spaces 60 pool spaces-pool

# The example games' boards, and Backgammon's table in Tabletop Simulator (its picture, cropped).
game() { # game dpi component name
  "$pnp" build "examples/$1.yaml" --out "$tmp/$1-$2" --no-cover --no-pdf --dpi "$2" -q
  cp "$tmp/$1-$2/png/$3-front.png" "docs/boards-$4.png"
}
game backgammon 40 board backgammon
game kalah 40 board kalah
"$pnp" tts examples/backgammon.yaml --table --players 2 --out "$tmp/tts" -q
# (cropped with Python's Pillow)
python3 -c 'import sys; from PIL import Image; Image.open(sys.argv[1]).crop((395, 270, 755, 440)).save(sys.argv[2])' \
  "$tmp/tts/backgammon-table.png" docs/boards-tts-backgammon.png

# A board in parts: the A4 pages as printed (page 1 and 2 the squares, 3 and 4 the hexes), and
# the join at 100 dpi.
"$pnp" build "$src/split.yaml" --out "$tmp/split" --no-cover --no-png -q
pdf=$tmp/split/boards-split.pdf
page() { # page dpi name [x y w h]
  pdftoppm -r "$2" -f "$1" -l "$1" -singlefile ${4:+-x $4 -y $5 -W $6 -H $7} -png "$pdf" "docs/boards-$3"
}
page 1 40 split-1
page 2 40 split-2
page 2 100 split-join 0 300 330 380
page 3 40 split-hex-1 0 0 331 340
page 4 40 split-hex-2 0 0 331 340

# Any lattice: the example's star, and the lattices of lattices.yaml.
"$pnp" build examples/chinese-checkers.yaml --out "$tmp/cc" --no-cover --no-pdf --dpi 50 -q
cp "$tmp/cc/png/board-front.png" docs/boards-chinese-checkers.png
face lattices 50 star lattice-star
face lattices 50 hexagon lattice-hexagon
face lattices 50 hexagonal lattice-hexagonal
face lattices 50 polygon lattice-polygon
face lattices 50 rectangles lattice-rectangles

# A board that fits the page printed whole: Kalah's 264 mm board, turned, on its page.
"$pnp" build examples/kalah.yaml --out "$tmp/kalah-pdf" --no-cover --no-png -q
pdftoppm -r 30 -f 1 -l 1 -singlefile -png "$tmp/kalah-pdf/kalah.pdf" docs/boards-whole
