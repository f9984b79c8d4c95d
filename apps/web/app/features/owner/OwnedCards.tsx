import type { OwnedProject, OwnedProperty } from '@estate/core';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { FeaturedBadge } from '../../components/PropertyCard.tsx';
import { priceLabel, projectTypeLabel, srcSetFor } from '../../lib/format.ts';
import { useSite, useT, type Translate } from '../../lib/i18n.ts';
import { ProjectActions, PropertyActions } from './ListingActions.tsx';
import { isProjectPublic, projectState, propertyState } from './listing-state.ts';
import { RejectReason, StatusBadge } from './StatusBadge.tsx';

export const ownPropertyHref = (slug: string) => `/my-property/${slug}`;

/** Views, favourites, interested: what a listing has drawn so far, each a counted phrase ("3 views"). */
export function ListingStats({ stats, className = '' }: { stats: { text: string; testId: string }[]; className?: string }) {
  return (
    <ul className={`flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700 ${className}`}>
      {stats.map((s) => (
        <li key={s.testId} data-testid={s.testId}>
          {s.text}
        </li>
      ))}
    </ul>
  );
}

/** The three counts of an owned property, in the page's language. */
export function propertyStats(p: OwnedProperty, t: Translate) {
  return [
    { text: t.count(p.total_view, 'ownerViews', '{count} view', '{count} views'), testId: 'stat-views' },
    { text: t.count(p.total_favourite_users, 'ownerFavourites', '{count} favourite', '{count} favourites'), testId: 'stat-favourites' },
    { text: t.count(p.total_interested_users, 'ownerInterested', '{count} interested', '{count} interested'), testId: 'stat-interested' },
  ];
}

/** A card on phones (picture beside the title, actions below), a row with room to spare from 640 px. */
function OwnedShell({ image, alt, children, actions, testId }: { image: string | null; alt: string; children: ReactNode; actions: ReactNode; testId: string }) {
  return (
    <article className="relative flex flex-col gap-3 rounded-xl border border-slate-200 bg-white p-3 shadow-sm sm:p-4" data-testid={testId}>
      <div className="flex min-w-0 gap-3 sm:gap-4">
        <div className="aspect-[4/3] w-24 shrink-0 overflow-hidden rounded-lg bg-slate-200 sm:w-40">
          {image ? <img src={image} srcSet={srcSetFor(image)} sizes="(min-width: 640px) 160px, 96px" alt={alt} loading="lazy" width={160} height={120} className="h-full w-full object-cover" /> : null}
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-1">{children}</div>
      </div>
      {actions}
    </article>
  );
}

export function OwnedPropertyCard({ property: p }: { property: OwnedProperty }) {
  const t = useT();
  const site = useSite();
  const state = propertyState(p);
  const kind = p.property_type === 'rent' || p.property_type === 'rented' ? t('rent', 'Rent') : t('sell', 'Sell');
  return (
    <OwnedShell image={p.title_image} alt={p.title} testId="owned-property" actions={<PropertyActions property={p} />}>
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge state={state} />
        {p.promoted ? <FeaturedBadge /> : null}
        <span className="text-xs font-medium text-slate-600">
          {[p.category?.category, kind].filter(Boolean).join(' · ')}
        </span>
      </div>
      <h2 className="font-semibold leading-snug wrap-anywhere">
        <Link to={ownPropertyHref(p.slug_id)} className="hover:underline">
          {p.title}
        </Link>
      </h2>
      {site ? <p className="font-bold text-brand-dark">{priceLabel(p.price, p.property_type, p.rentduration, site.currency, t)}</p> : null}
      {state === 'rejected' ? <RejectReason reason={p.reject_reason} /> : null}
      <ListingStats stats={propertyStats(p, t)} />
    </OwnedShell>
  );
}

export function OwnedProjectCard({ project: p }: { project: OwnedProject }) {
  const t = useT();
  const state = projectState(p);
  return (
    <OwnedShell image={p.image} alt={p.title} testId="owned-project" actions={<ProjectActions project={p} />}>
      <div className="flex flex-wrap items-center gap-2">
        <StatusBadge state={state} />
        {p.promoted ? <FeaturedBadge /> : null}
        <span className="text-xs font-medium text-slate-600">{[p.category?.category, projectTypeLabel(p.type, t)].filter(Boolean).join(' · ')}</span>
      </div>
      <h2 className="font-semibold leading-snug wrap-anywhere">
        {isProjectPublic(p) ? (
          <Link to={`/project-details/${p.slug_id}`} className="hover:underline">
            {p.title}
          </Link>
        ) : (
          p.title
        )}
      </h2>
      <p className="text-sm text-slate-600 wrap-anywhere">
        <bdi>{[p.city, p.state, p.country].filter(Boolean).join(', ')}</bdi>
      </p>
      {state === 'rejected' ? <RejectReason reason={p.reject_reason} /> : null}
    </OwnedShell>
  );
}
