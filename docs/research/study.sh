#!/usr/bin/env bash
# The study of docs/research.md: every results file and chart it shows.
# Usage: docs/research/study.sh [DATA_DIR]   (charts go to docs/research/)
# Bots are iteration-count bots (mcts:iters=400 is the "normal" preset's search), so the
# same command gives the same rows on any machine. --resume lets an interrupted run go on.
set -euo pipefail
cd "$(dirname "$0")/../.."
A=.venv/bin/asztal
D=${1:-study-data}
mkdir -p "$D"
run() { $A simulate "$@" --resume --lang en > /dev/null; }

# PAX: Rome's win rate by player count, random / greedy / MCTS (normal search) bots
for p in 2 3 4; do
  run pax -p "$p" -n 400 --bots random --seed 1 --out "$D/pax-${p}p-random.parquet"
  run pax -p "$p" -n 400 --bots greedy --seed 1 --out "$D/pax-${p}p-greedy.parquet"
  n=24; [ "$p" = 4 ] && n=12   # MCTS games are slow: smaller samples
  run pax -p "$p" -n "$n" --bots mcts:iters=400 --seed 1 --out "$D/pax-${p}p-mcts400.parquet"
done
# Caboose: VP by source and the first player's advantage
for p in 3 4 5; do
  run caboose -p "$p" -n 400 --bots random --seed 1 --out "$D/caboose-${p}p-random.parquet"
done
run caboose -p 4 -n 200 --bots greedy --seed 1 --out "$D/caboose-4p-greedy.parquet"
# PocketCiv: survival by era
run pocketciv -n 400 --bots random --seed 1 --out "$D/pocketciv-random.parquet"
run pocketciv -n 400 --bots greedy --seed 1 --out "$D/pocketciv-greedy.parquet"
run pocketciv -n 60 --bots mcts:iters=100 --seed 1 --out "$D/pocketciv-mcts100.parquet"

# the charts (one series per set of bots)
rm -rf docs/research/pax docs/research/caboose docs/research/pocketciv
$A report "$D"/pax-*.parquet --plot docs/research/pax --lang en > /dev/null
$A report "$D"/caboose-*.parquet --plot docs/research/caboose --lang en > /dev/null
$A report "$D"/pocketciv-*.parquet --plot docs/research/pocketciv --lang en > /dev/null
