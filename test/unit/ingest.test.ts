// Ingestion's pure parts: schema check and reject reasons, identifier normalisation, row ids and
// content hashes, line splitting, affiliations, and demo determinism at the record level.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { ENTITY_CATEGORIES, type IngestCategory } from '../../src/contract/records.ts'
import { createDemoCorpus } from '../../src/corpus/demo/index.ts'
import { readLines } from '../../src/lines.ts'
import { canonicalJson, prepareRecord } from '../../src/domain/corpus/prepare.ts'
import { personGraph } from '../../src/domain/corpus/person-graph.ts'
import { monthOf, timestampOf } from '../../src/domain/corpus/record-values.ts'

const SECRET = 's'.repeat(40)

function prepared(category: IngestCategory, value: unknown, secret = SECRET) {
  const p = prepareRecord(category, value, secret)
  assert.ok(p.ok, p.ok ? '' : p.reason)
  return p.value
}

function rejected(category: IngestCategory, value: unknown): string {
  const p = prepareRecord(category, value, SECRET)
  assert.ok(!p.ok, 'expected a reject')
  return p.reason
}

describe('prepareRecord: schema', () => {
  test('a line that is not an object is rejected', () => {
    assert.match(rejected('company', [1, 2]), /one JSON object/)
    assert.match(rejected('company', 'acme.com'), /one JSON object/)
  })

  test('a wrong type names the field and the expected types', () => {
    assert.equal(rejected('company', { domain: 5 }), '/domain: expected string or null')
    assert.equal(
      rejected('person', { profile_url: 'linkedin.com/in/a', employment_history: [{ start: 2020 }] }),
      '/employment_history/0/start: expected string or null',
    )
  })

  test('an unknown field is rejected, not dropped, nested ones included', () => {
    assert.equal(rejected('company', { domain: 'acme.com', colour: 'red' }), '/colour: unknown field')
    assert.equal(
      rejected('person', { profile_url: 'linkedin.com/in/a', education: [{ school_id: 'x', gpa: 4 }] }),
      '/education/0/gpa: unknown field',
    )
  })

  test('a record without a complete natural key is rejected', () => {
    assert.match(
      rejected('company', { account_name: 'Acme' }),
      /^no identifier: .*domain, professional_url or source_id/,
    )
    assert.match(rejected('person', { name: 'Ada' }), /^no identifier: .*profile_url/)
    assert.match(rejected('news_article', { title: 'Only a title' }), /^no identifier/)
    assert.match(rejected('school', { name: 'Ashford University' }), /^no identifier: .*school_id/)
  })
})

describe('prepareRecord: identifiers are normalised on entry', () => {
  test('a domain is lower-cased without scheme, www., path or port', () => {
    const p = prepared('company', { domain: 'HTTPS://WWW.Acme.COM:443/about?x=1' })
    assert.equal(p.record.domain, 'acme.com')
    assert.equal(p.id, 'acme.com')
  })

  test('an unusable domain rejects the line; a blank one becomes null', () => {
    assert.equal(rejected('company', { domain: 'not a domain' }), '/domain: not a domain name ("not a domain")')
    const p = prepared('company', { domain: '  ', professional_url: 'linkedin.com/company/acme' })
    assert.equal(p.record.domain, null)
  })

  test('profile and company page URLs are canonical', () => {
    assert.equal(
      prepared('person', { profile_url: 'https://uk.linkedin.com/in/Ada-Lovelace/?trk=x' }).record.profile_url,
      'linkedin.com/in/ada-lovelace',
    )
    assert.equal(
      prepared('company', { professional_url: 'www.linkedin.com/company/Acme/jobs' }).record.professional_url,
      'linkedin.com/company/acme',
    )
    assert.match(rejected('person', { profile_url: 'https://example.com/ada' }), /^\/profile_url: not a profile URL/)
  })

  test('domains inside a person (employer, history) are normalised too', () => {
    const p = prepared('person', {
      profile_url: 'linkedin.com/in/ada',
      current_employer: { company: 'Acme', company_id: 'WWW.ACME.COM', domain: 'http://acme.com/' },
      employment_history: [{ company: 'Acme', company_id: 'Acme.com', domain: null, start: '2020-01', end: null }],
    })
    assert.deepEqual(p.record.current_employer, { company: 'Acme', company_id: 'acme.com', domain: 'acme.com' })
    assert.equal((p.record.employment_history as { company_id: string }[])[0]!.company_id, 'acme.com')
  })

  test('DOIs and patent numbers take one form', () => {
    assert.equal(prepared('academic_report', { doi: 'https://doi.org/10.5555/Demo.1' }).record.doi, '10.5555/demo.1')
    assert.equal(prepared('patent', { patent_id: 'us 11 234 567 b2' }).record.patent_id, 'US11234567B2')
  })
})

describe('prepareRecord: ids and hashes', () => {
  test('a company with a domain is identified by it; every other row by a 16-hex hash', () => {
    assert.equal(prepared('company', { domain: 'acme.com' }).id, 'acme.com')
    for (const [category, value] of [
      ['company', { professional_url: 'linkedin.com/company/acme' }],
      ['person', { profile_url: 'linkedin.com/in/ada' }],
      ['patent', { patent_id: 'US1' }],
      ['trend', { name: 'Edge AI' }],
    ] as const) {
      assert.match(prepared(category, { ...value }).id, /^[0-9a-f]{16}$/, category)
    }
  })

  test('the hash id is stable, keyed by the deployment secret, and follows the normalised key', () => {
    const a = prepared('person', { profile_url: 'linkedin.com/in/ada' }).id
    assert.equal(prepared('person', { profile_url: 'https://www.linkedin.com/in/Ada/' }).id, a)
    assert.notEqual(prepared('person', { profile_url: 'linkedin.com/in/ada' }, 't'.repeat(40)).id, a)
  })

  test('an input id is dropped: the store assigns internal ids', () => {
    assert.equal('id' in prepared('company', { id: '42', domain: 'acme.com' }).record, false)
  })

  test('the content hash ignores key order and changes with content', () => {
    const a = prepared('company', { domain: 'acme.com', industry: 'Software', technology: ['a', 'b'] })
    const b = prepared('company', { technology: ['a', 'b'], industry: 'Software', domain: 'acme.com' })
    const c = prepared('company', { domain: 'acme.com', industry: 'Software', technology: ['b', 'a'] })
    assert.equal(a.hash, b.hash)
    assert.notEqual(a.hash, c.hash)
    assert.equal(
      canonicalJson({ b: 1, a: { d: [1, { f: 2, e: 3 }], c: null } }),
      '{"a":{"c":null,"d":[1,{"e":3,"f":2}]},"b":1}',
    )
  })
})

describe('readLines', () => {
  async function* chunks(...parts: (string | Buffer)[]) {
    for (const p of parts) yield typeof p === 'string' ? Buffer.from(p) : p
  }
  const collect = async (it: AsyncIterable<string>) => {
    const out: string[] = []
    for await (const l of it) out.push(l)
    return out
  }

  test('splits on LF and CRLF across chunk boundaries, keeps blank lines and a last line without newline', async () => {
    assert.deepEqual(await collect(readLines(chunks('{"a":1}\r', '\n\n{"b"', ':2}\n{"c":3}'))), [
      '{"a":1}',
      '',
      '{"b":2}',
      '{"c":3}',
    ])
  })

  test('a multi-byte character split between chunks is decoded whole', async () => {
    const bytes = Buffer.from('{"n":"Zürich"}\n')
    const cut = bytes.indexOf(0xc3) + 1
    assert.deepEqual(await collect(readLines(chunks(bytes.subarray(0, cut), bytes.subarray(cut)))), ['{"n":"Zürich"}'])
  })

  test('stops with the given error past maxBytes', async () => {
    await assert.rejects(
      collect(
        readLines(chunks('x'.repeat(10), 'y'.repeat(10)), { maxBytes: 15, tooLarge: () => new Error('too big') }),
      ),
      /too big/,
    )
  })
})

describe('personGraph', () => {
  const person = {
    profile_url: 'linkedin.com/in/ada',
    employment_history: [
      { company: 'Acme', company_id: 'acme.com', start: '2021-03', end: null },
      { company: 'Globex  Corp', company_id: null, start: '2018-01', end: '2020-12' },
      { company: 'Tiny Shop', company_id: null, start: '2016-05', end: '2017-12' },
    ],
    education: [
      { school: 'Ashford University', school_id: 'ashford-university', start: '2012-09', end: '2016-06' },
      { school: 'Night School', school_id: 'night-school', start: '2024-09', end: '2026-06' },
      { school: 'Unknown', school_id: null, start: '2010-09', end: '2011-06' },
    ],
  }
  const resolve = (name: string) => (name === 'globex corp' ? 'globex.com' : null)
  const g = personGraph('p1', person, resolve, 202506, new Date(0))

  test('employers by domain (url), by corpus name (name) or kept as name:<normalised>; schools by school_id (edu)', () => {
    assert.deepEqual(
      g.affiliations.map((a) => [a.inst_key, a.kind, a.match_confidence]),
      [
        ['acme.com', 'employment', 'url'],
        ['globex.com', 'employment', 'name'],
        ['name:tiny shop', 'employment', 'name'],
        ['ashford-university', 'education', 'edu'],
        ['night-school', 'education', 'edu'],
      ],
    )
    assert.equal(g.currentKey, 'acme.com')
  })

  test('months are yyyymm; an open end or one after as_of is current', () => {
    assert.deepEqual(
      g.affiliations.map((a) => [a.start_month, a.end_month, a.is_current]),
      [
        [202103, null, true],
        [201801, 202012, false],
        [201605, 201712, false],
        [201209, 201606, false],
        [202409, 202606, true],
      ],
    )
    assert.equal(monthOf('2021'), 202101)
    assert.equal(monthOf('2021', true), 202112)
    assert.equal(monthOf('2021-13'), null)
    assert.equal(timestampOf('2025-06'), '2025-06-01T00:00:00.000Z')
    assert.equal(timestampOf('yesterday'), null)
  })

  test('each institution named once, typed, with its domain when keyed by one', () => {
    assert.deepEqual(
      g.institutions.map((i) => [i.inst_key, i.type, i.domain]),
      [
        ['acme.com', 'company', 'acme.com'],
        ['globex.com', 'company', 'globex.com'],
        ['name:tiny shop', 'company', null],
        ['ashford-university', 'school', null],
        ['night-school', 'school', null],
      ],
    )
  })
})

describe('demo determinism at the record level', () => {
  test('the same seed gives the same ids and content hashes; every demo record is accepted', () => {
    const a = createDemoCorpus({ seed: 7 })
    const b = createDemoCorpus({ seed: 7 })
    for (const category of ENTITY_CATEGORIES) {
      const left = [...a.records(category)].slice(0, 200).map((r) => prepared(category, r))
      const right = [...b.records(category)].slice(0, 200).map((r) => prepared(category, r))
      assert.deepEqual(
        left.map((p) => [p.id, p.hash]),
        right.map((p) => [p.id, p.hash]),
        category,
      )
      assert.equal(new Set(left.map((p) => p.id)).size, left.length, `${category} ids are distinct`)
    }
    const other = [...createDemoCorpus({ seed: 8 }).companies(0, 50)].map((r) => prepared('company', r).hash)
    assert.notDeepEqual(
      other,
      [...a.companies(0, 50)].map((r) => prepared('company', r).hash),
    )
  })

  test('normalisation leaves demo records as generated (they are already canonical)', () => {
    const corpus = createDemoCorpus()
    for (const category of ENTITY_CATEGORIES) {
      for (const record of [...corpus.records(category)].slice(0, 100)) {
        const original = structuredClone(record) as Record<string, unknown>
        delete original.id
        assert.deepEqual(prepared(category, record).record, original, category)
      }
    }
  })
})
