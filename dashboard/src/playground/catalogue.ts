// The filter catalogue the builder offers. The catalogue module (src/contract/search-catalogue.ts)
// imports nothing, so it is bundled into the dashboard at build time: the builder and the request
// schema read one table and cannot drift. Values are suggested at run time from
// GET /v1/search/filters/{name}.
import { GEO_LEVELS, GTM_FILTERS, type FilterKind } from '../../../src/contract/search-catalogue.ts'

export type BuilderKind = FilterKind | 'geo'
export type GeoLevel = (typeof GEO_LEVELS)[number]
export const GEO_LEVEL_NAMES: readonly GeoLevel[] = GEO_LEVELS

export interface BuilderFilter {
  name: string
  kind: BuilderKind
  /** Which entity the filter reads: a company filter on a person search reads the current employer. */
  applies_to: 'company' | 'person' | 'either'
  description: string
  /** True when GET /v1/search/filters/{name} can suggest values. */
  suggests: boolean
}

const GEO: BuilderFilter = {
  name: 'geo',
  kind: 'geo',
  applies_to: 'either',
  description: 'Places by level: country, state, city or region',
  suggests: true,
}

export const BUILDER_FILTERS: readonly BuilderFilter[] = [
  GEO,
  ...GTM_FILTERS.map((f) => ({
    name: f.name,
    kind: f.kind,
    applies_to: f.applies_to,
    description: f.description,
    suggests: f.vocabulary !== 'none' && f.kind !== 'boolean',
  })),
]

export const builderFilter = (name: string) => BUILDER_FILTERS.find((f) => f.name === name)

/** The filters a category's search takes: a company search takes company filters; a person search takes all. */
export function filtersFor(category: 'company' | 'person'): BuilderFilter[] {
  return BUILDER_FILTERS.filter((f) => category === 'person' || f.applies_to !== 'person')
}

export const filterLabel = (name: string) => name.replace(/_/g, ' ')
