// The filter catalogue's tables (src/contract/search-catalogue.ts) against the compiler
// (src/store/search-filters.ts): the type that makes a `compiled` row without its SQL a compile
// error (checked by `npm run typecheck`), and every row compiling to a condition.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import {
  COMPANY_FILTER_TABLE,
  GTM_FILTERS,
  PERSON_FILTER_TABLE,
  type CompiledFilterName,
} from '../../src/contract/search-catalogue.ts'
import { companyFilterCond, personFilterCond, type CompileContext } from '../../src/store/search-filters.ts'

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
