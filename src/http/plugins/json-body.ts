// JSON request bodies: Fastify's own parser (body cap, empty body, __proto__ and constructor
// poisoning refused) behind a nesting cap checked on the raw text first. Validation, the
// storable-text check and error echoes all recurse over the parsed body: 5,000 nested arrays
// (10 KB of text) used to overflow the stack there and answer 500.
import type { FastifyInstance } from 'fastify'
import { ApiError } from '../../errors.ts'

/** No route's body comes near it: the deepest (relationships' people filters) is 5 levels. */
export const MAX_JSON_DEPTH = 32

/**
 * The first offset at which arrays and objects are nested deeper than `max`, or -1. One pass
 * over the text, brackets inside strings skipped; malformed JSON is left to the parser.
 */
export function jsonDepthExceededAt(text: string, max: number): number {
  let depth = 0
  let inString = false
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i)
    if (inString) {
      if (c === 0x5c)
        i++ // backslash: the next character is escaped
      else if (c === 0x22) inString = false
    } else if (c === 0x22) inString = true
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return i
    } else if (c === 0x5d || c === 0x7d) depth--
  }
  return -1
}

export function registerJsonBody(app: FastifyInstance) {
  const parse = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser('application/json')
  // parseAs string: Fastify reads the body against the body limit (413) and checks Content-Length, as for its own parser.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (request, body, done) => {
    const text = body as string
    const at = jsonDepthExceededAt(text, MAX_JSON_DEPTH)
    if (at >= 0) {
      done(
        new ApiError('request.invalid', `The body nests arrays and objects deeper than ${MAX_JSON_DEPTH} levels.`, {
          extra: {
            errors: [
              {
                type: 'json_too_deep',
                loc: ['body'],
                msg: `At most ${MAX_JSON_DEPTH} levels of nesting`,
                input: null,
                ctx: { limit: MAX_JSON_DEPTH, offset: at },
              },
            ],
          },
        }),
        undefined,
      )
      return
    }
    parse(request, text, done)
  })
}
