// Each money rule in one place (docs/billing.md): which account a workspace spends from
// (dsp_spending_account) and what it can spend (dsp_spendable_milli) are SQL functions that
// dsp_charge, the hold placed at an agent run's start and the balance a client reads all call.
import { sql, type Kysely } from 'kysely'

// eslint-disable-next-line @typescript-eslint/no-explicit-any
export async function up(db: Kysely<any>): Promise<void> {
  // The paying account: the workspace's own allocation, else its organisation's pool.
  await sql`create or replace function dsp_spending_account(p_has_allocation boolean, p_workspace_id text, p_organisation_id text)
    returns text language sql immutable as $fn$
    select case when p_has_allocation then p_workspace_id || ':allocated' else p_organisation_id || ':shared' end
  $fn$`.execute(db)
  // Spendable: the account's balance less the holds still live at p_now. A hold stops counting the
  // instant it lapses, whether or not the job that closes lapsed holds has run yet. Null when the
  // account does not exist.
  await sql`create or replace function dsp_spendable_milli(p_account_id text, p_now timestamptz)
    returns bigint language sql stable as $fn$
    select a.balance_milli - coalesce((
      select sum(h.amount_milli) from credit_holds h
        where h.account_id = a.id and h.status = 'open' and h.lapses_at > p_now), 0)::bigint
      from credit_accounts a where a.id = p_account_id
  $fn$`.execute(db)
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
    select w.has_allocation, w.organisation_id, a.id as account_id, a.balance_milli
      into v_account
      from workspaces w
      join credit_accounts a on a.id = dsp_spending_account(w.has_allocation, w.id, w.organisation_id)
      where w.id = p_workspace_id
      for update of a;
    if not found then
      return query select 'no_account'::text, null::bigint, 0::bigint, 0, 0::bigint, null::boolean, null::bigint;
      return;
    end if;
    -- Spendable, read after the lock (dsp_spendable_milli).
    v_available := dsp_spendable_milli(v_account.account_id, p_now);
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
