// No ring of imports in src/, counting what the linter's import-x/no-cycle does not: `import type`,
// `export … from` and `import('…')` with a literal path (docs/architecture.md, "Layers"). A ring
// of types leaves nothing at run time, but it ties the modules together all the same: none of
// them can be read, moved or tested without the others.
import assert from 'node:assert/strict'
import { readdirSync, readFileSync, statSync } from 'node:fs'
import path from 'node:path'
import { test } from 'node:test'
import ts from 'typescript'

const SRC = path.resolve('src')

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name)
    return statSync(full).isDirectory() ? sourceFiles(full) : name.endsWith('.ts') ? [full] : []
  })
}

/** The relative module paths a file names: imports and re-exports (type-only too) and literal dynamic imports. */
function importedPaths(file: string, text: string): string[] {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, false)
  const named: string[] = []
  const visit = (node: ts.Node): void => {
    if (
      (ts.isImportDeclaration(node) || ts.isExportDeclaration(node)) &&
      node.moduleSpecifier &&
      ts.isStringLiteral(node.moduleSpecifier)
    )
      named.push(node.moduleSpecifier.text)
    else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments[0] &&
      ts.isStringLiteralLike(node.arguments[0])
    )
      named.push(node.arguments[0].text)
    ts.forEachChild(node, visit)
  }
  visit(source)
  return named.filter((m) => m.startsWith('.')).map((m) => path.resolve(path.dirname(file), m).replace(/\.js$/, '.ts'))
}

/** The strongly connected components of more than one module (Tarjan), each sorted, as paths relative to `root`. */
function rings(graph: Map<string, string[]>, root: string): string[][] {
  let next = 0
  const index = new Map<string, number>()
  const low = new Map<string, number>()
  const stack: string[] = []
  const onStack = new Set<string>()
  const found: string[][] = []
  const connect = (v: string): void => {
    index.set(v, next)
    low.set(v, next++)
    stack.push(v)
    onStack.add(v)
    for (const w of graph.get(v) ?? []) {
      if (!graph.has(w)) continue
      if (!index.has(w)) {
        connect(w)
        low.set(v, Math.min(low.get(v)!, low.get(w)!))
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!))
    }
    if (low.get(v) !== index.get(v)) return
    const component: string[] = []
    let w: string
    do {
      w = stack.pop()!
      onStack.delete(w)
      component.push(path.relative(root, w))
    } while (w !== v)
    if (component.length > 1) found.push(component.sort())
  }
  for (const v of graph.keys()) if (!index.has(v)) connect(v)
  return found
}

test('the ring finder finds a ring of two and of three, and none in a chain', () => {
  const g = (edges: [string, string][]) => {
    const m = new Map<string, string[]>()
    for (const [a, b] of edges) {
      m.set(a, [...(m.get(a) ?? []), b])
      if (!m.has(b)) m.set(b, [])
    }
    return m
  }
  assert.deepEqual(
    rings(
      g([
        ['/a', '/b'],
        ['/b', '/a'],
      ]),
      '/',
    ),
    [['a', 'b']],
  )
  assert.deepEqual(
    rings(
      g([
        ['/a', '/b'],
        ['/b', '/c'],
        ['/c', '/a'],
        ['/c', '/d'],
      ]),
      '/',
    ),
    [['a', 'b', 'c']],
  )
  assert.deepEqual(
    rings(
      g([
        ['/a', '/b'],
        ['/b', '/c'],
      ]),
      '/',
    ),
    [],
  )
})

test('no module of src/ reaches itself through its imports, type imports included', () => {
  const graph = new Map<string, string[]>()
  for (const file of sourceFiles(SRC)) graph.set(file, importedPaths(file, readFileSync(file, 'utf8')))
  assert.ok(graph.size > 100, `src/ holds ${graph.size} modules: is the test run from the repository's root?`)
  const found = rings(graph, SRC)
  assert.deepEqual(
    found,
    [],
    `modules that reach themselves through their imports, one line a ring (move what two of them share into a module of its own):\n${found.map((r) => '  ' + r.join(', ')).join('\n')}`,
  )
})
