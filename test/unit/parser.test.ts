// The rule parser of auto and deep (docs/search-parser.md, "rules"): a table of phrasings and the
// filters each must give, read against vocabularies shaped like the index's own (full country
// names, two-letter state codes as the real datasets store them, industries that are also
// ordinary words). It turns words into a filter only when they name a value unambiguously.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { parseQuery, type Vocabularies } from '../../src/domain/search/parser.ts'
import { amountValue, REGION_COUNTRIES } from '../../src/domain/search/parser-quantities.ts'

const VOCAB: Vocabularies = {
  industries: ['Software', 'Legal', 'Financial Technology', 'Fintech', 'Healthcare', 'Insurtech', 'Messaging'],
  sub_industries: ['Observability', 'Payments', 'Messaging'],
  countries: [
    'United States',
    'United Kingdom',
    'Germany',
    'France',
    'Austria',
    'Switzerland',
    'Sweden',
    'Norway',
    'Denmark',
    'Finland',
    'Brazil',
    'Mexico',
    'Argentina',
    'Canada',
    'Israel',
    'BY',
  ],
  states: ['ON', 'BY', 'CA', 'NY', 'California', 'Ontario', 'IN', 'OR', 'ME'],
  cities: ['Berlin', 'San Francisco', 'Paris', 'Of', 'Mobile'],
  regions: ['EMEA', 'North America', 'LATAM'],
  technologies: ['Kafka', 'React', 'Go', 'Python'],
  funding_stages: ['Seed', 'Series A', 'Series B', 'Pre-Seed'],
}

const parse = (query: string, category: string | null = 'company') =>
  parseQuery(query, VOCAB, { category, nowYear: 2026 })

const countries = (filters: Record<string, unknown>) =>
  ((filters.geo as { include: { value: string; level: string }[] } | undefined)?.include ?? [])
    .filter((p) => p.level === 'country')
    .map((p) => p.value)
    .sort()

/** [query, the filters it must give (exactly)] */
const TABLE: [string, Record<string, unknown>][] = [
  // Stop words and one- or two-letter tokens never match vocabulary codes.
  ['payments built on open banking', {}],
  ['a marketplace run by nurses', {}],
  ['tools for teams in or out of the office', {}],
  ['what it means to me', {}],
  ['apps for people on the go', {}],
  // An industry word inside a description stays in the words…
  ['messaging app for legal teams', {}],
  ['software that helps clinics bill insurers', {}],
  ['legal research powered by search', {}],
  // …unless phrased as a constraint.
  ['software companies', { industry: { include: ['Software'] } }],
  ['startups in the legal industry', { industry: { include: ['Legal'] } }],
  ['fintech and insurtech companies', { industry: { include: ['Fintech', 'Insurtech'] } }],
  ['observability companies', { sub_industry: { include: ['Observability'] } }],
  ['observability for logs and traces', {}],
  // Technologies after a verb of use.
  ['startups using kafka', { technology: { include: ['Kafka'] } }],
  ['a kafka connector marketplace', {}],
  // Numbers with units and scale; exact comparisons.
  ['companies with more than 1000 employees', { employee_count: { min: 1001 } }],
  ['companies with at least 1000 employees', { employee_count: { min: 1000 } }],
  ['companies with under 50 employees', { employee_count: { max: 49 } }],
  ['companies with at most 50 staff', { employee_count: { max: 50 } }],
  ['500+ employees', { employee_count: { min: 500 } }],
  ['between 50 and 200 employees', { employee_count: { min: 50, max: 200 } }],
  ['50-200 employees', { employee_count: { min: 50, max: 200 } }],
  ['1k+ employees', { employee_count: { min: 1000 } }],
  ['revenue over $10 million', { revenue: { min: 10_000_001 } }],
  ['more than $10M in revenue', { revenue: { min: 10_000_001 } }],
  ['at least 1.5bn revenue', { revenue: { min: 1_500_000_000 } }],
  ['raised more than $10 million', { total_funding: { min: 10_000_001 } }],
  ['raised $5M', { total_funding: { min: 5_000_000 } }],
  ['total funding under 2.5 million', { total_funding: { max: 2_499_999 } }],
  ['founded after 2010', { founded_year: { min: 2011 } }],
  ['founded before 1900', { founded_year: { max: 1899 } }],
  ['founded since 2015', { founded_year: { min: 2015 } }],
  ['founded in 2012', { founded_year: { min: 2012, max: 2012 } }],
  ['founded between 2010 and 2015', { founded_year: { min: 2010, max: 2015 } }],
  ['serving customers since 1998', {}],
  ['a startup for the 2020s', {}],
  // Funding stages only when named as one.
  ['series b companies', { funding_stage: { include: ['Series B'] } }],
  ['seed-stage startups', { funding_stage: { include: ['Seed'] } }],
  ['heirloom seed company', {}],
  // Places after a preposition of location, or before "-based".
  ['companies in Germany', { geo: { include: [{ value: 'Germany', level: 'country' }] } }],
  [
    'companies in Germany and France',
    {
      geo: {
        include: [
          { value: 'France', level: 'country' },
          { value: 'Germany', level: 'country' },
        ],
      },
    },
  ],
  ['Berlin-based startups', { geo: { include: [{ value: 'Berlin', level: 'city' }] } }],
  ['startups headquartered in California', { geo: { include: [{ value: 'California', level: 'state' }] } }],
  ['a guide to berlin nightlife', {}],
  ['companies in CA', {}],
  // Whom a record serves is no filter on it: a place or an industry after "for", "helps", "serving" …
  ['The Financial App for affluent consumers in Latin America.', {}],
  ['Dill helps construction suppliers automate accounts receivable', {}],
  ['CRM for software companies', {}],
  ['payroll serving startups in Germany', {}],
  ['a marketplace for European startups', {}],
  // …but "looking for" is the search's own, and a new clause starts afresh.
  [
    'looking for software companies in Germany',
    {
      industry: { include: ['Software'] },
      geo: { include: [{ value: 'Germany', level: 'country' }] },
    },
  ],
  ['tools for founders, companies in Brazil', { geo: { include: [{ value: 'Brazil', level: 'country' }] } }],
]

describe('parseQuery: phrasings and their filters', () => {
  for (const [query, expected] of TABLE) {
    test(JSON.stringify(query), () => {
      const got = parse(query)
      const filters = structuredClone(got.filters) as Record<string, { include?: { value: string }[] }>
      if (filters.geo?.include) filters.geo.include.sort((a, b) => a.value.localeCompare(b.value))
      if ((filters.industry as { include?: string[] } | undefined)?.include)
        (filters.industry as unknown as { include: string[] }).include.sort()
      assert.deepEqual(filters, expected)
    })
  }

  test('a reading without a filter keeps the words as typed (auto ranks what fast ranks)', () => {
    const got = parse('messaging app for legal teams on the go')
    assert.deepEqual(got.filters, {})
    assert.equal(got.semantic_query, 'messaging app for legal teams on the go')
    // A company's pitch with "startups", "for" and a number in it: nothing is read, nothing is lost.
    assert.equal(
      parse('Bookkeeping, tax, & tax credits  on autopilot for 1,000+ startups').semantic_query,
      'Bookkeeping, tax, & tax credits on autopilot for 1,000+ startups',
    )
  })

  test('a filter removes the words it came from; the rest stays', () => {
    const got = parse('fintech companies in Germany with more than 50 employees that do payroll')
    assert.deepEqual(got.filters.industry, { include: ['Fintech'] })
    assert.deepEqual(got.filters.employee_count, { min: 51 })
    assert.deepEqual(countries(got.filters), ['Germany'])
    assert.equal(got.semantic_query, 'do payroll')
  })
})

describe('parseQuery: regions expand to their countries', () => {
  test('Europe, EMEA, DACH, Nordics and LATAM, spelled as the index spells them', () => {
    assert.deepEqual(countries(parse('startups in Europe').filters), [
      'Austria',
      'Denmark',
      'Finland',
      'France',
      'Germany',
      'Norway',
      'Sweden',
      'Switzerland',
      'United Kingdom',
    ])
    assert.deepEqual(countries(parse('companies across EMEA').filters), [
      'Austria',
      'Denmark',
      'Finland',
      'France',
      'Germany',
      'Israel',
      'Norway',
      'Sweden',
      'Switzerland',
      'United Kingdom',
    ])
    assert.deepEqual(countries(parse('software companies in the DACH region').filters), [
      'Austria',
      'Germany',
      'Switzerland',
    ])
    assert.deepEqual(countries(parse('fintechs from the Nordics').filters), ['Denmark', 'Finland', 'Norway', 'Sweden'])
    assert.deepEqual(countries(parse('LATAM-based startups').filters), ['Argentina', 'Brazil', 'Mexico'])
    assert.deepEqual(countries(parse('European startups').filters), countries(parse('startups in Europe').filters))
  })

  test('a region inside a description is no filter', () => {
    assert.deepEqual(parse("Europe's largest marketplace for used cars").filters, {})
  })

  test('a region none of whose countries the index holds keeps the table spelling', () => {
    const got = parseQuery('companies in Africa', { ...VOCAB }, { category: 'company', nowYear: 2026 })
    assert.deepEqual(countries(got.filters), [...new Set(REGION_COUNTRIES.africa)].sort())
  })
})

describe('amountValue', () => {
  test('scale words and letters', () => {
    assert.equal(amountValue('$10 million'), 10_000_000)
    assert.equal(amountValue('10M'), 10_000_000)
    assert.equal(amountValue('1.5bn'), 1_500_000_000)
    assert.equal(amountValue('2 billion'), 2_000_000_000)
    assert.equal(amountValue('5k'), 5000)
    assert.equal(amountValue('1,200'), 1200)
    assert.equal(amountValue('500+'), 500)
  })
})

describe('parseQuery: person searches', () => {
  test('"it" is no department; roles still are', () => {
    const got = parse('engineers who make it simple', 'person')
    assert.deepEqual(got.filters.department, { include: ['Engineering'] })
  })
})

describe('parseQuery: a function named in two words', () => {
  test('"data analytics" and "data analysts" are Data Science with no word left over; "analytics" alone too', () => {
    for (const q of ['data analytics', 'data analysts', 'analytics']) {
      const got = parse(q, 'person')
      assert.deepEqual(got.filters.department, { include: ['Data Science'] }, q)
      assert.equal(got.semantic_query, null, q)
    }
  })
})
