#!/usr/bin/env node
// The `dsp` command. Runs the compiled JavaScript (dist/, written by `npm run build`) when it is
// there and not older than the TypeScript beside it; otherwise, in a clone with the dev
// dependencies, the TypeScript source through tsx's loader (development).
import { existsSync, readdirSync, statSync } from 'node:fs'
import { fileURLToPath } from 'node:url'

const root = fileURLToPath(new URL('../', import.meta.url))
const compiled = root + 'dist/cli/main.js'
const stamp = root + 'dist/.build-stamp'
const source = root + 'src/'

/** Newest modification time under a directory (ms), 0 if it is not there. */
function newest(dir) {
  let latest = 0
  let entries
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch {
    return 0
  }
  for (const e of entries) {
    const full = dir + e.name
    latest = Math.max(latest, e.isDirectory() ? newest(full + '/') : statSync(full).mtimeMs)
  }
  return latest
}

const built = existsSync(compiled) && existsSync(stamp)
// A packed or production install has no src/: the build is all there is.
const stale = built && existsSync(source) && newest(source) > statSync(stamp).mtimeMs

if (built && !stale) {
  await import(compiled)
} else {
  let register
  try {
    ;({ register } = await import('tsx/esm/api'))
  } catch {
    process.stderr.write(
      built
        ? 'dsp: the build in dist/ is older than src/ and tsx (a dev dependency) is not installed: run `npm run build`\n'
        : 'dsp: no build in dist/ and tsx (a dev dependency) is not installed: run `npm run build` in a full install\n',
    )
    process.exit(1)
  }
  register()
  await import('../src/cli/main.ts')
}
