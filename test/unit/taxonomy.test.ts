// The org-chart taxonomy (src/corpus/taxonomy.ts): data-routes §2.8 and §4.6.
import { test, describe } from 'node:test'
import assert from 'node:assert/strict'
import {
  ALL_DEPARTMENTS,
  DEPARTMENTS,
  SENIORITY_COLUMNS,
  SENIORITY_LADDER,
  SUB_DEPARTMENTS,
  classifyTitle,
  departmentFilterValues,
  subDepartmentsOf,
  type Seniority,
} from '../../src/corpus/taxonomy.ts'
import { titleFor } from '../../src/corpus/demo/titles.ts'
import { Rng } from '../../src/corpus/demo/prng.ts'

describe('departments', () => {
  test('23 functions, then the leftover buckets Others and General last', () => {
    assert.equal(DEPARTMENTS.length, 23)
    assert.equal(new Set(DEPARTMENTS).size, 23)
    assert.deepEqual(ALL_DEPARTMENTS.slice(-2), ['Others', 'General'])
    assert.equal(ALL_DEPARTMENTS.length, 25)
  })

  test('the department filter list mixes 248 parents and children, each labelled once', () => {
    const values = departmentFilterValues()
    assert.equal(values.length, 248)
    assert.equal(new Set(values.map((v) => v.value)).size, 248)
    assert.equal(values.filter((v) => v.level === 'parent').length, 25)
    for (const v of values) {
      if (v.level === 'child') assert.ok(v.parent && subDepartmentsOf(v.parent).some((s) => s.name === v.value))
      else assert.equal(v.parent, null)
    }
  })

  test('every function but Others has several sub-departments', () => {
    for (const d of ALL_DEPARTMENTS) {
      if (d === 'Others') assert.equal(subDepartmentsOf(d).length, 0)
      else assert.ok(subDepartmentsOf(d).length >= 8, d)
    }
  })
})

describe('seniority', () => {
  test('the ladder runs from C-Suite to In Training, then Others', () => {
    assert.deepEqual(SENIORITY_LADDER, ['C-Suite', 'VP', 'Director / Head', 'Manager', 'IC', 'Entry', 'In Training'])
    assert.deepEqual(SENIORITY_COLUMNS, [...SENIORITY_LADDER, 'Others'])
  })
})

describe('classifyTitle', () => {
  const cases: [string, string, string | null, Seniority][] = [
    ['VP of Sales', 'Sales', null, 'VP'],
    ['Senior Software Engineer', 'Engineering', 'Software Development', 'IC'],
    ['Chief Financial Officer', 'Finance', null, 'C-Suite'],
    ['CFO', 'Finance', null, 'C-Suite'],
    ['Intern', 'Others', null, 'In Training'],
    ['Software Engineering Intern', 'Engineering', 'Software Development', 'In Training'],
    ['Head of Payroll', 'Finance', 'Payroll', 'Director / Head'],
    ['Director of Talent Acquisition', 'Human Resources', 'Talent Acquisition', 'Director / Head'],
    ['Senior Product Manager', 'Product', 'Product Management', 'IC'],
    ['Manager, Product Management', 'Product', 'Product Management', 'Manager'],
    ['Product Marketing Manager', 'Marketing', 'Product Marketing', 'Manager'],
    ['Sales Engineer', 'Sales', 'Sales Engineering', 'IC'],
    ['Data Engineer', 'Data Science', 'Data Engineering', 'IC'],
    ['Junior Accountant', 'Finance', 'Accounting', 'Entry'],
    ['Vice President, Engineering', 'Engineering', null, 'VP'],
    ['Chief Executive Officer', 'General', 'Executive Leadership', 'C-Suite'],
    ['Founder & CEO', 'General', 'Executive Leadership', 'C-Suite'],
    ['Co-Founder and CTO', 'Engineering', null, 'C-Suite'],
    ['President', 'General', null, 'C-Suite'],
    ['General Manager', 'General', 'General Management', 'Manager'],
    ['Customer Success Manager', 'Customer Success', 'Customer Success Management', 'IC'],
    ['Registered Nurse', 'Healthcare', 'Nursing', 'IC'],
    ['Back-End Developer', 'Engineering', 'Backend Engineering', 'IC'],
    ['Volunteer', 'Others', null, 'Others'],
    ['Associate Product Manager', 'Product', 'Product Management', 'Entry'],
    ['Retail Sales Associate', 'Sales', 'Retail Sales', 'IC'],
    ['Executive Assistant', 'Administrative', 'Executive Assistance', 'IC'],
    ['PhD Student', 'Others', null, 'In Training'],
    ['Team Lead, Customer Support', 'Customer Success', 'Customer Support', 'Manager'],
  ]
  for (const [title, department, sub, seniority] of cases) {
    test(`${title} → ${department} / ${sub ?? '—'} / ${seniority}`, () => {
      assert.deepEqual(classifyTitle(title), { department, sub_department: sub, seniority })
    })
  }

  test('is deterministic and case-insensitive', () => {
    assert.deepEqual(classifyTitle('senior software engineer'), classifyTitle('SENIOR SOFTWARE ENGINEER'))
  })

  test("the generator's title templates land in the cell they were written for", () => {
    const rng = new Rng(7)
    const levels: Seniority[] = ['VP', 'Director / Head', 'Manager', 'IC', 'Entry', 'In Training']
    for (const sub of SUB_DEPARTMENTS) {
      if (sub.department === 'General') continue
      for (const level of levels) {
        for (let k = 0; k < 6; k++) {
          const title = titleFor(rng, sub.department, sub, level)
          const cls = classifyTitle(title)
          assert.equal(cls.department, sub.department, title)
          assert.equal(cls.seniority, level, title)
          if (level !== 'VP') assert.equal(cls.sub_department, sub.name, title)
        }
      }
    }
    for (const d of DEPARTMENTS) assert.equal(classifyTitle(titleFor(rng, d, null, 'C-Suite')).seniority, 'C-Suite', d)
  })
})
