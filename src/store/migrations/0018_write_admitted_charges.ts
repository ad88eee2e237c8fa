// Charges admitted in memory and written behind (the embedded store, DSP_CHARGE_WRITE=behind,
// domain/credits/admitted.ts): one statement writes a batch of them as dsp_charge would have
// written each, in one transaction: the history runs (each with the id it was given from the
// runs' sequence at admission and its price), the unit claims, a ledger entry per priced charge
// and each account's balance moved by the batch's sum. The admission already decided each one
// (balance, price, fresh scope), so nothing here refuses: a claim already taken is left as it was
// (never happens for the fresh scopes admitted in memory). docs/billing.md.
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create or replace function dsp_write_charges(p_charges jsonb) returns integer language plpgsql as $fn$
  declare
    v_count integer;
  begin
    insert into usage_runs
      select r.* from jsonb_array_elements(p_charges) c,
        lateral jsonb_populate_record(null::usage_runs, c->'run') r;
    get diagnostics v_count = row_count;
    insert into charged_units (scope, unit, run_id, created_at)
      select c->>'scope', u.unit, (c->'run'->>'id')::bigint, (c->'run'->>'occurred_at')::timestamptz
        from jsonb_array_elements(p_charges) c, jsonb_array_elements_text(c->'units') u(unit)
      on conflict (scope, unit) do nothing;
    insert into ledger_entries (account_id, workspace_id, kind, amount_milli, reserved_delta_milli, run_id, key_id, user_id, action_type, created_at)
      select c->>'account_id', c->'run'->>'workspace_id', 'charge', -(c->'run'->>'credits_charged_milli')::bigint, 0,
             (c->'run'->>'id')::bigint, c->'run'->>'key_id', (c->'run'->>'user_id')::integer, c->'run'->>'action_type',
             (c->'run'->>'occurred_at')::timestamptz
        from jsonb_array_elements(p_charges) c
        where (c->'run'->>'credits_charged_milli')::bigint > 0;
    update credit_accounts a
      set balance_milli = a.balance_milli - s.total, updated_at = greatest(a.updated_at, s.at)
      from (
        select c->>'account_id' as id, sum((c->'run'->>'credits_charged_milli')::bigint) as total,
               max((c->'run'->>'occurred_at')::timestamptz) as at
          from jsonb_array_elements(p_charges) c
          where (c->'run'->>'credits_charged_milli')::bigint > 0
          group by 1
      ) s
      where a.id = s.id;
    return v_count;
  end
  $fn$`.execute(db)
}
