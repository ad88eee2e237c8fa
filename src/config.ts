// The one configuration schema and loader. Only this file reads process.env; `.env.example`
// lists every variable with its default and meaning.
import { Type, type Static, type TSchema } from 'typebox'
import { Value } from 'typebox/value'
// OpenAI's own model sizes, so a missing DSP_EMBEDDINGS_DIMENSIONS is a config error at start.
import { nativeEmbeddingDimensions } from './retrieval/embedder/openai.ts'

const GLOVE_DIMENSIONS = 100

const Flag = (defaultValue: '0' | '1', description: string) =>
  Type.Union([Type.Literal('0'), Type.Literal('1')], { default: defaultValue, description })

export const ConfigSchema = Type.Object({
  DSP_DATA_DIR: Type.String({
    default: './data',
    minLength: 1,
    description: 'Where the embedded store, index files and deployment secret live.',
  }),
  DATABASE_URL: Type.Optional(
    Type.String({ pattern: '^postgres(ql)?://', description: 'PostgreSQL instead of the embedded store.' }),
  ),
  DATABASE_READ_URLS: Type.Optional(
    Type.String({
      pattern: '^postgres(ql)?://[^,\\s]+(\\s*,\\s*postgres(ql)?://[^,\\s]+)*$',
      description:
        'PostgreSQL hot standbys of DATABASE_URL, comma-separated: search, similar, lookups, relationships, org chart, filter values and coverage read there; everything else stays on the primary. A standby that is down or lags past DSP_READ_MAX_LAG_MS is skipped (docs/deploy-scaling.md §1). PostgreSQL only.',
    }),
  ),
  DSP_READ_MAX_LAG_MS: Type.Integer({
    default: 5000,
    minimum: 1000,
    description:
      'Most a read replica may lag the primary (measured every 0.5 s, never under) before reads skip it for another replica or the primary.',
  }),
  REDIS_URL: Type.Optional(
    Type.String({ pattern: '^rediss?://', description: 'Redis for the limiter store; in-memory when unset.' }),
  ),
  DSP_HOST: Type.String({ default: '127.0.0.1', minLength: 1, description: 'Listen address (dsp serve --host wins).' }),
  DSP_PORT: Type.Integer({
    default: 8080,
    minimum: 0,
    maximum: 65535,
    description: 'Listen port (dsp serve --port wins).',
  }),
  DSP_PUBLIC_URL: Type.Optional(
    Type.String({ pattern: '^https?://', description: 'Base URL clients reach; default http://HOST:PORT.' }),
  ),
  DSP_ERROR_DOCS_URL: Type.Optional(
    Type.String({ pattern: '^https?://', description: 'Base of problem `type` URLs; default PUBLIC_URL/docs/errors.' }),
  ),
  DSP_ADMIN_TOKEN: Type.Optional(
    Type.String({ minLength: 32, description: 'Enables /admin/v1; sent as X-Admin-Token.' }),
  ),
  DSP_SECRET: Type.Optional(
    Type.String({
      minLength: 32,
      description: 'Deployment secret (id hashing, cursor signing); generated and kept in the store when unset.',
    }),
  ),
  DSP_TEST_CLOCK: Flag('0', 'Enables POST/DELETE /admin/v1/clock.'),
  DSP_FAULTS: Flag('0', 'Enables POST/DELETE /admin/v1/faults.'),
  DSP_DASHBOARD: Flag('1', 'Serve the dashboard; 0 makes top-up creation answer 501.'),
  DSP_TRUST_PROXY: Flag(
    '0',
    'Trust X-Forwarded-* from a reverse proxy (client address, https for the Secure session cookie).',
  ),
  DSP_LOG_LEVEL: Type.Enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'], { default: 'info' }),
  DSP_METRICS_TOKEN: Type.Optional(
    Type.String({
      minLength: 32,
      description:
        'Serves Prometheus metrics at GET /metrics on the API port to `Authorization: Bearer <token>`; with DSP_METRICS_PORT, required there too.',
    }),
  ),
  OTEL_EXPORTER_OTLP_ENDPOINT: Type.Optional(
    Type.String({
      pattern: '^https?://',
      description:
        "Exports a trace span per request and per agent-run attempt over OTLP/HTTP to <endpoint>/v1/traces (OpenTelemetry collector), joining the caller's traceparent; off when unset. OTEL_SERVICE_NAME names the service.",
    }),
  ),
  OTEL_SERVICE_NAME: Type.String({ minLength: 1, default: 'dsp', description: 'service.name of exported spans' }),
  DSP_METRICS_PORT: Type.Optional(
    Type.Integer({
      minimum: 0,
      maximum: 65535,
      description:
        'Serves GET /metrics on this port of DSP_HOST instead of the API port (dsp serve and dsp worker); keep it off the public network.',
    }),
  ),
  DSP_BODY_LIMIT_BYTES: Type.Integer({
    default: 1_048_576,
    minimum: 1024,
    description: 'Request body cap; over it answers 413 request.too_large.',
  }),
  DSP_GRAPH_BLOCK_CACHE_MB: Type.Integer({
    default: 128,
    minimum: 0,
    description:
      'Memory for unpacked company graph blocks in each process (relationships reads); 0 reads every block from the store.',
  }),
  DSP_RETRIEVAL_TIMEOUT_MS: Type.Integer({
    default: 5000,
    minimum: 1,
    description: 'Deadline of one retrieval engine call; past it 504 upstream.timeout.',
  }),
  DSP_DEPENDENCY_TIMEOUT_MS: Type.Integer({
    default: 2000,
    minimum: 1,
    description:
      'Deadline of one limiter call, and of a dependency made slow by fault injection, before it counts as unreachable.',
  }),
  DSP_READY_TIMEOUT_MS: Type.Integer({
    default: 2000,
    minimum: 1,
    description:
      'Deadline of each /readyz probe: a dependency that answers later is reported down, so /readyz answers within it.',
  }),
  DSP_STORE_STATEMENT_TIMEOUT_MS: Type.Integer({
    default: 10_000,
    minimum: 1,
    description:
      'PostgreSQL: longest a store statement may run (statement_timeout); past it the call fails as the store being too slow: 504 upstream.timeout on search and lookup routes, the 503 of the dependency elsewhere, nothing charged. Migrations and VACUUM are exempt.',
  }),
  DSP_STORE_LOCK_TIMEOUT_MS: Type.Integer({
    default: 3000,
    minimum: 1,
    description:
      'PostgreSQL: longest a store statement may wait for a lock another connection holds (lock_timeout); past it the call fails as for DSP_STORE_STATEMENT_TIMEOUT_MS.',
  }),
  DSP_STORE_ACQUIRE_TIMEOUT_MS: Type.Integer({
    default: 5000,
    minimum: 1,
    description:
      "Longest a store call may wait for a connection: a free one of the PostgreSQL pool or a new one, or the embedded store's one connection; past it the call fails as for DSP_STORE_STATEMENT_TIMEOUT_MS.",
  }),
  DSP_SAVED_ITEMS_CAP: Type.Integer({
    default: 500,
    minimum: 0,
    description: 'Saved-items cap for workspaces that never bought credits.',
  }),
  DSP_STARTER_CREDITS: Type.Number({
    default: 25,
    minimum: 0,
    maximum: 1_000_000,
    description:
      'Credits a workspace made by dashboard sign-up starts with (a ledger grant, in its history); 0 for none.',
  }),
  DSP_ENTITY_CEILING: Type.Integer({
    default: 5_000_000,
    minimum: 1,
    description: 'Distinct records shown per credential in 30 days before agent starts answer 429.',
  }),
  DSP_AGENT_WORKERS: Type.Integer({
    default: 2,
    minimum: 0,
    maximum: 64,
    description: 'Agent runs one worker process runs at once; 0 disables the in-process worker of dsp serve.',
  }),
  DSP_AGENT_LEASE_SECONDS: Type.Integer({
    default: 30,
    minimum: 1,
    description:
      'Lease of a claimed agent run, renewed at every step; a run whose worker died is claimed again once it expires.',
  }),
  DSP_WEBHOOKS_ALLOW_HTTP: Flag('0', 'Webhook endpoint URLs may be http:// (default: https only).'),
  DSP_WEBHOOKS_ALLOW_RANGES: Type.String({
    default: '',
    pattern: '^((loopback|private|link_local)(\\s*,\\s*(loopback|private|link_local))*)?$',
    description:
      'Address ranges webhook targets may resolve to besides public ones, comma-separated: loopback, private (10/8, 172.16/12, 192.168/16, fc00::/7, 100.64/10), link_local. Checked at creation and on every send.',
  }),
  DSP_WEBHOOKS_TIMEOUT_MS: Type.Integer({
    default: 10_000,
    minimum: 100,
    description: 'Most one webhook attempt waits for the receiver (connect, send and answer).',
  }),
  DSP_WEBHOOKS_RETRY_BASE_MS: Type.Integer({
    default: 5_000,
    minimum: 1,
    description:
      'First retry delay of a failed webhook delivery; each next one doubles (capped at 6 h) with ±20 % jitter.',
  }),
  DSP_WEBHOOKS_RETRY_HOURS: Type.Number({
    default: 24,
    minimum: 24,
    description: 'A failing delivery is retried until this long after its first attempt (at least 24 h).',
  }),
  DSP_WEBHOOKS_DISABLE_AFTER_HOURS: Type.Number({
    default: 72,
    minimum: 0,
    description: 'An endpoint whose deliveries fail this long without a success is disabled (event webhook.disabled).',
  }),
  DSP_WEBHOOKS_POLL_MS: Type.Integer({
    default: 1_000,
    minimum: 10,
    description: 'How often the webhook dispatcher looks for due deliveries (new events wake it at once in-process).',
  }),
  DSP_WEBHOOKS_DISPATCH: Flag(
    '1',
    'Run the webhook dispatcher and monitor scheduler in this process (dsp serve, dsp worker).',
  ),
  DSP_CACHE_DIR: Type.String({
    default: './node_modules/.cache/dsp',
    minLength: 1,
    description: 'Converted embedding vectors and other derived caches.',
  }),
  DSP_AUTO_BULK_MIN_BYTES: Type.Integer({
    default: 100 * 1024 * 1024,
    minimum: 0,
    description:
      '`dsp ingest` of a file at least this large into an empty category is a bulk load without --bulk (docs/ingest-bulk.md §1); smaller files take the ordinary ingest, whose fixed costs are lower (no index rebuild, no extra read of the file for its key).',
  }),
  DSP_VECTOR_MAP_MIN_VECTORS: Type.Integer({
    default: 50_000,
    minimum: 0,
    description:
      'A category whose vector index file holds at least this many vectors is mapped read-only and shared by every process on the data dir (page cache) instead of read into each process; below it (an exact scan reads every vector per query) each process keeps its own copy.',
  }),
  DSP_EMBEDDINGS_PROVIDER: Type.Enum(['glove', 'openai'], {
    default: 'glove',
    description: 'Record and query embedder: offline GloVe + SIF, or an OpenAI-compatible /v1/embeddings server.',
  }),
  DSP_EMBEDDINGS_URL: Type.Optional(
    Type.String({ pattern: '^https?://', description: 'openai: server root (a trailing /v1 is accepted); required.' }),
  ),
  DSP_EMBEDDINGS_API_KEY: Type.Optional(
    Type.String({ minLength: 1, description: 'openai: sent as a Bearer token; never logged.' }),
  ),
  DSP_EMBEDDINGS_MODEL: Type.Optional(
    Type.String({ minLength: 1, description: 'openai: the embedding model; required.' }),
  ),
  DSP_EMBEDDINGS_DIMENSIONS: Type.Optional(
    Type.Integer({
      minimum: 1,
      maximum: 16_384,
      description: "Vector size; required for an openai model other than OpenAI's own; glove: 100 if set.",
    }),
  ),
  DSP_PARSER_PROVIDER: Type.Enum(['rules', 'llm'], {
    default: 'rules',
    description:
      'Query parser of auto and deep search: offline rules, or an OpenAI-compatible chat model with JSON-schema output.',
  }),
  DSP_PARSER_URL: Type.Optional(
    Type.String({
      pattern: '^https?://',
      description: 'llm: server root of the /v1/chat/completions endpoint; required.',
    }),
  ),
  DSP_PARSER_API_KEY: Type.Optional(
    Type.String({ minLength: 1, description: 'llm: sent as a Bearer token; never logged.' }),
  ),
  DSP_PARSER_MODEL: Type.Optional(Type.String({ minLength: 1, description: 'llm: the chat model; required.' })),
  DSP_PARSER_TIMEOUT_MS: Type.Integer({
    default: 3000,
    minimum: 1,
    description: 'llm: deadline of one parser call; past it the rules parse the query.',
  }),
})
export type Config = Static<typeof ConfigSchema>

export class ConfigError extends Error {}

/** The password of a connection URL, left out of error messages. */
const URL_PASSWORD = /(\/\/[^:/@\s",]*:)[^@/\s",]*@/g

/** Reads the environment once; a bad value throws a ConfigError naming the variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Readonly<Config> {
  const picked: Record<string, unknown> = {}
  for (const name of Object.keys(ConfigSchema.properties)) {
    const raw = env[name]
    if (raw !== undefined && raw !== '') picked[name] = raw
  }
  const value = Value.Default(ConfigSchema, Value.Convert(ConfigSchema, picked)) as Record<string, unknown>
  for (const [name, schema] of Object.entries(ConfigSchema.properties) as [string, TSchema][]) {
    if (value[name] === undefined) continue
    if (!Value.Check(schema, value[name])) {
      const first = Value.Errors(schema, value[name])[0]
      const got = JSON.stringify(picked[name]).replace(URL_PASSWORD, '$1***@')
      throw new ConfigError(`${name}: ${first?.message ?? 'invalid value'} (got ${got})`)
    }
  }
  const config = value as Config
  checkProviders(config)
  return Object.freeze(config)
}

// Settings that only make sense together; each message names the variable to set or fix.
// Values of API keys are never quoted.
function checkProviders(c: Config): void {
  const need = (name: keyof Config, why: string) => {
    if (c[name] === undefined) throw new ConfigError(`${name}: required when ${why}`)
  }
  if (c.DSP_EMBEDDINGS_PROVIDER === 'openai') {
    need('DSP_EMBEDDINGS_URL', 'DSP_EMBEDDINGS_PROVIDER is openai')
    need('DSP_EMBEDDINGS_MODEL', 'DSP_EMBEDDINGS_PROVIDER is openai')
    if (c.DSP_EMBEDDINGS_DIMENSIONS === undefined && nativeEmbeddingDimensions(c.DSP_EMBEDDINGS_MODEL!) === undefined) {
      throw new ConfigError(
        `DSP_EMBEDDINGS_DIMENSIONS: required for embedding model ${JSON.stringify(c.DSP_EMBEDDINGS_MODEL)}, whose size is not known`,
      )
    }
  } else if (c.DSP_EMBEDDINGS_DIMENSIONS !== undefined && c.DSP_EMBEDDINGS_DIMENSIONS !== GLOVE_DIMENSIONS) {
    throw new ConfigError(
      `DSP_EMBEDDINGS_DIMENSIONS: the glove embedder has ${GLOVE_DIMENSIONS} dimensions (got ${c.DSP_EMBEDDINGS_DIMENSIONS})`,
    )
  }
  if (c.DATABASE_READ_URLS !== undefined) {
    if (c.DATABASE_URL === undefined)
      throw new ConfigError(
        'DATABASE_READ_URLS: read replicas are hot standbys of a PostgreSQL primary; set DATABASE_URL (the embedded store has none)',
      )
    if (readUrls(c).includes(c.DATABASE_URL))
      throw new ConfigError('DATABASE_READ_URLS: lists DATABASE_URL itself; name only its hot standbys')
  }
  if (c.DSP_PARSER_PROVIDER === 'llm') {
    need('DSP_PARSER_URL', 'DSP_PARSER_PROVIDER is llm')
    need('DSP_PARSER_MODEL', 'DSP_PARSER_PROVIDER is llm')
  }
}

/** The read replicas' URLs (DATABASE_READ_URLS), in the order given. */
export function readUrls(config: Pick<Config, 'DATABASE_READ_URLS'>): string[] {
  return (config.DATABASE_READ_URLS ?? '')
    .split(',')
    .map((u) => u.trim())
    .filter((u) => u.length > 0)
}

export function publicUrl(config: Config, port: number): string {
  const host = config.DSP_HOST === '0.0.0.0' || config.DSP_HOST === '::' ? '127.0.0.1' : config.DSP_HOST
  return (config.DSP_PUBLIC_URL ?? `http://${host}:${port}`).replace(/\/$/, '')
}

/**
 * What the CLI's client commands read (dsp admin, dsp mcp, and dsp ingest / delete / backup when
 * they go through a running server): the server's URL, the API key `dsp mcp` sends and the admin
 * token. Not server settings, so not in ConfigSchema or `.env.example`; documented in the README.
 */
export interface ClientSettings {
  /** DSP_URL, without a trailing slash; undefined when unset. */
  url: string | undefined
  apiKey: string | undefined
  adminToken: string | undefined
}

export function clientSettings(env: Record<string, string | undefined> = process.env): ClientSettings {
  const blank = (v: string | undefined) => (v === undefined || v === '' ? undefined : v)
  const url = blank(env.DSP_URL)
  if (url !== undefined && !/^https?:\/\//.test(url))
    throw new ConfigError(
      `DSP_URL: must start with http:// or https:// (got ${JSON.stringify(url.replace(URL_PASSWORD, '$1***@'))})`,
    )
  return { url: url?.replace(/\/$/, ''), apiKey: blank(env.DSP_API_KEY), adminToken: blank(env.DSP_ADMIN_TOKEN) }
}

/** The environment a child program starts with (pg_dump, a scratch demo-store build): this process's, plus `extra`. */
export function childEnvironment(extra: Record<string, string | undefined> = {}): Record<string, string | undefined> {
  return { ...process.env, ...extra }
}
