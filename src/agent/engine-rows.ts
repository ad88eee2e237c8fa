// The rows an agent run keeps: their shape (KeptRow, its filter checks, a value filter's probe),
// what a search step adds to the run (SearchDelta), and the screening of a search page's new rows:
// the topic, each criterion judged on the record, the exclusion list, and a kept row's score.
import { normaliseDomain, normaliseProfileUrl } from '../corpus/normalise.ts'
import { checkCriterion, mentionsAny, recordText, type CriterionCheck } from './criteria.ts'
import { describeFilter, describeFilters, type RunPlan, type SearchSpec } from './plan.ts'
import { matchTopic } from './topic.ts'
import { filterEvidence, personFilterCheck, type ValueFilter } from './values.ts'

/** A filter read from the query, checked on the row: its verdict and the record's own value. */
export interface FilterCheck {
  filter: string
  verdict: 'met' | 'unknown'
  evidence: string | null
}

export interface KeptRow {
  id: string
  score: number
  checks: CriterionCheck[]
  /** Where the record carries the run's topic (absent when the run has no topic words). */
  topic?: { field: string | null; evidence: string | null; words: string[] } | null
  filters?: FilterCheck[]
  /** Fields whose value the record lacks, kept because the filter on them was relaxed. */
  unknown?: string[]
}

/** What a value filter's check found among the candidates found without it (step `values:<key>`). */
export interface ValueProbe extends ValueFilter {
  /** Candidates on topic and meeting everything else that lack the value. */
  unknown: number
  /** Of those, kept as rows with the value shown unknown (the filter relaxed). */
  relaxed: number
  /** Candidates whose known value is outside the bound. */
  not_met: number
}

/** What a search step adds to the run's state (its checkpoint). */
export interface SearchDelta {
  step: number
  returned: number
  seen: string[]
  kept: KeptRow[]
  excluded: number
  /** Rows that do not carry the run's topic (or, for people, do not mention it in a search that ignored it). */
  off_topic: number
  /** Their ids, so a record met in several searches is counted once. Absent in steps stored before it existed. */
  off_topic_ids?: string[]
  stats: { evaluated: number; passed: number; unknown?: number }[]
  total: number | null
  total_is_estimate: boolean | null
  exhausted: boolean
  budget_hit: boolean
  /** The embeddings provider failed on this search's words: it matched by words only. Absent in steps stored before it existed. */
  vector_unavailable?: boolean
  /** A vocabulary search: the expansion words it ran with (the plan's and the best rows'). */
  expansions?: string[]
  /** A look-alike search: the best rows it resembled. */
  anchors?: string[]
}

/** A search step before it has read anything: no rows, no verdicts, one zeroed tally per criterion. */
export function emptyDelta(spec: SearchSpec, plan: RunPlan): SearchDelta {
  return {
    step: spec.step,
    returned: 0,
    seen: [],
    kept: [],
    excluded: 0,
    off_topic: 0,
    stats: plan.criteria.map(() => ({ evaluated: 0, passed: 0, unknown: 0 })),
    total: null,
    total_is_estimate: null,
    exhausted: false,
    budget_hit: false,
  }
}

/** Whether a row is on the run's exclusion list (exclusionMatcher). */
export type Exclusion = (row: Record<string, unknown>) => boolean

/** Screens a page's new rows: topic, every criterion, then the exclusion list. */
export function screen(
  plan: RunPlan,
  spec: SearchSpec,
  rows: Record<string, unknown>[],
  delta: SearchDelta,
  seen: Set<string>,
  exclusion: Exclusion,
  proof: string | null,
): void {
  const offTopic = new Set<string>()
  for (const row of rows) {
    const id = String(row.id)
    if (seen.has(id) || offTopic.has(id)) continue
    if (seen.size >= plan.budget.candidates) {
      delta.budget_hit = true
      return
    }
    const text = recordText(row)
    const topic = plan.category === 'company' ? matchTopic(plan.category, plan.topic_terms, row) : null
    const off = topic ? !topic.carried : spec.check_topic && !mentionsAny(plan.topic_terms, text)
    if (off) {
      offTopic.add(id)
      delta.off_topic += 1
      ;(delta.off_topic_ids ??= []).push(id)
      continue
    }
    seen.add(id)
    delta.seen.push(id)
    const checks = plan.criteria.map((c) => judge(plan, c, row, text, proof))
    checks.forEach((c, i) => {
      delta.stats[i]!.evaluated += 1
      if (c.passed) delta.stats[i]!.passed += 1
      if (c.verdict === 'unknown') delta.stats[i]!.unknown = (delta.stats[i]!.unknown ?? 0) + 1
    })
    if (!checks.every((c) => c.passed)) continue
    if (exclusion(row)) {
      delta.excluded += 1
      continue
    }
    delta.kept.push(keptRow(plan, id, row, checks, topic, rank(plan, seen.size), []))
  }
}

/** 1 for the first candidate examined, falling towards 0 by the tier's candidate budget: the retrieval order. */
export const rank = (plan: RunPlan, nth: number) => 1 - nth / (plan.budget.candidates + 1)

/**
 * A row's score: 0.5 + 0.4 × the topic's strength (which fields carry its words) + 0.1 × its
 * retrieval order, in (0.5, 1]; a row kept by a relaxed filter scores half of that, below every
 * row meeting every filter. Rounded to 4 places; equal scores are rare.
 */
export function keptRow(
  plan: RunPlan,
  id: string,
  row: Record<string, unknown>,
  checks: CriterionCheck[],
  topic: ReturnType<typeof matchTopic> | null,
  order: number,
  unknown: ValueFilter[],
): KeptRow {
  const strength = topic ? topic.strength : 1
  const full = 0.5 + 0.4 * Math.min(1, strength) + 0.1 * order
  const score = Math.round((unknown.length ? full / 2 : full) * 10000) / 10000
  const filters: FilterCheck[] = Object.entries(plan.query_filters)
    .filter(([, v]) => v !== undefined && v !== null)
    .map(([k, v]) => {
      const relaxed = unknown.find((u) => u.key === k)
      return {
        filter: describeFilter(k, v),
        verdict: relaxed ? ('unknown' as const) : ('met' as const),
        evidence: relaxed
          ? `${relaxed.field}: unknown`
          : plan.category === 'person'
            ? (personFilterCheck(k, v, row, clockOf(plan))?.evidence ?? filterEvidence(plan.category, k, v, row))
            : filterEvidence(plan.category, k, v, row),
      }
    })
  return {
    id,
    score,
    checks,
    topic:
      topic && plan.topic_terms.length ? { field: topic.field, evidence: topic.evidence, words: topic.matched } : null,
    filters,
    ...(unknown.length ? { unknown: unknown.map((u) => u.field) } : {}),
  }
}

/**
 * One criterion on one row. A filter criterion was proven by every search's filters; its evidence
 * is the record's own value. A judged one is read from the record's text; a record with no
 * description, keywords or products to read leaves it undecided (verdict unknown, not kept).
 */
export function judge(
  plan: RunPlan,
  c: RunPlan['criteria'][number],
  row: Record<string, unknown>,
  text: string,
  proof: string | null,
): CriterionCheck {
  if (c.method === 'filter' && plan.category === 'person') return judgePerson(plan, c, row, text, proof)
  if (c.method === 'filter') {
    const evidence = Object.entries(c.filters)
      .map(([k, v]) => filterEvidence(plan.category, k, v, row))
      .filter(Boolean)
      .join('; ')
    return {
      ...checkCriterion(c, text, describeFilters(c.filters) ?? proof),
      verdict: 'met',
      evidence: evidence || (describeFilters(c.filters) ?? proof),
    }
  }
  const check = checkCriterion(c, text, null)
  if (check.passed) return { ...check, verdict: 'met' }
  const readable =
    plan.category !== 'company' ||
    ['description', 'short_description', 'company_keyword', 'products', 'technology'].some((f) => {
      const v = row[f]
      return typeof v === 'string' ? v.trim() !== '' : Array.isArray(v) && v.length > 0
    })
  return { ...check, verdict: readable ? 'not_met' : 'unknown' }
}

/** The run's clock when it planned; a plan stored before it held one reads the present. */
const clockOf = (plan: RunPlan) => (plan.now ? new Date(plan.now) : new Date())

/**
 * A filter criterion of a person run, judged on the record's own fields against the run's clock
 * (values.ts personFilterCheck): "has been in role under a year" reads the current job's start,
 * "studied at <school>" the education. Not met when a field says no, unknown (never kept) when the
 * record lacks it; a filter this does not judge (a level, a function) was proven by the searches.
 * A top-N school says its rank among the index's schools by people.
 */
function judgePerson(
  plan: RunPlan,
  c: RunPlan['criteria'][number],
  row: Record<string, unknown>,
  text: string,
  proof: string | null,
): CriterionCheck {
  const now = clockOf(plan)
  const parts: string[] = []
  let verdict: 'met' | 'not_met' | 'unknown' = 'met'
  for (const [k, v] of Object.entries(c.filters)) {
    const check = personFilterCheck(k, v, row, now)
    let evidence = check?.evidence ?? filterEvidence(plan.category, k, v, row)
    if (check && k === 'university' && c.top_schools) {
      const schools = (v as { include?: string[] }).include ?? []
      const education = (Array.isArray(row.education) ? row.education : []) as { school?: string }[]
      const rank = schools.findIndex((s) => education.some((e) => e.school?.toLowerCase().includes(s.toLowerCase())))
      evidence +=
        rank >= 0
          ? ` — #${rank + 1} of the index's schools by people`
          : ` — none of the index's top ${c.top_schools} schools by people`
    }
    if (evidence) parts.push(evidence)
    if (check?.verdict === 'not_met') verdict = 'not_met'
    else if (check?.verdict === 'unknown' && verdict === 'met') verdict = 'unknown'
  }
  const base = checkCriterion(c, text, describeFilters(c.filters) ?? proof)
  return {
    ...base,
    passed: verdict === 'met',
    verdict,
    evidence: parts.join('; ') || (describeFilters(c.filters) ?? proof),
  }
}

/** Row ids, domains or profile URLs; a row matches when any of its identifiers is listed. */
export function exclusionMatcher(list: string[]): Exclusion {
  const ids = new Set<string>()
  for (const raw of list) {
    const v = raw.trim().toLowerCase()
    ids.add(v)
    const domain = normaliseDomain(v)
    if (domain) ids.add(domain)
    const profile = normaliseProfileUrl(v)
    if (profile) ids.add(profile)
  }
  return (row) => {
    if (ids.size === 0) return false
    for (const key of [row.id, row.domain, row.profile_url])
      if (typeof key === 'string' && ids.has(key.toLowerCase())) return true
    return false
  }
}
