// Route-level configuration every plugin reads (declared once per route, STYLE §2).
import type { ErrorCode } from '../errors.ts'
import type { Credential, Scope } from '../domain/types.ts'

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Accepted scopes: any one suffices. Present on every credentialed /v1 route. */
    scopes?: readonly Scope[]
    /** `session`: dashboard-only route (401 auth.session_required without a session). `none`: no credential. */
    auth?: 'credential' | 'session' | 'none'
    /** Billed routes: declares the optional Idempotency-Key header in OpenAPI. */
    billed?: boolean
    /** Contract errors this route documents besides the common ones. */
    errors?: readonly ErrorCode[]
    /**
     * The 503 this route answers when a store call fails for want of the store (dropped, refused,
     * past its deadline) and no guard in the domain named the dependency (plugins/errors.ts);
     * default upstream.unavailable. A route that documents upstream.timeout answers a store past
     * its deadline with that 504 instead.
     */
    outage?: ErrorCode
    /** Cursor-paginated: `page` and `offset` are refused with 422. Set by envelope.ts for every route whose body or query string takes `cursor`. */
    cursor?: boolean
    /** Add `meta` to 2xx bodies (default true under /v1). */
    meta?: boolean
    /** The 200 carries a Server-Timing header (documented in OpenAPI). */
    serverTiming?: string
  }
  interface FastifyRequest {
    credential: Credential | null
    /** Set by billed routes once charged; null on free routes (meta.credits_charged). */
    creditsCharged: number | null
  }
}
