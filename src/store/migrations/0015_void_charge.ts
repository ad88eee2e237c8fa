// dsp_void_charge: undoes one charge as if it had never been made (docs/billing.md, "A charge
// made beside the records read"). Search charges its ranked page while the page's records are
// still being read; when that read fails (the engine's deadline, the index gone), the call fails
// and must cost nothing, so its charge is taken back: the credits return to the account they
// left, and the ledger entry, the unit claims and the history run are deleted, in one
// transaction, the credits moved under the same account lock as dsp_charge takes.
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
    v_ws record;
    v_account text;
    v_entry record;
    v_refund bigint := 0;
  begin
    select w.has_allocation, w.id || ':allocated' as allocated, w.organisation_id || ':shared' as shared
      into v_ws from workspaces w where w.id = p_workspace_id;
    if found then
      -- The charge's entry, on the account the workspace spends from now, else on the other one
      -- (the allocation switched in between); it is among the account's newest entries
      -- (ledger_account_idx, read backwards). An entry never changes once written, so it is found
      -- first and only its account is locked, as dsp_charge locks it, before the credits move.
      foreach v_account in array case when v_ws.has_allocation then array[v_ws.allocated, v_ws.shared] else array[v_ws.shared, v_ws.allocated] end loop
        select e.id, e.amount_milli into v_entry
          from ledger_entries e
          where e.account_id = v_account and e.run_id = p_run and e.kind = 'charge'
          order by e.id desc limit 1;
        if found then
          perform 1 from credit_accounts where id = v_account for update;
          update credit_accounts set balance_milli = balance_milli - v_entry.amount_milli where id = v_account;
          delete from ledger_entries where id = v_entry.id;
          v_refund := -v_entry.amount_milli;
          exit;
        end if;
      end loop;
    end if;
    delete from charged_units where scope = p_scope and unit = any(p_units) and run_id = p_run;
    delete from usage_runs where id = p_run;
    return v_refund;
  end
  $fn$`.execute(db)
}
