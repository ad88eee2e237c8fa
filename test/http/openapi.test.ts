// The machine-readable description (contract §1, §9): version, only key-callable routes,
// x-scopes per operation, Idempotency-Key on billed routes, problem responses; /docs serves.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { describe, test } from 'node:test'
import { Ajv2020 } from 'ajv/dist/2020.js'
import addFormats from 'ajv-formats'
import { recordName, searchRowName } from '../../src/contract/openapi-components.ts'
import { ENTITY_CATEGORIES } from '../../src/contract/records.ts'
import { GTM_FILTERS } from '../../src/contract/search-catalogue.ts'
import { errorCodes } from '../../src/errors.ts'
import { generatedTypes, untypedParts } from '../support/openapi-types.ts'
import { expectStatus } from '../support/http.ts'
import { useTestServer } from '../support/server.ts'

const server = useTestServer()

describe('GET /openapi.json', () => {
  test('info.version is 1.0.0', async () => {
    const api = await server()
    const res = await api.get('/openapi.json')
    expectStatus(res, 200)
    assert.equal(res.body.info.version, '1.0.0')
  })

  test('POST /v1/search and /v1/similar document their Server-Timing header on the 200', async () => {
    const api = await server()
    const doc = (await api.get('/openapi.json')).body
    for (const path of ['/v1/search', '/v1/similar']) {
      const header = doc.paths[path].post.responses['200'].headers?.['Server-Timing']
      assert.ok(header, `${path}: Server-Timing is not documented`)
      assert.match(header.description, /engine;dur=/)
    }
  })

  test('every registered API-key route appears with its scopes in x-scopes', async () => {
    const api = await server()
    const doc = (await api.get('/openapi.json')).body
    const routes = api.app.publicRoutes()
    assert.ok(routes.length >= 3)
    for (const r of routes) {
      const op = doc.paths[r.path]?.[r.method.toLowerCase()]
      assert.ok(op, `${r.method} ${r.path} missing from /openapi.json`)
      assert.deepEqual(op['x-scopes'], [...r.scopes], `${r.method} ${r.path} x-scopes`)
      if (r.scopes.length > 0) {
        for (const s of ['401', '403'])
          assert.ok(
            op.responses[s]?.content?.['application/problem+json'],
            `${r.method} ${r.path} lacks a problem+json ${s}`,
          )
      }
      if (r.method !== 'GET') assert.ok(op.responses['415'], `${r.method} ${r.path} lacks 415`)
    }
  })

  test('every keyed operation takes an API key or an OAuth token with its scopes; the OAuth scheme is the server metadata', async () => {
    const api = await server()
    const doc = (await api.get('/openapi.json')).body
    for (const r of api.app.publicRoutes()) {
      const op = doc.paths[r.path][r.method.toLowerCase()]
      const expected = r.scopes.length > 0 ? [{ apiKey: [] }, { oauth: [...r.scopes] }] : []
      assert.deepEqual(op.security, expected, `${r.method} ${r.path} security`)
    }
    const flow = doc.components.securitySchemes.oauth.flows.authorizationCode
    const meta = (await api.get('/.well-known/oauth-authorization-server')).body
    assert.equal(new URL(meta.authorization_endpoint).pathname, flow.authorizationUrl)
    assert.equal(new URL(meta.token_endpoint).pathname, flow.tokenUrl)
    assert.deepEqual(Object.keys(flow.scopes).sort(), [...meta.scopes_supported].sort())
  })

  test('admin and documentation routes are not in the public description', async () => {
    const api = await server()
    const doc = (await api.get('/openapi.json')).body
    for (const p of Object.keys(doc.paths)) {
      assert.ok(!p.startsWith('/admin'), p)
      assert.ok(!p.startsWith('/docs'), p)
      assert.notEqual(p, '/openapi.json')
    }
  })

  test('billed routes declare the optional Idempotency-Key header', async () => {
    const api = await server()
    const doc = (await api.get('/openapi.json')).body
    const billed = api.app.publicRoutes().filter((r) => r.billed)
    for (const r of billed) {
      const op = doc.paths[r.path][r.method.toLowerCase()]
      const p = op.parameters.find((x: { name: string }) => x.name === 'Idempotency-Key')
      assert.ok(p, `${r.method} ${r.path} lacks Idempotency-Key`)
      assert.equal(p.in, 'header')
      assert.equal(p.required, false)
    }
    for (const r of api.app.publicRoutes().filter((x) => !x.billed)) {
      const op = doc.paths[r.path][r.method.toLowerCase()]
      assert.ok(
        !(op.parameters ?? []).some((x: { name: string }) => x.name === 'Idempotency-Key'),
        `${r.path} is free but declares Idempotency-Key`,
      )
    }
  })
})

describe('GET /docs', () => {
  test('serves the interactive reference', async () => {
    const api = await server()
    const res = await api.get('/docs/')
    expectStatus(res, 200)
    assert.match(res.text, /<html/i)
  })
})

// ---- A contract clients compile against (issue 29 item 1) ----

type Json = Record<string, any> // eslint-disable-line @typescript-eslint/no-explicit-any
const operations = (doc: Json) =>
  Object.entries(doc.paths as Json).flatMap(([path, ops]) =>
    Object.entries(ops as Json).map(([method, op]) => ({ path, method, op: op as Json })),
  )
const refName = (schema: Json | undefined) => (schema?.$ref as string | undefined)?.replace('#/components/schemas/', '')

/** An Ajv validator for a named component of the description (OpenAPI 3.1 schemas are JSON Schema 2020-12). */
function validatorFor(doc: Json) {
  const ajv = new Ajv2020({ strict: false, allErrors: true })
  ;(addFormats as unknown as (a: Ajv2020) => void)(ajv)
  ajv.addSchema({ $id: 'https://dsp.test/openapi.json', components: doc.components })
  return (name: string, value: unknown) => {
    const validate = ajv.getSchema(`https://dsp.test/openapi.json#/components/schemas/${name}`)
    assert.ok(validate, `no component ${name}`)
    const ok = validate(value)
    assert.ok(ok, `${name}: ${JSON.stringify(validate.errors?.slice(0, 5), null, 1)}`)
  }
}

describe('the description as a typed contract', () => {
  test('named components: envelope, meta, problem, every record category, every request body and success answer', async () => {
    const api = await server()
    const doc = (await api.get('/openapi.json')).body
    const schemas = doc.components.schemas as Json
    for (const n of ['Envelope', 'Meta', 'Problem', 'SearchRow', 'SearchFilters', 'CompanyPersonFilters'])
      assert.ok(schemas[n], `component ${n} missing`)
    for (const c of ENTITY_CATEGORIES) {
      assert.ok(schemas[recordName(c)], `record ${recordName(c)} missing`)
      assert.ok(schemas[searchRowName(c)], `row ${searchRowName(c)} missing`)
    }
    for (const { path, method, op } of operations(doc)) {
      const body = op.requestBody?.content?.['application/json']?.schema
      if (body) assert.ok(refName(body), `${method} ${path}: request body is not a named component`)
      for (const [status, r] of Object.entries(op.responses as Json)) {
        const json = (r as Json).content?.['application/json']?.schema
        if (json) assert.ok(refName(json), `${method} ${path} ${status}: answer is not a named component`)
        const problem = (r as Json).content?.['application/problem+json']?.schema
        if (problem) assert.equal(refName(problem), 'Problem')
      }
    }
    // The meta of a non-list answer and every list envelope point at the one Meta.
    assert.equal(refName(schemas.Envelope.properties.meta), 'Meta')
    assert.equal(refName(schemas.GetCreditsResponse.properties.meta), 'Meta')
  })

  test('Problem.code is the closed error catalogue', async () => {
    const api = await server()
    const doc = (await api.get('/openapi.json')).body
    assert.deepEqual([...doc.components.schemas.Problem.properties.code.enum].sort(), [...errorCodes].sort())
  })

  test('search filters are typed from the filter catalogue; rows are one of the nine categories by `category`', async () => {
    const api = await server()
    const doc = (await api.get('/openapi.json')).body
    const s = doc.components.schemas as Json
    assert.equal(refName(s.SearchRequest.properties.filters), 'SearchFilters')
    assert.equal(refName(s.SimilarRequest.properties.filters), 'CompanyPersonFilters')
    assert.deepEqual(
      Object.keys(s.CompanyPersonFilters.properties).sort(),
      [...GTM_FILTERS.map((f) => f.name), 'geo'].sort(),
    )
    assert.equal(s.CompanyPersonFilters.additionalProperties, false)
    assert.equal(s.SearchRow.discriminator.propertyName, 'category')
    assert.equal(s.SearchRow.oneOf.length, ENTITY_CATEGORIES.length)
    for (const op of ['SearchRecordsResponse', 'FindSimilarResponse'])
      assert.equal(refName(s[op].allOf[1].properties.results.items), 'SearchRow', op)
    const check = validatorFor(doc)
    check('SearchRequest', { query: 'x', filters: { employee_count: { min: 50 } } })
    assert.throws(() => check('SearchRequest', { filters: { employee_count: { min: 'fifty' } } }))
    assert.throws(() => check('SearchRequest', { filters: { no_such_filter: true } }))
  })

  test('Retry-After is declared on every 429, 503 and 504; no operation declares a 2xx without a body (except 204)', async () => {
    const api = await server()
    const doc = (await api.get('/openapi.json')).body
    for (const { path, method, op } of operations(doc))
      for (const [status, r] of Object.entries(op.responses as Json)) {
        if (['429', '503', '504'].includes(status))
          assert.ok((r as Json).headers?.['Retry-After'], `${method} ${path} ${status} lacks Retry-After`)
        if (/^2/.test(status) && status !== '204')
          assert.ok((r as Json).content, `${method} ${path} declares a ${status} it never sends`)
      }
    // The export routes are not switched on: 404, never 200.
    assert.equal(doc.paths['/v1/search/export'].post.responses['200'], undefined)
    assert.ok(doc.paths['/v1/search/export'].post.responses['404'])
  })

  test('redocly lint (recommended rules): 0 errors, 0 warnings', async () => {
    const api = await server()
    const doc = (await api.get('/openapi.json')).body
    const dir = mkdtempSync(path.join(tmpdir(), 'dsp-redocly-'))
    try {
      writeFileSync(path.join(dir, 'openapi.json'), JSON.stringify(doc))
      writeFileSync(path.join(dir, 'redocly.yaml'), 'extends:\n  - recommended\n')
      // Three operations never answer 2xx (the two export routes: 404 export.not_enabled; the
      // filter route without a name: 422 listing the names): declaring one would be untrue.
      writeFileSync(
        path.join(dir, '.redocly.lint-ignore.yaml'),
        [
          'openapi.json:',
          '  operation-2xx-response:',
          "    - '#/paths/~1v1~1search~1filters/get/responses'",
          "    - '#/paths/~1v1~1lists~1{list_id}~1export/post/responses'",
          "    - '#/paths/~1v1~1search~1export/post/responses'",
          '',
        ].join('\n'),
      )
      const run = spawnSync(
        process.execPath,
        [
          'node_modules/@redocly/cli/bin/cli.js',
          'lint',
          '--format=json',
          '--config',
          path.join(dir, 'redocly.yaml'),
          path.join(dir, 'openapi.json'),
        ],
        { encoding: 'utf8', env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' } },
      )
      const report = JSON.parse(run.stdout.slice(run.stdout.indexOf('{'))) as {
        totals: { errors: number; warnings: number; ignored: number }
        problems: { ruleId: string; message: string }[]
      }
      assert.deepEqual(
        report.problems.map((p) => `${p.ruleId}: ${p.message}`),
        [],
      )
      assert.equal(report.totals.errors, 0)
      assert.equal(report.totals.warnings, 0)
      assert.equal(report.totals.ignored, 3)
    } finally {
      rmSync(dir, { recursive: true, force: true })
    }
  })

  test('types generated by openapi-typescript have no unknown or any in a request body or a search row', async () => {
    const api = await server()
    const doc = (await api.get('/openapi.json')).body
    const found = untypedParts(await generatedTypes(doc), (n) => n.endsWith('Request') || n.endsWith('SearchRow'))
    assert.deepEqual(found, [])
  })

  test('the unknown finder finds an open object in a request body', async () => {
    const api = await server()
    const doc = structuredClone((await api.get('/openapi.json')).body)
    doc.components.schemas.SearchRequest.properties.filters = { type: 'object', additionalProperties: true }
    doc.components.schemas.CompanySearchRow.properties.name = {}
    const found = untypedParts(await generatedTypes(doc), (n) => n.endsWith('Request') || n.endsWith('SearchRow'))
    assert.ok(
      found.some((f) => f.startsWith('SearchRequest.filters')),
      found.join('\n'),
    )
    assert.ok(
      found.some((f) => f.includes('CompanySearchRow.name')),
      found.join('\n'),
    )
  })
})
