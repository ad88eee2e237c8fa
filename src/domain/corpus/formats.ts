// Input formats of an ingest (docs/ingest-formats.md §1): NDJSON, a JSON array, or CSV (csv-parse,
// streaming), each gzip-compressed or not, detected from the first bytes unless named. A CSV
// header, or a mapping file, decides which column is which field (mapping*.ts).
import { Readable } from 'node:stream'
import { createGunzip } from 'node:zlib'
import { parse as parseCsv } from 'csv-parse'
import streamArray from 'stream-json/streamers/stream-array.js'
import { readLines } from '../../lines.ts'
import type { Item } from './ingest-item.ts'
import type { Mapping } from './mapping.ts'
import { applyMapping } from './mapping-apply.ts'
import { describeMapping, inHeaderOrder, recogniseHeader } from './mapping-header.ts'
import { headerWarnings, identifierFields } from './mapping-identity.ts'
import { renameKeys, withRenames } from './mapping-renames.ts'
import { type IngestCategory, RecordSchemas } from '../../contract/records.ts'
import {
  emptyCounts,
  gatherRelations,
  relationShapeWarning,
  type RelationCounts,
  type RelationRow,
  type RelationRule,
} from './relations.ts'

export const INPUT_FORMATS = ['auto', 'ndjson', 'json', 'csv', 'tsv'] as const
export type InputFormat = (typeof INPUT_FORMATS)[number]

export type InputItem = Item

export interface OpenedInput {
  format: Exclude<InputFormat, 'auto'>
  gzip: boolean
  items: AsyncIterable<InputItem>
  /** The mapping in effect once the first item was read (`column → field`), null when records are taken as they are. */
  mapping: () => Record<string, string> | null
  /** Columns of a CSV header no field took. */
  ignored: () => string[]
  /** What a header recognised without a mapping file leaves out (`headerWarnings`), and a long file's shape. */
  warnings: () => string[]
  /** What gathering a long file's rows did; null without relations. */
  relations: () => RelationCounts | null
}

export interface OpenOptions {
  format?: InputFormat
  mapping?: Mapping | null
  /** CSV field delimiter (default `,`; `\t` for tsv). */
  delimiter?: string
  maxBytes?: number
  tooLarge?: () => Error
  /** Fields read from a named column or key (`--map field=column`), over the mapping or the recognised header. */
  renames?: Record<string, string>
  /** One row per relation, gathered per person key (relations.ts); default the mapping's. */
  relations?: RelationRule | null
  /** A cell that cannot be read rejects its row (default: the value is left out, with a warning). */
  strict?: boolean
}

/** Rows read ahead of the first record to recognise a long file (`relationShapeWarning`). */
const SHAPE_SAMPLE_ROWS = 1000

export class InputError extends Error {}

/**
 * zlib's own errors ("unexpected end of file", "incorrect header check") said as what they mean for
 * the file; what was read before stays read (an ingest keeps the batches it committed).
 */
async function* gunzipErrorsSaid(source: AsyncIterable<Buffer>): AsyncGenerator<Buffer> {
  try {
    yield* source
  } catch (e) {
    const code = (e as { code?: string }).code
    if (code === 'Z_BUF_ERROR')
      throw new InputError(
        'the gzip data stops before its end: the file is cut short (an interrupted copy or download?)',
      )
    if (code === 'Z_DATA_ERROR' || code === 'Z_NEED_DICT')
      throw new InputError(`the gzip data is corrupt (zlib: ${(e as Error).message})`)
    throw e
  }
}

/** Puts a first chunk back in front of the rest of a stream. */
async function* prepend(first: Buffer, rest: AsyncIterator<Buffer | string>): AsyncGenerator<Buffer> {
  if (first.length > 0) yield first
  for (let r = await rest.next(); !r.done; r = await rest.next())
    yield typeof r.value === 'string' ? Buffer.from(r.value) : r.value
}

/** Reads at least `want` bytes (or everything) of a stream, for sniffing. */
async function peek(it: AsyncIterator<Buffer | string>, want: number): Promise<Buffer> {
  const parts: Buffer[] = []
  let size = 0
  while (size < want) {
    const r = await it.next()
    if (r.done) break
    const b = typeof r.value === 'string' ? Buffer.from(r.value) : r.value
    parts.push(b)
    size += b.length
  }
  return Buffer.concat(parts)
}

/** Counts bytes through, failing once more than max arrived (compressed size). */
async function* capped(src: AsyncIterable<Buffer>, max: number | undefined, tooLarge: () => Error) {
  let bytes = 0
  for await (const chunk of src) {
    bytes += chunk.length
    if (max !== undefined && bytes > max) throw tooLarge()
    yield chunk
  }
}

/**
 * A CSV's delimiter read from its header line when none is given: `,` unless the line holds none
 * and holds `;` (a European spreadsheet's export), a tab or `|`, the most frequent of them.
 */
export function sniffDelimiter(head: Buffer): string {
  const line = (
    head
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .split(/\r?\n/)[0] ?? ''
  ).replace(/"[^"]*"/g, '')
  if (line.includes(',')) return ','
  let best = ','
  let most = 0
  for (const d of [';', '\t', '|']) {
    const n = line.split(d).length - 1
    if (n > most) [best, most] = [d, n]
  }
  return best
}

function sniff(head: Buffer): Exclude<InputFormat, 'auto' | 'tsv'> {
  const text = head.toString('utf8').replace(/^\uFEFF/, '')
  const first = /\S/.exec(text)?.[0]
  if (first === '[') return 'json'
  if (first === '{') return 'ndjson'
  return 'csv'
}

/**
 * Opens an input stream: gunzips it when it starts with the gzip magic bytes, detects its format
 * unless given, and yields one item per record with its line (NDJSON, CSV) or position (JSON array).
 */
export async function openInput(
  stream: AsyncIterable<Buffer | string>,
  category: IngestCategory,
  opts: OpenOptions = {},
): Promise<OpenedInput> {
  const tooLarge = opts.tooLarge ?? (() => new InputError('input too large'))
  let it = stream[Symbol.asyncIterator]()
  let head = await peek(it, 2)
  const gzip = head.length >= 2 && head[0] === 0x1f && head[1] === 0x8b
  if (gzip) {
    const raw = Readable.from(capped(prepend(head, it), opts.maxBytes, tooLarge))
    const gunzip = createGunzip()
    raw.on('error', (e) => gunzip.destroy(e))
    it = gunzipErrorsSaid(raw.pipe(gunzip) as AsyncIterable<Buffer>)[Symbol.asyncIterator]()
    head = Buffer.alloc(0)
  }
  head = Buffer.concat([head, await peek(it, 4096)])
  const body = prepend(head, it)
  const format = opts.format === undefined || opts.format === 'auto' ? sniff(head) : opts.format
  // Decompressed bytes count against the cap too: a small gzip must not unpack without limit.
  const limitOpts = { maxBytes: opts.maxBytes === undefined ? undefined : opts.maxBytes * (gzip ? 10 : 1), tooLarge }
  const renames = opts.renames ?? {}
  const renamed = Object.keys(renames).length > 0
  let mapping = opts.mapping ?? null
  // Over JSON a mapping reads keys as columns: the renames apply to it at once.
  if (mapping !== null && renamed && format !== 'csv' && format !== 'tsv')
    mapping = withRenames(category, mapping, renames)
  let ignored: string[] = []
  const warnings: string[] = []
  const relations = opts.relations === undefined ? (mapping?.relations ?? null) : opts.relations
  const counts = relations === null ? null : emptyCounts(relations)
  const applyOpts = { strict: opts.strict === true, required: identifierFields(category) }
  const mapped = (line: number, value: unknown): InputItem => {
    if (value === null || typeof value !== 'object' || Array.isArray(value)) return { line, value }
    if (mapping === null) {
      if (renamed) renameKeys(value as Record<string, unknown>, renames)
      return { line, value }
    }
    const r = applyMapping(mapping, value as Record<string, unknown>, applyOpts)
    if (!r.ok) return { line, problems: r.problems }
    return r.warnings.length > 0
      ? { line, value: r.value, warnings: [{ line, problems: r.warnings }] }
      : { line, value: r.value }
  }
  let header: string[] | null = null
  /** A raw row (CSV columns or a JSON object) with its person's key and relation type, mapped. */
  const relationRow = (rule: RelationRule, item: InputItem): RelationRow => {
    if (!('value' in item) || item.value === null || typeof item.value !== 'object' || Array.isArray(item.value))
      return { key: null, type: null, item }
    const row = item.value as Record<string, unknown>
    const cell = (column: string) => {
      const v = row[column]
      const t = typeof v === 'string' ? v.trim() : typeof v === 'number' ? String(v) : ''
      return t === '' ? null : t
    }
    const key = cell(rule.key)
    const type = cell(rule.type)
    // Records taken as they are: the type (and a key that is no field) are not part of the record.
    if (mapping === null) {
      delete row[rule.type]
      if (!(rule.key in personFields)) delete row[rule.key]
    }
    return { key, type, item: mapped(item.line, row) }
  }
  /** Raw rows → records: mapped one by one, or gathered per person; a person file read ahead to recognise a long one. */
  async function* records(raw: AsyncIterable<InputItem>): AsyncGenerator<InputItem> {
    if (relations !== null && counts !== null) {
      const rule = relations
      yield* gatherRelations(
        (async function* () {
          for await (const item of raw) yield relationRow(rule, item)
        })(),
        rule,
        counts,
      )
      return
    }
    const it = raw[Symbol.asyncIterator]()
    if (category === 'person') {
      const ahead: InputItem[] = []
      while (ahead.length < SHAPE_SAMPLE_ROWS) {
        const r = await it.next()
        if (r.done) break
        ahead.push(r.value)
      }
      const sample = ahead.flatMap((item) =>
        'value' in item && item.value !== null && typeof item.value === 'object'
          ? [item.value as Record<string, unknown>]
          : [],
      )
      const keyColumns =
        mapping === null
          ? ['profile_url', 'source_id']
          : [mapping.fields.profile_url?.column, mapping.fields.source_id?.column].filter(
              (c): c is string => c !== undefined,
            )
      const columns = header ?? [...new Set(sample.flatMap((row) => Object.keys(row)))]
      const shape = relationShapeWarning(columns, keyColumns, sample)
      if (shape !== null) warnings.push(shape)
      for (const item of ahead) yield 'value' in item ? mapped(item.line, item.value) : item
    }
    for (let r = await it.next(); !r.done; r = await it.next())
      yield 'value' in r.value ? mapped(r.value.line, r.value.value) : r.value
  }

  let items: AsyncIterable<InputItem>
  if (format === 'ndjson') {
    items = (async function* () {
      let line = 0
      for await (const text of readLines(body, limitOpts)) {
        line++
        if (text.trim() === '') continue
        let value: unknown
        try {
          value = JSON.parse(text)
        } catch (e) {
          yield { line, problems: [`invalid JSON: ${(e as Error).message}`] }
          continue
        }
        yield { line, value }
      }
    })()
  } else if (format === 'json') {
    items = (async function* () {
      const parser = streamArray.withParserAsStream()
      const src = Readable.from(capped(body, limitOpts.maxBytes, tooLarge))
      src.on('error', (e) => parser.destroy(e))
      src.pipe(parser)
      try {
        for await (const { key, value } of parser as AsyncIterable<{ key: number; value: unknown }>)
          yield { line: key + 1, value }
      } catch (e) {
        if (e instanceof InputError || (e as { code?: string }).code === 'request.too_large') throw e
        throw new InputError(`not a JSON array of records: ${(e as Error).message}`)
      }
    })()
  } else {
    items = (async function* () {
      const parser = parseCsv({
        bom: true,
        delimiter: opts.delimiter ?? (format === 'tsv' ? '\t' : sniffDelimiter(head)),
        relax_column_count: true,
        skip_empty_lines: true,
        info: true,
      })
      const src = Readable.from(capped(body, limitOpts.maxBytes, tooLarge))
      src.on('error', (e) => parser.destroy(e))
      src.pipe(parser)
      try {
        for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
          if (header === null) {
            header = record.map((h) => h.trim())
            const columns = new Set(header)
            for (const [field, column] of Object.entries(renames))
              if (!columns.has(column))
                throw new InputError(
                  `map ${field}=${column}: the header has no column "${column}" (${header.join(', ')})`,
                )
            // Numbered columns a group reads (`past_employer_*`) are not ignored.
            let grouped = (h: string) => /\d+\s*$/.test(h)
            if (mapping === null) {
              const recognised = recogniseHeader(category, header)
              grouped = (h) => recognised.grouped.has(h)
              mapping = inHeaderOrder(withRenames(category, recognised.mapping, renames), header)
              warnings.push(...headerWarnings(category, mapping))
            } else mapping = withRenames(category, mapping, renames)
            for (const column of relations === null ? [] : [relations.key, relations.type])
              if (!columns.has(column))
                throw new InputError(`relations: the header has no column "${column}" (${header.join(', ')})`)
            const used = new Set(Object.values(mapping.fields).map((r) => r.column))
            if (relations !== null) used.add(relations.key).add(relations.type)
            ignored = header.filter((h) => !used.has(h) && !grouped(h))
            continue
          }
          const row: Record<string, string> = {}
          header.forEach((h, i) => (row[h] = record[i] ?? ''))
          if (record.length > header.length)
            yield { line: info.lines, problems: [`${record.length} columns, the header has ${header.length}`] }
          else yield { line: info.lines, value: row }
        }
      } catch (e) {
        if (e instanceof InputError || (e as { code?: string }).code === 'request.too_large') throw e
        throw new InputError(`not readable as CSV: ${(e as Error).message}`)
      }
    })()
  }
  return {
    format,
    gzip,
    items: records(items),
    mapping: () => (mapping === null ? null : describeMapping(mapping, relations)),
    ignored: () => ignored,
    warnings: () => warnings,
    relations: () => counts,
  }
}

/** The top-level fields of a person record: a relation key that is one stays in the record. */
const personFields = (RecordSchemas.person as unknown as { properties: Record<string, unknown> }).properties
