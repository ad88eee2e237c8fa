// The one pricing table (contract §8, §4.9): every action type of §2.6 with how its price is
// computed from what the answer delivers. Amounts in thousandths of a credit.
// Prices the contract leaves open (search, similar, entity lookup) are set here and documented
// in docs/billing.md.
import type { ActionType } from '../../contract/usage.ts'
import { ApiError } from '../../errors.ts'

/**
 * How a call's units become a price:
 * - per_unit: each newly delivered unit (a search row, a found record) costs `milli`;
 * - blocks: units are result positions grouped in blocks of `size`; the first block costs
 *   `first_milli`, each further block `next_milli` (relationships: 2 credits for the first 10
 *   results, then 1 per further 10). A block is charged once, the first time any of its rows is;
 * - flat: one unit ("call") per call that returns data (org chart, institutions);
 * - run: agent runs, charged by tier through a hold (domain/credits/holds.ts).
 */
export type PriceRule =
  | { kind: 'per_unit'; milli: number }
  | { kind: 'blocks'; size: number; first_milli: number; next_milli: number }
  | { kind: 'flat'; milli: number }
  | { kind: 'run'; milli: number }

export const PRICING: Readonly<Record<ActionType, PriceRule>> = {
  'dsp.search.fast': { kind: 'per_unit', milli: 20 },
  'dsp.search.auto': { kind: 'per_unit', milli: 40 },
  'dsp.search.deep': { kind: 'per_unit', milli: 100 },
  'dsp.similar': { kind: 'per_unit', milli: 50 },
  'dsp.entities': { kind: 'per_unit', milli: 20 },
  'dsp.relationships': { kind: 'blocks', size: 10, first_milli: 2000, next_milli: 1000 },
  'dsp.relationships.ask': { kind: 'blocks', size: 10, first_milli: 2000, next_milli: 1000 },
  'dsp.org_chart': { kind: 'flat', milli: 1000 },
  'dsp.agent.run.minimal': { kind: 'run', milli: 1020 },
  'dsp.agent.run.low': { kind: 'run', milli: 2125 },
  'dsp.agent.run.medium': { kind: 'run', milli: 8500 },
  'dsp.agent.run.high': { kind: 'run', milli: 42500 },
  'dsp.agent.run.xhigh': { kind: 'run', milli: 85000 },
}

/** The institutions route and ask answers routed there: 2 credits flat (§8). */
export const INSTITUTIONS_FLAT_MILLI = 2000

export function priceRule(action: string): PriceRule {
  const rule = Object.hasOwn(PRICING, action) ? PRICING[action as ActionType] : undefined
  if (!rule)
    throw new ApiError(
      'credits.unknown_action',
      `No pricing row for action ${action}; nothing was charged. Quote the request_id when reporting it.`,
    )
  return rule
}

/** Units a call delivers: result positions for per-row and block pricing, "call" for flat ones. */
export function unitsFor(rule: PriceRule, positions: number[]): string[] {
  switch (rule.kind) {
    case 'per_unit':
      return positions.map((p) => `r${p}`)
    case 'blocks':
      return [...new Set(positions.map((p) => `b${Math.floor(p / rule.size)}`))]
    case 'flat':
      return positions.length > 0 ? ['call'] : []
    case 'run':
      return ['run']
  }
}

/**
 * Price of the units newly charged in this call. A flat override prices the call whatever the
 * action's rule: the institutions route (and ask answers routed there) is billed as
 * dsp.relationships, a blocks rule, at 2 credits flat.
 */
export function priceOf(rule: PriceRule, newUnits: string[], flatMilli?: number): number {
  if (flatMilli !== undefined) return newUnits.length > 0 ? flatMilli : 0
  switch (rule.kind) {
    case 'per_unit':
      return newUnits.length * rule.milli
    case 'blocks':
      return newUnits.reduce((sum, u) => sum + (u === 'b0' ? rule.first_milli : rule.next_milli), 0)
    case 'flat':
      return newUnits.length > 0 ? rule.milli : 0
    case 'run':
      return newUnits.length > 0 ? rule.milli : 0
  }
}
