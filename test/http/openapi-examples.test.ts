// Every operation of /openapi.json carries an example request and answer (issue 29 item 1), and
// the examples are true: the scenario of src/contract/examples.ts is sent again to a real server
// on the demo corpus, and each answer has the recorded status and fits the response schema the
// description declares for it. (redocly's no-invalid-media-type-examples rule, in openapi.test.ts,
// checks the recorded examples against the same schemas.) And the response headers real answers
// carry (Retry-After, the RateLimit fields, Server-Timing) are declared where they are sent.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { RECORDED_EXAMPLES } from '../../src/contract/examples-recorded.ts'
import { EXAMPLE_STEPS } from '../../src/contract/examples.ts'
import { EXAMPLE_SETTINGS, runExampleScenario } from '../support/examples.ts'
import { expectProblem, expectStatus, type Res } from '../support/http.ts'
import { signUp } from '../support/session.ts'
import { useTestServer } from '../support/server.ts'

const server = useTestServer(EXAMPLE_SETTINGS, { demo: true })

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
const operations = (doc: Json) =>
  Object.entries(doc.paths as Json).flatMap(([path, ops]) =>
    Object.entries(ops as Json).map(([method, op]) => ({ path, method, op: op as Json })),
  )

/** Validates a value against the schema of an answer media type (a $ref to a component). */
function answerChecker(doc: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  ;(addFormats as unknown as (a: Ajv2020) => void)(ajv)
  ajv.addSchema({ $id: 'https://dsp.test/openapi.json', components: doc.components })
  return (schema: Json, value: unknown): string[] => {
    const ref = schema.$ref as string | undefined
    const validate = ref
      ? ajv.getSchema(`https://dsp.test/openapi.json${ref}`)
      : ajv.compile({ ...schema, $id: `https://dsp.test/inline-${Math.random()}` })
    assert.ok(validate, `no schema ${ref}`)
    return validate(value)
      ? []
      : (validate.errors ?? []).slice(0, 5).map((e) => `${e.instancePath} ${e.message} ${JSON.stringify(e.params)}`)
  }
}

describe('examples in /openapi.json', () => {
  test('every operation has an example of each required parameter, its body and its answer', async () => {
    const api = await server()
    const doc = (await api.get('/openapi.json')).body as Json
    for (const { path, method, op } of operations(doc)) {
      const where = `${method.toUpperCase()} ${path}`
      const recorded = RECORDED_EXAMPLES[op.operationId as string]
      assert.ok(recorded, `${where}: no example (src/contract/examples.ts, then npm run examples:record)`)
      for (const p of (op.parameters ?? []) as Json[])
        if (p.required) assert.notEqual(p.example, undefined, `${where}: parameter ${p.name} has no example`)
      const body = op.requestBody?.content?.['application/json']
      if (op.requestBody?.required) assert.ok(body?.examples, `${where}: no request body example`)
      const answer = op.responses[String(recorded.status)]
      assert.ok(answer, `${where}: the example's status ${recorded.status} is not declared`)
      if (recorded.status !== 204) {
        const media = Object.values(answer.content as Json)[0] as Json
        assert.ok(media.examples, `${where}: no answer example under ${recorded.status}`)
      }
    }
    // Published examples belong to operations that exist.
    const ids = new Set(operations(doc).map((o) => o.op.operationId as string))
    for (const id of Object.keys(RECORDED_EXAMPLES)) assert.ok(ids.has(id), `example of unknown operation ${id}`)
  })

  test('the recorded answers fit the schemas they are published under', async () => {
    const api = await server()
    const doc = (await api.get('/openapi.json')).body as Json
    const check = answerChecker(doc)
    for (const { path, op } of operations(doc)) {
      const recorded = RECORDED_EXAMPLES[op.operationId as string]!
      const content = (op.responses[String(recorded.status)].content ?? {}) as Json
      const json = content['application/json'] ?? content['application/problem+json']
      if (json) assert.deepEqual(check(json.schema, recorded.answer), [], `${op.operationId} ${path}`)
    }
    // The check sees a broken answer.
    const search = doc.paths['/v1/search'].post.responses['200'].content['application/json']
    const broken = structuredClone(RECORDED_EXAMPLES.searchRecords!.answer) as Json
    broken.results[0].score = 'high'
    assert.notDeepEqual(check(search.schema, broken), [])
  })

  test('each example request sent to a real server on the demo corpus gets the recorded status and an answer that fits the declared schema', async () => {
    const api = await server()
    const doc = (await api.get('/openapi.json')).body as Json
    const check = answerChecker(doc)
    const runs = await runExampleScenario(api)
    assert.equal(runs.length, EXAMPLE_STEPS.length)
    const published = runs.filter((r) => !r.step.helper)
    assert.deepEqual(
      [...new Set(published.map((r) => r.step.operationId))].sort(),
      operations(doc)
        .map((o) => o.op.operationId as string)
        .sort(),
      'one published step per operation',
    )
    for (const run of runs) {
      const where = `${run.step.name ?? run.step.operationId} (${run.method.toUpperCase()} ${run.path})`
      if (run.step.helper) assert.ok(run.res.status < 300, `${where}: ${run.res.text.slice(0, 500)}`)
      else
        assert.equal(
          run.res.status,
          RECORDED_EXAMPLES[run.step.operationId]!.status,
          `${where}: ${run.res.text.slice(0, 500)}`,
        )
      const op = doc.paths[run.path][run.method] as Json
      const declared = op.responses[String(run.res.status)] as Json | undefined
      assert.ok(declared, `${where}: status ${run.res.status} is not declared`)
      if (run.res.status === 204) continue
      const type = (run.res.headers.get('content-type') ?? '').split(';')[0]!
      const media = declared.content?.[type] as Json | undefined
      assert.ok(media, `${where}: ${type} is not declared under ${run.res.status}`)
      if (type === 'text/event-stream') {
        assert.match(run.res.text, /^event: done$/m, `${where}: the stream ends with done`)
        continue
      }
      assert.deepEqual(check(media.schema, run.res.body), [], `${where}: the answer does not fit its schema`)
      // The published answer has the live answer's fields.
      if (!run.step.helper)
        assert.deepEqual(
          Object.keys(run.res.body as Json).sort(),
          Object.keys(RECORDED_EXAMPLES[run.step.operationId]!.answer as Json).sort(),
          `${where}: the recorded answer's fields differ from the live answer's: npm run examples:record`,
        )
    }
  })
})

/** Response headers of the contract: each one a real answer carries must be declared under its status. */
const WATCHED = ['retry-after', 'ratelimit', 'ratelimit-policy', 'server-timing']

function undeclaredHeaders(doc: Json, method: string, path: string, res: Res): string[] {
  const declared = doc.paths[path]?.[method.toLowerCase()]?.responses?.[String(res.status)] as Json | undefined
  const names = Object.keys((declared?.headers ?? {}) as Json).map((h) => h.toLowerCase())
  return WATCHED.filter((h) => res.headers.get(h) !== null && !names.includes(h)).map(
    (h) => `${method} ${path} ${res.status}: ${h} is sent but not declared`,
  )
}

describe('response headers in /openapi.json', () => {
  test('Retry-After, RateLimit, RateLimit-Policy and Server-Timing on real answers (429 of the session throttle, 503, 504, 200) are declared', async () => {
    const api = await server()
    const doc = (await api.get('/openapi.json')).body as Json
    const problems: string[] = []
    const { key } = await api.admin.workspaceWithKey({ credits: 50 })
    const seen: string[] = []
    const look = (method: string, path: string, res: Res) => {
      for (const h of WATCHED) if (res.headers.get(h) !== null) seen.push(`${res.status} ${h}`)
      problems.push(...undeclaredHeaders(doc, method, path, res))
    }

    // 200 with Server-Timing.
    const ok = await api.post('/v1/search', { key, body: { query: 'cloud database', mode: 'fast', limit: 1 } })
    expectStatus(ok, 200)
    look('POST', '/v1/search', ok)

    // 429 quota.burst_exceeded from a dashboard session's throttle on a public route.
    const member = await signUp(api)
    let throttled: Res | null = null
    for (let i = 0; i < 40 && !throttled; i++) {
      const res = await member.get('/v1/credits')
      if (res.status === 429) throttled = res
      else expectStatus(res, 200)
    }
    assert.ok(throttled, 'the session throttle never answered 429')
    expectProblem(throttled, 429, 'quota.burst_exceeded')
    assert.match(throttled.headers.get('ratelimit') ?? '', /^"session-minute";r=0;t=\d+$/)
    look('GET', '/v1/credits', throttled)
    await api.admin.advanceClock(120)

    // 503: the credential store is down.
    const cold = (await api.admin.workspaceWithKey()).key
    await api.admin.withFault('auth', async () => {
      const res = await api.get('/v1/credits', { key: cold })
      expectProblem(res, 503, 'auth.unavailable')
      look('GET', '/v1/credits', res)
    })

    // 504: the retrieval engine does not answer in time.
    await api.admin.fault('retrieval', 'slow')
    try {
      const res = await api.post('/v1/search', { key, body: { query: 'cloud', mode: 'fast' } })
      expectProblem(res, 504, 'upstream.timeout')
      look('POST', '/v1/search', res)
    } finally {
      await api.admin.clearFaults()
    }

    for (const h of [
      '200 server-timing',
      '429 retry-after',
      '429 ratelimit',
      '429 ratelimit-policy',
      '503 retry-after',
    ])
      assert.ok(seen.includes(h), `no answer carried ${h}: ${seen.join(', ')}`)
    assert.deepEqual(problems, [])
  })

  test('the check finds a header sent but not declared', async () => {
    const api = await server()
    const doc = structuredClone((await api.get('/openapi.json')).body) as Json
    delete doc.paths['/v1/credits'].get.responses['429'].headers.RateLimit
    const res = { status: 429, headers: new Headers({ ratelimit: '"session-minute";r=0;t=5' }) } as Res
    assert.deepEqual(undeclaredHeaders(doc, 'GET', '/v1/credits', res), [
      'GET /v1/credits 429: ratelimit is sent but not declared',
    ])
  })
})
