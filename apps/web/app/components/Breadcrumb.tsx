import { Fragment } from 'react';
import { useT } from '../lib/i18n.ts';
import { AppLink } from './AppLink.tsx';

/** Home / … links above a detail page; the page's own title is its heading, not a crumb. */
export function Breadcrumb({ trail }: { trail: { to: string; label: string }[] }) {
  const t = useT();
  return (
    <nav aria-label={t('breadcrumb', 'Breadcrumb')} className="mb-4 text-sm text-slate-600">
      <AppLink to="/" className="underline-offset-4 hover:underline">
        {t('home', 'Home')}
      </AppLink>
      {trail.map((crumb) => (
        <Fragment key={crumb.to}>
          <span aria-hidden="true"> / </span>
          <AppLink to={crumb.to} className="underline-offset-4 hover:underline">
            {crumb.label}
          </AppLink>
        </Fragment>
      ))}
    </nav>
  );
}
