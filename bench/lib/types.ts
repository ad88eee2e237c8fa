// What a benchmark module exports and returns. run.ts adds the date, machine and commit and
// writes bench/results/<name>.json; docs/performance.md explains each figure.

import { round } from './stats.ts'

export interface RunOptions {
  /** Short windows and fewer rounds: checks the harness end to end; figures are not saved. */
  quick: boolean
}

export interface Goal {
  description: string
  /** The figure the goal is about, as named in `figures`. */
  figure: string
  value: number
  limit: number
  unit: string
  /** value / limit: below 1 meets the goal. */
  ratio: number
  pass: boolean
}

export interface BenchResult {
  /** Names the results file, bench/results/<name>.<variant>.json (e.g. postgresql-medium); none: <name>.json. */
  variant?: string
  title: string
  store: string
  settings: Record<string, unknown>
  /** Headline figures: medians over the rounds, each next to the baseline it is a ratio of. */
  figures: Record<string, unknown>
  /** Every round's raw figures, so a reader can see the spread the medians hide. */
  rounds: unknown[]
  goal: Goal | null
  /** Further goals of the same run (search on the medium corpus, PostgreSQL: its share as well as its p50); the run passes when all do. */
  more_goals?: Goal[]
  /** False when any measurement saw errors or non-2xx answers; `problems` says which. */
  valid: boolean
  problems: string[]
}

export interface Benchmark {
  name: string
  run(options: RunOptions): Promise<BenchResult>
  /** Run only when named (`npm run bench -- bulk-load`): it needs PostgreSQL and many minutes. */
  onlyByName?: boolean
}

/** A goal "figure at most limit" (latency, share): ratio value / limit, passed only by valid figures. */
export function atMost(
  description: string,
  figure: string,
  value: number,
  limit: number,
  unit: string,
  valid: boolean,
): Goal {
  return { description, figure, value, limit, unit, ratio: round(value / limit, 2), pass: valid && value <= limit }
}
