import { contactMessageBody, type ContactMessageBody } from '@estate/core';
import { useEffect, useRef, useState, type FocusEvent, type FormEvent } from 'react';
import { data, Form, useNavigation } from 'react-router';
import type { Route } from './+types/contact';
import { ChatWithPlatform } from '../features/chat/ChatWithPlatform.tsx';
import { ApiError, api } from '../lib/api.ts';
import { localizeMessage, useSite, useT, type Translate } from '../lib/i18n.ts';
import { listMeta, siteFromMatches } from '../lib/meta.ts';

type Field = keyof ContactMessageBody;
const FIELDS = ['first_name', 'last_name', 'email', 'subject', 'message'] as const satisfies readonly Field[];
type Values = Record<Field, string>;

const valuesOf = (form: FormData): Values =>
  Object.fromEntries(FIELDS.map((name) => [name, String(form.get(name) ?? '')])) as Values;

/** Posts the form to `contct_us`; the API's own checks decide, and its messages come back per field. */
export async function action({ request, context }: Route.ActionArgs) {
  const values = valuesOf(await request.formData());
  try {
    const message = await api.contact({ request, context }, values);
    return { ok: true as const, message, values: null, fields: {} as Partial<Record<Field, string>> };
  } catch (error) {
    if (error instanceof ApiError && (error.status === 400 || error.status === 429)) {
      const fields: Partial<Record<Field, string>> = {};
      for (const name of FIELDS) {
        const first = error.fields?.[name]?.[0];
        if (first) fields[name] = first;
      }
      return data({ ok: false as const, message: error.detail ?? error.message, values, fields }, { status: error.status });
    }
    throw error;
  }
}

export function meta({ matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  return listMeta(site, t('contactUs', 'Contact us'), t('contactDescription', 'Questions about a listing, your account or advertising with us? Send us a message.'));
}

/**
 * The same rules the API applies (the contract's schema), checked in the browser as the visitor
 * types; the message is ours, in the page's language.
 */
function checkField(name: Field, value: string, t: Translate): string | null {
  const result = contactMessageBody.shape[name].safeParse(value);
  if (result.success) return null;
  if (value.trim() === '') return t('fieldRequired', 'This field is required.');
  const issue = result.error.issues[0];
  if (issue?.code === 'too_big') return t('fieldTooLong', 'This is too long.');
  if (name === 'email') return t('invalidEmail', 'Enter a valid e-mail address, like name@example.com.');
  return t('fieldInvalid', 'Check this field.');
}

const input = 'w-full rounded-lg border bg-white px-3 py-2 text-slate-900 focus:border-brand';

export default function Contact({ actionData }: Route.ComponentProps) {
  const t = useT();
  const site = useSite();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  // null: checked here and fine; undefined: not checked here since the last answer.
  const [checked, setChecked] = useState<Partial<Record<Field, string | null>>>({});
  const [touched, setTouched] = useState<Partial<Record<Field, boolean>>>({});
  const [hydrated, setHydrated] = useState(false);
  const submitting = navigation.state === 'submitting';

  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    setChecked({});
    setTouched({});
    if (actionData?.ok) formRef.current?.reset();
  }, [actionData]);

  const errorOf = (name: Field) => (checked[name] !== undefined ? checked[name] : actionData?.fields[name]);
  const check = (name: Field, value: string) => setChecked((prev) => ({ ...prev, [name]: checkField(name, value, t) }));
  const onBlur = (event: FocusEvent<HTMLInputElement | HTMLTextAreaElement>) => {
    const name = event.target.name as Field;
    setTouched((prev) => ({ ...prev, [name]: true }));
    check(name, event.target.value);
  };
  const onChange = (event: FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLInputElement;
    const name = target.name as Field;
    if (FIELDS.includes(name) && (touched[name] || errorOf(name))) check(name, target.value);
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    const values = valuesOf(new FormData(event.currentTarget));
    const errors = Object.fromEntries(FIELDS.map((name) => [name, checkField(name, values[name], t)])) as Record<Field, string | null>;
    setChecked(errors);
    const firstBad = FIELDS.find((name) => errors[name]);
    if (firstBad) {
      event.preventDefault();
      const field = event.currentTarget.elements.namedItem(firstBad);
      if (field instanceof HTMLElement) field.focus();
    }
  };

  const defaults = actionData?.ok === false ? actionData.values : null;
  const labels: Record<Field, string> = {
    first_name: t('firstName', 'First name'),
    last_name: t('lastName', 'Last name'),
    email: t('email', 'E-mail'),
    subject: t('subject', 'Subject'),
    message: t('message', 'Message'),
  };
  const fieldProps = (name: Field) => {
    const error = errorOf(name);
    return {
      id: `contact-${name}`,
      name,
      required: true,
      defaultValue: defaults?.[name] ?? '',
      onBlur,
      'aria-invalid': error ? true : undefined,
      'aria-describedby': error ? `contact-${name}-error` : undefined,
      className: `${input} ${error ? 'border-red-600' : 'border-slate-300'}`,
    };
  };
  const label = (name: Field) => (
    <label htmlFor={`contact-${name}`} className="mb-1 block text-sm font-medium text-slate-800">
      {labels[name]}
    </label>
  );
  const error = (name: Field) => {
    const message = errorOf(name);
    return message ? (
      <p id={`contact-${name}-error`} className="mt-1 text-sm text-red-700">
        {localizeMessage(message, t)}
      </p>
    ) : null;
  };

  return (
    <div className="mx-auto grid max-w-5xl gap-10 lg:grid-cols-3">
      <div className="lg:col-span-2">
        <h1 className="text-3xl font-bold tracking-tight">{t('contactUs', 'Contact us')}</h1>
        <p className="mt-2 text-slate-700">{t('contactLead', 'Write to us and we will answer by e-mail, usually within one working day.')}</p>
        <ChatWithPlatform />

        {actionData?.ok ? (
          <p role="status" className="mt-6 rounded-lg border border-green-200 bg-green-50 p-4 font-medium text-green-900">
            {actionData.message}
          </p>
        ) : actionData && !Object.keys(actionData.fields).length ? (
          <p role="alert" className="mt-6 rounded-lg border border-red-200 bg-red-50 p-4 text-red-800">
            {actionData.message}
          </p>
        ) : null}

        <Form
          ref={formRef}
          method="post"
          noValidate={hydrated}
          onSubmit={onSubmit}
          onChange={onChange}
          aria-label={t('contactForm', 'Contact form')}
          className="mt-6 grid gap-4 rounded-xl border border-slate-200 bg-white p-5 sm:grid-cols-2"
        >
          <div>
            {label('first_name')}
            <input type="text" autoComplete="given-name" maxLength={100} {...fieldProps('first_name')} />
            {error('first_name')}
          </div>
          <div>
            {label('last_name')}
            <input type="text" autoComplete="family-name" maxLength={100} {...fieldProps('last_name')} />
            {error('last_name')}
          </div>
          <div className="sm:col-span-2">
            {label('email')}
            <input type="email" autoComplete="email" maxLength={254} dir="ltr" {...fieldProps('email')} />
            {error('email')}
          </div>
          <div className="sm:col-span-2">
            {label('subject')}
            <input type="text" maxLength={200} {...fieldProps('subject')} />
            {error('subject')}
          </div>
          <div className="sm:col-span-2">
            {label('message')}
            <textarea rows={6} maxLength={5000} {...fieldProps('message')} />
            {error('message')}
          </div>
          <div className="sm:col-span-2">
            <button type="submit" disabled={submitting} className="rounded-lg bg-brand px-6 py-2.5 font-semibold text-white hover:bg-brand-dark disabled:opacity-70">
              {submitting ? t('sending', 'Sending…') : t('sendMessage', 'Send message')}
            </button>
          </div>
        </Form>
      </div>

      {site ? (
        <aside aria-labelledby="reach-us" className="h-fit rounded-xl border border-slate-200 bg-white p-5 lg:mt-24">
          <h2 id="reach-us" className="text-lg font-bold">
            {site.company.name}
          </h2>
          <address className="mt-2 text-sm not-italic leading-6 text-slate-700">{site.company.address}</address>
          <ul className="mt-3 space-y-1 text-sm">
            {site.company.phone ? (
              <li>
                <a href={`tel:${site.company.phone.replace(/\s+/g, '')}`} dir="ltr" className="text-brand-dark underline underline-offset-2">
                  {site.company.phone}
                </a>
              </li>
            ) : null}
            {site.company.email ? (
              <li>
                <a href={`mailto:${site.company.email}`} className="break-all text-brand-dark underline underline-offset-2">
                  {site.company.email}
                </a>
              </li>
            ) : null}
          </ul>
        </aside>
      ) : null}
    </div>
  );
}
