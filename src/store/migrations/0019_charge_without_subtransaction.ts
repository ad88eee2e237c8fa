// dsp_charge without its exception block. Since migration 0012 a refusal was raised inside a
// `begin … exception` block and caught, so the claims and the run written before the price was
// known rolled back: plpgsql opens a subtransaction for such a block on every call, refusal or
// not, and that subtransaction was ≈ half the statement's time (pgbench, one client: 1.25–1.6 ms
// against 0.64–0.88 ms without it). Now nothing is written until
// the charge is decided: the units not yet claimed in the scope are read under the account lock
// (every charge of a scope is its workspace's, and so waits on the same lock), the price and the
// refusal follow from them, and only an accepted charge writes. The claims still go in with
// `on conflict do nothing` and the price is taken from the units actually claimed, so a claim made
// meanwhile under another account (an allocation switched between two retries of one
// Idempotency-Key) is never paid twice. Same signature, same results: docs/billing.md.
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  await sql`create or replace function dsp_charge(
    p_workspace_id text,
    p_run jsonb,
    p_scope text,
    p_units text[],
    p_unit_prices bigint[],
    p_flat_milli bigint,
    p_live boolean,
    p_now timestamptz,
    p_key_id text,
    p_user_id integer,
    p_action_type text
  ) returns table (
    outcome text,
    run_id bigint,
    price_milli bigint,
    fresh_units integer,
    available_milli bigint,
    has_allocation boolean,
    shared_balance_milli bigint
  ) language plpgsql as $fn$
  declare
    v_account record;
    v_run bigint;
    v_fresh text[];
    v_claimed text[];
    v_price bigint := 0;
    v_available bigint;
    v_shared bigint;
  begin
    -- The account the workspace spends from (its allocation, else the organisation pool), locked:
    -- every movement on it is serialised here, so claims and balance are read after the lock.
    select w.has_allocation, w.organisation_id, a.id as account_id, a.balance_milli, a.reserved_milli
      into v_account
      from workspaces w
      join credit_accounts a
        on a.id = case when w.has_allocation then w.id || ':allocated' else w.organisation_id || ':shared' end
      where w.id = p_workspace_id
      for update of a;
    if not found then
      return query select 'no_account'::text, null::bigint, 0::bigint, 0, 0::bigint, null::boolean, null::bigint;
      return;
    end if;
    v_available := v_account.balance_milli - v_account.reserved_milli;
    -- The units of the scope not claimed yet: the ones this charge pays for.
    select coalesce(array_agg(u), '{}') into v_fresh
      from unnest(p_units) as u
      where not exists (select 1 from charged_units c where c.scope = p_scope and c.unit = u);
    if p_live and cardinality(v_fresh) > 0 then
      v_price := coalesce(p_flat_milli, (select coalesce(sum(p_unit_prices[array_position(p_units, f)]), 0) from unnest(v_fresh) as f));
    end if;
    if v_price > v_available then
      if v_account.has_allocation then
        select balance_milli into v_shared from credit_accounts where id = v_account.organisation_id || ':shared';
      end if;
      return query select 'insufficient'::text, null::bigint, v_price, 0, v_available, v_account.has_allocation, v_shared;
      return;
    end if;
    -- The run's id first: the claims name it, and the run is written once, with its price.
    v_run := nextval('usage_runs_id_seq'::regclass);
    with claimed as (
      insert into charged_units (scope, unit, run_id, created_at)
        select p_scope, u, v_run, p_now from unnest(v_fresh) as u
        on conflict (scope, unit) do nothing
        returning unit
    )
    select coalesce(array_agg(unit), '{}') into v_claimed from claimed;
    if cardinality(v_claimed) <> cardinality(v_fresh) then
      -- Some unit was claimed meanwhile (see above): pay only for the ones claimed here.
      v_fresh := v_claimed;
      v_price := 0;
      if p_live and cardinality(v_fresh) > 0 then
        v_price := coalesce(p_flat_milli, (select coalesce(sum(p_unit_prices[array_position(p_units, f)]), 0) from unnest(v_fresh) as f));
      end if;
    end if;
    insert into usage_runs
      select * from jsonb_populate_record(null::usage_runs,
        p_run || jsonb_build_object('id', v_run, 'credits_charged_milli', v_price));
    if v_price > 0 then
      insert into ledger_entries (account_id, workspace_id, kind, amount_milli, reserved_delta_milli, run_id, key_id, user_id, action_type, created_at)
        values (v_account.account_id, p_workspace_id, 'charge', -v_price, 0, v_run, p_key_id, p_user_id, p_action_type, p_now);
      update credit_accounts set balance_milli = balance_milli - v_price, updated_at = p_now
        where id = v_account.account_id;
    end if;
    return query select 'charged'::text, v_run, v_price, cardinality(v_fresh), v_available, v_account.has_allocation, null::bigint;
  end
  $fn$`.execute(db)
}
