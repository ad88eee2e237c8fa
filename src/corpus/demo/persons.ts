// Demo people: a current job at a corpus company plus a coherent earlier career and education,
// dated so that people of two companies overlap at shared former employers and schools.
import type { Education, Employment, Person } from '../../contract/records.ts'
import {
  ALL_DEPARTMENTS,
  SENIORITY_LADDER,
  classifyTitle,
  subDepartmentsOf,
  type Department,
  type Seniority,
  type TitleClass,
} from '../taxonomy.ts'
import { COUNTRIES, FIRST_NAMES, LAST_NAMES, slugify, type Country, type NameGroup } from './geo.ts'
import {
  FLAGSHIP_WEIGHTS,
  companyCore,
  departmentWeights,
  joinWords,
  pickCompany,
  type CompanyCore,
} from './companies.ts'
import { NOW_MONTH, NOW_YEAR, monthString, type DemoContext } from './context.ts'
import { STREAM, rngFor, type Rng } from './prng.ts'
import { pickSchool, schoolCore } from './schools.ts'
import { titleFor } from './titles.ts'
import { CERTIFICATIONS, DEGREES, DEPARTMENT_SKILLS, FIELDS_OF_STUDY, ODD_TITLES, OUTSIDE_EMPLOYERS } from './words.ts'

// Share of people at each level (C-Suite first); tiny companies get more chiefs.
const SENIORITY_WEIGHTS = [1.2, 2.5, 7, 14, 52, 17, 4]
const SMALL_COMPANY_SENIORITY_WEIGHTS = [4.8, 2.5, 7, 14, 52, 17, 4]
const EXPERIENCE_YEARS: Record<Seniority, readonly [number, number]> = {
  'C-Suite': [15, 32],
  VP: [12, 28],
  'Director / Head': [8, 24],
  Manager: [5, 18],
  IC: [1, 14],
  Entry: [0, 3],
  'In Training': [0, 0],
  Others: [0, 20],
}

interface Job {
  company: number | null
  outsideName: string | null
  nameOnly: boolean
  title: string
  cls: TitleClass
  start: number
  end: number | null
}

function pickSeniority(rng: Rng, department: Department, core: CompanyCore): Seniority {
  if (department === 'General') return rng.pick(['C-Suite', 'C-Suite', 'Director / Head', 'Manager'] as const)
  return SENIORITY_LADDER[
    rng.weighted(core.employees < 50 ? SMALL_COMPANY_SENIORITY_WEIGHTS : SENIORITY_WEIGHTS)
  ] as Seniority
}

function pickRole(rng: Rng, industryCore: CompanyCore, seniority: Seniority | null, sameAs?: Department) {
  const department = sameAs ?? (ALL_DEPARTMENTS[rng.weighted(departmentWeights(industryCore.industry))] as Department)
  const level = seniority ?? pickSeniority(rng, department, industryCore)
  const subs = subDepartmentsOf(department)
  const wantsSub = level !== 'C-Suite' && (level !== 'VP' || rng.chance(0.3)) && rng.chance(0.93)
  const sub = wantsSub && subs.length > 0 ? rng.pick(subs) : null
  const title = titleFor(rng, department, sub, level)
  return { title, cls: classifyTitle(title) }
}

/** A former employer that existed when the job started; sometimes named without a domain. */
function pastEmployer(
  ctx: DemoContext,
  rng: Rng,
  start: number,
  current: number,
): Pick<Job, 'company' | 'outsideName' | 'nameOnly'> {
  if (rng.chance(0.05)) return { company: null, outsideName: rng.pick(OUTSIDE_EMPLOYERS), nameOnly: true }
  for (let tries = 0; tries < 4; tries++) {
    const index = rng.chance(0.3) ? rng.weighted(FLAGSHIP_WEIGHTS) : pickCompany(ctx, rng, 0)
    if (index !== current && companyCore(ctx, index).founded * 12 <= start) {
      return { company: index, outsideName: null, nameOnly: rng.chance(0.1) }
    }
  }
  return { company: null, outsideName: rng.pick(OUTSIDE_EMPLOYERS), nameOnly: true }
}

function career(
  ctx: DemoContext,
  rng: Rng,
  current: number,
  core: CompanyCore,
  now: { title: string; cls: TitleClass },
) {
  const level = now.cls.seniority
  const [lo, hi] = EXPERIENCE_YEARS[level]
  const careerStart =
    level === 'In Training' ? NOW_MONTH - rng.int(0, 8) : NOW_MONTH - rng.int(lo, hi) * 12 - rng.int(0, 11)
  const sinceFounded = core.founded * 12 + rng.int(0, 11)
  const tenure = rng.int(3, Math.max(3, Math.min(120, NOW_MONTH - careerStart)))
  const currentStart = Math.min(NOW_MONTH, Math.max(careerStart, sinceFounded, NOW_MONTH - tenure))
  const jobs: Job[] = [{ company: current, outsideName: null, nameOnly: false, ...now, start: currentStart, end: null }]
  const ladderIndex = level === 'Others' ? 4 : SENIORITY_LADDER.indexOf(level)
  let cursor = currentStart - rng.int(0, 3)
  for (let k = 1; k <= 6 && cursor - 8 > careerStart; k++) {
    const end = cursor - 1
    const start = Math.max(careerStart, end - rng.int(12, 60) + 1)
    const promoted = k === 1 && rng.chance(0.15) && core.founded * 12 <= start
    const employer = promoted
      ? { company: current, outsideName: null, nameOnly: false }
      : pastEmployer(ctx, rng, start, current)
    const employerCore = employer.company === null ? core : companyCore(ctx, employer.company)
    const pastLevel = SENIORITY_LADDER[
      Math.min(5, ladderIndex + (rng.chance(0.6) ? Math.ceil(k * 0.8) : k - 1))
    ] as Seniority
    const sameDepartment = rng.chance(0.8) && now.cls.department !== 'Others' ? now.cls.department : undefined
    const role = pickRole(rng, employerCore, pastLevel, sameDepartment === 'General' ? undefined : sameDepartment)
    jobs.push({ ...employer, ...role, start, end })
    cursor = start - rng.int(0, 4)
  }
  return { jobs, careerStart }
}

function degree(
  school: number,
  ctx: DemoContext,
  degreeName: string,
  field: string,
  start: number,
  end: number,
): Education {
  const s = schoolCore(ctx, school)
  return {
    school: s.name,
    school_id: s.school_id,
    degree: degreeName,
    field,
    start: monthString(start),
    end: monthString(end),
  }
}

function education(
  ctx: DemoContext,
  rng: Rng,
  country: Country,
  department: Department,
  level: Seniority,
  careerStart: number,
): Education[] {
  const fields = FIELDS_OF_STUDY[department] ?? FIELDS_OF_STUDY.default ?? []
  const field = rng.pick(fields)
  const startYear = Math.floor(careerStart / 12)
  // The first degree ends the June before the career starts (or the coming June for students).
  let gradYear = level === 'In Training' ? NOW_YEAR + rng.int(0, 2) : careerStart % 12 < 5 ? startYear - 1 : startYear
  const out: Education[] = []
  const research = department === 'Research' || department === 'Data Science'
  if (level !== 'In Training' && research && rng.chance(0.3)) {
    out.push(degree(pickSchool(ctx, rng, country), ctx, DEGREES.phd, field, (gradYear - 5) * 12 + 8, gradYear * 12 + 5))
    gradYear -= 5
  } else if (level !== 'In Training' && rng.chance(0.25)) {
    out.push(
      degree(
        pickSchool(ctx, rng, country),
        ctx,
        rng.pick(DEGREES.master),
        field,
        (gradYear - 2) * 12 + 8,
        gradYear * 12 + 5,
      ),
    )
    gradYear -= 2
  }
  out.push(
    degree(
      pickSchool(ctx, rng, country),
      ctx,
      rng.pick(DEGREES.bachelor),
      field,
      (gradYear - 4) * 12 + 8,
      gradYear * 12 + 5,
    ),
  )
  const senior = level === 'C-Suite' || level === 'VP' || level === 'Director / Head' || level === 'Manager'
  const mbaYear = startYear + rng.int(3, 10)
  if (senior && rng.chance(0.15) && mbaYear <= NOW_YEAR - 2) {
    out.unshift(
      degree(
        pickSchool(ctx, rng, country),
        ctx,
        DEGREES.mba,
        'Business Administration',
        mbaYear * 12 + 8,
        (mbaYear + 2) * 12 + 5,
      ),
    )
  }
  return out
}

function employmentEntry(ctx: DemoContext, job: Job): Employment {
  const core = job.company === null ? null : companyCore(ctx, job.company)
  const linked = core !== null && !job.nameOnly
  return {
    company: job.outsideName ?? core?.name ?? null,
    company_id: linked ? core.domain : null,
    domain: linked ? core.domain : null,
    title: job.title,
    department: job.cls.department,
    seniority: job.cls.seniority,
    start: monthString(job.start),
    end: job.end === null ? null : monthString(job.end),
  }
}

const nameSlugs = new Map<string, string>()

// Names come from fixed lists, so their slugs are computed once (slugify's NFD pass is not cheap).
function nameSlug(name: string): string {
  let slug = nameSlugs.get(name)
  if (slug === undefined) nameSlugs.set(name, (slug = slugify(name)))
  return slug
}

function nameGroup(rng: Rng, country: Country): NameGroup {
  if (rng.chance(0.75)) return rng.pick(country.nameGroups)
  return rng.pick(rng.pick(COUNTRIES).nameGroups)
}

function directAccess(rng: Rng, level: Seniority): boolean | null {
  if (rng.chance(0.12)) return null
  if (level === 'C-Suite' || level === 'VP') return true
  if (level === 'Director / Head') return rng.chance(0.7)
  return level === 'Manager' ? rng.chance(0.15) : false
}

function governance(rng: Rng, title: string, level: Seniority, core: CompanyCore): string[] {
  const out: string[] = []
  if (/founder/i.test(title) || (level === 'C-Suite' && core.employees < 200 && rng.chance(0.45))) out.push('founder')
  if (/owner/i.test(title)) out.push('owner')
  if (/board member/i.test(title) || (level === 'C-Suite' && rng.chance(0.1))) out.push('board_member')
  if (rng.chance(0.015)) out.push('advisor')
  return out
}

export function personRecord(ctx: DemoContext, index: number): Person {
  const rng = rngFor(ctx.seed, STREAM.person, index)
  const current = pickCompany(ctx, rng, ctx.config.flagshipShare)
  const core = companyCore(ctx, current)
  // A few people hold titles no rule can read: they are the org chart's Others row and column.
  const oddTitle = rng.chance(0.03) ? rng.pick(ODD_TITLES) : null
  const now = oddTitle ? { title: oddTitle, cls: classifyTitle(oddTitle) } : pickRole(rng, core, null)
  const { jobs, careerStart } = career(ctx, rng, current, core, now)
  const country = rng.chance(0.9) ? core.country : rng.pick(COUNTRIES)
  const city = country === core.country && rng.chance(0.7) ? core.city : rng.pick(country.cities)
  const group = nameGroup(rng, country)
  const first = rng.pick(FIRST_NAMES[group])
  const last = rng.pick(LAST_NAMES[group])
  const slug = `${nameSlug(first)}-${nameSlug(last)}-${ctx.personSlugs.at(index).toString(16).padStart(6, '0')}`
  const department = now.cls.department
  const level = now.cls.seniority
  const skills = [
    ...rng.sample(DEPARTMENT_SKILLS[department] ?? [], rng.int(3, 5)),
    ...rng.sample(core.industry.tech, rng.int(1, 3)),
  ]
  const certificationPool = CERTIFICATIONS[department] ?? []
  const years = Math.max(0, Math.floor((NOW_MONTH - careerStart) / 12))
  const previous = [...new Set(jobs.slice(1).map((j) => employmentEntry(ctx, j).company ?? ''))].slice(0, 2)
  return {
    name: `${first} ${last}`,
    first_name: first,
    last_name: last,
    headline: rng.chance(0.7) ? `${now.title} at ${core.name}` : `${now.title} | ${skills.slice(0, 2).join(' · ')}`,
    summary:
      `${now.title} at ${core.name} with ${years} ${years === 1 ? 'year' : 'years'} of experience` +
      `${previous.length > 0 ? `, previously at ${joinWords(previous)}` : ''}. ` +
      `Works on ${joinWords(skills.slice(0, 3).map((s) => s.toLowerCase()))} in ${core.industry.name.toLowerCase()}.`,
    title: now.title,
    profile_url: `linkedin.com/in/${slug}`,
    location: { city: city.name, state: city.state, country: country.name },
    current_employer: {
      company: core.name,
      company_id: core.domain,
      domain: core.domain,
      industry: core.industry.name,
    },
    department,
    sub_department: now.cls.sub_department,
    seniority: level,
    skills,
    certifications: certificationPool.length > 0 && rng.chance(0.3) ? rng.sample(certificationPool, rng.int(1, 2)) : [],
    languages: [...new Set(['English', ...rng.sample(country.languages, rng.int(1, country.languages.length))])],
    employment_history: jobs.map((j) => employmentEntry(ctx, j)),
    education: education(ctx, rng, country, department, level, careerStart),
    has_direct_access_to_c_suite: directAccess(rng, level),
    employment_type:
      level === 'In Training'
        ? 'intern'
        : ((['full_time', 'part_time', 'contract', 'freelance'] as const)[rng.weighted([88, 4, 6, 2])] ?? 'full_time'),
    governance_level: governance(rng, now.title, level, core),
  }
}
