// A search request's `sort` (data-routes §4.1, §4.7): validateSort's rules, and the catalogue counts.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { ApiError } from '../../src/errors.ts'
import { DOCUMENT_CATEGORIES, DOCUMENT_SORTS, GTM_SORTS } from '../../src/contract/search-catalogue.ts'
import { listSortFields, validateSort } from '../../src/domain/search/sorts.ts'

function rejects(fn: () => unknown, loc?: (string | number)[]) {
  assert.throws(fn, (e: unknown) => {
    assert.ok(e instanceof ApiError, String(e))
    assert.equal(e.code, 'request.invalid')
    assert.equal(e.status, 422)
    if (loc) assert.deepEqual((e.options.extra?.errors as { loc: unknown }[])[0]!.loc, loc)
    return true
  })
}

describe('validateSort', () => {
  test('no sort, or an empty one, is engine ordering: []', () => {
    assert.deepEqual(validateSort('company', undefined), [])
    assert.deepEqual(validateSort('company', []), [])
    assert.deepEqual(validateSort(undefined, []), [])
    assert.deepEqual(validateSort(null, null), [])
  })

  test('direction defaults to desc; asc and desc are kept; clause order is kept', () => {
    assert.deepEqual(
      validateSort('company', [
        { field: 'employee_count' },
        { field: 'company_name', direction: 'asc' },
        { field: 'country', direction: 'desc' },
      ]),
      [
        { field: 'employee_count', direction: 'desc' },
        { field: 'company_name', direction: 'asc' },
        { field: 'country', direction: 'desc' },
      ],
    )
    assert.deepEqual(validateSort('person', [{ field: 'tenure', direction: null }]), [
      { field: 'tenure', direction: 'desc' },
    ])
  })

  test('a sort without an explicit category → 422', () => {
    rejects(() => validateSort(undefined, [{ field: 'employee_count' }]), ['body', 'sort'])
    rejects(() => validateSort(null, [{ field: 'employee_count' }]), ['body', 'sort'])
  })

  test('more than 3 clauses → 422', () => {
    rejects(
      () =>
        validateSort('company', [
          { field: 'employee_count' },
          { field: 'revenue' },
          { field: 'founded_year' },
          { field: 'country' },
        ]),
      ['body', 'sort'],
    )
  })

  test('a repeated field → 422, whatever the directions', () => {
    rejects(
      () =>
        validateSort('company', [
          { field: 'revenue', direction: 'asc' },
          { field: 'revenue', direction: 'desc' },
        ]),
      ['body', 'sort', 1, 'field'],
    )
  })

  test('an unknown field → 422 listing the accepted fields', () => {
    assert.throws(
      () => validateSort('company', [{ field: 'shoe_size' }]),
      (e: unknown) => {
        assert.ok(e instanceof ApiError)
        assert.deepEqual(
          (e.options.extra as { accepted: string[] }).accepted,
          GTM_SORTS.map((s) => s.field),
        )
        return true
      },
    )
    rejects(() => validateSort('patent', [{ field: 'employee_count' }]), ['body', 'sort', 0, 'field'])
  })

  test('the wrong pairing → 422: a person-only field on a company search and the reverse; either-fields fit both', () => {
    rejects(() => validateSort('company', [{ field: 'tenure' }]), ['body', 'sort', 0, 'field'])
    rejects(() => validateSort('person', [{ field: 'employee_count' }]), ['body', 'sort', 0, 'field'])
    rejects(() => validateSort('person', [{ field: 'seniority' }, { field: 'revenue' }]), ['body', 'sort', 1, 'field'])
    for (const field of ['country', 'state', 'city', 'region', 'updated_at']) {
      assert.deepEqual(validateSort('company', [{ field }]), [{ field, direction: 'desc' }])
      assert.deepEqual(validateSort('person', [{ field }]), [{ field, direction: 'desc' }])
    }
  })

  test('a direction other than asc or desc → 422', () => {
    rejects(() => validateSort('company', [{ field: 'revenue', direction: 'up' }]), ['body', 'sort', 0, 'direction'])
    rejects(() => validateSort('company', [{ field: 'revenue', direction: 'DESC' }]))
  })

  test('a document category takes its own fields only; an unknown category → 422', () => {
    assert.deepEqual(validateSort('patent', [{ field: 'granted_date', direction: 'asc' }, { field: 'title' }]), [
      { field: 'granted_date', direction: 'asc' },
      { field: 'title', direction: 'desc' },
    ])
    rejects(() => validateSort('news_article', [{ field: 'granted_date' }]))
    rejects(() => validateSort('spaceship', [{ field: 'title' }]), ['body', 'category'])
  })
})

describe('listSortFields', () => {
  test('company and person share the 26: 13 company-only, 8 person-only, 5 either', () => {
    for (const category of ['company', 'person']) {
      const c = listSortFields(category)
      assert.equal(c.total, 26)
      const only = (k: string) => c.sorts.filter((s) => s.applies_to.length === 1 && s.applies_to[0] === k).length
      assert.equal(only('company'), 13)
      assert.equal(only('person'), 8)
      assert.equal(c.sorts.filter((s) => s.applies_to.length === 2).length, 5)
      assert.equal(new Set(c.sorts.map((s) => s.field)).size, 26)
    }
  })

  test('document categories: their own sets, group null, applies_to empty', () => {
    for (const category of DOCUMENT_CATEGORIES) {
      const c = listSortFields(category)
      assert.deepEqual(
        c.sorts.map((s) => s.field),
        DOCUMENT_SORTS[category].map((s) => s.field),
      )
      for (const s of c.sorts) {
        assert.equal(s.group, null)
        assert.deepEqual(s.applies_to, [])
      }
    }
  })

  test('an unknown category → 422', () => {
    rejects(() => listSortFields('spaceship'), ['path', 'category'])
  })
})
