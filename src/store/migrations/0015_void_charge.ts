// dsp_void_charge: undoes one charge as if it had never been made (docs/billing.md, "A charge
// made beside the records read"). Search charges its ranked page while the page's records are
// still being read; when that read fails (the engine's deadline, the index gone), the call fails
// and must cost nothing, so its charge is taken back: the credits return to the account they
// left, and the ledger entry, the unit claims and the history run are deleted. Under the same
// account lock as dsp_charge, so no other charge sees a half-voided account.
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create or replace function dsp_void_charge(
    p_workspace_id text,
    p_run bigint,
    p_scope text,
    p_units text[]
  ) returns bigint language plpgsql as $fn$
  declare
    v_account text;
    v_entry record;
    v_refund bigint := 0;
  begin
    select a.id into v_account
      from workspaces w
      join credit_accounts a
        on a.id = case when w.has_allocation then w.id || ':allocated' else w.organisation_id || ':shared' end
      where w.id = p_workspace_id
      for update of a;
    -- The charge's entry is among the account's newest (ledger_account_idx, read backwards).
    select e.id, e.account_id, e.amount_milli into v_entry
      from ledger_entries e
      where e.account_id = v_account and e.run_id = p_run and e.kind = 'charge'
      order by e.id desc limit 1;
    if found then
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
