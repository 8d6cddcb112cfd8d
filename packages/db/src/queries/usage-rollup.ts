import { sql } from "kysely";
import type { Db } from "../client";

/**
 * Sums every whole day of usage events not yet rolled up, up to yesterday, into usage_daily (days
 * without events get a zero row, so "rolled up through" is simply the last row). Idempotent: a day
 * is written once; a second run finds nothing to do. Answers how many days were added.
 */
export async function rollUpUsageDays(db: Db): Promise<{ days: number }> {
  const { rows } = await sql<{ day: string }>`
    with bounds as (
      select coalesce(
               (select max(day) + 1 from usage_daily),
               (select min(created_at)::date from usage_events),
               current_date
             ) as first_day,
             current_date - 1 as last_day
    ),
    days as (
      select generate_series(first_day, last_day, interval '1 day')::date as day from bounds
    )
    insert into usage_daily (day, events, cost_cents)
    select days.day, count(e.created_at)::int, coalesce(sum(e.cost_cents), 0)
    from days
    left join usage_events e
      on e.created_at >= days.day and e.created_at < days.day + 1
    group by days.day
    on conflict (day) do nothing
    returning day::text`.execute(db);
  return { days: rows.length };
}

/**
 * Usage this month for the admin dashboard: rolled-up days plus the events after the last rolled-up
 * day (today, or more when the rollup has not run). Same figures as counting every event.
 */
export async function usageThisMonth(db: Db): Promise<{ today: number; month: number; cost: number }> {
  const { rows } = await sql<{ today: number; month: number; cost: number }>`
    with rolled as (
      select coalesce(max(day) + 1, date_trunc('month', now())::date) as live_from,
             coalesce(sum(events) filter (where day >= date_trunc('month', now())::date), 0) as events,
             coalesce(sum(cost_cents) filter (where day >= date_trunc('month', now())::date), 0) as cost
      from usage_daily
    ),
    live as (
      select count(*) filter (where created_at >= date_trunc('day', now())) as today,
             count(*) as events,
             coalesce(sum(cost_cents), 0) as cost
      from usage_events, rolled
      where created_at >= greatest(rolled.live_from::timestamptz, date_trunc('month', now()))
    )
    select live.today::int as today, (rolled.events + live.events)::int as month,
           (rolled.cost + live.cost)::float8 as cost
    from rolled, live`.execute(db);
  const row = rows[0];
  return { today: Number(row?.today ?? 0), month: Number(row?.month ?? 0), cost: Number(row?.cost ?? 0) };
}
