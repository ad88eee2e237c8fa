// A charge's ledger entry found by its run (docs/billing.md, "A charge made beside the records
// read"). dsp_void_charge (migration 0015), which takes back the charge of a search whose call
// failed, looked the entry up among its account's entries (ledger_account_idx), newest first; the
// planner reads all of the account's entries for that and sorts them: ≈ 3 ms and growing on an
// account of 20,000 charges. A partial index on the charge entries' run finds it at once, on
// whichever of the workspace's accounts it was charged (its allocation may have been switched in
// between); dsp_void_charge is redefined to use it.
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create index if not exists ledger_charge_run_idx on ledger_entries (run_id) where kind = 'charge'`.execute(
    db,
  )
  await sql`create or replace function dsp_void_charge(
    p_workspace_id text,
    p_run bigint,
    p_scope text,
    p_units text[]
  ) returns bigint language plpgsql as $fn$
  declare
    v_entry record;
    v_refund bigint := 0;
  begin
    -- The workspace's own entry, on whichever of its accounts it was charged (its allocation may
    -- have been switched since). An entry's account never changes, so it is found before its
    -- account is locked, as dsp_charge locks it, and the credits move.
    select e.id, e.account_id, e.amount_milli into v_entry
      from ledger_entries e
      where e.run_id = p_run and e.kind = 'charge' and e.workspace_id = p_workspace_id
      order by e.id desc limit 1;
    if found then
      perform 1 from credit_accounts where id = v_entry.account_id for update;
      update credit_accounts set balance_milli = balance_milli - v_entry.amount_milli where id = v_entry.account_id;
      delete from ledger_entries where id = v_entry.id;
      v_refund := -v_entry.amount_milli;
    end if;
    delete from charged_units where scope = p_scope and unit = any(p_units) and run_id = p_run;
    delete from usage_runs where id = p_run;
    return v_refund;
  end
  $fn$`.execute(db)
}
