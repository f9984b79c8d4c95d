import { Fragment } from 'react';
import { Link } from 'react-router';
import { useT } from '../lib/i18n.ts';

/** Home / … links above a detail page; the page's own title is its heading, not a crumb. */
export function Breadcrumb({ trail }: { trail: { to: string; label: string }[] }) {
  const t = useT();
  return (
    <nav aria-label={t('breadcrumb', 'Breadcrumb')} className="mb-4 text-sm text-slate-600">
      <Link to="/" className="underline-offset-4 hover:underline">
        {t('home', 'Home')}
      </Link>
      {trail.map((crumb) => (
        <Fragment key={crumb.to}>
          <span aria-hidden="true"> / </span>
          <Link to={crumb.to} className="underline-offset-4 hover:underline">
            {crumb.label}
          </Link>
        </Fragment>
      ))}
    </nav>
  );
}
