import { type InsightsPayload, type InsightsQuery, type InsightsTopItem, insightsTopLimit } from '@stashblog/contract/insights';
import { limits } from '@stashblog/contract/limits';
import { sql } from 'drizzle-orm';
import type { AppContext } from '../../app-context.ts';

type Row = Record<string, unknown>;
const n = (v: unknown) => Number(v ?? 0);

/**
 * GET insights: visits and leads per day for the last `days` days (today included, Asia/Kolkata), totals
 * and the top products and catalogues. Reads only the daily counters (daily_visits, daily_leads), each
 * through its primary key's (business_id, day, …) prefix, so the cost follows days × items, not leads.
 */
export async function fetchInsights(
  ctx: Pick<AppContext, 'db'>,
  { businessId, query }: { businessId: string; query: InsightsQuery },
): Promise<InsightsPayload> {
  const tz = limits.timeZone;
  const today = sql`(now() at time zone ${tz})::date`;
  const since = sql`(${today} - ${query.days - 1}::int)`;
  const [seriesResult, topResult] = await Promise.all([
    ctx.db.execute(sql`
      with days as (select generate_series(${since}, ${today}, interval '1 day')::date as day),
      v as (
        select day,
          sum(count) filter (where subject_type = 'profile') as profile,
          sum(count) filter (where subject_type = 'product') as product,
          sum(count) filter (where subject_type = 'catalogue') as catalogue
        from daily_visits where business_id = ${businessId} and day >= ${since} group by day
      ),
      l as (
        select day,
          sum(count) filter (where subject_type = 'product') as product,
          sum(count) filter (where subject_type = 'catalogue') as catalogue
        from daily_leads where business_id = ${businessId} and day >= ${since} group by day
      )
      select to_char(days.day, 'YYYY-MM-DD') as day,
        coalesce(v.profile, 0) as profile_visits, coalesce(v.product, 0) as product_visits,
        coalesce(v.catalogue, 0) as catalogue_visits,
        coalesce(l.product, 0) as product_leads, coalesce(l.catalogue, 0) as catalogue_leads
      from days left join v using (day) left join l using (day)
      order by days.day`),
    ctx.db.execute(sql`
      with counts as (
        select 'visits' as metric, subject_type, subject_id, sum(count) as total
        from daily_visits where business_id = ${businessId} and day >= ${since} and subject_type <> 'profile'
        group by subject_type, subject_id
        union all
        select 'leads', subject_type, subject_id, sum(count)
        from daily_leads where business_id = ${businessId} and day >= ${since}
        group by subject_type, subject_id
      ),
      ranked as (
        select *, row_number() over (partition by metric, subject_type order by total desc, subject_id) as rank from counts
      )
      select r.metric, r.subject_type, r.subject_id::text as id, r.total,
        coalesce(p.product_name, c.catalogue_name) as name
      from ranked r
      left join products p on r.subject_type = 'product' and p.business_id = ${businessId} and p.id = r.subject_id
      left join catalogues c on r.subject_type = 'catalogue' and c.business_id = ${businessId} and c.id = r.subject_id
      where r.rank <= ${insightsTopLimit}
      order by r.metric, r.subject_type, r.rank`),
  ]);
  const series = (seriesResult.rows as Row[]).map((r) => ({
    day: String(r.day),
    profileVisits: n(r.profile_visits),
    productVisits: n(r.product_visits),
    catalogueVisits: n(r.catalogue_visits),
    productLeads: n(r.product_leads),
    catalogueLeads: n(r.catalogue_leads),
  }));
  const top = (metric: string, type: string): InsightsTopItem[] =>
    (topResult.rows as Row[])
      .filter((r) => r.metric === metric && r.subject_type === type)
      .map((r) => ({ _id: String(r.id), name: r.name == null ? null : String(r.name), count: n(r.total) }));
  const sum = (key: keyof (typeof series)[number]) => series.reduce((s, d) => s + (d[key] as number), 0);
  const totals = {
    profileVisits: sum('profileVisits'),
    productVisits: sum('productVisits'),
    catalogueVisits: sum('catalogueVisits'),
    productLeads: sum('productLeads'),
    catalogueLeads: sum('catalogueLeads'),
  };
  return {
    days: query.days,
    from: series[0]?.day ?? '',
    to: series.at(-1)?.day ?? '',
    series,
    totals: {
      ...totals,
      visits: totals.profileVisits + totals.productVisits + totals.catalogueVisits,
      leads: totals.productLeads + totals.catalogueLeads,
    },
    topProductsByVisits: top('visits', 'product'),
    topCataloguesByVisits: top('visits', 'catalogue'),
    topProductsByLeads: top('leads', 'product'),
    topCataloguesByLeads: top('leads', 'catalogue'),
  };
}
