// dsp_trim_charge: cuts a per-result charge down to the rows its page delivered (docs/billing.md,
// "A page charged while it is ranked"). On PostgreSQL, search charges a full page (`limit`
// results) before its page is ranked, so the charge's round trip is over before the answer is;
// a page that comes back shorter is then trimmed to what it holds: the unit claims of the
// positions it did not fill are released (only those this run made), their credits return to
// the account the charge left, and the charge's ledger entry and history run carry the lower
// amount (an entry trimmed to nothing is deleted, as a charge of 0 writes none). One
// transaction, under the same account lock as dsp_charge.
//
// dsp_charge_entry finds a charge's ledger entry for both this and dsp_void_charge (migration
// 0015, redefined here to use it) by its run (a new partial index), on whichever of the
// workspace's accounts it was charged (its allocation may have been switched in between).
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // A charge's entry by its run, whatever the size of its account's ledger: looked up through
  // the account's entries instead (ledger_account_idx), it cost a scan of all of them, ≈ 3 ms
  // and growing on an account of 20,000 charges.
  await sql`create index if not exists ledger_charge_run_idx on ledger_entries (run_id) where kind = 'charge'`.execute(db)
  await sql`create or replace function dsp_charge_entry(p_workspace_id text, p_run bigint)
  returns table (account_id text, entry_id bigint, amount_milli bigint) language sql stable as $fn$
    -- The workspace's own entry, on whichever of its accounts it was charged (its allocation
    -- may have been switched since). An entry's account never changes, so it is found before
    -- its account is locked.
    select e.account_id, e.id, e.amount_milli
      from ledger_entries e
      where e.run_id = p_run and e.kind = 'charge' and e.workspace_id = p_workspace_id
      order by e.id desc limit 1
  $fn$`.execute(db)

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
    select * into v_entry from dsp_charge_entry(p_workspace_id, p_run);
    if found then
      perform 1 from credit_accounts where id = v_entry.account_id for update;
      update credit_accounts set balance_milli = balance_milli - v_entry.amount_milli where id = v_entry.account_id;
      delete from ledger_entries where id = v_entry.entry_id;
      v_refund := -v_entry.amount_milli;
    end if;
    delete from charged_units where scope = p_scope and unit = any(p_units) and run_id = p_run;
    delete from usage_runs where id = p_run;
    return v_refund;
  end
  $fn$`.execute(db)

  await sql`create or replace function dsp_trim_charge(
    p_workspace_id text,
    p_run bigint,
    p_scope text,
    p_units text[],
    p_unit_milli bigint,
    p_result_count integer
  ) returns table (refund_milli bigint, released integer) language plpgsql as $fn$
  declare
    v_entry record;
    v_charged bigint;
    v_released integer;
    v_refund bigint := 0;
  begin
    with gone as (
      delete from charged_units where scope = p_scope and unit = any(p_units) and run_id = p_run returning 1
    )
    select count(*) into v_released from gone;
    select credits_charged_milli into v_charged from usage_runs where id = p_run;
    -- A test key's claims cost nothing: only what the run was charged can come back.
    v_refund := least(v_released * p_unit_milli, coalesce(v_charged, 0));
    if v_refund > 0 then
      select * into v_entry from dsp_charge_entry(p_workspace_id, p_run);
      if found then
        perform 1 from credit_accounts where id = v_entry.account_id for update;
        v_refund := least(v_refund, -v_entry.amount_milli);
        update credit_accounts set balance_milli = balance_milli + v_refund where id = v_entry.account_id;
        if v_entry.amount_milli + v_refund = 0 then
          delete from ledger_entries where id = v_entry.entry_id;
        else
          update ledger_entries set amount_milli = amount_milli + v_refund where id = v_entry.entry_id;
        end if;
      else
        v_refund := 0;
      end if;
    end if;
    update usage_runs set credits_charged_milli = credits_charged_milli - v_refund, result_count = p_result_count where id = p_run;
    return query select v_refund, v_released;
  end
  $fn$`.execute(db)
}
