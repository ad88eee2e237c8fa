// The demo corpus generator (src/corpus/demo): determinism, schema validity, identity, cross-links
// and the facts tests rely on. One small corpus is generated once and shared by the checks.
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import { createHash } from 'node:crypto'
import { Compile } from 'typebox/compile'
import {
  ENTITY_CATEGORIES,
  RecordSchemas,
  School,
  type Company,
  type EntityCategory,
  type Person,
} from '../../src/contract/records.ts'
import { classifyTitle } from '../../src/corpus/taxonomy.ts'
import { naturalKey, normaliseName } from '../../src/corpus/normalise.ts'
import { createDemoCorpus, DEMO_NOW, type DemoCorpus } from '../../src/corpus/demo/index.ts'
import { PREFIXES, ROOTS } from '../../src/corpus/demo/words.ts'
import { INDUSTRIES, INVESTOR_INDUSTRY } from '../../src/corpus/demo/industries.ts'
import { slugify } from '../../src/corpus/demo/geo.ts'

type Corpus = Record<EntityCategory, Record<string, unknown>[]>

function collect(corpus: DemoCorpus): Corpus {
  const out = {} as Corpus
  for (const category of ENTITY_CATEGORIES) out[category] = [...corpus.records(category)] as Record<string, unknown>[]
  return out
}

function digest(records: readonly unknown[]): string {
  const hash = createHash('sha256')
  for (const r of records) hash.update(`${JSON.stringify(r)}\n`)
  return hash.digest('hex')
}

const small = createDemoCorpus({ scale: 'small', seed: 42 })
const records = collect(small)
const companies = records.company as Company[]
const persons = records.person as Person[]
const domains = new Set(companies.map((c) => c.domain))
const companyNames = new Set(companies.map((c) => c.account_name))
const NOW_MONTH = DEMO_NOW.slice(0, 7)

describe('determinism', () => {
  test('the same seed gives byte-identical records in every category', () => {
    const again = collect(createDemoCorpus({ scale: 'small', seed: 42 }))
    for (const category of ENTITY_CATEGORIES) {
      assert.equal(digest(again[category]), digest(records[category]), category)
    }
    const schools = (c: DemoCorpus) => digest([...c.schools()])
    assert.equal(schools(createDemoCorpus({ seed: 42 })), schools(small))
  })

  test('a different seed gives different records in every category', () => {
    const other = createDemoCorpus({ scale: 'small', seed: 7 })
    for (const category of ENTITY_CATEGORIES) {
      const first = [...other.records(category)].slice(0, 50)
      assert.notEqual(digest(first), digest(records[category].slice(0, 50)), category)
    }
  })

  test('record i does not depend on the records generated before it', () => {
    const fresh = createDemoCorpus({ scale: 'small', seed: 42 })
    assert.deepEqual(fresh.person(4321), persons[4321])
    assert.deepEqual(fresh.company(1234), companies[1234])
    assert.deepEqual([...fresh.jobOpenings(2000, 2003)], records.job_opening.slice(2000, 2003))
  })

  test('rejects a seed that is not a non-negative safe integer', () => {
    assert.throws(() => createDemoCorpus({ seed: -1 }), RangeError)
    assert.throws(() => createDemoCorpus({ seed: 1.5 }), RangeError)
  })
})

describe('counts and schemas', () => {
  test('each stream yields exactly its count, and small has the documented sizes', () => {
    for (const category of ENTITY_CATEGORIES) assert.equal(records[category].length, small.counts[category], category)
    assert.deepEqual(
      { ...small.counts },
      {
        ...small.counts,
        company: 1500,
        person: 6000,
        school: 300,
        patent: 1500,
        news_article: 2000,
        market_report: 300,
        academic_report: 800,
        trend: 120,
        job_opening: 2500,
      },
    )
    assert.ok(
      small.counts.funding_round > 1000 && small.counts.funding_round < 2500,
      `${small.counts.funding_round} rounds`,
    )
  })

  test('every record of the small corpus validates against its schema', () => {
    for (const category of ENTITY_CATEGORIES) {
      const validator = Compile(RecordSchemas[category])
      for (const [i, record] of records[category].entries()) {
        if (!validator.Check(record)) {
          assert.fail(`${category} #${i}: ${JSON.stringify(validator.Errors(record).slice(0, 3))}`)
        }
      }
    }
    const schoolValidator = Compile(School)
    for (const school of small.schools()) assert.ok(schoolValidator.Check(school), JSON.stringify(school))
  })

  test('schemas are closed: an unknown field is rejected', () => {
    const validator = Compile(RecordSchemas.company)
    assert.equal(validator.Check({ ...companies[0], favourite_colour: 'blue' }), false)
  })

  test('every record has a natural key and no two records share one', () => {
    for (const category of ENTITY_CATEGORIES) {
      const keys = new Set<string>()
      for (const record of records[category]) {
        const key = naturalKey(category, record)
        assert.ok(key, `${category} without a key: ${JSON.stringify(record).slice(0, 200)}`)
        assert.ok(!keys.has(key), `${category} duplicate key ${key}`)
        keys.add(key)
      }
    }
    const schoolIds = [...small.schools()].map((s) => s.school_id)
    assert.equal(new Set(schoolIds).size, schoolIds.length)
  })
})

describe('cross-links', () => {
  test("every person's current job is the first history entry, open-ended, at a corpus company", () => {
    for (const p of persons) {
      const current = p.employment_history?.[0]
      assert.ok(current && current.end === null, p.profile_url ?? '')
      assert.ok(domains.has(current.company_id ?? ''), `${p.profile_url} works at unknown ${current.company_id}`)
      assert.equal(p.current_employer?.domain, current.company_id)
      assert.equal(p.title, current.title)
      assert.equal(p.employment_history?.filter((e) => e.end === null).length, 1)
    }
  })

  test("every person's employer industry is the industry of that corpus company", () => {
    const industryOf = new Map(companies.map((c) => [c.domain, c.industry]))
    for (const p of persons) {
      const industry = p.current_employer?.industry
      assert.ok(industry, `${p.profile_url} has no employer industry`)
      assert.equal(industry, industryOf.get(p.current_employer?.domain), p.profile_url ?? '')
    }
  })

  test('history entries are dated coherently and some name their employer only', () => {
    let nameOnly = 0
    let nameOnlyInCorpus = 0
    for (const p of persons) {
      for (const job of p.employment_history ?? []) {
        assert.ok(job.start && job.start <= NOW_MONTH, `${p.profile_url} start ${job.start}`)
        if (job.end !== null) assert.ok(job.start <= (job.end ?? ''), `${p.profile_url} ${job.start}..${job.end}`)
        if (job.company_id === null) {
          nameOnly++
          if (companyNames.has(job.company ?? '')) nameOnlyInCorpus++
        } else {
          assert.ok(domains.has(job.company_id ?? ''), `unknown employer ${job.company_id}`)
        }
      }
      for (const degree of p.education ?? []) assert.ok((degree.start ?? '') < (degree.end ?? ''), p.profile_url ?? '')
    }
    assert.ok(nameOnly > 200 && nameOnlyInCorpus > 100, `${nameOnly} name-only entries, ${nameOnlyInCorpus} in corpus`)
  })

  test('titles carry the department, sub-department and seniority the classifier reads from them', () => {
    for (const p of persons) {
      const cls = classifyTitle(p.title ?? '')
      assert.deepEqual(
        [p.department, p.sub_department, p.seniority],
        [cls.department, cls.sub_department, cls.seniority],
        p.title ?? '',
      )
      for (const job of p.employment_history ?? []) {
        const jc = classifyTitle(job.title ?? '')
        assert.deepEqual([job.department, job.seniority], [jc.department, jc.seniority], job.title ?? '')
      }
    }
  })

  test('investors, applicants, news subjects, postings and trends point at corpus companies', () => {
    const investorFirms = new Set(
      companies.filter((c) => c.industry === INVESTOR_INDUSTRY.name).map((c) => c.account_name),
    )
    for (const c of companies) for (const name of c.investors ?? []) assert.ok(investorFirms.has(name), name)
    for (const r of records.funding_round) {
      assert.ok(domains.has(r.company_domain as string))
      for (const name of r.investors as string[]) assert.ok(investorFirms.has(name), name)
    }
    for (const p of records.patent) {
      for (const a of p.applicants as { company_id: string }[]) assert.ok(domains.has(a.company_id), a.company_id)
    }
    for (const n of records.news_article) {
      const links = n.companies as { direct_link: { domain: string }[]; linked: { domain: string }[] }
      assert.ok(links.direct_link.length > 0)
      for (const ref of [...links.direct_link, ...links.linked]) assert.ok(domains.has(ref.domain), ref.domain)
    }
    for (const j of records.job_opening) assert.ok(domains.has(j.company_domain as string))
    for (const t of records.trend) {
      for (const ref of t.related_companies as { domain: string }[]) assert.ok(domains.has(ref.domain))
    }
    const schoolIds = new Set([...small.schools()].map((s) => s.school_id))
    for (const a of records.academic_report) {
      for (const author of a.authors as { affiliation_id: string }[]) {
        assert.ok(schoolIds.has(author.affiliation_id) || domains.has(author.affiliation_id), author.affiliation_id)
      }
    }
  })

  test("companies' funding_rounds are exactly the funding round records, and acquisitions are mutual", () => {
    const byDomain = new Map(companies.map((c) => [c.domain, c]))
    const byName = new Map(companies.map((c) => [c.account_name, c]))
    const rounds = records.funding_round
    assert.equal(
      rounds.length,
      companies.reduce((n, c) => n + (c.funding_rounds?.length ?? 0), 0),
    )
    for (const r of rounds) {
      const owner = byDomain.get(r.company_domain as string)
      assert.ok(
        owner?.funding_rounds?.some(
          (fr) => fr.type === r.type && fr.announced_on === r.announced_on && fr.amount_usd === r.amount_usd,
        ),
      )
    }
    let deals = 0
    for (const c of companies) {
      for (const parent of c.acquired_by ?? []) {
        const acquirer = byName.get(parent.company ?? '')
        assert.ok(
          acquirer?.acquisitions?.some((d) => d.company === c.account_name && d.announced_on === parent.announced_on),
        )
        assert.ok((c.founded_year ?? 0) < Number(parent.announced_on?.slice(0, 4)))
        deals++
      }
    }
    assert.ok(deals > 20, `${deals} acquisitions`)
  })

  test('flagship companies have hundreds of current employees', () => {
    const headcount = new Map<string, number>()
    for (const p of persons)
      headcount.set(p.current_employer?.domain ?? '', (headcount.get(p.current_employer?.domain ?? '') ?? 0) + 1)
    for (const [k, f] of small.flagships.entries()) {
      assert.ok((headcount.get(f.domain) ?? 0) >= (k < 4 ? 250 : 100), `${f.domain}: ${headcount.get(f.domain)}`)
    }
  })
})

describe('facts', () => {
  const facts = small.computeFacts()

  test('headcount facts count every current employee once, cells sum to the total', () => {
    const total = facts.headcount.reduce((n, h) => n + h.total, 0)
    assert.equal(total, persons.length)
    for (const h of facts.headcount) {
      assert.equal(
        h.cells.reduce((n, c) => n + c.count, 0),
        h.total,
        h.domain,
      )
      assert.equal(
        h.sub_departments.reduce((n, c) => n + c.count, 0),
        h.total,
        h.domain,
      )
    }
    const lumina = facts.headcount.find((h) => h.domain === small.flagships[0]?.domain)
    const people = persons.filter((p) => p.current_employer?.domain === lumina?.domain)
    assert.equal(lumina?.total, people.length)
    const engineersIc = people.filter((p) => p.department === 'Engineering' && p.seniority === 'IC').length
    assert.ok(engineersIc > 20)
    assert.equal(lumina?.cells.find((c) => c.department === 'Engineering' && c.seniority === 'IC')?.count, engineersIc)
  })

  test('relationship facts are non-trivial and agree with a brute-force check', () => {
    const [a, b] = [small.flagships[0]?.domain, small.flagships[1]?.domain]
    const fact = (basis: string, ex: boolean) =>
      facts.relationships.find(
        (r) => r.first === a && r.second === b && r.connection_basis === basis && r.exclude_current === ex,
      )
    const overlapping = fact('overlapping', false)
    const shared = fact('shared', false)
    assert.ok(overlapping && shared)
    assert.ok(overlapping.people_first >= 20, `${overlapping.people_first} connected people`)
    assert.ok(shared.people_first >= overlapping.people_first && shared.people_second >= overlapping.people_second)
    assert.ok(overlapping.institutions.some((i) => i.kind === 'education'))
    assert.ok(overlapping.institutions.some((i) => i.kind === 'employment'))
    assert.ok(fact('overlapping', true)!.people_first <= overlapping.people_first)

    // Brute force over the raw records, same semantics (docs/corpus-demo.md): institution = domain, else the
    // corpus company of that exact name, else the name itself; schools by school_id; ranges inclusive.
    const domainByName = new Map(companies.map((c) => [normaliseName(c.account_name ?? ''), c.domain ?? '']))
    const spans = (p: Person) => [
      ...(p.employment_history ?? []).map((e) => ({
        id:
          e.company_id ?? domainByName.get(normaliseName(e.company ?? '')) ?? `name:${normaliseName(e.company ?? '')}`,
        start: e.start ?? '',
        end: e.end ?? NOW_MONTH,
      })),
      ...(p.education ?? []).map((e) => ({
        id: e.school_id ?? '',
        start: e.start ?? '',
        end: (e.end ?? '') > NOW_MONTH ? NOW_MONTH : (e.end ?? ''),
      })),
    ]
    const atA = persons.filter((p) => p.current_employer?.domain === a)
    const atB = persons.filter((p) => p.current_employer?.domain === b).map(spans)
    const expected = new Map<string, number>()
    for (const p of atA) {
      const mine = spans(p)
      const contacts = atB.filter((theirs) =>
        theirs.some((s) => mine.some((m) => m.id === s.id && m.start <= s.end && s.start <= m.end)),
      ).length
      if (contacts > 0) expected.set(p.profile_url ?? '', contacts)
    }
    assert.equal(overlapping.people_first, expected.size)
    for (const row of overlapping.persons) assert.equal(row.contacts, expected.get(row.profile_url), row.profile_url)
  })

  test('via-institution facts list current people of the company affiliated with the institution', () => {
    assert.ok(facts.via_institution.length >= 6)
    for (const v of facts.via_institution) {
      assert.ok(v.former.every((f) => v.people.includes(f)))
      for (const url of v.people.slice(0, 20)) {
        const p = persons.find((x) => x.profile_url === url)!
        assert.equal(p.current_employer?.domain, v.company)
      }
    }
    assert.ok(facts.via_institution.some((v) => v.people.length >= 10))
  })
})

describe('larger scales', () => {
  test('coined names and domains cannot collide at any scale', () => {
    const words = new Set<string>()
    for (const p of PREFIXES) for (const r of ROOTS) words.add(`${p}${r}`.toLowerCase())
    assert.equal(words.size, PREFIXES.length * ROOTS.length)
    const nouns = [...INDUSTRIES, INVESTOR_INDUSTRY].flatMap((i) => i.nouns.map((n) => slugify(n).replace(/-/g, '')))
    assert.equal(new Set(nouns).size, nouns.length)
    const bases = new Set<string>()
    for (const w of words) for (const n of nouns) bases.add(w + n)
    assert.equal(bases.size, words.size * nouns.length)
  })

  test('medium records are valid and stream by index range', () => {
    const medium = createDemoCorpus({ scale: 'medium', seed: 42 })
    assert.equal(medium.counts.company, 100_000)
    assert.equal(medium.counts.person, 500_000)
    for (const i of [0, 7, 5_000, 99_999]) assert.ok(Compile(RecordSchemas.company).Check(medium.company(i)))
    const people = [...medium.persons(250_000, 250_200)]
    assert.equal(people.length, 200)
    for (const p of people) assert.ok(Compile(RecordSchemas.person).Check(p))
  })

  test('large: the counts of issue 39, and a pinned digest of a cheap prefix (determinism without generating it all)', () => {
    const large = createDemoCorpus({ scale: 'large', seed: 42 })
    assert.equal(large.counts.company, 1_000_000)
    assert.equal(large.counts.person, 5_000_000)
    const documents =
      large.counts.patent +
      large.counts.news_article +
      large.counts.market_report +
      large.counts.academic_report +
      large.counts.trend +
      large.counts.job_opening
    assert.ok(documents >= 1_000_000, String(documents))
    // Medium's proportions per company (ten times medium), but for the two categories whose
    // titles come from a bounded name space (docs/corpus-demo.md §1.1).
    const medium = createDemoCorpus({ scale: 'medium', seed: 42 })
    for (const c of ['patent', 'news_article', 'academic_report', 'job_opening'] as const)
      assert.equal(large.counts[c], medium.counts[c] * 10, c)
    const hash = createHash('sha256')
    const add = (r: unknown) => hash.update(`${JSON.stringify(r)}\n`)
    for (const category of ENTITY_CATEGORIES)
      for (const r of large.records(category)) {
        add(r)
        break
      }
    for (const r of large.companies(0, 40)) add(r)
    for (const r of large.persons(0, 40)) add(r)
    for (const r of large.schools(0, 20)) add(r)
    add(large.company(999_999))
    add(large.person(4_999_999))
    add(large.jobOpening(1_499_999))
    // A change here changes the large corpus: say so in the commit, and re-pin.
    assert.equal(hash.digest('hex'), '1c078d311239a5919f709b334eefcf48d3c3cd04471829ed5a3e911ff90a988c')
    for (const p of large.persons(4_999_990)) assert.ok(Compile(RecordSchemas.person).Check(p))
  })
})
