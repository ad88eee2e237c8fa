// The MCP tools (issue 29 item 3), shared by the HTTP server at /mcp (http/routes/mcp.ts) and
// `dsp mcp` over stdio (cli/mcp.ts). A tool is its REST route: a call becomes that route's request
// (method, path, JSON body, Idempotency-Key) sent with the caller's own credential, so it is
// authorised, validated, metered and billed exactly as the route is (same actions, runs, history,
// credits, test keys at zero cost, idempotency). Input schemas are the contract's TypeBox schemas.
import { Type, type TSchema } from 'typebox'
import { ResultsQuery, RunParams, StartRunBody } from '../contract/agent-runs.ts'
import {
  CompanyLookupBody,
  KeyedDocumentLookupBody,
  NamedDocumentLookupBody,
  PersonLookupBody,
} from '../contract/entities.ts'
import { OrgChartBody, OrgChartDepartmentsBody, OrgChartLocationsBody } from '../contract/org-chart.ts'
import { AskBody } from '../contract/relationships.ts'
import { SearchBody, SimilarBody } from '../contract/search.ts'
import { CreateMonitorBody, MonitorParams, MonitorRunsQuery } from '../contract/monitors.ts'
import { EventsQuery } from '../contract/webhooks.ts'
import type { Scope } from '../domain/types.ts'

/** A REST request a tool call becomes. */
export interface ToolRequest {
  method: 'GET' | 'POST' | 'DELETE'
  path: string
  body?: unknown
  idempotencyKey?: string
}

/** The REST answer: status, Retry-After when sent, and the parsed JSON body. */
export interface ToolResponse {
  status: number
  retryAfter: string | null
  body: unknown
}

/** Sends a tool's REST request with the caller's credential (in process or over HTTP). */
export type SendRequest = (request: ToolRequest) => Promise<ToolResponse>

export interface ToolDefinition {
  name: string
  title: string
  description: string
  /** JSON Schema of the arguments (an object schema). */
  inputSchema: Record<string, unknown>
  /** The scopes of its REST route (any one suffices). */
  scopes: readonly Scope[]
  toRequest(args: Record<string, unknown>): ToolRequest
}

const IDEMPOTENCY_KEY_DOC =
  "Sent as the REST route's Idempotency-Key header: the same key with the same arguments the same UTC day is a retry, and rows already charged are not charged again."

/** A TypeBox schema as plain JSON Schema (TypeBox marks its objects with symbol keys). */
const plain = (schema: TSchema): Record<string, unknown> =>
  JSON.parse(JSON.stringify(schema)) as Record<string, unknown>

/** The route's body schema plus extra argument properties (path parameters, the Idempotency-Key). */
function withArgs(
  body: TSchema,
  extra: Record<string, TSchema>,
  required: readonly string[] = [],
): Record<string, unknown> {
  const schema = plain(body)
  const properties = { ...(schema.properties as Record<string, unknown>) }
  for (const [name, s] of Object.entries(extra)) properties[name] = plain(s)
  const req = [...((schema.required as string[] | undefined) ?? []), ...required]
  return { ...schema, type: 'object', properties, ...(req.length ? { required: req } : {}) }
}

const idempotencyKey = (required: boolean) =>
  Type.String({
    minLength: 1,
    maxLength: 255,
    description: required
      ? "Required: a unique string per intent, scoped to the workspace and never expiring. A reused key returns the original run whatever the arguments say (the REST route's Idempotency-Key header)."
      : IDEMPOTENCY_KEY_DOC,
  })

/** Splits the Idempotency-Key argument off a billed tool's body. */
function billedPost(path: string) {
  return (args: Record<string, unknown>): ToolRequest => {
    const { idempotency_key, ...body } = args
    return {
      method: 'POST',
      path,
      body,
      idempotencyKey: typeof idempotency_key === 'string' ? idempotency_key : undefined,
    }
  }
}

const runId = (args: Record<string, unknown>) => encodeURIComponent(String(args.run_id ?? ''))
const monitorId = (args: Record<string, unknown>) => encodeURIComponent(String(args.monitor_id ?? ''))
const agentsRead: readonly Scope[] = ['dsp.agents.read', 'dsp.agents.write']
const names = (schema: TSchema) => Object.keys(plain(schema).properties as object)

function query(args: Record<string, unknown>, names: readonly string[]): string {
  const params = new URLSearchParams()
  for (const n of names) if (args[n] !== undefined && args[n] !== null) params.set(n, String(args[n]))
  const s = params.toString()
  return s ? `?${s}` : ''
}

const LOOKUPS = [
  ['companies', 'Companies', CompanyLookupBody, 'by internal id, domain, page URL or name'],
  ['persons', 'People', PersonLookupBody, 'by internal id, profile URL or name'],
  ['patents', 'Patents', KeyedDocumentLookupBody, 'by patent number'],
  ['trends', 'Trends', KeyedDocumentLookupBody, 'by name'],
  ['academic-reports', 'Academic reports', KeyedDocumentLookupBody, 'by DOI'],
  ['news', 'News articles', NamedDocumentLookupBody, 'by headline or internal id'],
  ['market-reports', 'Market reports', NamedDocumentLookupBody, 'by title or internal id'],
  ['fundings', 'Funding rounds', NamedDocumentLookupBody, 'by company or internal id'],
  ['job-openings', 'Job openings', NamedDocumentLookupBody, 'by role or internal id'],
] as const

const search: readonly Scope[] = ['dsp.search.read']

export const TOOLS: readonly ToolDefinition[] = [
  {
    name: 'search',
    title: 'Search',
    description:
      'Search one category (companies, people or a document corpus) with a natural-language query and/or filters, as POST /v1/search. Billed per result row like the REST route; page on with `cursor`.',
    inputSchema: withArgs(SearchBody, { idempotency_key: idempotencyKey(false) }),
    scopes: search,
    toRequest: billedPost('/v1/search'),
  },
  {
    name: 'find_similar',
    title: 'Company look-alikes',
    description: 'Companies that look like the anchor companies, as POST /v1/similar. Billed like the REST route.',
    inputSchema: withArgs(SimilarBody, { idempotency_key: idempotencyKey(false) }),
    scopes: search,
    toRequest: billedPost('/v1/similar'),
  },
  ...LOOKUPS.map(([slug, label, body, how]): ToolDefinition => ({
    name: `lookup_${slug.replace(/-/g, '_')}`,
    title: `Look up ${label.toLowerCase()}`,
    description: `${label} ${how}, as POST /v1/entities/${slug}. Billed per record found like the REST route.`,
    inputSchema: withArgs(body, { idempotency_key: idempotencyKey(false) }),
    scopes: ['dsp.entities.read'],
    toRequest: billedPost(`/v1/entities/${slug}`),
  })),
  {
    name: 'ask_relationships',
    title: 'Ask a relationship question',
    description:
      'A relationship question in plain English ("who at Acme worked with people at Globex?"), as POST /v1/relationships/ask. Billed like the REST route.',
    inputSchema: withArgs(AskBody, { idempotency_key: idempotencyKey(false) }),
    scopes: search,
    toRequest: billedPost('/v1/relationships/ask'),
  },
  {
    name: 'org_chart',
    title: 'Org chart',
    description: "A company's people by department and seniority, as POST /v1/org-chart. Billed like the REST route.",
    inputSchema: withArgs(OrgChartBody, { idempotency_key: idempotencyKey(false) }),
    scopes: search,
    toRequest: billedPost('/v1/org-chart'),
  },
  {
    name: 'org_chart_departments',
    title: 'Org chart: departments',
    description: "A company's headcount by department, as POST /v1/org-chart/departments. Billed like the REST route.",
    inputSchema: withArgs(OrgChartDepartmentsBody, { idempotency_key: idempotencyKey(false) }),
    scopes: search,
    toRequest: billedPost('/v1/org-chart/departments'),
  },
  {
    name: 'org_chart_locations',
    title: 'Org chart: locations',
    description: "A company's headcount by place, as POST /v1/org-chart/locations. Billed like the REST route.",
    inputSchema: withArgs(OrgChartLocationsBody, { idempotency_key: idempotencyKey(false) }),
    scopes: search,
    toRequest: billedPost('/v1/org-chart/locations'),
  },
  {
    name: 'start_agent_run',
    title: 'Start an agent run',
    description:
      'Start an agent run that finds and checks rows for a query, as POST /v1/agents/runs. It holds credits until it ends and is charged by effort when it completes. Follow it with get_agent_run, then read get_agent_run_results.',
    inputSchema: withArgs(StartRunBody, { idempotency_key: idempotencyKey(true) }, ['idempotency_key']),
    scopes: ['dsp.agents.write'],
    toRequest: billedPost('/v1/agents/runs'),
  },
  {
    name: 'get_agent_run',
    title: 'Agent run status',
    description: "An agent run's status, progress, charge and insights, as GET /v1/agents/runs/{run_id}. Free.",
    inputSchema: plain(RunParams),
    scopes: ['dsp.agents.read', 'dsp.agents.write'],
    toRequest: (args) => ({ method: 'GET', path: `/v1/agents/runs/${runId(args)}` }),
  },
  {
    name: 'get_agent_run_results',
    title: 'Agent run results',
    description: "An agent run's rows, a page at a time, as GET /v1/agents/runs/{run_id}/results. Free.",
    inputSchema: withArgs(RunParams, plain(ResultsQuery).properties as Record<string, TSchema>),
    scopes: ['dsp.agents.read', 'dsp.agents.write'],
    toRequest: (args) => ({
      method: 'GET',
      path: `/v1/agents/runs/${runId(args)}/results${query(args, Object.keys(plain(ResultsQuery).properties as object))}`,
    }),
  },
  {
    name: 'list_events',
    title: 'Events',
    description:
      "The workspace's events of the last 30 days, newest first (agent_run.*, monitor.matched, ingest.completed, credits.low, list.updated, webhook.*), as GET /v1/events; filter by `type`, page on with `cursor`. Free.",
    inputSchema: plain(EventsQuery),
    scopes: agentsRead,
    toRequest: (args) => ({ method: 'GET', path: `/v1/events${query(args, names(EventsQuery))}` }),
  },
  {
    name: 'list_monitors',
    title: 'Monitors',
    description:
      "The workspace's monitors (saved searches or agent-run questions run on a schedule), as GET /v1/monitors. Free.",
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    scopes: agentsRead,
    toRequest: () => ({ method: 'GET', path: '/v1/monitors' }),
  },
  {
    name: 'create_monitor',
    title: 'Create a monitor',
    description:
      'Save a search (`search`: a search body) or an agent-run question (`agent_run`) to run on a cron `schedule` (UTC) or "on_ingest"; each run sends only records not delivered before as a monitor.matched event to the workspace\'s webhooks. As POST /v1/monitors: a search monitor runs once now as its baseline and is billed like the search, and so is every run.',
    inputSchema: withArgs(CreateMonitorBody, { idempotency_key: idempotencyKey(false) }),
    scopes: ['dsp.agents.write'],
    toRequest: billedPost('/v1/monitors'),
  },
  {
    name: 'get_monitor',
    title: 'Monitor',
    description: 'One monitor with its schedule and next run, as GET /v1/monitors/{monitor_id}. Free.',
    inputSchema: plain(MonitorParams),
    scopes: agentsRead,
    toRequest: (args) => ({ method: 'GET', path: `/v1/monitors/${monitorId(args)}` }),
  },
  {
    name: 'list_monitor_runs',
    title: 'Monitor runs',
    description:
      "A monitor's runs, newest first: what each matched, what was new, what it cost, as GET /v1/monitors/{monitor_id}/runs. Free.",
    inputSchema: withArgs(MonitorParams, plain(MonitorRunsQuery).properties as Record<string, TSchema>),
    scopes: agentsRead,
    toRequest: (args) => ({
      method: 'GET',
      path: `/v1/monitors/${monitorId(args)}/runs${query(args, names(MonitorRunsQuery))}`,
    }),
  },
  {
    name: 'delete_monitor',
    title: 'Delete a monitor',
    description: 'Delete a monitor and its runs, as DELETE /v1/monitors/{monitor_id}.',
    inputSchema: plain(MonitorParams),
    scopes: ['dsp.agents.write'],
    toRequest: (args) => ({ method: 'DELETE', path: `/v1/monitors/${monitorId(args)}` }),
  },
  {
    name: 'get_credits',
    title: 'Credit balance',
    description: "The workspace's credit balance, as GET /v1/credits. Free.",
    inputSchema: { type: 'object', properties: {}, additionalProperties: false },
    scopes: ['dsp.usage.read'],
    toRequest: () => ({ method: 'GET', path: '/v1/credits' }),
  },
]

/** What a tool call answers: the REST body as structured content, plus a short text summary. */
export interface ToolResult {
  [key: string]: unknown
  content: { type: 'text'; text: string }[]
  structuredContent: Record<string, unknown>
  isError?: boolean
}

const nameOf = (row: Record<string, unknown>): string | null => {
  for (const k of ['name', 'title', 'full_name', 'headline', 'id']) if (typeof row[k] === 'string') return row[k]
  return null
}

/** One or two sentences on the answer; the full answer is the structured content. */
export function summarise(tool: ToolDefinition, response: ToolResponse): string {
  const body = (response.body ?? {}) as Record<string, unknown>
  if (response.status >= 400) {
    const wait = response.retryAfter ? ` Retry after ${response.retryAfter} s.` : ''
    return `${String(body.code ?? 'error')} (${response.status}): ${String(body.detail ?? body.title ?? 'the call failed')}${wait}`
  }
  const meta = (body.meta ?? {}) as Record<string, unknown>
  const charged = typeof meta.credits_charged === 'number' ? ` Credits charged: ${meta.credits_charged}.` : ''
  if (tool.name === 'get_credits')
    return `Spendable credits: ${String(body.spendable)} (${String(body.scope)}, ${String(body.platform)}).`
  if (typeof body.run_id === 'string' && typeof body.status === 'string')
    return `Agent run ${body.run_id}: ${body.status}.${charged}`
  if (Array.isArray(body.results)) {
    const rows = body.results as Record<string, unknown>[]
    const names = rows
      .slice(0, 5)
      .map((r) => nameOf(r))
      .filter((n): n is string => n !== null)
    const more =
      body.has_more === true || typeof body.next_cursor === 'string' ? ' More pages follow (pass `cursor`).' : ''
    return `${rows.length} result${rows.length === 1 ? '' : 's'}${names.length ? `: ${names.join('; ')}${rows.length > names.length ? '; …' : ''}` : ''}.${more}${charged}`
  }
  return `Done.${charged}`
}

export function toolResult(tool: ToolDefinition, response: ToolResponse): ToolResult {
  const body = response.body
  const structured =
    body !== null && typeof body === 'object' && !Array.isArray(body)
      ? (body as Record<string, unknown>)
      : { value: body ?? null }
  return {
    content: [{ type: 'text', text: summarise(tool, response) }],
    structuredContent:
      response.status >= 400 && response.retryAfter
        ? { ...structured, retry_after: Number(response.retryAfter) }
        : structured,
    ...(response.status >= 400 ? { isError: true } : {}),
  }
}
