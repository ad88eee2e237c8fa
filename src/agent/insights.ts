// Insights (contract §2.12): statements about the market or the technology, each taken from a
// document found through the search service (market reports, academic reports, then news) and
// cited to it. Statements come from the documents' own sentences, never composed from nothing,
// and a statement without a citation is dropped. A news sentence about one of the run's own
// rows is an account, not an insight, and is left out.
import type { EntityCategory } from '../contract/records.ts'
import { buildRows, queryTerms, retrieve, withRetrieval } from '../domain/search/engine.ts'
import { expandTerms } from '../domain/search/parser.ts'
import type { Deps } from '../domain/types.ts'
import { termPattern } from './criteria.ts'
import type { RunPlan } from './plan.ts'
import { GENERIC_WORDS } from './topic.ts'

export type InsightCategory = 'market_report' | 'academic_report' | 'news_article'

export interface InsightSource {
  id: string
  category: InsightCategory
  title: string | null
  published: string | null
  publisher: string | null
  url: string | null
}

export interface Insight {
  statement: string
  kind: 'market' | 'technology' | 'news'
  citations: string[]
}

const ORDER: InsightCategory[] = ['market_report', 'academic_report', 'news_article']
const KIND: Record<InsightCategory, Insight['kind']> = {
  market_report: 'market',
  academic_report: 'technology',
  news_article: 'news',
}

const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null)
const sentences = (text: string | null) =>
  (text ?? '')
    .split(/(?<=[.!?])\s+(?=[A-Z])/)
    .map((s) => s.trim())
    .filter((s) => s.length > 20)

/** A document's own words: its title and body (never its metadata). */
function documentText(r: Record<string, unknown>): string {
  return [r.title, r.body_free, r.body, r.abstract, r.summary, r.content, r.industry]
    .map(str)
    .filter(Boolean)
    .join(' \u2022 ')
}

/**
 * A document's claim about the topic: its sentence on the topic carrying a figure or a finding,
 * else its first sentence on the topic; null when no sentence of it is about the topic.
 */
function statementOf(
  category: InsightCategory,
  r: Record<string, unknown>,
  onTopic: (s: string) => boolean,
): string | null {
  if (category === 'market_report') return sentences(str(r.body_free) ?? str(r.body)).find(onTopic) ?? null
  if (category === 'academic_report') {
    const title = str(r.title)
    const all = sentences(str(r.abstract))
    const about = title && onTopic(title) ? all : all.filter(onTopic)
    const finding = about.find((s) => /\d+%|improv|outperform|show/i.test(s)) ?? about[0]
    return finding ? (title ? `${title}: ${finding}` : finding) : null
  }
  const summary = str(r.summary)
  if (summary && onTopic(summary)) return summary
  return sentences(str(r.content)).find(onTopic) ?? null
}

function sourceOf(category: InsightCategory, r: Record<string, unknown>): InsightSource {
  const publication = (r.publication ?? null) as { title?: unknown } | null
  return {
    id: String(r.id),
    category,
    title: str(r.title),
    published: str(r.published_date) ?? str(r.published) ?? str(r.published_at),
    publisher: str(r.publisher) ?? str(r.venue) ?? str(publication?.title),
    url: str(r.url) ?? str(r.link),
  }
}

/** The places a run's filters name (`Germany`, `California`). */
function placesOf(plan: RunPlan): string[] {
  const geo = plan.filters.geo as { include?: { value: string }[] } | undefined
  return (geo?.include ?? []).map((p) => p.value).filter((v) => typeof v === 'string' && v.length > 1)
}

export interface InsightsResult {
  insights: Insight[]
  insight_sources: InsightSource[]
  /** `vector_unavailable`: the embeddings provider failed on this search, which matched by words only. */
  searches: { category: InsightCategory; returned: number; vector_unavailable?: boolean }[]
}

/** Documents on the run's topic, up to the tier's budget; `rowNames` are the answer's own accounts. */
export async function findInsights(deps: Deps, plan: RunPlan, rowNames: string[]): Promise<InsightsResult> {
  const words = plan.insight_query
  if (!words) return { insights: [], insight_sources: [], searches: [] }
  const topic = queryTerms(words).filter((t) => !GENERIC_WORDS.has(t) && !/^\d+$/.test(t))
  if (!topic.length) return { insights: [], insight_sources: [], searches: [] }
  // Only the synonyms that say the same thing (as for rows, topic.ts): "retail" is not ecommerce.
  // A run with topic words wants documents naming them: "payroll software" is about payroll, and a
  // document about software alone is not; the filters' values decide only when there are none.
  const patterns = (plan.topic_terms.length ? plan.topic_terms : topic).map((t) => termPattern(t, 'close'))
  const onTopic = (text: string) => patterns.some((p) => p.test(text))
  // A place the query names: documents about it come first, when there are any.
  const places = placesOf(plan).map((p) => termPattern(p.toLowerCase(), false))
  const inPlace = (text: string) => places.length === 0 || places.some((p) => p.test(text))
  const names = rowNames.map((n) => n.toLowerCase()).filter((n) => n.length > 2)
  const insights: Insight[] = []
  const sources: InsightSource[] = []
  const searches: InsightsResult['searches'] = []
  // A corpus with no document on the words (a deployment without market reports) does not spend
  // one of the tier's insight searches: the next kind of document is asked instead.
  let spent = 0
  for (const category of ORDER) {
    const room = plan.budget.insight_sources - sources.length
    if (room <= 0 || spent >= plan.budget.insight_searches) break
    const { docs, vectorUnavailable } = await withRetrieval(deps, async () => {
      const got = await retrieve(
        deps,
        {
          category: category as EntityCategory,
          filters: {},
          include_domains: [],
          semantic_query: words,
          semantic_scope: null,
          sort: [],
          expansions: expandTerms(topic),
          pool: 50,
        },
        0,
        room * 2,
      )
      return {
        docs: await buildRows(deps, category as EntityCategory, got.hits),
        vectorUnavailable: got.vector_unavailable,
      }
    })
    searches.push({ category, returned: docs.length, ...(vectorUnavailable ? { vector_unavailable: true } : {}) })
    if (docs.length > 0) spent++
    // On topic: the document's own words name the topic (or a synonym); those about the query's place first.
    const about = docs.filter((d) => onTopic(documentText(d)))
    const ordered = [
      ...about.filter((d) => inPlace(documentText(d))),
      ...about.filter((d) => !inPlace(documentText(d))),
    ]
    for (const doc of ordered) {
      if (sources.length >= plan.budget.insight_sources) break
      const statement = statementOf(category, doc, onTopic)
      if (!statement) continue
      const source = sourceOf(category, doc)
      sources.push(source)
      if (category === 'news_article' && names.some((n) => statement.toLowerCase().includes(n))) continue
      if (insights.some((i) => i.statement === statement)) continue
      insights.push({ statement, kind: KIND[category], citations: [source.id] })
    }
  }
  const cited = new Set(sources.map((s) => s.id))
  return {
    insights: insights.filter((i) => i.citations.length > 0 && i.citations.every((c) => cited.has(c))),
    insight_sources: sources,
    searches,
  }
}
