// The only writer of problem bodies (contract §2.3, §7): ApiError → its code; a validation
// failure → 422 request.invalid with extra.errors[]; anything else → 500 internal, logged.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ApiError, catalogue, errorSlug, type ErrorCode } from '../../errors.ts'

interface AjvLikeError {
  keyword: string
  instancePath: string
  message?: string
  params: Record<string, unknown>
  data?: unknown
}

const KEYWORD_TYPES: Record<string, string> = {
  required: 'missing',
  additionalProperties: 'extra_forbidden',
  type: 'type_error',
  maxLength: 'string_too_long',
  minLength: 'string_too_short',
  pattern: 'string_pattern_mismatch',
  format: 'format_error',
  enum: 'enum',
  const: 'enum',
  anyOf: 'union_error',
  maximum: 'less_than_equal',
  minimum: 'greater_than_equal',
  exclusiveMaximum: 'less_than',
  exclusiveMinimum: 'greater_than',
  maxItems: 'too_long',
  minItems: 'too_short',
  uniqueItems: 'unique_items',
}

const LOC_ROOT: Record<string, string> = { body: 'body', querystring: 'query', params: 'path', headers: 'header' }

function decodePointer(p: string): (string | number)[] {
  return p.split('/').slice(1).map((s) => s.replace(/~1/g, '/').replace(/~0/g, '~')).map((s) => (/^\d+$/.test(s) ? Number(s) : s))
}

export function validationEntries(errors: AjvLikeError[], context: string) {
  const seen = new Set<string>()
  const out = []
  for (const e of errors) {
    const loc: (string | number)[] = [LOC_ROOT[context] ?? context, ...decodePointer(e.instancePath)]
    let msg = e.message ?? 'invalid value'
    let input: unknown = e.data
    if (e.keyword === 'required') {
      loc.push(String(e.params.missingProperty))
      msg = 'Field required'
      input = e.data
    } else if (e.keyword === 'additionalProperties') {
      loc.push(String(e.params.additionalProperty))
      msg = context === 'body' ? 'Unknown field; request bodies reject unknown fields' : 'Unknown parameter'
      input = (e.data as Record<string, unknown> | undefined)?.[String(e.params.additionalProperty)]
    }
    const key = JSON.stringify(loc) + e.keyword
    if (seen.has(key)) continue
    seen.add(key)
    out.push({ type: KEYWORD_TYPES[e.keyword] ?? e.keyword, loc, msg, input: input === undefined ? null : input, ctx: Object.keys(e.params).length ? e.params : null })
  }
  return out
}

export function sendProblem(request: FastifyRequest, reply: FastifyReply, docsUrl: () => string, code: ErrorCode, detail: string, status?: number, extra?: Record<string, unknown>, retryAfter?: number) {
  const spec = catalogue[code]
  const s = status ?? spec.status[0]!
  const body: Record<string, unknown> = {
    type: `${docsUrl()}/${errorSlug(code)}`,
    title: spec.title,
    status: s,
    code,
    detail,
    instance: request.url.split('?')[0],
    request_id: request.id,
  }
  if (extra !== undefined) body.extra = extra
  if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter))
  else if (s === 429) reply.header('Retry-After', '1')
  else if (s === 503 || s === 504) reply.header('Retry-After', '5')
  return reply.code(s).type('application/problem+json').serializer((p: unknown) => JSON.stringify(p)).send(body)
}

export function registerErrorHandling(app: FastifyInstance, docsUrl: () => string) {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      for (const [h, v] of Object.entries(error.options.headers ?? {})) reply.header(h, v)
      return sendProblem(request, reply, docsUrl, error.code, error.detail, error.status, error.options.extra, error.options.retryAfter)
    }
    const fe = error as FastifyError & { validation?: AjvLikeError[]; validationContext?: string }
    if (fe.validation) {
      const errors = validationEntries(fe.validation, fe.validationContext ?? 'body')
      const first = errors[0]
      const detail = first ? `${first.loc.join('.')}: ${first.msg}` : 'The request is invalid.'
      return sendProblem(request, reply, docsUrl, 'request.invalid', detail, 422, { errors })
    }
    switch (fe.code) {
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendProblem(request, reply, docsUrl, 'request.unsupported', `Content type ${JSON.stringify(request.headers['content-type'] ?? '')} is not supported; send application/json.`, 415)
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendProblem(request, reply, docsUrl, 'request.too_large', 'The request body is over the size cap.', 413)
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendProblem(request, reply, docsUrl, 'request.invalid', 'The body is not valid JSON.', 422, {
          errors: [{ type: 'json_invalid', loc: ['body'], msg: fe.message, input: null, ctx: null }],
        })
      case 'FST_ERR_CTP_INVALID_CONTENT_LENGTH':
        return sendProblem(request, reply, docsUrl, 'request.invalid', 'Content-Length does not match the body.', 400)
    }
    if (fe.statusCode === 400 || fe.statusCode === 422) {
      return sendProblem(request, reply, docsUrl, 'request.invalid', fe.message, 422)
    }
    request.log.error({ err: error, request_id: request.id }, 'unexpected error')
    return sendProblem(request, reply, docsUrl, 'internal', `Something went wrong on our side. Quote request_id ${request.id} when reporting it.`, 500)
  })

  app.setNotFoundHandler((request, reply) =>
    sendProblem(request, reply, docsUrl, 'request.invalid', `No route ${request.method} ${request.url.split('?')[0]}.`, 404),
  )
}
