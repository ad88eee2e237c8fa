// The operator admin API as tests use it to arrange state (workspaces, credits, keys, members,
// the clock, faults). Tests never write to tables.
import { expectStatus, type HttpClient } from './http.ts'

export const ALL_SCOPES = [
  'dsp.search.read',
  'dsp.entities.read',
  'dsp.usage.read',
  'dsp.agents.read',
  'dsp.agents.write',
] as const

/** Records as an NDJSON body: one JSON value a line. */
export const ndjson = (records: unknown[]) => records.map((r) => JSON.stringify(r)).join('\n') + '\n'

export interface WorkspaceWithKey {
  workspace_id: string
  organisation_id: string
  key: string
  key_id: string
}

export class AdminClient {
  constructor(
    private readonly http: HttpClient,
    private readonly token: string,
  ) {}

  private async call(method: string, path: string, body?: unknown, expected?: number) {
    const res = await this.http.request(method, path, { body, headers: { 'x-admin-token': this.token } })
    if (expected !== undefined) expectStatus(res, expected)
    return res
  }

  async createWorkspace(body: { name?: string; credits?: number; shared_credits?: number; purchased?: boolean } = {}) {
    const res = await this.call('POST', '/admin/v1/workspaces', { name: 'Test workspace', ...body }, 201)
    return res.body as { workspace_id: string; organisation_id: string }
  }

  async createKey(
    workspaceId: string,
    body: { environment?: 'live' | 'test'; scopes?: readonly string[]; expires_in_days?: number; name?: string } = {},
  ) {
    const res = await this.call(
      'POST',
      `/admin/v1/workspaces/${workspaceId}/keys`,
      { environment: 'live', ...body },
      201,
    )
    return res.body as {
      key_id: string
      secret: string
      display_key: string
      scopes: string[]
      environment: string
      expires_at: string
    }
  }

  async workspaceWithKey(
    opts: {
      scopes?: readonly string[]
      environment?: 'live' | 'test'
      credits?: number
      shared_credits?: number
      purchased?: boolean
      expires_in_days?: number
    } = {},
  ): Promise<WorkspaceWithKey> {
    const ws = await this.createWorkspace({
      credits: opts.credits ?? 100,
      shared_credits: opts.shared_credits,
      purchased: opts.purchased,
    })
    const key = await this.createKey(ws.workspace_id, {
      environment: opts.environment ?? 'live',
      scopes: opts.scopes ?? ALL_SCOPES,
      expires_in_days: opts.expires_in_days,
    })
    return { ...ws, key: key.secret, key_id: key.key_id }
  }

  grant(workspaceId: string, amount: number, pool?: 'allocated' | 'shared') {
    return this.call('POST', `/admin/v1/workspaces/${workspaceId}/credits`, { amount, pool }, 200)
  }

  revokeKey(keyId: string) {
    return this.call('DELETE', `/admin/v1/keys/${keyId}`, undefined, 204)
  }

  addMember(workspaceId: string, body: { email: string; role: string | null; state: string; password?: string }) {
    return this.call('POST', `/admin/v1/workspaces/${workspaceId}/members`, body, 201)
  }

  advanceClock(seconds: number) {
    return this.call('POST', '/admin/v1/clock', { advance_seconds: seconds }, 200)
  }

  resetClock() {
    return this.call('DELETE', '/admin/v1/clock', undefined, 200)
  }

  fault(dependency: string, mode: 'down' | 'slow' | 'error', seconds?: number) {
    return this.call('POST', '/admin/v1/faults', { dependency, mode, seconds }, 200)
  }

  clearFaults() {
    return this.call('DELETE', '/admin/v1/faults', undefined, 200)
  }

  /** Runs fn with a dependency down, then clears the faults. */
  async withFault(dependency: string, fn: () => Promise<void>) {
    await this.fault(dependency, 'down')
    try {
      await fn()
    } finally {
      await this.clearFaults()
    }
  }

  /** Runs fn with the test clock moved, then puts it back. */
  async withClock(seconds: number, fn: () => Promise<void>) {
    await this.advanceClock(seconds)
    try {
      await fn()
    } finally {
      await this.resetClock()
    }
  }

  raw(method: string, path: string, body?: unknown, headers: Record<string, string> = {}) {
    return this.http.request(method, path, { body, headers })
  }

  /**
   * POST /admin/v1/corpus/{category}: the records as NDJSON, or a body of `contentType` as it is
   * (a CSV); the ingest summary, 200 expected.
   */
  async ingest(category: string, records: unknown[] | string, contentType = 'application/x-ndjson') {
    const res = await this.http.request('POST', `/admin/v1/corpus/${category}`, {
      rawBody: typeof records === 'string' ? records : ndjson(records),
      headers: { 'x-admin-token': this.token, 'content-type': contentType },
    })
    expectStatus(res, 200)
    return res.body
  }
}
