// Sort fields (data-routes §4.7, §2.10, §4.1 `sort`): the per-category catalogue and the rules a
// search request's `sort` must follow. The fields themselves are in contract/search-catalogue.ts.
import { ENTITY_CATEGORIES, type EntityCategory } from '../../contract/records.ts'
import { ApiError } from '../../errors.ts'
import { sortCatalogue, type SortSpec } from '../../contract/search-catalogue.ts'

export const SORT_DIRECTIONS = ['asc', 'desc'] as const
export type SortDirection = (typeof SORT_DIRECTIONS)[number]
/** §8: up to 3 clauses. */
export const MAX_SORT_CLAUSES = 3

export interface SortFieldInfo extends SortSpec {
  directions: SortDirection[]
}

export interface SortCatalogue {
  category: EntityCategory
  directions: SortDirection[]
  total: number
  sorts: SortFieldInfo[]
}

export interface SortClause {
  field: string
  direction: SortDirection
}

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

function checkCategory(category: string, loc: (string | number)[]): asserts category is EntityCategory {
  if ((ENTITY_CATEGORIES as readonly string[]).includes(category)) return
  throw invalid(
    `Unknown category \`${category}\`. Accepted categories: ${ENTITY_CATEGORIES.join(', ')}.`,
    loc,
    category,
    { accepted: [...ENTITY_CATEGORIES] },
  )
}

/** GET /v1/sorts/{category}: the complete catalogue; company and person share one of 26 fields, marked by applies_to. */
export function listSortFields(category: string): SortCatalogue {
  checkCategory(category, ['path', 'category'])
  const sorts = sortCatalogue(category).map((s) => ({
    ...s,
    directions: [...SORT_DIRECTIONS],
    direction_labels: { ...s.direction_labels },
    applies_to: [...s.applies_to],
  }))
  return { category, directions: [...SORT_DIRECTIONS], total: sorts.length, sorts }
}

/**
 * A search request's `sort` (§4.1): up to 3 clauses, each field once, known for the category and
 * applying to it (a person-only field on a company search is refused, and the reverse), direction
 * asc or desc (default desc). A sort needs an explicit category. Returns the normalised clauses;
 * an absent or empty sort is [] (the engine orders).
 */
export function validateSort(
  category: string | null | undefined,
  clauses: readonly { field: string; direction?: string | null }[] | null | undefined,
): SortClause[] {
  if (!clauses || clauses.length === 0) return []
  if (category === null || category === undefined) {
    throw invalid(
      '`sort` needs an explicit `category`: the fields that can order results depend on it.',
      ['body', 'sort'],
      clauses,
    )
  }
  checkCategory(category, ['body', 'category'])
  if (clauses.length > MAX_SORT_CLAUSES) {
    throw invalid(
      `\`sort\` takes up to ${MAX_SORT_CLAUSES} clauses; got ${clauses.length}.`,
      ['body', 'sort'],
      clauses.length,
    )
  }
  const catalogue = sortCatalogue(category)
  const seen = new Set<string>()
  return clauses.map((clause, i) => {
    const spec = catalogue.find((s) => s.field === clause.field)
    if (!spec) {
      const fields = catalogue.map((s) => s.field)
      const detail =
        fields.length === 0
          ? `${category} cannot be ordered explicitly; omit \`sort\` and the engine orders results.`
          : `\`${clause.field}\` is not a sort field of ${category}. Accepted fields: ${fields.join(', ')}.`
      throw invalid(detail, ['body', 'sort', i, 'field'], clause.field, { accepted: fields })
    }
    if ((category === 'company' || category === 'person') && !spec.applies_to.includes(category)) {
      const other = category === 'company' ? 'person' : 'company'
      throw invalid(
        `\`${clause.field}\` orders ${other} results only; it cannot order a ${category} search.`,
        ['body', 'sort', i, 'field'],
        clause.field,
      )
    }
    if (seen.has(clause.field))
      throw invalid(
        `\`${clause.field}\` appears more than once in \`sort\`.`,
        ['body', 'sort', i, 'field'],
        clause.field,
      )
    seen.add(clause.field)
    const direction = clause.direction ?? 'desc'
    if (direction !== 'asc' && direction !== 'desc') {
      throw invalid(`direction must be asc or desc; got \`${direction}\`.`, ['body', 'sort', i, 'direction'], direction)
    }
    return { field: clause.field, direction }
  })
}
