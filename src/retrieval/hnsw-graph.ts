// The usearch HNSW graph (cosine, float32, one vector a key) built from its settings, and its
// answers as VectorMatch: VectorIndex keeps one in memory, MappedVectorIndex maps one from a file.

import usearch from 'usearch'
import type { Index } from 'usearch'
import type { VectorMatch } from './top-k.ts'

/** The graph's settings, saved in an index file's header. */
export interface GraphSettings {
  /** HNSW links per node (usearch default 16): more is better recall, more memory, slower adds. */
  connectivity: number
  /** Candidate list while inserting (usearch default 128). */
  expansionAdd: number
  /** Candidate list while searching (usearch default 64); k above it widens the search anyway. */
  expansionSearch: number
}

export function newGraph(dimensions: number, settings: GraphSettings): Index {
  return new usearch.Index({
    dimensions,
    metric: usearch.MetricKind.Cos,
    quantization: usearch.ScalarKind.F32,
    connectivity: settings.connectivity,
    expansion_add: settings.expansionAdd,
    expansion_search: settings.expansionSearch,
    multi: false,
  })
}

/** The graph's k nearest (k at most its size): cosine similarity, best first. */
export function graphNearest(graph: Index, query: Float32Array, k: number): VectorMatch[] {
  // One query: threads 1, measured no slower than auto and it leaves cores to other requests.
  const { keys, distances } = graph.search(query, k, 1)
  const matches: VectorMatch[] = new Array(keys.length)
  for (let i = 0; i < keys.length; i++) matches[i] = { key: keys[i]!, score: 1 - distances[i]! }
  return matches
}
