// Opaque public ids. Random ids carry a type prefix so a misplaced id is obvious in logs.
import { createHmac, randomBytes } from 'node:crypto'

const ALPHABET = '0123456789abcdefghijklmnopqrstuvwxyz'

export function randomId(prefix: string, bytes = 12): string {
  const buf = randomBytes(bytes)
  let out = ''
  for (const b of buf) out += ALPHABET[b % 36]
  return `${prefix}_${out}`
}

/** A stable 16-hex one-way id keyed with the deployment secret (contract §2.2 rows, rule 1 of §4.3). */
export function hashedId(secret: string, ...parts: string[]): string {
  return createHmac('sha256', secret).update(parts.join('\u0000')).digest('hex').slice(0, 16)
}
