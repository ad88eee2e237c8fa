// A person run's filter criteria judged on the record's own fields (src/agent/values.ts
// personFilterCheck, docs/agent-runs-plan.md "People"): met, not met when a field says no, unknown
// when the record lacks the field, each with the values that decided it, against the given clock.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { personFilterCheck } from '../../src/agent/values.ts'

const NOW = new Date('2026-11-29T06:00:00Z')
const PERSON = {
  employment_history: [
    { company: 'Ledgerly', domain: 'ledgerly.de', title: 'Software Engineer', start: '2026-08', end: null },
    { company: 'CarePath', domain: 'carepath.com', title: 'Data Analyst', start: '2014-05', end: '2026-07' },
  ],
  education: [{ school: 'Alpha University', degree: 'B.Sc.', field: 'Computer Science' }],
  governance_level: ['founder'],
}

describe('personFilterCheck', () => {
  test('time in the job and years worked, counted to the clock given', () => {
    assert.deepEqual(personFilterCheck('tenure', { max: 11 }, PERSON, NOW), {
      verdict: 'met',
      evidence: 'current job: Software Engineer at Ledgerly since 2026-08 (3 months in role)',
    })
    // A year later by the run's clock, the same record is in role for 15 months.
    const later = personFilterCheck('tenure', { max: 11 }, PERSON, new Date('2027-11-01T00:00:00Z'))
    assert.equal(later?.verdict, 'not_met')
    assert.match(later!.evidence, /\(15 months in role\)/)
    assert.equal(personFilterCheck('current_job_start', { from: '2026-06-01' }, PERSON, NOW)?.verdict, 'met')
    assert.equal(personFilterCheck('current_job_start', { to: '2025-12-31' }, PERSON, NOW)?.verdict, 'not_met')
    assert.deepEqual(personFilterCheck('years_worked', { min: 10 }, PERSON, NOW), {
      verdict: 'met',
      evidence: 'first job: Data Analyst at CarePath from 2014-05 (12.5 years worked)',
    })
  })

  test('schools, degrees, fields, former jobs and governance', () => {
    assert.deepEqual(personFilterCheck('university', { include: ['Alpha University'] }, PERSON, NOW), {
      verdict: 'met',
      evidence: 'education: Alpha University (B.Sc., Computer Science)',
    })
    assert.equal(personFilterCheck('university', { include: ['Beta College'] }, PERSON, NOW)?.verdict, 'not_met')
    assert.equal(personFilterCheck('degree', { include: ['MBA'] }, PERSON, NOW)?.verdict, 'not_met')
    assert.equal(personFilterCheck('field_of_study', { include: ['Computer Science'] }, PERSON, NOW)?.verdict, 'met')
    assert.deepEqual(personFilterCheck('employment_history', { include: ['carepath.com'] }, PERSON, NOW), {
      verdict: 'met',
      evidence: 'employment_history: Data Analyst at CarePath (2014-05 to 2026-07)',
    })
    // The current employer is no former one.
    assert.equal(personFilterCheck('employment_history', { include: ['Ledgerly'] }, PERSON, NOW)?.verdict, 'not_met')
    assert.equal(personFilterCheck('past_title', { include: ['Data Analyst'] }, PERSON, NOW)?.verdict, 'met')
    assert.equal(personFilterCheck('governance_level', { include: ['founder'] }, PERSON, NOW)?.verdict, 'met')
    assert.equal(personFilterCheck('governance_level', { exclude: ['founder'] }, PERSON, NOW)?.verdict, 'not_met')
  })

  test('a record lacking the field leaves the criterion unknown; other filters are not judged here', () => {
    const bare = { employment_history: [{ company: 'Ledgerly', title: 'Engineer', start: null, end: null }] }
    assert.deepEqual(personFilterCheck('tenure', { max: 11 }, bare, NOW), {
      verdict: 'unknown',
      evidence: 'current job start: unknown',
    })
    assert.equal(personFilterCheck('university', { include: ['Alpha University'] }, bare, NOW)?.verdict, 'unknown')
    assert.equal(personFilterCheck('seniority', { include: ['VP'] }, PERSON, NOW), null)
  })
})
