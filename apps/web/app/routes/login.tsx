import { emailField, mobileField, otpField } from '@estate/core';
import { useEffect, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/login';
import { GoogleButton } from '../components/GoogleButton.tsx';
import { AuthCard, Field, PhoneField, FormAlert, SubmitButton } from '../components/Form.tsx';
import { nothingAnswer, sessionAnswer, startSession } from '../lib/answers.ts';
import { call, takeRedirectAfterLogin } from '../lib/client.ts';
import { schemaErrors, useLiveForm } from '../lib/forms.ts';
import { useT } from '../lib/i18n.ts';
import { pageTitle, siteFromMatches } from '../lib/meta.ts';
import { getSession } from '../lib/session.ts';

export function meta({ matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  return [{ title: pageTitle(t('login', 'Log in'), site) }, { name: 'robots', content: 'noindex' }];
}

const emailLogin = z.object({ email: emailField(), password: z.string().min(1, { error: 'password is required' }) });
const phoneStep = z.object({ number: mobileField('number') });
const codeStep = z.object({ otp: otpField });
const authIdAnswer = z.object({ error: z.boolean(), message: z.string(), data: z.object({ auth_id: z.string() }) });

/** After logging in: back where a 401 sent the user from, else home. */
function useAfterLogin() {
  const navigate = useNavigate();
  return () => navigate(takeRedirectAfterLogin('/'), { replace: true });
}

function EmailLogin({ onUnverified }: { onUnverified: (email: string) => void }) {
  const t = useT();
  const done = useAfterLogin();
  const form = useLiveForm({ email: '', password: '' }, (v) => schemaErrors(emailLogin, v));
  const [unverified, setUnverified] = useState(false);
  return (
    <form
      noValidate
      onSubmit={form.onSubmit(async ({ email, password }) => {
        setUnverified(false);
        try {
          startSession(await call('user_signup', sessionAnswer, { method: 'POST', body: { type: 3, email, password }, anonymous: true }));
          done();
        } catch (error) {
          if (error instanceof Error && error.message === 'Email is not verified') setUnverified(true);
          throw error;
        }
      })}
      className="space-y-2"
    >
      <FormAlert message={form.formError} />
      {unverified ? (
        <button type="button" onClick={() => onUnverified(form.values.email)} className="text-sm font-medium text-brand-dark underline">
          {t('verifyEmailNow', 'Send me a code to verify my e-mail')}
        </button>
      ) : null}
      <Field label={t('email', 'E-mail')} type="email" autoComplete="email" required {...form.field('email')} />
      <Field label={t('password', 'Password')} type="password" autoComplete="current-password" required {...form.field('password')} />
      <p className="text-end text-sm">
        <Link to="/forgot-password" className="font-medium text-brand-dark underline">
          {t('forgotPassword', 'Forgot password?')}
        </Link>
      </p>
      <SubmitButton busy={form.busy} busyLabel={t('loggingIn', 'Logging in…')}>
        {t('login', 'Log in')}
      </SubmitButton>
    </form>
  );
}

/** Spec §7: type 1 — get-otp to the number, verify-otp answers auth_id, user_signup logs in. */
function PhoneLogin() {
  const t = useT();
  const done = useAfterLogin();
  const [number, setNumber] = useState<string>();
  const [sent, setSent] = useState<string>();
  const numberForm = useLiveForm({ number: '' }, (v) => schemaErrors(phoneStep, v));
  const codeForm = useLiveForm({ otp: '' }, (v) => schemaErrors(codeStep, v));
  if (!number) {
    return (
      <form
        noValidate
        className="space-y-2"
        onSubmit={numberForm.onSubmit(async ({ number }) => {
          const answer = await call('get-otp', nothingAnswer, { query: { number }, anonymous: true });
          setSent(answer.message);
          setNumber(number);
        })}
      >
        <FormAlert message={numberForm.formError} />
        <PhoneField label={t('phoneNumber', 'Phone number')} {...numberForm.field('number')} />
        <SubmitButton busy={numberForm.busy} busyLabel={t('sending', 'Sending…')}>
          {t('sendCode', 'Send code')}
        </SubmitButton>
      </form>
    );
  }
  return (
    <form
      noValidate
      className="space-y-2"
      onSubmit={codeForm.onSubmit(async ({ otp }) => {
        const proof = await call('verify-otp', authIdAnswer, { query: { number, otp }, anonymous: true });
        startSession(await call('user_signup', sessionAnswer, { method: 'POST', body: { type: 1, mobile: number, auth_id: proof.data.auth_id }, anonymous: true }));
        done();
      })}
    >
      <FormAlert message={sent} tone="success" />
      <FormAlert message={codeForm.formError} />
      <Field label={t('code', 'Code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} dir="ltr" {...codeForm.field('otp')} />
      <SubmitButton busy={codeForm.busy} busyLabel={t('checking', 'Checking…')}>
        {t('verifyAndLogin', 'Verify and log in')}
      </SubmitButton>
      <button type="button" onClick={() => setNumber(undefined)} className="text-sm font-medium text-brand-dark underline">
        {t('useAnotherNumber', 'Use another number')}
      </button>
    </form>
  );
}

export default function Login() {
  const t = useT();
  const navigate = useNavigate();
  const [mode, setMode] = useState<'email' | 'phone'>('email');
  // Someone already logged in when they arrive has nothing to do here (a login on this page
  // moves on by itself).
  useEffect(() => {
    if (getSession()) navigate(takeRedirectAfterLogin('/'), { replace: true });
  }, [navigate]);
  const tab = (value: typeof mode, label: string) => (
    <button
      type="button"
      aria-pressed={mode === value}
      onClick={() => setMode(value)}
      className={`flex-1 rounded-md px-3 py-2 text-sm font-medium ${mode === value ? 'bg-white text-brand-dark shadow-sm' : 'text-slate-700 hover:text-slate-900'}`}
    >
      {label}
    </button>
  );
  return (
    <AuthCard title={t('login', 'Log in')} lead={t('loginWelcome', 'Welcome back. Log in to your account.')}>
      <div role="group" aria-label={t('loginWith', 'Log in with')} className="mb-5 flex gap-1 rounded-lg bg-slate-100 p-1">
        {tab('email', t('email', 'E-mail'))}
        {tab('phone', t('phone', 'Phone'))}
      </div>
      {mode === 'email' ? (
        <EmailLogin onUnverified={(email) => navigate(`/signup?verify=${encodeURIComponent(email)}`)} />
      ) : (
        <PhoneLogin />
      )}
      <GoogleButton />
      <p className="mt-6 text-center text-sm text-slate-700">
        {t('noAccount', 'New here?')}{' '}
        <Link to="/signup" className="font-medium text-brand-dark underline">
          {t('createAccount', 'Create an account')}
        </Link>
      </p>
    </AuthCard>
  );
}
