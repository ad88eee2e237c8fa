// Safe webhook targets (issue 42 item 4): https only unless the operator allows http; an address
// in a loopback, link-local or private range only when the operator allows that range
// (DSP_WEBHOOKS_ALLOW_RANGES); multicast, unspecified, broadcast and reserved ranges never. Checked
// at creation and again at send time on the resolved address, and the connection goes to the
// address that was checked (the `lookup` of send.ts), so a name re-pointed after the check
// (DNS rebinding) cannot reach an internal address.
import { lookup } from 'node:dns/promises'
import ipaddr from 'ipaddr.js'
import type { Config } from '../../config.ts'

/** ipaddr.js range names per operator setting. */
const RANGE_GROUPS: Record<string, readonly string[]> = {
  loopback: ['loopback'],
  private: ['private', 'uniqueLocal', 'carrierGradeNat'],
  link_local: ['linkLocal'],
}

export class TargetRefused extends Error {}

export function allowedRanges(config: Pick<Config, 'DSP_WEBHOOKS_ALLOW_RANGES'>): Set<string> {
  const out = new Set<string>(['unicast'])
  for (const name of config.DSP_WEBHOOKS_ALLOW_RANGES.split(',').map((s) => s.trim()))
    for (const r of RANGE_GROUPS[name] ?? []) out.add(r)
  return out
}

/** Why an address may not be a target, or null when it may. */
export function refusedAddress(address: string, allowed: Set<string>): string | null {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`
  let ip = ipaddr.parse(address)
  if (ip.kind() === 'ipv6' && (ip as ipaddr.IPv6).isIPv4MappedAddress()) ip = (ip as ipaddr.IPv6).toIPv4Address()
  const range = ip.range()
  return allowed.has(range) ? null : `it resolves to ${address}, a ${range} address`
}

/** The URL's problems that need no resolution: scheme, credentials, form. */
export function checkUrlForm(raw: string, config: Pick<Config, 'DSP_WEBHOOKS_ALLOW_HTTP'>): URL {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    throw new TargetRefused('it is not an absolute URL')
  }
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && config.DSP_WEBHOOKS_ALLOW_HTTP === '1'))
    throw new TargetRefused(
      config.DSP_WEBHOOKS_ALLOW_HTTP === '1' ? 'the scheme must be https or http' : 'the scheme must be https',
    )
  if (url.username || url.password) throw new TargetRefused('it carries credentials')
  if (url.hash) throw new TargetRefused('it has a fragment')
  return url
}

const bareHost = (url: URL) => url.hostname.replace(/^\[|\]$/g, '')

/**
 * Every address the URL's host resolves to, each checked; throws TargetRefused naming the reason.
 * Used at creation (and on a URL change); send.ts checks again through its lookup at send time.
 */
export async function checkTarget(raw: string, config: Config): Promise<URL> {
  const url = checkUrlForm(raw, config)
  await resolveChecked(url, config)
  return url
}

async function resolveAll(host: string): Promise<string[]> {
  try {
    const found = await lookup(host, { all: true, verbatim: true })
    if (found.length === 0) throw new TargetRefused(`the host ${host} does not resolve`)
    return found.map((f) => f.address)
  } catch (e) {
    if (e instanceof TargetRefused) throw e
    throw new TargetRefused(`the host ${host} does not resolve`)
  }
}

/** For send.ts: the host's addresses, resolved and checked now. */
export async function resolveChecked(url: URL, config: Config): Promise<{ address: string; family: 4 | 6 }> {
  const allowed = allowedRanges(config)
  const host = bareHost(url)
  const addresses = ipaddr.isValid(host) ? [host] : await resolveAll(host)
  for (const a of addresses) {
    const why = refusedAddress(a, allowed)
    if (why) throw new TargetRefused(why)
  }
  const address = addresses[0]!
  return { address, family: ipaddr.parse(address).kind() === 'ipv6' ? 6 : 4 }
}
