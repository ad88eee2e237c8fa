// The store's table types with their SQL column names: deployment settings, organisations,
// workspaces, users, API keys, credits and usage, sessions, saved lists, feedback and OAuth.
// The corpus tables are in tables-corpus.ts, the agent-run, monitor and webhook tables in
// tables-runs.ts; db.ts gathers them into its Database type. This module imports nothing of ours.
import type { ColumnType, Generated } from 'kysely'

type Timestamp = ColumnType<Date, Date | string, Date | string>
type Json = ColumnType<unknown, string, string>

export interface DeploymentSettingsTable {
  key: string
  value: string
}

export interface OrganisationsTable {
  id: string
  name: string
  created_at: Timestamp
}

export interface WorkspacesTable {
  id: string
  organisation_id: string
  name: string
  /** A workspace without its own allocation spends the organisation pool (tenant_wide_fallback). */
  has_allocation: boolean
  has_purchased: boolean
  allocation_expires_at: Timestamp | null
  created_at: Timestamp
}

export interface UsersTable {
  id: Generated<number>
  email: string
  email_lower: string
  password_hash: string | null
  created_at: Timestamp
}

export interface MembershipsTable {
  organisation_id: string
  workspace_id: string
  user_id: number
  role: string | null
  state: string
  created_at: Timestamp
}

export interface ApiKeysTable {
  id: string
  workspace_id: string
  created_by_user_id: number | null
  name: string | null
  environment: 'live' | 'test'
  scopes: string[]
  secret_hash: string
  display_key: string
  created_at: Timestamp
  expires_at: Timestamp
  revoked_at: Timestamp | null
  last_used_at: Timestamp | null
}

export interface CreditAccountsTable {
  /** `<workspace_id>:allocated` or `<organisation_id>:shared`. */
  id: string
  organisation_id: string
  workspace_id: string | null
  pool: 'allocated' | 'shared'
  /** Running sums of the account's ledger entries, kept in the same transaction as each entry. */
  granted_milli: number
  balance_milli: number
  reserved_milli: number
  updated_at: Timestamp
}

export interface LedgerEntriesTable {
  id: Generated<number>
  account_id: string
  workspace_id: string
  kind: 'grant' | 'topup' | 'charge' | 'hold' | 'release' | 'settlement'
  /** Signed change of the balance (grants and top-ups positive, charges and settlements negative). */
  amount_milli: number
  /** Signed change of the reserved amount (holds positive, releases and settlements negative). */
  reserved_delta_milli: number
  hold_id: string | null
  run_id: number | null
  key_id: string | null
  user_id: number | null
  action_type: string | null
  note: string | null
  created_at: Timestamp
}

export interface UsageRunsTable {
  id: Generated<number>
  workspace_id: string
  key_id: string | null
  user_id: number | null
  actor_type: 'user' | 'api_key'
  action_type: string
  environment: 'live' | 'test'
  status: 'pending' | 'ok' | 'failed'
  error_code: string | null
  credits_charged_milli: number
  latency_ms: number | null
  occurred_at: Timestamp
  finished_at: Timestamp | null
  query: string | null
  result_count: number | null
  result_total: number | null
  result_total_is_estimate: boolean | null
  request: Json | null
  plan: Json | null
  /** Runs written before migration 0017: page 1 as jsonb. */
  snapshot: Json | null
  /** Page 1 as deflated JSON text (raw deflate), from migration 0017 on: store/usage.ts readSnapshot. */
  snapshot_deflated: Uint8Array | null
  snapshot_state: string
  request_id: string
  agent_run_id: string | null
}

export interface ChargedUnitsTable {
  scope: string
  unit: string
  run_id: number
  created_at: Timestamp
}

export interface TopupsTable {
  id: string
  workspace_id: string
  status: 'pending' | 'completed'
  credits_added_milli: number | null
  order_id: number | null
  provider: string
  created_by_key_id: string | null
  created_by_user_id: number | null
  completed_by_user_id: number | null
  created_at: Timestamp
  expires_at: Timestamp
  completed_at: Timestamp | null
}

export interface CreditHoldsTable {
  id: string
  workspace_id: string
  account_id: string
  amount_milli: number
  status: 'open' | 'settled' | 'released' | 'lapsed'
  charged_milli: number | null
  created_at: Timestamp
  lapses_at: Timestamp
  settled_at: Timestamp | null
}

export interface SessionsTable {
  /** SHA-256 (hex) of the cookie token; the token itself is never stored. */
  id: string
  user_id: number
  workspace_id: string
  csrf_token: string
  created_at: Timestamp
  expires_at: Timestamp
  last_seen_at: Timestamp
}

// Saved lists, suppressions, feedback reports and votes (migration 0005; docs/lists-and-feedback.md).
export interface SavedListsTable {
  id: string
  workspace_id: string
  name: string
  /** The user who created it; null when an API key did (created_by_key_id then says which). */
  created_by: number | null
  created_by_key_id: string | null
  created_at: Timestamp
  updated_at: Timestamp
}

export interface SavedItemsTable {
  list_id: string
  workspace_id: string
  entity_category: string
  entity_id: string
  seq: Generated<number>
  added_at: Timestamp
  added_by: number | null
}

export interface SuppressionsTable {
  entity_category: string
  entity_id: string
  created_at: Timestamp
}

export interface FeedbackReportsTable {
  id: string
  seq: Generated<number>
  workspace_id: string
  /** The filing credential: its key id, or `user:<id>` for a session. */
  filer: string
  key_id: string | null
  user_id: number | null
  created_at: Timestamp
  status: string
  sentiment: string
  comment: string | null
  context: string | null
  expected: Json | null
  subject_kind: string
  subject_id: string | null
  subject: Json | null
  tags: string[]
  tag_vocab_version: number
  target_kind: string
  target_entity_id: string | null
  target_entity_type: string | null
  target_verified: boolean
}

export interface FeedbackVotesTable {
  id: string
  seq: Generated<number>
  workspace_id: string
  voter: string
  request_id: string
  level: string
  /** entity_id for a flag, '' for a result_set vote: the unique key of the active vote. */
  entity_key: string
  entity_category: string
  entity_id: string | null
  vote: string
  reason_code: string | null
  text: string | null
  created_at: Timestamp
}

// OAuth clients, grants, codes and tokens (migration 0023; queries: oauth.ts).
/** OAuth rows take and give Date objects only. */
type OAuthTimestamp = ColumnType<Date, Date, Date>

export interface OAuthTables {
  oauth_clients: {
    client_id: string
    client_name: string | null
    redirect_uris: ColumnType<string[], string, string>
    created_at: OAuthTimestamp
  }
  oauth_grants: {
    id: string
    client_id: string
    workspace_id: string
    user_id: number
    scopes: string[]
    created_at: OAuthTimestamp
    last_used_at: OAuthTimestamp | null
    revoked_at: OAuthTimestamp | null
  }
  oauth_codes: {
    code_hash: string
    grant_id: string
    redirect_uri: string
    code_challenge: string
    expires_at: OAuthTimestamp
    used_at: OAuthTimestamp | null
  }
  oauth_tokens: {
    token_hash: string
    grant_id: string
    kind: 'access' | 'refresh'
    created_at: OAuthTimestamp
    expires_at: OAuthTimestamp
    used_at: OAuthTimestamp | null
  }
}
