import { adminDone, adminPages, envelope, type AdminPages } from '@estate/core';
import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { FormAlert } from '../../components/Form.tsx';
import { AdminPage } from '../../features/admin/AdminPage.tsx';
import { adminCall } from '../../features/admin/admin-call.ts';
import { RichEditor } from '../../features/admin/content/RichEditor.tsx';
import { ContentLinks } from '../../features/admin/content/sections.tsx';
import { useAdminMutation } from '../../features/admin/use-admin-mutation.ts';
import { localizeMessage, useT } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';

const pagesAnswer = envelope(adminPages);

function PageEditor({ name, title, href, initial }: { name: keyof AdminPages; title: string; href: string; initial: string }) {
  const t = useT();
  const id = useId();
  const [html, setHtml] = useState(initial);
  const save = useAdminMutation((value: string) => ({ path: 'pages', method: 'PUT', json: { [name]: value || '<p></p>' } }), () => t('adminPageSaved', 'Page saved'), adminDone(adminPages));
  return (
    <section aria-labelledby={`${id}-title`} className="rounded-xl border border-slate-200 bg-white p-4">
      <div className="mb-2 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id={`${id}-title`} className="text-lg font-semibold">
          {title}
        </h2>
        <a href={href} className="text-sm text-brand-dark underline">
          {t('adminOpenPage', 'Open the page')}
          <span className="sr-only"> {title}</span>
        </a>
      </div>
      <RichEditor id={`${id}-editor`} label={title} value={initial} onChange={setHtml} />
      <button type="button" disabled={save.isPending} onClick={() => save.mutate(html)} className="mt-3 rounded-lg bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand-dark disabled:opacity-60">
        {save.isPending ? t('saving', 'Saving…') : t('adminSave', 'Save')}
        <span className="sr-only"> {title}</span>
      </button>
    </section>
  );
}

/** `/admin/pages`: the about, terms and privacy pages in the rich-text editor. */
export default function AdminContentPages() {
  const t = useT();
  const session = useSession();
  const pages = useQuery({ queryKey: ['admin', 'pages', session?.data.id], enabled: !!session, queryFn: () => adminCall('pages', pagesAnswer), staleTime: Infinity });
  return (
    <AdminPage title={t('adminPagesTitle', 'About, terms and privacy')} lead={t('adminPagesLead', 'The site’s fixed pages. Their HTML is cleaned on the server before visitors see it.')}>
      <ContentLinks />
      {pages.error ? <FormAlert message={localizeMessage(pages.error.message, t)} /> : null}
      {pages.data ? (
        <div className="grid gap-6">
          <PageEditor name="about_us" title={t('aboutUs', 'About us')} href="/about-us" initial={pages.data.data.about_us} />
          <PageEditor name="terms_conditions" title={t('termsConditions', 'Terms and conditions')} href="/terms-and-conditions" initial={pages.data.data.terms_conditions} />
          <PageEditor name="privacy_policy" title={t('privacyPolicy', 'Privacy policy')} href="/privacy-policy" initial={pages.data.data.privacy_policy} />
        </div>
      ) : (
        !pages.error && <p>{t('loading', 'Loading…')}</p>
      )}
    </AdminPage>
  );
}
