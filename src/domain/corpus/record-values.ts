// Values read from a stored record for its table row: present strings, numbers, integers, objects
// and lists (anything else is null or left out), text joined from several fields, months and
// timestamps from date texts. Pure.

export type Obj = Record<string, unknown>

export const str = (v: unknown): string | null => (typeof v === 'string' && v.trim() !== '' ? v : null)
export const num = (v: unknown): number | null => (typeof v === 'number' && Number.isFinite(v) ? v : null)
export const int = (v: unknown): number | null => (typeof v === 'number' && Number.isInteger(v) ? v : null)
export const obj = (v: unknown): Obj | null =>
  v !== null && typeof v === 'object' && !Array.isArray(v) ? (v as Obj) : null
export const objs = (v: unknown): Obj[] => (Array.isArray(v) ? v.map(obj).filter((o): o is Obj => o !== null) : [])
export const strs = (v: unknown): string[] =>
  Array.isArray(v) ? v.map(str).filter((s): s is string => s !== null) : []
export const strsOrNull = (v: unknown): string[] | null => (Array.isArray(v) ? strs(v) : null)

/** Joins the present pieces: strings, string arrays, nested values flattened. */
export function text(...parts: unknown[]): string {
  const out: string[] = []
  const walk = (v: unknown) => {
    if (typeof v === 'string') {
      if (v.trim() !== '') out.push(v)
    } else if (Array.isArray(v)) v.forEach(walk)
  }
  parts.forEach(walk)
  return out.join(' ')
}

/** `2021-03`, `2021-03-15`, `2021-03-15T…` → 202103; `2021` → 202101 (202112 for an end). */
export function monthOf(value: unknown, isEnd = false): number | null {
  const s = str(value)
  const m = s ? /^(\d{4})(?:-(\d{2}))?/.exec(s.trim()) : null
  if (!m) return null
  const month = m[2] ? Number(m[2]) : isEnd ? 12 : 1
  return month >= 1 && month <= 12 ? Number(m[1]) * 100 + month : null
}

/** A date or date-time string → ISO timestamp; `YYYY` and `YYYY-MM` are the first day. Null when unreadable. */
export function timestampOf(value: unknown): string | null {
  const s = str(value)?.trim()
  if (!s) return null
  const m = /^(\d{4})(?:-(\d{2}))?(?:-(\d{2}))?$/.exec(s)
  const ms = m ? Date.UTC(Number(m[1]), Number(m[2] ?? 1) - 1, Number(m[3] ?? 1)) : Date.parse(s)
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null
}

export function dateOf(value: unknown): string | null {
  return timestampOf(value)?.slice(0, 10) ?? null
}
