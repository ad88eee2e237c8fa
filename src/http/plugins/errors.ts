// The only writer of problem bodies (contract §2.3, §7): ApiError → its code; a validation
// failure → 422 request.invalid with extra.errors[]; a refusal by Fastify or by Node's HTTP parser
// (bad URL encoding, a path segment too long, headers too large, malformed HTTP) → its contract
// code; a store outage no guard caught → the route's outage code (config.outage); anything else →
// 500 internal, logged. Whatever a problem repeats of the request is cut;
// no problem is kept by a cache (Cache-Control: no-store).
import { STATUS_CODES } from 'node:http'
import type { Duplex } from 'node:stream'
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { ApiError, catalogue, errorSlug, type ErrorCode } from '../../errors.ts'
import { cutEcho, cutText, validationEntries, type AjvLikeError } from '../../contract/validation.ts'
import { randomId } from '../../domain/ids.ts'
import { outageError } from '../../domain/guard.ts'

/** Fastify's default maxParamLength: a longer path segment never reaches a route. */
export const MAX_PARAM_LENGTH = 100
/** A problem lists at most this many validation errors (allErrors can find one per array item). */
const MAX_ERRORS = 20
/** detail and instance are ours, but may quote the request (a path, a header). */
const DETAIL_MAX_CHARS = 1024

type Extra = Record<string, unknown>

/** §2.3 body. `extra.errors[]` is bounded here, whoever built it. */
function problemBody(
  docsUrl: () => string,
  code: ErrorCode,
  status: number,
  detail: string,
  path: string,
  requestId: string,
  extra?: Extra,
): Record<string, unknown> {
  const body: Record<string, unknown> = {
    type: `${docsUrl()}/${errorSlug(code)}`,
    title: catalogue[code].title,
    status,
    code,
    detail: cutText(detail, DETAIL_MAX_CHARS),
    instance: cutText(path, DETAIL_MAX_CHARS),
    request_id: requestId,
  }
  if (extra !== undefined)
    body.extra = Array.isArray(extra.errors) ? { ...extra, errors: boundErrors(extra.errors) } : extra
  return body
}

function boundErrors(errors: unknown[]): unknown[] {
  return errors.slice(0, MAX_ERRORS).map((e) => {
    if (e === null || typeof e !== 'object') return e
    const entry = e as { loc?: unknown; input?: unknown; ctx?: unknown }
    return {
      ...entry,
      loc: Array.isArray(entry.loc) ? entry.loc.map((l) => (typeof l === 'string' ? cutText(l) : l)) : entry.loc,
      input: cutEcho(entry.input),
      // ctx mostly quotes the schema (limits, allowed values): only its texts are cut.
      ctx: cutEcho(entry.ctx, { entries: 100, budget: 4096 }),
    }
  })
}

export function sendProblem(
  request: FastifyRequest,
  reply: FastifyReply,
  docsUrl: () => string,
  code: ErrorCode,
  detail: string,
  status?: number,
  extra?: Extra,
  retryAfter?: number,
) {
  const s = status ?? catalogue[code].status[0]!
  const body = problemBody(docsUrl, code, s, detail, request.url.split('?')[0]!, request.id, extra)
  // Framework refusals (bad URL, path segment too long) skip the onRequest hooks that set these.
  reply.header('X-Request-Id', request.id)
  reply.header('Cache-Control', 'no-store')
  if (retryAfter !== undefined) reply.header('Retry-After', String(retryAfter))
  else if (s === 429) reply.header('Retry-After', '1')
  else if (s === 503 || s === 504) reply.header('Retry-After', '5')
  return reply
    .code(s)
    .type('application/problem+json')
    .serializer((p: unknown) => JSON.stringify(p))
    .send(body)
}

const oneError = (type: string, loc: (string | number)[], msg: string, ctx: Extra | null = null) => ({
  errors: [{ type, loc, msg, input: null, ctx }],
})

/**
 * Fastify's `frameworkErrors`: requests refused before routing, which would otherwise answer
 * Fastify's own JSON (`FST_ERR_BAD_URL` 400, `FST_ERR_MAX_PARAM_LENGTH` 414).
 */
export function frameworkErrorHandler(docsUrl: () => string) {
  return (error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (error.code === 'FST_ERR_MAX_PARAM_LENGTH') {
      return sendProblem(
        request,
        reply,
        docsUrl,
        'request.invalid',
        `A path segment is over ${MAX_PARAM_LENGTH} characters; no id is that long.`,
        422,
        oneError('string_too_long', ['path'], `At most ${MAX_PARAM_LENGTH} characters`, { limit: MAX_PARAM_LENGTH }),
      )
    }
    // FST_ERR_BAD_URL (a '%' not followed by two hex digits, or bytes that are not UTF-8), and
    // anything Fastify adds later: the URL cannot be read.
    return sendProblem(
      request,
      reply,
      docsUrl,
      'request.invalid',
      'The URL is not valid: a percent-encoding is malformed or does not decode to UTF-8.',
      400,
      oneError('url_invalid', ['path'], 'Malformed percent-encoding'),
    )
  }
}

/** What Node's HTTP parser refused, as the contract says it: [status, code, detail]. */
function clientErrorAnswer(err: NodeJS.ErrnoException, maxHeaderSize: number): [number, ErrorCode, string] {
  switch (err.code) {
    case 'HPE_HEADER_OVERFLOW':
      return [
        413,
        'request.too_large',
        `The request line and headers are over ${Math.round(maxHeaderSize / 1024)} KB together.`,
      ]
    case 'ERR_HTTP_REQUEST_TIMEOUT':
    case 'ERR_HTTP_HEADERS_TIMEOUT':
      return [400, 'request.invalid', 'The request did not arrive in full within the time allowed.']
    case 'HPE_INVALID_METHOD':
      return [400, 'request.invalid', 'The method is not an HTTP method.']
    case 'HPE_INVALID_CONTENT_LENGTH':
    case 'HPE_UNEXPECTED_CONTENT_LENGTH':
      return [400, 'request.invalid', 'Content-Length is invalid, or sent with Transfer-Encoding.']
    case 'HPE_INVALID_TRANSFER_ENCODING':
    case 'HPE_INVALID_CHUNK_SIZE':
      return [400, 'request.invalid', 'The chunked body is malformed.']
    case 'HPE_INVALID_HEADER_TOKEN':
      return [400, 'request.invalid', 'A header is malformed.']
    default:
      return [400, 'request.invalid', 'The request is not valid HTTP/1.1.']
  }
}

/** The path of a request line the parser refused, when the bytes received hold it. */
function rawPath(err: { rawPacket?: unknown }): string {
  const raw = Buffer.isBuffer(err.rawPacket) ? err.rawPacket.subarray(0, 2 * DETAIL_MAX_CHARS).toString('latin1') : ''
  return /^[A-Za-z]+ ([^ ?\r\n]*)/.exec(raw)?.[1] ?? ''
}

/**
 * Fastify's `clientErrorHandler`: Node's HTTP parser refused the request before Fastify saw it
 * (headers or URL over the header cap, a malformed request line, header or Content-Length). No
 * request or reply exists, so the problem is written to the socket, which is then closed.
 */
export function clientErrorHandler(docsUrl: () => string, maxHeaderSize: number) {
  return function (this: FastifyInstance, err: NodeJS.ErrnoException & { rawPacket?: unknown }, socket: Duplex) {
    if (err.code === 'ECONNRESET' || socket.destroyed) return
    // As Node's own handler: never write into a response already under way on this socket.
    const inFlight = (socket as { _httpMessage?: { headersSent?: boolean } })._httpMessage
    if (socket.writable && !inFlight?.headersSent) {
      const [status, code, detail] = clientErrorAnswer(err, maxHeaderSize)
      const requestId = randomId('req', 10)
      this.log.debug({ err, request_id: requestId }, 'client error')
      const body = JSON.stringify(problemBody(docsUrl, code, status, detail, rawPath(err), requestId))
      socket.write(
        `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\nContent-Type: application/problem+json\r\n` +
          `Content-Length: ${Buffer.byteLength(body)}\r\nX-Request-Id: ${requestId}\r\nCache-Control: no-store\r\n` +
          `Connection: close\r\n\r\n${body}`,
      )
    }
    socket.destroy(err)
  }
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
      const detail = first
        ? `${first.loc.map((l) => cutText(String(l))).join('.')}: ${first.msg}`
        : 'The request is invalid.'
      return sendProblem(request, reply, docsUrl, 'request.invalid', detail, 422, { errors })
    }
    switch (fe.code) {
      case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
        return sendProblem(
          request,
          reply,
          docsUrl,
          'request.unsupported',
          `Content type ${JSON.stringify(cutText(request.headers['content-type'] ?? ''))} is not supported; send application/json.`,
          415,
        )
      case 'FST_ERR_CTP_BODY_TOO_LARGE':
        return sendProblem(request, reply, docsUrl, 'request.too_large', 'The request body is over the size cap.', 413)
      case 'FST_ERR_CTP_INVALID_JSON_BODY':
      case 'FST_ERR_CTP_EMPTY_JSON_BODY':
        return sendProblem(
          request,
          reply,
          docsUrl,
          'request.invalid',
          'The body is not valid JSON.',
          422,
          oneError('json_invalid', ['body'], fe.message),
        )
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
      `No route ${request.method} ${cutText(request.url.split('?')[0]!)}.`,
      404,
    ),
  )
}
