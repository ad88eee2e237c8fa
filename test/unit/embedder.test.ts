// The embedders: GloVe+SIF over the real package (converted once for this file, ≈ 7 s), the
// converter on small generated sources, and the OpenAI-compatible client against a local server.

import assert from 'node:assert/strict'
import { createServer } from 'node:http'
import type { IncomingMessage, ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { mkdtemp, readdir, readFile, rm, stat, truncate, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { after, before, describe, test } from 'node:test'
import type { TestContext } from 'node:test'
import {
  EmbeddingProviderError,
  GloveEmbedder,
  OpenAIEmbedder,
  createEmbedder,
  gloveBinaryPath,
  isZeroVector,
  prepareGlove,
  tokenize,
} from '../../src/retrieval/embedder/index.ts'
import { convertGlove, parseNumbers } from '../../src/retrieval/embedder/glove-convert.ts'

const cosine = (a: Float32Array, b: Float32Array): number => a.reduce((sum, x, i) => sum + x * b[i]!, 0)
const norm = (a: Float32Array): number => Math.sqrt(cosine(a, a))

let workDir: string
let glove: GloveEmbedder

before(async () => {
  workDir = await mkdtemp(path.join(tmpdir(), 'dsp-embedder-test-'))
  glove = await GloveEmbedder.open({ cacheDir: path.join(workDir, 'cache') })
})

after(async () => {
  await rm(workDir, { recursive: true, force: true })
})

describe('GloVe + SIF embedder', () => {
  test('converted on first open, then read from the cache', async () => {
    assert.equal(glove.wasConverted, true)
    const file = gloveBinaryPath(path.join(workDir, 'cache'))
    const { mtimeMs } = await stat(file)
    const again = await GloveEmbedder.open({ cacheDir: path.join(workDir, 'cache') })
    assert.equal(again.wasConverted, false)
    assert.equal((await stat(file)).mtimeMs, mtimeMs)
    assert.deepEqual(await readdir(path.dirname(file)), [path.basename(file)])
  })

  test('keeps the whole tokenisable vocabulary of the package', () => {
    assert.equal(glove.dimensions, 100)
    assert.ok(glove.vocabularySize > 300_000)
    for (const word of ['the', 'software', 'postgres', 'saas']) assert.ok(glove.hasWord(word), word)
    for (const word of [',', 'e-mail', "n't"]) assert.equal(glove.hasWord(word), false, word)
  })

  test('related descriptions score higher than unrelated ones', async () => {
    const triples: [string, string, string][] = [
      ['cloud database software', 'managed postgres hosting', 'organic dairy farm'],
      [
        'Payment processing and fraud detection for online merchants',
        'Fintech company offering credit cards and banking services to small businesses',
        'Veterinary clinic providing care for dogs, cats and horses',
      ],
      [
        'Biotech startup developing cancer drugs and clinical trials',
        'Pharmaceutical research on new treatments for tumors',
        'Logistics company running trucks and warehouses across Europe',
      ],
      [
        'Law firm specialising in corporate litigation and contracts',
        'Legal services for mergers, acquisitions and disputes',
        'Solar panel installer for residential homes',
      ],
    ]
    for (const [anchor, related, unrelated] of triples) {
      const [a, r, u] = await glove.embed([anchor, related, unrelated])
      const near = cosine(a!, r!)
      const far = cosine(a!, u!)
      assert.ok(near > far + 0.1, `${anchor} | ${related}: ${near.toFixed(3)} vs ${unrelated}: ${far.toFixed(3)}`)
    }
  })

  test('vectors are unit length and deterministic across calls, batches and loads', async () => {
    const texts = ['Managed Kubernetes hosting for startups', 'A family-run bakery in Lyon', 'Café’s e-commerce shop']
    const first = await glove.embed(texts)
    for (const v of first) assert.ok(Math.abs(norm(v) - 1) < 1e-5)
    assert.deepEqual(await glove.embed(texts), first)
    assert.deepEqual(await glove.embed([texts[1]!]), [first[1]])
    const reopened = await GloveEmbedder.open({ cacheDir: path.join(workDir, 'cache') })
    assert.deepEqual(await reopened.embed(texts), first)
  })

  test('a text with no known word is a zero vector', async () => {
    const [empty, unknown, known] = await glove.embed(['', 'zzqxv qqzzx !!!', 'software'])
    assert.equal(isZeroVector(empty!), true)
    assert.equal(isZeroVector(unknown!), true)
    assert.equal(isZeroVector(known!), false)
  })

  test('tokeniser lower-cases, folds accents, drops possessive s, splits on non-alphanumerics', () => {
    assert.deepEqual(tokenize("Café's E-Commerce, 24/7 SaaS!"), ['cafe', 'e', 'commerce', '24', '7', 'saas'])
    assert.deepEqual(tokenize('  '), [])
  })

  test('createEmbedder builds the GloVe embedder from the same cache and checks dimensions', async () => {
    const embedder = await createEmbedder({ provider: 'glove', cacheDir: path.join(workDir, 'cache') })
    assert.equal(embedder.dimensions, 100)
    assert.deepEqual(await embedder.embed(['software']), await glove.embed(['software']))
    await assert.rejects(
      createEmbedder({ provider: 'glove', cacheDir: path.join(workDir, 'cache'), dimensions: 300 }),
      /100 dimensions, not 300/,
    )
  })
})

// A source shaped like the package's JSON, small enough to convert in milliseconds.
function tinySource(words: string[], dims = 4): string {
  const vectors = words.map((word, rank) => {
    const values = Array.from({ length: dims }, (_, d) => Math.sin(rank * 7 + d * 3 + 1).toFixed(5))
    return `${JSON.stringify(word)}: [${values.join(',')},1.0,${rank}]`
  })
  return (
    `{"precision":8,"l2NormIndex":${dims},"wordIndex":${dims + 1},"size":${words.length},` +
    `"dimensions":${dims},\n "words":${JSON.stringify(words)},\n "vectors":{\n${vectors.join(',\n')}\n},` +
    `"unkVector":[${Array(dims).fill(0).join(',')},-1]}`
  )
}

const TINY_WORDS = [
  'the',
  ',',
  'cloud',
  '"',
  'e-mail',
  'caf\u00e9',
  'database',
  'software',
  'dairy',
  'farm',
  'vectors',
  'words',
]

describe('GloVe conversion', () => {
  test('streams any chunking of the source to the same binary', async () => {
    const dir = await mkdtemp(path.join(workDir, 'tiny-'))
    const source = path.join(dir, 'source.json')
    await writeFile(source, tinySource(TINY_WORDS))
    const whole = await convertGlove(source, path.join(dir, 'a.bin'), 100)
    for (const chunkBytes of [1, 7, 64]) {
      assert.deepEqual(await convertGlove(source, path.join(dir, `c${chunkBytes}.bin`), 100, chunkBytes), whole)
    }
    const prepared = await prepareGlove({ cacheDir: dir, sourcePath: source, vocabularySize: 100 })
    assert.equal(prepared.header.count, 8) // not ",", '"', "e-mail" (split by the tokeniser) or "café" (not ASCII)
  })

  test('keeps the most frequent words up to the cap', async () => {
    const dir = await mkdtemp(path.join(workDir, 'tiny-'))
    const source = path.join(dir, 'source.json')
    await writeFile(source, tinySource(TINY_WORDS))
    const embedder = await GloveEmbedder.open({ cacheDir: dir, sourcePath: source, vocabularySize: 3 })
    assert.deepEqual(
      ['the', 'cloud', 'database', 'software'].map((w) => embedder.hasWord(w)),
      [true, true, true, false],
    )
  })

  test('concurrent conversions leave one complete file and no temp files', async () => {
    const dir = await mkdtemp(path.join(workDir, 'tiny-'))
    const source = path.join(dir, 'source.json')
    await writeFile(source, tinySource(TINY_WORDS))
    const cacheDir = path.join(dir, 'cache')
    const results = await Promise.all(
      Array.from({ length: 4 }, () => prepareGlove({ cacheDir, sourcePath: source, vocabularySize: 100 })),
    )
    for (const result of results) assert.deepEqual(result.buffer, results[0]!.buffer)
    assert.deepEqual(await readdir(cacheDir), [path.basename(gloveBinaryPath(cacheDir, 100))])
    assert.deepEqual(await readFile(gloveBinaryPath(cacheDir, 100)), results[0]!.buffer)
  })

  test('rebuilds a truncated cache or one made from another source; uses the cache alone when the source is gone', async () => {
    const dir = await mkdtemp(path.join(workDir, 'tiny-'))
    const source = path.join(dir, 'source.json')
    await writeFile(source, tinySource(TINY_WORDS))
    const options = { cacheDir: dir, sourcePath: source, vocabularySize: 100 }
    const first = await prepareGlove(options)
    assert.equal((await prepareGlove(options)).converted, false)
    await truncate(first.path, 100)
    assert.equal((await prepareGlove(options)).converted, true)
    await writeFile(source, tinySource([...TINY_WORDS, 'extra']))
    assert.equal((await prepareGlove(options)).converted, true)
    await rm(source)
    assert.equal((await prepareGlove(options)).converted, false)
    await rm(first.path)
    await assert.rejects(prepareGlove(options), /No usable GloVe cache/)
  })

  test('rejects a source that is not the expected JSON', async () => {
    const dir = await mkdtemp(path.join(workDir, 'tiny-'))
    const source = path.join(dir, 'source.json')
    await writeFile(source, tinySource(TINY_WORDS).slice(0, 300))
    await assert.rejects(convertGlove(source, path.join(dir, 'x.bin'), 100), /ends early/)
    await writeFile(source, '{"vectors":{}}')
    await assert.rejects(convertGlove(source, path.join(dir, 'x.bin'), 100), /must come before "vectors"/)
    assert.deepEqual((await readdir(dir)).sort(), ['source.json'])
  })

  test('number parser agrees with Number()', () => {
    const out = new Float64Array(8)
    const text = '-0.038194,2.95153011,341478,1e-5,-3E2,0.0054697,0'
    assert.equal(parseNumbers(text, out), 7)
    assert.deepEqual([...out.subarray(0, 7)], text.split(',').map(Number))
    assert.throws(() => parseNumbers('1,,2', out), /not a number/)
  })
})

interface Recorded {
  authorization: string | undefined
  body: { model: string; input: string[]; dimensions?: number }
}

async function startServer(
  t: TestContext,
  respond: (body: Recorded['body'], res: ServerResponse, requestNumber: number) => void,
): Promise<{ baseUrl: string; requests: Recorded[] }> {
  const requests: Recorded[] = []
  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = ''
    req.on('data', (chunk: Buffer) => (raw += chunk.toString()))
    req.on('end', () => {
      assert.equal(req.url, '/v1/embeddings')
      const body = JSON.parse(raw) as Recorded['body']
      requests.push({ authorization: req.headers.authorization, body })
      respond(body, res, requests.length)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  t.after(() => {
    server.closeAllConnections()
    server.close()
  })
  return { baseUrl: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, requests }
}

function json(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' })
  res.end(JSON.stringify(body))
}

// Each text's fake embedding: [length, 1, 0], deliberately not unit length.
function embeddings(input: string[], order: 'same' | 'reversed' = 'same') {
  const data = input.map((text, index) => ({ object: 'embedding', index, embedding: [text.length, 1, 0] }))
  return { object: 'list', data: order === 'reversed' ? data.reverse() : data, model: 'm' }
}

describe('OpenAI-compatible embedder', () => {
  test('batches, authenticates, orders by index, normalises, skips blank texts', async (t) => {
    const server = await startServer(t, (body, res) => json(res, 200, embeddings(body.input, 'reversed')))
    const embedder = new OpenAIEmbedder({
      baseUrl: `${server.baseUrl}/`,
      apiKey: 'sk-test',
      model: 'm',
      dimensions: 3,
      batchSize: 2,
    })
    const vectors = await embedder.embed(['a', 'bbb', ' ', 'cc', 'dddd', ''])
    assert.deepEqual(
      server.requests.map((r) => r.body),
      [
        { model: 'm', input: ['a', 'bbb'] },
        { model: 'm', input: ['cc', 'dddd'] },
      ],
    )
    assert.ok(server.requests.every((r) => r.authorization === 'Bearer sk-test'))
    assert.equal(vectors.length, 6)
    assert.ok(isZeroVector(vectors[2]!) && isZeroVector(vectors[5]!))
    const expected = (n: number) => [n / Math.hypot(n, 1), 1 / Math.hypot(n, 1), 0]
    for (const [i, n] of [
      [0, 1],
      [1, 3],
      [3, 2],
      [4, 4],
    ] as const) {
      vectors[i]!.forEach((x, d) => assert.ok(Math.abs(x - expected(n)[d]!) < 1e-6))
    }
    assert.equal(embedder.name, 'openai:m:3')
  })

  test('sends dimensions to text-embedding-3 models and knows their native size', async (t) => {
    const server = await startServer(t, (body, res) =>
      json(res, 200, {
        data: body.input.map((_, index) => ({ index, embedding: Array(body.dimensions ?? 1536).fill(1) })),
      }),
    )
    const short = new OpenAIEmbedder({ baseUrl: server.baseUrl, model: 'text-embedding-3-small', dimensions: 256 })
    assert.equal((await short.embed(['x']))[0]!.length, 256)
    assert.equal(server.requests[0]!.body.dimensions, 256)
    assert.equal(server.requests[0]!.authorization, undefined)
    const native = new OpenAIEmbedder({ baseUrl: `${server.baseUrl}/v1`, model: 'text-embedding-3-small' })
    assert.equal(native.dimensions, 1536)
    assert.equal((await native.embed(['x']))[0]!.length, 1536)
    assert.throws(() => new OpenAIEmbedder({ baseUrl: server.baseUrl, model: 'nomic-embed-text' }), /set dimensions/)
  })

  test('a 4xx is thrown at once with the provider message', async (t) => {
    const server = await startServer(t, (_, res) =>
      json(res, 401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error' } }),
    )
    const embedder = new OpenAIEmbedder({ baseUrl: server.baseUrl, apiKey: 'sk-wrong', model: 'm', dimensions: 3 })
    await assert.rejects(embedder.embed(['a']), (error: unknown) => {
      assert.ok(error instanceof EmbeddingProviderError)
      assert.equal(error.status, 401)
      assert.match(error.message, /HTTP 401: Incorrect API key provided/)
      assert.doesNotMatch(error.message, /sk-wrong/)
      return true
    })
    assert.equal(server.requests.length, 1)
  })

  test('429 and 5xx are retried, then thrown', async (t) => {
    const flaky = await startServer(t, (body, res, n) =>
      n === 1 ? json(res, 503, { error: { message: 'overloaded' } }) : json(res, 200, embeddings(body.input)),
    )
    const options = { model: 'm', dimensions: 3, retryBaseDelayMs: 1 }
    assert.equal((await new OpenAIEmbedder({ ...options, baseUrl: flaky.baseUrl }).embed(['a'])).length, 1)
    assert.equal(flaky.requests.length, 2)

    const down = await startServer(t, (_, res) => json(res, 429, { error: { message: 'rate limited' } }))
    await assert.rejects(
      new OpenAIEmbedder({ ...options, baseUrl: down.baseUrl, maxRetries: 2 }).embed(['a']),
      /HTTP 429: rate limited/,
    )
    assert.equal(down.requests.length, 3)
  })

  test('a slow server times out', async (t) => {
    const server = await startServer(t, () => {})
    const embedder = new OpenAIEmbedder({
      baseUrl: server.baseUrl,
      model: 'm',
      dimensions: 3,
      timeoutMs: 100,
      maxRetries: 0,
    })
    await assert.rejects(embedder.embed(['a']), /timed out after 100 ms/)
  })

  test('an unreachable server and malformed answers are errors', async (t) => {
    const refused = new OpenAIEmbedder({ baseUrl: 'http://127.0.0.1:1', model: 'm', dimensions: 3, maxRetries: 0 })
    await assert.rejects(refused.embed(['a']), /Embeddings request to http:\/\/127\.0\.0\.1:1\/v1\/embeddings failed/)

    const wrongSize = await startServer(t, (body, res) =>
      json(res, 200, { data: body.input.map((_, index) => ({ index, embedding: [1, 2] })) }),
    )
    await assert.rejects(
      new OpenAIEmbedder({ baseUrl: wrongSize.baseUrl, model: 'm', dimensions: 3 }).embed(['a']),
      /not 3 numbers \(model m, got 2 values\)/,
    )
    const tooFew = await startServer(t, (_, res) => json(res, 200, { data: [] }))
    await assert.rejects(
      new OpenAIEmbedder({ baseUrl: tooFew.baseUrl, model: 'm', dimensions: 3 }).embed(['a']),
      /returned 0 embeddings for 1 inputs/,
    )
    const html = await startServer(t, (_, res) => res.writeHead(200).end('<html>proxy</html>'))
    await assert.rejects(
      new OpenAIEmbedder({ baseUrl: html.baseUrl, model: 'm', dimensions: 3 }).embed(['a']),
      /not JSON: <html>proxy<\/html>/,
    )
  })

  test('createEmbedder needs a base URL and a model for openai', async () => {
    await assert.rejects(
      createEmbedder({ provider: 'openai', cacheDir: workDir, openaiModel: 'm' }),
      /base URL and a model/,
    )
    const embedder = await createEmbedder({
      provider: 'openai',
      cacheDir: workDir,
      openaiBaseUrl: 'http://127.0.0.1:1',
      openaiModel: 'text-embedding-3-large',
    })
    assert.equal(embedder.dimensions, 3072)
  })
})
