// Normalisation at ingest on the real datasets' own titles and places (../shared/datasets/, read at
// test time, never copied): the share of titles that get a department and a seniority from the
// taxonomy, and the share of countries and states read into one spelling. The figures are printed
// (docs/corpus-storage.md quotes them) and held to floors just under what they are, so a rule that breaks shows.
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { classifyTitle } from '../../src/corpus/taxonomy.ts'
import { countryCode, normaliseCountry, subdivisionOf } from '../../src/domain/corpus/normalise-places.ts'
import { datasetPlaces, datasetTitles, datasetsPresent, DATASETS_DIR } from '../support/dataset-samples.ts'

const skip = datasetsPresent() ? false : `no datasets at ${DATASETS_DIR}`
const share = (n: number, of: number) => (of === 0 ? 0 : n / of)
const pct = (x: number) => `${(100 * x).toFixed(1)}%`

describe('the datasets’ titles and places', { skip }, () => {
  test('titles: most get a department and a seniority from the taxonomy', () => {
    const titles = datasetTitles()
    assert.ok(titles.length > 2000, `${titles.length} distinct titles read`)
    const bySource = new Map<string, { n: number; department: number; seniority: number }>()
    for (const { source, title } of titles) {
      const cls = classifyTitle(title)
      const s = bySource.get(source) ?? { n: 0, department: 0, seniority: 0 }
      s.n++
      if (cls.department !== 'Others') s.department++
      if (cls.seniority !== 'Others') s.seniority++
      bySource.set(source, s)
    }
    let all = { n: 0, department: 0, seniority: 0 }
    for (const [source, s] of bySource) {
      console.log(
        `# ${source}: ${s.n} titles, department ${pct(share(s.department, s.n))}, seniority ${pct(share(s.seniority, s.n))}`,
      )
      all = { n: all.n + s.n, department: all.department + s.department, seniority: all.seniority + s.seniority }
    }
    const department = share(all.department, all.n)
    const seniority = share(all.seniority, all.n)
    console.log(`# all: ${all.n} titles, department ${pct(department)}, seniority ${pct(seniority)}`)
    assert.ok(department >= 0.8, `department for ${pct(department)} of titles`)
    assert.ok(seniority >= 0.85, `seniority for ${pct(seniority)} of titles`)
  })

  test('titles: the common public-sector and trade titles land where a reader would put them', () => {
    const cases: [string, string, string][] = [
      ['Budget Analyst', 'Finance', 'IC'],
      ['Deputy Commissioner, Wastewater Treatment', 'General', 'VP'],
      ['Clerical Associate III', 'Administrative', 'IC'],
      ['Electrician', 'Manufacturing', 'IC'],
      ['EEO Investigator', 'Human Resources', 'IC'],
      ['GIS Analyst', 'Data Science', 'IC'],
      ['Senior Windows Administrator', 'Information Technology', 'IC'],
      ['Director of Legislative Affairs', 'Business Development', 'Director / Head'],
      ['FMS Architect/Developer', 'Engineering', 'IC'],
      ['Landscape Architect', 'Real Estate', 'IC'],
    ]
    for (const [title, department, seniority] of cases) {
      const cls = classifyTitle(title)
      assert.deepEqual([cls.department, cls.seniority], [department, seniority], title)
    }
  })

  test('places: countries and states, sent as names or codes, are read into one spelling', () => {
    const places = datasetPlaces()
    const bySource = new Map<string, { n: number; country: number; states: number; state: number }>()
    const spellings = new Map<string, Set<string>>()
    for (const p of places) {
      const s = bySource.get(p.source) ?? { n: 0, country: 0, states: 0, state: 0 }
      s.n++
      const code = countryCode(p.country)
      if (code) {
        s.country++
        const set = spellings.get(code) ?? new Set()
        set.add(normaliseCountry(p.country))
        spellings.set(code, set)
      }
      if (p.state !== null) {
        s.states++
        if (subdivisionOf(p.state, p.country)) s.state++
      }
      bySource.set(p.source, s)
    }
    let all = { n: 0, country: 0, states: 0, state: 0 }
    for (const [source, s] of bySource) {
      console.log(
        `# ${source}: ${s.n} countries ${pct(share(s.country, s.n))} read, ${s.states} states ${pct(share(s.state, s.states))} read`,
      )
      all = {
        n: all.n + s.n,
        country: all.country + s.country,
        states: all.states + s.states,
        state: all.state + s.state,
      }
    }
    const country = share(all.country, all.n)
    const state = share(all.state, all.states)
    console.log(`# all: ${all.n} countries ${pct(country)} read, ${all.states} states ${pct(state)} read`)
    assert.ok(country >= 0.99, `countries: ${pct(country)}`)
    assert.ok(state >= 0.97, `states: ${pct(state)}`)
    // However a dataset spells a country (USA, US, United States of America), one spelling comes out.
    for (const [code, names] of spellings) assert.equal(names.size, 1, `${code}: ${[...names].join(', ')}`)
    assert.ok((spellings.get('US')?.size ?? 0) === 1 && spellings.get('US')?.has('United States'))
  })
})
