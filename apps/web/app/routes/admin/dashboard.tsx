import { lazy, Suspense } from 'react';
import { Link } from 'react-router';
import { AdminPage } from '../../features/admin/AdminPage.tsx';
import { useDashboard } from '../../features/admin/dashboard/get-dashboard.ts';
import { localizeMessage, useT } from '../../lib/i18n.ts';

// The charting library is the heaviest part of the console: it loads after the figures.
const TrendCharts = lazy(() => import('../../features/admin/dashboard/TrendChart.tsx').then((m) => ({ default: m.TrendCharts })));

function Stat({ label, value, detail }: { label: string; value: string; detail?: string }) {
  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4">
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="mt-1 text-2xl font-bold tabular-nums text-slate-900">{value}</dd>
      {detail && <dd className="mt-1 text-xs text-slate-600">{detail}</dd>}
    </div>
  );
}

function Queue({ to, label, count, testId }: { to: string; label: string; count: number; testId: string }) {
  const t = useT();
  const n = new Intl.NumberFormat(t.lang, { numberingSystem: 'latn' }).format(count);
  return (
    <li>
      <Link to={to} className={`flex items-center justify-between gap-3 rounded-xl border p-4 hover:bg-slate-50 ${count > 0 ? 'border-amber-300 bg-amber-50' : 'border-slate-200 bg-white'}`}>
        <span className="font-medium">{label}</span>
        <span data-testid={testId} className={`rounded-full px-3 py-1 text-sm font-bold tabular-nums ${count > 0 ? 'bg-amber-200 text-amber-950' : 'bg-slate-100 text-slate-700'}`}>
          {n}
        </span>
      </Link>
    </li>
  );
}

export default function AdminDashboard() {
  const t = useT();
  const dashboard = useDashboard();
  const d = dashboard.data;
  const number = (n: number) => new Intl.NumberFormat(t.lang, { numberingSystem: 'latn' }).format(n);
  const money = (n: number) => (d ? new Intl.NumberFormat(t.lang, { style: 'currency', currency: d.revenue.currency, maximumFractionDigits: 0, numberingSystem: 'latn' }).format(n) : '');
  return (
    <AdminPage title={t('adminDashboard', 'Dashboard')} lead={t('adminDashboardLead', 'How the marketplace is doing, and what is waiting for you.')}>
      {dashboard.error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          {localizeMessage(dashboard.error.message, t)}
        </p>
      )}
      {!d ? (
        <p role="status" className="text-slate-600">
          {t('loading', 'Loading…')}
        </p>
      ) : (
        <div className="space-y-8">
          <section aria-labelledby="admin-queues">
            <h2 id="admin-queues" className="mb-3 text-lg font-semibold">
              {t('adminQueues', 'Waiting for an admin')}
            </h2>
            <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
              <Queue to="/admin/listings?status=pending" label={t('adminQueueListings', 'Listings to review')} count={d.queues.pending_listings} testId="queue-listings" />
              <Queue to="/admin/reports" label={t('adminQueueReports', 'Open reports')} count={d.queues.open_reports} testId="queue-reports" />
              <Queue to="/admin/verifications" label={t('adminQueueVerifications', 'Agent verifications')} count={d.queues.pending_verifications} testId="queue-verifications" />
              <Queue to="/admin/messages" label={t('adminQueueMessages', 'Unread messages')} count={d.queues.unread_messages} testId="queue-messages" />
            </ul>
          </section>
          <section aria-labelledby="admin-figures">
            <h2 id="admin-figures" className="mb-3 text-lg font-semibold">
              {t('adminFigures', 'The marketplace')}
            </h2>
            <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
              <Stat
                label={t('adminPropertiesTotal', 'Properties')}
                value={number(d.properties.total)}
                detail={`${t('adminApprovedCount', 'Approved')} ${number(d.properties.approved)} · ${t('adminRejectedCount', 'Rejected')} ${number(d.properties.rejected)}`}
              />
              <Stat label={t('adminProjectsTotal', 'Projects')} value={number(d.projects.total)} detail={`${t('adminApprovedCount', 'Approved')} ${number(d.projects.approved)}`} />
              <Stat label={t('adminUsersTotal', 'People')} value={number(d.users.total)} detail={`${t('adminAgentsCount', 'Agents')} ${number(d.users.agents)} · ${t('adminInactiveCount', 'Deactivated')} ${number(d.users.inactive)}`} />
              <Stat label={t('adminRevenue30', 'Takings, 30 days')} value={money(d.revenue.last_30_days)} detail={`${t('adminRevenueAll', 'All time')} ${money(d.revenue.all_time)}`} />
            </dl>
          </section>
          <Suspense fallback={<p className="text-slate-600">{t('loading', 'Loading…')}</p>}>
            <TrendCharts series={d.series} money={money} />
          </Suspense>
        </div>
      )}
    </AdminPage>
  );
}
