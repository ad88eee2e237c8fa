// Health routes (contract §1, §4.1).
import { Type } from 'typebox'

export const HealthResponse = Type.Record(Type.String(), Type.String(), {
  description: 'Liveness: a JSON object with string values',
})

export const ReadinessResponse = Type.Object({
  status: Type.Union([Type.Literal('ready'), Type.Literal('not_ready')]),
  dependencies: Type.Record(
    Type.String(),
    Type.Object({
      status: Type.Union([Type.Literal('up'), Type.Literal('down')]),
      hard: Type.Boolean({
        description: 'Hard dependencies gate readiness; the limiter store fails open and does not',
      }),
      latency_ms: Type.Integer(),
      detail: Type.Union([Type.String(), Type.Null()]),
      lag_ms: Type.Optional(
        Type.Union([Type.Integer(), Type.Null()], {
          description:
            'Read replicas (`replica <host:port/database>`, DATABASE_READ_URLS) only: how far behind the primary it was at its last probe, in ms (an upper bound, to within 0.5 s); null while unknown. A replica is `down` while reads skip it: unreachable, lagging past DSP_READ_MAX_LAG_MS, or catching up with a corpus change.',
        }),
      ),
    }),
  ),
})
