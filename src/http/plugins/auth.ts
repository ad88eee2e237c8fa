// Credentials and scopes for every /v1 route (contract §5). The key is read only from
// X-API-Key; an OAuth access token only from Authorization: Bearer (http/oauth/); every pre-authentication failure gets the same generic 401, its cause logged.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { verifyApiKey, verifyCachedApiKey } from '../../domain/api-keys.ts'
import type { Deps } from '../../domain/types.ts'
import { ApiError } from '../../errors.ts'
import { verifyAccessToken, verifyCachedAccessToken } from '../oauth/service.ts'

export const GENERIC_UNAUTHORIZED = 'Authentication required: send a valid API key in the X-API-Key header.'

export interface SessionResolver {
  /** Returns the session credential, or null when the request carries no valid session. */
  resolve(request: FastifyRequest): Promise<FastifyRequest['credential']>
}

function unauthorized(request: FastifyRequest, cause: string): ApiError {
  request.log.info({ request_id: request.id, cause }, 'pre-authentication failure')
  return new ApiError('auth.unauthorized', GENERIC_UNAUTHORIZED)
}

export function registerAuth(app: FastifyInstance, deps: Deps, sessions: SessionResolver | null) {
  app.decorateRequest('credential', null)
  app.decorateRequest('creditsCharged', null)

  // A callback hook: a warm key (the common case) is verified without a promise or a microtask
  // turn (verifyCachedApiKey); anything else takes the async path.
  app.addHook('onRequest', (request, _reply, done) => {
    let pending: Promise<void> | null
    try {
      pending = authenticate(request)
    } catch (e) {
      done(e as Error)
      return
    }
    if (pending === null) done()
    else pending.then(() => done(), done)
  })

  /** Sets request.credential and checks its scopes; a promise only when it must wait. */
  function authenticate(request: FastifyRequest): Promise<void> | null {
    const config = request.routeOptions.config
    const mode = config.auth ?? (config.scopes ? 'credential' : 'none')
    if (mode === 'none') return null

    const apiKey = request.headers['x-api-key']
    if (typeof apiKey === 'string' && mode === 'credential') {
      if (request.headers.origin !== undefined) {
        throw new ApiError(
          'auth.browser_origin',
          'API keys are server-side only: a request with X-API-Key must not carry an Origin header. Call the API from your server.',
        )
      }
      const cached = verifyCachedApiKey(deps, apiKey)
      if (cached) {
        request.credential = cached
        checkScopes(request, cached)
        return null
      }
      return verifyApiKey(deps, apiKey).then((credential) => {
        request.credential = credential
        checkScopes(request, credential)
      })
    }
    const bearer = bearerToken(request)
    if (bearer !== null && mode === 'credential') {
      // §5 rule 1: Bearer carries OAuth access tokens only; an API key sent as Bearer is not read as a key.
      if (bearer.startsWith('sk_dsp_')) throw unauthorized(request, 'API key sent as a Bearer token')
      const cached = verifyCachedAccessToken(deps, bearer)
      if (cached) {
        request.credential = cached
        checkScopes(request, cached)
        return null
      }
      return verifyAccessToken(deps, bearer).then((credential) => {
        if (!credential) throw unauthorized(request, 'unknown, expired or revoked OAuth access token')
        request.credential = credential
        checkScopes(request, credential)
      })
    }
    return (async () => {
      const session = sessions ? await sessions.resolve(request) : null
      if (session) {
        request.credential = session
        checkScopes(request, session)
      } else if (mode === 'session')
        throw new ApiError('auth.session_required', 'This dashboard route needs a signed-in session.')
      else if (typeof request.headers.authorization === 'string' && /^bearer\s/i.test(request.headers.authorization))
        throw unauthorized(request, 'bearer token where an X-API-Key was expected')
      else throw unauthorized(request, apiKey !== undefined ? 'X-API-Key on a session-only route' : 'no credential')
    })()
  }
}

/** The token of `Authorization: Bearer <token>`, or null. */
function bearerToken(request: FastifyRequest): string | null {
  const h = request.headers.authorization
  if (typeof h !== 'string') return null
  const m = /^bearer\s+(\S+)\s*$/i.exec(h)
  return m ? m[1]! : null
}

function checkScopes(request: FastifyRequest, credential: NonNullable<FastifyRequest['credential']>): void {
  const accepted = request.routeOptions.config.scopes ?? []
  const held = credential.scopes
  if (accepted.length > 0 && !accepted.some((s) => held.includes(s))) {
    throw new ApiError(
      'auth.insufficient_scope',
      `This route accepts any of these scopes: ${accepted.join(', ')}. The credential holds: ${held.join(', ') || 'none'}.`,
      {
        extra: { accepted_scopes: accepted, held_scopes: held },
      },
    )
  }
}
