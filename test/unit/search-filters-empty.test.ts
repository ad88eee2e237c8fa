// planSearch skips validating an empty `filters` object (domain/search/plan.ts validateFilters):
// that holds only while no filter of any category is required, which this test keeps true.
import { test } from 'node:test'
import assert from 'node:assert/strict'
import { DocumentFilters, GtmFilters } from '../../src/contract/search.ts'
import { assertValid } from '../../src/contract/validation.ts'

test('every category accepts an empty filters object (no filter is required)', () => {
  assert.doesNotThrow(() => assertValid(GtmFilters, {}, ['filters']), 'company and person filters')
  for (const [category, schema] of Object.entries(DocumentFilters))
    assert.doesNotThrow(() => assertValid(schema, {}, ['filters']), category)
  assert.equal(Object.keys(DocumentFilters).length, 7)
})
