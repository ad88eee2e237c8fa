// Credits balance and member lookup (contract §2.4, §2.8, §4.2, §4.5). Rules: domain/credits, domain/accounts.
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox'
import { CreditBalanceResponse, MemberLookupResponse, ResolveMemberBody } from '../../contract/account.ts'
import { resolveMember } from '../../domain/accounts.ts'
import { getCredits } from '../../domain/credits/ledger.ts'
import type { Deps } from '../../domain/types.ts'

export const accountRoutes: FastifyPluginAsyncTypebox<{ deps: Deps }> = async (app, { deps }) => {
  app.get(
    '/v1/credits',
    {
      schema: {
        operationId: 'getCredits',
        summary: 'Credit balance',
        tags: ['account'],
        response: { 200: CreditBalanceResponse },
      },
      config: { outage: 'credits.unavailable', scopes: ['dsp.usage.read'], errors: ['credits.unavailable'] },
    },
    async (request) => getCredits(deps, request.credential!.workspace_id),
  )

  app.post(
    '/v1/members/resolve',
    {
      schema: {
        operationId: 'resolveMember',
        summary: 'Look up a member of your organisation by email',
        tags: ['account'],
        body: ResolveMemberBody,
        response: { 200: MemberLookupResponse },
      },
      config: { scopes: ['dsp.search.read', 'dsp.agents.write'] },
    },
    async (request) => resolveMember(deps, request.credential!, request.body.email),
  )
}
