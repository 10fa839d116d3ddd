import type { SessionUser } from '@stashblog/contract/auth';
import { endpoints } from '@stashblog/contract/endpoints';
import { encodeId } from '@stashblog/contract/ids';
import { type InsightsRange, type InsightsTopItem, insightsRanges } from '@stashblog/contract/insights';
import { specTexts } from '@stashblog/contract/spec-texts';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link } from 'react-router';
import { apiPayload } from '../../lib/api-client';
import { formatCount, formatNumber } from '../../speed/format';
import { TabPanel, Tabs, useTabIds } from '../../ui/tabs';
import { adminItemPaths } from '../admin/admin-item-paths';

// Charts load with the dashboard only (recharts stays out of every other page's bundle).
const VisitsChart = lazy(() => import('./insights-charts').then((m) => ({ default: m.VisitsChart })));
const LeadsChart = lazy(() => import('./insights-charts').then((m) => ({ default: m.LeadsChart })));

/** The owner's insights: visits and leads per day for 30 or 90 days, totals and the top items. */
export function InsightsDashboard({ user }: { user: SessionUser }) {
  const [days, setDays] = useState<InsightsRange>(30);
  const rangeTabs = insightsRanges.map((r) => ({ value: String(r), label: `Last ${r} days` }));
  const tabIds = useTabIds(rangeTabs, String(days));
  const insights = useQuery({
    queryKey: ['insights', days],
    queryFn: () => apiPayload(endpoints.userAdminInsights.fetch, { days }),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
  // Charts measure their container: render them only in the browser.
  const [mounted, setMounted] = useState(false);
  useEffect(() => setMounted(true), []);
  const d = insights.data;

  return (
    <div className="space-y-6">
      {user.isBlocked ? (
        <p role="alert" className="rounded bg-red-50 p-3 text-red-800">
          {specTexts.userBlocked}
        </p>
      ) : null}
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-muted">Welcome, {user.name}. Here is how your storefront is doing.</p>
        <Tabs
          ids={tabIds}
          label="Date range"
          options={rangeTabs}
          value={String(days)}
          onChange={(r) => setDays(Number(r) as InsightsRange)}
          className="inline-flex rounded-lg bg-surface p-1"
        />
      </div>

      <TabPanel ids={tabIds} className="space-y-6">
        {insights.isError ? (
          <p role="alert" className="rounded bg-surface p-6 text-center">
            {insights.error.message}
          </p>
        ) : null}

        <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4" aria-busy={insights.isPending}>
          <Stat label="Visits" value={d?.totals.visits} />
          <Stat label="Storefront visits" value={d?.totals.profileVisits} />
          <Stat label="Leads" value={d?.totals.leads} />
          <Stat label="Leads per 100 visits" value={d ? leadsPer100Visits(d.totals.leads, d.totals.visits) : undefined} />
        </dl>

        <div className={`grid gap-6 lg:grid-cols-2 ${insights.isFetching ? 'opacity-70' : ''}`}>
          <ChartCard title="Visits per day" label={`Visits per day, last ${days} days`}>
            {mounted && d ? (
              <Suspense fallback={<ChartPlaceholder />}>
                <VisitsChart series={d.series} />
              </Suspense>
            ) : (
              <ChartPlaceholder />
            )}
          </ChartCard>
          <ChartCard title="Leads per day" label={`Leads per day, last ${days} days`}>
            {mounted && d ? (
              <Suspense fallback={<ChartPlaceholder />}>
                <LeadsChart series={d.series} />
              </Suspense>
            ) : (
              <ChartPlaceholder />
            )}
          </ChartCard>
        </div>

        <div className="grid gap-6 md:grid-cols-2">
          <TopList title="Top products by visits" items={d?.topProductsByVisits} unit="visit" kind="product" />
          <TopList title="Top products by leads" items={d?.topProductsByLeads} unit="lead" kind="product" />
          <TopList title="Top catalogues by visits" items={d?.topCataloguesByVisits} unit="visit" kind="catalogue" />
          <TopList title="Top catalogues by leads" items={d?.topCataloguesByLeads} unit="lead" kind="catalogue" />
        </div>
      </TabPanel>
    </div>
  );
}

/** Below this many visits a rate says more about chance than about the store. */
const fewestVisitsForARate = 20;

/**
 * Leads per 100 visits, to one decimal, at most 100 (a visitor can send several enquiries, and an enquiry through a
 * private link or a shared page may come without a counted visit); with too few visits, says so instead.
 */
function leadsPer100Visits(leads: number, visits: number): number | string {
  if (visits < fewestVisitsForARate) return 'Too few visits yet';
  return Math.min(100, Math.round((leads / visits) * 1000) / 10);
}

function Stat({ label, value }: { label: string; value: number | string | undefined }) {
  return (
    <div className="rounded-lg border border-black/10 bg-surface p-4">
      <dt className="text-muted text-sm">{label}</dt>
      <dd
        className={`font-bold ${typeof value === 'string' ? 'text-base text-muted' : 'text-2xl'}`}
        data-testid={`stat-${label.toLowerCase().replace(/\s+/g, '-')}`}
      >
        {value === undefined ? '…' : typeof value === 'string' ? value : formatNumber(value)}
      </dd>
    </div>
  );
}

function ChartCard({ title, label, children }: { title: string; label: string; children: React.ReactNode }) {
  return (
    <section className="rounded-lg border border-black/10 p-4" aria-label={label}>
      <h2 className="mb-2 font-semibold">{title}</h2>
      {children}
    </section>
  );
}

function ChartPlaceholder() {
  return <div className="h-[260px] animate-pulse rounded bg-surface" />;
}

function TopList({
  title,
  items,
  unit,
  kind,
}: {
  title: string;
  items: InsightsTopItem[] | undefined;
  unit: string;
  kind: 'product' | 'catalogue';
}) {
  const max = Math.max(1, ...(items ?? []).map((i) => i.count));
  return (
    <section className="rounded-lg border border-black/10 p-4">
      <h2 className="mb-3 font-semibold">{title}</h2>
      {!items ? (
        <div className="h-24 animate-pulse rounded bg-surface" />
      ) : items.length === 0 ? (
        <p className="text-muted text-sm">Nothing yet in this period.</p>
      ) : (
        <ol className="space-y-2">
          {items.map((i) => (
            <li key={i._id} className="text-sm">
              <div className="flex justify-between gap-3">
                {i.name ? (
                  <Link
                    to={
                      unit === 'lead'
                        ? adminItemPaths(kind).leads(i._id)
                        : kind === 'product'
                          ? `/userAdmin/editProduct/${encodeId(i._id)}`
                          : `/userAdmin/catalogues/${encodeId(i._id)}`
                    }
                    className="truncate underline"
                  >
                    {i.name}
                  </Link>
                ) : (
                  <span className="text-muted italic">Deleted {kind}</span>
                )}
                <span className="shrink-0 tabular-nums">{formatCount(i.count, unit)}</span>
              </div>
              <div className="mt-1 h-1.5 rounded bg-surface">
                <div className="h-1.5 rounded bg-primary" style={{ width: `${(i.count / max) * 100}%` }} />
              </div>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
