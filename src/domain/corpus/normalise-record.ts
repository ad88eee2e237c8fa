// What ingest derives and respells in a record after its identifiers (docs/corpus-storage.md,
// "Normalisation at ingest"): department, sub-department and seniority read from titles with the
// org chart's taxonomy where the record does not give them, given labels in the taxonomy's own
// spelling, and countries and states in one spelling (normalise-places.ts). Pure; called once per
// record by prepare.ts, so ingest, the admin route and the demo loader store the same vocabulary.
import {
  ALL_DEPARTMENTS,
  SENIORITY_COLUMNS,
  SUB_DEPARTMENTS,
  classifyTitle,
  type Department,
} from '../../corpus/taxonomy.ts'
import { normaliseCountry, normaliseState } from './normalise-places.ts'

type Obj = Record<string, unknown>

const isObj = (v: unknown): v is Obj => v !== null && typeof v === 'object' && !Array.isArray(v)
const text = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v.trim() : null)
const fold = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, ' ')
    .trim()

const DEPARTMENT_BY_KEY = new Map<string, Department>(ALL_DEPARTMENTS.map((d) => [fold(d), d]))
const SUB_BY_KEY = new Map(SUB_DEPARTMENTS.map((s) => [fold(s.name), s]))
const SENIORITY_BY_KEY = new Map<string, string>([
  ...SENIORITY_COLUMNS.map((s): [string, string] => [fold(s), s]),
  // Common spellings of the same levels in HR exports.
  ...(
    [
      ['c level', 'C-Suite'],
      ['cxo', 'C-Suite'],
      ['executive', 'C-Suite'],
      ['vice president', 'VP'],
      ['director', 'Director / Head'],
      ['head', 'Director / Head'],
      ['individual contributor', 'IC'],
      ['entry level', 'Entry'],
      ['junior', 'Entry'],
      ['intern', 'In Training'],
      ['trainee', 'In Training'],
    ] as const
  ).map(([k, v]): [string, string] => [k, v]),
])

/** A given department label in the taxonomy's spelling; a sub-department given as department names its parent. */
function givenDepartment(value: string): { department: string; sub: string | null } {
  const key = fold(value)
  const department = DEPARTMENT_BY_KEY.get(key)
  if (department) return { department, sub: null }
  const sub = SUB_BY_KEY.get(key)
  if (sub) return { department: sub.department, sub: sub.name }
  return { department: value.trim(), sub: null }
}

/**
 * Fills `department`, `sub_department` (when `withSub`) and `seniority` of a person or job from
 * its title where they are missing or blank; labels that are given are kept, in the taxonomy's
 * spelling when they are one of its labels. The derived sub-department is kept only when it
 * belongs to the record's department.
 */
function deriveFromTitle(o: Obj, titleField: string, withSub: boolean): void {
  const given = text(o.department)
  const givenSeniority = text(o.seniority)
  const givenSub = withSub ? text(o.sub_department) : null
  let department = given ? givenDepartment(given) : null
  if (givenSeniority) o.seniority = SENIORITY_BY_KEY.get(fold(givenSeniority)) ?? givenSeniority
  if (department) o.department = department.department
  if (withSub && givenSub) o.sub_department = SUB_BY_KEY.get(fold(givenSub))?.name ?? givenSub
  else if (withSub && department?.sub) o.sub_department = department.sub
  const title = text(o[titleField])
  if (!title) return
  const cls = classifyTitle(title)
  if (!givenSeniority) o.seniority = cls.seniority
  if (!department) {
    department = { department: cls.department, sub: null }
    o.department = cls.department
  }
  if (withSub && !text(o.sub_department) && cls.sub_department && cls.department === department.department)
    o.sub_department = cls.sub_department
}

/** Respells `o[countryField]` and `o[stateField]`; the state is read within the record's country. */
function place(o: unknown, countryField = 'country', stateField: string | null = 'state'): void {
  if (!isObj(o)) return
  const country = text(o[countryField])
  if (country) o[countryField] = normaliseCountry(country)
  if (stateField === null) return
  const state = text(o[stateField])
  if (state) o[stateField] = normaliseState(state, country)
}

function countryList(o: Obj, field: string): void {
  const list = o[field]
  if (!Array.isArray(list)) return
  const out: unknown[] = []
  for (const item of list) {
    const value = typeof item === 'string' ? normaliseCountry(item) : item
    if (!out.includes(value)) out.push(value)
  }
  o[field] = out
}

// Per-country counts keyed by spelling: `US` and `United States` add up under one key.
function countryCounts(o: Obj, field: string): void {
  const counts = o[field]
  if (!isObj(counts)) return
  const out: Record<string, number> = {}
  for (const [key, value] of Object.entries(counts)) {
    const name = normaliseCountry(key)
    out[name] = (out[name] ?? 0) + (typeof value === 'number' ? value : 0)
  }
  o[field] = out
}

function each(o: Obj, field: string, fn: (item: unknown) => void): void {
  const list = o[field]
  if (Array.isArray(list)) list.forEach(fn)
}

const BY_CATEGORY: Record<string, (r: Obj) => void> = {
  company: (r) => {
    place(r)
    countryCounts(r, 'employees_by_country')
    each(r, 'office_locations', (o) => place(o, 'country', null))
    if (isObj(r.global_presence)) {
      place(r.global_presence, 'hq_country', null)
      countryList(r.global_presence, 'countries')
    }
  },
  person: (r) => {
    place(r.location)
    deriveFromTitle(r, 'title', true)
    each(r, 'employment_history', (job) => {
      if (isObj(job)) deriveFromTitle(job, 'title', false)
    })
  },
  job_opening: (r) => {
    place(r, 'country', null)
    deriveFromTitle(r, 'role', false)
  },
  funding_round: (r) => place(r, 'country', null),
  school: (r) => place(r, 'country', null),
}

/**
 * Derives the taxonomy labels and respells the places of one validated record, in place.
 * Categories without titles or places are left as they are.
 */
export function normaliseRecordFacets(category: string, record: Obj): void {
  BY_CATEGORY[category]?.(record)
}
