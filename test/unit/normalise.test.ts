// Identifier normalisation (src/corpus/normalise.ts): platform §4.7 rules 1–2 and anchor shapes.
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import {
  classifyAnchor,
  naturalKey,
  normaliseCompanyPageUrl,
  normaliseDomain,
  normaliseDoi,
  normaliseEntityId,
  normaliseName,
  normalisePatentNumber,
  normaliseProfileUrl,
  normaliseSchoolPageUrl,
} from '../../src/corpus/normalise.ts'

describe('normaliseDomain', () => {
  const cases: [string, string | null][] = [
    ['acme.com', 'acme.com'],
    ['  Acme.COM ', 'acme.com'],
    ['https://www.acme.com', 'acme.com'],
    ['HTTP://WWW.Acme.com:8080/about/team?x=1#top', 'acme.com'],
    ['www.acme.co.uk/', 'acme.co.uk'],
    ['acme.com.', 'acme.com'],
    ['//cdn.acme.io/x.js', 'cdn.acme.io'],
    ['user:pw@acme.com', 'acme.com'],
    ['münchen.de', 'xn--mnchen-3ya.de'],
    ['nordlicht-auto.com', 'nordlicht-auto.com'],
    ['Acme Inc', null],
    ['localhost', null],
    ['192.168.0.1', null],
    ['-acme.com', null],
    ['acme..com', null],
    ['', null],
    ['   ', null],
  ]
  for (const [input, expected] of cases) {
    test(`${JSON.stringify(input)} → ${expected}`, () => assert.equal(normaliseDomain(input), expected))
  }
})

describe('professional network URLs', () => {
  test('profile URLs reduce to linkedin.com/in/<slug>', () => {
    for (const input of [
      'linkedin.com/in/jane-doe',
      'https://www.linkedin.com/in/jane-doe/',
      'http://uk.linkedin.com/in/Jane-Doe?trk=public_profile',
      'www.linkedin.com/in/jane-doe/details/experience/',
      'https://de.linkedin.com/in/jane-doe#about',
      'm.linkedin.com/in/jane-doe',
    ]) {
      assert.equal(normaliseProfileUrl(input), 'linkedin.com/in/jane-doe', input)
    }
    assert.equal(normaliseProfileUrl('linkedin.com/in/j%C3%BCrgen-m%C3%BCller'), 'linkedin.com/in/jürgen-müller')
  })

  test('anything else is not a profile URL', () => {
    for (const input of [
      'linkedin.com/company/acme',
      'linkedin.com/in/',
      'linkedin.com',
      'notlinkedin.com/in/jane',
      'https://example.com/in/jane',
      'jane-doe',
      'linkedin.com/in/jane doe',
    ]) {
      assert.equal(normaliseProfileUrl(input), null, input)
    }
  })

  test('company and school pages reduce to their canonical form', () => {
    assert.equal(
      normaliseCompanyPageUrl('https://www.linkedin.com/company/Acme-Corp/about/'),
      'linkedin.com/company/acme-corp',
    )
    assert.equal(normaliseCompanyPageUrl('linkedin.com/in/jane'), null)
    assert.equal(
      normaliseSchoolPageUrl('https://www.linkedin.com/school/ashford-university/'),
      'linkedin.com/school/ashford-university',
    )
    assert.equal(normaliseSchoolPageUrl('linkedin.com/company/ashford'), null)
  })
})

describe('classifyAnchor', () => {
  const cases: [string, 'domain' | 'li_url' | 'name'][] = [
    ['acme.com', 'domain'],
    ['https://www.acme.com/pricing', 'domain'],
    ['linkedin.com/company/acme', 'li_url'],
    ['https://www.linkedin.com/in/jane-doe', 'li_url'],
    ['linkedin.com/school/ashford-university', 'li_url'],
    ['Acme Corp', 'name'],
    ['Acme', 'name'],
    ['Lumina Cloud', 'name'],
    ['linkedin.com', 'domain'],
  ]
  for (const [input, expected] of cases) {
    test(`${JSON.stringify(input)} is ${expected}`, () => assert.equal(classifyAnchor(input), expected))
  }
})

describe('normaliseEntityId (platform §4.7 rules 1–2)', () => {
  test('company: the domain', () => {
    assert.equal(normaliseEntityId('company', 'https://www.Acme.com/'), 'acme.com')
    assert.equal(normaliseEntityId('company', 'Acme Corp'), null)
  })

  test('person: the profile URL', () => {
    assert.equal(normaliseEntityId('person', 'https://www.linkedin.com/in/jane-doe/'), 'linkedin.com/in/jane-doe')
    assert.equal(normaliseEntityId('person', 'Jane Doe'), null)
  })

  test('academic report: the DOI, lower-cased, without resolver prefix', () => {
    assert.equal(normaliseEntityId('academic_report', 'https://doi.org/10.5555/Demo.12'), '10.5555/demo.12')
    assert.equal(normaliseEntityId('academic_report', 'doi:10.5555/demo.12'), '10.5555/demo.12')
    assert.equal(normaliseEntityId('academic_report', 'http://dx.doi.org/10.5555/demo.12'), '10.5555/demo.12')
    assert.equal(normaliseDoi('not a doi'), null)
  })

  test('patent: upper-cased without spaces', () => {
    assert.equal(normaliseEntityId('patent', ' us 10 904 323 b2 '), 'US10904323B2')
    assert.equal(normalisePatentNumber('   '), null)
  })

  test('other categories: trimmed', () => {
    assert.equal(normaliseEntityId('trend', '  Embedded Finance '), 'Embedded Finance')
    assert.equal(normaliseEntityId('news_article', 'Acme raises $5M'), 'Acme raises $5M')
    assert.equal(normaliseEntityId('job_opening', '   '), null)
  })

  test('names normalise for matching', () => {
    assert.equal(normaliseName('  Lumina   Cloud '), 'lumina cloud')
  })
})

describe('naturalKey', () => {
  test('uses the first complete key, with normalised values', () => {
    assert.equal(naturalKey('company', { domain: 'WWW.Acme.com' }), 'domain=acme.com')
    assert.equal(
      naturalKey('company', { domain: null, professional_url: 'https://www.linkedin.com/company/acme/' }),
      'professional_url=linkedin.com%2Fcompany%2Facme',
    )
    assert.equal(
      naturalKey('funding_round', { company_domain: 'acme.com', type: 'Series A', announced_on: '2021-03-04' }),
      'company_domain=acme.com&type=Series%20A&announced_on=2021-03-04',
    )
    assert.equal(
      naturalKey('job_opening', { company: 'Acme', role: 'Engineer', posted_at: '2025-01-01T00:00:00.000Z' }),
      'company=Acme&role=Engineer&posted_at=2025-01-01T00%3A00%3A00.000Z',
    )
  })

  test('is null when no key is complete', () => {
    assert.equal(naturalKey('company', { account_name: 'Acme' }), null)
    assert.equal(naturalKey('person', { profile_url: 'not a url' }), null)
    assert.equal(naturalKey('funding_round', { company_domain: 'acme.com', type: 'Seed' }), null)
  })
})
