// dsp delete --category <c> <ids…|file>: removes corpus records named by row id, source_id or
// entity id (domain, profile URL, …), with their vectors and affiliations. The work is
// domain/corpus/delete.ts; rules in docs/ingest-operations.md §3.
import { existsSync, readFileSync } from 'node:fs'
import { Command, Option } from 'commander'
import type { Config } from '../config.ts'
import type { EntityCategory } from '../contract/records.ts'
import type { DeleteSummary } from '../domain/corpus/delete.ts'
import { ENTITY_CATEGORIES } from './categories.ts'
import { commandTarget, type ServerTarget } from './running-server.ts'

/** Ids from the arguments; an argument naming a file contributes its lines. */
export function idsOf(args: string[]): string[] {
  return args.flatMap((a) =>
    existsSync(a)
      ? readFileSync(a, 'utf8')
          .split(/\r?\n/)
          .map((l) => l.trim())
          .filter((l) => l !== '')
      : [a],
  )
}

export function deleteCommand(config: () => Readonly<Config>): Command {
  return new Command('delete')
    .description('Delete corpus records by row id, source_id or entity id (domain, profile URL, …)')
    .addOption(new Option('--category <category>', 'record category').choices(ENTITY_CATEGORIES).makeOptionMandatory())
    .argument('<ids...>', 'ids, or a file with one id per line')
    .option('--json', 'print the summary as JSON')
    .action(async (args: string[], opts: { category: EntityCategory; json?: boolean }) => {
      const c = config()
      const target = commandTarget(c, 'dsp delete')
      if (target === undefined) return
      if (target) {
        const { RemoteError } = await import('./remote.ts')
        try {
          print(await deleteThroughServer(target, opts.category, idsOf(args)), opts.json)
        } catch (e) {
          if (!(e instanceof RemoteError)) throw e
          process.stderr.write(`dsp delete: ${e.message}\n`)
          process.exitCode = 2
        }
        return
      }
      // The store alone: no HTTP server is built for a command (deps.ts).
      const [{ openDeps }, { deleteRecords }] = await Promise.all([
        import('../deps.ts'),
        import('../domain/corpus/delete.ts'),
      ])
      const app = await openDeps(c, { port: 0, logger: false, command: true })
      try {
        print(await deleteRecords(app.deps, opts.category, idsOf(args)), opts.json)
      } finally {
        await app.close()
      }
    })
}

/** Through a running server: DELETE /admin/v1/corpus/{category}, 10,000 ids a request. */
async function deleteThroughServer(target: ServerTarget, category: EntityCategory, ids: string[]) {
  const { callServer } = await import('./remote.ts')
  const total: DeleteSummary = { category, requested: 0, deleted: 0, not_found: [] }
  for (let i = 0; i < ids.length || i === 0; i += 10_000) {
    const s = await callServer<DeleteSummary>(target, 'DELETE', `/admin/v1/corpus/${category}`, {
      json: { ids: ids.slice(i, i + 10_000) },
    })
    total.requested += s.requested
    total.deleted += s.deleted
    total.not_found.push(...s.not_found)
  }
  return total
}

function print(s: DeleteSummary, json: boolean | undefined): void {
  process.stdout.write(
    (json
      ? JSON.stringify(s, null, 2)
      : `${s.category} requested ${s.requested} · deleted ${s.deleted} · not found ${s.not_found.length}` +
        (s.not_found.length > 0 ? `: ${s.not_found.slice(0, 20).join(', ')}` : '')) + '\n',
  )
  if (s.not_found.length > 0) process.exitCode = 1
}
