import { LISTING_STATUS, PERSON_ROLES, type PersonRole } from '@estate/core';
import { type FormEvent, useId, useRef, useState } from 'react';
import { Link, useParams } from 'react-router';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { inputClass } from '../../components/Form.tsx';
import { AdminPage } from '../../features/admin/AdminPage.tsx';
import { RoleBadge, StatusBadges } from '../../features/admin/people/PersonBadges.tsx';
import { ReasonDialog } from '../../features/admin/ReasonDialog.tsx';
import { useMessagePerson, usePerson, useResetVerification, useSetActive, useSetRole } from '../../features/admin/people/api.ts';
import { RequestError } from '../../lib/client.ts';
import { localizeMessage, useT } from '../../lib/i18n.ts';

const when = (iso: string | null, lang: string) => (iso ? new Date(iso).toLocaleString(lang, { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', numberingSystem: 'latn' }) : '—');

function MessageForm({ id, blocked }: { id: number; blocked: boolean }) {
  const t = useT();
  const formId = useId();
  const send = useMessagePerson(t);
  const [title, setTitle] = useState('');
  const [message, setMessage] = useState('');
  const errors = send.error instanceof RequestError ? send.error.fieldErrors : {};
  const submit = (event: FormEvent) => {
    event.preventDefault();
    send.mutate({ id, title: title.trim(), message: message.trim() }, { onSuccess: () => (setTitle(''), setMessage('')) });
  };
  if (blocked) return <p className="rounded-lg bg-amber-50 p-3 text-sm text-amber-900">{t('adminBlocksPlatform', 'This person has blocked messages from the platform.')}</p>;
  return (
    <form onSubmit={submit} className="grid gap-3">
      <div>
        <label htmlFor={`${formId}-title`} className="block text-sm font-medium">
          {t('adminMessageTitle', 'Title')}
        </label>
        <input id={`${formId}-title`} value={title} onChange={(e) => setTitle(e.target.value)} required minLength={3} maxLength={120} aria-invalid={errors.title ? true : undefined} className={`${inputClass} mt-1`} />
        {errors.title && <p className="mt-1 text-sm text-red-700">{localizeMessage(errors.title, t)}</p>}
      </div>
      <div>
        <label htmlFor={`${formId}-message`} className="block text-sm font-medium">
          {t('adminMessageBody', 'Message')}
        </label>
        <textarea id={`${formId}-message`} value={message} onChange={(e) => setMessage(e.target.value)} required minLength={3} maxLength={2000} rows={4} aria-invalid={errors.message ? true : undefined} className={`${inputClass} mt-1`} />
        {errors.message && <p className="mt-1 text-sm text-red-700">{localizeMessage(errors.message, t)}</p>}
      </div>
      <p className="text-xs text-slate-600">{t('adminMessageLead', 'They get a notice and an e-mail.')}</p>
      <div>
        <button type="submit" disabled={send.isPending} className="rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark disabled:opacity-60">
          {t('adminSendMessage', 'Send')}
        </button>
      </div>
    </form>
  );
}

/** `/admin/people/:id`: one person — activity, latest listings, and the actions on their account. */
export default function AdminPerson() {
  const t = useT();
  const id = Number(useParams().id) || 0;
  const person = usePerson(id);
  const setActive = useSetActive(t);
  const setRole = useSetRole(t);
  const reset = useResetVerification(t);
  const activeDialog = useRef<HTMLDialogElement>(null);
  const roleDialog = useRef<HTMLDialogElement>(null);
  const resetDialog = useRef<HTMLDialogElement>(null);
  const roleId = useId();
  const [role, setRoleChoice] = useState<PersonRole | ''>('');
  const p = person.data?.data;
  const roleLabel = { user: t('adminRoleUser', 'User'), agent: t('adminRoleAgent', 'Agent'), admin: t('adminRoleAdmin', 'Administrator') };

  if (person.error)
    return (
      <AdminPage title={t('adminPerson', 'Person')}>
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-sm text-red-800">
          {localizeMessage(person.error.message, t)}
        </p>
      </AdminPage>
    );
  if (!p)
    return (
      <AdminPage title={t('adminPerson', 'Person')}>
        <p aria-busy="true">{t('loading', 'Loading…')}</p>
      </AdminPage>
    );

  const chosenRole = role || p.role;
  const figures: [string, number][] = [
    [t('adminColListings', 'Listings'), p.activity.properties],
    [t('adminProjects', 'Projects'), p.activity.projects],
    [t('adminPayments', 'Payments'), p.activity.payments],
    [t('adminReportsAgainst', 'Reports against them'), p.activity.reports_against],
    [t('adminOpenReportsAgainst', 'Still open'), p.activity.open_reports_against],
  ];
  const card = 'rounded-xl border border-slate-200 bg-white p-4';
  return (
    <AdminPage
      title={p.name || p.email || t('adminPerson', 'Person')}
      lead={[p.email, p.mobile].filter(Boolean).join(' · ')}
      actions={
        <Link to="/admin/people" className="rounded-lg border border-slate-300 bg-white px-4 py-2 text-sm font-semibold hover:bg-slate-50">
          {t('adminBackToPeople', 'All people')}
        </Link>
      }
    >
      <div className="mb-4 flex flex-wrap items-center gap-2">
        <RoleBadge role={p.role} />
        <StatusBadges person={p} />
        {p.activity.blocks_admin && <span className="rounded-full bg-amber-100 px-2.5 py-0.5 text-xs font-semibold text-amber-900">{t('adminBlocksPlatformShort', 'Blocks the platform')}</span>}
      </div>
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {figures.map(([label, n]) => (
          <div key={label} className={card}>
            <dt className="text-sm text-slate-700">{label}</dt>
            <dd className="text-2xl font-bold">{n}</dd>
          </div>
        ))}
      </dl>
      <p className="mt-3 text-sm text-slate-700">
        {t('adminColLastLogin', 'Last log-in')}: {when(p.last_login_at, t.lang)} · {t('adminColJoined', 'Joined')}: {when(p.created_at, t.lang)}
      </p>

      <div className="mt-6 grid gap-6 lg:grid-cols-2">
        <section aria-labelledby="person-account" className={card}>
          <h2 id="person-account" className="text-lg font-semibold">
            {t('adminAccount', 'Account')}
          </h2>
          <div className="mt-3 flex flex-wrap items-end gap-3">
            <div>
              <label htmlFor={roleId} className="block text-sm font-medium">
                {t('adminColRole', 'Role')}
              </label>
              <select id={roleId} value={chosenRole} onChange={(e) => setRoleChoice(e.target.value as PersonRole)} className={`${inputClass} mt-1 w-auto`}>
                {PERSON_ROLES.map((r) => (
                  <option key={r} value={r}>
                    {roleLabel[r]}
                  </option>
                ))}
              </select>
            </div>
            <button type="button" disabled={chosenRole === p.role} onClick={() => roleDialog.current?.showModal()} className="rounded-lg bg-brand px-4 py-2 text-sm font-semibold text-white hover:bg-brand-dark disabled:opacity-50">
              {t('adminChangeRole', 'Change role')}
            </button>
          </div>
          <div className="mt-4 flex flex-wrap gap-2">
            <button
              type="button"
              onClick={() => {
                setActive.reset();
                activeDialog.current?.showModal();
              }}
              className={p.is_active ? 'rounded-lg border border-red-700 px-4 py-2 text-sm font-semibold text-red-800 hover:bg-red-50' : 'rounded-lg bg-emerald-700 px-4 py-2 text-sm font-semibold text-white hover:bg-emerald-800'}
            >
              {p.is_active ? t('adminDeactivate', 'Deactivate account') : t('adminReactivate', 'Reactivate account')}
            </button>
            {p.verification_status !== 'initial' && (
              <button type="button" onClick={() => resetDialog.current?.showModal()} className="rounded-lg border border-slate-400 px-4 py-2 text-sm font-semibold text-slate-800 hover:bg-slate-50">
                {t('adminResetVerification', 'Reset verification')}
              </button>
            )}
          </div>
        </section>

        <section aria-labelledby="person-message" className={card}>
          <h2 id="person-message" className="text-lg font-semibold">
            {t('adminSendAMessage', 'Send a message')}
          </h2>
          <div className="mt-3">
            <MessageForm id={p.id} blocked={p.activity.blocks_admin} />
          </div>
        </section>
      </div>

      <section aria-labelledby="person-listings" className="mt-6">
        <h2 id="person-listings" className="text-lg font-semibold">
          {t('adminLatestListings', 'Latest listings')}
        </h2>
        {p.recent_listings.length === 0 ? (
          <p className="mt-2 text-slate-700">{t('adminNoListings', 'No listings.')}</p>
        ) : (
          <ul className="mt-2 divide-y divide-slate-100 rounded-xl border border-slate-200 bg-white">
            {p.recent_listings.map((l) => (
              <li key={l.id} className="flex flex-wrap items-center justify-between gap-2 p-3">
                <Link to={`/admin/listings/property/${encodeURIComponent(l.slug_id)}`} className="font-medium text-brand-dark underline wrap-anywhere">
                  {l.title}
                </Link>
                <span className="text-sm text-slate-700">
                  {{ pending: t('adminStatePending', 'Waiting for review'), approved: t('adminStateApproved', 'Approved'), rejected: t('adminStateRejected', 'Rejected') }[l.request_status] ?? l.request_status}
                  {l.status === LISTING_STATUS.inactive && ` · ${t('adminHidden', 'Hidden')}`}
                  {l.status === LISTING_STATUS.heldWithOwner && ` · ${t('adminHeldWithOwner', 'Hidden: owner deactivated')}`}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <ReasonDialog
        dialog={activeDialog}
        title={p.is_active ? t('adminDeactivateTitle', 'Deactivate this account?') : t('adminReactivateTitle', 'Reactivate this account?')}
        reasonLabel={t('adminReasonPerson', 'What they will read')}
        reasonRequired={false}
        confirmLabel={p.is_active ? t('adminDeactivate', 'Deactivate account') : t('adminReactivate', 'Reactivate account')}
        tone={p.is_active ? 'danger' : 'brand'}
        busy={setActive.isPending}
        error={setActive.error}
        onConfirm={(reason) => setActive.mutate({ id: p.id, active: !p.is_active, reason }, { onSettled: () => activeDialog.current?.close() })}
      >
        <p className="mt-2 text-sm text-slate-700">
          {p.is_active ? t('adminDeactivateLead', 'The owner is logged out everywhere and cannot log in until an administrator reactivates the account.') : t('adminReactivateLead', 'They can log in again and are told so.')}
        </p>
      </ReasonDialog>
      <ConfirmDialog
        ref={roleDialog}
        id="role-dialog"
        title={`${t('adminChangeRoleTitle', 'Change the role to')} ${roleLabel[chosenRole]}?`}
        cancelLabel={t('cancel', 'Cancel')}
        confirmLabel={t('adminChangeRole', 'Change role')}
        tone={p.role === 'admin' || chosenRole === 'admin' ? 'danger' : 'brand'}
        busy={setRole.isPending}
        onConfirm={() => setRole.mutate({ id: p.id, role: chosenRole }, { onSettled: () => (roleDialog.current?.close(), setRoleChoice('')) })}
      >
        {chosenRole === 'admin' && <p className="mt-2 text-sm text-slate-700">{t('adminMakeAdminLead', 'An administrator can do everything in this console.')}</p>}
      </ConfirmDialog>
      <ConfirmDialog
        ref={resetDialog}
        id="reset-dialog"
        title={t('adminResetVerificationTitle', 'Reset their verification?')}
        cancelLabel={t('cancel', 'Cancel')}
        confirmLabel={t('adminResetVerification', 'Reset verification')}
        tone="danger"
        busy={reset.isPending}
        onConfirm={() => reset.mutate(p.id, { onSettled: () => resetDialog.current?.close() })}
      >
        <p className="mt-2 text-sm text-slate-700">{t('adminResetVerificationLead', 'The verified badge goes and their application and files are removed. They may apply again.')}</p>
      </ConfirmDialog>
    </AdminPage>
  );
}
