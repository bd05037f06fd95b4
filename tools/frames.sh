#!/usr/bin/env bash
# Median frame times under Xvfb (llvmpipe), one program after another in
# one run: the frames bench (a bare Bevy app with the game's features
# drawing 1,000 sprites at 1280x800, benches/frames.rs) as the floor, then
# the game on the delve and on the 600x600 hunt, each idle and walking
# (auto-explore, `x`, pressed every second). Prints each median from the
# per-second `--frame-times` log and its ratio to the floor.
#
#   tools/frames.sh [path/to/gloomdelve] [path/to/frames-bench] [seconds]
#
# The frames bench binary: `cargo bench -p gloomdelve-bench --bench frames
# --no-run` prints its path.
set -euo pipefail
# shellcheck source=tools/xvfb-lib.sh
. "$(dirname "$0")/xvfb-lib.sh"
game=${1:-target/release/gloomdelve}
bench=${2:?the frames bench binary (cargo bench -p gloomdelve-bench --bench frames --no-run)}
seconds=${3:-20}
work=$(mktemp -d)
[ -n "${KEEP_LOGS:-}" ] || trap 'rm -rf "$work"' EXIT; echo "logs in $work" >&2

# Runs "$@" on its own Xvfb for $seconds after it logs $ready, logging to
# $log; with $walk set, presses x every second in its window.
measure() {
    local log=$1 ready=$2 walk=$3 display
    shift 3
    display=$(free_display)
    Xvfb ":$display" -screen 0 1280x800x24 -nolisten tcp 2> /dev/null &
    local server=$!
    sleep 1
    DISPLAY=":$display" XDG_CONFIG_HOME="$work/config" XDG_DATA_HOME="$work/data-$log" \
        FRAMES_SECONDS=$((seconds + 30)) "$@" > /dev/null 2> "$work/$log" &
    local program=$!
    for _ in $(seq 1 120); do
        grep -q "$ready" "$work/$log" && break
        sleep 0.5
    done
    local window
    window=$(DISPLAY=":$display" xdotool search --name gloomdelve | head -1)
    for _ in $(seq 1 "$seconds"); do
        if [ -n "$walk" ]; then
            DISPLAY=":$display" xdotool windowfocus --sync "$window" key x 2> /dev/null || true
        fi
        sleep 1
    done
    echo "measured" >> "$work/$log"
    kill "$program" 2> /dev/null || true
    wait "$program" 2> /dev/null || true
    kill "$server" 2> /dev/null || true
    wait "$server" 2> /dev/null || true
    median_between "$work/$log" "$ready" "measured"
}

floor=$(measure bare "The sprites are drawn" "" "$bench")
delve_idle=$(measure delve-idle "The cave is drawn" "" "$game" --seed 1 --mode delve --frame-times)
delve_walk=$(measure delve-walk "The cave is drawn" yes "$game" --seed 1 --mode delve --frame-times)
hunt_idle=$(measure hunt-idle "The cave is drawn" "" "$game" --seed 1 --mode hunt --frame-times)
hunt_walk=$(measure hunt-walk "The cave is drawn" yes "$game" --seed 1 --mode hunt --frame-times)
echo "| run | median frame (ms) | vs bare app |"
echo "|---|---|---|"
for row in "bare app, 1,000 sprites:$floor" "delve, idle:$delve_idle" "delve, walking:$delve_walk" \
    "hunt, idle:$hunt_idle" "hunt, walking:$hunt_walk"; do
    name=${row%%:*}
    ms=${row##*:}
    awk -v n="$name" -v m="$ms" -v f="$floor" 'BEGIN { printf "| %s | %s | %.2f× |\n", n, m, m / f }'
done
