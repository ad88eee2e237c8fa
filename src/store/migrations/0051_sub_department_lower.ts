// The department filter matches a person's department or sub-department (store/search-filters.ts):
// `lower(department) = x or lower(sub_department) = x`. PostgreSQL serves an OR from indexes only
// when each side has one, and only the department had (migration 0048), so every department filter
// was a check on each row another condition's index gave: "VP of sales in the United States" on
// 1.25M people ANDed the VP and the United States bitmaps (444,584 rows, 196 ms cold) and checked
// the department on 21,000 rows. With this index both sides are index reads, ORed, then ANDed.
import { sql, type Kysely } from 'kysely'

/** A person's place on the seniority ladder, as compile.ts seniorityRank writes it (migration 0048). */
const SENIORITY_RANK =
  "coalesce(array_position(array['C-Suite','VP','Director / Head','Manager','IC','Entry','In Training']::text[], seniority), 99)"

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists persons_sub_department_lower_idx on persons (lower(sub_department), (${sql.raw(SENIORITY_RANK)}), id)`.execute(
    db,
  )
}
