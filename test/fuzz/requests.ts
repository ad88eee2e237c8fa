// The fuzz suite's requests: fast-check arbitraries built from /openapi.json. Each operation gets
// a valid request drawn from its schemas (ids the server made are placeholders such as
// @@list_id@@, filled in when sent), then one mutation: a wrong type, a missing or unknown field,
// a huge or unicode string, null, an extreme number, a bad cursor, traversal in a path id, LIKE
// metacharacters, deep nesting, bad JSON, a wrong content type, a bad header or method, or a
// request only a raw socket can send. Values: values.ts. Runner and checks: run.ts.
import fc from 'fast-check'
import { ENTITY_CATEGORIES } from '../../src/contract/records.ts'
import { DOCUMENT_FILTERS, FILTER_VALUE_NAMES } from '../../src/contract/search-catalogue.ts'
import {
  awkwardString,
  BAD_JSON,
  BODIES,
  encode,
  HINTS,
  METHODS,
  PATH_IDS,
  QUERY_VALUES,
  RAW_QUERY,
  serialise,
  typesOf,
  UNKNOWN_PARAMS,
  validValue,
  WRONG_CONTENT_TYPES,
  wrongValue,
  type Schema,
} from './values.ts'

export interface Param {
  name: string
  in: 'path' | 'query' | 'header'
  required: boolean
  schema: Schema
}

export interface Operation {
  id: string
  method: string
  /** As in the document: /v1/lists/{list_id}. */
  path: string
  params: Param[]
  body: Schema | null
}

export type Auth = 'live' | 'test' | 'none' | 'malformed' | 'unknown' | 'bearer' | 'browser'

export interface FuzzRequest {
  op: string
  /** The mutation, e.g. body.wrong_type or raw.bad_content_length. */
  kind: string
  method: string
  /** The request target's path as sent (percent-encoding included). */
  path: string
  /** Query string as sent, without '?'. */
  query: string
  headers: Record<string, string>
  body?: string
  auth: Auth
  /** Bytes written to a socket as they are (latin1), for what an HTTP client refuses to send. */
  raw?: string
}

interface OpenApiDoc {
  components?: { schemas?: Record<string, unknown> }
  paths: Record<
    string,
    Record<
      string,
      { operationId?: string; parameters?: Param[]; requestBody?: { content: Record<string, { schema: Schema }> } }
    >
  >
}

/** The description with every `$ref` to a named component replaced by the component (none is recursive). */
function inlineRefs<T>(node: T, schemas: Record<string, unknown>): T {
  if (Array.isArray(node)) return node.map((n) => inlineRefs(n, schemas)) as T
  if (!node || typeof node !== 'object') return node
  const ref = (node as { $ref?: unknown }).$ref
  if (typeof ref === 'string' && ref.startsWith('#/components/schemas/'))
    return inlineRefs(schemas[ref.slice('#/components/schemas/'.length)] as T, schemas)
  return Object.fromEntries(Object.entries(node).map(([k, v]) => [k, inlineRefs(v, schemas)])) as T
}

export function operationsOf(described: OpenApiDoc): Operation[] {
  const doc = { paths: inlineRefs(described.paths, described.components?.schemas ?? {}) }
  const ops: Operation[] = []
  for (const [path, methods] of Object.entries(doc.paths))
    for (const [method, op] of Object.entries(methods)) {
      ops.push({
        id: op.operationId ?? `${method} ${path}`,
        method: method.toUpperCase(),
        path,
        params: op.parameters ?? [],
        body: op.requestBody?.content['application/json']?.schema ?? null,
      })
    }
  return ops.sort((a, b) => a.id.localeCompare(b.id))
}

// ---- a valid request per operation ---------------------------------------------------------

const placeholder = (name: string) => `@@${name}@@`

/** A path parameter's valid value: an id the setup made, or a name from the catalogues. */
function pathValue(p: Param): fc.Arbitrary<string> {
  if (p.name === 'run_id')
    return fc.constant(placeholder(typesOf(p.schema)[0] === 'integer' ? 'history_run_id' : 'agent_run_id'))
  if (p.name === 'name')
    return fc.constantFrom(
      ...FILTER_VALUE_NAMES,
      ...Object.values(DOCUMENT_FILTERS)
        .flat()
        .map((d) => d.name),
    )
  if (p.name === 'category') return fc.constantFrom(...ENTITY_CATEGORIES)
  if (HINTS[p.name]) return HINTS[p.name]!.map(String)
  return validValue(p.schema).map(String)
}

export function encodePath(op: Operation, values: Record<string, string>): string {
  return op.path.replace(/\{(\w+)\}/g, (_, name: string) => encode(values[name] ?? ''))
}

export function encodeQuery(pairs: [string, string][]): string {
  return pairs.map(([k, v]) => `${encode(k)}=${encode(v)}`).join('&')
}

interface Parts {
  pathValues: Record<string, string>
  query: [string, string][]
  body: unknown
  headers: Record<string, string>
  auth: Auth
}

const auth: fc.Arbitrary<Auth> = fc.oneof(
  { arbitrary: fc.constant<Auth>('live'), weight: 17 },
  { arbitrary: fc.constant<Auth>('test'), weight: 2 },
  { arbitrary: fc.constantFrom<Auth>('none', 'malformed', 'unknown', 'bearer', 'browser'), weight: 1 },
)

function validParts(op: Operation): fc.Arbitrary<Parts> {
  const pathParams = op.params.filter((p) => p.in === 'path')
  const queryParams = op.params.filter((p) => p.in === 'query')
  const pathValues = fc.record(Object.fromEntries(pathParams.map((p) => [p.name, pathValue(p)]))) as fc.Arbitrary<
    Record<string, string>
  >
  const query = fc
    .tuple(
      ...queryParams.map((p) =>
        fc
          .option(validValue(p.schema, p.name, 1), { freq: 2 })
          .map((v): [string, string][] =>
            v === null ? [] : (Array.isArray(v) ? v : [v]).map((x) => [p.name, String(x)]),
          ),
      ),
    )
    .map((lists) => lists.flat())
  const idempotency = op.params.find((p) => p.in === 'header' && p.name.toLowerCase() === 'idempotency-key')
  const key = fc.string({ minLength: 1, maxLength: 40, unit: 'grapheme-ascii' })
  const headers = !idempotency
    ? fc.constant({})
    : (idempotency.required ? key : fc.option(key, { freq: 3 })).map((k): Record<string, string> =>
        k === null ? {} : { 'idempotency-key': k },
      )
  const body = op.body ? (BODIES[op.id]?.(op.body) ?? validValue(op.body)) : fc.constant(undefined)
  return fc.record({ pathValues, query, body, headers, auth })
}

function assemble(op: Operation, kind: string, parts: Parts, over: Partial<FuzzRequest> = {}): FuzzRequest {
  const headers: Record<string, string> = { ...parts.headers }
  let body: string | undefined
  if (parts.body !== undefined) {
    body = serialise(parts.body)
    headers['content-type'] = 'application/json'
  }
  return {
    op: op.id,
    kind,
    method: op.method,
    path: encodePath(op, parts.pathValues),
    query: encodeQuery(parts.query),
    headers,
    body,
    auth: parts.auth,
    ...over,
  }
}

// ---- mutations -----------------------------------------------------------------------------

type Path = (string | number)[]

function pathsIn(v: unknown, prefix: Path = [], out: Path[] = []): Path[] {
  out.push(prefix)
  if (Array.isArray(v)) v.forEach((x, i) => pathsIn(x, [...prefix, i], out))
  else if (v !== null && typeof v === 'object') for (const [k, x] of Object.entries(v)) pathsIn(x, [...prefix, k], out)
  return out
}

function changeAt(
  root: unknown,
  path: Path,
  change: (parent: Record<string | number, unknown>, key: string | number) => void,
): unknown {
  const copy = structuredClone(root)
  let parent = copy as Record<string | number, unknown>
  for (const k of path.slice(0, -1)) parent = parent[k] as Record<string | number, unknown>
  change(parent, path[path.length - 1]!)
  return copy
}

function queryMutations(op: Operation, parts: Parts): fc.Arbitrary<FuzzRequest>[] {
  const declared = op.params.filter((p) => p.in === 'query').map((p) => p.name)
  const out = [
    fc
      .tuple(
        fc.constantFrom(...UNKNOWN_PARAMS),
        awkwardString.filter((s) => s.length < 2000),
      )
      .map(([k, v]) => assemble(op, 'query.unknown_param', { ...parts, query: [...parts.query, [k, v]] })),
    fc.constantFrom(...RAW_QUERY).map((q) => {
      const r = assemble(op, 'query.bad_encoding', parts)
      return { ...r, query: r.query ? `${r.query}&${q}` : q }
    }),
  ]
  if (declared.length)
    out.push(
      fc
        .tuple(
          fc.constantFrom(...declared),
          fc.oneof(
            fc.constantFrom(...QUERY_VALUES),
            awkwardString.filter((s) => s.length < 5000),
          ),
          fc.boolean(),
        )
        .map(([k, v, twice]) => {
          const kept = twice ? parts.query : parts.query.filter(([n]) => n !== k)
          return assemble(op, twice ? 'query.repeated' : 'query.wrong_value', { ...parts, query: [...kept, [k, v]] })
        }),
    )
  return out
}

function pathMutations(op: Operation, parts: Parts): fc.Arbitrary<FuzzRequest>[] {
  const names = op.params.filter((p) => p.in === 'path').map((p) => p.name)
  const base = assemble(op, 'path', parts)
  const out = [
    fc
      .constantFrom(
        (p: string) => p + '/',
        (p: string) => p.replace('/v1/', '//v1//'),
        (p: string) => p.toUpperCase(),
        (p: string) => p.replace('/v1/', '/v1/./'),
        (p: string) => p.replace('/v1/', '/v1/../admin/v1/'),
        (p: string) => p + '/extra',
        (p: string) => p + '%2f',
        (p: string) => p + ';jsessionid=1',
      )
      .map((f) => ({ ...base, kind: 'path.variant', path: f(base.path) })),
    fc
      .constantFrom(...METHODS.filter((m) => m !== op.method))
      .map((method) => ({ ...base, kind: 'method.other', method })),
  ]
  if (names.length)
    out.push(
      fc.tuple(fc.constantFrom(...names), fc.constantFrom(...PATH_IDS)).map(([name, id]) => ({
        ...base,
        kind: 'path.bad_id',
        path: op.path.replace(/\{(\w+)\}/g, (_, n: string) =>
          n === name ? id : encodeURIComponent(parts.pathValues[n]!),
        ),
      })),
    )
  return out
}

function bodyMutations(op: Operation, parts: Parts): fc.Arbitrary<FuzzRequest>[] {
  if (!op.body) {
    return [
      fc
        .tuple(
          fc.constantFrom('{"a":1}', '[]', ...BAD_JSON.slice(0, 6)),
          fc.constantFrom('application/json', 'text/plain'),
        )
        .map(([body, type]) =>
          assemble(op, 'body.unexpected', parts, { body, headers: { ...parts.headers, 'content-type': type } }),
        ),
    ]
  }
  const paths = pathsIn(parts.body)
  // Mostly a leaf (a value inside the filters, say), sometimes a whole object or array.
  const leaves = paths.filter((p) => {
    const v = p.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], parts.body)
    return v === null || typeof v !== 'object'
  })
  const pick = leaves.length
    ? fc.oneof(
        { arbitrary: fc.constantFrom(...leaves), weight: 3 },
        { arbitrary: fc.constantFrom(...paths), weight: 1 },
      )
    : fc.constantFrom(...paths)
  const named = paths.filter((p) => typeof p[p.length - 1] === 'string')
  const out = [
    fc.tuple(pick, wrongValue).map(([path, v]) =>
      assemble(op, 'body.wrong_value', {
        ...parts,
        body: path.length ? changeAt(parts.body, path, (o, k) => (o[k] = v)) : v,
      }),
    ),
    fc
      .tuple(
        fc.constantFrom<Path>(
          [],
          ...paths.filter((p) => {
            const v = p.reduce<unknown>((o, k) => (o as Record<string | number, unknown>)[k], parts.body)
            return p.length > 0 && v !== null && typeof v === 'object' && !Array.isArray(v)
          }),
        ),
        fc.constantFrom(...UNKNOWN_PARAMS, 'query ', 'QUERY', ''),
        wrongValue,
      )
      .map(([path, key, v]) =>
        assemble(op, 'body.unknown_field', {
          ...parts,
          body: path.length
            ? changeAt(parts.body, path, (o, k) => ((o[k] as Record<string, unknown>)[key] = v))
            : { ...(parts.body !== null && typeof parts.body === 'object' ? parts.body : {}), [key]: v },
        }),
      ),
    fc.constantFrom(...BAD_JSON).map((body) => assemble(op, 'body.bad_json', parts, { body })),
    fc
      .constantFrom(...WRONG_CONTENT_TYPES)
      .map((type) => assemble(op, 'body.content_type', parts, { headers: { ...parts.headers, 'content-type': type } })),
    fc.constant(assemble(op, 'body.no_content_type', parts)).map((r) => {
      const { 'content-type': _dropped, ...headers } = r.headers
      return { ...r, headers }
    }),
    fc
      .constantFrom(1_100_000, 3_000_000)
      .map((n) => assemble(op, 'body.too_large', { ...parts, body: { pad: 'x'.repeat(n) } })),
  ]
  if (named.length)
    out.push(
      fc
        .constantFrom(...named)
        .map((path) =>
          assemble(op, 'body.missing_field', { ...parts, body: changeAt(parts.body, path, (o, k) => delete o[k]) }),
        ),
    )
  return out
}

const HEADER_MUTATIONS: [string, Record<string, string>][] = [
  ['header.idempotency_key', { 'idempotency-key': '' }],
  ['header.idempotency_key', { 'idempotency-key': 'k'.repeat(256) }],
  ['header.idempotency_key', { 'idempotency-key': 'k'.repeat(10_000) }],
  ['header.idempotency_key', { 'idempotency-key': "\u00e9\u00ff%_\\'" }],
  ['header.last_event_id', { 'last-event-id': '-1' }],
  ['header.last_event_id', { 'last-event-id': '99999999999999999999' }],
  ['header.last_event_id', { 'last-event-id': 'abc' }],
  ['header.accept', { accept: 'text/csv' }],
  ['header.accept', { accept: 'application/xml' }],
  ['header.huge', { 'x-padding': 'p'.repeat(20_000) }],
  ['header.many', Object.fromEntries(Array.from({ length: 150 }, (_, i) => [`x-h${i}`, String(i)]))],
  ['header.content_encoding', { 'content-encoding': 'gzip' }],
  ['header.content_length', { 'content-length': '0' }],
  ['header.content_length', { 'content-length': '3' }],
]

function headerMutations(op: Operation, parts: Parts): fc.Arbitrary<FuzzRequest>[] {
  return [
    fc
      .constantFrom(...HEADER_MUTATIONS)
      .map(([kind, h]) => assemble(op, kind, { ...parts, headers: { ...parts.headers, ...h } })),
    fc
      .constantFrom<Auth>('none', 'malformed', 'unknown', 'bearer', 'browser', 'test')
      .map((a) => assemble(op, 'header.credential', { ...parts, auth: a })),
  ]
}

/** Requests only a socket can send: what Node's HTTP parser refuses before any route. */
function rawMutations(op: Operation, parts: Parts): fc.Arbitrary<FuzzRequest>[] {
  const r = assemble(op, 'raw', parts)
  const target = r.path + (r.query ? `?${r.query}` : '')
  const body = r.body ?? ''
  const key = 'X-API-Key: @@live_key@@\r\n'
  const head = (line: string, extra = '') => `${line}\r\nHost: 127.0.0.1\r\n${key}${extra}`
  const cases: [string, string][] = [
    ['raw.bad_method', `${head(`FOO ${target} HTTP/1.1`)}\r\n`],
    ['raw.bad_method', `${head(`G@T ${target} HTTP/1.1`)}\r\n`],
    ['raw.bad_method', `${head(`get ${target} HTTP/1.1`)}\r\n`],
    ['raw.bad_version', `${head(`${op.method} ${target} HTTP/2.0`)}\r\n`],
    ['raw.bad_version', `${head(`${op.method} ${target} HTTP/9.9`)}\r\n`],
    ['raw.no_host', `${op.method} ${target} HTTP/1.1\r\n${key}\r\n`],
    ['raw.http_1_0', `${op.method} ${target} HTTP/1.0\r\n${key}\r\n`],
    ['raw.request_line', `${head(`${op.method}  ${target} HTTP/1.1`)}\r\n`],
    ['raw.request_line', `${head(`${op.method} ${target}`)}\r\n`],
    ['raw.request_line', `${head(`${op.method} http://127.0.0.1${target} HTTP/1.1`)}\r\n`],
    ['raw.request_line', `${head(`${op.method} * HTTP/1.1`)}\r\n`],
    ['raw.request_line', `${head(`${op.method} ${target}\u00e9\u0001 HTTP/1.1`)}\r\n`],
    ['raw.header', `${head(`${op.method} ${target} HTTP/1.1`, 'X-Bad header\r\n')}\r\n`],
    ['raw.header', `${head(`${op.method} ${target} HTTP/1.1`, 'X Bad: 1\r\n')}\r\n`],
    ['raw.header', `${head(`${op.method} ${target} HTTP/1.1`, 'X-Bad : 1\r\n')}\r\n`],
    ['raw.header', `${head(`${op.method} ${target} HTTP/1.1`, 'X-A: 1\r\n folded\r\n')}\r\n`],
    ['raw.header', `${head(`${op.method} ${target} HTTP/1.1`, 'X-A: a\u0000b\r\n')}\r\n`],
    ['raw.header', `${head(`${op.method} ${target} HTTP/1.1`, 'X-A: a\rb\r\n')}\r\n`],
    [
      'raw.content_length',
      `${head(`POST ${target} HTTP/1.1`, 'Content-Type: application/json\r\nContent-Length: -1\r\n')}\r\n${body}`,
    ],
    [
      'raw.content_length',
      `${head(`POST ${target} HTTP/1.1`, 'Content-Type: application/json\r\nContent-Length: abc\r\n')}\r\n${body}`,
    ],
    [
      'raw.content_length',
      `${head(`POST ${target} HTTP/1.1`, 'Content-Type: application/json\r\nContent-Length: 1e3\r\n')}\r\n${body}`,
    ],
    [
      'raw.content_length',
      `${head(`POST ${target} HTTP/1.1`, 'Content-Type: application/json\r\nContent-Length: 2\r\nContent-Length: 3\r\n')}\r\n{}`,
    ],
    [
      'raw.content_length',
      `${head(`POST ${target} HTTP/1.1`, 'Content-Type: application/json\r\nContent-Length: 2\r\nTransfer-Encoding: chunked\r\n')}\r\n{}`,
    ],
    [
      'raw.content_length',
      `${head(`POST ${target} HTTP/1.1`, 'Content-Type: application/json\r\nContent-Length: 1\r\n')}\r\n{"a":1}`,
    ],
    [
      'raw.chunked',
      `${head(`POST ${target} HTTP/1.1`, 'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n')}\r\nzz\r\n{}\r\n0\r\n\r\n`,
    ],
    [
      'raw.chunked',
      `${head(`POST ${target} HTTP/1.1`, 'Content-Type: application/json\r\nTransfer-Encoding: gzip\r\n')}\r\n{}`,
    ],
    [
      'raw.chunked',
      `${head(`POST ${target} HTTP/1.1`, 'Content-Type: application/json\r\nTransfer-Encoding: chunked\r\n')}\r\n2\r\n{}\r\n0\r\n\r\n`,
    ],
    ['raw.garbage', '\u0016\u0003\u0001\u0000\u00a5\u0001\u0000\u0000\u00a1\u0003\u0003'],
    ['raw.garbage', 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n'],
    ['raw.upgrade', `${head(`GET ${target} HTTP/1.1`, 'Connection: Upgrade\r\nUpgrade: websocket\r\n')}\r\n`],
  ]
  return [fc.constantFrom(...cases).map(([kind, raw]) => ({ ...r, kind, raw }))]
}

/** One operation's requests: valid ones now and then, otherwise one mutation of a valid one. */
export function requestsFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  return validParts(op).chain((parts) =>
    fc.oneof(
      { arbitrary: fc.constant(assemble(op, 'valid', parts)), weight: 4 },
      ...bodyMutations(op, parts).map((arbitrary) => ({ arbitrary, weight: 3 })),
      ...queryMutations(op, parts).map((arbitrary) => ({ arbitrary, weight: 2 })),
      ...pathMutations(op, parts).map((arbitrary) => ({ arbitrary, weight: 2 })),
      ...headerMutations(op, parts).map((arbitrary) => ({ arbitrary, weight: 1 })),
      {
        arbitrary: fc.constant(
          assemble(op, 'url.over_header_cap', { ...parts, query: [...parts.query, ['pad', 'x'.repeat(20_000)]] }),
        ),
        weight: 1,
      },
      ...rawMutations(op, parts).map((arbitrary) => ({ arbitrary, weight: 2 })),
    ),
  )
}

/** Request `index` of a run with `seed`: the same whatever the run's length, so a failure is replayed alone. */
export function requestAt(
  ops: Operation[],
  arbitraries: Map<string, fc.Arbitrary<FuzzRequest>>,
  seed: number,
  index: number,
): FuzzRequest {
  // Searches and look-alikes weigh three times: their filters are the widest input of the API.
  const weighted = ops.flatMap((o) => (BODIES[o.id] ? [o, o, o] : [o]))
  const [op] = fc.sample(fc.constantFrom(...weighted), { seed: mix(seed, index), numRuns: 1 })
  let arb = arbitraries.get(op!.id)
  if (!arb) arbitraries.set(op!.id, (arb = requestsFor(op!)))
  return fc.sample(arb, { seed: mix(seed, index) ^ 0x5bd1e995, numRuns: 1 })[0]!
}

function mix(seed: number, index: number): number {
  let h = (seed ^ Math.imul(index + 1, 0x9e3779b1)) >>> 0
  h = Math.imul(h ^ (h >>> 16), 0x85ebca6b) >>> 0
  return (h ^ (h >>> 13)) | 0
}
