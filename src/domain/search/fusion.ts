// Fusion of ranked lists into one ranking: reciprocal rank, and scores weighted by how sure each
// list is of its head (the words' list, the meaning's, deep's synonyms).
import type { Hit } from './retrieval-plan.ts'

const RRF_K = 60

/** Reciprocal-rank fusion: each list contributes weight / (60 + rank). Scores scaled to 0..1. */
export function fuse(lists: { hits: Hit[]; weight: number }[]): Hit[] {
  const scores = new Map<string, number>()
  let max = 0
  for (const l of lists) {
    max += l.weight / (RRF_K + 1)
    l.hits.forEach((h, i) => scores.set(h.id, (scores.get(h.id) ?? 0) + l.weight / (RRF_K + 1 + i)))
  }
  return [...scores.entries()]
    .map(([id, s]) => ({ id, score: Math.round((s / (max || 1)) * 10_000) / 10_000 }))
    .sort((a, b) => b.score - a.score || (a.id < b.id ? -1 : 1))
}

/**
 * How sure a ranked list is of its head: how far its first score stands above its tenth (or its
 * last), 0 (flat) … 1. A lexical list whose first record holds every rare word is sure; a vector
 * list whose neighbours all sit near one cosine is not.
 */
export function sureness(hits: Hit[]): number {
  const first = hits[0]?.score ?? 0
  if (hits.length < 2 || first <= 0) return hits.length === 1 ? 1 : 0
  const tenth = hits[Math.min(9, hits.length - 1)]!.score
  return Math.min(1, Math.max(0, (first - tenth) / first))
}

/** deep's synonym list weighs this much of the words' own list in the fusion. */
export const EXPANSION_WEIGHT = 0.25

/** The least weight a list keeps in the fusion however flat it is. */
export const FUSION_FLOOR = 0.25

/**
 * Score fusion weighted by how sure each list is: a record's fused score is Σ over lists of
 * weight × (FUSION_FLOOR + sureness) × its score / the list's best score. A clear lexical match
 * keeps its place against a flat list of near neighbours; a flat lexical list (common words)
 * leaves the order to meaning. `pinned` records (the query is their name) come first, scored 1.
 * Scores scaled to 0..1.
 */
export function fuseBySureness(lists: { hits: Hit[]; weight: number }[], pinned: Set<string> = new Set()): Hit[] {
  const scores = new Map<string, number>()
  let max = 0
  for (const l of lists) {
    const best = l.hits[0]?.score ?? 0
    if (best <= 0) continue
    const w = l.weight * (FUSION_FLOOR + sureness(l.hits))
    max += w
    for (const h of l.hits) scores.set(h.id, (scores.get(h.id) ?? 0) + (w * Math.max(h.score, 0)) / best)
  }
  return [...scores.entries()]
    .map(([id, s]) => ({
      id,
      score: pinned.has(id) ? 1 : Math.round((s / (max || 1)) * 10_000) / 10_000,
      pin: pinned.has(id),
    }))
    .sort((a, b) => Number(b.pin) - Number(a.pin) || b.score - a.score || (a.id < b.id ? -1 : 1))
    .map(({ id, score }) => ({ id, score }))
}
