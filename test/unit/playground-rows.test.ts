// The playground's pure pieces (dashboard/src/playground): how a row reads (name, location,
// industry), which rows a saved list can take, the CSV of a page, the curl command (run through a
// real shell), and filter values as phrases.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { test } from 'node:test'
import { filterText, isEmptyFilter } from '../../dashboard/src/playground/filter-text.ts'
import {
  csvOf,
  entityRef,
  rowDepartment,
  rowIndustry,
  rowLocation,
  rowName,
  rowsToDownload,
} from '../../dashboard/src/playground/rows.ts'
import { curlOf, typescriptOf } from '../../dashboard/src/playground/snippets.ts'
import type { SearchRow } from '../../dashboard/src/types.ts'

const company: SearchRow = {
  id: 'harborgatesoftware.com',
  category: 'company',
  score: 0.5,
  account_name: 'Harborgate "HG" Software',
  domain: 'harborgatesoftware.com',
  location: 'Austin, Texas, United States',
  industry: 'Software & Cloud',
}
const person: SearchRow = {
  id: '9c4232efbf210cb3',
  category: 'person',
  score: 1,
  name: 'William Adams',
  title: 'VP of Engineering',
  profile_url: 'linkedin.com/in/william-adams-56869a',
  location: { city: 'Hamburg', state: 'Hamburg', country: 'Germany' },
  current_employer: { company: 'Mesacore Orbital', domain: 'mesacoreorbital.io', industry: 'Aerospace & Defense' },
  department: 'Engineering',
}

test('rows read as name, location and industry; a city-state is named once', () => {
  assert.equal(rowName(company), 'Harborgate "HG" Software')
  assert.equal(rowLocation(company), 'Austin, Texas, United States')
  assert.equal(rowIndustry(company), 'Software & Cloud')
  assert.equal(rowName(person), 'William Adams')
  assert.equal(rowLocation(person), 'Hamburg, Germany')
  // A person's industry is the employer's; the department is its own cell text, never the industry.
  assert.equal(rowIndustry(person), 'Aerospace & Defense')
  assert.equal(rowIndustry({ ...person, current_employer: { company: 'Mesacore Orbital', industry: null } }), null)
  assert.equal(rowDepartment(person), 'Engineering')
  assert.equal(rowDepartment(company), null)
  assert.equal(rowName({ id: 'x', category: 'company', score: 0 }), 'x')
})

test('a list takes a company by domain and a person by profile URL; a person without one cannot be added', () => {
  assert.deepEqual(entityRef(company), { entity_category: 'company', entity_id: 'harborgatesoftware.com' })
  assert.deepEqual(entityRef(person), { entity_category: 'person', entity_id: 'linkedin.com/in/william-adams-56869a' })
  assert.equal(entityRef({ ...person, profile_url: null }), null)
})

test('CSV: a header, every field quoted, quotes doubled, commas kept inside, CRLF line ends', () => {
  const csv = csvOf([company, person])
  const lines = csv.split('\r\n')
  assert.equal(lines.length, 4) // header, two rows, the empty string after the last CRLF
  assert.equal(
    lines[0],
    '"id","category","name","title","employer","location","industry","domain","profile_url","score"',
  )
  assert.equal(
    lines[1],
    '"harborgatesoftware.com","company","Harborgate ""HG"" Software","","","Austin, Texas, United States","Software & Cloud","harborgatesoftware.com","","0.5"',
  )
  assert.equal(
    lines[2],
    '"9c4232efbf210cb3","person","William Adams","VP of Engineering","Mesacore Orbital","Hamburg, Germany","Aerospace & Defense","mesacoreorbital.io","linkedin.com/in/william-adams-56869a","1"',
  )
  assert.equal(lines[3], '')
})

test("CSV: a category's own columns; a company file has no person columns", () => {
  const companies = csvOf([company, { ...company, id: 'b.example', domain: 'b.example', score: 0.25 }]).split('\r\n')
  assert.equal(companies[0], '"id","category","name","location","industry","domain","score"')
  assert.equal(
    companies[1],
    '"harborgatesoftware.com","company","Harborgate ""HG"" Software","Austin, Texas, United States","Software & Cloud","harborgatesoftware.com","0.5"',
  )
  assert.equal(csvOf([person]).split('\r\n')[0], lines(csvOf([company, person]))[0])
  // Another category: its rows' own fields, objects as JSON.
  const news: SearchRow = {
    id: 'n1',
    category: 'news_article',
    score: 0.7,
    title: 'Acme raises',
    published_at: '2026-01-02',
    tags: ['funding'],
  }
  const doc = csvOf([news]).split('\r\n')
  assert.equal(doc[0], '"id","category","name","title","published_at","tags","score"')
  assert.equal(doc[1], '"n1","news_article","Acme raises","Acme raises","2026-01-02","[""funding""]","0.7"')
})

test('Download CSV writes the selected rows in page order, or every row when none is selected', () => {
  const rows = ['a', 'b', 'c', 'd']
  assert.deepEqual(rowsToDownload(rows, new Set()), rows)
  assert.deepEqual(rowsToDownload(rows, new Set([3, 1])), ['b', 'd'])
})

const lines = (csv: string) => csv.split('\r\n')

test('curl: a shell runs it with the exact body, quotes in the query included, the key from $DSP_API_KEY', () => {
  const body = { query: 'O\'Reilly\'s "data" tools $HOME `x`', category: 'company', filters: { geo: { include: [] } } }
  const curl = curlOf('http://127.0.0.1:8080', '/v1/search', body)
  // The same command line with `curl` swapped for a program that prints its arguments.
  const printer = `${JSON.stringify(process.execPath)} -e 'console.log(JSON.stringify(process.argv.slice(1)))' --`
  const run = spawnSync('sh', ['-c', curl.replace(/^curl/, printer)], {
    env: { PATH: process.env.PATH, DSP_API_KEY: 'sk_dsp_test_abc' },
    encoding: 'utf8',
  })
  assert.equal(run.status, 0, run.stderr)
  const argv = JSON.parse(run.stdout) as string[]
  assert.deepEqual(argv.slice(0, 9), [
    '-sS',
    '-X',
    'POST',
    'http://127.0.0.1:8080/v1/search',
    '-H',
    'X-API-Key: sk_dsp_test_abc',
    '-H',
    'Content-Type: application/json',
    '-d',
  ])
  assert.deepEqual(JSON.parse(argv[9]!), body)
})

test('TypeScript: the SDK client and dsp.search with the exact body', () => {
  const body = { query: 'fintech', limit: 5 }
  const ts = typescriptOf('http://h', '/v1/search', body)
  assert.ok(ts.startsWith("import { createDspClient } from '@data-platform/sdk'"))
  assert.ok(ts.includes("createDspClient({ baseUrl: 'http://h', apiKey: process.env.DSP_API_KEY! })"))
  assert.deepEqual(JSON.parse(/dsp\.search\(([\s\S]*)\)\n/.exec(ts)![1]!), body)
})

test('filter values read as phrases; a filter with no value is left out', () => {
  assert.equal(
    filterText({ include: ['Software & Cloud', 'Gaming'], exclude: ['Retail'] }),
    'Software & Cloud, Gaming · not Retail',
  )
  assert.equal(filterText({ min: 50 }), 'at least 50')
  assert.equal(filterText({ min: 10, max: 50 }), '10 to 50')
  assert.equal(filterText({ from: '2024-01-01' }), 'from 2024-01-01')
  assert.equal(filterText({ include: [{ value: 'Germany', level: 'country' }] }), 'Germany (country)')
  assert.equal(
    filterText({
      include: [
        { value: 'acme.com', by: 'domain' },
        { value: 'Acme', by: 'name' },
      ],
    }),
    'acme.com, Acme (name)',
  )
  assert.equal(filterText(false), 'no')
  assert.equal(isEmptyFilter({ include: [] }), true)
  assert.equal(isEmptyFilter({}), true)
  assert.equal(isEmptyFilter(false), false)
  assert.equal(isEmptyFilter({ min: 0 }), false)
})
