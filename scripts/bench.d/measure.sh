# What the bench scripts measure the same way; sourced, not run.

# x / y to two decimals.
ratio() { awk -v x="$1" -v y="$2" 'BEGIN { printf "%.2f", x / y }'; }

# The median of numbers given one per word on stdin.
median() { tr ' ' '\n' | grep . | sort -n | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'; }

# The CPU time a process has used, user and system, in clock ticks (/proc/PID/stat fields 14, 15).
cpu_ticks() { awk '{print $14 + $15}' /proc/$1/stat; }

# Microseconds of CPU each request cost: ticks used during a load, and wrk's output of that load.
# Its kernel work included, and unlike req/s it does not move with how much of the cores wrk took.
cpu_per_request() {
    awk -v t="$1" -v hz="$(getconf CLK_TCK)" '/requests in/ { printf "%.1f", t / hz * 1e6 / $1 }' <<<"$2"
}

# The peak RSS of a process since the last reset, in MiB: the per-connection memory of 256
# connections shows in it.
peak_rss() { awk '/VmHWM/ {printf "%.1f", $2 / 1024}' /proc/$1/status; }

# Starts the peak over from the memory the process holds now (Linux: 5 in clear_refs), so that each
# load's peak is its own and not one an earlier load left.
reset_peak_rss() { echo 5 >/proc/$1/clear_refs; }

# Waits until the process has used no CPU for a tenth of a second (30 s at most): a load that left
# requests queued behind it (a page that takes long to draw, past wrk's timeout) finishes them
# before the next load, whose CPU a request they would otherwise swell.
wait_idle() {
    local last now
    last=$(cpu_ticks "$1")
    for _ in $(seq 300); do
        sleep 0.1
        now=$(cpu_ticks "$1")
        [ "$now" = "$last" ] && return 0
        last=$now
    done
}
