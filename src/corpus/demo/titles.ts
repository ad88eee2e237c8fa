// Job titles the demo generator writes for a (department, sub-department, seniority) choice.
// The generator then reads the title back with classifyTitle, so records carry exactly what the
// classifier says (test/unit/taxonomy.test.ts checks these templates land where they were aimed).
import { chiefTitleOf, classifyTitle, type Department, type Seniority, type SubDepartment } from '../taxonomy.ts'
import type { Rng } from './prng.ts'

const GENERAL_TITLES: Partial<Record<Seniority, readonly string[]>> = {
  'C-Suite': ['Chief Executive Officer', 'Founder', 'Co-Founder', 'Founder & CEO', 'President', 'Owner'],
  'Director / Head': ['Managing Director', 'Chief of Staff', 'Partner'],
  Manager: ['General Manager'],
}

function managerTitle(rng: Rng, sub: SubDepartment): string {
  const leading = `Manager, ${sub.name}`
  if (sub.name.endsWith('Management') || rng.chance(0.4)) return leading
  const title = rng.chance(0.7) ? `${sub.name} Manager` : `${sub.role} Team Lead`
  // "Growth Product Manager" reads as a role, not a level: fall back to the unambiguous form.
  return classifyTitle(title).seniority === 'Manager' ? title : leading
}

function icTitle(rng: Rng, role: string): string {
  const x = rng.next()
  if (x < 0.42) return role
  if (x < 0.77) return `Senior ${role}`
  if (x < 0.87) return `Lead ${role}`
  if (x < 0.94) return `Principal ${role}`
  return `Staff ${role}`
}

/**
 * A realistic title. `sub` may be null for department-level titles (VP of Sales); IC, Entry and
 * In Training titles always name a sub-department's role.
 */
export function titleFor(rng: Rng, department: Department, sub: SubDepartment | null, seniority: Seniority): string {
  if (department === 'General') {
    const options = GENERAL_TITLES[seniority] ?? GENERAL_TITLES['C-Suite'] ?? []
    return rng.pick(options)
  }
  switch (seniority) {
    case 'C-Suite':
      return chiefTitleOf(department)
    case 'VP':
      if (sub && rng.chance(0.3)) return `VP, ${sub.name}`
      return rng.chance(0.6) ? `VP of ${department}` : `Vice President, ${department}`
    case 'Director / Head':
      if (!sub) return rng.chance(0.5) ? `Director of ${department}` : `Head of ${department}`
      return rng.pick([`Director of ${sub.name}`, `Head of ${sub.name}`, `Senior Director, ${sub.name}`])
    case 'Manager':
      return sub ? managerTitle(rng, sub) : `${department} Manager`
    case 'Entry':
      return sub ? `${rng.chance(0.6) ? 'Junior' : 'Associate'} ${sub.role}` : `Junior ${department} Specialist`
    case 'In Training':
      if (!sub) return `${department} Intern`
      return rng.chance(0.7) ? `${sub.role} Intern` : rng.chance(0.5) ? `${sub.name} Trainee` : `Apprentice ${sub.role}`
    default:
      return sub ? icTitle(rng, sub.role) : `${department} Specialist`
  }
}
