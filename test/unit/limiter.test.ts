// The limiter (fixed windows, in-flight counting) on the in-memory store and, when
// DSP_TEST_REDIS_URL is set, on Redis; both fail open.
import assert from 'node:assert/strict'
import { describe, test } from 'node:test'
import { randomBytes } from 'node:crypto'
import { Clock } from '../../src/clock.ts'
import { Faults } from '../../src/faults.ts'
import { Limiter, MemoryLimiterStore, RedisLimiterStore, type LimiterStore } from '../../src/limiter/index.ts'

const stores: [string, () => LimiterStore][] = [['memory', () => new MemoryLimiterStore()]]
if (process.env.DSP_TEST_REDIS_URL) stores.push(['redis', () => new RedisLimiterStore(process.env.DSP_TEST_REDIS_URL!)])

for (const [name, make] of stores) {
  describe(`limiter on ${name}`, () => {
    test('allows `limit` hits per window, then refuses with a Retry-After', async () => {
      const clock = new Clock()
      const limiter = new Limiter(make(), clock, new Faults(clock), 1000)
      const key = 'k' + randomBytes(4).toString('hex')
      for (let i = 0; i < 3; i++) assert.equal((await limiter.hit(key, 3, 60)).allowed, true)
      const r = await limiter.hit(key, 3, 60)
      assert.equal(r.allowed, false)
      assert.ok(r.retryAfterSeconds >= 1 && r.retryAfterSeconds <= 60)
      clock.advance(61)
      assert.equal((await limiter.hit(key, 3, 60)).allowed, true, 'a new window opens on the clock')
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
      assert.equal((await limiter.acquire(key, 5, 60)).allowed, true)
      await limiter.close()
    })

    test('an outage fails open', async () => {
      const clock = new Clock()
      const faults = new Faults(clock)
      const limiter = new Limiter(make(), clock, faults, 100)
      faults.set('limiter', 'down')
      const r = await limiter.hit('x', 0, 60)
      assert.equal(r.allowed, true)
      assert.equal(r.degraded, true)
      assert.equal((await limiter.acquire('y', 0, 60)).allowed, true)
      await limiter.close()
    })
  })
}

test('a Redis that cannot be reached fails open', async () => {
  const clock = new Clock()
  const limiter = new Limiter(new RedisLimiterStore('redis://127.0.0.1:1'), clock, new Faults(clock), 300)
  const r = await limiter.hit('x', 0, 60)
  assert.equal(r.allowed, true)
  assert.equal(r.degraded, true)
  await limiter.close()
})
