import { adminDone, adminPackage, FEATURE_TYPES, LIMITED_FEATURE_TYPES, type AdminPackage, type FeatureType } from '@estate/core';
import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useId, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { FormAlert, inputClass } from '../../components/Form.tsx';
import { AdminPage } from '../../features/admin/AdminPage.tsx';
import { adminCall } from '../../features/admin/admin-call.ts';
import { durationParts, FEATURE_LABELS } from '../../features/admin/money/format.ts';
import { useAdminMutation } from '../../features/admin/use-admin-mutation.ts';
import { RequestError } from '../../lib/client.ts';
import { localizeMessage, useT } from '../../lib/i18n.ts';
import { useSession } from '../../lib/session.ts';

const packageAnswer = adminDone(adminPackage);

interface FeatureChoice {
  on: boolean;
  limit_type: 'limited' | 'unlimited';
  limit: string;
}

interface Draft {
  name: string;
  package_type: 'free' | 'paid';
  price: string;
  duration: string;
  unit: 'days' | 'hours';
  ios_product_id: string;
  is_active: boolean;
  features: Record<FeatureType, FeatureChoice>;
}

const counted = (f: FeatureType) => (LIMITED_FEATURE_TYPES as readonly string[]).includes(f);

function draftOf(p: AdminPackage | null): Draft {
  const d = durationParts(p?.duration ?? 720);
  const features = Object.fromEntries(
    FEATURE_TYPES.map((f) => {
      const held = p?.features.find((x) => x.name === f);
      return [f, { on: !!held, limit_type: held?.limit_type ?? (counted(f) ? 'limited' : 'unlimited'), limit: held?.limit ? String(held.limit) : '' }];
    }),
  ) as Draft['features'];
  return { name: p?.name ?? '', package_type: p?.package_type ?? 'paid', price: p ? String(p.price) : '', duration: String(d.value), unit: d.unit, ios_product_id: p?.ios_product_id ?? '', is_active: p?.is_active ?? true, features };
}

function Editor({ initial }: { initial: AdminPackage | null }) {
  const t = useT();
  const navigate = useNavigate();
  const ids = useId();
  const [draft, setDraft] = useState<Draft>(() => draftOf(initial));
  const set = <K extends keyof Draft>(key: K, value: Draft[K]) => setDraft((d) => ({ ...d, [key]: value }));
  const setFeature = (f: FeatureType, change: Partial<FeatureChoice>) => setDraft((d) => ({ ...d, features: { ...d.features, [f]: { ...d.features[f], ...change } } }));
  const save = useAdminMutation(
    (body: Record<string, unknown>) => ({ path: initial ? `packages/${initial.id}` : 'packages', json: body }),
    () => t('adminPackageSaved', 'Package saved'),
    packageAnswer,
  );
  const fieldErrors = save.error instanceof RequestError ? save.error.fieldErrors : {};
  const errorOf = (name: string): string | undefined => fieldErrors[name];

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const hours = Math.round(Number(draft.duration) * (draft.unit === 'days' ? 24 : 1));
    const body = {
      name: draft.name,
      package_type: draft.package_type,
      price: draft.package_type === 'free' ? 0 : Number(draft.price),
      duration: Number.isFinite(hours) ? hours : draft.duration,
      ios_product_id: draft.ios_product_id || undefined,
      is_active: draft.is_active ? 1 : 0,
      features: FEATURE_TYPES.filter((f) => draft.features[f].on).map((f) => ({ name: f, limit_type: draft.features[f].limit_type, limit: draft.features[f].limit_type === 'limited' ? Number(draft.features[f].limit) || undefined : undefined })),
    };
    save.mutate(body, { onSuccess: () => void navigate('/admin/packages') });
  };

  const label = 'block text-sm font-medium text-slate-800';
  const err = (name: string) =>
    errorOf(name) ? (
      <p id={`${ids}-${name}-error`} className="mt-1 text-sm text-red-700">
        {localizeMessage(errorOf(name)!, t)}
      </p>
    ) : null;
  const described = (name: string) => (errorOf(name) ? { 'aria-invalid': true, 'aria-describedby': `${ids}-${name}-error` } : {});

  return (
    <form onSubmit={submit} noValidate className="grid max-w-3xl gap-6">
      {save.error && !Object.keys(fieldErrors).length ? <FormAlert message={localizeMessage(save.error.message, t)} /> : null}
      <fieldset className="grid gap-4 rounded-xl border border-slate-200 bg-white p-4 sm:grid-cols-2">
        <legend className="px-1 text-base font-semibold">{t('adminPackageBasics', 'Name and price')}</legend>
        <div className="sm:col-span-2">
          <label htmlFor={`${ids}-name`} className={label}>
            {t('adminPackageName', 'Name')}
          </label>
          <input id={`${ids}-name`} value={draft.name} onChange={(e) => set('name', e.target.value)} className={inputClass} required {...described('name')} />
          {err('name')}
        </div>
        <div>
          <label htmlFor={`${ids}-type`} className={label}>
            {t('adminPackageType', 'Type')}
          </label>
          <select id={`${ids}-type`} value={draft.package_type} onChange={(e) => set('package_type', e.target.value as Draft['package_type'])} className={inputClass}>
            <option value="paid">{t('adminPaid', 'Paid')}</option>
            <option value="free">{t('adminFree', 'Free')}</option>
          </select>
        </div>
        <div>
          <label htmlFor={`${ids}-price`} className={label}>
            {t('adminColPrice', 'Price')}
          </label>
          <input id={`${ids}-price`} inputMode="decimal" value={draft.package_type === 'free' ? '0' : draft.price} disabled={draft.package_type === 'free'} onChange={(e) => set('price', e.target.value)} className={inputClass} {...described('price')} />
          {err('price')}
        </div>
        <div>
          <label htmlFor={`${ids}-duration`} className={label}>
            {t('adminColDuration', 'Duration')}
          </label>
          <div className="flex gap-2">
            <input id={`${ids}-duration`} inputMode="numeric" value={draft.duration} onChange={(e) => set('duration', e.target.value)} className={inputClass} {...described('duration')} />
            <select aria-label={t('adminDurationUnit', 'Unit of the duration')} value={draft.unit} onChange={(e) => set('unit', e.target.value as Draft['unit'])} className={`${inputClass} w-auto`}>
              <option value="days">{t('adminUnitDays', 'days')}</option>
              <option value="hours">{t('adminUnitHours', 'hours')}</option>
            </select>
          </div>
          {err('duration')}
        </div>
        <div>
          <label htmlFor={`${ids}-ios`} className={label}>
            {t('adminIosProduct', 'App Store product id (optional)')}
          </label>
          <input id={`${ids}-ios`} value={draft.ios_product_id} onChange={(e) => set('ios_product_id', e.target.value)} className={inputClass} dir="ltr" />
        </div>
        <label className="flex items-center gap-2 text-sm font-medium sm:col-span-2">
          <input type="checkbox" checked={draft.is_active} onChange={(e) => set('is_active', e.target.checked)} className="size-4" />
          {t('adminOnSaleCheckbox', 'On sale (shown on the plans page)')}
        </label>
      </fieldset>

      <fieldset className="rounded-xl border border-slate-200 bg-white p-4" {...described('features')}>
        <legend className="px-1 text-base font-semibold">{t('adminColFeatures', 'Features')}</legend>
        {err('features')}
        <ul className="mt-2 divide-y divide-slate-100">
          {FEATURE_TYPES.map((f) => {
            const choice = draft.features[f];
            return (
              <li key={f} className="flex flex-wrap items-center gap-3 py-3">
                <label className="flex min-w-52 flex-1 items-center gap-2 text-sm font-medium">
                  <input type="checkbox" checked={choice.on} onChange={(e) => setFeature(f, { on: e.target.checked })} className="size-4" />
                  {t(...FEATURE_LABELS[f])}
                </label>
                {choice.on && counted(f) && (
                  <div className="flex items-center gap-2">
                    <select aria-label={`${t(...FEATURE_LABELS[f])}: ${t('adminLimitKind', 'limit')}`} value={choice.limit_type} onChange={(e) => setFeature(f, { limit_type: e.target.value as FeatureChoice['limit_type'] })} className={`${inputClass} max-w-40`}>
                      <option value="limited">{t('adminLimited', 'Limited to')}</option>
                      <option value="unlimited">{t('adminUnlimited', 'unlimited')}</option>
                    </select>
                    {choice.limit_type === 'limited' && (
                      <input aria-label={`${t(...FEATURE_LABELS[f])}: ${t('adminLimitCount', 'how many')}`} inputMode="numeric" value={choice.limit} onChange={(e) => setFeature(f, { limit: e.target.value })} className={`${inputClass} max-w-24`} />
                    )}
                  </div>
                )}
              </li>
            );
          })}
        </ul>
      </fieldset>

      <div className="flex flex-wrap gap-3">
        <button type="submit" disabled={save.isPending} className="rounded-lg bg-brand px-5 py-2.5 font-semibold text-white hover:bg-brand-dark disabled:opacity-60">
          {save.isPending ? t('saving', 'Saving…') : t('adminSavePackage', 'Save package')}
        </button>
        <Link to="/admin/packages" className="rounded-lg border border-slate-300 px-5 py-2.5 font-medium">
          {t('cancel', 'Cancel')}
        </Link>
      </div>
    </form>
  );
}

/** `/admin/packages/new` and `/admin/packages/:id`: a package's name, price, duration and features. */
export default function AdminPackageEdit() {
  const t = useT();
  const { id } = useParams();
  const session = useSession();
  const isNew = id === undefined || id === 'new';
  const found = useQuery({ queryKey: ['admin', 'package', id, session?.data.id], enabled: !!session && !isNew, queryFn: () => adminCall(`packages/${id}`, packageAnswer) });
  const title = isNew ? t('adminNewPackage', 'New package') : t('adminEditPackage', 'Edit package');
  return (
    <AdminPage title={title} lead={isNew ? t('adminNewPackageLead', 'It goes on sale as soon as it is saved, if marked on sale.') : t('adminEditPackageLead', 'Buyers keep the limits they bought; changes apply to new purchases.')}>
      {isNew ? <Editor initial={null} /> : found.data ? <Editor key={found.data.data.id} initial={found.data.data} /> : found.error ? <FormAlert message={localizeMessage(found.error.message, t)} /> : <p>{t('loading', 'Loading…')}</p>}
    </AdminPage>
  );
}
