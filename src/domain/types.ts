// Shared domain types: the dependencies every domain function receives and the credential a
// request runs as.
import type { Logger } from 'pino'
import type { Clock } from '../clock.ts'
import type { Config } from '../config.ts'
import type { Faults } from '../faults.ts'
import type { Limiter } from '../limiter/index.ts'
import type { Metrics } from '../metrics.ts'
import type { Db, Store } from '../store/db.ts'
import type { ReadReplicas } from '../store/replicas.ts'
import type { Embedder } from '../retrieval/embedder/index.ts'
import type { KeyCache } from './key-cache.ts'
import type { CorpusVectors } from './corpus/vectors.ts'
import type { RunUpdate } from '../store/usage.ts'
import type { WriteBehind } from './write-behind.ts'
import type { Exposures } from './agent-runs/exposures.ts'
import type { GraphBlocks } from './relationships/block-cache.ts'
import type { SearchCaches } from './search/caches.ts'
import type { StartsInFlight } from './agent-runs/starts.ts'
import type { Tracing } from '../tracing.ts'

export const SCOPES = [
  'dsp.search.read',
  'dsp.entities.read',
  'dsp.usage.read',
  'dsp.agents.read',
  'dsp.agents.write',
] as const
export type Scope = (typeof SCOPES)[number]

export const ROLES = ['dsp_owner', 'dsp_admin', 'dsp_developer', 'dsp_viewer'] as const
export type Role = (typeof ROLES)[number]

export const MEMBER_STATES = ['active', 'not_activated', 'invitation_pending', 'no_access'] as const
export type MemberState = (typeof MEMBER_STATES)[number]

export type Environment = 'live' | 'test'

export interface Credential {
  /** `oauth`: a Bearer access token a member granted an OAuth client (http/oauth/), acting as that member. */
  kind: 'api_key' | 'session' | 'oauth'
  workspace_id: string
  organisation_id: string
  key_id: string | null
  user_id: number | null
  environment: Environment
  scopes: readonly Scope[]
  /** The OAuth grant of an `oauth` credential (its throttle bucket). */
  grant_id?: string
}

/**
 * Start-up work the process still does after it listens (`dsp serve --demo`: seeding the demo
 * corpus): while `pending` names it, readiness reports a hard `startup` dependency down with that
 * text (and its progress) as the detail, so a balancer sends no traffic yet.
 */
export interface StartupGate {
  pending: string | null
}

export interface Deps {
  readonly config: Readonly<Config>
  readonly store: Store
  readonly db: Db
  readonly clock: Clock
  readonly faults: Faults
  readonly limiter: Limiter
  readonly keyCache: KeyCache
  /** Deployment secret: id hashing, cursor signing. */
  readonly secret: string
  readonly log: Logger
  /** Prometheus metrics of this process (src/metrics.ts). */
  readonly metrics: Metrics
  /** Base URL clients reach (links in answers, problem types). */
  readonly publicUrl: string
  /** The record embedder, created on first use (server start stays fast when nothing is embedded). */
  readonly embedder: () => Promise<Embedder>
  /** Per-category ANN indexes of this process (domain/corpus/vectors.ts). */
  readonly vectors: CorpusVectors
  /** Billed runs' closings, written in batches a moment after their answers (domain/credits/metering.ts). */
  readonly runClosings: WriteBehind<RunUpdate>
  /** Records shown, queued for the entity ceiling (domain/agent-runs/exposures.ts). */
  readonly exposures: Exposures
  /** Unpacked company graph blocks and the ones built but not stored yet (domain/relationships/block-cache.ts). */
  readonly graphBlocks: GraphBlocks
  /** Search's per-process caches (domain/search/caches.ts). */
  readonly searchCaches: SearchCaches
  /** Agent-run starts under way, by workspace and Idempotency-Key (domain/agent-runs/starts.ts). */
  readonly agentStarts: StartsInFlight
  /** OpenTelemetry export (src/tracing.ts); null when OTEL_EXPORTER_OTLP_ENDPOINT is unset. */
  readonly tracing: Tracing | null
  /** PostgreSQL hot standbys that read-only routes read from (DATABASE_READ_URLS; domain/replicas.ts); absent without. */
  readonly replicas?: ReadReplicas
  /** Start-up work still under way after listening (the demo seed); readiness is 503 meanwhile (domain/health.ts). */
  startup?: StartupGate
}
