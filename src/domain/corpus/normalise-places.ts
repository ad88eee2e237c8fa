// Countries and states in one spelling (docs/corpus-storage.md, "Normalisation at ingest"). Countries come
// from i18n-iso-countries (ISO 3166-1 codes and English names with their aliases), states from
// ISO 3166-2 (iso-3166: codes, hierarchy and the ISO names) with the English names of the Unicode
// CLDR (cldr-subdivisions-full). A state is always read within its country: `ON` is Ontario in
// Canada and stays `ON` where no country says which one it is.
import { createRequire } from 'node:module'
import countries from 'i18n-iso-countries'
import { iso31662 } from 'iso-3166'

const require = createRequire(import.meta.url)
countries.registerLocale(require('i18n-iso-countries/langs/en.json') as countries.LocaleData)
const CLDR_SUBDIVISIONS = (
  require('cldr-subdivisions-full/subdivisions/en/en.json') as {
    subdivisions: { localeDisplayNames: { subdivisions: Record<string, string> } }
  }
).subdivisions.localeDisplayNames.subdivisions

/** Case, accents, dots, punctuation and footnote marks (`Virginia[2]`) folded: `U.S.A.` → `usa`, `Québec` → `quebec`, `The Netherlands` → `netherlands`. */
export function placeKey(input: string): string {
  return input
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .replace(/\[\d+\]/g, '')
    .replace(/&/g, ' and ')
    .replace(/[.'’]/g, '')
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim()
    .replace(/^the /, '')
}

// The display name: the first English name that is not a long form (`United States of America`,
// `Taiwan, Province of China`, `The Republic of North Macedonia`) when the library has such a
// shorter one, otherwise the library's official name.
function displayName(names: readonly string[]): string {
  const plain = names.find((n) => !/ of |,|\(|^The /.test(n) && n !== n.toUpperCase())
  return plain ?? names[0] ?? ''
}

const COUNTRY_NAME = new Map<string, string>()
const COUNTRY_BY_KEY = new Map<string, string>()
for (const alpha2 of Object.keys(countries.getAlpha2Codes())) {
  const names = countries.getName(alpha2, 'en', { select: 'all' }) ?? []
  const name = displayName(names)
  COUNTRY_NAME.set(alpha2, name)
  const keys = [alpha2, countries.alpha2ToAlpha3(alpha2) ?? '', countries.alpha2ToNumeric(alpha2) ?? '', name, ...names]
  for (const k of keys.map(placeKey)) if (k && !COUNTRY_BY_KEY.has(k)) COUNTRY_BY_KEY.set(k, alpha2)
}

/** ISO 3166-1 alpha-2 code of a country given by name, alias, alpha-2, alpha-3 or numeric code; null when unknown. */
export function countryCode(input: string): string | null {
  return COUNTRY_BY_KEY.get(placeKey(input)) ?? null
}

/** The one spelling of a country: `US`, `USA`, `U.S.` and `United States of America` → `United States`. Unknown values come back trimmed. */
export function normaliseCountry(input: string): string {
  const code = countryCode(input)
  return code ? (COUNTRY_NAME.get(code) ?? input.trim()) : input.trim()
}

/** The display name of an ISO alpha-2 code (`CA` → `Canada`); null when unknown. */
export function countryNameOf(alpha2: string): string | null {
  return COUNTRY_NAME.get(alpha2.toUpperCase()) ?? null
}

interface Subdivision {
  /** ISO 3166-2 code, e.g. `CA-ON`. */
  code: string
  name: string
}

// Words that only say what kind of subdivision a name is: `Stockholm County`, `Cairo Governorate`,
// `Community of Madrid` are read as Stockholm, Cairo and Madrid when nothing matches them whole.
const KIND_WORDS = new Set(
  'county region province governorate district state prefecture department metropolitan autonomous community of federal territory municipality oblast'.split(
    ' ',
  ),
)
const coreKey = (key: string) =>
  key
    .split(' ')
    .filter((w) => !KIND_WORDS.has(w))
    .join(' ')
const CORE_STATES = new Map<string, Map<string, Subdivision>>()

// Per country: folded code or name → subdivision. First-level subdivisions come first, so where a
// lower level repeats a name (a city state, a county named after its region) the state wins.
const STATES = new Map<string, Map<string, Subdivision>>()
{
  const level = (parent: string) => (parent.includes('-') ? 1 : 0)
  const ordered = [...iso31662].sort((a, b) => level(a.parent) - level(b.parent))
  // CLDR's English names by country and folded name, for the codes the two sources spell
  // differently; where CLDR has one name both with and without accents (`ints` Telangāna, `intg`
  // Telangana), the unaccented one.
  const cldrByName = new Map<string, string>()
  const unaccented = (n: string) => n.normalize('NFD') === n
  for (const [key, name] of Object.entries(CLDR_SUBDIVISIONS)) {
    const k = `${key.slice(0, 2)}:${placeKey(name)}`
    const had = cldrByName.get(k)
    if (had === undefined || (!unaccented(had) && unaccented(name))) cldrByName.set(k, name)
  }
  const entries: [string, string, Subdivision][] = []
  for (const s of ordered) {
    const [country = '', local = ''] = s.code.split('-')
    const cldr = cldrByName.get(
      `${country.toLowerCase()}:${placeKey(CLDR_SUBDIVISIONS[`${country}${local}`.toLowerCase()] ?? s.name)}`,
    )
    // CLDR marks a few names with a footnote digit (`Île-de-France²`).
    const name = (cldr ?? s.name).replace(/[\u00b2\u00b3\u00b9\u2070-\u2079]+$/u, '').trim()
    entries.push([country, local, { code: s.code, name }])
  }
  const add = (country: string, key: string, sub: Subdivision) => {
    let byKey = STATES.get(country)
    if (!byKey) STATES.set(country, (byKey = new Map()))
    if (key && !byKey.has(key)) byKey.set(key, sub)
  }
  // Codes first (`ON`, `CA-ON`), then English names, then the ISO names (`Bayern`).
  for (const [country, local, sub] of entries) {
    add(country, placeKey(local), sub)
    add(country, placeKey(sub.code), sub)
  }
  for (const [country, , sub] of entries) add(country, placeKey(sub.name), sub)
  for (const s of ordered) {
    const country = s.code.split('-')[0] ?? ''
    const sub = STATES.get(country)?.get(placeKey(s.code))
    if (sub) add(country, placeKey(s.name), sub)
  }
  for (const [country, byKey] of STATES) {
    const cores = new Map<string, Subdivision>()
    for (const [key, sub] of byKey) {
      const core = coreKey(key)
      if (core && !cores.has(core)) cores.set(core, sub)
    }
    CORE_STATES.set(country, cores)
  }
}

/** The ISO 3166-2 subdivision of a state within a country (alpha-2 code or anything `countryCode` reads); null when unknown. */
export function subdivisionOf(state: string, country: string): { code: string; name: string } | null {
  const alpha2 = countryCode(country)
  if (!alpha2) return null
  const key = placeKey(state)
  const core = coreKey(key)
  return STATES.get(alpha2)?.get(key) ?? (core ? CORE_STATES.get(alpha2)?.get(core) : undefined) ?? null
}

/**
 * The one spelling of a state, read within its country: `ON`, `CA-ON` and `ontario` in Canada →
 * `Ontario`; `Bayern` and `BY` in Germany → `Bavaria`. Without a known country, or when the
 * country has no such subdivision, the value comes back trimmed.
 */
export function normaliseState(state: string, country: string | null | undefined): string {
  const sub = country ? subdivisionOf(state, country) : null
  return sub ? sub.name : state.trim()
}

/** Words an export writes where a place would be that name none (`Remote`, `N/A`). */
const NO_PLACE = new Set([
  'remote',
  'anywhere',
  'worldwide',
  'global',
  'various',
  'multiple locations',
  'n a',
  'na',
  'none',
  'unknown',
  'tbd',
])

/** The parts of a place written on one line, as written (normalised later with the record). */
export interface PlaceParts {
  city: string | null
  state: string | null
  country: string | null
}

/**
 * A place written on one line, split into its parts: `San Francisco, CA, USA` → city, state and
 * country; `Saint Paul, Minnesota` → a city in a US state (a US state's name or code is read
 * first, as in `Atlanta, GA`); `Dublin, Ireland` → city and country; `Germany` → the country;
 * one part that is no country is a city (`San Francisco Bay Area`); `Remote`, `N/A` and the like
 * are no part. Only the first of several
 * places is read (`San Francisco, CA, USA; Remote`), and a postcode after a state is dropped
 * (`CA 94105`). Null when the text holds no part.
 */
export function splitPlace(text: string): PlaceParts | null {
  const parts = (text.split(/[;|]/)[0] ?? '')
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '' && !NO_PLACE.has(placeKey(p)))
  const state = (p: string) => p.replace(/\s+\d[\d-]*$/, '')
  const last = parts.at(-1)
  if (last === undefined) return null
  if (parts.length === 1)
    return countryCode(last) ? { city: null, state: null, country: last } : { city: last, state: null, country: null }
  const city = parts[0]!
  if (subdivisionOf(state(last), 'US') && (parts.length === 2 || !countryCode(last)))
    return { city, state: state(last), country: 'United States' }
  if (countryCode(last)) return { city, state: parts.length >= 3 ? state(parts.at(-2)!) : null, country: last }
  return { city, state: state(parts.length >= 3 ? parts.at(-2)! : last), country: parts.length >= 3 ? last : null }
}
