// Reads on PostgreSQL hot standbys (DATABASE_READ_URLS; docs/deploy-scaling.md §1) against a real
// streaming replica the test makes itself: a private cluster (test/support/private-postgres.ts)
// and a standby from pg_basebackup -R, both with pg_stat_statements, which is how the test sees
// which server ran what. The read routes run on the standby and charge on the primary; a standby
// lagging past DSP_READ_MAX_LAG_MS, one that has not replayed a corpus change, and one stopped under
// a billed load are skipped: no 5xx, the money agrees, and reads return to the standby once it is back.
import assert from 'node:assert/strict'
import { after, before, describe, test } from 'node:test'
import pg from 'pg'
import {
  billedCalls,
  expectAllSucceed,
  expectMoneyAgrees,
  ingestCompanies,
  underLoad,
  type Call,
} from '../support/billed-load.ts'
import { expectStatus, type Res } from '../support/http.ts'
import {
  postgresBinaries,
  startPrivatePostgres,
  type PrivatePostgres,
  type PrivateStandby,
} from '../support/private-postgres.ts'
import { ADMIN_TOKEN, startTestServer, usingPostgres, type TestServer } from '../support/server.ts'

const METRICS_TOKEN = 'metrics-token-' + 'r'.repeat(32)
const MAX_LAG_MS = 1000
const CREDITS = 1000
const CORPUS_TABLES = ['companies', 'persons', 'documents', 'affiliations', 'institutions', 'graph_blocks']

/** People at cloud-0.example (now) who worked at cloud-1.example, and people at cloud-1.example: relationships and org chart have something to read. */
function peopleNdjson(): string {
  const rows = []
  for (let i = 0; i < 12; i++) {
    const now = i % 2 === 0 ? 0 : 1
    rows.push({
      name: `Person ${i}`,
      profile_url: `linkedin.com/in/replica-person-${i}`,
      title: i % 3 === 0 ? 'VP Engineering' : 'Software Engineer',
      department: 'Engineering',
      seniority: i % 3 === 0 ? 'VP' : 'Senior',
      location: { city: 'Berlin', country: 'Germany' },
      current_employer: { company: `Cloud Software ${now}`, domain: `cloud-${now}.example` },
      employment_history: [
        {
          company: `Cloud Software ${now}`,
          domain: `cloud-${now}.example`,
          title: 'Engineer',
          start: '2021-01',
          end: null,
        },
        {
          company: `Cloud Software ${1 - now}`,
          domain: `cloud-${1 - now}.example`,
          title: 'Engineer',
          start: '2016-01',
          end: '2020-12',
        },
      ],
      education: [{ school: 'Technical University of Berlin', start: '2010-10', end: '2015-09' }],
    })
  }
  return rows.map((r) => JSON.stringify(r)).join('\n') + '\n'
}

type Query = (text: string) => Promise<Record<string, unknown>[]>

/** Calls of statements that read corpus tables, on one server (pg_stat_statements; writes and this query's own kind left out). */
async function corpusReads(query: Query): Promise<number> {
  const [row] = await query(
    `select coalesce(sum(calls), 0)::int as n from pg_stat_statements
      where query ~* '\\m(${CORPUS_TABLES.join('|')})\\M' and query !~* '\\m(insert|update|delete|pg_stat_statements)\\M'`,
  )
  return Number(row!.n)
}

/** Calls of the charge (one statement commits each billed call's run, claims and ledger entry: store/usage.ts). */
async function charges(query: Query): Promise<number> {
  const [row] = await query(
    `select coalesce(sum(calls), 0)::int as n from pg_stat_statements where query ~* 'dsp_charge' and query !~* 'pg_stat_statements'`,
  )
  return Number(row!.n)
}

async function readiness(api: TestServer) {
  const res = await api.get('/readyz')
  return { status: res.status, replica: Object.entries(res.body.dependencies).find(([k]) => k.startsWith('replica '))! }
}

/** Polls /readyz until the standby's entry passes `ok`; its entry. */
async function untilReplica(
  api: TestServer,
  ok: (r: { status: string; detail: string | null; lag_ms?: number | null }) => boolean,
  what: string,
  limitMs = 20_000,
) {
  const t0 = performance.now()
  for (;;) {
    const { replica } = await readiness(api)
    const entry = replica[1] as { status: string; detail: string | null; lag_ms?: number | null }
    if (ok(entry)) return entry
    assert.ok(performance.now() - t0 < limitMs, `${what} within ${limitMs} ms; last: ${JSON.stringify(entry)}`)
    await new Promise((r) => setTimeout(r, 100))
  }
}

async function until(ok: () => Promise<boolean>, what: string, limitMs = 15_000): Promise<void> {
  const t0 = performance.now()
  while (!(await ok())) {
    assert.ok(performance.now() - t0 < limitMs, `${what} within ${limitMs} ms`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

/** Commits a transaction with an id on the primary: its commit flushes the WAL written before it. */
async function flushWal(url: string): Promise<void> {
  const client = new pg.Client({ connectionString: url })
  await client.connect()
  try {
    await client.query('select pg_current_xact_id()')
  } finally {
    await client.end()
  }
}

async function metric(api: TestServer, pattern: RegExp): Promise<number | null> {
  const res = await api.request('GET', '/metrics', { headers: { authorization: `Bearer ${METRICS_TOKEN}` } })
  assert.equal(res.status, 200)
  const line = res.text.split('\n').find((l) => pattern.test(l))
  return line === undefined ? null : Number(line.split(' ').pop())
}

describe(
  'reads on a PostgreSQL hot standby (DATABASE_READ_URLS)',
  {
    skip:
      (!usingPostgres() && 'PostgreSQL only') ||
      (!postgresBinaries() && 'no PostgreSQL server binaries to run a cluster'),
  },
  () => {
    let cluster: PrivatePostgres
    let standby: PrivateStandby
    let api: TestServer
    let primary: pg.Client
    let key: string
    const onPrimary = async (text: string) => (await primary.query(text)).rows
    const onStandby = (text: string) => standby.query(text)

    before(async () => {
      cluster = await startPrivatePostgres({ statements: true })
      standby = await cluster.addStandby()
      api = await startTestServer({
        DATABASE_URL: cluster.url,
        DATABASE_READ_URLS: standby.url,
        DSP_READ_MAX_LAG_MS: String(MAX_LAG_MS),
        DSP_METRICS_TOKEN: METRICS_TOKEN,
        // A search waits on a replayed lock while the standby stops: past this it would fail instead.
        DSP_STORE_LOCK_TIMEOUT_MS: '10000',
      })
      primary = new pg.Client({ connectionString: cluster.url })
      await primary.connect()
      await ingestCompanies(api)
      const people = await api.request('POST', '/admin/v1/corpus/person', {
        rawBody: peopleNdjson(),
        headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/x-ndjson' },
      })
      expectStatus(people, 200)
      ;({ key } = await api.admin.workspaceWithKey({ credits: CREDITS }))
      await untilReplica(api, (r) => r.status === 'up', 'the standby serving reads')
    })

    after(async () => {
      await primary?.end().catch(() => undefined)
      await api?.close()
      await cluster?.stop()
    })

    test('each read route runs on the standby; its charge is written on the primary', async () => {
      const reads: [string, () => Promise<Res>][] = [
        [
          'search fast',
          () => api.post('/v1/search', { key, body: { query: 'cloud software', mode: 'fast', limit: 5 } }),
        ],
        [
          'search auto',
          () => api.post('/v1/search', { key, body: { query: 'software engineers in Germany', limit: 5 } }),
        ],
        ['similar', () => api.post('/v1/similar', { key, body: { anchors: ['cloud-0.example'], limit: 5 } })],
        ['lookup', () => api.post('/v1/entities/companies', { key, body: { ids: ['cloud-1.example'], by: 'domain' } })],
        [
          'relationships',
          () =>
            api.post('/v1/relationships', {
              key,
              body: { companies: [{ value: 'cloud-0.example' }, { value: 'cloud-1.example' }] },
            }),
        ],
        ['org chart', () => api.post('/v1/org-chart', { key, body: { domain: 'cloud-0.example' } })],
        ['filter values', () => api.get('/v1/search/filters/industry', { key })],
        ['coverage', () => api.get('/v1/coverage', { key })],
      ]
      for (const [name, call] of reads) {
        const before = { standby: await corpusReads(onStandby), primary: await corpusReads(onPrimary) }
        const chargedBefore = { standby: await charges(onStandby), primary: await charges(onPrimary) }
        const res = await call()
        expectStatus(res, 200)
        // coverage reads corpus_state only, which the vector index also reads on the primary: its proof is the counter below.
        if (name !== 'coverage') {
          assert.ok((await corpusReads(onStandby)) > before.standby, `${name}: corpus reads on the standby`)
          assert.equal(await corpusReads(onPrimary), before.primary, `${name}: no corpus read on the primary`)
        }
        const billed = res.body.meta?.credits_charged !== undefined && name !== 'filter values' && name !== 'coverage'
        assert.equal(await charges(onStandby), chargedBefore.standby, `${name}: nothing charged on the standby`)
        if (billed) assert.ok((await charges(onPrimary)) > chargedBefore.primary, `${name}: charged on the primary`)
      }
      const replicaReads = await metric(api, /^dsp_store_reads_total\{target="127\.0\.0\.1:\d+\/dsp"\}/)
      assert.ok((replicaReads ?? 0) >= reads.length, `dsp_store_reads_total of the standby: ${replicaReads}`)
      assert.equal(await metric(api, /^dsp_store_replica_up\{replica="127\.0\.0\.1:\d+\/dsp",state="up"\}/), 1)
      const { status, replica } = await readiness(api)
      assert.equal(status, 200)
      assert.match(replica[0], /^replica 127\.0\.0\.1:\d+\/dsp$/)
      assert.equal((replica[1] as { hard: boolean }).hard, false)
    })

    test('a standby lagging past DSP_READ_MAX_LAG_MS is skipped, and read again once it catches up', async () => {
      await standby.pauseReplay()
      try {
        // A write the service does not announce (no corpus change): only the lag can tell.
        await primary.query('create table if not exists lag_marker (at timestamptz)')
        await primary.query('insert into lag_marker values (now())')
        const lagging = await untilReplica(api, (r) => r.status === 'down', 'the paused standby skipped')
        assert.ok((lagging.lag_ms ?? Infinity) > MAX_LAG_MS, JSON.stringify(lagging))
        assert.match(lagging.detail ?? '', /lag \d+ ms over DSP_READ_MAX_LAG_MS 1000/)
        const lag = await metric(api, /^dsp_store_replica_lag_seconds\{/)
        assert.ok(lag !== null && lag > MAX_LAG_MS / 1000, `lag gauge ${lag}`)
        assert.equal(await metric(api, /^dsp_store_replica_up\{.*state="lagging"\}/), 0)
        const before = await corpusReads(onStandby)
        const primaryReads = (await metric(api, /^dsp_store_reads_total\{target="primary"\}/)) ?? 0
        const res = await api.post('/v1/search', { key, body: { query: 'cloud software', mode: 'fast', limit: 5 } })
        expectStatus(res, 200)
        assert.ok(res.body.results.length > 0)
        assert.equal(await corpusReads(onStandby), before, 'no read on the lagging standby')
        assert.equal(await metric(api, /^dsp_store_reads_total\{target="primary"\}/), primaryReads + 1)
      } finally {
        await standby.resumeReplay()
      }
      await untilReplica(api, (r) => r.status === 'up' && (r.lag_ms ?? Infinity) <= MAX_LAG_MS, 'the standby back')
      const before = await corpusReads(onStandby)
      expectStatus(
        await api.post('/v1/search', { key, body: { query: 'cloud software', mode: 'fast', limit: 5 } }),
        200,
      )
      assert.ok((await corpusReads(onStandby)) > before, 'reads on the standby again')
    })

    test('a record just ingested is found at once, though the standby has not replayed it yet', async () => {
      await standby.pauseReplay()
      try {
        const res = await api.request('POST', '/admin/v1/corpus/company', {
          rawBody: JSON.stringify({ account_name: 'Fresh Replica Co', domain: 'fresh-replica.example' }) + '\n',
          headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/x-ndjson' },
        })
        expectStatus(res, 200)
        // Within the lag bound the standby would serve this read without the corpus change's fence, and miss the record.
        const found = await api.post('/v1/entities/companies', {
          key,
          body: { ids: ['fresh-replica.example'], by: 'domain' },
        })
        expectStatus(found, 200)
        assert.equal(found.body.results[0]?.matches?.length, 1, JSON.stringify(found.body.results))
        const onReplica = await standby.query<{ n: number }>(
          "select count(*)::int as n from companies where domain = 'fresh-replica.example'",
        )
        assert.equal(onReplica[0]!.n, 0, 'the standby had not replayed it')
      } finally {
        await standby.resumeReplay()
      }
      await untilReplica(api, (r) => r.status === 'up', 'the standby past the change')
      const before = await corpusReads(onStandby)
      const again = await api.post('/v1/entities/companies', {
        key,
        body: { ids: ['fresh-replica.example'], by: 'domain' },
      })
      expectStatus(again, 200)
      assert.equal(again.body.results[0]?.matches?.length, 1)
      assert.ok((await corpusReads(onStandby)) > before, 'read on the standby, which holds it now')
    })

    test('a standby that stops answering (every process of it stopped with SIGSTOP) is skipped within the probe deadline', async () => {
      await standby.freeze()
      try {
        const down = await untilReplica(api, (r) => r.status === 'down', 'the silent standby skipped', 10_000)
        assert.match(down.detail ?? '', /^unreachable/)
        const before = (await metric(api, /^dsp_store_reads_total\{target="primary"\}/)) ?? 0
        const res = await api.post('/v1/search', { key, body: { query: 'cloud software', mode: 'fast', limit: 5 } })
        expectStatus(res, 200)
        assert.ok(res.body.results.length > 0)
        assert.equal(await metric(api, /^dsp_store_reads_total\{target="primary"\}/), before + 1)
      } finally {
        await standby.thaw()
      }
      await untilReplica(api, (r) => r.status === 'up', 'the standby answering again')
    })

    test('a read under way on the standby when it stops is run again on the primary, and charged once', async () => {
      // The primary takes a lock on companies that the standby replays: a search there waits on it.
      const locker = new pg.Client({ connectionString: cluster.url })
      await locker.connect()
      const retriedBefore = (await metric(api, /^dsp_store_read_retries_total\{/)) ?? 0
      const chargedBefore = await charges(onPrimary)
      let search: Promise<Res> | null = null
      try {
        await locker.query('begin')
        await locker.query('lock table companies in access exclusive mode')
        // The lock's WAL record sits on a part-filled page that the WAL writer does not flush on its
        // own (only the background writer's standby snapshot, every 15 s, would): a transaction
        // committed on another connection flushes the WAL up to its commit, the lock included, and
        // the standby receives it at once.
        await flushWal(cluster.url)
        await until(async () => {
          const [row] = await standby.query<{ n: number }>(
            "select count(*)::int as n from pg_locks where relation = 'companies'::regclass and mode = 'AccessExclusiveLock'",
          )
          return row!.n > 0
        }, 'the lock replayed on the standby')
        search = api.post('/v1/search', { key, body: { query: 'cloud software', mode: 'fast', limit: 5 } })
        await until(async () => {
          const [row] = await standby.query<{ n: number }>(
            "select count(*)::int as n from pg_stat_activity where application_name = 'dsp' and wait_event_type = 'Lock'",
          )
          return row!.n > 0
        }, 'the search waiting on the standby')
        await standby.stop()
      } finally {
        await locker.query('rollback').catch(() => undefined)
        await locker.end()
      }
      const res = await search!
      expectStatus(res, 200)
      assert.ok(res.body.results.length > 0)
      assert.equal(await metric(api, /^dsp_store_read_retries_total\{/), retriedBefore + 1, 'run again once')
      assert.equal(await charges(onPrimary), chargedBefore + 1, 'charged once')
      await standby.start()
      await untilReplica(api, (r) => r.status === 'up', 'the standby serving again')
    })

    test('the standby stopped under a billed load: no 5xx, nothing lost or charged twice; reads return once it is back', async (t) => {
      const domains = Array.from({ length: 30 }, (_, i) => `cloud-${i}.example`)
      // A workspace of its own: the money of this load alone is checked.
      const { key, workspace_id } = await api.admin.workspaceWithKey({ credits: CREDITS })
      const calls: Call[] = [
        ...billedCalls(api, key, domains),
        {
          name: 'search auto',
          billed: true,
          ok: [200],
          outage: [],
          run: () => api.post('/v1/search', { key, body: { query: 'cloud software companies in Germany', limit: 5 } }),
        },
        {
          name: 'relationships',
          billed: true,
          ok: [200],
          outage: [],
          run: () =>
            api.post('/v1/relationships', {
              key,
              body: { companies: [{ value: 'cloud-0.example' }, { value: 'cloud-1.example' }] },
            }),
        },
        {
          name: 'org chart',
          billed: true,
          ok: [200],
          outage: [],
          run: () => api.post('/v1/org-chart', { key, body: { domain: 'cloud-0.example' } }),
        },
      ]
      const warmup = await expectAllSucceed(calls, 1)
      const primaryBefore = (await metric(api, /^dsp_store_reads_total\{target="primary"\}/)) ?? 0
      const retriedBefore = (await metric(api, /^dsp_store_read_retries_total\{/)) ?? 0
      let stopMs = 0
      const answers = await underLoad(calls, async () => {
        const t0 = performance.now()
        await standby.stop()
        stopMs = Math.round(performance.now() - t0)
      })
      const failed = answers.filter((a) => !a.call.ok.includes(a.res.status))
      assert.deepEqual(
        failed.map((a) => `${a.call.name} ${a.res.status} ${a.res.text.slice(0, 300)}`),
        [],
        'every call under the stop succeeded',
      )
      const down = await untilReplica(api, (r) => r.status === 'down', 'the stopped standby reported down')
      assert.match(down.detail ?? '', /unreachable/)
      assert.equal((await readiness(api)).status, 200, 'a standby down does not gate readiness')
      assert.ok(((await metric(api, /^dsp_store_reads_total\{target="primary"\}/)) ?? 0) > primaryBefore)
      const retried = ((await metric(api, /^dsp_store_read_retries_total\{/)) ?? 0) - retriedBefore
      t.diagnostic(
        `${answers.length} calls while the standby stopped (${stopMs} ms), none failed; ${retried} reads run again elsewhere`,
      )
      await standby.start()
      await untilReplica(api, (r) => r.status === 'up', 'the standby serving again')
      const before = await corpusReads(onStandby)
      const after = await expectAllSucceed(calls, 1)
      assert.ok((await corpusReads(onStandby)) > before, 'reads on the standby again')
      await expectMoneyAgrees(api, key, workspace_id, CREDITS, [...warmup, ...answers, ...after])
    })
  },
)
