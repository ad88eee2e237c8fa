// The person phrases of the rule parser (docs/search-parser.md, "People"): each family of wording reads
// its filter only when the index holds the value (vocabularies shaped like the demo corpus'), and
// runs before the level and function words ("computer science graduates" is a field, not Entry).
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { parseQuery, type Vocabularies } from '../../src/domain/search/parser.ts'

const VOCAB: Vocabularies = {
  industries: ['Financial Technology', 'Software & Cloud', 'Fintech'],
  sub_industries: ['Payments'],
  countries: ['Germany', 'United States'],
  states: ['California'],
  cities: ['Berlin'],
  regions: [],
  technologies: ['Kafka'],
  funding_stages: ['Series B'],
  people: {
    schools: ['Anchorward State University', 'Polartrail State University', 'Stanford University', 'Zorvex College'],
    past_employers: ['Lumina Cloud', 'Brightwave Payments', 'Peace Corps', 'Google'],
    past_employer_domains: ['luminacloud.io', 'brightwave.com'],
    companies: ['Lumina Cloud', 'Brightwave Payments', 'Quantix AI'],
    company_domains: ['luminacloud.io', 'brightwave.com', 'quantix.io'],
    degrees: ['B.Sc.', 'B.A.', 'M.Sc.', 'M.A.', 'MBA', 'Ph.D.'],
    fields_of_study: ['Computer Science', 'Economics', 'Business Administration'],
    governance_levels: ['advisor', 'founder', 'board_member', 'owner'],
    past_titles: ['Chief Financial Officer', 'VP of Sales', 'Senior Software Engineer', 'Product Manager'],
  },
}

const NOW = new Date('2026-11-29T06:00:00Z')
const parse = (query: string) => parseQuery(query, VOCAB, { category: 'person', nowYear: 2026, now: NOW })

/** [query, filters it must give (exactly)] */
const TABLE: [string, Record<string, unknown>][] = [
  // Levels and functions from titles.
  [
    'VP of Engineering at fintech companies in Germany',
    {
      seniority: { include: ['VP'] },
      department: { include: ['Engineering'] },
      industry: { include: ['Fintech'] },
      geo: { include: [{ value: 'Germany', level: 'country' }] },
    },
  ],
  ['SVPs of sales', { seniority: { include: ['VP'] }, department: { include: ['Sales'] } }],
  ['CFOs', { seniority: { include: ['C-Suite'] }, department: { include: ['Finance'] } }],
  ['head of marketing', { seniority: { include: ['Director / Head'] }, department: { include: ['Marketing'] } }],
  ['partners at consulting firms', { department: { include: ['Partners'] } }],
  ['channel partners managers', { seniority: { include: ['Manager'] } }],
  // The employer: "for … companies" on a person search names the employer.
  [
    'sales directors for fintech companies',
    {
      seniority: { include: ['Director / Head'] },
      department: { include: ['Sales'] },
      industry: { include: ['Fintech'] },
    },
  ],
  [
    'sales directors for financial technology companies',
    {
      seniority: { include: ['Director / Head'] },
      department: { include: ['Sales'] },
      industry: { include: ['Financial Technology'] },
    },
  ],
  [
    'engineers at Lumina Cloud',
    { company: { include: [{ value: 'Lumina Cloud', by: 'name' }] }, department: { include: ['Engineering'] } },
  ],
  ['people who work at quantix.io', { company: { include: [{ value: 'quantix.io', by: 'domain' }] } }],
  ['engineers at Acme Rockets', { department: { include: ['Engineering'] } }],
  // Schools.
  [
    'engineers who studied at Stanford',
    { university: { include: ['Stanford University'] }, department: { include: ['Engineering'] } },
  ],
  ['alumni of Anchorward State University', { university: { include: ['Anchorward State University'] } }],
  ['Polartrail alumni', { university: { include: ['Polartrail State University'] } }],
  ['graduates of Zorvex College', { university: { include: ['Zorvex College'] } }],
  ['people who studied at Hogwarts', {}],
  // Former employers and titles.
  [
    'ex-Lumina Cloud engineers',
    { employment_history: { include: ['Lumina Cloud'] }, department: { include: ['Engineering'] } },
  ],
  ['formerly at Brightwave', { employment_history: { include: ['Brightwave Payments'] } }],
  ['people who used to work at luminacloud.io', { employment_history: { include: ['luminacloud.io'] } }],
  ['Google alumni', { employment_history: { include: ['Google'] } }],
  ['former CFOs', { past_title: { include: ['Chief Financial Officer'] } }],
  ['previously a product manager', { past_title: { include: ['Product Manager'] } }],
  // Degrees and fields.
  ['PhDs', { degree: { include: ['Ph.D.'] } }],
  [
    'product managers with an MBA',
    { degree: { include: ['MBA'] }, seniority: { include: ['Manager'] }, department: { include: ['Product'] } },
  ],
  ['computer science graduates', { field_of_study: { include: ['Computer Science'] } }],
  ['people who studied economics', { field_of_study: { include: ['Economics'] } }],
  // Governance.
  ['founders', { governance_level: { include: ['founder'] } }],
  [
    'co-founders in Germany',
    { governance_level: { include: ['founder'] }, geo: { include: [{ value: 'Germany', level: 'country' }] } },
  ],
  ['board members', { governance_level: { include: ['board_member'] } }],
  ['product owners', { department: { include: ['Product'] } }],
  // Time in the job and experience.
  [
    'engineers who joined in the last 6 months',
    { current_job_start: { from: '2026-05-01' }, department: { include: ['Engineering'] } },
  ],
  ['people who joined in 2024', { current_job_start: { from: '2024-01-01', to: '2024-12-31' } }],
  ['recently hired salespeople', { tenure: { max: 6 }, department: { include: ['Sales'] } }],
  ['managers new in role', { tenure: { max: 6 }, seniority: { include: ['Manager'] } }],
  ['people in their role for more than 2 years', { tenure: { min: 25 } }],
  ['less than a year in role', { tenure: { max: 11 } }],
  ['engineers with 10+ years of experience', { years_worked: { min: 10 }, department: { include: ['Engineering'] } }],
  [
    'engineers with more than 10 years of experience',
    { years_worked: { min: 11 }, department: { include: ['Engineering'] } },
  ],
  ['engineers with 10 years of experience', { department: { include: ['Engineering'] } }],
  // Chief titles in full, degree spellings, a field before "graduates of", short names.
  ['chief technology officers', { seniority: { include: ['C-Suite'] }, department: { include: ['Engineering'] } }],
  ['senior vice presidents', { seniority: { include: ['VP'] } }],
  ['MBA holders', { degree: { include: ['MBA'] } }],
  ['VPs who hold an M.B.A.', { seniority: { include: ['VP'] }, degree: { include: ['MBA'] } }],
  ['people with an MS in economics', { degree: { include: ['M.Sc.'] }, field_of_study: { include: ['Economics'] } }],
  [
    'CS graduates of Anchorward State University',
    { field_of_study: { include: ['Computer Science'] }, university: { include: ['Anchorward State University'] } },
  ],
  ['founders and co-founders', { governance_level: { include: ['founder'] } }],
  ['founders building machine learning products', { governance_level: { include: ['founder'] } }],
]

describe('parseQuery: person phrases', () => {
  for (const [query, expected] of TABLE) {
    test(JSON.stringify(query), () => {
      const got = parse(query)
      assert.deepEqual(got.filters, expected)
    })
  }

  test('without the people vocabularies the phrases stay words', () => {
    const { people: _people, ...bare } = VOCAB
    const got = parseQuery('engineers who studied at Stanford', bare, { category: 'person', nowYear: 2026, now: NOW })
    assert.deepEqual(got.filters, { department: { include: ['Engineering'] } })
    assert.match(got.semantic_query ?? '', /stanford/)
  })

  test('a person search is recognised from alumni, graduates and board members', () => {
    for (const q of ['Polartrail alumni', 'computer science graduates', 'board members in Germany']) {
      assert.equal(parseQuery(q, VOCAB, { category: null, nowYear: 2026, now: NOW }).category, 'person', q)
    }
  })
})
