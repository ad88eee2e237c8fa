// What a log line may say about a request: never a secret (developers' guide: "never log a key,
// token or password at any level"). Headers that carry credentials are redacted by pino; a URL is
// logged with the value of any query parameter that could hold a secret replaced, and anything that
// looks like an API key removed wherever it appears (a key pasted into a path or a wrong parameter).

/** Header paths pino redacts wherever a request's headers are logged. */
export const SECRET_HEADER_PATHS = [
  'req.headers["x-api-key"]',
  'req.headers["x-admin-token"]',
  'req.headers["x-csrf-token"]',
  'req.headers.authorization',
  'req.headers.cookie',
  'res.headers["set-cookie"]',
]

const SECRET_PARAM = /key|token|secret|pass|auth|session|csrf|cookie|code|signature/i
const API_KEY_TEXT = /sk_dsp_(live|test)_[A-Za-z0-9_-]*/gi
const REDACTED = '[redacted]'

/** The URL as logs may show it: query values of secret-looking parameters and key-looking text redacted. */
export function safeUrl(url: string): string {
  const q = url.indexOf('?')
  const path = (q < 0 ? url : url.slice(0, q)).replace(API_KEY_TEXT, 'sk_dsp_$1_' + REDACTED)
  if (q < 0) return path
  const parts = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=')
      const name = eq < 0 ? pair : pair.slice(0, eq)
      if (eq < 0) return pair.replace(API_KEY_TEXT, 'sk_dsp_$1_' + REDACTED)
      let decodedName = name
      try {
        decodedName = decodeURIComponent(name)
      } catch {
        // A malformed name stays as it is; its value is redacted below when it looks secret.
      }
      const value = pair.slice(eq + 1)
      if (SECRET_PARAM.test(decodedName) || /sk_dsp_/i.test(value) || /sk%5Fdsp%5F/i.test(value))
        return `${name.replace(API_KEY_TEXT, REDACTED)}=${REDACTED}`
      return pair
    })
  return `${path}?${parts.join('&')}`
}
