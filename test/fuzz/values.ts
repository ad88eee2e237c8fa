// The fuzz suite's values: valid ones drawn from a route's JSON Schema (with hints for ids and
// search filters), and the bad ones mutations put in their place: awkward and huge texts,
// extreme numbers, deep nesting, bad dates, cursors, JSON, content types, path ids and query
// values. Requests are built from them in requests.ts.
import fc from 'fast-check'
import { ENTITY_CATEGORIES } from '../../src/contract/records.ts'
import { DocumentFilters, GtmFilters } from '../../src/contract/search.ts'
import { sortCatalogue } from '../../src/contract/search-catalogue.ts'

/** The JSON Schema subset the route schemas use. */
export interface Schema {
  type?: string | string[]
  enum?: unknown[]
  anyOf?: Schema[]
  properties?: Record<string, Schema>
  required?: string[]
  additionalProperties?: boolean | Schema
  items?: Schema
  minItems?: number
  maxItems?: number
  minLength?: number
  maxLength?: number
  minimum?: number
  maximum?: number
  pattern?: string
  format?: string
}

// ---- valid values ------------------------------------------------------------------------

const WORDS = ['cloud payments', 'fintech', 'machine learning Berlin', 'solar', 'CTO', 'battery startups', 'data']

/** Values the demo corpus or the fuzz setup knows, by field or parameter name. */
export const HINTS: Record<string, fc.Arbitrary<unknown>> = {
  query: fc.constantFrom(...WORDS),
  email: fc.constantFrom('ada@example.com', 'nobody@example.org'),
  anchors: fc.constant(['@@company_domain@@']),
  ids: fc.constantFrom(['@@company_domain@@'], ['@@company_id@@'], ['@@person_id@@', 'nobody']),
  domain: fc.constant('@@company_domain@@'),
  value: fc.constantFrom('@@company_domain@@', 'Acme'),
  request_id: fc.constant('@@request_id@@'),
  list_id: fc.constant('@@list_id@@'),
  topup_id: fc.constant('@@topup_id@@'),
  entity_id: fc.constantFrom('@@company_domain@@', '@@person_id@@'),
  category: fc.constantFrom(...ENTITY_CATEGORIES),
  filters: fc.oneof(
    fc.constant({}),
    fc.constant({ industry: { include: ['Software'] } }),
    fc.constant({ employee_count: { min: 10, max: 500 } }),
  ),
}

export function typesOf(s: Schema): string[] {
  if (Array.isArray(s.type)) return s.type
  if (s.type) return [s.type]
  if (s.properties) return ['object']
  return []
}

const isoDate = fc
  .date({ min: new Date('2024-01-01T00:00:00Z'), max: new Date('2027-01-01T00:00:00Z'), noInvalidDate: true })
  .map((d) => d.toISOString())

/** A value the schema accepts (mostly: patterns other than \S are not honoured). */
export function validValue(s: Schema, name?: string, depth = 0): fc.Arbitrary<unknown> {
  const hint = name && !s.enum ? HINTS[name] : undefined
  return hint ? fc.oneof({ arbitrary: hint, weight: 3 }, validOf(s, depth)) : validOf(s, depth)
}

export function validOf(s: Schema, depth: number): fc.Arbitrary<unknown> {
  if (s.anyOf) return fc.oneof(...s.anyOf.map((b) => validOf(b, depth)))
  if (s.enum) return fc.constantFrom(...s.enum)
  const types = typesOf(s)
  if (types.length > 1) return fc.oneof(...types.map((t) => validOf({ ...s, type: t }, depth)))
  switch (types[0]) {
    case 'string': {
      if (s.format === 'date-time') return isoDate
      const min = s.minLength ?? 0
      const max = Math.min(s.maxLength ?? 40, Math.max(min, 40))
      const text = fc.string({ minLength: min, maxLength: max, unit: 'grapheme-ascii' })
      return s.pattern === '\\S' ? text.filter((x) => /\S/.test(x)) : text
    }
    case 'integer':
      return fc.integer({ min: s.minimum ?? 0, max: Math.min(s.maximum ?? 1000, (s.minimum ?? 0) + 1000) })
    case 'number':
      return fc.double({ min: s.minimum ?? 0, max: s.maximum ?? 1000, noNaN: true })
    case 'boolean':
      return fc.boolean()
    case 'null':
      return fc.constant(null)
    case 'array': {
      const min = s.minItems ?? 0
      return fc.array(validValue(s.items ?? {}, undefined, depth + 1), {
        minLength: min,
        maxLength: Math.min(s.maxItems ?? 3, min + 3),
      })
    }
    case 'object': {
      const props = Object.entries(s.properties ?? {})
      if (props.length === 0) return fc.constant({})
      const required = new Set(s.required ?? [])
      const record: Record<string, fc.Arbitrary<unknown>> = {}
      for (const [k, v] of props) record[k] = validValue(v, k, depth + 1)
      return fc.record(record, { requiredKeys: [...required] })
    }
    default:
      return fc.jsonValue({ maxDepth: 2 })
  }
}

// ---- bad values --------------------------------------------------------------------------

/** LIKE and quoting metacharacters, traversal, markup, NUL, lone surrogates and other awkward texts. */
export const AWKWARD = [
  '',
  ' ',
  '%',
  '_',
  "'",
  '\\',
  '%%',
  '_%_',
  '\\%',
  '\\_',
  '%\\',
  "a'b%c_d\\e",
  "' OR '1'='1",
  "'); drop table credit_accounts; --",
  '../',
  '../../etc/passwd',
  '..\\..\\windows',
  '%2e%2e%2f',
  '\u0000',
  'a\u0000b',
  '\ud800',
  'x\udfffy',
  '\u202eevil',
  '\ufeffbom',
  'ǅ İ ß ﬁ',
  'e\u0301\u0301\u0301',
  '🦄🏳️‍🌈',
  '\r\n\t',
  '<script>alert(1)</script>',
  '${7*7}{{7*7}}',
  'null',
  'NaN',
  '-1',
  '0x1F',
  '9'.repeat(40),
]

const HUGE_LENGTHS = [257, 2_001, 10_000, 100_000, 700_000]

export const awkwardString = fc.oneof(
  { arbitrary: fc.constantFrom(...AWKWARD), weight: 6 },
  { arbitrary: fc.string({ unit: 'grapheme', maxLength: 40 }), weight: 2 },
  { arbitrary: fc.string({ unit: 'binary', maxLength: 20 }), weight: 1 },
  { arbitrary: fc.constantFrom(...HUGE_LENGTHS).map((n) => 'é'.repeat(n)), weight: 1 },
)

/** Numbers JSON can carry that no bound expects, plus texts JSON.parse turns into ±Infinity or 0. */
const EXTREME_NUMBERS = [0, -0, -1, 0.5, 1e-7, 2 ** 31, 2 ** 31 - 1, -(2 ** 31), 2 ** 53, 2 ** 53 + 2, 2 ** 63, 1e21]
const RAW_NUMBERS = ['1e308', '-1e308', '1e999', '-1e999', '5e-324', '123456789012345678901234567890', '-0.0']
const raw = (text: string) => `@@raw:${text}@@`

export const extremeNumber = fc.oneof(
  fc.constantFrom(...EXTREME_NUMBERS),
  fc.constantFrom(...RAW_NUMBERS).map(raw),
  fc.double(),
  fc.integer(),
)

const DEPTHS = [31, 32, 33, 100, 5_000, 100_000]
const deep = fc.constantFrom(...DEPTHS).map((n) => raw(n > 1000 ? `${'['.repeat(n)}${']'.repeat(n)}` : nested(n)))
function nested(n: number): string {
  return '{"a":'.repeat(n) + '1' + '}'.repeat(n)
}

/** Dates PostgreSQL cannot cast, or only just. */
export const DATES = [
  '2020-02-30',
  '2021-02-29',
  '0000-01-01',
  '0001-01-01',
  '2020-13',
  '2020-00',
  '2020-01',
  '2020-01-15junk',
  '99999-01-01',
  '2020-01-15T25:00:00Z',
  '9999-12-31T23:59:59-23:59',
]

const badCursor = fc.oneof(
  fc.constantFrom('', 'x', 'eyJ0IjoxfQ', 'eyJ0IjoxfQ.sig', '@@cursor@@x', 'null', '%', 'a'.repeat(9000)),
  fc.base64String({ maxLength: 200 }),
)

/** Any wrong value for a field: another JSON type, null, huge or awkward text, extremes, nesting. */
export const wrongValue: fc.Arbitrary<unknown> = fc.oneof(
  { arbitrary: awkwardString, weight: 5 },
  { arbitrary: extremeNumber, weight: 4 },
  { arbitrary: fc.constantFrom(null, true, false, [], {}, [null], { a: 1 }, ['x'], [[[]]]), weight: 3 },
  { arbitrary: fc.constantFrom(...DATES), weight: 2 },
  { arbitrary: deep, weight: 1 },
  { arbitrary: badCursor, weight: 1 },
  { arbitrary: fc.jsonValue({ maxDepth: 3 }), weight: 1 },
)

export function filtersOf(schema: { properties: Record<string, unknown> }): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties as Record<string, Schema>
  return fc.constantFrom(...Object.keys(props)).chain((name) => validOf(props[name]!, 1).map((v) => ({ [name]: v })))
}
HINTS.filters = fc.oneof(
  fc.constant({}),
  filtersOf(GtmFilters as never),
  ...Object.values(DocumentFilters).map((s) => filtersOf(s as never)),
)

/** A category's own filters (one to three of them): what a search or an export of it accepts. */
export function filtersFor(category: string): fc.Arbitrary<Record<string, unknown>> {
  const schema = (DocumentFilters as Record<string, unknown>)[category] ?? GtmFilters
  return fc
    .array(filtersOf(schema as never), { minLength: 1, maxLength: 3 })
    .map((parts) => Object.assign({}, ...parts))
}

/** Bodies whose parts depend on each other (a search's filters on its category). */
export const BODIES: Record<string, (s: Schema) => fc.Arbitrary<unknown>> = {
  searchRecords: (s) =>
    fc.constantFrom(...ENTITY_CATEGORIES).chain((category) =>
      fc.record(
        {
          query: HINTS.query!,
          category: fc.constant(category),
          mode: fc.constantFrom('fast', 'fast', 'auto'),
          filters: fc.oneof(filtersFor(category), fc.constant({})),
          limit: fc.integer({ min: 1, max: 10 }),
          sort: validOf(s.properties!.sort!, 1),
        },
        { requiredKeys: ['category', 'mode'] },
      ),
    ),
  findSimilar: (s) =>
    fc.record(
      {
        anchors: HINTS.anchors!,
        filters: fc.oneof(filtersFor('company'), fc.constant({})),
        limit: fc.integer({ min: 1, max: 10 }),
        ...Object.fromEntries(
          Object.entries(s.properties ?? {})
            .filter(([k]) => !['anchors', 'filters', 'limit', 'cursor'].includes(k))
            .map(([k, v]) => [k, validValue(v, k, 1)]),
        ),
      },
      { requiredKeys: ['anchors'] },
    ),
}
HINTS.field = fc.constantFrom(
  ...sortCatalogue('company').map((s) => s.field),
  ...sortCatalogue('patent').map((s) => s.field),
)

/** encodeURIComponent, except that a lone surrogate becomes its three bytes (%ED%A0%80): not UTF-8. */
export function encode(text: string): string {
  return text.replace(/[\ud800-\udbff][\udc00-\udfff]|[\ud800-\udfff]|[^\ud800-\udfff]+/g, (part) => {
    if (part.length !== 1 || part.charCodeAt(0) < 0xd800 || part.charCodeAt(0) > 0xdfff) return encodeURIComponent(part)
    const c = part.charCodeAt(0)
    return [0xe0 | (c >> 12), 0x80 | ((c >> 6) & 0x3f), 0x80 | (c & 0x3f)]
      .map((b) => `%${b.toString(16).toUpperCase()}`)
      .join('')
  })
}

/** JSON text of a body; '@@raw:…@@' strings become their text unquoted (numbers JSON.parse cannot keep, deep nesting). */
export function serialise(value: unknown): string {
  return JSON.stringify(value).replace(/"@@raw:((?:[^"\\]|\\.)*)@@"/g, (m) => JSON.parse(m).slice(6, -2))
}

// ---- bad inputs of the HTTP layer -------------------------------------------------------

export const BAD_JSON = [
  '{',
  '{"a":',
  '{"query": "x",}',
  "{'query': 'x'}",
  '{"query": NaN}',
  '{"query": undefined}',
  '[1, 2',
  '{"a": 1}{"b": 2}',
  '{"a": 1} trailing',
  '\ufeff{}',
  '{"a": "\\x41"}',
  '{"a": "\\ud800"}',
  '{"__proto__": {"polluted": 1}}',
  '{"constructor": {"prototype": {"polluted": 1}}}',
  '{"query": "a", "query": "b"}',
  ' ',
  '',
  'null',
  'true',
  '0',
  '"text"',
  '[]',
  '{"a": 01}',
  '{"a": -}',
  '{"a": 1e}',
  '\u0000',
  '{"a": "raw\u0000nul"}',
  '{"a": "raw\nnewline"}',
  '\u00ff\u00fe{\u0000}',
]

export const WRONG_CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'APPLICATION/JSON',
  'application/json;',
  'application/jsonx',
  'application/vnd.api+json',
  'application/problem+json',
  'text/json',
  '*/*',
  'application/json, text/plain',
  ';;;',
  'application/json; boundary="',
  '\u00e9/\u00e9',
]

export const PATH_IDS = [
  '..',
  '.',
  '../..',
  '%2e%2e',
  '%2E%2E%2F',
  '..%2f..%2fadmin%2fv1%2fworkspaces',
  '%2e%2e%2f%2e%2e%2fadmin',
  '..\\..\\',
  '%',
  '%zz',
  '%c0%ae%c0%ae',
  '%ff%fe',
  '%00',
  '%0a',
  '%20',
  '%25',
  '%27',
  '%5c',
  "'",
  ';',
  '+',
  '-1',
  '0',
  '1.5',
  '99999999999999999999',
  '1e308',
  'Infinity',
  'NaN',
  '0x10',
  'x'.repeat(100),
  'x'.repeat(101),
  'x'.repeat(5000),
  encodeURIComponent('🦄ǅ\u202e'),
  encodeURIComponent('%_\\'),
]

export const QUERY_VALUES = [
  'Infinity',
  '-Infinity',
  'NaN',
  '1e308',
  '-1e308',
  '-1',
  '0',
  '1.5',
  '99999999999999999999',
  '9007199254740993',
  '0x1F',
  ' 1',
  '+1',
  '1e-7',
  'true',
  'null',
  '',
  '0001-01-01T00:00:00Z',
  '0000-01-01T00:00:00Z',
  '1969-12-31T23:59:59Z',
  '9999-12-31T23:59:59Z',
  '9999-12-31T23:59:59-23:59',
  '2020-02-30T00:00:00Z',
  '2020-01-01',
  '+275760-09-13T00:00:00Z',
  'x'.repeat(3000),
]

export const RAW_QUERY = [
  '%',
  '%zz',
  '%ff%fe',
  'a=%',
  'a[b]=1',
  '&&&',
  '=x',
  'a==b',
  '%00=1',
  '__proto__=1',
  'constructor[prototype]=1',
]
export const UNKNOWN_PARAMS = ['page', 'offset', 'x', '__proto__', 'constructor', 'a[b]', 'limit[]', 'q'.repeat(300)]
export const METHODS = [
  'GET',
  'POST',
  'PUT',
  'PATCH',
  'DELETE',
  'OPTIONS',
  'HEAD',
  'PROPFIND',
  'TRACE',
  'QUERY',
  'MKCOL',
]
