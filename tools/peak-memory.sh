#!/usr/bin/env bash
# Peak resident memory (`/usr/bin/time -f %M`) of the game in the window
# under Xvfb: the delve and the 600x600 hunt, each on the same seed, played
# the same way: 10 s after it opens, `x` (auto-explore) every 2 s for
# 30 s, so each world is drawn and walked, not just loaded. Prints both
# peaks and the hunt's ratio to the delve's.
#
#   tools/peak-memory.sh [path/to/gloomdelve] [seed]
set -euo pipefail
# shellcheck source=tools/xvfb-lib.sh
. "$(dirname "$0")/xvfb-lib.sh"
bin=${1:-target/release/gloomdelve}
seed=${2:-1}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# Plays mode $1 and prints its peak RSS in kB.
peak_kb() {
    local display
    display=$(free_display)
    Xvfb ":$display" -screen 0 1280x800x24 -nolisten tcp 2> /dev/null &
    local server=$!
    sleep 1
    DISPLAY=":$display" XDG_CONFIG_HOME="$work/config-$1" XDG_DATA_HOME="$work/data-$1" \
        /usr/bin/time -f %M -o "$work/peak-$1" \
        "$bin" --seed "$seed" --mode "$1" > /dev/null 2> "$work/log-$1" &
    local game=$!
    sleep 10
    local window
    window=$(DISPLAY=":$display" xdotool search --name gloomdelve | head -1)
    for _ in $(seq 1 15); do
        DISPLAY=":$display" xdotool windowfocus --sync "$window" key x 2> /dev/null || true
        sleep 2
    done
    pkill -TERM -P "$game" 2> /dev/null || true
    wait "$game" 2> /dev/null || true
    kill "$server" 2> /dev/null || true
    wait "$server" 2> /dev/null || true
    tail -1 "$work/peak-$1"
}

delve=$(peak_kb delve)
hunt=$(peak_kb hunt)
echo "delve peak RSS: $((delve / 1024)) MiB"
echo "hunt peak RSS:  $((hunt / 1024)) MiB"
awk -v d="$delve" -v h="$hunt" 'BEGIN { printf "hunt / delve: %.2f\n", h / d }'
