// The call to the OpenAI-compatible provider of the language-model query parser: one
// POST {url}/v1/chat/completions with a strict JSON schema, within the configured timeout, and
// the JSON of the message it answers. Every way the call can fail is a ParserFallback.
import { ParserFallback } from './llm-reading.ts'

const MAX_ERROR_DETAIL_CHARS = 200

export interface Provider {
  url: string
  apiKey: string | undefined
  model: string
  timeoutMs: number
}

/** What is asked: the system prompt, the user's query and the schema the answer must follow. */
export interface Question {
  system: string
  query: string
  schema: Record<string, unknown>
}

/** POSTs one chat completion and returns the parsed JSON of the message content. No retry: a search waits on it. */
export async function askModel(p: Provider, question: Question): Promise<unknown> {
  const url = `${p.url.replace(/\/+$/, '').replace(/\/v1$/, '')}/v1/chat/completions`
  const headers: Record<string, string> = { 'content-type': 'application/json' }
  if (p.apiKey) headers.authorization = `Bearer ${p.apiKey}`
  const body = JSON.stringify({
    model: p.model,
    temperature: 0,
    messages: [
      { role: 'system', content: question.system },
      { role: 'user', content: question.query },
    ],
    response_format: {
      type: 'json_schema',
      json_schema: { name: 'search_query_reading', strict: true, schema: question.schema },
    },
  })
  let response: Response
  let text: string
  try {
    response = await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(p.timeoutMs) })
    text = await response.text()
  } catch (cause) {
    if (cause instanceof Error && cause.name === 'TimeoutError')
      throw new ParserFallback(`did not answer within ${p.timeoutMs} ms`)
    throw new ParserFallback('could not be reached', `request to ${url} failed: ${describeCause(cause)}`)
  }
  if (!response.ok)
    throw new ParserFallback(
      `answered HTTP ${response.status}`,
      `${url} answered HTTP ${response.status}: ${text.slice(0, MAX_ERROR_DETAIL_CHARS)}`,
    )
  return messageJson(text)
}

/** The JSON in the first choice's message: a refusal, no message or a message that is not JSON falls back. */
function messageJson(text: string): unknown {
  let message: { content?: unknown; refusal?: unknown } | undefined
  try {
    message = (JSON.parse(text) as { choices?: { message?: typeof message }[] }).choices?.[0]?.message
  } catch {
    throw new ParserFallback('answered a body that is not JSON')
  }
  if (typeof message?.refusal === 'string' && message.refusal) throw new ParserFallback('refused to read the query')
  if (typeof message?.content !== 'string') throw new ParserFallback('answered without a message')
  try {
    return JSON.parse(message.content)
  } catch {
    throw new ParserFallback(
      'answered a message that is not JSON',
      `message is not JSON: ${message.content.slice(0, MAX_ERROR_DETAIL_CHARS)}`,
    )
  }
}

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause)
  // undici says "fetch failed" and keeps the socket error (ECONNREFUSED, ENOTFOUND) in cause.
  return cause.cause instanceof Error ? `${cause.message} (${cause.cause.message})` : cause.message
}
