// A dashboard session as tests use it: the dsp_session cookie and the CSRF token, sent the way
// the dashboard sends them (cookie on every request, X-CSRF-Token on POST, PUT, PATCH, DELETE).
import { randomUUID } from 'node:crypto'
import { expectStatus, type ReqOptions, type Res } from './http.ts'
import type { TestServer } from './server.ts'

export const PASSWORD = 'correct horse battery staple'

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`
}

/** The session cookie's value from a Set-Cookie header ('' when the header clears it). */
export function sessionCookie(res: Res): string {
  const header = res.headers.get('set-cookie') ?? ''
  const m = /dsp_session=([^;]*)/.exec(header)
  if (!m) throw new Error(`no dsp_session cookie in ${JSON.stringify(header)}`)
  return m[1]!
}

export class Session {
  constructor(
    readonly api: TestServer,
    readonly cookie: string,
    public csrf: string,
    // eslint-disable-next-line @typescript-eslint/no-explicit-any
    readonly view: Record<string, any>,
  ) {}

  request(method: string, path: string, opts: ReqOptions & { csrf?: string | null } = {}): Promise<Res> {
    const unsafe = method !== 'GET' && method !== 'HEAD'
    const headers: Record<string, string> = { cookie: `dsp_session=${this.cookie}`, ...(opts.headers ?? {}) }
    const csrf = opts.csrf === undefined ? this.csrf : opts.csrf
    if (unsafe && csrf !== null) headers['x-csrf-token'] = csrf
    return this.api.request(method, path, { ...opts, headers })
  }

  get(path: string, opts?: ReqOptions & { csrf?: string | null }) {
    return this.request('GET', path, opts)
  }
  post(path: string, opts?: ReqOptions & { csrf?: string | null }) {
    return this.request('POST', path, opts)
  }
  delete(path: string, opts?: ReqOptions & { csrf?: string | null }) {
    return this.request('DELETE', path, opts)
  }
}

function sessionFrom(api: TestServer, res: Res): Session {
  return new Session(api, sessionCookie(res), res.body.csrf_token, res.body)
}

/** Signs up a new person (organisation, workspace, dsp_owner). */
export async function signUp(
  api: TestServer,
  body: { email?: string; password?: string; workspace_name?: string } = {},
): Promise<Session> {
  const res = await api.post('/v1/auth/sign-up', { body: { email: uniqueEmail(), password: PASSWORD, ...body } })
  expectStatus(res, 201)
  return sessionFrom(api, res)
}

export async function signIn(api: TestServer, email: string, password = PASSWORD): Promise<Session> {
  const res = await api.post('/v1/auth/sign-in', { body: { email, password } })
  expectStatus(res, 200)
  return sessionFrom(api, res)
}

/** A member added by the operator to a workspace, signed in. */
export async function memberSession(
  api: TestServer,
  workspaceId: string,
  role: string,
  state = 'active',
): Promise<Session> {
  const email = uniqueEmail(role)
  await api.admin.addMember(workspaceId, { email, role, state, password: PASSWORD })
  return signIn(api, email)
}
