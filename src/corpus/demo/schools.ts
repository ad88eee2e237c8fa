// Demo schools: the education institutions of the affiliation graph (contract/records.ts School).
import type { School } from '../../contract/records.ts'
import { COUNTRIES, COUNTRY_WEIGHTS, slugify, type City, type Country } from './geo.ts'
import { coinedWord } from './companies.ts'
import type { DemoContext } from './context.ts'
import { STREAM, rngFor, type Rng } from './prng.ts'
import { SCHOOL_TLDS, SCHOOL_TYPES } from './words.ts'

export interface SchoolCore {
  index: number
  name: string
  school_id: string
  domain: string
  kind: string
  country: Country
  city: City
}

const caches = new WeakMap<DemoContext, Map<number, SchoolCore>>()

export function schoolCore(ctx: DemoContext, index: number): SchoolCore {
  let cache = caches.get(ctx)
  if (!cache) caches.set(ctx, (cache = new Map()))
  let core = cache.get(index)
  if (!core) {
    core = buildSchool(ctx, index)
    cache.set(index, core)
  }
  return core
}

function buildSchool(ctx: DemoContext, index: number): SchoolCore {
  const rng = rngFor(ctx.seed, STREAM.school, index)
  const j = ctx.schoolNames.at(index)
  const type = SCHOOL_TYPES[j % SCHOOL_TYPES.length] as (typeof SCHOOL_TYPES)[number]
  const word = coinedWord(Math.floor(j / SCHOOL_TYPES.length))
  const country = COUNTRIES[rng.weighted(COUNTRY_WEIGHTS)] as Country
  const name = `${word} ${type.suffix}`
  const school_id = slugify(name)
  const domain = `${slugify(word)}${type.abbr}.${SCHOOL_TLDS[country.code] ?? 'edu'}`
  return { index, name, school_id, domain, kind: type.kind, country, city: rng.pick(country.cities) }
}

export function schoolRecord(ctx: DemoContext, index: number): School {
  const s = schoolCore(ctx, index)
  return {
    name: s.name,
    school_id: s.school_id,
    domain: s.domain,
    kind: s.kind,
    city: s.city.name,
    country: s.country.name,
    professional_url: `linkedin.com/school/${s.school_id}`,
  }
}

/** A school drawn with a strong bias towards low indices, so popular schools are shared widely. */
export function pickSchool(ctx: DemoContext, rng: Rng, country: Country): number {
  let index = 0
  for (let tries = 0; tries < 3; tries++) {
    index = Math.floor(ctx.config.schools * rng.next() ** 2.5)
    if (schoolCore(ctx, index).country === country) return index
  }
  return index
}
