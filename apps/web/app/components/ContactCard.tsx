import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useT } from '../lib/i18n.ts';

/** Who lists a property or project, with call and e-mail buttons and a link to their page. */
export function ContactCard(props: {
  heading: string;
  name: string | null;
  profile: string | null;
  isVerified?: boolean;
  mobile: string | null;
  email: string | null;
  /** Subject of the e-mail the button starts: the listing's title. */
  subject: string;
  agentSlug?: string | null;
  children?: ReactNode;
}) {
  const t = useT();
  return (
    <aside aria-labelledby="contact" className="h-fit rounded-xl border border-slate-200 bg-white p-5">
      <h2 id="contact" className="text-lg font-bold">
        {props.heading}
      </h2>
      <div className="mt-3 flex items-center gap-3">
        {props.profile ? <img src={props.profile} alt="" loading="lazy" width={56} height={56} className="h-14 w-14 rounded-full bg-slate-100 object-cover" /> : null}
        <div className="min-w-0">
          <p className="font-semibold">
            {props.agentSlug ? (
              <Link to={`/agent-details/${props.agentSlug}`} className="underline-offset-4 hover:underline">
                {props.name}
              </Link>
            ) : (
              props.name
            )}
          </p>
          {props.isVerified ? <p className="text-sm text-brand-dark">✓ {t('verified', 'Verified')}</p> : null}
        </div>
      </div>
      <ul className="mt-4 space-y-2 text-sm">
        {props.mobile ? (
          <li>
            <a href={`tel:${props.mobile.replace(/\s+/g, '')}`} className="block rounded-lg bg-brand px-4 py-2 text-center font-semibold text-white hover:bg-brand-dark">
              {t('call', 'Call')} <span dir="ltr">{props.mobile}</span>
            </a>
          </li>
        ) : null}
        {props.email ? (
          <li>
            <a href={`mailto:${props.email}?subject=${encodeURIComponent(props.subject)}`} className="block break-all rounded-lg border border-slate-300 px-4 py-2 text-center font-medium hover:bg-slate-50">
              {props.email}
            </a>
          </li>
        ) : null}
      </ul>
      {props.children}
    </aside>
  );
}
