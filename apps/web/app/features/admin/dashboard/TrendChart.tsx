import type { Dashboard } from '@estate/core';
import { Bar, BarChart, CartesianGrid, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { useT } from '../../../lib/i18n.ts';

const dayLabel = (date: string, lang: string) => new Date(`${date}T00:00:00Z`).toLocaleDateString(lang, { day: 'numeric', month: 'short', timeZone: 'UTC', numberingSystem: 'latn' });

/**
 * 30 days of new listings and sign-ups, and of takings. Charts are pictures: the same figures are
 * in a table under each for screen readers and for exact values.
 */
export function TrendCharts({ series, money }: { series: Dashboard['series']; money: (n: number) => string }) {
  const t = useT();
  const data = series.map((p) => ({ ...p, label: dayLabel(p.date, t.lang) }));
  const listings = t('adminNewListings', 'New listings');
  const users = t('adminNewUsers', 'Sign-ups');
  const revenue = t('adminRevenue', 'Takings');
  return (
    <div className="grid gap-6 lg:grid-cols-2">
      <figure className="rounded-xl border border-slate-200 bg-white p-4">
        <figcaption className="mb-3 font-semibold">{t('adminGrowthChart', 'New listings and sign-ups, last 30 days')}</figcaption>
        <div className="h-64" dir="ltr" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <LineChart accessibilityLayer={false} data={data} margin={{ top: 5, right: 10, bottom: 5, left: -20 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={24} />
              <YAxis allowDecimals={false} tick={{ fontSize: 11 }} />
              <Tooltip />
              <Legend />
              <Line type="linear" dataKey="listings" name={listings} stroke="var(--color-brand, #0f766e)" strokeWidth={2} dot={false} isAnimationActive={false} />
              <Line type="linear" dataKey="users" name={users} stroke="#7c3aed" strokeWidth={2} dot={false} isAnimationActive={false} />
            </LineChart>
          </ResponsiveContainer>
        </div>
        <SeriesTable data={data} columns={[[listings, (p) => String(p.listings)], [users, (p) => String(p.users)]]} />
      </figure>
      <figure className="rounded-xl border border-slate-200 bg-white p-4">
        <figcaption className="mb-3 font-semibold">{t('adminRevenueChart', 'Takings, last 30 days')}</figcaption>
        <div className="h-64" dir="ltr" aria-hidden="true">
          <ResponsiveContainer width="100%" height="100%">
            <BarChart accessibilityLayer={false} data={data} margin={{ top: 5, right: 10, bottom: 5, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
              <XAxis dataKey="label" tick={{ fontSize: 11 }} interval="preserveStartEnd" minTickGap={24} />
              <YAxis tick={{ fontSize: 11 }} tickFormatter={(v: number) => money(v)} width={70} />
              <Tooltip formatter={(v) => money(Number(v))} />
              <Bar dataKey="revenue" name={revenue} fill="var(--color-brand, #0f766e)" isAnimationActive={false} />
            </BarChart>
          </ResponsiveContainer>
        </div>
        <SeriesTable data={data} columns={[[revenue, (p) => money(p.revenue)]]} />
      </figure>
    </div>
  );
}

type Point = Dashboard['series'][number] & { label: string };

function SeriesTable({ data, columns }: { data: Point[]; columns: [string, (p: Point) => string][] }) {
  const t = useT();
  return (
    <details className="mt-3 text-sm">
      <summary className="cursor-pointer font-medium text-brand-dark">{t('adminShowFigures', 'Show the figures')}</summary>
      <div className="mt-2 max-h-64 overflow-y-auto">
        <table className="w-full text-start">
          <thead>
            <tr>
              <th scope="col" className="py-1 text-start">
                {t('adminDay', 'Day')}
              </th>
              {columns.map(([name]) => (
                <th key={name} scope="col" className="py-1 text-end">
                  {name}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {data.map((p) => (
              <tr key={p.date} className="border-t border-slate-100">
                <th scope="row" className="py-1 text-start font-normal">
                  {p.label}
                </th>
                {columns.map(([name, value]) => (
                  <td key={name} className="py-1 text-end tabular-nums">
                    {value(p)}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </details>
  );
}
