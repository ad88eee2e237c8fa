// Demo patents and news articles: applicants and subjects are corpus companies, and news about
// funding or acquisitions reports the rounds and deals the companies themselves carry.
import type { NewsArticle, Patent } from '../../contract/records.ts'
import { chiefTitleOf, DEPARTMENTS } from '../taxonomy.ts'
import { COUNTRIES, FIRST_NAMES, LAST_NAMES, slugify, type Country } from './geo.ts'
import { INDUSTRIES } from './industries.ts'
import {
  FLAGSHIP_WEIGHTS,
  acquiredBy,
  acquisitionsOf,
  companyCore,
  companyFunding,
  formatUsd,
  joinWords,
  pickCompany,
  withArticle,
  type CompanyCore,
} from './companies.ts'
import { NOW_MONTH, NOW_YEAR, dateString, isoSecondsAgo, type DemoContext } from './context.ts'
import { STREAM, rngFor, type Rng } from './prng.ts'
import { NEWS_OUTLETS } from './words.ts'

export function personName(rng: Rng, country: Country): string {
  const group = rng.chance(0.8) ? rng.pick(country.nameGroups) : rng.pick(rng.pick(COUNTRIES).nameGroups)
  return `${rng.pick(FIRST_NAMES[group])} ${rng.pick(LAST_NAMES[group])}`
}

/** A corpus company that is not an investor firm (those neither patent nor launch products). */
export function pickOperatingCompany(ctx: DemoContext, rng: Rng, flagshipShare: number): number {
  for (let tries = 0; tries < 4; tries++) {
    const index = pickCompany(ctx, rng, flagshipShare)
    if (companyCore(ctx, index).kind !== 'investor') return index
  }
  return rng.weighted(FLAGSHIP_WEIGHTS)
}

const pad = (n: number, width: number) => String(n).padStart(width, '0')

function randomDate(rng: Rng, fromYear: number): { year: number; month: number; day: number; iso: string } {
  const months = NOW_MONTH - 1 - fromYear * 12
  const m = fromYear * 12 + rng.int(0, Math.max(0, months))
  const year = Math.floor(m / 12)
  const month = (m % 12) + 1
  const day = rng.int(1, 28)
  return { year, month, day, iso: dateString(year, month, day) }
}

// ---- Patents ----

const PATENT_OFFICES: Record<string, { office: string; name: string }> = {
  US: { office: 'US', name: 'United States Patent and Trademark Office' },
  EP: { office: 'EP', name: 'European Patent Office' },
  JP: { office: 'JP', name: 'Japan Patent Office' },
  WO: { office: 'WO', name: 'World Intellectual Property Organization' },
}
const EUROPEAN = new Set(['GB', 'DE', 'FR', 'NL', 'SE', 'ES', 'IE', 'CH'])

export function patentRecord(ctx: DemoContext, index: number): Patent {
  const rng = rngFor(ctx.seed, STREAM.patent, index)
  const company = pickOperatingCompany(ctx, rng, 0.3)
  const core = companyCore(ctx, company)
  const industry = core.industry.cpc.length > 0 ? core.industry : (INDUSTRIES[0] as (typeof INDUSTRIES)[number])
  const topic = rng.pick(industry.patentTopics)
  const lead = rng.pick(['System and method for', 'Method for', 'Apparatus and method for', 'Systems and methods for'])
  const classes = rng.sample(industry.cpc, rng.int(1, 3))
  const filed = randomDate(rng, Math.max(core.founded + 1, 2004))
  const office = rng.chance(0.12)
    ? 'WO'
    : EUROPEAN.has(core.country.code)
      ? 'EP'
      : core.country.code === 'JP'
        ? 'JP'
        : 'US'
  const grantMonth = filed.year * 12 + filed.month - 1 + rng.int(18, 40)
  const granted = office !== 'WO' && grantMonth < NOW_MONTH && rng.chance(0.7)
  const p = ctx.patentNumbers.at(index)
  const pubYear = filed.year + 1 <= NOW_YEAR ? filed.year + 1 : filed.year
  const applicationPub = `${office}${pubYear}${pad(p, 7)}A1`
  const grantedNumber = `${office}${(office === 'US' ? 10_000_000 : office === 'EP' ? 3_000_000 : 7_000_000) + p}B${office === 'EP' ? 1 : 2}`
  const grantDate = dateString(Math.floor(grantMonth / 12), (grantMonth % 12) + 1, rng.int(1, 28))
  const inventors = Array.from({ length: rng.int(1, 5) }, () => ({ name: personName(rng, core.country) }))
  const applicant = (c: CompanyCore) => ({
    name: c.name,
    company_id: c.domain,
    company_connection: { company_id: c.domain, country: c.country.code },
    country: { code: c.country.code, name: c.country.name },
  })
  const coApplicant = rng.chance(0.1) ? pickOperatingCompany(ctx, rng, 0.3) : company
  const applicants = [applicant(core), ...(coApplicant !== company ? [applicant(companyCore(ctx, coApplicant))] : [])]
  const publications = [
    {
      number: applicationPub,
      date: dateString(pubYear, filed.month, filed.day),
      granted: false,
      kind_code: 'A1',
      status: 'published',
    },
    ...(granted
      ? [
          {
            number: grantedNumber,
            date: grantDate,
            granted: true,
            kind_code: grantedNumber.slice(-2),
            status: 'granted',
          },
        ]
      : []),
  ]
  const officeInfo = PATENT_OFFICES[office] ?? { office, name: office }
  return {
    patent_id: granted ? grantedNumber : applicationPub,
    title: `${lead} ${topic}`,
    abstract:
      `Disclosed are systems and methods for ${topic}. ` +
      `The approach combines ${joinWords(rng.sample(industry.tech, 2))} ` +
      `so that ${rng.pick(industry.clients)} can ${rng.pick(industry.value)}. ` +
      `Embodiments cover ${classes.map((c) => c.definition.toLowerCase()).join('; ')}.`,
    status: granted ? 'granted' : 'applied',
    granted_date: granted ? grantDate : null,
    created_at: `${filed.iso}T00:00:00.000Z`,
    family_number: String(100_000_000 + p),
    tags: rng.sample(industry.keywords, rng.int(2, 4)),
    classification: classes.map((c) => c.code),
    classification_detail: classes.map((c) => ({ code: c.code, definition: c.definition })),
    applicants,
    inventors,
    application: {
      number: `${office}${filed.year}/${pad(p % 1_000_000, 6)}`,
      filed: filed.iso,
      kind_code: 'A',
      office,
      office_name: officeInfo.name,
      type: 'utility',
    },
    priority: [{ number: `${office}${filed.year}/${pad(p % 1_000_000, 6)}`, date: filed.iso }],
    publications,
  }
}

// ---- News ----

interface Story {
  kind: string
  title: string
  summary: string
  paragraphs: string[]
  date: string | null
  direct: CompanyCore[]
  linked: CompanyCore[]
  products: string[]
  cities: string[]
  /** Countries named beyond those of the companies involved. */
  countries?: string[]
}

function fundingStory(ctx: DemoContext, rng: Rng, company: number, core: CompanyCore): Story | null {
  const rounds = companyFunding(ctx, company).rounds
  if (rounds.length === 0) return null
  const round = rng.pick(rounds)
  const investors = round.investors.map((i) => companyCore(ctx, i))
  const leads = investors.slice(0, round.leads).map((c) => c.name)
  const amount = formatUsd(round.amount)
  return {
    kind: 'funding',
    title: `${core.name} raises ${amount} ${round.type} led by ${joinWords(leads)}`,
    summary: `${core.name}, the ${core.city.name}-based ${core.industry.name.toLowerCase()} company, closed a ${amount} ${round.type} round.`,
    paragraphs: [
      `${core.name} announced a ${amount} ${round.type} round led by ${joinWords(leads)}` +
        `${investors.length > round.leads ? `, with participation from ${joinWords(investors.slice(round.leads).map((c) => c.name))}` : ''}.`,
      `The company plans to use the funding to expand its teams and help ${rng.pick(core.industry.clients)} ${rng.pick(core.industry.value)}.`,
    ],
    date: round.date,
    direct: [core],
    linked: investors,
    products: [],
    cities: [core.city.name],
  }
}

function acquisitionStory(ctx: DemoContext, rng: Rng, company: number): Story | null {
  const deals = [...acquisitionsOf(ctx, company), ...[acquiredBy(ctx, company)].filter((d) => d !== null)]
  if (deals.length === 0) return null
  const deal = rng.pick(deals)
  const buyer = companyCore(ctx, deal.acquirer)
  const target = companyCore(ctx, deal.target)
  const price = deal.deal.amount_usd ? ` for ${formatUsd(deal.deal.amount_usd)}` : ''
  return {
    kind: 'acquisition',
    title: `${buyer.name} acquires ${target.name}${price}`,
    summary: `${buyer.name} agreed to buy ${target.name}${price ? `${price}` : ' for an undisclosed sum'}.`,
    paragraphs: [
      `${buyer.name} has acquired ${target.name}, ${withArticle(target.industry.name.toLowerCase())} company based in ${target.city.name}.`,
      `The deal adds ${target.name}'s team of about ${target.employees} people to ${buyer.name}, which will keep the ${target.name} brand.`,
    ],
    date: deal.deal.announced_on ?? null,
    direct: [buyer, target],
    linked: [],
    products: [],
    cities: [buyer.city.name, target.city.name],
  }
}

function eventStory(ctx: DemoContext, rng: Rng, kind: string, core: CompanyCore): Story {
  const product = `${core.brand} ${rng.pick(core.industry.products).suffix}`
  const base = {
    kind,
    date: null,
    direct: [core],
    linked: [] as CompanyCore[],
    products: [] as string[],
    cities: [core.city.name],
  }
  switch (kind) {
    case 'partnership': {
      const other = companyCore(ctx, pickOperatingCompany(ctx, rng, 0.2))
      const topic = rng.pick(core.industry.keywords)
      return {
        ...base,
        title: `${core.name} and ${other.name} partner on ${topic}`,
        summary: `The two companies will integrate ${product} with ${other.name}'s offerings.`,
        paragraphs: [
          `${core.name} and ${other.name} announced a partnership focused on ${topic}.`,
          `Customers of ${other.name} will get access to ${product}, which ${core.name} says helps ${rng.pick(core.industry.clients)} ${rng.pick(core.industry.value)}.`,
        ],
        direct: [core, other],
        products: [product],
        cities: [core.city.name, other.city.name],
      }
    }
    case 'expansion': {
      const country = rng.pick(COUNTRIES.filter((c) => c !== core.country))
      const city = rng.pick(country.cities)
      return {
        ...base,
        title: `${core.name} opens office in ${city.name} to serve ${country.region} customers`,
        summary: `${core.name} is expanding into ${country.name} with a new office in ${city.name}.`,
        paragraphs: [
          `${core.name} will open an office in ${city.name}, ${country.name}, its first in the city.`,
          `The team will sell and support ${product} for ${rng.pick(core.industry.clients)} across ${country.region}.`,
        ],
        products: [product],
        cities: [core.city.name, city.name],
        countries: [country.name],
      }
    }
    case 'hire': {
      const department = rng.pick(DEPARTMENTS.slice(0, 11))
      const who = personName(rng, core.country)
      return {
        ...base,
        title: `${core.name} appoints ${who} as ${chiefTitleOf(department)}`,
        summary: `${who} joins ${core.name} to lead ${department.toLowerCase()}.`,
        paragraphs: [
          `${core.name} has named ${who} its new ${chiefTitleOf(department)}.`,
          `${who} will lead ${department.toLowerCase()} as the company scales ${product}.`,
        ],
      }
    }
    case 'results': {
      const growth = rng.int(8, 85)
      return {
        ...base,
        title: `${core.name} reports ${growth}% revenue growth on demand for ${product}`,
        summary: `${core.name} grew revenue ${growth}% year over year.`,
        paragraphs: [
          `${core.name} said revenue rose ${growth}% compared with the previous year, driven by ${product}.`,
          `The company expects demand from ${rng.pick(core.industry.clients)} to keep growing.`,
        ],
        products: [product],
      }
    }
    default:
      return {
        ...base,
        kind: 'launch',
        title: `${core.name} launches ${product} for ${rng.pick(core.industry.clients)}`,
        summary: `${product} is ${rng.pick(core.industry.products).description}.`,
        paragraphs: [
          `${core.name} today launched ${product}, designed to help customers ${rng.pick(core.industry.value)}.`,
          `It is built on ${joinWords(rng.sample(core.industry.tech, 3))} and is available in ${core.country.name} first.`,
        ],
        products: [product],
      }
  }
}

const NEWS_KINDS = ['funding', 'launch', 'partnership', 'acquisition', 'expansion', 'hire', 'results'] as const
const NEWS_KIND_WEIGHTS = [25, 20, 15, 10, 10, 10, 10]

export function newsRecord(ctx: DemoContext, index: number): NewsArticle {
  const rng = rngFor(ctx.seed, STREAM.news, index)
  const company = pickOperatingCompany(ctx, rng, 0.3)
  const core = companyCore(ctx, company)
  const kind = NEWS_KINDS[rng.weighted(NEWS_KIND_WEIGHTS)] as (typeof NEWS_KINDS)[number]
  const story =
    (kind === 'funding' ? fundingStory(ctx, rng, company, core) : null) ??
    (kind === 'acquisition' ? acquisitionStory(ctx, rng, company) : null) ??
    eventStory(ctx, rng, kind === 'funding' || kind === 'acquisition' ? 'launch' : kind, core)
  const offset = ctx.newsSeconds.at(index)
  // Dated events are reported within three days; other stories fall in the last three years.
  const published = story.date
    ? new Date(Date.parse(`${story.date}T00:00:00.000Z`) + (offset % (3 * 86_400)) * 1000).toISOString()
    : isoSecondsAgo(offset)
  const outlet = rng.pick(NEWS_OUTLETS)
  const ref = (c: CompanyCore) => ({ name: c.name, domain: c.domain })
  const places = [...new Set(story.cities)]
  const countries = [...new Set([...story.direct.map((c) => c.country.name), ...(story.countries ?? [])])]
  return {
    title: story.title,
    author: personName(rng, rng.pick(COUNTRIES)),
    summary: story.summary,
    content: [
      ...story.paragraphs,
      `${core.name} was founded in ${core.founded} and employs about ${core.employees} people.`,
    ].join('\n\n'),
    language: 'en',
    link: `https://${outlet.domain}/${published.slice(0, 4)}/${published.slice(5, 7)}/${slugify(story.title).slice(0, 80)}-${offset.toString(36)}`,
    published_at: published,
    updated_at: published,
    tags: [story.kind, ...rng.sample(core.industry.keywords, 2)],
    products: story.products,
    places: { cities: places, countries },
    publication: {
      domain: outlet.domain,
      link: `https://${outlet.domain}`,
      popularity_rank: outlet.rank,
      title: outlet.title,
    },
    companies: { direct_link: story.direct.map(ref), linked: story.linked.map(ref) },
  }
}
