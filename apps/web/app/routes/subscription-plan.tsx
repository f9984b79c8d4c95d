import { Link } from 'react-router';
import type { Route } from './+types/subscription-plan';
import { FormAlert } from '../components/Form.tsx';
import { usePackages } from '../features/packages/get-packages.ts';
import { PAYMENTS_PATH } from '../features/packages/MyPackage.tsx';
import { ActivePlans, PlanCard } from '../features/packages/PlanCard.tsx';
import { usePendingPurchase } from '../features/payments/pending-purchase.ts';
import { useBuyPlan } from '../features/payments/use-buy-plan.ts';
import { useT } from '../lib/i18n.ts';
import { pageTitle, siteFromMatches } from '../lib/meta.ts';
import { useSession } from '../lib/session.ts';

export function meta({ matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  return [
    { title: pageTitle(t('plansTitle', 'Plans and pricing'), site) },
    { name: 'description', content: t('plansLead', 'List more properties, feature them at the top of searches and open premium listings.') },
  ];
}

/** Spec §2 `/subscription-plan`: the packages with their features and limits, the user's running ones and what is left. */
export default function SubscriptionPlanPage() {
  const t = useT();
  const session = useSession();
  const packages = usePackages();
  const buy = useBuyPlan();
  const pending = usePendingPurchase();
  const active = packages.data?.active_packages ?? [];
  const heldIds = new Set(active.map((p) => p.id));
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="max-w-2xl">
          <h1 className="text-3xl font-bold tracking-tight">{t('plansTitle', 'Plans and pricing')}</h1>
          <p className="mt-2 text-slate-700">{t('plansLead', 'List more properties, feature them at the top of searches and open premium listings.')}</p>
        </div>
        {session ? (
          <Link to={PAYMENTS_PATH} className="font-medium text-brand-dark underline">
            {t('paymentHistory', 'Payment history')}
          </Link>
        ) : null}
      </div>
      {pending?.property_slug ? (
        <p role="status" className="mt-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950" data-testid="pending-premium">
          {t('plansPendingPremium', 'Choose a plan with premium properties to open the listing you chose. After paying you go straight to it.')}
        </p>
      ) : null}
      {packages.error ? (
        <div className="mt-6">
          <FormAlert message={packages.error.message} />
        </div>
      ) : null}
      {!packages.data && !packages.error ? (
        <p role="status" className="py-16 text-center text-slate-600">
          {t('loading', 'Loading…')}
        </p>
      ) : null}
      {active.length ? <ActivePlans packages={active} /> : null}
      {packages.data ? (
        <ul className="mt-8 grid gap-5 sm:grid-cols-2 xl:grid-cols-4" aria-label={t('plansOnSale', 'Plans on sale')}>
          {packages.data.data.map((plan) => (
            <li key={plan.id} className="flex min-w-0">
              <PlanCard
                plan={plan}
                held={heldIds.has(plan.id)}
                suggested={!!pending?.property_slug && plan.features.some((f) => f.name === 'premium_properties')}
                busy={buy.isPending}
                onChoose={() => buy.mutate({ plan })}
              />
            </li>
          ))}
        </ul>
      ) : null}
      {!session ? <p className="mt-6 text-sm text-slate-600">{t('plansLoginNote', 'You will be asked to log in before paying.')}</p> : null}
    </>
  );
}
