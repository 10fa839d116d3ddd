import type { InsightsDay } from '@stashblog/contract/insights';
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Legend, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatDate } from '../../speed/format';

const shortDay = (day: string) => formatDate(day, 'day');

const axis = { fontSize: 12, fill: 'var(--color-muted)' };

/** Visits per day, stacked by what was visited. */
export function VisitsChart({ series }: { series: InsightsDay[] }) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <AreaChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="rgba(0,0,0,0.08)" />
        <XAxis dataKey="day" tickFormatter={shortDay} tick={axis} minTickGap={24} />
        <YAxis allowDecimals={false} tick={axis} />
        <Tooltip labelFormatter={(d) => shortDay(String(d))} />
        <Legend />
        <Area type="monotone" dataKey="profileVisits" name="Storefront" stackId="v" stroke="#0b5394" fill="#0b5394" fillOpacity={0.5} />
        <Area type="monotone" dataKey="productVisits" name="Products" stackId="v" stroke="#a84300" fill="#a84300" fillOpacity={0.5} />
        <Area type="monotone" dataKey="catalogueVisits" name="Catalogues" stackId="v" stroke="#2e6b30" fill="#2e6b30" fillOpacity={0.5} />
      </AreaChart>
    </ResponsiveContainer>
  );
}

/** Leads per day, product and catalogue enquiries stacked. */
export function LeadsChart({ series }: { series: InsightsDay[] }) {
  return (
    <ResponsiveContainer width="100%" height={260}>
      <BarChart data={series} margin={{ top: 8, right: 8, bottom: 0, left: -16 }}>
        <CartesianGrid strokeDasharray="3 3" stroke="rgba(0,0,0,0.08)" />
        <XAxis dataKey="day" tickFormatter={shortDay} tick={axis} minTickGap={24} />
        <YAxis allowDecimals={false} tick={axis} />
        <Tooltip labelFormatter={(d) => shortDay(String(d))} />
        <Legend />
        <Bar dataKey="productLeads" name="Product leads" stackId="l" fill="#ad1457" />
        <Bar dataKey="catalogueLeads" name="Catalogue leads" stackId="l" fill="#5b2a86" />
      </BarChart>
    </ResponsiveContainer>
  );
}
