// Ingest throughput: records per second through the whole path (NDJSON parse, schema check,
// normalisation, embedding, upsert with every index, affiliations, vector index) for companies and
// persons of the medium demo corpus, next to limits measured on the same store in the same round:
// raw COPY of the rows the person ingest wrote (persons, affiliations, stored vectors) into copies
// of those tables with every index (the limit ARCHITECTURE.md names: the store alone), a bare
// insert of the same records (id + jsonb into an unindexed table, same batch size and transport),
// and the weighted full-text vectors of the same records computed alone. Each round starts from a
// fresh store. On PostgreSQL on this host, the CPU time of the server processes is read from /proc
// beside this process's own: where each record's time goes.
// Embedded, or PostgreSQL with DSP_BENCH_DATABASE_URL. Explained in docs/performance-ingest.md (ingest).
import { readdirSync, readFileSync } from 'node:fs'
import { loadavg } from 'node:os'
import { pipeline } from 'node:stream/promises'
import { Readable, Writable } from 'node:stream'
import type { PGlite } from '@electric-sql/pglite'
import { sql, type CompiledQuery } from 'kysely'
import pg from 'pg'
import { from as copyFrom, to as copyTo } from 'pg-copy-streams'
import type { Deps } from '../src/domain/types.ts'
import { createDemoCorpus } from '../src/corpus/demo/index.ts'
import { DEFAULT_BATCH_SIZE, ingestLines } from '../src/domain/corpus/ingest.ts'
import { prepareRecord } from '../src/domain/corpus/prepare.ts'
import { recordTexts } from '../src/domain/corpus/record-texts.ts'
import { bulkRows } from '../src/store/bulk.ts'
import { startBenchServer } from './lib/server.ts'
import { median, round } from './lib/stats.ts'
import type { BenchResult, RunOptions } from './lib/types.ts'

export const name = 'ingest'

const GOAL = { embedded: 5_000, postgresql: 20_000 } as const

const FULL = { companies: 5_000, persons: 10_000, rounds: 2 }
const QUICK = { companies: 1_000, persons: 2_000, rounds: 1 }

/** CPU milliseconds used so far by every `postgres` process of this host (null: none readable). */
export function serverCpuMs(): number | null {
  let ticks = 0
  let seen = false
  for (const pid of readdirSync('/proc')) {
    if (!/^\d+$/.test(pid)) continue
    try {
      if (readFileSync(`/proc/${pid}/comm`, 'utf8').trim() !== 'postgres') continue
      const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
      ticks += Number(fields[11]) + Number(fields[12])
      seen = true
    } catch {
      // the process ended meanwhile
    }
  }
  return seen ? ticks * 10 : null
}

interface Timed {
  records: number
  seconds: number
  records_per_second: number
  /** CPU of this process (and, on PostgreSQL, of the server) per record, microseconds. */
  node_cpu_us_per_record: number
  server_cpu_us_per_record: number | null
  /** Embedded: the share of the run the store's thread was busy. */
  store_busy_share: number | null
  /** CPU per record of this process's main thread, and of the store (embedded: its thread; PostgreSQL: the server). */
  main_thread_cpu_us_per_record: number
  store_cpu_us_per_record: number | null
  loadavg_1m: number
}

/** What an ingest writes, per category: its rows and, for persons, their affiliations; the stored vectors. */
const WRITTEN = {
  company: [
    { table: 'companies', rows: sql`select * from companies` },
    { table: 'record_vectors', rows: sql`select * from record_vectors where category = 'company'` },
  ],
  person: [
    { table: 'persons', rows: sql`select * from persons` },
    { table: 'affiliations', rows: sql`select * from affiliations` },
    // The institutions the person ingest created (employers and schools no company ingest wrote).
    {
      table: 'institutions',
      rows: sql`select * from institutions where inst_key not in (select inst_key from bench_institutions_before)`,
    },
    { table: 'record_vectors', rows: sql`select * from record_vectors where category = 'person'` },
  ],
} as const

/** CPU milliseconds of each thread of this process, by thread id (Linux /proc). */
function threadCpuMs(): Map<string, number> {
  const out = new Map<string, number>()
  for (const tid of readdirSync('/proc/self/task')) {
    try {
      const fields = readFileSync(`/proc/self/task/${tid}/stat`, 'utf8').split(') ')[1]!.split(' ')
      out.set(tid, (Number(fields[11]) + Number(fields[12])) * 10)
    } catch {
      // the thread ended meanwhile
    }
  }
  return out
}

/**
 * CPU of this process's main thread and of the embedded store's thread (the busiest thread that
 * appeared when the store opened; null on PostgreSQL, whose server processes serverCpuMs reads).
 * Wall times on a shared machine swing with the load; CPU time is the steadier measure of work.
 */
function cpuMeter(threadsBefore: Set<string>, embedded: boolean) {
  let storeTid: string | null = null
  if (embedded) {
    let most = -1
    for (const [tid, ms] of threadCpuMs())
      if (!threadsBefore.has(tid) && ms > most) {
        most = ms
        storeTid = tid
      }
  }
  const main = String(process.pid)
  return () => {
    const t = threadCpuMs()
    return { main: t.get(main) ?? 0, store: storeTid === null ? serverCpuMs() : (t.get(storeTid) ?? null) }
  }
}

/** Milliseconds the embedded store's thread has been busy (null on PostgreSQL: serverCpuMs there). */
function storeBusyMs(deps: Deps): number | null {
  const engine = (deps.store as { pglite?: { busyMs?: () => number } }).pglite
  return engine?.busyMs ? engine.busyMs() : null
}

/**
 * The limit ARCHITECTURE.md names for ingest: raw `COPY … FROM STDIN` of the rows an ingest of
 * one category just wrote (its records, persons' affiliations and the institutions they created,
 * stored vectors), already in the
 * store's own text format, into copies of those tables with every index (`like … including all`).
 * No parsing, checks, text analysis, embedding, upsert or vector index: the store writing those
 * rows and their indexes, nothing else. Seconds for all the tables.
 */
export async function rawCopy(
  deps: Deps,
  category: keyof typeof WRITTEN,
  cpu?: () => { main: number; store: number | null },
): Promise<{ seconds: number; seconds_by_table: Record<string, number>; store_cpu_ms: number | null }> {
  const tables = WRITTEN[category]
  const pglite = (deps.store as { pglite?: PGlite }).pglite
  const client = pglite ? null : new pg.Client({ connectionString: deps.store.url! })
  await client?.connect()
  try {
    const texts: string[] = []
    for (const t of tables) {
      await sql`create table ${sql.id(`bench_copy_${t.table}`)} (like ${sql.id(t.table)} including all)`.execute(
        deps.db,
      )
      const query = sql`copy (${t.rows}) to ${sql.raw(pglite ? "'/dev/blob'" : 'stdout')}`.compile(deps.db).sql
      if (pglite) texts.push(await (await pglite.query(query)).blob!.text())
      else {
        const chunks: Buffer[] = []
        await pipeline(
          client!.query(copyTo(query)),
          new Writable({
            write: (c: Buffer, _e, cb) => {
              chunks.push(c)
              cb()
            },
          }),
        )
        texts.push(Buffer.concat(chunks).toString('utf8'))
      }
    }
    const byTable: Record<string, number> = {}
    let seconds = 0
    const cpu0 = cpu?.()
    for (const [i, t] of tables.entries()) {
      const into = `copy bench_copy_${t.table} from ${pglite ? "'/dev/blob'" : 'stdin'}`
      const started = performance.now()
      if (pglite) await pglite.query(into, [], { blob: new Blob([texts[i]!]) })
      else await pipeline(Readable.from([texts[i]!]), client!.query(copyFrom(into)))
      const took = (performance.now() - started) / 1000
      seconds += took
      byTable[t.table] = round(took, 3)
    }
    const cpu1 = cpu?.()
    // On a PostgreSQL server others use, a server process that ends takes its CPU time with it: a
    // negative difference is no measure.
    const storeCpu =
      cpu0?.store != null && cpu1?.store != null && cpu1.store >= cpu0.store ? cpu1.store - cpu0.store : null
    return { seconds, seconds_by_table: byTable, store_cpu_ms: storeCpu }
  } finally {
    for (const t of tables) await sql`drop table if exists ${sql.id(`bench_copy_${t.table}`)}`.execute(deps.db)
    await client?.end()
  }
}

/**
 * The limit of the ingest's statements: the person ingest's writes taken away again (persons,
 * their affiliations, vectors and the institutions it created; the tables vacuumed), then its own
 * batch statements, compiled as it sent them, run again one after another with nothing else to do:
 * no parsing, checks, embedding or row building. What the store alone spends on them, against raw
 * COPY of the rows they write.
 */
async function statementsAlone(
  deps: Deps,
  statements: CompiledQuery[],
  cpu: () => { main: number; store: number | null },
): Promise<{ seconds: number; store_cpu_ms: number | null }> {
  await sql`delete from record_vectors where category = 'person'`.execute(deps.db)
  await sql`delete from affiliations`.execute(deps.db)
  await sql`delete from persons`.execute(deps.db)
  await sql`delete from institutions where inst_key not in (select inst_key from bench_institutions_before)`.execute(
    deps.db,
  )
  for (const t of ['record_vectors', 'affiliations', 'persons', 'institutions'])
    await sql`vacuum (analyze) ${sql.table(t)}`.execute(deps.db)
  const cpu0 = cpu()
  const started = performance.now()
  for (const q of statements) await deps.db.executeQuery(q)
  const seconds = (performance.now() - started) / 1000
  const cpu1 = cpu()
  const storeCpu = cpu0.store != null && cpu1.store != null && cpu1.store >= cpu0.store ? cpu1.store - cpu0.store : null
  return { seconds, store_cpu_ms: storeCpu }
}

async function round1(s: typeof FULL, companies: string[], persons: string[], problems: string[]) {
  const threadsBefore = new Set(threadCpuMs().keys())
  const server = await startBenchServer({})
  try {
    const deps = server.app.deps
    const cpu = cpuMeter(threadsBefore, server.store !== 'postgresql')
    await deps.embedder()
    const timed = async (label: string, category: 'company' | 'person', lines: string[]): Promise<Timed> => {
      const node0 = process.cpuUsage()
      const server0 = server.store === 'postgresql' ? serverCpuMs() : null
      const busy0 = storeBusyMs(deps)
      const cpu0 = cpu()
      const summary = await ingestLines(deps, category, lines)
      const cpu1 = cpu()
      const busy1 = storeBusyMs(deps)
      const node = process.cpuUsage(node0)
      const server1 = server0 === null ? null : serverCpuMs()
      if (summary.rejected > 0) problems.push(`${label}: ${summary.rejected} rejected (${summary.rejects[0]?.reason})`)
      const busy =
        busy0 === null || busy1 === null ? '' : `, store busy ${Math.round((busy1 - busy0) / 10 / summary.seconds)} %`
      const storeCpu =
        cpu0.store === null || cpu1.store === null || cpu1.store < cpu0.store
          ? ''
          : `, store CPU ${cpu1.store - cpu0.store} ms`
      console.error(
        `  ${label.padEnd(18)} ${summary.records_per_second} records/s (${summary.seconds} s${busy}, main CPU ${cpu1.main - cpu0.main} ms${storeCpu})`,
      )
      return {
        records: summary.read,
        seconds: summary.seconds,
        records_per_second: summary.records_per_second,
        node_cpu_us_per_record: Math.round((node.user + node.system) / lines.length),
        server_cpu_us_per_record:
          server1 === null || server0 === null || server1 < server0
            ? null
            : Math.round(((server1 - server0) * 1000) / lines.length),
        main_thread_cpu_us_per_record: Math.round(((cpu1.main - cpu0.main) * 1000) / lines.length),
        store_cpu_us_per_record:
          cpu0.store === null || cpu1.store === null || cpu1.store < cpu0.store
            ? null
            : Math.round(((cpu1.store - cpu0.store) * 1000) / lines.length),
        store_busy_share: busy0 === null || busy1 === null ? null : round((busy1 - busy0) / 1000 / summary.seconds, 3),
        loadavg_1m: round(loadavg()[0]!, 2),
      }
    }
    const company = await timed('companies', 'company', companies)
    await sql`create table bench_institutions_before as select inst_key from institutions`.execute(deps.db)
    // The person ingest's own batch statements (store/corpus-batch.ts writeBatchQuery), kept to be run
    // again below on the store alone.
    const statements: CompiledQuery[] = []
    const executeQuery = deps.db.executeQuery.bind(deps.db)
    deps.db.executeQuery = ((q: CompiledQuery, ...rest: never[]) => {
      if ('sql' in q && q.sql.startsWith('with gen as')) statements.push(q)
      return executeQuery(q as never, ...rest)
    }) as typeof deps.db.executeQuery
    const person = await timed('persons', 'person', persons)
    deps.db.executeQuery = executeQuery
    const unchanged = await timed('persons again', 'person', persons)

    const copiedCompanies = await rawCopy(deps, 'company', cpu)
    const companiesCopyRps = Math.round(companies.length / copiedCompanies.seconds)
    console.error(
      `  ${'raw COPY companies'.padEnd(18)} ${companiesCopyRps} records/s (${JSON.stringify(copiedCompanies.seconds_by_table)} s)`,
    )
    const copied = await rawCopy(deps, 'person', cpu)
    const copyRps = Math.round(persons.length / copied.seconds)
    console.error(
      `  ${'raw COPY persons'.padEnd(18)} ${copyRps} records/s (${JSON.stringify(copied.seconds_by_table)} s, store CPU ${copied.store_cpu_ms} ms)`,
    )
    const alone = await statementsAlone(deps, statements, cpu)
    await sql`drop table bench_institutions_before`.execute(deps.db)
    const aloneRps = Math.round(persons.length / alone.seconds)
    console.error(
      `  ${'statements alone'.padEnd(18)} ${aloneRps} records/s (${statements.length} statements, ${round(alone.seconds, 2)} s, store CPU ${alone.store_cpu_ms} ms)`,
    )

    // The limit: the same records as (id, jsonb) rows, same batch size and transport, no index, no text work.
    await sql`create table bench_bare (id text, record jsonb)`.execute(deps.db)
    const started = performance.now()
    for (let i = 0; i < persons.length; i += DEFAULT_BATCH_SIZE) {
      const rows = persons.slice(i, i + DEFAULT_BATCH_SIZE).map((record, j) => ({ id: String(i + j), record }))
      const u = bulkRows({ id: 'text', record: 'jsonb' }, rows)
      await sql`insert into bench_bare (id, record) select ${u.ref('id')}, ${u.ref('record')} from ${u.from}`.execute(
        deps.db,
      )
    }
    const bareRps = Math.round(persons.length / ((performance.now() - started) / 1000))
    console.error(`  ${'bare insert'.padEnd(18)} ${bareRps} records/s`)
    await sql`drop table bench_bare`.execute(deps.db)

    // The other limit: the weighted full-text vector every record gets (to_tsvector is the costliest
    // part of a row), computed alone over the same persons' texts, already in the store.
    const texts = persons.map((line) => {
      const p = prepareRecord('person', JSON.parse(line), deps.secret)
      if (!p.ok) throw new Error(p.reason)
      return recordTexts('person', p.value.record)
    })
    await sql`create table bench_texts (a text, b text, c text)`.execute(deps.db)
    for (let i = 0; i < texts.length; i += DEFAULT_BATCH_SIZE) {
      const u = bulkRows({ a: 'text', b: 'text', c: 'text' }, texts.slice(i, i + DEFAULT_BATCH_SIZE))
      await sql`insert into bench_texts (a, b, c) select ${u.ref('a')}, ${u.ref('b')}, ${u.ref('c')} from ${u.from}`.execute(
        deps.db,
      )
    }
    const tsvStarted = performance.now()
    await sql`create table bench_tsv as select setweight(to_tsvector('english', a), 'A') || setweight(to_tsvector('english', b), 'B') || setweight(to_tsvector('english', c), 'C') as tsv from bench_texts`.execute(
      deps.db,
    )
    const tsvRps = Math.round(persons.length / ((performance.now() - tsvStarted) / 1000))
    console.error(`  ${'full text alone'.padEnd(18)} ${tsvRps} records/s`)
    await sql`drop table bench_texts`.execute(deps.db)
    await sql`drop table bench_tsv`.execute(deps.db)
    return {
      store: server.store,
      embedder: (await deps.embedder()).name,
      round: {
        company,
        person,
        unchanged,
        raw_copy_records_per_second: copyRps,
        raw_copy_seconds_by_table: copied.seconds_by_table,
        statements_alone_records_per_second: aloneRps,
        statements_alone_store_cpu_us_per_record:
          alone.store_cpu_ms === null ? null : Math.round((alone.store_cpu_ms * 1000) / persons.length),
        raw_copy_store_cpu_us_per_record:
          copied.store_cpu_ms === null ? null : Math.round((copied.store_cpu_ms * 1000) / persons.length),
        companies_raw_copy_records_per_second: companiesCopyRps,
        companies_raw_copy_seconds_by_table: copiedCompanies.seconds_by_table,
        bare_insert_records_per_second: bareRps,
        full_text_alone_records_per_second: tsvRps,
      },
    }
  } finally {
    await server.close()
  }
}

export async function run(options: RunOptions): Promise<BenchResult> {
  const s = options.quick ? QUICK : FULL
  const corpus = createDemoCorpus({ scale: 'medium' })
  const companies = [...corpus.companies(0, s.companies)].map((r) => JSON.stringify(r))
  const persons = [...corpus.persons(0, s.persons)].map((r) => JSON.stringify(r))
  const problems: string[] = []
  const results = []
  for (let i = 0; i < s.rounds; i++) {
    console.error(`  round ${i + 1}/${s.rounds}`)
    results.push(await round1(s, companies, persons, problems))
  }
  const { store, embedder } = results[0]!
  const rounds = results.map((r) => r.round)
  const med = (f: (r: (typeof rounds)[number]) => number | null) => {
    const values = rounds.map(f).filter((v): v is number => v !== null)
    return values.length > 0 ? round(median(values), 0) : null
  }
  const personRps = med((r) => r.person.records_per_second)!
  const bareRps = med((r) => r.bare_insert_records_per_second)!
  const copyRps = med((r) => r.raw_copy_records_per_second)!
  const tsvRps = med((r) => r.full_text_alone_records_per_second)!
  const goal = GOAL[store as keyof typeof GOAL]
  return {
    // ingest.json (embedded) and ingest.postgresql.json.
    variant: store === 'postgresql' ? 'postgresql' : undefined,
    title: 'Ingest throughput with embeddings (medium demo corpus slice) next to a bare insert of the same records',
    store,
    settings: {
      companies: s.companies,
      persons: s.persons,
      rounds: s.rounds,
      batch_size: DEFAULT_BATCH_SIZE,
      embedder,
    },
    figures: {
      companies_records_per_second: med((r) => r.company.records_per_second),
      persons_records_per_second: personRps,
      persons_unchanged_records_per_second: med((r) => r.unchanged.records_per_second),
      raw_copy_records_per_second: copyRps,
      persons_share_of_raw_copy: round(personRps / copyRps, 3),
      raw_copy_share_of_goal: round(copyRps / goal, 3),
      // The store alone running the person ingest's own statements (rows built in advance): the
      // most the ingest can reach with these statements, whatever this process does.
      statements_alone_records_per_second: med((r) => r.statements_alone_records_per_second),
      statements_alone_share_of_raw_copy: round(med((r) => r.statements_alone_records_per_second)! / copyRps, 3),
      statements_alone_store_cpu_us_per_record: med((r) => r.statements_alone_store_cpu_us_per_record),
      companies_raw_copy_records_per_second: med((r) => r.companies_raw_copy_records_per_second),
      companies_raw_copy_share_of_goal: round(med((r) => r.companies_raw_copy_records_per_second)! / goal, 3),
      bare_insert_records_per_second: bareRps,
      persons_share_of_bare: round(personRps / bareRps, 3),
      full_text_alone_records_per_second: tsvRps,
      persons_share_of_full_text_alone: round(personRps / tsvRps, 3),
      persons_node_cpu_us_per_record: med((r) => r.person.node_cpu_us_per_record),
      persons_server_cpu_us_per_record: med((r) => r.person.server_cpu_us_per_record),
      persons_main_thread_cpu_us_per_record: med((r) => r.person.main_thread_cpu_us_per_record),
      persons_store_cpu_us_per_record: med((r) => r.person.store_cpu_us_per_record),
      raw_copy_store_cpu_us_per_record: med((r) => r.raw_copy_store_cpu_us_per_record),
      // The store's work for the same rows: raw COPY's CPU over the ingest's (1: the ingest asks the
      // store for nothing more than COPY does). Steadier than the wall-time share on a loaded machine.
      persons_store_cpu_share_of_raw_copy: (() => {
        const ingest = med((r) => r.person.store_cpu_us_per_record)
        const copy = med((r) => r.raw_copy_store_cpu_us_per_record)
        return ingest === null || copy === null || ingest === 0 ? null : round(copy / ingest, 3)
      })(),
      persons_store_busy_share:
        rounds[0]!.person.store_busy_share === null
          ? null
          : round(median(rounds.map((r) => r.person.store_busy_share!)), 3),
    },
    rounds,
    // The issue's goals: ≥ 5,000 records/s embedded, ≥ 20,000 on PostgreSQL (persons, with embeddings).
    goal: {
      description: `Person ingest with embeddings at least ${goal} records/s (${store})`,
      figure: 'persons_records_per_second',
      value: personRps,
      limit: goal,
      unit: 'records/s',
      ratio: round(goal / personRps, 2),
      pass: problems.length === 0 && personRps >= goal,
    },
    valid: problems.length === 0,
    problems,
  }
}
