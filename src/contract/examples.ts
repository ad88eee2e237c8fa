// Example requests of every operation in /openapi.json (issue 29 item 1), as one scenario on the
// demo corpus (`dsp serve --demo`): the steps run in this order with one live key, and a later
// step may name a value an earlier step answered (`ref('search', 'results.0.id')`): a record id
// found by a search, the list a step created, the run a step started. Steps marked `helper` only
// find such values and are not published.
//
// `npm run examples:record` runs the scenario against a demo server and writes what each step
// sent and what the server answered to examples-recorded.ts; the description publishes those as
// each operation's request and answer examples. test/http/openapi-examples.test.ts runs the same
// scenario again and checks every answer's status and schema against the description.

/** A value an earlier step answered: `path` is dotted (`results.0.id`) in that step's JSON answer. */
export interface ExampleRef {
  $example: string
  path: string
}
export const ref = (step: string, path: string): ExampleRef => ({ $example: step, path })

export type ExampleValue = string | number | boolean | null | ExampleRef | ExampleValue[] | ExampleObject
export interface ExampleObject {
  [k: string]: ExampleValue
}

export interface ExampleStep {
  /** The operation this step calls (its operationId in /openapi.json). */
  operationId: string
  /** The step's name for `ref` (default: the operationId). */
  name?: string
  summary: string
  params?: Record<string, ExampleValue>
  query?: Record<string, ExampleValue>
  headers?: Record<string, ExampleValue>
  body?: ExampleValue
  /** Run only for the values later steps name: not published. */
  helper?: boolean
}

const LUMINA = 'luminacloud.io'
const WEBHOOK_URL = 'https://localhost:8443/webhooks/dsp'
const DOCUMENT_SEARCHES = [
  ['patent', 'battery cell manufacturing'],
  ['news_article', 'funding announcement'],
  ['market_report', 'cloud infrastructure market'],
  ['funding_round', 'series A'],
  ['academic_report', 'machine learning'],
  ['trend', 'artificial intelligence'],
  ['job_opening', 'data engineer'],
] as const

export const EXAMPLE_STEPS: readonly ExampleStep[] = [
  { operationId: 'getLiveness', summary: 'The process is up' },
  { operationId: 'checkReadiness', summary: 'The store, limiter and indexes answer' },
  { operationId: 'getCredits', summary: "The workspace's balance" },
  { operationId: 'getCoverage', summary: 'Records per category' },
  { operationId: 'listFeedbackTags', summary: 'The tag vocabulary of feedback reports' },
  { operationId: 'listSortFields', summary: 'Fields a company search can sort by', params: { category: 'company' } },
  {
    operationId: 'listFilterValues',
    summary: 'Values of the industry filter that contain "soft"',
    params: { name: 'industry' },
    query: { search: 'soft' },
  },
  { operationId: 'listFilterValuesWithoutName', summary: 'Without a name: 422 listing the filter names' },
  {
    operationId: 'listDocumentFilterValues',
    summary: 'Values of the patent status filter',
    params: { category: 'patent', name: 'status' },
  },
  {
    operationId: 'searchRecords',
    name: 'search',
    summary: 'Companies by a description, two rows',
    body: {
      query: 'cloud database software',
      category: 'company',
      mode: 'fast',
      limit: 2,
      filters: { founded_year: { min: 2000 } },
    },
  },
  {
    operationId: 'searchRecords',
    name: 'personSearch',
    summary: 'A person to look up',
    helper: true,
    body: { query: 'VP of engineering', category: 'person', mode: 'fast', limit: 1 },
  },
  ...DOCUMENT_SEARCHES.map(([category, query]): ExampleStep => ({
    operationId: 'searchRecords',
    name: `${category}Search`,
    summary: `A ${category} to look up`,
    helper: true,
    body: { query, category, mode: 'fast', limit: 1 },
  })),
  {
    operationId: 'findSimilar',
    summary: 'Companies like the first search row',
    body: { anchors: [ref('search', 'results.0.id')], limit: 2 },
  },
  {
    operationId: 'lookupCompanies',
    summary: 'A company by its domain, three fields',
    body: { ids: [LUMINA], by: 'domain', fields: ['account_name', 'industry', 'country'] },
  },
  {
    operationId: 'lookupPersons',
    summary: 'A person by id',
    body: { ids: [ref('personSearch', 'results.0.id')], fields: ['name', 'title'] },
  },
  {
    operationId: 'lookupPatents',
    summary: 'A patent by its number',
    body: { ids: [ref('patentSearch', 'results.0.patent_id')], fields: ['title'] },
  },
  {
    operationId: 'lookupTrends',
    summary: 'A trend by its name',
    body: { ids: [ref('trendSearch', 'results.0.name')], fields: ['momentum', 'direction'] },
  },
  {
    operationId: 'lookupAcademicReports',
    summary: 'An academic report by DOI',
    body: { ids: [ref('academic_reportSearch', 'results.0.doi')], fields: ['title'] },
  },
  {
    operationId: 'lookupNews',
    summary: 'A news article by id',
    body: { ids: [ref('news_articleSearch', 'results.0.id')], by: 'id', fields: ['title'] },
  },
  {
    operationId: 'lookupMarketReports',
    summary: 'A market report by id',
    body: { ids: [ref('market_reportSearch', 'results.0.id')], by: 'id', fields: ['title'] },
  },
  {
    operationId: 'lookupFundings',
    summary: 'A funding round by id',
    body: { ids: [ref('funding_roundSearch', 'results.0.id')], by: 'id', fields: ['company'] },
  },
  {
    operationId: 'lookupJobOpenings',
    summary: 'A job opening by id',
    body: { ids: [ref('job_openingSearch', 'results.0.id')], by: 'id', fields: ['role', 'company'] },
  },
  { operationId: 'getOrgChart', summary: "A company's org chart", body: { domain: LUMINA } },
  { operationId: 'getOrgChartDepartments', summary: "A company's departments", body: { domain: LUMINA } },
  { operationId: 'getOrgChartLocations', summary: "A company's locations", body: { domain: LUMINA } },
  {
    operationId: 'findRelationships',
    summary: 'People of two companies who share a past employer or school',
    body: { companies: [{ value: LUMINA }, { value: ref('search', 'results.0.id') }] },
  },
  {
    operationId: 'findReach',
    summary: 'Who a person can reach at a company',
    body: { person: ref('personSearch', 'results.0.id'), companies: [{ value: LUMINA }] },
  },
  {
    operationId: 'findSharedInstitutions',
    summary: 'Schools and employers two companies share',
    body: { companies: [{ value: LUMINA }, { value: ref('search', 'results.0.id') }] },
  },
  {
    operationId: 'askRelationships',
    summary: 'A relationship question in words',
    body: { query: 'Who at Lumina Cloud is connected to people at Brightwave Payments?', limit: 5 },
  },
  {
    operationId: 'resolveMember',
    summary: 'A member of the organisation by email',
    body: { email: 'ada@example.com' },
  },
  { operationId: 'listHistory', summary: 'Billed calls, newest first', query: { limit: 2 } },
  {
    operationId: 'getHistoryRun',
    summary: 'One billed call',
    params: { run_id: ref('listHistory', 'results.0.id') },
  },
  { operationId: 'getUsageMetrics', summary: 'Usage totals by action type' },
  { operationId: 'getKeyUsage', summary: 'Usage per key by day', query: { granularity: 'day' } },
  { operationId: 'createTopupIntent', summary: 'Start a top-up' },
  {
    operationId: 'getTopupIntent',
    summary: 'The top-up started above',
    params: { topup_id: ref('createTopupIntent', 'topup_id') },
  },
  { operationId: 'createList', summary: 'A new saved list', body: { name: 'Cloud databases' } },
  { operationId: 'listLists', summary: "The workspace's lists" },
  {
    operationId: 'updateList',
    summary: 'Rename a list',
    params: { list_id: ref('createList', 'id') },
    body: { name: 'Cloud database vendors' },
  },
  {
    operationId: 'addListItems',
    summary: 'Two companies into a list',
    params: { list_id: ref('createList', 'id') },
    body: {
      items: [
        { entity_category: 'company', entity_id: LUMINA },
        { entity_category: 'company', entity_id: ref('search', 'results.0.id') },
      ],
    },
  },
  {
    operationId: 'listListItems',
    summary: "A list's items",
    params: { list_id: ref('createList', 'id') },
    query: { limit: 10 },
  },
  {
    operationId: 'removeListItems',
    summary: 'One company out of a list',
    params: { list_id: ref('createList', 'id') },
    body: { items: [{ entity_category: 'company', entity_id: LUMINA }] },
  },
  {
    operationId: 'exportList',
    summary: 'Exports are not switched on: 404',
    params: { list_id: ref('createList', 'id') },
  },
  {
    operationId: 'deleteList',
    summary: 'Delete a list',
    params: { list_id: ref('createList', 'id') },
  },
  { operationId: 'exportSearch', summary: 'Exports are not switched on: 404' },
  {
    operationId: 'fileFeedback',
    summary: 'A search row reported as irrelevant',
    body: {
      subject_ref: { kind: 'request', id: ref('search', 'meta.request_id') },
      target: { kind: 'result', entity_id: ref('search', 'results.1.id'), entity_type: 'company' },
      tags: ['irrelevant'],
      comment: 'Not a database company',
    },
  },
  { operationId: 'listFeedback', summary: "The workspace's reports", query: { limit: 5 } },
  {
    operationId: 'castVote',
    summary: 'A like on a search answer',
    body: {
      request_id: ref('search', 'meta.request_id'),
      level: 'result_set',
      entity_category: 'company',
      vote: 'like',
    },
  },
  {
    operationId: 'listVotes',
    summary: 'Votes on a search answer',
    query: { request_id: ref('search', 'meta.request_id') },
  },
  {
    operationId: 'startAgentRun',
    summary: 'An agent run at the smallest effort',
    headers: { 'idempotency-key': 'example-run-1' },
    body: { query: 'cloud database companies', category: 'company', effort: 'minimal' },
  },
  {
    operationId: 'streamAgentRunEvents',
    summary: "A run's events until it is done",
    params: { run_id: ref('startAgentRun', 'run_id') },
  },
  { operationId: 'getAgentRun', summary: 'A finished run', params: { run_id: ref('startAgentRun', 'run_id') } },
  {
    operationId: 'listAgentRunResults',
    summary: "A finished run's rows",
    params: { run_id: ref('startAgentRun', 'run_id') },
    query: { limit: 2 },
  },
  { operationId: 'listAgentRuns', summary: "The workspace's runs", query: { limit: 2 } },
  {
    operationId: 'startAgentRun',
    name: 'runToCancel',
    summary: 'A run to cancel',
    helper: true,
    headers: { 'idempotency-key': 'example-run-2' },
    body: { query: 'fintech companies hiring data engineers', effort: 'low' },
  },
  {
    operationId: 'cancelAgentRun',
    summary: 'Cancel a run; its hold is released',
    params: { run_id: ref('runToCancel', 'run_id') },
    body: { reason: 'Asked the wrong question' },
  },
  // The example server allows loopback targets (EXAMPLE_SETTINGS, test/support/examples.ts): a
  // receiver on the operator's own machine.
  {
    operationId: 'createWebhook',
    summary: 'A webhook endpoint for finished runs and list changes',
    headers: { 'idempotency-key': 'example-webhook-1' },
    body: {
      url: WEBHOOK_URL,
      events: ['agent_run.completed', 'agent_run.failed', 'list.updated'],
      description: 'CRM sync',
    },
  },
  { operationId: 'listWebhooks', summary: "The workspace's webhook endpoints" },
  { operationId: 'getWebhook', summary: 'One endpoint', params: { webhook_id: ref('createWebhook', 'id') } },
  {
    operationId: 'updateWebhook',
    summary: 'Subscribe to monitor matches too',
    params: { webhook_id: ref('createWebhook', 'id') },
    body: { events: ['agent_run.completed', 'agent_run.failed', 'list.updated', 'monitor.matched'] },
  },
  {
    operationId: 'sendTestWebhook',
    summary: 'Send a webhook.test event',
    params: { webhook_id: ref('createWebhook', 'id') },
  },
  {
    operationId: 'listWebhookDeliveries',
    summary: "The endpoint's deliveries and their attempts",
    params: { webhook_id: ref('createWebhook', 'id') },
    query: { limit: 5 },
  },
  {
    operationId: 'redeliverWebhookDelivery',
    summary: 'Send the test delivery again',
    params: { webhook_id: ref('createWebhook', 'id'), delivery_id: ref('sendTestWebhook', 'id') },
  },
  {
    operationId: 'rotateWebhookSecret',
    summary: 'A new signing secret; the old one signs for 24 more hours',
    params: { webhook_id: ref('createWebhook', 'id') },
  },
  { operationId: 'listEvents', summary: "The workspace's recent events", query: { limit: 3 } },
  {
    operationId: 'createMonitor',
    summary: 'A monitor of new cloud companies founded since 2015, after every ingest',
    headers: { 'idempotency-key': 'example-monitor-1' },
    body: {
      name: 'New cloud companies',
      search: {
        query: 'cloud software',
        category: 'company',
        mode: 'fast',
        filters: { founded_year: { min: 2015 } },
        limit: 10,
      },
      schedule: 'on_ingest',
      webhook_ids: [ref('createWebhook', 'id')],
    },
  },
  { operationId: 'listMonitors', summary: "The workspace's monitors" },
  { operationId: 'getMonitor', summary: 'One monitor', params: { monitor_id: ref('createMonitor', 'id') } },
  {
    operationId: 'updateMonitor',
    summary: 'Run it every weekday at 08:00 UTC instead',
    params: { monitor_id: ref('createMonitor', 'id') },
    body: { schedule: '0 8 * * 1-5' },
  },
  {
    operationId: 'listMonitorRuns',
    summary: 'Its runs: the baseline so far',
    params: { monitor_id: ref('createMonitor', 'id') },
    query: { limit: 5 },
  },
  {
    operationId: 'deleteMonitor',
    summary: 'Delete the monitor',
    params: { monitor_id: ref('createMonitor', 'id') },
  },
  { operationId: 'getEventSettings', summary: 'The credits.low threshold' },
  {
    operationId: 'updateEventSettings',
    summary: 'Send credits.low when fewer than 25 credits are spendable',
    body: { credits_low_threshold: 25 },
  },
  {
    operationId: 'deleteWebhook',
    summary: 'Delete the endpoint',
    params: { webhook_id: ref('createWebhook', 'id') },
  },
]
