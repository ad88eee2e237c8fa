// The filter catalogue's tables (src/contract/search-catalogue.ts) against the compiler
// (src/store/search-filters.ts, src/domain/search/compile.ts): the type that makes a `compiled` row
// without its SQL a compile error (checked by `npm run typecheck`), every name of each category's
// catalogue compiling to a condition on both store dialects, and any other name refused (422).
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  COMPANY_FILTER_TABLE,
  DOCUMENT_CATEGORIES,
  DOCUMENT_SORT_SOURCES,
  DOCUMENT_SORTS,
  DOCUMENT_FILTERS,
  GTM_FILTERS,
  isCompanyFilterName,
  isIndexVocabulary,
  isPersonFilterName,
  GTM_SORTS,
  PERSON_FILTER_TABLE,
  type CompiledFilterName,
  type PersonSortName,
} from '../../src/contract/search-catalogue.ts'
import {
  PERSON_SORTS,
  companyFilterCond,
  documentSortExpr,
  personFilterCond,
  type CompileContext,
  type Filters,
} from '../../src/store/search-filters.ts'
import { DummyDriver, Kysely, PostgresDialect, type Dialect } from 'kysely'
import type { EntityCategory } from '../../src/contract/records.ts'
import { filtersWhere } from '../../src/domain/search/compile.ts'
import { ApiError } from '../../src/errors.ts'
import { PGliteDialect } from '../../src/store/pglite-dialect.ts'

type Table = { a: { source: { compiled: true } }; b: { source: { column: 'x' } } }
// Only the `compiled` row needs an entry…
const complete: Record<CompiledFilterName<Table>, true> = { a: true }
// @ts-expect-error …and a table missing it does not compile.
const missing: Record<CompiledFilterName<Table>, true> = {}

const ctx: CompileContext = {
  nowMonth: 202611,
  normaliseDomain: (v) => v,
  normaliseCompanyPage: (v) => v,
  normaliseName: (v) => v,
}

const sample = (kind: string): unknown =>
  kind === 'range'
    ? { min: 1 }
    : kind === 'date_range'
      ? { from: '2020-01-01' }
      : kind === 'boolean'
        ? true
        : kind === 'company'
          ? { include: [{ value: 'x.io', by: 'domain' }] }
          : { include: ['x'] }

describe('the filter catalogue and its compiler', () => {
  test('the type of compiled names', () => {
    assert.deepEqual(complete, { a: true })
    assert.deepEqual(missing, {})
  })

  test('every row of both tables compiles to a condition', () => {
    assert.equal(GTM_FILTERS.length, Object.keys(COMPANY_FILTER_TABLE).length + Object.keys(PERSON_FILTER_TABLE).length)
    for (const spec of GTM_FILTERS) {
      const cond = isCompanyFilterName(spec.name)
        ? companyFilterCond('c', spec.name, sample(spec.kind) as never, ctx)
        : isPersonFilterName(spec.name)
          ? personFilterCond('p', spec.name, sample(spec.kind) as never, ctx)
          : null
      assert.ok(cond, `${spec.name} compiles`)
    }
    // @ts-expect-error a person filter is no company filter: the name does not type
    assert.throws(() => companyFilterCond('c', 'seniority', { include: ['VP'] }, ctx))
  })
})

/** Kysely on each store's dialect (PGlite embedded, PostgreSQL), compiling only: no connection is made. */
const DIALECTS: [string, Dialect][] = [
  ['embedded (PGlite)', new PGliteDialect(null as never)],
  ['PostgreSQL', new PostgresDialect({ pool: null as never })],
]
const compilers = DIALECTS.map(([label, dialect]): [string, Kysely<unknown>] => [
  label,
  new Kysely<unknown>({
    dialect: {
      createAdapter: () => dialect.createAdapter(),
      createDriver: () => new DummyDriver(),
      createIntrospector: (db) => dialect.createIntrospector(db),
      createQueryCompiler: () => dialect.createQueryCompiler(),
    },
  }),
])
const NOW = new Date('2026-11-29T00:00:00Z')
const geo = { include: [{ value: 'Germany', level: 'country' }] }

describe("compileWhere: every name of a category's catalogue, and only those", () => {
  const cases: [EntityCategory, string, unknown][] = [
    ...GTM_FILTERS.filter((f) => isCompanyFilterName(f.name)).map((f): [EntityCategory, string, unknown] => [
      'company',
      f.name,
      sample(f.kind),
    ]),
    ['company', 'geo', geo],
    ...GTM_FILTERS.map((f): [EntityCategory, string, unknown] => ['person', f.name, sample(f.kind)]),
    ['person', 'geo', geo],
    ...DOCUMENT_CATEGORIES.flatMap((c) =>
      DOCUMENT_FILTERS[c].map((f): [EntityCategory, string, unknown] => [c, f.name, sample(f.kind)]),
    ),
  ]

  test('each compiles to a condition with its value on both store dialects', () => {
    for (const [label, db] of compilers)
      for (const [category, name, value] of cases) {
        const where = filtersWhere({ category, filters: { [name]: value } as Filters, include_domains: [] }, NOW)
        const compiled = where.compile(db)
        assert.notEqual(compiled.sql.trim(), 'true', `${label}: ${category}.${name} is a condition`)
        assert.ok(compiled.parameters.length > 0, `${label}: ${category}.${name} compares its value`)
      }
  })

  test('one included value is compared with =, so the column index in quality order serves it; several with = any', () => {
    for (const [label, db] of compilers) {
      const compiled = (include: string[]) =>
        filtersWhere({ category: 'person', filters: { seniority: { include } }, include_domains: [] }, NOW).compile(db)
      const one = compiled(['C-Suite', 'c-suite'])
      assert.match(one.sql, /lower\("p"\."seniority"\) = \$1/, `${label}: ${one.sql}`)
      assert.doesNotMatch(one.sql, /any\(/, label)
      assert.deepEqual(one.parameters, ['c-suite'])
      const two = compiled(['C-Suite', 'VP'])
      assert.match(two.sql, /lower\("p"\."seniority"\) = any\(\$1::text\[\]\)/, `${label}: ${two.sql}`)
      assert.deepEqual(two.parameters, [['c-suite', 'vp']])
    }
  })

  test("a name outside the category's catalogue is the 422 of an unknown filter, before any SQL", () => {
    const refused = (category: EntityCategory, name: string) => {
      try {
        filtersWhere({ category, filters: { [name]: { include: ['x'] } } as Filters, include_domains: [] }, NOW)
      } catch (e) {
        assert.ok(e instanceof ApiError, `${category}.${name}`)
        assert.equal(e.code, 'request.invalid')
        const errors = e.options.extra?.errors as { loc: string[]; msg: string; ctx: { accepted_filters: string[] } }[]
        assert.deepEqual(errors[0]!.loc, ['body', 'filters', name])
        return errors[0]!
      }
      assert.fail(`${category}.${name} compiled`)
    }
    assert.match(refused('company', 'industri').msg, /^Unknown filter "industri"; did you mean industry/)
    const seniority = refused('company', 'seniority')
    assert.match(seniority.msg, /^Filter "seniority" filters people and is not a filter of this search's category/)
    assert.ok(!seniority.ctx.accepted_filters.includes('seniority'))
    assert.ok(seniority.ctx.accepted_filters.includes('geo'))
    assert.match(refused('patent', 'industry').msg, /^Filter "industry" filters companies and people/)
    assert.deepEqual(
      refused('patent', 'geo').ctx.accepted_filters,
      DOCUMENT_FILTERS.patent.map((f) => f.name),
    )
  })
})

describe('sorts from the catalogue', () => {
  test('every document sort field names its source, and only those', () => {
    for (const c of DOCUMENT_CATEGORIES) {
      assert.deepEqual(Object.keys(DOCUMENT_SORT_SOURCES[c]).sort(), DOCUMENT_SORTS[c].map((s) => s.field).sort(), c)
      for (const [field, source] of Object.entries(DOCUMENT_SORT_SOURCES[c])) {
        assert.equal(source.kind, DOCUMENT_SORTS[c].find((s) => s.field === field)!.kind, `${c}.${field}`)
        assert.ok(documentSortExpr('d', source), `${c}.${field}`)
      }
    }
  })

  test('every person-only sort field is named by a person filter row and has its SQL', () => {
    const personOnly = GTM_SORTS.filter((s) => s.applies_to.length === 1 && s.applies_to[0] === 'person').map(
      (s) => s.field,
    )
    const fromRows = Object.values(PERSON_FILTER_TABLE)
      .map((r) => r.sort)
      .filter((s): s is PersonSortName => s !== null)
    assert.deepEqual([...personOnly].sort(), [...fromRows].sort())
    assert.deepEqual(Object.keys(PERSON_SORTS).sort(), [...fromRows].sort())
    for (const f of fromRows) assert.ok(PERSON_SORTS[f]('p', { ...ctx, seniorityLadder: ['C-Suite'] }))
    // @ts-expect-error a person sort without its SQL does not compile
    const missing: typeof PERSON_SORTS = { person_name: PERSON_SORTS.person_name }
    void missing
  })
})

describe('parser vocabularies from the catalogue', () => {
  test('the rows naming a parser vocabulary: the rule parser reads them, the LLM parser maps onto them', () => {
    const named = Object.fromEntries(
      GTM_FILTERS.filter((f) => f.parser_vocabulary).map((f) => [f.name, f.parser_vocabulary]),
    )
    assert.deepEqual(named, {
      industry: 'industries',
      sub_industry: 'sub_industries',
      funding_stage: 'funding_stages',
      technology: 'technologies',
      department: 'departments',
      seniority: 'seniority_ladder',
    })
  })

  test('a row naming an index vocabulary reads a column, whose values loadVocabularies reads', () => {
    for (const f of GTM_FILTERS)
      if (f.parser_vocabulary && isIndexVocabulary(f.parser_vocabulary))
        assert.ok('column' in f.source, `${f.name} names ${f.parser_vocabulary} and reads a column`)
  })
})
