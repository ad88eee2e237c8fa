// Saved lists (contract §2.10, §4.7): workspace lists, id normalisation, counts, the
// Do-Not-Contact list, the saved-items cap, field tiers, item records, the items cursor, outages.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { itEnforcesAuth } from '../support/auth-matrix.ts'
import { expectMeta, expectProblem, expectStatus } from '../support/http.ts'
import { ADMIN_TOKEN, startTestServer, useTestServer, type TestServer } from '../support/server.ts'
import { memberSession } from '../support/session.ts'

const server = useTestServer()
const admin = { 'x-admin-token': ADMIN_TOKEN }
const SCOPES = ['dsp.search.read', 'dsp.entities.read'] as const
const LIST = '/v1/lists/00000000-0000-4000-8000-000000000000'
const company = (entity_id: string) => ({ entity_category: 'company', entity_id })

itEnforcesAuth(server, { method: 'GET', path: '/v1/lists', scopes: SCOPES })
itEnforcesAuth(server, { method: 'POST', path: '/v1/lists', scopes: SCOPES, body: { name: 'x' } })
itEnforcesAuth(server, { method: 'PATCH', path: LIST, scopes: SCOPES, body: { name: 'x' } })
itEnforcesAuth(server, { method: 'DELETE', path: LIST, scopes: SCOPES })
itEnforcesAuth(server, {
  method: 'POST',
  path: `${LIST}/items`,
  scopes: SCOPES,
  body: { items: [company('acme.com')] },
})
itEnforcesAuth(server, {
  method: 'DELETE',
  path: `${LIST}/items`,
  scopes: SCOPES,
  body: { items: [company('acme.com')] },
})
itEnforcesAuth(server, { method: 'GET', path: `${LIST}/items`, scopes: SCOPES })

async function createList(api: TestServer, key: string, name = 'Leads'): Promise<string> {
  const res = await api.post('/v1/lists', { key, body: { name } })
  expectStatus(res, 201)
  return res.body.id
}

async function add(
  api: TestServer,
  key: string,
  listId: string,
  items: { entity_category: string; entity_id: string }[],
) {
  return api.post(`/v1/lists/${listId}/items`, { key, body: { items } })
}

async function itemIds(api: TestServer, key: string, listId: string): Promise<string[]> {
  const res = await api.get(`/v1/lists/${listId}/items`, { key, query: { limit: 100 } })
  expectStatus(res, 200)
  return res.body.items.map((i: { entity_id: string }) => i.entity_id)
}

describe('POST /v1/lists', () => {
  test('creates a list of the workspace: 201 SavedListView, name ends trimmed, created_by null for a key, free', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ scopes: ['dsp.entities.read'] })
    const res = await api.post('/v1/lists', { key, body: { name: '  Fintech leads \t' } })
    expectStatus(res, 201)
    expectMeta(res, { credits_charged: null })
    assert.match(res.body.id, /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/)
    assert.equal(res.body.name, 'Fintech leads')
    assert.equal(res.body.item_count, 0)
    assert.equal(res.body.created_by, null)
    assert.equal(res.body.created_at, res.body.updated_at)
    assert.deepEqual(Object.keys(res.body).sort(), [
      'created_at',
      'created_by',
      'id',
      'item_count',
      'meta',
      'name',
      'updated_at',
    ])
  })

  test("a dashboard session creates and fills lists as its user (created_by, added_by); the workspace's keys see them", async () => {
    const api = await server()
    const { key, workspace_id } = await api.admin.workspaceWithKey()
    const session = await memberSession(api, workspace_id, 'dsp_owner')
    const userId = session.view.user.user_id
    const created = await session.post('/v1/lists', { body: { name: 'From the dashboard' } })
    expectStatus(created, 201)
    expectMeta(created, { credential: 'session' })
    assert.equal(created.body.created_by, userId)
    expectStatus(
      await session.post(`/v1/lists/${created.body.id}/items`, { body: { items: [company('acme.com')] } }),
      200,
    )
    const items = await api.get(`/v1/lists/${created.body.id}/items`, { key })
    assert.equal(items.body.saved_list.created_by, userId)
    assert.equal(items.body.items[0].added_by, userId)
  })

  test('name is 1..120 characters once trimmed; spaces only, missing or unknown fields → 422', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    expectStatus(await api.post('/v1/lists', { key, body: { name: 'x'.repeat(120) } }), 201)
    for (const body of [{ name: '' }, { name: '   ' }, { name: 'x'.repeat(121) }, {}, { name: 'ok', color: 'red' }]) {
      expectProblem(await api.post('/v1/lists', { key, body }), 422, 'request.invalid')
    }
  })

  test('store unreachable → 503 lists.unavailable and nothing is created', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    await api.admin.withFault('lists', async () => {
      expectProblem(await api.post('/v1/lists', { key, body: { name: 'Lost' } }), 503, 'lists.unavailable')
    })
    assert.deepEqual((await api.get('/v1/lists', { key })).body.lists, [])
  })
})

describe('GET /v1/lists', () => {
  test('everyone in the workspace sees the same lists, most recently updated first; another workspace sees none', async () => {
    const api = await server()
    const a = await api.admin.workspaceWithKey()
    const colleague = await api.admin.createKey(a.workspace_id, { scopes: ['dsp.search.read'] })
    const other = await api.admin.workspaceWithKey()
    const first = await createList(api, a.key, 'First')
    await createList(api, colleague.secret, 'Second')
    await api.admin.advanceClock(5)
    try {
      expectStatus(await api.patch(`/v1/lists/${first}`, { key: a.key, body: { name: 'First, renamed' } }), 200)
    } finally {
      await api.admin.resetClock()
    }
    const res = await api.get('/v1/lists', { key: colleague.secret })
    expectStatus(res, 200)
    expectMeta(res, { credits_charged: null })
    assert.deepEqual(
      res.body.lists.map((l: { name: string }) => l.name),
      ['First, renamed', 'Second'],
    )
    assert.deepEqual((await api.get('/v1/lists', { key: other.key })).body.lists, [])
  })

  test('saved_items counts distinct entities across lists; a workspace that never bought credits is capped and free', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const l1 = await createList(api, key, 'One')
    const l2 = await createList(api, key, 'Two')
    expectStatus(await add(api, key, l1, [company('acme.com'), company('globex.com')]), 200)
    expectStatus(
      await add(api, key, l2, [company('acme.com'), { entity_category: 'person', entity_id: 'linkedin.com/in/jane' }]),
      200,
    )
    const res = await api.get('/v1/lists', { key })
    assert.equal(res.body.saved_items, 3)
    assert.equal(res.body.saved_items_cap, api.app.deps.config.DSP_SAVED_ITEMS_CAP)
    assert.equal(res.body.field_tier, 'free')
    assert.deepEqual(res.body.lists.map((l: { item_count: number }) => l.item_count).sort(), [2, 2])
  })

  test('a workspace that bought credits is never capped (saved_items_cap null) and unlocked', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ purchased: true })
    const res = await api.get('/v1/lists', { key })
    assert.equal(res.body.saved_items_cap, null)
    assert.equal(res.body.field_tier, 'unlocked')
  })

  test('no list route charges credits', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ credits: 10 })
    const id = await createList(api, key)
    const calls = [
      await api.get('/v1/lists', { key }),
      await api.patch(`/v1/lists/${id}`, { key, body: { name: 'Renamed' } }),
      await add(api, key, id, [company('acme.com')]),
      await api.get(`/v1/lists/${id}/items`, { key }),
      await api.delete(`/v1/lists/${id}/items`, { key, body: { items: [company('acme.com')] } }),
    ]
    for (const res of calls) expectMeta(res, { credits_charged: null })
    expectStatus(await api.delete(`/v1/lists/${id}`, { key }), 204)
    assert.equal((await api.get('/v1/credits', { key })).body.spendable, 10)
  })

  test('store unreachable → 503 lists.unavailable', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    await api.admin.withFault('lists', async () => {
      expectProblem(await api.get('/v1/lists', { key }), 503, 'lists.unavailable')
    })
  })
})

describe('PATCH /v1/lists/{list_id}', () => {
  test('renames (ends trimmed) and moves updated_at', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const id = await createList(api, key, 'Old')
    await api.admin.advanceClock(60)
    try {
      const res = await api.patch(`/v1/lists/${id}`, { key, body: { name: ' New ' } })
      expectStatus(res, 200)
      expectMeta(res, { credits_charged: null })
      assert.equal(res.body.name, 'New')
      assert.ok(Date.parse(res.body.updated_at) - Date.parse(res.body.created_at) >= 59_000)
    } finally {
      await api.admin.resetClock()
    }
    expectProblem(await api.patch(`/v1/lists/${id}`, { key, body: { name: ' ' } }), 422, 'request.invalid')
  })

  test('a missing, deleted or foreign list → 404 lists.not_found, and the foreign list is unchanged', async () => {
    const api = await server()
    const [owner, other] = [await api.admin.workspaceWithKey(), await api.admin.workspaceWithKey()]
    const id = await createList(api, owner.key, 'Mine')
    expectProblem(
      await api.patch(`/v1/lists/${id}`, { key: other.key, body: { name: 'Stolen' } }),
      404,
      'lists.not_found',
    )
    expectProblem(await api.patch(`${LIST}`, { key: owner.key, body: { name: 'x' } }), 404, 'lists.not_found')
    expectProblem(
      await api.patch('/v1/lists/not-a-uuid', { key: owner.key, body: { name: 'x' } }),
      404,
      'lists.not_found',
    )
    assert.equal((await api.get('/v1/lists', { key: owner.key })).body.lists[0].name, 'Mine')
    expectStatus(await api.delete(`/v1/lists/${id}`, { key: owner.key }), 204)
    expectProblem(
      await api.patch(`/v1/lists/${id}`, { key: owner.key, body: { name: 'Back' } }),
      404,
      'lists.not_found',
    )
  })

  test('store unreachable → 503 lists.unavailable and the name is unchanged', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const id = await createList(api, key, 'Kept')
    await api.admin.withFault('lists', async () => {
      expectProblem(await api.patch(`/v1/lists/${id}`, { key, body: { name: 'Changed' } }), 503, 'lists.unavailable')
    })
    assert.equal((await api.get('/v1/lists', { key })).body.lists[0].name, 'Kept')
  })
})

describe('DELETE /v1/lists/{list_id}', () => {
  test('204; the list and its items are gone for the whole workspace', async () => {
    const api = await server()
    const a = await api.admin.workspaceWithKey()
    const colleague = await api.admin.createKey(a.workspace_id)
    const id = await createList(api, a.key)
    await add(api, a.key, id, [company('acme.com')])
    const res = await api.delete(`/v1/lists/${id}`, { key: colleague.secret })
    expectStatus(res, 204)
    assert.equal(res.text, '')
    const lists = await api.get('/v1/lists', { key: a.key })
    assert.deepEqual(lists.body.lists, [])
    assert.equal(lists.body.saved_items, 0)
    expectProblem(await api.get(`/v1/lists/${id}/items`, { key: a.key }), 404, 'lists.not_found')
    expectProblem(await api.delete(`/v1/lists/${id}`, { key: a.key }), 404, 'lists.not_found')
  })

  test("another workspace's list → 404 lists.not_found and it survives", async () => {
    const api = await server()
    const [owner, other] = [await api.admin.workspaceWithKey(), await api.admin.workspaceWithKey()]
    const id = await createList(api, owner.key)
    expectProblem(await api.delete(`/v1/lists/${id}`, { key: other.key }), 404, 'lists.not_found')
    assert.equal((await api.get('/v1/lists', { key: owner.key })).body.lists.length, 1)
  })

  test('store unreachable → 503 lists.unavailable and the list survives', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const id = await createList(api, key)
    await api.admin.withFault('lists', async () => {
      expectProblem(await api.delete(`/v1/lists/${id}`, { key }), 503, 'lists.unavailable')
    })
    assert.equal((await api.get('/v1/lists', { key })).body.lists.length, 1)
  })
})

describe('POST /v1/lists/{list_id}/items', () => {
  test('ids are normalised per category on entry; duplicates in one request count once; added and already_present', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const id = await createList(api, key)
    const res = await add(api, key, id, [
      company('HTTPS://www.Acme.com/about?x=1'),
      company('acme.com'),
      { entity_category: 'person', entity_id: 'https://uk.linkedin.com/in/Jane-Doe/details' },
      { entity_category: 'academic_report', entity_id: 'https://doi.org/10.1000/ABC.1' },
      { entity_category: 'patent', entity_id: 'us 1234567 b2' },
      { entity_category: 'trend', entity_id: '  Agentic AI  ' },
    ])
    expectStatus(res, 200)
    expectMeta(res, { credits_charged: null })
    assert.deepEqual(
      { added: res.body.added, already_present: res.body.already_present, suppressed: res.body.suppressed },
      { added: 5, already_present: 0, suppressed: 0 },
    )
    assert.equal(res.body.saved_list.id, id)
    assert.equal(res.body.saved_list.item_count, 5)
    assert.deepEqual(
      (await itemIds(api, key, id)).sort(),
      ['10.1000/abc.1', 'Agentic AI', 'US1234567B2', 'acme.com', 'linkedin.com/in/jane-doe'].sort(),
    )
    const again = await add(api, key, id, [company('www.acme.com'), company('globex.com')])
    assert.deepEqual([again.body.added, again.body.already_present, again.body.suppressed], [1, 1, 0])
    assert.equal(again.body.saved_list.item_count, 6)
  })

  test('1..500 items, entity_id 1..255, a known category, a usable id; otherwise 422 and nothing added', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey({ purchased: true })
    const id = await createList(api, key)
    const many = (n: number) => Array.from({ length: n }, (_, i) => company(`c${i}.example.com`))
    expectStatus(await add(api, key, id, many(500)), 200)
    for (const items of [
      [],
      many(501),
      [company('x'.repeat(256))],
      [{ entity_category: 'planet', entity_id: 'mars' }],
      [company('')],
    ]) {
      expectProblem(await add(api, key, id, items), 422, 'request.invalid')
    }
    const bad = await add(api, key, id, [company('fresh.com'), company('not a domain')])
    expectProblem(bad, 422, 'request.invalid')
    assert.deepEqual(bad.body.extra.errors[0].loc, ['body', 'items', 1, 'entity_id'])
    assert.equal((await api.get('/v1/lists', { key })).body.saved_items, 500)
  })

  test('a missing or foreign list → 404 lists.not_found', async () => {
    const api = await server()
    const [owner, other] = [await api.admin.workspaceWithKey(), await api.admin.workspaceWithKey()]
    const id = await createList(api, owner.key)
    expectProblem(await add(api, other.key, id, [company('acme.com')]), 404, 'lists.not_found')
    expectProblem(
      await add(api, owner.key, '00000000-0000-4000-8000-000000000001', [company('acme.com')]),
      404,
      'lists.not_found',
    )
    assert.deepEqual(await itemIds(api, owner.key, id), [])
  })

  test('store unreachable → 503 lists.unavailable and nothing is added', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const id = await createList(api, key)
    await api.admin.withFault('lists', async () => {
      expectProblem(await add(api, key, id, [company('acme.com')]), 503, 'lists.unavailable')
    })
    assert.deepEqual(await itemIds(api, key, id), [])
  })
})

describe('DELETE /v1/lists/{list_id}/items', () => {
  test('removes normalised ids; items not held are ignored; removed counts only what went', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const id = await createList(api, key)
    await add(api, key, id, [company('acme.com'), company('globex.com'), company('initech.com')])
    const res = await api.delete(`/v1/lists/${id}/items`, {
      key,
      body: { items: [company('https://WWW.acme.com/'), company('acme.com'), company('never-saved.com')] },
    })
    expectStatus(res, 200)
    expectMeta(res, { credits_charged: null })
    assert.equal(res.body.removed, 1)
    assert.equal(res.body.saved_list.item_count, 2)
    assert.deepEqual((await itemIds(api, key, id)).sort(), ['globex.com', 'initech.com'])
  })

  test('the same 1..500 limit; a missing or foreign list → 404', async () => {
    const api = await server()
    const [owner, other] = [await api.admin.workspaceWithKey(), await api.admin.workspaceWithKey()]
    const id = await createList(api, owner.key)
    await add(api, owner.key, id, [company('acme.com')])
    const many = Array.from({ length: 501 }, (_, i) => company(`c${i}.example.com`))
    expectProblem(
      await api.delete(`/v1/lists/${id}/items`, { key: owner.key, body: { items: many } }),
      422,
      'request.invalid',
    )
    expectProblem(
      await api.delete(`/v1/lists/${id}/items`, { key: owner.key, body: { items: [] } }),
      422,
      'request.invalid',
    )
    expectProblem(
      await api.delete(`/v1/lists/${id}/items`, { key: other.key, body: { items: [company('acme.com')] } }),
      404,
      'lists.not_found',
    )
    assert.deepEqual(await itemIds(api, owner.key, id), ['acme.com'])
  })

  test('store unreachable → 503 lists.unavailable and nothing is removed', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const id = await createList(api, key)
    await add(api, key, id, [company('acme.com')])
    await api.admin.withFault('lists', async () => {
      expectProblem(
        await api.delete(`/v1/lists/${id}/items`, { key, body: { items: [company('acme.com')] } }),
        503,
        'lists.unavailable',
      )
    })
    assert.deepEqual(await itemIds(api, key, id), ['acme.com'])
  })
})

describe('GET /v1/lists/{list_id}/items', () => {
  test('most recently added first; every item field; a record the corpus lacks reads available false, not_found', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const id = await createList(api, key)
    for (const d of ['first.com', 'second.com', 'third.com']) await add(api, key, id, [company(d)])
    await add(api, key, id, [company('first.com')])
    const res = await api.get(`/v1/lists/${id}/items`, { key })
    expectStatus(res, 200)
    expectMeta(res, { credits_charged: null })
    assert.equal(res.body.field_tier, 'free')
    assert.equal(res.body.next_cursor, null)
    assert.equal(res.body.saved_list.item_count, 3)
    assert.deepEqual(
      res.body.items.map((i: { entity_id: string }) => i.entity_id),
      ['third.com', 'second.com', 'first.com'],
    )
    const item = res.body.items[0]
    assert.deepEqual(Object.keys(item).sort(), [
      'added_at',
      'added_by',
      'available',
      'entity_category',
      'entity_id',
      'record',
      'unavailable_reason',
    ])
    assert.deepEqual(
      { ...item, added_at: undefined },
      {
        entity_category: 'company',
        entity_id: 'third.com',
        added_at: undefined,
        added_by: null,
        available: false,
        record: null,
        unavailable_reason: 'not_found',
      },
    )
  })

  test('cursor paging walks every item once; cursors are at most 64 characters; limit 1..100; page and offset → 422', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const id = await createList(api, key)
    for (let i = 0; i < 5; i++) await add(api, key, id, [company(`p${i}.com`)])
    const seen: string[] = []
    let cursor: string | null = null
    do {
      const res: Awaited<ReturnType<typeof api.get>> = await api.get(`/v1/lists/${id}/items`, {
        key,
        query: cursor ? { limit: 2, cursor } : { limit: 2 },
      })
      expectStatus(res, 200)
      seen.push(...res.body.items.map((i: { entity_id: string }) => i.entity_id))
      cursor = res.body.next_cursor
      if (cursor) assert.ok(cursor.length <= 64, `cursor of ${cursor.length} characters`)
    } while (cursor)
    assert.deepEqual(seen, ['p4.com', 'p3.com', 'p2.com', 'p1.com', 'p0.com'])
    for (const query of [{ limit: 0 }, { limit: 101 }, { page: 2 }, { offset: 2 }]) {
      expectProblem(await api.get(`/v1/lists/${id}/items`, { key, query }), 422, 'request.invalid')
    }
  })

  test('a cursor this route did not issue for this list → 422 pagination.cursor_invalid; over 64 characters → 422; older than 24 h → cursor_expired', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const a = await createList(api, key, 'A')
    const b = await createList(api, key, 'B')
    for (const l of [a, b]) await add(api, key, l, [company('one.com'), company('two.com')])
    const cursor = (await api.get(`/v1/lists/${a}/items`, { key, query: { limit: 1 } })).body.next_cursor as string
    assert.ok(cursor)
    const tampered = cursor.slice(0, -1) + (cursor.endsWith('A') ? 'B' : 'A')
    for (const bad of [
      tampered,
      'garbage',
      '1.2.3',
      `${cursor.split('.')[0]}0.${cursor.split('.').slice(1).join('.')}`,
    ]) {
      expectProblem(
        await api.get(`/v1/lists/${a}/items`, { key, query: { cursor: bad } }),
        422,
        'pagination.cursor_invalid',
      )
    }
    expectProblem(await api.get(`/v1/lists/${b}/items`, { key, query: { cursor } }), 422, 'pagination.cursor_invalid')
    expectProblem(
      await api.get(`/v1/lists/${a}/items`, { key, query: { cursor: 'x'.repeat(65) } }),
      422,
      'request.invalid',
    )
    expectStatus(await api.get(`/v1/lists/${a}/items`, { key, query: { cursor, limit: 5 } }), 200)
    await api.admin.advanceClock(24 * 3600 + 1)
    try {
      expectProblem(await api.get(`/v1/lists/${a}/items`, { key, query: { cursor } }), 422, 'pagination.cursor_expired')
    } finally {
      await api.admin.resetClock()
    }
  })

  test('a missing, deleted or foreign list → 404 lists.not_found', async () => {
    const api = await server()
    const [owner, other] = [await api.admin.workspaceWithKey(), await api.admin.workspaceWithKey()]
    const id = await createList(api, owner.key)
    expectProblem(await api.get(`/v1/lists/${id}/items`, { key: other.key }), 404, 'lists.not_found')
    expectProblem(await api.get(`${LIST}/items`, { key: owner.key }), 404, 'lists.not_found')
  })

  test('retrieval unavailable → 200 with available false, retrieval_unavailable, and the items stay', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const id = await createList(api, key)
    await add(api, key, id, [company('acme.com'), { entity_category: 'patent', entity_id: 'US1B1' }])
    await api.admin.withFault('retrieval', async () => {
      const res = await api.get(`/v1/lists/${id}/items`, { key })
      expectStatus(res, 200)
      assert.equal(res.body.items.length, 2)
      for (const i of res.body.items)
        assert.deepEqual([i.available, i.record, i.unavailable_reason], [false, null, 'retrieval_unavailable'])
    })
    const after = await api.get(`/v1/lists/${id}/items`, { key })
    assert.deepEqual(
      after.body.items.map((i: { unavailable_reason: string }) => i.unavailable_reason),
      ['not_found', 'not_found'],
    )
  })

  test('store unreachable → 503 lists.unavailable', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const id = await createList(api, key)
    await api.admin.withFault('lists', async () => {
      expectProblem(await api.get(`/v1/lists/${id}/items`, { key }), 503, 'lists.unavailable')
    })
  })
})

describe('item records and field tiers', () => {
  const ACME = {
    account_name: 'Acme Corp',
    domain: 'acme-records.com',
    industry: 'Software',
    country: 'US',
    employee_range: { min: 51, max: 200 },
    logo: 'https://img.example.com/acme.png',
    description: 'Makes everything.',
    revenue: 12_000_000,
    technology: ['kafka'],
  }
  const JANE = {
    name: 'Jane Roe',
    profile_url: 'https://www.linkedin.com/in/jane-roe-records',
    title: 'CTO',
    location: { city: 'Austin', state: 'TX', country: 'US' },
    current_employer: { company: 'Acme Corp', company_id: 'acme-records.com', domain: 'acme-records.com' },
    skills: ['go'],
    summary: 'Builds things.',
  }
  const PATENT = {
    patent_id: 'US7654321B2',
    title: 'Self-sealing widget',
    abstract: 'A widget that seals itself.',
    status: 'granted',
    granted_date: '2020-01-07',
  }

  async function seeded(api: TestServer) {
    await api.admin.ingest('company', [ACME])
    await api.admin.ingest('person', [JANE])
    await api.admin.ingest('patent', [PATENT])
  }

  const items = [
    company('www.acme-records.com'),
    { entity_category: 'person', entity_id: 'linkedin.com/in/Jane-Roe-Records' },
    { entity_category: 'patent', entity_id: 'us 7654321 b2' },
  ]

  test('free: only the fields of a dashboard result card, with the current data', async () => {
    const api = await server()
    await seeded(api)
    const { key } = await api.admin.workspaceWithKey()
    const id = await createList(api, key)
    await add(api, key, id, items)
    const res = await api.get(`/v1/lists/${id}/items`, { key })
    expectStatus(res, 200)
    assert.equal(res.body.field_tier, 'free')
    const [patent, person, acme] = res.body.items
    for (const i of res.body.items)
      assert.deepEqual([i.available, i.unavailable_reason], [true, null], JSON.stringify(i))
    assert.deepEqual(acme.record, {
      account_name: 'Acme Corp',
      domain: 'acme-records.com',
      logo: ACME.logo,
      industry: 'Software',
      country: 'United States', // sent as US: places are stored in one spelling (docs/corpus-storage.md §2)
      employee_range: { min: 51, max: 200 },
    })
    assert.deepEqual(Object.keys(person.record).sort(), [
      'current_employer',
      'location',
      'name',
      'profile_url',
      'title',
    ])
    assert.equal(person.record.title, 'CTO')
    assert.deepEqual(Object.keys(patent.record).sort(), ['granted_date', 'patent_id', 'status', 'title'])
    assert.ok(!('description' in acme.record) && !('revenue' in acme.record))
  })

  test('unlocked (the workspace bought credits): the full record', async () => {
    const api = await server()
    await seeded(api)
    const { key } = await api.admin.workspaceWithKey({ purchased: true })
    const id = await createList(api, key)
    await add(api, key, id, items)
    const res = await api.get(`/v1/lists/${id}/items`, { key })
    assert.equal(res.body.field_tier, 'unlocked')
    const [patent, person, acme] = res.body.items
    assert.equal(acme.record.description, 'Makes everything.')
    assert.equal(acme.record.revenue, 12_000_000)
    assert.deepEqual(acme.record.technology, ['kafka'])
    assert.equal(person.record.summary, 'Builds things.')
    assert.equal(patent.record.abstract, 'A widget that seals itself.')
  })

  test('an item reads the record as it is now, not as it was when saved', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const id = await createList(api, key)
    await add(api, key, id, [company('later-record.com')])
    assert.equal((await api.get(`/v1/lists/${id}/items`, { key })).body.items[0].unavailable_reason, 'not_found')
    await api.admin.ingest('company', [{ account_name: 'Later', domain: 'later-record.com' }])
    const now = (await api.get(`/v1/lists/${id}/items`, { key })).body.items[0]
    assert.equal(now.available, true)
    assert.equal(now.record.account_name, 'Later')
  })
})

describe('the saved-items cap (workspaces that never bought credits)', () => {
  test('an add past the cap is refused whole with 409 lists.item_cap_reached {cap, saved, adding}; entities saved elsewhere do not count again', async (t) => {
    const api = await startTestServer({ DSP_SAVED_ITEMS_CAP: '3' })
    t.after(() => api.close())
    const { key } = await api.admin.workspaceWithKey()
    const l1 = await createList(api, key, 'One')
    const l2 = await createList(api, key, 'Two')
    expectStatus(await add(api, key, l1, [company('a.com'), company('b.com')]), 200)
    const refused = await add(api, key, l2, [company('a.com'), company('c.com'), company('d.com')])
    expectProblem(refused, 409, 'lists.item_cap_reached')
    assert.deepEqual(refused.body.extra, { cap: 3, saved: 2, adding: 2 })
    assert.deepEqual(await itemIds(api, key, l2), [], 'refused whole: nothing saved')
    const ok = await add(api, key, l2, [company('a.com'), company('b.com'), company('c.com')])
    expectStatus(ok, 200)
    assert.equal(ok.body.added, 3)
    const list = await api.get('/v1/lists', { key })
    assert.deepEqual([list.body.saved_items, list.body.saved_items_cap], [3, 3])
    expectStatus(await add(api, key, l1, [company('c.com')]), 200)
    expectProblem(await add(api, key, l1, [company('d.com')]), 409, 'lists.item_cap_reached')
  })

  test('suppressed entities do not count; a workspace that bought credits is never capped', async (t) => {
    const api = await startTestServer({ DSP_SAVED_ITEMS_CAP: '1' })
    t.after(() => api.close())
    expectStatus(await api.post('/admin/v1/suppressions', { headers: admin, body: company('blocked.com') }), 201)
    const free = await api.admin.workspaceWithKey()
    const l = await createList(api, free.key)
    const res = await add(api, free.key, l, [company('blocked.com'), company('fine.com')])
    expectStatus(res, 200)
    assert.deepEqual([res.body.added, res.body.suppressed], [1, 1])
    const paid = await api.admin.workspaceWithKey({ purchased: true })
    const p = await createList(api, paid.key)
    expectStatus(await add(api, paid.key, p, [company('x.com'), company('y.com'), company('z.com')]), 200)
  })

  test('buying credits lifts the cap (a completed top-up marks the workspace as purchased)', async (t) => {
    const api = await startTestServer({ DSP_SAVED_ITEMS_CAP: '1' })
    t.after(() => api.close())
    const { key } = await api.admin.workspaceWithKey()
    const l = await createList(api, key)
    expectProblem(await add(api, key, l, [company('a.com'), company('b.com')]), 409, 'lists.item_cap_reached')
    const { topup_id } = (await api.post('/v1/billing/top-up/intents', { key })).body
    expectStatus(
      await api.post(`/admin/v1/topups/${topup_id}/complete`, { headers: admin, body: { credits: 100 } }),
      200,
    )
    expectStatus(await add(api, key, l, [company('a.com'), company('b.com')]), 200)
    const lists = await api.get('/v1/lists', { key })
    assert.deepEqual([lists.body.saved_items_cap, lists.body.field_tier], [null, 'unlocked'])
  })
})

describe('the Do-Not-Contact list (/admin/v1/suppressions)', () => {
  test('a suppressed entity is removed from every list, never returned and never added (counted in suppressed)', async () => {
    const api = await server()
    const [a, b] = [await api.admin.workspaceWithKey(), await api.admin.workspaceWithKey()]
    const la = await createList(api, a.key)
    const lb = await createList(api, b.key)
    await add(api, a.key, la, [company('dnc-target.com'), company('keep.com')])
    await add(api, b.key, lb, [company('dnc-target.com')])
    const res = await api.post('/admin/v1/suppressions', {
      headers: admin,
      body: company('https://WWW.DNC-target.com/contact'),
    })
    expectStatus(res, 201)
    assert.deepEqual(res.body, {
      entity_category: 'company',
      entity_id: 'dnc-target.com',
      suppressed: true,
      removed_items: 2,
    })
    assert.deepEqual(await itemIds(api, a.key, la), ['keep.com'])
    assert.deepEqual(await itemIds(api, b.key, lb), [])
    assert.equal((await api.get('/v1/lists', { key: a.key })).body.saved_items, 1)
    const again = await add(api, a.key, la, [company('dnc-target.com'), company('new.com')])
    assert.deepEqual([again.body.added, again.body.already_present, again.body.suppressed], [1, 0, 1])
    assert.ok(!(await itemIds(api, a.key, la)).includes('dnc-target.com'))
  })

  test('lifting a suppression lets the entity be added again; items it removed are not restored', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const l = await createList(api, key)
    await add(api, key, l, [{ entity_category: 'person', entity_id: 'linkedin.com/in/dnc-person' }])
    expectStatus(
      await api.post('/admin/v1/suppressions', {
        headers: admin,
        body: { entity_category: 'person', entity_id: 'https://www.linkedin.com/in/DNC-Person/' },
      }),
      201,
    )
    assert.deepEqual(await itemIds(api, key, l), [])
    const lifted = await api.delete('/admin/v1/suppressions', {
      headers: admin,
      body: { entity_category: 'person', entity_id: 'linkedin.com/in/dnc-person' },
    })
    expectStatus(lifted, 200)
    assert.equal(lifted.body.suppressed, false)
    assert.deepEqual(await itemIds(api, key, l), [])
    const res = await add(api, key, l, [{ entity_category: 'person', entity_id: 'linkedin.com/in/dnc-person' }])
    assert.deepEqual([res.body.added, res.body.suppressed], [1, 0])
  })

  test('operator only (X-Admin-Token); the id must be usable; unknown fields → 422', async () => {
    const api = await server()
    expectProblem(await api.post('/admin/v1/suppressions', { body: company('acme.com') }), 401, 'auth.unauthorized')
    const { key } = await api.admin.workspaceWithKey()
    expectProblem(
      await api.post('/admin/v1/suppressions', { key, body: company('acme.com') }),
      401,
      'auth.unauthorized',
    )
    expectProblem(
      await api.post('/admin/v1/suppressions', { headers: admin, body: company('not a domain') }),
      422,
      'request.invalid',
    )
    expectProblem(
      await api.post('/admin/v1/suppressions', { headers: admin, body: { ...company('acme.com'), reason: 'x' } }),
      422,
      'request.invalid',
    )
  })
})

describe('export', () => {
  test('POST /v1/lists/{list_id}/export and POST /v1/search/export → 404 export.not_enabled', async () => {
    const api = await server()
    const { key } = await api.admin.workspaceWithKey()
    const id = await createList(api, key)
    expectProblem(await api.post(`/v1/lists/${id}/export`, { key }), 404, 'export.not_enabled')
    expectProblem(await api.post('/v1/search/export', { key }), 404, 'export.not_enabled')
  })
})
