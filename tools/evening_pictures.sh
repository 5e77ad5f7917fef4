#!/bin/sh
# The README's pictures of a store night on paper, made by the app's own commands: a
# Two-Headed Giant evening of ten teams, a late team joining after round 1, round 3 paired,
# then its pairings by name for the wall and its result slips, as PNGs of their first pages.
#
#     sh tools/evening_pictures.sh [PYTHON]     (make screenshots runs it)
set -eu
PYTHON=${1:-python3}
DIR=$(mktemp -d)
trap 'rm -rf "$DIR"' EXIT
event() { "$PYTHON" -m tablelife event "$@" --data-dir "$DIR/data"; }

cat > "$DIR/teams.txt" <<'TEAMS'
Ann & Bob
Cal & Dee
Émile & Zoë
Gus & Hal
Ida & Jon
Kim & Lee
Mia & Ned
Ola & Pat
TEAMS

event new "Friday 2HG" --format 2hg --teams "$DIR/teams.txt" --rounds 4 \
    --fixed-table "Ida & Jon=1" --skip-tables 4 > /dev/null
for round in 1 2; do
    event pair --seed "$round" > /dev/null
    [ "$round" = 1 ] && event add "Uma & Vic" > /dev/null
    # Every table's first team wins (a bye needs no result).
    event pairings --by table --format json --round "$round" | "$PYTHON" -c '
import json, sys
for t in json.load(sys.stdin):
    if len(t["teams"]) == 2:
        print(t["table"], t["teams"][0])
' | while read -r table winner; do event result "$table" "$winner" > /dev/null; done
done
event pair --seed 3 > /dev/null
event pairings --paper a4 -o docs/pairings-by-name.png
event slips --paper a4 -o docs/result-slips.png
