// The embedder contract shared by every provider (GloVe+SIF default, OpenAI-compatible option).
// Providers live next to this file; createEmbedder in index.ts picks one from configuration.

export interface Embedder {
  /** Identifies model and preprocessing; store it next to vectors so a model change forces a re-embed. */
  readonly name: string
  readonly dimensions: number
  /**
   * One L2-normalised vector per text, in input order. A text the model cannot represent (empty, or
   * no known word for GloVe) yields an all-zero vector: test it with isZeroVector and do not index it
   * (cosine similarity is undefined for it; VectorIndex.add rejects it). Rank such a record by full
   * text only, and answer such a query without the vector leg.
   */
  embed(texts: string[]): Promise<Float32Array[]>
}

export function isZeroVector(vector: Float32Array): boolean {
  for (let i = 0; i < vector.length; i++) if (vector[i] !== 0) return false
  return true
}

/**
 * Scales in place to unit length and returns the vector; a vector whose norm is below 1e-12 (or not
 * finite) becomes all zeros, so "zero" means one thing across providers.
 */
export function normalizeInPlace<T extends Float32Array | Float64Array>(vector: T): T {
  let sum = 0
  for (let i = 0; i < vector.length; i++) sum += vector[i]! * vector[i]!
  const norm = Math.sqrt(sum)
  if (!(norm > 1e-12) || !Number.isFinite(norm)) {
    vector.fill(0)
    return vector
  }
  for (let i = 0; i < vector.length; i++) vector[i] = vector[i]! / norm
  return vector
}
