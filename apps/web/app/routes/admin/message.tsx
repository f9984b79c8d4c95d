import { MAX_CHAT_MESSAGE, type InboxMessage } from '@estate/core';
import { type FormEvent, useId, useState } from 'react';
import { Link, useParams } from 'react-router';
import { inputClass } from '../../components/Form.tsx';
import { AdminPage } from '../../features/admin/AdminPage.tsx';
import { useInboxReply, useInboxThread } from '../../features/admin/inbox/api.ts';
import { RequestError } from '../../lib/client.ts';
import { localizeMessage, useT } from '../../lib/i18n.ts';

const when = (iso: string, lang: string) => new Date(iso).toLocaleString(lang, { day: 'numeric', month: 'short', year: 'numeric', hour: 'numeric', minute: '2-digit', numberingSystem: 'latn' });

function Bubble({ m, person }: { m: InboxMessage; person: string }) {
  const t = useT();
  const who = m.from_platform ? (m.admin?.name ? t('adminInboxAdminWrote', '{name} for the platform').replace('{name}', m.admin.name) : t('adminInboxPlatform', 'The platform')) : person;
  return (
    <li className={`flex ${m.from_platform ? 'justify-end' : 'justify-start'}`} data-testid={m.from_platform ? 'inbox-reply' : 'inbox-message'}>
      <div className={`max-w-[85%] rounded-2xl px-3 py-2 ${m.from_platform ? 'bg-brand-dark text-white' : 'border border-slate-200 bg-white text-slate-900'}`}>
        <p className={`text-xs font-semibold ${m.from_platform ? 'text-white' : 'text-slate-700'}`}>{who}</p>
        {m.message && (
          <p dir="auto" className="whitespace-pre-wrap wrap-anywhere">
            {m.message}
          </p>
        )}
        {m.file && (
          <a href={m.file} target="_blank" rel="noopener noreferrer" className="underline">
            {t('adminInboxFile', 'File')}
          </a>
        )}
        {m.audio && <audio controls src={m.audio} className="max-w-full" aria-label={t('adminInboxVoiceNote', 'Voice note')} />}
        <p className={`mt-1 text-xs ${m.from_platform ? 'text-white' : 'text-slate-600'}`}>
          {when(m.created_at, t.lang)}
          {m.from_platform && ` · ${m.is_read ? t('adminInboxSeen', 'Seen') : t('adminInboxDelivered', 'Delivered')}`}
        </p>
      </div>
    </li>
  );
}

function ReplyForm({ id }: { id: number }) {
  const t = useT();
  const fieldId = useId();
  const reply = useInboxReply(t);
  const [text, setText] = useState('');
  const error = reply.error instanceof RequestError ? reply.error.fieldErrors.message : undefined;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!text.trim()) return;
    reply.mutate({ id, message: text.trim() }, { onSuccess: () => setText('') });
  };
  return (
    <form onSubmit={submit} className="mt-4 grid gap-2">
      <label htmlFor={fieldId} className="text-sm font-medium">
        {t('adminInboxReplyLabel', 'Answer as the platform')}
      </label>
      <textarea id={fieldId} value={text} onChange={(e) => setText(e.target.value)} required maxLength={MAX_CHAT_MESSAGE} rows={3} dir="auto" aria-invalid={error ? true : undefined} className={inputClass} />
      {error && <p className="text-sm text-red-700">{localizeMessage(error, t)}</p>}
      <div>
        <button type="submit" disabled={reply.isPending} className="rounded-lg bg-brand-dark px-4 py-2 text-sm font-semibold text-white hover:bg-brand disabled:opacity-60">
          {t('adminInboxSend', 'Send answer')}
        </button>
      </div>
    </form>
  );
}

/** `/admin/messages/:id`: one conversation with the platform, read (which marks it read) and answered. */
export default function AdminMessage() {
  const t = useT();
  const id = Number(useParams().id) || 0;
  const [page, setPage] = useState(1);
  const thread = useInboxThread(id, page);
  const d = thread.data?.data;
  const c = d?.conversation;
  const person = c ? c.user.name || c.user.email || t('adminNoName', 'No name') : '';
  const pages = d ? Math.max(1, Math.ceil(d.total / d.per_page)) : 1;
  return (
    <AdminPage
      title={c ? t('adminInboxWith', 'Conversation with {name}').replace('{name}', person) : t('adminInbox', 'Messages')}
      lead={c ? (c.property ? t('adminInboxAbout', 'About “{title}”').replace('{title}', c.property.title) : t('adminInboxNoListing', 'No listing (a general question)')) : undefined}
      actions={
        <Link to="/admin/messages" className="rounded-lg border border-slate-300 px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50">
          {t('adminInboxBack', 'All messages')}
        </Link>
      }
    >
      {thread.error && (
        <p role="alert" className="rounded-lg bg-red-50 p-3 text-red-800">
          {localizeMessage(thread.error.message, t)}
        </p>
      )}
      {!d && !thread.error && (
        <p role="status" className="text-slate-600">
          {t('loading', 'Loading…')}
        </p>
      )}
      {d && c && (
        <div className="max-w-3xl">
          <p className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm">
            <Link to={`/admin/people/${c.user.id}`} className="font-medium text-brand-dark underline">
              {t('adminInboxPersonLink', 'The person’s account')}
            </Link>
            {c.property && (
              <a href={`/properties-details/${c.property.slug_id}`} className="font-medium text-brand-dark underline">
                {t('adminInboxListingLink', 'The listing')}
              </a>
            )}
          </p>
          {page < pages && (
            <p className="mb-3 text-center">
              <button type="button" onClick={() => setPage(page + 1)} className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-800">
                {t('adminInboxOlder', 'Earlier messages')}
              </button>
            </p>
          )}
          <ol aria-label={t('adminInboxMessages', 'Messages in this conversation')} className="space-y-2 rounded-2xl border border-slate-200 bg-slate-50 p-3" data-testid="inbox-thread">
            {[...d.messages].reverse().map((m) => (
              <Bubble key={m.id} m={m} person={person} />
            ))}
          </ol>
          {page > 1 && (
            <p className="mt-3 text-center">
              <button type="button" onClick={() => setPage(page - 1)} className="rounded-full border border-slate-300 bg-white px-3 py-1 text-sm text-slate-800">
                {t('adminInboxNewer', 'Later messages')}
              </button>
            </p>
          )}
          {c.blocks_admin ? (
            <p role="status" className="mt-4 rounded-lg bg-amber-50 p-3 text-sm text-amber-900" data-testid="inbox-blocked">
              {t('adminBlocksPlatform', 'This person has blocked messages from the platform.')}
            </p>
          ) : (
            <ReplyForm id={id} />
          )}
        </div>
      )}
    </AdminPage>
  );
}
