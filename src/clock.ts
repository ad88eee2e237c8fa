// The one clock every time-based rule reads (key expiry, holds, cursor age, retention, top-up
// links, throttles). The operator test clock (DSP_TEST_CLOCK=1) moves it forward or resets it.

export class Clock {
  private offsetMs = 0

  now(): Date {
    return new Date(Date.now() + this.offsetMs)
  }

  nowMs(): number {
    return Date.now() + this.offsetMs
  }

  /** Moves the clock forward; only the admin test-clock route calls this. */
  advance(seconds: number): void {
    this.offsetMs += Math.round(seconds * 1000)
  }

  reset(): void {
    this.offsetMs = 0
  }

  get offsetSeconds(): number {
    return this.offsetMs / 1000
  }
}
