// The demo workspace `dsp serve --demo` (npm start) sets up: created once, with a test key, a live
// key and a dashboard login (DEMO_EMAIL, an owner). A key's secret and the password can only be
// shown when they are made, so the caller keeps them (cli/serve.ts: DSP_DATA_DIR/demo.json, mode
// 0600) and hands them back on the next start: whatever still works is kept and printed again
// (a restart on the same data dir leaves the printed keys and login valid); only a key that was
// revoked or expired, or a password that no longer signs in, is replaced.
import { randomBytes } from 'node:crypto'
import { hash as argon2Hash, verify as argon2Verify } from '@node-rs/argon2'
import * as store from '../store/accounts.ts'
import { addMember, createWorkspace } from './accounts.ts'
import { createApiKey, hashSecret, revokeApiKey } from './api-keys.ts'
import type { Deps, Environment } from './types.ts'

const DEMO_CREDITS = 1000
export const DEMO_EMAIL = 'demo@example.com'

/** What a start prints and the next start is handed back. */
export interface DemoSecrets {
  workspace_id: string
  test_key: string
  live_key: string
  password: string
}

export interface DemoWorkspace extends DemoSecrets {
  credits: number
  login: { email: string; password: string }
  /** Which of the saved secrets were kept (false: made on this start). */
  kept: { test_key: boolean; live_key: boolean; password: boolean }
}

export async function setUpDemoWorkspace(deps: Deps, saved?: Partial<DemoSecrets> | null): Promise<DemoWorkspace> {
  const setting = await deps.db
    .selectFrom('deployment_settings')
    .select('value')
    .where('key', '=', 'demo_workspace')
    .executeTakeFirst()
  let workspaceId = setting?.value
  if (!workspaceId) {
    workspaceId = (await createWorkspace(deps, { name: 'Demo workspace', credits: DEMO_CREDITS })).workspace_id
    await deps.db.insertInto('deployment_settings').values({ key: 'demo_workspace', value: workspaceId }).execute()
  }
  // Secrets saved for another workspace (another store behind the same data dir) are not ours.
  const ours = saved?.workspace_id === workspaceId ? saved : null
  const test = await demoKey(deps, workspaceId, 'test', ours?.test_key)
  const live = await demoKey(deps, workspaceId, 'live', ours?.live_key)
  const user = await store.findUserByEmail(deps.db, DEMO_EMAIL)
  const keepPassword = Boolean(
    ours?.password && user?.password_hash && (await argon2Verify(user.password_hash, ours.password).catch(() => false)),
  )
  const password = keepPassword && ours?.password ? ours.password : randomBytes(12).toString('base64url')
  // Always an active owner; the password hash changes only when a new password was made.
  await addMember(deps, workspaceId, {
    email: DEMO_EMAIL,
    role: 'dsp_owner',
    state: 'active',
    password_hash: keepPassword ? null : await argon2Hash(password),
  })
  return {
    workspace_id: workspaceId,
    credits: DEMO_CREDITS,
    test_key: test.secret,
    live_key: live.secret,
    password,
    login: { email: DEMO_EMAIL, password },
    kept: { test_key: test.kept, live_key: live.kept, password: keepPassword },
  }
}

/**
 * The saved key when it is still a live demo key of this workspace; else a new one, after
 * revoking the environment's other demo keys (their secrets are lost: nobody can be using them
 * from this printout).
 */
async function demoKey(
  deps: Deps,
  workspaceId: string,
  environment: Environment,
  saved: string | undefined,
): Promise<{ secret: string; kept: boolean }> {
  const name = `demo ${environment} key`
  if (saved) {
    const row = await store.findLiveApiKeyByHash(deps.db, hashSecret(saved), deps.clock.now())
    if (row && row.workspace_id === workspaceId && row.environment === environment && row.name === name)
      return { secret: saved, kept: true }
  }
  const old = await deps.db
    .selectFrom('api_keys')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('revoked_at', 'is', null)
    .where('name', '=', name)
    .execute()
  for (const k of old) await revokeApiKey(deps, k.id, workspaceId)
  const created = await createApiKey(deps, { workspace_id: workspaceId, environment, name })
  return { secret: created.secret, kept: false }
}
