// The texts of a stored record: its weighted full-text fields (A names, B classifying terms,
// C body text, D place) and the text the embedder reads, per category, cut to their limits. Pure.
import type { EntityCategory } from '../../contract/records.ts'
import type { StoredRecord } from './prepare.ts'
import { obj, objs, str, text } from './record-values.ts'

// to_tsvector keeps at most 1 MB of lexemes; long bodies are cut well before, and search ranks on
// the first part of a document anyway. The embedding sees less: SIF averages, so more words dilute.
const MAX_TSV_CHARS = 100_000
const MAX_EMBED_CHARS = 2_000

const cut = (s: string, max: number) => (s.length > max ? s.slice(0, max) : s)

export interface RecordTexts {
  /** Weight A: names and identifiers. */
  a: string
  /** Weight B: classifying terms (industry, keywords, technology, title, tags). */
  b: string
  /** Weight C: body text (description, abstract, summary, content). */
  c: string
  /** Weight D: where it is (a company's city, state and country), so "software Texas" finds Texas by its words. */
  d: string
  /** What the embedder reads. */
  embed: string
}

const names = (v: unknown) => objs(v).map((o) => str(o.name))

/** The texts of a record before cutting: `embed` lists the fields the embedder reads. */
type UncutTexts = Omit<RecordTexts, 'embed' | 'd'> & { d?: string; embed: unknown[] }

function textsOf(category: EntityCategory, r: StoredRecord): UncutTexts {
  switch (category) {
    case 'company':
      return {
        // The domain is no name: at weight C, so every `.ai` domain does not match "ai" as a name would.
        a: text(r.account_name, r.legal_name),
        b: text(
          r.industry,
          r.sub_industry,
          r.other_industries,
          r.company_keyword,
          r.technology,
          r.business_models,
          names(r.products),
        ),
        c: text(
          r.domain,
          r.short_description,
          r.description,
          objs(r.products).map((p) => str(p.description)),
        ),
        d: text(r.city, r.state, r.country),
        embed: [r.account_name, r.industry, r.sub_industry, r.short_description, r.description, r.company_keyword],
      }
    case 'person': {
      const employer = obj(r.current_employer)
      return {
        a: text(r.name),
        b: text(r.title, r.headline, r.skills, employer?.company, r.department, r.sub_department),
        c: text(
          r.summary,
          objs(r.employment_history).map((j) => [str(j.title), str(j.company)]),
          objs(r.education).map((d) => [str(d.school), str(d.field)]),
        ),
        embed: [r.title, r.headline, r.skills, r.summary],
      }
    }
    default:
      return documentTextsOf(category, r)
  }
}

function documentTextsOf(category: Exclude<EntityCategory, 'company' | 'person'>, r: StoredRecord): UncutTexts {
  switch (category) {
    case 'patent':
      return {
        a: text(r.title, r.patent_id),
        b: text(
          r.classification,
          r.tags,
          names(r.applicants),
          objs(r.classification_detail).map((d) => str(d.definition)),
        ),
        c: text(r.abstract),
        embed: [r.title, r.abstract],
      }
    case 'news_article': {
      const companies = obj(r.companies)
      return {
        a: text(r.title),
        b: text(r.tags, r.products, names(companies?.direct_link), names(companies?.linked), obj(r.publication)?.title),
        c: text(r.summary, r.content),
        embed: [r.title, r.summary],
      }
    }
    case 'market_report':
      return {
        a: text(r.title),
        b: text(r.industry, r.publisher),
        c: text(r.body_free ?? r.body),
        embed: [r.title, r.industry, r.body_free ?? r.body],
      }
    case 'funding_round':
      return {
        a: text(r.company),
        b: text(r.type, r.industry, r.investors, r.lead_investors, r.country),
        c: text(r.summary),
        embed: [r.company, r.type, r.industry, r.summary],
      }
    case 'academic_report':
      return {
        a: text(r.title, r.doi),
        b: text(r.keywords, r.fields, r.venue, names(r.authors)),
        c: text(r.abstract),
        embed: [r.title, r.abstract, r.keywords],
      }
    case 'trend':
      return {
        a: text(r.name),
        b: text(r.keywords, r.industries, r.category, r.related_technologies, names(r.related_companies)),
        c: text(r.description),
        embed: [r.name, r.description, r.keywords],
      }
    case 'job_opening':
      return {
        a: text(r.role),
        b: text(r.company, r.department, r.seniority, r.location, r.employment_type),
        c: text(r.description),
        embed: [r.role, r.department, r.description],
      }
  }
}

export function recordTexts(category: EntityCategory, record: StoredRecord): RecordTexts {
  const t = textsOf(category, record)
  return {
    a: cut(t.a, MAX_TSV_CHARS),
    b: cut(t.b, MAX_TSV_CHARS),
    c: cut(t.c, MAX_TSV_CHARS),
    d: cut(t.d ?? '', MAX_TSV_CHARS),
    embed: cut(text(t.embed), MAX_EMBED_CHARS),
  }
}
