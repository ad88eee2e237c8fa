// dsp demo seed [--scale] [--seed]: store the deterministic demo corpus through the ingestion path
// and write its facts file. The work is domain/corpus/demo.ts; `dsp serve --demo` seeds small once.
import { Command, InvalidArgumentError, Option } from 'commander'
import type { Config } from '../config.ts'
import { DEMO_SCALES, type DemoScale } from '../corpus/demo/context.ts'
import type { SeedDemoSummary } from '../domain/corpus/demo.ts'
import type { IngestCategory } from '../contract/records.ts'
import type { Deps } from '../domain/types.ts'
import { progressLine, summaryLine } from './ingest-output.ts'

const seedNumber = (v: string) => {
  const n = Number(v)
  if (!Number.isSafeInteger(n) || n < 0) throw new InvalidArgumentError('a non-negative integer')
  return n
}

/**
 * Seeds with a progress bar per category on a terminal; prints one summary line per category.
 * `onStatus` hears where the seed is ("company 3/10, 40 %"), for readiness while it runs.
 */
export async function seedWithProgress(
  deps: Deps,
  scale: DemoScale,
  seed: number,
  print: (line: string) => void,
  onStatus?: (status: string) => void,
  limit?: number,
  bulk?: boolean,
): Promise<SeedDemoSummary> {
  const { seedDemoCorpus } = await import('../domain/corpus/demo.ts')
  let progress: ReturnType<typeof progressLine> | null = null
  let current: IngestCategory | null = null
  let index = 0
  let total = 0
  let lastStatus = ''
  const status = (s: string) => {
    if (s !== lastStatus) onStatus?.((lastStatus = s))
  }
  const summary = await seedDemoCorpus(deps, {
    scale,
    seed,
    limit,
    bulk,
    onBulkPhase: (category, p) => {
      if (category === current) progress?.phase(p)
    },
    onCategory: (category, count) => {
      progress?.done()
      current = category
      total = count
      index++
      progress = progressLine(category, { total: count })
      status(`${category} (category ${index}), 0 %`)
    },
    onProgress: (category, p) => {
      if (category !== current) return
      progress?.update(p)
      if (total > 0) status(`${category} (category ${index}), ${Math.min(100, Math.floor((100 * p.read) / total))} %`)
    },
  })
  ;(progress as ReturnType<typeof progressLine> | null)?.done()
  for (const s of summary.categories) print(summaryLine(s))
  print(
    `demo corpus ${summary.scale} (seed ${summary.seed}${limit === undefined ? '' : `, first ${limit} of each category`}) stored in ${summary.seconds.toFixed(1)} s; ` +
      (summary.facts_file ? `facts in ${summary.facts_file}` : 'no facts file (they hold for the whole corpus)'),
  )
  return summary
}

/** `dsp serve --demo`: seeds the small corpus the first time (nothing seeded yet), else does nothing. */
export async function seedDemoIfEmpty(
  deps: Deps,
  print: (line: string) => void,
  onStatus?: (status: string) => void,
): Promise<void> {
  const [{ findSeededDemo }, { DEFAULT_DEMO_SEED }] = await Promise.all([
    import('../domain/corpus/demo.ts'),
    import('../corpus/demo/index.ts'),
  ])
  if (await findSeededDemo(deps)) return
  print('Seeding the demo corpus (small, once)…')
  await seedWithProgress(deps, 'small', DEFAULT_DEMO_SEED, print, onStatus)
}

/** DEFAULT_DEMO_SEED (corpus/demo/index.ts, not loaded for `dsp --help`); test/unit/cli.test.ts checks they agree. */
export const HELP_DEFAULT_SEED = 42

export function demoCommand(config: () => Readonly<Config>): Command {
  const demo = new Command('demo').description('The deterministic demo corpus')
  demo
    .command('seed')
    .description('Store the demo corpus (all nine categories plus schools) and write its facts file under DSP_DATA_DIR')
    .addOption(new Option('--scale <scale>', 'corpus size').choices(DEMO_SCALES).default('small'))
    .option('--seed <n>', `generator seed, a non-negative integer (default: ${HELP_DEFAULT_SEED})`, seedNumber)
    .option('--limit <n>', 'store only the first n records of each category (no facts file)', seedNumber)
    .option(
      '--bulk',
      'load each category as a bulk first load (indexes built at the end, COPY on PostgreSQL; stopped, the same command goes on where it stopped): for --scale large',
    )
    .option('--json', 'print the summary as JSON')
    .action(async (opts: { scale: DemoScale; seed?: number; limit?: number; json?: boolean; bulk?: boolean }) => {
      const [{ createApp }, { DEFAULT_DEMO_SEED }] = await Promise.all([
        import('../app.ts'),
        import('../corpus/demo/index.ts'),
      ])
      const app = await createApp(config(), { port: 0, logger: false, worker: false })
      try {
        const lines: string[] = []
        const summary = await seedWithProgress(
          app.deps,
          opts.scale,
          opts.seed ?? DEFAULT_DEMO_SEED,
          (line) => lines.push(line),
          undefined,
          opts.limit,
          opts.bulk,
        )
        process.stdout.write((opts.json ? JSON.stringify(summary, null, 2) : lines.join('\n')) + '\n')
      } catch (e) {
        // A refusal (a bulk load of another input unfinished in a category): why, and what to do.
        const { ApiError } = await import('../errors.ts')
        if (!(e instanceof ApiError)) throw e
        process.stderr.write(`dsp demo seed: ${e.detail}\n`)
        process.exitCode = 2
      } finally {
        await app.close()
      }
    })
  return demo
}
