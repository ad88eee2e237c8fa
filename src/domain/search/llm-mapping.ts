// The language model's filters mapped onto the catalogue's (contract/search-catalogue.ts): each
// value spelled as the index spells it, through the vocabulary its catalogue row names; an included
// value the index does not hold leaves its filter and its words go back to the topic, as the rule
// parser leaves unmatched words. The filters arrive already valid (llm-answer.ts).
import { SENIORITY_LADDER, departmentFilterValues } from '../../corpus/taxonomy.ts'
import {
  PLACE_VOCABULARIES,
  filterSpec,
  isIndexVocabulary,
  type GeoLevel,
  type PlaceVocabulary,
} from '../../contract/search-catalogue.ts'
import { normaliseFundingStage, vocabularyValue, type Vocabularies } from './parser.ts'

/**
 * Maps every filter onto the index's spelling, in place, and returns the words of the included
 * values it lacks. A person filter on a company search is dropped: it would match nothing the
 * engine reads, so it is not the model's to add.
 */
export function mapOntoCatalogue(filters: Record<string, unknown>, category: string, vocab: Vocabularies): string[] {
  const leftover: string[] = []
  for (const name of Object.keys(filters)) {
    if (category === 'company' && filterSpec(name)?.applies_to === 'person') delete filters[name]
    else normaliseFilter(filters, name, vocab, leftover)
  }
  return leftover
}

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

type Sides = { include?: unknown[]; exclude?: unknown[] }

/** How one filter's values map to the index's spelling (undefined: the index lacks it), or null to keep them as sent. */
function valueMapper(
  name: string,
  vocab: Vocabularies,
): { map: (v: unknown) => unknown; wordsOf: (v: unknown) => string } | null {
  const plain = (v: unknown) => String(v)
  if (filterSpec(name)?.parser_vocabulary === 'funding_stages')
    return { map: (v) => normaliseFundingStage(vocab, v as string), wordsOf: plain }
  if (name === 'geo')
    return {
      map: (v) => {
        const place = v as { value: string; level: GeoLevel }
        const found = vocabularyValue(vocab[GEO_VOCABULARY[place.level]], place.value)
        return found === undefined ? undefined : { value: found, level: place.level }
      },
      wordsOf: (v) => (v as { value: string }).value,
    }
  const values = vocabularyOf(name, vocab)
  return values ? { map: (v) => vocabularyValue(values, v as string), wordsOf: plain } : null
}

/** Maps one filter's values to the index's spelling; included values it lacks go to `leftover`. */
function normaliseFilter(
  filters: Record<string, unknown>,
  name: string,
  vocab: Vocabularies,
  leftover: string[],
): void {
  const mapper = valueMapper(name, vocab)
  if (!mapper) return
  const value = filters[name] as Sides
  const out: Sides = {}
  for (const side of ['include', 'exclude'] as const) {
    const list = value[side]
    if (!list) continue
    const kept: unknown[] = []
    for (const v of list) {
      const mapped = mapper.map(v)
      if (mapped !== undefined) kept.push(mapped)
      else if (side === 'include') leftover.push(mapper.wordsOf(v))
    }
    if (kept.length > 0) out[side] = [...new Map(kept.map((k) => [JSON.stringify(k), k])).values()]
  }
  if (out.include || out.exclude) filters[name] = out
  else delete filters[name]
}
