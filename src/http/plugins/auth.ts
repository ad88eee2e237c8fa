// Credentials and scopes for every /v1 route (contract §5). The key is read only from
// X-API-Key; every pre-authentication failure gets the same generic 401, its cause logged.
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { verifyApiKey } from '../../domain/api-keys.ts'
import type { Deps } from '../../domain/types.ts'
import { ApiError } from '../../errors.ts'

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

  app.addHook('onRequest', async (request) => {
    const config = request.routeOptions.config
    const mode = config.auth ?? (config.scopes ? 'credential' : 'none')
    if (mode === 'none') return

    const apiKey = request.headers['x-api-key']
    if (typeof apiKey === 'string' && mode === 'credential') {
      if (request.headers.origin !== undefined) {
        throw new ApiError('auth.browser_origin', 'API keys are server-side only: a request with X-API-Key must not carry an Origin header. Call the API from your server.')
      }
      request.credential = await verifyApiKey(deps, apiKey)
    } else {
      const session = sessions ? await sessions.resolve(request) : null
      if (session) request.credential = session
      else if (mode === 'session') throw new ApiError('auth.session_required', 'This dashboard route needs a signed-in session.')
      else if (typeof request.headers.authorization === 'string' && /^bearer\s/i.test(request.headers.authorization)) throw unauthorized(request, 'bearer token where an X-API-Key was expected')
      else throw unauthorized(request, apiKey !== undefined ? 'X-API-Key on a session-only route' : 'no credential')
    }

    const accepted = config.scopes ?? []
    const held = request.credential.scopes
    if (accepted.length > 0 && !accepted.some((s) => held.includes(s))) {
      throw new ApiError('auth.insufficient_scope', `This route accepts any of these scopes: ${accepted.join(', ')}. The credential holds: ${held.join(', ') || 'none'}.`, {
        extra: { accepted_scopes: accepted, held_scopes: held },
      })
    }
  })
}
