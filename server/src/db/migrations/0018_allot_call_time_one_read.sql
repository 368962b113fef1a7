-- allot_call_time (0017) reads the subscription row once and takes the account's lock in the same statement
-- that sets synchronous_commit: fewer plan nodes and statements to start on every trial call (issue 44).
-- Same name, arguments and result, so the previous release calls it unchanged during a rolling upgrade.
create or replace function allot_call_time(for_account uuid, for_call text)
  returns table (time_limit integer) language plpgsql as $allot$
begin
  perform set_config('synchronous_commit', 'off', true) from "users" where "users"."id" = for_account
    for no key update;
  return query with owner as (
      select (select case
      when s.user_id is null or not (s.status in ('trialing', 'active', 'past_due')
  and (s.current_period_end is null
    or s.current_period_end + make_interval(days => 3) > now())) then 0
      when (s.status = 'trialing' or ((s.status = 'past_due' and s.first_paid_at is null) and exists (select 1 from "trials" t where t.subscription_id = s.subscription_id))) then greatest(0, 300 - (select coalesce(sum(u.minutes), 0) from "usage_months" u where u.user_id = s.user_id))::int * 60
      when (s.status = 'past_due' and s.first_paid_at is null) then 0
      when s.status = 'past_due' then greatest(0, 100 - (select coalesce(sum(u.minutes), 0) from "usage_months" u where u.user_id = s.user_id
  and u.month = date_trunc('month', now() at time zone 'UTC')::date))::int * 60
    end
    from (select) as one left join "subscriptions" s on s.user_id = "users"."id") as allowance,
        (select coalesce(sum(a.seconds), 0)::int from "call_allotments" a
          where a.user_id = "users"."id" and a.call <> for_call and a.expires_at > now()) as held
      from "users" where "users"."id" = for_account
    ), allotted as (
      insert into "call_allotments" (call, user_id, seconds, expires_at)
      select for_call, for_account, least(7200, greatest(0, allowance - held)), now() + make_interval(secs => 180) from owner
        where allowance is not null and least(7200, greatest(0, allowance - held)) > 0
      on conflict (call) do update
        set user_id = excluded.user_id, seconds = excluded.seconds, expires_at = excluded.expires_at
      returning seconds
    )
    select case when allowance is null then 7200
      else coalesce((select seconds from allotted), 0) end
    from owner;
end
$allot$;
