// An ingest's rejects and warnings: the lines refused (unreadable, invalid, duplicate) and the lines
// stored without a value, counted by kind of problem, the first INLINE_REJECTS kept for the summary
// and every one written to the reject file when one is asked for (docs/ingest.md).
import { createWriteStream, mkdirSync, type WriteStream } from 'node:fs'
import path from 'node:path'

export const INLINE_REJECTS = 100

export interface RejectEntry {
  /** 1-based line number in the input (the record's position for object sources). */
  line: number
  /** Every problem, joined by "; ". */
  reason: string
  problems: string[]
  /** The line was stored without the values its problems name (a warning, not a reject). */
  warning?: true
}

/** What was left out of a line stored all the same (a bad optional cell), one text per value. */
export interface RowWarning {
  line: number
  problems: string[]
}

/**
 * The kind of a problem, for the summary: array positions and the quoted value left out
 * (`/employment_history/*\/start: expected string or null`, `/domain: not a domain name`).
 */
export function problemKind(problem: string): string {
  return problem
    .replace(/\/\d+(?=[/:])/g, '/*')
    .replace(/ \(".*\)$/, '')
    .replace(/^(invalid JSON|duplicate)\b.*$/, '$1')
}

export class Rejects {
  readonly inline: RejectEntry[] = []
  readonly reasons = new Map<string, number>()
  readonly warnedInline: RejectEntry[] = []
  readonly warningReasons = new Map<string, number>()
  count = 0
  duplicates = 0
  warned = 0
  private out: WriteStream | null = null
  constructor(private readonly file: string | undefined) {}

  reject(line: number, problems: string[]): void {
    this.count++
    this.write({ line, reason: problems.join('; '), problems })
  }

  duplicate(line: number, problem: string): void {
    this.duplicates++
    this.write({ line, reason: problem, problems: [problem] })
  }

  /** A stored line's warnings (a gathered record's may come from several lines: counted once per line). */
  warn(warnings: readonly RowWarning[]): void {
    for (const w of warnings) {
      this.warned++
      this.write({ line: w.line, reason: w.problems.join('; '), problems: w.problems, warning: true })
    }
  }

  private write(entry: RejectEntry): void {
    const reasons = entry.warning ? this.warningReasons : this.reasons
    for (const kind of new Set(entry.problems.map(problemKind))) reasons.set(kind, (reasons.get(kind) ?? 0) + 1)
    const inline = entry.warning ? this.warnedInline : this.inline
    if (inline.length < INLINE_REJECTS) inline.push(entry)
    if (this.file === undefined) return
    if (!this.out) {
      mkdirSync(path.dirname(path.resolve(this.file)), { recursive: true })
      this.out = createWriteStream(this.file)
    }
    this.out.write(JSON.stringify(entry) + '\n')
  }

  async close(): Promise<string | null> {
    if (!this.out) return null
    const out = this.out
    await new Promise<void>((resolve, reject) => out.end((e?: Error | null) => (e ? reject(e) : resolve())))
    return this.file ?? null
  }
}
