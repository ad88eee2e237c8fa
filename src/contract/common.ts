// Shared pieces of the public contract (§2.1–2.3): meta, the list envelope, the problem body,
// credits, cursors. Every route schema builds on these; none repeats them as literals.
import { Type, type Static, type TObject, type TProperties, type TSchema } from 'typebox'

export const Nullable = <T extends TSchema>(schema: T) => Type.Union([schema, Type.Null()])

export const Timestamp = Type.String({ format: 'date-time', description: 'ISO 8601 date-time' })

/**
 * A date-time a request sends (a window's `from`, `to`): from 1970 to the end of 9999 in UTC.
 * Without the bounds, `to=0001-01-01T00:00:00Z` put a default `from` 30 days earlier in year 0,
 * and `9999-12-31T23:59:59-01:00` is in year 10000: PostgreSQL refuses both (500).
 */
export const TimestampParam = Type.String({
  format: 'date-time',
  pattern: '^(?!9999-12-31T.*-\\d\\d:?\\d\\d$)(19[7-9]\\d|[2-9]\\d{3})-',
  description: 'ISO 8601 date-time, from 1970 to 9999-12-31T23:59:59Z',
})

/**
 * Integers a request sends that reach SQL (offsets, bigint ids): at most 2^53 − 1, so each is
 * exact and inside a 64-bit integer. Query strings are coerced: `99999999999999999999` or
 * `1e308` would otherwise reach the store as a float and fail there (500).
 */
export const MAX_SAFE_INTEGER = Number.MAX_SAFE_INTEGER
export const Credits = Type.Number({ description: 'Credits: a JSON number with at most three decimals' })

export const Meta = Type.Object(
  {
    request_id: Type.String({ description: 'Also in header X-Request-Id' }),
    environment: Type.Union([Type.Literal('live'), Type.Literal('test')]),
    as_of: Timestamp,
    credential: Type.Union([Type.Literal('api_key'), Type.Literal('session'), Type.Literal('oauth')], {
      description:
        'api_key: X-API-Key; session: a dashboard session; oauth: an OAuth access token (Authorization: Bearer) acting for the member who granted it',
    }),
    credits_charged: Nullable(Credits),
  },
  { additionalProperties: false, description: 'Present on every 2xx (§2.2)' },
)
export type Meta = Static<typeof Meta>

/** A response object with `meta`, which the envelope plugin fills on every 2xx. */
export const WithMeta = <P extends TProperties>(properties: P, options: { description?: string } = {}) =>
  Type.Object({ ...properties, meta: Type.Optional(Meta) }, { additionalProperties: false, ...options })

export const ValidationErrorEntry = Type.Object({
  type: Type.String(),
  loc: Type.Array(Type.Union([Type.String(), Type.Integer()])),
  msg: Type.String(),
  input: Type.Unknown(),
  ctx: Nullable(Type.Object({}, { additionalProperties: true })),
})

export const Problem = Type.Object(
  {
    type: Type.String({ description: '{error_docs_url}/<slug>' }),
    title: Type.String(),
    status: Type.Integer(),
    code: Type.String({ description: 'Branch on this, never on detail' }),
    detail: Type.String(),
    instance: Type.String({ description: 'The request path' }),
    request_id: Type.String(),
    extra: Type.Optional(Type.Object({}, { additionalProperties: true })),
  },
  { description: 'application/problem+json (RFC 9457)' },
)
export type Problem = Static<typeof Problem>

export const Attribution = Type.Object({
  source_corpus: Type.String(),
  domain: Nullable(Type.String()),
  as_of: Nullable(Timestamp),
  url: Type.Null({ description: 'Reserved; always null' }),
  quote: Type.Null({ description: 'Reserved; always null' }),
})

export const Degradation = Type.Object({
  reason: Type.String(),
  detail: Type.String(),
  impact: Type.Enum(['recall', 'precision', 'freshness', 'fields']),
  source_corpus: Nullable(Type.String()),
})

/** The list envelope (§2.2): every field always serialized; has_more ⇔ next_cursor non-null. */
export const ListEnvelope = <R extends TSchema, P extends TProperties = TProperties>(row: R, extra?: P) =>
  Type.Object(
    {
      results: Type.Array(row),
      total: Type.Integer({ minimum: 0 }),
      total_is_estimate: Type.Boolean(),
      has_more: Type.Boolean(),
      next_cursor: Nullable(Type.String()),
      resolved_search: Nullable(Type.Object({}, { additionalProperties: true })),
      suggestion: Nullable(Type.Object({}, { additionalProperties: true })),
      coverage: Nullable(Type.Object({}, { additionalProperties: true })),
      attribution: Type.Array(Attribution),
      degradation: Type.Array(Degradation),
      columns: Nullable(Type.Array(Type.Object({}, { additionalProperties: true }))),
      ...(extra ?? ({} as P)),
      meta: Type.Optional(Meta),
    },
    { additionalProperties: false },
  )

export type EnvelopeFields<R> = {
  results: R[]
  total: number
  total_is_estimate: boolean
  has_more: boolean
  next_cursor: string | null
  resolved_search: Record<string, unknown> | null
  suggestion: Record<string, unknown> | null
  coverage: Record<string, unknown> | null
  attribution: Static<typeof Attribution>[]
  degradation: Static<typeof Degradation>[]
  columns: Record<string, unknown>[] | null
}

/** Builds an envelope with every field present; has_more is derived from next_cursor, never set separately. */
export function envelope<R>(
  results: R[],
  fields: Partial<Omit<EnvelopeFields<R>, 'results' | 'has_more'>> = {},
): EnvelopeFields<R> {
  const next_cursor = fields.next_cursor ?? null
  return {
    results,
    total: fields.total ?? results.length,
    total_is_estimate: fields.total_is_estimate ?? false,
    has_more: next_cursor !== null,
    next_cursor,
    resolved_search: fields.resolved_search ?? null,
    suggestion: fields.suggestion ?? null,
    coverage: fields.coverage ?? null,
    attribution: fields.attribution ?? [],
    degradation: fields.degradation ?? [],
    columns: fields.columns ?? null,
  }
}

export const ScopeName = Type.Enum([
  'dsp.search.read',
  'dsp.entities.read',
  'dsp.usage.read',
  'dsp.agents.read',
  'dsp.agents.write',
])

export const Strict = <P extends TProperties>(properties: P, options: Record<string, unknown> = {}): TObject<P> =>
  Type.Object(properties, { additionalProperties: false, ...options })
