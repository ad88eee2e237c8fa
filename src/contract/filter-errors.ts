// Filter errors a person can act on (issue 30): a filter the catalogue does not know names the
// closest filters (a place name such as `country` points to `geo`), and a value of the wrong shape
// says what the filter accepts. The entries keep the contract's shape (§2.3), loc ['body',
// 'filters', <name>, …]; ctx carries `accepts` (and `accepted_filters` for an unknown name).
import type { TSchema } from 'typebox'
import { GEO_LEVELS, GTM_FILTERS, isCompanyFilterName, type FilterKind, type FilterSpec } from './search-catalogue.ts'
import { throwInvalid, validationErrors, type ValidationEntry } from './validation.ts'

export interface FilterShape {
  name: string
  kind: FilterKind | 'geo'
  /** enumerated or bounded vocabularies have values at GET /v1/search/filters/{name}. */
  vocabulary?: string
  /** A range of integers (the catalogue row's `integer`). */
  integer?: true
}

const LIST = '{"include": ["…"], "exclude": ["…"]} (lists of up to 100 texts)'
const ACCEPTS: Record<FilterShape['kind'], string> = {
  list: LIST,
  array: LIST,
  text: `${LIST}, matched as substrings`,
  range: '{"min": number, "max": number} (either may be left out)',
  date_range: '{"from": "2024-01-01", "to": "2024-12-31"} (ISO dates, date-times or months such as 2024-02)',
  boolean: 'true or false',
  company: '{"include": [{"value": "acme.com", "by": "domain"}], "exclude": […]} with by one of domain, name, li, id',
  geo: '{"include": [{"value": "Germany", "level": "country"}], "exclude": […]} with level one of country, state, city, region',
}

/** What a filter accepts, in words. */
export function filterAccepts(f: FilterShape): string {
  const shape =
    f.kind === 'range' && f.integer ? '{"min": integer, "max": integer} (either may be left out)' : ACCEPTS[f.kind]
  const values =
    f.vocabulary === 'enumerated' || f.vocabulary === 'bounded' ? `; values: GET /v1/search/filters/${f.name}` : ''
  return shape + values
}

/** Edit distance (insert, delete, substitute), for "did you mean". */
function distance(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j)
  for (let i = 1; i <= a.length; i++) {
    const cur = [i]
    for (let j = 1; j <= b.length; j++)
      cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1))
    prev = cur
  }
  return prev[b.length]!
}

function unknownFilter(name: string, value: unknown, filters: readonly FilterShape[]): ValidationEntry {
  const names = filters.map((f) => f.name)
  const lower = name.toLowerCase()
  let msg: string
  // country, countries, hq_city…: a place, which one filter (geo) carries with its level.
  const place = GEO_LEVELS.some((l) => lower.includes(l.slice(0, -1)))
  const elsewhere = GTM_FILTERS.find((f) => f.name === name)
  if (elsewhere) {
    // A catalogue filter of another category (seniority on a company search, industry on patents).
    const reads = elsewhere.applies_to === 'person' ? 'people' : 'companies and people'
    msg = `Filter "${name}" filters ${reads} and is not a filter of this search's category; its ${names.length} filters are listed in ctx.accepted_filters`
  } else if (place && names.includes('geo')) {
    msg = `Unknown filter "${name}": places are one filter, geo, which accepts ${ACCEPTS.geo}`
  } else {
    const close = names
      .map((n) => ({ n, d: n.includes(lower) || lower.includes(n) ? 1 : distance(lower, n) }))
      .filter((x) => x.d <= Math.max(2, Math.floor(lower.length / 3)))
      .sort((a, b) => a.d - b.d)
      .slice(0, 3)
      .map((x) => x.n)
    msg =
      `Unknown filter "${name}"` +
      (close.length ? `; did you mean ${close.join(' or ')}?` : '') +
      ` The ${names.length} filters are listed in ctx.accepted_filters and in GET /v1/search/filters`
  }
  return {
    type: 'extra_forbidden',
    loc: ['body', 'filters', name],
    msg,
    input: value === undefined ? null : value,
    ctx: { accepted_filters: names },
  }
}

/**
 * Throws 422 request.invalid with one entry per name of `names`, filters `catalogue` lacks: each
 * names the closest filters, and ctx.accepted_filters lists the catalogue's.
 */
export function throwUnknownFilters(
  names: readonly string[],
  filters: Record<string, unknown>,
  catalogue: readonly FilterShape[],
): never {
  throwInvalid(names.map((k) => unknownFilter(k, filters[k], catalogue)))
}

/**
 * Validates body.filters against `schema` (the category's filter set) and throws 422
 * request.invalid whose entries name the filter and say what it accepts.
 */
export function assertValidFilters(
  schema: TSchema,
  filters: Record<string, unknown>,
  catalogue: readonly FilterShape[],
): void {
  const byName = new Map(catalogue.map((f) => [f.name, f]))
  const unknown = Object.keys(filters).filter((k) => !byName.has(k))
  if (unknown.length) throwUnknownFilters(unknown, filters, catalogue)
  const errors = validationErrors(schema, filters, ['filters'])
  if (!errors) return
  throwInvalid(
    errors.map((e) => {
      const f = typeof e.loc[2] === 'string' ? byName.get(e.loc[2]) : undefined
      if (!f) return e
      const accepts = filterAccepts(f)
      return { ...e, msg: `${e.msg}; filter ${f.name} accepts ${accepts}`, ctx: { ...e.ctx, filter: f.name, accepts } }
    }),
  )
}

const shape = (f: FilterSpec): FilterShape => ({
  name: f.name,
  kind: f.kind,
  vocabulary: f.vocabulary,
  integer: f.integer,
})
const GEO_SHAPE: FilterShape = { name: 'geo', kind: 'geo' }

/** The company and person filters plus geo, as body.filters of a company or person search spells them. */
export const GTM_FILTER_SHAPES: readonly FilterShape[] = [...GTM_FILTERS.map(shape), GEO_SHAPE]

/** The filters of a company search: the company filters plus geo (the person filters describe people). */
export const COMPANY_FILTER_SHAPES: readonly FilterShape[] = [
  ...GTM_FILTERS.filter((f) => isCompanyFilterName(f.name)).map(shape),
  GEO_SHAPE,
]
