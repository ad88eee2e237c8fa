// dsp ingest --category <c> <file|->: stream NDJSON, JSON-array or CSV records (gzip or not, with
// an optional mapping file) into the configured store, with a progress line on a terminal and a
// final summary. The work is domain/corpus/ingest.ts, formats.ts and mapping*.ts.
import { createHash } from 'node:crypto'
import { createReadStream, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { Command, InvalidArgumentError, Option } from 'commander'
import type { Config } from '../config.ts'
import type { BulkLoadPhase } from '../domain/corpus/bulk-load.ts'
import { INGEST_CATEGORIES } from './categories.ts'
import type { InputFormat } from '../domain/corpus/formats.ts'
import { mappingBlock, progressLine, report, type IngestCliOptions } from './ingest-output.ts'

/** domain/corpus/formats.ts's INPUT_FORMATS (the module loads only when an ingest runs). */
const FORMATS = ['auto', 'ndjson', 'json', 'csv', 'tsv'] as const satisfies readonly InputFormat[]
const everyFormatListed: Exclude<InputFormat, (typeof FORMATS)[number]> extends never ? true : false = true
void everyFormatListed

const positiveInt = (v: string) => {
  const n = Number(v)
  if (!Number.isInteger(n) || n < 1) throw new InvalidArgumentError('a positive integer')
  return n
}

/** A date option (--as-of): what `new Date` reads, or commander's error saying what it takes. */
export const date = (v: string) => {
  const d = new Date(v)
  if (Number.isNaN(d.getTime())) throw new InvalidArgumentError('a date such as 2025-06-01 or 2025-06-01T12:00:00Z')
  return d
}

const nonNegativeInt = (v: string) => {
  const n = Number(v)
  if (!Number.isInteger(n) || n < 0) throw new InvalidArgumentError('a whole number, 0 or more')
  return n
}

export function ingestCommand(config: () => Readonly<Config>): Command {
  return new Command('ingest')
    .description(
      'Ingest records of one category from NDJSON, a JSON array or CSV, gzip or not (idempotent; bad lines go to a reject file)',
    )
    .addOption(new Option('--category <category>', 'record category').choices(INGEST_CATEGORIES).makeOptionMandatory())
    .argument('<file>', 'the input file (.jsonl, .json, .csv, optionally .gz), or - for standard input')
    .addOption(
      new Option('--format <format>', 'input format (auto: detected from the first bytes)')
        .choices(FORMATS)
        .default('auto'),
    )
    .option('--mapping <file>', 'mapping file (JSON): which column is which field and how to read it')
    .option(
      '--map <field=column>',
      'read a field from a column or JSON key, e.g. account_name=Security (repeatable; the other columns are still recognised)',
      (pair: string, pairs: string[]) => [...pairs, pair],
      [] as string[],
    )
    .option(
      '--delimiter <char>',
      'CSV field delimiter (default: , or, when the header holds no comma, its ; tab or |; a tab for --format tsv)',
    )
    .option('--dry-run', 'validate and report what would be inserted, updated or rejected; write nothing')
    .option('--max-rejects <n>', 'rejected and duplicate lines tolerated before the exit code is 1', nonNegativeInt, 0)
    .option(
      '--rejects <file>',
      'reject file (default <file>.rejects.jsonl; for stdin DSP_DATA_DIR/rejects/<category>.rejects.jsonl)',
    )
    .option('--as-of <date>', 'how fresh the data is (default now)', date)
    .option('--batch-size <n>', 'records per statement (default 500)', positiveInt)
    .option('--json', 'print the summary as JSON')
    .option(
      '--strict',
      'reject a line with a cell that cannot be read (default: an optional value is left out and the line stored, with a warning)',
    )
    .option(
      '--relation-key <column>',
      "persons, one row per relation: the column holding the person's key (the rows of one key make one record)",
    )
    .option('--relation-type <column>', 'persons, one row per relation: the column holding the relation type')
    .option(
      '--relation <type=kind>',
      'where a relation type goes: employment, education or ignore (repeatable; default employment=employment education=education; other types are ignored and counted)',
      (pair: string, pairs: string[]) => [...pairs, pair],
      [] as string[],
    )
    .option('--replace', "also remove the stored records of the input's sources that it no longer sends")
    .option('--source <name>', 'with --replace: the source replaced (its source_ids are <name>:…)')
    .option(
      '--bulk',
      'a first load: indexes of empty tables built once at the end, COPY on PostgreSQL; stopped at any point, the same command goes on where it stopped (the default for a file into an empty category when the command writes the store itself)',
    )
    .option('--no-bulk', 'the ordinary ingest, also into an empty category')
    .action(async (file: string, opts: IngestCliOptions) => {
      const c = config()
      const { commandTarget } = await import('./running-server.ts')
      const target = commandTarget(c, 'dsp ingest')
      if (target === undefined) return
      if (opts.bulk && (file === '-' || target)) {
        process.stderr.write(
          `dsp ingest: --bulk ${file === '-' ? 'needs a file (a load is resumed by its hash), not standard input' : 'writes the store itself: stop the server on this data dir first'}\n`,
        )
        process.exitCode = 2
        return
      }
      const rejectFile =
        opts.rejects ??
        (file === '-'
          ? path.join(c.DSP_DATA_DIR, 'rejects', `${opts.category}.rejects.jsonl`)
          : `${file}.rejects.jsonl`)
      const { MappingError, parseMapping, relationsOf } = await import('../domain/corpus/mapping.ts')
      const { parseRenames } = await import('../domain/corpus/mapping-renames.ts')
      let mapping = null
      let renames: Record<string, string> = {}
      try {
        renames = parseRenames(opts.category, opts.map ?? [])
      } catch (e) {
        if (!(e instanceof MappingError)) throw e
        process.stderr.write(`dsp ingest: ${e.message}\n`)
        process.exitCode = 2
        return
      }
      if (opts.mapping) {
        try {
          mapping = parseMapping(opts.category, JSON.parse(readFileSync(opts.mapping, 'utf8')))
        } catch (e) {
          if (e instanceof MappingError || e instanceof SyntaxError) {
            process.stderr.write(`dsp ingest: mapping ${opts.mapping}: ${e.message}\n`)
            process.exitCode = 2
            return
          }
          throw e
        }
      }
      let relations = null
      try {
        relations = relationsOf(opts.category, mapping, {
          key: opts.relationKey,
          type: opts.relationType,
          pairs: opts.relation,
        })
      } catch (e) {
        if (!(e instanceof MappingError)) throw e
        process.stderr.write(`dsp ingest: ${e.message}\n`)
        process.exitCode = 2
        return
      }
      const bulkKey = opts.bulk ? await inputKey(file, opts) : undefined
      const input = file === '-' ? process.stdin : createReadStream(file)
      if (target) {
        const { ingestThroughServer } = await import('./ingest-remote.ts')
        await ingestThroughServer(target, file, input, opts, report)
        return
      }
      // The store opens (in its own thread when embedded) and the embedder loads while the ingest's
      // modules load and the input's first bytes are read: no HTTP server is built for a command.
      const store = (await import('../open-store.ts')).openConfiguredStore(c)
      store.catch(() => undefined)
      const { openDeps } = await import('../deps.ts')
      const opening = openDeps(c, {
        port: 0,
        logger: false,
        command: true,
        warmEmbedder: opts.category !== 'school',
        store,
      })
      opening.catch(() => undefined)
      const [{ ingestLive }, { openInput, InputError }, { ApiError }] = await Promise.all([
        import('../domain/corpus/replace.ts'),
        import('../domain/corpus/formats.ts'),
        import('../errors.ts'),
      ])
      let opened: Awaited<ReturnType<typeof openInput>>
      try {
        opened = await openInput(input, opts.category, {
          format: opts.format,
          mapping,
          delimiter: opts.delimiter,
          renames,
          relations,
          strict: opts.strict,
        })
      } catch (e) {
        await (await opening.catch(() => null))?.close()
        throw e
      }
      const app = await opening
      const progress = progressLine(opts.category, { total: file === '-' ? undefined : statSync(file).size })
      const bytesRead = () => ('bytesRead' in input ? input.bytesRead : undefined)
      let mappingShown = false
      // The mapping is known once the header is read: printed before the first record is stored.
      const showMapping = () => {
        if (mappingShown) return
        mappingShown = true
        process.stderr.write(
          mappingBlock(
            `${opened.format}${opened.gzip ? ', gzip' : ''}`,
            opened.mapping(),
            opened.ignored(),
            opened.warnings(),
            !!opts.mapping,
          ),
        )
      }
      async function* shown() {
        for await (const item of opened.items) {
          showMapping()
          yield item
        }
      }
      try {
        const summary = await ingestLive(app.deps, opts.category, shown(), {
          rejectFile,
          asOf: opts.asOf,
          batchSize: opts.batchSize,
          dryRun: opts.dryRun,
          replace: opts.replace,
          source: opts.source,
          onProgress: (p) => progress.update(p, bytesRead()),
          ...(bulkKey ? { bulk: { key: bulkKey, input: path.resolve(file) } } : {}),
          // No choice made: a file into an empty category is a bulk load (docs/ingest-bulk.md §1, "Automatic").
          ...(opts.bulk === undefined && file !== '-' && statSync(file).size >= c.DSP_AUTO_BULK_MIN_BYTES
            ? { autoBulk: { key: () => inputKey(file, opts), input: path.resolve(file) } }
            : {}),
          onBulkPhase: (p: BulkLoadPhase) => progress.phase(p),
        })
        progress.done()
        report(
          {
            ...summary,
            format: opened.format,
            mapping: opened.mapping(),
            ignored_columns: opened.ignored(),
            warnings: opened.warnings(),
            ...(opened.relations() ? { relations: opened.relations()! } : {}),
          },
          opts,
        )
      } catch (e) {
        if (!(e instanceof InputError || e instanceof ApiError)) throw e
        progress.done()
        const said = e instanceof ApiError ? e.detail : e.message
        // A bulk load keeps what it committed before the input broke: say how it goes on.
        const resume =
          e instanceof InputError && bulkKey
            ? ` The load keeps the batches it committed: run this command again on the whole file to go on, or end it there with \`dsp bulk-loads finish ${opts.category}\`.`
            : ''
        process.stderr.write(`dsp ingest: ${file}: ${said}${resume}\n`)
        process.exitCode = 2
      } finally {
        progress.done()
        await app.close()
      }
    })
}

/**
 * What names a bulk load's input: the file's bytes and every option that shapes its items (format,
 * mapping, renames, delimiter, relations, strictness, as-of). The same command started again has
 * the same key and resumes; any change makes another load.
 */
async function inputKey(file: string, opts: IngestCliOptions): Promise<string> {
  const hash = createHash('sha256')
  for await (const chunk of createReadStream(file)) hash.update(chunk as Buffer)
  const shaping = {
    category: opts.category,
    format: opts.format,
    mapping: opts.mapping ? readFileSync(opts.mapping, 'utf8') : null,
    map: opts.map ?? [],
    delimiter: opts.delimiter ?? null,
    strict: opts.strict === true,
    relations: [opts.relationKey ?? null, opts.relationType ?? null, opts.relation ?? []],
    as_of: opts.asOf?.toISOString() ?? null,
  }
  return `sha256:${hash.digest('hex')}:${createHash('sha256').update(JSON.stringify(shaping)).digest('hex').slice(0, 16)}`
}
