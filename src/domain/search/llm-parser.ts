// The optional language-model query parser of auto and deep (DSP_PARSER_PROVIDER=llm,
// parser_version `llm-1:<model>`): one call to an OpenAI-compatible POST /v1/chat/completions with
// a strict JSON schema of what the rule parser (parser.ts) produces. The answer goes through the
// caller's filter schema (GtmFilters) and the rule parser's normalisers. Any failure falls back to
// the rules with a `parser_fallback` degradation: the search still answers. Docs: docs/search-parser.md.
import { Type, type Static } from 'typebox'
import { Value } from 'typebox/value'
import { Nullable, type Degradation } from '../../contract/common.ts'
import { ENTITY_CATEGORIES } from '../../contract/records.ts'
import { GtmFilters } from '../../contract/search.ts'
import { assertValid } from '../../contract/validation.ts'
import { SENIORITY_LADDER, departmentFilterValues } from '../../corpus/taxonomy.ts'
import { ApiError } from '../../errors.ts'
import type { Filters } from '../../store/search-filters.ts'
import type { Deps } from '../types.ts'
import {
  GEO_LEVELS,
  GTM_FILTERS,
  PLACE_VOCABULARIES,
  filterSpec,
  isIndexVocabulary,
  type FilterKind,
  type GeoLevel,
  type PlaceVocabulary,
} from '../../contract/search-catalogue.ts'
import {
  normaliseFundingStage,
  parseQuery,
  RULES_PARSER_VERSION,
  vocabularyValue,
  type Parsed,
  type Vocabularies,
} from './parser.ts'

export const LLM_PARSER_VERSION = 'llm-1'
/** Degradation reason: the LLM parser failed and the rules read the query (impact precision). */
export const PARSER_FALLBACK = 'parser_fallback'

/** Values of one vocabulary shown to the model (the index's most common first), and all of them together. */
const PROMPT_VALUES_MAX = 60
const PROMPT_VOCABULARY_CHARS_MAX = 8_000
const MAX_SEMANTIC_CHARS = 2_000
const MAX_ERROR_DETAIL_CHARS = 200

type DegradationEntry = Static<typeof Degradation>

export interface QueryReading {
  parsed: Parsed
  /** `rules-1`, or `llm-1:<model>` when the model's reading was used. */
  parser_version: string
  /** One `parser_fallback` entry when the model was asked and the rules answered instead. */
  degradation: DegradationEntry[]
}

export interface ReadOptions {
  category: string | null
  nowYear: number
  /** The clock's now: the rule parser reads "joined in the last 6 months" against it. */
  now?: Date
}

/** Why the model's reading was not used: `detail` goes to the client (no URL, no key), `message` to the log. */
class ParserFallback extends Error {
  constructor(
    readonly detail: string,
    message = detail,
  ) {
    super(message)
  }
}

const isGtm = (category: string) => category === 'company' || category === 'person'

/**
 * Reads a query with the configured parser. With `llm`, an explicit document category skips the
 * model (those categories take no filters the parser could extract). Never throws for the model:
 * unreachable, slow, non-2xx, unparsable or invalid answers all fall back to the rules.
 */
export async function readSearchQuery(
  deps: Deps,
  query: string,
  vocab: Vocabularies,
  opts: ReadOptions,
): Promise<QueryReading> {
  const c = deps.config
  const rules = () => parseQuery(query, vocab, opts)
  if (
    c.DSP_PARSER_PROVIDER !== 'llm' ||
    !c.DSP_PARSER_URL ||
    !c.DSP_PARSER_MODEL ||
    (opts.category !== null && !isGtm(opts.category))
  ) {
    return { parsed: rules(), parser_version: RULES_PARSER_VERSION, degradation: [] }
  }
  const model = c.DSP_PARSER_MODEL
  try {
    const answer = await askModel(
      { url: c.DSP_PARSER_URL, apiKey: c.DSP_PARSER_API_KEY, model, timeoutMs: c.DSP_PARSER_TIMEOUT_MS },
      systemPrompt(vocab, opts),
      query,
    )
    return {
      parsed: readAnswer(answer, query, vocab, opts),
      parser_version: `${LLM_PARSER_VERSION}:${model}`,
      degradation: [],
    }
  } catch (e) {
    const known = e instanceof ParserFallback
    deps.log.warn(
      { model, err: (e as Error).message },
      known
        ? 'LLM query parser failed; the rules read the query'
        : 'LLM query parser crashed; the rules read the query',
    )
    const why = known ? e.detail : 'failed unexpectedly'
    return {
      parsed: rules(),
      parser_version: RULES_PARSER_VERSION,
      degradation: [
        {
          reason: PARSER_FALLBACK,
          detail: `The language-model parser ${why}; the rule parser (${RULES_PARSER_VERSION}) read the query instead.`,
          impact: 'precision',
          source_corpus: null,
        },
      ],
    }
  }
}

// ---- The request ----------------------------------------------------------------------------

interface Provider {
  url: string
  apiKey: string | undefined
  model: string
  timeoutMs: number
}

/** POSTs one chat completion and returns the parsed JSON of the message content. No retry: a search waits on it. */
async function askModel(p: Provider, system: string, query: string): Promise<unknown> {
  const url = `${p.url.replace(/\/+$/, '').replace(/\/v1$/, '')}/v1/chat/completions`
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (p.apiKey) headers.authorization = `Bearer ${p.apiKey}`
  const body = JSON.stringify({
    model: p.model,
    temperature: 0,
    messages: [
      { role: 'system', content: system },
      { role: 'user', content: query },
    ],
    response_format: {
      type: 'json_schema',
      json_schema: { name: 'search_query_reading', strict: true, schema: ANSWER_SCHEMA },
    },
  })
  let response: Response
  let text: string
  try {
    response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(p.timeoutMs) })
    text = await response.text()
  } catch (cause) {
    if (cause instanceof Error && cause.name === 'TimeoutError')
      throw new ParserFallback(`did not answer within ${p.timeoutMs} ms`)
    throw new ParserFallback('could not be reached', `request to ${url} failed: ${describeCause(cause)}`)
  }
  if (!response.ok)
    throw new ParserFallback(
      `answered HTTP ${response.status}`,
      `${url} answered HTTP ${response.status}: ${text.slice(0, MAX_ERROR_DETAIL_CHARS)}`,
    )
  let message: { content?: unknown; refusal?: unknown } | undefined
  try {
    message = (JSON.parse(text) as { choices?: { message?: typeof message }[] }).choices?.[0]?.message
  } catch {
    throw new ParserFallback('answered a body that is not JSON')
  }
  if (typeof message?.refusal === 'string' && message.refusal) throw new ParserFallback('refused to read the query')
  if (typeof message?.content !== 'string') throw new ParserFallback('answered without a message')
  try {
    return JSON.parse(message.content)
  } catch {
    throw new ParserFallback(
      'answered a message that is not JSON',
      `message is not JSON: ${message.content.slice(0, MAX_ERROR_DETAIL_CHARS)}`,
    )
  }
}

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause)
  // undici says "fetch failed" and keeps the socket error (ECONNREFUSED, ENOTFOUND) in cause.
  return cause.cause instanceof Error ? `${cause.message} (${cause.cause.message})` : cause.message
}

// ---- The schema the model answers in (OpenAI structured outputs, strict) ---------------------
// Strict mode wants every property required and no other: an absent value is null. The shapes are
// the request's own filter shapes (contract/search.ts), one property per catalogue filter plus geo.

type JsonSchema = Record<string, unknown>
const object = (properties: Record<string, JsonSchema>): JsonSchema => ({
  type: 'object',
  properties,
  required: Object.keys(properties),
  additionalProperties: false,
})
const nullable = (schema: JsonSchema): JsonSchema => ({ anyOf: [schema, { type: 'null' }] })
const includeExclude = (item: JsonSchema) =>
  object({ include: nullable({ type: 'array', items: item }), exclude: nullable({ type: 'array', items: item }) })
const STRING = { type: 'string' }
const NUMBER = { type: 'number' }

const KIND_SCHEMA: Record<FilterKind, JsonSchema> = {
  list: includeExclude(STRING),
  array: includeExclude(STRING),
  text: includeExclude(STRING),
  range: object({ min: nullable(NUMBER), max: nullable(NUMBER) }),
  date_range: object({ from: nullable(STRING), to: nullable(STRING) }),
  boolean: { type: 'boolean' },
  company: includeExclude(object({ value: STRING, by: { type: 'string', enum: ['domain', 'name', 'li', 'id'] } })),
}
const GEO_SCHEMA = includeExclude(object({ value: STRING, level: { type: 'string', enum: [...GEO_LEVELS] } }))

export const ANSWER_SCHEMA: JsonSchema = object({
  category: nullable({ type: 'string', enum: [...ENTITY_CATEGORIES] }),
  filters: object(
    Object.fromEntries([
      ...GTM_FILTERS.map((f) => [f.name, nullable(KIND_SCHEMA[f.kind])]),
      ['geo', nullable(GEO_SCHEMA)],
    ]),
  ),
  semantic_query: nullable(STRING),
  semantic_scope: nullable({ type: 'string', enum: ['company', 'person'] }),
})

// ---- The prompt ------------------------------------------------------------------------------

const KIND_WORDS: Record<FilterKind, string> = {
  list: 'list {include, exclude}',
  array: 'list {include, exclude}',
  text: 'words {include, exclude}',
  range: 'range {min, max}',
  date_range: 'dates {from, to} as YYYY-MM-DD',
  boolean: 'true or false',
  company: 'companies {include: [{value, by}]}, by domain, name, li (company page URL) or id',
}

/** The filters the model may set, each vocabulary it must spell as the index does, and the rules of the reading. */
export function systemPrompt(vocab: Vocabularies, opts: ReadOptions): string {
  const filters = GTM_FILTERS.filter((f) => opts.category !== 'company' || f.applies_to !== 'person')
  const lines = [
    'You read one search query for a B2B data index and answer only JSON in the given schema.',
    opts.category === null
      ? `category: the kind of record sought, one of ${ENTITY_CATEGORIES.join(', ')}. People, roles and job titles are person; patents, news, market reports, funding rounds, papers, trends and job openings are their own category; anything else is company.`
      : `category: the caller fixed it to ${opts.category}; answer ${opts.category}.`,
    "filters: only the constraints the words state explicitly, as the filters below; null for every other filter. Never guess. Company filters on a person search apply to the person's current employer. Filters apply to company and person searches only: for another category answer no filters.",
    `Numbers are plain numbers (employees, USD, years). "Startups" means founded in ${opts.nowYear - 10} or later. The current year is ${opts.nowYear}.`,
    'semantic_query: the words of the query that no filter expresses (the topic), or null when nothing is left.',
    'semantic_scope: on a person search with a semantic_query, "company" when those words describe the employer (its industry, products, technology), else "person"; null otherwise.',
    '',
    'Filters (name: shape: meaning):',
    ...filters.map((f) => `${f.name}: ${KIND_WORDS[f.kind]}: ${f.description}`),
    'geo: places {include: [{value, level}]} with level country, state, city or region: where the company is headquartered or the person lives',
    '',
    'The most common values of this index, in its spelling; use that spelling. A value the index does not hold matches nothing and belongs in semantic_query:',
    ...vocabularyLines(vocab, opts),
  ]
  return lines.join('\n')
}

function vocabularyLines(vocab: Vocabularies, opts: ReadOptions): string[] {
  // Every filter whose catalogue row names an index vocabulary, then the places by level.
  const lists: [string, readonly string[]][] = [
    ...GTM_FILTERS.flatMap((f): [string, readonly string[]][] =>
      f.parser_vocabulary &&
      isIndexVocabulary(f.parser_vocabulary) &&
      (opts.category !== 'company' || f.applies_to !== 'person')
        ? [[f.name, vocab[f.parser_vocabulary]]]
        : [],
    ),
    ...Object.entries(PLACE_VOCABULARIES).map(([name, place]): [string, readonly string[]] => [
      `geo ${place.level}`,
      vocab[name as PlaceVocabulary],
    ]),
  ]
  if (opts.category !== 'company')
    lists.unshift(
      ['seniority', SENIORITY_LADDER],
      [
        'department',
        departmentFilterValues()
          .filter((d) => d.level === 'parent')
          .map((d) => d.value),
      ],
    )
  const out: string[] = []
  let budget = PROMPT_VOCABULARY_CHARS_MAX
  for (const [name, values] of lists) {
    if (values.length === 0) continue
    const shown = values.slice(0, PROMPT_VALUES_MAX)
    const line = `${name}: ${shown.join(', ')}${values.length > shown.length ? ', …' : ''}`
    if (line.length > budget) continue
    budget -= line.length
    out.push(line)
  }
  return out
}

// ---- The answer ------------------------------------------------------------------------------

// Lenient about absent properties (not every OpenAI-compatible server enforces strict schemas),
// strict about anything else.
const Answer = Type.Object(
  {
    category: Type.Optional(Nullable(Type.Enum([...ENTITY_CATEGORIES]))),
    filters: Type.Optional(Nullable(Type.Object({}, { additionalProperties: true }))),
    semantic_query: Type.Optional(Nullable(Type.String())),
    semantic_scope: Type.Optional(Nullable(Type.Enum(['company', 'person']))),
  },
  { additionalProperties: false },
)
type Answer = Static<typeof Answer>

/** The values a filter's catalogue row names as its parser vocabulary (funding stages aside: normaliseFundingStage). */
function vocabularyOf(name: string, vocab: Vocabularies): readonly string[] | null {
  const vocabulary = filterSpec(name)?.parser_vocabulary
  if (vocabulary === undefined || vocabulary === 'funding_stages') return null
  if (isIndexVocabulary(vocabulary)) return vocab[vocabulary]
  // Every other parser vocabulary has its case: one added to the catalogue does not compile without it.
  switch (vocabulary) {
    case 'seniority_ladder':
      return SENIORITY_LADDER
    case 'departments':
      return departmentFilterValues().map((d) => d.value)
  }
}

const GEO_VOCABULARY = Object.fromEntries(
  Object.entries(PLACE_VOCABULARIES).map(([name, place]) => [place.level, name]),
) as Record<GeoLevel, PlaceVocabulary>

/**
 * The model's answer as the rule parser's output. Refused whole (fallback) when it leaves the
 * schema or a filter fails the caller's filter schema. A value outside the index's vocabulary is
 * taken out of its filter and its words join semantic_query, as the rules leave unmatched words.
 */
export function readAnswer(raw: unknown, query: string, vocab: Vocabularies, opts: ReadOptions): Parsed {
  if (!Value.Check(Answer, raw)) {
    const first = Value.Errors(Answer, raw)[0]
    throw new ParserFallback(
      'answered outside its schema',
      `answer outside the schema: ${first?.instancePath || '/'} ${first?.message ?? ''}`,
    )
  }
  const answer: Answer = raw
  const category = opts.category ?? answer.category ?? 'company'
  const words = answer.semantic_query?.trim() || null
  if (!isGtm(category))
    return { category, filters: {}, semantic_query: words ?? query, semantic_scope: null, spans: [] }

  const filters = withoutNulls((answer.filters ?? {}) as Record<string, unknown>)
  try {
    assertValid(GtmFilters, filters, ['filters'])
  } catch (e) {
    if (!(e instanceof ApiError)) throw e
    const first = (e.options.extra?.errors as { loc: (string | number)[]; msg: string }[] | undefined)?.[0]
    throw new ParserFallback(
      `answered filters the catalogue refuses${first ? ` (${first.loc.slice(1).join('.')}: ${first.msg})` : ''}`,
    )
  }
  const leftover: string[] = []
  for (const name of Object.keys(filters)) {
    // A person filter on a company search would match nothing the engine reads: not the model's to add.
    if (category === 'company' && filterSpec(name)?.applies_to === 'person') delete filters[name]
    else normaliseFilter(filters, name, vocab, leftover)
  }
  const semantic = [words, ...leftover].filter(Boolean).join(' ').slice(0, MAX_SEMANTIC_CHARS).trim() || null
  return {
    category,
    filters: filters as Filters,
    semantic_query: semantic,
    semantic_scope:
      category === 'person' && semantic ? (answer.semantic_scope === 'company' ? 'company' : 'person') : null,
    spans: [],
  }
}

/** Null means absent: drops null filters and null parts ({include: null}), then filters left empty. */
function withoutNulls(filters: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {}
  for (const [name, value] of Object.entries(filters)) {
    if (value === null || value === undefined) continue
    if (typeof value !== 'object' || Array.isArray(value)) {
      out[name] = value
      continue
    }
    const parts = Object.fromEntries(Object.entries(value).filter(([, v]) => v !== null && v !== undefined))
    if (Object.keys(parts).length > 0) out[name] = parts
  }
  return out
}

type Sides = { include?: unknown[]; exclude?: unknown[] }

/** Maps one filter's values to the index's spelling; included values it lacks go to `leftover`. */
function normaliseFilter(
  filters: Record<string, unknown>,
  name: string,
  vocab: Vocabularies,
  leftover: string[],
): void {
  const value = filters[name] as Sides
  let map: ((v: unknown) => unknown) | null = null
  let wordsOf: (v: unknown) => string = (v) => String(v)
  if (filterSpec(name)?.parser_vocabulary === 'funding_stages') map = (v) => normaliseFundingStage(vocab, v as string)
  else if (name === 'geo') {
    map = (v) => {
      const place = v as { value: string; level: GeoLevel }
      const found = vocabularyValue(vocab[GEO_VOCABULARY[place.level]], place.value)
      return found === undefined ? undefined : { value: found, level: place.level }
    }
    wordsOf = (v) => (v as { value: string }).value
  } else {
    const values = vocabularyOf(name, vocab)
    if (values) map = (v) => vocabularyValue(values, v as string)
  }
  if (!map) return
  const out: Sides = {}
  for (const side of ['include', 'exclude'] as const) {
    const list = value[side]
    if (!list) continue
    const kept: unknown[] = []
    for (const v of list) {
      const mapped = map(v)
      if (mapped !== undefined) kept.push(mapped)
      else if (side === 'include') leftover.push(wordsOf(v))
    }
    if (kept.length > 0) out[side] = [...new Map(kept.map((k) => [JSON.stringify(k), k])).values()]
  }
  if (out.include || out.exclude) filters[name] = out
  else delete filters[name]
}
