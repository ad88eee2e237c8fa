// The deployment's embedder (DSP_EMBEDDINGS_*), created once on first use and forgotten when its
// creation fails, so the next use tries again. Providers: docs/corpus-embeddings.md.
import type { Config } from '../../config.ts'
import {
  createEmbedder,
  PREBUILT_GLOVE_DIR,
  type CreateEmbedderOptions,
  type Embedder,
} from '../../retrieval/embedder/index.ts'

/**
 * The deployment's embedder (DSP_EMBEDDINGS_*), created on first use (the GloVe cache conversion
 * takes seconds once). An openai provider is not contacted here: its first embed call is.
 */
export function lazyEmbedder(config: Readonly<Config>): () => Promise<Embedder> {
  let embedder: Promise<Embedder> | null = null
  const options: CreateEmbedderOptions = {
    provider: config.DSP_EMBEDDINGS_PROVIDER,
    cacheDir: config.DSP_CACHE_DIR,
    prebuiltDir: PREBUILT_GLOVE_DIR,
    openaiBaseUrl: config.DSP_EMBEDDINGS_URL,
    openaiApiKey: config.DSP_EMBEDDINGS_API_KEY,
    openaiModel: config.DSP_EMBEDDINGS_MODEL,
    dimensions: config.DSP_EMBEDDINGS_DIMENSIONS,
  }
  return () =>
    (embedder ??= createEmbedder(options).catch((e: unknown) => {
      embedder = null
      throw e
    }))
}
