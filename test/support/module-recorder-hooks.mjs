// Module resolution hooks of module-recorder.mjs (they run on the loader thread).
import { appendFileSync } from 'node:fs'

let file = null

export function initialize(data) {
  file = data.file
}

export async function resolve(specifier, context, next) {
  const resolved = await next(specifier, context)
  if (file) appendFileSync(file, `${resolved.url}\n`)
  return resolved
}
