// Configuration (STYLE §4): defaults, a bad value names the variable, the CLI exits 2 on it.
import assert from 'node:assert/strict'
import { spawnSync } from 'node:child_process'
import { test } from 'node:test'
import { ConfigError, loadConfig, readUrls } from '../../src/config.ts'

test('defaults apply when the environment is empty', () => {
  const c = loadConfig({})
  assert.equal(c.DSP_DATA_DIR, './data')
  assert.equal(c.DSP_PORT, 8080)
  assert.equal(c.DSP_TEST_CLOCK, '0')
  assert.equal(c.DATABASE_URL, undefined)
})

test('numbers are converted from strings', () => {
  assert.equal(loadConfig({ DSP_PORT: '9090' }).DSP_PORT, 9090)
})

test('a bad value throws a ConfigError naming the variable', () => {
  for (const [name, value] of [
    ['DSP_PORT', 'eighty'],
    ['DATABASE_URL', 'mysql://x'],
    ['DSP_ADMIN_TOKEN', 'short'],
    ['DSP_TEST_CLOCK', 'yes'],
  ] as const) {
    assert.throws(
      () => loadConfig({ [name]: value }),
      (e: unknown) => e instanceof ConfigError && e.message.startsWith(`${name}:`),
      name,
    )
  }
})

test("embeddings: glove by default; openai needs a URL and a model, and a size unless the model is OpenAI's", () => {
  const c = loadConfig({})
  assert.equal(c.DSP_EMBEDDINGS_PROVIDER, 'glove')
  assert.equal(c.DSP_EMBEDDINGS_URL, undefined)
  const openai = {
    DSP_EMBEDDINGS_PROVIDER: 'openai',
    DSP_EMBEDDINGS_URL: 'http://127.0.0.1:9000',
    DSP_EMBEDDINGS_MODEL: 'text-embedding-3-small',
  }
  assert.equal(loadConfig(openai).DSP_EMBEDDINGS_MODEL, 'text-embedding-3-small')
  assert.equal(
    loadConfig({ ...openai, DSP_EMBEDDINGS_MODEL: 'nomic-embed-text', DSP_EMBEDDINGS_DIMENSIONS: '768' })
      .DSP_EMBEDDINGS_DIMENSIONS,
    768,
  )
  const cases: [Record<string, string>, string][] = [
    [{ ...openai, DSP_EMBEDDINGS_URL: '' }, 'DSP_EMBEDDINGS_URL'],
    [{ ...openai, DSP_EMBEDDINGS_MODEL: '' }, 'DSP_EMBEDDINGS_MODEL'],
    [{ ...openai, DSP_EMBEDDINGS_MODEL: 'nomic-embed-text' }, 'DSP_EMBEDDINGS_DIMENSIONS'],
    [{ ...openai, DSP_EMBEDDINGS_URL: 'ftp://x' }, 'DSP_EMBEDDINGS_URL'],
    [{ DSP_EMBEDDINGS_PROVIDER: 'cohere' }, 'DSP_EMBEDDINGS_PROVIDER'],
    [{ DSP_EMBEDDINGS_DIMENSIONS: '384' }, 'DSP_EMBEDDINGS_DIMENSIONS'],
    [{ ...openai, DSP_EMBEDDINGS_DIMENSIONS: 'many' }, 'DSP_EMBEDDINGS_DIMENSIONS'],
  ]
  for (const [env, name] of cases) {
    assert.throws(
      () => loadConfig(env),
      (e: unknown) => e instanceof ConfigError && e.message.startsWith(`${name}:`),
      `${JSON.stringify(env)} names ${name}`,
    )
  }
})

test('parser: rules by default; llm needs a URL and a model; the API key is never quoted in an error', () => {
  const c = loadConfig({})
  assert.equal(c.DSP_PARSER_PROVIDER, 'rules')
  assert.equal(c.DSP_PARSER_TIMEOUT_MS, 3000)
  const llm = {
    DSP_PARSER_PROVIDER: 'llm',
    DSP_PARSER_URL: 'http://127.0.0.1:9001',
    DSP_PARSER_MODEL: 'gpt-4o-mini',
    DSP_PARSER_API_KEY: 'sk-secret-value',
  }
  const ok = loadConfig({ ...llm, DSP_PARSER_TIMEOUT_MS: '1500' })
  assert.equal(ok.DSP_PARSER_TIMEOUT_MS, 1500)
  assert.equal(ok.DSP_PARSER_MODEL, 'gpt-4o-mini')
  const cases: [Record<string, string>, string][] = [
    [{ ...llm, DSP_PARSER_URL: '' }, 'DSP_PARSER_URL'],
    [{ ...llm, DSP_PARSER_MODEL: '' }, 'DSP_PARSER_MODEL'],
    [{ ...llm, DSP_PARSER_TIMEOUT_MS: '0' }, 'DSP_PARSER_TIMEOUT_MS'],
    [{ DSP_PARSER_PROVIDER: 'gpt' }, 'DSP_PARSER_PROVIDER'],
  ]
  for (const [env, name] of cases) {
    assert.throws(
      () => loadConfig(env),
      (e: unknown) =>
        e instanceof ConfigError && e.message.startsWith(`${name}:`) && !e.message.includes('sk-secret-value'),
      `${JSON.stringify(env)} names ${name}`,
    )
  }
  // Without a provider that needs them, the provider settings are not required.
  assert.equal(loadConfig({ DSP_PARSER_URL: 'http://127.0.0.1:9001' }).DSP_PARSER_PROVIDER, 'rules')
})

test('dsp exits with code 2 and one line naming the variable on a bad value', () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'migrate'], {
    env: { ...process.env, DSP_PORT: 'eighty' },
    encoding: 'utf8',
  })
  assert.equal(r.status, 2, r.stderr)
  const lines = r.stderr.trim().split('\n')
  assert.equal(lines.length, 1, r.stderr)
  assert.match(lines[0]!, /DSP_PORT/)
})

test('read replicas: PostgreSQL standbys only, never DATABASE_URL itself; a password is never quoted in an error', () => {
  const primary = 'postgres://dsp@db.internal:5432/dsp'
  const c = loadConfig({
    DATABASE_URL: primary,
    DATABASE_READ_URLS: 'postgres://dsp@replica-1:5432/dsp, postgresql://dsp@replica-2:5432/dsp',
  })
  assert.deepEqual(readUrls(c), ['postgres://dsp@replica-1:5432/dsp', 'postgresql://dsp@replica-2:5432/dsp'])
  assert.equal(c.DSP_READ_MAX_LAG_MS, 5000)
  assert.deepEqual(readUrls(loadConfig({})), [])
  const cases: [Record<string, string>, RegExp][] = [
    [{ DATABASE_READ_URLS: 'postgres://dsp@replica-1/dsp' }, /set DATABASE_URL \(the embedded store has none\)/],
    [{ DATABASE_URL: primary, DATABASE_READ_URLS: `postgres://dsp@replica-1/dsp,${primary}` }, /DATABASE_URL itself/],
    [{ DATABASE_URL: primary, DATABASE_READ_URLS: 'mysql://dsp:hunter2@replica-1/dsp' }, /must match pattern/],
    [{ DATABASE_URL: primary, DATABASE_READ_URLS: 'postgres://dsp:hunter2@replica-1/dsp,' }, /must match pattern/],
    [{ DATABASE_URL: primary, DSP_READ_MAX_LAG_MS: '200' }, /DSP_READ_MAX_LAG_MS: /],
  ]
  for (const [env, message] of cases) {
    assert.throws(
      () => loadConfig(env),
      (e: unknown) =>
        e instanceof ConfigError &&
        /^(DATABASE_READ_URLS|DSP_READ_MAX_LAG_MS): /.test(e.message) &&
        message.test(e.message) &&
        !e.message.includes('hunter2'),
      JSON.stringify(env),
    )
  }
})

test('dsp refuses read replicas on the embedded store: exit code 2 and one line', () => {
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'src/cli/main.ts', 'serve', '--port', '0'], {
    env: { ...process.env, DATABASE_URL: '', DATABASE_READ_URLS: 'postgres://dsp@127.0.0.1:1/dsp' },
    encoding: 'utf8',
  })
  assert.equal(r.status, 2, r.stderr)
  const lines = r.stderr.trim().split('\n')
  assert.equal(lines.length, 1, r.stderr)
  assert.match(
    lines[0]!,
    /^.*DATABASE_READ_URLS: read replicas are hot standbys of a PostgreSQL primary; set DATABASE_URL/,
  )
})

test('.env.example lists every setting of the config schema, and nothing else', async () => {
  const { readFileSync } = await import('node:fs')
  const { ConfigSchema } = await import('../../src/config.ts')
  const listed = new Set(
    [...readFileSync('.env.example', 'utf8').matchAll(/^#? ?([A-Z][A-Z0-9_]+)=/gm)].map((m) => m[1]!),
  )
  assert.deepEqual([...listed].sort(), Object.keys(ConfigSchema.properties).sort())
})
