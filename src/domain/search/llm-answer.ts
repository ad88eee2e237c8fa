// The language model's answer checked and read as the rule parser's output (parser.ts Parsed), in
// three named stages: its shape (Answer), its filters against the caller's filter schema
// (GtmFilters, so they are exactly what a caller may send), then mapped onto the catalogue
// (llm-mapping.ts). An answer failing either check is refused whole: a ParserFallback.
import { Type, type Static } from 'typebox'
import { Value } from 'typebox/value'
import { Nullable } from '../../contract/common.ts'
import { ENTITY_CATEGORIES } from '../../contract/records.ts'
import { GtmFilters } from '../../contract/search.ts'
import { assertValid } from '../../contract/validation.ts'
import { ApiError } from '../../errors.ts'
import type { Filters } from '../../store/search-filters.ts'
import { mapOntoCatalogue } from './llm-mapping.ts'
import { isGtm, ParserFallback, type ReadOptions } from './llm-reading.ts'
import type { Parsed, Vocabularies } from './parser.ts'

const MAX_SEMANTIC_CHARS = 2_000

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

/**
 * The model's answer as the rule parser's output. Refused whole (fallback) when it leaves the
 * schema or a filter fails the caller's filter schema. A value outside the index's vocabulary is
 * taken out of its filter and its words join semantic_query, as the rules leave unmatched words.
 */
export function readAnswer(raw: unknown, query: string, vocab: Vocabularies, opts: ReadOptions): Parsed {
  const answer = checkShape(raw)
  const category = opts.category ?? answer.category ?? 'company'
  const words = answer.semantic_query?.trim() || null
  if (!isGtm(category))
    return { category, filters: {}, semantic_query: words ?? query, semantic_scope: null, spans: [] }

  const filters = checkFilters(answer)
  const leftover = mapOntoCatalogue(filters, category, vocab)
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

/** Stage 1: the answer's own shape. */
function checkShape(raw: unknown): Answer {
  if (Value.Check(Answer, raw)) return raw
  const first = Value.Errors(Answer, raw)[0]
  throw new ParserFallback(
    'answered outside its schema',
    `answer outside the schema: ${first?.instancePath || '/'} ${first?.message ?? ''}`,
  )
}

/** Stage 2: its filters, nulls taken out, as the caller's filter schema accepts them. */
function checkFilters(answer: Answer): Record<string, unknown> {
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
  return filters
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
