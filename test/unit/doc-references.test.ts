// Every `docs/<page>.md` the README, the docs, .env.example and the code (src, bench, scripts) name
// is a page of docs/, and every `§N` (or `§N.M`, `§N–M`) written right after such a name is a
// numbered heading of that page (`## N.` / `### N.M`), so a page split or a renumbered section
// cannot leave a hint, an error message or a comment pointing nowhere.
import assert from 'node:assert/strict'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { test } from 'node:test'

const SCANNED = ['README.md', '.env.example', 'docs', 'src', 'bench', 'scripts']
const TEXT_FILE = /\.(md|ts|tsx|mjs|js|sh)$|^\.env\.example$/

function filesUnder(entry: string): string[] {
  if (!statSync(entry).isDirectory()) return [entry]
  return readdirSync(entry).flatMap((name) => {
    const full = path.join(entry, name)
    return statSync(full).isDirectory() ? filesUnder(full) : TEXT_FILE.test(name) ? [full] : []
  })
}

/** The section numbers of a page: `## 7. Formats` → 7, `### 1.2 Company graph blocks` → 1.2. */
function sectionsOf(text: string): Set<string> {
  return new Set([...text.matchAll(/^#{2,4} (\d+(?:\.\d+)*)\.?\s/gm)].map((m) => m[1]!))
}

// docs/<page>.md, then what may stand between it and a section sign: a closing backtick, the
// target of a Markdown link, a parenthesis, spaces and line breaks with a comment's `//`, `*`, `#`.
const REFERENCE =
  /docs\/([a-z0-9-]+\.md)`?(?:\]\(docs\/[a-z0-9-]+\.md\))?\)?(?:\s|\/\/|\*|#)*(?:§\s?(\d+(?:\.\d+)*)(?:[–-](\d+(?:\.\d+)*))?)?/g

/** The references in `text` that name a page docs/ does not hold or a section the page lacks. */
function brokenReferences(text: string, pages: Map<string, Set<string>>): string[] {
  const broken: string[] = []
  for (const m of text.matchAll(REFERENCE)) {
    const sections = pages.get(m[1]!)
    const cited = [m[2], m[3]].filter((s): s is string => s !== undefined)
    if (!sections || cited.some((s) => !sections.has(s))) broken.push(m[0].replace(/\s+/g, ' ').trim())
  }
  return broken
}

function docPages(): Map<string, Set<string>> {
  return new Map(
    readdirSync('docs')
      .filter((name) => name.endsWith('.md'))
      .map((name) => [name, sectionsOf(readFileSync(path.join('docs', name), 'utf8'))]),
  )
}

test('every docs/<page>.md and § reference names an existing page and section', () => {
  const pages = docPages()
  const broken = SCANNED.filter((entry) => existsSync(entry))
    .flatMap(filesUnder)
    .flatMap((file) => brokenReferences(readFileSync(file, 'utf8'), pages).map((ref) => `${file}: ${ref}`))
  assert.deepEqual(broken, [])
})

test('the check finds a missing page, a missing section and a section range past the end', () => {
  const pages = new Map([['guide.md', new Set(['1', '2', '2.1'])]])
  const sample = [
    'see `docs/guide.md` §2.1 and [docs/guide.md](docs/guide.md) §1–2', // fine
    '(docs/guide.md\n// §2)', // fine, across a comment's line break
    'see docs/gone.md', // no such page
    'docs/guide.md §3', // no such section
    '`docs/guide.md` §1–4', // range past the end
  ].join('\n')
  assert.deepEqual(brokenReferences(sample, pages), ['docs/gone.md', 'docs/guide.md §3', 'docs/guide.md` §1–4'])
})

test('section numbers are read from numbered headings only', () => {
  assert.deepEqual(
    [...sectionsOf('# Title\n## 1. One\n### 1.2 Sub\n## Unnumbered\n#### 3.4.5 Deep\n1. a list item\n')],
    ['1', '1.2', '3.4.5'],
  )
})
