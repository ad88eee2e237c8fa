// Identifier normalisation (platform §4.7 rules 1–2; data-routes §2.8, §4.3): domains, professional
// profile, company and school page URLs, DOIs, patent numbers, anchor shape inference, upsert keys.
import { domainToASCII } from 'node:url'
import { CATEGORY_IDENTIFIERS, type EntityCategory } from '../contract/records.ts'

// The contract's neutral <professional_network_host>; country and mobile subdomains are accepted.
export const PROFESSIONAL_HOST = 'linkedin.com'
const PROFESSIONAL_HOST_RE = /^(?:[a-z]{2,3}\.)?linkedin\.com$/

const LABEL_RE = /^[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?$/
const TLD_RE = /^(?:[a-z]{2,63}|xn--[a-z0-9-]{1,59})$/

interface UrlParts {
  host: string
  path: string[]
}

// Tolerant split of something pasted: optional scheme, userinfo, port, query and fragment.
function splitUrl(input: string): UrlParts | null {
  let s = input.trim()
  if (s.length === 0 || /\s/.test(s)) return null
  s = s.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '').replace(/^\/\//, '')
  const cut = s.search(/[/?#]/)
  let host = (cut < 0 ? s : s.slice(0, cut)).toLowerCase()
  const rest = cut < 0 ? '' : s.slice(cut)
  host = host
    .replace(/^[^@]*@/, '')
    .replace(/:\d*$/, '')
    .replace(/\.$/, '')
  if (/[^\x20-\x7e]/.test(host)) host = domainToASCII(host)
  const pathOnly = rest.replace(/[?#].*$/, '')
  const path = pathOnly.split('/').filter((p) => p.length > 0)
  return { host, path }
}

function isDomainName(host: string): boolean {
  if (host.length === 0 || host.length > 253) return false
  const labels = host.split('.')
  if (labels.length < 2) return false
  return labels.every((l) => LABEL_RE.test(l)) && TLD_RE.test(labels[labels.length - 1] ?? '')
}

/** `HTTPS://www.Acme.com:443/about?x` → `acme.com`; null when the host is not a domain name. */
export function normaliseDomain(input: string): string | null {
  const parts = splitUrl(input)
  if (!parts) return null
  const host = parts.host.replace(/^www\./, '')
  return isDomainName(host) ? host : null
}

function decodeSlug(raw: string): string | null {
  let slug: string
  try {
    slug = decodeURIComponent(raw)
  } catch {
    return null
  }
  slug = slug.normalize('NFC').toLowerCase()
  return /^[\p{L}\p{N}_-]+$/u.test(slug) ? slug : null
}

function professionalPage(input: string, kind: 'in' | 'company' | 'school'): string | null {
  const parts = splitUrl(input)
  if (!parts) return null
  const host = parts.host.replace(/^(?:www|m)\./, '')
  if (!PROFESSIONAL_HOST_RE.test(host)) return null
  const [section, raw] = parts.path
  if (section?.toLowerCase() !== kind || raw === undefined) return null
  const slug = decodeSlug(raw)
  return slug ? `${PROFESSIONAL_HOST}/${kind}/${slug}` : null
}

/** A person's profile URL reduced to `linkedin.com/in/<slug>` (§4.7 rule 2); null otherwise. */
export function normaliseProfileUrl(input: string): string | null {
  return professionalPage(input, 'in')
}

/** A company page reduced to `linkedin.com/company/<slug>`; sub-pages (`/about`, `/jobs`) are dropped. */
export function normaliseCompanyPageUrl(input: string): string | null {
  return professionalPage(input, 'company')
}

/** A school page reduced to `linkedin.com/school/<slug>`. */
export function normaliseSchoolPageUrl(input: string): string | null {
  return professionalPage(input, 'school')
}

export type AnchorKind = 'domain' | 'li_url' | 'name'

/**
 * Shape inference for `by: auto` (data-routes §4.3 rule 2, §4.4): any professional-network page
 * is `li_url`, anything else that reduces to a domain is `domain`, the rest is a `name`.
 */
export function classifyAnchor(value: string): AnchorKind {
  if (normaliseProfileUrl(value) ?? normaliseCompanyPageUrl(value) ?? normaliseSchoolPageUrl(value)) return 'li_url'
  return normaliseDomain(value) ? 'domain' : 'name'
}

/** `https://doi.org/10.5555/Demo.1` → `10.5555/demo.1` (DOIs are case-insensitive). */
export function normaliseDoi(input: string): string | null {
  const doi = input
    .trim()
    .replace(/^https?:\/\/(?:dx\.)?doi\.org\//i, '')
    .replace(/^doi:\s*/i, '')
    .toLowerCase()
  return /^10\.\d{4,9}\/\S+$/.test(doi) ? doi : null
}

/** `us 11 234 567 b2` → `US11234567B2`. */
export function normalisePatentNumber(input: string): string | null {
  const id = input.replace(/\s+/g, '').toUpperCase()
  return id.length > 0 ? id : null
}

/** Name key for matching by name: trimmed, lower-cased, inner whitespace collapsed. */
export function normaliseName(input: string): string {
  return input.trim().replace(/\s+/g, ' ').toLowerCase()
}

/** The entity id of a category as lists store it (platform §4.7 rules 1–2); null when unusable. */
export function normaliseEntityId(category: EntityCategory, id: string): string | null {
  switch (category) {
    case 'company':
      return normaliseDomain(id)
    case 'person':
      return normaliseProfileUrl(id)
    case 'academic_report':
      return normaliseDoi(id)
    case 'patent':
      return normalisePatentNumber(id)
    default: {
      const trimmed = id.trim()
      return trimmed.length > 0 ? trimmed : null
    }
  }
}

const FIELD_NORMALISERS: Record<string, (value: string) => string | null> = {
  domain: normaliseDomain,
  company_domain: normaliseDomain,
  profile_url: normaliseProfileUrl,
  patent_id: normalisePatentNumber,
  doi: normaliseDoi,
}

function keyValue(category: EntityCategory, field: string, value: unknown): string | null {
  if (typeof value !== 'string') return null
  if (category === 'company' && field === 'professional_url') return normaliseCompanyPageUrl(value)
  const normaliser = FIELD_NORMALISERS[field]
  if (normaliser) return normaliser(value)
  const trimmed = value.trim()
  return trimmed.length > 0 ? trimmed : null
}

/**
 * The upsert key of a record (CATEGORY_IDENTIFIERS): the first key whose fields are all present,
 * as `field=value&…` with normalised values; null when no key is complete (insert, never merge).
 */
export function naturalKey(category: EntityCategory, record: Readonly<Record<string, unknown>>): string | null {
  for (const fields of CATEGORY_IDENTIFIERS[category].keys) {
    const parts: string[] = []
    for (const field of fields) {
      const value = keyValue(category, field, record[field])
      if (value === null) break
      parts.push(`${field}=${encodeURIComponent(value)}`)
    }
    if (parts.length === fields.length) return parts.join('&')
  }
  return null
}
