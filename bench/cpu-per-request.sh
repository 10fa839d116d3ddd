#!/usr/bin/env bash
# CPU time the app's Node process spends per cached public list call, for two checkouts served side
# by side (bench/serve.ts in each) and measured alternately: a steadier figure than requests per
# second on a small, shared VM, where wrk and the server compete for two cores.
#   bash bench/cpu-per-request.sh /path/to/base /path/to/change     (ROUNDS=6 SECS=3 by default)
# UNCACHED=1 measures the list on each side's second app, the one with the public cache off.
# Each checkout needs its node_modules (a symlink to this one's will do) and a web build. Prints, per
# round, µs of user+system CPU per request for each side, and for the bare route of the first.
set -euo pipefail
base=$(realpath "$1"); change=$(realpath "$2")
list="/api/public/products/fetchAll?businessName=lotus-handicrafts&pageNo=1&perPage=12"
start() {
  (cd "$1" && NODE_ENV=production PORT=$2 DATA_DIR="$1/.tmp/bench-data" APP_HOSTS="127.0.0.1:$2" PUBLIC_URL="http://127.0.0.1:$2" \
    exec node --import tsx bench/serve.ts >"$1/.tmp/cpu-per-request-$2.log" 2>&1) &
  echo $!
}
mkdir -p "$base/.tmp" "$change/.tmp"
a=$(start "$base" 5090); b=$(start "$change" 5190)
trap 'kill -TERM $a $b 2>/dev/null; wait' EXIT
for port in 5091 5191; do
  for _ in $(seq 1 120); do curl -sf -o /dev/null "http://127.0.0.1:$port/bare-list" && break; sleep 1; done
done
ticks() { awk '{print $14 + $15}' "/proc/$1/stat"; }
per_request() { # pid url -> µs of CPU per request
  local before after n
  before=$(ticks "$1")
  n=$(wrk -t1 -c20 -d"${SECS:-3}"s "$2" | awk '/requests in/ {print $1}')
  after=$(ticks "$1")
  awk -v t=$((after - before)) -v n="$n" -v hz="$(getconf CLK_TCK)" 'BEGIN { printf "%.1f", t * 1e6 / hz / n }'
}
app=0; [ -n "${UNCACHED:-}" ] && app=3
wrk -t1 -c20 -d2s "http://127.0.0.1:$((5090 + app))$list" >/dev/null
wrk -t1 -c20 -d2s "http://127.0.0.1:$((5190 + app))$list" >/dev/null
for _ in $(seq 1 "${ROUNDS:-6}"); do
  echo "base $(per_request "$a" "http://127.0.0.1:$((5090 + app))$list") change $(per_request "$b" "http://127.0.0.1:$((5190 + app))$list") bare $(per_request "$a" "http://127.0.0.1:5091/bare-list")"
done
