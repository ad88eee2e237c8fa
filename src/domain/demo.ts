// The demo workspace `dsp serve --demo` (npm start) sets up: created once, its keys rotated on
// every start because a key's secret can only be shown when it is created. Its dashboard login
// (DEMO_EMAIL, an owner) gets a new random password on every start too, printed with the keys.
import { randomBytes } from 'node:crypto'
import { hash as argon2Hash } from '@node-rs/argon2'
import { addMember, createWorkspace } from './accounts.ts'
import { createApiKey, revokeApiKey } from './api-keys.ts'
import type { Deps } from './types.ts'

const DEMO_CREDITS = 1000
export const DEMO_EMAIL = 'demo@example.com'

export async function setUpDemoWorkspace(deps: Deps) {
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
  const old = await deps.db
    .selectFrom('api_keys')
    .select('id')
    .where('workspace_id', '=', workspaceId)
    .where('revoked_at', 'is', null)
    .where('name', 'like', 'demo %')
    .execute()
  for (const k of old) await revokeApiKey(deps, k.id, workspaceId)
  const test = await createApiKey(deps, { workspace_id: workspaceId, environment: 'test', name: 'demo test key' })
  const live = await createApiKey(deps, { workspace_id: workspaceId, environment: 'live', name: 'demo live key' })
  const password = randomBytes(12).toString('base64url')
  await addMember(deps, workspaceId, {
    email: DEMO_EMAIL,
    role: 'dsp_owner',
    state: 'active',
    password_hash: await argon2Hash(password),
  })
  return {
    workspace_id: workspaceId,
    credits: DEMO_CREDITS,
    test_key: test.secret,
    live_key: live.secret,
    login: { email: DEMO_EMAIL, password },
  }
}
