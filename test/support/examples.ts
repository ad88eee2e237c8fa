// Runs the example scenario of src/contract/examples.ts against a server on the demo corpus: one
// workspace with a live key, credits and a member, each step's references resolved from the
// answers of the steps before it. Used by `npm run examples:record` and by the examples test.
import { EXAMPLE_STEPS, type ExampleStep, type ExampleValue } from '../../src/contract/examples.ts'
import type { RecordedExample } from '../../src/contract/examples-recorded.ts'
import type { Res } from './http.ts'
import type { TestServer } from './server.ts'

/** Settings of the example server: webhook targets on the operator's own machine are allowed. */
export const EXAMPLE_SETTINGS = { DSP_WEBHOOKS_ALLOW_RANGES: 'loopback' }

export interface ExampleRun {
  step: ExampleStep
  method: string
  path: string
  recorded: RecordedExample
  res: Res
}

type Json = Record<string, unknown>

function at(answer: unknown, dotted: string): unknown {
  let v: unknown = answer
  for (const part of dotted.split('.')) v = v === null || v === undefined ? undefined : (v as Json)[part]
  return v
}

function resolve(value: ExampleValue | undefined, answers: Map<string, unknown>): unknown {
  if (value === undefined || value === null || typeof value !== 'object') return value
  if (Array.isArray(value)) return value.map((v) => resolve(v, answers))
  if ('$example' in value && typeof value.$example === 'string' && typeof value.path === 'string') {
    if (!answers.has(value.$example)) throw new Error(`example step ${value.$example} has not run`)
    const found = at(answers.get(value.$example), value.path)
    if (found === undefined || found === null)
      throw new Error(`example step ${value.$example} answered nothing at ${value.path}`)
    return found
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, resolve(v, answers)]))
}

/** The operations of a description by operationId: method and path template. */
export function operationsById(doc: Json): Map<string, { method: string; path: string }> {
  const out = new Map<string, { method: string; path: string }>()
  for (const [p, ops] of Object.entries(doc.paths as Record<string, Json>))
    for (const [method, op] of Object.entries(ops)) out.set((op as Json).operationId as string, { method, path: p })
  return out
}

/** Runs every step in order; answers one entry per step (helpers included). */
export async function runExampleScenario(api: TestServer, onStep?: (run: ExampleRun) => void): Promise<ExampleRun[]> {
  const doc = (await api.get('/openapi.json')).body as Json
  const ops = operationsById(doc)
  const ws = await api.admin.workspaceWithKey({ credits: 500 })
  await api.admin.addMember(ws.workspace_id, { email: 'ada@example.com', role: 'dsp_developer', state: 'active' })
  const answers = new Map<string, unknown>()
  const runs: ExampleRun[] = []
  for (const step of EXAMPLE_STEPS) {
    const op = ops.get(step.operationId)
    if (!op) throw new Error(`example of ${step.operationId}: no such operation in /openapi.json`)
    const params = (resolve(step.params, answers) ?? {}) as Record<string, string>
    const query = resolve(step.query, answers) as Record<string, string | number> | undefined
    const headers = resolve(step.headers, answers) as Record<string, string> | undefined
    const body = resolve(step.body, answers)
    const url = op.path.replace(/\{([^}]+)\}/g, (_m, name: string) => {
      if (!(name in params)) throw new Error(`example of ${step.operationId}: no value for {${name}}`)
      return encodeURIComponent(String(params[name]))
    })
    const res = await api.request(op.method.toUpperCase(), url, {
      key: ws.key,
      query,
      headers,
      body,
    })
    const json = (res.headers.get('content-type') ?? '').includes('json')
    const answer = res.status === 204 ? null : json ? res.body : res.text
    answers.set(step.name ?? step.operationId, answer)
    const recorded: RecordedExample = {
      summary: step.summary,
      ...(Object.keys(params).length ? { params } : {}),
      ...(query ? { query } : {}),
      ...(headers ? { headers } : {}),
      ...(body !== undefined ? { body } : {}),
      status: res.status,
      ...(answer !== null ? { answer } : {}),
    }
    const run = { step, method: op.method, path: op.path, recorded, res }
    onStep?.(run)
    runs.push(run)
  }
  return runs
}
