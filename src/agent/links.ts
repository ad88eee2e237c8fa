// Enrichment values read from records linked to a company by its domain (columns `linked:…`):
// its latest funding round and that round's date, the total its rounds raised, how many job
// openings it has, its CEO or founder (a current person whose title says so) and its headcount
// per department. Only what the linked records hold: a company without them gets null, never a
// guess. Read for a page of rows at a time, and only for the columns the run asked for.
import type { Deps } from '../domain/types.ts'
import { departmentCounts, fundingRoundsOf, jobOpeningCounts, peopleTitled } from '../store/agent-links.ts'

export type Linked = Record<string, unknown>

const CEO = '(^|[^a-z])(ceo|chief executive)([^a-z]|$)'
const FOUNDER = '(^|[^a-z])(co-?)?founder'
/** A title that names the role without holding it: "Former CEO", "Assistant to the CEO", "Advisor to founders". */
const NOT_HOLDER = /\b(?:former|ex|past|assistant|advis[oe]r|office of|to the|deputy)\b/i
const isCeo = (t: string | null) => t !== null && new RegExp(CEO, 'i').test(t) && !NOT_HOLDER.test(t)
const isFounder = (t: string | null) => t !== null && new RegExp(FOUNDER, 'i').test(t) && !NOT_HOLDER.test(t)

interface Round {
  type: string | null
  announced_on: string | null
  amount_usd: number | null
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : null)
const str = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null)

/** The linked values each domain has, for the linked columns named in `wanted` (`latest_round`, `ceo`, …). */
export async function linkedValues(deps: Deps, domains: string[], wanted: Set<string>): Promise<Map<string, Linked>> {
  const out = new Map<string, Linked>(domains.map((d) => [d, {}]))
  if (!domains.length || !wanted.size) return out
  const want = (...names: string[]) => names.some((n) => wanted.has(n))
  if (want('latest_round', 'latest_round_date', 'total_raised')) {
    const byDomain = new Map<string, Round[]>()
    for (const r of await fundingRoundsOf(deps.db, domains)) {
      const rec = (r.record ?? {}) as Record<string, unknown>
      const list = byDomain.get(r.company_domain) ?? []
      list.push({ type: str(rec.type), announced_on: str(rec.announced_on), amount_usd: num(rec.amount_usd) })
      byDomain.set(r.company_domain, list)
    }
    for (const [domain, rounds] of byDomain) {
      const o = out.get(domain)!
      const dated = rounds
        .filter((r) => r.announced_on !== null)
        .sort((a, b) => (a.announced_on! < b.announced_on! ? 1 : -1))
      const latest = dated[0] ?? null
      if (latest) {
        o.latest_round = latest
        o.latest_round_date = latest.announced_on
      }
      const amounts = rounds.map((r) => r.amount_usd).filter((a): a is number => a !== null)
      if (amounts.length) o.total_raised = amounts.reduce((a, b) => a + b, 0)
    }
  }
  if (want('open_jobs')) {
    for (const [domain, count] of await jobOpeningCounts(deps.db, domains))
      if (count > 0) out.get(domain)!.open_jobs = count
  }
  if (want('ceo', 'founder', 'ceo_or_founder')) {
    const people = await peopleTitled(deps.db, domains, `${CEO}|${FOUNDER}`)
    for (const domain of domains) {
      const mine = people.filter((p) => p.company_domain === domain && p.name)
      const ceo = mine.find((p) => isCeo(p.title))
      const founders = mine.filter((p) => isFounder(p.title)).map((p) => p.name!)
      const o = out.get(domain)!
      if (ceo) o.ceo = ceo.name
      if (founders.length) o.founder = [...new Set(founders)]
      const either = ceo?.name ?? founders[0]
      if (either) o.ceo_or_founder = either
    }
  }
  if (want('departments')) {
    for (const r of await departmentCounts(deps.db, domains)) {
      const o = out.get(r.company_domain)!
      const d = (o.departments ?? {}) as Record<string, number>
      d[r.department ?? 'Unknown'] = (d[r.department ?? 'Unknown'] ?? 0) + r.count
      o.departments = d
    }
  }
  return out
}

/** The linked names a run's columns use (`linked:ceo` → `ceo`). */
export function linkedNames(sources: (string | null)[]): Set<string> {
  const names = new Set<string>()
  for (const s of sources)
    for (const part of s?.split('|') ?? []) if (part.startsWith('linked:')) names.add(part.slice(7))
  return names
}
