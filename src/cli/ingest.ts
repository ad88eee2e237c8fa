// dsp ingest --category <c> <file.jsonl|->: stream NDJSON records into the configured store, with a
// progress line on a terminal and a final summary. The work is domain/corpus/ingest.ts.
import { createReadStream } from 'node:fs'
import path from 'node:path'
import { Command, InvalidArgumentError, Option } from 'commander'
import { createApp } from '../app.ts'
import type { Config } from '../config.ts'
import { ingestLines, readLines, type IngestProgress, type IngestSummary } from '../domain/corpus/ingest.ts'
import { INGEST_CATEGORIES, type IngestCategory } from '../domain/corpus/prepare.ts'

const fmt = (n: number) => n.toLocaleString('en-US')

/**
 * A one-line progress display, redrawn in place at most 5 times a second, only when stderr is a
 * terminal (a pipe or a log file gets the final summary alone).
 */
export function progressLine(label: string, total?: number) {
  const isTty = Boolean(process.stderr.isTTY)
  const started = performance.now()
  let drawnAt = 0
  let drawn = false
  return {
    update(p: IngestProgress, force = false) {
      if (!isTty) return
      const now = performance.now()
      if (!force && now - drawnAt < 200) return
      drawnAt = now
      const rate = p.read / Math.max((now - started) / 1000, 0.001)
      let bar = ''
      if (total) {
        const share = Math.min(1, p.read / total)
        const width = 24
        bar = `[${'#'.repeat(Math.round(share * width)).padEnd(width, '.')}] ${Math.floor(share * 100)}% `
      }
      const rejected = p.rejected > 0 ? ` · ${fmt(p.rejected)} rejected` : ''
      process.stderr.write(
        `\r${label.padEnd(16)} ${bar}${fmt(p.read)} read · ${fmt(Math.round(rate))}/s${rejected}\x1b[K`,
      )
      drawn = true
    },
    done() {
      if (drawn) process.stderr.write('\r\x1b[K')
    },
  }
}

export function summaryLine(s: IngestSummary): string {
  const rejects = s.reject_file ? ` · rejects in ${s.reject_file}` : ''
  const dry = s.dry_run ? ' (dry run: nothing written)' : ''
  return (
    `${s.category.padEnd(16)} read ${fmt(s.read)} · inserted ${fmt(s.inserted)} · updated ${fmt(s.updated)} · ` +
    `unchanged ${fmt(s.unchanged)} · duplicate ${fmt(s.duplicate)} · rejected ${fmt(s.rejected)} · ` +
    `${s.seconds.toFixed(1)} s · ${fmt(s.records_per_second)} records/s${rejects}${dry}`
  )
}

const positiveInt = (v: string) => {
  const n = Number(v)
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('a positive integer')
  return n
}

const date = (v: string) => {
  const d = new Date(v)
  if (Number.isNaN(d.getTime())) throw new InvalidArgumentError('a date such as 2025-06-01 or 2025-06-01T12:00:00Z')
  return d
}

interface IngestCliOptions {
  category: IngestCategory
  rejects?: string
  asOf?: Date
  batchSize?: number
  json?: boolean
}

export function ingestCommand(config: () => Readonly<Config>): Command {
  return new Command('ingest')
    .description('Ingest NDJSON records of one category (idempotent; bad lines go to a reject file)')
    .addOption(new Option('--category <category>', 'record category').choices(INGEST_CATEGORIES).makeOptionMandatory())
    .argument('<file>', 'NDJSON file (one JSON object per line), or - for standard input')
    .option(
      '--rejects <file>',
      'reject file (default <file>.rejects.jsonl; for stdin DSP_DATA_DIR/rejects/<category>.rejects.jsonl)',
    )
    .option('--as-of <date>', 'how fresh the data is (default now)', date)
    .option('--batch-size <n>', 'records per statement (default 500)', positiveInt)
    .option('--json', 'print the summary as JSON')
    .action(async (file: string, opts: IngestCliOptions) => {
      const c = config()
      const rejectFile =
        opts.rejects ??
        (file === '-'
          ? path.join(c.DSP_DATA_DIR, 'rejects', `${opts.category}.rejects.jsonl`)
          : `${file}.rejects.jsonl`)
      const input = file === '-' ? process.stdin : createReadStream(file)
      const app = await createApp(c, { port: 0, logger: false, worker: false })
      const progress = progressLine(opts.category)
      try {
        const summary = await ingestLines(app.deps, opts.category, readLines(input), {
          rejectFile,
          asOf: opts.asOf,
          batchSize: opts.batchSize,
          onProgress: (p) => progress.update(p),
        })
        progress.done()
        process.stdout.write((opts.json ? JSON.stringify(summary, null, 2) : summaryLine(summary)) + '\n')
      } finally {
        progress.done()
        await app.close()
      }
    })
}
