// Filter values (data-routes §4.6, §2.10): what a filter accepts, one page of 20 at a time. Which
// names exist and their vocabulary class come from contract/search-catalogue.ts; this file says where each name's
// values live and applies the rules. Queries: store/filter-values.ts. Docs: docs/search-filters.md.
import { ApiError } from '../../errors.ts'
import { SENIORITY_LADDER, departmentFilterValues } from '../../corpus/taxonomy.ts'
import type { ValueSource } from '../../store/filter-values.ts'
import { companyPage, valuePage } from './filter-values-cache.ts'
import { guarded } from '../guard.ts'
import type { Deps } from '../types.ts'
import {
  DOCUMENT_CATEGORIES,
  DOCUMENT_FILTERS,
  FILTER_VALUE_NAMES,
  GEO_LEVELS,
  GEO_VALUES_FROM,
  GEO_VOCABULARY,
  GTM_FILTERS,
  filterSpec,
  type DocumentCategory,
  type DocumentFilterSpec,
  type FilterSpec,
  type GeoLevel,
  type VocabularyClass,
} from '../../contract/search-catalogue.ts'

/** §4.6: the page size is fixed. */
export const PAGE_SIZE = 20
/** A bounded vocabulary without `search` lists only its most common values; with `search`, all of them match. */
export const BOUNDED_TOP = 1000

export interface FilterValueItem {
  value: string
  name: string | null
  domain: string | null
  id: string | null
}

export interface FilterValuesPage {
  filter: string
  values: string[]
  items: FilterValueItem[]
  total: number
  page: number
  page_size: number
  has_more: boolean
}

export interface FilterValuesQuery {
  search?: string
  page?: number
  level?: 'parents' | 'children'
  parent?: string
}

const companies = (column: string): ValueSource => ({ table: 'companies', column, array: false })

/**
 * Where the values of each name live: the catalogue row's `values_from`, else the column or record
 * path its filter reads on its table; a geo level's GEO_VALUES_FROM. None for `none` names (they
 * read nothing). company, department, seniority, industry and sub_industry are answered below.
 */
function valueSources(spec: FilterSpec): readonly ValueSource[] | null {
  if (spec.values_from) return spec.values_from
  if (spec.vocabulary === 'none' || 'compiled' in spec.source) return null
  const table = spec.applies_to === 'person' ? 'persons' : 'companies'
  return 'column' in spec.source
    ? [{ table, column: spec.source.column, array: spec.source.array === true }]
    : [{ table, path: [...spec.source.path] }]
}

const SOURCES: Record<string, readonly ValueSource[]> = {
  ...Object.fromEntries(
    GTM_FILTERS.flatMap((spec) => {
      const found = valueSources(spec)
      return found ? [[spec.name, found]] : []
    }),
  ),
  ...GEO_VALUES_FROM,
}

const TWO_LEVEL = GTM_FILTERS.filter((f) => f.two_level).map((f) => f.name)

function invalid(
  detail: string,
  loc: (string | number)[],
  input: unknown,
  extra: Record<string, unknown> = {},
): ApiError {
  return new ApiError('request.invalid', detail, {
    extra: { ...extra, errors: [{ type: 'value_error', loc, msg: detail, input: input ?? null, ctx: null }] },
  })
}

function vocabularyOf(name: string): VocabularyClass {
  if ((GEO_LEVELS as readonly string[]).includes(name)) return GEO_VOCABULARY[name as GeoLevel]
  return filterSpec(name)?.vocabulary ?? 'none'
}

function checkName(name: string): void {
  if (FILTER_VALUE_NAMES.includes(name)) return
  const accepted = [...FILTER_VALUE_NAMES]
  const why =
    name === ''
      ? 'A filter name is required.'
      : name === 'geo'
        ? '`geo` is not a filter-values name: list places one level at a time with country, state, city or region.'
        : (DOCUMENT_CATEGORIES as readonly string[]).includes(name)
          ? `\`${name}\` is a document category: its filters take GET /v1/search/filters/${name}/{name}.`
          : `Unknown filter \`${name}\`.`
  const detail = `${why} Accepted names: ${accepted.join(', ')}.`
  throw invalid(detail, ['path', 'name'], name, { accepted })
}

function checkLevels(name: string, q: FilterValuesQuery): void {
  if (q.level === undefined && q.parent === undefined) return
  const param = q.level !== undefined ? 'level' : 'parent'
  if (!TWO_LEVEL.includes(name)) {
    throw invalid(
      `\`${param}\` applies only to the two-level filters ${TWO_LEVEL.join(', ')}; \`${name}\` has one level.`,
      ['query', param],
      q[param],
    )
  }
  if (q.level !== undefined && q.parent !== undefined) {
    throw invalid(
      "`level` and `parent` are mutually exclusive: `parent` already lists one parent's children.",
      ['query', 'parent'],
      q.parent,
    )
  }
}

function pageOf(
  values: string[],
  total: number,
  page: number,
  name: string,
  items?: FilterValueItem[],
): FilterValuesPage {
  return {
    filter: name,
    values,
    items: items ?? values.map((value) => ({ value, name: null, domain: null, id: null })),
    total,
    page,
    page_size: PAGE_SIZE,
    has_more: page * PAGE_SIZE < total,
  }
}

/** A fixed list (taxonomy, ladder) filtered and paged like the index's values. */
function fromList(list: readonly string[], search: string | null): string[] {
  const needle = search?.toLowerCase()
  return needle === undefined ? [...list] : list.filter((v) => v.toLowerCase().includes(needle))
}

function departmentValues(q: FilterValuesQuery): readonly string[] {
  const all = departmentFilterValues()
  if (q.parent !== undefined) {
    const parent = q.parent.toLowerCase()
    return all.filter((d) => d.parent?.toLowerCase() === parent).map((d) => d.value)
  }
  if (q.level === 'parents') return all.filter((d) => d.level === 'parent').map((d) => d.value)
  if (q.level === 'children') return all.filter((d) => d.level === 'child').map((d) => d.value)
  return all.map((d) => d.value)
}

/** industry and sub_industry: both levels come from the index; a sub-industry's parent is the industry it occurs with. */
function industrySource(name: string, q: FilterValuesQuery): ValueSource {
  if (q.parent !== undefined)
    return { table: 'companies', column: 'sub_industry', parent: { column: 'industry', value: q.parent } }
  if (q.level === 'parents') return companies('industry')
  if (q.level === 'children') return companies('sub_industry')
  return companies(name)
}

/** GET /v1/search/filters/{name}: validates first, then reads the index (an outage is 503, a slow index 504). */
export async function listFilterValues(deps: Deps, name: string, q: FilterValuesQuery): Promise<FilterValuesPage> {
  checkName(name)
  checkLevels(name, q)
  const page = q.page ?? 1
  const offset = (page - 1) * PAGE_SIZE
  const search = q.search ?? null
  return guarded(deps, 'retrieval', 'upstream.unavailable', async () => {
    if (name === 'department' || name === 'seniority') {
      const list = fromList(name === 'department' ? departmentValues(q) : SENIORITY_LADDER, search)
      return pageOf(list.slice(offset, offset + PAGE_SIZE), list.length, page, name)
    }
    if (name === 'company') {
      if (search === null) return pageOf([], 0, page, name)
      const found = await companyPage(deps, search, PAGE_SIZE, offset)
      // The value is what the search request's `company` filter takes back: the domain (by domain), else the name.
      const items = found.rows.map((c) => ({ value: c.domain ?? c.name, name: c.name, domain: c.domain, id: c.id }))
      return pageOf(
        items.map((i) => i.value),
        found.total,
        page,
        name,
        items,
      )
    }
    const vocabulary = vocabularyOf(name)
    if (vocabulary === 'none' || (vocabulary === 'free_text' && search === null)) return pageOf([], 0, page, name)
    const sources = name === 'industry' || name === 'sub_industry' ? [industrySource(name, q)] : SOURCES[name]
    if (!sources) return pageOf([], 0, page, name)
    const top = vocabulary === 'bounded' && search === null ? BOUNDED_TOP : null
    const found = await valuePage(deps, sources, { search, limit: PAGE_SIZE, offset, top })
    return pageOf(found.rows, found.total, page, name)
  })
}

export interface DocumentFilterValuesPage extends FilterValuesPage {
  category: DocumentCategory
}

function documentSource(category: DocumentCategory, spec: DocumentFilterSpec): ValueSource {
  return 'column' in spec.source
    ? { table: 'documents', category, column: spec.source.column }
    : { table: 'documents', category, path: spec.source.path }
}

/** GET /v1/search/filters/{category}/{name}: the seven document categories' own filter sets. */
export async function listDocumentFilterValues(
  deps: Deps,
  category: string,
  name: string,
  q: Pick<FilterValuesQuery, 'search' | 'page'>,
): Promise<DocumentFilterValuesPage> {
  if (!(DOCUMENT_CATEGORIES as readonly string[]).includes(category)) {
    const detail =
      category === 'company' || category === 'person'
        ? `Company and person filters use GET /v1/search/filters/{name}; this route is for the document categories: ${DOCUMENT_CATEGORIES.join(', ')}.`
        : `Unknown document category \`${category}\`. Accepted categories: ${DOCUMENT_CATEGORIES.join(', ')}.`
    throw invalid(detail, ['path', 'category'], category, { accepted: [...DOCUMENT_CATEGORIES] })
  }
  const cat = category as DocumentCategory
  const spec = DOCUMENT_FILTERS[cat].find((f) => f.name === name)
  if (!spec) {
    const accepted = DOCUMENT_FILTERS[cat].map((f) => f.name)
    throw invalid(
      `\`${name}\` is not a filter of ${cat}. Accepted names: ${accepted.join(', ')}.`,
      ['path', 'name'],
      name,
      { accepted },
    )
  }
  const page = q.page ?? 1
  const search = q.search ?? null
  return guarded(deps, 'retrieval', 'upstream.unavailable', async () => {
    // §4.6: a filter that takes free values returns an empty list (free-text ones list matches once searched).
    if (spec.vocabulary === 'none' || (spec.vocabulary === 'free_text' && search === null))
      return { category: cat, ...pageOf([], 0, page, name) }
    const top = spec.vocabulary === 'bounded' && search === null ? BOUNDED_TOP : null
    const found = await valuePage(deps, [documentSource(cat, spec)], {
      search,
      limit: PAGE_SIZE,
      offset: (page - 1) * PAGE_SIZE,
      top,
    })
    return { category: cat, ...pageOf(found.rows, found.total, page, name) }
  })
}
