import type { PaymentStatus, PaymentTransaction } from '@estate/core';
import { Link, useSearchParams } from 'react-router';
import type { Route } from './+types/payments';
import { EmptyState } from '../../components/EmptyState.tsx';
import { FormAlert } from '../../components/Form.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { RequireUser } from '../../components/RequireUser.tsx';
import { moneyLabel } from '../../features/packages/plan-text.ts';
import { checkoutHref } from '../../features/payments/create-payment-intent.ts';
import { PAYMENTS_PAGE_SIZE, usePaymentDetails } from '../../features/payments/get-payment-details.ts';
import { gatewayLabel } from '../../features/payments/providers.ts';
import { useSite, useT, type Translate } from '../../lib/i18n.ts';
import { pageTitle, siteFromMatches } from '../../lib/meta.ts';
import { pageHref } from '../../lib/paging.ts';

export function meta({ matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  return [{ title: pageTitle(t('paymentHistory', 'Payment history'), site) }, { name: 'robots', content: 'noindex' }];
}

const PATH = '/user/payments';
const pageOf = (value: string | null) => Math.max(1, Math.min(1000, Math.floor(Number(value)) || 1));

function statusLabel(status: PaymentStatus, t: Translate): string {
  const labels: Record<PaymentStatus, string> = {
    success: t('paymentStatusSuccess', 'Paid'),
    pending: t('paymentStatusPending', 'Pending'),
    failed: t('paymentStatusFailed', 'Failed'),
    refunded: t('paymentStatusRefunded', 'Refunded'),
  };
  return labels[status];
}

function StatusPill({ status }: { status: PaymentStatus }) {
  const t = useT();
  const tones: Record<PaymentStatus, string> = {
    success: 'bg-emerald-100 text-emerald-900',
    pending: 'bg-amber-100 text-amber-900',
    failed: 'bg-red-100 text-red-800',
    refunded: 'bg-slate-200 text-slate-800',
  };
  return <span className={`inline-block rounded-full px-2.5 py-0.5 text-xs font-semibold ${tones[status]}`}>{statusLabel(status, t)}</span>;
}

const dateTime = (iso: string, lang: string) =>
  new Date(iso).toLocaleString(lang, { day: 'numeric', month: 'short', year: 'numeric', hour: '2-digit', minute: '2-digit', numberingSystem: 'latn' });

function Reference({ payment: p }: { payment: PaymentTransaction }) {
  return (
    <bdi dir="ltr" className="font-mono text-xs text-slate-600 wrap-anywhere">
      {p.transaction_id ?? p.order_id ?? `#${p.id}`}
    </bdi>
  );
}

/** A pending payment can still be finished from its checkout. */
function ContinueLink({ payment: p }: { payment: PaymentTransaction }) {
  const t = useT();
  if (p.payment_status !== 'pending') return null;
  return (
    <Link to={checkoutHref(p.id)} className="text-sm font-medium text-brand-dark underline">
      {t('paymentContinue', 'Continue')} <span className="sr-only">{p.package_name}</span>
    </Link>
  );
}

function History() {
  const t = useT();
  const site = useSite();
  const [params] = useSearchParams();
  const page = pageOf(params.get('page'));
  const payments = usePaymentDetails(page);
  const items = payments.data?.items ?? [];
  const money = (p: PaymentTransaction) => (site ? moneyLabel(p.amount, site.currency, p.currency) : '');
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t('paymentHistory', 'Payment history')}</h1>
          <p className="mt-1 text-slate-700">{t('paymentHistoryLead', 'Every plan you have paid for or tried to, newest first.')}</p>
        </div>
        <Link to="/subscription-plan" className="inline-flex min-h-11 items-center rounded-lg border border-brand px-4 font-semibold text-brand-dark hover:bg-brand-light">
          {t('seePlans', 'See plans')}
        </Link>
      </div>
      {payments.error ? (
        <div className="mt-6">
          <FormAlert message={payments.error.message} />
        </div>
      ) : null}
      {!payments.data && !payments.error ? (
        <p role="status" className="py-16 text-center text-slate-600">
          {t('loading', 'Loading…')}
        </p>
      ) : null}
      {payments.data && !items.length ? (
        <EmptyState>
          <span className="block font-semibold text-slate-900">{t('noPayments', 'You have not made any payments yet.')}</span>
          <Link to="/subscription-plan" className="mt-4 inline-block rounded-lg bg-brand px-4 py-2 font-semibold text-white hover:bg-brand-dark">
            {t('seePlans', 'See plans')}
          </Link>
        </EmptyState>
      ) : null}
      {items.length ? (
        <>
          {/* Phones: one card per payment. */}
          <ul className="mt-6 grid gap-3 md:hidden" data-testid="payments-list">
            {items.map((p) => (
              <li key={p.id} className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm" data-testid="payment-row">
                <p className="flex items-start justify-between gap-3">
                  <span className="font-semibold text-slate-900" dir="auto">
                    {p.package_name}
                  </span>
                  <span className="shrink-0 font-bold text-slate-900">{money(p)}</span>
                </p>
                <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-600">
                  <StatusPill status={p.payment_status} />
                  <span>{dateTime(p.created_at, t.lang)}</span>
                  <span>{gatewayLabel(p.payment_gateway, t)}</span>
                </p>
                <p className="mt-1 flex flex-wrap items-center justify-between gap-2">
                  <Reference payment={p} />
                  <ContinueLink payment={p} />
                </p>
              </li>
            ))}
          </ul>
          {/* Wider screens: a table. */}
          <div className="mt-6 hidden overflow-hidden rounded-xl border border-slate-200 bg-white shadow-sm md:block">
            <table className="w-full text-start text-sm" data-testid="payments-table">
              <caption className="sr-only">{t('paymentHistory', 'Payment history')}</caption>
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-3 text-start font-semibold">{t('paymentDate', 'Date')}</th>
                  <th scope="col" className="px-4 py-3 text-start font-semibold">{t('paymentPlan', 'Plan')}</th>
                  <th scope="col" className="px-4 py-3 text-end font-semibold">{t('paymentAmount', 'Amount')}</th>
                  <th scope="col" className="px-4 py-3 text-start font-semibold">{t('paymentMethod', 'Paid with')}</th>
                  <th scope="col" className="px-4 py-3 text-start font-semibold">{t('paymentStatus', 'Status')}</th>
                  <th scope="col" className="px-4 py-3 text-start font-semibold">{t('paymentReference', 'Reference')}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {items.map((p) => (
                  <tr key={p.id} data-testid="payment-row">
                    <td className="px-4 py-3 whitespace-nowrap text-slate-700">{dateTime(p.created_at, t.lang)}</td>
                    <td className="px-4 py-3 font-medium text-slate-900" dir="auto">
                      {p.package_name}
                    </td>
                    <td className="px-4 py-3 text-end font-semibold whitespace-nowrap text-slate-900">{money(p)}</td>
                    <td className="px-4 py-3 text-slate-700">{gatewayLabel(p.payment_gateway, t)}</td>
                    <td className="px-4 py-3">
                      <span className="flex flex-wrap items-center gap-2">
                        <StatusPill status={p.payment_status} />
                        <ContinueLink payment={p} />
                      </span>
                    </td>
                    <td className="max-w-48 px-4 py-3">
                      <Reference payment={p} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        </>
      ) : null}
      <Pagination page={page} total={payments.data?.total ?? 0} pageSize={PAYMENTS_PAGE_SIZE} href={(n) => pageHref(PATH, n)} />
    </>
  );
}

/** The user's payments (`get_payment_details`), in the user area. */
export default function PaymentsPage() {
  return <RequireUser>{() => <History />}</RequireUser>;
}
