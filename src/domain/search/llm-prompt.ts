// What the language-model query parser sends: the schema its answer must follow (OpenAI structured
// outputs, strict) and the system prompt naming the catalogue's filters and the index's own
// spelling of their values. Both derive from the filter catalogue (contract/search-catalogue.ts).
import { ENTITY_CATEGORIES } from '../../contract/records.ts'
import { SENIORITY_LADDER, departmentFilterValues } from '../../corpus/taxonomy.ts'
import {
  GEO_LEVELS,
  GTM_FILTERS,
  PLACE_VOCABULARIES,
  isIndexVocabulary,
  type FilterKind,
  type PlaceVocabulary,
} from '../../contract/search-catalogue.ts'
import type { ReadOptions } from './llm-reading.ts'
import type { Vocabularies } from './parser.ts'

/** Values of one vocabulary shown to the model (the index's most common first), and all of them together. */
const PROMPT_VALUES_MAX = 60
const PROMPT_VOCABULARY_CHARS_MAX = 8_000

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
