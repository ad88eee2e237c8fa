// Dashboard session routes (contract §4.6, §5.7) and the SessionResolver the auth plugin uses.
// Shapes: contract/auth.ts. Rules: domain/sessions.ts, domain/roles.ts. Documented in docs/dashboard.md.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import type { FastifyReply, FastifyRequest } from 'fastify'
import { MembersResponse, SessionView, SignInBody, SignUpBody } from '../../contract/auth.ts'
import {
  activateMembership,
  listMembers,
  resolveSession,
  SESSION_COOKIE,
  SESSION_TTL_SECONDS,
  signIn,
  signOut,
  signUp,
  type ResolvedSession,
} from '../../domain/sessions.ts'
import type { Deps } from '../../domain/types.ts'
import type { SessionResolver } from '../plugins/auth.ts'

const resolvedSessions = new WeakMap<FastifyRequest, ResolvedSession>()

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim() || undefined
  }
  return undefined
}

/** Resolves `dsp_session` for the auth plugin; CSRF and throttles are checked in resolveSession. */
export function sessionResolver(deps: Deps): SessionResolver {
  return {
    async resolve(request) {
      const token = readCookie(request.headers.cookie, SESSION_COOKIE)
      if (!token) return null
      const csrf = request.headers['x-csrf-token']
      const session = await resolveSession(deps, token, {
        method: request.method,
        csrfToken: typeof csrf === 'string' ? csrf : undefined,
      })
      if (!session) return null
      resolvedSessions.set(request, session)
      return session.credential
    },
  }
}

/** The session of a route declared `auth: 'session'` (the auth plugin has resolved it). */
export function sessionOf(request: FastifyRequest): ResolvedSession {
  const session = resolvedSessions.get(request)
  if (!session) throw new Error('sessionOf called on a route without a resolved session')
  return session
}

// HttpOnly (no script reads it), SameSite=Lax (not sent on cross-site POSTs), Secure when the
// request came over TLS (request.protocol honours X-Forwarded-Proto with DSP_TRUST_PROXY=1).
function setSessionCookie(request: FastifyRequest, reply: FastifyReply, token: string, maxAgeSeconds: number) {
  const secure = request.protocol === 'https' ? '; Secure' : ''
  reply.header(
    'Set-Cookie',
    `${SESSION_COOKIE}=${token}; Path=/; Max-Age=${maxAgeSeconds}; HttpOnly; SameSite=Lax${secure}`,
  )
}

export const authRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.post(
    '/v1/auth/sign-up',
    {
      schema: {
        operationId: 'signUp',
        summary: 'Create an organisation and workspace, and sign in as its owner',
        tags: ['auth'],
        body: SignUpBody,
        response: { 201: SessionView },
      },
      config: { outage: 'auth.unavailable', auth: 'none', errors: ['auth.account_exists', 'quota.burst_exceeded'] },
    },
    async (request, reply) => {
      const { token, session } = await signUp(deps, request.body, request.ip)
      setSessionCookie(request, reply, token, SESSION_TTL_SECONDS)
      request.credential = session.credential
      return reply.code(201).send(session.view)
    },
  )

  app.post(
    '/v1/auth/sign-in',
    {
      schema: {
        operationId: 'signIn',
        summary: 'Sign in with email and password',
        tags: ['auth'],
        body: SignInBody,
        response: { 200: SessionView },
      },
      config: {
        outage: 'auth.unavailable',
        auth: 'none',
        errors: ['auth.invalid_credentials', 'auth.insufficient_scope', 'quota.burst_exceeded'],
      },
    },
    async (request, reply) => {
      const { token, session } = await signIn(deps, request.body, request.ip)
      setSessionCookie(request, reply, token, SESSION_TTL_SECONDS)
      request.credential = session.credential
      return session.view
    },
  )

  app.post(
    '/v1/auth/sign-out',
    {
      schema: { operationId: 'signOut', summary: 'End this session', tags: ['auth'] },
      config: {
        outage: 'auth.unavailable',
        auth: 'session',
        errors: ['auth.session_required', 'auth.csrf', 'quota.burst_exceeded'],
      },
    },
    async (request, reply) => {
      await signOut(deps, sessionOf(request))
      setSessionCookie(request, reply, '', 0)
      return reply.code(204).send()
    },
  )

  app.get(
    '/v1/auth/me',
    {
      schema: {
        operationId: 'getMe',
        summary: 'The signed-in person, workspace, role and CSRF token',
        tags: ['auth'],
        response: { 200: SessionView },
      },
      config: {
        outage: 'auth.unavailable',
        auth: 'session',
        errors: ['auth.session_required', 'quota.burst_exceeded'],
      },
    },
    async (request) => sessionOf(request).view,
  )

  app.post(
    '/v1/auth/activate',
    {
      schema: {
        operationId: 'activateMembership',
        summary: 'Accept the platform: not_activated → active',
        tags: ['auth'],
        response: { 200: SessionView },
      },
      config: {
        outage: 'auth.unavailable',
        auth: 'session',
        errors: ['auth.session_required', 'auth.csrf', 'quota.burst_exceeded'],
      },
    },
    async (request) => activateMembership(deps, sessionOf(request)),
  )

  app.get(
    '/v1/auth/members',
    {
      schema: {
        operationId: 'listMembers',
        summary: "The workspace's members with role and state",
        tags: ['auth'],
        response: { 200: MembersResponse },
      },
      config: {
        outage: 'auth.unavailable',
        auth: 'session',
        errors: ['auth.session_required', 'quota.burst_exceeded'],
      },
    },
    async (request) => ({ members: await listMembers(deps, request.credential!) }),
  )
}
