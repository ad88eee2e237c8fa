// Entry point of the embedder area: the Embedder contract, createEmbedder (provider chosen by
// configuration) and the pieces callers need (zero-vector test, provider error type).

import type { Embedder } from './embedder.ts'
import { GloveEmbedder } from './glove.ts'
import { OpenAIEmbedder } from './openai.ts'

export type { Embedder } from './embedder.ts'
export { isZeroVector, normalizeInPlace } from './embedder.ts'
export { GloveEmbedder } from './glove.ts'
export { DEFAULT_VOCABULARY_SIZE, PREBUILT_GLOVE_DIR, gloveBinaryPath, prepareGlove } from './glove-convert.ts'
export type { GloveSourceOptions, PreparedGlove } from './glove-convert.ts'
export { EmbeddingProviderError, OpenAIEmbedder } from './openai.ts'
export type { OpenAIEmbedderOptions } from './openai.ts'
export { tokenize } from './tokenize.ts'

export interface CreateEmbedderOptions {
  provider: 'glove' | 'openai'
  /** GloVe only: where the converted binary is cached (converted on first use, seconds, once). */
  cacheDir: string
  /** GloVe only: where a build put the converted binary, looked at first (PREBUILT_GLOVE_DIR). */
  prebuiltDir?: string
  openaiBaseUrl?: string
  openaiApiKey?: string
  openaiModel?: string
  /** OpenAI: output size (see OpenAIEmbedderOptions.dimensions). GloVe: must be 100 if set. */
  dimensions?: number
}

/**
 * Builds the configured embedder, ready to use: for GloVe the binary is loaded (and converted
 * first when the cache is missing), so a broken setup fails at startup rather than on a request.
 */
export async function createEmbedder(options: CreateEmbedderOptions): Promise<Embedder> {
  if (options.provider === 'glove') {
    const embedder = await GloveEmbedder.open({
      cacheDir: options.cacheDir,
      ...(options.prebuiltDir === undefined ? {} : { prebuiltDir: options.prebuiltDir }),
    })
    if (options.dimensions !== undefined && options.dimensions !== embedder.dimensions) {
      throw new Error(`The GloVe embedder has ${embedder.dimensions} dimensions, not ${options.dimensions}.`)
    }
    return embedder
  }
  if (!options.openaiBaseUrl || !options.openaiModel) {
    throw new Error('The openai embedding provider needs a base URL and a model.')
  }
  return new OpenAIEmbedder({
    baseUrl: options.openaiBaseUrl,
    model: options.openaiModel,
    ...(options.openaiApiKey === undefined ? {} : { apiKey: options.openaiApiKey }),
    ...(options.dimensions === undefined ? {} : { dimensions: options.dimensions }),
  })
}
