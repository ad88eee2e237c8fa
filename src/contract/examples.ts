// An example request and answer for every public operation (issue 29 item 1), shown in
// /openapi.json and /docs. test/http/openapi.test.ts sends each request to a real server and
// checks the answer against the declared schema.

export interface OperationExample {
  /** What the example shows. */
  summary: string
  params?: Record<string, string>
  query?: Record<string, string | number>
  headers?: Record<string, string>
  body?: unknown
  status: number
  answer?: unknown
}

export const OPERATION_EXAMPLES: Record<string, OperationExample> = {}
