// Finding an index value in a person phrase's words (parser-people.ts): a school, an employer, a
// title as the index spells it, whole or by its leading distinctive words, read forwards ("at
// Lumina Cloud who …") or backwards ("Stanford alumni"), never by generic words alone; and the
// Reader that blanks each phrase read out of the text and keeps its filter and span.
import type { Filters } from '../../store/search-filters.ts'

/** Words that start many institution names: never enough alone to name one ("University", "State"). */
const GENERIC = new Set(
  'the of and university college school institute state polytechnic academy national international global general united city saint st royal first new american european peace self-employed freelance group'.split(
    ' ',
  ),
)
/** Words that end a phrase: a following clause or list ("…at Lumina Cloud who …"). */
export const STOP = new Set(
  'a an the and or of for to in on at by with from who whose which that are is was were be been their there'.split(' '),
)
interface PhraseIndex {
  exact: Map<string, string>
  /** The leading words of a value ("lumina" of "Lumina Cloud") → every value they start. */
  leading: Map<string, string[]>
  maxWords: number
}

export const keyOf = (s: string) => s.toLowerCase().trim().replace(/\s+/g, ' ')
const indexes = new WeakMap<string[], PhraseIndex>()

function phraseIndex(values: string[]): PhraseIndex {
  let idx = indexes.get(values)
  if (!idx) {
    idx = { exact: new Map(), leading: new Map(), maxWords: 1 }
    for (const v of values) {
      const key = keyOf(v)
      if (key.length < 3 || STOP.has(key)) continue
      if (!idx.exact.has(key)) idx.exact.set(key, v)
      const words = key.split(' ')
      idx.maxWords = Math.max(idx.maxWords, words.length)
      for (let k = 1; k < words.length; k++) {
        const lead = words.slice(0, k).join(' ')
        if (words[0]!.length < 4 || GENERIC.has(words[0]!) || GENERIC.has(words[k - 1]!)) continue
        const list = idx.leading.get(lead) ?? []
        if (!list.includes(v)) list.push(v)
        idx.leading.set(lead, list)
      }
    }
    indexes.set(values, idx)
  }
  return idx
}

interface Token {
  word: string
  start: number
  end: number
}

/** The words of `s` (trailing punctuation off); a word ending a clause ends the list. */
export function wordsOf(s: string): Token[] {
  const out: Token[] = []
  for (const m of s.matchAll(/\S+/g)) {
    const raw = m[0]
    const word = raw.replace(/[,;:!?()"]+$/, '').replace(/\.$/, '')
    if (!word) break
    out.push({ word, start: m.index, end: m.index + word.length })
    if (word !== raw && /[,;:!?]/.test(raw.slice(word.length))) break
  }
  return out
}

export interface Found {
  value: string
  /** Whether the value is a whole vocabulary value (not a leading part of one). */
  whole: boolean
  /** Characters of the scanned text the phrase covers. */
  length: number
}

/**
 * The longest run of words at the start (or, `backward`, the end) of `s` naming a value of the
 * index: a whole value, or the leading words of values (`partial`: one value, given whole, when
 * they start only one; else the words as the values spell them).
 */
export function lookup(s: string, values: string[], opts: { partial: boolean; backward?: boolean }): Found | null {
  if (!values.length) return null
  const idx = phraseIndex(values)
  let tokens = wordsOf(s)
  if (opts.backward) {
    tokens = [...s.matchAll(/\S+/g)].map((m) => ({ word: m[0], start: m.index, end: m.index + m[0].length }))
    const cut = tokens.findLastIndex((t) => /[,;:!?.]$/.test(t.word) && !/\.\w/.test(t.word))
    tokens = tokens.slice(cut + 1)
  }
  const most = Math.min(tokens.length, idx.maxWords)
  for (let n = most; n >= 1; n--) {
    const run = opts.backward ? tokens.slice(tokens.length - n) : tokens.slice(0, n)
    if (STOP.has(run[0]!.word) || STOP.has(run[run.length - 1]!.word)) continue
    const key = run.map((t) => t.word).join(' ')
    const length = opts.backward ? s.length - run[0]!.start : run[run.length - 1]!.end
    const exact = idx.exact.get(key)
    if (exact) return { value: exact, whole: true, length }
    if (!opts.partial) continue
    const starts = idx.leading.get(key)
    if (!starts?.length) continue
    if (starts.length === 1) return { value: starts[0]!, whole: true, length }
    return { value: starts[0]!.slice(0, key.length), whole: false, length }
  }
  return null
}

export class Reader {
  filters: Filters = {}
  spans: { filter: string; text: string }[] = []
  constructor(public text: string) {}

  /** Blanks [start, end) of the text. */
  blank(start: number, end: number): string {
    const span = this.text.slice(start, end).trim()
    this.text = `${this.text.slice(0, start)} ${' '.repeat(Math.max(0, end - start - 1))}${this.text.slice(end)}`
    return span
  }

  addList(filter: string, value: string, span: string) {
    const f = (this.filters[filter] as { include: string[] } | undefined) ?? { include: [] }
    if (!f.include.some((v) => v.toLowerCase() === value.toLowerCase())) f.include.push(value)
    this.filters[filter] = f
    this.spans.push({ filter, text: span })
  }

  /**
   * Each match of `trigger` (global) followed by a value `find` reads from the text after it:
   * the trigger and the value's words are blanked and `read` is called. Returns how many were read.
   */
  after(trigger: RegExp, find: (rest: string) => (Found & { filter: string }) | null): number {
    let count = 0
    for (let guard = 0; guard < 8; guard++) {
      let hit: { start: number; end: number; found: Found & { filter: string } } | null = null
      for (const m of this.text.matchAll(trigger)) {
        const rest = this.text.slice(m.index + m[0].length)
        const found = find(rest)
        if (found) {
          hit = { start: m.index, end: m.index + m[0].length + found.length, found }
          break
        }
      }
      if (!hit) break
      this.addList(hit.found.filter, hit.found.value, this.blank(hit.start, hit.end))
      count++
    }
    return count
  }

  /** As `after`, the value before the trigger ("Stanford alumni"). */
  before(trigger: RegExp, find: (head: string) => (Found & { filter: string }) | null): number {
    let count = 0
    for (let guard = 0; guard < 8; guard++) {
      let hit: { start: number; end: number; found: Found & { filter: string } } | null = null
      for (const m of this.text.matchAll(trigger)) {
        const head = this.text.slice(0, m.index)
        const found = find(head)
        if (found) {
          hit = { start: m.index - found.length, end: m.index + m[0].length, found }
          break
        }
      }
      if (!hit) break
      this.addList(hit.found.filter, hit.found.value, this.blank(hit.start, hit.end))
      count++
    }
    return count
  }

  /** The first match of `re` blanked, or null. */
  take(re: RegExp): RegExpMatchArray | null {
    const m = this.text.match(re)
    if (!m || m.index === undefined) return null
    this.blank(m.index, m.index + m[0].length)
    return m
  }
}

export const as = (filter: string, found: Found | null) => (found ? { ...found, filter } : null)
