import { adminDone, adminLanguage, envelope, type AdminLanguage } from '@estate/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormAlert, inputClass } from '../../components/Form.tsx';
import { AdminPage } from '../../features/admin/AdminPage.tsx';
import { adminCall } from '../../features/admin/admin-call.ts';
import { useAdminMutation } from '../../features/admin/use-admin-mutation.ts';
import { RequestError } from '../../lib/client.ts';
import { localizeMessage, useT } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';

export const languagesAnswer = envelope(z.array(adminLanguage));

/** `/admin/languages`: the site's languages, how complete their texts are, and a new one. */
export default function AdminLanguages() {
  const t = useT();
  const ids = useId();
  const session = useSession();
  const list = useQuery({ queryKey: ['admin', 'languages', session?.data.id], enabled: !!session, queryFn: () => adminCall('languages', languagesAnswer) });
  const [draft, setDraft] = useState({ code: '', name: '', rtl: false });
  const add = useAdminMutation(
    (body: typeof draft) => ({ path: 'languages', json: { code: body.code.trim(), name: body.name.trim(), rtl: body.rtl ? 1 : 0 } }),
    () => t('adminLanguageAdded', 'Language added'),
    adminDone(adminLanguage),
  );
  const [target, setTarget] = useState<AdminLanguage | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const toggle = useAdminMutation(
    (l: AdminLanguage) => ({ path: `languages/${l.id}`, method: 'PUT', json: { name: l.name, rtl: l.rtl ? 1 : 0, is_active: l.is_active ? 0 : 1 } }),
    (l) => (l.is_active ? t('adminLanguageOff', 'Language turned off') : t('adminLanguageOn', 'Language turned on')),
  );
  const deleteDialog = useRef<HTMLDialogElement>(null);
  const remove = useAdminMutation((l: AdminLanguage) => ({ path: `languages/${l.id}`, method: 'DELETE' }), () => t('adminLanguageDeleted', 'Language deleted'));
  const fieldErrors = add.error instanceof RequestError ? add.error.fieldErrors : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    add.mutate(draft, { onSuccess: () => setDraft({ code: '', name: '', rtl: false }) });
  };
  const number = (n: number) => new Intl.NumberFormat(t.lang, { numberingSystem: 'latn' }).format(n);
  const cell = 'border-b border-slate-100 px-3 py-2 align-top';

  return (
    <AdminPage title={t('adminLanguages', 'Languages')} lead={t('adminLanguagesLead', 'The languages visitors can choose, and the site’s texts in each; changes show on the next page, without a rebuild.')}>
      {list.error ? <FormAlert message={localizeMessage(list.error.message, t)} /> : null}
      <div className="overflow-x-auto rounded-xl border border-slate-200 bg-white">
        <table className="w-full text-sm">
          <caption className="sr-only">{t('adminLanguages', 'Languages')}</caption>
          <thead>
            <tr className="text-start">
              <th scope="col" className={`${cell} text-start font-semibold`}>
                {t('adminColLanguage', 'Language')}
              </th>
              <th scope="col" className={`${cell} text-start font-semibold`}>
                {t('adminColTexts', 'Texts')}
              </th>
              <th scope="col" className={`${cell} hidden text-start font-semibold sm:table-cell`}>
                {t('adminColState', 'State')}
              </th>
              <th scope="col" className={`${cell} text-start font-semibold`}>
                {t('adminColActions', 'Actions')}
              </th>
            </tr>
          </thead>
          <tbody>
            {(list.data?.data ?? []).map((l) => (
              <tr key={l.id}>
                <td className={cell}>
                  <span className="font-medium">{l.name}</span> <span className="text-slate-600" dir="ltr">({l.code})</span>
                  {l.rtl && <span className="ms-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs">{t('adminRtl', 'right to left')}</span>}
                  {l.is_default && <span className="ms-2 rounded bg-emerald-50 px-1.5 py-0.5 text-xs text-emerald-900">{t('adminDefaultLanguage', 'default')}</span>}
                </td>
                <td className={cell}>
                  {l.missing === 0 ? t('adminTextsComplete', 'Complete') : t.count(l.missing, 'adminTextsMissing', '{count} missing', '{count} missing')}
                  <span className="block text-xs text-slate-600">
                    {number(l.translated)} / {number(l.translated + l.missing)}
                  </span>
                </td>
                <td className={`${cell} hidden sm:table-cell`}>{l.is_active ? t('adminLanguageActive', 'Offered') : t('adminLanguageInactive', 'Off')}</td>
                <td className={cell}>
                  <span className="flex flex-wrap gap-2">
                    <Link to={`/admin/languages/${l.id}`} className="rounded-lg border border-slate-400 px-3 py-1 text-sm font-semibold text-slate-800 hover:bg-slate-50">
                      {t('adminEditTexts', 'Edit texts')}
                      <span className="sr-only"> {l.name}</span>
                    </Link>
                    {!l.is_default && (
                      <button
                        type="button"
                        onClick={() => {
                          setTarget(l);
                          dialog.current?.showModal();
                        }}
                        className="rounded-lg border border-slate-400 px-3 py-1 text-sm font-semibold text-slate-800 hover:bg-slate-50"
                      >
                        {l.is_active ? t('adminTurnOff', 'Turn off') : t('adminTurnOn', 'Turn on')}
                        <span className="sr-only"> {l.name}</span>
                      </button>
                    )}
                    {l.code !== 'en' && (
                      <button
                        type="button"
                        onClick={() => {
                          setTarget(l);
                          deleteDialog.current?.showModal();
                        }}
                        className="rounded-lg border border-red-300 px-3 py-1 text-sm font-semibold text-red-800 hover:bg-red-50"
                      >
                        {t('adminDelete', 'Delete')}
                        <span className="sr-only"> {l.name}</span>
                      </button>
                    )}
                  </span>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      <form onSubmit={submit} noValidate className="mt-8 grid max-w-2xl gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <h2 className="text-lg font-semibold sm:col-span-2">{t('adminAddLanguage', 'Add a language')}</h2>
        {add.error && !Object.keys(fieldErrors).length ? <FormAlert message={localizeMessage(add.error.message, t)} /> : null}
        <div>
          <label htmlFor={`${ids}-code`} className="block text-sm font-medium text-slate-800">
            {t('adminLanguageCode', 'Code (e.g. fr, pt-BR)')}
          </label>
          <input id={`${ids}-code`} dir="ltr" value={draft.code} onChange={(e) => setDraft({ ...draft, code: e.target.value })} className={inputClass} aria-invalid={!!fieldErrors.code || undefined} aria-describedby={fieldErrors.code ? `${ids}-code-error` : undefined} />
          {fieldErrors.code && (
            <p id={`${ids}-code-error`} className="mt-1 text-sm text-red-700">
              {localizeMessage(fieldErrors.code, t)}
            </p>
          )}
        </div>
        <div>
          <label htmlFor={`${ids}-name`} className="block text-sm font-medium text-slate-800">
            {t('adminLanguageName', 'Name, as its speakers write it')}
          </label>
          <input id={`${ids}-name`} value={draft.name} onChange={(e) => setDraft({ ...draft, name: e.target.value })} className={inputClass} aria-invalid={!!fieldErrors.name || undefined} aria-describedby={fieldErrors.name ? `${ids}-name-error` : undefined} />
          {fieldErrors.name && (
            <p id={`${ids}-name-error`} className="mt-1 text-sm text-red-700">
              {localizeMessage(fieldErrors.name, t)}
            </p>
          )}
        </div>
        <label className="flex items-center gap-2 text-sm font-medium sm:col-span-2">
          <input type="checkbox" checked={draft.rtl} onChange={(e) => setDraft({ ...draft, rtl: e.target.checked })} className="size-4" />
          {t('adminRtlCheckbox', 'Written right to left (like Arabic or Urdu)')}
        </label>
        <div className="sm:col-span-2">
          <button type="submit" disabled={add.isPending} className="rounded-lg bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand-dark disabled:opacity-60">
            {add.isPending ? t('saving', 'Saving…') : t('adminAddLanguageButton', 'Add language')}
          </button>
        </div>
      </form>

      <ConfirmDialog
        ref={dialog}
        id="toggle-language-dialog"
        title={target?.is_active ? t('adminTurnOffLanguageTitle', 'Stop offering this language?') : t('adminTurnOnLanguageTitle', 'Offer this language again?')}
        cancelLabel={t('cancel', 'Cancel')}
        confirmLabel={target?.is_active ? t('adminTurnOff', 'Turn off') : t('adminTurnOn', 'Turn on')}
        busy={toggle.isPending}
        onConfirm={() => target && toggle.mutate(target, { onSettled: () => dialog.current?.close() })}
      >
        <p className="mt-2 text-sm text-slate-700">{target?.name}</p>
      </ConfirmDialog>
      <ConfirmDialog
        ref={deleteDialog}
        id="delete-language-dialog"
        tone="danger"
        title={t('adminDeleteLanguageTitle', 'Delete this language and its texts?')}
        cancelLabel={t('cancel', 'Cancel')}
        confirmLabel={t('adminDelete', 'Delete')}
        busy={remove.isPending}
        onConfirm={() => target && remove.mutate(target, { onSettled: () => deleteDialog.current?.close() })}
      >
        <p className="mt-2 text-sm text-slate-700">{target?.name}</p>
        <p className="mt-2 text-sm text-slate-700">
          {target?.is_default
            ? t('adminDeleteDefaultLanguageNote', 'This is the site’s default language: English becomes the default. Visitors who chose it see the default language.')
            : t('adminDeleteLanguageNote', 'Visitors who chose it see the default language. Texts written for it are lost.')}
        </p>
      </ConfirmDialog>
    </AdminPage>
  );
}
