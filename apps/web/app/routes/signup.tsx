import { otpField, registerBody } from '@estate/core';
import { useEffect, useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { z } from 'zod';
import type { Route } from './+types/signup';
import { GoogleButton } from '../components/GoogleButton.tsx';
import { AuthCard, Field, PhoneField, FormAlert, SubmitButton } from '../components/Form.tsx';
import { nothingAnswer, sessionAnswer, startSession, userAnswer } from '../lib/answers.ts';
import { call, RequestError, takeRedirectAfterLogin } from '../lib/client.ts';
import { schemaErrors, useLiveForm } from '../lib/forms.ts';
import { useT } from '../lib/i18n.ts';
import { pageTitle, siteFromMatches } from '../lib/meta.ts';

export function meta({ matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  return [{ title: pageTitle(t('signup', 'Sign up'), site) }, { name: 'robots', content: 'noindex' }];
}

const codeStep = z.object({ otp: otpField });

function validateRegistration(values: { name: string; email: string; mobile: string; password: string; re_password: string }) {
  const errors = schemaErrors(registerBody, { ...values, mobile: values.mobile || undefined });
  // The schema compares the passwords only once everything else is valid; say it as soon as it is true.
  if (!errors.re_password && values.re_password && values.password !== values.re_password) errors.re_password = 're_password must match password';
  return errors;
}

function Register({ onRegistered }: { onRegistered: (email: string, message: string) => void }) {
  const t = useT();
  const form = useLiveForm({ name: '', email: '', mobile: '', password: '', re_password: '' }, validateRegistration);
  return (
    <form
      noValidate
      className="space-y-1"
      onSubmit={form.onSubmit(async (values) => {
        const answer = await call('user-register', userAnswer, { method: 'POST', body: values, anonymous: true });
        onRegistered(answer.data.email ?? values.email, answer.message);
      })}
    >
      <FormAlert message={form.formError} />
      <Field label={t('fullName', 'Full name')} autoComplete="name" required {...form.field('name')} />
      <Field label={t('email', 'E-mail')} type="email" autoComplete="email" required {...form.field('email')} />
      <PhoneField label={t('mobileOptional', 'Mobile number (optional)')} {...form.field('mobile')} />
      <Field
        label={t('password', 'Password')}
        type="password"
        autoComplete="new-password"
        required
        hint={t('passwordHint', 'At least 8 characters')}
        {...form.field('password')}
      />
      <Field label={t('confirmPassword', 'Confirm password')} type="password" autoComplete="new-password" required {...form.field('re_password')} />
      <SubmitButton busy={form.busy} busyLabel={t('creatingAccount', 'Creating your account…')}>
        {t('createAccount', 'Create an account')}
      </SubmitButton>
    </form>
  );
}

function VerifyEmail({ email, notice }: { email: string; notice: string | undefined }) {
  const t = useT();
  const navigate = useNavigate();
  const form = useLiveForm({ otp: '' }, (v) => schemaErrors(codeStep, v));
  const [status, setStatus] = useState(notice);
  const [resendError, setResendError] = useState<string>();
  const resend = async () => {
    setResendError(undefined);
    try {
      setStatus((await call('get-otp', nothingAnswer, { query: { email }, anonymous: true })).message);
    } catch (error) {
      setResendError(error instanceof RequestError ? error.message : String(error));
    }
  };
  return (
    <form
      noValidate
      className="space-y-2"
      onSubmit={form.onSubmit(async ({ otp }) => {
        startSession(await call('verify-otp', sessionAnswer, { query: { email, otp }, anonymous: true }));
        // A new account's next step is its profile (spec §5: what is still missing).
        navigate(takeRedirectAfterLogin('/user/profile'), { replace: true });
      })}
    >
      <FormAlert message={status} tone="success" />
      <FormAlert message={form.formError ?? resendError} />
      <p className="text-slate-700">
        {t('codeSentTo', 'Enter the 6-digit code we sent to')} <strong dir="ltr">{email}</strong>
      </p>
      <Field label={t('code', 'Code')} inputMode="numeric" autoComplete="one-time-code" maxLength={6} dir="ltr" {...form.field('otp')} />
      <SubmitButton busy={form.busy} busyLabel={t('checking', 'Checking…')}>
        {t('verifyEmail', 'Verify e-mail')}
      </SubmitButton>
      <button type="button" onClick={resend} className="text-sm font-medium text-brand-dark underline">
        {t('sendNewCode', 'Send a new code')}
      </button>
    </form>
  );
}

export default function Signup() {
  const t = useT();
  const [params] = useSearchParams();
  const askedToVerify = params.get('verify') ?? undefined;
  const [step, setStep] = useState<{ email: string; notice?: string } | undefined>();
  const sentFor = useRef<string>(undefined);

  // Coming from a login refused with "Email is not verified": send a fresh code once.
  useEffect(() => {
    if (!askedToVerify || sentFor.current === askedToVerify) return;
    sentFor.current = askedToVerify;
    setStep({ email: askedToVerify });
    call('get-otp', nothingAnswer, { query: { email: askedToVerify }, anonymous: true })
      .then((answer) => setStep({ email: askedToVerify, notice: answer.message }))
      .catch((error: unknown) => setStep({ email: askedToVerify, notice: error instanceof Error ? error.message : undefined }));
  }, [askedToVerify]);

  return (
    <AuthCard
      title={step ? t('verifyYourEmail', 'Verify your e-mail') : t('signup', 'Sign up')}
      lead={step ? undefined : t('signupWelcome', 'Create a free account: your name, e-mail and a password are all it takes.')}
    >
      {step ? (
        <VerifyEmail key={step.email} email={step.email} notice={step.notice} />
      ) : (
        <>
          <Register onRegistered={(email, message) => setStep({ email, notice: message })} />
          <GoogleButton />
        </>
      )}
      <p className="mt-6 text-center text-sm text-slate-700">
        {t('haveAccount', 'Already have an account?')}{' '}
        <Link to="/login" className="font-medium text-brand-dark underline">
          {t('login', 'Log in')}
        </Link>
      </p>
    </AuthCard>
  );
}
