// dsp delete --category <c> <ids…|file>: removes corpus records named by row id, source_id or
// entity id (domain, profile URL, …), with their vectors and affiliations. The work is
// domain/corpus/delete.ts; rules in docs/corpus.md §6.9.
import { existsSync, readFileSync } from 'node:fs'
import { Command, Option } from 'commander'
import { createApp } from '../app.ts'
import type { Config } from '../config.ts'
import { ENTITY_CATEGORIES, type EntityCategory } from '../contract/records.ts'
import { deleteRecords } from '../domain/corpus/delete.ts'

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
      const app = await createApp(config(), { port: 0, logger: false, worker: false })
      try {
        const s = await deleteRecords(app.deps, opts.category, idsOf(args))
        process.stdout.write(
          (opts.json
            ? JSON.stringify(s, null, 2)
            : `${s.category} requested ${s.requested} · deleted ${s.deleted} · not found ${s.not_found.length}` +
              (s.not_found.length > 0 ? `: ${s.not_found.slice(0, 20).join(', ')}` : '')) + '\n',
        )
        if (s.not_found.length > 0) process.exitCode = 1
      } finally {
        await app.close()
      }
    })
}
