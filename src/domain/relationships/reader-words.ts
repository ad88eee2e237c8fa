// The words the relationships question reader (reader.ts) recognises: the cues that refuse a
// question or pick its route, basis and institution kind, the words that are never a company's
// name, and the people constraints (seniority, department, country) of one side's part.
import type { PeopleConstraints } from '../../contract/relationships.ts'

export const TENANT_LIST =
  /\b(?:my|our)\s+(?:(?:saved\s+)?lists?|crm|accounts|pipeline|contacts|customers|prospects|leads|spreadsheet|book of business|target accounts)\b/
export const TENANT =
  /\b(?:our|my)\s+(?:team|teams|company|org|organi[sz]ation|employees|colleagues|staff|people|firm|startup|network|connections|founders?|sales team|reps)\b|\b(?:do i|can i|could i|should i|i know|introduce me|connect me)\b/
/** Case-sensitive: "US" is a country, "us" the caller. */
export const TENANT_PRONOUN = /\b(?:[Ww]e|us|[Oo]urs)\b/
export const PRE_RESOLVE =
  /\b(?:competitors?|rivals?|similar (?:companies|to)|companies like|look-?alikes?|subsidiar(?:y|ies)|owned by|parent compan(?:y|ies)|portfolio compan(?:y|ies)|peers of|acquired by|acquisitions of)\b/
export const BOTH_PERSON =
  /\b(?:worked|been|work|works)\s+(?:at|for|in)\s+both\b|\b(?:one|same|single|a)\s+(?:person|individual|employee|people)\b[^.?!]*\bboth\b/
export const SECOND_QUESTION = /\?\s*\S|\b(?:and also|as well as|and then also)\b/
export const INSTITUTIONS_CUE =
  /\b(?:shared|common|mutual|same|overlapping)\s+(?:employers?|schools?|universit(?:y|ies)|colleges?|institutions?|companies|alma maters?|workplaces?)\b|\b(?:employers?|schools?|universit(?:y|ies)|institutions?)\s+(?:in common|they share|both)\b|\bwhere did\b[^?]*\bboth\b/
export const COMPARE_CUE =
  /\bcompare\b|\bversus\b|\bvs\.?(?=\s)|\b(?:better|more|most|stronger|best) connected\b|\bstronger (?:ties|connections)\b/
export const FAN_OUT_CUE =
  /\bfor (?:each|every)\b|\beach of (?:them|those|these)\b|\bdrill (?:down|into)\b|\bfor the top\s+\d+\b|\bthen (?:show|list|find)\b/
export const CONNECT_CUE =
  /\b(?:connected|connections?|connect|linked|links?|ties|tied|know|knows|knew|known|relationships?|overlap(?:ped|ping)?|worked (?:with|alongside)|(?:went to (?:school|college|university)|studied) with|colleagues|classmates|network|between|paths?|reach|in common with)\b/
export const FORMER_AT =
  /\b(?:used to work(?:\s+(?:at|for))?|previously (?:worked )?(?:at|for)|formerly (?:at|of|with)|worked (?:at|for)|came from|alumni of|former|ex-)\s*$/
export const SHARED_BASIS =
  /\b(?:ever|at any (?:point|time)|at some point|not necessarily at the same time|regardless of when)\b/
export const PAST = /\b(?:former|formerly|previous|previously|used to|past|ex-)\b/
const EDUCATION =
  /\b(?:schools?|universit(?:y|ies)|colleges?|studied|classmates|alumni|alma maters?|education|degrees?)\b/
const EMPLOYMENT = /\b(?:worked together|worked with|colleagues|co-?workers|employers?|jobs?|workplaces?)\b/

const SENIORITY_WORDS: [string, RegExp][] = [
  [
    'C-Suite',
    /\b(?:ceos?|ctos?|cfos?|cmos?|coos?|cios?|chief [a-z]+ officers?|c-suite|c-level|executives|founders?)\b/,
  ],
  ['VP', /\b(?:vps?|vice presidents?|svps?|evps?)\b/],
  ['Director / Head', /\b(?:directors?|heads? of)\b/],
  ['Manager', /\bmanagers?\b/],
  ['Entry', /\b(?:junior|entry[- ]level|graduates?)\b/],
  ['In Training', /\b(?:interns?|trainees?|apprentices?)\b/],
]
const DEPARTMENT_WORDS: [string, RegExp][] = [
  ['Engineering', /\b(?:engineering|engineers?|developers?|software|devops)\b/],
  ['Sales', /\b(?:sales|salespeople|account executives?)\b/],
  ['Marketing', /\b(?:marketing|marketers?)\b/],
  ['Finance', /\b(?:finance|accountants?|accounting)\b/],
  ['Human Resources', /\b(?:hr|human resources|recruiters?|recruiting)\b/],
  ['Operations', /\boperations\b/],
  ['Product', /\b(?:product managers?|product management|product)\b/],
  ['Design', /\b(?:design|designers?)\b/],
  ['Customer Success', /\bcustomer success\b/],
  ['Legal', /\b(?:legal|lawyers?|counsel|attorneys?)\b/],
  ['Data Science', /\b(?:data scien(?:ce|tists?)|machine learning)\b/],
  ['Research', /\b(?:research|researchers?)\b/],
]

/** Short forms people write for the corpus' country names (lower-cased). */
export const COUNTRY_ALIASES: Record<string, string> = {
  us: 'United States',
  usa: 'United States',
  uk: 'United Kingdom',
  uae: 'United Arab Emirates',
}

/** Capitalised words that are question words, roles or places, never a company's first word. */
export const COMMON = new Set(
  (
    'who which what where when how show list find compare give get can could do does did is are was were the a an our my we i and or at in to from of for ' +
    'between with people person anyone someone employees staff team vp vps ceo ceos cto ctos cfo coo director directors head heads manager managers ' +
    'engineer engineers founders executives please tell me all any connected connections shared common schools school employers university ' +
    'versus vs then top each every also both former ex alumni linkedin'
  ).split(' '),
)

export const roleWord = (w: string) =>
  SENIORITY_WORDS.some(([, re]) => re.test(w)) || DEPARTMENT_WORDS.some(([, re]) => re.test(w))

/** Department, seniority and country words of one side's part of the question. */
export function peopleOf(segment: string, countryNames: string[]): PeopleConstraints | undefined {
  const seniority = SENIORITY_WORDS.filter(([, re]) => re.test(segment)).map(([v]) => v) as NonNullable<
    PeopleConstraints['seniority']
  >
  const department = DEPARTMENT_WORDS.filter(([, re]) => re.test(segment)).map(([v]) => v)
  const named = countryNames.filter((c) =>
    new RegExp(`\\b${c.toLowerCase().replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}\\b`).test(segment),
  )
  // "us" in lower case was refused as the caller's own side before this point: here it is "US".
  const aliased = Object.entries(COUNTRY_ALIASES)
    .filter(([alias]) => new RegExp(`\\b${alias}\\b`).test(segment))
    .map(([, c]) => c)
  const country = [...new Set([...named, ...aliased])]
  const people = {
    ...(country.length ? { country } : {}),
    ...(department.length ? { department } : {}),
    ...(seniority.length ? { seniority } : {}),
  }
  return Object.keys(people).length ? people : undefined
}

export function institutionType(t: string): 'employment' | 'education' | null {
  const edu = EDUCATION.test(t)
  const emp = EMPLOYMENT.test(t)
  return edu === emp ? null : edu ? 'education' : 'employment'
}
