// The only writer of problem bodies (contract §2.3, §7): ApiError → its code; a validation
// failure → 422 request.invalid with extra.errors[]; a store outage no guard caught → the
// route's outage code (config.outage); anything else → 500 internal, logged.
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ApiError, catalogue, errorSlug, type ErrorCode } from '../../errors.ts'
import { validationEntries, type AjvLikeError } from '../../contract/validation.ts'
import { outageError } from '../../domain/guard.ts'

export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  docsUrl: () => string,
  code: ErrorCode,
  detail: string,
  status?: number,
  extra?: Record<string, unknown>,
  retryAfter?: number,
) {
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
  return reply
    .code(s)
    .type('application/problem+json')
    .serializer((p: unknown) => JSON.stringify(p))
    .send(body)
}

export function registerErrorHandling(app: FastifyInstance, docsUrl: () => string) {
  app.setErrorHandler((error: FastifyError | ApiError, request, reply) => {
    if (error instanceof ApiError) {
      for (const [h, v] of Object.entries(error.options.headers ?? {})) reply.header(h, v)
      return sendProblem(
        request,
        reply,
        docsUrl,
        error.code,
        error.detail,
        error.status,
        error.options.extra,
        error.options.retryAfter,
      )
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
        return sendProblem(
          request,
          reply,
          docsUrl,
          'request.unsupported',
          `Content type ${JSON.stringify(request.headers['content-type'] ?? '')} is not supported; send application/json.`,
          415,
        )
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
    // A store call no guard wrapped, failing for want of the store: the route's outage code, not a 500.
    const config = request.routeOptions.config
    const outage = outageError(
      error,
      config.outage ?? 'upstream.unavailable',
      config.errors?.includes('upstream.timeout') === true,
    )
    if (outage) {
      request.log.warn({ err: error.message, request_id: request.id }, 'store unavailable')
      return sendProblem(request, reply, docsUrl, outage.code, outage.detail, outage.status)
    }
    request.log.error({ err: error, request_id: request.id }, 'unexpected error')
    return sendProblem(
      request,
      reply,
      docsUrl,
      'internal',
      `Something went wrong on our side. Quote request_id ${request.id} when reporting it.`,
      500,
    )
  })

  app.setNotFoundHandler((request, reply) =>
    sendProblem(
      request,
      reply,
      docsUrl,
      'request.invalid',
      `No route ${request.method} ${request.url.split('?')[0]}.`,
      404,
    ),
  )
}
