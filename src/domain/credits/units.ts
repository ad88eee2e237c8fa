// Credits on the wire and in the store: the API speaks credits (a JSON number with at most three
// decimals), the ledger integer thousandths of a credit.
export const toCredits = (milli: number) => Math.round(milli) / 1000
export const toMilli = (credits: number) => Math.round(credits * 1000)
