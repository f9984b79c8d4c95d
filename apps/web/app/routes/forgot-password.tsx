import { emailField, otpField, passwordField } from '@estate/core';
import { useState } from 'react';
import { Link } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/forgot-password';
import { AuthCard, Field, FormAlert, SubmitButton } from '../components/Form.tsx';
import { nothingAnswer } from '../lib/answers.ts';
import { call } from '../lib/client.ts';
import { schemaErrors, useLiveForm } from '../lib/forms.ts';
import { useT } from '../lib/i18n.ts';
import { pageTitle, siteFromMatches } from '../lib/meta.ts';

export function meta({ matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  return [{ title: pageTitle(t('forgotPasswordTitle', 'Reset your password'), site) }, { name: 'robots', content: 'noindex' }];
}

const askStep = z.object({ email: emailField() });
const resetStep = z.object({ otp: otpField, password: passwordField(), re_password: z.string().min(1, { error: 're_password is required' }) });

function validateReset(values: { otp: string; password: string; re_password: string }) {
  const errors = schemaErrors(resetStep, values);
  if (!errors.re_password && values.password !== values.re_password) errors.re_password = 're_password must match password';
  return errors;
}

export default function ForgotPassword() {
  const t = useT();
  const [email, setEmail] = useState<string>();
  const [notice, setNotice] = useState<string>();
  const [changed, setChanged] = useState<string>();
  const ask = useLiveForm({ email: '' }, (v) => schemaErrors(askStep, v));
  const reset = useLiveForm({ otp: '', password: '', re_password: '' }, validateReset);

  if (changed) {
    return (
      <AuthCard title={t('passwordChanged', 'Password changed')}>
        <FormAlert message={changed} tone="success" />
        <Link to="/login" className="mt-6 block rounded-lg bg-brand px-5 py-2.5 text-center font-medium text-white hover:bg-brand-dark">
          {t('login', 'Log in')}
        </Link>
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={t('forgotPasswordTitle', 'Reset your password')}
      lead={email ? undefined : t('forgotPasswordLead', 'Enter the e-mail address of your account and we will send you a code to set a new password.')}
    >
      {!email ? (
        <form
          noValidate
          className="space-y-2"
          onSubmit={ask.onSubmit(async (values) => {
            setNotice((await call('forgot-password', nothingAnswer, { query: values, anonymous: true })).message);
            setEmail(values.email.trim().toLowerCase());
          })}
        >
          <FormAlert message={ask.formError} />
          <Field label={t('email', 'E-mail')} type="email" autoComplete="email" required {...ask.field('email')} />
          <SubmitButton busy={ask.busy} busyLabel={t('sending', 'Sending…')}>
            {t('sendCode', 'Send code')}
          </SubmitButton>
        </form>
      ) : (
        <form
          noValidate
          className="space-y-1"
          onSubmit={reset.onSubmit(async (values) => {
            setChanged((await call('reset-password', nothingAnswer, { method: 'POST', body: { email, ...values }, anonymous: true })).message);
          })}
        >
          <FormAlert message={notice} tone="success" />
          <FormAlert message={reset.formError} />
          <Field label={t('code', 'Code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} dir="ltr" {...reset.field('otp')} />
          <Field
            label={t('newPassword', 'New password')}
            type="password"
            autoComplete="new-password"
            hint={t('passwordHint', 'At least 8 characters')}
            {...reset.field('password')}
          />
          <Field label={t('confirmPassword', 'Confirm password')} type="password" autoComplete="new-password" {...reset.field('re_password')} />
          <SubmitButton busy={reset.busy} busyLabel={t('saving', 'Saving…')}>
            {t('setNewPassword', 'Set new password')}
          </SubmitButton>
        </form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className="font-medium text-brand-dark underline">
          {t('backToLogin', 'Back to log in')}
        </Link>
      </p>
    </AuthCard>
  );
}
