#!/usr/bin/env bash
# Every test of the project, from a fresh clone on a Debian machine (README: `npm test`).
# Installs what the tests need, then: lint, typecheck and the web build, the server integration and
# web component tests on the embedded PostgreSQL, and the Playwright journeys in Debian's Chromium
# with, beside them, the version-dependent server tests again on the system PostgreSQL 15 (when one
# answers on 127.0.0.1:5432). Every test runs once; those few run on both servers.
set -euo pipefail
cd "$(dirname "$0")/.."
# Work started in the background (below) does not outlive a failed step, nor the PostgreSQL the
# journeys' seeding started (a fast shutdown; its postmaster.pid names it).
stop_background() {
  kill $(jobs -p) 2>/dev/null || true
  if [ -f .tmp/e2e-seed/pg/postmaster.pid ]; then kill -INT "$(head -1 .tmp/e2e-seed/pg/postmaster.pid)" 2>/dev/null || true; fi
}
trap stop_background EXIT

# Each step prints the time since the start, and the closing lines list every step's duration
# (also in .tmp/phases.txt), so a slower run shows which step grew.
started=$SECONDS
phases=""
phase_name=""
phase_start=$SECONDS
phase() {
  if [ -n "$phase_name" ]; then phases+="$(printf '%5ss  %s' $((SECONDS - phase_start)) "$phase_name")"$'\n'; fi
  phase_name="$1"
  phase_start=$SECONDS
  [ -n "$1" ] && printf '== [%dm%02ds] %s\n' $(((SECONDS - started) / 60)) $(((SECONDS - started) % 60)) "$1"
  return 0
}

# Debian's chromium for the browser journeys, caddy for the TLS front test (tls-front.test.ts) and
# a Java runtime for the Nu HTML checker (e2e/validators.spec.ts runs vnu.jar), in one apt-get call
# and only when one of them is missing.
if [ ! -x /usr/bin/chromium ] || ! command -v caddy >/dev/null || ! command -v java >/dev/null; then
  phase "installing Debian's chromium, caddy and a Java runtime for the browser, TLS front and HTML checker tests"
  if [ "$(id -u)" = 0 ]; then SUDO=""; else SUDO="sudo"; fi
  $SUDO apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $SUDO apt-get install -y -qq chromium fonts-dejavu-core caddy default-jre-headless >/dev/null
fi

if [ -n "${CI:-}" ] || [ ! -d node_modules ]; then
  phase "npm ci"
  npm ci --no-audit --no-fund
fi

# Two at a time on the machine's two cores: tsc checks on one core, so the server, contract and
# journeys are checked in the background while lint, the web typecheck and the web build run here,
# and then beside the first vitest files (its verdict is awaited before the journeys start).
phase "lint, typecheck and the web build"
mkdir -p .tmp
npm run typecheck:server >.tmp/typecheck-server.log 2>&1 &
typecheck_server=$!
npx biome check .
npm run typecheck:web
npm run build

# The fuzz suite replays one seed known to pass, so a landing never hinges on a fresh random draw;
# explore with another: FUZZ_SEED=$RANDOM npx vitest run apps/server/test/fuzz
export FUZZ_SEED="${FUZZ_SEED:-1730662558}"
# 100 cases per route here (the suite's default is 200: `npx vitest run apps/server/test/fuzz`): the fuzz files
# were 293 of Vitest's 651 file-seconds, and CI must stay within its 20 minutes (decision 049).
export FUZZ_RUNS="${FUZZ_RUNS:-100}"

phase "server + web unit/integration tests (embedded PostgreSQL)"
rm -rf .tmp/results && mkdir -p .tmp/results
# The journeys' demo data, made once beside the server tests at low priority (it waits on PostgreSQL
# and draws pictures, on what the tests leave idle): each journey shard starts from a copy of this
# stopped DATA_DIR (E2E_SEED_DIR) instead of seeding its own at start-up (decision 049).
rm -rf .tmp/e2e-seed
DATA_DIR=.tmp/e2e-seed LOG_LEVEL=warn nice -n 10 node --import tsx apps/server/src/cli/main.ts seed-demo >.tmp/e2e-seed.log 2>&1 &
e2e_seed=$!
npx vitest run --reporter=default --reporter=json --outputFile=.tmp/results/vitest.json
if ! wait "$typecheck_server"; then cat .tmp/typecheck-server.log; echo "typecheck failed (tsc -p packages/contract, apps/server, e2e)"; exit 1; fi
if ! wait "$e2e_seed"; then cat .tmp/e2e-seed.log; echo "seeding the journeys' demo data failed"; exit 1; fi
# The journeys' clusters are thrown away too: their commits do not wait for the disk (as the tests').
printf 'fsync = off\nsynchronous_commit = off\nfull_page_writes = off\n' >>.tmp/e2e-seed/pg/postgresql.auto.conf

# The version-dependent files again on the system PostgreSQL 15 (when one answers on 127.0.0.1:5432),
# beside the browser journeys: one worker at low priority, so it runs on what the journeys leave idle
# (their waits, the server's start) and they keep their pace. Its output is shown when both are done.
pg15=""
if pg_isready -h 127.0.0.1 -p 5432 -q 2>/dev/null; then
  echo "== version-dependent server tests again on the system PostgreSQL 15 (127.0.0.1:5432), beside the journeys"
  # Every test ran once above on the embedded PostgreSQL 18. Here only the files whose behaviour
  # depends on the server's version: migrations, the SQL the product JSON and content versions are
  # kept by, search and the directory it serves (planner, text search), the public cache, and the
  # fuzz suite (10 cases per route, so no query turns hostile input into a 5xx here; decision 049).
  # Not multi-node.test.ts: its app processes poll with plain SQL, and its within-a-second checks,
  # run here at low priority beside the journeys, measured the load instead (1.09 s, 2026-11-28).
  FUZZ_RUNS="${FUZZ_RUNS_PG15:-10}" TEST_DATABASE_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}" \
    nice -n 10 npx vitest run --project server --maxWorkers=1 --reporter=default --reporter=json --outputFile=.tmp/results/vitest-pg15.json \
    apps/server/src/db/migrate.test.ts \
    apps/server/src/modules/products/products.test.ts \
    apps/server/src/modules/search/ \
    apps/server/src/modules/directory/directory.test.ts \
    apps/server/src/http/public-cache.test.ts \
    apps/server/test/fuzz >.tmp/results/vitest-pg15.log 2>&1 &
  pg15=$!
fi

# In two shards at once, each with its own server, demo data and Chromium on its own port
# (E2E_PORTS; default E2E_PORT or 5055, and the next port; one port: one run as before). A journey
# spends most of its time waiting on its page and its server, so two share the two cores well.
# Playwright splits the files between the shards; a file's journeys run in order in one shard.
e2e_port="${E2E_PORT:-5055}"
read -r -a e2e_ports <<<"${E2E_PORTS:-$e2e_port $((e2e_port + 1))}"
e2e_shards=${#e2e_ports[@]}
phase "browser journeys (Playwright, /usr/bin/chromium, $e2e_shards at once)"
e2e_runs=()
for shard in $(seq 1 "$e2e_shards"); do
  E2E_PORT=${e2e_ports[$((shard - 1))]} E2E_RESULTS="e2e-$shard" E2E_SEED_DIR=.tmp/e2e-seed \
    npx playwright test -c e2e/playwright.config.ts --shard="$shard/$e2e_shards" >".tmp/results/e2e-$shard.log" 2>&1 &
  e2e_runs+=($!)
done
e2e_status=0
for shard in $(seq 1 "$e2e_shards"); do
  wait "${e2e_runs[$((shard - 1))]}" || e2e_status=$?
  echo "== browser journeys, shard $shard of $e2e_shards"
  cat ".tmp/results/e2e-$shard.log"
done

pg15_status=0
if [ -n "$pg15" ]; then
  phase "waiting for the PostgreSQL 15 pass"
  wait "$pg15" || pg15_status=$?
  echo "== version-dependent server tests on PostgreSQL 15 (ran beside the journeys)"
  cat .tmp/results/vitest-pg15.log
fi
phase ""
echo "== time per step (total $((SECONDS - started)) s)"
printf '%s' "$phases" | tee .tmp/phases.txt
results=(.tmp/results/vitest.json .tmp/results/vitest-pg15.json .tmp/results/e2e-*.json)
if [ "$e2e_status" != 0 ] || [ "$pg15_status" != 0 ]; then
  echo "failed: browser journeys exit $e2e_status, PostgreSQL 15 pass exit $pg15_status"
  node scripts/summarise-tests.mjs "${results[@]}" || true
  exit 1
fi

node scripts/summarise-tests.mjs "${results[@]}"
