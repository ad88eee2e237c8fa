// The people of a few companies of a demo corpus, from one person index onwards, as JSON lines for
// `dsp ingest --category person`. A large seed stopped during its people holds each company's first
// people only; ingesting the rest of a company's people gives it the size it has in the whole corpus,
// so its org chart and relationships can be measured at full size (docs/performance-search.md).
//
//   node --import tsx scripts/company-people.ts --scale large --from 1250000 \
//     --domain luminacloud.io --domain brightwave.com > company-people.jsonl
import { parseArgs } from 'node:util'
import { once } from 'node:events'
import { createDemoCorpus } from '../src/corpus/demo/index.ts'
import { DEMO_SCALES, type DemoScale } from '../src/corpus/demo/context.ts'

const { values } = parseArgs({
  options: {
    scale: { type: 'string', default: 'large' },
    seed: { type: 'string', default: '42' },
    from: { type: 'string', default: '0' },
    domain: { type: 'string', multiple: true, default: [] },
  },
})
const scale = values.scale as DemoScale
if (!DEMO_SCALES.includes(scale)) throw new Error(`--scale must be one of ${DEMO_SCALES.join(', ')}`)
const domains = new Set(values.domain)
if (domains.size === 0) throw new Error('name at least one company with --domain')
const corpus = createDemoCorpus({ scale, seed: Number(values.seed) })
const from = Number(values.from)
const total = corpus.counts.person
const found = new Map<string, number>()
const started = Date.now()
for (let i = from; i < total; i++) {
  const person = corpus.person(i)
  const domain = person.current_employer?.domain
  if (domain !== undefined && domain !== null && domains.has(domain)) {
    found.set(domain, (found.get(domain) ?? 0) + 1)
    if (!process.stdout.write(`${JSON.stringify(person)}\n`)) await once(process.stdout, 'drain')
  }
  if ((i - from) % 250_000 === 0 && i > from) {
    const done = (i - from) / (total - from)
    const eta = ((Date.now() - started) / done) * (1 - done)
    process.stderr.write(`${(done * 100).toFixed(0)} % of people read, ≈ ${Math.round(eta / 1000)} s left\n`)
  }
}
process.stderr.write(`people ${from}–${total - 1} read: ${[...found].map(([d, n]) => `${d} ${n}`).join(', ')}\n`)
