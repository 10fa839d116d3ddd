#!/usr/bin/env bash
# Lighthouse (mobile) on the demo business home and a demo product page, with Debian's Chromium.
# Issue 4 targets: performance >= 90, accessibility >= 95, best practices >= 95, SEO 100.
# Run by hand only (it downloads lighthouse@12 through npx); not part of `npm test`, `npm run bench` or CI.
#
#   npm run build && bash bench/lighthouse.sh            # starts its own server with demo data on :5066
#   BASE_URL=http://localhost:5004 bash bench/lighthouse.sh   # or measure a server that is already running
set -euo pipefail
cd "$(dirname "$0")/.."

port=5066
base="${BASE_URL:-}"
out=".tmp/lighthouse"
mkdir -p "$out"

if [[ -z "$base" ]]; then
  data=".tmp/lighthouse-data"
  rm -rf "$data"
  NODE_ENV=production PORT=$port DATA_DIR="$data" APP_HOSTS="localhost:$port" PUBLIC_URL="http://localhost:$port" LOG_LEVEL=warn \
    node --import tsx apps/server/src/main.ts >"$out/server.log" 2>&1 &
  server=$!
  trap 'kill "$server" 2>/dev/null; wait "$server" 2>/dev/null || true' EXIT
  base="http://localhost:$port"
  for _ in $(seq 1 120); do curl -fs "$base/healthz" >/dev/null && break; sleep 1; done
fi

home="$base/lotus-handicrafts/home"
# The first product link on the listing page is a demo product page.
product="$base$(curl -fs "$base/lotus-handicrafts/products" | grep -o '/lotus-handicrafts/products/[A-Za-z0-9=_-]*' | head -1)"

export CHROME_PATH="${CHROME_PATH:-/usr/bin/chromium}"
for url in "$home" "$product"; do
  name=$(basename "$(dirname "$url")")-$(basename "$url" | cut -c1-12)
  ${LIGHTHOUSE:-npx --yes lighthouse@12} "$url" \
    --form-factor=mobile --screenEmulation.mobile --throttling-method=simulate \
    --only-categories=performance,accessibility,best-practices,seo \
    --chrome-flags="--headless=new --no-sandbox --disable-gpu" \
    --output=json --output=html --output-path="$out/$name" --quiet
  node -e '
    const r = require(process.argv[1]);
    const s = Object.fromEntries(Object.entries(r.categories).map(([k, v]) => [k, Math.round(v.score * 100)]));
    console.log(process.argv[2], JSON.stringify(s));
  ' "$(pwd)/$out/$name.report.json" "$url"
done
