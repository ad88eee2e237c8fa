// resolved_search (platform §2.2) as a person reads it: the mode and category, what the parser
// read from the words, each filter applied and by whom (you or the parser), conflicts, filters the
// parser read but dropped because they emptied the answer (relaxations), overrides and the order
// applied; the raw JSON behind a toggle.
import { filterLabel } from './catalogue.ts'
import { filterText } from './filter-text.ts'
import { Json } from '../ui.tsx'

type Resolved = Record<string, unknown>

const arr = (v: unknown): Record<string, unknown>[] =>
  Array.isArray(v) ? v.filter((x): x is Record<string, unknown> => typeof x === 'object' && x !== null) : []
const str = (v: unknown) => (typeof v === 'string' && v ? v : null)

export function ResolvedSearch({
  resolved,
  sentFilters,
}: {
  resolved: Resolved
  sentFilters: Record<string, unknown>
}) {
  const filters = (typeof resolved.filters === 'object' && resolved.filters !== null ? resolved.filters : {}) as Record<
    string,
    unknown
  >
  const source = str(resolved.filters_source) ?? 'none'
  const conflicts = arr(resolved.conflicts)
  // A conflict with no caller value is a parser filter dropped because it emptied the answer.
  const relaxed = conflicts.filter((c) => c.caller === null || c.caller === undefined)
  const clashes = conflicts.filter((c) => c.caller !== null && c.caller !== undefined)
  const overrides = arr(resolved.overrides)
  const sort = arr(resolved.sort)
  const parserRan = str(resolved.parser_version) !== null && resolved.parser_version !== 'none'
  const byWhom = (name: string) => (name in sentFilters ? 'you' : source.includes('parser') ? 'parser' : 'you')

  return (
    <section className="card stack resolved" aria-labelledby="resolved-title">
      <h3 id="resolved-title">How the search was read</h3>
      <ul className="chips" aria-label="Search plan">
        <li className="chip plain">
          <span className="chip-main">
            <strong>mode</strong> {String(resolved.mode ?? '—')}
          </span>
        </li>
        <li className="chip plain">
          <span className="chip-main">
            <strong>category</strong> {String(resolved.category ?? '—')}
          </span>
        </li>
        <li className="chip plain">
          <span className="chip-main">
            <strong>parser</strong> {parserRan ? String(resolved.parser_version) : 'not used'}
          </span>
        </li>
        <li className="chip plain">
          <span className="chip-main">
            <strong>filters from</strong> {source === 'caller' ? 'you' : source.replace('caller', 'you')}
          </span>
        </li>
      </ul>
      {(str(resolved.query) || str(resolved.semantic_query)) && (
        <p className="small">
          {str(resolved.query) && (
            <>
              You asked <q>{str(resolved.query)}</q>.{' '}
            </>
          )}
          {str(resolved.semantic_query) ? (
            <>
              Words matched by meaning: <q>{str(resolved.semantic_query)}</q>
              {str(resolved.semantic_scope) === 'company' && resolved.category === 'person'
                ? ' (against each person’s employer)'
                : ''}
              .
            </>
          ) : (
            str(resolved.query) && parserRan && 'The parser turned all of it into filters.'
          )}
        </p>
      )}
      <ul className="chips" aria-label="Filters applied">
        {Object.keys(filters).length === 0 && <li className="muted small">No filters applied.</li>}
        {Object.entries(filters).map(([name, value]) => (
          <li key={name} className={`chip ${byWhom(name) === 'parser' ? 'parser' : 'user'}`}>
            <span className="chip-main">
              <strong>{filterLabel(name)}</strong> {filterText(value)}
              <span className="by"> · {byWhom(name) === 'parser' ? 'read by the parser' : 'set by you'}</span>
            </span>
          </li>
        ))}
      </ul>
      {clashes.length > 0 && (
        <ul className="chips" aria-label="Conflicts">
          {clashes.map((c, i) => (
            <li key={i} className="chip warn">
              <span className="chip-main">
                <strong>conflict on {filterLabel(String(c.filter))}</strong> you: {filterText(c.caller)}; parser read:{' '}
                {filterText(c.parser)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {overrides.length > 0 && (
        <ul className="chips" aria-label="Overrides">
          {overrides.map((o, i) => (
            <li key={i} className="chip warn">
              <span className="chip-main">
                <strong>{filterLabel(String(o.filter))}</strong> kept {o.kept === 'caller' ? 'yours' : String(o.kept)},
                dropped {filterText(o.dropped)}
              </span>
            </li>
          ))}
        </ul>
      )}
      {relaxed.length > 0 && (
        <ul className="chips" aria-label="Relaxed filters">
          {relaxed.map((c, i) => (
            <li key={i} className="chip warn">
              <span className="chip-main">
                <strong>relaxed {filterLabel(String(c.filter))}</strong> the parser read {filterText(c.parser)}, which
                matched nothing; its words were searched instead
              </span>
            </li>
          ))}
        </ul>
      )}
      {sort.length > 0 && (
        <p className="small">
          Ordered by {sort.map((s) => `${String(s.field)} ${String(s.direction ?? '')}`.trim()).join(', ')}.
        </p>
      )}
      <details>
        <summary>Raw resolved_search</summary>
        <Json value={resolved} label="Resolved search" />
      </details>
    </section>
  )
}
