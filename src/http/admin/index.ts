// Operator admin API (/admin/v1): enabled only with DSP_ADMIN_TOKEN, every call carrying
// X-Admin-Token equal to it (compared in constant time). Outside the public OpenAPI.
import { createHash, timingSafeEqual } from 'node:crypto'
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { hash as argon2Hash } from '@node-rs/argon2'
import {
  AddMemberBody,
  BalanceResponse,
  ClockBody,
  ClockResponse,
  CreateKeyBody,
  CreatedKeyResponse,
  CreateWorkspaceBody,
  CreateWorkspaceResponse,
  FaultBody,
  FaultsResponse,
  GrantCreditsBody,
  JobParams,
  KeyIdParams,
  WorkspaceIdParams,
} from '../../contract/admin.ts'
import { addMember, createWorkspace, requireWorkspace } from '../../domain/accounts.ts'
import { createApiKey, revokeApiKey } from '../../domain/api-keys.ts'
import { grantCredits, toMilli } from '../../domain/credits/ledger.ts'
import type { Deps } from '../../domain/types.ts'
import { completeTopup } from '../../domain/topups.ts'
import { runJob } from '../../jobs/maintenance.ts'
import { suppressionRoutes } from './suppressions.ts'
import { corpusAdminRoutes } from './corpus.ts'
import { backupRoutes } from './backup.ts'
import { CompleteTopupBody, TopupParams } from '../../contract/usage.ts'
import { ApiError } from '../../errors.ts'

const digest = (s: string) => createHash('sha256').update(s).digest()

export const adminRoutes: FastifyPluginAsyncTypebox<{ deps: Deps; token: string }> = async (app, { deps, token }) => {
  const expected = digest(token)
  app.addHook('onRequest', async (request) => {
    const given = request.headers['x-admin-token']
    // Comparing fixed-length digests keeps the comparison constant-time whatever the input length.
    if (typeof given !== 'string' || !timingSafeEqual(digest(given), expected)) {
      throw new ApiError('auth.unauthorized', 'Admin routes need header X-Admin-Token.')
    }
  })

  app.post(
    '/admin/v1/workspaces',
    { schema: { body: CreateWorkspaceBody, response: { 201: CreateWorkspaceResponse } } },
    async (request, reply) => reply.code(201).send(await createWorkspace(deps, request.body)),
  )

  app.post(
    '/admin/v1/workspaces/:workspace_id/credits',
    { schema: { params: WorkspaceIdParams, body: GrantCreditsBody, response: { 200: BalanceResponse } } },
    async (request) =>
      grantCredits(
        deps,
        request.params.workspace_id,
        toMilli(request.body.amount),
        request.body.pool ?? 'allocated',
        'grant',
        'operator grant',
      ),
  )

  app.post(
    '/admin/v1/workspaces/:workspace_id/keys',
    { schema: { params: WorkspaceIdParams, body: CreateKeyBody, response: { 201: CreatedKeyResponse } } },
    async (request, reply) => {
      await requireWorkspace(deps, request.params.workspace_id)
      const key = await createApiKey(deps, { workspace_id: request.params.workspace_id, ...request.body })
      return reply.code(201).send(key)
    },
  )

  app.delete('/admin/v1/keys/:key_id', { schema: { params: KeyIdParams } }, async (request, reply) => {
    const found = await revokeApiKey(deps, request.params.key_id)
    if (!found) throw new ApiError('request.invalid', `No key ${request.params.key_id}.`, { status: 404 })
    return reply.code(204).send()
  })

  app.post(
    '/admin/v1/workspaces/:workspace_id/members',
    { schema: { params: WorkspaceIdParams, body: AddMemberBody } },
    async (request, reply) => {
      const { password, ...rest } = request.body
      const member = await addMember(deps, request.params.workspace_id, {
        ...rest,
        role: rest.role as never,
        state: rest.state as never,
        password_hash: password ? await argon2Hash(password) : null,
      })
      return reply.code(201).send(member)
    },
  )

  app.post(
    '/admin/v1/topups/:topup_id/complete',
    { schema: { params: TopupParams, body: CompleteTopupBody } },
    async (request) =>
      completeTopup(deps, request.params.topup_id, request.body.credits, { workspace_id: null, user_id: null }),
  )

  // Maintenance jobs on demand (they also run on a timer in `dsp serve`).
  app.post('/admin/v1/jobs/:job', { schema: { params: JobParams } }, async (request) => ({
    job: request.params.job,
    affected: await runJob(deps, request.params.job),
  }))

  // The Do-Not-Contact list (lists §4.7 rule 3); inside this plugin so the token hook covers it.
  await app.register(suppressionRoutes, { deps })
  // Corpus ingest, demo seeding, status and export (docs/ingest-operations.md §1).
  await app.register(corpusAdminRoutes, { deps })
  await app.register(backupRoutes, { deps })

  if (deps.config.DSP_TEST_CLOCK === '1') {
    const clockView = () => ({ now: deps.clock.now().toISOString(), offset_seconds: deps.clock.offsetSeconds })
    app.post('/admin/v1/clock', { schema: { body: ClockBody, response: { 200: ClockResponse } } }, async (request) => {
      deps.clock.advance(request.body.advance_seconds)
      return clockView()
    })
    app.delete('/admin/v1/clock', { schema: { response: { 200: ClockResponse } } }, async () => {
      deps.clock.reset()
      return clockView()
    })
  }

  if (deps.config.DSP_FAULTS === '1') {
    app.post(
      '/admin/v1/faults',
      { schema: { body: FaultBody, response: { 200: FaultsResponse } } },
      async (request) => {
        deps.faults.set(request.body.dependency, request.body.mode, request.body.seconds)
        return { faults: deps.faults.list() }
      },
    )
    app.delete('/admin/v1/faults', { schema: { response: { 200: FaultsResponse } } }, async () => {
      deps.faults.clear()
      return { faults: deps.faults.list() }
    })
    // An unexpected failure on demand, so the 500 `internal` answer can be tested from outside.
    app.post('/admin/v1/faults/crash', async () => {
      throw new Error('simulated crash: connection string postgres://secret@db/internal')
    })
  }
}
