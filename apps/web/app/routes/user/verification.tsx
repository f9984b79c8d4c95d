import type { VerificationField } from '@estate/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import type { Route } from './+types/verification';
import { FormAlert, SubmitButton } from '../../components/Form.tsx';
import { RequireUser } from '../../components/RequireUser.tsx';
import { useVerification, verificationKey } from '../../features/verification/get-verification.ts';
import { VerificationStatus } from '../../features/verification/VerificationStatus.tsx';
import { verificationBody, type Answer } from '../../features/verification/verification-form.ts';
import { call, RequestError } from '../../lib/client.ts';
import { useT } from '../../lib/i18n.ts';
import { pageTitle, siteFromMatches } from '../../lib/meta.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';

export function meta({ matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  return [{ title: pageTitle(t('agentVerification', 'Agent verification'), site) }, { name: 'robots', content: 'noindex' }];
}

const FILE_TYPES = 'application/pdf,image/jpeg,image/png,image/webp';
const input = 'mt-1 block w-full rounded-lg border border-slate-300 px-3 py-2 font-normal';

function FieldInput({ field, value, onChange }: { field: VerificationField; value: Answer; onChange: (a: Answer) => void }) {
  const id = useId();
  const t = useT();
  const label = (
    <>
      <bdi>{field.name}</bdi>
      {field.is_required ? <span aria-hidden="true"> *</span> : null}
    </>
  );
  const options = field.form_fields_values;
  if (field.field_type === 'radio' || field.field_type === 'checkbox') {
    const chosen = Array.isArray(value) ? value : typeof value === 'string' && value ? [value] : [];
    return (
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{label}</legend>
        <div className="mt-1 space-y-1">
          {options.map((o) => (
            <label key={o.id} className="flex min-h-11 items-center gap-3">
              <input
                type={field.field_type}
                name={`field-${field.id}`}
                value={o.value}
                required={field.is_required === 1 && field.field_type === 'radio'}
                checked={chosen.includes(o.value)}
                onChange={(e) => onChange(field.field_type === 'radio' ? o.value : e.target.checked ? [...chosen, o.value] : chosen.filter((c) => c !== o.value))}
                className="size-4 accent-brand"
              />
              <bdi>{o.value}</bdi>
            </label>
          ))}
        </div>
      </fieldset>
    );
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-medium text-slate-800">
        {label}
      </label>
      {field.field_type === 'dropdown' ? (
        <select id={id} required={field.is_required === 1} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)} className={`${input} min-h-11 bg-white`}>
          <option value="">{t('choose', 'Choose…')}</option>
          {options.map((o) => (
            <option key={o.id} value={o.value}>
              {o.value}
            </option>
          ))}
        </select>
      ) : field.field_type === 'textarea' ? (
        <textarea id={id} required={field.is_required === 1} rows={4} maxLength={2000} value={typeof value === 'string' ? value : ''} onChange={(e) => onChange(e.target.value)} className={input} />
      ) : field.field_type === 'file' ? (
        <>
          <input
            id={id}
            type="file"
            accept={FILE_TYPES}
            required={field.is_required === 1}
            onChange={(e) => onChange(e.target.files?.[0] ?? null)}
            aria-describedby={`${id}-hint`}
            className={`${input} file:me-3 file:rounded file:border-0 file:bg-brand-light file:px-3 file:py-1 file:text-brand-dark`}
          />
          <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600">
            {t('verificationFileHint', 'A PDF or a picture, up to 10 MB.')}
          </p>
        </>
      ) : (
        <input
          id={id}
          type={field.field_type === 'number' ? 'number' : 'text'}
          inputMode={field.field_type === 'number' ? 'decimal' : undefined}
          required={field.is_required === 1}
          maxLength={2000}
          value={typeof value === 'string' ? value : ''}
          onChange={(e) => onChange(e.target.value)}
          className={`${input} min-h-11`}
        />
      )}
    </div>
  );
}

function Verification() {
  const t = useT();
  const session = useSession();
  const queryClient = useQueryClient();
  const state = useVerification();
  const fields = useQuery({
    queryKey: ['verification-fields'],
    queryFn: async () => {
      const { verificationFieldsAnswer } = await import('../../features/verification/answers.ts');
      return (await call('get-agent-verification-form-fields', verificationFieldsAnswer)).data;
    },
  });
  const [answers, setAnswers] = useState<Record<number, Answer>>({});
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  const status = state.data?.verification_status;
  const mayApply = status === 'initial' || status === 'failed';

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const built = verificationBody(fields.data ?? [], answers);
    if ('missing' in built) {
      setProblem(`${built.missing.name}: ${t('fieldIsRequired', 'This field is required.')}`);
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      const { verificationStateAnswer } = await import('../../features/verification/answers.ts');
      await call('apply-agent-verification', verificationStateAnswer, { method: 'POST', body: built.body });
      toast(t('verificationSubmitted', 'Your application has been submitted for review.'));
      await queryClient.invalidateQueries({ queryKey: verificationKey(session?.data.id ?? 0) });
    } catch (error) {
      if (!(error instanceof RequestError && error.status === 401)) setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('agentVerification', 'Agent verification')}</h1>
      {state.data ? <VerificationStatus state={state.data} /> : <p role="status">{t('loading', 'Loading…')}</p>}
      {state.data && !mayApply && state.data.data.length ? (
        <section aria-labelledby="your-answers" className="rounded-xl border border-slate-200 bg-white p-4">
          <h2 id="your-answers" className="font-semibold">
            {t('yourAnswers', 'Your answers')}
          </h2>
          <dl className="mt-2 space-y-2 text-sm">
            {state.data.data.map((v) => (
              <div key={v.id}>
                <dt className="text-slate-600">
                  <bdi>{v.name}</bdi>
                </dt>
                <dd className="break-words font-medium">
                  {v.field_type === 'file' ? (
                    <a href={v.value} className="text-brand-dark underline" target="_blank" rel="noreferrer">
                      {t('viewFile', 'View file')}
                      <span className="sr-only">
                        : <bdi>{v.name}</bdi>
                      </span>
                    </a>
                  ) : (
                    <bdi>{v.value}</bdi>
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </section>
      ) : null}
      {mayApply && fields.data ? (
        <form onSubmit={submit} noValidate className="space-y-4 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" data-testid="verification-form">
          <p className="text-sm text-slate-700">{t('verificationIntro', 'Answer these questions to get the verified badge on your listings and your agent page.')}</p>
          {fields.data.map((f) => (
            <FieldInput key={f.id} field={f} value={answers[f.id] ?? null} onChange={(a) => setAnswers((all) => ({ ...all, [f.id]: a }))} />
          ))}
          <FormAlert message={problem} />
          <SubmitButton busy={busy} busyLabel={t('sending', 'Sending…')}>
            {t('applyForVerification', 'Apply for verification')}
          </SubmitButton>
        </form>
      ) : null}
    </div>
  );
}

export default function VerificationPage() {
  return <RequireUser>{() => <Verification />}</RequireUser>;
}
