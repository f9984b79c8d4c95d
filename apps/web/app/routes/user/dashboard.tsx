import { OWNER_LISTING_STATES } from '@estate/core';
import { useId, type ReactNode } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { Route } from './+types/dashboard';
import { EmptyState } from '../../components/EmptyState.tsx';
import { FormAlert } from '../../components/Form.tsx';
import { Pagination } from '../../components/Pagination.tsx';
import { RequireUser } from '../../components/RequireUser.tsx';
import { ADD_PROJECT_PATH, ADD_PROPERTY_PATH, PROJECT_STATES, dashboardHref, dashboardView, hasFilters, type DashboardView } from '../../features/owner/dashboard-url.ts';
import { useAddedProjects } from '../../features/owner/get-added-projects.ts';
import { OWNER_PAGE_SIZE, useAddedProperties } from '../../features/owner/get-added-properties.ts';
import { OwnedProjectCard, OwnedPropertyCard } from '../../features/owner/OwnedCards.tsx';
import { stateLabel } from '../../features/owner/StatusBadge.tsx';
import { useT } from '../../lib/i18n.ts';
import { pageTitle, siteFromMatches } from '../../lib/meta.ts';

export function meta({ matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  return [{ title: pageTitle(t('myListings', 'My listings'), site) }, { name: 'robots', content: 'noindex' }];
}

const primary = 'inline-flex min-h-11 items-center justify-center rounded-lg bg-brand px-4 font-semibold text-white hover:bg-brand-dark';
const secondary = 'inline-flex min-h-11 items-center justify-center rounded-lg border border-brand px-4 font-semibold text-brand-dark hover:bg-brand-light';

/** A filter that applies as soon as it is chosen (the URL keeps it, so Back undoes it). */
function FilterSelect({ label, value, options, onChange }: { label: string; value: string; options: { value: string; label: string }[]; onChange: (value: string) => void }) {
  const id = useId();
  return (
    <div className="min-w-0 flex-1 sm:flex-none">
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value)} className="min-h-11 w-full rounded-lg border border-slate-300 bg-white px-3 text-base sm:w-48">
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </div>
  );
}

function Tabs({ view }: { view: DashboardView }) {
  const t = useT();
  const tabs = [
    { tab: 'properties' as const, label: t('myProperties', 'My properties') },
    { tab: 'projects' as const, label: t('myProjects', 'My projects') },
  ];
  return (
    <nav aria-label={t('myListings', 'My listings')} className="mt-6 border-b border-slate-200">
      <ul className="flex gap-1">
        {tabs.map(({ tab, label }) => {
          const current = view.tab === tab;
          return (
            <li key={tab}>
              <Link
                to={dashboardHref({ tab, page: 1 })}
                aria-current={current ? 'page' : undefined}
                className={`-mb-px inline-flex min-h-11 items-center border-b-2 px-4 font-semibold ${current ? 'border-brand text-brand-dark' : 'border-transparent text-slate-600 hover:text-slate-900'}`}
              >
                {label}
              </Link>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

/** Loading, a failure, the first page emptied by deletions, nothing at all or nothing matching: one of them, or the list. */
function ListBody({
  view,
  query,
  none,
  children,
}: {
  view: DashboardView;
  query: { data?: { total: number; items: unknown[] }; error: Error | null };
  none: ReactNode;
  children: ReactNode;
}) {
  const t = useT();
  if (query.error) return <FormAlert message={query.error.message} />;
  if (!query.data) {
    return (
      <p role="status" className="py-16 text-center text-slate-600">
        {t('loading', 'Loading…')}
      </p>
    );
  }
  if (query.data.items.length) return children;
  if (query.data.total > 0 && view.page > 1) {
    return (
      <EmptyState>
        <Link to={dashboardHref({ ...view, page: 1 })} className="font-semibold text-brand-dark underline">
          {t('backToFirstPage', 'Back to the first page')}
        </Link>
      </EmptyState>
    );
  }
  if (hasFilters(view)) {
    return (
      <EmptyState>
        <span className="block font-semibold text-slate-900">{t('ownerNoMatch', 'Nothing matches these filters.')}</span>
        <Link to={dashboardHref({ tab: view.tab, page: 1 })} className="mt-3 inline-block font-semibold text-brand-dark underline">
          {t('clearFilters', 'Clear filters')}
        </Link>
      </EmptyState>
    );
  }
  return <EmptyState>{none}</EmptyState>;
}

function PropertiesTab({ view }: { view: Extract<DashboardView, { tab: 'properties' }> }) {
  const t = useT();
  const navigate = useNavigate();
  const properties = useAddedProperties({ state: view.state, type: view.type }, view.page);
  const total = properties.data?.total ?? 0;
  const go = (next: Partial<typeof view>) => navigate(dashboardHref({ ...view, ...next, page: 1 }), { preventScrollReset: true });
  return (
    <section aria-labelledby="properties-heading" className="mt-6">
      <h2 id="properties-heading" className="sr-only">
        {t('myProperties', 'My properties')}
      </h2>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex w-full flex-wrap gap-3 sm:w-auto">
          <FilterSelect
            label={t('ownerFilterState', 'State')}
            value={view.state ?? ''}
            onChange={(v) => go({ state: OWNER_LISTING_STATES.find((s) => s === v) })}
            options={[{ value: '', label: t('ownerAllStates', 'All states') }, ...OWNER_LISTING_STATES.map((s) => ({ value: s, label: stateLabel(s, t) }))]}
          />
          <FilterSelect
            label={t('ownerFilterType', 'Sale or rent')}
            value={view.type ?? ''}
            onChange={(v) => go({ type: v === 'sell' || v === 'rent' ? v : undefined })}
            options={[
              { value: '', label: t('ownerSaleAndRent', 'Sale and rent') },
              { value: 'sell', label: t('ownerForSale', 'For sale') },
              { value: 'rent', label: t('ownerForRent', 'For rent') },
            ]}
          />
        </div>
        {properties.data ? (
          <p className="text-sm text-slate-700" aria-live="polite" data-testid="properties-summary">
            {t.count(total, 'ownerPropertiesCount', '{count} property', '{count} properties')} ·{' '}
            {t.count(properties.data.totalViews, 'ownerViewsTotal', '{count} view in all', '{count} views in all')}
          </p>
        ) : null}
      </div>
      <ListBody
        view={view}
        query={properties}
        none={
          <>
            <span className="block font-semibold text-slate-900">{t('ownerNoProperties', 'You have not listed a property yet.')}</span>
            <span className="mt-1 block text-slate-700">{t('ownerNoPropertiesHint', 'Add one: it is checked by our team, then visitors can find it.')}</span>
            <Link to={ADD_PROPERTY_PATH} className={`${primary} mt-4`}>
              {t('addProperty', 'Add property')}
            </Link>
          </>
        }
      >
        <ul className="mt-4 grid gap-4 lg:grid-cols-2" data-testid="owned-properties">
          {properties.data?.items.map((p) => (
            <li key={p.id} className="min-w-0">
              <OwnedPropertyCard property={p} />
            </li>
          ))}
        </ul>
      </ListBody>
      <Pagination page={view.page} total={total} pageSize={OWNER_PAGE_SIZE} href={(page) => dashboardHref({ ...view, page })} />
    </section>
  );
}

function ProjectsTab({ view }: { view: Extract<DashboardView, { tab: 'projects' }> }) {
  const t = useT();
  const navigate = useNavigate();
  const projects = useAddedProjects(view.state, view.page);
  const total = projects.data?.total ?? 0;
  return (
    <section aria-labelledby="projects-heading" className="mt-6">
      <h2 id="projects-heading" className="sr-only">
        {t('myProjects', 'My projects')}
      </h2>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div className="flex w-full sm:w-auto">
          <FilterSelect
            label={t('ownerFilterState', 'State')}
            value={view.state ?? ''}
            onChange={(v) => navigate(dashboardHref({ tab: 'projects', state: PROJECT_STATES.find((s) => s === v), page: 1 }), { preventScrollReset: true })}
            options={[{ value: '', label: t('ownerAllStates', 'All states') }, ...PROJECT_STATES.map((s) => ({ value: s, label: stateLabel(s, t) }))]}
          />
        </div>
        {projects.data ? (
          <p className="text-sm text-slate-700" aria-live="polite">
            {t.count(total, 'ownerProjectsCount', '{count} project', '{count} projects')}
          </p>
        ) : null}
      </div>
      <ListBody
        view={view}
        query={projects}
        none={
          <>
            <span className="block font-semibold text-slate-900">{t('ownerNoProjects', 'You have not added a project yet.')}</span>
            <span className="mt-1 block text-slate-700">{t('ownerNoProjectsHint', 'Show buyers a development with its plans, pictures and documents.')}</span>
            <Link to={ADD_PROJECT_PATH} className={`${primary} mt-4`}>
              {t('addProject', 'Add project')}
            </Link>
          </>
        }
      >
        <ul className="mt-4 grid gap-4 lg:grid-cols-2" data-testid="owned-projects">
          {projects.data?.items.map((p) => (
            <li key={p.id} className="min-w-0">
              <OwnedProjectCard project={p} />
            </li>
          ))}
        </ul>
      </ListBody>
      <Pagination page={view.page} total={total} pageSize={OWNER_PAGE_SIZE} href={(page) => dashboardHref({ ...view, page })} />
    </section>
  );
}

function Dashboard() {
  const t = useT();
  const [params] = useSearchParams();
  const view = dashboardView(params);
  return (
    <>
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{t('myListings', 'My listings')}</h1>
          <p className="mt-1 text-slate-700">{t('myListingsLead', 'Your properties and projects, how they are doing, and what you can change.')}</p>
        </div>
        <div className="grid w-full grid-cols-2 gap-2 sm:flex sm:w-auto">
          <Link to={ADD_PROPERTY_PATH} className={primary}>
            {t('addProperty', 'Add property')}
          </Link>
          <Link to={ADD_PROJECT_PATH} className={secondary}>
            {t('addProject', 'Add project')}
          </Link>
        </div>
      </div>
      <Tabs view={view} />
      {view.tab === 'projects' ? <ProjectsTab view={view} /> : <PropertiesTab view={view} />}
    </>
  );
}

export default function DashboardPage() {
  return <RequireUser>{() => <Dashboard />}</RequireUser>;
}
