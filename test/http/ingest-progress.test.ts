// What `dsp ingest` shows while it runs (issue 26 item 7): a progress bar on a terminal (records
// read, records/s, rejects), nothing but the summary line when its output is not a terminal;
// through a running server too, where the admin route streams a progress line per committed
// batch (progress=true) and --batch-size is the route's batch_size.
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { Writable } from 'node:stream'
import { describe, test } from 'node:test'
import { progressLine } from '../../src/cli/ingest-output.ts'
import { processData, runDsp } from '../support/process.ts'
import { createReadStream, readFileSync } from 'node:fs'
import { ingestThroughServer } from '../../src/cli/ingest-remote.ts'
import type { IngestCliOptions, PrintedSummary } from '../../src/cli/ingest-output.ts'
import { ndjson } from '../support/admin.ts'
import { expectProblem } from '../support/http.ts'
import { ADMIN_TOKEN, useTestServer, type TestServer } from '../support/server.ts'

const progress = { read: 1200, upserted: 1100, unchanged: 0, rejected: 3, duplicate: 1 }

/** A stream that records what is written to it; a terminal when `tty` (with what cli-progress asks of one). */
function captured(tty: boolean) {
  let text = ''
  const stream = new Writable({
    write(chunk: Buffer, _e, cb) {
      text += chunk.toString()
      cb()
    },
  })
  Object.assign(stream, {
    isTTY: tty,
    columns: 120,
    cursorTo: (x: number) => ((text += `<cursor ${x}>`), true),
    clearLine: () => true,
    clearScreenDown: () => true,
    moveCursor: () => true,
  })
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => text }
}

describe('dsp ingest progress', () => {
  test('on a terminal: a bar with the share, the time left, records read, records/s and rejects', () => {
    const out = captured(true)
    const line = progressLine('company', { total: 2000, stream: out.stream })
    line.update(progress, 1000)
    line.done()
    const text = out.text()
    // The time left at the pace so far (cli-progress's ETA), where the total is known.
    assert.match(text, /company\s+\[[^\]]+\] 50% · ETA [\dsmh.]+ · 1,200 read · [\d,]+\/s · 3 rejected · 1 duplicate/)
  })

  test('on a terminal with no known total: records read and records/s without a bar', () => {
    const out = captured(true)
    const line = progressLine('person', { stream: out.stream })
    line.update({ ...progress, rejected: 0, duplicate: 0 })
    line.done()
    const text = out.text()
    assert.match(text, /person\s+1,200 read · [\d,]+\/s/)
    assert.doesNotMatch(text, /\] \d+%|rejected/)
  })

  test('not a terminal: nothing while it runs', () => {
    const out = captured(false)
    const line = progressLine('company', { total: 2000, stream: out.stream })
    line.update(progress, 1000)
    line.done()
    assert.equal(out.text(), '')
  })

  test('dsp ingest with its output piped: the summary line alone, no redrawn progress', async () => {
    const data = await processData()
    try {
      const file = path.join(data.env.DSP_DATA_DIR!, 'companies.jsonl')
      writeFileSync(
        file,
        [
          { domain: 'acme-progress.example', account_name: 'Acme Progress', industry: 'Manufacturing' },
          { domain: 'globex-progress.example', account_name: 'Globex Progress', industry: 'Logistics' },
          { domain: 'not a domain', account_name: 'Broken' },
        ]
          .map((r) => JSON.stringify(r))
          .join('\n') + '\n',
      )
      const {
        code,
        out: stdout,
        err: stderr,
      } = await runDsp(['ingest', '--category', 'company', '--max-rejects', '1', file], data.env)
      assert.equal(code, 0, stderr)
      // No carriage returns or terminal escapes anywhere: a log file reads line by line.
      for (const c of ['\r', '\u001b']) assert.ok(!(stdout + stderr).includes(c), JSON.stringify(stdout + stderr))
      const lines = stdout.trimEnd().split('\n')
      assert.match(
        lines[0]!,
        /^company\s+read 3 · inserted 2 · updated 0 · unchanged 0 · duplicate 0 · rejected 1 · [\d.]+ s · [\d,]+ records\/s · rejects in .*companies\.jsonl\.rejects\.jsonl$/,
      )
      // Then the reject reasons, one per line.
      assert.match(lines[1]!, /^\s+1\s+\/domain: /)
    } finally {
      await data.drop()
    }
  })
})

const server = useTestServer()

const PROGRESS_COMPANIES = [
  ...Array.from({ length: 5 }, (_, i) => ({ domain: `streamed-${i}.example`, account_name: `Streamed ${i}` })),
  { domain: 'streamed-0.example', account_name: 'Streamed again' },
  { domain: 'not a domain', account_name: 'Broken' },
]

async function postIngest(api: TestServer, body: string, query: Record<string, string>) {
  const u = new URL(`${api.url}/admin/v1/corpus/company`)
  for (const [k, v] of Object.entries(query)) u.searchParams.set(k, v)
  const res = await fetch(u, {
    method: 'POST',
    headers: { 'x-admin-token': ADMIN_TOKEN, 'content-type': 'application/x-ndjson' },
    body,
  })
  const text = await res.text()
  return { status: res.status, headers: res.headers, type: res.headers.get('content-type') ?? '', text }
}

type Line = { progress?: { read: number; upserted: number }; summary?: PrintedSummary; error?: unknown }

/** `dsp ingest <file>` through the running test server: what it printed and the summaries it reported. */
async function throughServer(
  api: TestServer,
  file: string,
  opts: IngestCliOptions,
  display: { tty?: boolean; onProgress?: (p: { upserted: number }) => void } = {},
) {
  const out = captured(display.tty ?? false)
  const printed: PrintedSummary[] = []
  await ingestThroughServer(
    { url: api.url, token: ADMIN_TOKEN, via: 'DSP_URL' },
    file,
    createReadStream(file),
    opts,
    (s) => printed.push(s),
    { stream: out.stream, onProgress: display.onProgress },
  )
  return { out, printed }
}

describe('ingest progress through a running server', () => {
  test('progress=true: a progress line per committed batch of batch_size records, then the same summary as without', async () => {
    const api = await server()
    const res = await postIngest(api, ndjson(PROGRESS_COMPANIES), { progress: 'true', batch_size: '2' })
    assert.equal(res.status, 200, res.text)
    assert.match(res.type, /^application\/x-ndjson/)
    const lines = res.text
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as Line)
    const progress = lines.filter((l) => l.progress).map((l) => l.progress!)
    // 5 distinct companies in batches of 2: three batches committed, each reported.
    assert.equal(progress.length, 3, res.text)
    assert.deepEqual(
      progress.map((p) => p.upserted),
      [2, 4, 5],
    )
    for (let i = 1; i < progress.length; i++) assert.ok(progress[i]!.read >= progress[i - 1]!.read)
    const last = lines.at(-1)!
    assert.ok(last.summary, res.text)
    const s = last.summary
    assert.deepEqual([s.read, s.inserted, s.updated, s.unchanged, s.duplicate, s.rejected], [7, 5, 0, 0, 1, 1])
    // The reject file holds the duplicate and the broken line, as a direct ingest writes it.
    const rejected = readFileSync(s.reject_file!, 'utf8')
      .trimEnd()
      .split('\n')
      .map((l) => JSON.parse(l) as { line: number })
    assert.deepEqual(rejected.map((r) => r.line).sort(), [6, 7])

    // The same body again without progress: one JSON summary, everything unchanged.
    const again = await postIngest(api, ndjson(PROGRESS_COMPANIES), { batch_size: '2' })
    assert.equal(again.status, 200, again.text)
    const plain = JSON.parse(again.text) as PrintedSummary
    assert.deepEqual([plain.read, plain.inserted, plain.unchanged, plain.duplicate, plain.rejected], [7, 0, 5, 1, 1])
  })

  test('progress=true with a refused option: the problem answer, not a stream', async () => {
    const api = await server()
    const res = await postIngest(api, ndjson(PROGRESS_COMPANIES), { progress: 'true', mapping: '{"nope": 1' })
    expectProblem({ ...res, body: JSON.parse(res.text) }, 422, 'request.invalid')
    const tooSmall = await postIngest(api, ndjson(PROGRESS_COMPANIES), { progress: 'true', batch_size: '0' })
    expectProblem({ ...tooSmall, body: JSON.parse(tooSmall.text) }, 422, 'request.invalid')
  })

  test('dsp ingest through the server: the bar on a terminal per committed batch, --batch-size applied, the summary printed', async () => {
    const api = await server()
    const records = Array.from({ length: 6 }, (_, i) => ({
      domain: `cli-streamed-${i}.example`,
      account_name: `Cli Streamed ${i}`,
    }))
    const file = path.join(api.app.deps.config.DSP_DATA_DIR, 'cli-streamed.jsonl')
    writeFileSync(file, ndjson([...records, { domain: 'not a domain', account_name: 'Broken' }]))
    const seen: number[] = []
    const { out, printed } = await throughServer(
      api,
      file,
      { category: 'company', format: 'auto', maxRejects: 1, batchSize: 2 },
      { tty: true, onProgress: (p) => seen.push(p.upserted) },
    )
    assert.equal(printed.length, 1, out.text())
    const s = printed[0]!
    assert.deepEqual([s.read, s.inserted, s.rejected, s.duplicate], [7, 6, 1, 0])
    assert.ok(s.reject_file && readFileSync(s.reject_file, 'utf8').includes('"line":7'))
    // The bar was drawn with records read and the reject count as batches committed.
    assert.match(
      out.text(),
      /company\s+\[[^\]]*\] \d+% · ETA [\dsmh.]+ · [\d,]+ read · [\d,]+\/s · 1 rejected · 0 duplicate/,
    )
    // --batch-size 2 reached the server: three batches of two committed, each reported.
    assert.deepEqual(seen, [2, 4, 6])
    assert.doesNotMatch(out.text(), /recognised columns|warning:/)
  })

  test('dsp ingest of a CSV through the server: the recognised columns and their warning printed with the summary', async () => {
    const api = await server()
    const file = path.join(api.app.deps.config.DSP_DATA_DIR, 'cli-tickers.csv')
    writeFileSync(file, 'Symbol,Security,CIK\nMMM,3M,66740\n')
    const { out, printed } = await throughServer(api, file, {
      category: 'company',
      format: 'auto',
      maxRejects: 0,
      dryRun: true,
    })
    assert.deepEqual(printed[0]!.ignored_columns, ['Symbol', 'Security'])
    assert.match(
      out.text(),
      /recognised columns \(csv\):\n {2}CIK → source_id\n {2}ignored: Symbol, Security\nwarning: no column was recognised as account_name/,
    )
    // --map reaches the server as map=field=column.
    const mapped = await throughServer(api, file, {
      category: 'company',
      format: 'auto',
      maxRejects: 0,
      dryRun: true,
      map: ['account_name=Security'],
    })
    assert.deepEqual(mapped.printed[0]!.mapping, { Security: 'account_name', CIK: 'source_id' })
    assert.doesNotMatch(mapped.out.text(), /warning:/)
  })
})
