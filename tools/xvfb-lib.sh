# Shared by the scripts that measure the game under Xvfb: source it.

# A free X display number.
free_display() {
    local n=90
    while [ -e "/tmp/.X$n-lock" ]; do n=$((n + 1)); done
    echo "$n"
}

# The median of the frame times (ms) logged between the lines matching $2
# and $3 in log $1, skipping the first two seconds after the start line.
median_between() {
    awk -v from="$2" -v to="$3" '
        $0 ~ from { on = 1; skip = 2; next }
        $0 ~ to { on = 0 }
        on && /frame_time/ {
            if (skip > 0) { skip--; next }
            for (i = 1; i <= NF; i++) if ($i ~ /^[0-9.]+ms$/) { sub(/ms/, "", $i); print $i; break }
        }' "$1" | sort -n | awk '{ v[NR] = $1 } END { if (NR) print v[int((NR + 1) / 2)]; else print "none" }'
}
