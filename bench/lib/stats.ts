// Percentiles and medians for every benchmark. Latencies stay as raw samples (milliseconds with
// decimals) rather than a histogram: the figures we care about are fractions of a millisecond.

export interface LatencySummary {
  p50: number
  p90: number
  p95: number
  p99: number
  mean: number
  max: number
}

/** Nearest-rank percentile of an ascending array; p in [0, 1]. */
export function percentile(sorted: ArrayLike<number>, p: number): number {
  if (sorted.length === 0) return Number.NaN
  const rank = Math.min(sorted.length - 1, Math.max(0, Math.ceil(p * sorted.length) - 1))
  return sorted[rank]!
}

/** Sorts in place (the caller's samples are not needed in order afterwards). */
export function summariseLatency(samples: Float64Array): LatencySummary {
  samples.sort()
  let total = 0
  for (const s of samples) total += s
  return {
    p50: round(percentile(samples, 0.5)),
    p90: round(percentile(samples, 0.9)),
    p95: round(percentile(samples, 0.95)),
    p99: round(percentile(samples, 0.99)),
    mean: round(samples.length ? total / samples.length : Number.NaN),
    max: round(samples.length ? samples[samples.length - 1]! : Number.NaN),
  }
}

export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN
  const sorted = [...values].sort((a, b) => a - b)
  const mid = sorted.length >> 1
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2
}

/** Microsecond resolution for milliseconds: finer digits are below the timer's noise. */
export function round(value: number, digits = 3): number {
  return Number.isFinite(value) ? Number(value.toFixed(digits)) : value
}

/** Growable sample buffer: a load run records 10⁵–10⁶ latencies without boxing each one. */
export class Samples {
  private buffer = new Float64Array(1 << 16)
  private count = 0

  push(value: number): void {
    if (this.count === this.buffer.length) {
      const bigger = new Float64Array(this.buffer.length * 2)
      bigger.set(this.buffer)
      this.buffer = bigger
    }
    this.buffer[this.count++] = value
  }

  get length(): number {
    return this.count
  }

  /** A copy trimmed to the recorded samples (summariseLatency sorts it). */
  values(): Float64Array {
    return this.buffer.slice(0, this.count)
  }
}
