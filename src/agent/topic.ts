// The run's topic (the query's words no filter took) and whether a record carries it. A record
// carries the topic when its name, industry, keywords, technologies, products or description name
// the topic's words (a stem or a listed synonym counts): every word of a one- or two-word topic,
// two thirds of a longer one. The strength of the match (which fields carry which words) is the
// row's topic score; rows are ordered by it. A synonym counts only in the fields that classify the
// record (industry, keywords, name); its description, secondary industries and technologies must
// name the word itself (a hotel chain using "Payments APIs" is not about fintech). Only the
// synonyms that say the same thing count (fintech ↔ payments, robotics → robots; not robotics →
// automation). Records that do not carry the topic are never rows.
import type { RunCategory } from '../contract/agent-runs.ts'
import { snippet, stemOf, termPattern } from './criteria.ts'

/** Words a compound names by its "tech" ending (LegalTech, FoodTech). */
const TECH_WORDS = new Set(['technology', 'technologies', 'tech'])

/** Words that name kinds of records or fill a question, never a topic ("companies", "startups", "on"). */
export const GENERIC_WORDS = new Set(
  'a an the on in of for with and or to by at from as into about that which who whose is are be their its using use uses companies company startups startup firms firm businesses business organisations organizations organization organisation vendors vendor providers provider players player people persons person employees staff teams team industry industries sector sectors space market markets working work based located headquartered hq focused focus focusing doing does do make makes making offer offers offering provide provides providing build builds building also other others etc such'.split(
    ' ',
  ),
)

/** Content words of a topic: generic words and one-letter tokens left out. */
export function topicWordsOf(terms: string[]): string[] {
  return terms.filter((t) => t.length > 1 && !GENERIC_WORDS.has(t) && !/^\d+$/.test(t))
}

interface Field {
  name: string
  weight: number
  text: string
}

const str = (v: unknown): string =>
  typeof v === 'string'
    ? v
    : Array.isArray(v)
      ? v.map(str).filter(Boolean).join(' • ')
      : v && typeof v === 'object'
        ? Object.values(v).map(str).filter(Boolean).join(' • ')
        : ''

/** The fields that can carry a record's topic, strongest first. */
export function topicFields(category: RunCategory, record: Record<string, unknown>): Field[] {
  const f = (name: string, weight: number, value: unknown): Field => ({ name, weight, text: str(value) })
  if (category === 'person') {
    const employer = (record.current_employer ?? {}) as Record<string, unknown>
    return [
      f('title', 1, record.title),
      f('skills', 1, record.skills),
      f('headline', 0.9, record.headline),
      f('department', 0.9, record.department),
      f('current_employer.industry', 0.9, employer.industry),
      f('current_employer.company', 0.8, employer.company),
      f('summary', 0.7, record.summary),
      f('employment_history', 0.6, record.employment_history),
    ].filter((x) => x.text !== '')
  }
  return [
    f('industry', 1, record.industry),
    f('sub_industry', 1, record.sub_industry),
    f('company_keyword', 1, record.company_keyword),
    f('account_name', 0.9, record.account_name),
    f('other_industries', 0.7, record.other_industries),
    f('technology', 0.6, record.technology),
    f('products', 0.8, record.products),
    f('short_description', 0.8, record.short_description),
    f('description', 0.7, record.description),
    f('business_models', 0.6, record.business_models),
  ].filter((x) => x.text !== '')
}

export interface TopicMatch {
  carried: boolean
  /** 0..1: the share of topic words carried, weighted by the strongest field carrying each. */
  strength: number
  /** The first field carrying a word, and the words around it. */
  field: string | null
  evidence: string | null
  matched: string[]
}

/** How many of n topic words a record must carry: all of one or two, two thirds of more. */
export const wordsNeeded = (n: number) => (n <= 2 ? n : Math.ceil((n * 2) / 3))

export function matchTopic(category: RunCategory, terms: string[], record: Record<string, unknown>): TopicMatch {
  if (terms.length === 0) return { carried: true, strength: 1, field: null, evidence: null, matched: [] }
  const fields = topicFields(category, record)
  let total = 0
  let field: string | null = null
  let evidence: string | null = null
  const matched: string[] = []
  for (const term of terms) {
    // "legal technology" is carried by "LegalTech" or "legal tech": another topic word before "tech".
    const compounds = TECH_WORDS.has(term)
      ? terms.filter((t) => !TECH_WORDS.has(t)).map((t) => `${stemOf(t).replace(/[^\p{L}\p{N}]/gu, '')}[- ]?tech`)
      : []
    const loose = termPattern(term, 'close', compounds)
    const strict = termPattern(term, false, compounds)
    for (const f of fields) {
      const m = (f.weight >= 0.9 ? loose : strict).exec(f.text)
      if (!m) continue
      total += f.weight
      matched.push(term)
      if (!field) {
        field = f.name
        const index = m.index + m[0].length - (m[1]?.length ?? 0)
        evidence = snippet(f.text, index, m[1]?.length ?? 0)
      }
      break
    }
  }
  const carried = matched.length >= wordsNeeded(terms.length)
  return { carried, strength: total / terms.length, field, evidence, matched }
}
