// What the language-model query parser's stages share (llm-parser.ts runs them): the reading it
// returns, the options it reads with, and ParserFallback, the one error by which any stage says
// "the model's reading is not usable; the rules read the query".
import type { Static } from 'typebox'
import type { Degradation } from '../../contract/common.ts'
import type { Parsed } from './parser.ts'

export const LLM_PARSER_VERSION = 'llm-1'
/** Degradation reason: the LLM parser failed and the rules read the query (impact precision). */
export const PARSER_FALLBACK = 'parser_fallback'

type DegradationEntry = Static<typeof Degradation>

export interface QueryReading {
  parsed: Parsed
  /** `rules-1`, or `llm-1:<model>` when the model's reading was used. */
  parser_version: string
  /** One `parser_fallback` entry when the model was asked and the rules answered instead. */
  degradation: DegradationEntry[]
}

export interface ReadOptions {
  category: string | null
  nowYear: number
  /** The clock's now: the rule parser reads "joined in the last 6 months" against it. */
  now?: Date
}

/** Why the model's reading was not used: `detail` goes to the client (no URL, no key), `message` to the log. */
export class ParserFallback extends Error {
  constructor(
    readonly detail: string,
    message = detail,
  ) {
    super(message)
  }
}

/** The categories the model reads filters for; any other category takes the query as words. */
export const isGtm = (category: string) => category === 'company' || category === 'person'
