// The optional language-model query parser of auto and deep (DSP_PARSER_PROVIDER=llm,
// parser_version `llm-1:<model>`), in named stages, one module each:
//   1. the prompt and the schema sent (llm-prompt.ts), from the filter catalogue;
//   2. the call to the OpenAI-compatible provider, within its timeout (llm-provider.ts);
//   3. the answer checked: its shape and its filters against the caller's filter schema (llm-answer.ts);
//   4. its filters mapped onto the catalogue, spelled as the index spells them (llm-mapping.ts).
// Any failure falls back to the rules with a `parser_fallback` degradation: the search still
// answers. Docs: docs/search-parser.md.
import type { Deps } from '../types.ts'
import { readAnswer } from './llm-answer.ts'
import { ANSWER_SCHEMA, systemPrompt } from './llm-prompt.ts'
import { askModel } from './llm-provider.ts'
import {
  isGtm,
  LLM_PARSER_VERSION,
  PARSER_FALLBACK,
  ParserFallback,
  type QueryReading,
  type ReadOptions,
} from './llm-reading.ts'
import { parseQuery, RULES_PARSER_VERSION, type Vocabularies } from './parser.ts'

export type { QueryReading, ReadOptions } from './llm-reading.ts'

/**
 * Reads a query with the configured parser. With `llm`, an explicit document category skips the
 * model (those categories take no filters the parser could extract). Never throws for the model:
 * unreachable, slow, non-2xx, unparsable or invalid answers all fall back to the rules.
 */
export async function readSearchQuery(
  deps: Deps,
  query: string,
  vocab: Vocabularies,
  opts: ReadOptions,
): Promise<QueryReading> {
  const c = deps.config
  const rules = () => parseQuery(query, vocab, opts)
  if (
    c.DSP_PARSER_PROVIDER !== 'llm' ||
    !c.DSP_PARSER_URL ||
    !c.DSP_PARSER_MODEL ||
    (opts.category !== null && !isGtm(opts.category))
  ) {
    return { parsed: rules(), parser_version: RULES_PARSER_VERSION, degradation: [] }
  }
  const model = c.DSP_PARSER_MODEL
  try {
    const answer = await askModel(
      { url: c.DSP_PARSER_URL, apiKey: c.DSP_PARSER_API_KEY, model, timeoutMs: c.DSP_PARSER_TIMEOUT_MS },
      { system: systemPrompt(vocab, opts), query, schema: ANSWER_SCHEMA },
    )
    return {
      parsed: readAnswer(answer, query, vocab, opts),
      parser_version: `${LLM_PARSER_VERSION}:${model}`,
      degradation: [],
    }
  } catch (e) {
    const known = e instanceof ParserFallback
    deps.log.warn(
      { model, err: (e as Error).message },
      known
        ? 'LLM query parser failed; the rules read the query'
        : 'LLM query parser crashed; the rules read the query',
    )
    const why = known ? e.detail : 'failed unexpectedly'
    return {
      parsed: rules(),
      parser_version: RULES_PARSER_VERSION,
      degradation: [
        {
          reason: PARSER_FALLBACK,
          detail: `The language-model parser ${why}; the rule parser (${RULES_PARSER_VERSION}) read the query instead.`,
          impact: 'precision',
          source_corpus: null,
        },
      ],
    }
  }
}
