// One filter value as a short phrase ("Software, Fintech · not Retail", "50 to 500", "yes"), read
// from its shape so it serves the builder's chips and the filters of resolved_search alike.

type Entry = { value?: unknown; by?: unknown; level?: unknown }

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v)

function entryText(e: unknown): string {
  if (typeof e === 'string' || typeof e === 'number') return String(e)
  if (isObject(e)) {
    const { value, by, level } = e as Entry
    const tag = typeof level === 'string' ? level : typeof by === 'string' && by !== 'domain' ? by : null
    return `${String(value)}${tag ? ` (${tag})` : ''}`
  }
  return JSON.stringify(e)
}

export function filterText(value: unknown): string {
  if (typeof value === 'boolean') return value ? 'yes' : 'no'
  if (!isObject(value)) return JSON.stringify(value)
  const parts: string[] = []
  if (Array.isArray(value.include) && value.include.length) parts.push(value.include.map(entryText).join(', '))
  if (Array.isArray(value.exclude) && value.exclude.length) parts.push(`not ${value.exclude.map(entryText).join(', ')}`)
  const range = (lo: unknown, hi: unknown, unit: [string, string]) => {
    const has = (x: unknown) => x !== undefined && x !== null && x !== ''
    if (has(lo) && has(hi)) parts.push(`${String(lo)} to ${String(hi)}`)
    else if (has(lo)) parts.push(`${unit[0]} ${String(lo)}`)
    else if (has(hi)) parts.push(`${unit[1]} ${String(hi)}`)
  }
  range(value.min, value.max, ['at least', 'at most'])
  range(value.from, value.to, ['from', 'until'])
  const known = new Set(['include', 'exclude', 'min', 'max', 'from', 'to'])
  for (const [k, v] of Object.entries(value)) if (!known.has(k)) parts.push(`${k}: ${JSON.stringify(v)}`)
  return parts.join(' · ') || 'no value yet'
}

/** True when a builder value says nothing yet (no values, no bounds): left out of the request. */
export function isEmptyFilter(value: unknown): boolean {
  if (typeof value === 'boolean') return false
  if (!isObject(value)) return value === undefined || value === null
  return Object.values(value).every((v) => v === undefined || v === null || v === '' || (Array.isArray(v) && !v.length))
}
