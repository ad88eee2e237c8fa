// The bulk first load (issue 39 item 2; docs/ingest-bulk.md §1): `dsp ingest --bulk` stores what
// the ordinary ingest stores, row for row, with the same summary and reject file, and a load
// killed with SIGKILL mid-way and started again finishes with the same rows, nothing twice.
// Real data from ../shared/datasets (copied into the test's data dir first, so no reject file is
// ever written beside the shared files): crunchbase companies, the wikidata CEOs (persons, one row
// per relation, employers resolved by name against the companies) and crunchbase funding rounds.
// Runs on the embedded store, and on PostgreSQL with DSP_TEST_DATABASE_URL (COPY there).
import assert from 'node:assert/strict'
import { spawn } from 'node:child_process'
import { copyFileSync, existsSync, readFileSync, writeFileSync } from 'node:fs'
import { gzipSync } from 'node:zlib'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import { sql } from 'kysely'
import { openStore } from '../../src/store/db.ts'
import { datasetsPresent, DATASETS_DIR } from '../support/dataset-samples.ts'
import { expectProblem } from '../support/http.ts'
import { processData, runDsp, startProcess, type ProcessData } from '../support/process.ts'
import { ADMIN_TOKEN } from '../support/server.ts'

const SECRET = 'bulk-load-test-secret-'.padEnd(48, 'x')
const AS_OF = '2026-01-01'
/** Lines of each crunchbase file loaded (the header and this many records). */
const COMPANY_LINES = 6_000
const ROUND_LINES = 3_000

interface Input {
  category: string
  file: string
  args: string[]
}

/** The three inputs, in load order, copied into `dir` (a test's own data dir). */
function inputs(dir: string): Input[] {
  const head = (from: string, to: string, lines: number, bad: string[] = []) => {
    const whole = readFileSync(path.join(DATASETS_DIR, from), 'utf8')
    const eol = whole.includes('\r\n') ? '\r\n' : '\n'
    const text = whole.split(eol)
    writeFileSync(path.join(dir, to), [text[0]!, ...bad, ...text.slice(1, lines + 1)].join(eol) + eol)
    return path.join(dir, to)
  }
  // Lines every ingest refuses or warns about, in both loads: a company without an identifier, a
  // duplicate of the first line, a total that is no number (stored without it, with a warning).
  const badCompanies = [
    ',Nameless,software,100,operating,USA,NY,New York,New York,1,2012-01-01,2012-01,2012-Q1,2012,,,',
    '/company/waywire,#waywire,news,1750000,operating,USA,NY,New York,New York,1,2012-06-01,2012-06,2012-Q2,2012,2012-06-30,2012-06-30,2013-09-06',
    '/company/bulk-warned,Bulk Warned,software,lots,operating,USA,NY,New York,New York,1,2012-01-01,2012-01,2012-Q1,2012,,,',
  ]
  const ceos = path.join(dir, 'ceos.csv')
  copyFileSync(path.join(DATASETS_DIR, 'wikidata-ceos', 'ceo_person_organisation_relations.csv'), ceos)
  return [
    {
      category: 'company',
      file: head('crunchbase-2013/companies.csv', 'companies.csv', COMPANY_LINES, badCompanies),
      args: [],
    },
    {
      category: 'person',
      file: ceos,
      args: ['--relation-key', 'person_wikidata_uri', '--relation-type', 'relation_type'],
    },
    { category: 'funding_round', file: head('crunchbase-2013/rounds.csv', 'rounds.csv', ROUND_LINES), args: [] },
  ]
}

function ingestArgs(input: Input, bulk: boolean, extra: string[] = []): string[] {
  return [
    'ingest',
    '--category',
    input.category,
    ...input.args,
    bulk ? '--bulk' : '--no-bulk',
    '--as-of',
    AS_OF,
    '--max-rejects',
    '1000000',
    '--rejects',
    `${input.file}.${bulk ? 'bulk' : 'plain'}.rejects.jsonl`,
    '--json',
    ...extra,
    input.file,
  ]
}

/** Runs one ingest to its end; its JSON summary without what depends on the moment or the run's path. */
async function ingest(data: ProcessData, input: Input, bulk: boolean, extra: string[] = []) {
  const run = await runDsp(ingestArgs(input, bulk, extra), data.env)
  assert.equal(run.code, 0, `${input.category}${bulk ? ' --bulk' : ''}: ${run.err}`)
  const summary = JSON.parse(run.out) as Record<string, unknown>
  assert.equal(summary.bulk, bulk, `${input.category}: the summary's bulk`)
  for (const k of ['seconds', 'records_per_second', 'reject_file', 'bulk']) delete summary[k]
  return summary
}

// Every table an ingest writes, each row as JSON. Left out, because they must differ between two
// loads: the moment of writing (updated_at), the internal vector key (vec_key, drawn from a sequence
// as rows arrive; record_vectors rows are matched to their record by id instead) and the write
// generations (one per committed batch statement: a killed load's rolled-back batch and a smaller
// batch size change their count, not the data).
const ROWS = {
  companies: sql`select to_jsonb(t) - 'vec_key' - 'updated_at' as row from companies t order by id`,
  persons: sql`select to_jsonb(t) - 'vec_key' - 'updated_at' as row from persons t order by id`,
  documents: sql`select to_jsonb(t) - 'vec_key' - 'updated_at' as row from documents t order by id`,
  institutions: sql`select to_jsonb(t) - 'updated_at' as row from institutions t order by inst_key`,
  affiliations: sql`select to_jsonb(t) as row from affiliations t order by person_id, ordinal`,
  record_vectors: sql`select jsonb_build_object('id', r.id, 'category', v.category, 'model', v.model,
      'vector', encode(v.vector, 'hex')) as row
    from record_vectors v join (select id, vec_key from companies union all select id, vec_key from persons
      union all select id, vec_key from documents) r using (vec_key) order by r.id`,
  corpus_state: sql`select to_jsonb(t) - 'updated_at' - 'vector_generation' - 'graph_generation' - 'vector_counted'
      || jsonb_build_object('vector_counted', split_part(t.vector_counted, '@', 1)) as row
    from corpus_state t order by corpus`,
  indexes: sql`select jsonb_build_object('name', indexname, 'definition', indexdef) as row from pg_indexes
    where schemaname = current_schema() and tablename in
      ('companies', 'persons', 'documents', 'institutions', 'affiliations', 'record_vectors')
    order by indexname`,
} as const

type Dump = Record<keyof typeof ROWS, unknown[]> & { bulk_loads: unknown[] }

/** Every row the ingests wrote, read from the store once the commands have exited. */
async function dump(data: ProcessData): Promise<Dump> {
  const store = await openStore({
    databaseUrl: data.env.DATABASE_URL,
    dataDir: data.env.DSP_DATA_DIR!,
    thread: 'main',
  })
  try {
    const out: Partial<Dump> = {}
    for (const [table, query] of Object.entries(ROWS))
      out[table as keyof typeof ROWS] = (await query.execute(store.db)).rows.map((r) => (r as { row: unknown }).row)
    out.bulk_loads = await store.db.selectFrom('bulk_loads').select(['category', 'state']).orderBy('category').execute()
    return out as Dump
  } finally {
    await store.close()
  }
}

/** Same rows in the same order; on a difference, the first differing row of the table, not 10,000 rows. */
function assertSameRows(actual: Dump, expected: Dump): void {
  for (const table of Object.keys(ROWS) as (keyof typeof ROWS)[]) {
    const a = actual[table]
    const e = expected[table]
    const at = a.findIndex((row, i) => JSON.stringify(row) !== JSON.stringify(e[i]))
    if (at >= 0 || a.length !== e.length)
      assert.deepEqual(
        { table, rows: a.length, row: a[at] ?? null },
        { table, rows: e.length, row: e[at] ?? null },
        `${table} differs at row ${at}`,
      )
  }
}

describe('dsp ingest --bulk', { skip: !datasetsPresent() && 'no ../shared/datasets here' }, () => {
  const stores: ProcessData[] = []
  const store = async () => {
    const data = await processData({ DSP_SECRET: SECRET })
    stores.push(data)
    return data
  }
  let ordinary: { data: ProcessData; summaries: Record<string, unknown>[]; rows: Dump }
  /** How long the bulk load of the companies took, start-up included (where the embedded kill aims). */
  let companiesMs = 20_000

  before(async () => {
    const data = await store()
    const summaries = []
    for (const input of inputs(data.env.DSP_DATA_DIR!)) summaries.push(await ingest(data, input, false))
    ordinary = { data, summaries, rows: await dump(data) }
  })

  after(async () => {
    for (const s of stores) await s.drop()
  })

  test('stores every row the ordinary ingest stores, with the same summaries and reject files', async () => {
    const data = await store()
    const dir = data.env.DSP_DATA_DIR!
    const files = inputs(dir)
    for (const [i, input] of files.entries()) {
      const started = performance.now()
      const summary = await ingest(data, input, true)
      if (i === 0) companiesMs = performance.now() - started
      assert.deepEqual(summary, ordinary.summaries[i], `${input.category}: the summaries differ`)
      const plainDir = ordinary.data.env.DSP_DATA_DIR!
      // Created at the first reject or warning: absent from both, or the same in both.
      const rejects = (file: string) => (existsSync(file) ? readFileSync(file, 'utf8') : null)
      assert.equal(
        rejects(`${input.file}.bulk.rejects.jsonl`),
        rejects(`${path.join(plainDir, path.basename(input.file))}.plain.rejects.jsonl`),
        `${input.category}: the reject files differ`,
      )
    }
    // The inputs hold what the comparison is about: employers named, rejects and warnings reported.
    const [companies, persons, rounds] = ordinary.summaries as unknown as Record<
      'inserted' | 'rejected' | 'duplicate' | 'warned',
      number
    >[]
    assert.ok(companies!.inserted > 5_000, JSON.stringify(companies))
    assert.deepEqual(
      [companies!.rejected, companies!.duplicate, companies!.warned],
      [1, 1, 1],
      JSON.stringify(companies),
    )
    assert.ok(persons!.inserted > 1_000, JSON.stringify(persons))
    assert.ok(rounds!.inserted > 2_000, JSON.stringify(rounds))
    assert.ok(ordinary.rows.affiliations.length > 100, `${ordinary.rows.affiliations.length} affiliations`)
    const rows = await dump(data)
    assertSameRows(rows, ordinary.rows)
    assert.deepEqual(rows.bulk_loads, [
      { category: 'company', state: 'done' },
      { category: 'funding_round', state: 'done' },
      { category: 'person', state: 'done' },
    ])
  })

  test('a load killed with SIGKILL mid-way and started again finishes with the same rows, nothing twice', async (t) => {
    const data = await store()
    const [companies, ...rest] = inputs(data.env.DSP_DATA_DIR!)
    // Small batches: many commits, so the kill lands between and inside them.
    const extra = ['--batch-size', '100']
    const killed = await killMidLoad(data, ingestArgs(companies!, true, extra), companiesMs)
    const resumed = await ingest(data, companies!, true, extra)
    const before = ordinary.summaries[0] as { read: number; inserted: number }
    // The second run went on after the batches the first committed: those count as unchanged.
    assert.equal(resumed.read, before.read)
    assert.equal(Number(resumed.inserted) + Number(resumed.unchanged), before.inserted, JSON.stringify(resumed))
    // Every item the first run committed is, in the second, unchanged (stored then) or refused again.
    const again = Number(resumed.unchanged) + Number(resumed.rejected) + Number(resumed.duplicate)
    if (killed.committed !== null) assert.ok(again >= killed.committed, JSON.stringify(resumed))
    t.diagnostic(
      `killed after ${killed.committed ?? 'some'} items committed; the second run took ${String(resumed.unchanged)} as stored`,
    )
    for (const input of rest) await ingest(data, input, true)
    assertSameRows(await dump(data), ordinary.rows)
    // The finished load started again reads its input and writes nothing.
    const rerun = await ingest(data, companies!, true, extra)
    assert.deepEqual([rerun.inserted, rerun.updated, rerun.unchanged], [0, 0, before.inserted], JSON.stringify(rerun))
  })

  test('refuses standard input (a load is resumed by its file hash)', async () => {
    const data = await store()
    const run = await runDsp(['ingest', '--category', 'company', '--bulk', '-'], data.env)
    assert.equal(run.code, 2)
    assert.match(run.err, /--bulk needs a file/)
  })
})

/**
 * Starts the load and kills it with SIGKILL once some batches committed. On PostgreSQL the test
 * watches bulk_loads from outside and kills once it records progress (committed: the items it had
 * committed then, at least). The embedded store cannot be read while the command holds it: the kill
 * comes at 60 % of the time a whole load took (`loadMs`, in larger batches), and `committed` is null.
 */
async function killMidLoad(data: ProcessData, args: string[], loadMs: number): Promise<{ committed: number | null }> {
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', ...args], {
    env: { ...process.env, ...data.env },
    stdio: 'ignore',
  })
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)))
  let committed: number | null = null
  if (data.env.DATABASE_URL) {
    const store = await openStore({ databaseUrl: data.env.DATABASE_URL, dataDir: '', thread: 'main' })
    try {
      for (let i = 0; i < 1200 && child.exitCode === null; i++) {
        const row = await store.db
          .selectFrom('bulk_loads')
          .select('committed_items')
          .executeTakeFirst()
          .catch(() => undefined)
        if (row && Number(row.committed_items) >= 1_000) {
          child.kill('SIGKILL')
          committed = Number(row.committed_items)
          break
        }
        await new Promise((r) => setTimeout(r, 50))
      }
    } finally {
      await store.close()
    }
  } else {
    await new Promise((r) => setTimeout(r, loadMs * 0.6))
    child.kill('SIGKILL')
  }
  const code = await exited
  assert.notEqual(code, 0, 'the load ended before it was killed')
  return { committed }
}

/** NDJSON companies `from`..`to` (exclusive), with a line every ingest rejects and a duplicate of the first. */
function companyLines(from: number, to: number): string {
  const lines: string[] = []
  for (let i = from; i < to; i++)
    lines.push(
      JSON.stringify({
        account_name: `Bulk Company ${i}`,
        domain: `bulk-${i}.example`,
        industry: i % 2 ? 'Software' : 'Logistics',
        country: 'US',
        employee_count: 10 + i,
        description: `Company ${i} makes widgets for ${i % 3 ? 'banks' : 'hospitals'}.`,
      }),
    )
  lines.push(JSON.stringify({ account_name: 'No identifier' }), lines[0]!)
  return lines.join('\n') + '\n'
}

describe('dsp ingest into an empty category (automatic bulk)', () => {
  const stores: ProcessData[] = []
  after(async () => {
    for (const s of stores) await s.drop()
  })
  const run = async (data: ProcessData, file: string, extra: string[] = []) => {
    const r = await runDsp(
      ['ingest', '--category', 'company', '--as-of', AS_OF, '--max-rejects', '10', '--json', ...extra, file],
      data.env,
    )
    assert.equal(r.code, 0, r.err)
    return JSON.parse(r.out) as Record<string, unknown>
  }

  test('a file into an empty category is a bulk load; into a non-empty one, or with --no-bulk, it is not; same rows', async () => {
    // Every file counts as large here (DSP_AUTO_BULK_MIN_BYTES, default 100 MiB).
    const env = { DSP_SECRET: SECRET, DSP_AUTO_BULK_MIN_BYTES: '0' }
    const [auto, plain] = [await processData(env), await processData(env)]
    stores.push(auto, plain)
    const write = (data: ProcessData, name: string, text: string) => {
      const file = path.join(data.env.DSP_DATA_DIR!, name)
      writeFileSync(file, text)
      return file
    }
    const first = companyLines(0, 1200)
    const second = companyLines(1200, 1500)
    const a1 = await run(auto, write(auto, 'first.ndjson', first))
    const a2 = await run(auto, write(auto, 'second.ndjson', second))
    const p1 = await run(plain, write(plain, 'first.ndjson', first), ['--no-bulk'])
    const p2 = await run(plain, write(plain, 'second.ndjson', second))
    assert.deepEqual([a1.bulk, a2.bulk, p1.bulk, p2.bulk], [true, false, false, false])
    const same = (s: Record<string, unknown>) => {
      const { seconds, records_per_second, reject_file, bulk, ...rest } = s
      void [seconds, records_per_second, reject_file, bulk]
      return rest
    }
    assert.deepEqual(same(a1), same(p1))
    assert.deepEqual(same(a2), same(p2))
    assert.deepEqual([a1.inserted, a1.rejected, a1.duplicate], [1200, 1, 1])
    const [rows, expected] = [await dump(auto), await dump(plain)]
    assertSameRows(rows, expected)
    assert.deepEqual(rows.bulk_loads, [{ category: 'company', state: 'done' }])
    assert.deepEqual(expected.bulk_loads, [])
  })

  test('a file under DSP_AUTO_BULK_MIN_BYTES, standard input and dry runs take the ordinary path', async () => {
    const data = await processData({ DSP_SECRET: SECRET, DSP_AUTO_BULK_MIN_BYTES: '0' })
    const small = await processData({ DSP_SECRET: SECRET, DSP_AUTO_BULK_MIN_BYTES: '1000000' })
    stores.push(small)
    const smallFile = path.join(small.env.DSP_DATA_DIR!, 'in.ndjson')
    writeFileSync(smallFile, companyLines(0, 50))
    assert.equal((await run(small, smallFile)).bulk, false)
    stores.push(data)
    const file = path.join(data.env.DSP_DATA_DIR!, 'in.ndjson')
    writeFileSync(file, companyLines(0, 50))
    const dry = await run(data, file, ['--dry-run'])
    assert.deepEqual([dry.bulk, dry.dry_run], [false, true])
    // Standard input (here empty): no hash to resume a load by.
    const piped = await runDsp(['ingest', '--category', 'company', '--json', '-'], data.env)
    assert.equal(piped.code, 0, piped.err)
    assert.equal((JSON.parse(piped.out) as { bulk: boolean }).bulk, false)
    assert.deepEqual((await dump(data)).bulk_loads, [])
  })
})

describe('unfinished bulk loads: one per category, listed, finished by running again or ended where they stopped', () => {
  const stores: ProcessData[] = []
  after(async () => {
    for (const s of stores) await s.drop()
  })
  const listed = async (data: ProcessData) => {
    const r = await runDsp(['bulk-loads', '--json'], data.env)
    assert.equal(r.code, 0, r.err)
    return JSON.parse(r.out) as {
      category: string
      input: string | null
      state: string
      committed_items: number
      dropped_indexes: number
    }[]
  }

  test('a --bulk load of another file while one is unfinished is refused and writes nothing; `dsp bulk-loads finish` ends the stopped one', async () => {
    const data = await processData({ DSP_SECRET: SECRET })
    stores.push(data)
    const dir = data.env.DSP_DATA_DIR!
    // A gzip file cut short: its first batches commit, then the load stops on the broken end.
    const whole = gzipSync(companyLines(0, 3000))
    const broken = path.join(dir, 'broken.ndjson.gz')
    writeFileSync(broken, whole.subarray(0, Math.floor(whole.length * 0.6)))
    const first = await runDsp(
      ['ingest', '--category', 'company', '--bulk', '--batch-size', '100', '--as-of', AS_OF, broken],
      data.env,
    )
    assert.equal(first.code, 2, first.err)
    assert.match(
      first.err,
      /the file is cut short.*run this command again on the whole file.*dsp bulk-loads finish company/,
    )
    const [stopped, ...others] = await listed(data)
    assert.equal(others.length, 0)
    assert.equal(stopped!.state, 'loading')
    assert.equal(stopped!.input, broken)
    assert.ok(stopped!.committed_items >= 100, JSON.stringify(stopped))
    assert.ok(stopped!.dropped_indexes > 0, JSON.stringify(stopped))

    const before = await dump(data)
    const other = path.join(dir, 'other.ndjson')
    writeFileSync(other, companyLines(5000, 5100))
    const refused = await runDsp(
      ['ingest', '--category', 'company', '--bulk', '--as-of', AS_OF, '--json', other],
      data.env,
    )
    assert.equal(refused.code, 2, refused.err)
    assert.match(refused.err, /A bulk load of .*broken\.ndjson\.gz into company is unfinished/)
    assert.match(refused.err, /dsp bulk-loads finish company/)
    assertSameRows(await dump(data), before)
    assert.equal((await listed(data)).length, 1)
    // Over HTTP too: 422 request.invalid naming the load, before anything is written.
    const server = await startProcess(data)
    try {
      const res = await server.request('POST', '/admin/v1/corpus/company', {
        query: { bulk: 'true', as_of: `${AS_OF}T00:00:00Z` },
        headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/x-ndjson' },
        rawBody: companyLines(5000, 5100),
      })
      expectProblem(res, 422, 'request.invalid')
      assert.match(res.body.detail, /broken\.ndjson\.gz into company is unfinished/)
    } finally {
      await server.stop()
    }
    assertSameRows(await dump(data), before)

    const asOf = (d: Dump) =>
      d.corpus_state.map((r) => (r as { corpus: string; as_of: string | null }).as_of?.slice(0, 10) ?? null)
    assert.ok(!asOf(before).includes('2025-12-31'))
    const finished = await runDsp(['bulk-loads', 'finish', 'company', '--json', '--as-of', '2025-12-31'], data.env)
    assert.equal(finished.code, 0, finished.err)
    const done = JSON.parse(finished.out) as { committed_items: number; indexes: number }
    assert.deepEqual([done.committed_items, done.indexes], [stopped!.committed_items, stopped!.dropped_indexes])
    const after = await dump(data)
    // The records it committed stay; the indexes it dropped are back (a first ordinary load has them all).
    assert.deepEqual(after.companies, before.companies)
    assert.equal(after.indexes.length, before.indexes.length + stopped!.dropped_indexes)
    assert.deepEqual(after.bulk_loads, [{ category: 'company', state: 'done' }])
    // Told how fresh the data is, the figures say so (the companies' corpus and the institutions).
    assert.ok(asOf(after).includes('2025-12-31'), JSON.stringify(after.corpus_state))
    const again = await runDsp(['bulk-loads', 'finish', 'company'], data.env)
    assert.equal(again.code, 2)
    assert.match(again.err, /No bulk load of company is unfinished/)

    // The category is free again: the other file loads (its table holds rows, so nothing is dropped).
    const loaded = await runDsp(
      ['ingest', '--category', 'company', '--bulk', '--as-of', AS_OF, '--max-rejects', '10', '--json', other],
      data.env,
    )
    assert.equal(loaded.code, 0, loaded.err)
    assert.deepEqual((JSON.parse(loaded.out) as { bulk: boolean; inserted: number }).inserted, 100)
    const plain = await processData({ DSP_SECRET: SECRET })
    stores.push(plain)
    const plainFile = path.join(plain.env.DSP_DATA_DIR!, 'other.ndjson')
    writeFileSync(plainFile, companyLines(5000, 5100))
    const p = await runDsp(
      ['ingest', '--category', 'company', '--no-bulk', '--max-rejects', '10', plainFile],
      plain.env,
    )
    assert.equal(p.code, 0, p.err)
    assert.deepEqual((await dump(data)).indexes, (await dump(plain)).indexes)
  })

  test('`dsp demo seed --bulk --limit n` and the whole seed after it are one load per category, each record written once', async () => {
    const data = await processData({ DSP_SECRET: SECRET })
    stores.push(data)
    const seed = async (extra: string[]) => {
      const r = await runDsp(['demo', 'seed', '--scale', 'small', '--bulk', '--json', ...extra], data.env)
      assert.equal(r.code, 0, r.err)
      return JSON.parse(r.out) as { categories: { category: string; inserted: number; unchanged: number }[] }
    }
    const part = await seed(['--limit', '30'])
    const whole = await seed([])
    for (const c of whole.categories) {
      const p = part.categories.find((x) => x.category === c.category)!
      // The second run went on after the first's 30: those are stored already, not written again.
      assert.equal(c.unchanged, p.inserted, `${c.category}: ${JSON.stringify(c)}`)
    }
    const loads = await listed(data)
    assert.deepEqual(
      loads.map((l) => [l.category, l.state]).sort(),
      part.categories
        .filter((c) => c.category !== 'school')
        .map((c) => [c.category, 'done'])
        .sort(),
    )
    assert.ok(
      loads.every((l) => l.input === 'dsp demo seed --scale small --seed 42 --bulk'),
      JSON.stringify(loads),
    )
  })
})
