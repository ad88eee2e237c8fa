// The search engine as callers outside search use it (agent runs, relationships, record lookups):
// one place to import retrieval from. Each part lives in its own module under domain/search/.
export { withRetrieval } from './timing.ts'
export { retrieve } from './retrieve.ts'
export { buildRows, type Row } from './rows.ts'
export { queryTerms } from './terms.ts'
export { attributionFor, vectorDegradation, vectorUnavailableDegradation } from './provenance.ts'
export type { RetrievalPlan } from './retrieval-plan.ts'
