// Handlers still running. A client that goes away ends its request for the HTTP server, but its
// handler runs on (a search may be about to charge): closing the server must wait for those
// handlers before the store closes under them, or their statements fail half-way
// (app.ts close → handlersIdle).
import type { FastifyInstance } from 'fastify'

export interface InFlight {
  /** Resolves once no route handler is running, or after `timeoutMs`. */
  idle(timeoutMs: number): Promise<void>
}

export function trackHandlers(app: FastifyInstance): InFlight {
  let running = 0
  let wake: (() => void) | null = null
  app.addHook('onRoute', (route) => {
    const handler = route.handler
    // Only our own async handlers: plugins' callback handlers (static files, the docs) send by themselves.
    if (handler.constructor.name !== 'AsyncFunction') return
    route.handler = async function (this: unknown, request, reply) {
      running++
      try {
        return await handler.call(this as never, request, reply)
      } finally {
        if (--running === 0) wake?.()
      }
    } as typeof handler
  })
  return {
    idle: (timeoutMs) =>
      running === 0
        ? Promise.resolve()
        : new Promise<void>((resolve) => {
            const timer = setTimeout(done, timeoutMs)
            function done() {
              clearTimeout(timer)
              wake = null
              resolve()
            }
            wake = () => {
              if (running === 0) done()
            }
          }),
  }
}
