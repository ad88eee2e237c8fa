// What the index holds per source corpus (GET /v1/coverage, data-routes §4.2): counts, freshness,
// field shares and vector coverage. Figures are computed once at the end of each ingest (one scan),
// vector counts again at start (the embedder may have changed), and read from corpus_state, so the
// route costs one small query. Docs: docs/corpus-storage.md §3, docs/corpus-embeddings.md §1.
import {
  CATEGORY_SOURCE_CORPUS,
  SOURCE_CORPORA,
  type CorpusCoverage,
  type CoverageResponse,
  type SourceCorpus,
} from '../../contract/coverage.ts'
import type { EntityCategory, IngestCategory } from '../../contract/records.ts'
import { findCorpusStates, updateCorpusState, type RecordTable } from '../../store/corpus.ts'
import { countAffiliations, countInstitutions, countRecordFields } from '../../store/corpus-counts.ts'
import { findVectorGeneration } from '../../store/corpus-vectors.ts'
import { withoutStatementDeadlines, type Db } from '../../store/db.ts'
import { guarded } from '../guard.ts'
import type { Deps } from '../types.ts'

/** The major fields whose share each corpus reports (top-level record fields). */
export const CORPUS_FIELDS: Record<EntityCategory, readonly string[]> = {
  company: [
    'domain',
    'description',
    'industry',
    'country',
    'employee_count',
    'founded_year',
    'revenue',
    'total_funding',
    'funding_stage',
    'technology',
    'professional_url',
  ],
  person: [
    'title',
    'department',
    'seniority',
    'location',
    'current_employer',
    'skills',
    'employment_history',
    'education',
  ],
  patent: ['title', 'abstract', 'status', 'granted_date', 'applicants', 'inventors', 'classification'],
  news_article: ['title', 'summary', 'content', 'published_at', 'companies', 'tags'],
  market_report: ['title', 'body', 'industry', 'published_date', 'publisher'],
  funding_round: ['company_domain', 'type', 'announced_on', 'amount_usd', 'investors'],
  academic_report: ['doi', 'abstract', 'authors', 'published', 'keywords', 'citations'],
  trend: ['description', 'momentum', 'direction', 'related_companies', 'keywords'],
  job_opening: ['company_domain', 'location', 'posted_at', 'description', 'salary_range', 'department', 'seniority'],
}

/** What the graph corpora report: kinds, dates and match confidences; institution types and keys. */
const GRAPH_FIELDS: Partial<Record<SourceCorpus, readonly string[]>> = {
  gtm_affiliations: ['employment', 'education', 'start_month', 'end_month', 'match_url', 'match_edu', 'match_name'],
  gtm_institutions: ['company', 'school', 'domain', 'professional_url'],
}

export const TABLE_OF: Record<EntityCategory, RecordTable> = {
  company: 'companies',
  person: 'persons',
  patent: 'documents',
  news_article: 'documents',
  market_report: 'documents',
  funding_round: 'documents',
  academic_report: 'documents',
  trend: 'documents',
  job_opening: 'documents',
}

const CATEGORY_OF = Object.fromEntries(Object.entries(CATEGORY_SOURCE_CORPUS).map(([c, s]) => [s, c])) as Partial<
  Record<SourceCorpus, EntityCategory>
>

const share = (n: number, total: number) => (total > 0 ? Math.round((n / total) * 10_000) / 10_000 : null)
const shares = (fields: Record<string, number>, total: number) =>
  Object.fromEntries(Object.entries(fields).map(([f, n]) => [f, share(n, total)]))

/**
 * Brings the figures of the corpora an ingest of `category` touched up to date. `asOf` (the
 * data's freshness) is set only when records were read, so an empty ingest does not make a corpus
 * look fresh. The counts need a scan of the corpus, so they are recomputed only when the ingest
 * wrote something: re-sending unchanged data to a large corpus stays cheap.
 */
export async function refreshCorpusState(
  db: Db,
  category: IngestCategory,
  opts: {
    asOf: Date | null
    now: Date
    recount: boolean
    /**
     * Name of the embedder the ingest ran with (the deployment's): only its vectors count, since
     * the index holds only those. Null: any vector counts (schools, which have none).
     */
    model: string | null
  },
): Promise<void> {
  const touched: SourceCorpus[] = []
  if (category !== 'school') touched.push(CATEGORY_SOURCE_CORPUS[category])
  if (category === 'person') touched.push('gtm_affiliations')
  if (category === 'person' || category === 'company' || category === 'school') touched.push('gtm_institutions')
  for (const corpus of touched) {
    const values = { ...(opts.asOf ? { as_of: opts.asOf } : {}), updated_at: opts.now }
    if (!opts.recount) {
      await updateCorpusState(db, corpus, values)
      continue
    }
    // The generation first: a batch committed during the count makes the marker older, never newer.
    const counted =
      opts.model !== null && CATEGORY_OF[corpus]
        ? countedMarker(opts.model, await findVectorGeneration(db, corpus))
        : undefined
    const counts = await countCorpus(db, corpus, opts.model ?? null)
    await updateCorpusState(db, corpus, {
      ...values,
      ...counts,
      ...(counted === undefined ? {} : { vector_counted: counted }),
    })
  }
}

// A count scans the whole corpus, so it takes as long as the corpus is large: it runs with no
// statement deadline, as VACUUM does (store/db.ts withoutStatementDeadlines).
async function countCorpus(db: Db, corpus: SourceCorpus, model: string | null) {
  if (corpus === 'gtm_affiliations' || corpus === 'gtm_institutions') {
    const c = await withoutStatementDeadlines(db, corpus === 'gtm_affiliations' ? countAffiliations : countInstitutions)
    return { record_count: c.records, vector_count: null, fields: shares(c.fields, c.records) }
  }
  const category = CATEGORY_OF[corpus]!
  const table = TABLE_OF[category]
  const c = await withoutStatementDeadlines(db, (db) =>
    countRecordFields(db, table, table === 'documents' ? category : null, CORPUS_FIELDS[category], model),
  )
  return { record_count: c.records, vector_count: c.vectors, fields: shares(c.fields, c.records) }
}

/** What a vector count was computed for: the embedder, and the corpus's vector generation read before counting. */
const countedMarker = (model: string, generation: number) => `${model}@${generation}`

/**
 * At start (createApp): counts each record corpus's vectors again, keeping only those of the
 * deployment's embedder. After a switch of provider, model or size, the index is rebuilt from
 * that embedder's vectors alone, so records embedded by the previous one no longer count (coverage
 * and search say vector_coverage_incomplete) until they are ingested again. One scan of each
 * non-empty corpus whose count is not already for this embedder at its current vector generation
 * (a process that stopped between a committed batch and its count leaves an older one); empty
 * corpora load nothing (not even the embedder).
 */
export async function recountVectors(deps: Pick<Deps, 'db' | 'embedder' | 'clock'>): Promise<void> {
  const states = (await findCorpusStates(deps.db)).filter(
    (s) => CATEGORY_OF[s.corpus as SourceCorpus] && Number(s.record_count) > 0,
  )
  if (states.length === 0) return
  const model = (await deps.embedder()).name
  for (const s of states) {
    // Counted for this embedder at this generation already: nothing was written since.
    const marker = countedMarker(model, Number(s.vector_generation))
    if (s.vector_counted === marker) continue
    const category = CATEGORY_OF[s.corpus as SourceCorpus]!
    const table = TABLE_OF[category]
    const c = await withoutStatementDeadlines(deps.db, (db) =>
      countRecordFields(db, table, table === 'documents' ? category : null, [], model),
    )
    await updateCorpusState(deps.db, s.corpus, {
      vector_count: c.vectors,
      vector_counted: marker,
      ...(c.vectors !== Number(s.vector_count ?? 0) ? { updated_at: deps.clock.now() } : {}),
    })
  }
}

/** Per source corpus, every one in closed-set order (empty ones too). Free: one read of corpus_state. */
export async function getCoverage(deps: Deps): Promise<CoverageResponse> {
  const states = await guarded(deps, 'retrieval', 'upstream.unavailable', () => findCorpusStates(deps.db))
  const byCorpus = new Map(states.map((s) => [s.corpus, s]))
  const corpora = SOURCE_CORPORA.map((corpus): CorpusCoverage => {
    const s = byCorpus.get(corpus)
    const records = s?.record_count ?? 0
    const vectors = s?.vector_count ?? null
    const category = CATEGORY_OF[corpus] ?? null
    const fields = (s?.fields ?? {}) as Record<string, number | null>
    const listed = category ? CORPUS_FIELDS[category] : (GRAPH_FIELDS[corpus] ?? [])
    return {
      source_corpus: corpus,
      category,
      records,
      as_of: records > 0 && s?.as_of ? new Date(s.as_of).toISOString() : null,
      records_with_vector: category ? (vectors ?? 0) : null,
      vector_share: category && vectors !== null ? share(vectors, records) : null,
      vector_coverage_incomplete: category !== null && (vectors ?? 0) < records,
      fields: Object.fromEntries(listed.map((f) => [f, records > 0 ? (fields[f] ?? 0) : null])),
    }
  })
  return { corpora }
}
