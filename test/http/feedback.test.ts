// Feedback reports, the tag vocabulary and votes (contract §2.11, §3.6, §4.8). Subjects are billed
// searches of companies seeded through the admin corpus route, so a request_id exists in the
// credential's history; a page too large to keep, which no route here answers, is charged at the
// metering module.
import assert from 'node:assert/strict'
import { randomUUID } from 'node:crypto'
import { describe, test } from 'node:test'
import { verifyApiKey } from '../../src/domain/api-keys.ts'
import { chargeCall } from '../../src/domain/credits/metering.ts'
import { itEnforcesAuth } from '../support/auth-matrix.ts'
import { expectMeta, expectProblem, expectStatus } from '../support/http.ts'
import { useTestServer, type TestServer } from '../support/server.ts'

const server = useTestServer()
const SCOPES = ['dsp.search.read', 'dsp.usage.read'] as const
const DAY = 86_400

itEnforcesAuth(server, {
  method: 'POST',
  path: '/v1/feedback',
  scopes: SCOPES,
  body: { context: 'help', comment: 'hi', target: { kind: 'result_set' } },
})
itEnforcesAuth(server, { method: 'GET', path: '/v1/feedback', scopes: SCOPES })
itEnforcesAuth(server, {
  method: 'PUT',
  path: '/v1/feedback/votes',
  scopes: SCOPES,
  body: { request_id: 'req_x', level: 'result_set', entity_category: 'company', vote: 'like' },
})
itEnforcesAuth(server, { method: 'GET', path: '/v1/feedback/votes?request_id=req_x', scopes: SCOPES })

const SUBJECT_QUERY = 'fintech in berlin'
const seeded = new WeakMap<TestServer, Promise<unknown>>()

/**
 * A billed search answered for `key` (POST /v1/search, fast): its meta.request_id. Its page 1
 * snapshot holds acme.com and globex.com, the two companies seeded through the admin corpus route.
 */
async function searched(api: TestServer, key: string): Promise<string> {
  if (!seeded.has(api))
    seeded.set(
      api,
      api.admin.ingest(
        'company',
        ['acme.com', 'globex.com'].map((domain) => ({
          account_name: domain.split('.')[0],
          domain,
          description: 'A fintech payments company in Berlin',
        })),
      ),
    )
  await seeded.get(api)
  const res = await api.post('/v1/search', {
    key,
    body: { query: SUBJECT_QUERY, mode: 'fast', category: 'company', include_domains: ['acme.com', 'globex.com'] },
  })
  expectStatus(res, 200)
  assert.deepEqual(res.body.results.map((r: { id: string }) => r.id).sort(), ['acme.com', 'globex.com'])
  return res.body.meta.request_id
}

/**
 * A run whose first page was too large to keep (over 256 KB): no route's page on this corpus is,
 * so it is charged at the metering module.
 */
async function searchedTooLarge(api: TestServer, key: string): Promise<string> {
  const credential = await verifyApiKey(api.app.deps, key)
  const request_id = 'req_' + randomUUID().replace(/-/g, '').slice(0, 10)
  await chargeCall(
    api.app.deps,
    { credential, request_id },
    {
      action_type: 'dsp.search.fast',
      positions: [0, 1],
      scope: null,
      query: SUBJECT_QUERY,
      request: { body: { query: SUBJECT_QUERY } },
      result_count: 2,
      snapshot: null,
      snapshot_state: 'too_large',
    },
  )
  return request_id
}

const onRequest = (id: string) => ({ kind: 'request', id })
const aResult = (entity_id: string) => ({ kind: 'result', entity_id })
const theSet = { kind: 'result_set' }

describe('POST /v1/feedback', () => {
  test('files a report on a request this credential made: 201 created, target verified against the snapshot', async () => {
    const api = await server()
    // The key searches (dsp.search.read), then files on its own request.
    const { key } = await api.admin.workspaceWithKey({ scopes: SCOPES })
    const request_id = await searched(api, key)
    const res = await api.post('/v1/feedback', {
      key,
      body: {
        subject_ref: onRequest(request_id),
        target: { ...aResult('acme.com'), entity_type: 'company' },
        tags: ['stale'],
        comment: 'Moved to Munich.',
      },
    })
    expectStatus(res, 201)
    expectMeta(res, { credits_charged: null })
    assert.deepEqual(Object.keys(res.body).sort(), [
      'created_at',
      'feedback_id',
      'meta',
      'tag_vocab_version',
      'target_verified',
    ])
    assert.equal(res.body.tag_vocab_version, 2)
    assert.equal(res.body.target_verified, true)
    const list = await api.get('/v1/feedback', { key })
    expectStatus(list, 200)
    const [report] = list.body.results
    assert.equal(report.feedback_id, res.body.feedback_id)
    assert.equal(report.created_at, res.body.created_at)
    assert.deepEqual(
      {
        sentiment: report.sentiment,
        status: report.status,
        subject_kind: report.subject_kind,
        subject_id: report.subject_id,
        tags: report.tags,
        target_kind: report.target_kind,
        target_entity_id: report.target_entity_id,
        comment: report.comment,
        expected: report.expected,
      },
      {
        sentiment: 'bad',
        status: 'received',
        subject_kind: 'request',
        subject_id: request_id,
        tags: ['stale'],
        target_kind: 'result',
        target_entity_id: 'acme.com',
        comment: 'Moved to Munich.',
        expected: null,
      },
    )
    const { occurred_at, run_id, ...subject } = report.subject
    assert.deepEqual(subject, {
      action_type: 'dsp.search.fast',
      query: SUBJECT_QUERY,
      result_count: 2,
      result_total: 2,
      result_total_is_estimate: false,
      status: 'ok',
    })
    assert.ok(Number.isInteger(run_id) && !Number.isNaN(Date.parse(occurred_at)))
  })

  test('target_verified says whether the target entity_id is among the snapshot result ids; a result_set with a snapshot is verified', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const request_id = await searched(api, key)
    const outside = await api.post('/v1/feedback', {
      key,
      body: { subject_ref: onRequest(request_id), target: aResult('initech.com'), tags: ['irrelevant'] },
    })
    expectStatus(outside, 201)
    assert.equal(outside.body.target_verified, false)
    const set = await api.post('/v1/feedback', {
      key,
      body: {
        subject_ref: onRequest(request_id),
        target: theSet,
        tags: ['missing'],
        expected: { should_include: ['initech.com'] },
      },
    })
    assert.equal(set.body.target_verified, true)
    assert.equal((await api.get('/v1/feedback', { key })).body.total, 2, 'both stored')
  })

  test('target_verified false when the record cannot be checked (snapshot past 30 days, page too large to keep); the report is stored anyway', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const old = await searched(api, key)
    const tooLarge = await searchedTooLarge(api, key)
    const big = await api.post('/v1/feedback', {
      key,
      body: { subject_ref: onRequest(tooLarge), target: aResult('acme.com'), tags: ['duplicate'] },
    })
    expectStatus(big, 201)
    assert.equal(big.body.target_verified, false)
    await api.admin.withClock(29 * DAY, async () => {
      assert.equal(
        (await api.post('/v1/feedback', { key, body: { subject_ref: onRequest(old), target: aResult('acme.com') } }))
          .body.target_verified,
        true,
      )
    })
    await api.admin.withClock(31 * DAY, async () => {
      const late = await api.post('/v1/feedback', {
        key,
        body: { subject_ref: onRequest(old), target: aResult('acme.com') },
      })
      expectStatus(late, 201)
      assert.equal(late.body.target_verified, false)
    })
    assert.equal((await api.get('/v1/feedback', { key })).body.total, 3)
  })

  test('kind request must be a request this credential made within 90 days, else 404 feedback.subject_not_found', async () => {
    const api = await server()
    const mine = await api.admin.workspaceWithKey()
    const colleague = await api.admin.createKey(mine.workspace_id)
    const stranger = await api.admin.workspaceWithKey()
    const request_id = await searched(api, mine.key)
    const body = { subject_ref: onRequest(request_id), target: theSet, tags: ['too_few'] }
    expectProblem(
      await api.post('/v1/feedback', { key: mine.key, body: { ...body, subject_ref: onRequest('req_unknown') } }),
      404,
      'feedback.subject_not_found',
    )
    expectProblem(await api.post('/v1/feedback', { key: colleague.secret, body }), 404, 'feedback.subject_not_found')
    expectProblem(await api.post('/v1/feedback', { key: stranger.key, body }), 404, 'feedback.subject_not_found')
    await api.admin.withClock(89 * DAY, async () => {
      expectStatus(await api.post('/v1/feedback', { key: mine.key, body }), 201)
    })
    await api.admin.withClock(91 * DAY, async () => {
      expectProblem(await api.post('/v1/feedback', { key: mine.key, body }), 404, 'feedback.subject_not_found')
    })
    assert.equal((await api.get('/v1/feedback', { key: mine.key })).body.total, 1)
  })

  test('kind agent_run: a run the workspace cannot see → 404 feedback.subject_not_found', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    expectProblem(
      await api.post('/v1/feedback', {
        key,
        body: { subject_ref: { kind: 'agent_run', id: 'run_unknown' }, target: theSet, tags: ['too_few'] },
      }),
      404,
      'feedback.subject_not_found',
    )
  })

  test('subject_ref is required unless context is help → 422 naming it', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    for (const body of [
      { target: theSet, tags: ['missing'] },
      { subject_ref: null, target: theSet, tags: ['missing'] },
    ]) {
      const res = await api.post('/v1/feedback', { key, body })
      expectProblem(res, 422, 'request.invalid')
      assert.deepEqual(res.body.extra.errors[0].loc, ['body', 'subject_ref'])
    }
  })

  test('target: result requires entity_id; result_set requires it omitted', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const subject_ref = onRequest(await searched(api, key))
    for (const target of [
      { kind: 'result' },
      { kind: 'result', entity_id: null },
      { kind: 'result_set', entity_id: 'acme.com' },
      { kind: 'row' },
      { kind: 'result', entity_id: 'x'.repeat(129) },
    ]) {
      expectProblem(await api.post('/v1/feedback', { key, body: { subject_ref, target } }), 422, 'request.invalid')
    }
    expectProblem(await api.post('/v1/feedback', { key, body: { subject_ref } }), 422, 'request.invalid')
    assert.equal((await api.get('/v1/feedback', { key })).body.total, 0)
  })

  test("context help: subject optional (checked if sent), target result_set, a comment or a tag; lists as subject_kind 'help'", async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const res = await api.post('/v1/feedback', {
      key,
      body: { context: 'help', comment: 'How do I search by funding stage?', target: theSet },
    })
    expectStatus(res, 201)
    assert.equal(res.body.target_verified, false)
    expectStatus(
      await api.post('/v1/feedback', { key, body: { context: 'help', tags: ['no_results'], target: theSet } }),
      201,
    )
    const withSubject = await api.post('/v1/feedback', {
      key,
      body: { context: 'help', comment: 'this one', subject_ref: onRequest(await searched(api, key)), target: theSet },
    })
    expectStatus(withSubject, 201)
    expectProblem(
      await api.post('/v1/feedback', {
        key,
        body: { context: 'help', comment: 'x', subject_ref: onRequest('req_nope'), target: theSet },
      }),
      404,
      'feedback.subject_not_found',
    )
    expectProblem(
      await api.post('/v1/feedback', { key, body: { context: 'help', comment: 'x', target: aResult('acme.com') } }),
      422,
      'request.invalid',
    )
    expectProblem(
      await api.post('/v1/feedback', { key, body: { context: 'help', target: theSet } }),
      422,
      'request.invalid',
    )
    expectProblem(
      await api.post('/v1/feedback', { key, body: { context: 'help', comment: '  ', tags: [], target: theSet } }),
      422,
      'request.invalid',
    )
    expectProblem(
      await api.post('/v1/feedback', { key, body: { context: 'support', comment: 'x', target: theSet } }),
      422,
      'request.invalid',
    )
    const helps = await api.get('/v1/feedback', { key, query: { subject_kind: 'help' } })
    assert.equal(helps.body.total, 3)
    assert.ok(helps.body.results.every((r: { subject_kind: string }) => r.subject_kind === 'help'))
  })

  test('tags: unknown → 422 naming the valid set; a tag of the other level → 422 naming the tag; other needs a comment; at most 10', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const subject_ref = onRequest(await searched(api, key))
    const unknown = await api.post('/v1/feedback', {
      key,
      body: { subject_ref, target: theSet, tags: ['too_few', 'meh'] },
    })
    expectProblem(unknown, 422, 'request.invalid')
    assert.match(unknown.body.detail, /'meh'/)
    for (const t of ['irrelevant', 'bad_ranking', 'other'])
      assert.ok(unknown.body.detail.includes(t), unknown.body.detail)
    assert.deepEqual(unknown.body.extra.errors[0].loc, ['body', 'tags', 1])
    const setOnResult = await api.post('/v1/feedback', {
      key,
      body: { subject_ref, target: aResult('acme.com'), tags: ['bad_ranking'] },
    })
    expectProblem(setOnResult, 422, 'request.invalid')
    assert.match(setOnResult.body.detail, /bad_ranking/)
    const resultOnSet = await api.post('/v1/feedback', {
      key,
      body: { subject_ref, target: theSet, tags: ['wrong_entity'] },
    })
    expectProblem(resultOnSet, 422, 'request.invalid')
    assert.match(resultOnSet.body.detail, /wrong_entity/)
    expectProblem(
      await api.post('/v1/feedback', { key, body: { subject_ref, target: theSet, tags: ['other'] } }),
      422,
      'request.invalid',
    )
    expectStatus(
      await api.post('/v1/feedback', {
        key,
        body: { subject_ref, target: theSet, tags: ['other'], comment: 'Results in the wrong language.' },
      }),
      201,
    )
    expectStatus(
      await api.post('/v1/feedback', {
        key,
        body: { subject_ref, target: aResult('acme.com'), tags: ['other', 'data_quality'], comment: 'Logo is a cat.' },
      }),
      201,
    )
    const eleven = Array.from({ length: 11 }, () => 'too_few')
    expectProblem(
      await api.post('/v1/feedback', { key, body: { subject_ref, target: theSet, tags: eleven } }),
      422,
      'request.invalid',
    )
    assert.equal((await api.get('/v1/feedback', { key })).body.total, 2)
  })

  test('field bounds and unknown fields → 422', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const subject_ref = onRequest(await searched(api, key))
    const bad = [
      { subject_ref, target: theSet, surprise: 1 },
      { subject_ref: { kind: 'request', id: 'x'.repeat(129) }, target: theSet },
      { subject_ref: { kind: 'session', id: 'x' }, target: theSet },
      { subject_ref, target: theSet, sentiment: 'meh' },
      { subject_ref, target: theSet, expected: { should_include: Array.from({ length: 201 }, (_, i) => `c${i}.com`) } },
      { subject_ref, target: { kind: 'result', entity_id: 'acme.com', entity_type: 'x'.repeat(33) } },
    ]
    for (const body of bad) expectProblem(await api.post('/v1/feedback', { key, body }), 422, 'request.invalid')
    const good = await api.post('/v1/feedback', {
      key,
      body: {
        subject_ref,
        target: theSet,
        sentiment: 'good',
        comment: 'x'.repeat(10_000),
        expected: { note: 'More of these', should_include: ['a.com'] },
      },
    })
    expectStatus(good, 201)
    const [report] = (await api.get('/v1/feedback', { key })).body.results
    assert.equal(report.sentiment, 'good')
    assert.deepEqual(report.expected, { note: 'More of these', should_include: ['a.com'], should_exclude: [] })
  })

  test('feedback store unreachable → 503 feedback.unavailable and nothing is filed', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const subject_ref = onRequest(await searched(api, key))
    await api.admin.withFault('feedback', async () => {
      expectProblem(
        await api.post('/v1/feedback', { key, body: { subject_ref, target: theSet, tags: ['too_few'] } }),
        503,
        'feedback.unavailable',
      )
    })
    assert.equal((await api.get('/v1/feedback', { key })).body.total, 0)
  })
})

describe('GET /v1/feedback', () => {
  test('private to the filing credential; newest first; total; limit 1..200 (default 50) and offset', async () => {
    const api = await server()
    const mine = await api.admin.workspaceWithKey()
    const colleague = await api.admin.createKey(mine.workspace_id)
    for (let i = 0; i < 3; i++)
      await api.post('/v1/feedback', { key: mine.key, body: { context: 'help', comment: `c${i}`, target: theSet } })
    const res = await api.get('/v1/feedback', { key: mine.key })
    expectStatus(res, 200)
    expectMeta(res, { credits_charged: null })
    assert.deepEqual([res.body.limit, res.body.offset, res.body.total], [50, 0, 3])
    assert.deepEqual(
      res.body.results.map((r: { comment: string }) => r.comment),
      ['c2', 'c1', 'c0'],
    )
    const page = await api.get('/v1/feedback', { key: mine.key, query: { limit: 1, offset: 1 } })
    assert.deepEqual([page.body.total, page.body.results.length, page.body.results[0].comment], [3, 1, 'c1'])
    assert.equal((await api.get('/v1/feedback', { key: colleague.secret })).body.total, 0)
    for (const query of [{ limit: 0 }, { limit: 201 }, { offset: -1 }, { cursor: 'x' }]) {
      expectProblem(await api.get('/v1/feedback', { key: mine.key, query }), 422, 'request.invalid')
    }
    expectStatus(await api.get('/v1/feedback', { key: mine.key, query: { limit: 200 } }), 200)
  })

  test('filters by subject_id, tag, subject_kind and status; values outside the published vocabulary → 422, not an empty list', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const r1 = await searched(api, key)
    const r2 = await searched(api, key)
    await api.post('/v1/feedback', {
      key,
      body: { subject_ref: onRequest(r1), target: aResult('acme.com'), tags: ['stale', 'data_quality'] },
    })
    await api.post('/v1/feedback', { key, body: { subject_ref: onRequest(r2), target: theSet, tags: ['too_few'] } })
    await api.post('/v1/feedback', { key, body: { context: 'help', comment: '?', target: theSet } })
    const count = async (query: Record<string, string>) => (await api.get('/v1/feedback', { key, query })).body.total
    assert.equal(await count({ subject_id: r1 }), 1)
    assert.equal(await count({ tag: 'data_quality' }), 1)
    assert.equal(await count({ tag: 'missing' }), 0)
    assert.equal(await count({ subject_kind: 'request' }), 2)
    assert.equal(await count({ status: 'received' }), 3)
    assert.equal(await count({ status: 'resolved' }), 0)
    for (const query of [
      { tag: 'meh' },
      { subject_kind: 'session' },
      { status: 'closed' },
      { status: 'x'.repeat(17) },
    ]) {
      expectProblem(await api.get('/v1/feedback', { key, query }), 422, 'request.invalid')
    }
  })

  test('feedback store unreachable → 503 feedback.unavailable', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    await api.admin.withFault('feedback', async () => {
      expectProblem(await api.get('/v1/feedback', { key }), 503, 'feedback.unavailable')
    })
  })
})

describe('GET /v1/feedback/tags', () => {
  test('needs no credential: the closed vocabulary, version 2, each with label, description, applies_to, requires_comment', async () => {
    const api = await server()
    const res = await api.get('/v1/feedback/tags')
    expectStatus(res, 200)
    assert.equal(res.body.version, 2)
    const byTag = Object.fromEntries(res.body.tags.map((t: { tag: string }) => [t.tag, t]))
    assert.deepEqual(Object.keys(byTag).sort(), [
      'bad_ranking',
      'data_quality',
      'duplicate',
      'irrelevant',
      'missing',
      'no_results',
      'other',
      'stale',
      'too_few',
      'too_many',
      'wrong_entity',
    ])
    for (const t of ['irrelevant', 'wrong_entity', 'stale', 'data_quality', 'duplicate'])
      assert.equal(byTag[t].applies_to, 'result')
    for (const t of ['bad_ranking', 'missing', 'no_results', 'too_few', 'too_many'])
      assert.equal(byTag[t].applies_to, 'result_set')
    assert.deepEqual([byTag.other.applies_to, byTag.other.requires_comment], ['any', true])
    for (const t of res.body.tags) {
      assert.deepEqual(Object.keys(t).sort(), ['applies_to', 'description', 'label', 'requires_comment', 'tag'])
      if (t.tag !== 'other') assert.equal(t.requires_comment, false)
    }
  })
})

describe('PUT /v1/feedback/votes', () => {
  const setVote = (request_id: string, vote: string, extra: Record<string, unknown> = {}) => ({
    request_id,
    level: 'result_set',
    entity_category: 'company',
    vote,
    ...extra,
  })
  const flag = (request_id: string, entity_id: string, extra: Record<string, unknown> = {}) => ({
    request_id,
    level: 'result',
    entity_category: 'company',
    entity_id,
    vote: 'flag',
    ...extra,
  })

  test('one active vote per request and level: an identical vote changes nothing, a different one replaces it', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const first = await api.put('/v1/feedback/votes', { key, body: setVote('req_v1', 'like') })
    expectStatus(first, 200)
    expectMeta(first, { credits_charged: null })
    assert.equal(first.body.changed, true)
    assert.deepEqual(Object.keys(first.body.vote).sort(), [
      'created_at',
      'entity_category',
      'entity_id',
      'level',
      'reason_code',
      'request_id',
      'text',
      'vote',
      'vote_id',
    ])
    assert.deepEqual(
      [first.body.vote.vote, first.body.vote.entity_id, first.body.vote.reason_code, first.body.vote.text],
      ['like', null, null, null],
    )
    const same = await api.put('/v1/feedback/votes', { key, body: setVote('req_v1', 'like') })
    assert.equal(same.body.changed, false)
    assert.equal(same.body.vote.vote_id, first.body.vote.vote_id)
    const changed = await api.put('/v1/feedback/votes', {
      key,
      body: setVote('req_v1', 'dislike', { reason_code: 'too_few', text: 'Expected dozens.' }),
    })
    assert.equal(changed.body.changed, true)
    assert.notEqual(changed.body.vote.vote_id, first.body.vote.vote_id)
    const votes = await api.get('/v1/feedback/votes', { key, query: { request_id: 'req_v1' } })
    expectStatus(votes, 200)
    assert.equal(votes.body.request_id, 'req_v1')
    assert.deepEqual(
      votes.body.votes.map((v: { vote: string; reason_code: string; text: string }) => [v.vote, v.reason_code, v.text]),
      [['dislike', 'too_few', 'Expected dozens.']],
    )
    const sameAgain = await api.put('/v1/feedback/votes', {
      key,
      body: setVote('req_v1', 'dislike', { reason_code: 'too_few', text: 'Expected dozens.' }),
    })
    assert.equal(sameAgain.body.changed, false)
  })

  test('a flag is one per entity_id; flags and the set vote live side by side; votes list oldest first', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    await api.put('/v1/feedback/votes', { key, body: flag('req_v2', 'acme.com') })
    await api.put('/v1/feedback/votes', { key, body: flag('req_v2', 'globex.com', { reason_code: 'duplicate' }) })
    await api.put('/v1/feedback/votes', { key, body: setVote('req_v2', 'dislike') })
    const replaced = await api.put('/v1/feedback/votes', {
      key,
      body: flag('req_v2', 'acme.com', { reason_code: 'outdated' }),
    })
    assert.equal(replaced.body.changed, true)
    const votes = (await api.get('/v1/feedback/votes', { key, query: { request_id: 'req_v2' } })).body.votes
    assert.deepEqual(
      votes.map((v: { level: string; entity_id: string; reason_code: string }) => [
        v.level,
        v.entity_id,
        v.reason_code,
      ]),
      [
        ['result', 'globex.com', 'duplicate'],
        ['result_set', null, null],
        ['result', 'acme.com', 'outdated'],
      ],
    )
  })

  test('level rules: result_set takes like or dislike without entity_id; result takes flag with entity_id', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const bad = [
      setVote('req_v3', 'flag'),
      setVote('req_v3', 'like', { entity_id: 'acme.com' }),
      { ...flag('req_v3', 'acme.com'), vote: 'like' },
      { ...flag('req_v3', 'acme.com'), vote: 'dislike' },
      { request_id: 'req_v3', level: 'result', entity_category: 'company', vote: 'flag' },
      { ...setVote('req_v3', 'like'), level: 'row' },
      { ...setVote('req_v3', 'like'), entity_category: 'planet' },
      { ...setVote('req_v3', 'like'), request_id: '' },
      { ...setVote('req_v3', 'like'), request_id: 'x'.repeat(129) },
      flag('req_v3', 'x'.repeat(256)),
    ]
    for (const body of bad) expectProblem(await api.put('/v1/feedback/votes', { key, body }), 422, 'request.invalid')
    const res = await api.put('/v1/feedback/votes', { key, body: flag('req_v3', 'acme.com') })
    expectStatus(res, 200)
    assert.equal((await api.get('/v1/feedback/votes', { key, query: { request_id: 'req_v3' } })).body.votes.length, 1)
  })

  test('reason codes per level, never with like; text only with a reason code, up to 2000 characters', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const bad = [
      setVote('req_v4', 'like', { reason_code: 'other' }),
      setVote('req_v4', 'dislike', { reason_code: 'duplicate' }),
      flag('req_v4', 'acme.com', { reason_code: 'too_few' }),
      setVote('req_v4', 'dislike', { text: 'why' }),
      setVote('req_v4', 'like', { text: 'nice' }),
      setVote('req_v4', 'dislike', { reason_code: 'other', text: 'x'.repeat(2001) }),
      setVote('req_v4', 'dislike', { reason_code: 'x'.repeat(33) }),
    ]
    for (const body of bad) {
      const res = await api.put('/v1/feedback/votes', { key, body })
      expectProblem(res, 422, 'request.invalid')
    }
    const wrongLevel = await api.put('/v1/feedback/votes', {
      key,
      body: setVote('req_v4', 'dislike', { reason_code: 'duplicate' }),
    })
    assert.match(wrongLevel.body.detail, /not_relevant/)
    for (const reason_code of ['not_relevant', 'missing_expected', 'too_few', 'wrong_or_outdated', 'other']) {
      expectStatus(
        await api.put('/v1/feedback/votes', { key, body: setVote('req_v4', 'dislike', { reason_code }) }),
        200,
      )
    }
    for (const reason_code of ['wrong_entity', 'outdated', 'duplicate', 'missing_info', 'other']) {
      expectStatus(
        await api.put('/v1/feedback/votes', {
          key,
          body: flag('req_v4', 'acme.com', { reason_code, text: 'x'.repeat(2000) }),
        }),
        200,
      )
    }
  })

  test('a vote is not checked against history: an unknown or expired request is still recorded', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    expectStatus(await api.put('/v1/feedback/votes', { key, body: setVote('req_never_seen', 'like') }), 200)
    const old = await searched(api, key)
    await api.admin.withClock(120 * DAY, async () => {
      const res = await api.put('/v1/feedback/votes', { key, body: flag(old, 'acme.com') })
      expectStatus(res, 200)
      assert.equal(res.body.changed, true)
    })
  })

  test('votes belong to the credential that cast them', async () => {
    const api = await server()
    const mine = await api.admin.workspaceWithKey()
    const colleague = await api.admin.createKey(mine.workspace_id)
    await api.put('/v1/feedback/votes', { key: mine.key, body: setVote('req_v5', 'like') })
    const theirs = await api.put('/v1/feedback/votes', { key: colleague.secret, body: setVote('req_v5', 'dislike') })
    assert.equal(theirs.body.changed, true)
    const votes = (await api.get('/v1/feedback/votes', { key: mine.key, query: { request_id: 'req_v5' } })).body.votes
    assert.deepEqual(
      votes.map((v: { vote: string }) => v.vote),
      ['like'],
    )
  })

  test('feedback store unreachable → 503 feedback.unavailable and nothing is saved', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    await api.admin.withFault('feedback', async () => {
      expectProblem(
        await api.put('/v1/feedback/votes', { key, body: setVote('req_v6', 'like') }),
        503,
        'feedback.unavailable',
      )
    })
    assert.deepEqual((await api.get('/v1/feedback/votes', { key, query: { request_id: 'req_v6' } })).body.votes, [])
  })
})

describe('GET /v1/feedback/votes', () => {
  test('request_id is required, 1..128; no votes → an empty list', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    expectProblem(await api.get('/v1/feedback/votes', { key }), 422, 'request.invalid')
    expectProblem(
      await api.get('/v1/feedback/votes', { key, query: { request_id: 'x'.repeat(129) } }),
      422,
      'request.invalid',
    )
    const res = await api.get('/v1/feedback/votes', { key, query: { request_id: 'req_none' } })
    expectStatus(res, 200)
    expectMeta(res, { credits_charged: null })
    assert.deepEqual(res.body.votes, [])
  })

  test('feedback store unreachable → 503 feedback.unavailable', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    await api.admin.withFault('feedback', async () => {
      expectProblem(
        await api.get('/v1/feedback/votes', { key, query: { request_id: 'req_x' } }),
        503,
        'feedback.unavailable',
      )
    })
  })
})
