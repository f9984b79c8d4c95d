import { adminDone, adminSettings, type AdminSettings } from '@estate/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useRef, useState } from 'react';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { FormAlert, inputClass } from '../../components/Form.tsx';
import { AdminPage } from '../../features/admin/AdminPage.tsx';
import { adminCall } from '../../features/admin/admin-call.ts';
import { MEDIA_FIELDS, SETTING_SECTIONS, type SettingSection } from '../../features/admin/money/settings-fields.ts';
import { useAdminMutation } from '../../features/admin/use-admin-mutation.ts';
import { RequestError } from '../../lib/client.ts';
import { localizeMessage, useT } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';

const settingsAnswer = adminDone(adminSettings);
const COLOUR = /^#[0-9a-f]{6}$/i;

/** Why a field cannot be edited here: its environment variable (named as the README names it) wins. */
function FixedByEnvironment({ id, name }: { id: string; name: string }) {
  const t = useT();
  return (
    <p id={id} className="mt-1 text-xs text-slate-700">
      {t('adminFixedByEnv', 'Fixed by the server’s environment, which wins over the console; change it there:')} <code dir="ltr">{name}</code>
    </p>
  );
}

/** One section of the form: its own Save, sending only the values that changed. */
function Section({ section, settings }: { section: SettingSection; settings: AdminSettings }) {
  const t = useT();
  const ids = useId();
  const initial = () => Object.fromEntries(section.fields.map((f) => [f.key, f.kind === 'secret' ? '' : (settings.values[f.key] ?? '')]));
  const [values, setValues] = useState<Record<string, string>>(initial);
  const save = useAdminMutation((changes: Record<string, string>) => ({ path: 'settings', json: { values: changes } }), () => t('adminSettingsSaved', 'Settings saved'), settingsAnswer);
  const fieldErrors = save.error instanceof RequestError ? save.error.fieldErrors : {};
  const errorOf = (key: string): string | undefined => fieldErrors[key] ?? fieldErrors[`values.${key}`];
  const set = (key: string, value: string) => setValues((v) => ({ ...v, [key]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const changes: Record<string, string> = {};
    for (const f of section.fields) {
      if (fixed(f.key)) continue;
      const value = values[f.key] ?? '';
      if (f.kind === 'secret') {
        if (value !== '') changes[f.key] = value;
      } else if (value !== (settings.values[f.key] ?? '')) changes[f.key] = value;
    }
    if (!Object.keys(changes).length) return;
    save.mutate(changes, { onSuccess: () => setValues((v) => ({ ...v, ...Object.fromEntries(section.fields.filter((f) => f.kind === 'secret').map((f) => [f.key, ''])) })) });
  };
  const clearSecret = (key: string) => save.mutate({ [key]: '' });
  /** Set by the server's environment, which wins: shown, never sent. */
  const fixed = (key: string) => settings.from_environment.includes(key);

  const described = (key: string) => (errorOf(key) ? { 'aria-invalid': true, 'aria-describedby': `${ids}-${key}-error` } : {});
  const labelClass = 'block text-sm font-medium text-slate-800';

  return (
    <form onSubmit={submit} noValidate aria-labelledby={`${ids}-title`} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${ids}-title`} className="text-lg font-semibold">
        {t(...section.title)}
      </h2>
      {section.id === 'mail' || section.id === 'payments' || section.id === 'location' ? (
        <p className="mt-1 text-sm text-slate-700">{t('adminSecretsLeadLive', 'Keys are stored encrypted and never shown again in full, and take effect at once, without a restart. A key set in the server’s environment wins and cannot be changed here.')}</p>
      ) : null}
      {save.error && !Object.keys(fieldErrors).length ? (
        <div className="mt-3">
          <FormAlert message={localizeMessage(save.error.message, t)} />
        </div>
      ) : null}
      <div className="mt-4 grid gap-4 sm:grid-cols-2">
        {section.fields.map((f) => {
          const id = `${ids}-${f.key}`;
          const label = t(...f.label);
          const error = errorOf(f.key) ? (
            <p id={`${id}-error`} className="mt-1 text-sm text-red-700">
              {localizeMessage(errorOf(f.key)!, t)}
            </p>
          ) : null;
          if (f.kind === 'flag') {
            return (
              <div key={f.key} className="sm:col-span-2">
                <label className="flex items-start gap-2 text-sm font-medium">
                  <input type="checkbox" name={f.key} checked={values[f.key] === '1'} onChange={(e) => set(f.key, e.target.checked ? '1' : '0')} className="mt-0.5 size-4 shrink-0" />
                  {label}
                </label>
                {error}
              </div>
            );
          }
          if (f.kind === 'colour') {
            const value = values[f.key] ?? '';
            return (
              <div key={f.key}>
                <label htmlFor={id} className={labelClass}>
                  {label}
                </label>
                <div className="flex items-center gap-2">
                  <input type="color" aria-label={`${label}: ${t('adminColourPicker', 'picker')}`} value={COLOUR.test(value) ? value : '#000000'} onChange={(e) => set(f.key, e.target.value)} className="h-10 w-14 shrink-0 cursor-pointer rounded border border-slate-300 bg-white" />
                  <input id={id} name={f.key} dir="ltr" value={value} onChange={(e) => set(f.key, e.target.value)} className={`${inputClass} font-mono`} {...described(f.key)} />
                </div>
                {error}
              </div>
            );
          }
          if (f.kind === 'distance') {
            return (
              <div key={f.key}>
                <label htmlFor={id} className={labelClass}>
                  {label}
                </label>
                <select id={id} name={f.key} value={values[f.key]} onChange={(e) => set(f.key, e.target.value)} className={inputClass}>
                  <option value="km">{t('adminKm', 'kilometres')}</option>
                  <option value="mi">{t('adminMi', 'miles')}</option>
                </select>
              </div>
            );
          }
          if (f.kind === 'secret') {
            const state = settings.secrets[f.key];
            const fromEnv = fixed(f.key);
            return (
              <div key={f.key}>
                <label htmlFor={id} className={labelClass}>
                  {label}
                </label>
                <input
                  id={id}
                  name={f.key}
                  type="password"
                  autoComplete="off"
                  dir="ltr"
                  value={values[f.key] ?? ''}
                  placeholder={fromEnv ? '••••••••' : state?.set ? state.hint : t('adminSecretUnset', 'Not set')}
                  onChange={(e) => set(f.key, e.target.value)}
                  readOnly={fromEnv}
                  className={`${inputClass} read-only:border-dashed read-only:bg-slate-100 read-only:text-slate-700`}
                  {...(fromEnv ? { 'aria-describedby': `${id}-env` } : described(f.key))}
                />
                {fromEnv ? <FixedByEnvironment id={`${id}-env`} name={f.key.toUpperCase()} /> : null}
                <p className="mt-1 flex flex-wrap items-center gap-2 text-xs text-slate-600">
                  {state?.set ? (
                    <>
                      <span>
                        {t('adminSecretStored', 'Stored')}: <bdi dir="ltr">{state.hint}</bdi>
                      </span>
                      <button type="button" onClick={() => clearSecret(f.key)} className="font-semibold text-red-800 underline">
                        {t('adminSecretRemove', 'Remove')}
                        <span className="sr-only"> {label}</span>
                      </button>
                    </>
                  ) : null}
                </p>
                {error}
              </div>
            );
          }
          const fromEnv = fixed(f.key);
          return (
            <div key={f.key}>
              <label htmlFor={id} className={labelClass}>
                {label}
              </label>
              <input
                id={id}
                name={f.key}
                value={values[f.key] ?? ''}
                onChange={(e) => set(f.key, e.target.value)}
                readOnly={fromEnv}
                className={`${inputClass} read-only:border-dashed read-only:bg-slate-100 read-only:text-slate-700`}
                {...(fromEnv ? { 'aria-describedby': `${id}-env` } : described(f.key))}
              />
              {fromEnv ? <FixedByEnvironment id={`${id}-env`} name={f.key.toUpperCase()} /> : null}
              {error}
            </div>
          );
        })}
      </div>
      <button type="submit" disabled={save.isPending} className="mt-5 rounded-lg bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand-dark disabled:opacity-60">
        {save.isPending ? t('saving', 'Saving…') : `${t('adminSave', 'Save')}`}
        <span className="sr-only"> {t(...section.title)}</span>
      </button>
    </form>
  );
}

/** The logos and pictures: each uploaded on its own, re-encoded by the server. */
function Pictures({ settings }: { settings: AdminSettings }) {
  const t = useT();
  const ids = useId();
  const [target, setTarget] = useState<string | null>(null);
  const dialog = useRef<HTMLDialogElement>(null);
  const upload = useAdminMutation((p: { key: string; file: File }) => {
    const body = new FormData();
    body.append('file', p.file);
    return { path: `settings/media/${p.key}`, body };
  }, () => t('adminPictureSaved', 'Picture saved'), settingsAnswer);
  const remove = useAdminMutation((key: string) => ({ path: `settings/media/${key}`, method: 'DELETE' }), () => t('adminPictureRemoved', 'Picture removed'), settingsAnswer);
  return (
    <section aria-labelledby={`${ids}-title`} className="rounded-xl border border-slate-200 bg-white p-4 sm:p-6">
      <h2 id={`${ids}-title`} className="text-lg font-semibold">
        {t('adminSetPictures', 'Logos and pictures')}
      </h2>
      {upload.error ? (
        <div className="mt-3">
          <FormAlert message={localizeMessage(Object.values(upload.error instanceof RequestError ? upload.error.fieldErrors : {})[0] ?? upload.error.message, t)} />
        </div>
      ) : null}
      <ul className="mt-4 grid gap-4 sm:grid-cols-2">
        {MEDIA_FIELDS.map((m) => {
          const url = settings.media[m.key];
          const label = t(...m.label);
          return (
            <li key={m.key} className="flex items-center gap-3">
              <div className="flex h-16 w-24 shrink-0 items-center justify-center rounded border border-slate-200 bg-slate-50">
                {url ? <img src={url} alt="" className="max-h-14 max-w-22 object-contain" /> : <span className="text-xs text-slate-600">{t('adminNoPicture', 'None')}</span>}
              </div>
              <div className="min-w-0">
                <label htmlFor={`${ids}-${m.key}`} className="block text-sm font-medium">
                  {label}
                </label>
                <input
                  id={`${ids}-${m.key}`}
                  type="file"
                  accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
                  onChange={(e) => {
                    const file = e.target.files?.[0];
                    if (file) upload.mutate({ key: m.key, file });
                    e.target.value = '';
                  }}
                  className="mt-1 block w-full text-sm file:me-2 file:rounded-lg file:border-0 file:bg-brand file:px-3 file:py-1.5 file:text-sm file:font-semibold file:text-white"
                />
                {url ? (
                  <button
                    type="button"
                    onClick={() => {
                      setTarget(m.key);
                      dialog.current?.showModal();
                    }}
                    className="mt-1 text-xs font-semibold text-red-800 underline"
                  >
                    {t('adminSecretRemove', 'Remove')}
                    <span className="sr-only"> {label}</span>
                  </button>
                ) : null}
              </div>
            </li>
          );
        })}
      </ul>
      <ConfirmDialog
        ref={dialog}
        id="remove-picture-dialog"
        tone="danger"
        title={t('adminRemovePictureTitle', 'Remove this picture?')}
        cancelLabel={t('cancel', 'Cancel')}
        confirmLabel={t('adminSecretRemove', 'Remove')}
        busy={remove.isPending}
        onConfirm={() => target && remove.mutate(target, { onSettled: () => dialog.current?.close() })}
      />
    </section>
  );
}

/** `/admin/settings`: everything the site reads from its settings, in sections. */
export default function AdminSettingsPage() {
  const t = useT();
  const session = useSession();
  const found = useQuery({ queryKey: ['admin', 'settings', session?.data.id], enabled: !!session, staleTime: 0, queryFn: () => adminCall('settings', settingsAnswer) });
  const settings = found.data?.data;
  return (
    <AdminPage title={t('adminSettings', 'Settings')} lead={t('adminSettingsLead', 'Company, currency, colours, logos, log-in and payment keys. The public site follows as soon as you save.')}>
      {settings ? (
        <div className="grid gap-6">
          {SETTING_SECTIONS.slice(0, 3).map((s) => (
            <Section key={s.id} section={s} settings={settings} />
          ))}
          <Pictures settings={settings} />
          {SETTING_SECTIONS.slice(3).map((s) => (
            <Section key={s.id} section={s} settings={settings} />
          ))}
        </div>
      ) : found.error ? (
        <FormAlert message={localizeMessage(found.error.message, t)} />
      ) : (
        <p>{t('loading', 'Loading…')}</p>
      )}
    </AdminPage>
  );
}
