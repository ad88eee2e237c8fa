// Every code the service can send (contract §7). Add a code here first: the problem body, the
// /docs/errors page and the OpenAPI error responses are all generated from this table.

export interface ErrorSpec {
  /** Statuses this code may carry; the first is the default. */
  readonly status: readonly number[]
  readonly title: string
  /** When the code is sent (the contract's "When" column). */
  readonly meaning: string
  /** What a client should do; null when the contract names nothing. */
  readonly action: string | null
  /** Reserved codes are catalogued (clients may branch on them) but never sent today. */
  readonly reserved?: boolean
}

export const catalogue = {
  'auth.unauthorized': {
    status: [401],
    title: 'Unauthorized',
    meaning:
      'Any failure before authentication: no credential, a key sent as a Bearer token, an expired session or a missing cookie.',
    action: 'Send a valid X-API-Key',
  },
  'auth.missing_key': {
    status: [401],
    title: 'Missing key',
    meaning: 'Reserved: a missing key returns auth.unauthorized.',
    action: null,
    reserved: true,
  },
  'auth.invalid_key': {
    status: [401],
    title: 'Invalid API key',
    meaning: 'A key was presented and is unknown, revoked, expired, or has the wrong prefix.',
    action: 'Do not retry',
  },
  'auth.expired': { status: [401], title: 'Expired', meaning: 'Reserved.', action: null, reserved: true },
  'auth.insufficient_scope': {
    status: [403],
    title: 'Insufficient scope',
    meaning: 'The credential holds none of the scopes this route accepts.',
    action: 'Create a key with the scope',
  },
  'auth.unavailable': {
    status: [503],
    title: 'Authentication unavailable',
    meaning: 'The credential store could not verify the key; nothing ran.',
    action: 'Retry shortly',
  },
  'auth.browser_origin': {
    status: [403],
    title: 'Key used from a browser',
    meaning: 'An X-API-Key arrived with an Origin header; keys are server-side only.',
    action: 'Move the key server-side',
  },
  'auth.invalid_credentials': {
    status: [401],
    title: 'Invalid credentials',
    meaning: 'Dashboard sign-in failed.',
    action: null,
  },
  'auth.account_exists': {
    status: [409],
    title: 'Account exists',
    meaning: 'Dashboard sign-up for an existing account.',
    action: 'Route to sign-in',
  },
  'auth.session_required': {
    status: [401],
    title: 'Session required',
    meaning: 'A dashboard-only route was called without a session.',
    action: null,
  },
  'auth.csrf': {
    status: [403],
    title: 'CSRF token missing or invalid',
    meaning: 'A session POST, PUT, PATCH or DELETE without a valid X-CSRF-Token.',
    action: 'Refetch the token from GET /v1/auth/me',
  },
  'auth.mfa_required': {
    status: [401],
    title: 'MFA required',
    meaning: 'Reserved; MFA appears as a 200 login outcome.',
    action: null,
    reserved: true,
  },
  'request.invalid': {
    status: [422, 400, 404],
    title: 'Invalid request',
    meaning:
      '422: a bad value (text holding NUL or an unpaired surrogate included), unknown parameter or field, missing query or filters, over-cap batch, a path segment over 100 characters, JSON that is malformed or nested deeper than 32 levels, or a query the engine rejected. 400: agent run start with a missing, empty or over-255-character Idempotency-Key; a request HTTP cannot read (a percent-encoding that does not decode, an unknown method, a malformed header, a bad Content-Length or chunk, no Host). 404: unknown or foreign agent run id, or unknown path or method.',
    action: 'Fix the request',
  },
  'request.too_large': {
    status: [413],
    title: 'Request too large',
    meaning: 'The body is over the size cap, or the request line and headers over 16 KB together.',
    action: 'Send a smaller body',
  },
  'request.unsupported': {
    status: [415, 422, 501],
    title: 'Unsupported request',
    meaning:
      '415: wrong content type. 422: a sentence a relationships route cannot answer (extra.kind, extra.try_instead). 501: top-up creation on a deployment without a dashboard.',
    action: 'Do not retry',
  },
  'relationship.anchor_ambiguous': {
    status: [422],
    title: 'Ambiguous company',
    meaning: 'A company given by name matched several records; extra.anchor and extra.candidates list them.',
    action: 'Pick one; anchor by domain',
  },
  'feedback.subject_not_found': {
    status: [404],
    title: 'Feedback subject not found',
    meaning: 'The request_id or run_id is unknown, outside the history window, or not yours.',
    action: null,
  },
  'feedback.unavailable': {
    status: [503],
    title: 'Feedback unavailable',
    meaning: 'The feedback store is unreachable; nothing was filed.',
    action: 'Retry',
  },
  'lists.not_found': {
    status: [404],
    title: 'List not found',
    meaning: "The list is missing, deleted, or another workspace's.",
    action: null,
  },
  'lists.item_cap_reached': {
    status: [409],
    title: 'Saved-items cap reached',
    meaning: 'The saved-items cap would be exceeded; nothing was saved. extra has cap, saved and adding.',
    action: null,
  },
  'lists.unavailable': {
    status: [503],
    title: 'Lists unavailable',
    meaning: 'Saved lists are unreachable; nothing changed.',
    action: 'Retry',
  },
  'export.not_enabled': {
    status: [404],
    title: 'Export not enabled',
    meaning: 'CSV export is not switched on.',
    action: 'Do not retry',
  },
  'pagination.cursor_invalid': {
    status: [422],
    title: 'Invalid cursor',
    meaning:
      'The cursor is malformed, failed its signature check, or the request changed between pages (anything except limit).',
    action: 'Restart from page 1',
  },
  'pagination.cursor_expired': {
    status: [422],
    title: 'Cursor expired',
    meaning: 'The cursor is older than 24 hours.',
    action: 'Re-run the request',
  },
  'pagination.depth_exceeded': {
    status: [422],
    title: 'Pagination too deep',
    meaning: 'Paging past 10,000 results.',
    action: 'Narrow the search',
  },
  'idempotency.in_flight': {
    status: [409],
    title: 'Idempotent request in flight',
    meaning: 'Reserved, never sent.',
    action: null,
    reserved: true,
  },
  'idempotency.fingerprint_mismatch': {
    status: [409],
    title: 'Idempotency fingerprint mismatch',
    meaning: 'Reserved, never sent.',
    action: null,
    reserved: true,
  },
  'quota.burst_exceeded': {
    status: [429],
    title: 'Too many requests',
    meaning: 'Session throttles, sign-in throttle or the MCP server; carries Retry-After.',
    action: 'Wait for Retry-After',
  },
  'quota.daily_exhausted': {
    status: [429],
    title: 'Daily quota exhausted',
    meaning: 'Reserved, never sent.',
    action: null,
    reserved: true,
  },
  'quota.monthly_exhausted': {
    status: [429],
    title: 'Monthly quota exhausted',
    meaning: 'Reserved, never sent.',
    action: null,
    reserved: true,
  },
  'quota.concurrency_exceeded': {
    status: [429],
    title: 'Too many concurrent run starts',
    meaning: 'POST /v1/agents/runs only: more than 5 runs being started at once by one credential; Retry-After 30.',
    action: 'Retry with the same Idempotency-Key',
  },
  'quota.entity_ceiling': {
    status: [429],
    title: 'Entity ceiling reached',
    meaning:
      'POST /v1/agents/runs only: the credential was shown 5,000,000 distinct records in 30 days; extra has seen and limit.',
    action: 'Contact support',
  },
  'credits.insufficient': {
    status: [402],
    title: 'Not enough credits',
    meaning:
      'The allocation cannot fund the call; results are not returned. extra has available, required, action_type and sometimes unrestricted_not_usable.',
    action: 'Buy credits; never retry',
  },
  'credits.unavailable': {
    status: [503],
    title: 'Billing unavailable',
    meaning: 'Billing unreachable or the charge was not confirmed in time; the request may have been charged.',
    action: 'Retry with the same Idempotency-Key; check meta.credits_charged',
  },
  'credits.unknown_action': {
    status: [500],
    title: 'Unpriced action',
    meaning: 'The action lacks a pricing row; nothing was charged.',
    action: 'Report the request_id',
  },
  'payment.invalid_amount': {
    status: [422],
    title: 'Invalid amount',
    meaning: 'The amount cannot be purchased.',
    action: null,
  },
  'payment.declined': {
    status: [402],
    title: 'Payment declined',
    meaning: "The card was refused; detail is the network's message.",
    action: 'Offer another card',
  },
  'payment.no_method': { status: [409], title: 'No payment method', meaning: 'No card on file.', action: null },
  'payment.forbidden': {
    status: [403],
    title: 'Billing not permitted',
    meaning: 'The user lacks billing permission.',
    action: null,
  },
  'payment.unavailable': {
    status: [503],
    title: 'Payments unavailable',
    meaning: 'The payment service is unreachable; nothing was charged.',
    action: 'Retry after Retry-After',
  },
  'payment.topup_not_found': {
    status: [404],
    title: 'Top-up not found',
    meaning: "The top-up id is unknown, expired or another workspace's.",
    action: 'Start a new top-up',
  },
  'upstream.unavailable': {
    status: [503, 502],
    title: 'Upstream unavailable',
    meaning:
      'The retrieval or agent engine is unreachable (502: the agent engine answered with an error, agent-run routes only); not charged.',
    action: 'Retry after Retry-After',
  },
  'upstream.timeout': {
    status: [504],
    title: 'Upstream timeout',
    meaning: 'The retrieval engine was too slow; not charged.',
    action: 'Retry after Retry-After',
  },
  'history.not_found': {
    status: [404],
    title: 'Run not found',
    meaning: "The run is unknown, past 90 days, or another credential's.",
    action: null,
  },
  not_implemented: {
    status: [501],
    title: 'Not implemented',
    meaning: 'The capability or category is not available in this environment.',
    action: 'Do not retry',
  },
  internal: {
    status: [500],
    title: 'Unexpected error',
    meaning: 'An unexpected error.',
    action: 'Quote the request_id',
  },
  'journey.unavailable': {
    status: [503],
    title: 'Journey unavailable',
    meaning: 'Dashboard only.',
    action: null,
    reserved: true,
  },
  'cohort.not_offered': {
    status: [409],
    title: 'Cohort not offered',
    meaning: 'Dashboard only.',
    action: null,
    reserved: true,
  },
  'cohort.impersonation_cannot_answer': {
    status: [403],
    title: 'Impersonation cannot answer',
    meaning: 'Dashboard only.',
    action: null,
    reserved: true,
  },
  'referral.already_claimed': {
    status: [409],
    title: 'Referral already claimed',
    meaning: 'Dashboard only.',
    action: null,
    reserved: true,
  },
  'referral.impersonation_cannot_claim': {
    status: [403],
    title: 'Impersonation cannot claim',
    meaning: 'Dashboard only.',
    action: null,
    reserved: true,
  },
} as const satisfies Record<string, ErrorSpec>

export type ErrorCode = keyof typeof catalogue
export const errorCodes = Object.keys(catalogue) as ErrorCode[]

/** §2.3: the slug is the code with '.' and '_' replaced by '-'. */
export function errorSlug(code: string): string {
  return code.replace(/[._]/g, '-')
}

export interface ApiErrorOptions {
  status?: number
  extra?: Record<string, unknown>
  /** Seconds for the Retry-After header; 429s must carry one. */
  retryAfter?: number
  headers?: Record<string, string>
}

/** The only error type domain code throws. Nothing else chooses an HTTP status. */
export class ApiError extends Error {
  readonly status: number
  constructor(
    readonly code: ErrorCode,
    readonly detail: string,
    readonly options: ApiErrorOptions = {},
  ) {
    super(`${code}: ${detail}`)
    const allowed: readonly number[] = catalogue[code].status
    const status = options.status ?? allowed[0]!
    if (!allowed.includes(status)) throw new Error(`status ${status} is not catalogued for ${code}`)
    this.status = status
  }
}

/** Thrown when a dependency (store, ledger, limiter, retrieval, engine…) cannot be reached. */
export class DependencyError extends Error {
  constructor(
    readonly dependency: string,
    readonly kind: 'down' | 'timeout' | 'error',
    message?: string,
  ) {
    super(message ?? `${dependency} ${kind}`)
  }
}
