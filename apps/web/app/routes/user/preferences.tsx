import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import type { Route } from './+types/preferences';
import { FormAlert, SubmitButton } from '../../components/Form.tsx';
import { RequireUser } from '../../components/RequireUser.tsx';
import { useCategories } from '../../features/owner/get-categories.ts';
import { emptyPreferences, preferencesBody, valuesOf, type PreferenceValues } from '../../features/preferences/preferences-form.ts';
import { call, RequestError } from '../../lib/client.ts';
import { useT } from '../../lib/i18n.ts';
import { pageTitle, siteFromMatches } from '../../lib/meta.ts';
import { useSession } from '../../lib/session.ts';
import { toast } from '../../lib/toast.ts';

export function meta({ matches }: Route.MetaArgs) {
  const { site, t } = siteFromMatches(matches);
  return [{ title: pageTitle(t('recommendationPreferences', 'Recommendation preferences'), site) }, { name: 'robots', content: 'noindex' }];
}

const box = 'mt-1 block w-full min-h-11 rounded-lg border border-slate-300 px-3 py-2';

function Chips({ legend, items, chosen, onChange, testId }: { legend: string; items: { id: number; name: string }[]; chosen: number[]; onChange: (ids: number[]) => void; testId: string }) {
  return (
    <fieldset data-testid={testId}>
      <legend className="text-sm font-medium text-slate-800">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {items.map((item) => (
          <label key={item.id} className="inline-flex min-h-11 cursor-pointer items-center gap-2 rounded-full border border-slate-300 px-3 has-checked:border-brand has-checked:bg-brand-light has-checked:text-brand-dark">
            <input
              type="checkbox"
              checked={chosen.includes(item.id)}
              onChange={(e) => onChange(e.target.checked ? [...chosen, item.id] : chosen.filter((id) => id !== item.id))}
              className="size-4 accent-brand"
            />
            <bdi>{item.name}</bdi>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

function Preferences() {
  const t = useT();
  const session = useSession();
  const queryClient = useQueryClient();
  const key = ['preferences', session?.data.id ?? 0];
  const saved = useQuery({
    queryKey: key,
    queryFn: async () => {
      const { preferencesAnswer } = await import('../../features/preferences/answers.ts');
      return (await call('personalised-fields', preferencesAnswer)).data;
    },
  });
  const categories = useCategories();
  const facilities = useQuery({
    queryKey: ['facilities', 'all'],
    queryFn: async () => {
      const { facilitiesAnswer } = await import('../../features/preferences/answers.ts');
      return (await call('get_facilities', facilitiesAnswer, { query: { limit: 100 } })).data;
    },
  });
  const [values, setValues] = useState<PreferenceValues>(emptyPreferences);
  const [problem, setProblem] = useState<string>();
  const [busy, setBusy] = useState(false);
  useEffect(() => {
    if (saved.data !== undefined) setValues(valuesOf(saved.data));
  }, [saved.data]);
  const set = (patch: Partial<PreferenceValues>) => setValues((v) => ({ ...v, ...patch }));

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const built = preferencesBody(values);
    if ('error' in built) {
      setProblem(built.error === 'range' ? t('priceRangeUpsideDown', 'The highest price must not be below the lowest.') : t('priceMustBeNumber', 'Prices must be numbers from 0.'));
      return;
    }
    setBusy(true);
    setProblem(undefined);
    try {
      const { savedPreferencesAnswer } = await import('../../features/preferences/answers.ts');
      const answer = await call('personalised-fields', savedPreferencesAnswer, { method: 'POST', body: built.body });
      queryClient.setQueryData(key, answer.data);
      toast(t('preferencesSaved', 'Your preferences are saved. Recommendations follow them.'));
    } catch (error) {
      if (!(error instanceof RequestError && error.status === 401)) setProblem((error as Error).message);
    } finally {
      setBusy(false);
    }
  };

  const clear = async () => {
    const { removedAnswer } = await import('../../features/preferences/answers.ts');
    await call('personalised-fields', removedAnswer, { method: 'DELETE' });
    queryClient.setQueryData(key, null);
    setValues(emptyPreferences);
    toast(t('preferencesCleared', 'Your preferences are cleared.'));
  };

  return (
    <div className="mx-auto max-w-2xl space-y-6">
      <h1 className="text-3xl font-bold tracking-tight">{t('recommendationPreferences', 'Recommendation preferences')}</h1>
      <p className="text-slate-700">{t('preferencesIntro', 'Tell us what you are looking for; the listings recommended to you follow it, and what you favourite and open.')}</p>
      <form onSubmit={submit} noValidate className="space-y-6 rounded-xl border border-slate-200 bg-white p-4 sm:p-6" data-testid="preferences-form">
        <Chips
          legend={t('categories', 'Categories')}
          testId="preference-categories"
          items={(categories.data ?? []).map((c) => ({ id: c.id, name: c.category }))}
          chosen={values.categoryIds}
          onChange={(categoryIds) => set({ categoryIds })}
        />
        <Chips legend={t('facilities', 'Facilities')} testId="preference-facilities" items={facilities.data ?? []} chosen={values.facilityIds} onChange={(facilityIds) => set({ facilityIds })} />
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t('priceRange', 'Price range')}</legend>
          <div className="mt-1 grid grid-cols-2 gap-3">
            <label className="text-sm">
              {t('minPrice', 'Min price')}
              <input type="number" min={0} inputMode="numeric" value={values.minPrice} onChange={(e) => set({ minPrice: e.target.value })} className={box} />
            </label>
            <label className="text-sm">
              {t('maxPrice', 'Max price')}
              <input type="number" min={0} inputMode="numeric" value={values.maxPrice} onChange={(e) => set({ maxPrice: e.target.value })} className={box} />
            </label>
          </div>
        </fieldset>
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{t('saleOrRent', 'For sale or for rent')}</legend>
          <div className="mt-1 flex gap-6">
            <label className="inline-flex min-h-11 items-center gap-2">
              <input type="checkbox" checked={values.sell} onChange={(e) => set({ sell: e.target.checked })} className="size-4 accent-brand" />
              {t('forSale', 'For sale')}
            </label>
            <label className="inline-flex min-h-11 items-center gap-2">
              <input type="checkbox" checked={values.rent} onChange={(e) => set({ rent: e.target.checked })} className="size-4 accent-brand" />
              {t('forRent', 'For rent')}
            </label>
          </div>
        </fieldset>
        <label className="block text-sm font-medium text-slate-800">
          {t('city', 'City')}
          <input type="text" maxLength={100} autoComplete="address-level2" value={values.city} onChange={(e) => set({ city: e.target.value })} className={`${box} font-normal`} />
        </label>
        <FormAlert message={problem} />
        <SubmitButton busy={busy} busyLabel={t('saving', 'Saving…')}>
          {t('savePreferences', 'Save preferences')}
        </SubmitButton>
        {saved.data ? (
          <button type="button" onClick={clear} className="min-h-11 w-full rounded-lg border border-slate-300 px-4 text-sm font-medium">
            {t('clearPreferences', 'Clear preferences')}
          </button>
        ) : null}
      </form>
    </div>
  );
}

export default function PreferencesPage() {
  return <RequireUser>{() => <Preferences />}</RequireUser>;
}
