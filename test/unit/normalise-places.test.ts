// Places and titles normalised at ingest (src/domain/corpus/normalise-places.ts, normalise-record.ts).
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { COUNTRIES } from '../../src/corpus/demo/geo.ts'
import {
  countryCode,
  normaliseCountry,
  normaliseState,
  splitPlace,
  subdivisionOf,
} from '../../src/domain/corpus/normalise-places.ts'
import { normaliseRecordFacets } from '../../src/domain/corpus/normalise-record.ts'
import { prepareRecord } from '../../src/domain/corpus/prepare.ts'

describe('normaliseCountry', () => {
  const cases: [string, string][] = [
    ['US', 'United States'],
    ['usa', 'United States'],
    ['U.S.A.', 'United States'],
    ['United States of America', 'United States'],
    ['840', 'United States'],
    ['uk', 'United Kingdom'],
    ['GBR', 'United Kingdom'],
    ['Great Britain', 'United Kingdom'],
    ['The Netherlands', 'Netherlands'],
    ['CA', 'Canada'],
    ['can', 'Canada'],
    ['Korea, Republic of', 'South Korea'],
    ['china', 'China'],
    ['  Germany ', 'Germany'],
    ['Atlantis', 'Atlantis'],
    [' Remote ', 'Remote'],
  ]
  for (const [input, expected] of cases) {
    test(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () =>
      assert.equal(normaliseCountry(input), expected))
  }
  test('codes: alpha-2, alpha-3 and names all give the alpha-2 code; unknown gives null', () => {
    assert.equal(countryCode('DEU'), 'DE')
    assert.equal(countryCode('Deutschland'), null)
    assert.equal(countryCode('Côte d’Ivoire'), 'CI')
  })
})

describe('normaliseState', () => {
  const cases: [string, string | null, string][] = [
    ['ON', 'CA', 'Ontario'],
    ['ON', 'Canada', 'Ontario'],
    ['CA-ON', 'CAN', 'Ontario'],
    ['ontario', 'Canada', 'Ontario'],
    ['QC', 'Canada', 'Quebec'],
    ['Québec', 'CA', 'Quebec'],
    ['CA', 'US', 'California'],
    ['ca', 'USA', 'California'],
    ['ny', 'United States', 'New York'],
    ['DC', 'US', 'Washington DC'],
    ['District of Columbia', 'US', 'Washington DC'],
    ['Bayern', 'DE', 'Bavaria'],
    ['BY', 'Germany', 'Bavaria'],
    ['Sao Paulo', 'BR', 'São Paulo'],
    ['England', 'United Kingdom', 'England'],
    ['NSW', 'Australia', 'New South Wales'],
    // No country, or a country without such a state: the value is kept, only trimmed.
    ['ON', null, 'ON'],
    [' ON ', '', 'ON'],
    ['ON', 'Atlantis', 'ON'],
    ['Springfield County', 'US', 'Springfield County'],
  ]
  for (const [state, country, expected] of cases) {
    test(`${JSON.stringify(state)} in ${JSON.stringify(country)} → ${JSON.stringify(expected)}`, () =>
      assert.equal(normaliseState(state, country), expected))
  }
  test('a state code is read within its country: ON is Ontario in Canada and nothing in the US', () => {
    assert.equal(subdivisionOf('ON', 'CA')?.code, 'CA-ON')
    assert.equal(subdivisionOf('ON', 'US'), null)
    assert.equal(subdivisionOf('GA', 'US')?.name, 'Georgia')
  })
})

describe('splitPlace', () => {
  const cases: [string, ReturnType<typeof splitPlace>][] = [
    ['San Francisco, CA, USA; Remote', { city: 'San Francisco', state: 'CA', country: 'USA' }],
    ['San Francisco, CA 94105, USA', { city: 'San Francisco', state: 'CA', country: 'USA' }],
    ['Saint Paul, Minnesota', { city: 'Saint Paul', state: 'Minnesota', country: 'United States' }],
    ['Atlanta, GA', { city: 'Atlanta', state: 'GA', country: 'United States' }],
    ['Dublin, Ireland', { city: 'Dublin', state: null, country: 'Ireland' }],
    ['London, England, United Kingdom', { city: 'London', state: 'England', country: 'United Kingdom' }],
    ['Toronto, ON', { city: 'Toronto', state: 'ON', country: null }],
    ['Germany', { city: null, state: null, country: 'Germany' }],
    ['San Francisco Bay Area', { city: 'San Francisco Bay Area', state: null, country: null }],
    ['Remote', null],
    ['N/A', null],
    [' , ', null],
  ]
  for (const [input, expected] of cases)
    test(`${JSON.stringify(input)} → ${JSON.stringify(expected)}`, () => assert.deepEqual(splitPlace(input), expected))
})

describe('the demo generator writes the normalised spellings', () => {
  test('every demo country and state is already in its one spelling', () => {
    for (const country of COUNTRIES) {
      assert.equal(normaliseCountry(country.name), country.name)
      assert.equal(normaliseCountry(country.code), country.name)
      for (const city of country.cities) assert.equal(normaliseState(city.state, country.name), city.state, city.name)
    }
  })
})

describe('normaliseRecordFacets', () => {
  test('a person with a title only gets department, sub-department and seniority, and so does each past job', () => {
    const person: Record<string, unknown> = {
      title: 'Senior Backend Engineer',
      location: { city: 'Toronto', state: 'ON', country: 'CA' },
      employment_history: [
        { company: 'Acme', title: 'VP of Sales' },
        { company: 'Beta', title: 'Marketing Intern', department: 'marketing' },
      ],
    }
    normaliseRecordFacets('person', person)
    assert.equal(person.department, 'Engineering')
    assert.equal(person.sub_department, 'Backend Engineering')
    assert.equal(person.seniority, 'IC')
    assert.deepEqual(person.location, { city: 'Toronto', state: 'Ontario', country: 'Canada' })
    assert.deepEqual(person.employment_history, [
      { company: 'Acme', title: 'VP of Sales', department: 'Sales', seniority: 'VP' },
      { company: 'Beta', title: 'Marketing Intern', department: 'Marketing', seniority: 'In Training' },
    ])
  })

  test('given labels win and are spelled as the taxonomy spells them', () => {
    const person: Record<string, unknown> = {
      title: 'Software Engineer',
      department: 'human resources',
      seniority: 'director',
      sub_department: null,
    }
    normaliseRecordFacets('person', person)
    assert.equal(person.department, 'Human Resources')
    assert.equal(person.seniority, 'Director / Head')
    // The title's sub-department belongs to another department: none is invented.
    assert.equal(person.sub_department, null)
    const sub: Record<string, unknown> = { department: 'DevOps' }
    normaliseRecordFacets('person', sub)
    assert.deepEqual(sub, { department: 'Engineering', sub_department: 'DevOps' })
    const unknown: Record<string, unknown> = { department: ' Skunkworks ', seniority: 'Grand Vizier' }
    normaliseRecordFacets('person', unknown)
    assert.deepEqual(unknown, { department: 'Skunkworks', seniority: 'Grand Vizier' })
  })

  test('a title no rule reads lands in Others, as the org chart shows it', () => {
    const person: Record<string, unknown> = { title: 'Galactic Overlord' }
    normaliseRecordFacets('person', person)
    assert.deepEqual(person, { title: 'Galactic Overlord', department: 'Others', seniority: 'Others' })
  })

  test('company places: headquarters, offices, presence and per-country counts in one spelling', () => {
    const company: Record<string, unknown> = {
      country: 'USA',
      state: 'ny',
      employees_by_country: { US: 10, 'United States': 5, GB: 2 },
      office_locations: [{ city: 'Toronto', country: 'CAN', address: null }],
      global_presence: { hq_country: 'US', countries: ['US', 'USA', 'Canada'], country_count: 2 },
    }
    normaliseRecordFacets('company', company)
    assert.equal(company.country, 'United States')
    assert.equal(company.state, 'New York')
    assert.deepEqual(company.employees_by_country, { 'United States': 15, 'United Kingdom': 2 })
    assert.deepEqual(company.office_locations, [{ city: 'Toronto', country: 'Canada', address: null }])
    assert.deepEqual(company.global_presence, {
      hq_country: 'United States',
      countries: ['United States', 'Canada'],
      country_count: 2,
    })
  })

  test('job openings get department and seniority from the role; rounds and schools their country', () => {
    const job: Record<string, unknown> = { role: 'Director of Data Engineering', country: 'de' }
    normaliseRecordFacets('job_opening', job)
    assert.deepEqual(job, {
      role: 'Director of Data Engineering',
      country: 'Germany',
      department: 'Data Science',
      seniority: 'Director / Head',
    })
    const round: Record<string, unknown> = { country: 'ISR' }
    normaliseRecordFacets('funding_round', round)
    assert.equal(round.country, 'Israel')
  })

  test('prepareRecord applies it, so what is stored and hashed is the normalised record', () => {
    const prepared = prepareRecord(
      'person',
      {
        profile_url: 'linkedin.com/in/ada',
        title: 'Head of Product',
        location: { city: null, state: 'QC', country: 'CA' },
      },
      'secret',
    )
    assert.ok(prepared.ok)
    assert.equal(prepared.value.record.department, 'Product')
    assert.equal(prepared.value.record.seniority, 'Director / Head')
    assert.match(prepared.value.json, /"state":"Quebec"/)
  })
})
