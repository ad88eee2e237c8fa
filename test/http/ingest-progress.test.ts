// What `dsp ingest` shows while it runs (issue 26 item 7): a progress bar on a terminal (records
// read, records/s, rejects), nothing but the summary line when its output is not a terminal.
import assert from 'node:assert/strict'
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { Writable } from 'node:stream'
import { describe, test } from 'node:test'
import { progressLine } from '../../src/cli/ingest.ts'
import { processData, runDsp } from '../support/process.ts'

const progress = { read: 1200, upserted: 1100, unchanged: 0, rejected: 3, duplicate: 1 }

/** A stream that records what is written to it; a terminal when `tty` (with what cli-progress asks of one). */
function captured(tty: boolean) {
  let text = ''
  const stream = new Writable({
    write(chunk: Buffer, _e, cb) {
      text += chunk.toString()
      cb()
    },
  })
  Object.assign(stream, {
    isTTY: tty,
    columns: 120,
    cursorTo: (x: number) => ((text += `<cursor ${x}>`), true),
    clearLine: () => true,
    clearScreenDown: () => true,
    moveCursor: () => true,
  })
  return { stream: stream as unknown as NodeJS.WriteStream, text: () => text }
}

describe('dsp ingest progress', () => {
  test('on a terminal: a bar with the share, records read, records/s and rejects', () => {
    const out = captured(true)
    const line = progressLine('company', { total: 2000, stream: out.stream })
    line.update(progress, 1000)
    line.done()
    const text = out.text()
    assert.match(text, /company\s+\[[^\]]+\] 50% · 1,200 read · [\d,]+\/s · 3 rejected · 1 duplicate/)
  })

  test('on a terminal with no known total: records read and records/s without a bar', () => {
    const out = captured(true)
    const line = progressLine('person', { stream: out.stream })
    line.update({ ...progress, rejected: 0, duplicate: 0 })
    line.done()
    const text = out.text()
    assert.match(text, /person\s+1,200 read · [\d,]+\/s/)
    assert.doesNotMatch(text, /\] \d+%|rejected/)
  })

  test('not a terminal: nothing while it runs', () => {
    const out = captured(false)
    const line = progressLine('company', { total: 2000, stream: out.stream })
    line.update(progress, 1000)
    line.done()
    assert.equal(out.text(), '')
  })

  test('dsp ingest with its output piped: the summary line alone, no redrawn progress', async () => {
    const data = await processData()
    try {
      const file = path.join(data.env.DSP_DATA_DIR!, 'companies.jsonl')
      writeFileSync(
        file,
        [
          { domain: 'acme-progress.example', account_name: 'Acme Progress', industry: 'Manufacturing' },
          { domain: 'globex-progress.example', account_name: 'Globex Progress', industry: 'Logistics' },
          { domain: 'not a domain', account_name: 'Broken' },
        ]
          .map((r) => JSON.stringify(r))
          .join('\n') + '\n',
      )
      const {
        code,
        out: stdout,
        err: stderr,
      } = await runDsp(['ingest', '--category', 'company', '--max-rejects', '1', file], data.env)
      assert.equal(code, 0, stderr)
      // No carriage returns or terminal escapes anywhere: a log file reads line by line.
      for (const c of ['\r', '\u001b']) assert.ok(!(stdout + stderr).includes(c), JSON.stringify(stdout + stderr))
      const lines = stdout.trimEnd().split('\n')
      assert.match(
        lines[0]!,
        /^company\s+read 3 · inserted 2 · updated 0 · unchanged 0 · duplicate 0 · rejected 1 · [\d.]+ s · [\d,]+ records\/s · rejects in .*companies\.jsonl\.rejects\.jsonl$/,
      )
      // Then the reject reasons, one per line.
      assert.match(lines[1]!, /^\s+1\s+\/domain: /)
    } finally {
      await data.drop()
    }
  })
})
