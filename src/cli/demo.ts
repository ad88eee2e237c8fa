// dsp demo seed [--scale] [--seed]: store the deterministic demo corpus through the ingestion path
// and write its facts file. The work is domain/corpus/demo.ts; `dsp serve --demo` seeds small once.
import { Command, InvalidArgumentError, Option } from 'commander'
import { createApp } from '../app.ts'
import type { Config } from '../config.ts'
import { DEFAULT_DEMO_SEED, DEMO_SCALES, type DemoScale } from '../corpus/demo/index.ts'
import { findSeededDemo, seedDemoCorpus, type SeedDemoSummary } from '../domain/corpus/demo.ts'
import type { IngestCategory } from '../domain/corpus/prepare.ts'
import type { Deps } from '../domain/types.ts'
import { progressLine, summaryLine } from './ingest.ts'

const seedNumber = (v: string) => {
  const n = Number(v)
  if (!Number.isSafeInteger(n) || n < 0) throw new InvalidArgumentError('a non-negative integer')
  return n
}

/** Seeds with a progress bar per category on a terminal; prints one summary line per category. */
export async function seedWithProgress(
  deps: Deps,
  scale: DemoScale,
  seed: number,
  print: (line: string) => void,
): Promise<SeedDemoSummary> {
  let progress: ReturnType<typeof progressLine> | null = null
  let current: IngestCategory | null = null
  const summary = await seedDemoCorpus(deps, {
    scale,
    seed,
    onCategory: (category, total) => {
      progress?.done()
      current = category
      progress = progressLine(category, total)
    },
    onProgress: (category, p) => {
      if (category === current) progress?.update(p)
    },
  })
  ;(progress as ReturnType<typeof progressLine> | null)?.done()
  for (const s of summary.categories) print(summaryLine(s))
  print(
    `demo corpus ${summary.scale} (seed ${summary.seed}) stored in ${summary.seconds.toFixed(1)} s; facts in ${summary.facts_file}`,
  )
  return summary
}

/** `dsp serve --demo`: seeds the small corpus the first time (nothing seeded yet), else does nothing. */
export async function seedDemoIfEmpty(deps: Deps, print: (line: string) => void): Promise<void> {
  if (await findSeededDemo(deps)) return
  print('Seeding the demo corpus (small, once; about 15 s)…')
  await seedWithProgress(deps, 'small', DEFAULT_DEMO_SEED, print)
}

export function demoCommand(config: () => Readonly<Config>): Command {
  const demo = new Command('demo').description('The deterministic demo corpus')
  demo
    .command('seed')
    .description('Store the demo corpus (all nine categories plus schools) and write its facts file under DSP_DATA_DIR')
    .addOption(new Option('--scale <scale>', 'corpus size').choices(DEMO_SCALES).default('small'))
    .option('--seed <n>', `generator seed (default ${DEFAULT_DEMO_SEED})`, seedNumber, DEFAULT_DEMO_SEED)
    .option('--json', 'print the summary as JSON')
    .action(async (opts: { scale: DemoScale; seed: number; json?: boolean }) => {
      const app = await createApp(config(), { port: 0, logger: false, worker: false })
      try {
        const lines: string[] = []
        const summary = await seedWithProgress(app.deps, opts.scale, opts.seed, (line) => lines.push(line))
        process.stdout.write((opts.json ? JSON.stringify(summary, null, 2) : lines.join('\n')) + '\n')
      } finally {
        await app.close()
      }
    })
  return demo
}
