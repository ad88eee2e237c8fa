// OpenTelemetry export (issue 28 item 3): with OTEL_EXPORTER_OTLP_ENDPOINT a server sends one span
// per request over OTLP/HTTP to <endpoint>/v1/traces; a request with a W3C traceparent gets a span
// in that trace whose parent is the caller's span. The collector is a small HTTP server in the test.
import assert from 'node:assert/strict'
import { createServer, type Server } from 'node:http'
import { after, before, test } from 'node:test'
import { expectStatus } from '../support/http.ts'
import { startTestServer, type TestServer } from '../support/server.ts'

interface OtlpAttribute {
  key: string
  value: { stringValue?: string; intValue?: number | string }
}
interface OtlpSpan {
  traceId: string
  spanId: string
  parentSpanId?: string
  name: string
  kind: number
  attributes: OtlpAttribute[]
}
interface OtlpExport {
  resourceSpans: { resource: { attributes: OtlpAttribute[] }; scopeSpans: { spans: OtlpSpan[] }[] }[]
}

/** OTLP/JSON carries ids as hex; base64 is accepted too (the protobuf JSON mapping). */
const hexId = (id: string | undefined) =>
  !id ? '' : /^[0-9a-f]+$/.test(id) ? id : Buffer.from(id, 'base64').toString('hex')
const attr = (attributes: OtlpAttribute[], key: string) => {
  const v = attributes.find((a) => a.key === key)?.value
  return v?.stringValue ?? (v?.intValue !== undefined ? Number(v.intValue) : undefined)
}

const exports: { path: string; contentType: string; body: OtlpExport }[] = []
let collector: Server
let api: TestServer

before(async () => {
  collector = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      exports.push({
        path: req.url ?? '',
        contentType: req.headers['content-type'] ?? '',
        body: JSON.parse(Buffer.concat(chunks).toString('utf8')) as OtlpExport,
      })
      res.writeHead(200, { 'content-type': 'application/json' })
      res.end('{}')
    })
  })
  await new Promise<void>((resolve) => collector.listen(0, '127.0.0.1', resolve))
  const { port } = collector.address() as { port: number }
  api = await startTestServer({
    OTEL_EXPORTER_OTLP_ENDPOINT: `http://127.0.0.1:${port}/`,
    OTEL_SERVICE_NAME: 'dsp-test',
  })
})
after(async () => {
  await api?.close()
  collector?.close()
})

const spansOf = () =>
  exports.flatMap((e) =>
    e.body.resourceSpans.flatMap((r) =>
      r.scopeSpans.flatMap((s) => s.spans.map((span) => ({ span, resource: r.resource.attributes }))),
    ),
  )

// Runs first: the next test closes the server, which sends what is still in the batch.
test("an agent run's worker span joins the trace of the request that started it", async () => {
  const { key } = await api.admin.workspaceWithKey({ credits: 100 })
  const traceId = '0af7651916cd43dd8448eb211c80319c'
  const started = await api.post('/v1/agents/runs', {
    key,
    body: { query: 'cloud security companies', effort: 'minimal' },
    headers: { 'idempotency-key': `trace-${process.pid}`, traceparent: `00-${traceId}-b7ad6b7169203331-01` },
  })
  expectStatus(started, 202)
  const runId = started.body.run_id as string
  for (let i = 0; ; i++) {
    const run = await api.get(`/v1/agents/runs/${runId}`, { key })
    expectStatus(run, 200)
    if (['completed', 'failed', 'cancelled'].includes(run.body.status)) break
    assert.ok(i < 300, `run still ${run.body.status}`)
    await new Promise((r) => setTimeout(r, 50))
  }
  // The worker's span is exported once it ends; the batch goes out within a few seconds.
  let attempt: OtlpSpan | undefined
  for (let i = 0; !attempt && i < 200; i++) {
    attempt = spansOf().find(
      ({ span }) => span.name === 'agent_run attempt' && attr(span.attributes, 'dsp.run_id') === runId,
    )?.span
    if (!attempt) await new Promise((r) => setTimeout(r, 50))
  }
  assert.ok(
    attempt,
    spansOf()
      .map(({ span }) => span.name)
      .join(', '),
  )
  const start = spansOf().find(({ span }) => span.name === 'POST /v1/agents/runs' && hexId(span.traceId) === traceId)
  assert.ok(start, 'the start request has no span in the caller trace')
  assert.equal(hexId(attempt.traceId), traceId)
  assert.equal(hexId(attempt.parentSpanId), hexId(start.span.spanId))
  assert.equal(attempt.kind, 5, 'a consumer span')
  assert.equal(attr(attempt.attributes, 'dsp.run.attempt'), 1)
  assert.equal(attr(attempt.attributes, 'dsp.run.outcome'), 'finished')
})

test('a span per request reaches the OTLP collector, in the trace of the incoming traceparent', async () => {
  const traceId = '4bf92f3577b34da6a3ce929d0e0e4736'
  const parentId = '00f067aa0ba902b7'
  expectStatus(await api.get('/healthz', { headers: { traceparent: `00-${traceId}-${parentId}-01` } }), 200)
  expectStatus(await api.get('/readyz'), 200)
  // Closing the server sends what is still in the batch.
  await api.close()

  assert.ok(exports.length > 0, 'nothing was exported')
  for (const e of exports) {
    assert.equal(e.path, '/v1/traces')
    assert.match(e.contentType, /^application\/json/)
  }
  const spans = spansOf()
  const health = spans.find(({ span }) => span.name === 'GET /healthz')
  assert.ok(health, spans.map(({ span }) => span.name).join(', '))
  assert.equal(hexId(health.span.traceId), traceId)
  assert.equal(hexId(health.span.parentSpanId), parentId)
  assert.notEqual(hexId(health.span.spanId), parentId)
  assert.equal(health.span.kind, 2, 'a server span')
  assert.equal(attr(health.span.attributes, 'http.route'), '/healthz')
  assert.equal(attr(health.span.attributes, 'http.response.status_code'), 200)
  assert.equal(attr(health.resource, 'service.name'), 'dsp-test')

  // Without a traceparent the request starts a trace of its own.
  const ready = spans.find(({ span }) => span.name === 'GET /readyz')
  assert.ok(ready)
  assert.notEqual(hexId(ready.span.traceId), traceId)
  assert.match(hexId(ready.span.traceId), /^[0-9a-f]{32}$/)
  assert.equal(hexId(ready.span.parentSpanId), '')
})
