// Queries for feedback reports and votes. Reports and votes are scoped to the filing credential
// (`filer` / `voter`) in the query itself. Rules: domain/feedback.ts.
import type { Insertable, Selectable } from 'kysely'
import type { Db } from './db.ts'
import type { FeedbackReportsTable, FeedbackVotesTable } from './tables.ts'

export type FeedbackReportRow = Selectable<FeedbackReportsTable>
export type FeedbackVoteRow = Selectable<FeedbackVotesTable>

export async function insertReport(db: Db, row: Insertable<FeedbackReportsTable>): Promise<FeedbackReportRow> {
  return db.insertInto('feedback_reports').values(row).returningAll().executeTakeFirstOrThrow()
}

export interface ReportFilters {
  subject_id?: string
  status?: string
  tag?: string
  subject_kind?: string
}

function reportsOf(db: Db, filer: string, f: ReportFilters) {
  let q = db.selectFrom('feedback_reports').where('filer', '=', filer)
  if (f.subject_id !== undefined) q = q.where('subject_id', '=', f.subject_id)
  if (f.status !== undefined) q = q.where('status', '=', f.status)
  if (f.subject_kind !== undefined) q = q.where('subject_kind', '=', f.subject_kind)
  if (f.tag !== undefined) {
    const tag = f.tag
    q = q.where((eb) => eb(eb.val(tag), '=', eb.fn.any('tags')))
  }
  return q
}

/** One page of the filer's reports, newest first, and how many match in all. */
export async function findReports(
  db: Db,
  filer: string,
  f: ReportFilters,
  limit: number,
  offset: number,
): Promise<{ rows: FeedbackReportRow[]; total: number }> {
  const [rows, count] = await Promise.all([
    reportsOf(db, filer, f).selectAll().orderBy('seq', 'desc').limit(limit).offset(offset).execute(),
    reportsOf(db, filer, f)
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow(),
  ])
  return { rows, total: Number(count.n) }
}

/**
 * Records a vote as the active one for its (voter, request_id, level, entity_key). An existing
 * active vote with different content is replaced (new id, created_at, seq); an identical one is
 * left alone and null is returned. One statement, so two racing votes cannot both be active.
 */
export async function upsertVote(db: Db, row: Insertable<FeedbackVotesTable>): Promise<FeedbackVoteRow | null> {
  const r = await db
    .insertInto('feedback_votes')
    .values(row)
    .onConflict((oc) =>
      oc
        .columns(['voter', 'request_id', 'level', 'entity_key'])
        .doUpdateSet((eb) => ({
          id: eb.ref('excluded.id'),
          seq: eb.ref('excluded.seq'),
          workspace_id: eb.ref('excluded.workspace_id'),
          entity_category: eb.ref('excluded.entity_category'),
          entity_id: eb.ref('excluded.entity_id'),
          vote: eb.ref('excluded.vote'),
          reason_code: eb.ref('excluded.reason_code'),
          text: eb.ref('excluded.text'),
          created_at: eb.ref('excluded.created_at'),
        }))
        .where((eb) =>
          eb.or([
            eb('feedback_votes.vote', 'is distinct from', eb.ref('excluded.vote')),
            eb('feedback_votes.entity_category', 'is distinct from', eb.ref('excluded.entity_category')),
            eb('feedback_votes.reason_code', 'is distinct from', eb.ref('excluded.reason_code')),
            eb('feedback_votes.text', 'is distinct from', eb.ref('excluded.text')),
          ]),
        ),
    )
    .returningAll()
    .executeTakeFirst()
  return r ?? null
}

export function findVote(db: Db, voter: string, requestId: string, level: string, entityKey: string) {
  return db
    .selectFrom('feedback_votes')
    .selectAll()
    .where('voter', '=', voter)
    .where('request_id', '=', requestId)
    .where('level', '=', level)
    .where('entity_key', '=', entityKey)
    .executeTakeFirst()
}

/** The voter's active votes on one request, oldest first. */
export function findVotes(db: Db, voter: string, requestId: string): Promise<FeedbackVoteRow[]> {
  return db
    .selectFrom('feedback_votes')
    .selectAll()
    .where('voter', '=', voter)
    .where('request_id', '=', requestId)
    .orderBy('seq')
    .execute()
}

/**
 * The history row of an agent run visible to the workspace (§4.8 rule 1: visible to the whole
 * tenant). Every accepted run writes its history row at start (usage_runs.agent_run_id), so the
 * row is the run's record within the 90-day window.
 */
export function findAgentRunUsage(db: Db, workspaceId: string, runId: string, since: Date) {
  return db
    .selectFrom('usage_runs')
    .selectAll()
    .where('workspace_id', '=', workspaceId)
    .where('agent_run_id', '=', runId)
    .where('occurred_at', '>=', since)
    .orderBy('occurred_at', 'desc')
    .executeTakeFirst()
}
