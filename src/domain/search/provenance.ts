// What an answer says of its corpus: where its records come from (attribution) and the gaps of
// its meaning side (records without a vector, the embeddings provider down).
import { CATEGORY_SOURCE_CORPUS } from '../../contract/coverage.ts'
import type { EntityCategory } from '../../contract/records.ts'
import type { Deps } from '../types.ts'
import { corpusStates } from './corpus-states.ts'

export async function attributionFor(deps: Deps, category: EntityCategory) {
  const corpus = CATEGORY_SOURCE_CORPUS[category]
  const states = await corpusStates(deps)
  const state = states.find((s) => s.corpus === corpus)
  return [
    {
      source_corpus: corpus,
      domain: null,
      as_of: state?.as_of ? new Date(state.as_of).toISOString() : null,
      url: null,
      quote: null,
    },
  ]
}

export async function vectorDegradation(deps: Deps, category: EntityCategory) {
  const state = (await corpusStates(deps)).find((s) => s.corpus === CATEGORY_SOURCE_CORPUS[category])
  const g = state
    ? {
        records: Number(state.record_count),
        missing: Math.max(0, Number(state.record_count) - Number(state.vector_count ?? 0)),
      }
    : null
  if (!g || g.missing === 0) return []
  return [
    {
      reason: 'vector_coverage_incomplete',
      detail: `${g.missing} of ${g.records} ${category} records have no vector yet; they can only match by their words.`,
      impact: 'recall' as const,
      source_corpus: CATEGORY_SOURCE_CORPUS[category],
    },
  ]
}

/** The words could not be embedded (provider down): this page matched by its words only. */
export function vectorUnavailableDegradation(category: EntityCategory) {
  return [
    {
      reason: 'vector_search_unavailable',
      detail:
        'The embeddings provider failed on the query, so its words were not matched by meaning: these results match by their words only. Retry later for the full search.',
      impact: 'recall' as const,
      source_corpus: CATEGORY_SOURCE_CORPUS[category],
    },
  ]
}
