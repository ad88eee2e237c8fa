// An embedder over any OpenAI-compatible `POST {baseUrl}/v1/embeddings` (OpenAI, vLLM, Ollama,
// LiteLLM, TEI). Failures are thrown as EmbeddingProviderError; the domain turns them into its
// contract code where it calls the embedder (STYLE §3), this module knows nothing of HTTP statuses.

import type { Embedder } from './embedder.ts'
import { normalizeInPlace } from './embedder.ts'

export class EmbeddingProviderError extends Error {
  constructor(
    message: string,
    /** HTTP status of the last attempt; undefined for timeouts, network and protocol errors. */
    readonly status?: number,
    options?: { cause?: unknown },
  ) {
    super(message, options)
    this.name = 'EmbeddingProviderError'
  }
}

export interface OpenAIEmbedderOptions {
  /** Server root, e.g. https://api.openai.com; a trailing /v1 is accepted too. */
  baseUrl: string
  apiKey?: string
  model: string
  /**
   * Output size. Required unless the model is one of OpenAI's (table below). For text-embedding-3-*
   * it is also sent as the request's `dimensions` (those models shorten on request); for any other
   * model it only declares the size, since other servers may reject the field.
   */
  dimensions?: number
  /** Texts per request. OpenAI accepts 2,048; 128 keeps one request well under its token limit. */
  batchSize?: number
  timeoutMs?: number
  /** Retries of 408, 429, 5xx, timeouts and connection errors; other failures are not retried. */
  maxRetries?: number
  retryBaseDelayMs?: number
}

const NATIVE_DIMENSIONS: Record<string, number> = {
  'text-embedding-3-small': 1536,
  'text-embedding-3-large': 3072,
  'text-embedding-ada-002': 1536,
}
/** The output size of one of OpenAI's own models; undefined for any other model (set dimensions). */
export function nativeEmbeddingDimensions(model: string): number | undefined {
  return Object.hasOwn(NATIVE_DIMENSIONS, model) ? NATIVE_DIMENSIONS[model] : undefined
}
const MAX_ERROR_DETAIL_CHARS = 300
const MAX_RETRY_DELAY_MS = 10_000

export class OpenAIEmbedder implements Embedder {
  readonly name: string
  readonly dimensions: number
  private readonly url: string
  private readonly requestDimensions: number | undefined
  private readonly batchSize: number
  private readonly timeoutMs: number
  private readonly maxRetries: number
  private readonly retryBaseDelayMs: number

  constructor(private readonly options: OpenAIEmbedderOptions) {
    const dimensions = options.dimensions ?? nativeEmbeddingDimensions(options.model)
    if (dimensions === undefined) {
      throw new Error(`Embedding model "${options.model}" has no known size: set dimensions.`)
    }
    this.dimensions = dimensions
    this.requestDimensions =
      options.dimensions !== undefined && options.model.startsWith('text-embedding-3') ? dimensions : undefined
    this.name = `openai:${options.model}:${dimensions}`
    this.url = `${options.baseUrl.replace(/\/+$/, '').replace(/\/v1$/, '')}/v1/embeddings`
    this.batchSize = options.batchSize ?? 128
    this.timeoutMs = options.timeoutMs ?? 30_000
    this.maxRetries = options.maxRetries ?? 2
    this.retryBaseDelayMs = options.retryBaseDelayMs ?? 500
  }

  /**
   * Blank texts get a zero vector without a request (the API rejects empty input). Batches go one
   * at a time, so a large call stays within a provider's rate limit instead of bursting.
   */
  async embed(texts: string[]): Promise<Float32Array[]> {
    const out: Float32Array[] = texts.map(() => new Float32Array(this.dimensions))
    const pending = texts.flatMap((text, i) => (text.trim() === '' ? [] : [i]))
    for (let start = 0; start < pending.length; start += this.batchSize) {
      const batch = pending.slice(start, start + this.batchSize)
      const vectors = await this.request(batch.map((i) => texts[i]!))
      batch.forEach((i, j) => (out[i] = vectors[j]!))
    }
    return out
  }

  private async request(input: string[]): Promise<Float32Array[]> {
    for (let attempt = 0; ; attempt++) {
      const result = await this.attempt(input)
      if (!('retryAfterMs' in result)) return result.vectors
      if (attempt >= this.maxRetries) throw result.error
      const backoff = this.retryBaseDelayMs * 2 ** attempt
      await new Promise((resolve) =>
        setTimeout(resolve, Math.min(MAX_RETRY_DELAY_MS, Math.max(backoff, result.retryAfterMs))),
      )
    }
  }

  private async attempt(
    input: string[],
  ): Promise<{ vectors: Float32Array[] } | { error: EmbeddingProviderError; retryAfterMs: number }> {
    const headers: Record<string, string> = { 'content-type': 'application/json' }
    if (this.options.apiKey) headers.authorization = `Bearer ${this.options.apiKey}`
    const body = JSON.stringify({ model: this.options.model, input, dimensions: this.requestDimensions })
    const what = `Embeddings request to ${this.url}`
    let response: Response
    let text: string
    try {
      response = await fetch(this.url, { method: 'POST', headers, body, signal: AbortSignal.timeout(this.timeoutMs) })
      text = await response.text()
    } catch (cause) {
      const isTimeout = cause instanceof Error && cause.name === 'TimeoutError'
      const reason = isTimeout ? `timed out after ${this.timeoutMs} ms` : `failed: ${describeCause(cause)}`
      return { error: new EmbeddingProviderError(`${what} ${reason}.`, undefined, { cause }), retryAfterMs: 0 }
    }
    if (!response.ok) {
      const error = new EmbeddingProviderError(
        `${what} failed with HTTP ${response.status}: ${errorDetail(text)}`,
        response.status,
      )
      if (!isRetryable(response.status)) throw error
      return { error, retryAfterMs: retryAfterMs(response.headers.get('retry-after')) }
    }
    return { vectors: this.parse(text, input.length, what) }
  }

  private parse(text: string, expected: number, what: string): Float32Array[] {
    let data: unknown
    try {
      data = (JSON.parse(text) as { data?: unknown }).data
    } catch {
      throw new EmbeddingProviderError(`${what} returned a body that is not JSON: ${errorDetail(text)}`)
    }
    if (!Array.isArray(data) || data.length !== expected) {
      throw new EmbeddingProviderError(
        `${what} returned ${Array.isArray(data) ? data.length : 'no'} embeddings for ${expected} inputs.`,
      )
    }
    const vectors: (Float32Array | undefined)[] = new Array(expected).fill(undefined)
    for (const [position, raw] of data.entries()) {
      const item = (typeof raw === 'object' && raw !== null ? raw : {}) as { index?: unknown; embedding?: unknown }
      // OpenAI returns items in input order with an index; trust the index when there is one.
      const index = typeof item.index === 'number' ? item.index : position
      if (!Number.isInteger(index) || index < 0 || index >= expected || vectors[index]) {
        throw new EmbeddingProviderError(
          `${what} returned a missing, duplicate or out-of-range index (${String(item.index)}).`,
        )
      }
      const embedding = item.embedding
      if (!Array.isArray(embedding) || embedding.length !== this.dimensions || !embedding.every(Number.isFinite)) {
        throw new EmbeddingProviderError(
          `${what} returned an embedding that is not ${this.dimensions} numbers (model ${this.options.model}, ` +
            `got ${Array.isArray(embedding) ? `${embedding.length} values` : typeof embedding}).`,
        )
      }
      // Providers other than OpenAI do not all normalise; the Embedder contract promises unit length.
      vectors[index] = normalizeInPlace(Float32Array.from(embedding as number[]))
    }
    return vectors as Float32Array[]
  }
}

function isRetryable(status: number): boolean {
  return status === 408 || status === 429 || status >= 500
}

function retryAfterMs(header: string | null): number {
  const seconds = Number(header)
  return header !== null && Number.isFinite(seconds) && seconds > 0 ? seconds * 1000 : 0
}

/** The provider's own error message when the body has one (OpenAI: {error: {message}}), shortened. */
function errorDetail(body: string): string {
  let detail = body
  try {
    const parsed = JSON.parse(body) as { error?: { message?: unknown } | string; message?: unknown }
    const message = typeof parsed.error === 'string' ? parsed.error : (parsed.error?.message ?? parsed.message)
    if (typeof message === 'string') detail = message
  } catch {
    // Not JSON: quote the raw body.
  }
  detail = detail.trim() || '(empty body)'
  return detail.length > MAX_ERROR_DETAIL_CHARS ? `${detail.slice(0, MAX_ERROR_DETAIL_CHARS)}…` : detail
}

function describeCause(cause: unknown): string {
  if (!(cause instanceof Error)) return String(cause)
  // undici reports "fetch failed" and puts the socket error (ECONNREFUSED, ENOTFOUND) in cause.
  const inner = cause.cause
  return inner instanceof Error ? `${cause.message} (${inner.message})` : cause.message
}
