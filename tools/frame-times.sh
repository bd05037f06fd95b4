#!/usr/bin/env bash
# Frame times under Xvfb (llvmpipe): the game idle, against the game while a
# fight animates. The fight is a bot's game replayed in the window (moves,
# blows, deaths and digs, an action every 60 ms); the idle frames are those
# after the replay ends. Prints the median of the per-second frame times that
# `--frame-times` logs, for animated play, for the same replay with Reduce
# motion on, and for idle, with the ratios.
#
#   tools/frame-times.sh [path/to/gloomdelve] [seed] [turns]
set -euo pipefail
# shellcheck source=tools/xvfb-lib.sh
. "$(dirname "$0")/xvfb-lib.sh"
bin=${1:-target/release/gloomdelve}
seed=${2:-3}
turns=${3:-500}
work=$(mktemp -d)
[ -n "${KEEP_LOGS:-}" ] || trap 'rm -rf "$work"' EXIT; echo "logs in $work" >&2

"$bin" sim --seed "$seed" --turns "$turns" --record "$work/fight.ron" > /dev/null

# Plays the replay with `reduce_motion` set to $1, logs to $2; idles 12 s
# after it ends. Its own Xvfb, so that killing the game kills nothing else.
play() {
    local config="$work/config-$1" display
    display=$(free_display)
    mkdir -p "$config/gloomdelve"
    echo "(reduce_motion: $1)" > "$config/gloomdelve/settings.ron"
    Xvfb ":$display" -screen 0 1280x800x24 -nolisten tcp 2> /dev/null &
    local server=$!
    sleep 1
    DISPLAY=":$display" XDG_CONFIG_HOME="$config" XDG_DATA_HOME="$work/data-$1" \
        "$bin" --replay "$work/fight.ron" --frame-times > /dev/null 2> "$2" &
    local game=$!
    for _ in $(seq 1 600); do
        grep -q "replay finished" "$2" && break
        sleep 0.5
    done
    sleep 12
    kill "$game" 2> /dev/null || true
    wait "$game" 2> /dev/null || true
    kill "$server" 2> /dev/null || true
    wait "$server" 2> /dev/null || true
}

play false "$work/animated.log"
play true "$work/reduced.log"
animated=$(median_between "$work/animated.log" "The cave is drawn" "replay finished")
reduced=$(median_between "$work/reduced.log" "The cave is drawn" "replay finished")
idle=$(median_between "$work/animated.log" "replay finished" "NEVER")
echo "median frame time (ms): fight animating $animated, same fight with Reduce motion $reduced, idle $idle"
awk -v a="$animated" -v r="$reduced" -v i="$idle" 'BEGIN {
    printf "animating / idle = %.2f, reduced / idle = %.2f, animating / reduced = %.2f\n", a / i, r / i, a / r }'
