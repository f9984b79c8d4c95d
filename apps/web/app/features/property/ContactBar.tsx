import type { PropertyDetail } from '@estate/core';
import type { ReactNode } from 'react';
import { useT } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';
import { ChatWithOwner, offersChat } from '../chat/ChatWithOwner.tsx';
import { InterestButton } from '../interest/InterestButton.tsx';
import { telHref, whatsAppHref } from './contact-links.ts';

const action = 'flex h-12 items-center justify-center gap-2 rounded-lg px-3 font-semibold';
const filled = `${action} bg-brand text-white hover:bg-brand-dark`;
const outlined = `${action} border border-slate-300 bg-white text-slate-900 hover:bg-slate-50`;

function Icon({ path }: { path: string }) {
  return (
    <svg aria-hidden="true" viewBox="0 0 20 20" fill="currentColor" className="size-5 shrink-0">
      <path fillRule="evenodd" clipRule="evenodd" d={path} />
    </svg>
  );
}

const PHONE_ICON =
  'M2 3.5A1.5 1.5 0 0 1 3.5 2h1.148a1.5 1.5 0 0 1 1.465 1.175l.513 2.31a1.5 1.5 0 0 1-1.073 1.767l-1.16.292a.813.813 0 0 0-.549.991 11.502 11.502 0 0 0 7.795 7.795.813.813 0 0 0 .99-.549l.293-1.16a1.5 1.5 0 0 1 1.767-1.073l2.31.513A1.5 1.5 0 0 1 18 15.352V16.5a1.5 1.5 0 0 1-1.5 1.5H15C8.373 18 2 11.627 2 5V3.5Z';
const CHAT_ICON =
  'M10 2c-2.236 0-4.43.18-6.57.524C1.993 2.755 1 4.014 1 5.426v5.148c0 1.413.993 2.67 2.43 2.902 1.168.188 2.352.327 3.55.414.28.02.521.18.642.413l1.713 3.293a.75.75 0 0 0 1.33 0l1.713-3.293a.783.783 0 0 1 .642-.413 41.102 41.102 0 0 0 3.55-.414c1.437-.231 2.43-1.49 2.43-2.902V5.426c0-1.413-.993-2.67-2.43-2.902A41.289 41.289 0 0 0 10 2Z';
const LOCK_ICON =
  'M10 1a4.5 4.5 0 0 0-4.5 4.5V9H5a2 2 0 0 0-2 2v6a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2v-6a2 2 0 0 0-2-2h-.5V5.5A4.5 4.5 0 0 0 10 1Zm3 8V5.5a3 3 0 1 0-6 0V9h6Z';

/**
 * On phones, the ways to reach whoever lists the property stay at the bottom of the screen while
 * the visitor reads: call and WhatsApp ("I'm interested" and chat join them as equal parts of the
 * row when they exist). A premium teaser holds the number back, so its bar leads to the unlock
 * instead. The bar is sticky at the end of the listing, not fixed: it takes its own room at the
 * end of the page, so the last of the listing can always be scrolled clear of it, and it stops
 * above the footer. Wider screens have the contact card beside the listing instead.
 */
export function ContactBar({ listing: p, url }: { listing: PropertyDetail; url: string }) {
  const t = useT();
  const session = useSession();
  const name = p.customer_name?.trim() || null;
  const named = (text: string) => (name ? text.replace('{name}', name) : undefined);
  const actions: ReactNode[] = [];
  if (p.premium_locked) {
    actions.push(
      <a href="#premium-lock" className={filled}>
        <Icon path={LOCK_ICON} />
        {t('unlockToContact', 'Unlock to contact')}
      </a>,
    );
  } else if (p.mobile) {
    actions.push(
      <a href={telHref(p.mobile)} aria-label={named(t('callName', 'Call {name}'))} className={filled}>
        <Icon path={PHONE_ICON} />
        {t('call', 'Call')}
      </a>,
    );
    const whatsApp = whatsAppHref(p.mobile, `${p.title} ${url}`);
    if (whatsApp) {
      actions.push(
        <a href={whatsApp} target="_blank" rel="noopener noreferrer" aria-label={named(t('whatsAppName', 'Message {name} on WhatsApp'))} className={outlined}>
          <span className="text-[#25d366]">
            <Icon path={CHAT_ICON} />
          </span>
          WhatsApp
        </a>,
      );
    }
  } else if (p.email) {
    actions.push(
      <a href={`mailto:${p.email}?subject=${encodeURIComponent(p.title)}`} aria-label={named(t('emailName', 'E-mail {name}'))} className={filled}>
        {t('email', 'E-mail')}
      </a>,
    );
  }
  // Premium teasers lead to the unlock first; interest comes once the listing is open.
  if (!p.premium_locked && session?.data.id !== p.added_by) actions.push(<InterestButton propertyId={p.id} ownerId={p.added_by} compact />);
  if (offersChat(p, session?.data.id)) actions.push(<ChatWithOwner listing={p} compact />);
  if (!actions.length) return null;
  return (
    <section
      aria-label={t('contactListing', 'Contact about this listing')}
      data-contact-bar
      data-testid="contact-bar"
      className="sticky bottom-0 z-30 -mx-4 mt-10 border-t border-slate-200 bg-white px-4 pt-3 pb-[max(0.75rem,env(safe-area-inset-bottom))] shadow-[0_-4px_12px_rgb(15_23_42/0.08)] md:hidden"
    >
      {/* Three to a 390 px row: tighter, smaller words, so none spills out of its button. Four (a
          platform listing's chat with the platform beside call, WhatsApp and interest) take two rows. */}
      <ul className={`${actions.length > 3 ? 'grid grid-cols-2' : 'flex'} gap-2 ${actions.length === 3 ? '[&>li>*]:gap-1.5 [&>li>*]:px-1.5 [&>li>*]:text-sm' : ''}`}>
        {actions.map((a, i) => (
          <li key={i} className="min-w-0 flex-1">
            {a}
          </li>
        ))}
      </ul>
    </section>
  );
}
