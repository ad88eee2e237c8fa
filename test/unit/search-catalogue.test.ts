// The filter catalogue's tables (src/contract/search-catalogue.ts) against the compiler
// (src/store/search-filters.ts): the type that makes a `compiled` row without its SQL a compile
// error (checked by `npm run typecheck`), and every row compiling to a condition.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  COMPANY_FILTER_TABLE,
  DOCUMENT_CATEGORIES,
  DOCUMENT_SORT_SOURCES,
  DOCUMENT_SORTS,
  GTM_FILTERS,
  isIndexVocabulary,
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
} from '../../src/store/search-filters.ts'

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

  test('every row of both tables compiles to a condition; a name of neither table to none', () => {
    assert.equal(GTM_FILTERS.length, Object.keys(COMPANY_FILTER_TABLE).length + Object.keys(PERSON_FILTER_TABLE).length)
    for (const spec of GTM_FILTERS) {
      const cond =
        spec.name in COMPANY_FILTER_TABLE
          ? companyFilterCond('c', spec.name, sample(spec.kind) as never, ctx)
          : personFilterCond('p', spec.name, sample(spec.kind) as never, ctx)
      assert.ok(cond, `${spec.name} compiles`)
    }
    assert.equal(companyFilterCond('c', 'seniority', { include: ['VP'] }, ctx), null)
    assert.equal(personFilterCond('p', 'industry', { include: ['x'] }, ctx), null)
    assert.equal(companyFilterCond('c', 'no_such_filter', { include: ['x'] }, ctx), null)
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
