import { type ComponentProps, type InputHTMLAttributes, type ReactNode, useId } from 'react';
import { localizeMessage, useT } from '../lib/i18n.ts';

type FieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'onChange' | 'onBlur' | 'value'> & {
  label: string;
  name: string;
  value: string;
  error?: string;
  hint?: ReactNode;
  onChange: InputHTMLAttributes<HTMLInputElement>['onChange'];
  onBlur: () => void;
};

export const inputClass =
  'w-full rounded-lg border bg-white px-3 py-2 text-base text-slate-900 focus:border-brand aria-[invalid=true]:border-red-600';

/** A labelled input whose message is tied to it (`aria-describedby`) and announced as it changes. */
export function Field({ label, error, hint, className, ...input }: FieldProps) {
  const id = useId();
  const t = useT();
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = `${id}-error`;
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
        {label}
      </label>
      <input
        id={id}
        {...input}
        aria-invalid={error ? true : undefined}
        aria-describedby={[hintId, error ? errorId : undefined].filter(Boolean).join(' ') || undefined}
        className={`${inputClass} ${error ? 'border-red-600' : 'border-slate-300'}`}
      />
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <p id={errorId} aria-live="polite" className="mt-1 min-h-5 text-sm text-red-700">
        {error ? localizeMessage(error, t) : null}
      </p>
    </div>
  );
}

/** A phone number in international form, typed left to right in every language. */
export function PhoneField(props: Omit<ComponentProps<typeof Field>, 'type' | 'hint'>) {
  const t = useT();
  return <Field type="tel" autoComplete="tel" inputMode="tel" dir="ltr" hint={t('phoneHint', 'With the country code, e.g. +919820012345')} {...props} />;
}

export function FormAlert({ message, tone = 'error' }: { message: string | undefined; tone?: 'error' | 'success' }) {
  const t = useT();
  if (!message) return null;
  const colours = tone === 'error' ? 'border-red-200 bg-red-50 text-red-800' : 'border-emerald-200 bg-emerald-50 text-emerald-900';
  return (
    <p role={tone === 'error' ? 'alert' : 'status'} className={`rounded-lg border px-4 py-3 text-sm ${colours}`}>
      {localizeMessage(message, t)}
    </p>
  );
}

export function SubmitButton({ busy, children, busyLabel }: { busy: boolean; children: ReactNode; busyLabel: string }) {
  return (
    <button
      type="submit"
      disabled={busy}
      aria-disabled={busy}
      className="w-full rounded-lg bg-brand px-5 py-2.5 font-medium text-white hover:bg-brand-dark disabled:cursor-wait disabled:opacity-70"
    >
      {busy ? busyLabel : children}
    </button>
  );
}

/** The centred card the account pages sit in. */
export function AuthCard({ title, lead, children }: { title: string; lead?: ReactNode; children: ReactNode }) {
  return (
    <div className="mx-auto max-w-md rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
      <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
      {lead ? <p className="mt-2 text-slate-600">{lead}</p> : null}
      <div className="mt-6">{children}</div>
    </div>
  );
}
