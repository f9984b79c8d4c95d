import { PROFILE_REQUIRED_FIELDS, updateProfileBody, type User } from '@estate/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, useEffect, useId, useRef, useState } from 'react';
import type { Route } from './+types/profile';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { Field, PhoneField, FormAlert, SubmitButton } from '../../components/Form.tsx';
import { RequireUser } from '../../components/RequireUser.tsx';
import { MyPackage } from '../../features/packages/MyPackage.tsx';
import { ProfileVerification } from '../../features/verification/VerificationStatus.tsx';
import { nothingAnswer, userAnswer } from '../../lib/answers.ts';
import { call, RequestError } from '../../lib/client.ts';
import { schemaErrors, useLiveForm } from '../../lib/forms.ts';
import { useT, type Translate } from '../../lib/i18n.ts';
import { pageTitle, siteFromMatches } from '../../lib/meta.ts';
import { updateSessionUser } from '../../lib/session.ts';
import { useSignOut } from '../../lib/sign-out.ts';
import { toast } from '../../lib/toast.ts';

export function meta({ matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  return [{ title: pageTitle(t('myProfile', 'My profile'), site) }, { name: 'robots', content: 'noindex' }];
}

const PROFILE_IMAGE_TYPES = 'image/jpeg,image/png,image/webp';
const PROFILE_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

function requiredLabel(field: string, t: Translate): string {
  const labels: Record<string, string> = {
    name: t('fullName', 'Full name'),
    email: t('email', 'E-mail'),
    mobile: t('mobile', 'Mobile number'),
    profile: t('profileImage', 'Profile image'),
    address: t('address', 'Address'),
  };
  return labels[field] ?? field;
}

const textFields = ['name', 'email', 'mobile', 'address', 'city', 'state', 'country', 'about_me'] as const;
type ProfileValues = Record<(typeof textFields)[number], string>;

const valuesOf = (user: User): ProfileValues =>
  Object.fromEntries(textFields.map((f) => [f, user[f] ?? ''])) as ProfileValues;

function validateProfile(values: ProfileValues) {
  // Blank means "leave as it is" to the API; check only what is filled in.
  return schemaErrors(updateProfileBody, Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== '')));
}

function ProfileImage({ user, file, onFile, error }: { user: User; file: File | null; onFile: (f: File | null, error?: string) => void; error?: string }) {
  const t = useT();
  const id = useId();
  const [preview, setPreview] = useState<string>();
  useEffect(() => {
    if (!file) return setPreview(undefined);
    const url = URL.createObjectURL(file);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [file]);
  const src = preview ?? user.profile ?? undefined;
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    if (chosen && !PROFILE_IMAGE_TYPES.split(',').includes(chosen.type)) return onFile(null, t('imageTypeError', 'Choose a JPEG, PNG or WebP image.'));
    if (chosen && chosen.size > PROFILE_IMAGE_MAX_BYTES) return onFile(null, t('imageSizeError', 'The image must be 5 MB or smaller.'));
    onFile(chosen);
  };
  return (
    <div className="flex items-center gap-4">
      <div className="size-24 shrink-0 overflow-hidden rounded-full bg-slate-200">
        {src ? <img src={src} alt={t('yourProfileImage', 'Your profile image')} width={96} height={96} className="size-24 object-cover" /> : null}
      </div>
      <div>
        <label htmlFor={id} className="mb-1 block text-sm font-medium text-slate-800">
          {t('profileImage', 'Profile image')}
        </label>
        <input
          id={id}
          name="profile"
          type="file"
          accept={PROFILE_IMAGE_TYPES}
          onChange={choose}
          aria-invalid={error ? true : undefined}
          aria-describedby={`${id}-error`}
          className="block w-full text-sm text-slate-700 file:me-3 file:rounded-md file:border-0 file:bg-brand-light file:px-3 file:py-2 file:font-medium file:text-brand-dark"
        />
        <p id={`${id}-error`} aria-live="polite" className="mt-1 min-h-5 text-sm text-red-700">
          {error}
        </p>
      </div>
    </div>
  );
}

function ProfileForm({ user }: { user: User }) {
  const t = useT();
  const queryClient = useQueryClient();
  const form = useLiveForm(valuesOf(user), validateProfile);
  const [file, setFile] = useState<File | null>(null);
  const [fileError, setFileError] = useState<string>();
  const missing = user.missing_profile_fields.filter((f) => (PROFILE_REQUIRED_FIELDS as readonly string[]).includes(f));
  return (
    <form
      noValidate
      className="space-y-4"
      onSubmit={form.onSubmit(async (values) => {
        const body = new FormData();
        for (const [key, value] of Object.entries(values)) if (value.trim() !== '') body.set(key, value.trim());
        if (file) body.set('profile', file);
        try {
          const answer = await call('update_profile', userAnswer, { method: 'POST', body });
          updateSessionUser(answer.data);
          queryClient.setQueryData(['user'], answer.data);
          setFile(null);
          toast(answer.message);
        } catch (error) {
          if (error instanceof RequestError && error.fieldErrors.profile) setFileError(error.fieldErrors.profile);
          throw error;
        }
      })}
    >
      {missing.length ? (
        <div role="note" className="rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-900">
          <p className="font-medium">{t('profileIncomplete', 'Complete your profile to list properties and projects. Still missing:')}</p>
          <ul className="mt-1 list-inside list-disc">
            {missing.map((f) => (
              <li key={f}>{requiredLabel(f, t)}</li>
            ))}
          </ul>
        </div>
      ) : (
        <FormAlert tone="success" message={t('profileComplete', 'Your profile is complete.')} />
      )}
      <FormAlert message={form.formError} />
      <ProfileImage
        user={user}
        file={file}
        error={fileError}
        onFile={(chosen, error) => {
          setFile(chosen);
          setFileError(error);
        }}
      />
      <div className="grid gap-x-4 sm:grid-cols-2">
        <Field label={t('fullName', 'Full name')} autoComplete="name" {...form.field('name')} />
        <Field label={t('email', 'E-mail')} type="email" autoComplete="email" {...form.field('email')} />
        <PhoneField label={t('mobile', 'Mobile number')} {...form.field('mobile')} />
        <Field label={t('address', 'Address')} autoComplete="street-address" {...form.field('address')} />
        <Field label={t('city', 'City')} autoComplete="address-level2" {...form.field('city')} />
        <Field label={t('state', 'State')} autoComplete="address-level1" {...form.field('state')} />
        <Field label={t('country', 'Country')} autoComplete="country-name" {...form.field('country')} />
        <Field label={t('aboutMe', 'About me')} {...form.field('about_me')} />
      </div>
      <div className="sm:w-60">
        <SubmitButton busy={form.busy} busyLabel={t('saving', 'Saving…')}>
          {t('saveProfile', 'Save profile')}
        </SubmitButton>
      </div>
    </form>
  );
}

function DeleteAccount() {
  const t = useT();
  const signOut = useSignOut();
  const dialog = useRef<HTMLDialogElement>(null);
  const remove = useMutation({
    mutationFn: () => call('delete_user', nothingAnswer, { method: 'POST', body: {} }),
    onSuccess: (answer) => signOut(answer.message),
  });
  return (
    <section aria-labelledby="delete-account" className="mt-10 rounded-2xl border border-red-200 bg-white p-6">
      <h2 id="delete-account" className="text-lg font-semibold text-red-800">
        {t('deleteAccount', 'Delete account')}
      </h2>
      <p className="mt-1 text-sm text-slate-700">
        {t('deleteAccountText', 'Your personal data, listings and projects are erased and you are logged out everywhere. This cannot be undone.')}
      </p>
      <button type="button" onClick={() => dialog.current?.showModal()} className="mt-4 rounded-lg border border-red-300 px-4 py-2 text-sm font-medium text-red-800 hover:bg-red-50">
        {t('deleteAccount', 'Delete account')}
      </button>
      <ConfirmDialog
        ref={dialog}
        id="delete-confirm"
        title={t('deleteAccountConfirm', 'Delete your account?')}
        cancelLabel={t('cancel', 'Cancel')}
        confirmLabel={t('deleteForever', 'Delete for good')}
        onConfirm={() => remove.mutate()}
        busy={remove.isPending}
        tone="danger"
      >
        <FormAlert message={remove.error?.message} />
      </ConfirmDialog>
    </section>
  );
}

function Profile() {
  const t = useT();
  const me = useQuery({ queryKey: ['user'], queryFn: async () => (await call('get-user-data', userAnswer)).data });
  useEffect(() => {
    if (me.data) updateSessionUser(me.data);
  }, [me.data]);
  return (
    <div className="mx-auto max-w-3xl">
      <h1 className="text-2xl font-semibold">{t('myProfile', 'My profile')}</h1>
      <div className="mt-6 rounded-2xl border border-slate-200 bg-white p-6">
        {me.data ? (
          <ProfileForm key={me.data.id} user={me.data} />
        ) : me.error ? (
          <FormAlert message={me.error.message} />
        ) : (
          <p role="status" className="text-slate-600">
            {t('loading', 'Loading…')}
          </p>
        )}
      </div>
      {me.data ? <MyPackage /> : null}
      {me.data ? <ProfileVerification /> : null}
      {me.data ? <DeleteAccount /> : null}
    </div>
  );
}

export default function ProfilePage() {
  return <RequireUser>{() => <Profile />}</RequireUser>;
}
