// Members of the workspace with role and state (GET /v1/auth/members). Roles and what they
// allow: docs/dashboard.md.
import { get } from '../api.ts'
import type { MembersResponse } from '../types.ts'
import { ErrorMessage, formatDate, Loading, PageTitle, Table, useLoad } from '../ui.tsx'

const ROLES: Record<string, string> = {
  dsp_owner: 'Owner: everything, buys credits, manages every key',
  dsp_admin: 'Admin: everything, buys credits, manages every key',
  dsp_developer: 'Developer: all five scopes, manages own keys, cannot buy credits',
  dsp_viewer: 'Viewer: reads (search, lookup, usage, agent runs); cannot start agent runs or buy credits',
}

const STATES: Record<string, string> = {
  active: 'Active',
  not_activated: 'Has a role, not activated yet',
  invitation_pending: 'Invitation pending',
  no_access: 'No platform access',
  unknown: 'Unknown',
}

export function MembersPage() {
  const members = useLoad((signal) => get<MembersResponse>('/v1/auth/members', undefined, signal), [])
  return (
    <>
      <PageTitle>Members</PageTitle>
      {members.loading && !members.data && <Loading what="members" />}
      <ErrorMessage error={members.error} />
      {members.data && (
        <Table
          caption="Workspace members"
          rows={members.data.members}
          rowKey={(m) => String(m.user_id)}
          columns={[
            { key: 'email', header: 'Email' },
            {
              key: 'role',
              header: 'Role',
              render: (m) =>
                m.role ? (
                  <span title={ROLES[m.role]}>{m.role.replace(/^dsp_/, '')}</span>
                ) : (
                  <span className="muted">none</span>
                ),
            },
            { key: 'state', header: 'State', render: (m) => STATES[m.state] ?? m.state },
            { key: 'joined_at', header: 'Member since', render: (m) => formatDate(m.joined_at) },
          ]}
        />
      )}
      <section aria-labelledby="roles-title">
        <h2 id="roles-title">Roles</h2>
        <ul>
          {Object.entries(ROLES).map(([role, text]) => (
            <li key={role}>
              <code>{role}</code>: {text.split(': ')[1]}
            </li>
          ))}
        </ul>
      </section>
    </>
  )
}
