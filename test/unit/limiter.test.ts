// The limiter (sliding windows on the Clock, in-flight counting) on the in-memory store and, when
// DSP_TEST_REDIS_URL is set, on Redis; both fail open.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { randomBytes } from 'node:crypto'
import { Clock } from '../../src/clock.ts'
import { Faults } from '../../src/faults.ts'
import {
  Limiter,
  MemoryLimiterStore,
  rateLimitHeaders,
  RedisLimiterStore,
  type LimiterStore,
  type WindowRule,
} from '../../src/limiter/index.ts'

const stores: [string, () => LimiterStore][] = [['memory', () => new MemoryLimiterStore()]]
if (process.env.DSP_TEST_REDIS_URL) stores.push(['redis', () => new RedisLimiterStore(process.env.DSP_TEST_REDIS_URL!)])

const MINUTE: WindowRule = { name: 'minute', limit: 3, windowSeconds: 60 }
const newKey = () => 'k' + randomBytes(6).toString('hex')

/** Moves the clock to `msBefore` ms before the next whole minute (where a fixed window would reset). */
function toBeforeMinute(clock: Clock, msBefore: number) {
  const into = clock.nowMs() % 60_000
  clock.advance((60_000 - into - msBefore + 60_000) / 1000)
}

for (const [name, make] of stores) {
  describe(`limiter on ${name}`, () => {
    test('allows `limit` hits in the window, then refuses with a Retry-After; the window slides on the clock', async () => {
      const clock = new Clock()
      const limiter = new Limiter(make(), clock, new Faults(clock), 1000)
      const key = newKey()
      for (let i = 0; i < 3; i++) {
        const r = await limiter.hit(key, [MINUTE])
        assert.equal(r.allowed, true)
        assert.equal(r.remaining, 2 - i)
      }
      const r = await limiter.hit(key, [MINUTE])
      assert.equal(r.allowed, false)
      assert.equal(r.remaining, 0)
      assert.ok(r.retryAfterSeconds >= 55 && r.retryAfterSeconds <= 65, `Retry-After ${r.retryAfterSeconds}`)
      clock.advance(30)
      assert.equal((await limiter.hit(key, [MINUTE])).allowed, false, 'half a minute later the hits still count')
      clock.advance(r.retryAfterSeconds - 30)
      assert.equal((await limiter.hit(key, [MINUTE])).allowed, true, 'after Retry-After the window has slid')
      await limiter.close()
    })

    test('hits straddling a minute boundary count together (a fixed window would have reset)', async () => {
      const clock = new Clock()
      const limiter = new Limiter(make(), clock, new Faults(clock), 1000)
      const key = newKey()
      const rule: WindowRule = { name: 'minute', limit: 30, windowSeconds: 60 }
      toBeforeMinute(clock, 1000)
      for (let i = 0; i < 15; i++) assert.equal((await limiter.hit(key, [rule])).allowed, true)
      clock.advance(2)
      for (let i = 0; i < 15; i++) assert.equal((await limiter.hit(key, [rule])).allowed, true)
      assert.equal((await limiter.hit(key, [rule])).allowed, false, 'the 31st within 2 s')
      await limiter.close()
    })

    test('a refused hit is not counted: retrying while refused does not extend the wait', async () => {
      const clock = new Clock()
      const limiter = new Limiter(make(), clock, new Faults(clock), 1000)
      const key = newKey()
      for (let i = 0; i < 3; i++) await limiter.hit(key, [MINUTE])
      const first = await limiter.hit(key, [MINUTE])
      for (let i = 0; i < 10; i++) {
        clock.advance(1)
        assert.equal((await limiter.hit(key, [MINUTE])).allowed, false)
      }
      clock.advance(first.retryAfterSeconds - 10)
      assert.equal((await limiter.hit(key, [MINUTE])).allowed, true)
      await limiter.close()
    })

    test('several rules: each counts every allowed hit; the refusal reports the rule with the longest wait', async () => {
      const clock = new Clock()
      const limiter = new Limiter(make(), clock, new Faults(clock), 1000)
      const key = newKey()
      const rules: WindowRule[] = [
        { name: 'minute', limit: 2, windowSeconds: 60 },
        { name: 'day', limit: 5, windowSeconds: 86_400 },
      ]
      for (let i = 0; i < 5; i++) {
        if (i > 0 && i % 2 === 0) clock.advance(70)
        assert.equal((await limiter.hit(key, rules)).allowed, true, `hit ${i}`)
      }
      clock.advance(70)
      const r = await limiter.hit(key, rules)
      assert.equal(r.allowed, false)
      assert.equal(r.rule.name, 'day')
      assert.ok(r.retryAfterSeconds > 86_400 - 300, `Retry-After ${r.retryAfterSeconds}`)
      assert.deepEqual(rateLimitHeaders(rules, r), {
        'RateLimit-Policy': '"minute";q=2;w=60, "day";q=5;w=86400',
        RateLimit: `"day";r=0;t=${r.retryAfterSeconds}`,
      })
      clock.advance(r.retryAfterSeconds)
      assert.equal((await limiter.hit(key, rules)).allowed, true)
      await limiter.close()
    })

    test('at most `limit` in any window: a steady client never gets more through than the rule', async () => {
      const clock = new Clock()
      const limiter = new Limiter(make(), clock, new Faults(clock), 1000)
      const key = newKey()
      const rule: WindowRule = { name: 'minute', limit: 5, windowSeconds: 60 }
      const allowedAt: number[] = []
      // One try every 3.7 s for 6 minutes (97 tries); count what got through in every 60 s span.
      for (let i = 0; i < 97; i++) {
        if ((await limiter.hit(key, [rule])).allowed) allowedAt.push(clock.nowMs())
        clock.advance(3.7)
      }
      for (const t of allowedAt) {
        const inSpan = allowedAt.filter((x) => x >= t && x < t + 60_000).length
        assert.ok(inSpan <= 5, `${inSpan} allowed within 60 s`)
      }
      assert.ok(allowedAt.length >= 25, `only ${allowedAt.length} allowed in 6 minutes`)
      await limiter.close()
    })

    test('acquire counts in-flight work and release frees a slot', async () => {
      const clock = new Clock()
      const limiter = new Limiter(make(), clock, new Faults(clock), 1000)
      const key = 'c' + randomBytes(4).toString('hex')
      const held = []
      for (let i = 0; i < 5; i++) {
        const a = await limiter.acquire(key, 5, 60)
        assert.equal(a.allowed, true)
        held.push(a.token)
      }
      assert.equal((await limiter.acquire(key, 5, 60)).allowed, false)
      await limiter.release(key, held[0]!)
      await limiter.release(key, held[0]!)
      assert.equal((await limiter.acquire(key, 5, 60)).allowed, true)
      assert.equal((await limiter.acquire(key, 5, 60)).allowed, false, 'a second release frees nothing more')
      clock.advance(61)
      assert.equal((await limiter.acquire(key, 5, 60)).allowed, true, 'slots lapse after their ttl on the clock')
      await limiter.close()
    })

    test('an outage fails open', async () => {
      const clock = new Clock()
      const faults = new Faults(clock)
      const limiter = new Limiter(make(), clock, faults, 100)
      faults.set('limiter', 'down')
      const r = await limiter.hit('x', [{ name: 'none', limit: 0, windowSeconds: 60 }])
      assert.equal(r.allowed, true)
      assert.equal(r.degraded, true)
      assert.equal((await limiter.acquire('y', 0, 60)).allowed, true)
      await limiter.close()
    })
  })
}

test('a Redis that cannot be reached fails open, within the deadline', async () => {
  const clock = new Clock()
  const limiter = new Limiter(new RedisLimiterStore('redis://127.0.0.1:1'), clock, new Faults(clock), 300)
  const started = Date.now()
  for (let i = 0; i < 20; i++) {
    const r = await limiter.hit('x', [{ name: 'none', limit: 0, windowSeconds: 60 }])
    assert.equal(r.allowed, true)
    assert.equal(r.degraded, true)
  }
  assert.ok(Date.now() - started < 20 * 400, 'each refusal to connect is bounded by the deadline')
  await assert.rejects(limiter.ping())
  await limiter.close()
})
