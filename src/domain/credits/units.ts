// Credit amounts: integer thousandths in the store, numbers with at most three decimals on the
// wire. Its own module so the ledger and what watches balances (webhooks/credits-low.ts) share it
// without importing each other.

/** Credits on the wire: a JSON number with at most three decimals. */
export const toCredits = (milli: number) => Math.round(milli) / 1000
export const toMilli = (credits: number) => Math.round(credits * 1000)
