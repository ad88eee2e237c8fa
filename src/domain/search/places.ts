// Place filter inputs in the stored spelling (docs/search.md, docs/ingest.md §2): ingest stores
// one spelling per country and state (domain/corpus/normalise-places.ts), so a `geo` filter's
// values are read the same way before they are compared: `US`, `usa` and `United States of
// America` match `United States`; state `CA` matches `California` and `ON` with country Canada
// `Ontario`. A state is read within the countries the same filter includes, else as a US state.
// The value as sent is kept as well, so records stored before normalisation still match.
import type { GeoFilter, GeoPlace } from '../../store/search-filters.ts'
import { countryCode, normaliseCountry, normaliseState } from '../corpus/normalise-places.ts'

const DEFAULT_STATE_COUNTRY = 'US'

export function normaliseGeoFilter(g: GeoFilter): GeoFilter {
  const countries = (g.include ?? [])
    .filter((p) => p.level === 'country')
    .map((p) => countryCode(p.value))
    .filter((c): c is string => c !== null)
  const contexts = countries.length > 0 ? [...new Set(countries)] : [DEFAULT_STATE_COUNTRY]
  const spell = (places: GeoPlace[] | undefined) => {
    if (!places) return undefined
    const out: GeoPlace[] = []
    const seen = new Set<string>()
    const push = (p: GeoPlace) => {
      const k = `${p.level}\u0000${p.value.toLowerCase()}`
      if (seen.has(k)) return
      seen.add(k)
      out.push(p)
    }
    for (const p of places) {
      push(p)
      if (p.level === 'country') push({ level: 'country', value: normaliseCountry(p.value) })
      else if (p.level === 'state') {
        // `US-CA`: the country is in the code.
        const coded = /^([A-Za-z]{2})-(\w{1,3})$/.exec(p.value.trim())
        if (coded) push({ level: 'state', value: normaliseState(coded[2]!, coded[1]!) })
        else for (const c of contexts) push({ level: 'state', value: normaliseState(p.value, c) })
      }
    }
    return out
  }
  return { include: spell(g.include), exclude: spell(g.exclude) }
}
