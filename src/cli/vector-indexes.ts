// The vector indexes prepared before a process takes work (dsp serve before /readyz says ready,
// dsp worker before it claims runs): each category's file loaded, or built once from the store
// and written (domain/corpus/vectors.ts; processes sharing a data dir build each index once).
import type { Deps } from '../domain/types.ts'

/**
 * Every category's vector index, loaded from its file under DSP_DATA_DIR/index (a restart: seconds,
 * the file is mapped or read) or built from the store's vectors and written (a new data dir over a
 * filled store), before /readyz says ready: a process never answers a search by rebuilding. A
 * progress line on a terminal (stderr), one line per category on stdout, the gate's detail for
 * /readyz meanwhile.
 */
export async function prepareVectorIndexes(deps: Deps, print: (line: string) => void): Promise<void> {
  const { ENTITY_CATEGORIES } = await import('../contract/records.ts')
  const tty = process.stderr.isTTY ? process.stderr : null
  let drawnAt = 0
  for (const [i, category] of ENTITY_CATEGORIES.entries()) {
    const step = `${i + 1}/${ENTITY_CATEGORIES.length}`
    // A store that fails now (an outage) leaves the index to load on first use, as searches would.
    const result = await deps.vectors
      .prepare(category, (p) => {
        const what =
          p.phase === 'building'
            ? `building from the store, ${p.applied} vectors read`
            : p.phase === 'waiting'
              ? 'waiting for another process building it'
              : p.phase
        deps.startup = { pending: `vector indexes: ${category} (${step}) ${what}` }
        if (tty && performance.now() - drawnAt > 200) {
          drawnAt = performance.now()
          tty.write(`\r\x1b[Kvector index ${category} (${step}): ${what}`)
        }
      })
      .catch((e: unknown) => {
        deps.log.warn({ category, err: (e as Error).message }, 'vector index not prepared at start; loads on first use')
        return null
      })
    tty?.write('\r\x1b[K')
    if (result === null) continue
    print(
      `vector index ${category.padEnd(16)} ${result.vectors} vectors ` +
        `${result.from === 'file' ? 'loaded from file' : 'built from the store'} in ${result.seconds.toFixed(1)} s`,
    )
  }
}
